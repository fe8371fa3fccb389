"""Observation encoders (encoders/kingdom_builder.py): layout, relative seats, value range."""

import numpy as np

from eurogym.encoders.kingdom_builder import (
    FLAT_SIZE,
    NUM_PLANES,
    PLANE_TERRAINS,
    SEAT_PLANES,
    SELECTED_PLANE,
    TAKEN_PLANE,
    TILES_PLANE,
    encode_flat,
    encode_planes,
)
from eurogym.envs.kingdom_builder.config import make_config
from eurogym.envs.kingdom_builder.rules import new_game
from eurogym.envs.kingdom_builder.tables import TERRAIN_LETTERS
from tests.kingdom_builder.helpers import give_tile, place


def _game(num_players=3, seed=4):
    return new_game(make_config(num_players), seed)


def test_planes_terrain_one_hot_matches_board():
    state = _game()
    planes = encode_planes(state, 0)
    assert planes.shape == (NUM_PLANES, 20, 20) and planes.dtype == np.float32
    terrain = planes[: len(PLANE_TERRAINS)]
    assert (terrain.sum(axis=0) == 1).all()  # base boards use only the 9 base codes
    for i, letter in enumerate(PLANE_TERRAINS):
        code = TERRAIN_LETTERS.index(letter)
        assert (terrain[i].ravel() == (state.terrain == code)).all()


def test_seat_planes_are_relative_to_the_observer():
    state = _game(num_players=3)
    place(state, 0, 21)
    place(state, 2, 45)
    for me in range(3):
        planes = encode_planes(state, me).reshape(NUM_PLANES, 400)
        assert planes[SEAT_PLANES + (0 - me) % 3, 21] == 1
        assert planes[SEAT_PLANES + (2 - me) % 3, 45] == 1
        assert planes[SEAT_PLANES : SEAT_PLANES + 5].sum() == 2


def test_location_planes_show_tiles_left_and_my_taken_hexes():
    state = _game()
    slot_hex = int(state.slot_hex[0])
    give_tile(state, 1, slot_hex)
    mine = encode_planes(state, 1).reshape(NUM_PLANES, 400)
    theirs = encode_planes(state, 0).reshape(NUM_PLANES, 400)
    assert mine[TILES_PLANE, slot_hex] == state.tiles_left[0] / 2
    assert mine[TAKEN_PLANE, slot_hex] == 1 and theirs[TAKEN_PLANE, slot_hex] == 0
    assert mine[SELECTED_PLANE].sum() == 0


def test_flat_vector_starts_with_the_planes_and_stays_in_unit_range():
    state = _game(num_players=5, seed=9)
    flat = encode_flat(state, 2)
    assert flat.shape == (FLAT_SIZE,) and flat.dtype == np.float32
    assert np.array_equal(flat[: NUM_PLANES * 400], encode_planes(state, 2).ravel())
    assert flat.min() >= 0 and flat.max() <= 1


def test_flat_vector_shows_my_card_but_not_theirs():
    state = _game(num_players=2, seed=1)
    me = 1 - state.cur  # not to act: still holds a hidden card
    base = encode_flat(state, me)
    other = state.copy()
    other.hand[me] = (other.hand[me] + 1) % 5
    assert not np.array_equal(encode_flat(other, me), base)
    assert np.array_equal(encode_flat(other, state.cur), encode_flat(state, state.cur))


def test_big_box_observation_appends_nomads_pieces_after_the_base_part():
    from eurogym.encoders.kingdom_builder import (
        X_FLAT_SIZE,
        X_NOMAD_PLANES,
        X_SLOT_TYPE_PLANES,
        X_WALL_PLANE,
    )
    from eurogym.envs.kingdom_builder.tables import ALL_TILE_NAMES

    config = make_config(
        2, expansions=("nomads",), sections=("quarry", "caravan", "village", "garden")
    )
    state = new_game(config, 3)
    state.owner[5] = 5  # a stone wall
    obs = encode_flat(state, 0)
    assert obs.shape == (X_FLAT_SIZE,) and obs.min() >= 0.0 and obs.max() <= 1.0
    planes = obs[FLAT_SIZE : FLAT_SIZE + 400 * X_SLOT_TYPE_PLANES].reshape(-1, 400)
    assert planes[X_WALL_PLANE, 5] == 1 and planes[X_WALL_PLANE].sum() == 1
    assert planes[0].sum() == 6  # 3 + 1 + 1 + 1 nomad spaces
    for j in range(6):  # the tile kind on each space, one-hot at its hex
        assert planes[X_NOMAD_PLANES + state.nomad_tile[j], state.nomad_hex[j]] == 1
    # a wall is nobody's settlement: no seat plane marks it
    assert not obs[: 17 * 400].reshape(17, 400)[SEAT_PLANES : SEAT_PLANES + 5, 5].any()
    types = obs[FLAT_SIZE + 400 * X_SLOT_TYPE_PLANES :][: 400 * len(ALL_TILE_NAMES)]
    types = types.reshape(len(ALL_TILE_NAMES), 400)
    for s in np.flatnonzero(state.slot_hex >= 0):  # each location hex's tile type
        assert types[state.slot_type[s], state.slot_hex[s]] == 1
