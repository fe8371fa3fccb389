"""The solo Mayor automa (spec §18.2-18.4) as numba kernels. The Mayor sits on seat 1 of a
solo game and is part of the environment: his whole turn runs inside the flow, between the
human's decisions. His own effects never ask (effects.mayor_option decides them, §18.3).

The human's bribe decision (§18.2 step 1) is asked by the flow in kernels.py before his turn;
the advisors dealt by difficulty (data solo.advisors, tables.ADVISOR_NAMES) add their bonuses
here and in scoring.py.
"""

from __future__ import annotations

from numba import njit

from eurogym.envs.core.jit import KERNEL
from eurogym.envs.core.rng import shuffle
from eurogym.envs.daitoshi.city import (
    C_CITY_REW,
    C_INV_COST,
    C_TILE_ACTION,
    C_TILE_EL_COST,
    JOKER,
    donate,
    electrify,
    electrify_legal,
    expand,
    inner_tile,
    mm_space_free,
    place_tycoon,
    push_workshop_gain,
    refill_market,
    renovate,
    renovate_legal,
    ring_legal,
    take_university,
    trade,
    tycoons_on,
    workshop_open,
    workshop_pay_at,
)
from eurogym.envs.daitoshi.effects import (
    C_INV_ROWS,
    C_INV_VP,
    C_TILE_COLOR,
    C_TILE_EXPLORE,
    can_pay,
    can_pay_list,
    can_pay_one,
    explore_hex,
    fx_code,
    fx_signed_n,
    make_fx,
    pay_list,
    pay_one,
    push,
    push_list,
    resolve,
)
from eurogym.envs.daitoshi.state import (
    ACTIVATED,
    ADVISOR,
    BRIBE_STEP,
    CITIES,
    CLOCK,
    EMPTY,
    INV_PILE,
    INV_PILE_N,
    LEADER,
    MARKET,
    MAYOR_ALT,
    MAYOR_CARD,
    MAYOR_DECK,
    MAYOR_END,
    MAYOR_INV,
    MAYOR_POS,
    MAYOR_SLOT,
    MAYOR_SLOTS,
    MM_DISTRICT,
    MM_INV,
    MM_WORKER,
    MOVED,
    PLACED,
    PLACED_MM,
    PROD_I,
    PROD_MARK,
    RES,
    RNG,
    S_CLEANUP,
    S_PRODUCE,
    SEATS,
    STACK_N,
    STEP,
    SUBSIDY_ON,
    TILE,
    TYC_D,
    VP,
    WS_WORKER,
    C,
)
from eurogym.envs.daitoshi.tables import (
    AD_ABBOT,
    AD_DIPLOMAT,
    AD_ENGINEER,
    AD_FOREMAN,
    AD_INDUSTRIALIST,
    AD_SCHOLAR,
    AD_URBANIST,
    ANY,
    C_ACTION,
    C_LEADER,
    C_PLACE2,
    C_TYCOON_LEFT,
    C_TYCOON_RIGHT,
    C_WORKERS_MM,
    FX_CHECK,
    FX_PILGRIM,
    FX_PRESTIGE,
    FX_VP,
    LEFT,
    MARK_MIDDLE,
    MARK_RIGHT,
    MIDDLE,
    NUM_MAYOR_CARDS,
    RIGHT,
    SPACE_CAPACITY,
)

MAYOR = 1
C_CARD_DISTRICT, C_CARD_LAND, C_CARD_PRIO = C["card_district"], C["card_land"], C["card_prio"]
C_CARD_PROD = C["card_prod"]
WORKSHOP_ORDER = (3, 2, 1, 0)  # Megamachine, outer, central, inner (§18.2)


@njit(**KERNEL)
def district_of_tile(buf, inner):
    for d in range(5):
        if buf[TILE + d * 3] == inner:
            return d
    return 0


@njit(**KERNEL)
def draw_card(buf):
    """§18.2 step 1: discard the face-up card, then reveal the next one; an exhausted deck is
    rebuilt from the discards, the card just discarded included (E7). Only a card still on the
    table stays out: the bribe's first revealed card (MAYOR_ALT) while the second is drawn."""
    if buf[MAYOR_POS] >= buf[MAYOR_END]:
        kept = buf[MAYOR_ALT]
        k = 0
        for card in range(NUM_MAYOR_CARDS):
            if card != kept:
                buf[MAYOR_DECK + k] = card
                k += 1
        if kept != EMPTY:
            buf[MAYOR_DECK + k] = kept
        shuffle(buf[RNG : RNG + 4], buf[MAYOR_DECK : MAYOR_DECK + k], k)
        buf[MAYOR_POS] = 0
        buf[MAYOR_END] = k
    buf[MAYOR_CARD] = buf[MAYOR_DECK + buf[MAYOR_POS]]
    buf[MAYOR_POS] += 1


