"""End of the game and final scoring (spec §17), with the seed's final-scoring example for the
yellow player: forest 10 x 2 universities = 20, mountain 6 x 4 completed tracks = 24,
underground 1 x reputation 5 = 5, river 16 for 2 missing types, -5 for one conflict tile and
15 leftovers -> 7, 67 in all.

The seed prints "16 PV pelo rio (4 PV vezes 2 tipos ...)", and 4 x 2 is 8: it contradicts
itself. The engine keeps the seed's total (16) and its count (2 missing types) and reads the
per-type "4" as the misprint: the stand-in river table has an 8 on its last space, where the
example's river pilgrim stands (docs/daitoshi.md, "Seed and spec")."""

from eurogym.envs.daitoshi import kernels
from eurogym.envs.daitoshi.actions import A_DONE, A_FLOOR, A_PRODUCE
from eurogym.envs.daitoshi.kernels import end_trigger
from eurogym.envs.daitoshi.rules import ENGINE, final_scores, score_table
from eurogym.envs.daitoshi.scoring import final_scoring
from eurogym.envs.daitoshi.state import EMPTY, P_GAME_OVER, P_PROGRESS, P_TURN, S_NEXT
from eurogym.envs.daitoshi.tables import OP_STEAM
from tests.daitoshi.helpers import act, give_hex, legal, new_state, start_turn


def yellow_player():
    s = new_state(2, 0)
    s.track_n[:] = 0  # the tracks are bare at the end
    s.pilgrim[0] = [19, 9, 9, 1]  # river x8, forest x10, mountain x6, underground x1
    s.slot_inv[0, :] = [0, 76, 77, 4, 5, 6, 7, 8]  # 2 university inventions
    lens = s.c_slot_len
    s.slot_pos[0, :4] = lens[:4] - 1  # 4 markers on the last space
    s.rep[0] = 3  # worth 5
    give_hex(s, 0, "HX_RI_01")
    give_hex(s, 0, "HX_RI_02")  # 2 river hexes: the steam-engine tile is in conflict
    give_hex(s, 0, "HX_FO_01")  # forest and river present: 2 types missing
    s.res[0] = [3, 3, 2, 2]
    s.wealth[0] = 3
    s.workers[0] = [1, 1, 0, 0]  # 15 workers and resources in all
    s.vp[0] = 0
    s.subsidy[0] = 0
    return s


def test_s17_3_seed_final_scoring_example_for_the_yellow_player():
    """The seed's lines 20 / 24 / 5 / 16 / -5 / 7, and their total after final scoring."""
    s = yellow_player()
    s.op_conflict[0, OP_STEAM] = 1
    parts = score_table(s)[0]
    assert parts.tolist() == [0, 20, 24, 5, 16, -5, 7]
    final_scoring(s.buf)
    assert s.vp[0] == 20 + 24 + 5 + 16 - 5 + 7 == 67


def test_s17_3_final_conflict_check_flips_the_tiles_before_the_penalty():
    s = yellow_player()
    s.op_conflict[0] = 0  # not yet flipped: the final check does it
    final_scoring(s.buf)
    assert s.op_conflict[0, OP_STEAM] == 1
    assert s.vp[0] == 20 + 24 + 5 + 16 - 5 + 7


def test_s17_3_vp_end_counts_and_s0_final_vp_may_be_negative():
    """§17.3 step 2 adds vp_end; §0 "the engine simply stores an integer": no clamp at 0
    (E6), so conflicts can leave a player below 0, and that score stands (§17.4)."""
    s = yellow_player()
    s.vp_end[0] = 4
    final_scoring(s.buf)
    assert s.vp[0] == 67 + 4
    s2 = new_state(2, 1)
    for name in ("HX_RI_01", "HX_RI_02", "HX_FO_01", "HX_FO_02", "HX_MO_01", "HX_MO_02"):
        give_hex(s2, 1, name)
    before = score_table(s2)[1]
    final_scoring(s2.buf)
    assert before[1:5].tolist() == [0, 0, 0, 0]  # the pilgrims are still in their temples
    assert s2.vp[1] == before[0] - 15 + before[6] < 0  # 3 conflicts against a few leftovers
    assert final_scores(s2)[1] < 0


def test_s17_4_ties_are_broken_by_steam_left():
    s = new_state(2, 0)
    s.vp[:2] = [10, 10]
    s.steam[:2] = [3, 5]
    scores = final_scores(s)
    assert scores[1] > scores[0] and int(scores[0]) == 10


def test_s17_1_trigger_when_the_second_to_last_space_of_a_track_is_empty():
    s = new_state(2, 0)
    assert not end_trigger(s.buf)
    s.track_n[2, int(s.c_nat_len[2]) - 2] = 0
    assert end_trigger(s.buf)


def test_s17_2_the_round_is_finished_then_the_game_ends_with_final_scoring():
    s = new_state(3, 0)
    start = s.start_player
    last = (start + 2) % 3
    s.track_n[1, int(s.c_nat_len[1]) - 2] = 0
    s.track_hex[1, int(s.c_nat_len[1]) - 2] = 0
    start_turn(s, start)
    for seat in (start, (start + 1) % 3, last):
        assert s.phase == P_TURN and s.active == seat
        act(s, A_PRODUCE)
        while s.actor != seat or s.phase != P_TURN:
            if ENGINE.is_over(s):
                break
            act(s, A_DONE if A_DONE in legal(s) else min(legal(s)))
            if s.phase == P_TURN and s.active != seat:
                break
    assert s.phase == P_GAME_OVER and s.ended == 1
    assert ENGINE.is_over(s)
    assert s.leader == EMPTY


def test_s17_3_step1_an_unused_subsidy_gives_3_progress_steps_of_the_players_choice():
    """§17.3 step 1: a player still holding the subsidy tile advances progress markers 3 steps
    in all, choosing each step (§19); a player who used it gets nothing."""
    s = new_state(2, 0)
    s.slot_inv[0, :2] = [s.slot_inv[0, 0], s.market[0]]  # L1 and L2 occupied
    s.market[0] = EMPTY
    s.slot_inv[1, 1] = s.market[1]
    s.market[1] = EMPTY
    s.subsidy[:2] = [1, 0]
    s.set("ended", 1)
    s.set("active", (s.start_player + 1) % 2)  # the round's last turn has just ended
    s.set("step", S_NEXT)
    s.set("stack_n", 0)
    kernels.start(s.buf, s.mask)
    assert s.phase == P_PROGRESS and s.actor == 0
    act(s, A_FLOOR + 1, A_FLOOR + 1, A_FLOOR + 0)
    assert s.slot_pos[0, :2].tolist() == [1, 2] and s.subsidy[0] == 0
    assert s.slot_pos[1].tolist() == [0] * 8
    assert s.phase == P_GAME_OVER
