"""Orc events (spec B8, D02, D14-D18, D38): bribes, pushes, the blocked-step movement rule,
destruction on entering, traps mid-move, Orc D, invasion and hostages. Worked examples from the
seed (p.10-12) are named after it."""

import numpy as np

from eurogym.envs.caverna_ff.actions import A_BRIBE, A_DONE, A_OPTION, A_PUSH
from eurogym.envs.caverna_ff.orcs import enter_cell, invade, reevaluate
from eurogym.envs.caverna_ff.state import (
    D_ADULT,
    D_HOSTAGE,
    O_CAVE,
    O_DEFEATED,
    O_FOREST,
    O_FRIENDLY,
    O_HELD,
    P_CAVE_IN,
    P_ORC,
    P_REWARD,
)
from eurogym.envs.caverna_ff.tables import (
    CARD_STEPS,
    CAVE,
    DIR_DOWN,
    DIR_LEFT,
    DIR_RIGHT,
    DIR_UP,
    ENTRANCE_CELL,
    ENTRY_DWELLING,
    F_DWELLING,
    F_ORC_DWELLING,
    NEXT,
    SHEEP,
    STONE,
    T_CAVERN,
    T_DEEP,
    T_FIELD,
    T_MEADOW,
    T_ORE_MINE,
    T_RUBY_MINE,
    T_TUNNEL,
    TR_CAVE_IN,
    TR_NET,
    TR_TRAPDOOR,
    WOOD,
)
from tests.caverna_ff.helpers import act, cell, house, legal, new_state, start_event

PUSH_S = A_PUSH + 4
PUSH_E = A_PUSH + 2


def test_b8_bribe_example_three_stone_lower_orc_a_from_5_to_2():
    """Seed p.10: 'the bribe token shows stone; you spend 3 stone to lower Orc A from 5 to 2.
    Orc A still moves.'"""
    s = new_state(1)
    s.bribe_good[0] = STONE
    s.res[0, STONE] = 3
    start_event(s, board=0, letter=0, card=0)
    assert s.phase == P_ORC and A_BRIBE in legal(s)
    act(s, A_BRIBE, A_BRIBE, A_BRIBE)
    assert s.orc_str[0, 0] == 2 and s.res[0, STONE] == 0
    assert s.orc_state[0, 0] == O_FOREST
    assert A_BRIBE not in legal(s)  # nothing left to pay


def test_b8_bribe_to_zero_defeats_and_skips_the_move():
    s = new_state(1)
    s.bribe_good[0] = WOOD
    s.res[0, WOOD] = 5
    start_event(s, board=0, letter=0, card=0)
    act(s, *[A_BRIBE] * 5)
    assert s.orc_state[0, 0] == O_DEFEATED
    assert s.phase == P_REWARD and s.sub[1] == 5  # D43: strength before the defeating bribe


def test_b8_push_into_trap_example_push_down_onto_the_trapdoor_defeats_orc_a():
    """Seed p.11: only card 3-4 lets Orc A at (0,0) avoid the trap at (1,0); you pay 1 wood
    (event board 1) to push it down onto the trap."""
    s = new_state(1)
    s.trap[0, cell(1, 0)] = TR_TRAPDOOR + 1
    s.trap_active[0, cell(1, 0)] = 1
    s.res[0, WOOD] = 1
    start_event(s, board=0, letter=0, card=3)  # card 3-4
    assert PUSH_S in legal(s)
    act(s, PUSH_S)
    assert s.res[0, WOOD] == 0
    assert s.orc_state[0, 0] == O_DEFEATED and s.trap_active[0, cell(1, 0)] == 0
    assert s.phase == P_REWARD


def test_b8_seed_deck_3_only_card_3_4_keeps_orc_a_off_1_0():
    """Spec audit (D15): of the 9 deck-3 cards, only 3-4 avoids (1,0) from (0,0)."""
    avoid = []
    for k in range(9):
        pos, visited = cell(0, 0), []
        for d in CARD_STEPS[2, k]:
            pos = NEXT[pos, d]
            visited.append(pos)
        if cell(1, 0) not in visited:
            avoid.append(k)
    assert avoid == [3]


