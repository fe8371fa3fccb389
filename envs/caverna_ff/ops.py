"""Caverna FF kernels: the op stack (`run_op`, one op of a space's program), farming and
breeding, loot and fights (A8, B5), rewards. Split from kernels.py by concern.
"""

from __future__ import annotations

import numpy as np
from numba import (
    njit,
)

from eurogym.envs.caverna_ff.board import (
    board_cells,
    can_grow,
    has_furn,
    meadow_unfenced,
    rehouse,
    stable_ok,
)
from eurogym.envs.caverna_ff.effects import (
    captain_extra,
    captain_types,
    dog_factor,
    newborn_bonus,
)
from eurogym.envs.caverna_ff.helpers import (
    BR_BUILDER,
    BR_CAPTAIN,
    BR_EXTENSION,
    BR_GROWTH,
    BR_GROWTH_OR_GOODS,
    BR_HOUSEWORK,
    BR_URGENT,
    BR_WISH,
    PERSON_ORC,
    any_furn,
    any_single,
    any_trap,
    any_twin,
    arm_dwarf,
    ask_refill,
    can_forge,
    can_sow,
    count_mines,
    decide,
    finish_expedition,
    gain_goods,
    n_players,
    person_weapon,
    r_,
    reward_rows,
    start_expedition,
)
from eurogym.envs.caverna_ff.housing import (
    start_housing,
)
from eurogym.envs.caverna_ff.orcs import (
    defeat,
    is_hostile,
)
from eurogym.envs.caverna_ff.rewards import (
    any_space_pick,
    give_benefactor,
    orc_doctor,
    reward_kind,
)
from eurogym.envs.caverna_ff.spaces import (
    GAIN,
    IMITATE_COST,
    MARKET_COST,
    NUM_MARKET,
    OP_BREED2,
    OP_COLLECT,
    OP_EXPED,
    OP_EXTENSION,
    OP_FARMING,
    OP_FORGE,
    OP_FURNISH,
    OP_GAIN,
    OP_GROWTH,
    OP_GROWTH_OR_GOODS,
    OP_HOUSEWORK,
    OP_IMITATE,
    OP_MARKET,
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
)
from eurogym.envs.caverna_ff.stack import (
    OP_BRANCH_GROWTH,
    OP_CASANOVA,
    OP_GUEST,
    OP_HOUSE,
    OP_LOOT_RESUME,
    OP_RESTORE,
    OP_REWARD,
    push_op,
)
from eurogym.envs.caverna_ff.state import (
    ACCUM,
    BEGGING,
    CELL_KIND,
    CK_RUBY_MINE,
    CK_SINGLE,
    CK_SMALL_PASTURE,
    CK_STABLE,
    CUR_PERSON,
    CUR_SPACE,
    D_ABSENT,
    DWARF,
    EXP_LEFT,
    EXP_MERCENARY,
    EXP_STRENGTH,
    EXP_TAKEN,
    FARM_USED,
    FREE_TRAP,
    MAX_DWARFS,
    ORC_STR,
    P_BRANCH,
    P_BREED,
    P_CELL,
    P_FARMING,
    P_FIGHT_ORC,
    P_FORGE,
    P_FURN,
    P_IMITATE,
    P_LOOT,
    P_MARKET,
    P_ORE_TRADE,
    P_REWARD,
    P_SOW,
    P_SPACE_PICK,
    P_TRADE,
    P_TRAP,
    P_TWIN,
    P_TWIN_KIND,
    PENDING_TILE,
    PICK_FORGER,
    PICK_HERALD,
    REWARD_TAKEN,
    ROUND,
    SOWN,
    START_PLAYER,
    SUB,
    TWIN_KIND,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    BOAR,
    CATTLE,
    DOG,
    DONKEY,
    F_CARPENTER,
    F_GUEST,
    F_STONE_CARVER,
    FIRST_ANIMAL,
    GOLD,
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
    MAX_WEAPON,
    MERCENARY_LEVEL,
    NUM_GOODS,
    NUM_LOOT,
    NUM_ORCS,
    ORC_D_FIGHT_ROUND,
    ORC_MAX_COLUMN,
    ORE,
    REWARD_COLUMN,
    REWARD_GAIN,
    RUBY,
    RW_BEGGAR_KING,
    RW_BENEFACTOR,
    RW_CASANOVA,
    RW_FOREMAN,
    RW_FORGER,
    RW_HERALD,
    RW_MASTER_TRADER,
    RW_MERCENARY,
    RW_ORC_DOCTOR,
    RW_SOLDIER,
    RW_SUPPLIER,
    RW_TRAPPER,
    SHEEP,
    SOLDIER_LEVEL,
    STONE,
    SUPPLIER_STRENGTH,
    T_CAVERN,
    T_FIELD,
    T_MEADOW,
    T_ORE_MINE,
    T_RUBY_MINE,
    T_TUNNEL,
    TW_CAVERN_CAVERN,
    TW_CAVERN_TUNNEL,
    TW_LARGE_PASTURE,
    WOOD,
)
from eurogym.envs.core.jit import (
    INLINE,
    KERNEL,
)

