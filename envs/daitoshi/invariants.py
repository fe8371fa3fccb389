"""State invariants checked after every step of the random-game tests (issue 4): resources
within 0..9, worker capacity and the 15-per-colour supply respected, district tiles and nature
hexes conserved, tycoon-space capacities, and a non-empty mask until the game is over.

The checks run as one numba kernel (the conformance suite calls them after every random
decision); `check_invariants` turns its answer into an AssertionError message.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from envs.core.jit import KERNEL
from envs.daitoshi.effects import is_mayor, supply, worker_cap, worker_total
from envs.daitoshi.state import (
    CHIMNEY,
    DISCARD,
    DISCARD_N,
    EMPTY,
    FLAG,
    MARKET,
    MAYOR_REC,
    MAYOR_RECORD,
    NUM_PLAYERS,
    NUM_TYCOONS,
    P_GAME_OVER,
    P_KEEP,
    PHASE,
    PHASE_NAMES,
    PILE_N,
    PILGRIM,
    REC,
    REC_N,
    REP,
    RES,
    SEATS,
    STACK_N,
    STEAM,
    TILE,
    TILE_HEX,
    TRACK_HEX,
    TRACK_N,
    TYC_D,
    TYC_S,
    WEALTH,
    WS_WORKER,
    C,
    State,
)
from envs.daitoshi.tables import (
    CHIMNEY_MAX,
    MARKET_QUALITY,
    MAX_TRACK,
    NUM_HEXES,
    REPUTATION_MAX,
    RES_CAP,
    SPACE_CAPACITY,
)

C_NAT_LEN, C_NAT_DOUBLE, C_RIVER_EMPTY = C["nat_len"], C["nat_double"], C["river_empty"]
C_INV_TYPE = C["inv_type"]
MESSAGES = (
    "ok",
    "a resource outside 0..9",
    "negative wealth or steam",
    "more workers on a factory than its capacity",
    "more than 15 workers of a colour outside the supply",
    "district tiles not conserved (5 per ring, on the board or in the piles)",
    "a nature hex in two places, or hexes not conserved",
    "a tycoon space over its capacity",
    "a worker on the workshop of an unbuilt tile",
    "chimney, reputation, pilgrim or flags out of range",
    "a market slot holding an invention of the wrong quality",
    "effects left on the stack at a turn decision",
    "no legal action before the game is over",
    "a mask entry other than 0 or 1",
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
