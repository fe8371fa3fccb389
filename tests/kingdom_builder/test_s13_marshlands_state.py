"""§13 Marshlands around the rules: the stand-in maps (§2.4, D48) and their replacement by a
board file, the options (§1.3), hidden dual cards (§17), the encoder's planes, the views,
and state validation of the new fields (the games of the earlier expansions replay bit for bit
in test_s12_crossroads_state.py, with games recorded before Marshlands)."""

import json

import numpy as np
import pytest

from eurogym import envs
from eurogym.encoders.kingdom_builder import (
    FLAT_SIZE,
    X_FLAT_SIZE,
    X_PALACE_PLANE,
    X_SWAMP_PLANE,
    encode_flat,
)
from eurogym.envs.core.data import iter_data
from eurogym.envs.core.errors import ConfigError, StateError
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import random_legal_action, random_playout
from eurogym.envs.kingdom_builder.actions import CHOOSE_OTHER, CHOOSE_SWAMP, X_NUM_ACTIONS
from eurogym.envs.kingdom_builder.invariants import check_invariants, check_state
from eurogym.envs.kingdom_builder.render import describe_changes, render_ansi, render_rgb
from eurogym.envs.kingdom_builder.rules import ENGINE, make_config
from eurogym.envs.kingdom_builder.state import PHASE_CANOE, PHASE_CHOOSE_DUAL
from eurogym.envs.kingdom_builder.tables import (
    ALL_SECTION_NAMES,
    BOARDS,
    DUAL_CARDS,
    LOCATION,
    PALACE,
    STAND_IN_SECTIONS,
    SWAMP,
)
from eurogym.envs.provenance import main as provenance_main

MARSHLANDS_SECTIONS = ("temple", "refuge", "canoe", "fountain")
X_PLANE_SIZE = 400


def marsh_state(num_players=3, seed=4, **options):
    options.setdefault("sections", MARSHLANDS_SECTIONS)
    return ENGINE.new_game(make_config(num_players, expansions=("marshlands",), **options), seed)


# ---------------------------------------------------------------- §2.4 stand-in maps


def test_s2_4_marshlands_maps_are_tagged_stand_ins_with_the_seeds_structure():
    tags = {d.path: d.tag for d in iter_data("boards.json", BOARDS)}
    for name in MARSHLANDS_SECTIONS:
        entry = BOARDS["boards"][name]
        assert name in STAND_IN_SECTIONS
        assert entry["status"] == "stand-in" and tags[f"boards.{name}"] == "stand-in"
        rows = "".join(entry["rows"])
        assert len(entry["rows"]) == 10 and all(len(r) == 10 for r in entry["rows"])
        # §1.3, §2.4: 2 hexes of the section's one location type, 1 palace, no castle, swamp
        assert rows.count("L") == 2 and rows.count("P") == 1 and rows.count("K") == 0
        kinds = [s.get("location") for s in entry["specials"] if s["kind"] == "location"]
        assert kinds == [name, name] and entry["location_types"] == [name]
        assert 10 <= rows.count("S") <= 16
        for letter in "GCDFT":
            assert 11 <= rows.count(letter) <= 18  # like the sourced sections (§2.4 table)


def test_s2_4_provenance_counts_the_marshlands_stand_ins(capsys):
    provenance_main(["--list"])
    listed = capsys.readouterr().out
    for name in MARSHLANDS_SECTIONS:
        assert f"boards.{name}" in listed


def test_s2_4_a_board_file_replaces_a_marshlands_stand_in_map(tmp_path):
    entry = BOARDS["boards"]["canoe"]
    rows = [row.replace("S", "G") for row in entry["rows"]]  # "the real map": no swamp
    path = tmp_path / "boards.json"
    path.write_text(
        json.dumps({"boards": {"canoe": {"rows": rows, "specials": entry["specials"]}}})
    )
    options = {"expansions": ("marshlands",), "sections": ("canoe", "tavern", "oasis", "farm")}
    shipped = ENGINE.new_game(make_config(2, rotations=(0, 0, 0, 0), **options), 0)
    mine = ENGINE.new_game(
        make_config(2, board_file=str(path), rotations=(0, 0, 0, 0), **options), 0
    )
    assert (shipped.terrain == SWAMP).any() and not (mine.terrain == SWAMP).any()
    assert (mine.terrain == PALACE).sum() == 1
    assert ENGINE.from_json(ENGINE.to_json(mine)) == mine


