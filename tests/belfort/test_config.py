"""Belfort options (spec §0 rule switches, §13 two-player guild limits) and `data_overrides`
(config.py): bad configurations raise ConfigError naming the problem; overrides given as a
dict or as a JSON file change the state's parameters and the rules use them."""

from __future__ import annotations

import json

import numpy as np
import pytest

from eurogym.envs.belfort.actions import A_BUY, A_PLACE, A_SITE, NUM_PLANKS, PLANK_RECRUITER
from eurogym.envs.belfort.config import default_params
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.state import MAX_TAX_LEVELS, P_ACTIONS
from eurogym.envs.belfort.tables import GOLD, GUILD_NAMES, MARKET, METAL, PUB, SITE_GUILD, SITE_WALL
from eurogym.envs.core.errors import ConfigError
from tests.belfort.helpers import act, clear_board, legal, new_state, start_actions_turn
from tests.belfort.round_helpers import quiet_round, run_placement, set_shields, set_workers

PUB_SITE_D1 = 5  # D1 single symbols follow SINGLE_TYPES: ... library 4, pub 5


def make(n=3, **options):
    return ENGINE.make_config(n, **options)


# ------------------------------------------------------------ bad options


@pytest.mark.parametrize("n", [0, 1, 6, "4"])
def test_s0_player_count_outside_2_to_5_is_rejected(n):
    with pytest.raises(ConfigError, match="num_players"):
        make(n)


def test_s4_1_unknown_guild_is_rejected_by_name():
    with pytest.raises(ConfigError, match="plumbers"):
        make(3, guilds=["plumbers", "miners", "architects", "bankers", "spies"])


@pytest.mark.parametrize(
    "guilds",
    [["miners", "architects", "bankers", "spies"], ["miners"] * 5],
)
def test_s4_1_guilds_need_five_distinct(guilds):
    with pytest.raises(ConfigError, match="5 distinct"):
        make(3, guilds=guilds)


def test_unknown_option_is_rejected_by_name():
    with pytest.raises(ConfigError, match="expansionn"):
        make(3, expansionn=True)


def test_s0_bad_guild_mode_is_rejected():
    with pytest.raises(ConfigError, match="guild_mode.*expert"):
        make(3, guild_mode="expert")


def test_d13_bad_thieves_variant_is_rejected():
    with pytest.raises(ConfigError, match="thieves_variant"):
        make(3, thieves_variant="4")


@pytest.mark.parametrize("guild", ["thieves", "bandits", "spies"])
def test_s13_two_players_allow_no_interactive_guild_but_wizards(guild):
    with pytest.raises(ConfigError, match=guild):
        make(2, guilds=[guild, "miners", "architects", "bankers", "merchants"])
    make(2, guilds=["wizards", "miners", "architects", "bankers", "merchants"])
    make(3, guilds=[guild, "miners", "architects", "bankers", "merchants"])


# ------------------------------------------------------------ bad data_overrides


@pytest.mark.parametrize(
    "overrides,match",
    [
        ({"prices": {}}, "unknown section.*prices"),
        ({"property_costs": {"keep": {"wood": -1}}}, r"property_costs\.keep\.wood"),
        ({"property_costs": {"castle": {"wood": 1}}}, "castle"),
        ({"property_costs": {"keep": {"silver": 1}}}, "silver"),
        ({"property_costs": {"keep": {"wood": 1.5}}}, r"keep\.wood"),
        ({"guild_costs": {"miners": {"stone": -2}}}, r"guild_costs\.miners\.stone"),
        ({"wall_cost": {"wood": -3}}, "wall_cost"),
        ({"property_income": {"bank": -1}}, r"property_income\.bank"),
        ({"trading_post": {"winter": {"buy": {"wood": 1}}}}, "winter"),
        ({"trading_post": {"spring": {"buy": {"gold": 1}}}}, "gold"),
        ({"trading_post": {"spring": {"rent": {"wood": 1}}}}, "buy"),
        ({"tax_levels": [[0, 0], [11, 2], [6, 1]]}, "ascend"),
        ({"tax_levels": [[0, 0], [6, 1], [6, 2]]}, "ascend"),
        ({"tax_levels": [[1, 0], [6, 1]]}, "start at score 0"),
        ({"tax_levels": [[0, -1]]}, r"tax_levels\[0\]\[1\]"),
        ({"tax_levels": "flat"}, "tax_levels"),
        ({"fees": {"gnome_hire": -3}}, r"fees\.gnome_hire"),
        ({"fees": {"bribe": 1}}, "bribe"),
        ({"fees": {"hand_limit": 0}}, "hand_limit"),
        (["tax_levels"], "dict or a path"),
    ],
)
def test_bad_data_overrides_raise_config_error_naming_the_problem(overrides, match):
    with pytest.raises(ConfigError, match=match):
        make(3, data_overrides=overrides)