def test_b8_blocked_step_example_two_steps_left_from_column_1():
    """Seed p.11 Orc B: two steps left; the first is legal, the second would leave the forest,
    so the orc moves down instead and destroys the crops there; card 2-7."""
    s = new_state(1)
    assert list(CARD_STEPS[1, 6, :2]) == [DIR_LEFT, DIR_LEFT]
    s.orc_cell[0, 1] = cell(1, 1)
    s.tile[0, cell(2, 0)] = T_FIELD
    s.crop[0, cell(2, 0)] = 3
    s.res[0] = 0  # nothing to bribe or push with: the move happens at once
    start_event(s, board=1, letter=1, card=6)
    assert s.orc_cell[0, 1] == cell(2, 0)
    assert s.tile[0, cell(2, 0)] == T_FIELD and s.crop[0, cell(2, 0)] == 0  # structure stays


def test_b8_next_table_illegal_step_goes_down_else_right_and_only_the_entrance_reaches_the_cave():
    assert NEXT[cell(0, 0), DIR_UP] == cell(1, 0)  # up is illegal: down
    assert NEXT[cell(3, 0), DIR_LEFT] == cell(3, 1)  # left and down illegal: right
    assert NEXT[cell(1, 2), DIR_RIGHT] == cell(2, 2)  # no way into the mountain but the entrance
    assert NEXT[ENTRANCE_CELL, DIR_RIGHT] == CAVE and NEXT[ENTRANCE_CELL, DIR_DOWN] == CAVE
    caves = [(c, d) for c in range(24) for d in range(4) if NEXT[c, d] == CAVE]
    assert caves == [(ENTRANCE_CELL, DIR_DOWN), (ENTRANCE_CELL, DIR_RIGHT)]


def test_d02_no_deck_3_card_invades_from_the_top_row_but_a_push_first_can():
    for start in (cell(0, 0), cell(0, 1), cell(0, 2)):
        for k in range(9):
            pos = start
            for d in CARD_STEPS[2, k]:
                pos = NEXT[pos, d]
                assert pos != CAVE
    pos = cell(1, 2)  # C pushed from (0,2) down, then card 3-1 (down, down, down)
    for d in CARD_STEPS[2, 0]:
        pos = NEXT[pos, d] if pos != CAVE else CAVE
    assert pos == CAVE


def test_b8_push_is_once_per_event_costs_the_board_good_and_stays_in_the_forest():
    s = new_state(1)
    s.res[0, WOOD] = 5
    start_event(s, board=0, letter=0, card=0)
    moves = {a - A_PUSH for a in legal(s) if A_PUSH <= a < A_PUSH + 8}
    assert moves == {2, 3, 4}  # from (0,0): E, SE, S only
    act(s, PUSH_E)
    assert s.orc_cell[0, 0] == cell(0, 1) and s.res[0, WOOD] == 4
    assert not any(A_PUSH <= a < A_PUSH + 8 for a in legal(s))


def test_b8_entering_a_cell_destroys_animals_of_the_whole_pasture_not_the_structures():
    s = new_state(1)
    a, b = cell(1, 0), cell(1, 1)
    s.tile[0, a] = s.tile[0, b] = T_MEADOW
    s.pasture[0, a], s.pasture[0, b] = 2 + b, 2 + a
    s.res[0, SHEEP] = 4
    house(s, 0)
    assert s.animal_at[0, a, 0] == 4
    assert enter_cell(s.buf, 0, 0, b) == 0
    assert s.res[0, SHEEP] == 0 and s.animal_at[0].sum() == 0
    assert s.pasture[0, a] == 2 + b and s.tile[0, b] == T_MEADOW


