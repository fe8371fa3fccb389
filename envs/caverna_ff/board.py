"""Home-board kernels (spec A2-A3, A9, B7, D17, D21, D44): tile legality and placement, animal
housing, rooms. All take the flat state buffer and a seat; offsets come from state.py.

Auto-housing (allowed by the issue; engine decision E1 in docs/caverna_ff.md): after every gain
outside orc events the player's animals are re-placed by a fixed greedy rule - dogs onto the
meadow/pasture where they add the most sheep room (only if there are sheep), then cattle, boars,
sheep, donkeys into dedicated units, then one-type units (pastures, pair dwellings) largest
first, then single-animal spots; what does not fit is converted to food at once. During an orc
event nothing already housed moves: only new animals go into free room (D44, `house_new`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.caverna_ff.stack import OP_HOUSE, push_op_last
from eurogym.envs.caverna_ff.state import (
    ANIMAL_AT,
    CROP,
    CUR_PERSON,
    D_ABSENT,
    D_HOSTAGE,
    DWARF,
    FURN,
    FURN_LEFT_X,
    HOSTAGE_ORC,
    HOUSING_E1,
    HOUSING_KEEP,
    MAX_DWARFS,
    O_CAVE,
    O_FRIENDLY,
    OFFICE_SEAT,
    ORC_CELL,
    ORC_HOSTAGE,
    ORC_STATE,
    P_HOUSING,
    PASTURE,
    RES,
    ST_EVENT,
    ST_WORK,
    STABLE,
    STAGE,
    TILE,
    TRAP,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    BONUS,
    CELLS,
    CELLS_ALL,
    ENTRANCE_CELL,
    ENTRY_DWELLING,
    F_ADDITIONAL,
    F_BREAKFAST,
    F_CUDDLE,
    F_ENTRY,
    F_GUEST_DWELLING,
    F_MIXED,
    F_OFFICE,
    F_ORC_CAPTAIN,
    F_ORC_DWELLING,
    F_ORC_MINER,
    F_ORC_WORKER,
    F_SLAUGHTERING,
    F_STUBBLE,
    FIRST_ANIMAL,
    FOOD,
    FOOD_VALUE,
    FOREST,
    FURN_POINTS,
    FURN_ROOM,
    NEIGHBOURS,
    NUM_ANIMALS,
    NUM_GOODS,
    NUM_ORCS,
    NUM_TWIN,
    NUM_TWIN_ALL,
    T_DEEP,
    T_FIELD,
    T_MEADOW,
    T_NONE,
    T_ORE_MINE,
    T_RUBY_MINE,
    T_TUNNEL,
    TW_LARGE_PASTURE,
    TW_ORE_MINE,
    TWIN_ALL_CELLS,
    TWIN_HALVES,
)
from eurogym.envs.core.jit import INLINE, KERNEL

A_SHEEP, A_BOAR, A_CATTLE, A_DONKEY, A_DOG = range(5)


@njit(**KERNEL)
def board_cells(buf, p):
    """How many cells p's board loops visit: the printed 24, or with the Office Room (only
    caverna_ff_v1 deals it, E23) also its 20 border cells, so no other board pays for them.
    A plain kernel (LLVM inlines it): as INLINE numba would type it once per call site."""
    if buf.shape[0] > OFFICE_SEAT and buf[OFFICE_SEAT] == p + 1:
        return CELLS_ALL
    return CELLS


@njit(**KERNEL)
def has_furn(buf, p, f):
    """Does p have furnishing f, not occupied by an orc (an occupied tile has no effect, B8)?
    caverna_ff_v0 deals none of v1's further tiles: answered without a look (speed)."""
    if f > F_ENTRY and buf.shape[0] <= FURN_LEFT_X:
        return False
    for c in range(CELLS):  # a fixed count first (the hot case; speed), then the border
        if buf[FURN + p * CELLS_ALL + c] == f + 1 and not orc_on(buf, p, c):
            return True
    for c in range(CELLS, board_cells(buf, p)):
        if buf[FURN + p * CELLS_ALL + c] == f + 1:
            return True  # no orc ever occupies a border cell (E23)
    return False


@njit(**KERNEL)
def furn_built(buf, p, f):
    """Has p built furnishing f, occupied by an orc or not?"""
    for c in range(CELLS):  # as has_furn
        if buf[FURN + p * CELLS_ALL + c] == f + 1:
            return True
    for c in range(CELLS, board_cells(buf, p)):
        if buf[FURN + p * CELLS_ALL + c] == f + 1:
            return True
    return False


@njit(**KERNEL)
def orc_on(buf, p, c):
    """Is mountain cell c occupied by one of p's hostile orcs (spec B8)?"""
    for o in range(NUM_ORCS):
        if buf[ORC_STATE + p * NUM_ORCS + o] == O_CAVE and buf[ORC_CELL + p * NUM_ORCS + o] == c:
            return True
    return False


