"""Caverna: Frantic Fiends rules as numba kernels over the state buffer: the round flow (spec
A5, B8, B11), every decision's legal mask and its effect. `apply_action(buf, mask, action)`
applies one legal action, runs the automatic steps (replenishing, collecting, orc movement,
harvest) up to the next decision, and rewrites `mask` for whoever decides next (`buf[ACTOR]`).

Engine decisions not in the spec are numbered E1-E12 in docs/caverna_ff.md.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.caverna_ff.actions import (
    A_BRIBE,
    A_CELL,
    A_CONVERT,
    A_DONE,
    A_FURN,
    A_GOLD,
    A_LOOT,
    A_OPTION,
    A_ORC,
    A_PERSON,
    A_PUSH,
    A_REWARD,
    A_RUBY,
    A_SKIP,
    A_SOW_GRAIN,
    A_SOW_VEG,
    A_SPACE,
    A_TRAP,
    A_TWIN,
    NUM_ACTIONS,
    NUM_CONVERSIONS,
    NUM_OPTIONS,
    NUM_RUBY_TRADES,
)
from eurogym.envs.caverna_ff.board import (
    can_grow,
    cover,
    furn_id,
    gain_bonus,
    has_furn,
    meadow_unfenced,
    orc_on,
    place_twin,
    rearrange,
    rehouse,
    single_ok,
    stable_ok,
    trap_cell_ok,
    twin_ok,
)
from eurogym.envs.caverna_ff.orcs import (
    MV_CAVE_IN,
    MV_INVADE,
    befriend_held,
    cave_in_pay,
    defeat,
    enter_cell,
    invade,
    is_hostile,
    lower_strength,
    move_orc,
    owner_cells,
    push_target,
    ready_round,
    reevaluate,
    take_cell,
)
from eurogym.envs.caverna_ff.spaces import (
    ACC,
    CARD_STAGE,
    GAIN,
    IS_ACCUMULATING,
    MAX_OPS,
    NOT_IMITABLE,
    NUM_SPACES,
    OP_BREED2,
    OP_COLLECT,
    OP_EXPED,
    OP_FARMING,
    OP_FORGE,
    OP_FURNISH,
    OP_GAIN,
    OP_GROWTH,
    OP_GROWTH_OR_GOODS,
    OP_HOUSEWORK,
    OP_IMITATE,
    OP_ORE_TRADE,
    OP_PASTURE,
    OP_PER_ORE_MINE,
    OP_REFILL,
    OP_RUBY_IF,
    OP_RUBY_MINE,
    OP_SINGLE,
    OP_SOW,
    OP_STABLE,
    OP_TOKEN,
    OP_TRAP,
    OP_TWIN,
    OP_URGENT,
    OP_WISH,
    PROGRAM,
    S_FAMILY_LIFE,
    S_RUBY_MINING,
    S_URGENT,
    S_WISH,
    SOLO_ORDER,
)
from eurogym.envs.caverna_ff.stack import (
    OP_BRANCH_GROWTH,
    OP_CASANOVA,
    OP_LOOT_RESUME,
    OP_REWARD,
    pop_op,
    push_op,
)
from eurogym.envs.caverna_ff.state import (
    ACCUM,
    ACTOR,
    ANIMAL_AT,
    BEGGING,
    BRIBE_GOOD,
    CARD,
    CARD_LEFT,
    CELL_KIND,
    CK_RUBY_MINE,
    CK_SINGLE,
    CK_SMALL_PASTURE,
    CK_STABLE,
    CLEAR_POS,
    CROP,
    CROP_KIND,
    CUR_PERSON,
    CUR_SPACE,
    D_ABSENT,
    D_ADULT,
    D_HOSTAGE,
    D_NEWBORN,
    DEFEAT_STR,
    DWARF,
    DWARF_SPACE,
    EV,
    EV_CARD,
    EV_DEALT,
    EV_LETTER,
    EV_MOVING,
    EV_PUSHED,
    EV_SEAT,
    EV_STEP,
    EVENTS_DONE,
    EXP_LEFT,
    EXP_MERCENARY,
    EXP_STRENGTH,
    EXP_TAKEN,
    FARM_USED,
    FEED_SEAT,
    FEED_STARTED,
    FINAL_NEXT,
    FREE_TRAP,
    FURN,
    FURN_LEFT,
    HARVEST_KIND,
    HARVEST_PICK,
    HARVEST_SEAT,
    MARKER,
    MARKERS_LEFT,
    MAX_DWARFS,
    MAX_ROUNDS,
    MINE_GOODS,
    NUM_PLAYERS,
    O_CAVE,
    O_FOREST,
    O_FRIENDLY,
    O_HELD,
    OCCUPANT,
    ORC_CELL,
    ORC_HOSTAGE,
    ORC_READY,
    ORC_SPACE,
    ORC_STATE,
    ORC_STR,
    P_ARM,
    P_BRANCH,
    P_BREED,
    P_CARD_SPAWN,
    P_CAVE_IN,
    P_CELL,
    P_FARMING,
    P_FEED,
    P_FIGHT_DOGS,
    P_FIGHT_ORC,
    P_FINAL_TRADES,
    P_FORGE,
    P_FURN,
    P_FURN_CELL,
    P_GAME_OVER,
    P_HARVEST_CHOICE,
    P_IMITATE,
    P_INVADE,
    P_LOOT,
    P_ORC,
    P_ORC_GOLD,
    P_ORE_TRADE,
    P_PLACE,
    P_PUSH_COST,
    P_REFILL,
    P_REWARD,
    P_SOLO_SAVE,
    P_SOW,
    P_SOW_CELL,
    P_TRADE,
    P_TRAP,
    P_TRAP_CELL,
    P_TWIN,
    P_TWIN_KIND,
    P_WARRIOR,
    P_WARRIOR_PAY,
    PASTURE,
    PENDING_TILE,
    PHASE,
    RES,
    REWARD_TAKEN,
    RNG,
    ROUND,
    RUBY_PICK,
    SOWN,
    SPACE_OPEN,
    ST_END,
    ST_EVENT,
    ST_HARVEST,
    ST_ROUND_START,
    ST_WORK,
    STABLE,
    STACK_N,
    STAGE,
    START_PLAYER,
    SUB,
    SUPPLIER_LEFT,
    TILE,
    TRAP,
    TRAP_ACTIVE,
    TRAP_LEFT,
    TURN,
    TWIN_KIND,
    WEAPON,
    WORKING_USED,
)
from eurogym.envs.caverna_ff.tables import (
    BLACKSMITH_DISCOUNT,
    BOAR,
    CATTLE,
    CAVE,
    CAVE_IN_MAX_PAY,
    CELLS,
    DOG,
    DONKEY,
    EVENT_HARVEST,
    F_BEER,
    F_BLACKSMITH,
    F_CARPENTER,
    F_COOKING,
    F_DWELLING,
    F_MILKING,
    F_ORC_DWELLING,
    F_RUBY_SUPPLIER,
    F_SLAUGHTERING,
    F_STATE,
    F_STONE_CARVER,
    F_STONE_SUPPLIER,
    F_WARRIOR,
    F_WEAVING,
    F_WOOD_SUPPLIER,
    F_WORKING,
    FIRST_ANIMAL,
    FOOD,
    FURN_COST,
    FURN_IS_DWELLING,
    FURN_IS_YELLOW,
    GOLD,
    GRAIN,
    H_CHOICE,
    H_FEED_ARMED2,
    H_FEED_ONE,
    H_MINING_FEEDING,
    H_NONE,
    H_NORMAL,
    L_ALL_WEAPONS,
    L_BREED2,
    L_CAVERN,
    L_DWELLING,
    L_FIELD,
    L_FIGHT,
    L_FURNISH,
    L_LARGE_PASTURE,
    L_MEADOW,
    L_REFILL,
    L_SMALL_PASTURE,
    L_SOW,
    L_STABLE,
    L_TRAP,
    L_TUNNEL,
    LOOT_GAIN,
    LOOT_MIN,
    MAX_FORGE_ORE,
    MAX_WEAPON,
    NEIGHBOURS,
    NUM_FURN,
    NUM_GOODS,
    NUM_LOOT,
    NUM_ORCS,
    NUM_REWARDS,
    NUM_TRAPS,
    NUM_TWIN,
    ORC_D_FIGHT_ROUND,
    ORC_MAX_COLUMN,
    ORC_STRENGTH,
    ORE,
    PUSH_DELTA,
    REFILL_ORE,
    REFILL_ORE_MINES,
    REFILL_RUBY,
    REFILL_RUBY_MINES,
    REWARD_COLUMN,
    REWARD_GAIN,
    RUBY,
    RW_BEGGAR_KING,
    RW_CASANOVA,
    RW_FOREMAN,
    RW_MASTER_TRADER,
    RW_MERCENARY,
    RW_SUPPLIER,
    RW_TRAPPER,
    SHEEP,
    SOLO_CLEAR_AT,
    STONE,
    SUPPLIER_STRENGTH,
    T_CAVERN,
    T_DEEP,
    T_FIELD,
    T_MEADOW,
    T_ORE_MINE,
    T_RUBY_MINE,
    T_TUNNEL,
    TRAP_COST,
    TW_CAVERN_CAVERN,
    TW_CAVERN_TUNNEL,
    TW_LARGE_PASTURE,
    TW_ORE_MINE,
    TWIN_CELLS,
    VEG,
    WARRIOR_MATERIALS,
    WOOD,
)
from eurogym.envs.core.jit import KERNEL
from eurogym.envs.core.rng import randint

# P_BRANCH contexts (sub[2])
BR_GROWTH, BR_HOUSEWORK, BR_WISH, BR_URGENT, BR_GROWTH_OR_GOODS = range(5)
PERSON_ORC = 10  # cur_person >= 10: friendly orc (cur_person - 10)


# ---- small helpers ---------------------------------------------------------------------------


@njit(**KERNEL)
def r_(p, g):
    return RES + p * NUM_GOODS + g


@njit(**KERNEL)
def n_players(buf):
    return buf[NUM_PLAYERS]


@njit(**KERNEL)
def gain_goods(buf, p, row):
    """Add a goods row (13 goods) to p's supply; animals are then housed (E1)."""
    animals = False
    for g in range(NUM_GOODS):
        if row[g]:
            buf[r_(p, g)] += row[g]
            if g >= FIRST_ANIMAL:
                animals = True
    if animals:
        rehouse(buf, p)


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


