"""The five actions (spec §9) with the seed's worked examples: Commit (a brilliant and a common
for 4 food, no immediate rewards), Expand (4 materials, 2 hexes: 1 food and 2 worm moves),
Electrify (4 energy: 1 wealth, 2 worm moves, 1 food, 2 prestige), Trade (5 steam, 4 luxury:
6 VP, a flag, 1 prestige, the activated partnership's 4 steam) and the Megamachine (1 food,
1 energy, 1 luxury and 2 wealth for the missing materials; 5 VP and 2 reputation; upgrade)."""

import numpy as np
import pytest

from eurogym.envs.core.errors import IllegalActionError
from eurogym.envs.daitoshi.actions import (
    A_ACTION,
    A_BUILDING,
    A_CITY,
    A_DONE,
    A_FLOOR,
    A_MSPACE,
    A_PLACE,
    A_RENOVATE,
    A_RING,
    A_SLOT,
    A_TILE,
    A_TRADE,
    A_TYPE,
)
from eurogym.envs.daitoshi.effects import make_fx
from eurogym.envs.daitoshi.state import (
    BLOCKED,
    EMPTY,
    P_CASH_IN,
    P_COMMIT,
    P_COMMIT_BUILDING,
    P_HEX_TO_TILE,
    P_MEGA_SLOT,
    P_MEGA_SPACE,
    P_MM_ORDER,
    P_PILGRIM,
    P_TURN,
)
from eurogym.envs.daitoshi.tables import FX_REPUTATION, FX_SCORE_REP
from tests.daitoshi.helpers import (
    act,
    begin_action,
    build,
    city,
    district_of,
    give_hex,
    hex_id,
    inv,
    legal,
    move,
    new_state,
    place_at,
    start_turn,
    tile,
)

COMMIT, EXPAND, ELECTRIFY, TRADE, MEGA = range(5)
FOOD, MATERIALS, ENERGY, LUXURY = range(4)


def commit_setup():
    s = new_state(2, 0)
    s.market[0] = inv("CO_01")
    s.market[4] = inv("BR_01")
    s.res[0] = [4, 0, 0, 0]
    s.wealth[0] = 0
    begin_action(s, 0, district_of(s, "IN_INVENT"))
    return s


def test_s9_2_seed_example_two_inventions_for_4_food_and_no_immediate_rewards():
    s = commit_setup()
    piles = s.inv_pile_n.copy()
    act(s, A_ACTION + COMMIT, A_SLOT + 4)
    assert s.phase == P_COMMIT_BUILDING
    act(s, A_BUILDING + 1)  # the brilliant on M1
    assert s.phase == P_COMMIT and A_DONE in legal(s)
    act(s, A_SLOT + 0, A_BUILDING + 2)  # the common on R1
    assert s.res[0, FOOD] == 0
    assert s.slot_inv[0, 3] == inv("BR_01") and s.slot_inv[0, 5] == inv("CO_01")
    assert s.slot_upper[0, 3] == 0 and s.slot_upper[0, 5] == 0
    assert s.vp[0] == 0 and s.pilgrim[0].sum() == 0  # no immediate rewards
    assert s.market[0] != EMPTY and s.market[4] != EMPTY  # refilled from the piles
    assert s.inv_pile_n[0] == piles[0] - 1 and s.inv_pile_n[2] == piles[2] - 1
    assert s.phase == P_TURN and s.active == 1


def test_s9_2_seed_example_the_brilliant_alone_gives_1_food_a_pilgrim_and_3_vp():
    s = commit_setup()
    s.track_n[:, 0] = 0  # every track's first space is free: the pilgrim is a choice
    act(s, A_ACTION + COMMIT, A_SLOT + 4, A_BUILDING + 0, A_DONE)
    assert s.phase == P_PILGRIM
    act(s, A_TYPE + 2)
    assert s.res[0, FOOD] == 4 - 3 + 1
    assert s.vp[0] == 3
    assert s.pilgrim[0].tolist() == [0, 0, 1, 0]
    assert s.slot_inv[0, 1] == inv("BR_01")  # the lowest empty floor of L