@njit(**INLINE)
def orc_in_forest_cell(buf, p, c):
    for o in range(NUM_ORCS):
        s = buf[ORC_STATE + p * NUM_ORCS + o]
        if (s == 1 or s == 2) and buf[ORC_CELL + p * NUM_ORCS + o] == c:
            return True
    return False


@njit(**KERNEL)
def touches(buf, p, c, forest):
    """May a tile on cell c lie there by adjacency? It must touch an existing tile of its side
    (E and C count as mountain tiles) or, in the forest, a trap (seed p.5 'you may place
    future tiles adjacent to the trap', B7) or the cave entrance: a forest tile covering (3,2)
    is always adjacent to it (D01, which makes it the first forest tile unless a trap came
    first)."""
    if forest == 1 and c == ENTRANCE_CELL:
        return True
    for k in range(4):
        n = NEIGHBOURS[c, k]
        if n < 0 or FOREST[n] != forest:
            continue
        if buf[TILE + p * CELLS_ALL + n] != T_NONE or (
            forest == 1 and buf[TRAP + p * CELLS_ALL + n]
        ):
            return True
    return False


@njit(**INLINE)
def free_cell(buf, p, c):
    """Uncovered: no tile and (forest) no trap on it. A stable does not block a meadow (E11);
    the callers keep fields off stables."""
    if buf[TILE + p * CELLS_ALL + c] != T_NONE:
        return False
    if FOREST[c] == 1 and buf[TRAP + p * CELLS_ALL + c]:
        return False
    return True


@njit(**KERNEL)
def single_ok(buf, p, tile, c):
    """May a single tile `tile` go on cell c (spec A3)?"""
    if tile == T_RUBY_MINE:
        t = buf[TILE + p * CELLS_ALL + c]
        # a tunnel furnished through the Work Room stays furnished (A3: nothing is built over)
        return (
            (t == T_TUNNEL or t == T_DEEP)
            and buf[FURN + p * CELLS_ALL + c] == 0
            and not orc_on(buf, p, c)
        )
    if c >= CELLS:
        return False  # a single tile never lies on the border (E23)
    forest = 1 if tile == T_MEADOW or tile == T_FIELD else 0
    if FOREST[c] != forest or buf[TILE + p * CELLS_ALL + c] != T_NONE:
        return False
    if forest == 1:
        if buf[TRAP + p * CELLS_ALL + c]:
            return False
        if tile == T_FIELD and buf[STABLE + p * CELLS_ALL + c]:
            return False  # a meadow may go under a stable, a field may not (E11)
    return touches(buf, p, c, forest)


@njit(**KERNEL)
def twin_count(buf, p):
    """How many twin placements p's board has: the printed ones, and with the Office Room the
    overhanging ones (tables.TWIN_ALL_CELLS, E23)."""
    return NUM_TWIN_ALL if board_cells(buf, p) == CELLS_ALL else NUM_TWIN


@njit(**KERNEL)
def twin_ok(buf, p, kind, i):
    """May twin tile `kind` go at placement i (tables.TWIN_ALL_CELLS)? An overhanging one
    (i >= NUM_TWIN) needs the Office Room in effect (no orc on it) for a new tile (E23); a
    large pasture or an ore mine there lies on tiles already overhanging."""
    a = TWIN_ALL_CELLS[i, 0]
    b = TWIN_ALL_CELLS[i, 1]
    if a < 0:
        return False
    if i >= NUM_TWIN and kind != TW_LARGE_PASTURE and not has_furn(buf, p, F_OFFICE):
        return False
    if kind == TW_ORE_MINE:
        return (
            buf[TILE + p * CELLS_ALL + a] == T_TUNNEL
            and buf[TILE + p * CELLS_ALL + b] == T_TUNNEL
            and buf[FURN + p * CELLS_ALL + a] == 0
            and buf[FURN + p * CELLS_ALL + b] == 0
            and not orc_on(buf, p, a)
            and not orc_on(buf, p, b)
        )
    if kind == TW_LARGE_PASTURE:
        return a < b and meadow_unfenced(buf, p, a) and meadow_unfenced(buf, p, b)
    halves_a = TWIN_HALVES[kind, 0]
    halves_b = TWIN_HALVES[kind, 1]
    if halves_a == halves_b and a > b:
        return False  # identical halves: one index per position
    forest = 1 if halves_a == T_MEADOW else 0
    if FOREST[a] != forest:
        return False
    for c in (a, b):
        if not free_cell(buf, p, c):
            return False
    if halves_b == T_FIELD and buf[STABLE + p * CELLS_ALL + b]:
        return False  # the meadow half may cover a stable, the field half may not (E11)
    return touches(buf, p, a, forest) or touches(buf, p, b, forest)