# ---- the op stack -----------------------------------------------------------------------------


@njit(**INLINE)
def run_op(buf, code, arg, p):
    """Run one op for seat p; returns True if it set a decision phase."""
    s = buf[CUR_SPACE]
    person = buf[CUR_PERSON]
    if code == OP_COLLECT:
        row = np.zeros(NUM_GOODS, np.int64)
        for g in range(NUM_GOODS):
            row[g] = buf[ACCUM + s * NUM_GOODS + g]
            buf[ACCUM + s * NUM_GOODS + g] = 0
        bits = 0
        if person >= PERSON_ORC:  # the Orc Captain's orc (F19)
            bits = captain_types(buf, p, person - PERSON_ORC, row)
        gain_goods(buf, p, row)
        if bits & (bits - 1):  # two materials or more: the player picks one
            buf[SUB + 1] = bits
            buf[SUB + 2] = BR_CAPTAIN
            return decide(buf, P_BRANCH, p)
        if bits:
            g = 0
            while not (bits >> g) & 1:
                g += 1
            captain_extra(buf, p, g)
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
        return ask_branch(buf, p, BR_HOUSEWORK)
    if code == OP_WISH:
        if not (any_furn(buf, p, 0) or any_trap(buf, p, False) or can_grow(buf, p)):
            return False
        return ask_branch(buf, p, BR_WISH)
    if code == OP_URGENT:
        return ask_branch(buf, p, BR_URGENT)
    if code == OP_GROWTH_OR_GOODS:
        if not can_grow(buf, p):
            row = GAIN[s].copy()
            gain_goods(buf, p, row)
            return False
        return ask_branch(buf, p, BR_GROWTH_OR_GOODS)
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
        buf[SUB + 0] = IMITATE_COST[s, n_players(buf)]  # A6: by space and player count
        return decide(buf, P_IMITATE, p)
    if code == OP_MARKET:  # Weekly Market: arg = the goods bought so far, as bits
        buf[SUB + 1] = arg
        for k in range(NUM_MARKET):
            if market_ok(buf, p, k):
                return decide(buf, P_MARKET, p)
        return False
    if code == OP_EXTENSION:
        return ask_branch(buf, p, BR_EXTENSION)
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
    if code == OP_GUEST:
        buf[SUB + 2] = arg // 8
        buf[SUB + 1] = arg % 8
        for k in range(3):
            if branch_open(buf, p, k, arg % 8):
                return decide(buf, P_BRANCH, p)
        if arg // 8 == BR_URGENT and arg & 3:  # growth after furnishing and/or a trap
            push_op(buf, OP_BRANCH_GROWTH, 0, p)
        return False
    if code == OP_HOUSE:
        return start_housing(buf, p, arg)
    if code == OP_RESTORE:  # a Forger's or Herald's space is done (B6)
        buf[CUR_SPACE] = arg // 16 - 1
        buf[CUR_PERSON] = arg % 16 - 1
        return False
    return False