@njit(**KERNEL)
def matching(buf, d, c):
    colour = buf[C_TILE_COLOR + inner_tile(buf, d)]
    return c != EMPTY and (colour == ANY or colour == c)


@njit(**KERNEL)
def matching_workers(buf, d):
    n = 0
    for i in range(MAYOR_SLOTS):
        if matching(buf, d, buf[MAYOR_SLOT + i]):
            n += 1
    return n


@njit(**KERNEL)
def commit_choice(buf):
    """§18.4: the most expensive market tile he can afford, leftmost first; -1 if none."""
    best = -1
    best_cost = -1
    for m in range(5):
        inv = buf[MARKET + m]
        if inv == EMPTY:
            continue
        cost = buf[C_INV_COST + inv]
        if can_pay_one(buf, MAYOR, 0, cost) and cost > best_cost:
            best = m
            best_cost = cost
    return best


@njit(**KERNEL)
def expand_choice(buf, d0):
    """§18.4: outer if he can, else central (first valid district from his own, clockwise);
    returns d * 3 + ring, 0 for Renovate, -1 if impossible."""
    for ring in range(2, 0, -1):
        for i in range(5):
            d = (d0 + i) % 5
            if ring_legal(buf, MAYOR, d, ring):
                return d * 3 + ring
    return 0 if renovate_legal(buf, MAYOR) else -1


@njit(**KERNEL)
def electrify_choice(buf, d0):
    """§18.4: the most expensive unelectrified tile he can afford; nearest district from his
    own clockwise, then inner, central, outer. Returns d * 3 + ring or -1."""
    best = -1
    best_cost = -1
    for i in range(5):
        d = (d0 + i) % 5
        for ring in range(3):
            if electrify_legal(buf, MAYOR, d, ring):
                cost = buf[C_TILE_EL_COST + buf[TILE + d * 3 + ring]]
                if cost > best_cost:
                    best = d * 3 + ring
                    best_cost = cost
    return best


@njit(**KERNEL)
def trade_choice(buf):
    """§18.4: min(luxury, 5) to the city whose first k rewards give the most VP, leftmost on
    ties; returns city * 8 + k or -1 (needs 1 luxury; he uses no wealth here)."""
    k = buf[RES + MAYOR * 4 + 3]
    if k == 0:
        return -1
    k = 5 if k > 5 else k
    best = -1
    best_vp = 0
    for j in range(5):
        vp = 0
        for i in range(k):
            e = buf[C_CITY_REW + buf[CITIES + j] * 5 + i]
            if fx_code(e) == FX_VP:
                vp += fx_signed_n(e)
        if best < 0 or vp > best_vp:
            best = j
            best_vp = vp
    return best * 8 + k


@njit(**KERNEL)
def mega_source(buf):
    """§18.4: the pile he donates from (common, then innovative, then brilliant), or -1."""
    for q in range(3):
        if buf[INV_PILE_N + q] > 0:
            return q
    return -1


@njit(**KERNEL)
def mega_feasible(buf):
    return mm_space_free(buf) and can_pay(buf, MAYOR, 1, 1, 1, 1, 1) and mega_source(buf) >= 0


@njit(**KERNEL)
def district_action_order(buf, d, out):
    """The actions he tries in district d, in order; returns how many (§18.2 step 3)."""
    n = 0
    if buf[MM_DISTRICT] == d or buf[C_TILE_ACTION + inner_tile(buf, d)] == JOKER:
        out[n] = 4
        n += 1
    own = buf[C_TILE_ACTION + inner_tile(buf, d)]
    if own != JOKER:
        out[n] = own
        return n + 1
    # Town Hall: by the resource he has most of, ties by the card's resource order
    prio = C_CARD_PRIO + buf[MAYOR_CARD] * 4
    used = 0
    for _ in range(4):
        best = -1
        for i in range(4):
            r = buf[prio + i]
            if used & (1 << r):
                continue
            if best < 0 or buf[RES + MAYOR * 4 + r] > buf[RES + MAYOR * 4 + best]:
                best = r
        used |= 1 << best
        out[n] = best  # resource r <-> action r (food commit ... luxury trade)
        n += 1
    return n