@njit(**KERNEL)
def alignment_empty(buf, p):
    """No strength marker left: all four orcs defeated or friendly (spec B6 yellow access)."""
    for o in range(NUM_ORCS):
        s = buf[ORC_STATE + p * NUM_ORCS + o]
        if s != 4 and s != O_FRIENDLY:
            return False
    return True


@njit(**KERNEL)
def empty_cavern(buf, p):
    for c in range(CELLS):
        if buf[TILE + p * CELLS + c] == T_CAVERN and buf[FURN + p * CELLS + c] == 0:
            if not orc_on(buf, p, c):
                return True
    return False


@njit(**KERNEL)
def furn_offered(buf, p, f, mode):
    """May p furnish with f now? mode 0 any tile, 1 dwellings only, 2 the loot Dwelling."""
    if buf[FURN_LEFT + f] <= 0:
        return False
    if mode == 1 and not FURN_IS_DWELLING[f]:
        return False
    if mode == 2:
        if f != F_DWELLING:
            return False
        return pay_ok(buf, p, WOOD, 2) and pay_ok(buf, p, STONE, 2) and empty_cavern(buf, p)
    if FURN_IS_YELLOW[f] and not alignment_empty(buf, p):
        return False
    if f == F_WARRIOR:
        w, s, o = buf[r_(p, WOOD)], buf[r_(p, STONE)], buf[r_(p, ORE)]
        if w < 1 or s < 1 or o < 1 or w + s + o < WARRIOR_MATERIALS:
            return False
    else:
        for g in range(NUM_GOODS):
            if buf[r_(p, g)] < furn_cost(buf, p, f, g):
                return False
    return empty_cavern(buf, p)


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
    build_furn(buf, p, F_WARRIOR, buf[SUB + 1], 0)
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
    for f in range(NUM_FURN):
        if furn_offered(buf, p, f, mode):
            return True
    return False


@njit(**KERNEL)
def build_furn(buf, p, f, c, mode):
    """Pay and place furnishing f on cavern c, with its on-build effects (A10, B10)."""
    if mode == 2:
        buf[r_(p, WOOD)] -= 2
        buf[r_(p, STONE)] -= 2
    elif f != F_WARRIOR:  # the Warrior Dwelling's mix is paid as chosen (warrior_amount)
        for g in range(NUM_GOODS):
            buf[r_(p, g)] -= furn_cost(buf, p, f, g)
    buf[FURN + p * CELLS + c] = f + 1
    buf[FURN_LEFT + f] -= 1
    if f == F_STONE_CARVER:
        buf[r_(p, STONE)] += 2
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
    rehouse(buf, p)


# ---- feasibility of ops (a space may only be taken if something on it can be done, A5) ------


@njit(**KERNEL)
def any_twin(buf, p, kind):
    for i in range(NUM_TWIN):
        if twin_ok(buf, p, kind, i):
            return True
    return False


@njit(**KERNEL)
def any_single(buf, p, tile):
    for c in range(CELLS):
        if single_ok(buf, p, tile, c):
            return True
    return False


@njit(**KERNEL)
def can_sow(buf, p):
    if buf[r_(p, GRAIN)] + buf[r_(p, VEG)] == 0:
        return False
    for c in range(CELLS):
        if buf[TILE + p * CELLS + c] == T_FIELD and buf[CROP + p * CELLS + c] == 0:
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
    for t in range(NUM_TRAPS):
        if trap_offered(buf, p, t, free):
            return True
    return False


@njit(**KERNEL)
def trap_offered(buf, p, t, free):
    if buf[TRAP_LEFT + t] <= 0:
        return False
    if not free:
        for g in range(NUM_GOODS):
            if buf[r_(p, g)] < TRAP_COST[t, g]:
                return False
    for c in range(CELLS):
        if trap_cell_ok(buf, p, c):
            return True
    return False


@njit(**KERNEL)
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
        return buf[r_(p, FOOD)] >= arg and imitable_exists(buf, p)
    return False


@njit(**KERNEL)
def imitable_exists(buf, p):
    for s in range(NUM_SPACES):
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
    if person >= PERSON_ORC:  # ordinary friendly orcs take accumulation spaces only (D20)
        return IS_ACCUMULATING[s] == 1
    if PROGRAM[s, 0, 0] == OP_EXPED and person_weapon(buf, p, person) == 0:
        return False  # Exploration needs an armed dwarf
    for i in range(MAX_OPS):
        code = PROGRAM[s, i, 0]
        if code != 0 and op_feasible(buf, p, person, s, code, PROGRAM[s, i, 1]):
            return True
    # Blacksmithing/Adventure: forging makes the expedition possible
    return False


# ---- persons ----------------------------------------------------------------------------------


@njit(**KERNEL)
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
    for s in range(NUM_SPACES):
        if space_feasible(buf, p, person, s):
            return True
    return False


# Ruby trades (A7): RUBY_COST rubies (+ food for cattle) -> RUBY_GAIN goods or a single tile.
RUBY_GAIN = np.zeros((NUM_RUBY_TRADES, NUM_GOODS), np.int64)
for _k, _g in enumerate((WOOD, STONE, ORE, GRAIN, VEG, SHEEP, BOAR, DONKEY, DOG)):
    RUBY_GAIN[_k, _g] = 1
RUBY_GAIN[9, FOOD] = 2
RUBY_GAIN[10, CATTLE] = 1
RUBY_TILE = np.array([0] * 11 + [T_MEADOW, T_FIELD, T_TUNNEL, T_CAVERN], np.int64)


@njit(**KERNEL)
def ruby_trade_ok(buf, p, k):
    rubies = 2 if k == 14 else 1
    if buf[r_(p, RUBY)] < rubies or (k == 10 and buf[r_(p, FOOD)] < 1):
        return False
    return RUBY_TILE[k] == 0 or any_single(buf, p, RUBY_TILE[k])


@njit(**KERNEL)
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
    t = buf[TILE + p * CELLS + c]
    if (t != T_ORE_MINE and t != T_RUBY_MINE) or orc_on(buf, p, c):
        return False
    chosen = buf[SUB + 1]
    if (chosen >> c) & 1:
        return False
    same = 0
    for k in range(CELLS):
        if (chosen >> k) & 1 and buf[TILE + p * CELLS + k] == t:
            same += 1
    return same < (REFILL_ORE_MINES if t == T_ORE_MINE else REFILL_RUBY_MINES)


@njit(**KERNEL)
def ask_refill(buf, p):
    """FF refill mines (B3, a choice: 2 ore on each of up to 2 ore mines, 1 ruby on each of up
    to 2 ruby mines; the player picks the mines one at a time, DONE stops)."""
    buf[SUB + 1] = 0
    for c in range(CELLS):
        if refill_ok(buf, p, c):
            return decide(buf, P_REFILL, p)
    return False


@njit(**KERNEL)
def count_mines(buf, p, tile):
    n = 0
    for c in range(CELLS):
        if buf[TILE + p * CELLS + c] == tile and not orc_on(buf, p, c):
            n += 1
    return n


# ---- the op stack -----------------------------------------------------------------------------


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


@njit(**KERNEL)
def run_op(buf, code, arg, p):
    """Run one op for seat p; returns True if it set a decision phase."""
    s = buf[CUR_SPACE]
    person = buf[CUR_PERSON]
    if code == OP_COLLECT:
        row = np.zeros(NUM_GOODS, np.int64)
        for g in range(NUM_GOODS):
            row[g] = buf[ACCUM + s * NUM_GOODS + g]
            buf[ACCUM + s * NUM_GOODS + g] = 0
        gain_goods(buf, p, row)
        return False
    if code == OP_GAIN:
        row = GAIN[s].copy()
        gain_goods(buf, p, row)
        return False
    if code == OP_TOKEN:
        buf[START_PLAYER] = p
        return False
    if code == OP_TWIN:
        kinds = 0
        for kind in range(4):
            if arg & (1 << kind) and any_twin(buf, p, kind):
                kinds |= 1 << kind
        if kinds == 0:
            return False
        buf[SUB + 1] = 0  # no fence cost
        if kinds == (1 << TW_CAVERN_TUNNEL) | (1 << TW_CAVERN_CAVERN):
            return decide(buf, P_TWIN_KIND, p)
        for kind in range(4):
            if kinds & (1 << kind):
                buf[TWIN_KIND] = kind
        return decide(buf, P_TWIN, p)
    if code == OP_SOW:
        if not can_sow(buf, p):
            return False
        buf[SOWN] = 0
        buf[SOWN + 1] = 0
        return decide(buf, P_SOW, p)
    if code == OP_FORGE:
        if not can_forge(buf, p, person, arg):
            return False
        buf[SUB + 0] = arg
        return decide(buf, P_FORGE, p)
    if code == OP_EXPED:
        w = person_weapon(buf, p, person)
        if w == 0:
            return False
        return start_expedition(buf, p, arg, w, 0)
    if code == OP_GROWTH or code == OP_BRANCH_GROWTH:
        if not can_grow(buf, p):
            return False
        buf[SUB + 2] = BR_GROWTH
        return decide(buf, P_BRANCH, p)
    if code == OP_FURNISH:
        mode = arg % 10
        if not any_furn(buf, p, mode):
            return False
        buf[SUB + 0] = mode
        buf[SUB + 3] = arg // 10  # 1 = may be declined
        return decide(buf, P_FURN, p)
    if code == OP_TRAP:
        if not any_trap(buf, p, arg == 1):
            return False
        buf[FREE_TRAP] = 1 if arg == 1 else 0
        return decide(buf, P_TRAP, p)
    if code == OP_HOUSEWORK:
        if not (any_furn(buf, p, 0) or any_trap(buf, p, False)):
            return False
        buf[SUB + 2] = BR_HOUSEWORK
        return decide(buf, P_BRANCH, p)
    if code == OP_WISH:
        if not (any_furn(buf, p, 0) or any_trap(buf, p, False) or can_grow(buf, p)):
            return False
        buf[SUB + 2] = BR_WISH
        return decide(buf, P_BRANCH, p)
    if code == OP_URGENT:
        buf[SUB + 2] = BR_URGENT
        return decide(buf, P_BRANCH, p)
    if code == OP_GROWTH_OR_GOODS:
        if not can_grow(buf, p):
            row = GAIN[s].copy()
            gain_goods(buf, p, row)
            return False
        buf[SUB + 2] = BR_GROWTH_OR_GOODS
        return decide(buf, P_BRANCH, p)
    if code == OP_FARMING:
        buf[FARM_USED] = arg
        if farming_options(buf, p, arg) == 0:
            return False
        return decide(buf, P_FARMING, p)
    if code == OP_REFILL:
        return ask_refill(buf, p)
    if code == OP_ORE_TRADE:
        if buf[r_(p, ORE)] < 2:
            return False
        return decide(buf, P_ORE_TRADE, p)
    if code == OP_RUBY_MINE:
        if not any_single(buf, p, T_RUBY_MINE):
            return False
        buf[CELL_KIND] = CK_RUBY_MINE
        buf[SUB + 3] = 0
        return decide(buf, P_CELL, p)
    if code == OP_PER_ORE_MINE:
        buf[r_(p, ORE)] += 2 * count_mines(buf, p, T_ORE_MINE)
        return False
    if code == OP_RUBY_IF:
        if count_mines(buf, p, T_RUBY_MINE) >= arg:
            buf[r_(p, RUBY)] += 1
        return False
    if code == OP_IMITATE:
        buf[SUB + 0] = arg
        return decide(buf, P_IMITATE, p)
    if code == OP_SINGLE:
        if not any_single(buf, p, arg):
            return False
        buf[CELL_KIND] = CK_SINGLE
        buf[PENDING_TILE] = arg
        buf[SUB + 3] = 1
        return decide(buf, P_CELL, p)
    if code == OP_STABLE:
        return ask_stable(buf, p, 0)
    if code == OP_PASTURE:
        return ask_pasture(buf, p, arg, 1 + arg)
    if code == OP_BREED2:
        return ask_breed(buf, p)
    if code == OP_REWARD:
        buf[SUB + 0] = arg // 100
        buf[SUB + 1] = arg % 100
        return decide(buf, P_REWARD, p)
    if code == OP_LOOT_RESUME:
        if buf[EXP_LEFT] > 0 and any_loot(buf, p):
            return decide(buf, P_LOOT, p)
        finish_expedition(buf, p)
        return False
    if code == OP_CASANOVA:
        push_op(buf, OP_BRANCH_GROWTH, 0, p)
        push_op(buf, OP_FURNISH, 11, p)
        return False
    return False


