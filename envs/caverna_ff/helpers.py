"""Caverna FF kernels: small helpers shared by the op stack, the masks and `apply_action`:
goods, furnishing, whether a space's ops can be done (A5), persons, mines, ruby trades (A7),
decisions, expeditions and arming dwarfs. Split from kernels.py by concern (kernels.py
re-exports what rules.py and the tests use).
"""

from __future__ import annotations

import numpy as np
from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_REWARD,
    A_REWARD_X,
    A_SPACE,
    A_SPACE_X,
    NUM_RUBY_TRADES,
)
from eurogym.envs.caverna_ff.board import (
    board_cells,
    can_grow,
    furn_id,
    has_furn,
    orc_on,
    rehouse,
    single_ok,
    trap_cell_ok,
    twin_count,
    twin_ok,
)
from eurogym.envs.caverna_ff.effects import (
    received,
    strongest_weapon,
    worker_orc,
)
from eurogym.envs.caverna_ff.orcs import (
    befriend_held,
    ready_round,
)
from eurogym.envs.caverna_ff.spaces import (
    IMITATE_COST,
    IS_ACCUMULATING,
    MAX_OPS,
    NOT_IMITABLE,
    NUM_SPACES,
    NUM_SPACES_V0,
    OP_COLLECT,
    OP_EXPED,
    OP_EXTENSION,
    OP_FARMING,
    OP_FORGE,
    OP_GAIN,
    OP_GROWTH,
    OP_GROWTH_OR_GOODS,
    OP_HOUSEWORK,
    OP_IMITATE,
    OP_MARKET,
    OP_ORE_TRADE,
    OP_PER_ORE_MINE,
    OP_REFILL,
    OP_RUBY_IF,
    OP_RUBY_MINE,
    OP_SINGLE,
    OP_SOW,
    OP_TOKEN,
    OP_TWIN,
    OP_URGENT,
    OP_WISH,
    PROGRAM,
)
from eurogym.envs.caverna_ff.stack import (
    push_op,
)
from eurogym.envs.caverna_ff.state import (
    ACCUM,
    ACTOR,
    CROP,
    CUR_PERSON,
    CUR_SPACE,
    D_ABSENT,
    D_ADULT,
    D_HOSTAGE,
    D_NEWBORN,
    DWARF,
    DWARF_SPACE,
    EXP_LEFT,
    EXP_MERCENARY,
    EXP_STRENGTH,
    EXP_TAKEN,
    FURN,
    FURN_LEFT,
    FURN_LEFT_X,
    MAX_DWARFS,
    MAX_PLAYERS_V0,
    NUM_PLAYERS,
    O_CAVE,
    O_FRIENDLY,
    OCCUPANT,
    OFFICE_SEAT,
    ORC_HOSTAGE,
    ORC_READY,
    ORC_SPACE,
    ORC_STATE,
    P_ARM,
    P_LOOT,
    P_ORC_START,
    P_REFILL,
    P_WARRIOR,
    P_WARRIOR_PAY,
    PHASE,
    RES,
    ROUND,
    SPACE_OPEN,
    SUB,
    SUPPLIER_LEFT,
    TILE,
    TRAP_LEFT,
    TRAP_LEFT_X,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    BLACKSMITH_DISCOUNT,
    BOAR,
    CATTLE,
    CELLS_ALL,
    DOG,
    DONKEY,
    F_BLACKSMITH,
    F_BUILDER,
    F_CARPENTER,
    F_CHILDRENS,
    F_DWELLING,
    F_DWELLING_COPY,
    F_ENTRY,
    F_MILKING,
    F_OFFICE,
    F_ORC_DWELLING,
    F_RUBY_SUPPLIER,
    F_STATE,
    F_STONE_CARVER,
    F_STONE_SUPPLIER,
    F_WARRIOR,
    F_WEAVING,
    F_WOOD_SUPPLIER,
    F_WORK_ROOM,
    FIRST_ANIMAL,
    FOOD,
    FURN_COST,
    FURN_IS_DWELLING,
    FURN_IS_YELLOW,
    FX_FIRST,
    GRAIN,
    MAX_REWARD_ROWS,
    MAX_WEAPON,
    NEIGHBOURS,
    NUM_FURN,
    NUM_FURN_ALL,
    NUM_GOODS,
    NUM_ORCS,
    NUM_REWARDS,
    NUM_TRAPS,
    NUM_TRAPS_ALL,
    ORC_STRENGTH,
    ORE,
    REFILL_ORE_MINES,
    REFILL_RUBY_MINES,
    RUBY,
    SHEEP,
    STONE,
    T_CAVERN,
    T_DEEP,
    T_FIELD,
    T_MEADOW,
    T_ORE_MINE,
    T_RUBY_MINE,
    T_TUNNEL,
    TRAP_COST,
    VEG,
    WARRIOR_MATERIALS,
    WOOD,
)
from eurogym.envs.core.jit import (
    INLINE,
    KERNEL,
)