@njit(**KERNEL)
def meadow_unfenced(buf, p, c):
    return (
        buf[TILE + p * CELLS_ALL + c] == T_MEADOW
        and buf[PASTURE + p * CELLS_ALL + c] == 0
        and buf[TRAP + p * CELLS_ALL + c] == 0
    )


@njit(**KERNEL)
def cover(buf, p, c, tile):
    """Put `tile` on cell c; the bonus symbol pays when the cell is first covered (spec A2)."""
    first = buf[TILE + p * CELLS_ALL + c] == T_NONE and buf[TRAP + p * CELLS_ALL + c] == 0
    buf[TILE + p * CELLS_ALL + c] = tile
    if first:
        gain_bonus(buf, p, c)


@njit(**KERNEL)
def gain_bonus(buf, p, c):
    for g in range(NUM_GOODS):
        buf[RES + p * NUM_GOODS + g] += BONUS[c, g]


@njit(**INLINE)
def place_twin(buf, p, kind, i):
    a = TWIN_ALL_CELLS[i, 0]
    b = TWIN_ALL_CELLS[i, 1]
    if kind == TW_LARGE_PASTURE:
        buf[PASTURE + p * CELLS_ALL + a] = 2 + b
        buf[PASTURE + p * CELLS_ALL + b] = 2 + a
        return
    cover(buf, p, a, TWIN_HALVES[kind, 0])
    cover(buf, p, b, TWIN_HALVES[kind, 1])


@njit(**KERNEL)
def stable_ok(buf, p, c):
    """A stable on an uncovered forest cell, a meadow or a pasture; never a field (spec A3)."""
    if FOREST[c] == 0 or buf[STABLE + p * CELLS_ALL + c] or buf[TRAP + p * CELLS_ALL + c]:
        return False
    t = buf[TILE + p * CELLS_ALL + c]
    if t == T_FIELD or (t == T_NONE and c >= CELLS):
        return False  # no stable on a field (A3) nor on an empty border cell, no space (E23)
    n = 0
    for k in range(board_cells(buf, p)):
        n += buf[STABLE + p * CELLS_ALL + k]
    return n < 3


@njit(**KERNEL)
def trap_cell_ok(buf, p, c):
    """D17: an uncovered forest cell or a meadow with no fence, stable, animal or orc."""
    if c >= CELLS:
        return False  # no orc ever walks the border (E23): no trap there
    if FOREST[c] == 0 or buf[TRAP + p * CELLS_ALL + c] or buf[STABLE + p * CELLS_ALL + c]:
        return False
    t = buf[TILE + p * CELLS_ALL + c]
    if t != T_NONE and not (t == T_MEADOW and buf[PASTURE + p * CELLS_ALL + c] == 0):
        return False
    for a in range(NUM_ANIMALS):
        if buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + a]:
            return False
    return not orc_in_forest_cell(buf, p, c)


@njit(**KERNEL)
def living_dwarfs(buf, p):
    n = 0
    for d in range(MAX_DWARFS):
        s = buf[DWARF + p * MAX_DWARFS + d]
        if s != D_ABSENT and s != D_HOSTAGE:
            n += 1
    return n


@njit(**KERNEL)
def dwarf_tokens(buf, p):
    n = 0
    for d in range(MAX_DWARFS):
        if buf[DWARF + p * MAX_DWARFS + d] != D_ABSENT:
            n += 1
    return n


@njit(**KERNEL)
def furn_id(buf, p, c):
    return buf[FURN + p * CELLS_ALL + c] - 1


@njit(**KERNEL)
def dwarf_room(buf, p):
    """Rooms for dwarfs in furnishings no orc occupies (spec A7, D22); the Additional
    Dwelling's only once there is a 6th dwarf to live in it (F6); the Guest Dwelling's only
    while no friendly orc lives in it (F20)."""
    n = 0
    guest = guest_orc(buf, p)
    for c in range(board_cells(buf, p)):
        f = furn_id(buf, p, c)
        if f >= 0 and not orc_on(buf, p, c) and c != guest:
            if f != F_ADDITIONAL or dwarf_tokens(buf, p) == 6:
                n += FURN_ROOM[f]
    return n


@njit(**KERNEL)
def guest_cell(buf, p):
    """The cell of p's Guest Dwelling (caverna_ff_v1, F20) if no hostile orc occupies it, -1."""
    for c in range(board_cells(buf, p)):
        if furn_id(buf, p, c) == F_GUEST_DWELLING and not orc_on(buf, p, c):
            return c
    return -1