def test_s9_2_commit_needs_the_food_and_an_empty_floor():
    s = commit_setup()
    s.res[0, FOOD] = 2
    begin_action(s, 0, int(s.tyc_d[0]))
    act(s, A_ACTION + COMMIT)
    assert A_SLOT + 4 not in legal(s) and A_SLOT + 0 in legal(s)
    s2 = commit_setup()
    s2.slot_inv[0, :] = inv("CO_02")
    begin_action(s2, 0, int(s2.tyc_d[0]))
    assert A_ACTION + COMMIT not in legal(s2)


def expand_setup(materials=4):
    s = new_state(2, 0)
    d = district_of(s, "IN_EXPAND")
    s.res[0] = [0, materials, 0, 0]
    s.wealth[0] = 0
    give_hex(s, 0, "HX_RI_01")  # conflict reward: 1 food
    give_hex(s, 0, "HX_FO_08")  # 2 worm moves
    begin_action(s, 0, d)
    return s, d


def test_s9_3_outer_space_needs_the_central_one_built():
    s, d = expand_setup()
    act(s, A_ACTION + EXPAND)
    assert A_RING + d * 2 + 1 not in legal(s)  # outer
    assert A_RING + d * 2 + 0 in legal(s)  # central


def test_s9_3_seed_example_expand_outer_for_4_materials_with_two_hexes():
    s, d = expand_setup()
    build(s, d, 1)
    outer_top = int(s.pile_top[1])
    begin_action(s, 0, d)
    act(s, A_ACTION + EXPAND, A_RING + d * 2 + 1)
    assert s.res[0, MATERIALS] == 0
    assert s.tile[d, 2] == outer_top
    assert s.phase == P_HEX_TO_TILE  # two types in the record: the player picks
    act(s, A_TYPE + 0)  # the river hex first; the forest hex follows by itself (E1)
    assert s.res[0, FOOD] == 1
    assert s.worm[0] == 2 and s.steam[0] == 7 + 1  # worm space 2 pays 1 steam
    assert s.tile_hex[d, 2].tolist() == [hex_id("HX_RI_01"), hex_id("HX_FO_08")]
    assert s.rec_n[0].sum() == 0
    assert s.phase == P_TURN


def test_s9_3_renovate_costs_3_materials_and_pays_the_discarded_hex_conflict_reward():
    s, d = expand_setup(materials=3)
    act(s, A_ACTION + EXPAND)
    assert A_RENOVATE in legal(s)
    act(s, A_RENOVATE, A_TYPE + 1)  # discard the forest hex
    assert s.res[0, MATERIALS] == 0
    assert s.worm[0] == 2
    assert s.discard_n[1] == 1 and s.rec_n[0].tolist() == [1, 0, 0, 0]


def test_s9_4_seed_example_electrify_4_energy_gives_wealth_worm_food_and_prestige():
    s = new_state(2, 0)
    d = district_of(s, "IN_EXPAND")
    build(s, d, 1)
    ou1 = tile("OU_1")
    s.tile[d, 2] = ou1
    s.tile_hex[d, 2] = [hex_id("HX_RI_01"), hex_id("HX_FO_08")]  # 1 food, 2 worm
    s.ws_worker[d, 2] = 3  # a yellow worker on its workshop
    s.res[0] = [0, 0, 4, 0]
    s.wealth[0] = 0
    begin_action(s, 0, district_of(s, "IN_ELECTRIFY"))
    act(s, A_ACTION + ELECTRIFY, A_TILE + d * 3 + 2)
    assert s.res[0].tolist() == [1, 0, 0, 0]
    assert s.worm[0] == 2 and s.prestige[0] == 2
    assert s.wealth[0] == 1 + 1  # printed 1 wealth + prestige space 2
    assert s.vp[0] == 1  # prestige space 1
    assert s.ws_worker[d, 2] == 0 and s.electrified[d, 2] == 1
    assert s.tile_hex[d, 2].tolist() == [EMPTY, EMPTY]
    assert s.discard_n[0] == 1 and s.discard_n[1] == 1


def trade_setup():
    s = new_state(2, 0)
    s.cities[0] = city("CT_01")
    s.cities[1] = city("CT_08")  # condition action:trade
    s.res[0] = [1, 0, 0, 4]
    s.wealth[0] = 0
    begin_action(s, 0, district_of(s, "IN_TRADE"))
    return s