@njit(**KERNEL)
def ask_stable(buf, p, cost):
    for c in range(CELLS):
        if stable_ok(buf, p, c):
            buf[CELL_KIND] = CK_STABLE
            buf[SUB + 1] = cost
            buf[SUB + 3] = 1
            return decide(buf, P_CELL, p)
    return False


@njit(**KERNEL)
def fence_cost(buf, p, wood):
    if wood > 0 and has_furn(buf, p, F_CARPENTER):
        return wood - 1
    return wood


@njit(**KERNEL)
def ask_pasture(buf, p, large, wood):
    """A small pasture on an unfenced meadow, or a large one on two adjacent meadows (A3)."""
    cost = fence_cost(buf, p, wood)
    if buf[r_(p, WOOD)] < cost:
        return False
    buf[SUB + 1] = cost
    if large:
        if not any_twin(buf, p, TW_LARGE_PASTURE):
            return False
        buf[TWIN_KIND] = TW_LARGE_PASTURE
        return decide(buf, P_TWIN, p)
    for c in range(CELLS):
        if meadow_unfenced(buf, p, c):
            buf[CELL_KIND] = CK_SMALL_PASTURE
            buf[SUB + 3] = 1
            return decide(buf, P_CELL, p)
    return False


@njit(**KERNEL)
def farming_options(buf, p, used):
    """Bits of the farming items p can still do: 1 small, 2 large pasture, 4 stable."""
    bits = 0
    if not used & 1 and buf[r_(p, WOOD)] >= fence_cost(buf, p, 2):
        for c in range(CELLS):
            if meadow_unfenced(buf, p, c):
                bits |= 1
                break
    if (
        not used & 2
        and buf[r_(p, WOOD)] >= fence_cost(buf, p, 4)
        and any_twin(buf, p, TW_LARGE_PASTURE)
    ):
        bits |= 2
    stone = 0 if has_furn(buf, p, F_STONE_CARVER) else 1
    if not used & 4 and buf[r_(p, STONE)] >= stone:
        for c in range(CELLS):
            if stable_ok(buf, p, c):
                bits |= 4
                break
    return bits


@njit(**KERNEL)
def breed(buf, p, max_types):
    """Breeding (A9): each farm type with >= 2 animals gets one newborn (at most `max_types`
    types; the loot's choice among more than 2 types is the player's, `ask_breed`)."""
    done = 0
    for a in (CATTLE, BOAR, DONKEY, SHEEP):
        if done < max_types and buf[r_(p, a)] >= 2:
            buf[r_(p, a)] += 1
            done += 1
    rehouse(buf, p)


@njit(**KERNEL)
def can_breed(buf, p, a):
    """Can farm animal type a (0 sheep, 1 boar, 2 cattle, 3 donkey) breed: >= 2 of it (A9)?"""
    return buf[r_(p, FIRST_ANIMAL + a)] >= 2


@njit(**KERNEL)
def ask_breed(buf, p):
    """Loot 'breed up to 2 farm-animal types' (A8): with 3 or 4 types able to breed the player
    picks up to 2 of them (P_BREED, picks as bits in sub[1]); with 2 or fewer all of them breed
    at once (declining is never needed: a newborn without room becomes food, E1)."""
    n = 0
    for a in range(4):
        if can_breed(buf, p, a):
            n += 1
    if n <= 2:
        breed(buf, p, 2)
        return False
    buf[SUB + 1] = 0
    return decide(buf, P_BREED, p)


@njit(**KERNEL)
def breed_picked(buf, p, picks):
    """One newborn for each type in the bit set `picks` (the P_BREED choice)."""
    for a in range(4):
        if (picks >> a) & 1:
            buf[r_(p, FIRST_ANIMAL + a)] += 1
    rehouse(buf, p)


# ---- loot and fights --------------------------------------------------------------------------


@njit(**KERNEL)
def loot_taken(buf, i):
    return (buf[EXP_TAKEN] >> i) & 1


@njit(**KERNEL)
def fight_target_ok(buf, p, o, w):
    if not is_hostile(buf, p, o):
        return False
    if o == 3 and buf[ROUND] < ORC_D_FIGHT_ROUND:
        return False
    return w + buf[r_(p, DOG)] >= buf[ORC_STR + p * NUM_ORCS + o]


@njit(**KERNEL)
def loot_ok(buf, p, i):
    if loot_taken(buf, i) or LOOT_MIN[i] > buf[EXP_STRENGTH]:
        return False
    if i == L_FIGHT:
        if buf[EXP_MERCENARY]:
            return False
        for o in range(NUM_ORCS):
            if fight_target_ok(buf, p, o, buf[EXP_STRENGTH]):
                return True
        return False
    return True


@njit(**KERNEL)
def any_loot(buf, p):
    for i in range(NUM_LOOT):
        if loot_ok(buf, p, i):
            return True
    return False


@njit(**KERNEL)
def take_loot(buf, p, i):
    """Resolve loot item i now (A8 table, B5); items needing choices push their ops."""
    buf[EXP_TAKEN] |= 1 << i
    buf[EXP_LEFT] -= 1
    if i == L_FIGHT:
        buf[EXP_LEFT] = 0  # the fight is the last item
        return decide(buf, P_FIGHT_ORC, p)
    push_op(buf, OP_LOOT_RESUME, 0, p)
    row = LOOT_GAIN[i].copy()
    gain_goods(buf, p, row)
    if i == L_ALL_WEAPONS:
        for d in range(MAX_DWARFS):
            w = buf[WEAPON + p * MAX_DWARFS + d]
            if w > 0 and buf[DWARF + p * MAX_DWARFS + d] != D_ABSENT:
                buf[WEAPON + p * MAX_DWARFS + d] = min(MAX_WEAPON, w + 1)
        if buf[EXP_MERCENARY] == 0 and 0 <= buf[CUR_PERSON] < PERSON_ORC:
            buf[EXP_STRENGTH] = buf[WEAPON + p * MAX_DWARFS + buf[CUR_PERSON]]
    elif i == L_FURNISH:
        push_op(buf, OP_FURNISH, 10, p)
    elif i == L_STABLE:
        push_op(buf, OP_STABLE, 0, p)
    elif i == L_TUNNEL:
        push_op(buf, OP_SINGLE, T_TUNNEL, p)
    elif i == L_MEADOW:
        push_op(buf, OP_SINGLE, T_MEADOW, p)
    elif i == L_FIELD:
        push_op(buf, OP_SINGLE, T_FIELD, p)
    elif i == L_CAVERN:
        push_op(buf, OP_SINGLE, T_CAVERN, p)
    elif i == L_SMALL_PASTURE:
        push_op(buf, OP_PASTURE, 0, p)
    elif i == L_LARGE_PASTURE:
        push_op(buf, OP_PASTURE, 1, p)
    elif i == L_DWELLING:
        push_op(buf, OP_FURNISH, 12, p)
    elif i == L_SOW:
        push_op(buf, OP_SOW, 0, p)
    elif i == L_BREED2:
        push_op(buf, OP_BREED2, 0, p)
    elif i == L_TRAP:
        push_op(buf, OP_TRAP, 0, p)
    elif i == L_REFILL:
        push_op(buf, OP_REFILL, 0, p)
    return False


@njit(**KERNEL)
def fight(buf, p, d):
    """Fight (B5): spend d dogs; W' = W - max(0, S - d); +1 after the expedition if W' > 0;
    then the orc is defeated and its reward claimed."""
    o = buf[SUB + 0]
    person = buf[CUR_PERSON]
    s = buf[ORC_STR + p * NUM_ORCS + o]
    w = buf[WEAPON + p * MAX_DWARFS + person]
    buf[WEAPON + p * MAX_DWARFS + person] = w - max(0, s - d)
    buf[r_(p, DOG)] -= d
    rehouse(buf, p)
    finish_expedition(buf, p)
    defeat(buf, p, o, s)


# ---- rewards ----------------------------------------------------------------------------------


@njit(**KERNEL)
def reward_ok(buf, p, r):
    """A free reward space in an allowed column of a strip in play (B6)."""
    if r // 4 >= n_players(buf) or buf[REWARD_TAKEN + r] != 0:
        return False
    return REWARD_COLUMN[r] < ORC_MAX_COLUMN[buf[SUB + 0]]


