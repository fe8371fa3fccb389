"""Options and component sets (issue 4: the whole component set is replaceable by a JSON file,
validated with errors naming the bad field)."""

import copy
import json

import numpy as np
import pytest

import eurogym.envs.daitoshi.env as daitoshi_env
from eurogym.encoders.daitoshi import hist
from eurogym.envs.core.data import load_component_data
from eurogym.envs.core.errors import ConfigError
from eurogym.envs.daitoshi.actions import A_ACTIVATE, A_PRODUCE
from eurogym.envs.daitoshi.rules import ENGINE, score_table
from eurogym.envs.daitoshi.state import C
from eurogym.envs.daitoshi.tables import FX_VP, FX_VP_END
from tests.daitoshi.helpers import act, inv, start_turn

DATA = load_component_data("eurogym.envs.daitoshi", "daitoshi.json")


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


def _swap_universities(d):
    boards = d["megamachines"]["boards"]
    a, b = boards[0]["university_inventions"], boards[1]["university_inventions"]
    a[0], b[0] = b[0], a[0]


@pytest.mark.parametrize(
    "edit,field",
    [
        (  # §3.1: the Town Hall takes any colour
            lambda d: d["district_tiles"]["inner"][0].update(worker_color="red"),
            r"district_tiles\.inner\[0\]\.worker_color must be one of \('any',\)",
        ),
        (  # §3.1: every other district has one colour
            lambda d: d["district_tiles"]["inner"][1].update(worker_color="any"),
            r"district_tiles\.inner\[1\]\.worker_color must be one of \('blue'",
        ),
        (  # §3.1: the Town Hall and the four action districts
            lambda d: d["district_tiles"]["inner"][2].update(
                action=d["district_tiles"]["inner"][1]["action"]
            ),
            r"district_tiles\.inner\[2\]\.action .* already the action of "
            r"district_tiles\.inner\[1\]",
        ),
        (  # §5.1 step 5: only the marks 3+ and 4
            lambda d: d["nature_tracks"]["forest"]["double_spaces"].update({"3 +": [4]}),
            r"nature_tracks\.forest\.double_spaces\.3 \+ is not a player mark",
        ),
        (  # §5.1 step 5: river spaces get 1 hex each
            lambda d: d["nature_tracks"]["river"].update(double_spaces={"4": [3]}),
            r"nature_tracks\.river\.double_spaces\.4: river spaces hold single hexes",
        ),
        (  # §9.4 step 3: at least 1 prestige plus one other reward
            lambda d: d["district_tiles"]["central"][0]["electrify"].update(
                gain=[{"k": "vp", "n": 2}, {"k": "food", "n": 1}]
            ),
            r"district_tiles\.central\[0\]\.electrify\.gain must hold at least 1 prestige",
        ),
        (
            lambda d: d["district_tiles"]["outer"][1]["electrify"].update(
                gain=[{"k": "prestige", "n": 2}]
            ),
            r"district_tiles\.outer\[1\]\.electrify\.gain must hold at least 1 prestige",
        ),
        (  # §3.3: the chosen board's own university inventions
            _swap_universities,
            r"megamachines\.boards\[0\]\.university_inventions\[0\] .* belongs to "
            r"Megamachine 2",
        ),
        (  # §11.3: each floor's track has one U and one M
            lambda d: d["factory"]["slot_tracks"]["tracks"].update(
                L1=["start", "-", "-", "-", "M", "S", "-", "D"]
            ),
            r"factory\.slot_tracks\.tracks\.L1 must have exactly one 'U' icon, has 0",
        ),
        (
            lambda d: d["factory"]["slot_tracks"]["tracks"]["R2"].insert(2, "M"),
            r"factory\.slot_tracks\.tracks\.R2 must have exactly one 'M' icon, has 2",
        ),
        # values the engine hard-wires: rejected when they differ, not silently ignored
        (
            lambda d: d["reputation_track"].update(vp_value=[2, 3, 5, 8]),
            r"reputation_track\.vp_value is fixed by the engine at \[2, 3, 5, 7\]",
        ),
        (
            lambda d: d["player_start"].update(steam=8),
            r"player_start\.steam is fixed by the engine at 7, got 8",
        ),
        (
            lambda d: d["district_tiles"]["expand_cost_materials"].update(outer=3),
            r"district_tiles\.expand_cost_materials\.outer is fixed by the engine at 4",
        ),
        (
            lambda d: d["district_tiles"]["renovate_cost_materials"].update(value=2),
            r"district_tiles\.renovate_cost_materials\.value is fixed by the engine at 3",
        ),
        (
            lambda d: d["megamachines"]["contribute_cost"]["pay"].pop(),
            r"megamachines\.contribute_cost\.pay is fixed by the engine",
        ),
        (
            lambda d: d["market"]["slots"].update(brilliant=2),
            r"market\.slots is fixed by the engine",
        ),
        (
            lambda d: d["factory"]["worker_capacity"].update(conflict=3),
            r"factory\.worker_capacity\.conflict is fixed by the engine at 2",
        ),
        (
            lambda d: d["final_scoring"]["conflict_penalty_per_tile"].update(value=-4),
            r"final_scoring\.conflict_penalty_per_tile\.value is fixed by the engine at -5",
        ),
    ],
)
def test_component_file_schema_gaps_are_rejected_naming_the_field(tmp_path, edit, field):
    """Issue 4 ("validated against a schema with clear errors"): rules the spec states about the
    components, and sections the engine hard-wires, are checked rather than ignored."""
    doc = copy.deepcopy(DATA)
    edit(doc)
    with pytest.raises(ConfigError, match=field):
        ENGINE.make_config(2, components=write(tmp_path, doc))


