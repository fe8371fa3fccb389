"""caverna_ff_v1's further traps (rules B7: Snare, Stone Trap, Poisoned Food, Steel and Bear Trap,
Explosive Trap, Poisoned Arrows, Permanent Trap) and the random supply-board extensions that
carry them (rules B2 step 4). v0 keeps its four traps and fixed supply (its golden games)."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.encoders.caverna_ff import FLAT_SIZE, TRAP_PICK_FLAG, encode_flat, encode_flat_v1
from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_CELL,
    A_DONE,
    A_FURN,
    A_FURN_X,
    A_GOLD,
    A_OPTION,
    A_ORC,
    A_PUSH,
    A_TRAP,
    A_TRAP_X,
    NUM_ACTIONS,
)
from eurogym.envs.caverna_ff.describe import decision_text
from eurogym.envs.caverna_ff.orcs import enter_cell
from eurogym.envs.caverna_ff.rules import ENGINE, ENGINE_V1
from eurogym.envs.caverna_ff.scoring import BREAKDOWN, score_breakdown
from eurogym.envs.caverna_ff.spaces import OP_FURNISH, OP_TRAP
from eurogym.envs.caverna_ff.state import (
    O_DEFEATED,
    O_FOREST,
    O_HELD,
    P_CAVE_IN,
    P_FURN,
    P_ORC,
    P_REWARD,
    P_TRAP,
    P_TRAP_PICK,
    StateV1,
)
from eurogym.envs.caverna_ff.tables import (
    DOG,
    ENTRY_DWELLING,
    EXT_FURN,
    EXT_NAMES,
    EXT_TRAP,
    F_BLACKSMITH,
    F_BREEDING_CAVE,
    F_CARPENTER,
    F_CUDDLE,
    F_DWELLING,
    F_OFFICE,
    F_ORC_DWELLING,
    F_PEACEFUL,
    F_STONE_CARVER,
    F_WARRIOR,
    FOOD,
    FX_FIRST,
    GOOD_NAMES,
    NUM_EXT,
    NUM_FURN,
    NUM_TRAPS,
    SHEEP,
    STONE,
    TR_ARROWS,
    TR_BEAR,
    TR_CAVE_IN,
    TR_EXPLOSIVE,
    TR_NET,
    TR_PERMANENT,
    TR_POISONED_FOOD,
    TR_SNARE,
    TR_SPEAR,
    TR_STEEL,
    TR_STONE,
    TR_TRAPDOOR,
    TRAP_COST,
    TRAP_NAMES_ALL,
    WOOD,
)
from eurogym.envs.core.errors import ConfigError, StateError
from tests.caverna_ff.helpers import cell, legal, start_event

ALL_EXTENSIONS = list(EXT_NAMES)
TRAP_CELL = cell(1, 0)  # Orc A's first cell on card 3-1 (down, down, down) and pushed S


def game(num_players: int = 1, **options) -> StateV1:
    options.setdefault("supply_extensions", ALL_EXTENSIONS)
    return ENGINE_V1.new_game(ENGINE_V1.make_config(num_players, **options), 0)


def play(s: StateV1, *actions: int) -> None:
    for a in actions:
        assert s.mask[a], f"action {a} is not legal: {sorted(legal(s))}"
        ENGINE_V1.apply_action(s, int(a))


def options(s: StateV1) -> set[int]:
    return {a - A_OPTION for a in legal(s) if A_OPTION <= a < A_OPTION + 15}


def set_trap(s: StateV1, t: int, c: int = TRAP_CELL, p: int = 0) -> None:
    """Player p's trap t, armed on forest cell c, taken from the supply."""
    s.trap[p, c] = t + 1
    s.trap_active[p, c] = 1
    if t < NUM_TRAPS:
        s.trap_left[t] -= 1
    else:
        s.trap_left_x[t - NUM_TRAPS] -= 1


def dealt_one(s: StateV1) -> None:
    """start_event leaves every other card marked dealt to force its card; a solo event deals
    one card, so the state also passes validation (`from_json`)."""
    s.ev_dealt[:] = 0
    s.ev_dealt[0] = 1