@njit(**KERNEL)
def guest_fits_orc(buf, p, orcs):
    """May `orcs` friendly orcs have the Guest Dwelling (F20) as their last room? More of them
    than orc rooms no hostile orc occupies, and the living dwarfs fit in the other dwarf rooms
    (its occupant is swapped whenever that changes, D42)."""
    g = guest_cell(buf, p)
    if g < 0:
        return False
    rooms = 0
    dwarfs = 0
    for c in range(board_cells(buf, p)):
        f = furn_id(buf, p, c)
        if f >= 0 and not orc_on(buf, p, c) and c != g:
            if orc_room_at(buf, p, c, 1) or orc_room_at(buf, p, c, 0):
                rooms += 1
            elif f != F_ADDITIONAL or dwarf_tokens(buf, p) == 6:
                dwarfs += FURN_ROOM[f]
    return orcs > rooms and dwarfs >= living_dwarfs(buf, p)


@njit(**KERNEL)
def guest_orc(buf, p):
    """The Guest Dwelling's cell when a friendly orc lives in it (`guest_fits_orc` for p's
    friendly orcs), else -1 (then it is a dwarf room)."""
    orcs = 0
    for o in range(NUM_ORCS):
        if buf[ORC_STATE + p * NUM_ORCS + o] == O_FRIENDLY:
            orcs += 1
    if orcs > 0 and guest_fits_orc(buf, p, orcs):
        return guest_cell(buf, p)
    return -1


@njit(**KERNEL)
def can_grow(buf, p):
    """Family growth (A7) needs a free room and fewer than 5 dwarfs; with the Additional
    Dwelling (F6) a 6th, into its room (which `dwarf_room` counts only from then on)."""
    if buf[STAGE] == ST_WORK and buf[CUR_PERSON] >= HOSTAGE_ORC:
        return False  # the Orc Worker Dwelling's orc acting: every action but growth (F21)
    n = dwarf_tokens(buf, p)
    if n == 5 and has_furn(buf, p, F_ADDITIONAL):
        return living_dwarfs(buf, p) < dwarf_room(buf, p) + 1
    return n < 5 and living_dwarfs(buf, p) < dwarf_room(buf, p)


@njit(**KERNEL)
def dwarf_homes(buf, p, home):
    """D21: rooms sorted by printed points then cell (D21's build order is not recorded in the
    state, E15), dwarfs by strength descending (then index), filled in that order.
    home[d] = cell or -1."""
    for d in range(MAX_DWARFS):
        home[d] = -1
    done = np.zeros(MAX_DWARFS, np.int64)
    guest = guest_orc(buf, p)  # a friendly orc lives there (F20)
    for pts in range(16):
        for c in range(board_cells(buf, p)):
            f = furn_id(buf, p, c)
            if f < 0 or FURN_POINTS[f] != pts or FURN_ROOM[f] == 0 or orc_on(buf, p, c):
                continue
            if c == guest:
                continue
            if f == F_ADDITIONAL and dwarf_tokens(buf, p) < 6:
                continue  # its room is the 6th dwarf's only (F6)
            for _ in range(FURN_ROOM[f]):
                best = -1
                for d in range(MAX_DWARFS):
                    s = buf[DWARF + p * MAX_DWARFS + d]
                    if s == D_ABSENT or s == D_HOSTAGE or done[d]:
                        continue
                    if (
                        best < 0
                        or buf[WEAPON + p * MAX_DWARFS + d] > buf[WEAPON + p * MAX_DWARFS + best]
                    ):
                        best = d
                if best >= 0:
                    done[best] = 1
                    home[best] = c


@njit(**KERNEL)
def orc_homes(buf, p, home):
    """Friendly orcs (letter order) live in orc rooms in cell order, caverna_ff_v1's Orc Worker
    Dwelling (F21) first, then the Orc Miner and Orc Captain Dwellings (F18, F19), since their
    orcs do more for the player than an Orc Dwelling's. home[o] = cell or -1."""
    used = np.zeros(CELLS_ALL, np.int64)
    for o in range(NUM_ORCS):
        home[o] = -1
        if buf[ORC_STATE + p * NUM_ORCS + o] != O_FRIENDLY:
            continue
        for special in (2, 1, 0):
            for c in range(board_cells(buf, p)):
                if orc_room_at(buf, p, c, special) and not used[c]:
                    used[c] = 1
                    home[o] = c
                    break
            if home[o] >= 0:
                break
        guest = guest_orc(buf, p)  # the last orc without a room may live there (F20)
        if home[o] < 0 and guest >= 0 and not used[guest]:
            used[guest] = 1
            home[o] = guest


@njit(**KERNEL)
def orc_room_at(buf, p, c, special):
    """Is there an orc room on cell c: special 2 an Orc Worker Dwelling, 1 an Orc Miner or Orc
    Captain Dwelling, 0 an Orc Dwelling?"""
    f = furn_id(buf, p, c)
    if special == 2:
        return f == F_ORC_WORKER
    if special == 1:
        return f == F_ORC_MINER or f == F_ORC_CAPTAIN
    return f == F_ORC_DWELLING