# P_BRANCH contexts (sub[2])
# P_BRANCH contexts; caverna_ff_v1: BR_BUILDER how to pay a furnishing with the Builder (F12),
# BR_CAPTAIN the material the Orc Captain's orc collects once more (F19; sub[1] the choices)
# BR_EXTENSION the 7-player Extension's branch (A6: 0 wood + meadow/field, 1 stone + cavern/tunnel)
BR_GROWTH, BR_HOUSEWORK, BR_WISH, BR_URGENT, BR_GROWTH_OR_GOODS, BR_BUILDER, BR_CAPTAIN = range(7)
BR_EXTENSION = 7
PERSON_ORC = 10  # cur_person >= 10: friendly orc (cur_person - 10)

# ---- small helpers ---------------------------------------------------------------------------


@njit(**KERNEL)
def r_(p, g):
    return RES + p * NUM_GOODS + g


@njit(**KERNEL)
def n_players(buf):
    return buf[NUM_PLAYERS]


@njit(**KERNEL)
def space_count(buf):
    """How many spaces can be in play: the 5-7 player boards' only with 5 or more players
    (A6), so 1-4 player games loop over v0's spaces alone (speed)."""
    return NUM_SPACES if buf[NUM_PLAYERS] > MAX_PLAYERS_V0 else NUM_SPACES_V0


@njit(**KERNEL)
def space_action(s):
    """The action that picks space s: SPACE s for v0's spaces, SPACE_X for the 5-7 player
    boards' (actions.py)."""
    return A_SPACE + s if s < NUM_SPACES_V0 else A_SPACE_X + s - NUM_SPACES_V0


@njit(**KERNEL)
def action_space(a):
    """Inverse of `space_action`."""
    return a - A_SPACE if a < A_SPACE + NUM_SPACES_V0 else a - A_SPACE_X + NUM_SPACES_V0


@njit(**KERNEL)
def reward_rows(buf):
    """Reward rows in play: one per player, at most 5 (rules B2 step 5, D10)."""
    return min(buf[NUM_PLAYERS], MAX_REWARD_ROWS)


@njit(**KERNEL)
def reward_action(r):
    """The action that takes reward space r: REWARD r for v0's 16, REWARD_X for row 5."""
    return A_REWARD + r if r < NUM_REWARDS else A_REWARD_X + r - NUM_REWARDS


@njit(**KERNEL)
def action_reward(a):
    """Inverse of `reward_action`."""
    return a - A_REWARD if a < A_REWARD + NUM_REWARDS else a - A_REWARD_X + NUM_REWARDS


@njit(**KERNEL)
def gain_goods(buf, p, row):
    """Add a goods row (13 goods) to p's supply; animals are then housed (E1)."""
    animals = False
    for g in range(NUM_GOODS):
        if row[g]:
            buf[r_(p, g)] += row[g]
            if g >= FIRST_ANIMAL:
                animals = True
    received(buf, p, row[STONE], row[DOG])  # Seam, Dog School (F7, F8)
    if animals:
        rehouse(buf, p)


@njit(**KERNEL)
def orc_start(buf, p, o):
    """Orc o's start strength on p's alignment card (rules B2): caverna_ff_v1's `p_orc_start`
    (option orc_side), the standard side in v0 (its buffer ends before that field)."""
    if buf.shape[0] > P_ORC_START:
        return buf[P_ORC_START + p * NUM_ORCS + o]
    return ORC_STRENGTH[o]


