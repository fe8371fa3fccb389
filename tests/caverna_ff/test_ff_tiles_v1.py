"""caverna_ff_v1's Frantic Fiends tiles of the supply extensions (rules B10, F14-F21): the
Dwelling Copy, the Children's Dwelling, the Battle Dog School, the Camouflaged Dwelling, the
Orc Miner, Orc Captain, Guest and Orc Worker Dwelling.
Each test checks the rule against the same board without the tile (or the tile's own
numbers), so a wrong or missing effect fails."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_CELL,
    A_FURN,
    A_FURN_X,
    A_LOOT,
    A_OPTION,
    A_ORC,
    A_PERSON,
    A_SKIP,
    A_SPACE,
)
from eurogym.envs.caverna_ff.board import (
    can_grow,
    dwarf_homes,
    dwarf_room,
    free_orc_room,
    orc_homes,
)
from eurogym.envs.caverna_ff.consistency import check_state
from eurogym.envs.caverna_ff.helpers import PERSON_ORC
from eurogym.envs.caverna_ff.render import render_ansi
from eurogym.envs.caverna_ff.rules import ENGINE_V1
from eurogym.envs.caverna_ff.spaces import IS_ACCUMULATING, OP_COLLECT, OP_FURNISH, SPACE_NAMES
from eurogym.envs.caverna_ff.state import (
    D_ADULT,
    D_HOSTAGE,
    D_NEWBORN,
    O_DEFEATED,
    O_FRIENDLY,
    P_ARM,
    P_BRANCH,
    P_FIGHT_DOGS,
    P_FORGE,
    P_FURN,
    P_FURN_CELL,
    P_PLACE,
    P_REWARD,
    P_TWIN,
    P_TWIN_KIND,
    ST_WORK,
    StateV1,
)
from eurogym.envs.caverna_ff.tables import (
    DOG,
    DONKEY,
    ENTRY_DWELLING,
    EXT_FURN,
    EXT_NAMES,
    F_BATTLE_DOG_SCHOOL,
    F_CAMOUFLAGED,
    F_CHILDRENS,
    F_DWELLING,
    F_DWELLING_COPY,
    F_GUEST_DWELLING,
    F_ORC_CAPTAIN,
    F_ORC_DWELLING,
    F_ORC_MINER,
    F_ORC_WORKER,
    FOOD,
    FURN_COST,
    FURN_IS_DWELLING,
    FURN_ORC_ROOM,
    FX_FIRST,
    GOOD_NAMES,
    L_FIGHT,
    ORE,
    RUBY,
    START_CAVERN,
    STONE,
    T_CAVERN,
    T_ORE_MINE,
    WOOD,
)
from tests.caverna_ff.helpers import cell, legal, start_expedition

FIGHT = A_LOOT + L_FIGHT


def game(num_players: int = 1) -> StateV1:
    """A v1 game whose supply holds every extension (rules B2), every tile on offer."""
    config = ENGINE_V1.make_config(num_players, supply_extensions=list(EXT_NAMES))
    return ENGINE_V1.new_game(config, 0)


def pay_for(s: StateV1, f: int) -> None:
    """Player 0 has exactly tile f's cost."""
    s.res[0, : len(GOOD_NAMES)] = 0
    s.res[0] += FURN_COST[f]


def furnish(s: StateV1, f: int) -> None:
    """Player 0 furnishes f on the printed cavern from Housework's 'furnish a cavern'."""
    s.set("stack_n", 0)
    assert kernels.run_op(s.buf, OP_FURNISH, 10, 0)
    kernels.compute_mask(s.buf, s.mask)
    assert s.phase == P_FURN
    ENGINE_V1.apply_action(s, A_FURN_X + f - FX_FIRST)
    assert s.phase == P_FURN_CELL
    ENGINE_V1.apply_action(s, A_CELL + START_CAVERN)
    assert s.furn[0, START_CAVERN] == f + 1 and s.furn_left_x[f - FX_FIRST] == 0


def test_b10_f14_f15_are_one_copy_dwellings_with_a_dwarf_room():
    s = game()
    for f in (F_DWELLING_COPY, F_CHILDRENS):
        assert FURN_IS_DWELLING[f] and s.furn_left_x[f - FX_FIRST] == 1
    assert not FURN_IS_DWELLING[F_BATTLE_DOG_SCHOOL]
    before = dwarf_room(s.buf, 0)
    pay_for(s, F_CHILDRENS)
    furnish(s, F_CHILDRENS)
    assert dwarf_room(s.buf, 0) == before + 1


# ---- F14: Dwelling Copy ----------------------------------------------------------------------


