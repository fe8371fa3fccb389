"""Options of issue 14: `expansions=` (§1.3, §3.2), section and card choice across expansions
(§2.3, D48, D49) and `board_file=`, the documented section-map format (envs/kingdom_builder/
boards.py) that lets a user with the real boards replace a map. Every bad input is a
ConfigError naming the option and the bad field."""

import copy
import json

import pytest

from eurogym import envs
from eurogym.envs.core.errors import ConfigError
from eurogym.envs.kingdom_builder import rules
from eurogym.envs.kingdom_builder.state import BigBoxState, State
from eurogym.envs.kingdom_builder.tables import BOARDS, TERRAIN_CODES

QUARRY = BOARDS["boards"]["quarry"]


def write(tmp_path, boards):
    path = tmp_path / "boards.json"
    path.write_text(json.dumps({"boards": boards}))
    return str(path)


def quarry_with(**changes):
    entry = copy.deepcopy({k: QUARRY[k] for k in ("rows", "specials")})
    entry.update(changes)
    return entry


def test_s02_4_board_file_replaces_a_section_map(tmp_path):
    # Arrange: the Quarry map with its top-left grass hex turned into flower field
    rows = list(QUARRY["rows"])
    assert rows[0][0] == "G"
    rows[0] = "F" + rows[0][1:]
    path = write(tmp_path, {"quarry": quarry_with(rows=rows)})
    sections = ("quarry", "tavern", "oasis", "farm")
    # Act
    config = rules.make_config(
        2, expansions=("nomads",), sections=sections, rotations=(0, 0, 0, 0), board_file=path
    )
    state = rules.new_game(config, 0)
    # Assert: the file's map is dealt, and a saved game loads back (custom board checks)
    assert state.terrain[0] == TERRAIN_CODES["F"] and state.custom_board == 1
    assert rules.ENGINE.from_json(rules.ENGINE.to_json(state)) == state
    shipped = rules.new_game(rules.make_config(2, expansions=("nomads",), sections=sections,
                                               rotations=(0, 0, 0, 0)), 0)  # fmt: skip
    assert shipped.terrain[0] == TERRAIN_CODES["G"] and shipped.custom_board == 0


def test_s02_4_board_file_alone_plays_the_base_rules_on_a_big_box_state(tmp_path):
    path = write(
        tmp_path, {"oracle": {k: BOARDS["boards"]["oracle"][k] for k in ("rows", "specials")}}
    )
    state = rules.new_game(rules.make_config(2, board_file=path), 3)
    assert isinstance(state, BigBoxState) and state.expansions.sum() == 0
    assert type(rules.new_game(rules.make_config(2), 3)) is State


@pytest.mark.parametrize(
    "entry,message",
    [
        (quarry_with(rows=QUARRY["rows"][:9]), "'rows' must be 10 strings"),
        (quarry_with(rows=["X" + QUARRY["rows"][0][1:]] + QUARRY["rows"][1:]), r"'rows'\[0\]\[0\]"),
        (quarry_with(specials=QUARRY["specials"][:3]), "has no 'specials' entry"),
        (
            quarry_with(
                specials=[{**QUARRY["specials"][0], "location": "farm"}] + QUARRY["specials"][1:]
            ),
            "'location' = 'farm'",
        ),
        (
            quarry_with(specials=[{**QUARRY["specials"][0], "row": 0}] + QUARRY["specials"][1:]),
            "is a location but",
        ),
        (quarry_with(specials="none"), "'specials' must be a list"),
        ("not an object", "must be an object"),
    ],
)
def test_s02_4_malformed_board_file_names_the_bad_field(tmp_path, entry, message):
    path = write(tmp_path, {"quarry": entry})
    with pytest.raises(ConfigError, match=message) as err:
        rules.make_config(2, expansions=("nomads",), board_file=path)
    assert "board_file" in str(err.value) and "quarry" in str(err.value)


