"""Scoring (spec §10, §3.3, §12): the tie-demotion ranking on its own and through the engine
(score_table and a real Scoring phase), district tables per player count, race majorities,
Keeps and Gatehouse halves, the scoring months and the end of the game."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.belfort.actions import A_DONE
from eurogym.envs.belfort.rules import ENGINE, score_table
from eurogym.envs.belfort.state import (
    EMPTY,
    P_ACTIONS,
    P_GAME_OVER,
    P_NP_PICK,
    P_NP_PLACE,
    P_PLACEMENT,
)
from eurogym.envs.belfort.tables import (
    GOLD,
    MARKET,
    METAL,
    PUB,
    SITE_DISTRICT,
    SITE_GATE,
    SITE_GUILD,
    SITE_KEEP,
    SITE_WALL,
    STONE,
    WOOD,
)
from eurogym.envs.core.ranking import NO_PLACE, demoted_places
from tests.belfort.helpers import act, clear_board, legal, new_state
from tests.belfort.round_helpers import end_last_turn, seat_with_shield

# columns of ENGINE.score_table
D1, D2, D3, D4, D5, ELVES_COL, DWARVES_COL, GNOMES_COL = range(8)
# seat names of the seed's worked examples (4 players)
RED, YELLOW, PURPLE, BLUE = range(4)
# D1 sites (tables.py): single symbols 0-7, Keep 40, Gatehouse halves G1.a = 45 and G5.b = 54,
# walls 55-56, guild 65
D1_SINGLES = list(range(8))
G1_A, G1_B, G5_B = SITE_GATE, SITE_GATE + 1, SITE_GATE + 9
D1_WALL = SITE_WALL
D1_GUILD = SITE_GUILD


def places(strengths: list[int]) -> list[int]:
    out = np.empty(len(strengths), np.int64)
    demoted_places(np.array(strengths, np.int64), out)
    return [int(x) for x in out]


def points(strengths: list[int], table: list[int]) -> list[int]:
    return [table[p] if p != NO_PLACE and p < len(table) else 0 for p in places(strengths)]


def scoring_state(num_players: int, seed: int = 0):
    s = new_state(num_players, seed)
    clear_board(s)
    s.elves[:] = 0
    s.dwarves[:] = 0
    s.score[:] = 0
    return s


# ------------------------------------------------------------ §10.3 ranking on its own


def test_s10_3_district_example_4_2_2_1_pays_5_1_1_0():
    """Seed: Blue 4, Yellow 2, Purple 2, Red 1 -> Blue 5, Yellow 1, Purple 1, Red 0."""
    assert places([4, 2, 2, 1]) == [0, 2, 2, 3]
    assert points([4, 2, 2, 1], [5, 3, 1]) == [5, 1, 1, 0]


def test_s10_3_dwarves_example_5_5_4_3_pays_1_1_0_0():
    """Seed: Purple 5, Yellow 5 tie and drop to 2nd; Blue 'would have been 2nd' drops off."""
    assert places([5, 5, 4, 3]) == [1, 1, 2, 3]
    assert points([5, 5, 4, 3], [3, 1]) == [1, 1, 0, 0]


def test_s10_3_gnomes_example_3_2_2_2_pays_3_0_0_0():
    assert places([3, 2, 2, 2]) == [0, 2, 2, 2]
    assert points([3, 2, 2, 2], [3, 1]) == [3, 0, 0, 0]


def test_s10_3_elves_example_5_4_3_3_pays_3_1_0_0():
    assert places([5, 4, 3, 3]) == [0, 1, 3, 3]
    assert points([5, 4, 3, 3], [3, 1]) == [3, 1, 0, 0]


def test_s10_3_strength_zero_is_not_ranked_and_empty_pays_nobody():
    assert places([0, 0, 0]) == [NO_PLACE] * 3
    assert places([2, 0, 0]) == [0, NO_PLACE, NO_PLACE]
    assert places([0, 1, 1]) == [NO_PLACE, 1, 1]


def test_s10_3_order_of_competitors_does_not_matter():
    for perm in ([1, 2, 2, 4], [2, 4, 1, 2], [2, 1, 4, 2]):
        by_strength = dict(zip(perm, places(perm), strict=True))
        assert by_strength == {4: 0, 2: 2, 1: 3}


# ------------------------------------------------------------ §10.1 districts through the engine


def set_d1_example(s) -> None:
    """The seed's district example in D1 with every kind of symbol: Blue 4 (Keep = 2, a single
    symbol, the D1 half of Gatehouse 5), Yellow 2, Purple 2 (a single and a wall), Red 1 (the
    guild symbol)."""
    s.owner[SITE_KEEP] = BLUE
    s.owner[0] = BLUE
    s.owner[G5_B] = BLUE
    s.owner[1] = YELLOW
    s.owner[2] = YELLOW
    s.owner[3] = PURPLE
    s.owner[D1_WALL] = PURPLE
    s.owner[D1_GUILD] = RED


def test_s10_1_s10_3_district_example_through_score_table_pays_5_1_1_0():
    s = scoring_state(4)
    set_d1_example(s)
    assert [SITE_DISTRICT[x] for x in (SITE_KEEP, G5_B, D1_WALL, D1_GUILD)] == [0, 0, 0, 0]
    table = score_table(s)
    assert table.shape == (4, 8)
    assert list(table[:, D1]) == [0, 1, 1, 5]  # Red, Yellow, Purple, Blue
    assert table[:, D2 : D5 + 1].sum() == 0


def test_s3_1_keep_counts_two_markers():
    """A Keep (one site) is 2 markers: Keep alone vs 2 single symbols is a tie for 1st, both
    demoted to 2nd (3 points, 4-player table); vs 1 single symbol it wins."""
    s = scoring_state(4)
    s.owner[SITE_KEEP] = 0
    s.owner[0] = 1
    s.owner[1] = 1
    assert list(score_table(s)[:, D1]) == [3, 3, 0, 0]
    s.owner[1] = EMPTY
    assert list(score_table(s)[:, D1]) == [5, 3, 0, 0]


def test_s3_1_gatehouse_halves_count_in_their_own_district():
    """G1.a lies in D1, G1.b in D2, G5.b in D1 (tables.py site conventions)."""
    s = scoring_state(3)
    s.owner[G1_A] = 0
    s.owner[G1_B] = 1
    s.owner[G5_B] = 2
    s.owner[8] = 2  # a D2 single symbol: player 2 has 1 in D1 and 1 in D2
    table = score_table(s)
    # D1: seat 0 has 1 (G1.a), seat 2 has 1 (G5.b) -> tie for 1st, both demoted to 2nd = 3
    assert list(table[:, D1]) == [3, 0, 3]
    # D2: seat 1 has 1 (G1.b), seat 2 has 1 (single) -> tie -> 3 each
    assert list(table[:, D2]) == [0, 3, 3]
    assert table[:, D3 : D5 + 1].sum() == 0


def test_s10_1_three_players_pay_only_two_places():
    s = scoring_state(3)
    s.owner[[0, 1, 2]] = 0
    s.owner[[3, 4]] = 1
    s.owner[5] = 2
    assert list(score_table(s)[:, D1]) == [5, 3, 0]
    # a tie for 2nd in a 3-player game is demoted off the 2-place table
    s.owner[6] = 2
    assert list(score_table(s)[:, D1]) == [5, 0, 0]


@pytest.mark.parametrize("n", [4, 5])
def test_s10_1_four_and_five_players_pay_5_3_1(n):
    s = scoring_state(n)
    counts = [4, 3, 2, 1, 0][:n]
    site = 0
    for seat, c in enumerate(counts):
        for _ in range(c):
            s.owner[site] = seat
            site += 1
    expected = [5, 3, 1, 0, 0][:n]
    assert list(score_table(s)[:, D1]) == expected


def test_s13_two_players_use_the_4_player_table_with_the_nps_as_competitors():
    """Rows 2-3 are NP3 / NP4; D1: P0 3, NP3 2, P1 1 -> 5 / 1 (3rd) / 3 (2nd)."""
    s = scoring_state(2)
    s.owner[[0, 1, 2]] = 0
    s.owner[[3, 4]] = 2
    s.owner[5] = 1
    table = score_table(s)
    assert table.shape == (4, 8)
    assert list(table[:, D1]) == [5, 1, 3, 0]
    # NP4 ties NP3 for 2nd: both demoted to 3rd (1 each), P1 demoted off the table
    s.owner[[6, 7]] = 3
    assert list(score_table(s)[:, D1]) == [5, 0, 1, 1]


def test_s13_s10_2_nps_count_4_elves_4_dwarves_0_gnomes():
    s = scoring_state(2)
    s.elves[:2] = [5, 3]
    s.dwarves[:2] = [3, 3]
    s.built[0, PUB] = 1
    s.gnomes[0, PUB] = 1
    table = score_table(s)
    # Elves 5 / 3 vs NPs 4, 4: P0 1st (3); the NPs tie for 2nd -> demoted off (0)
    assert list(table[:, ELVES_COL]) == [3, 0, 0, 0]
    # Dwarves 3 / 3 vs NPs 4, 4: the NPs tie for 1st -> 2nd (1 each); the players off
    assert list(table[:, DWARVES_COL]) == [0, 0, 1, 1]
    # Gnomes: the NPs have 0 and are not ranked; P0's single gnome wins
    assert list(table[:, GNOMES_COL]) == [3, 0, 0, 0]


def set_race_examples(s) -> None:
    """The seed's three race examples at once (Red, Yellow, Purple, Blue)."""
    s.elves[:4] = [5, 4, 3, 3]
    s.dwarves[:4] = [3, 5, 5, 4]
    for seat, g in enumerate([2, 2, 2, 3]):
        s.built[seat, MARKET] = 1
        s.gnomes[seat, MARKET] = 2  # a Market has 2 locks
        if g == 3:
            s.built[seat, PUB] = 1
            s.gnomes[seat, PUB] = 1


