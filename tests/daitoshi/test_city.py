"""City turns (spec §8): the move and its steam, tycoon spaces (the seed's example: the left
space costs 2 steam and clears the district, Megamachine workshop included), the neutral
tycoon, worker placement, explore, cleanup and the end-of-turn conflict check (§13)."""

import numpy as np
import pytest

from eurogym.envs.core.errors import IllegalActionError
from eurogym.envs.daitoshi.actions import A_COLOR, A_DONE, A_EXPLORE, A_PLACE, A_PRODUCE
from eurogym.envs.daitoshi.state import (
    EMPTY,
    NEUTRAL,
    P_ACTION,
    P_EXPLORE_TH,
    P_KEEP,
    P_TURN,
    P_WORKERS,
)
from eurogym.envs.daitoshi.tables import LEFT, MARK_LEFT, MARK_MIDDLE, MIDDLE, OP_WORKERS, RIGHT
from tests.daitoshi.helpers import (
    act,
    clear_tycoons,
    district_of,
    legal,
    move,
    new_state,
    place_at,
    refresh,
    start_turn,
)

BLUE, GREEN, YELLOW, RED = range(4)


def at_start(seat=0, district=0, n=2, seed=0):
    s = new_state(n, seed)
    clear_tycoons(s, seat)
    place_at(s, seat, district, RIGHT)
    start_turn(s, seat)
    return s


def test_s8_1_one_or_two_districts_are_free_each_further_one_costs_a_steam():
    s = at_start()
    act(s, move(3, RIGHT))
    assert s.steam[0] == 7 - 1
    assert s.tyc_d[0] == 3


def test_s8_1_moving_five_districts_must_end_on_a_different_space():
    s = at_start()
    assert move(5, RIGHT) not in legal(s)
    assert move(5, MIDDLE) in legal(s)
    act(s, move(5, MIDDLE))
    assert s.steam[0] == 7 - 3 - 1 and s.tyc_d[0] == 0


def test_s8_1_the_move_needs_steam_for_the_distance_plus_the_space():
    s = at_start()
    s.steam[0] = 2
    refresh(s)
    assert move(4, RIGHT) in legal(s)  # 2 steam
    assert move(4, MIDDLE) not in legal(s)  # 2 + 1
    assert move(1, LEFT) in legal(s)  # 0 + 2
    assert move(3, LEFT) not in legal(s)  # 1 + 2


def test_s8_2_left_and_middle_hold_one_tycoon_right_holds_four():
    s = at_start()
    place_at(s, 1, 1, LEFT)
    refresh(s)
    assert move(1, LEFT) not in legal(s)
    assert move(1, MIDDLE) in legal(s) and move(1, RIGHT) in legal(s)
    with pytest.raises(IllegalActionError, match="move your tycoon 1 district to the left space"):
        act(s, move(1, LEFT))


def test_s8_2_seed_example_left_space_costs_2_steam_and_clears_the_district_and_megamachine():
    s = at_start()
    s.ws_worker[1, 0] = RED + 1
    s.ws_worker[2, 0] = GREEN + 1  # another district keeps its worker
    s.set("mm_district", 1)
    s.set("mm_worker", YELLOW + 1)
    act(s, move(1, LEFT))
    assert s.steam[0] == 5
    assert s.ws_worker[1, 0] == 0 and s.mm_worker == 0
    assert s.ws_worker[2, 0] == GREEN + 1


def test_s8_2_right_space_places_no_workers():
    s = at_start()
    s.workers[0] = [2, 2, 2, 0]
    refresh(s)
    act(s, move(1, RIGHT))
    assert s.phase != P_WORKERS


def test_s8_3_neutral_tycoon_moves_three_clockwise_to_the_middle_and_pushes_the_megamachine():
    s = at_start()
    place_at(s, NEUTRAL, 1, MIDDLE)
    s.set("mm_district", 4)
    act(s, move(1, RIGHT))
    assert (s.tyc_d[NEUTRAL], s.tyc_s[NEUTRAL]) == (4, MIDDLE)
    assert s.mm_district == 3  # 1 district counterclockwise from the neutral's new district


def test_s8_3_neutral_tycoon_takes_the_left_space_when_the_middle_is_taken():
    s = at_start()
    place_at(s, NEUTRAL, 1, RIGHT)
    place_at(s, 1, 4, MIDDLE)
    act(s, move(1, RIGHT))
    assert (s.tyc_d[NEUTRAL], s.tyc_s[NEUTRAL]) == (4, LEFT)