def test_s9_5_seed_example_trade_5_steam_4_luxury():
    s = trade_setup()
    act(s, A_ACTION + TRADE, A_TRADE + 0 * 5 + 3)
    assert s.res[0, LUXURY] == 0
    assert s.steam[0] == 7 - 5 + 4  # the activated partnership's 4 steam
    assert s.vp[0] == 6 + 1  # 6 VP, and prestige space 1 gives 1 VP
    assert s.prestige[0] == 1
    assert s.flag[0, 0] == 1  # the flag stays after the activation


def test_s15_the_partnership_pays_later_on_its_condition_and_returns_the_flag():
    s = trade_setup()
    act(s, A_ACTION + TRADE, A_TRADE + 0 * 5 + 3)
    s.market[0] = inv("CO_01")
    begin_action(s, 0, district_of(s, "IN_INVENT"))
    steam = int(s.steam[0])
    act(s, A_ACTION + COMMIT, A_SLOT + 0, A_BUILDING + 1)  # no food left for a 2nd (E5)
    assert s.steam[0] == steam + 2  # CO_01's rewards first (row C: 2 steam)
    assert s.phase == P_CASH_IN and legal(s) == {A_CITY + 0, A_DONE}  # "you may"
    act(s, A_CITY + 0)
    assert s.flag[0, 0] == 0
    assert s.steam[0] == steam + 2 + 4


def test_s9_5_note_a_flag_placed_by_a_trade_cannot_pay_for_that_same_trade():
    s = trade_setup()
    s.res[0, LUXURY] = 2
    act(s, A_ACTION + TRADE, A_TRADE + 1 * 5 + 1)  # CT_08: 1 VP, create the flag
    assert s.flag[0, 1] == 1 and s.steam[0] == 7 - 2
    assert s.phase == P_TURN  # no cash-in offered for the trade that placed it
    s.res[0, LUXURY] = 1
    begin_action(s, 0, int(s.tyc_d[0]))
    act(s, A_ACTION + TRADE, A_TRADE + 0 * 5 + 0)  # the next trade may cash it in
    assert s.phase == P_CASH_IN and legal(s) == {A_CITY + 1, A_DONE}
    act(s, A_CITY + 1)
    assert s.flag[0, 1] == 0 and s.steam[0] == 7 - 2 - 5 + 4


def test_s16_megamachine_workshop_rewards_in_the_players_order():
    s = mega_setup()
    s.mm_up_done[:] = [0, 1, 0]  # the upgrade on space b is installed
    s.mm_up_tile[:] = [0, 1, 2]  # UP_2: 1 wealth
    d = int(s.mm_district)
    s.workers[0] = [1, 0, 0, 0]  # the district is blue (Electrify)
    place_at(s, 0, (d - 1) % 5, 2)
    start_turn(s, 0)
    act(s, move(1, 1), A_PLACE + 0 * 4 + 3)
    assert s.phase == P_MM_ORDER and legal(s) == {A_MSPACE + 0, A_MSPACE + 2}
    vp, wealth = int(s.vp[0]), int(s.wealth[0])
    act(s, A_MSPACE + 2)  # the upgrade first, then the base follows (E1)
    assert s.wealth[0] == wealth + 1 and s.vp[0] == vp + 2  # board 1: score reputation


def mega_setup():
    s = new_state(2, 0)
    s.set("mm_board", 0)
    s.mm_inv[:] = [EMPTY, BLOCKED, EMPTY, EMPTY, BLOCKED, EMPTY]  # board 1, 2p blocker
    s.uni[:] = [76, 77, 78, 79, 80, 81]
    d = district_of(s, "IN_ELECTRIFY")
    s.set("mm_district", d)
    s.slot_pos[0, 0] = 4  # L1's M icon
    s.res[0] = [1, 0, 1, 1]
    s.wealth[0] = 2
    begin_action(s, 0, d)
    return s