def test_s10_2_race_examples_through_score_table():
    s = scoring_state(4)
    set_race_examples(s)
    table = score_table(s)
    assert list(table[:, ELVES_COL]) == [3, 1, 0, 0]
    assert list(table[:, DWARVES_COL]) == [0, 1, 1, 0]
    assert list(table[:, GNOMES_COL]) == [0, 0, 0, 3]


def test_s10_2_a_master_counts_one_in_the_race_majority():
    """Race strength is workers owned; Masters (Pub gnome) do not add anything."""
    s = scoring_state(3)
    s.elves[:3] = [2, 2, 1]
    s.dwarves[:3] = [2, 1, 0]
    s.built[1, PUB] = 1
    s.gnomes[1, PUB] = 1  # seat 1 is entitled to a Master Dwarf
    table = score_table(s)
    assert list(table[:, DWARVES_COL]) == [3, 1, 0]


# ------------------------------------------------------------ a real Scoring phase


def test_s10_scoring_phase_in_month_3_adds_the_seed_examples():
    """End of month 3 (§3.3): the engine's Scoring adds district + race points."""
    s = scoring_state(4)
    set_d1_example(s)
    set_race_examples(s)
    s.set("month", 3)
    s.score[:4] = [10, 20, 30, 40]
    end_last_turn(s)
    assert s.month == 4 and s.phase == P_PLACEMENT
    # D1: R0 Y1 P1 B5; elves: R3 Y1; dwarves: Y1 P1; gnomes: B3
    assert list(s.score[:4]) == [10 + 3, 20 + 1 + 1 + 1, 30 + 1 + 1, 40 + 5 + 3]


