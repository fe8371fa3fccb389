"""State invariants checked after every step of the random-game tests (issue 4): resources
within 0..9, worker capacity and the 15-per-colour supply respected, district tiles, nature
hexes and inventions conserved by identity, tycoon-space capacities, a pending payment that
can be paid (§19), and a non-empty mask until the game is over. A new place that can hold an
invention, a tile or a hex must be added to the matching check here.

The checks run as one numba kernel (the conformance suite calls them after every random
decision); `check_invariants` turns its answer into an AssertionError message.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.core.jit import ENTRY, KERNEL
from eurogym.envs.daitoshi.effects import can_pay, is_mayor, supply, worker_cap, worker_total
from eurogym.envs.daitoshi.state import (
    CHIMNEY,
    DISCARD,
    DISCARD_N,
    DRAFT,
    EMPTY,
    FLAG,
    INV_PILE,
    INV_PILE_N,
    MARKET,
    MAYOR_INV,
    MAYOR_REC,
    MAYOR_RECORD,
    MM_BOARD,
    MM_INV,
    NUM_PLAYERS,
    NUM_TYCOONS,
    P_GAME_OVER,
    P_KEEP,
    PAY_NEED,
    PAY_P,
    PENDING_INV,
    PHASE,
    PHASE_NAMES,
    PILE,
    PILE_N,
    PILE_TOP,
    PILGRIM,
    REC,
    REC_N,
    REP,
    RES,
    S_COMMIT_BUILDING,
    SEATS,
    SLOT_INV,
    SOLO,
    STACK_N,
    STEAM,
    STEP,
    TILE,
    TILE_HEX,
    TRACK_HEX,
    TRACK_N,
    TYC_D,
    TYC_S,
    UNI,
    UNI_N,
    WEALTH,
    WS_WORKER,
    C,
    State,
)
from eurogym.envs.daitoshi.tables import (
    CHIMNEY_MAX,
    MARKET_QUALITY,
    MAX_TRACK,
    NUM_BASIC,
    NUM_HEXES,
    NUM_INVENTIONS,
    NUM_MM_SPACES,
    NUM_SLOTS,
    REPUTATION_MAX,
    RES_CAP,
    SPACE_CAPACITY,
)

C_NAT_LEN, C_NAT_DOUBLE, C_RIVER_EMPTY = C["nat_len"], C["nat_double"], C["river_empty"]
C_INV_TYPE, C_INV_MM = C["inv_type"], C["inv_mm"]
MESSAGES = (
    "ok",
    "a resource outside 0..9",
    "negative wealth or steam",
    "more workers on a factory than its capacity",
    "more than 15 workers of a colour outside the supply",
    "district tiles not conserved (each tile once, on its ring or in its pile)",
    "a nature hex in two places, or hexes not conserved",
    "a tycoon space over its capacity",
    "a worker on the workshop of an unbuilt tile",
    "chimney, reputation, pilgrim or flags out of range",
    "a market slot holding an invention of the wrong quality",
    "effects left on the stack at a turn decision",
    "no legal action before the game is over",
    "a mask entry other than 0 or 1",
    "a pending payment that cannot be paid, or one left at a turn decision",
    "inventions not conserved (one in two places, out of play, or missing)",
)


@njit(**KERNEL)
def hexes_at_setup(buf):
    players = buf[NUM_PLAYERS]
    total = 0
    for t in range(4):
        length = buf[C_NAT_LEN + t]
        total += length - (buf[C_RIVER_EMPTY + players] if t == 0 else 0)
        for s in range(length):
            d = buf[C_NAT_DOUBLE + t * MAX_TRACK + s]
            if 0 < d <= players:
                total += 1
    return total


@njit(**KERNEL)
def tiles_conserved(buf):
    """Each of the 15 district tiles once: inner tiles on the inner ring, central and outer
    tiles on their ring or in their pile (below PILE_N), and each pile's visible top right."""
    seen = np.zeros(15, np.int64)
    for ring in range(3):
        for d in range(5):
            t = buf[TILE + d * 3 + ring]
            if t != EMPTY:
                if not ring * 5 <= t < ring * 5 + 5:
                    return False
                seen[t] += 1
        if ring > 0:
            n = buf[PILE_N + ring - 1]
            for k in range(n):
                t = buf[PILE + (ring - 1) * 5 + k]
                if not ring * 5 <= t < ring * 5 + 5:
                    return False
                seen[t] += 1
            if buf[PILE_TOP + ring - 1] != (buf[PILE + (ring - 1) * 5 + n - 1] if n else EMPTY):
                return False
    for t in range(15):
        if seen[t] != 1:
            return False
    return True