def test_b10_f14_dwelling_copy_arms_the_unarmed_dwarf_with_the_strongest_weapon_in_play():
    s = game(2)
    s.weapon[0, 1] = 3
    s.weapon[1, 0] = 9  # an opponent's dwarf: every player's weapons count
    s.dwarf[1, 2], s.weapon[1, 2] = D_HOSTAGE, 12  # a hostage is not in play (D22)
    pay_for(s, F_DWELLING_COPY)
    furnish(s, F_DWELLING_COPY)
    assert s.weapon[0].tolist()[:2] == [9, 3]  # the one unarmed dwarf, without a question


def test_b10_f14_dwelling_copy_asks_which_unarmed_dwarf_and_arms_nobody_without_weapons():
    s = game(1)
    s.dwarf[0, 2] = D_ADULT
    s.weapon[0, 1] = 6
    s.tile[0, 3], s.furn[0, 3] = T_CAVERN, F_DWELLING + 1  # a room for the third dwarf
    pay_for(s, F_DWELLING_COPY)
    furnish(s, F_DWELLING_COPY)
    assert s.phase == P_ARM and s.sub[0] == 6
    assert {a - A_OPTION for a in legal(s) if A_OPTION <= a < A_OPTION + 6} == {0, 2}
    ENGINE_V1.apply_action(s, A_OPTION + 2)
    assert s.weapon[0, :3].tolist() == [0, 6, 6]
    t = game(1)  # nobody armed: the strongest weapon is none, nothing to copy
    pay_for(t, F_DWELLING_COPY)
    furnish(t, F_DWELLING_COPY)
    assert t.phase != P_ARM and t.weapon[0].sum() == 0


# ---- F15: Children's Dwelling ----------------------------------------------------------------


@pytest.mark.parametrize("grow", [True, False])
def test_b10_f15_childrens_dwelling_offers_a_family_growth_right_after_it_is_built(grow):
    s = game()
    pay_for(s, F_CHILDRENS)
    furnish(s, F_CHILDRENS)
    assert s.phase == P_BRANCH and A_SKIP in legal(s)  # the growth may be declined
    growth = min(a for a in legal(s) if A_OPTION <= a < A_OPTION + 15)
    ENGINE_V1.apply_action(s, growth if grow else A_SKIP)
    newborns = int((s.dwarf[0] == D_NEWBORN).sum())
    assert newborns == (1 if grow else 0)


def test_b10_f15_an_ordinary_dwelling_offers_no_growth():
    s = game()
    pay_for(s, F_DWELLING)
    s.set("stack_n", 0)
    assert kernels.run_op(s.buf, OP_FURNISH, 10, 0)
    kernels.compute_mask(s.buf, s.mask)
    ENGINE_V1.apply_action(s, A_FURN + F_DWELLING)
    ENGINE_V1.apply_action(s, A_CELL + START_CAVERN)
    assert s.furn[0, START_CAVERN] == F_DWELLING + 1
    assert s.phase != P_BRANCH and (s.dwarf[0] == D_NEWBORN).sum() == 0


# ---- F16: Battle Dog School -------------------------------------------------------------------


def fight_state(weapon: int, dogs: int, school: bool) -> StateV1:
    s = game()
    s.weapon[0, 0] = weapon
    s.res[0, DOG] = dogs
    s.animal_at[0, ENTRY_DWELLING, 4] = dogs  # dogs stay with the dwarfs (E17)
    if school:
        s.furn[0, START_CAVERN] = F_BATTLE_DOG_SCHOOL + 1
        s.furn_left_x[F_BATTLE_DOG_SCHOOL - FX_FIRST] = 0
    start_expedition(s, 0, 0, level=1)
    return s


def test_b5_f16_battle_dog_school_counts_each_dog_twice_towards_the_fight():
    assert FIGHT not in legal(fight_state(2, 2, False))  # 2 + 2 < 5 (Orc A)
    s = fight_state(2, 2, True)  # 2 + 2 * 2 >= 5
    assert FIGHT in legal(s)
    ENGINE_V1.apply_action(s, FIGHT)
    ENGINE_V1.apply_action(s, A_ORC + 0)
    assert s.phase == P_FIGHT_DOGS
    assert legal(s) & set(range(A_OPTION, A_OPTION + 15)) == {A_OPTION + 2}  # 1 dog: 2-3 < 0
    ENGINE_V1.apply_action(s, A_OPTION + 2)
    assert s.weapon[0, 0] == 2  # 2 - (5 - 4) = 1, then +1 after the expedition
    assert s.res[0, DOG] == 0 and s.orc_state[0, 0] == O_DEFEATED and s.phase == P_REWARD