@njit(**KERNEL)
def person_weapon(buf, p, person):
    if person < 0 or person >= PERSON_ORC:
        return 0
    return buf[WEAPON + p * MAX_DWARFS + person]


@njit(**KERNEL)
def pay_ok(buf, p, g, k):
    return buf[r_(p, g)] >= k


# ---- furnishing -------------------------------------------------------------------------------


@njit(**KERNEL)
def furn_cost(buf, p, f, g):
    """Cost in good g of furnishing f with the Carpenter / Stone Carver discounts (A10)."""
    c = FURN_COST[f, g]
    if c > 0 and g == WOOD and has_furn(buf, p, F_CARPENTER):
        c -= 1
    if c > 0 and g == STONE and has_furn(buf, p, F_STONE_CARVER):
        c -= 1
    return c


@njit(**INLINE)
def alignment_empty(buf, p):
    """No strength marker left: all four orcs defeated or friendly (spec B6 yellow access)."""
    for o in range(NUM_ORCS):
        s = buf[ORC_STATE + p * NUM_ORCS + o]
        if s != 4 and s != O_FRIENDLY:
            return False
    return True


@njit(**KERNEL)
def left_at(f):
    """Offset of furnishing f's copies left: v0's `furn_left`, or v1's `furn_left_x` for the
    tiles after the entry dwelling (tables.FX_NAMES)."""
    return FURN_LEFT + f if f < NUM_FURN else FURN_LEFT_X + f - FX_FIRST


@njit(**KERNEL)
def furn_ids(buf):
    """How many furnishing ids this game's supply may hold: v0's NUM_FURN, or all of v1's (the
    id F_ENTRY in between is never offered: `furn_offered` skips it)."""
    return NUM_FURN_ALL if buf.shape[0] > FURN_LEFT_X else NUM_FURN


@njit(**KERNEL)
def furnish_cell_ok(buf, p, c, work):
    """May a furnishing go on cell c? An empty cavern, or with the Work Room (`work`, spec A3,
    A10) an empty tunnel or deep tunnel, never a mine; no hostile orc on it."""
    t = buf[TILE + p * CELLS_ALL + c]
    if t != T_CAVERN and not (work and (t == T_TUNNEL or t == T_DEEP)):
        return False
    return buf[FURN + p * CELLS_ALL + c] == 0 and not orc_on(buf, p, c)


@njit(**KERNEL)
def empty_cavern(buf, p):
    work = has_furn(buf, p, F_WORK_ROOM)
    for c in range(board_cells(buf, p)):
        if furnish_cell_ok(buf, p, c, work):
            return True
    return False


@njit(**KERNEL)
def furn_offered(buf, p, f, mode):
    """May p furnish with f now? mode 0 any tile, 1 dwellings only, 2 the loot Dwelling."""
    if f == F_ENTRY or buf[left_at(f)] <= 0:
        return False
    if mode == 1 and not FURN_IS_DWELLING[f]:
        return False
    if mode == 2:
        if f != F_DWELLING:
            return False
        return pay_ways(buf, p, f, mode) != 0 and empty_cavern(buf, p)
    if FURN_IS_YELLOW[f] and not alignment_empty(buf, p):
        return False
    if f == F_WARRIOR:
        w, s, o = buf[r_(p, WOOD)], buf[r_(p, STONE)], buf[r_(p, ORE)]
        if w < 1 or s < 1 or o < 1 or w + s + o < WARRIOR_MATERIALS:
            return False
    elif pay_ways(buf, p, f, mode) == 0:
        return False
    return empty_cavern(buf, p)


@njit(**KERNEL)
def paid(buf, p, f, mode, way, g):
    """Goods g paid for furnishing f: its cost with the discounts (mode 2: the loot Dwelling's
    2 wood and 2 stone), and with the Builder (F12) 1 ore instead of 1 wood (way & 1) and/or
    instead of 1 stone (way & 2); -1 where the way replaces a good the cost does not have."""
    if mode == 2:
        c = 2 if g == WOOD or g == STONE else 0
    else:
        c = furn_cost(buf, p, f, g)
    if g == WOOD:
        c -= way & 1
    elif g == STONE:
        c -= (way >> 1) & 1
    elif g == ORE:
        c += (way & 1) + ((way >> 1) & 1)
    return c


