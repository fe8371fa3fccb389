"""Kingdom Builder renderers and the shared hex drawing helpers they rest on."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.core.hexgrid import neighbour_table
from eurogym.envs.core.render import (
    PLAYER_COLOURS,
    PLAYER_GLYPHS,
    hex_centres,
    hex_index_map,
    image_size,
    rasterize_hexes,
)
from eurogym.envs.kingdom_builder.config import make_config
from eurogym.envs.kingdom_builder.render import (
    HEX_SIZE,
    TERRAIN_COLOURS,
    render_ansi,
    render_rgb,
    terrain_glyph,
)
from eurogym.envs.kingdom_builder.render_image import BOARD_ORIGIN, board_centres
from eurogym.envs.kingdom_builder.rules import new_game
from eurogym.envs.kingdom_builder.state import State
from eurogym.envs.kingdom_builder.tables import (
    CARD_NAMES,
    CASTLE,
    COLS,
    LOCATION,
    ROWS,
    TILE_NAMES,
    WATER,
)
from eurogym.envs.kingdom_builder.words import TILE_LETTERS


@pytest.fixture
def state() -> State:
    return new_game(make_config(3), seed=0)


def board_cells(text: str) -> list[list[str]]:
    """The 2-character cells of the 20 board lines: `RR ` label, one more space on odd rows."""
    cells = []
    lines = text.splitlines()
    first = lines.index(next(line for line in lines if line.startswith(" 0 ")))
    for row, line in enumerate(lines[first : first + ROWS]):
        assert line.startswith(f"{row:2d} ")
        start = 3 + (row & 1)
        line = line.ljust(start + 2 * COLS)
        cells.append([line[start + 2 * c : start + 2 * c + 2] for c in range(COLS)])
    return cells


def centre_pixel(image: np.ndarray, hex_id: int) -> np.ndarray:
    x, y = board_centres()[hex_id]
    return image[int(round(y)), int(round(x))]


def first_hex(state: State, terrain: int) -> int:
    return int(np.flatnonzero(state.terrain == terrain)[0])


def test_ansi_board_has_20_rows_of_20_cells_matching_the_terrain(state: State) -> None:
    text = render_ansi(state)
    cells = board_cells(text)
    assert len(cells) == ROWS and all(len(row) == COLS for row in cells)
    legal = state.mask[: ROWS * COLS]
    for h in range(ROWS * COLS):
        cell = cells[h // COLS][h % COLS]
        if state.terrain[h] == LOCATION:
            slot = state.slot_of_hex[h]
            assert cell[0] == TILE_LETTERS[TILE_NAMES[state.slot_type[slot]]]
            assert cell[1] == str(state.tiles_left[slot])
        else:
            assert cell[0] == terrain_glyph(int(state.terrain[h]))
            assert cell[1] == ("+" if legal[h] else " ")


def test_ansi_shows_settlements_at_their_row_and_column(state: State) -> None:
    odd_row, even_row = 3 * COLS + 7, 8 * COLS + 19
    state.owner[odd_row] = 1
    state.owner[even_row] = 2
    cells = board_cells(render_ansi(state))
    assert cells[3][7][0] == PLAYER_GLYPHS[1]
    assert cells[8][19][0] == PLAYER_GLYPHS[2]
    glyphs = {cell[0] for row in cells for cell in row}
    assert PLAYER_GLYPHS[0] not in glyphs


def test_ansi_location_shows_tiles_left(state: State) -> None:
    slot = 0
    h = int(state.slot_hex[slot])
    state.tiles_left[slot] = 1
    letter = TILE_LETTERS[TILE_NAMES[state.slot_type[slot]]]
    assert board_cells(render_ansi(state))[h // COLS][h % COLS] == letter + "1"


def test_ansi_for_a_seat_hides_other_hands_and_always_the_deck_order(state: State) -> None:
    viewer = int(state.cur)
    before = render_ansi(state, viewer=viewer)
    other = state.copy()
    for p in range(other.num_players):
        if p != viewer:
            other.hand[p] = (other.hand[p] + 1) % 5
    other.deck[: other.deck_size] = other.deck[: other.deck_size][::-1].copy()
    assert not np.array_equal(other.hand, state.hand)
    assert render_ansi(other, viewer=viewer) == before
    assert render_ansi(other) != render_ansi(state)  # viewer=None shows every hand


def test_ansi_status_lists_public_information(state: State) -> None:
    state.supply[1] = 37
    text = render_ansi(state)
    assert "DECISION  player" in text and "start the mandatory action" in text
    for card in state.cards:
        assert CARD_NAMES[card].capitalize() in text
    assert any("player 1 (blue)" in line and " 37 " in line for line in text.splitlines())


def test_ansi_is_plain_unless_colour_is_asked_for(state: State) -> None:
    state.owner[0] = 0
    assert "\x1b" not in render_ansi(state)
    assert "\x1b[" in render_ansi(state, colour=True)


def test_rgb_shape_and_dtype(state: State) -> None:
    image = render_rgb(state)
    assert image.dtype == np.uint8
    height, width = image_size(ROWS, COLS, HEX_SIZE)
    assert image.shape[0] >= BOARD_ORIGIN[1] + height
    assert image.shape[1] >= max(800, BOARD_ORIGIN[0] + width) and image.shape[2] == 3


def test_rgb_settlements_use_their_player_colour() -> None:
    state = new_game(make_config(5), seed=1)
    hexes = [0, 21, 199, 250, 399]
    for p, h in enumerate(hexes):
        state.owner[h] = p
    image = render_rgb(state)
    for p, h in enumerate(hexes):
        x, y = board_centres()[h]
        beside_digit = image[int(round(y)), int(round(x + 0.4 * HEX_SIZE))]
        assert tuple(beside_digit) == tuple(PLAYER_COLOURS[p])


def test_rgb_empty_hexes_show_their_terrain_colour(state: State) -> None:
    image = render_rgb(state)
    water = first_hex(state, WATER)
    assert tuple(centre_pixel(image, water)) == tuple(TERRAIN_COLOURS[WATER])
    for h in np.flatnonzero((state.terrain != LOCATION) & (state.terrain != CASTLE)):
        assert tuple(centre_pixel(image, h)) == tuple(TERRAIN_COLOURS[state.terrain[h]])


def test_distinct_terrains_and_players_get_distinct_colours() -> None:
    assert len({tuple(c) for c in TERRAIN_COLOURS}) == len(TERRAIN_COLOURS)
    assert len({tuple(c) for c in PLAYER_COLOURS}) == len(PLAYER_COLOURS) == len(PLAYER_GLYPHS)


def test_rgb_marks_one_dot_per_tile_left(state: State) -> None:
    slot = 0
    h = int(state.slot_hex[slot])
    height, width = image_size(ROWS, COLS, HEX_SIZE)
    x0, y0 = BOARD_ORIGIN
    white_pixels = []
    for left in (2, 1, 0):
        state.tiles_left[slot] = left
        image = render_rgb(state)
        in_hex = np.zeros(image.shape[:2], bool)
        in_hex[y0 : y0 + height, x0 : x0 + width] = hex_index_map(ROWS, COLS, HEX_SIZE) == h
        white = (image == 255).all(axis=2)
        white_pixels.append(int((white & in_hex).sum()))
    assert white_pixels[0] > white_pixels[1] > white_pixels[2] == 0


def test_hex_index_map_is_the_nearest_centre_tiling() -> None:
    rows, cols, size = 4, 5, 10.0
    index = hex_index_map(rows, cols, size)
    centres = hex_centres(rows, cols, size)
    y, x = np.mgrid[0 : index.shape[0], 0 : index.shape[1]]
    pixels = np.stack([x.ravel(), y.ravel()], axis=1).astype(np.float64)
    dist2 = ((pixels[:, None, :] - centres[None]) ** 2).sum(axis=2)
    on_board = index.ravel() >= 0
    assert on_board.mean() > 0.8
    assert np.array_equal(index.ravel()[on_board], dist2.argmin(axis=1)[on_board])
    assert np.sqrt(dist2.min(axis=1)[on_board]).max() <= size + 1e-9


def test_hex_centres_put_grid_neighbours_one_hex_width_apart() -> None:
    rows, cols, size = 6, 7, 12.0
    centres = hex_centres(rows, cols, size)
    neighbours = neighbour_table(rows, cols)
    a, d = np.nonzero(neighbours >= 0)
    gaps = np.linalg.norm(centres[a] - centres[neighbours[a, d]], axis=1)
    np.testing.assert_allclose(gaps, np.sqrt(3.0) * size)


def test_rasterize_fills_hexes_and_background() -> None:
    rows, cols, size = 3, 3, 8.0
    colours = np.arange(rows * cols * 3, dtype=np.uint8).reshape(-1, 3) + 10
    image = rasterize_hexes(rows, cols, size, colours, background=(1, 2, 3), outline=None)
    index = hex_index_map(rows, cols, size)
    assert np.array_equal(image[index >= 0], colours[index[index >= 0]])
    assert (image[index < 0] == (1, 2, 3)).all()


# ---------------------------------------------------------------- Nomads pieces (§11)


def nomads_state() -> State:
    """A Nomads game with a stone wall, a tile on a nomad space and one held by player 1."""
    config = make_config(
        3, expansions=("nomads",), sections=("quarry", "caravan", "village", "garden"),
        cards=("families", "shepherds", "workers"), rotations=(0, 0, 0, 0),
    )  # fmt: skip
    state = new_game(config, seed=0)
    state.owner[0] = 5  # a stone wall on (0,0)
    state.set("walls_left", 24)
    state.nomad_tile[0] = 7  # a Sword on the first nomad space
    state.nomad_ready[1, 10] = 1  # player 1 holds a Resettlement for its next turn
    return state


def test_render_ansi_shows_nomad_spaces_walls_and_nomad_tiles():
    state = nomads_state()
    text = render_ansi(state)
    cells = board_cells(text)
    space = int(state.nomad_hex[0])
    assert cells[0][0] == "##"
    assert cells[space // COLS][space % COLS] == "NS"
    assert "## stone wall" in text and "24 walls left" in text
    assert "NS Sword: remove 1 settlement of each player" in text
    assert "nomad Resettlement x1 (ready)" in " ".join(text.split())  # may wrap
    assert "in play" in text  # the in-game gold column (Families, Shepherds, Treasure)


def test_render_rgb_draws_walls_and_labels_nomad_tiles():
    from eurogym.envs.kingdom_builder.render_image import WALL_COLOUR

    state = nomads_state()
    image = render_rgb(state)
    assert tuple(centre_pixel(image, 0)) == WALL_COLOUR
    plain = render_rgb(nomads_state_without_wall())
    assert tuple(centre_pixel(plain, 0)) != WALL_COLOUR


def nomads_state_without_wall() -> State:
    state = nomads_state()
    state.owner[0] = -1
    return state


def test_describe_changes_names_the_nomad_tile_taken():
    from eurogym.envs.kingdom_builder.render import describe_changes

    before = nomads_state()
    after = before.copy()
    after.nomad_tile[0] = -1
    lines = describe_changes(before, after)
    assert any("took the nomad tile Sword" in line for line in lines)