def test_unreadable_data_overrides_path(tmp_path):
    missing = tmp_path / "nope.json"
    with pytest.raises(ConfigError, match="cannot read.*nope.json"):
        make(3, data_overrides=str(missing))


def test_invalid_json_data_overrides_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{tax_levels: [[0, 0]]", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid JSON"):
        make(3, data_overrides=bad)


def test_bad_override_inside_a_json_file_is_named(tmp_path):
    path = tmp_path / "o.json"
    path.write_text(json.dumps({"wall_cost": {"iron": 2}}), encoding="utf-8")
    with pytest.raises(ConfigError, match="iron"):
        make(3, data_overrides=path)


def test_too_many_tax_levels_is_a_config_error_at_make_config():
    levels = [[10 * i, i] for i in range(MAX_TAX_LEVELS + 1)]
    with pytest.raises(ConfigError, match="tax_levels"):
        make(3, data_overrides={"tax_levels": levels})


def test_too_many_tax_levels_never_starts_a_game_silently():
    """Whatever the error type, a 17-level table must not be truncated silently."""
    levels = [[10 * i, i] for i in range(MAX_TAX_LEVELS + 1)]
    with pytest.raises(ValueError):
        ENGINE.new_game(make(3, data_overrides={"tax_levels": levels}), 0)


# ------------------------------------------------------------ overrides change the rules


def test_defaults_match_the_data_file():
    s = new_state(3)
    p = default_params()
    assert np.array_equal(s.prop_cost, p.prop_cost)
    assert list(s.prop_cost[PUB]) == [1, 3, 0, 0]
    assert np.array_equal(s.buy_price, p.buy_price)
    assert list(s.tax_min[: s.tax_levels]) == [0, 6, 11, 21, 31, 41, 51, 61, 71, 81, 91]


def build_pub(s, stone: int) -> bool:
    """Seat 0 holds a Pub and exactly `stone` Stone, 0 of everything else; returns whether the
    D1 Pub symbol can be built, and builds it if so."""
    clear_board(s)
    s.hand[0, PUB] = 1
    s.res[0] = [0, stone, 0, 0]
    start_actions_turn(s, 0)
    if A_SITE + PUB_SITE_D1 not in legal(s):
        return False
    act(s, A_SITE + PUB_SITE_D1)
    return True


def test_data_overrides_dict_property_cost_is_what_a_build_costs():
    s = new_state(3, data_overrides={"property_costs": {"pub": {"wood": 0, "stone": 2}}})
    assert list(s.prop_cost[PUB]) == [0, 2, 0, 0]
    assert not build_pub(s, 1)
    assert build_pub(s, 2)
    assert list(s.res[0]) == [0, 0, 0, 0]
    assert s.owner[PUB_SITE_D1] == 0 and s.built[0, PUB] == 1
    # the default Pub (1 W + 3 S) is not affordable with 2 Stone alone
    assert not build_pub(new_state(3), 2)