def test_b5_f16_no_more_dogs_than_cover_the_strength_twice_each_and_no_gain_from_surplus():
    for school, offered in ((False, {0, 1, 2, 3, 4}), (True, {0, 1, 2, 3})):
        s = fight_state(5, 4, school)
        ENGINE_V1.apply_action(s, FIGHT)
        ENGINE_V1.apply_action(s, A_ORC + 0)
        assert {a - A_OPTION for a in legal(s) if A_OPTION <= a < A_OPTION + 15} == offered
    ENGINE_V1.apply_action(s, A_OPTION + 3)  # 6 > 5: the weapon stays 5, no surplus gained
    assert s.weapon[0, 0] == 6 and s.res[0, DOG] == 1


# ---- F17: Camouflaged Dwelling ---------------------------------------------------------------


def placing_unarmed(weapon: int, rubies: int, camouflaged: bool) -> StateV1:
    """Solo player 0 about to place unarmed dwarf 0, dwarf 1 armed with `weapon`."""
    s = game()
    assert s.phase == P_PLACE and s.cur_person == 0
    s.weapon[0, 1] = weapon
    s.res[0, RUBY] = rubies
    if camouflaged:
        s.furn[0, START_CAVERN] = F_CAMOUFLAGED + 1
        s.furn_left_x[F_CAMOUFLAGED - FX_FIRST] = 0
    kernels.compute_mask(s.buf, s.mask)
    return s


def test_a5_f17_camouflaged_dwelling_lets_a_weak_armed_dwarf_go_before_the_unarmed_free():
    assert A_PERSON + 1 not in legal(placing_unarmed(3, 0, False))  # needs a ruby without it
    s = placing_unarmed(3, 1, True)
    assert A_PERSON + 1 in legal(s)
    assert "free" in ENGINE_V1.describe_action(s, A_PERSON + 1)
    ENGINE_V1.apply_action(s, A_PERSON + 1)
    assert s.res[0, RUBY] == 1  # no ruby paid
    assert s.phase == P_PLACE and s.cur_person == 1  # the armed dwarf places now
    check_state(s)


def test_a5_f17_camouflaged_dwelling_is_for_strength_3_or_less_and_before_unarmed_only():
    assert A_PERSON + 1 not in legal(placing_unarmed(4, 0, True))  # strength 4: a ruby
    s = placing_unarmed(4, 1, True)
    ENGINE_V1.apply_action(s, A_PERSON + 1)
    assert s.res[0, RUBY] == 0  # paid as usual
    t = placing_unarmed(2, 0, True)
    t.weapon[0, 0] = 1  # no unarmed dwarf left: the usual order (ascending strength) holds
    kernels.compute_mask(t.buf, t.mask)
    assert A_PERSON + 1 not in legal(t)


# ---- F18: Orc Miner Dwelling -----------------------------------------------------------------

ORE_A, ORE_B, MINER_ROOM = cell(0, 3), cell(0, 4), cell(1, 3)


def mining_board(friendly: bool, miner: bool = True) -> StateV1:
    """Two ore mines (3 and 5 ore on them), the Orc Miner Dwelling on (1, 3), Orc A friendly."""
    s = game()
    s.tile[0, ORE_A], s.tile[0, ORE_B] = T_ORE_MINE, T_ORE_MINE
    s.mine_goods[0, ORE_A], s.mine_goods[0, ORE_B] = 3, 5
    if miner:
        s.tile[0, MINER_ROOM], s.furn[0, MINER_ROOM] = T_CAVERN, F_ORC_MINER + 1
        s.furn_left_x[F_ORC_MINER - FX_FIRST] = 0
    if friendly:
        s.orc_state[0, 0], s.orc_cell[0, 0] = O_FRIENDLY, -1
    return s


def test_b4_f18_orc_miner_dwellings_orc_hauls_one_ore_mine_plus_one_ore():
    s = mining_board(True)
    kernels.mining_phase(s.buf, 0)
    assert s.res[0, ORE] == 5 + 1  # the fuller mine, and the bonus
    assert s.mine_goods[0, ORE_A] == 3 and s.mine_goods[0, ORE_B] == 0
    for t in (mining_board(False), mining_board(True, miner=False)):  # no orc / no dwelling
        kernels.mining_phase(t.buf, 0)
        assert t.res[0, ORE] == 0 and t.mine_goods[0, ORE_B] == 5