def test_s2_4_a_board_file_marshlands_map_needs_its_palace(tmp_path):
    entry = BOARDS["boards"]["canoe"]
    specials = [s for s in entry["specials"] if s["kind"] != "palace"]
    rows = [row.replace("P", "G") for row in entry["rows"]]
    path = tmp_path / "boards.json"
    path.write_text(json.dumps({"boards": {"canoe": {"rows": rows, "specials": specials}}}))
    with pytest.raises(ConfigError, match="palace_hexes"):
        make_config(2, expansions=("marshlands",), board_file=str(path))


# ---------------------------------------------------------------- §1.3 options


def test_s1_3_marshlands_sections_need_the_expansion_and_its_cards_stay_out_D49():
    with pytest.raises(ConfigError, match="'temple' belongs to expansion 'marshlands'"):
        make_config(2, sections=("temple", "tavern", "oasis", "farm"))
    with pytest.raises(ConfigError, match="'vassals'.*cannot be played.*allow_stand_in_cards"):
        make_config(2, expansions=("marshlands",), cards=("vassals", "lords", "knights"))
    with pytest.raises(ConfigError, match="allow_stand_in_cards=True needs expansions"):
        make_config(2, expansions=("nomads",), allow_stand_in_cards=True)
    with pytest.raises(ConfigError, match="'captains'.*cannot be played"):  # no reading at all
        make_config(2, expansions=("marshlands",), allow_stand_in_cards=True,
                    cards=("captains", "lords", "knights"))  # fmt: skip


def test_s1_3_random_marshlands_games_use_marshlands_sections_and_base_cards():
    seen = set()
    for seed in range(12):
        state = marsh_state(seed=seed, sections=None)
        seen |= {int(s) for s in state.sections}
        assert X_NUM_ACTIONS == state.mask.shape[0]
    assert {ALL_SECTION_NAMES.index(n) for n in MARSHLANDS_SECTIONS} & seen


# ---------------------------------------------------------------- §17 hidden dual cards


def test_s17_another_players_dual_card_is_hidden_and_mine_is_seen():
    state = marsh_state()
    seat = (int(state.cur) + 1) % 3
    held = int(state.hand[seat])
    dual = DUAL_CARDS + held if held < DUAL_CARDS else held - DUAL_CARDS  # same other terrain
    changed = state.copy()
    changed.hand[seat] = dual
    for me in {0, 1, 2} - {seat}:
        assert np.array_equal(encode_flat(changed, me), encode_flat(state, me))
    assert not np.array_equal(encode_flat(changed, seat), encode_flat(state, seat))


def test_s17_the_deck_order_past_the_base_25_is_hidden():
    state = marsh_state()
    other = state.copy()
    other.xdeck[:] = other.xdeck[::-1]
    assert np.array_equal(encode_flat(other, 0), encode_flat(state, 0))


# ---------------------------------------------------------------- observation and views


def test_s13_swamp_and_palaces_are_in_the_observation():
    state = marsh_state()
    obs = encode_flat(state, 0)
    assert obs.shape == (X_FLAT_SIZE,) and 0.0 <= obs.min() and obs.max() <= 1.0
    planes = obs[FLAT_SIZE:].reshape(-1)[: (X_PALACE_PLANE + 1) * X_PLANE_SIZE]
    planes = planes.reshape(-1, X_PLANE_SIZE)
    assert np.array_equal(planes[X_SWAMP_PLANE] == 1, state.terrain == SWAMP)
    assert np.array_equal(planes[X_PALACE_PLANE] == 1, state.terrain == PALACE)
    assert (state.terrain == PALACE).sum() == 4 and (state.terrain == LOCATION).sum() == 8


def _state_with_choice():
    for seed in range(40):
        state = marsh_state(seed=seed)
        if state.mask[CHOOSE_SWAMP] and state.mask[CHOOSE_OTHER]:
            return state
    raise AssertionError("no seed reveals a dual card first")


def test_s13_views_show_palaces_bonuses_and_the_dual_card_with_a_legend():
    state = _state_with_choice()
    text = render_ansi(state, viewer=None)
    assert "palace: 5 gold" in text and "BONUS with both tiles" in text
    assert "swamp/" in text and "2 settlements on swamp" in text
    assert "&" in text  # the palace glyph on the board
    hidden = render_ansi(state, viewer=(state.cur + 1) % state.num_players)
    assert "castles+palaces" in hidden
    image = render_rgb(state)
    assert image.ndim == 3 and image.shape[2] == 3


