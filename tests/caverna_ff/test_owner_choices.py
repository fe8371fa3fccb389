"""Choices the rules give the player that the engine once fixed: which animal types the loot
'breed up to 2' picks (spec A8), which unarmed dwarf the Supplier / Warrior Dwelling arms (B6,
B10, D32), the Warrior Dwelling's material mix (B10) and invasion ties (B8, D26)."""

import numpy as np
import pytest

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_CELL,
    A_DONE,
    A_FURN,
    A_LOOT,
    A_OPTION,
    A_PUSH,
    A_REWARD,
)
from eurogym.envs.caverna_ff.orcs import defeat, invade
from eurogym.envs.caverna_ff.state import (
    D_HOSTAGE,
    O_CAVE,
    O_DEFEATED,
    P_ARM,
    P_BREED,
    P_GAME_OVER,
    P_INVADE,
    P_ORC,
    P_PLACE,
    P_WARRIOR,
    P_WARRIOR_PAY,
    ST_END,
)
from eurogym.envs.caverna_ff.tables import (
    BOAR,
    CATTLE,
    DONKEY,
    ENTRANCE_CELL,
    ENTRY_DWELLING,
    F_BREAKFAST,
    F_SIMPLE_A,
    F_WARRIOR,
    FOOD,
    L_BREED2,
    ORE,
    REWARD_NAMES,
    SHEEP,
    STONE,
    SUPPLIER_STRENGTH,
    T_CAVERN,
    T_MEADOW,
    T_RUBY_MINE,
    WOOD,
)
from tests.caverna_ff.helpers import (
    ANYTIME,
    act,
    cell,
    house,
    legal,
    new_state,
    refresh,
    start_event,
    start_expedition,
)

BREED_SHEEP, BREED_BOAR, BREED_CATTLE, BREED_DONKEY = (A_OPTION + k for k in range(4))


def pastures(s, player, cells):
    """Fenced meadows with a stable each (4 animals of one type per cell, A9)."""
    for c in cells:
        s.tile[player, c] = T_MEADOW
        s.pasture[player, c] = 1
        s.stable[player, c] = 1


def breed_state(**animals):
    """A level-1 expedition at strength 14 (the loot 'breed up to 2' needs 14) with room for
    4 animals of each of 4 types."""
    s = new_state(1)
    pastures(s, 0, [cell(0, 0), cell(0, 1), cell(0, 2), cell(1, 0)])
    for good, k in animals.items():
        s.res[0, {"sheep": SHEEP, "boar": BOAR, "cattle": CATTLE, "donkey": DONKEY}[good]] = k
    house(s, 0)
    s.weapon[0, 0] = 14
    start_expedition(s, 0, 0, level=1)
    return s


def test_a8_breed_up_to_2_the_player_picks_the_pair_among_3_breedable_types():
    s = breed_state(sheep=2, boar=2, cattle=2)
    food = s.res[0, FOOD]
    act(s, A_LOOT + L_BREED2)
    assert s.phase == P_BREED
    assert legal(s) - ANYTIME == {BREED_SHEEP, BREED_BOAR, BREED_CATTLE, A_DONE}  # no donkeys
    act(s, BREED_SHEEP)
    assert s.phase == P_BREED and legal(s) - ANYTIME == {BREED_BOAR, BREED_CATTLE, A_DONE}
    act(s, BREED_BOAR)
    assert s.phase != P_BREED
    assert (s.res[0, SHEEP], s.res[0, BOAR], s.res[0, CATTLE]) == (3, 3, 2)
    assert s.res[0, FOOD] == food  # all housed, nothing converted


def test_a8_breed_up_to_2_may_stop_after_one_type_or_none():
    s = breed_state(sheep=2, boar=2, cattle=2, donkey=2)
    act(s, A_LOOT + L_BREED2, BREED_DONKEY, A_DONE)
    assert (s.res[0, SHEEP], s.res[0, BOAR], s.res[0, CATTLE], s.res[0, DONKEY]) == (2, 2, 2, 3)
    s = breed_state(sheep=2, boar=2, cattle=2)
    act(s, A_LOOT + L_BREED2, A_DONE)
    assert (s.res[0, SHEEP], s.res[0, BOAR], s.res[0, CATTLE]) == (2, 2, 2)


