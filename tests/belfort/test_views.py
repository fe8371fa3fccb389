"""Belfort views (envs/belfort/render*.py, actions.describe): the text status, the per-seat
filtering of hidden cards, action descriptions, the automatic-change log and the picture."""

from __future__ import annotations

import re

import numpy as np
import pytest

from eurogym.envs.belfort.actions import NUM_ACTIONS, describe
from eurogym.envs.belfort.render import describe_changes, district_sites, render_ansi, render_rgb
from eurogym.envs.belfort.render_image import WIDTH, owner_colour
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.state import (
    P_ACTIONS,
    P_AREAS,
    P_GAME_OVER,
    P_PLACEMENT,
    PHASE_NAMES,
    State,
)
from eurogym.envs.belfort.tables import (
    BANK,
    GARDENS,
    GUILD_NAMES,
    NUM_DISTRICTS,
    NUM_SITES,
    PROPERTY_NAMES,
    PUB,
    SITE_DISTRICT,
)

# Every player count plus the env spec's option cases (envs/belfort/env.py).
CASES = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (3, {"guild_mode": "advanced", "thieves_variant": "rulebook", "market_visits_cap": True}),
    (2, {"guild_mode": "beginner"}),
]
BARE = re.compile(r"^\s*(\d+|option \d+|choice \d+.*)\s*$")