def moving_event(s: StateV1, letter: int = 0) -> None:
    """Orc event 1 for `letter`, card 3-1 (down, down, down), nothing to bribe or push with:
    the orc moves at once (B8 step 3)."""
    s.res[0] = 0
    s.bribe_good[0] = WOOD
    start_event(s, board=0, letter=letter, card=0)
    dealt_one(s)


def push_event(s: StateV1, letter: int = 0) -> None:
    """Orc event 1 for `letter`, its owner able to push (1 wood) and nothing else."""
    s.res[0] = 0
    s.res[0, WOOD] = 1
    s.bribe_good[0] = STONE
    start_event(s, board=0, letter=letter, card=0)
    dealt_one(s)
    assert s.phase == P_ORC


# ---- holding traps ----------------------------------------------------------------------------


@pytest.mark.parametrize("trap", [TR_SNARE, TR_STONE])
def test_b7_snare_and_stone_trap_hold_strength_10_and_let_11_walk_through(trap):
    s = game()
    set_trap(s, trap)
    s.orc_str[0, 0] = 10  # Net Trap (8) would not hold it
    assert enter_cell(s.buf, 0, 0, TRAP_CELL) == 1  # the move ends
    assert s.orc_state[0, 0] == O_HELD and s.trap_active[0, TRAP_CELL] == 1
    s = game()
    set_trap(s, trap)
    s.orc_str[0, 0] = 11
    assert enter_cell(s.buf, 0, 0, TRAP_CELL) == 0
    assert s.orc_state[0, 0] == O_FOREST and s.trap_active[0, TRAP_CELL] == 1


# ---- debilitating traps -----------------------------------------------------------------------


def test_b7_poisoned_food_owner_pays_any_food_minus_1_each_and_flips_even_for_none():
    s = game()
    set_trap(s, TR_POISONED_FOOD)
    s.orc_str[0, 1] = 7
    push_event(s, letter=1)  # Orc B on (0,1), pushed SW onto (1,0)
    s.res[0, FOOD] = 5
    s.res[0, STONE] = 1  # a bribe left to offer, so the bribe step is asked again below
    kernels.compute_mask(s.buf, s.mask)
    play(s, A_PUSH + 5)
    assert s.phase == P_CAVE_IN
    assert decision_text(s) == "pay food into the Poisoned Food (orc B)"
    ENGINE_V1.from_json(s.to_json())
    assert options(s) == set(range(6))  # 0-5: all the food (no cap like the Cave-in's 8)
    play(s, A_OPTION + 5)
    assert s.orc_str[0, 1] == 2 and s.res[0, FOOD] == 0
    assert s.trap_active[0, TRAP_CELL] == 0
    assert s.phase == P_ORC  # pushed onto it: back to the bribe step
    s = game()
    set_trap(s, TR_POISONED_FOOD)
    moving_event(s)
    assert s.phase == P_CAVE_IN and legal(s) >= {A_OPTION}
    play(s, A_OPTION)  # nothing paid: the trap flips all the same, the orc walks on
    assert s.trap_active[0, TRAP_CELL] == 0 and s.orc_str[0, 0] == 5
    assert s.orc_cell[0, 0] == cell(3, 0)


def test_b7_cave_in_still_pays_stone_in_v1():
    s = game()
    set_trap(s, TR_CAVE_IN)
    moving_event(s)
    s.res[0, STONE], s.res[0, FOOD] = 2, 9
    kernels.compute_mask(s.buf, s.mask)
    assert s.phase == P_CAVE_IN
    assert {a for a in legal(s) if A_OPTION <= a < A_OPTION + 15} == {
        A_OPTION + k for k in range(3)
    }
    play(s, A_OPTION + 2)
    assert s.res[0, STONE] == 0 and s.res[0, FOOD] == 9 and s.orc_str[0, 0] == 3


