"""Kingdom Builder views a person reads (issue 12): the text view fits 120 columns, has a legend,
names the decision and who makes it and hides other seats' cards; every legal action has its own
description in words; describe_changes reports what happened on its own without revealing a
drawn card; the picture is at least 800 pixels wide and changes with the game."""

from __future__ import annotations

import re

import numpy as np
import pytest

from eurogym.envs.kingdom_builder.actions import (
    END_TURN,
    NUM_ACTIONS,
    TILE_ACTIONS,
    describe,
)
from eurogym.envs.kingdom_builder.config import make_config
from eurogym.envs.kingdom_builder.render import describe_changes, render_ansi, render_rgb
from eurogym.envs.kingdom_builder.rules import ENGINE
from eurogym.envs.kingdom_builder.state import (
    PHASE_GAME_OVER,
    PHASE_MAIN,
    PHASE_NAMES,
    PHASE_TILE_ORIGIN,
    PHASE_TILE_TARGET,
    State,
)
from eurogym.envs.kingdom_builder.tables import GRASS, NUM_HEXES, TILE_NAMES
from eurogym.envs.kingdom_builder.words import player_name, terrain_word

# Every player count, the registered option case, and a board with all three move tiles.
GAMES = [
    (2, 0, {}),
    (3, 1, {"lords_zero_can_be_second": False}),
    (4, 2, {}),
    (5, 3, {}),
    (2, 4, {"sections": ("barn", "harbor", "paddock", "oracle")}),
]


def play_random(num_players: int, seed: int, options: dict) -> list[State]:
    state = ENGINE.new_game(make_config(num_players, **options), seed)
    rng = np.random.default_rng(seed)
    states = [state.copy()]
    while not ENGINE.is_over(state):
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
        states.append(state.copy())
    return states


@pytest.fixture(scope="module")
def games() -> list[list[State]]:
    return [play_random(n, seed, options) for n, seed, options in GAMES]


def sample(states: list[State], count: int = 25) -> list[State]:
    picks = np.linspace(0, len(states) - 1, count).astype(int)
    return [states[i] for i in sorted(set(picks))]


def test_ansi_fits_120_columns_with_legend_decider_and_scores(games) -> None:
    for states in games:
        for state in sample(states):
            for viewer in (None, *range(state.num_players)):
                text = render_ansi(state, viewer=viewer)
                widest = max(len(line) for line in text.splitlines())
                assert widest <= 120, f"{widest} columns:\n{text}"
                assert "LEGEND" in text and "KINGDOM BUILDER CARDS" in text
                for p in range(state.num_players):
                    assert player_name(p) in text
                decision = next(line for line in text.splitlines() if line.startswith("DECISION"))
                if state.phase == PHASE_GAME_OVER:
                    assert "game is over" in decision and "FINAL" in text
                else:
                    assert decision.startswith(f"DECISION  {player_name(state.cur)}:")
                    assert re.search(r": (start|mandatory action|use|\w+ tile)", decision)


def player_row(text: str, player: int) -> str:
    return next(line for line in text.splitlines() if f" {player_name(player)} " in line)


def test_a_seat_sees_its_own_card_but_not_the_others(games) -> None:
    state = next(s for s in games[2] if s.phase == PHASE_MAIN and s.turn > 2).copy()
    viewer, other = (int(state.cur) + 1) % 4, (int(state.cur) + 2) % 4
    state.hand[viewer], state.hand[other] = 0, 3  # grass for the viewer, flower field for other
    text = render_ansi(state, viewer=viewer)
    assert " grass " in player_row(text, viewer)
    assert "flower field" not in player_row(text, other) and " ? " in player_row(text, other)
    assert "flower field" in player_row(render_ansi(state), other)  # viewer=None shows all
    changed = state.copy()
    changed.hand[other] = 1
    changed.deck[: changed.deck_size] = changed.deck[: changed.deck_size][::-1].copy()
    assert render_ansi(changed, viewer=viewer) == text
    assert np.array_equal(render_rgb(changed, viewer=viewer), render_rgb(state, viewer=viewer))


