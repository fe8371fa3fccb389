"""Setup and the work phase (spec A4-A6, B2, B9, D20, D41) and base scoring (A13, B12)."""

import numpy as np
import pytest

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_DONE,
    A_OPTION,
    A_PERSON,
    A_RUBY,
    A_SKIP,
    A_SPACE,
    A_TWIN,
)
from eurogym.envs.caverna_ff.rules import ENGINE, final_scores, score_table
from eurogym.envs.caverna_ff.spaces import (
    CARD_STAGE,
    IS_ACCUMULATING,
    S_EXPLORATION,
    S_FAMILY_LIFE,
    S_URGENT,
    S_WISH,
    SOLO_ORDER,
    SPACE_NAMES,
    permanent_spaces,
)
from eurogym.envs.caverna_ff.state import D_ADULT, O_FRIENDLY, P_PLACE, P_SOLO_SAVE
from eurogym.envs.caverna_ff.tables import FOOD, ORE
from tests.caverna_ff.helpers import ANYTIME, act, legal, new_state, refresh

PERSON_ORC = kernels.PERSON_ORC


def names(spaces):
    return {SPACE_NAMES[s] for s in spaces}


def test_b2_armory_covers_wood_gathering_and_ff_cards_replace_housework_and_ore_mining():
    three = names(permanent_spaces(3))
    assert "armory_1_3" in three and "wood_gathering" not in three
    assert {"housework_ff", "ore_mining_ff_1_3", "imitation"} <= three
    four = names(permanent_spaces(4))
    assert {"armory_4_7", "logging_ff", "imitation_ff", "ore_mining_ff_4_7"} <= four
    assert "forest_exploration_4" not in four and "logging_4" not in four


def test_a4_round_cards_by_stage_wish_on_round_4_exploration_removed_for_two_players():
    for n in (2, 3):
        s = new_state(n, seed=5)
        assert s.card[0] >= 0 and CARD_STAGE[s.card[0]] == 1  # round 1 revealed from stage 1
        assert s.card_left[S_EXPLORATION] == (1 if n >= 3 else 0)
        rounds = [r for r in range(2, 13) if not (n <= 2 and r == 9)]
        cards = [int(kernels.draw_round_card(s.buf, r)) for r in rounds]
        assert cards[rounds.index(4)] == S_WISH
        for r, c in zip(rounds, cards, strict=True):
            assert CARD_STAGE[c] == (r - 1) // 3 + 1
        assert len(set(cards)) == len(cards) and s.card_left.sum() == 0
    solo = new_state(1)
    assert [SPACE_NAMES[c] for c in SOLO_ORDER[:3]] == [
        "blacksmithing",
        "sheep_farming",
        "ore_mine_construction_ff",
    ]
    assert SOLO_ORDER[8] == -1 and solo.card[0] == SOLO_ORDER[0]


def test_a6_family_life_flips_wish_to_urgent_wish():
    s = new_state(3)
    s.space_open[S_WISH] = 1
    s.card_left[:] = 0
    s.card_left[S_FAMILY_LIFE] = 1  # the only stage-3 card left
    s.set("round", 6)
    kernels.start_round(s.buf)
    assert s.card[6] == S_FAMILY_LIFE
    assert s.space_open[S_WISH] == 0 and s.space_open[S_URGENT] == 1


def test_a4_starting_food_by_turn_order():
    s = new_state(4, seed=2)
    start = s.start_player
    assert [s.res[(start + k) % 4, FOOD] for k in range(4)] == [1, 1, 2, 3]
    assert new_state(1).res[0, FOOD] == 1  # D03


def finish_turn(s):
    """Decline every optional step until the next placement (or the end of the work phase)."""
    while s.phase != P_PLACE:
        m = legal(s)
        act(s, A_SKIP if A_SKIP in m else A_DONE if A_DONE in m else min(m))


def placement_order(ruby_for_bridget: bool) -> list[tuple[int, int]]:
    """Play round 1 of the seed's 3-player example (Anna seat 0 starts, Bridget 1, Christie 2)
    and return (seat, person) in placement order."""
    s = new_state(3)
    s.set("start_player", 0)
    s.set("turn", 0)
    s.dwarf[:, :] = 0
    s.dwarf[0, :2] = s.dwarf[1, :3] = s.dwarf[2, :2] = D_ADULT
    s.weapon[0, :2] = (0, 5)
    s.weapon[1, :3] = (0, 6, 8)
    s.weapon[2, :2] = (0, 0)
    s.orc_state[:3, 0] = O_FRIENDLY
    s.orc_ready[:3, 0] = 0
    s.res[:, 3] = 0
    s.res[1, 3] = 1 if ruby_for_bridget else 0
    kernels.advance(s.buf, s.mask)
    order = []
    for _ in range(10):
        if s.phase != P_PLACE or s.round != 1:
            break
        if s.actor == 1 and A_PERSON + 2 in legal(s):
            act(s, A_PERSON + 2)  # Bridget: 1 ruby -> dwarf #3 first
        order.append((int(s.actor), int(s.cur_person)))
        spaces = [a for a in sorted(legal(s)) if a < A_TWIN and IS_ACCUMULATING[a - A_SPACE]]
        act(s, spaces[0])
        finish_turn(s)
    return order


