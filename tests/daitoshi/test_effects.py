"""Reward effects and their choices (spec §10-§16): resources cap at 9, wealth as a wildcard,
the steam engine's edges, workers with full spaces, pilgrims, prestige and worm tracks,
reputation, progress steps and their icons, give back to nature, partnership flags, the Town
Hall joker, and explore from the discard pile."""

import numpy as np

from eurogym.envs.daitoshi.actions import A_ACTION, A_CITY, A_COLOR, A_DONE, A_FLOOR, A_TYPE
from eurogym.envs.daitoshi.effects import make_fx, push, resolve
from eurogym.envs.daitoshi.state import EMPTY, P_DISCARD_HEX, P_FLAG, P_PROGRESS, P_WORKER
from eurogym.envs.daitoshi.tables import (
    ANY,
    FX_COAL,
    FX_DISCARD_HEX,
    FX_EXPLORE,
    FX_FOOD,
    FX_P_ANY,
    FX_PRESTIGE,
    FX_PROGRESS,
    FX_REPUTATION,
    FX_SCORE_REP,
    FX_WATER,
    FX_WORKER,
    FX_WORM,
    OP_STEAM,
)
from tests.daitoshi.helpers import act, begin_action, district_of, give_hex, inv, legal, new_state


def gain(s, p, code, n=1, param=0):
    """Push one effect for seat p and resolve it; True if it stopped for a choice."""
    push(s.buf, p, make_fx(code, param, n))
    stopped = resolve(s.buf)
    if stopped:
        from tests.daitoshi.helpers import refresh

        refresh(s)
    return stopped


def test_s10_1_resources_cap_at_9_and_the_excess_is_lost():
    s = new_state()
    s.res[0, 0] = 7
    gain(s, 0, FX_FOOD, 5)
    assert s.res[0, 0] == 9


def test_s10_3_chimney_steps_past_4_are_lost_and_pay_nothing():
    s = new_state()
    s.chimney[0] = 3
    gain(s, 0, FX_WATER, 3)
    assert s.chimney[0] == 4 and s.steam[0] == 7
    gain(s, 0, FX_COAL, 1)
    assert s.chimney[0] == 3 and s.steam[0] == 7 + 3  # entering +3 downwards matches its arrow


def test_s13_the_steam_engine_tile_in_conflict_pays_2_per_matched_arrow():
    """§13 table / §10.3: 3 steam per matched arrow normally, 2 while the steam-engine tile is
    on its conflict side."""
    s = new_state()
    s.chimney[0] = 3
    s.op_conflict[0, OP_STEAM] = 1
    gain(s, 0, FX_COAL, 1)  # down into +2 matches its arrow
    assert s.chimney[0] == 2 and s.steam[0] == 7 + 2
    s.op_conflict[0, OP_STEAM] = 0
    gain(s, 0, FX_COAL, 1)
    assert s.chimney[0] == 1 and s.steam[0] == 7 + 2 + 3


def test_s10_4_full_worker_spaces_make_room_or_decline():
    s = new_state()
    s.workers[0] = [3, 3, 0, 0]
    assert gain(s, 0, FX_WORKER, 1, 3)  # a red worker, 6 of 6 spaces used
    assert s.phase == P_WORKER and legal(s) == {A_COLOR + 0, A_COLOR + 1, A_DONE}
    act(s, A_COLOR + 1)  # return a green one, then the red one comes in
    assert s.workers[0].tolist() == [3, 2, 0, 1]
    assert gain(s, 0, FX_WORKER, 1, 3)
    act(s, A_DONE)  # decline
    assert s.workers[0].tolist() == [3, 2, 0, 1]


def test_s10_4_any_worker_lets_the_player_choose_the_colour():
    s = new_state()
    assert gain(s, 0, FX_WORKER, 1, ANY)
    assert legal(s) == {A_COLOR + c for c in range(4)}
    act(s, A_COLOR + 2)
    assert s.workers[0, 2] == 1


def test_s14_prestige_pays_each_space_entered_and_2_vp_per_step_past_the_end():
    s = new_state()
    s.prestige[0] = int(s.c_prestige_len[0]) - 1
    vp = int(s.vp[0])
    gain(s, 0, FX_PRESTIGE, 3)
    last = int(s.c_prestige_len[0])
    assert s.prestige[0] == last
    assert s.vp[0] == vp + 6 + 2 * 2  # the last space (6 VP), then two steps past the end


