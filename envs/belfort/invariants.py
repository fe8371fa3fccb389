"""State invariants checked after every step of the random-game tests (issue 3): nothing
negative, gnomes / workers / cards conserved, one marker per symbol, hand limit at turn end.

The checks run as one numba kernel (the conformance suite calls them after each of ~450k
random decisions); `check_invariants` turns its answer into an AssertionError message.
"""

from __future__ import annotations

from numba import njit

from eurogym.envs.belfort.state import (
    AREA,
    AVAIL,
    BUILT,
    CAMP,
    COLUMN,
    DECK_SIZE_AT,
    DISCARD,
    DWARVES,
    ELVES,
    EMPTY,
    FEES,
    GNOME_STOCK,
    GNOMES,
    GNOMES_TOTAL,
    GUILD_WORKER,
    HAND,
    MONTH,
    NP_FIRST,
    NP_MARKERS,
    NUM_PLAYERS,
    ON_PLANK,
    OWNER,
    P_ACTIONS,
    P_GAME_OVER,
    P_NP_PLACE,
    P_SETUP_DISCARD,
    P_WIZ_GATE,
    PHASE,
    PHASE_NAMES,
    RECRUITER,
    RES,
    SCORE,
    SETUP_DISCARD,
    SPIES_USER,
    TURN_PLAYER,
    State,
)
from eurogym.envs.belfort.tables import (
    COLUMN_SIZE,
    DECK_SIZE,
    LOCKS,
    NUM_DISTRICTS,
    NUM_PROPERTIES,
    NUM_SITES,
    SITE_GATE,
    SITE_WALL,
    SITE_WEIGHT,
    WORKERS_PER_COLOUR,
)
from eurogym.envs.belfort.tables import (
    NP_MARKERS as NP_MARKERS_AT_START,
)
from eurogym.envs.core.jit import KERNEL

NP = NUM_PROPERTIES
MESSAGES = (
    "ok",
    "negative resources or gold",
    "negative score",
    "negative card or worker count",
    "gnomes not conserved (stock + gnomes on locks != stock at setup)",
    "more gnomes than locks on a card type",
    "more than 7 workers of a race",
    "more workers placed, in areas or waiting than owned",
    "a worker on the plank of a card not built",
    "property cards not conserved (50 in deck, column, hands, discards, built)",
    "a marker owner that is neither a seat nor a non-player",
    "a Gatehouse with two owners",
    "non-player markers not conserved (12 each, a Keep uses 2)",
    "a player over the hand limit outside their own turn",
    "no legal action before the game is over",
    "a mask entry other than 0 or 1",
)


@njit(**KERNEL)
def first_violation(buf, mask):
    """Index into MESSAGES of the first broken invariant, 0 if none."""
    n = buf[NUM_PLAYERS]
    phase = buf[PHASE]
    cards = buf[DECK_SIZE_AT] + (1 if phase == P_NP_PLACE else 0)  # a picked NP card
    on_locks = 0
    for p in range(n):
        for r in range(4):
            if buf[RES + p * 4 + r] < 0:
                return 1
        if buf[SCORE + p] < 0:
            return 2
        placed = 0
        for k in range(4):
            if buf[AVAIL + p * 4 + k] < 0:
                return 3
            placed += buf[AVAIL + p * 4 + k]
        for k in range(16):
            placed += buf[AREA + p * 16 + k]
        for t in range(NP):
            at = p * NP + t
            if buf[HAND + at] < 0 or buf[SETUP_DISCARD + at] < 0 or buf[GNOMES + at] < 0:
                return 3
            if buf[GNOMES + at] > buf[BUILT + at] * LOCKS[t]:
                return 5
            if buf[ON_PLANK + at] > buf[BUILT + at]:
                return 8
            on_locks += buf[GNOMES + at]
            placed += buf[ON_PLANK + at]
            cards += buf[HAND + at] + buf[SETUP_DISCARD + at] + buf[BUILT + at]
        for d in range(NUM_DISTRICTS):
            placed += 1 if buf[GUILD_WORKER + d] == p else 0
            placed += 1 if buf[CAMP + d] == p else 0
        for i in range(3):
            placed += 1 if buf[RECRUITER + i] == p else 0
        if buf[ELVES + p] > WORKERS_PER_COLOUR or buf[DWARVES + p] > WORKERS_PER_COLOUR:
            return 6
        if placed > buf[ELVES + p] + buf[DWARVES + p]:
            return 7
    if buf[GNOME_STOCK] < 0 or buf[GNOME_STOCK] + on_locks != buf[GNOMES_TOTAL]:
        return 4
    for t in range(NP):
        cards += buf[DISCARD + t]
    for i in range(COLUMN_SIZE):
        cards += 1 if buf[COLUMN + i] != EMPTY else 0
    if cards != DECK_SIZE:
        return 9
    top = NP_FIRST + 2 if n == 2 else n
    np_markers = [0, 0]
    for s in range(NUM_SITES):
        o = buf[OWNER + s]
        if o != EMPTY and not 0 <= o < top:
            return 10
        if n == 2 and o >= NP_FIRST:
            np_markers[o - NP_FIRST] += SITE_WEIGHT[s]
    for g in range(SITE_GATE, SITE_WALL, 2):
        a = buf[OWNER + g]
        b = buf[OWNER + g + 1]
        if a != EMPTY and b != EMPTY and a != b:
            return 11
    if n == 2:
        for i in range(2):
            if np_markers[i] + buf[NP_MARKERS + i] != NP_MARKERS_AT_START:
                return 12
    if phase != P_SETUP_DISCARD and phase != P_GAME_OVER:
        in_turn = P_ACTIONS <= phase <= P_WIZ_GATE
        for p in range(n):
            if in_turn and (p == buf[TURN_PLAYER] or p == buf[SPIES_USER]):
                continue
            size = 0
            for t in range(NP):
                size += buf[HAND + p * NP + t]
            if size > buf[FEES + 4]:
                return 13
    legal = 0
    for a in range(mask.shape[0]):
        if mask[a] != 0 and mask[a] != 1:
            return 15
        legal += mask[a]
    if phase != P_GAME_OVER and legal == 0:
        return 14
    return 0


def check_invariants(state: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    code = first_violation(state.buf, state.mask)
    if code:
        raise AssertionError(
            f"belfort invariant broken: {MESSAGES[code]} "
            f"(phase {PHASE_NAMES[state.phase]}, month {state.buf[MONTH]})"
        )