@njit(**KERNEL)
def free_orc_room(buf, p):
    """An orc room with no friendly orc and no invader (spec B9), or -1."""
    home = np.zeros(NUM_ORCS, np.int64)
    orc_homes(buf, p, home)
    for c in range(board_cells(buf, p)):
        f = furn_id(buf, p, c)
        special = f == F_ORC_MINER or f == F_ORC_CAPTAIN or f == F_ORC_WORKER
        if (f != F_ORC_DWELLING and not special) or orc_on(buf, p, c):
            continue
        taken = False
        for o in range(NUM_ORCS):
            if home[o] == c:
                taken = True
        if not taken:
            return c
    orcs = 1  # the orc moving in
    for o in range(NUM_ORCS):
        if buf[ORC_STATE + p * NUM_ORCS + o] == O_FRIENDLY:
            orcs += 1
    if guest_orc(buf, p) < 0 and guest_fits_orc(buf, p, orcs):  # F20: if the dwarfs fit
        return guest_cell(buf, p)
    return -1


@njit(**KERNEL)
def is_hostage_orc(buf, p, o):
    for q in range(NUM_ORCS):
        if (
            buf[ORC_STATE + p * NUM_ORCS + q] == O_CAVE
            and buf[ORC_HOSTAGE + p * NUM_ORCS + q] == 10 + o
        ):
            return True
    return False


@njit(**KERNEL)
def friendly_orcs(buf, p):
    n = 0
    for o in range(NUM_ORCS):
        if buf[ORC_STATE + p * NUM_ORCS + o] == O_FRIENDLY and not is_hostage_orc(buf, p, o):
            n += 1
    return n


# ---- animals -------------------------------------------------------------------------------

MAX_UNITS = CELLS_ALL  # at most one unit per cell


@njit(**KERNEL)
def pasture_partner(buf, p, c):
    v = buf[PASTURE + p * CELLS_ALL + c]
    return v - 2 if v >= 2 else -1


@njit(**KERNEL)
def housing_units(buf, p, u_cell, u_cap, u_allow, u_one, u_meadow):
    """p's housing units (spec A9) before dogs: the cell animals are recorded on, capacity,
    allowed types (bit per farm type), one-type flag, and whether dogs may stand there (meadow
    or pasture). A large pasture is one unit recorded on its lower cell. Returns the count."""
    n = 0
    for c in range(board_cells(buf, p)):
        t = buf[TILE + p * CELLS_ALL + c]
        st = buf[STABLE + p * CELLS_ALL + c]
        if FOREST[c] == 1:
            partner = pasture_partner(buf, p, c)
            if buf[PASTURE + p * CELLS_ALL + c] == 1:
                u_cell[n], u_cap[n], u_allow[n], u_one[n], u_meadow[n] = c, 2 << st, 15, 1, 1
                n += 1
            elif partner >= 0:
                if partner > c:
                    s2 = st + buf[STABLE + p * CELLS_ALL + partner]
                    u_cell[n], u_cap[n], u_allow[n], u_one[n], u_meadow[n] = c, 4 << s2, 15, 1, 1
                    n += 1
            elif t == T_MEADOW and buf[TRAP + p * CELLS_ALL + c] == 0:
                u_cell[n], u_cap[n], u_allow[n], u_meadow[n] = c, st, 15, 1
                n += 1
            elif t == T_NONE and st:
                u_cell[n], u_cap[n], u_allow[n] = c, 1, 1 << A_BOAR
                n += 1
            elif (
                t == T_FIELD and buf[CROP + p * CELLS_ALL + c] == 0 and has_furn(buf, p, F_STUBBLE)
            ):
                u_cell[n], u_cap[n], u_allow[n] = c, 1, 15
                n += 1
        elif not orc_on(buf, p, c):
            f = furn_id(buf, p, c)
            if t == T_ORE_MINE or t == T_RUBY_MINE:
                u_cell[n], u_cap[n], u_allow[n] = c, 1, 1 << A_DONKEY
                n += 1
            elif f == F_ENTRY or f == F_MIXED:
                u_cell[n], u_cap[n], u_allow[n], u_one[n] = c, 2, 15, 1
                n += 1
            elif f == F_BREAKFAST:
                u_cell[n], u_cap[n], u_allow[n] = c, 3, 1 << A_CATTLE
                n += 1
            elif f == F_CUDDLE:
                u_cell[n], u_cap[n], u_allow[n] = c, living_dwarfs(buf, p), 1 << A_SHEEP
                n += 1
    return n


