"""Harvest around the rules (§14): the stand-in section maps and board files (§2.4), the
observation entries, the views, and whole games (the silo phase before the final scores)."""

import json

import numpy as np

from eurogym.encoders.kingdom_builder import X_FLAT_SIZE, encode_flat
from eurogym.envs.core.data import iter_data
from eurogym.envs.kingdom_builder.config import make_config
from eurogym.envs.kingdom_builder.harvest import (
    adjacent_targets,
    palisade_origins,
    palisade_targets,
    silo_origins,
)
from eurogym.envs.kingdom_builder.invariants import check_invariants
from eurogym.envs.kingdom_builder.render import render_ansi, render_rgb
from eurogym.envs.kingdom_builder.rules import ENGINE
from eurogym.envs.kingdom_builder.state import PHASE_SILO
from eurogym.envs.kingdom_builder.tables import (
    BOARDS,
    FARMLAND,
    NEIGHBOURS,
    NUM_HEXES,
    SILO,
    STAND_IN_SECTIONS,
)

HARVEST_SECTIONS = (
    "scout_cabin_mountain_station",
    "bazaar_water_mill",
    "palisade_university",
    "cathedral_watchtower",
)
OPTIONS = {"expansions": ("harvest",), "sections": HARVEST_SECTIONS, "rotations": (0, 0, 0, 0)}


def test_s2_4_harvest_maps_are_tagged_stand_ins_with_the_seeds_structure():
    tags = {d.path: d.tag for d in iter_data("boards.json", BOARDS)}
    for name in HARVEST_SECTIONS:
        entry = BOARDS["boards"][name]
        assert name in STAND_IN_SECTIONS and tags[f"boards.{name}"] == "stand-in"
        rows = "".join(entry["rows"])
        assert rows.count("L") == 2 and rows.count("O") == 1 and rows.count("K") == 0
        assert rows.count("A") > 0  # farmland (§1.3)
        kinds = [s.get("location") for s in entry["specials"] if s["kind"] == "location"]
        assert sorted(kinds) == sorted(entry["location_types"])  # two different types
        for letter in "GCDFT":
            assert 12 <= rows.count(letter) <= 18  # like the sourced sections (§2.4 table)


def test_s2_4_a_board_file_replaces_a_harvest_stand_in(tmp_path):
    entry = BOARDS["boards"]["bazaar_water_mill"]
    rows = [row.replace("A", "G") for row in entry["rows"]]  # "the real map": no farmland
    path = tmp_path / "boards.json"
    path.write_text(json.dumps({"boards": {"bazaar_water_mill": {
        "rows": rows, "specials": entry["specials"],
    }}}))  # fmt: skip
    shipped = ENGINE.new_game(make_config(2, **OPTIONS), 0)
    mine = ENGINE.new_game(make_config(2, board_file=str(path), **OPTIONS), 0)
    quadrant = np.zeros((20, 20), bool)
    quadrant[:10, 10:] = True
    assert (shipped.terrain[quadrant.ravel()] == FARMLAND).any()
    assert not (mine.terrain[quadrant.ravel()] == FARMLAND).any()
    assert ENGINE.from_json(ENGINE.to_json(mine)) == mine


def test_s3_2_harvest_set_up_lists_the_silos_and_fills_the_token_bank():
    state = ENGINE.new_game(make_config(3, **OPTIONS), 4)
    assert sorted(state.silo_hex.tolist()) == sorted(np.flatnonzero(state.terrain == SILO))
    assert state.token_bank == 18 and not state.tokens.any() and (state.mayor_row == -1).all()
    other = ENGINE.new_game(make_config(3, expansions=("nomads",)), 4)
    assert (other.silo_hex == -1).all() and other.token_bank == 0


def play(seed: int, players: int = 3):
    cards = ("rovers", "mayors", "lords")
    state = ENGINE.new_game(make_config(players, **OPTIONS, cards=cards), seed)
    rng = np.random.default_rng(seed)
    states = [state.copy()]
    while not ENGINE.is_over(state):
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
        check_invariants(state)
        states.append(state.copy())
    return states


def test_s14_2_random_games_reach_the_silo_phase_and_views_read_every_state():
    seen_silo = 0
    for seed in range(2):
        states = play(seed)
        for state in (
            states[:: max(1, len(states) // 8)] + [s for s in states if s.phase == PHASE_SILO][:3]
        ):
            text = render_ansi(state, viewer=0)
            assert max(len(line) for line in text.splitlines()) <= 120
            assert "=  silo" in text and "a farmland" in text
            for seat in range(state.num_players):
                obs = encode_flat(state, seat)
                assert obs.shape == (X_FLAT_SIZE,) and np.isfinite(obs).all()
            seen_silo += state.phase == PHASE_SILO
        assert render_rgb(states[-1]).shape[1] >= 800
    assert seen_silo > 0


def test_s14_3_the_one_pass_origin_scans_agree_with_the_targets_of_each_settlement():
    """palisade_origins and silo_origins find movable settlements in one pass (speed); they
    must agree with asking palisade_targets / adjacent_targets settlement by settlement."""
    scratch = np.zeros(NUM_HEXES, np.int8)
    out = np.zeros(NUM_HEXES, np.int8)
    checked = 0
    for state in play(7)[::9]:
        for p in range(state.num_players):
            mine = [int(h) for h in np.flatnonzero(state.owner == p) if state.piece[h] == 0]
            palisade = {h for h in mine if palisade_targets(state.buf, NEIGHBOURS, h, scratch)}
            palisade_origins(state.buf, NEIGHBOURS, p, out)
            assert set(np.flatnonzero(out).tolist()) == palisade
            silo = {h for h in mine if adjacent_targets(state.buf, NEIGHBOURS, p, h, -1, scratch)}
            silo_origins(state.buf, NEIGHBOURS, p, out)
            assert set(np.flatnonzero(out).tolist()) == silo
            checked += len(mine)
    assert checked > 100