def test_s14_worm_loop_pays_the_start_space_after_a_lap():
    s = new_state()
    s.worm[0] = 23
    gain(s, 0, FX_WORM, 1)
    assert s.worm[0] == 0 and s.vp[0] == 2  # space 0: score reputation at level 1


def test_s14_reputation_stops_at_level_4_and_scores_2_3_5_7():
    s = new_state()
    values = []
    for _ in range(4):
        before = int(s.vp[0])
        gain(s, 0, FX_SCORE_REP)
        values.append(int(s.vp[0]) - before)
        gain(s, 0, FX_REPUTATION, 1)
    assert values == [2, 3, 5, 7] and s.rep[0] == 4


def test_s11_3_progress_steps_are_allocated_one_at_a_time_and_resolve_icons():
    s = new_state()
    s.slot_inv[0, :2] = [inv("BA_1"), inv("CO_01")]  # L1 and L2
    assert gain(s, 0, FX_PROGRESS, 2)
    assert s.phase == P_PROGRESS and legal(s) == {A_FLOOR + 0, A_FLOOR + 1}
    act(s, A_FLOOR + 1)  # L2: start U -> upgrade
    assert s.slot_upper[0, 1] == 1
    act(s, A_FLOOR + 1)
    assert s.slot_pos[0].tolist()[:2] == [0, 2]


def test_s11_3_give_back_to_nature_icon_discards_a_hex_of_choice_without_its_reward():
    s = new_state()
    s.slot_inv[0, :] = EMPTY
    s.slot_inv[0, 1] = inv("CO_01")
    s.slot_pos[0, 1] = 3  # L2: start U - M N - D
    give_hex(s, 0, "HX_RI_01")
    give_hex(s, 0, "HX_FO_01")
    food = int(s.res[0, 0])
    assert gain(s, 0, FX_PROGRESS, 1)  # one slot: taken automatically (E1), N asks
    assert s.phase == P_DISCARD_HEX
    act(s, A_TYPE + 1)
    assert s.rec_n[0].tolist() == [1, 0, 0, 0] and s.discard_n[1] == 1
    assert s.res[0, 0] == food  # no conflict reward


def test_s12_red_give_back_gains_the_conflict_reward():
    s = new_state()
    give_hex(s, 0, "HX_RI_01")  # 1 food
    gain(s, 0, FX_DISCARD_HEX, 1, 1)  # one hex: no choice
    assert s.res[0, 0] == 2 and s.rec_n[0].sum() == 0


def test_s15_partnership_any_goes_on_a_city_of_choice_without_a_flag():
    s = new_state()
    s.flag[0, 1] = 1
    assert gain(s, 0, FX_P_ANY)
    assert s.phase == P_FLAG and legal(s) == {A_CITY + j for j in (0, 2, 3, 4)}
    act(s, A_CITY + 3)
    assert s.flag[0].tolist() == [0, 1, 0, 1, 0]


def test_s8_5_explore_takes_from_the_discard_pile_when_the_track_is_empty():
    s = new_state()
    s.track_n[2] = 0
    s.discard[2, 0] = 40
    s.discard_n[2] = 1
    gain(s, 0, FX_EXPLORE, 1, 2)
    assert s.discard_n[2] == 0 and s.rec[0, 2, 0] == 40 and s.workers[0, 2] == 1
    before = s.rec_n[0].copy()
    gain(s, 0, FX_EXPLORE, 1, 2)  # nothing left: nothing happens (D20)
    assert np.array_equal(s.rec_n[0], before)


def test_s9_1_the_town_hall_joker_offers_every_action_that_can_be_taken():
    s = new_state()
    s.res[0] = [3, 3, 4, 2]
    give_hex(s, 0, "HX_RI_01")
    s.slot_pos[0, 0] = 4
    s.market[0] = inv("CO_01")
    begin_action(s, 0, district_of(s, "IN_TOWNHALL"))
    assert {A_ACTION + a for a in range(5)} <= legal(s)
    begin_action(s, 0, district_of(s, "IN_TRADE"))
    s.set("mm_district", (int(s.tyc_d[0]) + 1) % 5)
    from tests.daitoshi.helpers import refresh

    refresh(s)
    assert legal(s) == {A_ACTION + 3, A_DONE}
    assert s.tile[int(s.tyc_d[0]), 1] == EMPTY