def test_s9_6_seed_example_contribute_with_wealth_for_the_missing_materials():
    s = mega_setup()
    basic = int(s.slot_inv[0, 0])
    assert A_ACTION + MEGA in legal(s)  # instead of the district's action
    act(s, A_ACTION + MEGA)
    assert s.phase == P_MEGA_SLOT and legal(s) == {A_FLOOR + 0}
    act(s, A_FLOOR + 0)
    assert s.phase == P_MEGA_SPACE
    assert legal(s) == {A_MSPACE + i for i in (0, 2, 3, 5)}  # S2 and S5 are blocked
    act(s, A_MSPACE + 0)
    assert s.res[0].tolist() == [0, 0, 0, 0] and s.wealth[0] == 0
    assert s.vp[0] == 5 and s.rep[0] == 3
    assert s.mm_inv[0] == basic
    assert s.mm_up_done.tolist() == [1, 0, 0]  # S1 filled and S2 blocked: upgrade a installed
    assert s.slot_inv[0, 0] == 81 and s.slot_pos[0, 0] == 4  # university, marker kept


def test_s9_6_needs_a_ready_invention_and_universities_are_never_donated():
    s = mega_setup()
    s.slot_pos[0, 0] = 3
    begin_action(s, 0, int(s.tyc_d[0]))
    assert A_ACTION + MEGA not in legal(s)
    s.slot_pos[0, 0] = 4
    s.slot_inv[0, 0] = 80
    begin_action(s, 0, int(s.tyc_d[0]))
    assert A_ACTION + MEGA not in legal(s)
    with pytest.raises(IllegalActionError, match="take the Megamachine action"):
        act(s, A_ACTION + MEGA)


def _free_fx(s, effects):
    """Write effects into an unused part of the state's effect pool; returns their start."""
    start = int(np.flatnonzero(s.c_fx)[-1]) + 1
    s.c_fx[start : start + len(effects)] = effects
    return start


REP, SCORE = make_fx(FX_REPUTATION, 0, 1), make_fx(FX_SCORE_REP, 0, 1)


@pytest.mark.parametrize("rewards,vp", [((REP, SCORE), 3), ((SCORE, REP), 2)])
def test_s9_5_trade_rewards_resolve_left_to_right(rewards, vp):
    """§9.5 step 3 (§0 listed order): reputation then score_reputation scores level 2 (3 VP);
    the other way round scores level 1 (2 VP)."""
    s = trade_setup()
    c = city("CT_01")
    s.c_city_rew[c, :2] = rewards
    s.steam[0] = 9
    s.vp[0] = 0
    act(s, A_ACTION + TRADE, A_TRADE + 0 * 5 + 1)  # 2 luxury: the first 2 rewards
    assert s.vp[0] == vp and s.rep[0] == 2


@pytest.mark.parametrize("rewards,vp", [((REP, SCORE), 3), ((SCORE, REP), 2)])
def test_s9_4_printed_electrify_rewards_resolve_left_to_right(rewards, vp):
    """§9.4 step 3: the printed rewards, left to right (energy paid automatically, E2)."""
    s = new_state(2, 0, payment_choice=False)
    d = district_of(s, "IN_INVENT")
    t = int(s.tile[d, 0])
    s.c_tile_el_gain[t] = [_free_fx(s, rewards), 2]
    s.res[0] = [0, 0, 9, 0]
    s.vp[0] = 0
    begin_action(s, 0, district_of(s, "IN_ELECTRIFY"))
    act(s, A_ACTION + ELECTRIFY, A_TILE + d * 3 + 0)
    assert s.vp[0] == vp and s.rep[0] == 2


def test_s9_4_d35_electrify_pays_the_hexes_conflict_rewards_before_the_printed_ones():
    """§9.4 step 3 (D35): a hex's reputation comes before the printed score_reputation, so it
    scores level 2 (3 VP, not 2). Energy is paid automatically (E2)."""
    s = new_state(2, 0, payment_choice=False)
    d = district_of(s, "IN_INVENT")
    t = build(s, d, 1)
    h = hex_id("HX_FO_08")
    s.tile_hex[d, 1] = [h, EMPTY]
    s.c_hex_reward[h] = [_free_fx(s, [REP]), 1]
    s.c_tile_el_gain[t] = [_free_fx(s, [SCORE]), 1]
    s.res[0] = [0, 0, 9, 0]
    s.vp[0] = 0
    begin_action(s, 0, district_of(s, "IN_ELECTRIFY"))
    act(s, A_ACTION + ELECTRIFY, A_TILE + d * 3 + 1)
    assert s.vp[0] == 3 and s.rep[0] == 2