def test_b4_f18_the_donkeys_haul_first_and_the_orc_takes_another_mine():
    s = mining_board(True)
    s.animal_at[0, ORE_B, 3] = 1
    s.res[0, DONKEY] = 1
    kernels.mining_phase(s.buf, 0)
    assert s.res[0, ORE] == 5 + 3 + 1 and s.mine_goods[0].sum() == 0


def test_b9_f18_a_friendly_orc_lives_in_the_orc_miner_dwelling_first_and_it_is_an_orc_room():
    s = mining_board(True)
    s.tile[0, cell(0, 5)], s.furn[0, cell(0, 5)] = T_CAVERN, F_ORC_DWELLING + 1  # lower cell
    home = np.zeros(4, np.int64)
    orc_homes(s.buf, 0, home)
    assert home[0] == MINER_ROOM
    t = mining_board(False)  # a held orc moves into the free Orc Miner Dwelling (B9)
    assert free_orc_room(t.buf, 0) == MINER_ROOM


# ---- F19: Orc Captain Dwelling ---------------------------------------------------------------

CAPTAIN_ROOM, SPACE = cell(1, 3), 0


def collecting(goods: dict[int, int], person: int = PERSON_ORC, captain: bool = True):
    """Solo player 0's `person` collects `goods` accumulated on space 0; Orc A is friendly and
    lives in the Orc Captain Dwelling (or an Orc Dwelling). Returns the state and whether a
    decision was asked."""
    s = game()
    f = F_ORC_CAPTAIN if captain else F_ORC_DWELLING
    s.tile[0, CAPTAIN_ROOM], s.furn[0, CAPTAIN_ROOM] = T_CAVERN, f + 1
    s.orc_state[0, 0], s.orc_cell[0, 0] = O_FRIENDLY, -1
    s.accum[SPACE, :] = 0
    for g, k in goods.items():
        s.accum[SPACE, g] = k
    s.res[0, WOOD] = s.res[0, STONE] = s.res[0, ORE] = 0
    s.set("stack_n", 0)
    s.set("cur_space", SPACE)
    s.set("cur_person", person)
    asked = kernels.run_op(s.buf, OP_COLLECT, 0, 0)
    kernels.compute_mask(s.buf, s.mask)
    return s, asked


def test_b9_f19_orc_captains_orc_collects_one_more_of_a_single_material():
    s, asked = collecting({WOOD: 3})
    assert not asked and s.res[0, WOOD] == 3 + 1
    for t, _ in (
        collecting({WOOD: 3}, person=0),  # a dwarf collecting: no bonus
        collecting({WOOD: 3}, captain=False),  # the orc lives in an ordinary Orc Dwelling
    ):
        assert t.res[0, WOOD] == 3
    u, asked = collecting({FOOD: 2})  # food is no building material
    assert not asked and u.res[0, WOOD] + u.res[0, STONE] + u.res[0, ORE] == 0


def test_b9_f19_with_two_materials_collected_the_player_picks_the_extra_one():
    s, asked = collecting({ORE: 1, STONE: 2})
    assert asked and s.phase == P_BRANCH
    options = {a - A_OPTION for a in legal(s) if A_OPTION <= a < A_OPTION + 15}
    assert options == {STONE, ORE}
    assert "stone" in ENGINE_V1.describe_action(s, A_OPTION + STONE)
    ENGINE_V1.apply_action(s, A_OPTION + STONE)
    assert (s.res[0, STONE], s.res[0, ORE]) == (3, 1)


# ---- F20: Guest Dwelling ---------------------------------------------------------------------

GUEST = cell(1, 3)


def guest_board(dwarfs: int = 2) -> StateV1:
    """Solo player 0 with `dwarfs` dwarfs, the entry dwelling (2 rooms) and a Guest Dwelling."""
    s = game()
    s.tile[0, GUEST], s.furn[0, GUEST] = T_CAVERN, F_GUEST_DWELLING + 1
    s.furn_left_x[F_GUEST_DWELLING - FX_FIRST] = 0
    s.dwarf[0, :dwarfs] = D_ADULT
    return s


def test_b10_f20_guest_dwelling_is_a_dwarf_room_while_no_orc_needs_it():
    s = guest_board()
    assert dwarf_room(s.buf, 0) == 3 and can_grow(s.buf, 0)
    assert free_orc_room(s.buf, 0) == GUEST  # a held orc may move in: the dwarfs fit (B9)


