"""State invariants checked after every step of the random-game tests (issue 3): nothing
negative, gnomes / workers / cards conserved, one marker per symbol, hand limit at turn end."""

from __future__ import annotations

import numpy as np

from envs.belfort.state import (
    EMPTY,
    NP_FIRST,
    P_ACTIONS,
    P_GAME_OVER,
    P_NP_PLACE,
    P_SETUP_DISCARD,
    P_WIZ_GATE,
    PHASE_NAMES,
    State,
)
from envs.belfort.tables import (
    DECK_SIZE,
    LOCKS,
    NP_MARKERS,
    SITE_GATE,
    SITE_WALL,
    SITE_WEIGHT,
    WORKERS_PER_COLOUR,
)

# phases inside an actions turn, where the turn player may be over the hand limit
IN_TURN = frozenset(range(P_ACTIONS, P_WIZ_GATE + 1))


def check_invariants(state: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    n = state.num_players
    phase = state.phase
    where = f"phase {PHASE_NAMES[phase]}, month {state.month}"
    assert (state.res[:n] >= 0).all(), f"negative resources or gold {state.res[:n]} ({where})"
    assert (state.score >= 0).all(), f"negative score ({where})"
    assert (state.hand >= 0).all() and (state.avail >= 0).all(), f"negative count ({where})"
    # gnomes: stock + gnomes on locks = the stock at setup; a lock holds one gnome
    on_locks = int(state.gnomes.sum())
    assert state.gnome_stock >= 0 and state.gnome_stock + on_locks == state.gnomes_total, (
        f"gnomes not conserved: stock {state.gnome_stock} + locks {on_locks} ({where})"
    )
    assert (state.gnomes <= state.built * LOCKS).all(), f"more gnomes than locks ({where})"
    # workers: owned <= 7 per race; placed + in areas + still to place never exceed owned
    for p in range(n):
        elves, dwarves = state.elves[p], state.dwarves[p]
        assert 0 <= elves <= WORKERS_PER_COLOUR and 0 <= dwarves <= WORKERS_PER_COLOUR, where
        placed = (
            state.on_plank[p].sum()
            + int((state.guild_worker == p).sum())
            + int((state.recruiter == p).sum())
            + int((state.camp == p).sum())
            + state.area[p].sum()
            + state.avail[p].sum()
        )
        assert placed <= elves + dwarves, f"seat {p} uses {placed} workers, owns more? ({where})"
        assert (state.on_plank[p] <= state.built[p]).all(), f"plank without card ({where})"
    # cards: every one of the 50 is in exactly one place
    cards = (
        state.deck_size
        + int((state.column != EMPTY).sum())
        + int(state.hand.sum())
        + int(state.setup_discard.sum())
        + int(state.discard.sum())
        + int(state.built.sum())
        + int(phase == P_NP_PLACE)  # the non-player's picked card, in no pile yet
    )
    assert cards == DECK_SIZE, f"{cards} property cards, expected {DECK_SIZE} ({where})"
    # markers: owners are seats or (2p) non-players; a Gatehouse has a single owner
    owners = state.owner
    top = NP_FIRST + 2 if n == 2 else n
    assert ((owners == EMPTY) | ((owners >= 0) & (owners < top))).all(), f"bad owner ({where})"
    for g in range(SITE_GATE, SITE_WALL, 2):
        a, b = owners[g], owners[g + 1]
        assert a == EMPTY or b == EMPTY or a == b, f"Gatehouse {g} has two owners ({where})"
    if n == 2:
        for i in range(2):
            placed_np = int(SITE_WEIGHT[owners == NP_FIRST + i].sum())
            assert placed_np + state.np_markers[i] == NP_MARKERS, f"NP markers ({where})"
    # hand limit: only the player in their actions turn may be over it (§9.2, D17)
    limit = state.fees[4]
    if phase not in (P_SETUP_DISCARD, P_GAME_OVER):
        for p in range(n):
            if not (phase in IN_TURN and p in (state.turn_player, state.spies_user)):
                assert state.hand[p].sum() <= limit, (
                    f"seat {p} holds {state.hand[p].sum()} ({where})"
                )
    assert phase == P_GAME_OVER or state.mask.any(), f"no legal action ({where})"
    assert np.all(state.mask[state.mask != 0] == 1)
