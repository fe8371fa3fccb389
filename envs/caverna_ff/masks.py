"""Caverna FF kernels: every decision's legal mask (`compute_mask`) and the any-time actions
(ruby trades A7, food conversions A12) offered at every decision. Split from kernels.py by
concern.
"""

from __future__ import annotations

import numpy as np
from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_BRIBE,
    A_CONVERT,
    A_DONE,
    A_GOLD,
    A_LOOT,
    A_OPTION,
    A_ORC,
    A_PERSON,
    A_PUSH,
    A_REARRANGE,
    A_RUBY,
    A_SKIP,
    A_SOW_GRAIN,
    A_SOW_VEG,
    A_TILE_X,
    A_TRAP,
    A_TRAP_X,
    NUM_ACTIONS_V1,
    NUM_CONVERSIONS,
    NUM_OPTIONS,
    NUM_RUBY_TRADES,
    NUM_TILE_X,
    X_HUNTING,
)
from eurogym.envs.caverna_ff.board import (
    board_cells,
    has_furn,
    meadow_unfenced,
    single_ok,
    stable_ok,
    trap_cell_ok,
    twin_count,
    twin_ok,
)
from eurogym.envs.caverna_ff.effects import (
    any_tile_x_furn,
    camouflaged_pick,
    dog_factor,
    tile_x_apply,
    tile_x_ok,
)
from eurogym.envs.caverna_ff.harvest import (
    CONV_GOOD,
    CONV_NEED,
    conversion_ok,
    convert,
)
from eurogym.envs.caverna_ff.helpers import (
    BR_BUILDER,
    BR_CAPTAIN,
    BR_GROWTH,
    BR_HOUSEWORK,
    PERSON_ORC,
    RUBY_TILE,
    any_space_for,
    any_twin,
    armable,
    forge_cost,
    furn_ids,
    furn_offered,
    furnish_cell_ok,
    imitable,
    pay_ways,
    placeable,
    r_,
    refill_ok,
    reward_action,
    reward_rows,
    ruby_trade,
    ruby_trade_ok,
    space_action,
    space_count,
    space_feasible,
    trap_ids,
    trap_offered,
    warrior_options,
)
from eurogym.envs.caverna_ff.housing import (
    can_lift,
    legal_units,
    rearrange_ok,
)
from eurogym.envs.caverna_ff.office import cell_action, furn_action, twin_action
from eurogym.envs.caverna_ff.ops import (
    branch_open,
    branches_taken,
    can_breed,
    farming_options,
    fight_target_ok,
    loot_ok,
    market_ok,
    reward_ok,
)
from eurogym.envs.caverna_ff.orcs import (
    is_hostile,
    owner_cells,
    push_target,
)
from eurogym.envs.caverna_ff.rewards import (
    space_pick_ok,
)
from eurogym.envs.caverna_ff.spaces import (
    NUM_MARKET,
)
from eurogym.envs.caverna_ff.state import (
    ACTOR,
    ANIMAL_AT,
    BRIBE_GOOD,
    CELL_KIND,
    CK_RUBY_MINE,
    CK_SINGLE,
    CK_SMALL_PASTURE,
    CK_STABLE,
    CROP,
    CUR_PERSON,
    EV,
    EV_LETTER,
    EV_PUSHED,
    EXP_STRENGTH,
    FARM_USED,
    FREE_TRAP,
    MAX_DWARFS,
    O_FOREST,
    O_HELD,
    OCCUPANT,
    ORC_CELL,
    ORC_STATE,
    ORC_STR,
    P_ARM,
    P_BRANCH,
    P_BREED,
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
    P_HOUSE,
    P_HOUSE_LIFT,
    P_IMITATE,
    P_INVADE,
    P_LOOT,
    P_MARKET,
    P_ORC,
    P_ORE_TRADE,
    P_PLACE,
    P_PUSH_COST,
    P_REFILL,
    P_REWARD,
    P_SOLO_SAVE,
    P_SOW,
    P_SOW_CELL,
    P_SPACE_PICK,
    P_TRADE,
    P_TRAP,
    P_TRAP_CELL,
    P_TRAP_PICK,
    P_TWIN,
    P_TWIN_KIND,
    P_WARRIOR,
    P_WARRIOR_PAY,
    PENDING_TILE,
    PHASE,
    SOWN,
    SPACE_OPEN,
    ST_EVENT,
    STAGE,
    SUB,
    TILE,
    TRAP,
    TWIN_KIND,
)
from eurogym.envs.caverna_ff.tables import (
    CELLS,
    CELLS_ALL,
    DOG,
    F_CAMOUFLAGED,
    F_WORK_ROOM,
    FOOD,
    GRAIN,
    MAX_FORGE_ORE,
    NUM_ANIMALS,
    NUM_FURN,
    NUM_GOODS,
    NUM_LOOT,
    NUM_ORCS,
    NUM_TRAPS,
    ORE,
    PUSH_DELTA,
    RUBY,
    STONE,
    T_FIELD,
    T_RUBY_MINE,
    TRAP_PAY_GOOD,
    TRAP_PAY_MAX,
    TW_CAVERN_CAVERN,
    TW_CAVERN_TUNNEL,
    VEG,
    WARRIOR_MATERIALS,
    WOOD,
)
from eurogym.envs.core.jit import (
    ENTRY,
    INLINE,
    KERNEL,
)