@njit(**KERNEL)
def pay_ways(buf, p, f, mode):
    """Bit set of the ways 0-3 (`paid`) p can pay furnishing f; ways 1-3 only with the Builder."""
    ways = 0
    for way in range(4 if has_furn(buf, p, F_BUILDER) else 1):
        ok = True
        for g in range(NUM_GOODS):
            c = paid(buf, p, f, mode, way, g)
            if c < 0 or buf[r_(p, g)] < c:
                ok = False
                break
        if ok:
            ways |= 1 << way
    return ways


@njit(**KERNEL)
def warrior_mix_ok(buf, p, wood, stone):
    """Warrior Dwelling cost (B10, seed p.16): 8 building materials in all, at least one each of
    wood, stone and ore; may p pay `wood` wood, `stone` stone and the rest in ore?"""
    ore = WARRIOR_MATERIALS - wood - stone
    return (
        1 <= wood <= buf[r_(p, WOOD)]
        and 1 <= stone <= buf[r_(p, STONE)]
        and 1 <= ore <= buf[r_(p, ORE)]
    )


@njit(**KERNEL)
def warrior_options(buf, p):
    """Bit set of the amounts p may choose next for the Warrior Dwelling: the wood while sub[2]
    is -1 (an amount some stone/ore split completes), then the stone for that wood."""
    bits = 0
    wood = buf[SUB + 2]
    for k in range(1, WARRIOR_MATERIALS - 1):
        if wood >= 0:
            if warrior_mix_ok(buf, p, wood, k):
                bits |= 1 << k
            continue
        for stone in range(1, WARRIOR_MATERIALS - k):
            if warrior_mix_ok(buf, p, k, stone):
                bits |= 1 << k
                break
    return bits


@njit(**KERNEL)
def warrior_amount(buf, p, k):
    """Take amount k for the Warrior Dwelling's mix: the wood first, then the stone; with both
    known pay them and the ore for the rest and build on cavern sub[1]. Returns True once
    built."""
    if buf[SUB + 2] < 0:
        buf[SUB + 2] = k
        return False
    wood = buf[SUB + 2]
    buf[r_(p, WOOD)] -= wood
    buf[r_(p, STONE)] -= k
    buf[r_(p, ORE)] -= WARRIOR_MATERIALS - wood - k
    build_furn(buf, p, F_WARRIOR, buf[SUB + 1], 0, 0)
    return True


@njit(**KERNEL)
def ask_warrior(buf, p):
    """Resolve the Warrior Dwelling from its chosen cavern (sub[1], wood choice sub[2]): the
    player picks the mix (P_WARRIOR_PAY; a step with a single possible amount is taken for
    them), then may arm an unarmed dwarf (P_WARRIOR). Returns True on a decision."""
    while True:
        bits = warrior_options(buf, p)
        if bits & (bits - 1):
            return decide(buf, P_WARRIOR_PAY, p)
        k = 1
        while not (bits >> k) & 1:
            k += 1
        if warrior_amount(buf, p, k):
            return ask_warrior_arm(buf, p)


@njit(**KERNEL)
def ask_warrior_arm(buf, p):
    """After building the Warrior Dwelling: may pay more ore or wood to arm a dwarf (B10)."""
    if unarmed_dwarf(buf, p) >= 0 and (buf[r_(p, ORE)] > 0 or buf[r_(p, WOOD)] > 0):
        return decide(buf, P_WARRIOR, p)
    return False


@njit(**KERNEL)
def any_furn(buf, p, mode):
    for f in range(furn_ids(buf)):
        if furn_offered(buf, p, f, mode):
            return True
    return False