def random_game(num_players: int, seed: int, options: dict | None = None, steps: int = 4000):
    """(state before, action, state after) for each step of a random game."""
    state = ENGINE.new_game(ENGINE.make_config(num_players, **(options or {})), seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if ENGINE.is_over(state):
            return
        legal = np.flatnonzero(ENGINE.legal_action_mask(state, ENGINE.current_player(state)))
        action = int(rng.choice(legal))
        before = state.copy()
        ENGINE.apply_action(state, action)
        yield before, action, state


@pytest.fixture
def state() -> State:
    return ENGINE.new_game(ENGINE.make_config(3), 0)


def test_district_sites_partition_the_board() -> None:
    seen = [s for d in range(NUM_DISTRICTS) for s in district_sites(d)]
    assert sorted(seen) == list(range(NUM_SITES))
    for d in range(NUM_DISTRICTS):
        assert (SITE_DISTRICT[district_sites(d)] == d).all()


@pytest.mark.parametrize(("num_players", "options"), CASES)
def test_ansi_fits_120_columns_has_legend_and_names_the_decider(
    num_players: int, options: dict
) -> None:
    checked = 0
    for i, (_, _, s) in enumerate(random_game(num_players, 11 + num_players, options)):
        if i % 9 and s.phase != P_GAME_OVER:
            continue
        for viewer in (None, *range(num_players)):
            text = render_ansi(s, viewer)
            assert max(len(line) for line in text.splitlines()) <= 120, text
            # a wrapped count never starts a line (it would read as an action number)
            assert not re.search(r"^\s*\d+\s*$", text, re.M), text
            assert "LEGEND:" in text
            if s.phase == P_GAME_OVER:
                assert "game over" in text
            else:
                assert f"player {s.actor} decides: " in text
        checked += 1
    assert checked > 20


def test_ansi_lists_districts_guilds_players_and_cards(state: State) -> None:
    text = render_ansi(state)
    for d in range(NUM_DISTRICTS):
        assert f"D{d + 1}  guild {GUILD_NAMES[state.guild_of[d]]}" in text
    for seat in range(3):
        assert f"player {seat} (" in text
    assert "player 3 (" not in text
    assert "setup: discard 2 of the 5 dealt cards" in text
    for card in state.column:
        assert PROPERTY_NAMES[card] in text
    assert f"deck {state.deck_size} cards" in text


def test_ansi_shows_site_owners_in_their_district(state: State) -> None:
    state.owner[:] = -1
    state.owner[1 * 8 + 5] = 1  # district 2, single type index 5 = pub
    lines = render_ansi(state).splitlines()
    d2 = lines[next(i for i, line in enumerate(lines) if line.startswith("D2  guild")) + 1]
    d1 = lines[next(i for i, line in enumerate(lines) if line.startswith("D1  guild")) + 1]
    assert "pub:1" in d2 and "pub:." in d1
    assert PROPERTY_NAMES[PUB] == "pub"


def test_viewer_sees_own_hand_but_not_other_hands_setup_discards_or_deck(state: State) -> None:
    state.hand[:] = 0
    state.hand[1, GARDENS] = 3  # a distinctive hand for seat 1
    state.hand[0, BANK] = 3
    state.setup_discard[2] = 0
    state.setup_discard[2, PUB] = 2
    mine = render_ansi(state, viewer=1)
    assert "gardens x3" in mine
    for viewer in (0, 2):
        text = render_ansi(state, viewer)
        assert "gardens x3" not in text and "hand 3 cards" in text
    assert "pub x2" not in render_ansi(
        state, 0
    ) and "setup discard (hidden from others): pub" in render_ansi(state, 2)
    assert "gardens x3" in render_ansi(state) and "bank x3" in render_ansi(
        state
    )  # viewer None: all
    other = state.copy()
    other.hand[1] = 0
    other.hand[1, BANK] = 3  # same size, different cards
    other.setup_discard[2] = 0
    other.setup_discard[2, GARDENS] = 2
    other.deck[:] = other.deck[::-1].copy()
    assert render_ansi(other, viewer=0) == render_ansi(state, viewer=0)
    assert render_ansi(other, viewer=1) != render_ansi(state, viewer=1)


def test_two_player_game_lists_the_non_players() -> None:
    text = render_ansi(ENGINE.new_game(ENGINE.make_config(2), 1))
    assert "NP3 (non-player, glyph 2)" in text and "NP4 (non-player, glyph 3)" in text
    assert "2 = NP3, 3 = NP4" in text


def test_stateless_describe_is_never_a_bare_number_in_any_phase() -> None:
    for phase in range(len(PHASE_NAMES)):
        for action in range(NUM_ACTIONS):
            text = describe(action, phase)
            assert text and not BARE.match(text), (phase, action, text)


@pytest.mark.parametrize(("num_players", "options"), CASES)
def test_legal_actions_have_distinct_readable_descriptions(num_players: int, options: dict) -> None:
    phases = set()
    for before, _, _ in random_game(num_players, 3 + num_players, options):
        legal = np.flatnonzero(before.mask)
        texts = [ENGINE.describe_action(before, int(a)) for a in legal]
        assert all(t and not BARE.match(t) and not t.isdigit() for t in texts), texts
        assert len(set(texts)) == len(texts), (PHASE_NAMES[before.phase], texts)
        phases.add(int(before.phase))
    assert {P_PLACEMENT, P_AREAS, P_ACTIONS} <= phases


def test_describe_action_names_the_card_and_the_cost(state: State) -> None:
    s = state
    while s.phase != P_ACTIONS:
        ENGINE.apply_action(s, int(np.flatnonzero(s.mask)[-1 if s.phase == P_PLACEMENT else 0]))
    from eurogym.envs.belfort.actions import A_TAKE_CARD

    card = PROPERTY_NAMES[s.column[0]]
    assert ENGINE.describe_action(s, A_TAKE_CARD) == f"buy column card 1: {card} (ends your turn)"
    wall = 55  # wall 1 of D1
    assert ENGINE.describe_action(s, wall).startswith("build on wall 1 of D1, cost ")


def test_describe_changes_reports_collection_scoring_and_turns_without_hidden_cards() -> None:
    seen = {"collection": 0, "scoring after month 3": 0, "actions turn begins": 0, "month 2": 0}
    quiet = 0
    for before, action, after in random_game(4, 5):
        lines = describe_changes(before, after)
        assert all(isinstance(line, str) and line for line in lines)
        for key in seen:
            seen[key] += any(key in line for line in lines)
        for line in lines:
            if "drew" in line:  # which cards were drawn is private
                assert not any(name in line for name in PROPERTY_NAMES), line
        if (
            before.phase == P_ACTIONS
            and after.phase == P_ACTIONS
            and after.turn_player == before.turn_player
        ):
            quiet += lines == [] and "Trading Post" in ENGINE.describe_action(before, action)
    assert all(seen.values()), seen
    assert quiet > 0  # a trade inside a turn triggers nothing automatic
    assert describe_changes(after, after) == []


def test_describe_changes_collection_line_names_the_gains() -> None:
    for before, _, after in random_game(3, 2):
        if before.phase in (P_PLACEMENT, P_AREAS) and after.phase not in (P_PLACEMENT, P_AREAS):
            lines = describe_changes(before, after)
            p = int(np.flatnonzero((after.res[:3] != before.res[:3]).any(axis=1))[0])
            gained = after.res[p] - before.res[p]
            r = int(np.flatnonzero(gained)[0])
            name = ("wood", "stone", "metal", "gold")[r]
            assert any(
                line.startswith("collection") and f"player {p} {int(gained[r]):+d} {name}" in line
                for line in lines
            )
            return
    raise AssertionError("no collection happened")


def test_rgb_is_wide_and_changes_with_the_state(state: State) -> None:
    image = render_rgb(state)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[1] == WIDTH >= 800
    state.owner[:] = -1
    empty = render_rgb(state)
    state.owner[13] = 1
    marked = render_rgb(state)
    assert marked.shape == empty.shape and (marked != empty).any()
    blue = (marked == owner_colour(1)).all(axis=2).sum() - (empty == owner_colour(1)).all(
        axis=2
    ).sum()
    assert blue > 200  # the site box is filled in the owner's colour
    state.score[2] = 40
    assert (render_rgb(state) != marked).any()


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_rgb_of_random_states(num_players: int) -> None:
    for i, (_, _, s) in enumerate(random_game(num_players, num_players, steps=600)):
        if i % 100 == 0 or s.phase == P_GAME_OVER:
            image = render_rgb(s)
            assert image.shape[1] == WIDTH and image.shape[0] > 600


def test_public_description_of_a_setup_discard_names_no_card(state: State) -> None:
    from eurogym.envs.belfort.actions import A_CARD

    card = int(np.flatnonzero(state.hand[state.actor])[0])
    assert PROPERTY_NAMES[card] in ENGINE.describe_action(state, A_CARD + card)
    public = ENGINE.describe_public(state, A_CARD + card)
    assert "hidden" in public and not any(name in public for name in PROPERTY_NAMES)
    while state.phase != P_ACTIONS:
        ENGINE.apply_action(state, int(np.flatnonzero(state.mask)[0]))
    action = int(np.flatnonzero(state.mask)[0])
    assert ENGINE.describe_public(state, action) == ENGINE.describe_action(state, action)