# ---- masks ------------------------------------------------------------------------------------


@njit(**ENTRY)
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
        cur = buf[CUR_PERSON]
        for s in range(space_count(buf)):
            # closed or taken spaces first, without a call (speed; space_feasible says no)
            if buf[SPACE_OPEN + s] and buf[OCCUPANT + s] < 0 and space_feasible(buf, p, cur, s):
                mask[space_action(s)] = 1
                any_space = True
        if not any_space:  # asked only for the any-time actions: SKIP stays home (E2)
            mask[A_SKIP] = 1
        ruby = buf[r_(p, RUBY)] > 0
        camo = has_furn(buf, p, F_CAMOUFLAGED)  # once, not per person (speed)
        for k in range(MAX_DWARFS + NUM_ORCS):
            person = k if k < MAX_DWARFS else PERSON_ORC + k - MAX_DWARFS
            if not (ruby or (camo and camouflaged_pick(buf, p, person))):  # F17: free for weak
                continue  # armed dwarfs
            if person != buf[CUR_PERSON] and placeable(buf, p, person):
                if any_space_for(buf, p, person):
                    mask[A_PERSON + k] = 1
    elif phase == P_TWIN:
        for i in range(twin_count(buf, p)):
            if twin_ok(buf, p, buf[TWIN_KIND], i):
                mask[twin_action(i)] = 1
        mask[A_SKIP] = 1
    elif phase == P_TWIN_KIND:
        mask[A_OPTION] = 1 if any_twin(buf, p, TW_CAVERN_TUNNEL) else 0
        mask[A_OPTION + 1] = 1 if any_twin(buf, p, TW_CAVERN_CAVERN) else 0
        mask[A_SKIP] = 1
    elif phase == P_CELL:
        kind = buf[CELL_KIND]
        for c in range(board_cells(buf, p)):
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
                mask[cell_action(c)] = 1
        if buf[SUB + 3]:
            mask[A_SKIP] = 1
    elif phase == P_SOW:
        fields = False
        for c in range(board_cells(buf, p)):
            if buf[TILE + p * CELLS_ALL + c] == T_FIELD and buf[CROP + p * CELLS_ALL + c] == 0:
                fields = True
        if fields and buf[SOWN] < 2 and buf[r_(p, GRAIN)] > 0:
            mask[A_SOW_GRAIN] = 1
        if fields and buf[SOWN + 1] < 2 and buf[r_(p, VEG)] > 0:
            mask[A_SOW_VEG] = 1
        mask[A_DONE] = 1
    elif phase == P_SOW_CELL and buf[r_(p, VEG if buf[PENDING_TILE] else GRAIN)] > 0:
        for c in range(board_cells(buf, p)):
            if buf[TILE + p * CELLS_ALL + c] == T_FIELD and buf[CROP + p * CELLS_ALL + c] == 0:
                mask[cell_action(c)] = 1
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
        for f in range(furn_ids(buf)):
            if furn_offered(buf, p, f, buf[SUB + 0]):
                mask[furn_action(f)] = 1
        if buf[SUB + 3]:
            mask[A_SKIP] = 1
    elif phase == P_FURN_CELL:
        # still payable: an any-time action must not spend the chosen tile's cost
        if furn_offered(buf, p, buf[PENDING_TILE], buf[SUB + 0]):
            work = has_furn(buf, p, F_WORK_ROOM)
            for c in range(board_cells(buf, p)):
                if furnish_cell_ok(buf, p, c, work):
                    mask[cell_action(c)] = 1
    elif phase == P_TRAP:
        for t in range(trap_ids(buf)):
            if trap_offered(buf, p, t, buf[FREE_TRAP] == 1):
                mask[A_TRAP + t if t < NUM_TRAPS else A_TRAP_X + t - NUM_TRAPS] = 1
        mask[A_SKIP] = 1
    elif phase == P_TRAP_CELL:
        payable = trap_offered(buf, p, buf[PENDING_TILE], buf[FREE_TRAP] == 1)  # as above
        for c in range(board_cells(buf, p)):
            if payable and trap_cell_ok(buf, p, c):
                mask[cell_action(c)] = 1
    elif phase == P_BRANCH and buf[SUB + 2] == BR_CAPTAIN:  # the Orc Captain's material (F19)
        for g in range(3):
            if (buf[SUB + 1] >> g) & 1:
                mask[A_OPTION + g] = 1
    elif phase == P_BRANCH and buf[SUB + 2] == BR_BUILDER:  # the way to pay (F12)
        f = buf[PENDING_TILE]
        if furn_offered(buf, p, f, buf[SUB + 0]):  # as at P_FURN_CELL: still in the supply
            ways = pay_ways(buf, p, f, buf[SUB + 0])
            for k in range(4):
                if (ways >> k) & 1:
                    mask[A_OPTION + k] = 1
    elif phase == P_BRANCH:
        taken = branches_taken(buf, p)
        for k in range(3):
            if branch_open(buf, p, k, taken):
                mask[A_OPTION + k] = 1
        ctx = buf[SUB + 2]
        if ctx == BR_GROWTH or ctx == BR_HOUSEWORK or taken:  # Guest Room: and/or (F11)
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
        k = dog_factor(buf, p)  # B5: no more dogs than cover the strength, ceil(S / k)
        for d in range(min(buf[r_(p, DOG)], (s + k - 1) // k, NUM_OPTIONS - 1) + 1):
            if w - max(0, s - k * d) >= 0:
                mask[A_OPTION + d] = 1
    elif phase == P_REWARD:
        for r in range(4 * reward_rows(buf)):
            if reward_ok(buf, p, r):
                mask[reward_action(r)] = 1
        mask[A_GOLD] = 1
    elif phase == P_SPACE_PICK:  # v1: the Forger's or Herald's space (B6)
        for sp in range(space_count(buf)):
            if space_pick_ok(buf, p, buf[SUB + 0], sp):
                mask[space_action(sp)] = 1
    elif phase == P_MARKET:  # Weekly Market (A6): each good once, for its gold
        for k in range(NUM_MARKET):
            if market_ok(buf, p, k):
                mask[A_OPTION + k] = 1
        mask[A_DONE] = 1
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
    elif phase == P_CAVE_IN:  # Cave-in's stone, v1's Poisoned Food's food (B7)
        o = buf[EV_LETTER]
        t = buf[TRAP + p * CELLS_ALL + buf[ORC_CELL + p * NUM_ORCS + o]] - 1
        top = min(TRAP_PAY_MAX[t], buf[r_(p, TRAP_PAY_GOOD[t])], buf[ORC_STR + p * NUM_ORCS + o])
        for k in range(min(top, NUM_OPTIONS - 1) + 1):
            mask[A_OPTION + k] = 1
    elif phase == P_TRAP_PICK:  # v1: the owner's hostile orcs, anywhere on the board (D28)
        for q in range(NUM_ORCS):
            if is_hostile(buf, p, q):
                mask[A_ORC + q] = 1
        mask[A_DONE] = 1
    elif phase == P_HARVEST_CHOICE:
        mask[A_OPTION] = 1
        mask[A_OPTION + 1] = 1
    elif phase == P_SOLO_SAVE:
        mask[A_OPTION] = 1 if buf[r_(p, RUBY)] > 0 else 0
        mask[A_SKIP] = 1
    elif phase == P_REFILL:
        for c in range(board_cells(buf, p)):
            if refill_ok(buf, p, c):
                mask[cell_action(c)] = 1
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
        for s in range(space_count(buf)):
            if imitable(buf, p, s) and buf[r_(p, FOOD)] >= buf[SUB + 0]:
                mask[space_action(s)] = 1
    elif phase == P_ARM:
        for d in range(MAX_DWARFS):
            if armable(buf, p, d):
                mask[A_OPTION + d] = 1
    elif phase == P_INVADE:
        bits = owner_cells(buf, p, buf[SUB + 0], buf[SUB + 1] == 1)
        for c in range(CELLS):
            if (bits >> c) & 1:
                mask[cell_action(c)] = 1
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
    elif phase == P_HOUSE:
        room = np.zeros(CELLS_ALL, np.int64)
        legal_units(buf, p, buf[SUB + 0], room)
        for c in range(board_cells(buf, p)):
            if room[c] > 0:
                mask[cell_action(c)] = 1
        mask[A_DONE] = 1
        if can_lift(buf, p):
            mask[A_OPTION] = 1
    elif phase == P_HOUSE_LIFT:
        for c in range(board_cells(buf, p)):
            for k in range(NUM_ANIMALS):
                if buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + k] > 0:
                    mask[cell_action(c)] = 1
        mask[A_SKIP] = 1
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


@njit(**INLINE)
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
        or phase == P_SPACE_PICK  # v1's Forger / Herald: no SKIP
    )