@njit(**KERNEL)
def dog_rule(u_cap, u_allow, u_one, u, dogs):
    """D05: d >= 1 dogs on a meadow or pasture make it hold up to d + 1 sheep and nothing else."""
    u_cap[u], u_allow[u], u_one[u] = dogs + 1, 1 << A_SHEEP, 1


@njit(**KERNEL)
def housing(buf):
    """The housing rule (state.HOUSING_*): caverna_ff_v1's p_housing; a v0 buffer ends before
    that field and keeps the E1 rule."""
    return buf[P_HOUSING] if buf.shape[0] > P_HOUSING else HOUSING_E1


@njit(**KERNEL)
def rehouse(buf, p):
    """House p's animals after a change. caverna_ff_v0 (HOUSING_E1): outside an orc event every
    animal is re-placed (E1, `rearrange`); during one, animals cannot be moved (seed p.11 'you
    cannot move your animals during an orc event', D44), so only newly gained animals are
    housed (`house_new`). caverna_ff_v1: `settle`."""
    if housing(buf) != HOUSING_E1:
        settle(buf, p)
    elif buf[STAGE] == ST_EVENT:
        house_new(buf, p)
    else:
        rearrange(buf, p)


@njit(**INLINE)
def settle(buf, p):
    """caverna_ff_v1 (E17): no housed animal moves. Animals the supply no longer has leave their
    cells; animals whose spot stopped holding them (a sown Stubble Room field, a Cuddle Room
    that lost a dwarf, a tile an orc occupies: `eat_animals_at`) are taken out, also during an
    orc event, where they may only go into free room (D23 "re-housed or converted"; housed
    animals stay frozen, D44). New and taken-out animals are unhoused: the player houses them
    (OP_HOUSE, after the rest of the current action), or with auto_housing (HOUSING_KEEP) they
    go into free room in the E1 order, new dogs to the dogs already out, the rest converted."""
    left = np.zeros(NUM_ANIMALS, np.int64)
    trim_to_supply(buf, p, left)
    u_cell = np.zeros(MAX_UNITS, np.int64)
    u_cap = np.zeros(MAX_UNITS, np.int64)
    u_allow = np.zeros(MAX_UNITS, np.int64)
    u_one = np.zeros(MAX_UNITS, np.int64)
    u_type = np.full(MAX_UNITS, -1, np.int64)
    n = current_units(buf, p, u_cell, u_cap, u_allow, u_one, u_type)
    misplaced(buf, p, n, u_cell, u_cap, u_allow, u_one, 2)
    if housing(buf) == HOUSING_KEEP:
        for a in range(NUM_ANIMALS):
            left[a] = unhoused(buf, p, a)
        dogs_join(buf, p, left)
        u_type[:] = -1
        n = current_units(buf, p, u_cell, u_cap, u_allow, u_one, u_type)
        place_animals(buf, p, left, n, u_cell, u_cap, u_allow, u_one, u_type)
    elif unhoused_total(buf, p) > 0:
        push_op_last(buf, OP_HOUSE, 0, p)


@njit(**INLINE)
def trim_to_supply(buf, p, left):
    """Animals the supply no longer has (paid or converted) leave their cells, the last cells
    first; left[a] = p's animals of type a then on no cell."""
    base = ANIMAL_AT + p * CELLS_ALL * NUM_ANIMALS
    for a in range(NUM_ANIMALS):
        left[a] = buf[RES + p * NUM_GOODS + FIRST_ANIMAL + a]
        for c in range(board_cells(buf, p)):
            k = min(left[a], buf[base + c * NUM_ANIMALS + a])
            buf[base + c * NUM_ANIMALS + a] = k
            left[a] -= k


@njit(**INLINE)
def dogs_join(buf, p, left):
    """left[A_DOG] new dogs join the dogs already out (the last cell holding some), else the
    entry dwelling (with the dwarfs)."""
    if left[A_DOG] > 0:
        base = ANIMAL_AT + p * CELLS_ALL * NUM_ANIMALS
        dog_cell = ENTRY_DWELLING
        for c in range(board_cells(buf, p)):
            if buf[base + c * NUM_ANIMALS + A_DOG] > 0:
                dog_cell = c
        buf[base + dog_cell * NUM_ANIMALS + A_DOG] += left[A_DOG]
        left[A_DOG] = 0


@njit(**KERNEL)
def unhoused(buf, p, a):
    """p's animals of type a in the supply but on no cell (caverna_ff_v1: waiting for housing)."""
    k = buf[RES + p * NUM_GOODS + FIRST_ANIMAL + a]
    for c in range(board_cells(buf, p)):
        k -= buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + a]
    return k


@njit(**INLINE)
def unhoused_total(buf, p):
    k = 0
    for a in range(NUM_ANIMALS):
        k += unhoused(buf, p, a)
    return k