def test_s13_views_name_the_canoe_reaction():
    for seed in range(30):
        state = marsh_state(seed=seed, num_players=4)
        rng = seed_words(seed)
        while not ENGINE.is_over(state) and state.phase != PHASE_CANOE:
            ENGINE.apply_action(state, int(random_legal_action(state.mask, rng)))
        if state.phase == PHASE_CANOE:
            assert "Canoe, build 1 settlement on swamp or water during" in render_ansi(state)
            return
    raise AssertionError("no Canoe reaction in 30 random games")


# ---------------------------------------------------------------- state validation


@pytest.mark.parametrize(
    "field,edit",
    [
        ("dual_swamp", lambda s: s.set("dual_swamp", 1) if s.played < DUAL_CARDS else None),
        ("canoe_from", lambda s: s.set("canoe_from", (s.cur + 1) % s.num_players)),
        ("parked", lambda s: s.parked.__setitem__(4, 1)),
        ("xdiscard", lambda s: s.xdiscard.__setitem__(0, 1)),
    ],
)
def test_s13_inconsistent_marshlands_fields_are_rejected_naming_the_field(field, edit):
    state = marsh_state(num_players=3, seed=1)
    while state.played >= DUAL_CARDS:  # a classic card revealed, so dual_swamp is wrong
        ENGINE.apply_action(state, int(np.flatnonzero(state.mask)[0]))
    edit(state)
    with pytest.raises(StateError, match=field):
        check_state(state)


def test_s13_marshlands_fields_are_blank_without_marshlands():
    state = ENGINE.new_game(make_config(2, expansions=("nomads",)), 0)
    state.parked[0] = 1
    with pytest.raises(StateError, match="parked"):
        check_state(state)


def test_s13_random_marshlands_games_keep_every_invariant_and_round_trip():
    for seed in range(3):
        state = marsh_state(num_players=2 + seed, seed=seed)
        assert random_playout(ENGINE, state, np.random.default_rng(seed), check_invariants) > 0
        assert ENGINE.is_over(state)
        assert ENGINE.from_json(ENGINE.to_json(state)) == state


def test_s17_a_canoe_reaction_hands_the_aec_turn_to_the_holder_and_back():
    for seed in range(30):
        env = envs.make(
            "kingdom_builder_v0",
            wrapped=False,
            num_players=4,
            expansions=("marshlands",),
            sections=MARSHLANDS_SECTIONS,
        )
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while env.agents:
            state = env.state_
            if state.phase == PHASE_CANOE:
                holder, interrupted = int(state.cur), int(state.canoe_from)
                assert env.agent_selection == f"player_{holder}" and holder != interrupted
                mask = env.infos[f"player_{interrupted}"]["action_mask"]
                assert not mask.any()  # the interrupted player waits
                while env.state_.phase == PHASE_CANOE:
                    legal = np.flatnonzero(env.infos[env.agent_selection]["action_mask"])
                    env.step(int(rng.choice(legal)))
                assert env.agent_selection == f"player_{interrupted}"
                return
            legal = np.flatnonzero(env.infos[env.agent_selection]["action_mask"])
            env.step(int(rng.choice(legal)))
    raise AssertionError("no Canoe reaction in 30 random games")


def test_s13_the_change_log_names_a_canoe_reaction_and_a_revealed_dual_card():
    saw_canoe = saw_dual = False
    for seed in range(30):
        state = marsh_state(seed=seed, num_players=4)
        rng = seed_words(seed)
        while not ENGINE.is_over(state) and not (saw_canoe and saw_dual):
            before = state.copy()
            ENGINE.apply_action(state, int(random_legal_action(state.mask, rng)))
            text = "\n".join(describe_changes(before, state))
            if state.phase == PHASE_CANOE and before.phase != PHASE_CANOE:
                assert "'s canoe may build on swamp or water" in text
                saw_canoe = True
            if state.turn != before.turn and state.phase == PHASE_CHOOSE_DUAL:
                assert "2 on swamp or 3 on the other" in text
                saw_dual = True
        if saw_canoe and saw_dual:
            return
    raise AssertionError(f"canoe seen: {saw_canoe}, dual choice seen: {saw_dual}")
