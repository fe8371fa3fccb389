"""The city, the factory and the five actions (spec §8-§9, §11) as numba kernels: legality
tests and their effects, shared by the players' turns (kernels.py) and the solo Mayor
(mayor.py)."""

from __future__ import annotations

from numba import njit

from eurogym.envs.core.jit import KERNEL
from eurogym.envs.daitoshi.effects import (
    C_INV_ROWS,
    C_INV_TYPE,
    C_INV_VP,
    C_TILE_COLOR,
    can_pay,
    can_pay_list,
    can_pay_one,
    fx_code,
    is_mayor,
    make_fx,
    pay_cost,
    pay_list,
    pay_one,
    push,
    push_list,
    record_total,
    slot_ready_index,
    to_discard,
)
from eurogym.envs.daitoshi.state import (
    ACTIVATED,
    CITIES,
    ELECTRIFIED,
    EMPTY,
    INV_PILE,
    INV_PILE_N,
    LEADER,
    MARKET,
    MM_BOARD,
    MM_DISTRICT,
    MM_INV,
    MM_UP_DONE,
    MM_WORKER,
    NEUTRAL,
    OP_CONFLICT,
    PENDING_INV,
    PICKED,
    PILE,
    PILE_N,
    PILE_TOP,
    PLACED,
    PLACED_MM,
    S_CLEANUP,
    SLOT_INV,
    SLOT_POS,
    SLOT_UPPER,
    STEAM,
    STEP,
    SUBSIDY,
    SUBSIDY_ON,
    TILE,
    TILE_HEX,
    TYC_D,
    TYC_S,
    UNI,
    UNI_N,
    WORKERS,
    WS_WORKER,
    C,
)
from eurogym.envs.daitoshi.tables import (
    ANY,
    BUILDING_FIRST_SLOT,
    BUILDING_FLOORS,
    C_ACTION,
    EXPAND_COST,
    EXPAND_HEXES,
    FREE_MOVE,
    FX_ADVANCE,
    FX_CHECK,
    FX_DISCARD_HEX,
    FX_HEX_TO_TILE,
    FX_MM_REWARDS,
    FX_P_ACTIVATE,
    FX_P_CREATE,
    FX_VP,
    LEFT,
    MARKET_QUALITY,
    MEGA_WEALTH,
    MIDDLE,
    NUM_MM_SPACES,
    NUM_SLOTS,
    NUM_UPGRADES,
    OP_BUILDING,
    OP_PROGRESS,
    PROGRESS_K,
    RENOVATE_COST,
    RIGHT,
    SPACE_CAPACITY,
    SPACE_STEAM,
)

C_INV_COST = C["inv_cost"]
C_TILE_ACTION, C_TILE_WS, C_TILE_PAY = C["tile_action"], C["tile_ws"], C["tile_pay"]
C_TILE_EL_COST, C_TILE_EL_GAIN = C["tile_el_cost"], C["tile_el_gain"]
C_HEX_REWARD = C["hex_reward"]
C_CITY_COST, C_CITY_REW = C["city_cost"], C["city_rew"]
C_MM_BASE, C_MM_SPACE, C_MM_LINK = C["mm_base"], C["mm_space"], C["mm_link"]
C_UP_GAIN = C["up_gain"]
C_NAT_LEN = C["nat_len"]
C_BUILDING_STEAM = C["building_steam"]
JOKER = 5


# ---------------------------------------------------------------- city geometry


@njit(**KERNEL)
def inner_tile(buf, d):
    return buf[TILE + d * 3]


@njit(**KERNEL)
def tycoons_on(buf, d, s, skip):
    n = 0
    for t in range(6):
        if t != skip and buf[TYC_D + t] == d and buf[TYC_S + t] == s:
            n += 1
    return n


@njit(**KERNEL)
def move_cost(dist, s):
    extra = dist - FREE_MOVE
    return (extra if extra > 0 else 0) + SPACE_STEAM[s]


@njit(**KERNEL)
def move_legal(buf, p, dist, s):
    """§8.1-8.2: 1-5 districts, space capacity, and enough steam for the move plus the space."""
    cur = buf[TYC_D + p]
    if dist == 5 and s == buf[TYC_S + p]:
        return False
    if buf[STEAM + p] < move_cost(dist, s):
        return False
    return tycoons_on(buf, (cur + dist) % 5, s, p) < SPACE_CAPACITY[s]


