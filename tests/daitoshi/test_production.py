"""Production turns (spec §7, §11.2-11.3, §13 tiles, §15 production partnerships), including
the seed's production example: the leader gains the pink-marked rows again and advances
progress twice, everyone else once."""

import numpy as np

from eurogym.envs.daitoshi.actions import A_ACTIVATE, A_CITY, A_DONE, A_PRODUCE, A_SUBSIDY, A_TYPE
from eurogym.envs.daitoshi.state import P_CASH_IN, P_PILGRIM, P_PRODUCE, P_TURN
from eurogym.envs.daitoshi.tables import (
    MARK_LEFT,
    MARK_MIDDLE,
    MARK_RIGHT,
    OP_BUILDING,
    OP_PROGRESS,
)
from tests.daitoshi.helpers import act, inv, legal, new_state, refresh, start_turn


def two_player_with_basic(seed=0):
    """2 players, each with BA_1 (A: 2 steam, B: 1 food, C: 1 VP) in L1, lower position."""
    s = new_state(2, seed)
    s.slot_inv[:2, 0] = inv("BA_1")
    s.slot_upper[:2, 0] = 0
    start_turn(s, 0)
    return s


def test_s7_seed_example_leader_gains_pink_rows_twice_and_advances_progress_twice():
    s = two_player_with_basic()
    act(s, A_PRODUCE)
    assert s.prod_mark[0] == MARK_RIGHT and s.leader == 0
    assert s.phase == P_PRODUCE and s.actor == 0
    act(s, A_ACTIVATE + 0)  # L: 2 steam
    # lower position: row A everyone x1 + leader x1 (4 steam), row B leader only (1 food)
    assert s.steam[0] == 7 - 2 + 4
    assert s.res[0, 0] == 1 + 1
    assert s.vp[0] == 0  # row C: nothing in the lower position
    assert s.slot_pos[0, 0] == 2  # the leader advances twice (L1 track: start - U)
    assert s.slot_upper[0, 0] == 1  # entering U slides the invention up


def test_s7_non_leader_gains_blue_rows_once_advances_once_and_keeps_its_marker():
    s = two_player_with_basic()
    s.prod_mark[1] = MARK_LEFT  # a non-leader produces whatever its marker shows (seed)
    act(s, A_PRODUCE, A_DONE)  # the leader produces nothing
    assert s.phase == P_PRODUCE and s.actor == 1
    act(s, A_ACTIVATE + 0)
    assert s.steam[1] == 7 - 2 + 2  # row A once
    assert s.res[1, 0] == 1  # no row B in the lower position for a non-leader
    assert s.slot_pos[1, 0] == 1
    # E4: nothing left to activate, so the producer is done without a decision
    assert s.prod_mark[1] == MARK_LEFT
    assert s.prod_mark[0] == MARK_LEFT  # the leader's marker ends on the left
    assert s.phase == P_TURN and s.active == 1


def test_s7_leader_cannot_produce_twice_in_a_row():
    s = two_player_with_basic()
    act(s, A_PRODUCE, A_DONE, A_DONE)
    start_turn(s, 0)
    assert A_PRODUCE not in legal(s)
    s.prod_mark[0] = MARK_MIDDLE  # a city turn's cleanup puts it back (§8.7)
    refresh(s)
    assert A_PRODUCE in legal(s)


def test_s7_upper_position_gives_row_b_to_everyone_and_row_c_to_the_leader():
    s = two_player_with_basic()
    s.slot_upper[:2, 0] = 1
    act(s, A_PRODUCE, A_ACTIVATE + 0)
    assert s.steam[0] == 7 - 2 + 4 and s.res[0, 0] == 2 and s.vp[0] == 1
    act(s, A_ACTIVATE + 0)  # E4: the leader has nothing left, seat 1 produces next
    assert s.steam[1] == 7 - 2 + 2 and s.res[1, 0] == 2 and s.vp[1] == 0


def test_s7_leader_gets_one_pilgrim_advance_per_activated_building():
    s = two_player_with_basic()
    s.slot_inv[0, 3] = inv("CO_01")  # M1
    s.track_n[:, :2] = 0  # the first spaces are free, so every track is a choice
    act(s, A_PRODUCE, A_ACTIVATE + 0, A_ACTIVATE + 1, A_DONE)
    assert s.phase == P_PILGRIM and s.actor == 0
    act(s, A_TYPE + 1, A_TYPE + 1)  # both on the forest track
    assert s.pilgrim[0].tolist() == [0, 2, 0, 0]
    assert s.phase == P_TURN and s.active == 1


def test_s7_subsidy_makes_this_turns_activations_free_once_per_game():
    s = two_player_with_basic()
    act(s, A_PRODUCE, A_SUBSIDY, A_ACTIVATE + 0)
    assert s.subsidy[0] == 0
    assert s.steam[0] == 7 + 4  # no steam paid
    assert s.actor == 1 and A_SUBSIDY in legal(
        s
    )  # another player may use theirs in my production turn


def test_s13_building_operation_conflict_raises_the_middle_building_to_3_steam():
    s = two_player_with_basic()
    s.slot_inv[0, 3] = inv("CO_01")
    s.op_conflict[0, OP_BUILDING] = 1
    s.steam[0] = 2
    refresh(s)
    act(s, A_PRODUCE)
    assert A_ACTIVATE + 1 not in legal(s)  # M costs 3 now
    s.steam[0] = 3
    refresh(s)
    act(s, A_ACTIVATE + 1)
    assert s.steam[0] == 0 + 0  # CO_01 row A is food, not steam


def test_s13_production_progress_conflict_advances_leader_once_and_others_not_at_all():
    s = two_player_with_basic()
    s.op_conflict[:2, OP_PROGRESS] = 1
    act(s, A_PRODUCE, A_ACTIVATE + 0, A_ACTIVATE + 0)
    assert s.slot_pos[0, 0] == 1
    assert s.slot_pos[1, 0] == 0


def test_s15_a_cash_in_may_be_declined_and_the_flag_stays():
    s = two_player_with_basic()
    s.cities[0] = 9  # CT_10: production:leader
    s.flag[0, 0] = 1
    act(s, A_PRODUCE, A_DONE, A_DONE, A_DONE)
    assert s.flag[0, 0] == 1 and s.phase == P_TURN and s.active == 1


def test_s7_a_building_without_invention_cannot_be_activated():
    s = two_player_with_basic()
    act(s, A_PRODUCE)
    assert legal(s) == {A_ACTIVATE, A_SUBSIDY, A_DONE}


def test_s15_production_leader_partnership_is_cashed_in_after_the_production_turn():
    s = two_player_with_basic()
    s.cities[0] = 9  # CT_10: production:leader -> 2 pilgrim advances (any)
    s.flag[0, 0] = 1
    s.flag_time[0, 0] = 0
    s.track_n[:, :3] = 0
    act(s, A_PRODUCE, A_DONE, A_DONE)
    assert s.phase == P_CASH_IN and legal(s) == {A_CITY + 0, A_DONE}
    act(s, A_CITY + 0)
    assert s.flag[0, 0] == 0  # returned to the reserve
    assert s.phase == P_PILGRIM  # the reward's two advances
    act(s, A_TYPE + 0, A_TYPE + 0)
    assert s.pilgrim[0, 0] == 2
    assert np.all(s.flag[1] == 0)