@pytest.mark.parametrize("trap", [TR_STEEL, TR_BEAR])
def test_b7_steel_and_bear_trap_halve_rounding_up_and_the_orc_moves_on(trap):
    s = game()
    set_trap(s, trap)
    moving_event(s)  # Orc A, strength 5
    assert s.orc_str[0, 0] == 3  # ceil(5 / 2), not 2
    assert s.orc_cell[0, 0] == cell(3, 0) and s.orc_state[0, 0] == O_FOREST
    assert s.trap_active[0, TRAP_CELL] == 0
    s.orc_str[0, 1] = 7  # a sprung trap does nothing to the next orc
    assert enter_cell(s.buf, 0, 1, TRAP_CELL) == 0 and s.orc_str[0, 1] == 7


def test_b7_permanent_trap_hits_every_entering_orc_and_never_flips():
    s = game()
    set_trap(s, TR_PERMANENT)
    moving_event(s)  # Orc A, strength 5: -3, walks on
    assert s.orc_str[0, 0] == 2 and s.orc_cell[0, 0] == cell(3, 0)
    assert s.trap_active[0, TRAP_CELL] == 1
    s.orc_str[0, 1] = 7
    assert enter_cell(s.buf, 0, 1, TRAP_CELL) == 0 and s.orc_str[0, 1] == 4
    s.orc_str[0, 2] = 3  # strength 3: the trap defeats it, ending its move
    assert enter_cell(s.buf, 0, 2, TRAP_CELL) == 1 and s.orc_state[0, 2] == O_DEFEATED
    assert s.trap_active[0, TRAP_CELL] == 1


def test_b7_inactive_traps_score_2_and_the_permanent_trap_0():
    s = game()
    out = np.zeros(len(BREAKDOWN), np.int64)
    for k, t in enumerate((TR_SNARE, TR_BEAR, TR_PERMANENT)):
        set_trap(s, t, cell(k, 0))
        s.trap_active[0, cell(k, 0)] = 0 if t != TR_PERMANENT else 1
    score_breakdown(s.buf, 0, out)
    assert out[BREAKDOWN.index("traps")] == 4


# ---- multi-pick traps -------------------------------------------------------------------------


def test_b7_explosive_trap_two_picks_minus_3_the_same_orc_twice_then_the_move_goes_on():
    s = game()
    set_trap(s, TR_EXPLOSIVE)
    moving_event(s)  # Orc A (5) steps on it; B (7) and C (9) are on the board too
    assert s.phase == P_TRAP_PICK and s.actor == 0
    assert encode_flat_v1(s, 0)[TRAP_PICK_FLAG] == 1.0  # v0's phase one-hot lacks trap_pick
    assert legal(s) >= {A_ORC, A_ORC + 1, A_ORC + 2, A_DONE}
    assert A_ORC + 3 not in legal(s)  # Orc D is not in play yet (D28)
    assert s.trap_active[0, TRAP_CELL] == 0  # flipped when it triggered
    play(s, A_ORC + 2, A_ORC + 2)  # C twice: 9 - 6
    assert s.orc_str[0].tolist()[:3] == [5, 7, 3]
    assert s.orc_cell[0, 0] == cell(3, 0)  # the picks over, A walked on
    assert s.phase != P_TRAP_PICK


def test_b7_poisoned_arrows_three_picks_minus_2_anywhere_and_done_stops_early():
    s = game()
    set_trap(s, TR_ARROWS)
    s.orc_state[0, 2], s.orc_cell[0, 2] = 3, cell(2, 3)  # Orc C in the cave: pickable (D28)
    moving_event(s)
    assert s.phase == P_TRAP_PICK and int(s.ev_picks) == 3
    play(s, A_ORC + 2, A_ORC + 0)
    assert s.orc_str[0, 2] == 7 and s.orc_str[0, 0] == 3 and int(s.ev_picks) == 1
    play(s, A_DONE)  # the last pick given up
    assert s.orc_str[0].tolist()[:3] == [3, 7, 7]
    assert s.orc_cell[0, 0] == cell(3, 0)