@njit(**KERNEL)
def market_ok(buf, p, k):
    """May the Weekly Market's good k still be bought (A6: each at most once, for gold)?"""
    return not (buf[SUB + 1] >> k) & 1 and buf[r_(p, GOLD)] >= MARKET_COST[k]


@njit(**KERNEL)
def ask_stable(buf, p, cost):
    for c in range(board_cells(buf, p)):
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
    for c in range(board_cells(buf, p)):
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
        for c in range(board_cells(buf, p)):
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
        for c in range(board_cells(buf, p)):
            if stable_ok(buf, p, c):
                bits |= 4
                break
    return bits


@njit(**KERNEL)
def branch_ok(buf, p, k):
    """Can branch k of the either/or space being resolved (context sub[2]) be taken (A6, B3)?"""
    ctx = buf[SUB + 2]
    if ctx == BR_GROWTH:
        return k == 0
    if ctx == BR_GROWTH_OR_GOODS or ctx == BR_EXTENSION:
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
def branches_taken(buf, p):
    """Branches of this either/or space already taken (sub[1] bits), with the Guest Room (F11)
    only; 0 without it, so sub[1] is read only where the Guest Room set it."""
    ctx = buf[SUB + 2]
    guest = ctx != BR_GROWTH and ctx != BR_BUILDER and ctx != BR_CAPTAIN
    if guest and has_furn(buf, p, F_GUEST):
        return buf[SUB + 1]
    return 0


@njit(**KERNEL)
def branch_open(buf, p, k, taken):
    """May branch k be chosen now, `taken` the branches done (Guest Room, F11)? Growth after
    Growth's goods is re-checked: the space was taken for a growth that was possible then."""
    if (taken >> k) & 1 or not branch_ok(buf, p, k):
        return False
    return taken == 0 or k != 1 or buf[SUB + 2] != BR_GROWTH_OR_GOODS or can_grow(buf, p)


@njit(**KERNEL)
def ask_branch(buf, p, ctx):
    """Ask an either/or space's branch (P_BRANCH); with the Guest Room none is taken yet."""
    buf[SUB + 2] = ctx
    if has_furn(buf, p, F_GUEST):
        buf[SUB + 1] = 0
    return decide(buf, P_BRANCH, p)


@njit(**KERNEL)
def breed(buf, p, max_types):
    """Breeding (A9): each farm type with >= 2 animals gets one newborn (at most `max_types`
    types; the loot's choice among more than 2 types is the player's, `ask_breed`)."""
    done = 0
    donkeys = 0
    for a in (CATTLE, BOAR, DONKEY, SHEEP):
        if done < max_types and buf[r_(p, a)] >= 2:
            buf[r_(p, a)] += 1
            done += 1
            if a == DONKEY:
                donkeys = 1
    newborn_bonus(buf, p, done, donkeys)
    rehouse(buf, p)


@njit(**KERNEL)
def can_breed(buf, p, a):
    """Can farm animal type a (0 sheep, 1 boar, 2 cattle, 3 donkey) breed: >= 2 of it (A9)?"""
    return buf[r_(p, FIRST_ANIMAL + a)] >= 2


@njit(**INLINE)
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


@njit(**INLINE)
def breed_picked(buf, p, picks):
    """One newborn for each type in the bit set `picks` (the P_BREED choice)."""
    born = 0
    for a in range(4):
        if (picks >> a) & 1:
            buf[r_(p, FIRST_ANIMAL + a)] += 1
            born += 1
    newborn_bonus(buf, p, born, (picks >> 3) & 1)
    rehouse(buf, p)


# ---- loot and fights --------------------------------------------------------------------------


@njit(**INLINE)
def loot_taken(buf, i):
    return (buf[EXP_TAKEN] >> i) & 1


