"""caverna_ff_v1's further base furnishing tiles (spec A3, A5, A7, A9, A10, A12; docs/rules/
caverna_ff.md F0-F12): the Work Room, Miner, Quarry, Breeding Cave, Mining Cave, Additional
Dwelling, Dog School, Seam, Trader, Peaceful Cave, Guest Room and Builder. Each test
sets a board by hand and checks the tile's rule against the same board without the tile, so a
missing or wrong effect fails. caverna_ff_v0 never deals these tiles (its golden games pin it)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_CELL,
    A_CELL_X,
    A_FURN,
    A_FURN_X,
    A_OFFICE,
    A_OPTION,
    A_REARRANGE,
    A_RUBY,
    A_SKIP,
    A_SOW_GRAIN,
    A_SPACE_X,
    A_TILE_X,
    A_TRAP,
    A_TRAP_X,
    A_TWIN,
    A_TWIN_X,
    NUM_ACTIONS,
    NUM_TILE_X,
    X_PEACEFUL,
    X_TRADER,
    describe,
)
from eurogym.envs.caverna_ff.board import (
    A_DONKEY,
    can_grow,
    dwarf_homes,
    dwarf_room,
    single_ok,
    stable_ok,
)
from eurogym.envs.caverna_ff.helpers import grow
from eurogym.envs.caverna_ff.invariants import first_violation
from eurogym.envs.caverna_ff.ops import ask_pasture, breed
from eurogym.envs.caverna_ff.render_image import PANEL_LINES, panel_lines
from eurogym.envs.caverna_ff.render_text import border_text, render_ansi
from eurogym.envs.caverna_ff.rules import ENGINE, ENGINE_V1, score_table
from eurogym.envs.caverna_ff.scoring import BREAKDOWN
from eurogym.envs.caverna_ff.spaces import (
    NUM_SPACES,
    NUM_SPACES_V0,
    OP_FURNISH,
    OP_HOUSEWORK,
    OP_SOW,
    OP_TWIN,
    OP_URGENT,
)
from eurogym.envs.caverna_ff.state import (
    D_ADULT,
    O_CAVE,
    P_BRANCH,
    P_CELL,
    P_FURN,
    P_FURN_CELL,
    P_PLACE,
    P_TRAP,
    P_TWIN,
    StateV1,
)
from eurogym.envs.caverna_ff.tables import (
    BOAR,
    BORDER_CELLS,
    CATTLE,
    CELLS,
    DOG,
    DONKEY,
    ENTRANCE_CELL,
    EXT_NAMES,
    EXT_UNBUILT,
    F_ADDITIONAL,
    F_BREEDING_CAVE,
    F_BUILDER,
    F_CARPENTER,
    F_DOG_SCHOOL,
    F_DWELLING,
    F_GUEST,
    F_MINER,
    F_MINING_CAVE,
    F_OFFICE,
    F_PEACEFUL,
    F_QUARRY,
    F_SEAM,
    F_STONE_CARVER,
    F_TRADER,
    F_WORK_ROOM,
    FOOD,
    FOREST,
    FURN_COST,
    FURN_IS_YELLOW,
    FX_FIRST,
    FX_NAMES,
    GOLD,
    GOOD_NAMES,
    GRAIN,
    H_FEED_ONE,
    H_NORMAL,
    NUM_FX,
    NUM_REWARD_SPACES,
    NUM_REWARDS,
    NUM_TRAP_X,
    NUM_TWIN_X,
    OFFICE_GOLD,
    ORE,
    RUBY,
    SHEEP,
    START_CAVERN,
    STONE,
    T_CAVERN,
    T_DEEP,
    T_FIELD,
    T_MEADOW,
    T_NONE,
    T_ORE_MINE,
    T_RUBY_MINE,
    T_TUNNEL,
    TW_CAVERN_TUNNEL,
    TW_MEADOW_FIELD,
    TWIN_X_CELLS,
    WOOD,
)
from eurogym.envs.core.errors import StateError
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import random_legal_action
from tests.caverna_ff.helpers import cell, legal

TUNNEL, DEEP, ORE_MINE, RUBY_MINE = cell(0, 3), cell(0, 4), cell(0, 5), cell(1, 5)


def game(**options) -> StateV1:
    """A solo v1 game whose supply holds every extension (rules B2: normally one at random per
    player), so every further tile is on offer."""
    options.setdefault("supply_extensions", list(EXT_NAMES))
    state = ENGINE_V1.new_game(ENGINE_V1.make_config(1, **options), 0)
    assert state.phase == P_PLACE and state.stack_n == 0
    return state


def own(s: StateV1, f: int, c: int = START_CAVERN) -> None:
    """Player 0 has furnishing f (a v1 tile) on cell c, taken from the supply."""
    s.furn[0, c] = f + 1
    s.furn_left_x[f - FX_FIRST] = 0


def at_furnish(s: StateV1) -> None:
    """Player 0 at a 'furnish a cavern' that may be declined (Housework's, A6)."""
    s.set("stack_n", 0)
    assert kernels.run_op(s.buf, OP_FURNISH, 10, 0)
    kernels.compute_mask(s.buf, s.mask)
    assert s.phase == P_FURN


def mines(s: StateV1, donkeys: dict[int, int]) -> None:
    """Tunnel, deep tunnel, an ore mine and a ruby mine; `donkeys` per mine cell."""
    s.tile[0, TUNNEL], s.tile[0, DEEP] = T_TUNNEL, T_DEEP
    s.tile[0, ORE_MINE], s.tile[0, RUBY_MINE] = T_ORE_MINE, T_RUBY_MINE
    s.tile[0, cell(0, 4) + 6] = T_ORE_MINE  # (1, 4): a second ore mine
    for c, n in donkeys.items():
        s.animal_at[0, c, A_DONKEY] = n
    s.res[0, DONKEY] = sum(donkeys.values())


# ---- F0: the supply and the appended actions -----------------------------------------------


def test_f0_v1_deals_one_copy_of_each_further_tile_as_appended_actions_v0_none():
    s = game()
    yellow = FURN_IS_YELLOW[FX_FIRST:] == 1  # R5-R7's, on the supply as their strip is dealt
    assert s.furn_left_x[~yellow].tolist() == [1] * int((~yellow).sum())
    extra = NUM_SPACES - NUM_SPACES_V0 + NUM_REWARD_SPACES - NUM_REWARDS  # 5-7 players (E22)
    office = NUM_TWIN_X + BORDER_CELLS  # the Office Room's TWIN_X, CELL_X (E23)
    width = NUM_ACTIONS + NUM_FX + NUM_TILE_X + NUM_TRAP_X + 1 + extra + office  # + REARRANGE
    assert ENGINE_V1.num_actions == width == s.mask.size
    v0 = ENGINE.new_game(ENGINE.make_config(1), 0)
    assert ENGINE.num_actions == NUM_ACTIONS == v0.mask.size
    assert "furn_left_x" not in v0.LAYOUT.fields
    # the last further tile, the Office Room, is the OFFICE action after all others (E23)
    names = [describe(A_FURN_X + k) for k in range(NUM_FX - 1)] + [describe(A_OFFICE)]
    assert names == [f"furnish {n.replace('_', ' ')}" for n in FX_NAMES]
    assert describe(A_TILE_X + X_TRADER).startswith("Trader")
    assert describe(A_TILE_X + X_PEACEFUL + 3) == "Peaceful Cave: trade dwarf 3's weapon for food"
    assert A_TILE_X + NUM_TILE_X == A_TRAP_X == A_REARRANGE - NUM_TRAP_X == A_SPACE_X - 9


def test_a10_f0_furnishing_a_further_tile_pays_its_cost_and_leaves_the_supply():
    s = game()
    s.res[0, WOOD], s.res[0, STONE] = 3, 2  # exactly the Mining Cave's cost, 3 wood 2 stone
    at_furnish(s)
    a = A_FURN_X + F_MINING_CAVE - FX_FIRST
    assert a in legal(s) and A_FURN + F_CARPENTER in legal(s)
    ENGINE_V1.apply_action(s, a)
    assert s.phase == P_FURN_CELL and legal(s) == {A_CELL + START_CAVERN}
    ENGINE_V1.apply_action(s, A_CELL + START_CAVERN)
    assert s.furn[0, START_CAVERN] == F_MINING_CAVE + 1
    assert s.furn_left_x[F_MINING_CAVE - FX_FIRST] == 0
    assert (s.res[0, WOOD], s.res[0, STONE]) == (0, 0)
    assert FURN_COST[F_MINING_CAVE, GOOD_NAMES.index("wood")] == 3
    back = ENGINE_V1.from_json(s.to_json())  # supply accounting and bounds accept it
    assert np.array_equal(back.buf, s.buf)


def test_a10_f0_a_further_tile_left_in_nobodys_supply_is_not_offered():
    s = game()
    s.res[0, WOOD], s.res[0, STONE], s.res[0, GRAIN] = 9, 9, 9  # the Breeding Cave: 1 grain
    s.res[0, ORE], s.res[0, FOOD] = 9, 9  # the Dwelling Copy: 2 ore; Orc Miner: 2 food
    at_furnish(s)
    not_yellow = FURN_IS_YELLOW[FX_FIRST:] == 0  # yellow ones need an empty alignment card
    offered = {A_FURN_X + k if k < NUM_FX - 1 else A_OFFICE for k in np.flatnonzero(not_yellow)}
    assert offered <= legal(s)  # the last further tile, the Office Room, is OFFICE (E23)
    s.furn_left_x[:] = 0  # as if other players had taken them
    at_furnish(s)
    assert not legal(s) & (set(range(A_FURN_X, A_TILE_X)) | {A_OFFICE})


# ---- F1: Work Room (A3, A10) ----------------------------------------------------------------


def test_a3_f1_work_room_lets_a_furnishing_go_on_tunnels_never_on_mines():
    s = game()
    mines(s, {})
    s.res[0, STONE] = 1
    at_furnish(s)
    ENGINE_V1.apply_action(s, A_FURN + F_CARPENTER)
    assert legal(s) == {A_CELL + START_CAVERN}  # without the Work Room: caverns only
    s = game()
    mines(s, {})
    own(s, F_WORK_ROOM)  # on the only empty cavern: without it nothing could be furnished
    s.res[0, STONE] = 1
    at_furnish(s)
    ENGINE_V1.apply_action(s, A_FURN + F_CARPENTER)
    assert legal(s) == {A_CELL + TUNNEL, A_CELL + DEEP}
    ENGINE_V1.apply_action(s, A_CELL + DEEP)
    assert s.furn[0, DEEP] == F_CARPENTER + 1 and s.tile[0, DEEP] == T_DEEP
    assert first_violation(s.buf, s.mask) == 0
    # nothing is built over a furnished tunnel (A3): no ruby mine there, one on the other
    assert not single_ok(s.buf, 0, T_RUBY_MINE, DEEP) and single_ok(s.buf, 0, T_RUBY_MINE, TUNNEL)
    ENGINE_V1.from_json(s.to_json())  # the furnished tunnel is a valid state
    s.furn[0, START_CAVERN] = 0  # without the Work Room the same board breaks invariant 4
    s.furn_left_x[F_WORK_ROOM - FX_FIRST] = 1
    assert first_violation(s.buf, s.mask) == 4


# ---- F2: Miner (A5 step 1) ------------------------------------------------------------------


@pytest.mark.parametrize("with_miner", [False, True])
def test_a5_f2_miner_pays_one_ore_per_ore_mine_holding_a_donkey(with_miner):
    s = game(auto_housing=True)
    mines(s, {ORE_MINE: 1, RUBY_MINE: 1})  # the second ore mine is empty
    if with_miner:
        own(s, F_MINER)
    s.res[0, RUBY] = 0  # no solo ruby save decision
    s.set("clear_pos", -1)
    ore = int(s.res[0, ORE])
    kernels.start_round(s.buf)
    assert s.res[0, ORE] == ore + (1 if with_miner else 0)
    assert s.mine_goods[0, ORE_MINE] == 0  # into the supply, not onto the mine (D37)


# ---- F3, F4: Quarry and Breeding Cave (A9 breeding) ----------------------------------------


def herd(s: StateV1, types: tuple[int, ...]) -> None:
    for g in (SHEEP, BOAR, CATTLE, DONKEY):
        s.res[0, g] = 2 if g in types else 0


@pytest.mark.parametrize(
    ("types", "food", "stone"),
    [
        ((SHEEP, BOAR, CATTLE, DONKEY), 5, 1),  # all four types: 5 food, not 4
        ((SHEEP, DONKEY), 2, 1),
        ((SHEEP, BOAR, CATTLE), 3, 0),
    ],
)
def test_a10_f3_f4_quarry_and_breeding_cave_pay_for_the_newborns(types, food, stone):
    s = game()  # the player houses: breeding pays at the birth, before any housing decision
    herd(s, types)
    before = s.res[0].copy()
    breed(s.buf, 0, 4)
    assert (s.res[0, FOOD], s.res[0, STONE]) == (before[FOOD], before[STONE])  # no tiles
    s = game()
    herd(s, types)
    own(s, F_QUARRY)
    own(s, F_BREEDING_CAVE, cell(1, 3))
    s.tile[0, cell(1, 3)] = s.tile[0, START_CAVERN]
    before = s.res[0].copy()
    breed(s.buf, 0, 4)
    assert s.res[0, FOOD] - before[FOOD] == food
    assert s.res[0, STONE] - before[STONE] == stone


def test_a8_f4_loot_breeding_of_two_types_pays_two_food():
    s = game()
    herd(s, (SHEEP, BOAR, CATTLE, DONKEY))
    own(s, F_BREEDING_CAVE)
    before = int(s.res[0, FOOD])
    breed(s.buf, 0, 2)  # the loot's 'breed up to 2 types' (A8)
    assert s.res[0, FOOD] - before == 2


# ---- F5: Mining Cave (A12 feeding) ----------------------------------------------------------


def test_a12_f5_mining_cave_feeds_one_food_less_per_donkey_in_a_mine_never_below_zero():
    s = game(auto_housing=True)
    mines(s, {ORE_MINE: 1, RUBY_MINE: 1, cell(1, 4): 1})
    assert kernels.food_need(s.buf, 0, H_NORMAL) == 4  # two adult dwarfs, no Mining Cave
    own(s, F_MINING_CAVE)
    assert kernels.food_need(s.buf, 0, H_NORMAL) == 1
    assert kernels.food_need(s.buf, 0, H_FEED_ONE) == 0  # 2 - 3, not -1


# ---- F6: Additional Dwelling (A7) -----------------------------------------------------------


def dwellings(s: StateV1, cells: list[int], f: int = F_DWELLING) -> None:
    for c in cells:
        s.tile[0, c] = T_CAVERN
        s.furn[0, c] = f + 1


def test_a7_f6_additional_dwelling_houses_a_sixth_dwarf_and_only_a_sixth():
    s = game()
    own(s, F_ADDITIONAL)  # entry dwelling (2) + the Additional Dwelling, 2 dwarfs
    assert not can_grow(s.buf, 0)  # its room is not for a 3rd dwarf
    s.dwarf[0, 2] = D_ADULT  # nor home to one (D21's who-lives-where)
    home = np.zeros(6, np.int64)
    dwarf_homes(s.buf, 0, home)
    assert START_CAVERN not in home.tolist() and home[:3].tolist().count(-1) == 1
    s.dwarf[0, 2] = 0
    s.furn[0, START_CAVERN] = F_DWELLING + 1  # an ordinary Dwelling there instead
    assert can_grow(s.buf, 0)
    s = game()
    s.dwarf[0, :5] = D_ADULT
    dwellings(s, [START_CAVERN, cell(1, 3), cell(1, 4)])  # room for 5
    assert not can_grow(s.buf, 0)  # 5 dwarfs: the limit without the tile
    dwellings(s, [cell(0, 3)], F_ADDITIONAL)
    s.furn_left_x[F_ADDITIONAL - FX_FIRST] = 0
    assert can_grow(s.buf, 0) and dwarf_room(s.buf, 0) == 5
    grow(s.buf, 0)
    assert int((s.dwarf[0] > 0).sum()) == 6 and dwarf_room(s.buf, 0) == 6
    assert not can_grow(s.buf, 0)  # never a 7th
    assert first_violation(s.buf, s.mask) == 0
    s.furn[0, cell(0, 3)] = F_DWELLING + 1  # 6 dwarfs without the tile break invariant 7
    assert first_violation(s.buf, s.mask) == 7


# ---- F7, F8: Dog School and Seam (goods received) ------------------------------------------


@pytest.mark.parametrize("with_tiles", [False, True])
def test_a10_f7_f8_dog_school_and_seam_pay_for_each_dog_and_stone_received(with_tiles):
    s = game(auto_housing=True)
    if with_tiles:
        own(s, F_DOG_SCHOOL)
        own(s, F_SEAM, cell(1, 3))
        s.tile[0, cell(1, 3)] = T_CAVERN
    s.res[0, RUBY] = 2
    kernels.compute_mask(s.buf, s.mask)
    before = s.res[0].copy()
    ENGINE_V1.apply_action(s, A_RUBY + 8)  # 1 ruby -> 1 dog (A7), at the placement decision
    ENGINE_V1.apply_action(s, A_RUBY + 1)  # 1 ruby -> 1 stone
    assert s.phase == P_PLACE
    gained = s.res[0] - before
    assert (gained[DOG], gained[STONE]) == (1, 1)
    assert (gained[WOOD], gained[ORE]) == ((1, 1) if with_tiles else (0, 0))


def test_a10_f8_seam_follows_the_stone_carvers_two_stone():
    s = game()
    own(s, F_SEAM)
    s.tile[0, cell(1, 3)] = T_CAVERN  # an empty cavern for the Stone Carver
    s.res[0, WOOD], s.res[0, STONE], s.res[0, ORE] = 1, 0, 0
    at_furnish(s)
    ENGINE_V1.apply_action(s, A_FURN + F_STONE_CARVER)
    ENGINE_V1.apply_action(s, A_CELL + cell(1, 3))
    assert (s.res[0, STONE], s.res[0, ORE]) == (2, 2)


# ---- F9, F10: Trader and Peaceful Cave (any-time tile actions) -----------------------------


def test_a10_f9_trader_buys_wood_stone_and_ore_for_two_gold_any_time():
    s = game()
    s.res[0, GOLD] = 3
    kernels.compute_mask(s.buf, s.mask)
    assert A_TILE_X + X_TRADER not in legal(s)  # not without the Trader
    own(s, F_TRADER)
    kernels.compute_mask(s.buf, s.mask)
    assert A_TILE_X + X_TRADER in legal(s)
    before = s.res[0].copy()
    ENGINE_V1.apply_action(s, A_TILE_X + X_TRADER)
    assert s.phase == P_PLACE  # the placement is still to be made
    gained = s.res[0] - before
    assert (gained[GOLD], gained[WOOD], gained[STONE], gained[ORE]) == (-2, 1, 1, 1)
    assert A_TILE_X + X_TRADER not in legal(s)  # 1 gold left


def test_a10_f10_peaceful_cave_trades_an_armed_dwarfs_weapon_for_its_strength_in_food():
    s = game()
    s.weapon[0, 1] = 5
    kernels.compute_mask(s.buf, s.mask)
    assert not legal(s) & set(range(A_TILE_X + X_PEACEFUL, A_TRAP_X))
    own(s, F_PEACEFUL)
    kernels.compute_mask(s.buf, s.mask)
    peaceful = legal(s) & set(range(A_TILE_X + X_PEACEFUL, A_TRAP_X))
    assert peaceful == {A_TILE_X + X_PEACEFUL + 1}  # dwarf 0 is unarmed
    food = int(s.res[0, FOOD])
    ENGINE_V1.apply_action(s, A_TILE_X + X_PEACEFUL + 1)
    assert s.res[0, FOOD] == food + 5 and s.weapon[0, 1] == 0 and s.phase == P_PLACE
    s.weapon[0, 1] = 4
    s.set("cur_person", 1)  # the dwarf whose action is being resolved keeps his weapon
    kernels.compute_mask(s.buf, s.mask)
    assert A_TILE_X + X_PEACEFUL + 1 not in legal(s)


# ---- F11: Guest Room (A6, B3 either/or read as and/or) --------------------------------------

OPTIONS = {A_OPTION + k for k in range(3)} | {A_SKIP}


def branch(s: StateV1) -> set[int]:
    """The branch decision's own answers (without the any-time actions)."""
    assert s.phase == P_BRANCH
    return legal(s) & OPTIONS


def guest_game(with_guest: bool) -> StateV1:
    """Player 0 with plenty of goods, an empty cavern, room for a 3rd dwarf, maybe a Guest
    Room."""
    s = game()
    s.res[0, :5] = 9  # wood, stone, ore, ruby, gold
    dwellings(s, [cell(1, 4)])  # a Dwelling: room for a 3rd dwarf
    if with_guest:
        dwellings(s, [cell(1, 3)], F_GUEST)
        s.furn_left_x[F_GUEST - FX_FIRST] = 0
    s.set("stack_n", 0)
    return s


def test_b3_f11_without_guest_room_urgent_wish_is_either_or():
    s = guest_game(False)
    assert kernels.run_op(s.buf, OP_URGENT, 0, 0)
    kernels.compute_mask(s.buf, s.mask)
    assert branch(s) == {A_OPTION, A_OPTION + 1, A_OPTION + 2}
    gold = int(s.res[0, GOLD])
    ENGINE_V1.apply_action(s, A_OPTION + 2)  # 3 gold: the space is done
    assert s.res[0, GOLD] == gold + 3 and s.phase != P_BRANCH


def test_b3_f11_guest_room_urgent_wish_takes_gold_and_furnishing_then_grows():
    s = guest_game(True)
    assert kernels.run_op(s.buf, OP_URGENT, 0, 0)
    kernels.compute_mask(s.buf, s.mask)
    assert branch(s) == {A_OPTION, A_OPTION + 1, A_OPTION + 2}  # no SKIP before a branch
    gold = int(s.res[0, GOLD])
    ENGINE_V1.apply_action(s, A_OPTION + 2)  # 3 gold, and then...
    assert s.res[0, GOLD] == gold + 3
    assert branch(s) == {A_OPTION, A_OPTION + 1, A_SKIP}  # ... furnish and/or a trap
    ENGINE_V1.apply_action(s, A_OPTION)
    ENGINE_V1.apply_action(s, A_FURN + F_CARPENTER)
    ENGINE_V1.apply_action(s, A_CELL + START_CAVERN)
    assert s.furn[0, START_CAVERN] == F_CARPENTER + 1
    assert branch(s) == {A_OPTION + 1, A_SKIP}  # the trap is still open
    ENGINE_V1.apply_action(s, A_SKIP)
    # after furnishing, Urgent Wish's family growth comes last (A6)
    assert branch(s) == {A_OPTION, A_SKIP} and s.sub[2] == 0  # BR_GROWTH
    ENGINE_V1.apply_action(s, A_OPTION)
    assert int((s.dwarf[0] > 0).sum()) == 3


def test_a6_f11_guest_room_housework_furnishes_and_places_a_trap():
    s = guest_game(True)
    assert kernels.run_op(s.buf, OP_HOUSEWORK, 0, 0)
    kernels.compute_mask(s.buf, s.mask)
    assert branch(s) == {A_OPTION, A_OPTION + 1, A_SKIP}
    ENGINE_V1.apply_action(s, A_OPTION + 1)  # a trap first
    assert s.phase == P_TRAP
    ENGINE_V1.apply_action(s, min(legal(s) & set(range(A_TRAP, A_TRAP + 4))))  # a trap type
    ENGINE_V1.apply_action(s, min(legal(s) & set(range(A_CELL, A_FURN))))  # and its cell
    assert s.trap[0].any()
    assert branch(s) == {A_OPTION, A_SKIP}  # and then the furnishing
    ENGINE_V1.apply_action(s, A_OPTION)
    assert s.phase == P_FURN


# ---- F12: Builder (A10 furnishing costs) ----------------------------------------------------


def builder_game(with_builder: bool, wood: int, stone: int, ore: int) -> StateV1:
    s = game()
    if with_builder:
        dwellings(s, [cell(1, 3)], F_BUILDER)
        s.furn_left_x[F_BUILDER - FX_FIRST] = 0
    s.res[0, WOOD], s.res[0, STONE], s.res[0, ORE] = wood, stone, ore
    at_furnish(s)
    return s


def test_a10_f12_builder_lets_the_player_pay_ore_instead_of_stone():
    s = builder_game(True, 0, 1, 1)  # the Carpenter costs 1 stone: stone or ore
    ENGINE_V1.apply_action(s, A_FURN + F_CARPENTER)
    ENGINE_V1.apply_action(s, A_CELL + START_CAVERN)
    assert s.phase == P_BRANCH and s.furn[0, START_CAVERN] == 0
    assert legal(s) & OPTIONS == {A_OPTION, A_OPTION + 2}  # as printed, or ore for the stone
    ENGINE_V1.apply_action(s, A_OPTION + 2)
    assert s.furn[0, START_CAVERN] == F_CARPENTER + 1
    assert (s.res[0, STONE], s.res[0, ORE]) == (1, 0)


@pytest.mark.parametrize("with_builder", [False, True])
def test_a10_f12_builder_makes_a_tile_affordable_with_ore_and_pays_it_unasked(with_builder):
    s = builder_game(with_builder, 0, 0, 1)  # the Stone Carver costs 1 wood; no wood
    offered = A_FURN + F_STONE_CARVER in legal(s)
    assert offered == with_builder
    if with_builder:
        ENGINE_V1.apply_action(s, A_FURN + F_STONE_CARVER)
        ENGINE_V1.apply_action(s, A_CELL + START_CAVERN)  # one way to pay: no question
        assert s.furn[0, START_CAVERN] == F_STONE_CARVER + 1
        assert (s.res[0, WOOD], s.res[0, ORE]) == (0, 0) and s.res[0, STONE] == 2


def test_a10_f12_without_builder_the_printed_cost_is_paid_unasked():
    s = builder_game(False, 0, 1, 1)
    ENGINE_V1.apply_action(s, A_FURN + F_CARPENTER)
    ENGINE_V1.apply_action(s, A_CELL + START_CAVERN)
    assert s.furn[0, START_CAVERN] == F_CARPENTER + 1
    assert (s.res[0, STONE], s.res[0, ORE]) == (0, 1)


# ---- the Office Room (spec A10; rules E23): twin tiles overhanging the board's edge ----------

TOP, BOTTOM, LEFT, RIGHT = CELLS, CELLS + 6, CELLS + 12, CELLS + 16  # border cell ids (tables)


def overhang(inner: int, outer: int) -> int:
    """The TWIN_X action laying half A on `inner` and half B on `outer` (either may be the
    border cell)."""
    for j, (a, b) in enumerate(TWIN_X_CELLS.tolist()):
        if (a, b) == (inner, outer):
            return A_TWIN_X + j
    raise AssertionError(f"no overhanging placement {inner}/{outer}")


def office_game(with_office: bool = True) -> StateV1:
    """Player 0 with a meadow on (0, 1) and, if asked, the Office Room on the printed cavern."""
    s = game()
    s.tile[0, cell(0, 1)] = T_MEADOW
    if with_office:
        own(s, F_OFFICE)
        s.set("office_seat", 1)
    return s


def at_twin(s: StateV1, kind: int) -> set[int]:
    """Player 0 at a twin tile decision of `kind` (as Clearing / Excavation ask it); the legal
    overhanging placements."""
    s.set("stack_n", 0)
    assert kernels.run_op(s.buf, OP_TWIN, 1 << kind, 0)
    kernels.compute_mask(s.buf, s.mask)
    assert s.phase == P_TWIN and s.twin_kind == kind
    return legal(s) & set(range(A_TWIN_X, A_TWIN_X + NUM_TWIN_X))


def test_a10_office_room_is_on_offer_built_with_its_own_action_and_marks_its_board():
    s = game()
    assert s.furn_left_x[F_OFFICE - FX_FIRST] == 1 and "office_room" not in EXT_UNBUILT
    s.res[0, STONE] = 1  # its cost: 1 stone (spec A10)
    at_furnish(s)
    assert A_OFFICE in legal(s) and A_OFFICE == ENGINE_V1.num_actions - 1
    assert describe(A_OFFICE) == "furnish office room"
    ENGINE_V1.apply_action(s, A_OFFICE)
    ENGINE_V1.apply_action(s, A_CELL + START_CAVERN)
    assert s.furn[0, START_CAVERN] == F_OFFICE + 1 and s.office_seat == 1
    assert s.res[0, STONE] == 0 and s.furn_left_x[F_OFFICE - FX_FIRST] == 0
    assert first_violation(s.buf, s.mask) == 0


def test_e23_office_room_mask_offers_exactly_the_legal_overhangs():
    s = office_game()
    # forest edge cells touching the meadow on (0, 1), and the entrance (3, 2) (always
    # adjacent, D01); each with either half outside, never on a mountain edge (E23)
    pairs = [
        (cell(0, 0), TOP + 0),
        (cell(0, 0), LEFT + 0),
        (cell(0, 2), TOP + 2),
        (ENTRANCE_CELL, BOTTOM + 2),
    ]
    expected = {overhang(i, o) for i, o in pairs} | {overhang(o, i) for i, o in pairs}
    assert at_twin(s, TW_MEADOW_FIELD) == expected
    # the mountain: edge cells beside E (3, 3) and C (2, 3) (3, 4 and 2, 3's neighbours)
    s = office_game()
    pairs = [(cell(3, 4), BOTTOM + 4), (cell(3, 3), BOTTOM + 3)]
    got = at_twin(s, TW_CAVERN_TUNNEL)
    assert overhang(cell(3, 4), BOTTOM + 4) in got and overhang(BOTTOM + 4, cell(3, 4)) in got
    assert not got & {overhang(cell(3, 3), BOTTOM + 3), overhang(BOTTOM + 3, cell(3, 3))}
    forest_side = {a for a in got if FOREST[TWIN_X_CELLS[a - A_TWIN_X, 0]]}
    assert not forest_side  # never across the forest/mountain line


def test_e23_no_overhang_without_the_office_room_or_with_an_orc_on_it():
    s = office_game(with_office=False)
    assert at_twin(s, TW_MEADOW_FIELD) == set()
    assert legal(s) & set(range(A_TWIN, A_CELL))  # the printed placements as before
    s = office_game()
    s.orc_state[0, 0], s.orc_cell[0, 0] = O_CAVE, START_CAVERN  # an occupied tile: no effect
    assert at_twin(s, TW_MEADOW_FIELD) == set()


def test_e23_an_illegal_inner_half_is_not_offered():
    s = office_game()
    s.stable[0, cell(0, 0)] = 1  # a field never covers a stable, a meadow may (E11)
    got = at_twin(s, TW_MEADOW_FIELD)
    assert overhang(cell(0, 0), TOP + 0) in got  # meadow half on the stable
    assert overhang(TOP + 0, cell(0, 0)) not in got  # field half on the stable
    s = office_game()
    s.tile[0, cell(0, 0)] = T_FIELD  # a covered inner cell
    got = at_twin(s, TW_MEADOW_FIELD)
    assert not got & {overhang(cell(0, 0), TOP), overhang(LEFT, cell(0, 0))}
    assert overhang(cell(1, 0), LEFT + 1) in got  # (1, 0) now touches the field on (0, 0)


def test_a10_office_room_overhanging_meadow_field_pays_two_gold_and_the_halves_are_real():
    s = office_game()
    gold = int(s.res[0, GOLD])
    at_twin(s, TW_MEADOW_FIELD)
    ENGINE_V1.apply_action(s, overhang(TOP + 0, cell(0, 0)))  # meadow outside, field inside
    assert s.tile[0, TOP] == T_MEADOW and s.tile[0, cell(0, 0)] == T_FIELD
    assert s.res[0, GOLD] == gold + OFFICE_GOLD
    at_twin(s, TW_MEADOW_FIELD)
    ENGINE_V1.apply_action(s, overhang(cell(0, 2), TOP + 2))  # field outside
    assert s.tile[0, TOP + 2] == T_FIELD and s.res[0, GOLD] == gold + 2 * OFFICE_GOLD
    # the outer meadow is fenced as a small pasture (CELL_X)
    s.res[0, WOOD] = 2
    s.set("stack_n", 0)
    assert ask_pasture(s.buf, 0, False, 2)
    kernels.compute_mask(s.buf, s.mask)
    assert A_CELL_X + 0 in legal(s)
    ENGINE_V1.apply_action(s, A_CELL_X + 0)
    assert s.pasture[0, TOP] == 1 and s.res[0, WOOD] == 0
    assert stable_ok(s.buf, 0, TOP) and not stable_ok(s.buf, 0, LEFT)  # a stable: on a tile only
    # the outer field is sown (two empty fields: the player picks the border one)
    s.res[0, GRAIN] = 1
    s.set("stack_n", 0)
    assert kernels.run_op(s.buf, OP_SOW, 0, 0)
    kernels.compute_mask(s.buf, s.mask)
    ENGINE_V1.apply_action(s, A_SOW_GRAIN)
    assert {A_CELL + cell(0, 0), A_CELL_X + 2} <= legal(s)
    ENGINE_V1.apply_action(s, A_CELL_X + 2)
    assert s.crop[0, TOP + 2] == 3 and s.crop[0, cell(0, 0)] == 0
    assert "a0" in describe(A_CELL_X + 0, P_CELL) and first_violation(s.buf, s.mask) == 0
    assert border_text(s, 0)[0].startswith("Border (Office Room): a0 ")  # the image's line
    assert "Border (Office Room): a0 " in render_ansi(s)


def test_a10_office_room_overhanging_cavern_is_furnished_and_round_trips_as_json():
    s = office_game()
    at_twin(s, TW_CAVERN_TUNNEL)
    ENGINE_V1.apply_action(s, overhang(BOTTOM + 4, cell(3, 4)))  # cavern outside, tunnel in
    assert s.tile[0, BOTTOM + 4] == T_CAVERN and s.tile[0, cell(3, 4)] == T_TUNNEL
    s.res[0, STONE] = 1
    at_furnish(s)
    ENGINE_V1.apply_action(s, A_FURN + F_CARPENTER)
    assert A_CELL_X + 10 in legal(s)
    ENGINE_V1.apply_action(s, A_CELL_X + 10)
    assert s.furn[0, BOTTOM + 4] == F_CARPENTER + 1
    assert first_violation(s.buf, s.mask) == 0
    back = ENGINE_V1.from_json(s.to_json())
    assert np.array_equal(back.buf, s.buf) and np.array_equal(back.mask, s.mask)
    assert score_table(back)[0].sum() == score_table(s)[0].sum()


def test_e23_the_picture_has_room_for_the_border_line_on_a_crowded_panel():
    """Random 2-player game 10 builds the Office Room and overhangs while the orc and score
    lines wrap: 8 text lines under the owner's board, where the picture once had room for 7
    and cut the border line off. Every panel of that game must fit, border line included."""
    s = ENGINE_V1.new_game(ENGINE_V1.make_config(2), 10)
    words = seed_words(10)
    most = 0
    while not ENGINE_V1.is_over(s):
        ENGINE_V1.apply_action(s, random_legal_action(s.mask, words))
        owner = int(s.office_seat) - 1
        if owner < 0 or not s.tile[owner, CELLS:].any():
            continue
        scores = score_table(s)
        lines = panel_lines(s, owner, scores)
        assert any(line.startswith("Border (Office Room): ") for line in lines)
        most = max(most, len(lines), len(panel_lines(s, 1 - owner, scores)))
        assert most <= PANEL_LINES
    assert most == 8  # the crowded case this test is about was reached


def test_e23_the_unused_space_penalty_ignores_border_cells():
    plain, office = game(), office_game()
    office.tile[0, cell(0, 1)] = T_NONE  # the same board, but for the Office Room
    unused = BREAKDOWN.index("unused_cells")
    assert score_table(office)[0][unused] == score_table(plain)[0][unused]
    at_twin(office, TW_MEADOW_FIELD)  # only the entrance (3, 2) may be covered first
    ENGINE_V1.apply_action(office, overhang(ENTRANCE_CELL, BOTTOM + 2))
    assert score_table(office)[0][unused] == score_table(plain)[0][unused] + 1  # one covered


def test_e23_hostile_json_with_a_border_tile_is_rejected_naming_the_field():
    s = game()
    data = json.loads(s.to_json())
    data["fields"]["tile"][0][TOP] = T_MEADOW  # no Office Room
    with pytest.raises(StateError, match=rf"tile\[0, {TOP}\].*without the Office Room"):
        ENGINE_V1.from_json(json.dumps(data))
    s = office_game()
    data = json.loads(s.to_json())
    data["fields"]["tile"][0][BOTTOM] = T_MEADOW  # (3, 0) beside it is not covered
    with pytest.raises(StateError, match=rf"tile\[0, {BOTTOM}\].*overhanging"):
        ENGINE_V1.from_json(json.dumps(data))
    data = json.loads(s.to_json())
    data["fields"]["office_seat"] = 0  # the board holds the Office Room
    with pytest.raises(StateError, match="office_seat"):
        ENGINE_V1.from_json(json.dumps(data))


def test_e23_v0_json_keeps_the_printed_cells_only():
    v0 = ENGINE.new_game(ENGINE.make_config(2), 3)
    fields = json.loads(v0.to_json())["fields"]
    assert len(fields["tile"][0]) == CELLS and len(fields["animal_at"][0]) == CELLS
    assert "office_seat" not in fields
    back = ENGINE.from_json(v0.to_json())
    assert np.array_equal(back.buf, v0.buf)


def test_e23_random_games_build_the_office_room_and_overhang():
    """Random play reaches the Office Room's rules (the conformance suite's random games then
    check the invariants, the border's included, after every step)."""
    built = overhung = 0
    for seed in range(40):
        s = ENGINE_V1.new_game(ENGINE_V1.make_config(2, supply_extensions=["S6"]), seed)
        rng = np.random.default_rng(seed)
        while not ENGINE_V1.is_over(s):
            ENGINE_V1.apply_action(s, int(rng.choice(np.flatnonzero(s.mask))))
            assert first_violation(s.buf, s.mask) == 0
        built += int(s.office_seat > 0)
        overhung += int(s.tile[:, CELLS:].any())
    assert built >= 5 and overhung >= 2, (built, overhung)
