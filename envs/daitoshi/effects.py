"""Gains, payments and the effect stack (spec §0, §10-§16) as numba kernels over the state.

Every reward in Daitoshi is a list of effects resolved in order, and some effects nest (a
prestige step pays its space, a progress step pays its icon, a cash-in pays a partnership).
They are resolved through one stack in the state: a list is pushed in reverse, the top effect
is resolved one unit at a time, and nested rewards are pushed above the rest. An effect that
needs its owner's choice (an `any` pilgrim or worker, a hex to discard, ...) stops resolution
and becomes the decision (`phase`, `actor`); the decision's action resolves that unit.

Engine rules not in the spec (docs/daitoshi.md, "Engine decisions"):
* E1 - a choice with exactly one option is taken automatically (pilgrim track, worker colour,
  record hex type, flag city, progress slot); an effect with no option left is lost (§0).
* E2 - with payment_choice=False, payments are not a decision: a cost is paid with the named
  resource first and wealth only for the shortfall. By default (§19 "Payment") a player's cost
  is settled one resource at a time, asking how many held units to pay with wealth instead
  wherever there is a real choice (`settle_payment`); the Mayor always pays as E2 (§18.3).
* E3 - a record hex of a chosen type is the top (latest) one of that type's stack.
"""

from __future__ import annotations

from numba import njit

from eurogym.envs.core.jit import KERNEL
from eurogym.envs.daitoshi.state import (
    ACTOR,
    CHIMNEY,
    CITIES,
    CLOCK,
    DISCARD,
    DISCARD_N,
    EMPTY,
    FLAG,
    FLAG_TIME,
    MAYOR_REC,
    MAYOR_RECORD,
    MAYOR_SLOT,
    MAYOR_SLOTS,
    MM_BOARD,
    MM_UP_TILE,
    MM_WORKER,
    OP_CONFLICT,
    P_CASH_IN,
    P_DISCARD_HEX,
    P_FLAG,
    P_HEX_TO_TILE,
    P_KEEP,
    P_MM_ORDER,
    P_PAY,
    P_PILGRIM,
    P_PROGRESS,
    P_WORKER,
    PAY_NEED,
    PAY_P,
    PAYMENT_CHOICE,
    PHASE,
    PILGRIM,
    PRESTIGE,
    REC,
    REC_N,
    REP,
    RES,
    SEATS,
    SLOT_INV,
    SLOT_POS,
    SLOT_UPPER,
    SOLO,
    STACK,
    STACK_FX,
    STACK_N,
    STACK_P,
    STEAM,
    TILE,
    TILE_HEX,
    TRACK_HEX,
    TRACK_N,
    TYC_D,
    VP,
    VP_END,
    WEALTH,
    WORKERS,
    WORM,
    WS_WORKER,
    C,
)
from eurogym.envs.daitoshi.tables import (
    ANY,
    C_EXPLORE,
    CHIMNEY_MAX,
    CONFLICT_AT,
    FX_ADVANCE,
    FX_CHECK,
    FX_COAL,
    FX_DISCARD_HEX,
    FX_EXPLORE,
    FX_HEX_TO_TILE,
    FX_KEEP_WORKERS,
    FX_LUXURY,
    FX_MM_REWARDS,
    FX_P_ACTIVATE,
    FX_P_ANY,
    FX_P_CREATE,
    FX_PILGRIM,
    FX_PRESTIGE,
    FX_PROGRESS,
    FX_REPUTATION,
    FX_SCORE_REP,
    FX_STEAM,
    FX_VP,
    FX_VP_END,
    FX_WATER,
    FX_WEALTH,
    FX_WORKER,
    FX_WORM,
    I_DOUBLE,
    I_NATURE,
    I_READY,
    I_SCORE,
    I_UPGRADE,
    LOSE,
    MAX_SLOT_TRACK,
    MAX_TRACK,
    NUM_FLAGS,
    NUM_SLOTS,
    OP_STEAM,
    OP_WORKERS,
    PARAM,
    PARAM_SPAN,
    REPUTATION_MAX,
    REPUTATION_VP,
    RES_CAP,
    STEAM_PER_ARROW,
    UNIT,
    WORKER_CAP,
    WORKERS_PER_COLOR,
)