def test_b9_placement_order_unarmed_then_armed_ascending_then_friendly_orcs():
    """Spec B9: players with nobody left are skipped."""
    orc = PERSON_ORC
    assert placement_order(False) == [
        (0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, orc), (1, 2), (2, orc), (1, orc)
    ]  # fmt: skip


def test_b9_placement_order_example_anna_bridget_christie():
    """Seed p.9: turn 1 Anna #1, Bridget (1 ruby -> dwarf #3), Christie #1; turn 2 Anna #2,
    Bridget #1, Christie #2; turn 3 Anna orc, Bridget #2, Christie orc; turn 4 Bridget orc."""
    orc = PERSON_ORC
    assert placement_order(True) == [
        (0, 0), (1, 2), (2, 0), (0, 1), (1, 0), (2, 1), (0, orc), (1, 1), (2, orc), (1, orc)
    ]  # fmt: skip


def test_a7_ruby_trades_at_placement():
    s = new_state(1)
    s.res[0, 3] = 3
    refresh(s)
    assert {A_RUBY + k for k in (0, 1, 2, 3, 4, 9)} <= legal(s)
    assert A_RUBY + 10 in legal(s)  # 1 ruby + 1 food -> cattle (1 food in hand)
    act(s, A_RUBY + 2)
    assert s.res[0, ORE] == 1 and s.res[0, 3] == 2 and s.phase == P_PLACE


def test_d20_friendly_orc_takes_only_accumulated_goods():
    s = new_state(2)
    me = s.actor
    s.dwarf[me, :] = 0
    s.orc_state[me, 0] = O_FRIENDLY
    s.orc_ready[me, 0] = 0
    kernels.advance(s.buf, s.mask)
    assert s.cur_person == PERSON_ORC
    assert all(IS_ACCUMULATING[a - A_SPACE] for a in legal(s))
    sp = SPACE_NAMES.index("starting_player")
    food, ore = s.res[me, FOOD], s.res[me, ORE]
    start = s.start_player
    other = 1 - me
    s.set("start_player", other)
    refresh(s)
    act(s, A_SPACE + sp)
    assert s.res[me, FOOD] == food + 1 and s.res[me, ORE] == ore  # food only, no 2 ore
    assert s.start_player == other  # nor the token
    del start


def test_a5_exploration_needs_an_armed_dwarf():
    s = new_state(3)
    s.space_open[S_EXPLORATION] = 1
    refresh(s)
    assert A_SPACE + S_EXPLORATION not in legal(s)


def test_a13_scoring_of_an_untouched_board():
    """2 dwarfs +2, 4 missing farm types -8, 22 unused cells -22 (E and C are tiles)."""
    s = new_state(1)
    s.res[0, FOOD] = 0
    assert score_table(s)[0].sum() == 2 - 8 - 22


def test_b12_tie_break_fewer_orcs_in_the_cave():
    s = new_state(2)
    s.orc_state[1, 0] = 3
    s.orc_cell[1, 0] = 21
    scores = final_scores(s)
    base = score_table(s).sum(axis=1)
    assert scores[0] - base[0] > scores[1] - base[1]


def test_a4_same_seed_same_setup_and_seeds_differ():
    a, b = new_state(4, seed=9), new_state(4, seed=9)
    assert a == b
    assert any(not np.array_equal(new_state(4, seed=k).rng, a.rng) for k in range(5))
    assert len({int(new_state(4, seed=k).card[0]) for k in range(12)}) > 1


def test_engine_illegal_action_names_action_and_phase():
    s = new_state(2)
    illegal = next(a for a in range(ENGINE.num_actions) if not s.mask[a])
    with pytest.raises(ValueError, match="illegal in phase 'place'"):
        ENGINE.apply_action(s, illegal)


def solo_before_round_start(wood_on_logging, rubies):
    s = new_state(1)
    logging = SPACE_NAMES.index("logging")
    s.accum[logging, 0] = wood_on_logging
    s.res[0, 3] = rubies
    s.set("stage", 0)  # ST_ROUND_START
    s.set("stack_n", 0)
    kernels.advance(s.buf, s.mask)
    return s, logging


def test_a5_solo_space_with_6_goods_is_emptied_before_replenishing():
    s, logging = solo_before_round_start(6, rubies=0)
    assert s.round == 2 and s.accum[logging, 0] == 3  # emptied, then refilled as empty


def test_a5_solo_one_ruby_keeps_a_full_space():
    s, logging = solo_before_round_start(6, rubies=1)
    assert s.phase == P_SOLO_SAVE and legal(s) - ANYTIME == {A_OPTION, A_SKIP}  # A7 any time
    act(s, A_OPTION)
    assert s.res[0, 3] == 0 and s.accum[logging, 0] == 7  # kept, then +1
    s, logging = solo_before_round_start(5, rubies=1)
    assert s.phase == P_PLACE and s.accum[logging, 0] == 6  # below 6: no question


def test_a5_ruby_mining_before_round_3_with_two_players_only_for_a_ruby_mine_owner():
    """2 players: Ruby Mining accumulates from round 3 only; before that it is empty and a
    dwarf may take it only for its '+1 ruby with a ruby mine'."""
    s = new_state(2)
    ruby_mining = SPACE_NAMES.index("ruby_mining")
    assert s.accum[ruby_mining].sum() == 0
    assert A_SPACE + ruby_mining not in legal(s)
    s.tile[s.actor, 9] = 7  # a ruby mine at (1,3)
    refresh(s)
    assert A_SPACE + ruby_mining in legal(s)