@njit(**KERNEL)
def take_reward(buf, p, r):
    buf[REWARD_TAKEN + r] = p + 1
    row = REWARD_GAIN[r].copy()
    gain_goods(buf, p, row)
    if r == RW_MERCENARY:  # CUR_PERSON stays: Adventure's second expedition still needs it
        start_expedition(buf, p, 4, max(1, buf[SUB + 1]), 1)
        return True
    if r == RW_MASTER_TRADER:  # convert any amount of one material into another 1:1
        buf[SUB + 1] = -1
        buf[SUB + 2] = -1
        decide(buf, P_TRADE, p)
        return True
    if r == RW_FOREMAN:
        push_op(buf, OP_REFILL, 0, p)
    elif r == RW_CASANOVA:
        push_op(buf, OP_CASANOVA, 0, p)
    elif r == RW_SUPPLIER:
        return arm_dwarf(buf, p, SUPPLIER_STRENGTH)
    elif r == RW_TRAPPER:
        push_op(buf, OP_TRAP, 1, p)
    elif r == RW_BEGGAR_KING:
        if buf[BEGGING + p] > 0:
            buf[BEGGING + p] -= 1
        buf[r_(p, GOLD)] += 3
    return False


# ---- round flow -------------------------------------------------------------------------------


@njit(**KERNEL)
def space_total(buf, s):
    total = 0
    for g in range(NUM_GOODS):
        total += buf[ACCUM + s * NUM_GOODS + g]
    return total


@njit(**KERNEL)
def clear_space(buf, s):
    for g in range(NUM_GOODS):
        buf[ACCUM + s * NUM_GOODS + g] = 0


@njit(**KERNEL)
def start_round(buf):
    """Spec A5 steps 1-2 with B11: reveal card and marker, suppliers; solo: each space with
    >= 6 goods is emptied unless the player pays 1 ruby (a decision, P_SOLO_SAVE); replenish.
    Returns True when the solo player must decide."""
    n = n_players(buf)
    if buf[CLEAR_POS] < 0:
        rnd = buf[ROUND] + 1
        if n <= 2 and rnd == 9:
            rnd = 10  # D41: 1-2 players skip round 9
        buf[ROUND] = rnd
        card = draw_round_card(buf, rnd)
        buf[CARD + rnd - 1] = card
        if card >= 0:
            buf[SPACE_OPEN + card] = 1
            if card == S_FAMILY_LIFE:  # Wish for Children flips (A6)
                buf[SPACE_OPEN + S_WISH] = 0
                buf[SPACE_OPEN + S_URGENT] = 1
        buf[MARKER + rnd - 1] = draw_marker(buf, rnd)
        for p in range(n):
            for k in range(3):
                if buf[SUPPLIER_LEFT + p * 3 + k] > 0:
                    buf[SUPPLIER_LEFT + p * 3 + k] -= 1
                    buf[r_(p, (WOOD, STONE, RUBY)[k])] += 1
            for d in range(MAX_DWARFS):
                buf[DWARF_SPACE + p * MAX_DWARFS + d] = -1
            for o in range(NUM_ORCS):
                buf[ORC_SPACE + p * NUM_ORCS + o] = -1
        buf[CLEAR_POS] = 0
    while n == 1 and buf[CLEAR_POS] < NUM_SPACES:  # base solo rule (A5 step 2)
        s = buf[CLEAR_POS]
        if buf[SPACE_OPEN + s] and space_total(buf, s) >= SOLO_CLEAR_AT:
            if buf[r_(0, RUBY)] > 0:
                return decide(buf, P_SOLO_SAVE, 0)
            clear_space(buf, s)
        buf[CLEAR_POS] += 1
    for s in range(NUM_SPACES):
        buf[OCCUPANT + s] = -1
        if buf[SPACE_OPEN + s] == 0:
            continue
        if s == S_RUBY_MINING and n == 2 and buf[ROUND] < 3:
            continue
        total = space_total(buf, s)
        for g in range(NUM_GOODS):
            buf[ACCUM + s * NUM_GOODS + g] += ACC[s, g, 0] if total == 0 else ACC[s, g, 1]
    buf[CLEAR_POS] = -1
    buf[TURN] = buf[START_PLAYER]
    buf[STAGE] = ST_WORK
    return False


@njit(**KERNEL)
def harvest_kind_of_round(buf):
    rnd = buf[ROUND]
    if rnd <= 2:
        return H_NONE
    if rnd == 4:
        return H_FEED_ONE
    if buf[MARKER + rnd - 1] == 1:
        return EVENT_HARVEST[buf[EVENTS_DONE] - 1]
    return H_NORMAL


@njit(**KERNEL)
def start_harvest(buf):
    buf[STAGE] = ST_HARVEST
    buf[HARVEST_SEAT] = 0
    buf[FEED_SEAT] = 0
    buf[FEED_STARTED] = 0
    buf[HARVEST_KIND] = harvest_kind_of_round(buf)


@njit(**KERNEL)
def end_work_phase(buf):
    """Return home (A5 step 4), then the orc event if the round has an orc marker (D08)."""
    rnd = buf[ROUND]
    if buf[MARKER + rnd - 1] == 1:
        buf[EV] = buf[EVENTS_DONE]
        buf[EV_LETTER] = 0
        buf[EV_SEAT] = 0
        buf[EV_MOVING] = 0
        shuffle_deck(buf)
        buf[STAGE] = ST_EVENT
    else:
        start_harvest(buf)


@njit(**KERNEL)
def shuffle_deck(buf):
    """All movement cards back into the deck (spec B8 step 1: a fresh shuffle per letter)."""
    for i in range(9):
        buf[EV_DEALT + i] = 0


@njit(**KERNEL)
def draw_card(buf):
    """Deal one movement card: uniform among the cards not dealt yet (D16)."""
    left = 0
    for i in range(9):
        left += 1 - buf[EV_DEALT + i]
    k = randint(buf[RNG : RNG + 4], left)
    for i in range(9):
        if buf[EV_DEALT + i] == 0:
            if k == 0:
                buf[EV_DEALT + i] = 1
                return i
            k -= 1
    return -1


@njit(**KERNEL)
def draw_round_card(buf, rnd):
    """The round's card (A4, B2): the solo order; Wish for Children on round 4; else uniform
    among the cards left in the round's stage (= the stage stack shuffled at setup)."""
    if n_players(buf) == 1:
        return SOLO_ORDER[rnd - 1]
    if rnd == 4:
        return S_WISH
    stage = (rnd - 1) // 3 + 1
    left = 0
    for s in range(NUM_SPACES):
        if buf[CARD_LEFT + s] and CARD_STAGE[s] == stage:
            left += 1
    k = randint(buf[RNG : RNG + 4], left)
    for s in range(NUM_SPACES):
        if buf[CARD_LEFT + s] and CARD_STAGE[s] == stage:
            if k == 0:
                buf[CARD_LEFT + s] = 0
                return s
            k -= 1
    return -1


@njit(**KERNEL)
def draw_marker(buf, rnd):
    """Harvest marker of the round (B2 step 2): orc markers face up on 3 and 6, printed rounds
    1-2, 4-5 have none, rounds 7-12 reveal one of the face-down markers left."""
    if rnd == 3 or rnd == 6:
        return 1
    if rnd < 7:
        return -1
    plain = buf[MARKERS_LEFT]
    orc = buf[MARKERS_LEFT + 1]
    if randint(buf[RNG : RNG + 4], plain + orc) < orc:
        buf[MARKERS_LEFT + 1] -= 1
        return 1
    buf[MARKERS_LEFT] -= 1
    return 0


@njit(**KERNEL)
def work_step(buf):
    """Find the next person to place (A5 step 3); returns True if a decision was set."""
    n = n_players(buf)
    for k in range(n):
        p = (buf[TURN] + k) % n
        while True:
            person = next_person(buf, p)
            if person < 0:
                break
            if buf[RUBY_PICK + p] > 0:  # a ruby paid for this person (A7, B9)
                person = buf[RUBY_PICK + p] - 1
            any_space = False
            for s in range(NUM_SPACES):
                if space_feasible(buf, p, person, s):
                    any_space = True
                    break
            buf[CUR_PERSON] = person
            decide(buf, P_PLACE, p)
            if any_space or any_anytime(buf, p):  # a trade may still make a space affordable
                return True
            set_person_space(buf, p, person, -2)  # nothing this person can do: stays home
            buf[RUBY_PICK + p] = 0  # a pick that stays home is spent (else: picked forever)
    end_work_phase(buf)
    return False


@njit(**KERNEL)
def event_step(buf):
    """Orc event (B8): letters A-D, players in turn order; returns True on a decision."""
    n = n_players(buf)
    while buf[EV_LETTER] < NUM_ORCS:
        if buf[EV_SEAT] >= n:
            buf[EV_LETTER] += 1
            buf[EV_SEAT] = 0
            shuffle_deck(buf)
            continue
        p = (buf[START_PLAYER] + buf[EV_SEAT]) % n
        o = buf[EV_LETTER]
        if buf[EV_MOVING] == 0:
            if not is_hostile(buf, p, o):
                buf[EV_SEAT] += 1
                continue
            st = buf[ORC_STATE + p * NUM_ORCS + o]
            buf[EV_CARD] = -1
            if st == O_FOREST or st == O_HELD:  # step 1: draw
                buf[EV_CARD] = draw_card(buf)
            buf[EV_PUSHED] = 0
            buf[EV_STEP] = 0
            buf[EV_MOVING] = 1
            buf[DEFEAT_STR] = buf[ORC_STR + p * NUM_ORCS + o]
        if not is_hostile(buf, p, o):
            buf[EV_MOVING] = 0
            buf[EV_SEAT] += 1
            continue
        if buf[EV_MOVING] == 1:
            return decide(buf, P_ORC, p)
        return decide(buf, P_CAVE_IN, p)
    return finish_event(buf)


@njit(**KERNEL)
def finish_event(buf):
    """After all letters: Orc D arrives after event 2; event 4 forces invasion (B8). Returns
    True when an owner must break an invasion tie; it is then called again (only event 4 can
    ask, and the orcs already in the cave are skipped, so each invades once)."""
    n = n_players(buf)
    ev = buf[EV]
    if ev == 1:
        shuffle_deck(buf)
        for k in range(n):
            p = (buf[START_PLAYER] + k) % n
            card = draw_card(buf)
            i = p * NUM_ORCS + 3
            buf[ORC_STATE + i] = O_FOREST
            buf[ORC_CELL + i] = buf[P_CARD_SPAWN + card]  # deck 1 (D16)
            buf[ORC_STR + i] = ORC_STRENGTH[3]
    if ev == 3:
        for o in range(NUM_ORCS):
            for k in range(n):
                p = (buf[START_PLAYER] + k) % n
                st = buf[ORC_STATE + p * NUM_ORCS + o]
                if (st == O_FOREST or st == O_HELD) and invade(buf, p, o):
                    return True
    for p in range(n):
        rearrange(buf, p)  # the event is over: animals may be rearranged again (A9)
    buf[EVENTS_DONE] += 1
    buf[EV] = -1
    start_harvest(buf)
    return False