def test_a8_breed_up_to_2_with_two_breedable_types_breeds_both_without_asking():
    s = breed_state(sheep=2, boar=1, cattle=3)
    act(s, A_LOOT + L_BREED2)
    assert s.phase != P_BREED
    assert (s.res[0, SHEEP], s.res[0, BOAR], s.res[0, CATTLE]) == (3, 1, 4)


def test_a8_breed_choice_rejects_a_type_that_cannot_breed_and_keeps_the_state():
    s = breed_state(sheep=2, boar=2, cattle=2, donkey=1)
    act(s, A_LOOT + L_BREED2)
    before = s.buf.copy()
    try:
        act(s, BREED_DONKEY)
    except ValueError:
        pass
    else:
        raise AssertionError("a donkey pair is needed to breed donkeys")
    assert np.array_equal(before, s.buf)


def claim_supplier(s):
    """Player 0 defeats Orc C (strength 5) and claims the Supplier reward (B6, column 3)."""
    s.set("stack_n", 0)
    defeat(s.buf, 0, 2, 5)
    kernels.advance(s.buf, s.mask)
    act(s, A_REWARD + REWARD_NAMES.index("supplier"))


def test_b6_supplier_the_player_picks_which_unarmed_dwarf_even_an_unplaced_one():
    s = new_state(4)
    s.dwarf[0, 2] = D_HOSTAGE  # a hostage is no candidate (B8, D22)
    claim_supplier(s)
    assert s.phase == P_ARM and legal(s) - ANYTIME == {A_OPTION + 0, A_OPTION + 1}
    act(s, A_OPTION + 1)
    assert s.weapon[0, 1] == SUPPLIER_STRENGTH and s.weapon[0, 0] == 0


def test_b6_supplier_with_one_unarmed_dwarf_arms_it_without_asking():
    s = new_state(4)
    s.weapon[0, 1] = 3
    claim_supplier(s)
    assert s.phase != P_ARM
    assert s.weapon[0, 0] == SUPPLIER_STRENGTH and s.weapon[0, 1] == 3


def warrior_state(wood, stone, ore):
    """Solo player 0 at 'furnish a cavern' with the given materials."""
    s = new_state(1)
    s.res[0, WOOD], s.res[0, STONE], s.res[0, ORE] = wood, stone, ore
    s.set("stack_n", 0)
    kernels.push_op(s.buf, kernels.OP_FURNISH, 10, 0)
    kernels.advance(s.buf, s.mask)
    assert A_FURN + F_WARRIOR in legal(s)
    return s


def test_b10_warrior_dwelling_arms_the_unarmed_dwarf_the_player_picks():
    s = warrior_state(3, 3, 5)
    act(s, A_FURN + F_WARRIOR, A_CELL + cell(2, 3))
    act(s, A_OPTION + 3, A_OPTION + 3)  # 3 wood, 3 stone, 2 ore (mix: tested below)
    assert s.phase == P_WARRIOR
    ore = s.res[0, ORE]
    assert ore >= 1
    act(s, A_OPTION + 1)  # arm with 1 ore
    assert s.phase == P_ARM and legal(s) - ANYTIME == {A_OPTION + 0, A_OPTION + 1}
    act(s, A_OPTION + 1)
    assert s.weapon[0, 1] == 1 and s.weapon[0, 0] == 0 and s.res[0, ORE] == ore - 1


def test_b10_warrior_dwelling_with_one_unarmed_dwarf_arms_it_without_asking():
    s = warrior_state(6, 1, 5)
    s.weapon[0, 0] = 2
    act(s, A_FURN + F_WARRIOR, A_CELL + cell(2, 3))
    while s.phase == P_WARRIOR_PAY:
        act(s, min(legal(s)))
    assert s.phase == P_WARRIOR
    act(s, A_OPTION + 8 + 2)  # 2 wood
    assert s.phase != P_ARM and s.weapon[0, 1] == 2 and s.weapon[0, 0] == 2