def test_every_legal_action_has_its_own_description_in_words(games) -> None:
    phases = set()
    for states in games:
        for state in states[:-1]:
            legal = np.flatnonzero(state.mask)
            words = [ENGINE.describe_action(state, int(a)) for a in legal]
            for a, text in zip(legal, words, strict=True):
                assert text and not re.fullmatch(r"[\d\s]+|option \d+", text), (a, text)
                assert re.search(r"[a-z]{3}", text)
            assert len(set(words)) == len(words), words
            phases.add(int(state.phase))
    assert phases == {0, 1, 2, 3}  # main, mandatory, tile target, tile origin all described


def test_descriptions_name_terrain_tiles_and_moves(games) -> None:
    state = games[0][0]
    grass = int(np.flatnonzero((state.terrain == GRASS) & (state.mask[:NUM_HEXES] == 1))[0])
    row, col = divmod(grass, 20)
    assert ENGINE.describe_action(state, grass).startswith(
        f"build a settlement on grass at row {row}, col {col}"
    )
    assert ENGINE.describe_action(state, END_TURN) == "end the turn"
    moves = [s for s in games[4] if s.phase == PHASE_TILE_TARGET and s.selected >= 0]
    assert moves, "the move-tile game never moved a settlement"
    state = moves[0]
    target = int(np.flatnonzero(state.mask[:NUM_HEXES])[0])
    origin = divmod(int(state.selected), 20)
    assert ENGINE.describe_action(state, target).startswith(
        f"move the settlement from row {origin[0]}, col {origin[1]} to "
    )
    for t, name in enumerate(TILE_NAMES):
        assert describe(TILE_ACTIONS + t, PHASE_MAIN) == f"use the {name.capitalize()} tile"


def test_stateless_descriptions_are_words_and_distinct_per_phase() -> None:
    for phase in range(len(PHASE_NAMES)):
        words = [describe(a, phase) for a in range(NUM_ACTIONS)]
        assert len(set(words)) == NUM_ACTIONS
        assert all(re.search(r"[a-z]{3}", w) for w in words)
    assert "move the settlement at row 2, col 3" in describe(43, PHASE_TILE_ORIGIN)


def test_describe_changes_reports_turn_ends_tiles_end_and_result(games) -> None:
    lines: list[str] = []
    quiet = 0
    for states in games:
        for before, after in zip(states, states[1:], strict=False):
            changes = describe_changes(before, after)
            quiet += not changes
            lines.extend(changes)
    text = "\n".join(lines)
    assert re.search(
        r"player \d \(\w+\) ended the turn: discarded [a-z ]+, drew a terrain card", text
    )
    assert re.search(r"player \d \(\w+\)'s turn: reveals [a-z ]+, must build 3 settlements", text)
    assert re.search(r"took the [A-Z][a-z]+ tile from the location at row \d+, col \d+", text)
    assert "built their last settlement: the game ends after" in text
    assert text.count("game over, final gold") == len(games)
    assert quiet > 0  # a placement with no consequence reports nothing


def test_describe_changes_never_names_a_drawn_card(games) -> None:
    for before, after in zip(games[1], games[1][1:], strict=False):
        lines = describe_changes(before, after)
        hidden_before, hidden_after = before.copy(), after.copy()
        for s in (hidden_before, hidden_after):
            s.hand[:] = (s.hand + 1) % 5 * (s.hand >= 0) - (s.hand < 0)
            s.deck[: s.deck_size] = s.deck[: s.deck_size][::-1].copy()
        assert describe_changes(hidden_before, hidden_after) == lines


def test_turn_end_lines_say_what_was_discarded_and_revealed(games) -> None:
    before, after = next(
        (a, b) for a, b in zip(games[0], games[0][1:], strict=False) if b.turn == a.turn + 1
    )
    lines = describe_changes(before, after)
    discarded = terrain_word(before.played)
    assert (
        f"{player_name(before.cur)} ended the turn: discarded {discarded}, drew a terrain card"
        in lines
    )
    assert lines[-1].startswith(f"{player_name(after.cur)}'s turn: reveals ")
    assert terrain_word(after.played) in lines[-1]


def test_rgb_is_wide_and_changes_with_the_game(games) -> None:
    states = games[2]
    first, last = render_rgb(states[0]), render_rgb(states[-1])
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert first.shape[1] >= 800 and first.shape == last.shape
    assert (first != last).any(axis=2).mean() > 0.01
    assert (render_rgb(states[1]) != first).any()
