"""Daitoshi's turn procedure (spec §6-§9, §13, §17) as numba kernels over the state buffer.

`apply_action(buf, mask, action)` applies one legal decision, then runs the automatic steps
(effect resolution, the other players' production order, cleanup, conflict checks, the
neutral tycoon, the solo Mayor's whole turn, final scoring) up to the next decision, and
rewrites `mask` for whoever decides next (`buf[ACTOR]`).

Engine decisions beyond effects.py's E1-E3 (docs/daitoshi.md):
* E4 - a producer with nothing to activate and no useful subsidy is skipped (no decision).
* E5 - Commit asks for a second invention only when one can still be taken.
* E6 - VP are an unbounded integer: final VP may be negative (§0, §17.4).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.core.jit import ENTRY, KERNEL
from eurogym.envs.daitoshi.actions import (
    A_ACTION,
    A_ACTIVATE,
    A_BRIBE,
    A_BUILDING,
    A_CITY,
    A_COLOR,
    A_DONE,
    A_DRAFT,
    A_EXPLORE,
    A_FLOOR,
    A_MAYOR_CARD,
    A_MOVE,
    A_MSPACE,
    A_PLACE,
    A_PRODUCE,
    A_RENOVATE,
    A_RING,
    A_SLOT,
    A_SUBSIDY,
    A_TILE,
    A_TRADE,
    A_TYPE,
    A_WEALTH,
)
from eurogym.envs.daitoshi.city import (
    C_INV_COST,
    C_NAT_LEN,
    action_legal,
    activate,
    activate_legal,
    commit_slot_legal,
    donate,
    electrify,
    electrify_legal,
    empty_floor,
    expand,
    finish_commit,
    inner_tile,
    install,
    move_cost,
    move_legal,
    place_legal,
    place_tycoon,
    place_worker,
    renovate,
    renovate_legal,
    ring_legal,
    slot_ready,
    subsidy_useful,
    take_university,
    trade,
    trade_legal,
)
from eurogym.envs.daitoshi.draft import deal_basic, draft_offer, next_drafter, place_neutral
from eurogym.envs.daitoshi.effects import (
    C_TILE_EXPLORE,
    choose,
    conflict_flip,
    eligible,
    flag_target,
    fx_param,
    is_mayor,
    make_fx,
    max_wealth_swap,
    pay_one,
    pay_resource,
    pilgrim_can,
    push,
    resolve,
    slot_can_advance,
    supply,
    top_fx,
    unpaid_resource,
    worker_cap,
    worker_total,
)
from eurogym.envs.daitoshi.mayor import draw_card, mayor_production, mayor_turn
from eurogym.envs.daitoshi.scoring import final_scoring
from eurogym.envs.daitoshi.state import (
    ACTION,
    ACTIVATED,
    ACTIVE,
    ACTOR,
    BRIBE,
    BRIBE_STEP,
    CLOCK,
    DRAFT,
    EMPTY,
    ENDED,
    LEADER,
    MARKET,
    MAYOR_ALT,
    MAYOR_CARD,
    MM_DISTRICT,
    MM_INV,
    MOVED,
    NEUTRAL,
    NUM_PLAYERS,
    P_ACTION,
    P_BRIBE,
    P_BRIBE_CARD,
    P_CASH_IN,
    P_COMMIT,
    P_COMMIT_BUILDING,
    P_DISCARD_HEX,
    P_DRAFT,
    P_ELECTRIFY,
    P_EXPAND,
    P_EXPLORE_TH,
    P_FLAG,
    P_GAME_OVER,
    P_HEX_TO_TILE,
    P_KEEP,
    P_MEGA_SLOT,
    P_MEGA_SPACE,
    P_MM_ORDER,
    P_PAY,
    P_PILGRIM,
    P_PRODUCE,
    P_PROGRESS,
    P_TRADE,
    P_TURN,
    P_WORKER,
    P_WORKERS,
    PENDING_INV,
    PHASE,
    PICKED,
    PLACED,
    PLACED_MM,
    PROD_I,
    PROD_MARK,
    REC_N,
    S_ACTION,
    S_CLEANUP,
    S_COMMIT,
    S_COMMIT_BUILDING,
    S_DONE,
    S_DRAFT,
    S_END_TURN,
    S_EXPLORE,
    S_FINAL,
    S_NEXT,
    S_PRODUCE,
    S_PRODUCE_END,
    S_TURN,
    S_WORKERS,
    SEATS,
    SLOT_INV,
    SLOT_UPPER,
    START_PLAYER,
    STEAM,
    STEP,
    SUBSIDY,
    SUBSIDY_ON,
    TRACK_N,
    TURNS,
    TYC_D,
    TYC_S,
    WORKERS,
)
from eurogym.envs.daitoshi.tables import (
    ANY,
    C_ACTIVATE3,
    C_LEADER,
    C_MOVE3,
    C_PLACE2,
    C_TYCOON_LEFT,
    C_TYCOON_RIGHT,
    C_WORKERS_MM,
    FX_CHECK,
    FX_EXPLORE,
    FX_KEEP_WORKERS,
    FX_PILGRIM,
    FX_PROGRESS,
    LEFT,
    MARK_LEFT,
    MARK_MIDDLE,
    MARK_RIGHT,
    MAX_TRACK,
    NUM_BASIC,
    NUM_MM_SPACES,
    NUM_SLOTS,
    RIGHT,
)

# ---------------------------------------------------------------- turn flow


@njit(**KERNEL)
def end_trigger(buf):
    """§17.1: the second-to-last space of some nature track holds no hex."""
    for t in range(4):
        if buf[TRACK_N + t * MAX_TRACK + buf[C_NAT_LEN + t] - 2] == 0:
            return True
    return False


@njit(**KERNEL)
def producer_can_act(buf, q):
    if is_mayor(buf, q):
        return False
    if subsidy_useful(buf, q):
        return True
    for b in range(3):
        if activate_legal(buf, q, b):
            return True
    return False


@njit(**KERNEL)
def any_placement(buf, p, tmp):
    for c in range(4):
        for w in range(4):
            if place_legal(buf, p, c, w, tmp):
                return True
    return False


@njit(**KERNEL)
def after_workers(buf, p):
    """§8.4: partnership checks of the move and the worker placements; then explore."""
    if buf[PLACED_MM] == 1:
        push(buf, p, make_fx(FX_CHECK, C_WORKERS_MM, 1))
    if buf[PLACED] >= 2:
        push(buf, p, make_fx(FX_CHECK, C_PLACE2, 1))
    if buf[MOVED] >= 3:
        push(buf, p, make_fx(FX_CHECK, C_MOVE3, 1))
    s = buf[TYC_S + p]
    if s == LEFT:
        push(buf, p, make_fx(FX_CHECK, C_TYCOON_LEFT, 1))
    elif s == RIGHT:
        push(buf, p, make_fx(FX_CHECK, C_TYCOON_RIGHT, 1))
    buf[STEP] = S_EXPLORE


@njit(**KERNEL)
def begin_final(buf):
    """§17.3 step 1: an unused subsidy advances progress markers 3 steps."""
    for p in range(buf[SEATS] - 1, -1, -1):
        if not is_mayor(buf, p) and buf[SUBSIDY + p] == 1:
            buf[SUBSIDY + p] = 0
            push(buf, p, make_fx(FX_PROGRESS, 0, 3))
    buf[STEP] = S_FINAL


@njit(**KERNEL)
def next_turn(buf):
    """§13 step 3 and §17.2: trigger, then the next seat or the end of the round."""
    if end_trigger(buf):
        buf[ENDED] = 1
    seats = buf[SEATS]
    last = (buf[START_PLAYER] + seats - 1) % seats
    if buf[ENDED] == 1 and buf[ACTIVE] == last:
        begin_final(buf)
        return
    buf[ACTIVE] = (buf[ACTIVE] + 1) % seats
    buf[TURNS] += 1
    buf[STEP] = S_TURN


@njit(**KERNEL)
def run(buf, tmp):
    """Resolve effects and run automatic steps until a decision is needed or the game ends."""
    while True:
        if resolve(buf):
            return
        step = buf[STEP]
        p = buf[ACTIVE]
        if step == S_TURN:
            if is_mayor(buf, p):
                if buf[BRIBE] == 1 and buf[BRIBE_STEP] == 0:  # §18.2 step 1: the human may bribe
                    buf[PHASE] = P_BRIBE
                    buf[ACTOR] = 0
                    return
                mayor_turn(buf, tmp)  # sets STEP, pushes his effects
                continue
            buf[PHASE] = P_TURN
            buf[ACTOR] = p
            return
        if step == S_PRODUCE:
            seats = buf[SEATS]
            while buf[PROD_I] < seats:
                q = (buf[LEADER] + buf[PROD_I]) % seats
                if producer_can_act(buf, q):
                    buf[PHASE] = P_PRODUCE
                    buf[ACTOR] = q
                    return
                buf[PROD_I] += 1
            buf[STEP] = S_PRODUCE_END
        elif step == S_PRODUCE_END:
            leader = buf[LEADER]
            n = (
                buf[ACTIVATED + leader * 3]
                + buf[ACTIVATED + leader * 3 + 1]
                + buf[ACTIVATED + leader * 3 + 2]
            )
            if is_mayor(buf, leader):
                mayor_production(buf)
            else:
                if n == 3:
                    push(buf, leader, make_fx(FX_CHECK, C_ACTIVATE3, 1))
                push(buf, leader, make_fx(FX_CHECK, C_LEADER, 1))
                push(buf, leader, make_fx(FX_PILGRIM, 4, n))
            buf[PROD_MARK + leader] = MARK_LEFT
            buf[LEADER] = EMPTY
            buf[STEP] = S_END_TURN
        elif step == S_WORKERS:
            if buf[TYC_S + p] != RIGHT and any_placement(buf, p, tmp):
                buf[PHASE] = P_WORKERS
                buf[ACTOR] = p
                return
            after_workers(buf, p)
        elif step == S_EXPLORE:
            buf[CLOCK] += 1
            explore = buf[C_TILE_EXPLORE + inner_tile(buf, buf[TYC_D + p])]
            buf[STEP] = S_ACTION
            if explore == ANY:
                buf[PHASE] = P_EXPLORE_TH
                buf[ACTOR] = p
                return
            push(buf, p, make_fx(FX_EXPLORE, explore, 1))
        elif step == S_ACTION:
            buf[CLOCK] += 1
            buf[STEP] = S_CLEANUP
            for a in range(5):
                if action_legal(buf, p, a):
                    buf[PHASE] = P_ACTION
                    buf[ACTOR] = p
                    return
        elif step == S_COMMIT:
            for m in range(5):  # E5 (food is paid as each invention is taken)
                if commit_slot_legal(buf, p, m, 0):
                    buf[PHASE] = P_COMMIT
                    buf[ACTOR] = p
                    return
            finish_commit(buf, p)
        elif step == S_CLEANUP:
            d = buf[TYC_D + p]
            if buf[MM_DISTRICT] == d:
                nd = (d + 4) % 5
                if buf[TYC_D + NEUTRAL] == nd:
                    nd = (nd + 4) % 5
                buf[MM_DISTRICT] = nd
            buf[PROD_MARK + p] = MARK_MIDDLE
            buf[ACTION] = EMPTY
            buf[STEP] = S_END_TURN
        elif step == S_END_TURN:
            if not is_mayor(buf, p) and conflict_flip(buf, p) and worker_total(buf, p) > 2:
                push(buf, p, make_fx(FX_KEEP_WORKERS, 0, 1))
                buf[STEP] = S_NEXT  # after the keep choice
                continue
            next_turn(buf)
        elif step == S_NEXT:
            next_turn(buf)
        elif step == S_COMMIT_BUILDING:  # §9.2 step 4, once the invention is paid for
            buf[PHASE] = P_COMMIT_BUILDING
            buf[ACTOR] = p
            return
        elif step == S_DRAFT:  # §5.2 step 7, expert variant
            q = next_drafter(buf)
            if q < 0:
                if buf[NUM_PLAYERS] <= 2:
                    place_neutral(buf)  # §5.4: after the players' tycoons are placed
                buf[STEP] = S_TURN
                continue
            count, first = draft_offer(buf)
            if count == 1:  # E1: the last drafter takes the one left
                deal_basic(buf, q, first)
                continue
            buf[PHASE] = P_DRAFT
            buf[ACTOR] = q
            return
        elif step == S_FINAL:
            final_scoring(buf)
            buf[STEP] = S_DONE
            buf[PHASE] = P_GAME_OVER
            buf[ACTOR] = 0
            return
        else:
            buf[PHASE] = P_GAME_OVER
            return


# ---------------------------------------------------------------- masks


@njit(**ENTRY)
def compute_mask(buf, mask, tmp):
    """mask[a] = 1 for each legal action of `actor` in the current phase."""
    mask[:] = 0
    phase = buf[PHASE]
    p = buf[ACTOR]
    if phase == P_TURN:
        if buf[PROD_MARK + p] == MARK_MIDDLE:
            mask[A_PRODUCE] = 1
        for dist in range(1, 6):
            for s in range(3):
                if move_legal(buf, p, dist, s):
                    mask[A_MOVE + (dist - 1) * 3 + s] = 1
    elif phase == P_PRODUCE:
        if subsidy_useful(buf, p):
            mask[A_SUBSIDY] = 1
        for b in range(3):
            if activate_legal(buf, p, b):
                mask[A_ACTIVATE + b] = 1
        mask[A_DONE] = 1
    elif phase == P_WORKERS:
        for c in range(4):
            for w in range(4):
                if place_legal(buf, p, c, w, tmp):
                    mask[A_PLACE + c * 4 + w] = 1
        mask[A_DONE] = 1
    elif phase == P_EXPLORE_TH:
        for i in range(6):
            mask[A_EXPLORE + i] = 1
    elif phase == P_ACTION:
        for a in range(5):
            if action_legal(buf, p, a):
                mask[A_ACTION + a] = 1
        mask[A_DONE] = 1
    elif phase == P_COMMIT:
        for m in range(5):
            if commit_slot_legal(buf, p, m, 0):
                mask[A_SLOT + m] = 1
        if buf[PICKED] == 1:
            mask[A_DONE] = 1
    elif phase == P_COMMIT_BUILDING:
        for b in range(3):
            if empty_floor(buf, p, b) >= 0:
                mask[A_BUILDING + b] = 1
    elif phase == P_EXPAND:
        for d in range(5):
            for ring in range(1, 3):
                if ring_legal(buf, p, d, ring):
                    mask[A_RING + d * 2 + ring - 1] = 1
        if renovate_legal(buf, p):
            mask[A_RENOVATE] = 1
    elif phase == P_ELECTRIFY:
        for i in range(15):
            if electrify_legal(buf, p, i // 3, i % 3):
                mask[A_TILE + i] = 1
    elif phase == P_TRADE:
        for j in range(5):
            for k in range(1, 6):
                if trade_legal(buf, p, j, k):
                    mask[A_TRADE + j * 5 + k - 1] = 1
    elif phase == P_MEGA_SLOT:
        for s in range(NUM_SLOTS):
            if slot_ready(buf, p, s):
                mask[A_FLOOR + s] = 1
    elif phase == P_MEGA_SPACE:
        for i in range(NUM_MM_SPACES):
            if buf[MM_INV + i] == EMPTY:
                mask[A_MSPACE + i] = 1
    elif phase == P_PILGRIM:
        for t in range(4):
            if pilgrim_can(buf, p, t):
                mask[A_TYPE + t] = 1
    elif phase == P_DISCARD_HEX or phase == P_HEX_TO_TILE:
        for t in range(4):
            if buf[REC_N + p * 4 + t] > 0:
                mask[A_TYPE + t] = 1
    elif phase == P_WORKER:
        e = top_fx(buf)
        full = worker_total(buf, p) >= worker_cap(buf, p)
        for c in range(4):
            if full:
                if buf[WORKERS + p * 4 + c] > 0:
                    mask[A_COLOR + c] = 1
            elif (fx_param(e) == ANY or fx_param(e) == c) and supply(buf, c) > 0:
                mask[A_COLOR + c] = 1
        if full:
            mask[A_DONE] = 1
    elif phase == P_FLAG:
        for j in range(5):
            if flag_target(buf, p, j):
                mask[A_CITY + j] = 1
    elif phase == P_PROGRESS:
        for s in range(NUM_SLOTS):
            if slot_can_advance(buf, p, s):
                mask[A_FLOOR + s] = 1
    elif phase == P_KEEP:
        for c in range(4):
            if buf[WORKERS + p * 4 + c] > 0:
                mask[A_COLOR + c] = 1
    elif phase == P_CASH_IN:
        cond = fx_param(top_fx(buf))
        for j in range(5):
            if eligible(buf, p, j, cond):
                mask[A_CITY + j] = 1
        mask[A_DONE] = 1
    elif phase == P_MM_ORDER:
        bits = fx_param(top_fx(buf))
        for i in range(4):
            if bits & (1 << i):
                mask[A_MSPACE + i] = 1
    elif phase == P_BRIBE:
        mask[A_BRIBE] = 1
        mask[A_DONE] = 1
    elif phase == P_BRIBE_CARD:
        mask[A_MAYOR_CARD] = 1
        mask[A_MAYOR_CARD + 1] = 1
    elif phase == P_DRAFT:
        for b in range(NUM_BASIC):
            mask[A_DRAFT + b] = buf[DRAFT + b]
    elif phase == P_PAY:
        for k in range(max_wealth_swap(buf, unpaid_resource(buf)) + 1):
            mask[A_WEALTH + k] = 1


# ---------------------------------------------------------------- the step


@njit(**KERNEL)
def apply_decision(buf, action, tmp):
    """The effect of one legal action; returns True if the automatic flow should run next."""
    phase = buf[PHASE]
    p = buf[ACTOR]
    if phase == P_TURN:
        buf[CLOCK] += 1
        if action == A_PRODUCE:  # §7 step 1
            buf[PROD_MARK + p] = MARK_RIGHT
            buf[LEADER] = p
            buf[PROD_I] = 0
            for q in range(buf[SEATS]):
                buf[SUBSIDY_ON + q] = 0
                for b in range(3):
                    buf[ACTIVATED + q * 3 + b] = 0
            buf[STEP] = S_PRODUCE
        else:  # §8.1-8.2
            dist = (action - A_MOVE) // 3 + 1
            s = (action - A_MOVE) % 3
            buf[STEAM + p] -= move_cost(dist, s)
            place_tycoon(buf, p, (buf[TYC_D + p] + dist) % 5, s)
            buf[MOVED] = dist
            buf[PLACED] = 0
            buf[PLACED_MM] = 0
            buf[STEP] = S_WORKERS
        return True
    if phase == P_PRODUCE:
        if action == A_SUBSIDY:
            buf[SUBSIDY + p] = 0
            buf[SUBSIDY_ON + p] = 1
        elif action == A_DONE:
            buf[PROD_I] += 1
        else:
            activate(buf, p, action - A_ACTIVATE)
        return True
    if phase == P_WORKERS:
        if action == A_DONE:
            after_workers(buf, p)
        else:
            place_worker(buf, p, (action - A_PLACE) // 4, (action - A_PLACE) % 4, tmp)
        return True
    if phase == P_EXPLORE_TH:  # §8.5: river + the chosen land, in the chosen order
        land = (action - A_EXPLORE) // 2 + 1
        if (action - A_EXPLORE) % 2 == 0:
            push(buf, p, make_fx(FX_EXPLORE, land, 1))
            push(buf, p, make_fx(FX_EXPLORE, 0, 1))
        else:
            push(buf, p, make_fx(FX_EXPLORE, 0, 1))
            push(buf, p, make_fx(FX_EXPLORE, land, 1))
        return True
    if phase == P_ACTION:
        if action == A_DONE:
            return True
        a = action - A_ACTION
        buf[ACTION] = a
        buf[PICKED] = 0
        buf[PHASE] = (P_COMMIT, P_EXPAND, P_ELECTRIFY, P_TRADE, P_MEGA_SLOT)[a]
        return False
    if phase == P_COMMIT:
        if action == A_DONE:
            finish_commit(buf, p)
            return True
        m = action - A_SLOT
        inv = buf[MARKET + m]
        buf[MARKET + m] = EMPTY
        pay_one(buf, p, 0, buf[C_INV_COST + inv])
        buf[PENDING_INV] = inv
        buf[PICKED] += 1
        buf[STEP] = S_COMMIT_BUILDING
        return True
    if phase == P_COMMIT_BUILDING:
        install(buf, p, action - A_BUILDING, buf[PENDING_INV])
        if buf[PICKED] == 2:
            finish_commit(buf, p)
        else:
            buf[STEP] = S_COMMIT
        return True
    if phase == P_EXPAND:
        if action == A_RENOVATE:
            renovate(buf, p)
        else:
            expand(buf, p, (action - A_RING) // 2, (action - A_RING) % 2 + 1)
        buf[STEP] = S_CLEANUP
        return True
    if phase == P_ELECTRIFY:
        electrify(buf, p, (action - A_TILE) // 3, (action - A_TILE) % 3)
        buf[STEP] = S_CLEANUP
        return True
    if phase == P_TRADE:
        trade(buf, p, (action - A_TRADE) // 5, (action - A_TRADE) % 5 + 1)
        buf[STEP] = S_CLEANUP
        return True
    if phase == P_MEGA_SLOT:
        buf[PICKED] = action - A_FLOOR
        buf[PHASE] = P_MEGA_SPACE
        return False
    if phase == P_MEGA_SPACE:  # §9.6 steps 2-4 (D24: the university keeps the position)
        s = buf[PICKED]
        donate(buf, p, buf[SLOT_INV + p * NUM_SLOTS + s], action - A_MSPACE)
        uni = take_university(buf)
        buf[SLOT_INV + p * NUM_SLOTS + s] = uni
        if uni == EMPTY:
            buf[SLOT_UPPER + p * NUM_SLOTS + s] = 0
        buf[STEP] = S_CLEANUP
        return True
    if phase == P_BRIBE:  # §18.2 step 1
        if action == A_DONE:
            buf[BRIBE_STEP] = 1
            return True
        buf[BRIBE] = 0
        draw_card(buf)
        buf[MAYOR_ALT] = buf[MAYOR_CARD]
        draw_card(buf)
        buf[PHASE] = P_BRIBE_CARD
        return False
    if phase == P_DRAFT:
        deal_basic(buf, p, action - A_DRAFT)
        return True
    if phase == P_PAY:  # the rest of the payment is settled by `resolve`
        pay_resource(buf, unpaid_resource(buf), action - A_WEALTH)
        return True
    if phase == P_BRIBE_CARD:  # the other revealed card is discarded
        if action == A_MAYOR_CARD:
            buf[MAYOR_CARD] = buf[MAYOR_ALT]
        buf[MAYOR_ALT] = EMPTY
        buf[BRIBE_STEP] = 2
        return True
    # a choice effect on top of the stack
    if action == A_DONE:
        choose(buf, -1)
    elif phase == P_WORKER or phase == P_KEEP:
        choose(buf, action - A_COLOR)
    elif phase == P_FLAG or phase == P_CASH_IN:
        choose(buf, action - A_CITY)
    elif phase == P_MM_ORDER:
        choose(buf, action - A_MSPACE)
    elif phase == P_PROGRESS:
        choose(buf, action - A_FLOOR)
    else:
        choose(buf, action - A_TYPE)
    return True


@njit(**ENTRY)
def apply_action(buf, mask, action):
    """Apply one legal action, run to the next decision and rewrite `mask` for it."""
    tmp = np.zeros(6, np.int64)
    if apply_decision(buf, action, tmp):
        run(buf, tmp)
    compute_mask(buf, mask, tmp)


@njit(**ENTRY)
def start(buf, mask):
    """Run the automatic steps from a freshly dealt state to the first decision."""
    tmp = np.zeros(6, np.int64)
    run(buf, tmp)
    compute_mask(buf, mask, tmp)