# Food conversions (A12, D04, A10 food tiles, Beer Parlor): CONVERT k -> (goods paid, food
# gained). Any time (spec A12 "food conversions any time"), except the Working Cave, which feeds
# one dwarf "each feeding" (tile text) and so is offered at P_FEED only.
CONV_PAY = np.zeros((NUM_CONVERSIONS, NUM_GOODS), np.int64)
CONV_FOOD = np.array([1, 2, 1, 2, 3, 1, 3, 2, 1, 2, 3, 5, 0, 0, 0, 4, 0], np.int64)
for _k, (_g, _n) in enumerate(
    (
        (GRAIN, 1),
        (VEG, 1),
        (SHEEP, 1),
        (BOAR, 1),
        (CATTLE, 1),
        (DONKEY, 1),
        (DONKEY, 2),
        (RUBY, 1),
        (GOLD, 2),
        (GOLD, 3),
        (GOLD, 4),
        (GRAIN, 1),
        (WOOD, 1),
        (STONE, 1),
        (ORE, 2),
        (GRAIN, 2),
        (GRAIN, 2),
    )
):
    CONV_PAY[_k, _g] = _n
CONV_PAY[11, VEG] = 1  # Cooking Cave: 1 grain + 1 vegetable -> 5 food
CONV_COOKING = 11
CONV_WORKING = 12  # Working Cave (12-14): feed exactly one dwarf with 1 wood / 1 stone / 2 ore
CONV_BEER_FOOD = 15  # Beer Parlor: 2 grain -> 4 food
CONV_BEER_GOLD = 16  # Beer Parlor: 2 grain -> 3 gold
BEER_GOLD = 3


@njit(**KERNEL)
def conversion_ok(buf, p, k, feeding):
    """Can p pay conversion k now (the Working Cave only at feeding, once)?"""
    for g in range(NUM_GOODS):
        if buf[r_(p, g)] < CONV_PAY[k, g]:
            return False
    if k == CONV_COOKING:
        return has_furn(buf, p, F_COOKING)
    if CONV_WORKING <= k < CONV_BEER_FOOD:
        return feeding and buf[WORKING_USED] == 0 and has_furn(buf, p, F_WORKING)
    if k >= CONV_BEER_FOOD:
        return has_furn(buf, p, F_BEER)
    return True


@njit(**KERNEL)
def convert(buf, p, k):
    """One food conversion; animals converted give +1 with a Slaughtering Cave."""
    animals = False
    for g in range(NUM_GOODS):
        if CONV_PAY[k, g]:
            buf[r_(p, g)] -= CONV_PAY[k, g]
            if FIRST_ANIMAL <= g < DOG:
                animals = True
    food = CONV_FOOD[k]
    if CONV_WORKING <= k < CONV_BEER_FOOD:
        buf[WORKING_USED] = 1
        food = dwarf_rate(buf, p, buf[HARVEST_KIND])
    if k == CONV_BEER_GOLD:
        buf[r_(p, GOLD)] += BEER_GOLD
    if animals and has_furn(buf, p, F_SLAUGHTERING):
        food += CONV_PAY[k, DONKEY] if k == 6 else 1
    buf[r_(p, FOOD)] += food
    if animals:
        rehouse(buf, p)


@njit(**KERNEL)
def dwarf_rate(buf, p, kind):
    """Food one dwarf eats in this feeding (what the Working Cave covers)."""
    if kind == H_FEED_ONE:
        return 1
    if kind == H_FEED_ARMED2:
        for d in range(MAX_DWARFS):
            if buf[DWARF + p * MAX_DWARFS + d] == D_ADULT and buf[WEAPON + p * MAX_DWARFS + d] > 0:
                return 2
        return 1
    for d in range(MAX_DWARFS):
        if buf[DWARF + p * MAX_DWARFS + d] == D_ADULT:
            return 2
    return 1


@njit(**KERNEL)
def can_convert(buf, p):
    for k in range(NUM_CONVERSIONS):
        if conversion_ok(buf, p, k, True):
            return True
    return False


@njit(**KERNEL)
def pay_food(buf, p, need):
    """Pay `need` food; each missing food is a begging marker (A12)."""
    r = RES + p * NUM_GOODS
    if buf[r + FOOD] >= need:
        buf[r + FOOD] -= need
    else:
        buf[BEGGING + p] += need - buf[r + FOOD]
        buf[r + FOOD] = 0


@njit(**KERNEL)
def food_need(buf, p, kind):
    """B11 feeding rates: adult 2, newborn 1, friendly orc 1, hostage 0; round 4 one each;
    event 3: armed dwarf 2, everyone else 1."""
    need = 0
    for d in range(MAX_DWARFS):
        st = buf[DWARF + p * MAX_DWARFS + d]
        if st == D_ADULT:
            if kind == H_FEED_ONE:
                need += 1
            elif kind == H_FEED_ARMED2:
                need += 2 if buf[WEAPON + p * MAX_DWARFS + d] > 0 else 1
            else:
                need += 2
        elif st == D_NEWBORN:
            need += 1
    for o in range(NUM_ORCS):
        if buf[ORC_STATE + p * NUM_ORCS + o] == O_FRIENDLY and not hostage_orc(buf, p, o):
            need += 1
    return need


@njit(**KERNEL)
def field_phase(buf, p):
    for c in range(CELLS):
        if buf[CROP + p * CELLS + c] > 0:
            buf[CROP + p * CELLS + c] -= 1
            buf[r_(p, VEG if buf[CROP_KIND + p * CELLS + c] else GRAIN)] += 1


@njit(**KERNEL)
def mining_phase(buf, p):
    """B4: a mine holding a donkey moves all its goods to the supply."""
    for c in range(CELLS):
        t = buf[TILE + p * CELLS + c]
        if (t == T_ORE_MINE or t == T_RUBY_MINE) and not orc_on(buf, p, c):
            if buf[ANIMAL_AT + (p * CELLS + c) * 5 + 3] > 0:
                buf[r_(p, ORE if t == T_ORE_MINE else RUBY)] += buf[MINE_GOODS + p * CELLS + c]
                buf[MINE_GOODS + p * CELLS + c] = 0


@njit(**KERNEL)
def harvest_step(buf):
    """The round's harvest (B11) player by player in turn order (D39): event 4's choice first,
    then per player field -> mining -> feeding (the player converts food while some is still
    owed, P_FEED; begging for the rest is automatic) -> breeding. Returns True on a decision."""
    n = n_players(buf)
    kind = buf[HARVEST_KIND]
    if kind == H_CHOICE and buf[HARVEST_SEAT] < n:
        p = (buf[START_PLAYER] + buf[HARVEST_SEAT]) % n
        return decide(buf, P_HARVEST_CHOICE, p)
    while kind != H_NONE and buf[FEED_SEAT] < n:
        p = (buf[START_PLAYER] + buf[FEED_SEAT]) % n
        field = kind == H_NORMAL or (kind == H_CHOICE and buf[HARVEST_PICK + p] == 0)
        if buf[FEED_STARTED] == 0:
            buf[FEED_STARTED] = 1
            buf[WORKING_USED] = 0
            if field:
                field_phase(buf, p)
            if field or kind == H_MINING_FEEDING:
                mining_phase(buf, p)
        need = food_need(buf, p, kind)
        if buf[r_(p, FOOD)] < need and can_convert(buf, p):
            return decide(buf, P_FEED, p)
        pay_food(buf, p, need)
        if kind == H_NORMAL or (kind == H_CHOICE and buf[HARVEST_PICK + p] == 1):
            breed(buf, p, 4)
        buf[FEED_SEAT] += 1
        buf[FEED_STARTED] = 0
    for p in range(n):  # A5 step 6: newborns grow up
        for d in range(MAX_DWARFS):
            if buf[DWARF + p * MAX_DWARFS + d] == D_NEWBORN:
                buf[DWARF + p * MAX_DWARFS + d] = D_ADULT
    buf[STAGE] = ST_ROUND_START
    if buf[ROUND] >= MAX_ROUNDS:
        buf[STAGE] = ST_END
    return False


@njit(**KERNEL)
def end_game(buf):
    """Before scoring every hostile orc in a cave re-evaluates by value (B8, D26), A->D; an
    owner's tie choice (P_INVADE) interrupts, `final_next` says where to go on. Then each
    player in turn order from the start player may still use any-time actions (A13: "anytime
    conversions may still be used before scoring"; P_FINAL_TRADES until DONE), skipped when
    none is possible."""
    n = n_players(buf)
    while buf[FINAL_NEXT] < NUM_ORCS * n:
        o = buf[FINAL_NEXT] // n
        p = buf[FINAL_NEXT] % n
        buf[FINAL_NEXT] += 1
        if buf[ORC_STATE + p * NUM_ORCS + o] == O_CAVE and reevaluate(buf, p, o, True):
            return
    while buf[FINAL_NEXT] < (NUM_ORCS + 1) * n:
        p = (buf[START_PLAYER] + buf[FINAL_NEXT] - NUM_ORCS * n) % n
        decide(buf, P_FINAL_TRADES, p)
        if any_anytime(buf, p):
            return
        buf[FINAL_NEXT] += 1
    buf[PHASE] = P_GAME_OVER
    buf[ACTOR] = 0


@njit(**KERNEL)
def orc_step_3(buf, p, o):
    """Orc event step 3 (B8): a cave orc re-evaluates, a forest orc moves (maybe pausing at a
    Cave-in for its owner's stone); skipped for an orc pushed into the cave or a holding trap
    in step 2 (EV_PUSHED 2, D38). Returns True when the owner must break an invasion tie
    (P_INVADE; the seat is done once it is broken)."""
    if buf[EV_PUSHED] == 2:
        seat_done(buf)
        return False
    if buf[ORC_STATE + p * NUM_ORCS + o] == O_CAVE:
        if reevaluate(buf, p, o, False):
            return True
        seat_done(buf)
        return False
    r = move_orc(buf, p, o)
    if r == MV_INVADE:
        return True
    if r == MV_CAVE_IN:
        buf[EV_MOVING] = 2
    else:
        seat_done(buf)
    return False