def test_b7_multi_pick_defeats_are_rewarded_one_by_one_in_the_owners_order():
    s = game()
    set_trap(s, TR_ARROWS)
    s.orc_str[0, :3] = (2, 4, 9)
    moving_event(s)
    play(s, A_ORC + 1)  # B 4 -> 2
    play(s, A_ORC + 1)  # B 2 -> 0: defeated first, its reward before the next pick
    assert s.orc_state[0, 1] == O_DEFEATED and s.phase == P_REWARD and int(s.sub[0]) == 1
    assert s.orc_state[0, 0] == O_FOREST and int(s.ev_picks) == 1
    ENGINE_V1.from_json(s.to_json())  # a valid state (consistency, invariants, mask)
    play(s, A_GOLD)
    assert s.phase == P_TRAP_PICK and A_ORC + 1 not in legal(s)  # defeated: no longer picked
    assert "Poisoned Arrows: 1 pick left" in decision_text(s)
    ENGINE_V1.from_json(s.to_json())
    play(s, A_ORC + 0)  # A (the orc on the trap) 2 -> 0
    assert s.orc_state[0, 0] == O_DEFEATED and s.phase == P_REWARD and int(s.sub[0]) == 0
    ENGINE_V1.from_json(s.to_json())
    play(s, A_GOLD)
    assert s.orc_cell[0, 0] == -1  # defeated on the trap: its move is over


def test_b7_explosive_trap_reward_strength_is_the_strength_before_the_trap():
    """D43: Mercenary/Soldier use the strength before the defeating trap resolved."""
    s = game()
    set_trap(s, TR_EXPLOSIVE)
    moving_event(s)
    play(s, A_ORC + 0, A_ORC + 0)  # A: 5 -> 2 -> 0
    assert s.phase == P_REWARD
    assert int(s.sub[0]) == 0 and int(s.sub[1]) == 5  # orc A, reward strength 5 (not 2)


def test_b7_explosive_trap_after_a_push_returns_to_the_bribe_step():
    s = game()
    set_trap(s, TR_EXPLOSIVE)
    push_event(s)
    s.res[0, STONE] = 1  # a bribe left to offer, so the bribe step is asked again
    kernels.compute_mask(s.buf, s.mask)
    play(s, A_PUSH + 4)  # A pushed S onto the trap
    assert s.phase == P_TRAP_PICK
    play(s, A_ORC + 1, A_ORC + 1)
    assert s.phase == P_ORC and s.orc_cell[0, 0] == TRAP_CELL and s.orc_str[0, 1] == 1


# ---- placing the further traps ----------------------------------------------------------------


@pytest.mark.parametrize("trap", range(NUM_TRAPS, len(TRAP_NAMES_ALL)), ids=TRAP_NAMES_ALL[4:])
def test_b7_each_further_trap_costs_its_price_and_leaves_the_supply(trap):
    s = game()
    s.res[0] = 0
    s.res[0] += TRAP_COST[trap]
    for g in (SHEEP, DOG):  # an animal paid is on the board first
        s.animal_at[0, ENTRY_DWELLING, g - SHEEP] = s.res[0, g]
    s.set("stack_n", 0)
    assert kernels.run_op(s.buf, OP_TRAP, 0, 0)
    kernels.compute_mask(s.buf, s.mask)
    assert s.phase == P_TRAP and A_TRAP_X + trap - NUM_TRAPS in legal(s)
    play(s, A_TRAP_X + trap - NUM_TRAPS, A_CELL + TRAP_CELL)
    assert s.trap[0, TRAP_CELL] == trap + 1 and s.trap_active[0, TRAP_CELL] == 1
    assert s.res[0].sum() == 0, dict(zip(GOOD_NAMES, s.res[0].tolist(), strict=True))
    assert s.trap_left_x[trap - NUM_TRAPS] == 0


# ---- the supply board -------------------------------------------------------------------------


