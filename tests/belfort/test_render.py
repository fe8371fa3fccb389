"""Belfort renderers (envs/belfort/render.py): the text status and the board image."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.belfort.render import (
    EMPTY_SITE,
    HEIGHT,
    SITE_CELLS,
    WIDTH,
    district_sites,
    render_ansi,
    render_rgb,
)
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.state import PHASE_NAMES, State
from eurogym.envs.belfort.tables import (
    BANK,
    GUILD_NAMES,
    NUM_DISTRICTS,
    NUM_SITES,
    PROPERTY_NAMES,
    PUB,
    SITE_DISTRICT,
)
from eurogym.envs.core.render import PLAYER_COLOURS, PLAYER_GLYPHS


@pytest.fixture
def state() -> State:
    return ENGINE.new_game(ENGINE.make_config(3), 0)


def district_line(text: str, d: int) -> str:
    """The sites line that follows district d's header."""
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith(f"D{d + 1} guild "))
    return lines[head + 1]


def centre(image: np.ndarray, site: int) -> np.ndarray:
    x, y, w, h = SITE_CELLS[site]
    return image[y + h // 2, x + w // 2]


def test_district_sites_partition_the_board() -> None:
    seen = [s for d in range(NUM_DISTRICTS) for s in district_sites(d)]
    assert sorted(seen) == list(range(NUM_SITES))
    for d in range(NUM_DISTRICTS):
        assert (SITE_DISTRICT[district_sites(d)] == d).all()


def test_ansi_lists_districts_players_phase_and_cards(state: State) -> None:
    text = render_ansi(state)
    for d in range(NUM_DISTRICTS):
        assert f"D{d + 1} guild {GUILD_NAMES[state.guild_of[d]]}" in text
    for seat in range(3):
        assert any(line.startswith(f"player {PLAYER_GLYPHS[seat]}") for line in text.splitlines())
    assert "player 3" not in text
    assert f"phase {PHASE_NAMES[state.phase]}" in text
    assert f"player {state.actor} to act" in text
    for card in state.column:
        assert PROPERTY_NAMES[card] in text.splitlines()[-10]  # the column line
    assert f"deck {state.deck_size} cards" in text


def test_ansi_shows_site_owners_in_their_district(state: State) -> None:
    state.owner[:] = -1
    pub_in_d2 = 1 * 8 + 5  # district 2, single type index 5 = pub
    state.owner[pub_in_d2] = 1
    text = render_ansi(state)
    assert "pub:1" in district_line(text, 1)
    assert "pub:." in district_line(text, 0)
    assert PROPERTY_NAMES[PUB] == "pub"


def test_ansi_shows_hand_sizes_but_never_hand_contents_or_deck_order(state: State) -> None:
    state.hand[:] = 0
    state.hand[2, BANK] = 2
    before = render_ansi(state)
    assert "hand 2 cards" in before
    other = state.copy()
    other.hand[2] = 0
    other.hand[2, PUB] = 2  # same size, different cards
    other.setup_discard[:] = 1
    other.deck[:] = other.deck[::-1].copy()
    assert render_ansi(other) == before


def test_ansi_two_player_game_lists_the_non_players() -> None:
    s = ENGINE.new_game(ENGINE.make_config(2), 1)
    text = render_ansi(s)
    assert "NP3 (2)" in text and "NP4 (3)" in text


def test_rgb_shape_dtype_and_owner_colours(state: State) -> None:
    state.owner[:] = -1
    image = render_rgb(state)
    assert image.shape == (HEIGHT, WIDTH, 3) and image.dtype == np.uint8
    assert all(tuple(centre(image, s)) == EMPTY_SITE for s in range(NUM_SITES))
    for seat, site in enumerate((0, 42, 69)):
        state.owner[site] = seat
    marked = render_rgb(state)
    for seat, site in enumerate((0, 42, 69)):
        assert tuple(centre(marked, site)) == tuple(PLAYER_COLOURS[seat])
    changed = (marked != image).any(axis=2)
    cells = np.zeros_like(changed)
    for site in (0, 42, 69):
        x, y, w, h = SITE_CELLS[site]
        cells[y : y + h, x : x + w] = True
    assert changed.any() and not (changed & ~cells).any()  # only those squares changed


def test_rgb_site_squares_do_not_overlap() -> None:
    taken = np.zeros((HEIGHT, WIDTH), np.int64)
    for x, y, w, h in SITE_CELLS:
        assert 0 < x and x + w < WIDTH and 0 < y and y + h < HEIGHT
        taken[y : y + h, x : x + w] += 1
    assert taken.max() == 1


def test_rgb_score_bars_grow_with_score(state: State) -> None:
    state.score[:3] = 0
    lengths = []
    for score in (0, 20, 60):
        state.score[1] = score
        image = render_rgb(state)
        lengths.append(int((image == PLAYER_COLOURS[1]).all(axis=2).sum()))
    assert lengths[0] < lengths[1] < lengths[2]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_renderers_accept_states_of_a_random_game(num_players: int) -> None:
    state = ENGINE.new_game(ENGINE.make_config(num_players), num_players)
    rng = np.random.default_rng(num_players)
    for step in range(300):
        if step % 25 == 0 or ENGINE.is_over(state):
            assert render_ansi(state)
            assert render_rgb(state).shape == (HEIGHT, WIDTH, 3)
        if ENGINE.is_over(state):
            break
        mask = ENGINE.legal_action_mask(state, ENGINE.current_player(state))
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(mask))))