@njit(**KERNEL)
def forced(buf, mask):
    """Resolve a decision that has exactly one legal answer and nothing to weigh: an orc event
    step with no bribe or push possible, a defeat with no reward space left (the gold must be
    taken, B6). Returns True if it was resolved (the caller then goes on); False also when
    resolving it raised an invasion tie for the owner (P_INVADE is then pending)."""
    phase = buf[PHASE]
    if phase != P_ORC and phase != P_REWARD:
        return False
    compute_mask(buf, mask)
    if mask.sum() != 1:
        return False
    p = buf[ACTOR]
    if phase == P_ORC:
        return not orc_step_3(buf, p, buf[EV_LETTER])
    else:
        buf[r_(p, GOLD)] += buf[P_ORC_GOLD + buf[SUB + 0]]
    return True


@njit(**KERNEL)
def advance(buf, mask):
    """Run automatic steps until someone must decide, then write the mask."""
    while True:
        if buf[PHASE] == P_GAME_OVER:
            break
        if buf[STACK_N] > 0:
            code, arg, p = pop_op(buf)
            if run_op(buf, code, arg, p) and not forced(buf, mask):
                break
            continue
        st = buf[STAGE]
        if st == ST_ROUND_START:
            if start_round(buf):
                break
        elif st == ST_WORK:
            if work_step(buf):
                break
        elif st == ST_EVENT:
            if event_step(buf) and not forced(buf, mask):
                break
        elif st == ST_HARVEST:
            if harvest_step(buf):
                break
        else:
            end_game(buf)
            break
    compute_mask(buf, mask)


# ---- masks ------------------------------------------------------------------------------------


@njit(**KERNEL)
def branch_ok(buf, p, k):
    ctx = buf[SUB + 2]
    if ctx == BR_GROWTH:
        return k == 0
    if ctx == BR_GROWTH_OR_GOODS:
        return k <= 1
    furnish = any_furn(buf, p, 0)
    trap = any_trap(buf, p, False)
    if k == 0:
        return furnish
    if k == 1:
        return trap
    if k == 2:
        return (ctx == BR_WISH and can_grow(buf, p)) or ctx == BR_URGENT
    return False


@njit(**KERNEL)
def compute_mask(buf, mask):
    """Legal actions of the current decision (all zeros once the game is over): its own
    answers, plus the any-time ruby trades and food conversions."""
    decision_mask(buf, mask)
    if buf[PHASE] != P_GAME_OVER:
        anytime_mask(buf, mask)