@njit(**KERNEL)
def build_furn(buf, p, f, c, mode, way):
    """Pay furnishing f the way `way` (`paid`) and place it on cavern c, with its on-build
    effects (A10, B10, F14, F15). Returns True when an effect asks the player now (the
    Dwelling Copy's dwarf to arm, P_ARM); the Children's Dwelling's growth is pushed as an
    optional op (OP_GROWTH) that runs next."""
    if f != F_WARRIOR:  # the Warrior Dwelling's mix is paid as chosen (warrior_amount)
        for g in range(NUM_GOODS):
            buf[r_(p, g)] -= paid(buf, p, f, mode, way, g)
    buf[FURN + p * CELLS_ALL + c] = f + 1
    buf[left_at(f)] -= 1
    if f == F_STONE_CARVER:
        buf[r_(p, STONE)] += 2
        received(buf, p, 2, 0)
    elif f == F_BLACKSMITH:
        buf[r_(p, ORE)] += 2
    elif f == F_WOOD_SUPPLIER:
        buf[SUPPLIER_LEFT + p * 3] = 7
    elif f == F_STONE_SUPPLIER:
        buf[SUPPLIER_LEFT + p * 3 + 1] = 5
    elif f == F_RUBY_SUPPLIER:
        buf[SUPPLIER_LEFT + p * 3 + 2] = 4
    elif f == F_WEAVING:
        buf[r_(p, FOOD)] += buf[r_(p, SHEEP)]
    elif f == F_MILKING:
        buf[r_(p, FOOD)] += buf[r_(p, CATTLE)]
    elif f == F_STATE:
        for k in range(4):
            m = NEIGHBOURS[c, k]
            if m >= 0 and furn_id(buf, p, m) >= 0 and FURN_IS_DWELLING[furn_id(buf, p, m)]:
                buf[r_(p, FOOD)] += 2
    elif f == F_ORC_DWELLING:
        befriend_held(buf, p, ready_round(buf))  # D19: this round in the work phase
    elif f == F_CHILDRENS:
        push_op(buf, OP_GROWTH, 0, p)
    elif f == F_OFFICE:
        buf[OFFICE_SEAT] = p + 1  # from now on p's loops visit the border cells (E23)
    rehouse(buf, p)
    if f == F_DWELLING_COPY:
        w = strongest_weapon(buf)
        if w > 0:
            return arm_dwarf(buf, p, w)
    return False


# ---- feasibility of ops (a space may only be taken if something on it can be done, A5) ------


@njit(**KERNEL)
def any_twin(buf, p, kind):
    for i in range(twin_count(buf, p)):
        if twin_ok(buf, p, kind, i):
            return True
    return False


@njit(**KERNEL)
def any_single(buf, p, tile):
    for c in range(board_cells(buf, p)):
        if single_ok(buf, p, tile, c):
            return True
    return False


@njit(**KERNEL)
def can_sow(buf, p):
    if buf[r_(p, GRAIN)] + buf[r_(p, VEG)] == 0:
        return False
    for c in range(board_cells(buf, p)):
        if buf[TILE + p * CELLS_ALL + c] == T_FIELD and buf[CROP + p * CELLS_ALL + c] == 0:
            return True
    return False


@njit(**KERNEL)
def forge_cost(buf, p, material, k):
    """Ore or wood to forge strength k (A8, B3; Blacksmith only for ore, D32)."""
    if material == 1:
        return k
    if has_furn(buf, p, F_BLACKSMITH):
        return max(0, k - BLACKSMITH_DISCOUNT)
    return k


@njit(**KERNEL)
def can_forge(buf, p, person, material):
    if person < 0 or person >= PERSON_ORC or person_weapon(buf, p, person) > 0:
        return False
    g = WOOD if material == 1 else ORE
    return buf[r_(p, g)] >= forge_cost(buf, p, material, 1)


@njit(**KERNEL)
def any_trap(buf, p, free):
    for t in range(trap_ids(buf)):
        if trap_offered(buf, p, t, free):
            return True
    return False


@njit(**KERNEL)
def trap_left_at(t):
    """Offset of trap t's copies left: v0's `trap_left`, or v1's `trap_left_x` for its further
    traps (tables.TRAP_X_NAMES)."""
    return TRAP_LEFT + t if t < NUM_TRAPS else TRAP_LEFT_X + t - NUM_TRAPS


@njit(**KERNEL)
def trap_ids(buf):
    """How many trap ids this game's supply may hold: v0's four, or all twelve in v1."""
    return NUM_TRAPS_ALL if buf.shape[0] > TRAP_LEFT_X else NUM_TRAPS