def test_s8_4_workers_of_the_district_colour_go_on_empty_workshops_and_pay_out():
    s = at_start()
    d = district_of(s, "IN_INVENT")  # yellow workshop: 2 food
    place_at(s, 0, (d - 1) % 5, RIGHT)
    s.workers[0] = [1, 0, 1, 0]
    refresh(s)
    act(s, move(1, MIDDLE))
    assert s.phase == P_WORKERS
    assert legal(s) == {A_PLACE + YELLOW * 4 + 0, A_DONE}  # blue does not fit
    act(s, A_PLACE + YELLOW * 4 + 0)
    assert s.res[0, 0] == 3 and s.ws_worker[d, 0] == YELLOW + 1
    assert s.workers[0, YELLOW] == 0  # (the river explore that follows adds a blue worker)


def test_s8_5_explore_takes_the_hex_nearest_the_temple_and_gains_worker_and_coal():
    s = at_start()
    d = district_of(s, "IN_EXPAND")  # explores forest
    place_at(s, 0, (d - 1) % 5, RIGHT)
    start_turn(s, 0)
    hexes = int(s.track_n[1].sum())
    first = int(np.flatnonzero(s.track_n[1])[0])
    top = int(s.track_hex[1, first, s.track_n[1, first] - 1])
    act(s, move(1, RIGHT))
    assert s.track_n[1].sum() == hexes - 1 and s.track_n[1, first] == 0 or s.track_n[1, first] == 1
    assert s.rec_n[0, 1] == 1 and s.rec[0, 1, 0] == top
    assert s.workers[0, GREEN] == 1
    assert s.chimney[0] == -1  # 1 coal: one step down, no arrow matched (-1 shows up)


def test_s10_3_a_water_and_a_coal_pair_pays_steam_once():
    s = at_start()
    d = district_of(s, "IN_TOWNHALL")
    place_at(s, 0, (d - 1) % 5, RIGHT)
    start_turn(s, 0)
    act(s, move(1, RIGHT))
    assert s.phase == P_EXPLORE_TH
    act(s, A_EXPLORE + 0)  # river (2 water: up to +2) then forest (1 coal: down into +1)
    assert s.chimney[0] == 1
    assert s.steam[0] == 7 + 3
    assert s.workers[0].tolist() == [1, 1, 0, 0]


def test_s8_7_cleanup_moves_the_megamachine_counterclockwise_and_the_marker_to_the_middle():
    s = at_start()
    s.set("mm_district", 1)
    s.prod_mark[0] = MARK_LEFT
    refresh(s)
    act(s, move(1, RIGHT))
    while s.phase != P_TURN:
        act(s, A_DONE if A_DONE in legal(s) else min(legal(s)))
    assert s.mm_district == 0
    assert s.prod_mark[0] == MARK_MIDDLE
    assert s.active == 1


def test_s8_7_two_players_the_megamachine_skips_the_neutral_tycoons_district():
    s = at_start()
    s.set("mm_district", 1)
    place_at(s, NEUTRAL, 0, RIGHT)
    refresh(s)
    act(s, move(1, RIGHT))
    while s.phase != P_TURN:
        act(s, A_DONE if A_DONE in legal(s) else min(legal(s)))
    assert s.mm_district == 4


def test_s13_workers_tile_flips_at_two_forest_hexes_and_the_player_keeps_two_workers():
    s = at_start()
    d = district_of(s, "IN_EXPAND")
    place_at(s, 0, (d - 1) % 5, RIGHT)
    s.workers[0] = [1, 0, 1, 1]
    on_track = set(s.track_hex[1][s.track_n[1] > 0, 0].tolist())
    s.rec_n[0, 1] = 1
    s.rec[0, 1, 0] = next(h for h in range(19, 34) if h not in on_track)  # a boxed forest hex
    start_turn(s, 0)
    act(s, move(1, RIGHT))  # explore forest: a green worker and the 2nd forest hex
    while s.phase == P_ACTION:
        act(s, A_DONE)
    assert s.op_conflict[0, OP_WORKERS] == 1
    assert s.phase == P_KEEP
    act(s, A_COLOR + BLUE, A_COLOR + RED)
    assert s.workers[0].sum() == 2
    assert s.phase == P_TURN and s.active == 1


def test_s6_the_production_turn_is_offered_only_from_the_middle_marker():
    s = at_start()
    assert A_PRODUCE in legal(s)
    s.prod_mark[0] = MARK_LEFT
    refresh(s)
    assert A_PRODUCE not in legal(s)
    assert s.tyc_d[1] == EMPTY
