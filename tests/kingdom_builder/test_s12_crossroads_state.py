"""§12 Crossroads around the rules: the stand-in maps (§2.4, D48) and their replacement by a
board file, hidden extra cards (§17), the encoder's planes, the views, state validation of the
new fields, and the games of the earlier expansions replaying bit for bit."""

import hashlib
import json

import numpy as np
import pytest

from eurogym.encoders.kingdom_builder import (
    FLAT_SIZE,
    X_BLOCKED_PLANE,
    X_FLAT_SIZE,
    X_PIECE_PLANES,
    encode_flat,
)
from eurogym.envs.core.data import iter_data
from eurogym.envs.core.errors import StateError
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import random_legal_action
from eurogym.envs.kingdom_builder.invariants import check_state
from eurogym.envs.kingdom_builder.render import render_ansi, render_rgb
from eurogym.envs.kingdom_builder.rules import ENGINE, make_config
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    PHASE_CHOOSE_CARD,
    PIECE_CITY_HALL,
    PIECE_SHIP,
    PIECE_WAGON,
    PIECE_WARRIOR,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_SECTION_NAMES,
    BOARDS,
    CASTLE,
    LOCATION,
    NEIGHBOURS,
    STAND_IN_SECTIONS,
    WATER,
)

CROSSROADS_SECTIONS = (
    "lighthouse_foresters_lodge",
    "barracks_crossroads",
    "city_hall_fort",
    "monastery_wagon",
)
X_PLANE_SIZE = 400


def crossroads_state(num_players=3, steps=0, seed=4, **options):
    options.setdefault("sections", CROSSROADS_SECTIONS)
    state = ENGINE.new_game(make_config(num_players, expansions=("crossroads",), **options), seed)
    for _ in range(steps):
        ENGINE.apply_action(state, int(np.flatnonzero(state.mask)[0]))
    return state


# ---------------------------------------------------------------- §2.4 stand-in maps


def test_s2_4_crossroads_maps_are_tagged_stand_ins_with_the_seeds_structure():
    assert set(CROSSROADS_SECTIONS) <= set(STAND_IN_SECTIONS)
    tags = {d.path: d.tag for d in iter_data("boards.json", BOARDS)}
    for name in CROSSROADS_SECTIONS:
        entry = BOARDS["boards"][name]
        assert entry["status"] == "stand-in" and tags[f"boards.{name}"] == "stand-in"
        rows = "".join(entry["rows"])
        assert rows.count("L") == 2 and rows.count("K") == 1  # §1.3: 2 locations, 1 castle
        kinds = [s.get("location") for s in entry["specials"] if s["kind"] == "location"]
        assert sorted(kinds) == sorted(entry["location_types"])  # two different types
        for letter in "GCDFT":
            assert 12 <= rows.count(letter) <= 18  # like the sourced sections (§2.4 table)
    assert "island_tree_house" not in ALL_SECTION_NAMES  # an Island side, not a section


def test_s2_4_a_board_file_replaces_a_stand_in_map(tmp_path):
    entry = BOARDS["boards"]["city_hall_fort"]
    rows = [row.replace("W", "G") for row in entry["rows"]]  # "the real map": no water
    path = tmp_path / "boards.json"
    path.write_text(json.dumps({"boards": {"city_hall_fort": {
        "rows": rows, "specials": entry["specials"],
    }}}))  # fmt: skip
    sections = ("city_hall_fort", "tavern", "oasis", "farm")
    options = {"expansions": ("crossroads",), "sections": sections, "rotations": (0, 0, 0, 0)}
    shipped = ENGINE.new_game(make_config(2, **options), 0)
    mine = ENGINE.new_game(make_config(2, board_file=str(path), **options), 0)
    quadrant = np.zeros((20, 20), bool)
    quadrant[:10, :10] = True
    quadrant = quadrant.ravel()
    assert (shipped.terrain[quadrant] == WATER).any()
    assert not (mine.terrain[quadrant] == WATER).any()
    assert ENGINE.from_json(ENGINE.to_json(mine)) == mine


# ---------------------------------------------------------------- §17 hidden extra cards


