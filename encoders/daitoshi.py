"""Daitoshi observation encoders (hidden information filtered here, spec §19).

Everything is seen by player `me` with seats rotated: relative seat k is seat (me + k) % seats,
so row 0 is always "mine"; rows k >= seats are zeros. In the solo game seat 1 is the Mayor.

Never read (secret): the order of the invention piles (`inv_pile`, only their sizes), the
district-tile piles below the visible top (`pile`, only `pile_top` and sizes), the Mayor deck
(`mayor_deck`) and the conflict sides of hexes still on the tracks (`track_hex`, only how many
hexes lie on each space), and `rng`. Everything else is public.

A reward list is encoded as a histogram over the 21 data effect codes (tables.DATA_CODES[1:]):
the summed `n` of each code / 5, clipped to 1 ("hist" below, width 21; per invention 3 rows).

`encode_dict` entries (all float32 in [0, 1]; "/x" is the scale, values above x clip to 1):
    players    [5, 639]  per relative seat: present, is the Mayor, food materials energy luxury
                         /9, wealth /20, steam /30, VP /150, chimney (c + 4) /8, reputation
                         one-hot 1-4, prestige /track, worm /track, pilgrims /track (4), operation
                         tiles in conflict (4), production marker one-hot left/middle/right,
                         subsidy held, subsidy used now, buildings activated (3), workers by
                         colour /6, record hexes by type /6, flags on city slots (5), tycoon
                         district one-hot (5), tycoon space one-hot (3), Mayor's inventions
                         (non-university, university) /10; then 8 floor slots x 73: occupied,
                         type one-hot (basic common innovative brilliant university), upper,
                         marker /track, Megamachine-ready, VP /10, rows A B C hist (63)
    city       [15, 24]  per district x ring (d * 3 + ring): built, electrified, tile one-hot
                         (15), worker on the workshop one-hot (none + 4 colours), hexes on it /2
    piles      [2, 16]   central / outer pile: visible top tile one-hot (15), size /5
    nature     [4, 21]   per type: hexes on each track space /2 (19), discard pile size /19,
                         track length /19
    market     [6, 71]   market slots 0-4 then the university stack's top: present, type
                         one-hot (5), VP /10, food cost /3, rows hist (63)
    draft      [4, 71]   expert variant setup: each basic invention still on offer in the draft
                         (§5.2 step 7) as in `market`, zeros once taken or if never revealed
    cities     [5, 148]  per city slot: steam cost /9, 5 rewards x (code one-hot 21, n /5),
                         partnership condition one-hot (16), partnership reward hist (21)
    machine    [46]      Megamachine board one-hot (4), token district one-hot (5), spaces
                         filled (6), blocked (6), upgrades installed (3), upgrade tile on each
                         upgrade space one-hot (9), worker on its workshop one-hot (5), neutral
                         tycoon district one-hot (5) and space one-hot (3)
    turn       [141]     phase one-hot (26), actor / active seat / leader / start player as
                         relative seat one-hot (4 x 5), end triggered, action one-hot (5),
                         picked (Commit: inventions, Megamachine: slot) /8, workers
                         placed /4, districts moved /5, top effect code one-hot (28), its
                         param /128, its n /10, Mayor's face-up card and the bribe's first
                         revealed card one-hot (2 x 16), Mayor cards left /16, bribe tile
                         unused, advisors dealt (10), invention piles left /32 (3), number
                         of players one-hot 1-4, the payment being settled (§19: food
                         materials energy luxury, wealth part; units still to pay) /5
    hexes      [28, 21]  the public hexes' conflict rewards, as reward hists summed over the
                         hexes in each place: 5 relative seats' exploration records (the
                         Mayor's 4-hex record), the 15 city tiles (d * 3 + ring), the 4
                         discard piles by type, then the top hex of each discard pile (the next
                         one explored from it)

`encode_flat` is these entries flattened and concatenated in the order above (FLAT_SIZE).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.core.jit import ENTRY, KERNEL
from eurogym.envs.daitoshi.effects import (
    fx_code,
    fx_n,
    fx_param,
    fx_signed_n,
    is_mayor,
    slot_ready_index,
)
from eurogym.envs.daitoshi.state import (
    ACTION,
    ACTIVATED,
    ACTIVE,
    ACTOR,
    ADVISOR,
    BRIBE,
    CHIMNEY,
    CITIES,
    DISCARD,
    DISCARD_N,
    DRAFT,
    ELECTRIFIED,
    EMPTY,
    ENDED,
    FLAG,
    INV_PILE_N,
    LEADER,
    MARKET,
    MAYOR_ALT,
    MAYOR_CARD,
    MAYOR_END,
    MAYOR_INV,
    MAYOR_POS,
    MAYOR_REC,
    MAYOR_RECORD,
    MAYOR_SLOT,
    MM_BOARD,
    MM_DISTRICT,
    MM_INV,
    MM_UP_DONE,
    MM_UP_TILE,
    MM_WORKER,
    MOVED,
    NEUTRAL,
    NUM_PLAYERS,
    OP_CONFLICT,
    PAY_NEED,
    PHASE,
    PHASE_NAMES,
    PICKED,
    PILE_N,
    PILE_TOP,
    PILGRIM,
    PLACED,
    PRESTIGE,
    PROD_MARK,
    REC,
    REC_N,
    REP,
    RES,
    SEATS,
    SLOT_INV,
    SLOT_POS,
    SLOT_UPPER,
    STACK_FX,
    STACK_N,
    START_PLAYER,
    STEAM,
    SUBSIDY,
    SUBSIDY_ON,
    TILE,
    TILE_HEX,
    TRACK_N,
    TYC_D,
    TYC_S,
    UNI,
    UNI_N,
    VP,
    WEALTH,
    WORKERS,
    WORM,
    WS_WORKER,
    C,
    State,
)
from eurogym.envs.daitoshi.tables import FX_NAMES, MAX_TRACK, NUM_ADVISORS, NUM_BASIC, NUM_SLOTS

C_FX, C_INV_TYPE, C_INV_VP, C_INV_COST, C_INV_ROWS = (
    C["fx"],
    C["inv_type"],
    C["inv_vp"],
    C["inv_cost"],
    C["inv_rows"],
)
C_NAT_LEN, C_PRESTIGE_LEN, C_WORM_LEN, C_SLOT_LEN = (
    C["nat_len"],
    C["prestige_len"],
    C["worm_len"],
    C["slot_len"],
)
C_CITY_COST, C_CITY_REW, C_CITY_COND, C_CITY_PREW = (
    C["city_cost"],
    C["city_rew"],
    C["city_cond"],
    C["city_prew"],
)
C_HEX_NATURE, C_HEX_REWARD = C["hex_nature"], C["hex_reward"]

NUM_PHASES = len(PHASE_NAMES)
NUM_FX = len(FX_NAMES) + 1  # effect codes, FX_NONE included
HIST = 21
SLOT_W = 10 + 3 * HIST  # 73
PLAYER_HEAD = 55
PLAYER_W = PLAYER_HEAD + NUM_SLOTS * SLOT_W  # 639
CITY_W = 24
PILE_W = 16
NATURE_W = 21
INV_W = 8 + 3 * HIST  # 71
CITYT_W = 1 + 5 * 22 + 16 + HIST  # 148
MACHINE_W = 46
TURN_W = NUM_PHASES + 20 + 9 + NUM_FX + 2 + 32 + 2 + NUM_ADVISORS + 3 + 4 + 5  # 141
HEX_ROWS = 5 + 15 + 4 + 4
SECTIONS = (
    ("players", (5, PLAYER_W)),
    ("city", (15, CITY_W)),
    ("piles", (2, PILE_W)),
    ("nature", (4, NATURE_W)),
    ("market", (6, INV_W)),
    ("draft", (NUM_BASIC, INV_W)),
    ("cities", (5, CITYT_W)),
    ("machine", (MACHINE_W,)),
    ("turn", (TURN_W,)),
    ("hexes", (HEX_ROWS, HIST)),  # last, so blocks added before it keep their offsets
)
FLAT_SIZE = sum(int(np.prod(shape)) for _, shape in SECTIONS)


@njit(**KERNEL)
def clip(x):
    """Into [0, 1]: counts can pass their scale, and VP can be negative (E6)."""
    return 1.0 if x > 1.0 else (0.0 if x < 0.0 else x)


@njit(**KERNEL)
def hist(buf, at, out, pos):
    """Add the reward list at buf[at] (start, len) into out[pos : pos + 21]."""
    start = buf[at]
    for i in range(buf[at + 1]):
        e = buf[C_FX + start + i]
        code = fx_code(e)
        if 1 <= code <= HIST:  # a VP loss subtracts
            out[pos + code - 1] = clip(out[pos + code - 1] + fx_signed_n(e) / 5.0)


@njit(**KERNEL)
def invention(buf, inv, out, pos):
    """INV_W features of one invention (or zeros)."""
    if inv == EMPTY:
        return
    out[pos] = 1.0
    out[pos + 1 + buf[C_INV_TYPE + inv]] = 1.0
    out[pos + 6] = clip(buf[C_INV_VP + inv] / 10.0)
    out[pos + 7] = buf[C_INV_COST + inv] / 3.0
    for row in range(3):
        hist(buf, C_INV_ROWS + (inv * 3 + row) * 2, out, pos + 8 + row * HIST)


@njit(**KERNEL)
def rel(buf, me, seat):
    if seat < 0:
        return -1
    return (seat - me) % buf[SEATS]


@njit(**ENTRY)
def encode_into(buf, me, out):
    out[:] = 0.0
    seats = buf[SEATS]
    pos = 0
    # players
    for k in range(seats):
        p = (me + k) % seats
        o = pos + k * PLAYER_W
        out[o] = 1.0
        mayor = is_mayor(buf, p)
        out[o + 1] = 1.0 if mayor else 0.0
        for r in range(4):
            out[o + 2 + r] = buf[RES + p * 4 + r] / 9.0
        out[o + 6] = clip(buf[WEALTH + p] / 20.0)
        out[o + 7] = clip(buf[STEAM + p] / 30.0)
        out[o + 8] = clip(buf[VP + p] / 150.0)
        out[o + 9] = (buf[CHIMNEY + p] + 4) / 8.0
        out[o + 10 + buf[REP + p] - 1] = 1.0
        out[o + 14] = clip(buf[PRESTIGE + p] / buf[C_PRESTIGE_LEN])
        out[o + 15] = buf[WORM + p] / buf[C_WORM_LEN]
        for t in range(4):
            out[o + 16 + t] = buf[PILGRIM + p * 4 + t] / buf[C_NAT_LEN + t]
            out[o + 20 + t] = buf[OP_CONFLICT + p * 4 + t]
        out[o + 24 + buf[PROD_MARK + p]] = 1.0
        out[o + 27] = buf[SUBSIDY + p]
        out[o + 28] = buf[SUBSIDY_ON + p]
        for b in range(3):
            out[o + 29 + b] = buf[ACTIVATED + p * 3 + b]
        if mayor:
            for i in range(6):
                c = buf[MAYOR_SLOT + i]
                if c != EMPTY:
                    out[o + 32 + c] += 1.0 / 6.0
            for i in range(4):
                h = buf[MAYOR_REC + i]
                if h != EMPTY:
                    out[o + 36 + buf[C_HEX_NATURE + h]] += 1.0 / 6.0
            out[o + 53] = clip(buf[MAYOR_INV] / 10.0)
            out[o + 54] = clip(buf[MAYOR_INV + 1] / 10.0)
        else:
            for c in range(4):
                out[o + 32 + c] = clip(buf[WORKERS + p * 4 + c] / 6.0)
                out[o + 36 + c] = clip(buf[REC_N + p * 4 + c] / 6.0)
        for j in range(5):
            out[o + 40 + j] = buf[FLAG + p * 5 + j]
        if buf[TYC_D + p] != EMPTY:
            out[o + 45 + buf[TYC_D + p]] = 1.0
            out[o + 50 + buf[TYC_S + p]] = 1.0
        for s in range(NUM_SLOTS):
            so = o + PLAYER_HEAD + s * SLOT_W
            inv = buf[SLOT_INV + p * NUM_SLOTS + s]
            if inv == EMPTY:
                continue
            out[so] = 1.0
            out[so + 1 + buf[C_INV_TYPE + inv]] = 1.0
            out[so + 6] = buf[SLOT_UPPER + p * NUM_SLOTS + s]
            out[so + 7] = buf[SLOT_POS + p * NUM_SLOTS + s] / (buf[C_SLOT_LEN + s] - 1)
            if buf[C_INV_TYPE + inv] != 4 and buf[SLOT_POS + p * NUM_SLOTS + s] >= slot_ready_index(
                buf, s
            ):
                out[so + 8] = 1.0
            out[so + 9] = clip(buf[C_INV_VP + inv] / 10.0)
            for row in range(3):
                hist(buf, C_INV_ROWS + (inv * 3 + row) * 2, out, so + 10 + row * HIST)
    pos += 5 * PLAYER_W
    # city
    for i in range(15):
        o = pos + i * CITY_W
        tile = buf[TILE + i]
        if tile == EMPTY:
            continue
        out[o] = 1.0
        out[o + 1] = buf[ELECTRIFIED + i]
        out[o + 2 + tile] = 1.0
        out[o + 17 + buf[WS_WORKER + i]] = 1.0
        for k in range(2):
            if buf[TILE_HEX + i * 2 + k] != EMPTY:
                out[o + 22 + k] = 1.0
    pos += 15 * CITY_W
    for ring in range(2):
        o = pos + ring * PILE_W
        if buf[PILE_TOP + ring] != EMPTY:
            out[o + buf[PILE_TOP + ring]] = 1.0
        out[o + 15] = buf[PILE_N + ring] / 5.0
    pos += 2 * PILE_W
    for t in range(4):
        o = pos + t * NATURE_W
        for s in range(MAX_TRACK):
            out[o + s] = buf[TRACK_N + t * MAX_TRACK + s] / 2.0
        out[o + 19] = buf[DISCARD_N + t] / 19.0
        out[o + 20] = buf[C_NAT_LEN + t] / 19.0
    pos += 4 * NATURE_W
    for m in range(5):
        invention(buf, buf[MARKET + m], out, pos + m * INV_W)
    if buf[UNI_N] > 0:
        invention(buf, buf[UNI + buf[UNI_N] - 1], out, pos + 5 * INV_W)
    pos += 6 * INV_W
    for b in range(NUM_BASIC):
        if buf[DRAFT + b] == 1:
            invention(buf, b, out, pos + b * INV_W)
    pos += NUM_BASIC * INV_W
    for j in range(5):
        o = pos + j * CITYT_W
        city = buf[CITIES + j]
        out[o] = buf[C_CITY_COST + city] / 9.0
        for i in range(5):
            e = buf[C_CITY_REW + city * 5 + i]
            out[o + 1 + i * 22 + fx_code(e) - 1] = 1.0
            out[o + 1 + i * 22 + 21] = clip(fx_n(e) / 5.0)
        out[o + 111 + buf[C_CITY_COND + city]] = 1.0
        hist(buf, C_CITY_PREW + city * 2, out, o + 127)
    pos += 5 * CITYT_W
    # machine
    board = buf[MM_BOARD]
    out[pos + board] = 1.0
    out[pos + 4 + buf[MM_DISTRICT]] = 1.0
    for i in range(6):
        if buf[MM_INV + i] >= 0:
            out[pos + 9 + i] = 1.0
        if buf[MM_INV + i] == -2:
            out[pos + 15 + i] = 1.0
    for u in range(3):
        out[pos + 21 + u] = buf[MM_UP_DONE + u]
        out[pos + 24 + u * 3 + buf[MM_UP_TILE + u]] = 1.0
    out[pos + 33 + buf[MM_WORKER]] = 1.0
    if buf[TYC_D + NEUTRAL] != EMPTY:
        out[pos + 38 + buf[TYC_D + NEUTRAL]] = 1.0
        out[pos + 43 + buf[TYC_S + NEUTRAL]] = 1.0
    pos += MACHINE_W
    # turn
    out[pos + buf[PHASE]] = 1.0
    pos += NUM_PHASES
    who = (buf[ACTOR], buf[ACTIVE], buf[LEADER], buf[START_PLAYER])
    for i in range(4):
        r = rel(buf, me, who[i])
        if r >= 0:
            out[pos + i * 5 + r] = 1.0
    pos += 20
    out[pos] = buf[ENDED]
    if buf[ACTION] >= 0:
        out[pos + 1 + buf[ACTION]] = 1.0
    out[pos + 6] = buf[PICKED] / NUM_SLOTS
    out[pos + 7] = clip(buf[PLACED] / 4.0)
    out[pos + 8] = buf[MOVED] / 5.0
    pos += 9
    if buf[STACK_N] > 0:
        e = buf[STACK_FX + buf[STACK_N] - 1]
        out[pos + fx_code(e)] = 1.0
        out[pos + NUM_FX] = fx_param(e) / 128.0
        out[pos + NUM_FX + 1] = clip(fx_n(e) / 10.0)
    pos += NUM_FX + 2
    for i, card in enumerate((buf[MAYOR_CARD], buf[MAYOR_ALT])):
        if card >= 0:
            out[pos + i * 16 + card] = 1.0
    pos += 32
    out[pos] = (buf[MAYOR_END] - buf[MAYOR_POS]) / 16.0
    out[pos + 1] = buf[BRIBE]
    for a in range(NUM_ADVISORS):
        out[pos + 2 + a] = buf[ADVISOR + a]
    pos += 2 + NUM_ADVISORS
    for q in range(3):
        out[pos + q] = buf[INV_PILE_N + q] / 32.0
    out[pos + 3 + buf[NUM_PLAYERS] - 1] = 1.0
    pos += 7
    for r in range(5):
        out[pos + r] = clip(buf[PAY_NEED + r] / 5.0)
    pos += 5
    encode_hexes(buf, me, out, pos)


@njit(**KERNEL)
def encode_hexes(buf, me, out, pos):
    """The hexes section: a hex's conflict side is public once it leaves the tracks (§3.2), and
    which rewards wait in a record or on a tile matters to Renovate, Electrify and give-back
    choices, so each place gets the histogram of its hexes' conflict rewards."""
    seats = buf[SEATS]
    for k in range(seats):
        p = (me + k) % seats
        o = pos + k * HIST
        if is_mayor(buf, p):
            for i in range(MAYOR_RECORD):
                h = buf[MAYOR_REC + i]
                if h != EMPTY:
                    hist(buf, C_HEX_REWARD + h * 2, out, o)
        else:
            for t in range(4):
                for i in range(buf[REC_N + p * 4 + t]):
                    h = buf[REC + (p * 4 + t) * MAX_TRACK + i]
                    hist(buf, C_HEX_REWARD + h * 2, out, o)
    pos += 5 * HIST
    for i in range(15):
        for k in range(2):
            h = buf[TILE_HEX + i * 2 + k]
            if h != EMPTY:
                hist(buf, C_HEX_REWARD + h * 2, out, pos + i * HIST)
    pos += 15 * HIST
    for t in range(4):
        n = buf[DISCARD_N + t]
        for i in range(n):
            hist(buf, C_HEX_REWARD + buf[DISCARD + t * MAX_TRACK + i] * 2, out, pos + t * HIST)
        if n > 0:
            top = buf[DISCARD + t * MAX_TRACK + n - 1]
            hist(buf, C_HEX_REWARD + top * 2, out, pos + (4 + t) * HIST)


def encode_flat(state: State, me: int) -> np.ndarray:
    """float32[FLAT_SIZE]: the observation of seat `me` (the env default)."""
    out = np.empty(FLAT_SIZE, np.float32)
    encode_into(state.buf, me, out)
    return out


def encode_dict(state: State, me: int) -> dict[str, np.ndarray]:
    """The same features as named arrays (shapes in the module docstring)."""
    flat = encode_flat(state, me)
    out = {}
    pos = 0
    for name, shape in SECTIONS:
        size = int(np.prod(shape))
        out[name] = flat[pos : pos + size].reshape(shape)
        pos += size
    return out
