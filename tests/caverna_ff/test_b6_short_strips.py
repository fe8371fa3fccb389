"""caverna_ff_v1's short strips dealt at random (rules B6; seed p.2 step 5c) and the yellow
tiles only the strips R5-R7 carry (rules A10, F13): Blacksmithing Parlor, Treasure Chamber,
Hunting Parlor, Main Storage, Food Chamber and Stone Storage. Each scoring test compares the
same board with and without the tile, so a missing or wrong bonus fails."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import A_FURN_X, A_TILE_X, X_HUNTING, X_SMITHING
from eurogym.envs.caverna_ff.consistency import check_state
from eurogym.envs.caverna_ff.helpers import furn_offered
from eurogym.envs.caverna_ff.rules import ENGINE, ENGINE_V1, score_table
from eurogym.envs.caverna_ff.scoring import BREAKDOWN
from eurogym.envs.caverna_ff.state import (
    EMPTY,
    O_DEFEATED,
    P_PLACE,
    ST_EVENT,
    StateV1,
)
from eurogym.envs.caverna_ff.tables import (
    BOAR,
    EXT_NAMES,
    F_BLACKSMITHING_PARLOR,
    F_FOOD_CHAMBER,
    F_HUNTING_PARLOR,
    F_MAIN_STORAGE,
    F_SLAUGHTERING,
    F_STONE_STORAGE,
    F_TREASURE_CHAMBER,
    F_WEAVING,
    FOOD,
    FURN_POINTS,
    FX_FIRST,
    GOLD,
    GRAIN,
    NUM_FURN,
    NUM_SHORT_STRIPS,
    ORE,
    RUBY,
    START_CAVERN,
    STONE,
    STRIP_YELLOWS,
    T_CAVERN,
    VEG,
    WOOD,
)
from eurogym.envs.core.errors import StateError
from tests.caverna_ff.helpers import cell, legal

FURNISHINGS = BREAKDOWN.index("furnishings")
SECOND_CAVERN = cell(1, 3)


def game(num_players: int = 1, seed: int = 0) -> StateV1:
    """A v1 game whose supply holds every extension (rules B2), every base tile on offer."""
    config = ENGINE_V1.make_config(num_players, supply_extensions=list(EXT_NAMES))
    state = ENGINE_V1.new_game(config, seed)
    assert state.phase == P_PLACE
    return state


def left(s: StateV1, f: int) -> int:
    return int(s.furn_left[f] if f < NUM_FURN else s.furn_left_x[f - FX_FIRST])


def deal_strip(s: StateV1, k: int) -> None:
    """The solo player's reward row gets short strip k (its yellow tiles alone on the supply)."""
    s.short_strip[0] = k
    for j in range(NUM_SHORT_STRIPS):
        for f in STRIP_YELLOWS[j]:
            if f >= FX_FIRST:
                s.furn_left_x[f - FX_FIRST] = int(j == k)
            else:
                s.furn_left[f] = int(j == k)


def on_board(s: StateV1, f: int, c: int = START_CAVERN) -> None:
    """Player 0 has furnishing f on cavern c; its copy leaves the supply."""
    s.tile[0, c] = T_CAVERN
    s.furn[0, c] = f + 1
    if f >= FX_FIRST:
        s.furn_left_x[f - FX_FIRST] = 0
    else:
        s.furn_left[f] = 0


def furnishing_points(s: StateV1) -> int:
    return int(score_table(s)[0, FURNISHINGS])


# ---- B6: the short strips ------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_b6_v1_deals_n_distinct_short_strips_and_only_their_yellow_tiles(num_players):
    seen = set()
    for seed in range(12):
        s = game(num_players, seed)
        strips = s.short_strip[:num_players].tolist()
        assert len(set(strips)) == num_players and min(strips) >= 0
        assert s.short_strip[num_players:].tolist() == [EMPTY] * (7 - num_players)  # 7 seats
        seen.update(strips)
        for k in range(NUM_SHORT_STRIPS):
            for f in STRIP_YELLOWS[k]:
                assert left(s, int(f)) == (1 if k in strips else 0), (seed, k, f)
        check_state(s)
    assert seen & {4, 5, 6}, "R5-R7 are never dealt"
    assert seen != set(range(num_players)), "always R1..RN, not at random"


def test_b6_v0_keeps_the_first_n_short_strips():
    for n in (1, 2, 3, 4):
        s = ENGINE.new_game(ENGINE.make_config(n), 5)
        assert "short_strip" not in s.LAYOUT.fields
        for k in range(4):
            for f in STRIP_YELLOWS[k]:
                assert s.furn_left[f] == (1 if k < n else 0)


def test_b6_check_state_names_a_yellow_supply_that_disagrees_with_the_dealt_strips():
    s = game(2, 3)
    k = next(k for k in range(NUM_SHORT_STRIPS) if k not in s.short_strip[:2])
    f = int(STRIP_YELLOWS[k][0])
    if f >= FX_FIRST:
        s.furn_left_x[f - FX_FIRST] = 1
    else:
        s.furn_left[f] = 1
    with pytest.raises(StateError, match="furn_left"):
        check_state(s)
    t = game(2, 3)
    t.short_strip[1] = t.short_strip[0]
    with pytest.raises(StateError, match="short_strip"):
        check_state(t)