@njit(**KERNEL)
def decision_mask(buf, mask):
    """The current decision's own answers, without the any-time actions."""
    mask[:] = 0
    phase = buf[PHASE]
    p = buf[ACTOR]
    if phase == P_GAME_OVER:
        return
    if phase == P_FINAL_TRADES:
        mask[A_DONE] = 1
        return
    if phase == P_PLACE:
        any_space = False
        for s in range(NUM_SPACES):
            if space_feasible(buf, p, buf[CUR_PERSON], s):
                mask[A_SPACE + s] = 1
                any_space = True
        if not any_space:  # asked only for the any-time actions: SKIP stays home (E2)
            mask[A_SKIP] = 1
        if buf[r_(p, RUBY)] > 0:
            for k in range(MAX_DWARFS + NUM_ORCS):
                person = k if k < MAX_DWARFS else PERSON_ORC + k - MAX_DWARFS
                if person != buf[CUR_PERSON] and placeable(buf, p, person):
                    if any_space_for(buf, p, person):
                        mask[A_PERSON + k] = 1
    elif phase == P_TWIN:
        for i in range(NUM_TWIN):
            if twin_ok(buf, p, buf[TWIN_KIND], i):
                mask[A_TWIN + i] = 1
        mask[A_SKIP] = 1
    elif phase == P_TWIN_KIND:
        mask[A_OPTION] = 1 if any_twin(buf, p, TW_CAVERN_TUNNEL) else 0
        mask[A_OPTION + 1] = 1 if any_twin(buf, p, TW_CAVERN_CAVERN) else 0
        mask[A_SKIP] = 1
    elif phase == P_CELL:
        kind = buf[CELL_KIND]
        for c in range(CELLS):
            ok = False
            if kind == CK_SINGLE:
                ok = single_ok(buf, p, buf[PENDING_TILE], c)
            elif kind == CK_RUBY_MINE:
                ok = single_ok(buf, p, T_RUBY_MINE, c)
            elif kind == CK_SMALL_PASTURE:
                ok = meadow_unfenced(buf, p, c)
            elif kind == CK_STABLE:
                ok = stable_ok(buf, p, c)
            if ok:
                mask[A_CELL + c] = 1
        if buf[SUB + 3]:
            mask[A_SKIP] = 1
    elif phase == P_SOW:
        fields = False
        for c in range(CELLS):
            if buf[TILE + p * CELLS + c] == T_FIELD and buf[CROP + p * CELLS + c] == 0:
                fields = True
        if fields and buf[SOWN] < 2 and buf[r_(p, GRAIN)] > 0:
            mask[A_SOW_GRAIN] = 1
        if fields and buf[SOWN + 1] < 2 and buf[r_(p, VEG)] > 0:
            mask[A_SOW_VEG] = 1
        mask[A_DONE] = 1
    elif phase == P_SOW_CELL and buf[r_(p, VEG if buf[PENDING_TILE] else GRAIN)] > 0:
        for c in range(CELLS):
            if buf[TILE + p * CELLS + c] == T_FIELD and buf[CROP + p * CELLS + c] == 0:
                mask[A_CELL + c] = 1
    elif phase == P_FORGE:
        material = buf[SUB + 0]
        top = 4 if material == 1 else MAX_FORGE_ORE
        g = WOOD if material == 1 else ORE
        for k in range(1, top + 1):
            if buf[r_(p, g)] >= forge_cost(buf, p, material, k):
                mask[A_OPTION + k] = 1
        mask[A_SKIP] = 1
    elif phase == P_LOOT:
        for i in range(NUM_LOOT):
            if loot_ok(buf, p, i):
                mask[A_LOOT + i] = 1
        mask[A_DONE] = 1
    elif phase == P_FURN:
        for f in range(NUM_FURN):
            if furn_offered(buf, p, f, buf[SUB + 0]):
                mask[A_FURN + f] = 1
        if buf[SUB + 3]:
            mask[A_SKIP] = 1
    elif phase == P_FURN_CELL:
        # still payable: an any-time action must not spend the chosen tile's cost
        payable = furn_offered(buf, p, buf[PENDING_TILE], buf[SUB + 0])
        for c in range(CELLS):
            if buf[TILE + p * CELLS + c] == T_CAVERN and buf[FURN + p * CELLS + c] == 0:
                if payable and not orc_on(buf, p, c):
                    mask[A_CELL + c] = 1
    elif phase == P_TRAP:
        for t in range(NUM_TRAPS):
            if trap_offered(buf, p, t, buf[FREE_TRAP] == 1):
                mask[A_TRAP + t] = 1
        mask[A_SKIP] = 1
    elif phase == P_TRAP_CELL:
        payable = trap_offered(buf, p, buf[PENDING_TILE], buf[FREE_TRAP] == 1)  # as above
        for c in range(CELLS):
            if payable and trap_cell_ok(buf, p, c):
                mask[A_CELL + c] = 1
    elif phase == P_BRANCH:
        for k in range(3):
            if branch_ok(buf, p, k):
                mask[A_OPTION + k] = 1
        ctx = buf[SUB + 2]
        if ctx == BR_GROWTH or ctx == BR_HOUSEWORK:
            mask[A_SKIP] = 1
    elif phase == P_FARMING:
        bits = farming_options(buf, p, buf[FARM_USED])
        for k in range(3):
            if bits & (1 << k):
                mask[A_OPTION + k] = 1
        mask[A_DONE] = 1
    elif phase == P_ORE_TRADE:
        for k in range(min(3, buf[r_(p, ORE)] // 2) + 1):
            mask[A_OPTION + k] = 1
    elif phase == P_FIGHT_ORC:
        for o in range(NUM_ORCS):
            if fight_target_ok(buf, p, o, buf[EXP_STRENGTH]):
                mask[A_ORC + o] = 1
    elif phase == P_FIGHT_DOGS:
        o = buf[SUB + 0]
        s = buf[ORC_STR + p * NUM_ORCS + o]
        w = buf[EXP_STRENGTH]
        for d in range(min(buf[r_(p, DOG)], s, NUM_OPTIONS - 1) + 1):
            if w - max(0, s - d) >= 0:
                mask[A_OPTION + d] = 1
    elif phase == P_REWARD:
        for r in range(NUM_REWARDS):
            if reward_ok(buf, p, r):
                mask[A_REWARD + r] = 1
        mask[A_GOLD] = 1
    elif phase == P_ORC:
        ev = buf[EV]
        o = buf[EV_LETTER]
        if buf[r_(p, buf[BRIBE_GOOD + ev])] > 0:
            mask[A_BRIBE] = 1
        st = buf[ORC_STATE + p * NUM_ORCS + o]
        if (st == O_FOREST or st == O_HELD) and buf[EV_PUSHED] == 0 and push_affordable(buf, p, ev):
            cell = buf[ORC_CELL + p * NUM_ORCS + o]
            for d in range(8):
                if push_target(p, cell, PUSH_DELTA[d, 0], PUSH_DELTA[d, 1]) != -1:
                    mask[A_PUSH + d] = 1
        mask[A_DONE] = 1
    elif phase == P_CAVE_IN:
        o = buf[EV_LETTER]
        top = min(CAVE_IN_MAX_PAY, buf[r_(p, STONE)], buf[ORC_STR + p * NUM_ORCS + o])
        for k in range(top + 1):
            mask[A_OPTION + k] = 1
    elif phase == P_HARVEST_CHOICE:
        mask[A_OPTION] = 1
        mask[A_OPTION + 1] = 1
    elif phase == P_SOLO_SAVE:
        mask[A_OPTION] = 1 if buf[r_(p, RUBY)] > 0 else 0
        mask[A_SKIP] = 1
    elif phase == P_REFILL:
        for c in range(CELLS):
            if refill_ok(buf, p, c):
                mask[A_CELL + c] = 1
        mask[A_DONE] = 1
    elif phase == P_TRADE:
        src = buf[SUB + 1]
        if src < 0:
            for g in (WOOD, STONE, ORE):
                if buf[r_(p, g)] > 0:
                    mask[A_OPTION + g] = 1
            mask[A_SKIP] = 1
        elif buf[SUB + 2] < 0:
            for g in (WOOD, STONE, ORE):
                if g != src:
                    mask[A_OPTION + g] = 1
        else:
            for k in range(1, min(buf[r_(p, src)], NUM_OPTIONS - 1) + 1):
                mask[A_OPTION + k] = 1
    elif phase == P_FEED:  # the conversions are CONVERT actions (anytime_mask)
        mask[A_DONE] = 1
    elif phase == P_IMITATE:
        for s in range(NUM_SPACES):
            if imitable(buf, p, s) and buf[r_(p, FOOD)] >= buf[SUB + 0]:
                mask[A_SPACE + s] = 1
    elif phase == P_ARM:
        for d in range(MAX_DWARFS):
            if armable(buf, p, d):
                mask[A_OPTION + d] = 1
    elif phase == P_INVADE:
        bits = owner_cells(buf, p, buf[SUB + 0], buf[SUB + 1] == 1)
        for c in range(CELLS):
            if (bits >> c) & 1:
                mask[A_CELL + c] = 1
    elif phase == P_WARRIOR_PAY:
        bits = warrior_options(buf, p)
        for k in range(1, WARRIOR_MATERIALS - 1):
            if (bits >> k) & 1:
                mask[A_OPTION + k] = 1
    elif phase == P_BREED:
        for k in range(4):
            if can_breed(buf, p, k) and not (buf[SUB + 1] >> k) & 1:
                mask[A_OPTION + k] = 1
        mask[A_DONE] = 1
    elif phase == P_WARRIOR:
        for k in range(1, 9):
            if buf[r_(p, ORE)] >= k:
                mask[A_OPTION + k] = 1
        for k in range(1, 5):  # OPTION 9-12: arm with 1-4 wood
            if buf[r_(p, WOOD)] >= k:
                mask[A_OPTION + 8 + k] = 1
        mask[A_SKIP] = 1


@njit(**KERNEL)
def push_affordable(buf, p, ev):
    for g in range(NUM_GOODS):
        if buf[r_(p, g)] < buf[P_PUSH_COST + ev * NUM_GOODS + g]:
            return False
    return True


# ---- any-time actions: ruby trades (A7) and food conversions (A12) ---------------------------

# Ruby trades and conversions that gain or lose an animal: not during an orc event, where
# auto-housing must not run (D44, E1) and the animals' cells are frozen.
RUBY_ANIMAL = np.array([0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0], np.int64)
CONV_ANIMAL = np.array([0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], np.int64)


@njit(**KERNEL)
def reasked(phase):
    """Decisions the automatic flow asks again once the op stack is empty (placement, feeding,
    the event-4 harvest choice, the solo clearing, an orc's bribe/push step and Cave-in, the
    trades before scoring): after
    an any-time action there `advance` re-asks them, or goes on when the action settled them
    (food now covers the feeding). Every other decision is inside an op and stays pending."""
    return (
        phase == P_PLACE
        or phase == P_FEED
        or phase == P_HARVEST_CHOICE
        or phase == P_SOLO_SAVE
        or phase == P_ORC
        or phase == P_CAVE_IN
        or phase == P_FINAL_TRADES
    )


@njit(**KERNEL)
def guarded(buf, phase):
    """Pending decisions whose every answer may vanish when goods are spent or an animal takes
    a meadow: a cost chosen earlier and paid at the cell (furnishing, trap, Imitation food, the
    seed of the field being chosen), or no SKIP (a furnishing that must be taken, a branch).
    Elsewhere SKIP/DONE/an OPTION stays."""
    if phase == P_FURN:
        return buf[SUB + 3] == 0
    return (
        phase == P_FURN_CELL
        or phase == P_TRAP_CELL
        or phase == P_BRANCH
        or phase == P_IMITATE
        or phase == P_SOW_CELL
    )


@njit(**KERNEL)
def anytime_apply(buf, p, a):
    """Ruby trade (RUBY) or food conversion (CONVERT) a for p, in place."""
    if a < A_PERSON:
        ruby_trade(buf, p, a - A_RUBY)
    else:
        convert(buf, p, a - A_CONVERT)


@njit(**KERNEL)
def still_decidable(buf, p, a):
    """Does the pending decision keep an answer of its own after any-time action a (tried on a
    copy)? Keeps the mask non-empty and committed costs payable."""
    trial = buf.copy()
    anytime_apply(trial, p, a)
    own = np.zeros(NUM_ACTIONS, np.int8)
    decision_mask(trial, own)
    for i in range(NUM_ACTIONS):
        if own[i]:
            return True
    return False


@njit(**KERNEL)
def anytime_ok(buf, p, a):
    """May the deciding player p take ruby trade / conversion a now (A7, A12)? A single tile
    from rubies needs its own cell decision, which would overwrite an op's pending sub-choice:
    tile trades only at the re-asked decisions, never during an orc event (E12)."""
    phase = buf[PHASE]
    event = buf[STAGE] == ST_EVENT
    if a < A_PERSON:
        k = a - A_RUBY
        if not ruby_trade_ok(buf, p, k):
            return False
        if RUBY_TILE[k] and (event or not reasked(phase)):
            return False
        if event and RUBY_ANIMAL[k]:
            return False
    else:
        k = a - A_CONVERT
        if not conversion_ok(buf, p, k, phase == P_FEED):
            return False
        if event and CONV_ANIMAL[k]:
            return False
    if guarded(buf, phase):
        return still_decidable(buf, p, a)
    return True


@njit(**KERNEL)
def any_anytime(buf, p):
    """Can the deciding player p take any any-time action now?"""
    for k in range(NUM_RUBY_TRADES):
        if anytime_ok(buf, p, A_RUBY + k):
            return True
    for k in range(NUM_CONVERSIONS):
        if anytime_ok(buf, p, A_CONVERT + k):
            return True
    return False


@njit(**KERNEL)
def anytime_mask(buf, mask):
    """Add the any-time actions of the deciding player to the mask."""
    p = buf[ACTOR]
    for k in range(NUM_RUBY_TRADES):
        if anytime_ok(buf, p, A_RUBY + k):
            mask[A_RUBY + k] = 1
    for k in range(NUM_CONVERSIONS):
        if anytime_ok(buf, p, A_CONVERT + k):
            mask[A_CONVERT + k] = 1


# ---- applying a decision ----------------------------------------------------------------------


@njit(**KERNEL)
def push_program(buf, p, s):
    for i in range(MAX_OPS - 1, -1, -1):
        code = PROGRAM[s, i, 0]
        if code != 0:
            push_op(buf, code, PROGRAM[s, i, 1], p)


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


@njit(**KERNEL)
def sow_field(buf, mask, p, c, veg):
    """Sow field c with grain (3) or a vegetable (2) and pay the seed (A11). Returns True if
    the sowing goes on as a decision (P_SOW with more than DONE legal)."""
    buf[CROP + p * CELLS + c] = 2 if veg else 3
    buf[CROP_KIND + p * CELLS + c] = veg
    buf[r_(p, VEG if veg else GRAIN)] -= 1
    buf[SOWN + veg] += 1
    rehouse(buf, p)  # a sown field no longer holds a Stubble Room animal
    if can_sow(buf, p) and (buf[SOWN] < 2 or buf[SOWN + 1] < 2):
        decide(buf, P_SOW, p)
        compute_mask(buf, mask)
        return mask.sum() > 1
    return False


@njit(**KERNEL)
def seat_done(buf):
    buf[EV_MOVING] = 0
    buf[EV_SEAT] += 1


@njit(**KERNEL)
def apply_action(buf, mask, a):
    """Apply legal action a for buf[ACTOR] (the caller checked the mask), then advance."""
    phase = buf[PHASE]
    p = buf[ACTOR]
    n = n_players(buf)
    if A_RUBY <= a < A_PERSON or a >= A_CONVERT:  # any time: the decision stays pending
        anytime_apply(buf, p, a)
        if reasked(phase):
            advance(buf, mask)
        else:
            compute_mask(buf, mask)
        return
    if phase == P_PLACE and a == A_SKIP:  # no space legal, no trade wanted: stays home (E2)
        buf[RUBY_PICK + p] = 0
        set_person_space(buf, p, buf[CUR_PERSON], -2)
    elif phase == P_PLACE and a >= A_PERSON:
        k = a - A_PERSON
        buf[r_(p, RUBY)] -= 1
        buf[RUBY_PICK + p] = 1 + (k if k < MAX_DWARFS else PERSON_ORC + k - MAX_DWARFS)
    elif phase == P_PLACE:
        s = a - A_SPACE
        person = buf[CUR_PERSON]
        buf[RUBY_PICK + p] = 0
        buf[OCCUPANT + s] = p
        set_person_space(buf, p, person, s)
        buf[TURN] = (p + 1) % n
        buf[CUR_SPACE] = s
        if person >= PERSON_ORC:
            push_op(buf, OP_COLLECT, 0, p)
        else:
            push_program(buf, p, s)
    elif phase == P_TWIN:
        if a != A_SKIP:
            i = a - A_TWIN
            kind = buf[TWIN_KIND]
            place_twin(buf, p, kind, i)
            if kind == TW_LARGE_PASTURE:
                buf[r_(p, WOOD)] -= buf[SUB + 1]
            if kind == TW_ORE_MINE:  # FF: the 3 ore go onto the new mine (B3)
                buf[MINE_GOODS + p * CELLS + TWIN_CELLS[i, 0]] += 3
            rehouse(buf, p)
    elif phase == P_TWIN_KIND:
        if a != A_SKIP:
            buf[TWIN_KIND] = TW_CAVERN_TUNNEL if a == A_OPTION else TW_CAVERN_CAVERN
            decide(buf, P_TWIN, p)
            compute_mask(buf, mask)
            return
    elif phase == P_CELL:
        if a != A_SKIP:
            c = a - A_CELL
            kind = buf[CELL_KIND]
            if kind == CK_SINGLE:
                cover(buf, p, c, buf[PENDING_TILE])
            elif kind == CK_RUBY_MINE:
                deep = buf[TILE + p * CELLS + c] == T_DEEP
                buf[TILE + p * CELLS + c] = T_RUBY_MINE
                if deep:  # FF: the ruby goes onto the mine (B3)
                    buf[MINE_GOODS + p * CELLS + c] += 1
            elif kind == CK_SMALL_PASTURE:
                buf[PASTURE + p * CELLS + c] = 1
                buf[r_(p, WOOD)] -= buf[SUB + 1]
            elif kind == CK_STABLE:
                buf[STABLE + p * CELLS + c] = 1
                buf[r_(p, STONE)] -= buf[SUB + 1]
            rehouse(buf, p)
    elif phase == P_SOW:
        if a != A_DONE:
            veg = 1 if a == A_SOW_VEG else 0
            c = -1
            for k in range(CELLS):
                if buf[TILE + p * CELLS + k] == T_FIELD and buf[CROP + p * CELLS + k] == 0:
                    c = k if c == -1 else -2
            if c == -2:  # several empty fields: the player picks one (orcs destroy per cell)
                buf[PENDING_TILE] = veg
                decide(buf, P_SOW_CELL, p)
                compute_mask(buf, mask)
                return
            if sow_field(buf, mask, p, c, veg):
                return
    elif phase == P_SOW_CELL:
        if sow_field(buf, mask, p, a - A_CELL, buf[PENDING_TILE]):
            return
    elif phase == P_FORGE:
        if a != A_SKIP:
            k = a - A_OPTION
            material = buf[SUB + 0]
            buf[r_(p, WOOD if material == 1 else ORE)] -= forge_cost(buf, p, material, k)
            buf[WEAPON + p * MAX_DWARFS + buf[CUR_PERSON]] = k
    elif phase == P_LOOT:
        if a == A_DONE:
            finish_expedition(buf, p)
        else:
            if take_loot(buf, p, a - A_LOOT):
                compute_mask(buf, mask)
                return
    elif phase == P_FURN:
        if a != A_SKIP:
            buf[PENDING_TILE] = a - A_FURN
            decide(buf, P_FURN_CELL, p)
            compute_mask(buf, mask)
            return
    elif phase == P_FURN_CELL:
        f = buf[PENDING_TILE]
        if f == F_WARRIOR:
            buf[SUB + 1] = a - A_CELL
            buf[SUB + 2] = -1
            if ask_warrior(buf, p):
                compute_mask(buf, mask)
                return
        else:
            build_furn(buf, p, f, a - A_CELL, buf[SUB + 0])
    elif phase == P_WARRIOR_PAY:
        if warrior_amount(buf, p, a - A_OPTION):
            pending = ask_warrior_arm(buf, p)
        else:
            pending = ask_warrior(buf, p)
        if pending:
            compute_mask(buf, mask)
            return
    elif phase == P_WARRIOR:
        if a != A_SKIP:
            k = a - A_OPTION
            if k <= 8:
                buf[r_(p, ORE)] -= k
            else:
                buf[r_(p, WOOD)] -= k - 8
            if arm_dwarf(buf, p, k if k <= 8 else k - 8):
                compute_mask(buf, mask)
                return
    elif phase == P_ARM:
        buf[WEAPON + p * MAX_DWARFS + a - A_OPTION] = buf[SUB + 0]
    elif phase == P_TRAP:
        if a != A_SKIP:
            buf[PENDING_TILE] = a - A_TRAP
            decide(buf, P_TRAP_CELL, p)
            compute_mask(buf, mask)
            return
    elif phase == P_TRAP_CELL:
        t = buf[PENDING_TILE]
        c = a - A_CELL
        if buf[FREE_TRAP] == 0:
            for g in range(NUM_GOODS):
                buf[r_(p, g)] -= TRAP_COST[t, g]
        if buf[TILE + p * CELLS + c] == 0:
            gain_bonus(buf, p, c)  # covering a bonus symbol pays it (B7)
        buf[TRAP + p * CELLS + c] = t + 1
        buf[TRAP_ACTIVE + p * CELLS + c] = 1
        buf[TRAP_LEFT + t] -= 1
        rehouse(buf, p)
    elif phase == P_BRANCH:
        ctx = buf[SUB + 2]
        if a != A_SKIP:
            k = a - A_OPTION
            if ctx == BR_GROWTH:
                grow(buf, p)
            elif ctx == BR_GROWTH_OR_GOODS:
                if k == 0:
                    row = GAIN[buf[CUR_SPACE]].copy()
                    gain_goods(buf, p, row)
                else:
                    grow(buf, p)
            elif k == 2 and ctx == BR_WISH:
                grow(buf, p)
            elif k == 2 and ctx == BR_URGENT:
                buf[r_(p, GOLD)] += 3
            else:
                if ctx == BR_URGENT:
                    push_op(buf, OP_BRANCH_GROWTH, 0, p)
                push_op(buf, OP_FURNISH if k == 0 else OP_TRAP, 0, p)
    elif phase == P_FARMING:
        if a != A_DONE:
            k = a - A_OPTION
            push_op(buf, OP_FARMING, buf[FARM_USED] | (1 << k), p)
            if k == 2:
                ask_stable(buf, p, 0 if has_furn(buf, p, F_STONE_CARVER) else 1)
            else:
                ask_pasture(buf, p, k, 2 if k == 0 else 4)
            compute_mask(buf, mask)
            return
    elif phase == P_ORE_TRADE:
        k = a - A_OPTION
        buf[r_(p, ORE)] -= 2 * k
        buf[r_(p, GOLD)] += 2 * k
        buf[r_(p, FOOD)] += k
    elif phase == P_FIGHT_ORC:
        buf[SUB + 0] = a - A_ORC
        decide(buf, P_FIGHT_DOGS, p)
        compute_mask(buf, mask)
        return
    elif phase == P_FIGHT_DOGS:
        fight(buf, p, a - A_OPTION)
    elif phase == P_REWARD:
        if a == A_GOLD:
            buf[r_(p, GOLD)] += buf[P_ORC_GOLD + buf[SUB + 0]]
        elif take_reward(buf, p, a - A_REWARD):
            compute_mask(buf, mask)
            return
    elif phase == P_ORC:
        ev = buf[EV]
        o = buf[EV_LETTER]
        i = p * NUM_ORCS + o
        if a == A_BRIBE:
            buf[r_(p, buf[BRIBE_GOOD + ev])] -= 1
            if buf[BRIBE_GOOD + ev] >= FIRST_ANIMAL:  # a paid animal leaves its cell (D44)
                rehouse(buf, p)
            if lower_strength(buf, p, o, 1, buf[DEFEAT_STR]):  # one bribe of any size (D43)
                seat_done(buf)
        elif a == A_DONE:
            if orc_step_3(buf, p, o):
                compute_mask(buf, mask)
                return
        else:
            d = a - A_PUSH
            paid_animal = False
            for g in range(NUM_GOODS):
                cost = buf[P_PUSH_COST + ev * NUM_GOODS + g]
                buf[r_(p, g)] -= cost
                if g >= FIRST_ANIMAL and cost > 0:
                    paid_animal = True
            if paid_animal:  # as for a bribe: data overrides may ask for animals
                rehouse(buf, p)
            buf[EV_PUSHED] = 1
            if buf[ORC_STATE + i] == O_HELD:
                buf[ORC_STATE + i] = O_FOREST  # pushing frees it; the trap stays armed (D38)
            target = push_target(p, buf[ORC_CELL + i], PUSH_DELTA[d, 0], PUSH_DELTA[d, 1])
            # into the cave or a holding trap: bribes may go on, step 3 is skipped (B8, D38)
            if target == CAVE:
                buf[EV_PUSHED] = 2
                if invade(buf, p, o):
                    compute_mask(buf, mask)
                    return
            else:
                r = enter_cell(buf, p, o, target)
                if r == 1:
                    buf[EV_PUSHED] = 2
                elif r == 2:
                    buf[EV_MOVING] = 3
    elif phase == P_CAVE_IN:
        o = buf[EV_LETTER]
        if cave_in_pay(buf, p, o, a - A_OPTION):
            seat_done(buf)
        elif buf[EV_MOVING] == 3:  # back to the bribe step after a push onto the Cave-in
            buf[EV_MOVING] = 1
            buf[DEFEAT_STR] = buf[ORC_STR + p * NUM_ORCS + o]  # a later bribe starts here (D43)
        else:
            r = move_orc(buf, p, o)
            if r == MV_INVADE:
                compute_mask(buf, mask)
                return
            if r == MV_CAVE_IN:
                buf[EV_MOVING] = 2
            else:
                seat_done(buf)
    elif phase == P_INVADE:
        take_cell(buf, p, buf[SUB + 0], a - A_CELL)
        if buf[STAGE] == ST_EVENT and buf[EV_LETTER] < NUM_ORCS and buf[EV_PUSHED] != 2:
            seat_done(buf)  # the orc's event step ends with its invasion (B8)
        # pushed in (EV_PUSHED 2): back to the bribe step, step 3 is skipped (B8, D38)
    elif phase == P_HARVEST_CHOICE:
        buf[HARVEST_PICK + p] = a - A_OPTION
        buf[HARVEST_SEAT] += 1
    elif phase == P_FINAL_TRADES:  # DONE: the next player's trades, then scoring (A13)
        buf[FINAL_NEXT] += 1
    elif phase == P_REFILL:
        if a != A_DONE:
            c = a - A_CELL
            ore = buf[TILE + p * CELLS + c] == T_ORE_MINE
            buf[MINE_GOODS + p * CELLS + c] += REFILL_ORE if ore else REFILL_RUBY
            buf[SUB + 1] |= 1 << c
            compute_mask(buf, mask)
            if mask.sum() > 1:
                return
    elif phase == P_SOLO_SAVE:
        if a == A_SKIP:
            clear_space(buf, buf[CLEAR_POS])
        else:
            buf[r_(p, RUBY)] -= 1  # the space keeps its goods
        buf[CLEAR_POS] += 1
    elif phase == P_TRADE:
        if a != A_SKIP:
            k = a - A_OPTION
            if buf[SUB + 1] < 0:
                buf[SUB + 1] = k
            elif buf[SUB + 2] < 0:
                buf[SUB + 2] = k
            else:
                buf[r_(p, buf[SUB + 1])] -= k
                buf[r_(p, buf[SUB + 2])] += k
                buf[SUB + 1] = -2  # done
            if buf[SUB + 1] != -2:
                compute_mask(buf, mask)
                return
    elif phase == P_FEED:  # DONE: accept begging for what is still missing
        pay_food(buf, p, food_need(buf, p, buf[HARVEST_KIND]))
        if buf[HARVEST_KIND] == H_NORMAL or (
            buf[HARVEST_KIND] == H_CHOICE and buf[HARVEST_PICK + p] == 1
        ):
            breed(buf, p, 4)
        buf[FEED_SEAT] += 1
        buf[FEED_STARTED] = 0
    elif phase == P_IMITATE:
        buf[r_(p, FOOD)] -= buf[SUB + 0]
        s = a - A_SPACE
        buf[CUR_SPACE] = s
        push_program(buf, p, s)
    elif phase == P_BREED:
        if a != A_DONE:
            buf[SUB + 1] |= 1 << (a - A_OPTION)
        picks = buf[SUB + 1]
        if a != A_DONE and picks & (picks - 1) == 0:  # one type so far: a second may follow
            compute_mask(buf, mask)
            return
        breed_picked(buf, p, picks)
    advance(buf, mask)