def _offered(s: StateV1, f: int) -> int:
    return int(s.furn_left[f] if f < NUM_FURN else s.furn_left_x[f - FX_FIRST])


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_b2_supply_board_is_the_base_plus_one_random_extension_per_player(num_players):
    deals = set()
    for seed in range(6):
        s = ENGINE_V1.new_game(ENGINE_V1.make_config(num_players), seed)
        again = ENGINE_V1.new_game(ENGINE_V1.make_config(num_players), seed)
        assert np.array_equal(s.supply_ext, again.supply_ext)  # the game's seed deals them
        assert s.supply_ext.sum() == num_players
        deals.add(tuple(np.flatnonzero(s.supply_ext)))
        for e in range(NUM_EXT):
            for f in EXT_FURN[e][EXT_FURN[e] >= 0]:
                assert _offered(s, f) == s.supply_ext[e], (EXT_NAMES[e], f)
            t = EXT_TRAP[e]
            left = s.trap_left[t] if t < NUM_TRAPS else s.trap_left_x[t - NUM_TRAPS]
            assert left == s.supply_ext[e]
        for f in (F_CARPENTER, F_STONE_CARVER, F_BLACKSMITH):  # the base piece
            assert s.furn_left[f] == 1
        assert s.furn_left[F_ORC_DWELLING] == s.furn_left[F_WARRIOR] == num_players
        assert s.furn_left[F_DWELLING] > num_players
        for t in (TR_SPEAR, TR_CAVE_IN, TR_NET):  # basic traps: one per player
            assert s.trap_left[t] == num_players
    assert len(deals) > 1  # random


def test_b2_extension_tiles_are_all_built_the_office_room_included():
    s3 = EXT_NAMES.index("S3")  # Mixed Dwelling, Orc Worker Dwelling, Stubble Room, Ruby Supplier
    assert (EXT_FURN[s3] >= 0).sum() == 4  # the Orc Worker Dwelling is built (F21)
    s6 = EXT_NAMES.index("S6")  # Dwelling Copy, Office Room, Trader, Slaughtering Cave
    assert (EXT_FURN[s6] >= 0).sum() == 4 and F_OFFICE in EXT_FURN[s6]  # E23
    assert EXT_TRAP[s3] == TR_STEEL and EXT_TRAP[EXT_NAMES.index("S1")] == TR_TRAPDOOR


def test_b2_only_tiles_and_traps_on_the_supply_are_offered():
    s = game(supply_extensions=["S7"])  # Camouflaged Dwelling, Dog School, Quarry, Cooking
    s.res[0, :SHEEP] += 20  # Cave, Explosive Trap; goods, and one boar for the Net Trap
    s.res[0, SHEEP + 1] = s.animal_at[0, ENTRY_DWELLING, 1] = 1
    s.set("stack_n", 0)
    assert kernels.run_op(s.buf, OP_TRAP, 0, 0)
    kernels.compute_mask(s.buf, s.mask)
    traps = {a for a in legal(s) if A_TRAP <= a < A_TRAP + NUM_TRAPS or a >= A_TRAP_X}
    # Spear Trap needs a donkey: not affordable; the Trapdoor's S1 is not dealt
    assert traps == {A_TRAP + TR_CAVE_IN, A_TRAP + TR_NET, A_TRAP_X + TR_EXPLOSIVE - NUM_TRAPS}
    s = game(supply_extensions=["S7"])
    s.res[0, :SHEEP] += 20
    s.set("stack_n", 0)
    assert kernels.run_op(s.buf, OP_FURNISH, 10, 0)
    kernels.compute_mask(s.buf, s.mask)
    assert s.phase == P_FURN
    furn = {a - A_FURN for a in legal(s) if A_FURN <= a < A_FURN + NUM_FURN}
    furn |= {a - A_FURN_X + FX_FIRST for a in legal(s) if A_FURN_X <= a < A_FURN_X + 100}
    s7 = set(EXT_FURN[EXT_NAMES.index("S7")].tolist())
    base = {F_DWELLING, F_CARPENTER, F_STONE_CARVER, F_BLACKSMITH, F_ORC_DWELLING, F_WARRIOR}
    assert s7 <= furn and furn <= s7 | base