C_FX = C["fx"]
C_INV_TYPE, C_INV_VP, C_INV_ROWS = C["inv_type"], C["inv_vp"], C["inv_rows"]
C_TILE_COLOR, C_TILE_EXPLORE = C["tile_color"], C["tile_explore"]
C_HEX_NATURE, C_HEX_REWARD = C["hex_nature"], C["hex_reward"]
C_CITY_PREW, C_CITY_COND = C["city_prew"], C["city_cond"]
C_PRESTIGE, C_PRESTIGE_LEN = C["prestige"], C["prestige_len"]
C_WORM, C_WORM_LEN = C["worm"], C["worm_len"]
C_SLOT_TRACK, C_SLOT_LEN = C["slot_track"], C["slot_len"]
C_NAT_LEN = C["nat_len"]
C_MM_BASE, C_UP_GAIN = C["mm_base"], C["up_gain"]


@njit(**KERNEL)
def fx_code(e):
    return e % PARAM


@njit(**KERNEL)
def fx_param(e):
    return (e // PARAM) % PARAM_SPAN


@njit(**KERNEL)
def fx_n(e):
    return e // UNIT


@njit(**KERNEL)
def fx_signed_n(e):
    """n, negative for a VP loss (`vp` / `vp_end` with param LOSE, the seed's red numbers)."""
    code = fx_code(e)
    if (code == FX_VP or code == FX_VP_END) and fx_param(e) == LOSE:
        return -fx_n(e)
    return fx_n(e)


@njit(**KERNEL)
def make_fx(code, param, n):
    return code + PARAM * param + UNIT * n


@njit(**KERNEL)
def is_mayor(buf, p):
    return buf[SOLO] == 1 and p == 1


# ---------------------------------------------------------------- stack


@njit(**KERNEL)
def push(buf, p, e):
    k = buf[STACK_N]
    if k >= STACK:
        raise RuntimeError("daitoshi: effect stack overflow")
    buf[STACK_P + k] = p
    buf[STACK_FX + k] = e
    buf[STACK_N] = k + 1


@njit(**KERNEL)
def push_list(buf, p, at):
    """Push the reward list whose (start, len) pair sits at buf[at], so it resolves in order."""
    start = buf[at]
    for i in range(buf[at + 1] - 1, -1, -1):
        push(buf, p, buf[C_FX + start + i])


@njit(**KERNEL)
def pop_unit(buf):
    """Use up one unit of the top effect (pop it when none is left)."""
    k = buf[STACK_N] - 1
    e = buf[STACK_FX + k]
    if fx_n(e) > 1:
        buf[STACK_FX + k] = e - UNIT
    else:
        buf[STACK_N] = k


@njit(**KERNEL)
def top_owner(buf):
    return buf[STACK_P + buf[STACK_N] - 1]


@njit(**KERNEL)
def top_fx(buf):
    return buf[STACK_FX + buf[STACK_N] - 1]


# ---------------------------------------------------------------- resources and payments


@njit(**KERNEL)
def gain_res(buf, p, r, n):
    """§10.1: gains above 9 are lost."""
    v = buf[RES + p * 4 + r] + n
    buf[RES + p * 4 + r] = RES_CAP if v > RES_CAP else v


@njit(**KERNEL)
def can_pay(buf, p, food, materials, energy, luxury, wealth):
    """A resource cost (each unit payable with wealth) plus a wealth-only part."""
    short = 0
    need = (food, materials, energy, luxury)
    for r in range(4):
        have = buf[RES + p * 4 + r]
        if need[r] > have:
            short += need[r] - have
    return short + wealth <= buf[WEALTH + p]


@njit(**KERNEL)
def pay(buf, p, food, materials, energy, luxury, wealth):
    """E2: the named resource first, wealth for the shortfall."""
    need = (food, materials, energy, luxury)
    for r in range(4):
        have = buf[RES + p * 4 + r]
        if need[r] > have:
            buf[WEALTH + p] -= need[r] - have
            buf[RES + p * 4 + r] = 0
        else:
            buf[RES + p * 4 + r] = have - need[r]
    buf[WEALTH + p] -= wealth


@njit(**KERNEL)
def pay_cost(buf, p, food, materials, energy, luxury, wealth):
    """Pay a cost that `can_pay` allows. With `payment_choice` a player's cost is left pending
    (PAY_P, PAY_NEED) and `resolve` settles it before any effect, so it is paid before the
    action's rewards (§19 "Payment"); the Mayor (§18.3) and payment_choice=False (E2) pay at
    once, the named resource first."""
    if is_mayor(buf, p) or buf[PAYMENT_CHOICE] == 0:
        pay(buf, p, food, materials, energy, luxury, wealth)
        return
    buf[PAY_P] = p
    buf[PAY_NEED] = food
    buf[PAY_NEED + 1] = materials
    buf[PAY_NEED + 2] = energy
    buf[PAY_NEED + 3] = luxury
    buf[PAY_NEED + 4] = wealth


@njit(**KERNEL)
def can_pay_one(buf, p, r, n):
    return buf[RES + p * 4 + r] + buf[WEALTH + p] >= n


@njit(**KERNEL)
def pay_one(buf, p, r, n):
    """Pay n units of resource r (wealth may stand in for any of them, §4)."""
    pay_cost(
        buf, p, n if r == 0 else 0, n if r == 1 else 0, n if r == 2 else 0, n if r == 3 else 0, 0
    )


@njit(**KERNEL)
def unpaid_resource(buf):
    """The first resource of the pending payment still to pay, or -1 (only wealth left)."""
    for r in range(4):
        if buf[PAY_NEED + r] > 0:
            return r
    return -1


@njit(**KERNEL)
def shortfall(buf, p, r):
    """Units of resource r in the pending payment that only wealth can cover."""
    short = buf[PAY_NEED + r] - buf[RES + p * 4 + r]
    return short if short > 0 else 0


@njit(**KERNEL)
def max_wealth_swap(buf, r):
    """§19 "Payment": how many held units of resource r the payer may pay with wealth instead,
    keeping enough wealth for the shortfalls of the rest of the cost and its own wealth part
    (which is never a choice, e.g. the Megamachine's unit)."""
    p = buf[PAY_P]
    spare = buf[WEALTH + p] - buf[PAY_NEED + 4]
    for q in range(4):
        spare -= shortfall(buf, p, q)
    held = min(buf[RES + p * 4 + r], buf[PAY_NEED + r])
    return max(0, min(held, spare))


@njit(**KERNEL)
def pay_resource(buf, r, swap):
    """Pay the pending units of resource r: the shortfall and `swap` held units with wealth,
    the rest with the resource."""
    p = buf[PAY_P]
    with_wealth = shortfall(buf, p, r) + swap
    buf[WEALTH + p] -= with_wealth
    buf[RES + p * 4 + r] -= buf[PAY_NEED + r] - with_wealth
    buf[PAY_NEED + r] = 0


@njit(**KERNEL)
def settle_payment(buf):
    """Pay the pending cost resource by resource (food, materials, energy, luxury, then its
    wealth part); returns True, asking the payer (P_PAY), at the first resource with a real
    choice (held units and spare wealth, §19). A resource with none is paid as E2."""
    while True:
        r = unpaid_resource(buf)
        if r < 0:
            break
        if max_wealth_swap(buf, r) > 0:
            buf[PHASE] = P_PAY
            buf[ACTOR] = buf[PAY_P]
            return True
        pay_resource(buf, r, 0)
    buf[WEALTH + buf[PAY_P]] -= buf[PAY_NEED + 4]
    buf[PAY_NEED + 4] = 0
    buf[PAY_P] = EMPTY
    return False


@njit(**KERNEL)
def list_cost(buf, at, out):
    """The cost of a workshop `pay` list: out = food, materials, energy, luxury, wealth, steam."""
    for i in range(6):
        out[i] = 0
    start = buf[at]
    for i in range(buf[at + 1]):
        e = buf[C_FX + start + i]
        code = fx_code(e)
        if code <= FX_LUXURY:
            out[code - 1] += fx_n(e)
        elif code == FX_WEALTH:
            out[4] += fx_n(e)
        elif code == FX_STEAM:
            out[5] += fx_n(e)


@njit(**KERNEL)
def can_pay_list(buf, p, at, tmp):
    list_cost(buf, at, tmp)
    if is_mayor(buf, p):
        tmp[5] = 0  # §18.3: he ignores steam
    return tmp[5] <= buf[STEAM + p] and can_pay(buf, p, tmp[0], tmp[1], tmp[2], tmp[3], tmp[4])


@njit(**KERNEL)
def pay_list(buf, p, at, tmp):
    list_cost(buf, at, tmp)
    pay_cost(buf, p, tmp[0], tmp[1], tmp[2], tmp[3], tmp[4])
    if not is_mayor(buf, p):
        buf[STEAM + p] -= tmp[5]


# ---------------------------------------------------------------- workers (§10.4)


@njit(**KERNEL)
def worker_total(buf, p):
    if is_mayor(buf, p):
        n = 0
        for i in range(MAYOR_SLOTS):
            if buf[MAYOR_SLOT + i] != EMPTY:
                n += 1
        return n
    return (
        buf[WORKERS + p * 4]
        + buf[WORKERS + p * 4 + 1]
        + buf[WORKERS + p * 4 + 2]
        + buf[WORKERS + p * 4 + 3]
    )


@njit(**KERNEL)
def worker_cap(buf, p):
    if is_mayor(buf, p):
        return MAYOR_SLOTS
    return WORKER_CAP[buf[OP_CONFLICT + p * 4 + OP_WORKERS]]


@njit(**KERNEL)
def colour_in_use(buf, c):
    """Workers of colour c outside the supply (factories, workshops, the Mayor's slots)."""
    n = 0
    for p in range(buf[SEATS]):
        if not is_mayor(buf, p):
            n += buf[WORKERS + p * 4 + c]
    for i in range(15):
        if buf[WS_WORKER + i] == c + 1:
            n += 1
    if buf[MM_WORKER] == c + 1:
        n += 1
    if buf[SOLO] == 1:
        for i in range(MAYOR_SLOTS):
            if buf[MAYOR_SLOT + i] == c:
                n += 1
    return n


@njit(**KERNEL)
def supply(buf, c):
    return WORKERS_PER_COLOR - colour_in_use(buf, c)


@njit(**KERNEL)
def add_worker(buf, p, c):
    if is_mayor(buf, p):
        for i in range(MAYOR_SLOTS):
            if buf[MAYOR_SLOT + i] == EMPTY:
                buf[MAYOR_SLOT + i] = c
                return
    else:
        buf[WORKERS + p * 4 + c] += 1


@njit(**KERNEL)
def district_colour(buf, p):
    """The worker colour of p's tycoon's district (ANY at the Town Hall)."""
    d = buf[TYC_D + p]
    return buf[C_TILE_COLOR + buf[TILE + d * 3]]


# ---------------------------------------------------------------- tracks


@njit(**KERNEL)
def chimney_steps(buf, p, direction, n):
    """§10.3 (D7): single steps; entering a space whose arrow matches the step pays steam."""
    if is_mayor(buf, p):
        return
    for _ in range(n):
        pos = buf[CHIMNEY + p] + direction
        if pos > CHIMNEY_MAX or pos < -CHIMNEY_MAX:
            continue
        buf[CHIMNEY + p] = pos
        if pos == 0 or (pos > 0 and direction < 0) or (pos < 0 and direction > 0):
            buf[STEAM + p] += STEAM_PER_ARROW[buf[OP_CONFLICT + p * 4 + OP_STEAM]]


@njit(**KERNEL)
def pilgrim_can(buf, p, t):
    """§12 (D15): the next space exists and holds no hex."""
    nxt = buf[PILGRIM + p * 4 + t] + 1
    return nxt <= buf[C_NAT_LEN + t] and buf[TRACK_N + t * MAX_TRACK + nxt - 1] == 0


@njit(**KERNEL)
def record_total(buf, p):
    if is_mayor(buf, p):
        n = 0
        for i in range(MAYOR_RECORD):
            if buf[MAYOR_REC + i] != EMPTY:
                n += 1
        return n
    return (
        buf[REC_N + p * 4]
        + buf[REC_N + p * 4 + 1]
        + buf[REC_N + p * 4 + 2]
        + buf[REC_N + p * 4 + 3]
    )


@njit(**KERNEL)
def to_discard(buf, h):
    t = buf[C_HEX_NATURE + h]
    buf[DISCARD + t * MAX_TRACK + buf[DISCARD_N + t]] = h
    buf[DISCARD_N + t] += 1


@njit(**KERNEL)
def take_record(buf, p, t):
    """E3: remove and return the top hex of type t from p's record (the Mayor: his oldest)."""
    if is_mayor(buf, p):
        h = buf[MAYOR_REC]
        for i in range(MAYOR_RECORD - 1):
            buf[MAYOR_REC + i] = buf[MAYOR_REC + i + 1]
        buf[MAYOR_REC + MAYOR_RECORD - 1] = EMPTY
        return h
    k = buf[REC_N + p * 4 + t] - 1
    buf[REC_N + p * 4 + t] = k
    h = buf[REC + (p * 4 + t) * MAX_TRACK + k]
    buf[REC + (p * 4 + t) * MAX_TRACK + k] = 0
    return h


@njit(**KERNEL)
def slot_ready_index(buf, s):
    """The track index of slot s's M icon."""
    for i in range(MAX_SLOT_TRACK):
        if buf[C_SLOT_TRACK + s * MAX_SLOT_TRACK + i] == I_READY:
            return i
    return MAX_SLOT_TRACK


@njit(**KERNEL)
def slot_can_advance(buf, p, s):
    return (
        buf[SLOT_INV + p * NUM_SLOTS + s] != EMPTY
        and buf[SLOT_POS + p * NUM_SLOTS + s] < buf[C_SLOT_LEN + s] - 1
    )


@njit(**KERNEL)
def flags_in_reserve(buf, p):
    n = NUM_FLAGS
    for j in range(5):
        n -= buf[FLAG + p * 5 + j]
    return n


@njit(**KERNEL)
def place_flag(buf, p, j):
    buf[FLAG + p * 5 + j] = 1
    buf[FLAG_TIME + p * 5 + j] = buf[CLOCK]


@njit(**KERNEL)
def flag_target(buf, p, j):
    return buf[FLAG + p * 5 + j] == 0 and flags_in_reserve(buf, p) > 0


# ---------------------------------------------------------------- choices


@njit(**KERNEL)
def count_options(buf, p, e):
    """How many options the choice effect e of p has now, and the first one."""
    code = fx_code(e)
    param = fx_param(e)
    count = 0
    first = -1
    if code == FX_PILGRIM:
        for t in range(4):
            if pilgrim_can(buf, p, t):
                count += 1
                first = t if first < 0 else first
    elif code == FX_WORKER:
        gainable = 0
        for c in range(4):
            if (param == ANY or param == c) and supply(buf, c) > 0:
                gainable += 1
        if gainable == 0:
            return 0, -1  # nothing in the supply to gain: lost (§0, D28)
        if worker_total(buf, p) >= worker_cap(buf, p):
            for c in range(4):  # make room (or decline: DONE, not counted)
                if buf[WORKERS + p * 4 + c] > 0:
                    count += 1
                    first = c if first < 0 else first
            if count > 0:
                count += 1  # declining is always an option
        else:
            for c in range(4):
                if (param == ANY or param == c) and supply(buf, c) > 0:
                    count += 1
                    first = c if first < 0 else first
    elif code == FX_DISCARD_HEX or code == FX_HEX_TO_TILE:
        for t in range(4):
            if buf[REC_N + p * 4 + t] > 0:
                count += 1
                first = t if first < 0 else first
    elif code == FX_P_ANY:
        for j in range(5):
            if flag_target(buf, p, j):
                count += 1
                first = j if first < 0 else first
    elif code == FX_PROGRESS:
        for s in range(NUM_SLOTS):
            if slot_can_advance(buf, p, s):
                count += 1
                first = s if first < 0 else first
    elif code == FX_KEEP_WORKERS:
        for c in range(4):
            if buf[WORKERS + p * 4 + c] > 0:
                count += 1
                first = c if first < 0 else first
    elif code == FX_CHECK:
        for j in range(5):
            if eligible(buf, p, j, param):
                count += 1
                first = j if first < 0 else first
        if count > 0:
            count += 1  # declining is always an option
    elif code == FX_MM_REWARDS:
        for i in range(4):
            if param & (1 << i):
                count += 1
                first = i if first < 0 else first
    return count, first


@njit(**KERNEL)
def choice_phase(code):
    if code == FX_PILGRIM:
        return P_PILGRIM
    if code == FX_WORKER:
        return P_WORKER
    if code == FX_DISCARD_HEX:
        return P_DISCARD_HEX
    if code == FX_HEX_TO_TILE:
        return P_HEX_TO_TILE
    if code == FX_P_ANY:
        return P_FLAG
    if code == FX_PROGRESS:
        return P_PROGRESS
    if code == FX_CHECK:
        return P_CASH_IN
    if code == FX_MM_REWARDS:
        return P_MM_ORDER
    return P_KEEP


@njit(**KERNEL)
def choose(buf, option):
    """Resolve one unit of the top (choice) effect with `option` (a track, colour, type, city or
    slot; for a worker with full spaces, a colour to return or -1 to decline)."""
    p = top_owner(buf)
    e = top_fx(buf)
    code = fx_code(e)
    param = fx_param(e)
    if code == FX_PILGRIM:
        pop_unit(buf)
        buf[PILGRIM + p * 4 + option] += 1
    elif code == FX_WORKER:
        if worker_total(buf, p) >= worker_cap(buf, p):
            if option < 0:
                pop_unit(buf)
            else:
                buf[WORKERS + p * 4 + option] -= 1  # the unit then resolves with room
        else:
            pop_unit(buf)
            add_worker(buf, p, option)
    elif code == FX_DISCARD_HEX:
        pop_unit(buf)
        h = take_record(buf, p, option)
        to_discard(buf, h)
        if param == 1:
            push_list(buf, p, C_HEX_REWARD + h * 2)
    elif code == FX_HEX_TO_TILE:
        pop_unit(buf)
        h = take_record(buf, p, option)
        at = TILE_HEX + param * 2
        if buf[at] == EMPTY:
            buf[at] = h
        else:
            buf[at + 1] = h
        push_list(buf, p, C_HEX_REWARD + h * 2)
    elif code == FX_P_ANY:
        pop_unit(buf)
        place_flag(buf, p, option)
    elif code == FX_PROGRESS:
        pop_unit(buf)
        push(buf, p, make_fx(FX_ADVANCE, option, 1))
    elif code == FX_CHECK:
        if option < 0:
            buf[STACK_N] -= 1  # no (more) cash-ins for this event
        else:
            cash_in(buf, p, option)  # the check stays below the reward for other flags
    elif code == FX_MM_REWARDS:
        left = param & ~(1 << option)
        if left == 0:
            buf[STACK_N] -= 1
        else:
            buf[STACK_FX + buf[STACK_N] - 1] = make_fx(FX_MM_REWARDS, left, 1)
        push_list(buf, p, mm_reward_at(buf, option))
    else:  # FX_KEEP_WORKERS
        buf[WORKERS + p * 4 + option] -= 1


@njit(**KERNEL)
def mayor_option(buf, p, e):
    """§18.3: the Mayor's fixed choice for a choice effect, or -1 (lost)."""
    code = fx_code(e)
    if code == FX_PILGRIM:
        for t in range(4):  # river, forest, mountain, underground
            if pilgrim_can(buf, p, t):
                return t
        return -1
    if code == FX_WORKER:
        if worker_total(buf, p) >= MAYOR_SLOTS:
            return -1
        c = fx_param(e)
        if c == ANY:
            c = district_colour(buf, p)
            c = 0 if c == ANY else c  # blue at the Town Hall
        return c if supply(buf, c) > 0 else -1
    if code == FX_DISCARD_HEX or code == FX_HEX_TO_TILE:
        return 0 if record_total(buf, p) > 0 else -1
    if code == FX_P_ANY:
        for j in range(5):
            if flag_target(buf, p, j):
                return j
        return -1
    if code == FX_CHECK:  # §18.3: he always cashes in
        for j in range(5):
            if eligible(buf, p, j, fx_param(e)):
                return j
        return -1
    if code == FX_MM_REWARDS:  # §18.2: the main reward, then the upgrades in order
        for i in range(4):
            if fx_param(e) & (1 << i):
                return i
    return -1


# ---------------------------------------------------------------- resolution


@njit(**KERNEL)
def explore_hex(buf, p, t):
    """§8.5 steps 1-3 for one hex of type t (D20: nothing if track and pile are empty)."""
    h = -1
    for s in range(buf[C_NAT_LEN + t]):
        k = buf[TRACK_N + t * MAX_TRACK + s]
        if k > 0:
            h = buf[TRACK_HEX + (t * MAX_TRACK + s) * 2 + k - 1]
            buf[TRACK_HEX + (t * MAX_TRACK + s) * 2 + k - 1] = 0
            buf[TRACK_N + t * MAX_TRACK + s] = k - 1
            break
    if h < 0 and buf[DISCARD_N + t] > 0:
        k = buf[DISCARD_N + t] - 1
        h = buf[DISCARD + t * MAX_TRACK + k]
        buf[DISCARD + t * MAX_TRACK + k] = 0
        buf[DISCARD_N + t] = k
    if h < 0:
        return
    push(buf, p, make_fx(FX_CHECK, C_EXPLORE + t, 1))
    if is_mayor(buf, p):  # §18.2: first empty record slot, overflow discarded; no water / coal
        placed = False
        for i in range(MAYOR_RECORD):
            if buf[MAYOR_REC + i] == EMPTY:
                buf[MAYOR_REC + i] = h
                placed = True
                break
        if not placed:
            to_discard(buf, h)
    else:
        k = buf[REC_N + p * 4 + t]
        buf[REC + (p * 4 + t) * MAX_TRACK + k] = h
        buf[REC_N + p * 4 + t] = k + 1
        if t == 0:
            push(buf, p, make_fx(FX_WATER, 0, 2))
        else:
            push(buf, p, make_fx(FX_COAL, 0, 1))
    push(buf, p, make_fx(FX_WORKER, t, 1))


@njit(**KERNEL)
def eligible(buf, p, j, cond):
    """§15 (D36): p's flag on city slot j pays for this condition, having been placed before
    the triggering event began."""
    return (
        buf[FLAG + p * 5 + j] == 1
        and buf[C_CITY_COND + buf[CITIES + j]] == cond
        and buf[FLAG_TIME + p * 5 + j] < buf[CLOCK]
    )


@njit(**KERNEL)
def cash_in(buf, p, j):
    """Return p's flag from city slot j and gain its partnership reward."""
    buf[FLAG + p * 5 + j] = 0
    push_list(buf, p, C_CITY_PREW + buf[CITIES + j] * 2)


@njit(**KERNEL)
def any_eligible(buf, p, cond):
    for j in range(5):
        if eligible(buf, p, j, cond):
            return True
    return False


@njit(**KERNEL)
def mm_reward_at(buf, i):
    """The reward list of the Megamachine workshop: 0 its base, 1-3 the upgrade tiles."""
    if i == 0:
        return C_MM_BASE + buf[MM_BOARD] * 2
    return C_UP_GAIN + buf[MM_UP_TILE + i - 1] * 2


@njit(**KERNEL)
def advance_slot(buf, p, s):
    """§11.3: one step of slot s's marker, resolving the icon entered."""
    at = p * NUM_SLOTS + s
    pos = buf[SLOT_POS + at] + 1
    buf[SLOT_POS + at] = pos
    icon = buf[C_SLOT_TRACK + s * MAX_SLOT_TRACK + pos]
    inv = buf[SLOT_INV + at]
    if icon == I_UPGRADE:
        buf[SLOT_UPPER + at] = 1
    elif icon == I_SCORE:
        buf[VP + p] += buf[C_INV_VP + inv]
    elif icon == I_DOUBLE:
        buf[VP + p] += 2 * buf[C_INV_VP + inv]
    elif icon == I_NATURE:
        push(buf, p, make_fx(FX_DISCARD_HEX, 0, 1))


@njit(**KERNEL)
def resolve(buf):
    """Settle a pending payment, then resolve the stack until it is empty (returns False) or
    an effect or the payment needs its owner's choice (returns True with `phase` and `actor`
    set)."""
    if buf[PAY_P] != EMPTY and settle_payment(buf):
        return True
    while buf[STACK_N] > 0:
        p = top_owner(buf)
        e = top_fx(buf)
        code = fx_code(e)
        param = fx_param(e)
        n = fx_n(e)
        mayor = is_mayor(buf, p)
        if n == 0:
            buf[STACK_N] -= 1
            continue
        if code <= FX_LUXURY:
            buf[STACK_N] -= 1
            gain_res(buf, p, code - 1, n)
        elif code == FX_WEALTH:
            buf[STACK_N] -= 1
            buf[WEALTH + p] += n
        elif code == FX_STEAM:
            buf[STACK_N] -= 1
            if not mayor:
                buf[STEAM + p] += n
        elif code == FX_WATER or code == FX_COAL:
            buf[STACK_N] -= 1
            chimney_steps(buf, p, 1 if code == FX_WATER else -1, n)
        elif code == FX_VP:
            buf[STACK_N] -= 1
            buf[VP + p] += fx_signed_n(e)
        elif code == FX_VP_END:
            buf[STACK_N] -= 1
            buf[VP_END + p] += fx_signed_n(e)
        elif code == FX_REPUTATION:
            buf[STACK_N] -= 1
            r = buf[REP + p] + n
            buf[REP + p] = REPUTATION_MAX if r > REPUTATION_MAX else r
        elif code == FX_SCORE_REP:
            buf[STACK_N] -= 1
            buf[VP + p] += n * REPUTATION_VP[buf[REP + p]]
        elif code == FX_PRESTIGE:
            pop_unit(buf)
            pos = buf[PRESTIGE + p] + 1
            if pos > buf[C_PRESTIGE_LEN]:
                buf[VP + p] += 2  # D29: each step past the end
            else:
                buf[PRESTIGE + p] = pos
                push_list(buf, p, C_PRESTIGE + pos * 2)
        elif code == FX_WORM:
            pop_unit(buf)
            pos = (buf[WORM + p] + 1) % buf[C_WORM_LEN]
            buf[WORM + p] = pos
            push_list(buf, p, C_WORM + pos * 2)
        elif code == FX_PILGRIM and param != ANY:
            pop_unit(buf)
            if pilgrim_can(buf, p, param):
                buf[PILGRIM + p * 4 + param] += 1
        elif code == FX_P_CREATE:
            buf[STACK_N] -= 1
            if flag_target(buf, p, param):
                place_flag(buf, p, param)
        elif code == FX_P_ACTIVATE:
            buf[STACK_N] -= 1
            push_list(buf, p, C_CITY_PREW + buf[CITIES + param] * 2)
        elif code == FX_PROGRESS and mayor:
            buf[STACK_N] -= 1
            buf[VP + p] += n  # §18.3
        elif code == FX_ADVANCE:
            if not slot_can_advance(buf, p, param):
                buf[STACK_N] -= 1
            else:
                pop_unit(buf)
                advance_slot(buf, p, param)
        elif code == FX_CHECK and not any_eligible(buf, p, param):
            buf[STACK_N] -= 1
        elif code == FX_EXPLORE:
            buf[STACK_N] -= 1
            explore_hex(buf, p, param)
        elif code == FX_KEEP_WORKERS and worker_total(buf, p) <= 2:
            buf[STACK_N] -= 1
        elif (
            code == FX_WORKER
            and not mayor
            and worker_total(buf, p) < worker_cap(buf, p)
            and param != ANY
        ):
            pop_unit(buf)
            if supply(buf, param) > 0:
                add_worker(buf, p, param)
        else:  # a choice
            if mayor:
                option = mayor_option(buf, p, e)
                if option < 0:
                    pop_unit(buf)
                else:
                    choose(buf, option)
                continue
            count, first = count_options(buf, p, e)
            if count == 0:
                buf[STACK_N] -= 1  # §0: lost
            elif count == 1:  # E1
                choose(buf, first)
            else:
                buf[PHASE] = choice_phase(code)
                buf[ACTOR] = p
                return True
    return False


@njit(**KERNEL)
def conflict_flip(buf, p):
    """§13 step 1; returns True if the workers tile has just turned to conflict."""
    flipped = False
    for t in range(4):
        on = 1 if buf[REC_N + p * 4 + t] >= CONFLICT_AT else 0
        if t == OP_WORKERS and on == 1 and buf[OP_CONFLICT + p * 4 + t] == 0:
            flipped = True
        buf[OP_CONFLICT + p * 4 + t] = on
    return flipped