def test_b10_f20_an_orc_in_the_guest_dwelling_takes_its_room_until_an_orc_room_frees_it():
    s = guest_board()
    s.orc_state[0, 0], s.orc_cell[0, 0] = O_FRIENDLY, -1
    home = np.zeros(4, np.int64)
    orc_homes(s.buf, 0, home)
    assert home[0] == GUEST
    assert dwarf_room(s.buf, 0) == 2 and not can_grow(s.buf, 0)  # no room for a newborn
    assert free_orc_room(s.buf, 0) == -1
    s.tile[0, cell(0, 3)], s.furn[0, cell(0, 3)] = T_CAVERN, F_ORC_DWELLING + 1  # built later
    orc_homes(s.buf, 0, home)
    assert home[0] == cell(0, 3)  # the orc moves over (swapped, E19)
    assert dwarf_room(s.buf, 0) == 3 and can_grow(s.buf, 0)


def test_b10_f20_a_dwarf_living_in_the_guest_dwelling_is_not_put_out_for_an_orc():
    s = guest_board(dwarfs=3)
    assert free_orc_room(s.buf, 0) == -1  # the third dwarf has no other room
    home = np.zeros(6, np.int64)
    dwarf_homes(s.buf, 0, home)
    assert GUEST in home[:3].tolist()


# ---- F21: Orc Worker Dwelling ----------------------------------------------------------------

WORKER_ROOM = cell(1, 3)


def orc_to_place(worker: bool = True) -> StateV1:
    """Solo player 0's dwarfs stayed home this round and friendly Orc A, living in an Orc Worker
    Dwelling (or an ordinary Orc Dwelling), is the person to place (rules A5, B9)."""
    s = game()
    f = F_ORC_WORKER if worker else F_ORC_DWELLING
    s.tile[0, WORKER_ROOM], s.furn[0, WORKER_ROOM] = T_CAVERN, f + 1
    s.orc_state[0, 0], s.orc_cell[0, 0], s.orc_ready[0, 0] = O_FRIENDLY, -1, 1
    s.dwarf_space[0, :2] = -2
    s.set("cur_person", PERSON_ORC)
    kernels.compute_mask(s.buf, s.mask)
    assert s.phase == P_PLACE and s.stage == ST_WORK
    return s


def test_b9_f21_orc_workers_orc_may_take_a_space_that_accumulates_nothing():
    slash = SPACE_NAMES.index("slash_and_burn")
    assert IS_ACCUMULATING[slash] == 0
    assert A_SPACE + slash in legal(orc_to_place(True))
    assert A_SPACE + slash not in legal(orc_to_place(False))  # D20: accumulation spaces only


def test_b9_f21_orc_workers_orc_takes_every_action_of_the_space_not_only_the_goods():
    excavation = SPACE_NAMES.index("excavation")
    for worker in (True, False):
        s = orc_to_place(worker)
        stone = int(s.res[0, STONE] + s.accum[excavation, STONE])
        ENGINE_V1.apply_action(s, A_SPACE + excavation)
        assert s.res[0, STONE] == stone  # the accumulated goods either way
        # the twin tile of Excavation only for the Orc Worker's orc (seed p.8 example)
        assert (s.phase in (P_TWIN, P_TWIN_KIND)) == worker


def test_b9_f21_orc_workers_orc_may_neither_grow_the_family_nor_forge():
    s = orc_to_place(True)
    s.tile[0, START_CAVERN], s.furn[0, START_CAVERN] = T_CAVERN, F_DWELLING + 1  # a free room
    s.dwarf_space[0, :2] = 0
    assert not can_grow(s.buf, 0)  # the orc acting: no family growth
    s.set("cur_person", 0)
    assert can_grow(s.buf, 0)  # a dwarf acting may grow into the free room
    t = orc_to_place(True)
    armory = SPACE_NAMES.index("armory_1_3")
    t.res[0, WOOD] = 4
    ENGINE_V1.apply_action(t, A_SPACE + armory)
    assert t.phase != P_FORGE and (t.weapon[0] == 0).all()  # no wood weapon for an orc


def test_b9_f21_orc_worker_dwelling_is_an_orc_room_filled_first_and_on_extension_s3():
    assert FURN_ORC_ROOM[F_ORC_WORKER] == 1 and FURN_IS_DWELLING[F_ORC_WORKER]
    s = orc_to_place(True)
    s.tile[0, cell(0, 3)], s.furn[0, cell(0, 3)] = T_CAVERN, F_ORC_DWELLING + 1  # lower cell
    home = np.zeros(4, np.int64)
    orc_homes(s.buf, 0, home)
    assert home[0] == WORKER_ROOM
    s3 = EXT_FURN[EXT_NAMES.index("S3")]
    assert F_ORC_WORKER in s3.tolist()  # dealt with its extension (B2, D34)
    assert "orc worker dwelling" in render_ansi(s)  # on its cell and in the supply's text
