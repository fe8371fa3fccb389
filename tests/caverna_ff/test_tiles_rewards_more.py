"""Furnishing and reward effects that need several steps (spec B6, B9, B10, A10)."""

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import A_CELL, A_FURN, A_OPTION, A_REWARD, A_TRAP
from eurogym.envs.caverna_ff.orcs import defeat
from eurogym.envs.caverna_ff.state import (
    D_ADULT,
    D_NEWBORN,
    O_FRIENDLY,
    O_HELD,
    P_BRANCH,
    P_FURN,
    P_FURN_CELL,
    P_TRAP,
    P_TRAP_CELL,
    P_WARRIOR,
    P_WARRIOR_PAY,
)
from eurogym.envs.caverna_ff.tables import (
    F_CARPENTER,
    F_DWELLING,
    F_ORC_DWELLING,
    F_WARRIOR,
    ORE,
    REWARD_NAMES,
    STONE,
    T_CAVERN,
    TR_NET,
    TR_SPEAR,
    WOOD,
)
from tests.caverna_ff.helpers import act, cell, legal, new_state, refresh


def claim(s, orc, reward):
    s.set("stack_n", 0)
    defeat(s.buf, 0, orc, 5)
    kernels.advance(s.buf, s.mask)
    act(s, A_REWARD + REWARD_NAMES.index(reward))


def test_b6_trapper_places_a_trap_for_free():
    s = new_state(4)
    s.res[0, :] = 0
    claim(s, 3, "trapper")
    assert s.phase == P_TRAP and A_TRAP + TR_SPEAR in legal(s)  # cost 3 ore + donkey, free
    act(s, A_TRAP + TR_SPEAR)
    assert s.phase == P_TRAP_CELL
    act(s, A_CELL + cell(1, 1))
    assert s.trap[0, cell(1, 1)] == TR_SPEAR + 1 and s.trap_active[0, cell(1, 1)] == 1
    assert s.res[0, ORE] == 0


def test_b6_supplier_arms_an_unarmed_dwarf_with_5():
    s = new_state(4)
    s.weapon[0, 0] = 2
    claim(s, 2, "supplier")
    assert s.weapon[0, 1] == 5 and s.weapon[0, 0] == 2


def test_b6_casanova_furnishes_a_dwelling_then_grows():
    s = new_state(4)
    s.res[0, WOOD], s.res[0, STONE] = 4, 3
    claim(s, 3, "casanova")
    assert s.phase == P_FURN and A_FURN + F_DWELLING in legal(s)
    assert A_FURN + F_CARPENTER not in legal(s)  # affordable, but not a dwelling
    act(s, A_FURN + F_DWELLING)
    assert s.phase == P_FURN_CELL
    act(s, A_CELL + cell(2, 3))
    assert s.phase == P_BRANCH  # then/or family growth, now that there is room
    act(s, A_OPTION + 0)
    assert (s.dwarf[0] == D_NEWBORN).sum() == 1


def test_b10_warrior_dwelling_costs_8_materials_and_arms_an_unarmed_dwarf():
    s = new_state(1)
    s.res[0, WOOD], s.res[0, STONE], s.res[0, ORE] = 6, 1, 5
    s.set("stack_n", 0)
    kernels.push_op(s.buf, kernels.OP_FURNISH, 10, 0)
    kernels.advance(s.buf, s.mask)
    assert A_FURN + F_WARRIOR in legal(s)
    act(s, A_FURN + F_WARRIOR, A_CELL + cell(2, 3))
    assert s.phase == P_WARRIOR_PAY  # wood 2-6 (stone must be 1, ore at most 5)
    act(s, A_OPTION + 6)  # then the stone (1) and the ore (1) are forced
    assert s.phase == P_WARRIOR
    assert s.res[0, WOOD] + s.res[0, STONE] + s.res[0, ORE] == 12 - 8
    left_ore = s.res[0, ORE]
    act(s, A_OPTION + left_ore)  # arm with all the ore left
    act(s, A_OPTION + 0)  # two unarmed dwarfs: the player picks dwarf 0 (P_ARM)
    assert s.weapon[0, 0] == left_ore and s.res[0, ORE] == 0


def test_b9_orc_dwelling_example_held_orc_moves_in_and_works_this_round():
    """Seed p.9: you caught an orc in a Net Trap; as soon as you build the Orc Dwelling it
    moves in and can be placed this very round."""
    s = new_state(1)
    s.trap[0, cell(1, 0)] = TR_NET + 1
    s.trap_active[0, cell(1, 0)] = 1
    s.orc_state[0, 0] = O_HELD
    s.orc_cell[0, 0] = cell(1, 0)
    s.res[0, WOOD], s.res[0, ORE] = 2, 2
    s.set("stack_n", 0)
    kernels.push_op(s.buf, kernels.OP_FURNISH, 10, 0)
    kernels.advance(s.buf, s.mask)
    act(s, A_FURN + F_ORC_DWELLING, A_CELL + cell(2, 3))
    assert s.orc_state[0, 0] == O_FRIENDLY and s.orc_ready[0, 0] == s.round
    assert s.trap_active[0, cell(1, 0)] == 0  # the holding trap flips when it befriends
    assert s.tile[0, cell(2, 3)] == T_CAVERN and s.dwarf[0, 0] == D_ADULT
    refresh(s)