@njit(**KERNEL)
def inventions_conserved(buf):
    """Each invention in play once: the face-down piles, the market, the floor slots, the
    Megamachine spaces, the university stack, a Commit pick waiting for its building, the
    expert draft's offer, or the
    solo Mayor's pile (kept as counts, so the in-play inventions found nowhere else must match
    them). In play: every common, innovative and brilliant invention, the chosen Megamachine's
    6 university inventions, and one basic invention per player (the rest stay in the box)."""
    seen = np.zeros(NUM_INVENTIONS, np.int64)
    for q in range(3):
        for k in range(buf[INV_PILE_N + q]):
            seen[buf[INV_PILE + q * 32 + k]] += 1
    for m in range(5):
        if buf[MARKET + m] != EMPTY:
            seen[buf[MARKET + m]] += 1
    for p in range(buf[SEATS]):
        for s in range(NUM_SLOTS):
            if buf[SLOT_INV + p * NUM_SLOTS + s] != EMPTY:
                seen[buf[SLOT_INV + p * NUM_SLOTS + s]] += 1
    for i in range(NUM_MM_SPACES):
        if buf[MM_INV + i] >= 0:
            seen[buf[MM_INV + i]] += 1
    for k in range(buf[UNI_N]):
        seen[buf[UNI + k]] += 1
    if buf[STEP] == S_COMMIT_BUILDING:  # taken, paid for or being paid (§19), not yet installed
        seen[buf[PENDING_INV]] += 1
    for b in range(NUM_BASIC):  # expert variant: revealed, not yet drafted (basic b is id b)
        if buf[DRAFT + b] == 1:
            seen[b] += 1
    basics = 0
    missing = np.zeros(2, np.int64)  # non-university, university
    for i in range(NUM_INVENTIONS):
        kind = buf[C_INV_TYPE + i]
        if seen[i] > 1:
            return False
        if kind == 0:
            basics += seen[i]
        elif kind == 4 and buf[C_INV_MM + i] != buf[MM_BOARD]:
            if seen[i] != 0:
                return False  # another Megamachine's university invention
        elif seen[i] == 0:
            missing[1 if kind == 4 else 0] += 1
    solo = buf[SOLO] == 1
    return (
        basics == buf[NUM_PLAYERS]
        and missing[0] == (buf[MAYOR_INV] if solo else 0)
        and missing[1] == (buf[MAYOR_INV + 1] if solo else 0)
    )


@njit(**ENTRY)
def first_violation(buf, mask):
    """Index into MESSAGES of the first broken invariant, 0 if none."""
    phase = buf[PHASE]
    for p in range(buf[SEATS]):
        for r in range(4):
            if not 0 <= buf[RES + p * 4 + r] <= RES_CAP:
                return 1
        if buf[WEALTH + p] < 0 or buf[STEAM + p] < 0:
            return 2
        if phase != P_KEEP and phase != P_GAME_OVER and worker_total(buf, p) > worker_cap(buf, p):
            return 3
        if (
            not -CHIMNEY_MAX <= buf[CHIMNEY + p] <= CHIMNEY_MAX
            or not 1 <= buf[REP + p] <= REPUTATION_MAX
        ):
            return 9
        flags = 0
        for j in range(5):
            flags += buf[FLAG + p * 5 + j]
        if flags > 5:
            return 9
        for t in range(4):
            s = buf[PILGRIM + p * 4 + t]
            if (
                s < 0
                or s > buf[C_NAT_LEN + t]
                or (s > 0 and buf[TRACK_N + t * MAX_TRACK + s - 1] > 0)
            ):
                return 9
    for c in range(4):
        if supply(buf, c) < 0:
            return 4
    for ring in range(3):
        built = 0
        for d in range(5):
            if buf[TILE + d * 3 + ring] != EMPTY:
                built += 1
            elif buf[WS_WORKER + d * 3 + ring] != 0:
                return 8
        if built + (buf[PILE_N + ring - 1] if ring > 0 else 0) != 5:
            return 5
    if not tiles_conserved(buf):
        return 5
    if not inventions_conserved(buf):
        return 15
    seen = np.zeros(NUM_HEXES, np.int64)
    for t in range(4):
        for s in range(MAX_TRACK):
            for k in range(buf[TRACK_N + t * MAX_TRACK + s]):
                seen[buf[TRACK_HEX + (t * MAX_TRACK + s) * 2 + k]] += 1
        for k in range(buf[DISCARD_N + t]):
            seen[buf[DISCARD + t * MAX_TRACK + k]] += 1
        for p in range(buf[SEATS]):
            if not is_mayor(buf, p):
                for k in range(buf[REC_N + p * 4 + t]):
                    seen[buf[REC + (p * 4 + t) * MAX_TRACK + k]] += 1
    for i in range(30):
        h = buf[TILE_HEX + i]
        if h != EMPTY:
            seen[h] += 1
    for i in range(MAYOR_RECORD):
        h = buf[MAYOR_REC + i]
        if h != EMPTY:
            seen[h] += 1
    total = 0
    for h in range(NUM_HEXES):
        if seen[h] > 1:
            return 6
        total += seen[h]
    if total != hexes_at_setup(buf):
        return 6
    for t in range(NUM_TYCOONS):
        d = buf[TYC_D + t]
        if d != EMPTY:
            s = buf[TYC_S + t]
            count = 0
            for u in range(NUM_TYCOONS):
                if buf[TYC_D + u] == d and buf[TYC_S + u] == s:
                    count += 1
            if count > SPACE_CAPACITY[s]:
                return 7
    for m in range(5):
        inv = buf[MARKET + m]
        if inv != EMPTY and buf[C_INV_TYPE + inv] != MARKET_QUALITY[m] + 1:
            return 10
    if phase == 0 and buf[STACK_N] != 0:
        return 11
    payer = buf[PAY_P]
    if payer != EMPTY and (
        phase == 0
        or not can_pay(
            buf,
            payer,
            buf[PAY_NEED],
            buf[PAY_NEED + 1],
            buf[PAY_NEED + 2],
            buf[PAY_NEED + 3],
            buf[PAY_NEED + 4],
        )
    ):
        return 14
    legal = 0
    for a in range(mask.shape[0]):
        if mask[a] != 0 and mask[a] != 1:
            return 13
        legal += mask[a]
    if phase != P_GAME_OVER and legal == 0:
        return 12
    return 0


def check_invariants(state: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    code = first_violation(state.buf, state.mask)
    if code:
        raise AssertionError(
            f"daitoshi invariant broken: {MESSAGES[code]} "
            f"(phase {PHASE_NAMES[state.phase]}, turn {state.turns})"
        )
