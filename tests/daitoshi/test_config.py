"""Options and component sets (issue 4: the whole component set is replaceable by a JSON file,
validated with errors naming the bad field)."""

import copy
import json

import numpy as np
import pytest

import envs.daitoshi.env as daitoshi_env
from envs.core.data import load_component_data
from envs.core.errors import ConfigError
from envs.daitoshi.actions import A_ACTIVATE, A_PRODUCE
from envs.daitoshi.rules import ENGINE
from tests.daitoshi.helpers import act, inv, start_turn

DATA = load_component_data("envs.daitoshi", "daitoshi.json")


def write(tmp_path, doc):
    path = tmp_path / "components.json"
    path.write_text(json.dumps(doc))
    return str(path)


@pytest.mark.parametrize("n", [0, 5, "2", True])
def test_player_count_must_be_1_to_4(n):
    with pytest.raises(ConfigError, match="num_players"):
        ENGINE.make_config(n)


def test_unknown_option_is_rejected_listing_the_valid_ones():
    with pytest.raises(ConfigError, match="components"):
        ENGINE.make_config(2, colour="red")


def test_the_shipped_default_set_is_tagged_stand_in():
    assert "stand-in" in DATA["inventions"]["common"][0]["source"]
    assert "stand-in" in daitoshi_env.__doc__


@pytest.mark.parametrize(
    "edit,field",
    [
        (
            lambda d: d["inventions"]["common"][3]["rows"]["A"][0].update(k="gold"),
            r"inventions\.common\[3\]\.rows\.A\[0\]\.k",
        ),
        (lambda d: d["inventions"]["brilliant"].pop(), r"inventions\.brilliant must have 20"),
        (lambda d: d["cities"][4].pop("trade_cost_steam"), r"cities\[4\]\.trade_cost_steam"),
        (
            lambda d: d["district_tiles"]["central"][2]["electrify"].update(cost_energy=7),
            r"district_tiles\.central\[2\]\.electrify\.cost_energy",
        ),
        (
            lambda d: d["cities"][0]["partnership"].update(condition="action:dance"),
            r"cities\[0\]\.partnership\.condition",
        ),
        (
            lambda d: d["factory"]["slot_tracks"]["tracks"]["M2"].append("S"),
            r"factory\.slot_tracks\.tracks\.M2",
        ),
        (
            lambda d: d["megamachines"]["boards"][1]["upgrade_slots"]["b"].append("S9"),
            r"megamachines\.boards\[1\]\.upgrade_slots\.b\[2\]",
        ),
        (
            lambda d: d["inventions"]["common"][0]["rows"]["B"].append({"k": "partnership_create"}),
            r"inventions\.common\[0\]\.rows\.B\[1\]\.k",
        ),
        (
            lambda d: d["solo"]["mayor_cards"][2].update(land_hex="river"),
            r"solo\.mayor_cards\[2\]\.land_hex",
        ),
    ],
)
def test_a_bad_component_file_is_rejected_naming_the_field(tmp_path, edit, field):
    doc = copy.deepcopy(DATA)
    edit(doc)
    with pytest.raises(ConfigError, match=field):
        ENGINE.make_config(2, components=write(tmp_path, doc))


def test_unreadable_or_invalid_json_files_are_config_errors(tmp_path):
    with pytest.raises(ConfigError, match="cannot read"):
        ENGINE.make_config(2, components=str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(ConfigError, match="not valid JSON"):
        ENGINE.make_config(2, components=str(bad))


def test_a_replacement_component_file_changes_the_rules_without_code_changes(tmp_path):
    doc = copy.deepcopy(DATA)
    doc["inventions"]["basic"][0]["rows"]["A"] = [{"k": "steam", "n": 5}]
    config = ENGINE.make_config(2, components=write(tmp_path, doc))
    s = ENGINE.new_game(config, 0)
    s.slot_inv[0, 0] = inv("BA_1")
    start_turn(s, 0)
    act(s, A_PRODUCE, A_ACTIVATE)
    assert s.steam[0] == 7 - 2 + 2 * 5  # the leader's row A twice, from the replacement file
    restored = type(s).from_json(s.to_json())
    assert np.array_equal(restored.c_fx, s.c_fx)  # the state carries its components


def test_env_accepts_the_components_option(tmp_path):
    path = write(tmp_path, DATA)
    env = daitoshi_env.env(num_players=3, components=path)
    env.reset(seed=1)
    assert env.agent_selection in env.possible_agents


def test_s7_the_largest_activation_a_valid_file_allows_fits_the_effect_stack(tmp_path):
    """§7 step 2 / §11.2: three inventions with 8-effect rows, upper, in building R, activated
    by the leader push 4 lists of 8 per floor plus the progress steps (99 entries): the effect
    stack is sized for it (it overflowed at 96)."""
    doc = copy.deepcopy(DATA)
    row = [{"k": "vp", "n": 1}] * 8
    ids = []
    for i in range(3):
        invention = doc["inventions"]["common"][i]
        invention["rows"] = {"A": row, "B": row, "C": row}
        invention["vp"] = 0  # the progress icons then score nothing
        ids.append(invention["id"])
    s = ENGINE.new_game(ENGINE.make_config(2, components=write(tmp_path, doc)), 0)
    s.slot_inv[0, 5:8] = [inv(name) for name in ids]  # R1-R3
    s.slot_upper[0, 5:8] = 1
    s.steam[0] = 10
    start_turn(s, 0)
    vp = int(s.vp[0])
    act(s, A_PRODUCE, A_ACTIVATE + 2)
    assert s.vp[0] == vp + 3 * 4 * 8  # rows A x2, B, C of each invention, 8 VP each


@pytest.mark.parametrize(
    "edit,field",
    [
        (  # a worm space that moves the worm again: the loop never ends
            lambda d: d["worm_track"]["spaces"][3]["gain"].insert(0, {"k": "worm", "n": 1}),
            r"worm_track\.spaces\[3\]\.gain\[0\]\.k makes a reward chain cycle \(worm -> worm\)",
        ),
        (  # the stand-in prestige spaces move the worm; a worm space back to prestige
            lambda d: d["worm_track"]["spaces"][5]["gain"].append({"k": "prestige", "n": 1}),
            r"spaces\[5\]\.gain\[\d\]\.k makes a reward chain cycle \((worm|prestige) -> ",
        ),
    ],
)
def test_s19_a_reward_chain_cycle_is_rejected_naming_the_field(tmp_path, edit, field):
    """§19 "Termination": the reward-trigger graph has no cycle; a file with one is rejected."""
    doc = copy.deepcopy(DATA)
    edit(doc)
    with pytest.raises(ConfigError, match=field):
        ENGINE.make_config(2, components=write(tmp_path, doc))