def test_s17_other_players_extra_cards_are_hidden_and_mine_are_seen():
    state = crossroads_state()
    state.xhand[1, 0] = 2
    for me in (0, 2):
        other = state.copy()
        other.xhand[1, 0] = 4  # which card seat 1 holds: hidden
        assert np.array_equal(encode_flat(other, me), encode_flat(state, me))
        fewer = state.copy()
        fewer.xhand[1, 0] = EMPTY  # how many cards seat 1 holds: public
        assert not np.array_equal(encode_flat(fewer, me), encode_flat(state, me))
    other = state.copy()
    other.xhand[1, 0] = 4
    assert not np.array_equal(encode_flat(other, 1), encode_flat(state, 1))
    assert "+?" in render_ansi(state, viewer=0) and "desert" not in render_ansi(state, 0)[-600:]


# ---------------------------------------------------------------- encoder and views


def test_s12_pieces_tasks_and_blocked_hexes_are_in_the_observation():
    state = crossroads_state()
    assert encode_flat(state, 0).shape == (X_FLAT_SIZE,) and X_FLAT_SIZE > FLAT_SIZE
    empty = np.flatnonzero((state.owner == EMPTY) & (state.terrain <= 4))
    warrior = int(next(h for h in empty if (NEIGHBOURS[h] >= 0).all()))
    state.owner[warrior] = 1
    state.piece[warrior] = PIECE_WARRIOR
    big = encode_flat(state, 0)[FLAT_SIZE:]
    planes = big[: (X_BLOCKED_PLANE + 1) * X_PLANE_SIZE].reshape(-1, X_PLANE_SIZE)
    assert planes[X_PIECE_PLANES + PIECE_WARRIOR - 1, warrior] == 1
    assert set(np.flatnonzero(planes[X_BLOCKED_PLANE])) == set(NEIGHBOURS[warrior].tolist())
    assert planes[X_PIECE_PLANES + PIECE_SHIP - 1].sum() == 0


def test_s12_views_show_every_piece_and_the_tasks_with_a_legend():
    state = crossroads_state()
    spots = np.flatnonzero((state.owner == EMPTY) & (state.terrain <= 4))
    water = np.flatnonzero(state.terrain == WATER)
    state.owner[spots[0]], state.piece[spots[0]] = 0, PIECE_WAGON
    state.owner[spots[50]], state.piece[spots[50]] = 1, PIECE_WARRIOR
    state.owner[water[0]], state.piece[water[0]] = 2, PIECE_SHIP
    state.mask[:] = ENGINE.compute_mask(state)
    text = render_ansi(state)
    assert "0w" in text and "1x" in text and "2s" in text
    assert "city hall, wagon, ship, warrior" in text and "TASK CARDS" in text
    assert "next to a warrior" in text and "!" in text
    image = render_rgb(state)
    assert image.ndim == 3 and image.shape[2] == 3


# ---------------------------------------------------------------- state validation


def _a_buildable_hex(state):
    return int(np.flatnonzero((state.owner == EMPTY) & (state.terrain <= 4))[0])


def _bad_piece_on_empty(state):
    state.piece[_a_buildable_hex(state)] = PIECE_WAGON


def _bad_ship_on_land(state):
    h = _a_buildable_hex(state)
    state.owner[h], state.piece[h] = 0, PIECE_SHIP


def _bad_three_warriors(state):
    for h in np.flatnonzero((state.owner == EMPTY) & (state.terrain <= 4))[:3]:
        state.owner[h], state.piece[h] = 0, PIECE_WARRIOR


def _bad_city_hall_half(state):
    h = _a_buildable_hex(state)
    state.owner[h], state.piece[h] = 0, PIECE_CITY_HALL
    state.city_hall_built[0] = 1


def _bad_tasks(state):
    state.tasks[3] = EMPTY


def _bad_extra_card_unused_seat(state):
    state.xhand[4, 0] = 1


def _bad_fort_card(state):
    state.set("fort_card", 2)


def _bad_choose_phase(state):
    state.set("phase", PHASE_CHOOSE_CARD)


BAD = [
    ("piece", _bad_piece_on_empty),
    ("piece", _bad_ship_on_land),
    ("piece", _bad_three_warriors),
    ("city_hall_built", _bad_city_hall_half),
    ("tasks", _bad_tasks),
    ("xhand", _bad_extra_card_unused_seat),
    ("fort_card", _bad_fort_card),
    ("phase", _bad_choose_phase),
]


