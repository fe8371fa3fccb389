"""Daitoshi's views (issue 12): the ansi view fits 120 columns, has a legend, names the decider
and shows only public information to a seat; every legal action is described in words that
depend on the phase; `describe_changes` reports the Mayor's automatic turn; the rgb image is a
readable size and shows the state; `score_table` rows add up to the final VP."""

from __future__ import annotations

import re

import numpy as np
import pytest

from eurogym.envs.core.registry import spec
from eurogym.envs.daitoshi import state as st
from eurogym.envs.daitoshi.actions import (
    A_BRIBE,
    A_COLOR,
    A_DONE,
    A_MAYOR_CARD,
    A_MSPACE,
    A_TYPE,
    NUM_ACTIONS,
    describe,
)
from eurogym.envs.daitoshi.render import describe_changes, render_ansi
from eurogym.envs.daitoshi.render_image import render_rgb
from eurogym.envs.daitoshi.rules import ENGINE, final_scores, mayor_score, score_table
from eurogym.envs.daitoshi.state import P_GAME_OVER, State
from tests.daitoshi.helpers import new_state

CASES = [(n, {}) for n in (1, 2, 3, 4)] + [
    (n, dict(o)) for n, o in spec("daitoshi_v0").option_cases
]


def _play(num_players: int, seed: int, every: int = 5, **options) -> list[State]:
    """States of one random game (seeded), every `every` decisions and the last one."""
    state = new_state(num_players, seed, **options)
    rng = np.random.default_rng(seed)
    out = []
    k = 0
    while not ENGINE.is_over(state):
        if k % every == 0:
            out.append(state.copy())
        legal = np.flatnonzero(state.mask)
        ENGINE.apply_action(state, int(rng.choice(legal)))
        k += 1
    out.append(state)
    return out


@pytest.fixture(scope="module")
def games() -> list[list[State]]:
    return [_play(n, seed, **options) for seed, (n, options) in enumerate(CASES)]


def _secret_shuffled(state: State, seed: int) -> State:
    """A copy whose secret fields (env spec secret_fields) are reordered: a view that shows
    only public information cannot tell the two apart."""
    out = state.copy()
    rng = np.random.default_rng(seed)
    for k in range(2):  # the district-tile piles below their visible top (top = last)
        n = int(out.pile_n[k])
        if n > 2:
            out.pile[k, : n - 1] = rng.permutation(out.pile[k, : n - 1])
    for q in range(3):
        n = int(out.inv_pile_n[q])
        out.inv_pile[q, :n] = rng.permutation(out.inv_pile[q, :n])
    lo, hi = int(out.mayor_pos), int(out.mayor_end)
    out.mayor_deck[lo:hi] = rng.permutation(out.mayor_deck[lo:hi])
    hexes = out.track_hex.reshape(-1)
    placed = np.flatnonzero(hexes >= 0)
    hexes[placed] = rng.permutation(hexes[placed])
    return out


def test_ansi_fits_120_columns_names_decider_and_has_legend(games):
    for states in games:
        for state in states:
            for viewer in (None, *range(int(state.seats))):
                text = render_ansi(state, viewer=viewer)
                width = max(len(line) for line in text.splitlines())
                assert width <= 120, (width, viewer)
                assert "LEGEND:" in text
                decision = next(x for x in text.splitlines() if x.startswith("DECISION:"))
                if state.phase == P_GAME_OVER:
                    assert "game over" in decision
                else:
                    who = "Mayor" if state.solo and state.actor == 1 else f"seat {state.actor}"
                    assert decision.startswith(f"DECISION: {who} chooses ")
    assert render_ansi(games[0][0]) == render_ansi(games[0][0], viewer=None)


def test_ansi_shows_the_contents_the_issue_found_missing():
    state = new_state(1, 3)
    text = render_ansi(state, viewer=0)
    for needle in (
        "explore river+land of choice",  # the Town Hall's explore type
        "workshop",  # workshop rewards
        "electrify",  # electrify cost and reward
        "S1 ",  # Megamachine spaces and their rewards
        "upgrade a",
        "prestige (space:reward): 1",  # the prestige track's rewards
        "worm loop (space:reward): 0",
        "record (",
        "face-up card:",  # the Mayor's card
        "bribe tile unused",
    ):
        assert needle in text, needle
    assert "cities [" not in text and "flags [" not in text  # no bare id lists


