"""Caverna FF kernels: food conversions (A12, D04, A10 food tiles, Beer Parlor), feeding and
the harvest phases (A11), and the harvest's decisions (event 4's choice, feeding, the trades
before scoring; handlers called only from `kernels.act`). Split from kernels.py by concern.
"""

from __future__ import annotations

import numpy as np
from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_OPTION,
    ADVANCE,
    NUM_CONVERSIONS,
)
from eurogym.envs.caverna_ff.board import (
    board_cells,
    has_furn,
    orc_on,
    rehouse,
)
from eurogym.envs.caverna_ff.effects import (
    mining_cave_discount,
    orc_miner_haul,
)
from eurogym.envs.caverna_ff.helpers import (
    decide,
    hostage_orc,
    n_players,
    r_,
)
from eurogym.envs.caverna_ff.ops import (
    breed,
)
from eurogym.envs.caverna_ff.state import (
    ANIMAL_AT,
    BEGGING,
    CROP,
    CROP_KIND,
    D_ADULT,
    D_NEWBORN,
    DWARF,
    FEED_SEAT,
    FEED_STARTED,
    FINAL_NEXT,
    HARVEST_KIND,
    HARVEST_PICK,
    HARVEST_SEAT,
    MAX_DWARFS,
    MAX_ROUNDS,
    MINE_GOODS,
    O_FRIENDLY,
    ORC_STATE,
    P_FEED,
    P_HARVEST_CHOICE,
    RES,
    ROUND,
    ST_END,
    ST_ROUND_START,
    STACK_N,
    STAGE,
    START_PLAYER,
    TILE,
    WEAPON,
    WORKING_USED,
)
from eurogym.envs.caverna_ff.tables import (
    BOAR,
    CATTLE,
    CELLS_ALL,
    DOG,
    DONKEY,
    F_BEER,
    F_COOKING,
    F_SLAUGHTERING,
    F_WORKING,
    FIRST_ANIMAL,
    FOOD,
    GOLD,
    GRAIN,
    H_CHOICE,
    H_FEED_ARMED2,
    H_FEED_ONE,
    H_MINING_FEEDING,
    H_NONE,
    H_NORMAL,
    NUM_GOODS,
    NUM_ORCS,
    ORE,
    RUBY,
    SHEEP,
    STONE,
    T_ORE_MINE,
    T_RUBY_MINE,
    VEG,
    WOOD,
)
from eurogym.envs.core.jit import (
    INLINE,
    KERNEL,
)

# ---- food conversions, feeding and harvest ---------------------------------------------------

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
# each conversion's first good paid and its amount: a quick necessary test before
# `conversion_ok` (masks.anytime_mask, speed); every conversion pays something
CONV_GOOD = np.argmax(CONV_PAY > 0, axis=1).astype(np.int64)
CONV_NEED = CONV_PAY[np.arange(NUM_CONVERSIONS), CONV_GOOD].copy()
assert (CONV_NEED > 0).all()
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


@njit(**INLINE)
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


@njit(**INLINE)
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


@njit(**INLINE)
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
    event 3: armed dwarf 2, everyone else 1; the Mining Cave's discount (F5), never below 0."""
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
    need -= mining_cave_discount(buf, p)
    return need if need > 0 else 0


@njit(**INLINE)
def field_phase(buf, p):
    for c in range(board_cells(buf, p)):
        if buf[CROP + p * CELLS_ALL + c] > 0:
            buf[CROP + p * CELLS_ALL + c] -= 1
            buf[r_(p, VEG if buf[CROP_KIND + p * CELLS_ALL + c] else GRAIN)] += 1


@njit(**INLINE)
def mining_phase(buf, p):
    """B4: a mine holding a donkey moves all its goods to the supply; then the Orc Miner
    Dwelling's orc (F18) hauls one ore mine like a donkey, +1 ore."""
    for c in range(board_cells(buf, p)):
        t = buf[TILE + p * CELLS_ALL + c]
        if (t == T_ORE_MINE or t == T_RUBY_MINE) and not orc_on(buf, p, c):
            if buf[ANIMAL_AT + (p * CELLS_ALL + c) * 5 + 3] > 0:
                buf[r_(p, ORE if t == T_ORE_MINE else RUBY)] += buf[MINE_GOODS + p * CELLS_ALL + c]
                buf[MINE_GOODS + p * CELLS_ALL + c] = 0
    orc_miner_haul(buf, p)


@njit(**INLINE)
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
        if buf[STACK_N] > 0:  # v1: the breeder houses its newborns before the next seat
            return False
    for p in range(n):  # A5 step 6: newborns grow up
        for d in range(MAX_DWARFS):
            if buf[DWARF + p * MAX_DWARFS + d] == D_NEWBORN:
                buf[DWARF + p * MAX_DWARFS + d] = D_ADULT
    buf[STAGE] = ST_ROUND_START
    if buf[ROUND] >= MAX_ROUNDS:
        buf[STAGE] = ST_END
    return False


# ---- the harvest's decisions (handlers of kernels.act) ---------------------------------------


@njit(**INLINE)
def act_harvest_choice(buf, p, a):
    """P_HARVEST_CHOICE (event 4, B11): the field phase (OPTION 0) or breeding (OPTION 1)."""
    buf[HARVEST_PICK + p] = a - A_OPTION
    buf[HARVEST_SEAT] += 1
    return ADVANCE


@njit(**INLINE)
def act_feed(buf, p):
    """P_FEED, DONE (conversions are any-time actions): beg for the food still missing (A12),
    then breed if this harvest breeds for p, and the next player feeds."""
    pay_food(buf, p, food_need(buf, p, buf[HARVEST_KIND]))
    if buf[HARVEST_KIND] == H_NORMAL or (
        buf[HARVEST_KIND] == H_CHOICE and buf[HARVEST_PICK + p] == 1
    ):
        breed(buf, p, 4)
    buf[FEED_SEAT] += 1
    buf[FEED_STARTED] = 0
    return ADVANCE


@njit(**INLINE)
def act_final_trades(buf):
    """P_FINAL_TRADES, DONE: the next player's trades, then scoring (A13)."""
    buf[FINAL_NEXT] += 1
    return ADVANCE