@njit(**KERNEL)
def anytime_apply(buf, p, a):
    """Ruby trade (RUBY), food conversion (CONVERT) or v1 tile action (TILE_X) a for p, in
    place."""
    if a < A_PERSON:
        ruby_trade(buf, p, a - A_RUBY)
    elif a >= A_TILE_X:
        tile_x_apply(buf, p, a - A_TILE_X)
    else:
        convert(buf, p, a - A_CONVERT)


@njit(**INLINE)
def still_decidable(buf, p, a):
    """Does the pending decision keep an answer of its own after any-time action a (tried on a
    copy)? Keeps the mask non-empty and committed costs payable."""
    trial = buf.copy()
    anytime_apply(trial, p, a)
    own = np.zeros(NUM_ACTIONS_V1, np.int8)  # v1's action space holds v0's
    decision_mask(trial, own)
    for i in range(NUM_ACTIONS_V1):
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
    elif a >= A_TILE_X:
        if not tile_x_ok(buf, p, a - A_TILE_X):
            return False
        if event and a - A_TILE_X == X_HUNTING:  # loses animals (as CONV_ANIMAL)
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


@njit(**INLINE)
def any_anytime(buf, p):
    """Can the deciding player p take any any-time action now? (Every ruby trade needs a ruby
    and every tile action one of its tiles: checked once up front, for speed.)"""
    if buf[r_(p, RUBY)] > 0:
        for k in range(NUM_RUBY_TRADES):
            if anytime_ok(buf, p, A_RUBY + k):
                return True
    for k in range(NUM_CONVERSIONS):
        if anytime_ok(buf, p, A_CONVERT + k):
            return True
    if furn_ids(buf) > NUM_FURN and any_tile_x_furn(buf, p):  # caverna_ff_v1's tile actions
        for k in range(NUM_TILE_X):
            if anytime_ok(buf, p, A_TILE_X + k):
                return True
    return False