def test_b7_holding_trap_holds_and_an_orc_dwelling_befriends_at_once():
    s = new_state(1)
    s.trap[0, cell(1, 0)] = TR_NET + 1
    s.trap_active[0, cell(1, 0)] = 1
    assert enter_cell(s.buf, 0, 0, cell(1, 0)) == 1
    assert s.orc_state[0, 0] == O_HELD and s.trap_active[0, cell(1, 0)] == 1
    s2 = new_state(1)
    s2.trap[0, cell(1, 0)] = TR_NET + 1
    s2.trap_active[0, cell(1, 0)] = 1
    s2.furn[0, cell(2, 3)] = F_ORC_DWELLING + 1
    enter_cell(s2.buf, 0, 0, cell(1, 0))
    assert s2.orc_state[0, 0] == O_FRIENDLY and s2.trap_active[0, cell(1, 0)] == 0
    assert s2.orc_ready[0, 0] == s2.round + 1  # moved in during an event: from next round


def test_b7_holding_trap_too_strong_orc_walks_through_and_trap_stays_armed():
    s = new_state(1)
    s.orc_str[0, 2] = 9  # Orc C, Net Trap holds <= 8
    s.trap[0, cell(1, 2)] = TR_NET + 1
    s.trap_active[0, cell(1, 2)] = 1
    assert enter_cell(s.buf, 0, 2, cell(1, 2)) == 0
    assert s.orc_state[0, 2] == O_FOREST and s.trap_active[0, cell(1, 2)] == 1


def test_b7_cave_in_asks_for_stone_and_deactivates_even_when_nothing_is_paid():
    s = new_state(1)
    s.trap[0, cell(1, 0)] = TR_CAVE_IN + 1
    s.trap_active[0, cell(1, 0)] = 1
    s.res[0] = 0
    s.res[0, STONE] = 3
    s.bribe_good[0] = WOOD  # no wood: no bribe, no push, so the orc moves at once
    start_event(s, board=0, letter=0, card=0)  # 3-1: down, down, down
    assert s.phase == P_CAVE_IN
    assert legal(s) == {A_OPTION + k for k in range(4)}
    act(s, A_OPTION + 2)
    assert s.orc_str[0, 0] == 3 and s.res[0, STONE] == 1
    assert s.trap_active[0, cell(1, 0)] == 0
    assert s.orc_cell[0, 0] == cell(3, 0)  # the move went on after the trap


def test_b8_held_orc_breaks_free_on_its_next_move_and_the_trap_stays_armed():
    s = new_state(1)
    s.trap[0, cell(1, 0)] = TR_NET + 1
    s.trap_active[0, cell(1, 0)] = 1
    s.orc_state[0, 0] = O_HELD
    s.orc_cell[0, 0] = cell(1, 0)
    s.res[0] = 0
    start_event(s, board=1, letter=0, card=0)  # deck 2, 2-1: down, down
    assert s.orc_state[0, 0] == O_FOREST and s.orc_cell[0, 0] == cell(3, 0)
    assert s.trap_active[0, cell(1, 0)] == 1


def test_b8_orc_d_enters_after_event_2_on_the_top_row_without_trap_or_destruction():
    s = new_state(1)
    s.orc_state[0, :3] = O_DEFEATED
    s.orc_cell[0, :3] = -1
    s.orc_str[0, :3] = 0
    s.set("round", 6)
    start_event(s, board=1, letter=0, card=0)
    assert s.orc_state[0, 3] == O_FOREST and s.orc_cell[0, 3] in (0, 1, 2)
    assert s.orc_str[0, 3] == 12


def test_b8_invasion_priority_ruby_mine_then_ore_mine_then_best_furnishing():
    s = new_state(1)
    s.tile[0, cell(0, 3)] = T_ORE_MINE
    s.mine_goods[0, cell(0, 3)] = 3
    s.tile[0, cell(1, 3)] = T_RUBY_MINE
    s.tile[0, cell(1, 4)] = T_TUNNEL
    invade(s.buf, 0, 0)
    assert s.orc_cell[0, 0] == cell(1, 3)  # ruby mine with 0 rubies beats the ore mine
    invade(s.buf, 0, 1)
    assert s.orc_cell[0, 1] == cell(0, 3) and s.mine_goods[0, cell(0, 3)] == 0
    s.furn[0, cell(2, 3)] = F_DWELLING + 1
    invade(s.buf, 0, 2)
    assert s.orc_cell[0, 2] == cell(2, 3)  # Dwelling (3 points) before the entry dwelling