def test_fields_fixed_by_the_engine_may_be_left_out(tmp_path):
    """A file without the sections the engine hard-wires is accepted (docs: sections read)."""
    doc = copy.deepcopy(DATA)
    for section in ("reputation_track", "player_start", "market"):
        del doc[section]
    del doc["district_tiles"]["expand_cost_materials"]
    del doc["megamachines"]["contribute_cost"]
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


def test_s16_negative_vp_and_vp_end_lose_points(tmp_path):
    """§16 `vp n` / `vp_end n` with the seed's red numbers ("Se o número for vermelho, perde os
    pontos"; "Perca 10 PV no fim da partida"): a negative n in the file loses VP."""
    doc = copy.deepcopy(DATA)
    doc["inventions"]["basic"][0]["rows"]["A"] = [
        {"k": "vp", "n": -3},
        {"k": "vp_end", "n": -10},
    ]
    s = ENGINE.new_game(ENGINE.make_config(2, components=write(tmp_path, doc)), 0)
    s.slot_inv[0, 0] = inv("BA_1")
    s.vp[0] = 4
    start_turn(s, 0)
    act(s, A_PRODUCE, A_ACTIVATE)
    assert s.vp[0] == 4 - 2 * 3  # the leader's row A twice: below 0 (E6)
    assert s.vp_end[0] == -2 * 10
    parts = score_table(s)[0]
    assert parts[0] == 4 - 6 - 20  # vp_end counts at final scoring
    rows = np.zeros(21, np.float32)  # the encoder's reward histogram of row A
    hist(s.buf, C["inv_rows"] + inv("BA_1") * 3 * 2, rows, 0)
    assert rows[FX_VP - 1] == 0 and rows[FX_VP_END - 1] == 0  # a loss never reads as a gain


def test_s16_vp_loss_is_bounded_like_a_gain(tmp_path):
    doc = copy.deepcopy(DATA)
    doc["inventions"]["basic"][0]["rows"]["A"] = [{"k": "vp", "n": -31}]
    with pytest.raises(ConfigError, match=r"inventions\.basic\[0\]\.rows\.A\[0\]\.n"):
        ENGINE.make_config(2, components=write(tmp_path, doc))