@njit(**INLINE)
def anytime_mask(buf, mask):
    """Add the any-time actions of the deciding player to the mask. caverna_ff_v1's REARRANGE
    is not in `any_anytime`: it never makes the flow ask a decision it would skip. As there,
    the ruby trades are looked at only with a ruby, the tile actions only with one of their
    tiles and a conversion only with its first good (the mask is computed at every decision;
    this skips most of these calls)."""
    p = buf[ACTOR]
    if buf[r_(p, RUBY)] > 0:
        for k in range(NUM_RUBY_TRADES):
            if anytime_ok(buf, p, A_RUBY + k):
                mask[A_RUBY + k] = 1
    for k in range(NUM_CONVERSIONS):
        if buf[r_(p, CONV_GOOD[k])] >= CONV_NEED[k] and anytime_ok(buf, p, A_CONVERT + k):
            mask[A_CONVERT + k] = 1
    if furn_ids(buf) > NUM_FURN:  # caverna_ff_v1's tile actions (its mask has room for them)
        if any_tile_x_furn(buf, p):
            for k in range(NUM_TILE_X):
                if anytime_ok(buf, p, A_TILE_X + k):
                    mask[A_TILE_X + k] = 1
        if rearrange_ok(buf, p):
            mask[A_REARRANGE] = 1