def test_b10_warrior_dwelling_mix_with_lots_of_stone_and_no_spare_wood():
    """8 materials, at least one of each (seed p.16): 1 wood, 10 stone, 3 ore can pay; the wood
    is forced (1), the player picks the stone (4-6) and the ore is the rest."""
    s = warrior_state(1, 10, 3)
    act(s, A_FURN + F_WARRIOR, A_CELL + cell(2, 3))
    assert s.phase == P_WARRIOR_PAY
    assert legal(s) - ANYTIME == {A_OPTION + 4, A_OPTION + 5, A_OPTION + 6}
    act(s, A_OPTION + 6)
    assert (s.res[0, WOOD], s.res[0, STONE], s.res[0, ORE]) == (0, 4, 2)
    assert s.furn[0, cell(2, 3)] == F_WARRIOR + 1 and s.phase == P_WARRIOR


def test_b10_warrior_dwelling_the_chosen_mix_is_deducted_exactly():
    s = warrior_state(4, 4, 4)
    act(s, A_FURN + F_WARRIOR, A_CELL + cell(2, 3))
    assert s.phase == P_WARRIOR_PAY
    assert legal(s) - ANYTIME == {A_OPTION + k for k in (1, 2, 3, 4)}  # wood (up to 4 held)
    act(s, A_OPTION + 2)
    assert s.phase == P_WARRIOR_PAY
    assert legal(s) - ANYTIME == {A_OPTION + k for k in (2, 3, 4)}  # stone: 6 left to pay, ore <= 4
    assert s.furn[0, cell(2, 3)] == 0  # nothing paid or built before the mix is complete
    act(s, A_OPTION + 3)
    assert (s.res[0, WOOD], s.res[0, STONE], s.res[0, ORE]) == (2, 1, 1)
    assert s.furn[0, cell(2, 3)] == F_WARRIOR + 1


def test_b10_warrior_dwelling_needs_one_of_each_material():
    s = new_state(1)
    s.res[0, WOOD], s.res[0, STONE], s.res[0, ORE] = 0, 10, 10
    s.set("stack_n", 0)
    kernels.push_op(s.buf, kernels.OP_FURNISH, 10, 0)
    kernels.advance(s.buf, s.mask)
    assert A_FURN + F_WARRIOR not in legal(s)


def ruby_mine_tie(s, player):
    """Two empty ruby mines: equally preferred by an invading orc (B8 priority 1, 0 rubies)."""
    s.tile[player, cell(1, 3)] = T_RUBY_MINE
    s.tile[player, cell(1, 4)] = T_RUBY_MINE


def test_b8_invasion_tie_the_owner_picks_among_the_tied_cells():
    s = new_state(1)
    ruby_mine_tie(s, 0)
    assert invade(s.buf, 0, 0)
    refresh(s)
    assert s.phase == P_INVADE and s.actor == 0
    assert legal(s) - ANYTIME == {A_CELL + cell(1, 3), A_CELL + cell(1, 4)}
    before = s.buf.copy()
    with pytest.raises(ValueError):
        act(s, A_CELL + ENTRY_DWELLING)  # a furnishing: below the ruby mines
    assert np.array_equal(before, s.buf)
    act(s, A_CELL + cell(1, 4))
    assert s.orc_state[0, 0] == O_CAVE and s.orc_cell[0, 0] == cell(1, 4)
    assert s.phase == P_PLACE


def test_b8_invasion_tie_is_first_broken_by_the_housing_preference_without_asking():
    s = new_state(1)
    ruby_mine_tie(s, 0)
    s.res[0, DONKEY] = 1
    s.animal_at[0, cell(1, 4), 3] = 1  # a donkey lives in this mine
    assert not invade(s.buf, 0, 0)
    assert s.orc_cell[0, 0] == cell(1, 4) and s.res[0, DONKEY] == 0  # returned (D23)


def test_b8_invasion_tie_in_an_event_is_decided_by_the_cave_owner_not_the_start_player():
    s = new_state(2)
    s.set("start_player", 0)
    ruby_mine_tie(s, 1)
    s.orc_cell[1, 0] = ENTRANCE_CELL
    s.res[1, WOOD] = 1  # push cost of event board 1 (D14)
    start_event(s, board=0, letter=0, card=0, seat_pos=1)
    assert s.phase == P_ORC and s.actor == 1
    act(s, A_PUSH + 2)  # right from the entrance: invasion
    assert s.phase == P_INVADE and s.actor == 1
    assert legal(s) - ANYTIME == {A_CELL + cell(1, 3), A_CELL + cell(1, 4)}
    act(s, A_CELL + cell(1, 3))
    assert s.orc_state[1, 0] == O_CAVE and s.orc_cell[1, 0] == cell(1, 3)
    assert s.phase != P_INVADE and s.ev_letter >= 1  # orc A's step is over