@njit(**KERNEL)
def rearrange(buf, p):
    """Re-place all of p's animals (engine decision E1), writing animal_at; animals that do not
    fit are converted to food (Slaughtering Cave +1 each). Not during orc events (D44)."""
    base = ANIMAL_AT + p * CELLS_ALL * NUM_ANIMALS
    for i in range(board_cells(buf, p) * NUM_ANIMALS):
        buf[base + i] = 0
    count = np.zeros(NUM_ANIMALS, np.int64)
    for a in range(NUM_ANIMALS):
        count[a] = buf[RES + p * NUM_GOODS + FIRST_ANIMAL + a]
    u_cell = np.zeros(MAX_UNITS, np.int64)
    u_cap = np.zeros(MAX_UNITS, np.int64)
    u_allow = np.zeros(MAX_UNITS, np.int64)
    u_one = np.zeros(MAX_UNITS, np.int64)
    u_type = np.full(MAX_UNITS, -1, np.int64)
    u_meadow = np.zeros(MAX_UNITS, np.int64)
    n = housing_units(buf, p, u_cell, u_cap, u_allow, u_one, u_meadow)
    # dogs (D05): all on the one meadow/pasture where d + 1 sheep beats its normal room most
    dogs = count[A_DOG]
    dog_cell = ENTRY_DWELLING
    if dogs > 0 and count[A_SHEEP] > 0:
        best, gain = -1, 0
        for u in range(n):
            if u_meadow[u] and dogs + 1 - u_cap[u] > gain:
                best, gain = u, dogs + 1 - u_cap[u]
        if best >= 0:
            dog_rule(u_cap, u_allow, u_one, best, dogs)
            dog_cell = u_cell[best]
    buf[base + dog_cell * NUM_ANIMALS + A_DOG] = dogs
    place_animals(buf, p, count, n, u_cell, u_cap, u_allow, u_one, u_type)


@njit(**KERNEL)
def current_units(buf, p, u_cell, u_cap, u_allow, u_one, u_type):
    """The housing units as the animals now stand: the dog rule where dogs are, and the type a
    one-type unit already holds. Returns the unit count."""
    base = ANIMAL_AT + p * CELLS_ALL * NUM_ANIMALS
    u_meadow = np.zeros(MAX_UNITS, np.int64)
    n = housing_units(buf, p, u_cell, u_cap, u_allow, u_one, u_meadow)
    for u in range(n):
        dogs = buf[base + u_cell[u] * NUM_ANIMALS + A_DOG]
        if u_meadow[u] and dogs > 0:
            dog_rule(u_cap, u_allow, u_one, u, dogs)
        for a in range(4):
            if buf[base + u_cell[u] * NUM_ANIMALS + a] > 0:
                u_type[u] = a
    return n


@njit(**KERNEL)
def misplaced(buf, p, n, u_cell, u_cap, u_allow, u_one, convert):
    """Farm animals standing where no unit holds them: on a cell without a unit, of a type the
    unit does not take, a second type in a one-type unit, or over its capacity. Returns their
    number; with `convert` 1 they are converted to food (spec A9 'converted at once'), with 2
    taken off the board (unhoused, caverna_ff_v1)."""
    base = ANIMAL_AT + p * CELLS_ALL * NUM_ANIMALS
    bad = 0
    for c in range(board_cells(buf, p)):
        u = -1
        for k in range(n):
            if u_cell[k] == c:
                u = k
        room = u_cap[u] if u >= 0 else 0
        first = -1
        for a in (A_CATTLE, A_BOAR, A_SHEEP, A_DONKEY):
            k = buf[base + c * NUM_ANIMALS + a]
            if k == 0:
                continue
            ok = 0
            if u >= 0 and u_allow[u] & (1 << a) and (not u_one[u] or first < 0 or first == a):
                ok = min(k, room)
            if first < 0:
                first = a
            room -= ok
            bad += k - ok
            if convert and k > ok:
                if convert == 1:
                    eat(buf, p, a, k - ok)
                buf[base + c * NUM_ANIMALS + a] = ok
    return bad


@njit(**INLINE)
def housing_ok(buf, p):
    """Every farm animal of p stands in a unit that may hold it, within capacity (A9, D05)."""
    u_cell = np.zeros(MAX_UNITS, np.int64)
    u_cap = np.zeros(MAX_UNITS, np.int64)
    u_allow = np.zeros(MAX_UNITS, np.int64)
    u_one = np.zeros(MAX_UNITS, np.int64)
    u_type = np.full(MAX_UNITS, -1, np.int64)
    n = current_units(buf, p, u_cell, u_cap, u_allow, u_one, u_type)
    return misplaced(buf, p, n, u_cell, u_cap, u_allow, u_one, 0) == 0