def test_data_overrides_json_file_changes_prices_and_taxes(tmp_path):
    path = tmp_path / "real_numbers.json"
    path.write_text(
        json.dumps(
            {
                "trading_post": {"spring": {"buy": {"metal": 5}}},
                "tax_levels": [[0, 0], [3, 2]],
                "property_costs": {"keep": {"metal": 0}},
            }
        ),
        encoding="utf-8",
    )
    s = new_state(3, data_overrides=str(path))
    assert s.buy_price[0, METAL] == 5 and s.buy_price[1, METAL] == 3  # summer unchanged
    assert s.tax_levels == 2 and list(s.tax_min[:2]) == [0, 3] and list(s.tax_gold[:2]) == [0, 2]
    assert list(s.prop_cost[4]) == [1, 3, 0, 0]  # only the named resource changes
    # Trading Post in Spring: 4 gold cannot buy metal, 5 can
    clear_board(s)
    s.res[0] = [0, 0, 0, 4]
    start_actions_turn(s, 0)
    assert A_BUY + METAL not in legal(s)
    s.res[0, GOLD] = 5
    start_actions_turn(s, 0)
    act(s, A_BUY + METAL)
    assert list(s.res[0]) == [0, 0, 1, 0]


def test_data_overrides_tax_table_is_used_in_the_income_phase(tmp_path):
    path = tmp_path / "tax.json"
    path.write_text(json.dumps({"tax_levels": [[0, 0], [3, 2]]}), encoding="utf-8")
    s = new_state(3, data_overrides=path)
    quiet_round(s)
    s.score[:3] = [2, 3, 4]
    s.res[:3, GOLD] = 5
    run_placement(s)
    assert s.phase == P_ACTIONS
    assert list(s.res[:3, GOLD]) == [5, 3, 3]


def test_data_overrides_wall_and_guild_costs_are_used():
    s = new_state(
        3,
        data_overrides={
            "wall_cost": {"wood": 1, "stone": 0},
            "guild_costs": {"miners": {"wood": 0, "stone": 0, "metal": 0, "gold": 2}},
        },
        guilds=["miners", "architects", "bankers", "spies", "merchants"],
    )
    clear_board(s)
    s.res[0] = [1, 0, 0, 2]
    start_actions_turn(s, 0)
    moves = legal(s)
    assert A_SITE + SITE_WALL in moves
    assert A_SITE + SITE_GUILD + 0 in moves  # miners in D1
    assert A_SITE + SITE_GUILD + 1 not in moves  # architects at the default cost
    act(s, A_SITE + SITE_GUILD + 0)
    assert list(s.res[0]) == [1, 0, 0, 0]
    act(s, A_SITE + SITE_WALL)
    assert list(s.res[0]) == [0, 0, 0, 0]
    assert s.owner[SITE_WALL] == 0 and s.owner[SITE_GUILD] == 0
    assert GUILD_NAMES[int(s.guild_of[0])] == "miners"


def test_data_overrides_fees_and_income_are_used():
    s = new_state(
        3,
        data_overrides={
            "fees": {"recruiter": 1, "guild": 2},
            "property_income": {"market": 3, "pub": 0},
        },
    )
    quiet_round(s)
    set_shields(s, [1, 2, 3])
    s.owner[SITE_GUILD + 1] = 2
    s.built[0, MARKET] = 1
    s.built[1, PUB] = 1
    for p in range(3):
        set_workers(s, p, elf=1, dwarf=1)
        s.res[p, GOLD] = 5
    act(s, A_PLACE + PLANK_RECRUITER)  # seat 0, elf: 1 G
    assert s.res[0, GOLD] == 4
    act(s, A_PLACE + NUM_PLANKS + 5 + 1)  # seat 1, dwarf on the D2 guild owned by seat 2
    assert list(s.res[1:3, GOLD]) == [3, 7]
    run_placement(s)
    # income: Market 3 for seat 0, Pub 0 for seat 1 (scores 0: no tax)
    assert list(s.res[:3, GOLD]) == [7, 3, 7]