def test_b8_invasion_tie_after_a_move_with_nothing_else_to_decide_still_asks_the_owner():
    """No bribe or push possible: the orc step resolves by itself (E2), its card walks it from
    the entrance into the cave (card 0), and the tie is then the owner's decision."""
    s = new_state(1)
    s.res[0] = 0
    ruby_mine_tie(s, 0)
    s.orc_cell[0, 0] = ENTRANCE_CELL
    start_event(s, board=0, letter=0, card=0)
    assert s.phase == P_INVADE and s.actor == 0 and s.sub[0] == 0
    act(s, A_CELL + cell(1, 4))
    assert s.orc_state[0, 0] == O_CAVE and s.orc_cell[0, 0] == cell(1, 4)
    assert s.phase != P_INVADE and s.ev_letter >= 1


def test_b8_event_4_forced_invasion_asks_the_owner_on_a_tie_then_goes_on():
    s = new_state(1)
    s.set("round", 10)  # not the last round: no final re-evaluation right after
    ruby_mine_tie(s, 0)
    start_event(s, board=3, letter=3, card=0)  # D is out of play: straight to the invasion
    assert s.phase == P_INVADE and s.sub[0] == 0  # orc A first
    act(s, A_CELL + cell(1, 4))
    assert s.orc_cell[0, 0] == cell(1, 4)
    assert s.orc_cell[0, 1] == cell(1, 3)  # B: the one ruby mine left, no tie
    assert s.orc_cell[0, 2] == ENTRY_DWELLING and s.phase != P_INVADE
    assert all(s.orc_state[0, o] == O_CAVE for o in range(3))


def test_d26_final_reevaluation_tie_is_the_owners_choice_before_scoring():
    s = new_state(1)
    ruby_mine_tie(s, 0)  # both worth 4 (D26), nobody living there
    s.orc_state[0, 0] = O_CAVE
    s.orc_cell[0, 0] = cell(1, 3)
    s.orc_state[0, 1:3] = O_DEFEATED
    s.set("stage", ST_END)
    s.set("stack_n", 0)
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_INVADE and s.sub[1] == 1
    assert legal(s) - ANYTIME == {A_CELL + cell(1, 3), A_CELL + cell(1, 4)}
    act(s, A_CELL + cell(1, 4))
    assert s.orc_cell[0, 0] == cell(1, 4) and s.phase == P_GAME_OVER


def zero_point_tie(s):
    """The entry dwelling (0 points, both dwarfs live there) ties with a Breakfast Room (0
    points) housing a cattle: equally preferred furnishings, both housing someone (B8)."""
    s.tile[0, cell(1, 3)] = T_CAVERN
    s.furn[0, cell(1, 3)] = F_BREAKFAST + 1
    s.res[0, CATTLE] = 1
    house(s, 0)
    assert s.animal_at[0, cell(1, 3), 2] == 1


def test_a5_every_dwarf_must_have_room_the_owner_may_not_pick_a_tie_that_leaves_one_without():
    """Taking the entry dwelling would hold one dwarf hostage and leave the other without room
    (its 2 rooms are gone, D22); the Breakfast Room keeps both housed, so the orc goes there
    without a decision (A5 step 4 narrows the owner's choice, E5)."""
    s = new_state(1)
    zero_point_tie(s)
    assert not invade(s.buf, 0, 0)
    assert s.orc_cell[0, 0] == cell(1, 3) and (s.dwarf[0] == D_HOSTAGE).sum() == 0


def test_a5_room_rule_leaves_the_choice_when_every_tied_cell_keeps_the_dwarfs_housed():
    s = new_state(1)
    zero_point_tie(s)
    s.furn[0, cell(2, 3)] = F_SIMPLE_A + 1  # 0 points, a third room: a dwarf moves in (D21)
    assert invade(s.buf, 0, 0)
    refresh(s)
    assert s.phase == P_INVADE
    assert legal(s) - ANYTIME == {A_CELL + c for c in (cell(1, 3), cell(2, 3), ENTRY_DWELLING)}
    act(s, A_CELL + ENTRY_DWELLING)
    assert (s.dwarf[0] == D_HOSTAGE).sum() == 1  # the one living there; the other has a room