@njit(**KERNEL)
def fight_target_ok(buf, p, o, w):
    if not is_hostile(buf, p, o):
        return False
    if o == 3 and buf[ROUND] < ORC_D_FIGHT_ROUND:
        return False
    return w + dog_factor(buf, p) * buf[r_(p, DOG)] >= buf[ORC_STR + p * NUM_ORCS + o]


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


@njit(**INLINE)
def any_loot(buf, p):
    for i in range(NUM_LOOT):
        if loot_ok(buf, p, i):
            return True
    return False


@njit(**INLINE)
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


@njit(**INLINE)
def fight(buf, p, d):
    """Fight (B5): spend d dogs; W' = W - max(0, S - k d) (k = 2 with the Battle Dog School,
    F16, else 1); +1 after the expedition if W' > 0; then the orc is defeated and its reward
    claimed."""
    o = buf[SUB + 0]
    person = buf[CUR_PERSON]
    s = buf[ORC_STR + p * NUM_ORCS + o]
    w = buf[WEAPON + p * MAX_DWARFS + person]
    buf[WEAPON + p * MAX_DWARFS + person] = w - max(0, s - dog_factor(buf, p) * d)
    buf[r_(p, DOG)] -= d
    rehouse(buf, p)
    finish_expedition(buf, p)
    defeat(buf, p, o, s)


# ---- rewards ----------------------------------------------------------------------------------


@njit(**KERNEL)
def reward_ok(buf, p, r):
    """A free reward space in an allowed column of a strip in play (B6)."""
    if r // 4 >= reward_rows(buf) or buf[REWARD_TAKEN + r] != 0:
        return False
    return REWARD_COLUMN[r] < ORC_MAX_COLUMN[buf[SUB + 0]]


@njit(**INLINE)
def take_reward(buf, p, r):
    """Claim reward space r (its kind: rewards.reward_kind); True if it asks a decision. A
    reward whose effect proves impossible (no orc room for the Orc Doctor, no space for the
    Forger or Herald) gives nothing, as a loot item may (E10)."""
    buf[REWARD_TAKEN + r] = p + 1
    k = reward_kind(buf, r)
    row = REWARD_GAIN[k].copy()
    gain_goods(buf, p, row)
    if k == RW_MERCENARY or k == RW_SOLDIER:  # CUR_PERSON stays: Adventure's second
        level = MERCENARY_LEVEL if k == RW_MERCENARY else SOLDIER_LEVEL  # expedition needs it
        start_expedition(buf, p, level, max(1, buf[SUB + 1]), 1)
        return True
    if k == RW_MASTER_TRADER:  # convert any amount of one material into another 1:1
        buf[SUB + 1] = -1
        buf[SUB + 2] = -1
        decide(buf, P_TRADE, p)
        return True
    if k == RW_FORGER or k == RW_HERALD:
        mode = PICK_FORGER if k == RW_FORGER else PICK_HERALD
        if not any_space_pick(buf, p, mode):
            return False
        buf[SUB + 0] = mode
        decide(buf, P_SPACE_PICK, p)
        return True
    if k == RW_FOREMAN:
        push_op(buf, OP_REFILL, 0, p)
    elif k == RW_CASANOVA:
        push_op(buf, OP_CASANOVA, 0, p)
    elif k == RW_SUPPLIER:
        return arm_dwarf(buf, p, SUPPLIER_STRENGTH)
    elif k == RW_TRAPPER:
        push_op(buf, OP_TRAP, 1, p)
    elif k == RW_ORC_DOCTOR:
        orc_doctor(buf, p, buf[SUB + 0])
    elif k == RW_BENEFACTOR:
        give_benefactor(buf, p)
    elif k == RW_BEGGAR_KING:
        if buf[BEGGING + p] > 0:
            buf[BEGGING + p] -= 1
        buf[r_(p, GOLD)] += 3
    return False
