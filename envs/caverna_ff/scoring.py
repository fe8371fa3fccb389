"""Final scoring (spec A13 + B12) as numba kernels, with the points of each category so the
renderer and tests can show where a score comes from."""

from __future__ import annotations

from numba import njit

from eurogym.envs.caverna_ff.board import (
    board_cells,
    friendly_orcs,
    furn_id,
    living_dwarfs,
    orc_on,
)
from eurogym.envs.caverna_ff.state import (
    BEGGING,
    CROP,
    CROP_KIND,
    D_ABSENT,
    D_HOSTAGE,
    DWARF,
    MAX_DWARFS,
    O_CAVE,
    ORC_STATE,
    PASTURE,
    RES,
    STABLE,
    TILE,
    TRAP,
    TRAP_ACTIVE,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    BEGGING_POINTS,
    CATTLE,
    CELLS,
    CELLS_ALL,
    DOG,
    F_DOG_HALL,
    F_FAMILY_HALL,
    F_FOOD_CHAMBER,
    F_MAIN_STORAGE,
    F_MILKING,
    F_STATE,
    F_STONE_STORAGE,
    F_TRAP_CHAMBER,
    F_TREASURE_CHAMBER,
    F_WEAPON_STORAGE,
    F_WEAVING,
    FARM_ANIMALS,
    FOREST,
    FURN_IS_DWELLING,
    FURN_IS_YELLOW,
    FURN_POINTS,
    GOLD,
    GRAIN,
    NEIGHBOURS,
    NUM_GOODS,
    NUM_ORCS,
    RUBY,
    SHEEP,
    STONE,
    T_NONE,
    T_ORE_MINE,
    T_RUBY_MINE,
    TRAP_INACTIVE_POINTS,
    VEG,
)
from eurogym.envs.core.jit import ENTRY, INLINE, KERNEL

BREAKDOWN = (
    "animals",
    "missing_types",
    "grain_veg",
    "rubies_gold",
    "dwarfs_orcs",
    "pastures_mines",
    "furnishings",
    "unused_cells",
    "begging",
    "traps",
)
MINE_POINTS = {T_ORE_MINE: 3, T_RUBY_MINE: 4}


@njit(**KERNEL)
def crops_total(buf, p):
    """p's grain and vegetables, in the supply and on the fields (A13)."""
    grain = buf[RES + p * NUM_GOODS + GRAIN]
    veg = buf[RES + p * NUM_GOODS + VEG]
    for c in range(board_cells(buf, p)):
        if buf[CROP_KIND + p * CELLS_ALL + c] == 0:
            grain += buf[CROP + p * CELLS_ALL + c]
        else:
            veg += buf[CROP + p * CELLS_ALL + c]
    return grain, veg


@njit(**INLINE)
def yellow_bonus(buf, p, f, c):
    """Bonus points of a yellow furnishing on cell c (spec A10, B10; caverna_ff_v1's strips
    R5-R7, F13)."""
    r = RES + p * NUM_GOODS
    if f == F_WEAVING:
        return buf[r + SHEEP] // 2
    if f == F_MILKING:
        return buf[r + CATTLE]
    if f == F_DOG_HALL:
        return buf[r + DOG] // 2
    if f == F_STATE:
        n = 0
        for k in range(4):
            m = NEIGHBOURS[c, k]
            if m >= 0 and furn_id(buf, p, m) >= 0 and FURN_IS_DWELLING[furn_id(buf, p, m)]:
                n += 4
        return n
    if f == F_WEAPON_STORAGE:
        n = 0
        for d in range(MAX_DWARFS):
            s = buf[DWARF + p * MAX_DWARFS + d]
            if s != D_ABSENT and s != D_HOSTAGE and buf[WEAPON + p * MAX_DWARFS + d] > 0:
                n += 3
        return n
    if f == F_TRAP_CHAMBER:
        n = 0
        for k in range(CELLS):
            if buf[TRAP + p * CELLS_ALL + k]:
                n += 2
        return n
    if f == F_FAMILY_HALL:
        return 3 * friendly_orcs(buf, p)
    if f == F_TREASURE_CHAMBER:
        return buf[r + RUBY]
    if f == F_STONE_STORAGE:
        return buf[r + STONE]
    if f == F_FOOD_CHAMBER:
        grain, veg = crops_total(buf, p)
        return 2 * min(grain, veg)
    if f == F_MAIN_STORAGE:  # every yellow tile on the board, itself and occupied ones too (D26)
        n = 0
        for k in range(board_cells(buf, p)):
            g = furn_id(buf, p, k)
            if g >= 0 and FURN_IS_YELLOW[g]:
                n += 2
        return n
    return 0


@njit(**KERNEL)
def tile_points(buf, p, c):
    """Points of the tile on mountain cell c (furnishing printed + bonus, or mine value)."""
    t = buf[TILE + p * CELLS_ALL + c]
    if t == T_ORE_MINE:
        return 3
    if t == T_RUBY_MINE:
        return 4
    f = furn_id(buf, p, c)
    if f >= 0:
        return FURN_POINTS[f] + yellow_bonus(buf, p, f, c)
    return 0


@njit(**ENTRY)
def score_breakdown(buf, p, out):
    """out[k] = points of category BREAKDOWN[k] for seat p."""
    for k in range(out.shape[0]):
        out[k] = 0
    r = RES + p * NUM_GOODS
    missing = 0
    for a in FARM_ANIMALS:
        out[0] += buf[r + a]
        if buf[r + a] == 0:
            missing += 1
    out[0] += buf[r + DOG]
    out[1] = -2 * missing
    grain, veg = crops_total(buf, p)
    out[2] = (grain + 1) // 2 + veg
    out[3] = buf[r + RUBY] + buf[r + GOLD]
    out[4] = living_dwarfs(buf, p) + friendly_orcs(buf, p)
    for c in range(board_cells(buf, p)):
        t = buf[TILE + p * CELLS_ALL + c]
        if FOREST[c] == 1:
            pv = buf[PASTURE + p * CELLS_ALL + c]
            if pv == 1:
                out[5] += 2
            elif pv >= 2 and pv - 2 > c:
                out[5] += 4
            unused = buf[STABLE + p * CELLS_ALL + c] == 0 and buf[TRAP + p * CELLS_ALL + c] == 0
            if t == T_NONE and unused and c < CELLS:  # an empty border cell is no space (E23)
                out[7] -= 1
            if buf[TRAP + p * CELLS_ALL + c] and buf[TRAP_ACTIVE + p * CELLS_ALL + c] == 0:
                out[9] += TRAP_INACTIVE_POINTS
        else:
            if t == T_NONE:
                if c < CELLS:
                    out[7] -= 1
            elif not orc_on(buf, p, c):  # an occupied tile scores nothing (B12)
                if t == T_ORE_MINE or t == T_RUBY_MINE:
                    out[5] += tile_points(buf, p, c)
                else:
                    out[6] += tile_points(buf, p, c)
    out[8] = BEGGING_POINTS * buf[BEGGING + p]


@njit(**ENTRY)
def cave_orcs(buf, p):
    """Hostile orcs in p's cave (the tie-break, spec B12)."""
    n = 0
    for o in range(NUM_ORCS):
        if buf[ORC_STATE + p * NUM_ORCS + o] == O_CAVE:
            n += 1
    return n
