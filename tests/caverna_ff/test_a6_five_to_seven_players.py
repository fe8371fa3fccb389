"""caverna_ff_v1 with 5-7 players (rules A6 "Five to seven players", B2, D10, E22): the extra
boards' action spaces per player count, the Weekly Market, Hardware Rental, Fence Building,
the Imitation costs, the Extension, the fifth reward row, the supply and start food per seat,
turn order, the observation of seats 4-6, v0's 4-seat JSON and the pictures. Each test
compares with what a wrong rule would give (a second purchase, 2 wood at 5 players, a stable
on Fence Building, another food cost)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from eurogym.encoders.caverna_ff import (
    FLAT_SIZE,
    FLAT_SIZE_V1,
    V1_BORDER,
    V1_SCALARS,
    encode_flat_v1,
)
from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_CELL,
    A_DONE,
    A_FURN,
    A_OPTION,
    A_REARRANGE,
    A_REWARD_X,
    A_SKIP,
    A_SPACE_X,
    A_TWIN,
)
from eurogym.envs.caverna_ff.helpers import reward_action, space_action
from eurogym.envs.caverna_ff.orcs import defeat
from eurogym.envs.caverna_ff.render import render_ansi, render_rgb
from eurogym.envs.caverna_ff.rewards import reward_kind
from eurogym.envs.caverna_ff.rules import ENGINE, ENGINE_V1
from eurogym.envs.caverna_ff.spaces import MARKET_GOOD, NUM_SPACES_V0, SPACE_NAMES
from eurogym.envs.caverna_ff.state import (
    EMPTY,
    P_BRANCH,
    P_CELL,
    P_FARMING,
    P_IMITATE,
    P_LOOT,
    P_MARKET,
    P_PLACE,
    P_REWARD,
    P_TWIN,
    State,
    StateV1,
)
from eurogym.envs.caverna_ff.tables import (
    CATTLE,
    F_ORC_DWELLING,
    F_WARRIOR,
    FOOD,
    GOLD,
    NUM_REWARDS,
    SHEEP,
    STONE,
    T_MEADOW,
    TW_CAVERN_TUNNEL,
    TW_MEADOW_FIELD,
    VEG,
    WOOD,
)
from eurogym.envs.core.errors import ConfigError
from tests.caverna_ff.helpers import cell, legal
from tests.conformance.cases import played_states

BOARD_4_7 = [
    "ruby_mining",
    "housework_ff",
    "slash_and_burn",
    "imitation_ff",
    "drift_mining_4",
    "logging_ff",
    "armory_4_7",
    "excavation_4",
    "growth",
    "clearing_4",
    "starting_player_4",
    "ore_mining_ff_4_7",
    "sustenance_4",
]
PERMANENT = {  # A6 / B2: the 4-7 board with the expansion's cards, plus the extra boards
    5: [
        *BOARD_4_7,
        "depot",
        "weekly_market",
        "small_drift_mining",
        "hardware_rental",
        "fence_building",
        "imitation_5",
    ],
    6: [
        *BOARD_4_7,
        "drift_mining",
        "depot",
        "weekly_market",
        "hardware_rental_6",
        "fence_building_6",
        "imitation_5",
    ],
}
PERMANENT[7] = [*PERMANENT[6], "large_depot", "extension", "imitation_7"]


def game(n: int, seed: int = 0, **options) -> StateV1:
    state = ENGINE_V1.new_game(ENGINE_V1.make_config(n, **options), seed)
    assert state.phase == P_PLACE and state.round == 1
    return state


def act(state: State, *actions: int) -> None:
    for a in actions:
        ENGINE_V1.apply_action(state, int(a))


def place(state: State, name: str) -> None:
    act(state, space_action(SPACE_NAMES.index(name)))


def refresh(state: State) -> None:
    kernels.compute_mask(state.buf, state.mask)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_a6_permanent_spaces_of_the_5_to_7_player_boards(n):
    s = game(n)
    open_spaces = {SPACE_NAMES[k] for k in np.flatnonzero(s.space_open)}
    assert open_spaces - {SPACE_NAMES[int(s.card[0])]} == set(PERMANENT[n])
    for k in range(1, 5):  # 1-4 players: none of the extra boards' spaces
        assert not game(k).space_open[NUM_SPACES_V0:].any()


def test_a6_weekly_market_gives_4_gold_and_sells_each_good_at_most_once():
    s = game(5)
    p = int(s.actor)
    s.res[p, GOLD] = 6
    place(s, "weekly_market")
    assert s.phase == P_MARKET and s.res[p, GOLD] == 10
    cattle = list(MARKET_GOOD).index(CATTLE)
    sheep = list(MARKET_GOOD).index(SHEEP)
    assert legal(s) >= {A_OPTION + k for k in range(len(MARKET_GOOD))} | {A_DONE}
    act(s, A_OPTION + cattle)  # cattle cost 3 gold
    assert s.phase == P_MARKET and s.res[p, GOLD] == 7 and s.res[p, CATTLE] == 1
    assert A_OPTION + cattle not in legal(s)  # once per visit
    act(s, A_OPTION + sheep)  # sheep 1 gold
    assert s.res[p, GOLD] == 6 and s.res[p, SHEEP] == 1 and A_OPTION + sheep not in legal(s)
    veg = list(MARKET_GOOD).index(VEG)
    s.res[p, GOLD] = 1  # a vegetable costs 2: no longer affordable, wood (1) still is
    refresh(s)
    assert A_OPTION + veg not in legal(s) and A_OPTION + list(MARKET_GOOD).index(WOOD) in legal(s)
    act(s, A_DONE)
    assert s.phase != P_MARKET


def test_a6_hardware_rental_6_to_7_gives_2_wood_the_5_player_space_none():
    s = game(6)
    p = int(s.actor)
    wood = int(s.res[p, WOOD])
    place(s, "hardware_rental_6")  # unarmed, no field: just the wood
    assert s.res[p, WOOD] == wood + 2
    five = game(5)
    assert space_action(SPACE_NAMES.index("hardware_rental")) not in legal(five)  # nothing doable
    q = int(five.actor)
    five.weapon[q, :2] = 3  # armed dwarfs: the level-2 expedition
    refresh(five)
    wood = int(five.res[q, WOOD])
    place(five, "hardware_rental")
    assert five.phase == P_LOOT and five.exp_left == 2 and five.res[q, WOOD] == wood


def test_a6_fence_building_collects_wood_then_fences_pastures_but_builds_no_stable():
    s = game(5)
    p = int(s.actor)
    s.tile[p, cell(3, 2)] = T_MEADOW
    s.res[p, WOOD], s.res[p, STONE] = 3, 5
    refresh(s)
    place(s, "fence_building")  # wood [1,1]: 1 on the first refill
    assert s.phase == P_FARMING and s.res[p, WOOD] == 4
    assert A_OPTION + 0 in legal(s) and A_OPTION + 2 not in legal(s)  # small pasture, no stable
    act(s, A_OPTION + 0)
    assert s.phase == P_CELL
    act(s, legal_cell(s))
    assert s.res[p, WOOD] == 2 and s.pasture[p, cell(3, 2)] == 1
    six = game(6)
    assert six.accum[SPACE_NAMES.index("fence_building_6"), WOOD] == 2  # [2,1] with 6-7


def legal_cell(s: State) -> int:
    (a,) = [a for a in legal(s) if A_CELL <= a < A_FURN]
    return a


@pytest.mark.parametrize(
    "n,name,cost",
    [
        (5, "imitation_ff", 2),
        (5, "imitation_5", 4),
        (6, "imitation_ff", 1),
        (6, "imitation_5", 2),
        (7, "imitation_ff", 0),
        (7, "imitation_5", 1),
        (7, "imitation_7", 2),
    ],
)
def test_a6_imitation_food_cost_by_space_and_player_count(n, name, cost):
    s = game(n)
    place(s, "depot")  # the start player takes the Depot; the next player imitates it
    p = int(s.actor)
    imitation = space_action(SPACE_NAMES.index(name))
    if cost:
        s.res[p, FOOD] = cost - 1
        refresh(s)
        assert imitation not in legal(s)
    s.res[p, FOOD] = cost
    refresh(s)
    assert imitation in legal(s)
    act(s, imitation)
    assert s.phase == P_IMITATE
    act(s, space_action(SPACE_NAMES.index("depot")))
    assert s.res[p, FOOD] == 0


@pytest.mark.parametrize(
    "branch,gain,kind", [(0, WOOD, TW_MEADOW_FIELD), (1, STONE, TW_CAVERN_TUNNEL)]
)
def test_a6_extension_wood_and_meadow_field_or_stone_and_cavern_tunnel(branch, gain, kind):
    s = game(7)
    p = int(s.actor)
    before = s.res[p].copy()
    place(s, "extension")
    assert s.phase == P_BRANCH and legal(s) >= {A_OPTION, A_OPTION + 1}
    assert A_SKIP not in legal(s)  # either/or: one branch must be taken
    act(s, A_OPTION + branch)
    grown = np.flatnonzero(s.res[p] != before).tolist()
    assert grown == [gain] and s.res[p, gain] == before[gain] + 1
    assert s.phase == P_TWIN and s.twin_kind == kind


@pytest.mark.parametrize("n", [5, 6, 7])
def test_b2_d10_five_reward_rows_with_5_to_7_players(n):
    s = game(n)
    rows, short = [int(k) for k in s.long_strip], [int(k) for k in s.short_strip]
    assert len(set(rows[:5])) == 5 and min(rows[:5]) >= 0 and rows[5:] == [EMPTY] * 2
    assert len(set(short[:5])) == 5 and short[5:] == [EMPTY] * 2
    s.set("stack_n", 0)
    defeat(s.buf, 0, 3, 5)  # Orc D: every column
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_REWARD
    fifth = {reward_action(NUM_REWARDS + k) for k in range(4)}
    assert fifth <= legal(s)
    assert reward_kind(s.buf, NUM_REWARDS) == rows[4] * 4
    act(s, reward_action(NUM_REWARDS))
    assert s.reward_taken[NUM_REWARDS] == 1


def test_b2_d10_four_players_keep_four_rows_and_strip_options_name_five():
    s = game(4)
    s.set("stack_n", 0)
    defeat(s.buf, 0, 3, 5)
    kernels.advance(s.buf, s.mask)
    assert not {reward_action(NUM_REWARDS + k) for k in range(4)} & legal(s)
    names = ["L1", "L2", "L3", "L4", "L5"]
    assert [int(k) for k in game(7, long_strips=names).long_strip[:5]] == [0, 1, 2, 3, 4]
    with pytest.raises(ConfigError, match="long_strips"):
        ENGINE_V1.make_config(7, long_strips=[*names, "L6", "L7"])


def test_b2_a4_supply_per_player_start_food_by_seat_and_turn_order_with_7():
    s = game(7, seed=3)
    assert s.supply_ext.sum() == 7  # one extension per player
    assert s.furn_left[F_WARRIOR] == 7 and s.furn_left[F_ORC_DWELLING] == 7
    assert (s.trap_left[:3] == 7).all()  # the basic traps, one per player
    start = int(s.start_player)
    food = [int(s.res[(start + k) % 7, FOOD]) for k in range(7)]
    assert food == [1, 1, 2, 3, 3, 3, 3]
    rng = np.random.default_rng(0)
    placers = []
    while len(placers) < 14:  # round 1: 7 players x 2 dwarfs, round the table from the start
        a = int(rng.choice(np.flatnonzero(s.mask)))
        if s.phase == P_PLACE and (a < A_TWIN or A_SPACE_X <= a < A_REWARD_X or a == A_SKIP):
            placers.append(int(s.actor))  # a placement (not an any-time trade before it)
        act(s, a)
    assert placers == [(start + k) % 7 for k in range(14)]


def test_v0_stays_1_to_4_players_with_its_4_seat_json():
    with pytest.raises(ConfigError, match="num_players"):
        ENGINE.make_config(5)
    assert ENGINE_V1.player_counts == (1, 2, 3, 4, 5, 6, 7)
    s = ENGINE.new_game(ENGINE.make_config(4), 1)
    fields = json.loads(ENGINE.to_json(s))["fields"]
    assert len(fields["res"]) == 4 and len(fields["accum"]) == 38
    assert len(fields["reward_taken"]) == NUM_REWARDS
    assert ENGINE.from_json(ENGINE.to_json(s)) == s
    seven = json.loads(ENGINE_V1.to_json(game(7)))["fields"]
    assert len(seven["res"]) == 7 and len(seven["accum"]) == len(SPACE_NAMES)


def test_e22_observation_shows_seats_4_to_6_relative_to_the_observer():
    a, b = game(7), game(7)
    b.res[5, WOOD] += 1  # seat 5's wood
    block = FLAT_SIZE + V1_SCALARS  # V1_SEATS_X: relative seats 4-6
    for me, rel in ((0, 5), (2, 3)):
        diff = np.flatnonzero(encode_flat_v1(a, me) != encode_flat_v1(b, me))
        assert diff.size == 1
        assert (diff[0] >= block) == (rel >= 4)  # relative 5: the block; relative 3: v0's seats
    obs = encode_flat_v1(a, 0)
    assert obs.shape == (FLAT_SIZE_V1,) and 0.0 <= obs.min() and obs.max() <= 1.0
    flag = FLAT_SIZE_V1 - V1_BORDER - 1  # the block's last entry (the Office Room's follow)
    for n in (2, 4):  # 1-4 players: the block is empty but for the REARRANGE flag (last)
        for state in played_states("caverna_ff_v1", n, seed=n, every=37):
            assert not encode_flat_v1(state, int(state.actor))[block:flag].any()


def test_views_of_a_7_player_game():
    s = game(7)
    text = render_ansi(s)
    assert "player 6 (orange)" in text and "Weekly Market" in text
    image = render_rgb(s)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[1] >= 800


def test_e17_observation_flags_a_rearrangement_at_the_pending_decision():
    """The last V1_SEATS_X entry (before the Office Room's V1_BORDER): the deciding player used
    REARRANGE at this decision, so the once-per-decision limit (E17) is visible; 0 before, 1
    in the housing decisions it opens."""
    flag = FLAT_SIZE_V1 - V1_BORDER - 1
    s = game(2, seed=1)
    rng = np.random.default_rng(1)
    while A_REARRANGE not in legal(s):
        act(s, int(rng.choice(np.flatnonzero(s.mask))))
    me = int(s.actor)
    assert encode_flat_v1(s, me)[flag] == 0.0
    act(s, A_REARRANGE)
    assert s.rearranged == me + 1 and int(s.actor) == me
    assert encode_flat_v1(s, me)[flag] == 1.0