@njit(**INLINE)
def house_new(buf, p):
    """During an orc event (D44): animals already on the board stay where they are. Animals the
    supply no longer has (paid or converted) leave their cells, animals whose spot stopped
    holding them (a sown Stubble Room field, a Cuddle Room that lost a dwarf) are converted,
    new dogs join the dogs already out (else the entry dwelling), and new farm animals go into
    free room in the E1 order; what does not fit is converted to food at once."""
    left = np.zeros(NUM_ANIMALS, np.int64)
    trim_to_supply(buf, p, left)
    dogs_join(buf, p, left)
    u_cell = np.zeros(MAX_UNITS, np.int64)
    u_cap = np.zeros(MAX_UNITS, np.int64)
    u_allow = np.zeros(MAX_UNITS, np.int64)
    u_one = np.zeros(MAX_UNITS, np.int64)
    u_type = np.full(MAX_UNITS, -1, np.int64)
    n = current_units(buf, p, u_cell, u_cap, u_allow, u_one, u_type)
    misplaced(buf, p, n, u_cell, u_cap, u_allow, u_one, 1)
    place_animals(buf, p, left, n, u_cell, u_cap, u_allow, u_one, u_type)


@njit(**KERNEL)
def place_animals(buf, p, left, n, u_cell, u_cap, u_allow, u_one, u_type):
    """Put `left[a]` more farm animals into free room without moving any already housed (E1
    order: cattle, boars, sheep, donkeys; dedicated units, one-type units largest free first,
    then single spots taking any type); the rest is converted to food at once (spec A9)."""
    base = ANIMAL_AT + p * CELLS_ALL * NUM_ANIMALS
    for a in (A_CATTLE, A_BOAR, A_SHEEP, A_DONKEY):
        bit = 1 << a
        for u in range(n):
            if u_allow[u] == bit and left[a] > 0:
                k = min(left[a], u_cap[u] - used(buf, base, u_cell[u]))
                put(buf, base, u_cell[u], a, k)
                left[a] -= k
        while left[a] > 0:
            best = -1
            for u in range(n):
                if u_one[u] and u_allow[u] & bit and (u_type[u] == -1 or u_type[u] == a):
                    free = u_cap[u] - used(buf, base, u_cell[u])
                    if free > 0 and (
                        best < 0 or free > u_cap[best] - used(buf, base, u_cell[best])
                    ):
                        best = u
            if best < 0:
                break
            k = min(left[a], u_cap[best] - used(buf, base, u_cell[best]))
            u_type[best] = a
            put(buf, base, u_cell[best], a, k)
            left[a] -= k
        for u in range(n):
            if left[a] > 0 and not u_one[u] and u_allow[u] == 15:
                k = min(left[a], u_cap[u] - used(buf, base, u_cell[u]))
                put(buf, base, u_cell[u], a, k)
                left[a] -= k
        if left[a] > 0:
            eat(buf, p, a, left[a])


@njit(**KERNEL)
def eat(buf, p, a, k):
    """Convert k animals of type a from the supply to food at once (Slaughtering Cave +1)."""
    per = FOOD_VALUE[FIRST_ANIMAL + a]
    if has_furn(buf, p, F_SLAUGHTERING):
        per += 1
    buf[RES + p * NUM_GOODS + FOOD] += per * k
    buf[RES + p * NUM_GOODS + FIRST_ANIMAL + a] -= k


@njit(**KERNEL)
def used(buf, base, c):
    s = 0
    for a in range(4):
        s += buf[base + c * NUM_ANIMALS + a]
    return s


@njit(**KERNEL)
def put(buf, base, c, a, k):
    if k > 0:
        buf[base + c * NUM_ANIMALS + a] += k


@njit(**KERNEL)
def lose_animals_at(buf, p, c):
    """Every animal recorded on cell c goes back to the general supply (orc destruction, B8)."""
    base = ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS
    for a in range(NUM_ANIMALS):
        buf[RES + p * NUM_GOODS + FIRST_ANIMAL + a] -= buf[base + a]
        buf[base + a] = 0


@njit(**KERNEL)
def eat_animals_at(buf, p, c):
    """Animals housed on a tile an orc occupies are converted to food at once (D23, E4).
    caverna_ff_v1 re-houses them instead (D23 "re-housed or converted"): they leave the cell
    unhoused and the caller's `rehouse` asks the player (or auto_housing places them)."""
    base = ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS
    if housing(buf) != HOUSING_E1:
        for a in range(4):
            buf[base + a] = 0
        return
    for a in range(4):
        k = buf[base + a]
        if k:
            buf[RES + p * NUM_GOODS + FOOD] += k * FOOD_VALUE[FIRST_ANIMAL + a]
            buf[RES + p * NUM_GOODS + FIRST_ANIMAL + a] -= k
            buf[base + a] = 0