def test_b2_a_state_whose_supply_disagrees_with_its_extensions_is_rejected():
    s = game(2, supply_extensions=["S2", "S5"])
    bad = s.copy()
    bad.supply_ext[EXT_NAMES.index("S5")] = 0
    with pytest.raises(StateError, match="furn_left|trap_left"):
        ENGINE_V1.from_json(bad.to_json())
    ENGINE_V1.from_json(s.to_json())


def test_b2_d34_the_extensions_contents_are_replaceable_by_data_overrides():
    board = {
        "S9": {"tiles": ["breeding_cave"], "trap": "trapdoor"},
        "S1": {"tiles": ["peaceful_cave"], "trap": "poisoned_arrows"},
    }
    over = {"supply_board": board}
    config = ENGINE_V1.make_config(1, supply_extensions=["S9"], data_overrides=over)
    assert over == {"supply_board": board}  # the caller's option is left as it was
    s = ENGINE_V1.new_game(config, 0)
    assert s.trap_left[TR_TRAPDOOR] == 1 and s.trap_left_x[TR_ARROWS - NUM_TRAPS] == 0
    assert _offered(s, F_BREEDING_CAVE) == 1 and _offered(s, F_PEACEFUL) == 0
    assert _offered(s, F_CUDDLE) == 0  # S1's printed tiles are gone with its new contents
    ENGINE_V1.from_json(s.to_json())  # the contents travel with the state
    bad = s.copy()
    bad.p_ext_trap[0] = bad.p_ext_trap[1]
    with pytest.raises(StateError, match="p_ext_trap"):
        ENGINE_V1.from_json(bad.to_json())
    for wrong in (
        {"S1": {"tiles": ["miner"], "trap": "trapdoor"}},  # the Miner is on S4 too
        {"S1": {"tiles": [], "trap": "snare_trap"}},  # two Snare Traps, no Trapdoor
        {"S1": {"tiles": ["dwelling"], "trap": "trapdoor"}},  # a base piece tile
        {"S10": {"tiles": [], "trap": "trapdoor"}},
    ):
        with pytest.raises(ConfigError, match="supply_board"):
            ENGINE_V1.make_config(1, data_overrides={"supply_board": wrong})
    with pytest.raises(ConfigError, match="supply_board"):
        ENGINE.make_config(1, data_overrides={"supply_board": board})  # v0: no such board


def test_v0_keeps_its_fixed_supply_and_four_traps():
    s = ENGINE.new_game(ENGINE.make_config(2), 0)
    assert "supply_ext" not in s.LAYOUT.fields
    assert s.trap_left.tolist() == [2, 2, 2, 1]
    assert s.mask.size == NUM_ACTIONS
    assert FLAT_SIZE == 5277  # v0's observation is unchanged (the trap_pick phase is v1's)


# ---- the observation --------------------------------------------------------------------------


def test_b7_observation_tells_the_further_traps_apart_and_shows_them_sprung():
    """v0's planes show 'a trap, active' for every further trap; v1's scalars say which."""
    a, b = game(2), game(2)
    set_trap(a, TR_SNARE)
    set_trap(b, TR_STONE)
    b.trap_left_x[:] = a.trap_left_x  # only the trap on the board differs
    assert np.array_equal(encode_flat(a, 0), encode_flat(b, 0))
    assert not np.array_equal(encode_flat_v1(a, 0), encode_flat_v1(b, 0))
    c = a.copy()
    c.trap_active[0, TRAP_CELL] = 0
    diff = np.flatnonzero(encode_flat_v1(a, 0) != encode_flat_v1(c, 0))
    assert diff.size == 2 and diff[0] < FLAT_SIZE <= diff[1]  # v0's plane and v1's flag
    mine, theirs = encode_flat_v1(a, 0), encode_flat_v1(a, 1)
    assert not np.array_equal(mine[FLAT_SIZE:], theirs[FLAT_SIZE:])  # whose board