@njit(**KERNEL)
def trap_offered(buf, p, t, free):
    """Trap t is on the supply (B2, B7), payable unless `free`, and has a legal cell."""
    if buf[trap_left_at(t)] <= 0:
        return False
    if not free:
        for g in range(NUM_GOODS):
            if buf[r_(p, g)] < TRAP_COST[t, g]:
                return False
    for c in range(board_cells(buf, p)):
        if trap_cell_ok(buf, p, c):
            return True
    return False


@njit(**INLINE)
def op_feasible(buf, p, person, s, code, arg):
    if code == OP_COLLECT:
        for g in range(NUM_GOODS):
            if buf[ACCUM + s * NUM_GOODS + g]:
                return True
        return False
    if code == OP_GAIN or code == OP_TOKEN or code == OP_REFILL or code == OP_URGENT:
        return True
    if code == OP_TWIN:
        for kind in range(4):
            if arg & (1 << kind) and any_twin(buf, p, kind):
                return True
        return False
    if code == OP_SOW:
        return can_sow(buf, p)
    if code == OP_FORGE:
        return can_forge(buf, p, person, arg)
    if code == OP_EXPED:
        return person_weapon(buf, p, person) > 0
    if code == OP_GROWTH:
        return can_grow(buf, p)
    if code == OP_HOUSEWORK:
        return True
    if code == OP_WISH:
        return any_furn(buf, p, 0) or any_trap(buf, p, False) or can_grow(buf, p)
    if code == OP_GROWTH_OR_GOODS:
        return True
    if code == OP_FARMING:
        return True
    if code == OP_ORE_TRADE:
        return buf[r_(p, ORE)] >= 2
    if code == OP_RUBY_MINE:
        return any_single(buf, p, T_RUBY_MINE)
    if code == OP_PER_ORE_MINE:
        return count_mines(buf, p, T_ORE_MINE) > 0
    if code == OP_RUBY_IF:
        return count_mines(buf, p, T_RUBY_MINE) >= arg
    if code == OP_IMITATE:
        return buf[r_(p, FOOD)] >= IMITATE_COST[s, buf[NUM_PLAYERS]] and imitable_exists(buf, p)
    if code == OP_MARKET or code == OP_EXTENSION:
        return True
    return False


@njit(**INLINE)
def imitable_exists(buf, p):
    for s in range(space_count(buf)):
        if imitable(buf, p, s):
            return True
    return False


@njit(**KERNEL)
def imitable(buf, p, s):
    occ = buf[OCCUPANT + s]
    return occ >= 0 and occ != p and NOT_IMITABLE[s] == 0 and buf[SPACE_OPEN + s] == 1


@njit(**KERNEL)
def space_feasible(buf, p, person, s):
    """May `person` of p take space s now (spec A5 step 3, B9 for friendly orcs)?"""
    if buf[SPACE_OPEN + s] == 0 or buf[OCCUPANT + s] >= 0:
        return False
    if person >= PERSON_ORC and not worker_orc(buf, p, person):
        return IS_ACCUMULATING[s] == 1  # ordinary friendly orcs: accumulation spaces (D20)
    return program_feasible(buf, p, person, s)


@njit(**KERNEL)
def program_feasible(buf, p, person, s):
    """Can `person` of p (-1: the player alone, a Forger's or Herald's reward) do one of space
    s's actions now (spec A5 step 3)?"""
    if PROGRAM[s, 0, 0] == OP_EXPED and person_weapon(buf, p, person) == 0:
        return False  # Exploration needs an armed dwarf
    for i in range(MAX_OPS):
        code = PROGRAM[s, i, 0]
        if code != 0 and op_feasible(buf, p, person, s, code, PROGRAM[s, i, 1]):
            return True
    # Blacksmithing/Adventure: forging makes the expedition possible
    return False


# ---- persons ----------------------------------------------------------------------------------