def test_b8_invasion_takes_the_weakest_dwarf_hostage_and_frees_it_on_defeat():
    s = new_state(1)
    s.weapon[0, 0] = 3  # dwarf 1 unarmed lives in the entry dwelling too
    invade(s.buf, 0, 0)
    assert s.orc_cell[0, 0] == ENTRY_DWELLING
    assert s.dwarf[0, 1] == D_HOSTAGE and s.orc_hostage[0, 0] == 1
    from eurogym.envs.caverna_ff.orcs import defeat

    defeat(s.buf, 0, 0, 5)
    assert s.dwarf[0, 1] == D_ADULT


def test_b8_overflow_orcs_join_the_entry_dwelling_without_more_hostages():
    s = new_state(1)
    s.tile[0, cell(2, 3)] = T_CAVERN  # the start cavern is the only other space
    invade(s.buf, 0, 0)
    invade(s.buf, 0, 1)
    invade(s.buf, 0, 2)
    cells = sorted(s.orc_cell[0, :3])
    assert cells == sorted([ENTRY_DWELLING, cell(2, 3), ENTRY_DWELLING])
    assert (s.dwarf[0] == D_HOSTAGE).sum() == 1


def test_b8_final_reevaluation_moves_to_the_tile_worth_most():
    """Seed p.13: before scoring the orc leaves the ruby mine (4) for a tile worth more."""
    s = new_state(1)
    s.tile[0, cell(1, 3)] = T_RUBY_MINE
    s.tile[0, cell(1, 4)] = T_CAVERN
    s.furn[0, cell(1, 4)] = F_DWELLING + 1  # 3 points + 1 for a person living there? no one
    s.tile[0, cell(0, 3)] = T_DEEP
    invade(s.buf, 0, 0)
    assert s.orc_cell[0, 0] == cell(1, 3)
    reevaluate(s.buf, 0, 0, True)
    # entry dwelling: 0 points + 1 person; Dwelling 3; ruby mine 4 -> stays
    assert s.orc_cell[0, 0] == cell(1, 3)
    s.tile[0, cell(0, 4)] = T_ORE_MINE
    s.furn[0, cell(1, 4)] = 0
    s.tile[0, cell(1, 4)] = T_CAVERN
    from eurogym.envs.caverna_ff.tables import F_COUPLE

    s.furn[0, cell(1, 4)] = F_COUPLE + 1  # 5 points
    reevaluate(s.buf, 0, 0, True)
    assert s.orc_cell[0, 0] == cell(1, 4)


def test_b8_event_4_forces_every_forest_orc_into_the_cave():
    s = new_state(1)
    s.set("round", 12)
    for o in range(3):
        s.orc_str[0, o] = 1  # irrelevant: no bribes made
    start_event(s, board=3, letter=3, card=0)  # D is out of play: straight to the end
    assert all(s.orc_state[0, o] == O_CAVE for o in range(3))
    assert np.all(s.orc_cell[0, :3] >= 0)


def test_b8_pushing_right_from_the_entrance_invades():
    s = new_state(1)
    s.orc_cell[0, 0] = ENTRANCE_CELL
    s.res[0, WOOD] = 1
    start_event(s, board=0, letter=0, card=0)
    act(s, PUSH_E)
    assert s.orc_state[0, 0] == O_CAVE


def test_b8_an_orc_step_with_nothing_to_decide_resolves_by_itself():
    s = new_state(1)
    s.res[0] = 0
    s.bribe_good[0] = STONE
    start_event(s, board=0, letter=0, card=0)  # 3-1: down x3, no bribe or push possible
    assert s.orc_cell[0, 0] == cell(3, 0)  # A moved without asking
    s = new_state(1)
    s.res[0] = 0
    s.res[0, STONE] = 1
    s.bribe_good[0] = STONE
    start_event(s, board=0, letter=0, card=0)
    assert s.phase == P_ORC and legal(s) == {A_BRIBE, A_DONE}