def test_bribe_cards_are_shown_when_the_player_chooses():
    state = new_state(1, 0)
    rng = np.random.default_rng(0)
    while state.phase != st.P_BRIBE:
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
    ENGINE.apply_action(state, A_BRIBE)
    assert state.phase == st.P_BRIBE_CARD
    text = render_ansi(state, viewer=0)
    first = f"BRIBE first card: card {int(state.mayor_alt)}: district D"
    second = f"BRIBE second card: card {int(state.mayor_card)}: district D"
    assert first in text and second in text
    assert f"card {int(state.mayor_alt)}: district" in ENGINE.describe_action(state, A_MAYOR_CARD)
    assert f"card {int(state.mayor_card)}: district" in ENGINE.describe_action(
        state, A_MAYOR_CARD + 1
    )


def test_seat_views_hide_the_secret_fields(games):
    checked = 0
    for states in games:
        for state in states[::4]:
            other = _secret_shuffled(state, checked)
            for viewer in range(int(state.seats)):
                assert render_ansi(state, viewer=viewer) == render_ansi(other, viewer=viewer)
            assert "HIDDEN" not in render_ansi(state, viewer=0)
            checked += 1
    assert checked > 20
    solo = games[0][0]
    full = render_ansi(solo)
    assert "HIDDEN (viewer=None only)" in full and "Mayor deck, next first:" in full
    assert full != render_ansi(_secret_shuffled(solo, 1))  # None does show the secrets
    assert np.array_equal(render_rgb(solo), render_rgb(_secret_shuffled(solo, 1)))


def test_every_legal_action_is_described_in_distinct_words(games):
    phases = set()
    for states in games:
        for state in states:
            if state.phase == P_GAME_OVER:
                continue
            phases.add(int(state.phase))
            legal = np.flatnonzero(state.mask)
            texts = [ENGINE.describe_action(state, int(a)) for a in legal]
            for text in texts:
                assert text and not re.fullmatch(r"\s*(option\s*)?\d+\s*", text), text
            assert len(set(texts)) == len(texts), texts
    assert len(phases) >= 12  # random games reach most decisions


def test_describe_reads_the_phase():
    for phase in range(P_GAME_OVER):
        for a in range(NUM_ACTIONS):
            text = describe(a, phase)
            assert text and not re.fullmatch(r"\s*(option\s*)?\d+\s*", text)
    assert "base reward" in describe(A_MSPACE, st.P_MM_ORDER)
    assert "upgrade b" in describe(A_MSPACE + 2, st.P_MM_ORDER)
    assert "space S3" in describe(A_MSPACE + 2, st.P_MEGA_SPACE)
    assert describe(A_COLOR, st.P_KEEP).startswith("return a blue worker")
    assert describe(A_COLOR + 3, st.P_WORKER).startswith("take a red worker")
    assert "pilgrim" in describe(A_TYPE + 1, st.P_PILGRIM)
    assert "back to nature" in describe(A_TYPE + 1, st.P_DISCARD_HEX)
    assert describe(A_DONE, st.P_BRIBE) != describe(A_DONE, st.P_WORKERS)


def test_describe_changes_reports_the_mayors_turn():
    state = new_state(1, 0)
    rng = np.random.default_rng(0)
    while state.phase != st.P_BRIBE:
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
    assert describe_changes(state, state.copy()) == []
    before = state.copy()
    ENGINE.apply_action(state, A_DONE)  # no bribe: the Mayor plays his turn by himself
    lines = describe_changes(before, state)
    assert any(line.startswith("Mayor revealed card ") for line in lines), lines
    assert any(
        line.startswith("Mayor") and "tycoon" in line or line.startswith("Mayor:") for line in lines
    ), lines
    assert all(isinstance(x, str) and x and not x.isdigit() for x in lines)
    hidden = describe_changes(_secret_shuffled(before, 2), _secret_shuffled(state, 3))
    assert hidden == lines  # nothing secret is reported


def test_rgb_is_readable_size_and_shows_the_state(games):
    start, middle = games[1][0], games[1][len(games[1]) // 2]
    image = render_rgb(start)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[1] >= 800
    assert not np.array_equal(image, render_rgb(middle))
    assert np.array_equal(render_rgb(games[4][-1]).shape, image.shape)


@pytest.mark.parametrize("num_players", [1, 2, 3])
def test_score_table_rows_sum_to_the_final_vp(num_players):
    state = _play(num_players, 7)[-1]
    table = score_table(state)
    assert ENGINE.is_over(state)
    assert np.array_equal(table.sum(axis=1), state.vp[: state.seats])
    n = state.num_players
    assert np.array_equal(table[:n].sum(axis=1), np.floor(final_scores(state)).astype(int))
    if num_players == 1:
        assert table[1].sum() == mayor_score(state)
    assert np.array_equal(table[:, 1:], score_table(state)[:, 1:])  # stable when re-asked