@njit(**INLINE)
def next_person(buf, p):
    """The person p must place next (spec A5 step 3, B9): unarmed dwarfs, then armed by
    ascending strength, then friendly orcs; -1 if nobody is left. (No ruby deviation, E2.)"""
    best = -1
    for d in range(MAX_DWARFS):
        if (
            buf[DWARF + p * MAX_DWARFS + d] != D_ADULT
            or buf[DWARF_SPACE + p * MAX_DWARFS + d] != -1
        ):
            continue
        if best < 0 or buf[WEAPON + p * MAX_DWARFS + d] < buf[WEAPON + p * MAX_DWARFS + best]:
            best = d
    if best >= 0:
        return best
    for o in range(NUM_ORCS):
        i = p * NUM_ORCS + o
        if (
            buf[ORC_STATE + i] == O_FRIENDLY
            and buf[ORC_SPACE + i] == -1
            and buf[ORC_READY + i] <= buf[ROUND]
            and not hostage_orc(buf, p, o)
        ):
            return PERSON_ORC + o
    return -1


@njit(**KERNEL)
def hostage_orc(buf, p, o):
    for q in range(NUM_ORCS):
        if (
            buf[ORC_STATE + p * NUM_ORCS + q] == O_CAVE
            and buf[ORC_HOSTAGE + p * NUM_ORCS + q] == 10 + o
        ):
            return True
    return False


@njit(**KERNEL)
def placeable(buf, p, person):
    """Could `person` of p be placed this turn, order aside?"""
    if person >= PERSON_ORC:
        o = person - PERSON_ORC
        i = p * NUM_ORCS + o
        return (
            buf[ORC_STATE + i] == O_FRIENDLY
            and buf[ORC_SPACE + i] == -1
            and buf[ORC_READY + i] <= buf[ROUND]
            and not hostage_orc(buf, p, o)
        )
    return buf[DWARF + p * MAX_DWARFS + person] == D_ADULT and (
        buf[DWARF_SPACE + p * MAX_DWARFS + person] == -1
    )


@njit(**KERNEL)
def any_space_for(buf, p, person):
    for s in range(space_count(buf)):  # closed or taken spaces without a call (speed)
        if buf[SPACE_OPEN + s] and buf[OCCUPANT + s] < 0 and space_feasible(buf, p, person, s):
            return True
    return False


# Ruby trades (A7): RUBY_COST rubies (+ food for cattle) -> RUBY_GAIN goods or a single tile.
RUBY_GAIN = np.zeros((NUM_RUBY_TRADES, NUM_GOODS), np.int64)
for _k, _g in enumerate((WOOD, STONE, ORE, GRAIN, VEG, SHEEP, BOAR, DONKEY, DOG)):
    RUBY_GAIN[_k, _g] = 1
RUBY_GAIN[9, FOOD] = 2
RUBY_GAIN[10, CATTLE] = 1
RUBY_TILE = np.array([0] * 11 + [T_MEADOW, T_FIELD, T_TUNNEL, T_CAVERN], np.int64)


@njit(**INLINE)
def ruby_trade_ok(buf, p, k):
    rubies = 2 if k == 14 else 1
    if buf[r_(p, RUBY)] < rubies or (k == 10 and buf[r_(p, FOOD)] < 1):
        return False
    return RUBY_TILE[k] == 0 or any_single(buf, p, RUBY_TILE[k])


@njit(**INLINE)
def ruby_trade(buf, p, k):
    buf[r_(p, RUBY)] -= 2 if k == 14 else 1
    if k == 10:
        buf[r_(p, FOOD)] -= 1
    if RUBY_TILE[k]:
        push_op(buf, OP_SINGLE, RUBY_TILE[k], p)
        return
    row = RUBY_GAIN[k].copy()
    gain_goods(buf, p, row)


@njit(**KERNEL)
def set_person_space(buf, p, person, s):
    if person >= PERSON_ORC:
        buf[ORC_SPACE + p * NUM_ORCS + person - PERSON_ORC] = s
    else:
        buf[DWARF_SPACE + p * MAX_DWARFS + person] = s


@njit(**KERNEL)
def grow(buf, p):
    """Family growth (A7): the newborn joins its parent, eats 1 food this round."""
    for d in range(MAX_DWARFS):
        if buf[DWARF + p * MAX_DWARFS + d] == D_ABSENT:
            buf[DWARF + p * MAX_DWARFS + d] = D_NEWBORN
            buf[WEAPON + p * MAX_DWARFS + d] = 0
            buf[DWARF_SPACE + p * MAX_DWARFS + d] = max(buf[CUR_SPACE], 0)
            rehouse(buf, p)  # a Cuddle Room holds one more sheep
            return