@pytest.mark.parametrize("field,edit", BAD, ids=[f"{f}-{i}" for i, (f, _) in enumerate(BAD)])
def test_s12_inconsistent_crossroads_fields_are_rejected_naming_the_field(field, edit):
    state = crossroads_state()
    check_state(state)
    edit(state)
    state.check_bounds()
    with pytest.raises(StateError, match=f"field {field}"):
        check_state(state)


def test_s12_crossroads_fields_are_blank_without_crossroads():
    state = ENGINE.new_game(make_config(2, expansions=("nomads",)), 0)
    state.tasks[0] = 1
    with pytest.raises(StateError, match="field tasks"):
        check_state(state)


def test_s12_castle_count_of_the_stand_ins_lets_castles_score():
    state = crossroads_state()
    assert (state.terrain == CASTLE).sum() == 4 and (state.terrain == LOCATION).sum() == 8


# ---------------------------------------------------------------- earlier games unchanged

# Recorded before Crossroads was built (main at e39ff01): seeded random games of the earlier
# expansions must replay bit for bit (same decisions, same scores).
BEFORE = [
    (("nomads",), 2, 0, 131, "6532caeea901933ecbb9c90ce44b64114a26f0bdcd7a03e8f3f1fcb15e27a4d7",
     [18, 19]),
    (("capital",), 3, 1, 177, "45ee3e134929edcb1bf2b28a31be423eff862e3c76c710a82ebb212c5c7f57b6",
     [32, 67, 40]),
    (("caves",), 4, 2, 216, "b7e37e56baf33a9d7fa7ae74a951d59a2a10605e0bc4380817f6045d1ac102b1",
     [35, 49, 33, 32]),
    (("nomads", "capital", "caves"), 5, 3, 365,
     "b9bc3a2bc11beb5efd0d7f79da3f4032ce55333a37bab63ce4dc24d6fc2b5f73", [27, 26, 23, 31, 32]),
    # recorded before Marshlands was built (main at 7ced7fe)
    (("crossroads",), 3, 5, 132,
     "6f6f2f1d6a0db267b68f8c82f53aa611afd6e8edc3df75bb8d0a1b8ab25ecbd5", [49, 55, 33]),
    (("nomads", "crossroads", "capital", "caves"), 4, 6, 315,
     "2402a1d64138fd9b0869d5a40382d76b70d898e0eb95fa1153e22363747d7bbf", [43, 57, 32, 28]),
    # recorded before Harvest was built (main at 0c7e2b1)
    (("marshlands",), 3, 7, 112,
     "b92c60eb2f272fc12312d6d189a99fafd94fb73f5df926cadb0abb752a68ccab", [25, 15, 13]),
    (("nomads", "crossroads", "marshlands", "capital", "caves"), 5, 8, 297,
     "dd708172dc2082637e246c3a42b8fbeddb45ff35e54cdce3b4d9f82e747a66e5", [46, 28, 40, 23, 44]),
    (("marshlands", "caves"), 2, 9, 131,
     "cb24da5074c808c43b14eac4e80c57e156a8858a71e3c1f8410376f3ba0b6274", [30, 29]),
    # recorded before the Island and the D24/D51 options were built (main at 558ebb5)
    (("harvest",), 3, 10, 146,
     "0b35aaba5214b45ff224d154e94756588df7de1e7ae5ed2a18dc0a4697414806", [44, 51, 44]),
    (("nomads", "crossroads", "marshlands", "harvest", "capital", "caves"), 5, 11, 279,
     "79f758f19085f7c688aaed2cad4f0eb00436fbc10b0b0357851e563256129f83", [24, 27, 25, 22, 19]),
]  # fmt: skip


@pytest.mark.parametrize("mix,players,seed,decisions,digest,scores", BEFORE)
def test_games_of_the_earlier_expansions_replay_bit_for_bit(
    mix, players, seed, decisions, digest, scores
):
    state = ENGINE.new_game(make_config(players, expansions=mix), seed)
    rng = seed_words(seed + 777)
    actions = []
    while not ENGINE.is_over(state):
        actions.append(int(random_legal_action(state.mask, rng)))
        ENGINE.apply_action(state, actions[-1])
    assert len(actions) == decisions
    assert hashlib.sha256(json.dumps(actions).encode()).hexdigest() == digest
    assert ENGINE.final_scores(state).tolist() == scores