def test_b6_f13_yellow_tiles_of_r5_r7_are_furnished_only_with_an_empty_alignment_card():
    s = game()
    deal_strip(s, 4)  # R5: Blacksmithing Parlor, Treasure Chamber
    s.res[0, ORE] = 3
    assert not furn_offered(s.buf, 0, F_BLACKSMITHING_PARLOR, 0)  # orcs still hostile
    s.orc_state[0, :] = O_DEFEATED
    assert furn_offered(s.buf, 0, F_BLACKSMITHING_PARLOR, 0)
    s.res[0, ORE] = 2  # its cost is 3 ore
    assert not furn_offered(s.buf, 0, F_BLACKSMITHING_PARLOR, 0)
    s.res[0, ORE] = 3
    s.furn_left_x[F_BLACKSMITHING_PARLOR - FX_FIRST] = 0  # its strip is not dealt
    assert not furn_offered(s.buf, 0, F_BLACKSMITHING_PARLOR, 0)
    assert A_FURN_X + F_BLACKSMITHING_PARLOR - FX_FIRST < A_TILE_X


# ---- F13: the bonus points -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "good", "count"), [(F_TREASURE_CHAMBER, RUBY, 5), (F_STONE_STORAGE, STONE, 7)]
)
def test_a10_f13_treasure_chamber_and_stone_storage_score_one_per_ruby_or_stone(tile, good, count):
    s = game()
    s.res[0, good] = count
    base = furnishing_points(s)
    on_board(s, tile)
    assert furnishing_points(s) == base + FURN_POINTS[tile] + count


def test_a10_f13_food_chamber_scores_two_per_grain_and_vegetable_pair_fields_included():
    s = game()
    s.res[0, GRAIN], s.res[0, VEG] = 1, 4
    field = cell(3, 0)
    s.crop[0, field], s.crop_kind[0, field] = 3, 0  # 3 grain on a field: 4 grain, 4 vegetables
    base = furnishing_points(s)
    on_board(s, F_FOOD_CHAMBER)
    assert furnishing_points(s) == base + FURN_POINTS[F_FOOD_CHAMBER] + 2 * 4


def test_a10_f13_main_storage_scores_two_per_yellow_tile_itself_included():
    s = game()
    on_board(s, F_WEAVING, SECOND_CAVERN)
    base = furnishing_points(s)
    on_board(s, F_MAIN_STORAGE)
    assert furnishing_points(s) == base + FURN_POINTS[F_MAIN_STORAGE] + 2 * 2


# ---- F13: the any-time exchanges -----------------------------------------------------------


def test_a10_f13_hunting_parlor_turns_two_boars_into_two_gold_and_two_food():
    s = game()
    deal_strip(s, 5)  # R6: Hunting Parlor, Main Storage
    s.res[0, BOAR] = 3
    s.animal_at[0, cell(0, 2), 1] = 1  # a forest stable holds 1 boar each
    s.stable[0, cell(0, 2)] = s.stable[0, cell(1, 2)] = s.stable[0, cell(2, 2)] = 1
    s.animal_at[0, cell(1, 2), 1] = s.animal_at[0, cell(2, 2), 1] = 1
    on_board(s, F_SLAUGHTERING, SECOND_CAVERN)  # no bonus: not a conversion to food
    kernels.compute_mask(s.buf, s.mask)
    assert A_TILE_X + X_HUNTING not in legal(s)  # not without the Hunting Parlor
    on_board(s, F_HUNTING_PARLOR)
    kernels.compute_mask(s.buf, s.mask)
    assert A_TILE_X + X_HUNTING in legal(s)
    before = s.res[0].copy()
    ENGINE_V1.apply_action(s, A_TILE_X + X_HUNTING)
    gained = s.res[0] - before
    assert (gained[BOAR], gained[GOLD], gained[FOOD]) == (-2, 2, 2)
    assert s.animal_at[0, :, 1].sum() == 1 and s.phase == P_PLACE
    assert A_TILE_X + X_HUNTING not in legal(s)  # 1 boar left
    check_state(s)


def test_a10_f13_hunting_parlor_loses_no_animal_during_an_orc_event():
    from eurogym.envs.caverna_ff.masks import anytime_ok

    s = game()
    s.res[0, BOAR] = 2
    s.stable[0, cell(0, 2)] = s.stable[0, cell(1, 2)] = 1
    s.animal_at[0, cell(0, 2), 1] = s.animal_at[0, cell(1, 2), 1] = 1
    on_board(s, F_HUNTING_PARLOR)
    assert anytime_ok(s.buf, 0, A_TILE_X + X_HUNTING)
    s.set("stage", ST_EVENT)
    assert not anytime_ok(s.buf, 0, A_TILE_X + X_HUNTING)


def test_a10_f13_blacksmithing_parlor_turns_a_ruby_and_an_ore_into_two_gold_and_a_food():
    s = game()
    s.res[0, RUBY], s.res[0, ORE] = 1, 0
    on_board(s, F_BLACKSMITHING_PARLOR)
    kernels.compute_mask(s.buf, s.mask)
    assert A_TILE_X + X_SMITHING not in legal(s)  # no ore
    s.res[0, ORE] = 2
    kernels.compute_mask(s.buf, s.mask)
    assert A_TILE_X + X_SMITHING in legal(s)
    before = s.res[0].copy()
    ENGINE_V1.apply_action(s, A_TILE_X + X_SMITHING)
    gained = s.res[0] - before
    assert (gained[RUBY], gained[ORE], gained[GOLD], gained[FOOD], gained[WOOD]) == (
        -1,
        -1,
        2,
        1,
        0,
    )
    assert A_TILE_X + X_SMITHING not in legal(s)  # no ruby left
    assert np.array_equal(s.mask, ENGINE_V1.compute_mask(s))