# ---- mines ------------------------------------------------------------------------------------


@njit(**KERNEL)
def refill_ok(buf, p, c):
    """May the refill put goods on cell c (B3): an ore or ruby mine no orc occupies, and fewer
    than 2 mines of its kind filled in this refill (chosen cells: bit mask SUB[1])."""
    t = buf[TILE + p * CELLS_ALL + c]
    if (t != T_ORE_MINE and t != T_RUBY_MINE) or orc_on(buf, p, c):
        return False
    chosen = buf[SUB + 1]
    if (chosen >> c) & 1:
        return False
    same = 0
    for k in range(board_cells(buf, p)):
        if (chosen >> k) & 1 and buf[TILE + p * CELLS_ALL + k] == t:
            same += 1
    return same < (REFILL_ORE_MINES if t == T_ORE_MINE else REFILL_RUBY_MINES)


@njit(**INLINE)
def ask_refill(buf, p):
    """FF refill mines (B3, a choice: 2 ore on each of up to 2 ore mines, 1 ruby on each of up
    to 2 ruby mines; the player picks the mines one at a time, DONE stops)."""
    buf[SUB + 1] = 0
    for c in range(board_cells(buf, p)):
        if refill_ok(buf, p, c):
            return decide(buf, P_REFILL, p)
    return False


@njit(**KERNEL)
def count_mines(buf, p, tile):
    n = 0
    for c in range(board_cells(buf, p)):
        if buf[TILE + p * CELLS_ALL + c] == tile and not orc_on(buf, p, c):
            n += 1
    return n


# ---- decisions and expeditions --------------------------------------------------------------


@njit(**KERNEL)
def decide(buf, phase, p):
    buf[PHASE] = phase
    buf[ACTOR] = p
    return True


@njit(**KERNEL)
def start_expedition(buf, p, level, strength, mercenary):
    buf[EXP_LEFT] = level
    buf[EXP_STRENGTH] = strength
    buf[EXP_TAKEN] = 0
    buf[EXP_TAKEN + 1] = 0
    buf[EXP_MERCENARY] = mercenary
    return decide(buf, P_LOOT, p)


@njit(**KERNEL)
def finish_expedition(buf, p):
    """After an expedition the dwarf gets +1 if still armed (A8, B5); not for rewards."""
    d = buf[CUR_PERSON]
    if buf[EXP_MERCENARY] == 0 and 0 <= d < PERSON_ORC:
        w = buf[WEAPON + p * MAX_DWARFS + d]
        if w > 0:
            buf[WEAPON + p * MAX_DWARFS + d] = min(MAX_WEAPON, w + 1)
    buf[EXP_LEFT] = 0


# ---- arming dwarfs ---------------------------------------------------------------------------


@njit(**KERNEL)
def armable(buf, p, d):
    """May dwarf d be armed by the Supplier or a Warrior Dwelling: unarmed, in the family (not
    a hostage), placed or not (D32, seed p.16)."""
    st = buf[DWARF + p * MAX_DWARFS + d]
    return st != D_ABSENT and st != D_HOSTAGE and buf[WEAPON + p * MAX_DWARFS + d] == 0


@njit(**KERNEL)
def unarmed_dwarf(buf, p):
    for d in range(MAX_DWARFS):
        if armable(buf, p, d):
            return d
    return -1


@njit(**KERNEL)
def arm_dwarf(buf, p, strength):
    """Arm one unarmed dwarf with `strength` (Supplier B6, Warrior Dwelling B10): the player
    chooses which (P_ARM, OPTION k = dwarf k); a single candidate is armed without asking.
    Returns True when the player must choose."""
    d = unarmed_dwarf(buf, p)
    if d < 0:
        return False
    for e in range(d + 1, MAX_DWARFS):
        if armable(buf, p, e):
            buf[SUB + 0] = strength
            return decide(buf, P_ARM, p)
    buf[WEAPON + p * MAX_DWARFS + d] = strength
    return False