@njit(**KERNEL)
def free_space(buf, d, first, second):
    """The neutral tycoon's space (§8.3, D23): `first` if free, else `second`, else right."""
    if tycoons_on(buf, d, first, NEUTRAL) < SPACE_CAPACITY[first]:
        return first
    if tycoons_on(buf, d, second, NEUTRAL) < SPACE_CAPACITY[second]:
        return second
    return RIGHT


@njit(**KERNEL)
def neutral_after(buf, d):
    """§8.3: a tycoon was placed in d; the neutral tycoon there moves 3 clockwise."""
    if buf[TYC_D + NEUTRAL] != d:
        return
    nd = (d + 3) % 5
    buf[TYC_D + NEUTRAL] = nd
    buf[TYC_S + NEUTRAL] = free_space(buf, nd, MIDDLE, LEFT)
    if buf[MM_DISTRICT] == nd:
        buf[MM_DISTRICT] = (nd + 4) % 5


@njit(**KERNEL)
def clear_district(buf, d):
    """§8.2 left space: every worker in the district returns to the supply."""
    for ring in range(3):
        buf[WS_WORKER + d * 3 + ring] = 0
    if buf[MM_DISTRICT] == d:
        buf[MM_WORKER] = 0


@njit(**KERNEL)
def place_tycoon(buf, p, d, s):
    buf[TYC_D + p] = d
    buf[TYC_S + p] = s
    if s == LEFT:
        clear_district(buf, d)
    neutral_after(buf, d)


@njit(**KERNEL)
def workshop_open(buf, d, w):
    """Workshop w (0-2 rings, 3 Megamachine) of district d exists and is empty."""
    if w == 3:
        return buf[MM_DISTRICT] == d and buf[MM_WORKER] == 0
    return buf[TILE + d * 3 + w] != EMPTY and buf[WS_WORKER + d * 3 + w] == 0


@njit(**KERNEL)
def workshop_pay_at(buf, d, w):
    tile = buf[TILE + d * 3 + w]
    return C_TILE_PAY + (tile * 2 + buf[ELECTRIFIED + d * 3 + w]) * 2


@njit(**KERNEL)
def colour_fits(buf, d, c):
    colour = buf[C_TILE_COLOR + inner_tile(buf, d)]
    return colour == ANY or colour == c


@njit(**KERNEL)
def place_legal(buf, p, c, w, tmp):
    d = buf[TYC_D + p]
    if buf[WORKERS + p * 4 + c] == 0 or not colour_fits(buf, d, c) or not workshop_open(buf, d, w):
        return False
    return w == 3 or can_pay_list(buf, p, workshop_pay_at(buf, d, w), tmp)


@njit(**KERNEL)
def push_workshop_gain(buf, p, d, w):
    """§8.4: the workshop's current side; the Megamachine's base reward and its installed
    upgrades, in the order the player chooses (§16)."""
    if w == 3:
        bits = 1
        for u in range(NUM_UPGRADES):
            if buf[MM_UP_DONE + u] == 1:
                bits |= 1 << (u + 1)
        push(buf, p, make_fx(FX_MM_REWARDS, bits, 1))
    else:
        tile = buf[TILE + d * 3 + w]
        push_list(buf, p, C_TILE_WS + (tile * 2 + buf[ELECTRIFIED + d * 3 + w]) * 2)


@njit(**KERNEL)
def place_worker(buf, p, c, w, tmp):
    d = buf[TYC_D + p]
    buf[WORKERS + p * 4 + c] -= 1
    if w == 3:
        buf[MM_WORKER] = c + 1
        buf[PLACED_MM] = 1
    else:
        pay_list(buf, p, workshop_pay_at(buf, d, w), tmp)
        buf[WS_WORKER + d * 3 + w] = c + 1
    buf[PLACED] += 1
    push_workshop_gain(buf, p, d, w)


# ---------------------------------------------------------------- factory


@njit(**KERNEL)
def building_cost(buf, p, b):
    if buf[SUBSIDY_ON + p] == 1:
        return 0
    return buf[C_BUILDING_STEAM + b * 2 + buf[OP_CONFLICT + p * 4 + OP_BUILDING]]