@njit(**KERNEL)
def action_feasible(buf, a, d):
    if a == 0:
        return commit_choice(buf) >= 0
    if a == 1:
        return expand_choice(buf, d) >= 0
    if a == 2:
        return electrify_choice(buf, d) >= 0
    if a == 3:
        return trade_choice(buf) >= 0
    return mega_feasible(buf)


@njit(**KERNEL)
def can_act_in(buf, d, order):
    n = district_action_order(buf, d, order)
    for i in range(n):
        if action_feasible(buf, order[i], d):
            return True
    return False


@njit(**KERNEL)
def take_action(buf, a, d):
    """§18.4: perform action a (known feasible) with the Mayor's fixed choices."""
    bonus = (AD_SCHOLAR, AD_URBANIST, AD_ENGINEER, AD_DIPLOMAT, -1)[a]
    if bonus >= 0 and buf[ADVISOR + bonus] == 1:  # resolves after the action's own rewards
        push(buf, MAYOR, make_fx(FX_PRESTIGE, 0, 1) if a == 2 else make_fx(FX_VP, 0, 2))
    if a == 0:
        push(buf, MAYOR, make_fx(FX_CHECK, C_ACTION, 1))
        m = commit_choice(buf)
        inv = buf[MARKET + m]
        buf[MARKET + m] = EMPTY
        pay_one(buf, MAYOR, 0, buf[C_INV_COST + inv])
        buf[MAYOR_INV] += 1
        push(buf, MAYOR, make_fx(FX_VP, 0, buf[C_INV_VP + inv]))
        for row in range(2, -1, -1):
            push_list(buf, MAYOR, C_INV_ROWS + (inv * 3 + row) * 2)
        refill_market(buf)
    elif a == 1:
        choice = expand_choice(buf, d)
        if choice == 0:  # a Renovate is not an Expand: no Urbanist bonus
            if buf[ADVISOR + AD_URBANIST] == 1:
                buf[STACK_N] -= 1
            renovate(buf, MAYOR)
        else:
            expand(buf, MAYOR, choice // 3, choice % 3)
    elif a == 2:
        choice = electrify_choice(buf, d)
        electrify(buf, MAYOR, choice // 3, choice % 3)
    elif a == 3:
        choice = trade_choice(buf)
        trade(buf, MAYOR, choice // 8, choice % 8)
    else:  # the top common (innovative, brilliant) invention on the lowest free space
        q = mega_source(buf)
        k = buf[INV_PILE_N + q] - 1
        inv = buf[INV_PILE + q * 32 + k]
        buf[INV_PILE + q * 32 + k] = 0
        buf[INV_PILE_N + q] = k
        space = 0
        while buf[MM_INV + space] != EMPTY:
            space += 1
        donate(buf, MAYOR, inv, space)
        if take_university(buf) != EMPTY:
            buf[MAYOR_INV + 1] += 1


@njit(**KERNEL)
def tycoon_space(buf, d):
    """§18.2 step 3: the space from his matching workers and the empty workshops."""
    need = matching_workers(buf, d)
    if need == 0:
        return RIGHT
    empty = 0
    for w in range(4):
        if workshop_open(buf, d, w):
            empty += 1
    first, second = (MIDDLE, LEFT) if empty >= need else (LEFT, MIDDLE)
    if tycoons_on(buf, d, first, MAYOR) < SPACE_CAPACITY[first]:
        return first
    if tycoons_on(buf, d, second, MAYOR) < SPACE_CAPACITY[second]:
        return second
    return RIGHT


@njit(**KERNEL)
def place_workers(buf, d, tmp):
    """§18.2: matching workers, slots left to right, onto workshops Megamachine, outer,
    central, inner, skipping one he cannot pay for."""
    for w in WORKSHOP_ORDER:
        if not workshop_open(buf, d, w):
            continue
        if w < 3 and not can_pay_list(buf, MAYOR, workshop_pay_at(buf, d, w), tmp):
            continue
        for i in range(MAYOR_SLOTS):
            c = buf[MAYOR_SLOT + i]
            if matching(buf, d, c):
                buf[MAYOR_SLOT + i] = EMPTY
                if w == 3:
                    buf[MM_WORKER] = c + 1
                    buf[PLACED_MM] = 1
                else:
                    pay_list(buf, MAYOR, workshop_pay_at(buf, d, w), tmp)
                    buf[WS_WORKER + d * 3 + w] = c + 1
                buf[PLACED] += 1
                if buf[ADVISOR + AD_FOREMAN] == 1:
                    buf[VP + MAYOR] += 1
                push_workshop_gain(buf, MAYOR, d, w)
                resolve(buf)
                break


@njit(**KERNEL)
def city_turn(buf, d, tmp, order):
    """§18.2 step 3 in district d; ends with the cleanup step of the normal flow."""
    buf[CLOCK] += 1
    s = tycoon_space(buf, d)
    buf[MOVED] = (d - buf[TYC_D + MAYOR]) % 5
    buf[PLACED] = 0
    buf[PLACED_MM] = 0
    place_tycoon(buf, MAYOR, d, s)
    if s != RIGHT:
        place_workers(buf, d, tmp)
    if buf[PLACED_MM] == 1:
        push(buf, MAYOR, make_fx(FX_CHECK, C_WORKERS_MM, 1))
    if buf[PLACED] >= 2:
        push(buf, MAYOR, make_fx(FX_CHECK, C_PLACE2, 1))
    if s == LEFT:
        push(buf, MAYOR, make_fx(FX_CHECK, C_TYCOON_LEFT, 1))
    elif s == RIGHT:
        push(buf, MAYOR, make_fx(FX_CHECK, C_TYCOON_RIGHT, 1))
    resolve(buf)
    buf[CLOCK] += 1  # explore: the district's hex; at the Town Hall river then the card's land
    explore = buf[C_TILE_EXPLORE + inner_tile(buf, d)]
    if explore == ANY:
        explore_hex(buf, MAYOR, 0)
        resolve(buf)
        explore_hex(buf, MAYOR, buf[C_CARD_LAND + buf[MAYOR_CARD]])
    else:
        explore_hex(buf, MAYOR, explore)
    resolve(buf)
    buf[CLOCK] += 1
    n = district_action_order(buf, d, order)
    for i in range(n):
        if action_feasible(buf, order[i], d):
            take_action(buf, order[i], d)
            break
    buf[STEP] = S_CLEANUP


@njit(**KERNEL)
def mayor_turn(buf, tmp):
    """§18.2: reveal a card, choose the district, then a city or a production turn."""
    order = tmp[:5].copy()
    if buf[BRIBE_STEP] != 2:  # not already chosen through the bribe
        draw_card(buf)
    buf[BRIBE_STEP] = 0
    d0 = buf[TYC_D + MAYOR]
    d1 = (d0 + 1) % 5
    d2 = (d0 + 2) % 5
    card = district_of_tile(buf, buf[C_CARD_DISTRICT + buf[MAYOR_CARD]])
    candidates = (card, d1, d2)
    for i in range(3):
        d = candidates[i]
        if i == 0 and d != d1 and d != d2:
            continue
        if can_act_in(buf, d, order):
            city_turn(buf, d, tmp, order)
            return
    if buf[PROD_MARK + MAYOR] == MARK_MIDDLE:  # §18.2 step 4
        buf[CLOCK] += 1
        buf[PROD_MARK + MAYOR] = MARK_RIGHT
        buf[LEADER] = MAYOR
        buf[PROD_I] = 0
        for q in range(buf[SEATS]):
            buf[SUBSIDY_ON + q] = 0
            for b in range(3):
                buf[ACTIVATED + q * 3 + b] = 0
        buf[STEP] = S_PRODUCE
        return
    city_turn(buf, d1, tmp, order)


@njit(**KERNEL)
def mayor_production(buf):
    """§18.2 step 4 after the human produced: the card's production row, 2 pilgrim advances,
    then §7 step 4's `production:leader` check, which he always cashes in (§18.3). He activates
    no buildings, so `production:activate3` never applies to him."""
    push(buf, MAYOR, make_fx(FX_CHECK, C_LEADER, 1))
    advances = 3 if buf[ADVISOR + AD_ABBOT] == 1 else 2
    push(buf, MAYOR, make_fx(FX_PILGRIM, ANY, advances))
    if buf[ADVISOR + AD_INDUSTRIALIST] == 1:
        top = buf[C_CARD_PRIO + buf[MAYOR_CARD] * 4]
        push(buf, MAYOR, make_fx(top + 1, 0, 1))  # FX_FOOD..FX_LUXURY
    push_list(buf, MAYOR, C_CARD_PROD + buf[MAYOR_CARD] * 2)