def test_s10_scoring_phase_equals_score_table_two_players():
    """2-player Scoring with the NPs as competitors (§13): after the NP turns, every
    competitor gains exactly its score_table row (NP scores are kept too)."""
    s = scoring_state(2)
    s.owner[[0, 1, 2]] = 0
    s.owner[[3, 4]] = 2
    s.owner[[8, 9]] = 1
    s.elves[:2] = [5, 3]
    s.dwarves[:2] = [3, 3]
    s.set("month", 5)
    end_last_turn(s)
    while s.phase in (P_NP_PICK, P_NP_PLACE):
        act(s, min(legal(s)))
    assert s.month == 6
    expected = score_table(s).sum(axis=1)  # board as it was scored (NPs included)
    assert list(s.score[:4]) == list(expected)
    assert s.score[0] >= 5 + 3  # D1 first and elves first at least


@pytest.mark.parametrize("month", [1, 2, 4, 6])
def test_s3_3_no_scoring_at_the_end_of_months_1_2_4_6(month):
    s = scoring_state(3)
    s.owner[[0, 1]] = 0
    s.elves[:3] = [3, 2, 1]
    s.set("month", month)
    end_last_turn(s)
    assert s.month == month + 1 and s.phase == P_PLACEMENT
    assert list(s.score[:3]) == [0, 0, 0]