@njit(**KERNEL)
def building_used(buf, p, b):
    return buf[SLOT_INV + p * NUM_SLOTS + BUILDING_FIRST_SLOT[b]] != EMPTY


@njit(**KERNEL)
def empty_floor(buf, p, b):
    """The lowest empty floor slot of building b, or -1."""
    for f in range(BUILDING_FLOORS[b]):
        s = BUILDING_FIRST_SLOT[b] + f
        if buf[SLOT_INV + p * NUM_SLOTS + s] == EMPTY:
            return s
    return -1


@njit(**KERNEL)
def empty_floors(buf, p):
    n = 0
    for s in range(NUM_SLOTS):
        if buf[SLOT_INV + p * NUM_SLOTS + s] == EMPTY:
            n += 1
    return n


@njit(**KERNEL)
def activate_legal(buf, p, b):
    return (
        buf[ACTIVATED + p * 3 + b] == 0
        and building_used(buf, p, b)
        and buf[STEAM + p] >= building_cost(buf, p, b)
    )


@njit(**KERNEL)
def subsidy_useful(buf, p):
    if buf[SUBSIDY + p] == 0 or buf[SUBSIDY_ON + p] == 1:
        return False
    for b in range(3):
        if buf[ACTIVATED + p * 3 + b] == 0 and building_used(buf, p, b):
            return True
    return False


@njit(**KERNEL)
def activate(buf, p, b):
    """§7 step 2: pay, then rows by position and leadership (§11.2), then progress."""
    buf[STEAM + p] -= building_cost(buf, p, b)
    buf[ACTIVATED + p * 3 + b] = 1
    lead = 1 if buf[LEADER] == p else 0
    k = PROGRESS_K[buf[OP_CONFLICT + p * 4 + OP_PROGRESS], lead]
    first = BUILDING_FIRST_SLOT[b]
    top = first + BUILDING_FLOORS[b] - 1
    for s in range(top, first - 1, -1):  # progress resolves after every reward
        if buf[SLOT_INV + p * NUM_SLOTS + s] != EMPTY and k > 0:
            push(buf, p, make_fx(FX_ADVANCE, s, k))
    for s in range(top, first - 1, -1):  # bottom floor first
        inv = buf[SLOT_INV + p * NUM_SLOTS + s]
        if inv == EMPTY:
            continue
        upper = buf[SLOT_UPPER + p * NUM_SLOTS + s]
        times_a = 1 + lead
        times_b = 1 if upper == 1 else lead
        times_c = lead if upper == 1 else 0
        for _ in range(times_c):
            push_list(buf, p, C_INV_ROWS + (inv * 3 + 2) * 2)
        for _ in range(times_b):
            push_list(buf, p, C_INV_ROWS + (inv * 3 + 1) * 2)
        for _ in range(times_a):
            push_list(buf, p, C_INV_ROWS + inv * 3 * 2)


@njit(**KERNEL)
def slot_ready(buf, p, s):
    """§9.6: a non-university invention whose marker is on or past the slot's M icon."""
    inv = buf[SLOT_INV + p * NUM_SLOTS + s]
    return (
        inv != EMPTY
        and buf[C_INV_TYPE + inv] != 4
        and buf[SLOT_POS + p * NUM_SLOTS + s] >= slot_ready_index(buf, s)
    )


# ---------------------------------------------------------------- actions (§9)


@njit(**KERNEL)
def commit_slot_legal(buf, p, m, spent):
    inv = buf[MARKET + m]
    if inv == EMPTY or empty_floors(buf, p) == 0:
        return False
    return can_pay_one(buf, p, 0, buf[C_INV_COST + inv] + spent)


@njit(**KERNEL)
def commit_any(buf, p):
    for m in range(5):
        if commit_slot_legal(buf, p, m, 0):
            return True
    return False


@njit(**KERNEL)
def ring_legal(buf, p, d, ring):
    """§9.3 Expand: an unbuilt space (outer needs the central), a tile, hexes and materials."""
    if buf[TILE + d * 3 + ring] != EMPTY or buf[PILE_N + ring - 1] == 0:
        return False
    if ring == 2 and buf[TILE + d * 3 + 1] == EMPTY:
        return False
    return record_total(buf, p) >= EXPAND_HEXES[ring] and can_pay_one(buf, p, 1, EXPAND_COST[ring])