def test_s02_4_board_file_structure_counts_are_checked(tmp_path):
    # Arrange: one nomad space of the Quarry's three turned into grass (and its special dropped)
    rows = list(QUARRY["rows"])
    rows[5] = rows[5][:2] + "G" + rows[5][3:]
    specials = [s for s in QUARRY["specials"] if (s["row"], s["col"]) != (5, 2)]
    path = write(tmp_path, {"quarry": quarry_with(rows=rows, specials=specials)})
    # Act / Assert
    with pytest.raises(ConfigError, match="nomad_spaces is 3"):
        rules.make_config(2, expansions=("nomads",), board_file=path)


@pytest.mark.parametrize(
    "boards,message",
    [
        ({"atlantis": {}}, "unknown section 'atlantis'"),
        ({"island_tree_house": {}}, "'island_tree_house' field 'rows' must be 5 strings of 10"),
    ],
)
def test_s02_4_board_file_sections_must_be_known_and_playable(tmp_path, boards, message):
    with pytest.raises(ConfigError, match=message):
        rules.make_config(2, board_file=write(tmp_path, boards))


def test_s02_4_board_file_unreadable_or_not_json(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ConfigError, match="board_file .* is not JSON"):
        rules.make_config(2, board_file=str(bad))
    with pytest.raises(ConfigError, match="board_file .* cannot be read"):
        rules.make_config(2, board_file=str(tmp_path / "missing.json"))
    bad.write_text("[]")
    with pytest.raises(ConfigError, match="field 'boards'"):
        rules.make_config(2, board_file=str(bad))


def test_s02_3_sections_and_cards_of_a_disabled_or_unplayable_expansion_are_refused():
    with pytest.raises(
        ConfigError, match="'quarry' belongs to expansion 'nomads', which is not enabled"
    ):
        rules.make_config(2, sections=("quarry", "tavern", "oasis", "farm"))
    with pytest.raises(ConfigError, match="'shepherds' belongs to expansion 'nomads'"):
        rules.make_config(2, cards=("shepherds", "lords", "knights"))
    with pytest.raises(ConfigError, match="'captains'.*cannot be played"):  # D49
        rules.make_config(2, expansions=("nomads",), cards=("captains", "lords", "knights"))
    with pytest.raises(ConfigError, match="'geologists' belongs to expansion 'marshlands'"):
        rules.make_config(2, expansions=("nomads",), cards=("geologists", "lords", "knights"))
    with pytest.raises(ConfigError, match="'bazaar_water_mill' belongs to expansion 'harvest'"):
        rules.make_config(
            2, expansions=("nomads",), sections=("bazaar_water_mill", "tavern", "oasis", "farm")
        )
    with pytest.raises(ConfigError, match="'island_tree_house' is a side of the Island"):
        rules.make_config(
            2, expansions=("nomads",), sections=("island_tree_house", "tavern", "oasis", "farm")
        )
    with pytest.raises(ConfigError, match="'homesteaders'.*cannot be played"):  # D49
        rules.make_config(2, expansions=("harvest",), cards=("homesteaders", "lords", "knights"))
    with pytest.raises(ConfigError, match="'temple' belongs to expansion 'marshlands'"):
        rules.make_config(2, expansions=("nomads",), sections=("temple", "tavern", "oasis", "farm"))


def test_s03_2_any_section_and_card_can_be_named_with_nomads():
    config = rules.make_config(
        5,
        expansions=["nomads"],
        sections=("garden", "oracle", "quarry", "harbor"),
        cards=("ambassadors", "lords", "families"),
    )
    state = rules.new_game(config, 1)
    assert state.num_players == 5 and (state.nomad_hex != -1).sum() == 4
    assert rules.ENGINE.from_json(rules.ENGINE.to_json(state)) == state


def test_s03_2_big_box_env_spaces_follow_the_options():
    base = envs.make("kingdom_builder_v0", wrapped=False, num_players=2)
    big = envs.make("kingdom_builder_v0", wrapped=False, num_players=2, expansions=("nomads",))
    assert base.action_space("player_0").n == 409 and big.action_space("player_0").n == 511
    big.reset(seed=0)
    obs = big.observe("player_0")
    assert obs["observation"].shape == big.observation_space("player_0")["observation"].shape
    assert obs["action_mask"].shape == (511,)
