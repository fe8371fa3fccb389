"""Choices the rules give the player that the engine once fixed: which animal types the loot
'breed up to 2' picks (spec A8), which unarmed dwarf the Supplier / Warrior Dwelling arms (B6,
B10, D32), the Warrior Dwelling's material mix (B10) and invasion ties (B8, D26)."""

import numpy as np

from envs.caverna_ff import kernels
from envs.caverna_ff.actions import A_CELL, A_DONE, A_FURN, A_LOOT, A_OPTION, A_REWARD
from envs.caverna_ff.orcs import defeat
from envs.caverna_ff.state import D_HOSTAGE, P_ARM, P_BREED, P_WARRIOR, P_WARRIOR_PAY
from envs.caverna_ff.tables import (
    BOAR,
    CATTLE,
    DONKEY,
    F_WARRIOR,
    FOOD,
    L_BREED2,
    ORE,
    REWARD_NAMES,
    SHEEP,
    STONE,
    SUPPLIER_STRENGTH,
    T_MEADOW,
    WOOD,
)
from tests.caverna_ff.helpers import act, cell, house, legal, new_state, start_expedition

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
    assert legal(s) == {BREED_SHEEP, BREED_BOAR, BREED_CATTLE, A_DONE}  # no donkeys
    act(s, BREED_SHEEP)
    assert s.phase == P_BREED and legal(s) == {BREED_BOAR, BREED_CATTLE, A_DONE}
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
    assert s.phase == P_ARM and legal(s) == {A_OPTION + 0, A_OPTION + 1}
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
    assert s.phase == P_ARM and legal(s) == {A_OPTION + 0, A_OPTION + 1}
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
    assert legal(s) == {A_OPTION + 4, A_OPTION + 5, A_OPTION + 6}
    act(s, A_OPTION + 6)
    assert (s.res[0, WOOD], s.res[0, STONE], s.res[0, ORE]) == (0, 4, 2)
    assert s.furn[0, cell(2, 3)] == F_WARRIOR + 1 and s.phase == P_WARRIOR


def test_b10_warrior_dwelling_the_chosen_mix_is_deducted_exactly():
    s = warrior_state(4, 4, 4)
    act(s, A_FURN + F_WARRIOR, A_CELL + cell(2, 3))
    assert s.phase == P_WARRIOR_PAY
    assert legal(s) == {A_OPTION + k for k in (1, 2, 3, 4)}  # wood (up to 4 held)
    act(s, A_OPTION + 2)
    assert s.phase == P_WARRIOR_PAY
    assert legal(s) == {A_OPTION + k for k in (2, 3, 4)}  # stone: 6 left to pay, ore <= 4
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