@njit(**KERNEL)
def renovate_legal(buf, p):
    return record_total(buf, p) >= 1 and can_pay_one(buf, p, 1, RENOVATE_COST)


@njit(**KERNEL)
def expand_any(buf, p):
    if renovate_legal(buf, p):
        return True
    for d in range(5):
        for ring in range(1, 3):
            if ring_legal(buf, p, d, ring):
                return True
    return False


@njit(**KERNEL)
def electrify_legal(buf, p, d, ring):
    tile = buf[TILE + d * 3 + ring]
    if tile == EMPTY or buf[ELECTRIFIED + d * 3 + ring] == 1:
        return False
    return can_pay_one(buf, p, 2, buf[C_TILE_EL_COST + tile])


@njit(**KERNEL)
def electrify_any(buf, p):
    for i in range(15):
        if electrify_legal(buf, p, i // 3, i % 3):
            return True
    return False


@njit(**KERNEL)
def trade_legal(buf, p, j, k):
    city = buf[CITIES + j]
    mayor_steam = is_mayor(buf, p)
    if not mayor_steam and buf[STEAM + p] < buf[C_CITY_COST + city]:
        return False
    return can_pay_one(buf, p, 3, k)


@njit(**KERNEL)
def mm_space_free(buf):
    for i in range(NUM_MM_SPACES):
        if buf[MM_INV + i] == EMPTY:
            return True
    return False


@njit(**KERNEL)
def mega_payable(buf, p):
    return can_pay(buf, p, 1, 1, 1, 1, MEGA_WEALTH)


@njit(**KERNEL)
def mega_any(buf, p):
    if not mm_space_free(buf) or not mega_payable(buf, p):
        return False
    for s in range(NUM_SLOTS):
        if slot_ready(buf, p, s):
            return True
    return False


@njit(**KERNEL)
def action_offered(buf, p, a):
    """§8.6: the district's action (all five through the Town Hall's joker), and the
    Megamachine where its token is."""
    d = buf[TYC_D + p]
    own = buf[C_TILE_ACTION + inner_tile(buf, d)]
    if own == JOKER or own == a:
        return True
    return a == 4 and buf[MM_DISTRICT] == d


@njit(**KERNEL)
def action_legal(buf, p, a):
    if not action_offered(buf, p, a):
        return False
    if a == 0:
        return commit_any(buf, p)
    if a == 1:
        return expand_any(buf, p)
    if a == 2:
        return electrify_any(buf, p)
    if a == 3:
        return (
            trade_legal(buf, p, 0, 1)
            or trade_legal(buf, p, 1, 1)
            or trade_legal(buf, p, 2, 1)
            or trade_legal(buf, p, 3, 1)
            or trade_legal(buf, p, 4, 1)
        )
    return mega_any(buf, p)


@njit(**KERNEL)
def refill_market(buf):
    """§9.2 step 6: empty slots from the pile of their quality (empty pile: stays empty)."""
    for m in range(5):
        if buf[MARKET + m] == EMPTY:
            q = MARKET_QUALITY[m]
            k = buf[INV_PILE_N + q]
            if k > 0:
                buf[MARKET + m] = buf[INV_PILE + q * 32 + k - 1]
                buf[INV_PILE + q * 32 + k - 1] = 0
                buf[INV_PILE_N + q] = k - 1


@njit(**KERNEL)
def install(buf, p, b, inv):
    s = empty_floor(buf, p, b)
    buf[SLOT_INV + p * NUM_SLOTS + s] = inv
    buf[SLOT_UPPER + p * NUM_SLOTS + s] = 0


@njit(**KERNEL)
def finish_commit(buf, p):
    """§9.2 steps 5-7: one invention alone pays rows A, B, C and its VP (D4)."""
    push(buf, p, make_fx(FX_CHECK, C_ACTION + 0, 1))
    if buf[PICKED] == 1:
        inv = buf[PENDING_INV]
        push(buf, p, make_fx(FX_VP, 0, buf[C_INV_VP + inv]))
        for row in range(2, -1, -1):
            push_list(buf, p, C_INV_ROWS + (inv * 3 + row) * 2)
    refill_market(buf)
    buf[STEP] = S_CLEANUP


@njit(**KERNEL)
def expand(buf, p, d, ring):
    """§9.3 Expand steps 3-6 (the hexes are moved as HEX_TO_TILE effects)."""
    pay_one(buf, p, 1, EXPAND_COST[ring])
    k = buf[PILE_N + ring - 1] - 1
    buf[TILE + d * 3 + ring] = buf[PILE + (ring - 1) * 5 + k]
    buf[PILE + (ring - 1) * 5 + k] = 0
    buf[PILE_N + ring - 1] = k
    buf[PILE_TOP + ring - 1] = buf[PILE + (ring - 1) * 5 + k - 1] if k > 0 else EMPTY
    push(buf, p, make_fx(FX_CHECK, C_ACTION + 1, 1))
    push(buf, p, make_fx(FX_HEX_TO_TILE, d * 3 + ring, EXPAND_HEXES[ring]))


@njit(**KERNEL)
def renovate(buf, p):
    pay_one(buf, p, 1, RENOVATE_COST)
    push(buf, p, make_fx(FX_CHECK, C_ACTION + 1, 1))
    push(buf, p, make_fx(FX_DISCARD_HEX, 1, 1))


@njit(**KERNEL)
def electrify(buf, p, d, ring):
    """§9.4: pay; the hexes' conflict rewards, then the printed ones (D35); flip the tile."""
    tile = buf[TILE + d * 3 + ring]
    pay_one(buf, p, 2, buf[C_TILE_EL_COST + tile])
    buf[WS_WORKER + d * 3 + ring] = 0
    buf[ELECTRIFIED + d * 3 + ring] = 1
    push(buf, p, make_fx(FX_CHECK, C_ACTION + 2, 1))
    push_list(buf, p, C_TILE_EL_GAIN + tile * 2)
    for i in range(1, -1, -1):
        h = buf[TILE_HEX + (d * 3 + ring) * 2 + i]
        if h != EMPTY:
            buf[TILE_HEX + (d * 3 + ring) * 2 + i] = EMPTY
            to_discard(buf, h)
            push_list(buf, p, C_HEX_REWARD + h * 2)


@njit(**KERNEL)
def trade(buf, p, j, k):
    """§9.5: pay steam and k luxury; the city's first k rewards, left to right."""
    city = buf[CITIES + j]
    if not is_mayor(buf, p):
        buf[STEAM + p] -= buf[C_CITY_COST + city]
    pay_one(buf, p, 3, k)
    push(buf, p, make_fx(FX_CHECK, C_ACTION + 3, 1))
    for i in range(k - 1, -1, -1):
        e = buf[C_CITY_REW + city * 5 + i]
        code = fx_code(e)
        if code == FX_P_CREATE or code == FX_P_ACTIVATE:
            e = make_fx(code, j, 1)
        push(buf, p, e)


@njit(**KERNEL)
def donate(buf, p, inv, i):
    """§9.6 steps 2-3: the invention onto space i, its rewards, the upgrade check (D25)."""
    pay_cost(buf, p, 1, 1, 1, 1, MEGA_WEALTH)
    buf[MM_INV + i] = inv
    board = buf[MM_BOARD]
    for u in range(NUM_UPGRADES):
        if buf[MM_UP_DONE + u] == 1:
            continue
        full = True
        for j in range(NUM_MM_SPACES):
            if buf[C_MM_LINK + (board * NUM_UPGRADES + u) * NUM_MM_SPACES + j] == 1:
                if buf[MM_INV + j] == EMPTY:
                    full = False
        if full:
            buf[MM_UP_DONE + u] = 1
    push(buf, p, make_fx(FX_CHECK, C_ACTION + 4, 1))
    push_list(buf, p, C_MM_SPACE + (board * NUM_MM_SPACES + i) * 2)


@njit(**KERNEL)
def take_university(buf):
    k = buf[UNI_N]
    if k == 0:
        return EMPTY
    buf[UNI_N] = k - 1
    inv = buf[UNI + k - 1]
    buf[UNI + k - 1] = 0
    return inv