@pytest.mark.parametrize("month", [3, 5])
def test_s3_3_scoring_at_the_end_of_months_3_and_5_then_the_game_goes_on(month):
    s = scoring_state(3)
    s.owner[[0, 1]] = 0
    s.elves[:3] = [3, 2, 1]
    s.set("month", month)
    end_last_turn(s)
    assert s.month == month + 1 and s.phase == P_PLACEMENT
    assert not ENGINE.is_over(s)
    assert list(s.score[:3]) == [5 + 3, 1, 0]  # D1 5, elves 3 / 1


def test_s12_game_ends_after_the_scoring_of_month_7():
    s = scoring_state(3)
    s.owner[[0, 1]] = 0
    s.owner[2] = 1
    s.elves[:3] = [3, 2, 1]
    s.set("month", 7)
    end_last_turn(s)
    assert s.phase == P_GAME_OVER and ENGINE.is_over(s)
    assert s.month == 7
    assert list(s.score[:3]) == [5 + 3, 3 + 1, 0]
    assert not ENGINE.legal_action_mask(s, 0).any()


def test_s12_tie_break_wood_stone_two_metal_gold():
    s = scoring_state(3)
    s.score[:3] = [10, 10, 9]
    s.res[0] = [1, 1, 0, 1]  # 3
    s.res[1] = [0, 0, 2, 0]  # 4
    s.res[2] = [9, 9, 9, 9]
    f = ENGINE.final_scores(s)
    assert f[1] > f[0] > f[2]
    s.res[0, WOOD] += 1  # 4 = 4: shared victory
    f = ENGINE.final_scores(s)
    assert f[0] == f[1]
    assert (STONE, METAL, GOLD) == (1, 2, 3)


def test_s3_3_s12_a_whole_random_game_scores_only_at_months_3_5_7():
    """Play a game with random legal moves: scores only ever rise when month 3, 5 or 7 ends
    (taxes only lower them), and the game is over after month 7."""
    rng = np.random.default_rng(7)
    s = new_state(3, seed=11)
    rises = set()
    steps = 0
    while not ENGINE.is_over(s):
        before_month, before = s.month, s.score[:3].copy()
        choices = sorted(legal(s))
        if A_DONE in choices and s.phase == P_ACTIONS and rng.random() < 0.5:
            a = A_DONE
        else:
            a = int(rng.choice(choices))
        act(s, a)
        steps += 1
        assert steps < 20000
        if (s.score[:3] > before).any():
            rises.add(before_month)
            assert s.month == before_month + 1 or ENGINE.is_over(s)
    assert rises <= {3, 5, 7}
    assert s.month == 7
    assert seat_with_shield(s, 1) in range(3)
