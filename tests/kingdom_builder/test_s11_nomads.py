"""§11 Nomads: nomad spaces and the 15 nomad tiles (§11.1), the four Nomads locations (§11.2)
and the three in-game cards (§11.3), on small ASCII boards (odd rows drawn half a hex right),
including the seed rulebook's worked examples (Resettlement 3 steps + 1, Outpost, Quarry's
second wall, Caravan's four options, Shepherds ABC/CBA)."""

import numpy as np
import pytest

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.kingdom_builder import rules
from eurogym.envs.kingdom_builder.actions import STOP
from eurogym.envs.kingdom_builder.nomads import RESETTLEMENT, SWORD
from eurogym.envs.kingdom_builder.scoring import score_card
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    PHASE_MAIN,
    PHASE_MANDATORY,
    PHASE_STEP,
    PHASE_SWORD,
    PHASE_TILE_ORIGIN,
    WALL,
)
from eurogym.envs.kingdom_builder.tables import ALL_CARD_NAMES, NEIGHBOURS, NOMAD_KINDS
from tests.kingdom_builder.helpers import (
    act,
    blank_game,
    cells,
    finish_turn,
    give_nomad,
    give_tile,
    hx,
    kernel_targets,
    legal_hexes,
    legal_nomads,
    legal_tiles,
    nomad_action,
    place,
    show,
    stack_deck,
    tile_action,
)

NOMADS = ("nomads",)


def kind(name):
    return NOMAD_KINDS.index(name)


def slot(state, row, col):
    return int(state.slot_of_hex[hx(row, col)])


# ---------------------------------------------------------------- §11.1 nomad spaces

# N at (1,1): its neighbours are (0,1)(0,2)(1,0)(1,2)(2,1)(2,2).
NOMAD_FIELD = """
G G G G G G
 G N G G G G
G G G G G G
"""


def test_s11_1_building_next_to_a_nomad_space_takes_its_tile_for_the_next_turn_only():
    # Arrange
    state = blank_game(
        terrain_rows=NOMAD_FIELD, fill="G", expansions=NOMADS, nomads={(1, 1): "sword"},
        played="G",
    )  # fmt: skip
    stack_deck(state, "GGGGGG")
    # Act: player 0 builds next to the space
    act(state, (0, 1))
    # Assert: taken, the space is empty, and it is not usable on the turn it was taken
    assert state.nomad_new[0, kind("sword")] == 1 and state.nomad_tile[0] == EMPTY
    assert "sword" not in legal_nomads(state)
    finish_turn(state)
    assert state.nomad_ready[0, kind("sword")] == 1 and state.nomad_new[0].sum() == 0
    finish_turn(state)  # player 1
    # Assert: usable on the owner's next turn, gone at its end whether used or not
    assert state.cur == 0 and "sword" in legal_nomads(state)
    finish_turn(state)
    assert state.nomad_ready[0].sum() == 0 and state.nomad_new[0].sum() == 0


def test_s11_1_an_empty_nomad_space_gives_nothing():
    state = blank_game(terrain_rows=NOMAD_FIELD, fill="G", expansions=NOMADS, played="G")
    act(state, (0, 1))
    assert state.nomad_new.sum() == 0 and state.bonus_gold.sum() == 0


def test_s11_1_treasure_pays_3_gold_when_taken_and_leaves_the_game():
    state = blank_game(
        terrain_rows=NOMAD_FIELD, fill="G", expansions=NOMADS, nomads={(1, 1): "treasure"},
        played="G",
    )  # fmt: skip
    act(state, (2, 1))
    assert state.bonus_gold[0] == 3 and state.nomad_new[0].sum() == 0
    assert state.nomad_tile[0] == EMPTY
    assert rules.score_table(state)[0, 4] == 3  # the score table's "during play" column


# Water W at (1,2)(1,3)(1,4) and (5,5); player 0 stands at (0,2), next to (1,2) only
# (even row 0: (0,2) touches (1,1) and (1,2) below it).
WATER_FIELD = """
G G G G G G G
 G G W W W G G
G G G G G G G
 G G G G G G G
G G G G G G G
 G G G G G W G
"""


def test_s11_1_donation_builds_3_on_its_terrain_adjacent_if_possible():
    # Arrange
    state = blank_game(terrain_rows=WATER_FIELD, fill="G", expansions=NOMADS, played="G")
    place(state, 0, (0, 2))
    give_nomad(state, 0, "donation_water")
    supply = int(state.supply[0])
    # Act / Assert: each build is on water, next to the player's settlements while possible
    act(state, nomad_action("donation_water"))
    assert legal_hexes(state) == cells((1, 2))  # the water touching (0,2); not (5,5)
    act(state, (1, 2))
    assert legal_hexes(state) == cells((1, 3))
    act(state, (1, 3))
    assert legal_hexes(state) == cells((1, 4))
    act(state, (1, 4))
    # Assert: three built from supply, the tile spent, back to the main step
    assert state.supply[0] == supply - 3 and state.phase == PHASE_MAIN
    assert state.nomad_ready[0].sum() == 0 and state.active_nomad == EMPTY
    # Fishermen pays nothing for settlements standing on water (§11.1)
    assert score_card(state.buf, NEIGHBOURS, 0, ALL_CARD_NAMES.index("fishermen")) == 1


def test_s11_1_donation_with_fewer_legal_hexes_builds_as_many_as_possible_D52():
    state = blank_game(
        terrain_rows=WATER_FIELD.replace("W W W", "W M M"), fill="G", expansions=NOMADS,
        played="G",
    )  # fmt: skip
    give_nomad(state, 0, "donation_water")
    act(state, nomad_action("donation_water"))
    assert legal_hexes(state) == cells((1, 2), (5, 5))  # nothing of player 0's: any water
    act(state, (1, 2), (5, 5))
    assert state.phase == PHASE_MAIN and state.active_nomad == EMPTY


def test_s11_1_sword_removes_one_settlement_of_each_player_user_included_D24():
    # Arrange: a farm location at (3,3); player 2 holds its tile through (2,3) only
    state = blank_game(
        3,
        terrain_rows="""
        G G G G G G
         G G G G G G
        G G G G G G
         G G G L G G
        """,
        fill="G",
        locations={(3, 3): "farm"},
        expansions=NOMADS,
        played="G",
    )
    place(state, 0, (0, 0), (0, 1))
    place(state, 1, (5, 5))
    place(state, 2, (2, 3), (9, 9))
    give_tile(state, 2, (3, 3))
    give_nomad(state, 0, "sword")
    supplies = state.supply[:3].copy()
    # Act / Assert: the user chooses, seat by seat from the user
    act(state, nomad_action("sword"))
    assert state.phase == PHASE_SWORD and state.sword_next == 0
    assert legal_hexes(state) == cells((0, 0), (0, 1))
    act(state, (0, 1))
    assert state.sword_next == 1 and legal_hexes(state) == cells((5, 5))
    act(state, (5, 5))
    assert state.sword_next == 2 and legal_hexes(state) == cells((2, 3), (9, 9))
    act(state, (2, 3))
    # Assert: back to the supplies, and the victim lost the tile it no longer touches (§7.3)
    assert (state.supply[:3] == supplies + 1).all()
    assert state.phase == PHASE_MAIN and state.active_nomad == EMPTY
    assert state.holding[2, slot(state, 3, 3)] == 0


def test_s11_1_sword_skips_players_without_settlements():
    state = blank_game(3, terrain_rows=NOMAD_FIELD, fill="G", expansions=NOMADS, played="G")
    place(state, 2, (5, 5))
    give_nomad(state, 0, "sword")
    act(state, nomad_action("sword"))
    assert state.sword_next == 2
    act(state, (5, 5))
    assert state.phase == PHASE_MAIN


def test_s11_1_outpost_lets_one_build_ignore_adjacency_seed_example():
    # Arrange: the seed's example: A and B next to the location, then C by Outpost next to
    # a nomad space far away. Grass everywhere; a location at (1,1), a nomad space at (8,8).
    state = blank_game(
        terrain_rows="""
        G G G G G G G G G G
         G L G G G G G G G G
        G G G G G G G G G G
         G G G G G G G G G G
        G G G G G G G G G G
         G G G G G G G G G G
        G G G G G G G G G G
         G G G G G G G G G G
        G G G G G G G G N G
        """,
        fill="G",
        locations={(1, 1): "farm"},
        expansions=NOMADS,
        nomads={(8, 8): "treasure"},
        played="G",
    )
    give_nomad(state, 0, "outpost")
    # Act: A, B, then Outpost inside the mandatory action, then C far away
    act(state, (0, 1), (0, 2))
    assert state.phase == PHASE_MANDATORY and "outpost" in legal_nomads(state)
    assert hx(7, 8) not in legal_hexes(state)  # not adjacent: illegal without Outpost
    act(state, nomad_action("outpost"))
    assert hx(7, 8) in legal_hexes(state)
    act(state, (7, 8))
    # Assert: C stands apart and took the nomad space's treasure; the Outpost is spent
    assert state.owner[hx(7, 8)] == 0 and state.bonus_gold[0] == 3
    assert state.outpost_armed == 0 and state.nomad_ready[0].sum() == 0


# Resettlement: a farm location at (3,2), a nomad space at (1,4), water at (1,1).
RESETTLE_FIELD = """
G G G G G G G
 G W G G N G G
G G G G G G G
 G G L G G G G
G G G G G G G
"""


def test_s11_1_resettlement_steps_and_takes_tiles_only_where_it_stops_seed_example_D51():
    # Arrange: the seed's example: one settlement moves 3 steps and takes the nomad tile
    # next to its new place, then another moves 1 step next to a location
    state = blank_game(
        terrain_rows=RESETTLE_FIELD, fill="G", locations={(3, 2): "farm"}, expansions=NOMADS,
        nomads={(1, 4): "sword"}, played="G",
    )  # fmt: skip
    place(state, 0, (2, 1), (4, 4))
    give_nomad(state, 0, "resettlement")
    location = slot(state, 3, 2)
    # Act: choose the first settlement; steps go to adjacent empty buildable hexes only
    act(state, nomad_action("resettlement"), (2, 1))
    assert state.phase == PHASE_STEP
    assert legal_hexes(state) == cells((1, 0), (2, 0), (2, 2), (3, 0), (3, 1))  # not water
    act(state, (2, 2), (2, 3))
    # Assert: passing next to the location on the way takes nothing (D51)
    assert state.ever_taken[0, location] == 0 and state.tiles_left[location] == 2
    act(state, (2, 4), STOP)
    assert state.nomad_new[0, kind("sword")] == 1  # taken where it stopped
    assert state.phase == PHASE_TILE_ORIGIN and state.action_left == 1
    # Act: the second settlement, one step next to the location; the last step ends it
    act(state, (4, 4), (4, 3))
    # Assert
    assert state.holding[0, location] == 1 and state.tile_new[0, 1] == 1  # farm is type 1
    assert state.phase == PHASE_MAIN and state.active_nomad == EMPTY
    assert state.owner[hx(2, 4)] == 0 and state.owner[hx(4, 3)] == 0
    assert state.owner[hx(2, 1)] == EMPTY and state.owner[hx(4, 4)] == EMPTY


def test_s11_1_resettlement_may_stop_after_one_settlement():
    state = blank_game(terrain_rows=RESETTLE_FIELD, fill="G", expansions=NOMADS, played="G")
    place(state, 0, (4, 4))
    give_nomad(state, 0, "resettlement")
    act(state, nomad_action("resettlement"))
    assert not state.mask[STOP]  # at least one step first
    act(state, (4, 4), (4, 5), STOP)
    assert state.phase == PHASE_TILE_ORIGIN and state.mask[STOP]
    act(state, STOP)
    assert state.phase == PHASE_MAIN and state.active_nomad == EMPTY


# ---------------------------------------------------------------- §11.2 locations

# Desert D around player 0's settlements; a quarry location at (4,1).
QUARRY_FIELD = """
D D D G G G G
 D D G G G D G
G G G G G G G
 G G G G G G G
G L G G G G G
"""


def test_s11_2_quarry_walls_on_the_played_terrain_next_to_own_settlements():
    # Arrange
    state = blank_game(
        terrain_rows=QUARRY_FIELD, fill="G", locations={(4, 1): "quarry"}, expansions=NOMADS,
        played="D",
    )  # fmt: skip
    place(state, 0, (0, 0), (3, 1))
    give_tile(state, 0, (4, 1))
    walls = int(state.walls_left)
    # Act / Assert: only desert hexes touching player 0 (required); (1,1) is desert but apart
    act(state, tile_action("quarry"))
    assert legal_hexes(state) == cells((0, 1), (1, 0))
    act(state, (0, 1))
    assert state.mask[STOP] and legal_hexes(state) == cells((1, 0))
    act(state, (1, 0))
    # Assert: two walls at most, nobody's, blocking their hexes for the mandatory action
    assert state.phase == PHASE_MAIN and state.walls_left == walls - 2
    assert state.owner[hx(0, 1)] == WALL and state.owner[hx(1, 0)] == WALL
    assert legal_hexes(state) == cells((0, 2), (1, 1), (1, 5))  # none touches player 0 now


def test_s11_2_quarry_no_second_wall_without_a_target_seed_example():
    # Arrange: the seed's example: after the mandatory action on desert, one wall fills the
    # last desert next to the player, so no second wall can follow
    state = blank_game(
        terrain_rows=QUARRY_FIELD.replace("D D D G", "D D G G"), fill="G",
        locations={(4, 1): "quarry"}, expansions=NOMADS, played="D",
    )  # fmt: skip
    place(state, 0, (3, 1))
    give_tile(state, 0, (4, 1))
    act(state, (0, 0), (0, 1), (1, 0))  # the mandatory action on desert
    act(state, tile_action("quarry"))
    assert legal_hexes(state) == cells((1, 1))  # the one desert hex next to her
    act(state, (1, 1))
    # Assert: the Quarry ends by itself: no desert hex touches her settlements any more
    assert state.phase == PHASE_MAIN and state.active_tile == EMPTY
    assert int((state.owner == WALL).sum()) == 1


def test_s11_2_caravan_slides_until_an_obstacle_seed_example():
    # Arrange: the seed's example: four options, one direction blocked by a mountain (E) and
    # one by an opponent's settlement (W); a castle at (6,5) stops the SE slide
    state = blank_game(
        terrain_rows="""
        G G G G G G G
         G G G G G G G
        G G G G G G G
         G G G G G G G
        G G G G G M G
         G G G G G G G
        G G G G G K G
        """,
        fill="G",
        expansions=NOMADS,
        played="G",
    )
    place(state, 0, (4, 4))
    place(state, 1, (4, 3))
    # Act
    targets = kernel_targets(state, 0, "caravan", (4, 4))
    # Assert: NE to the top edge, NW to the top edge, SE before the castle, SW to the left edge
    assert targets == cells((0, 6), (0, 2), (5, 4), (12, 0)), show(state)


def test_s11_2_village_needs_three_of_your_settlements_around_the_hex():
    state = blank_game(terrain_rows=NOMAD_FIELD.replace("N", "G"), fill="G", expansions=NOMADS)
    place(state, 0, (0, 2), (1, 1), (2, 2))  # all three touch (1,2)
    place(state, 0, (5, 5), (5, 6))  # (4,6)/(6,6) touch only two
    assert kernel_targets(state, 0, "village") == cells((1, 2))


def test_s11_2_garden_builds_on_flower_adjacent_if_possible():
    state = blank_game(
        terrain_rows="""
        G F G G G F
         G G G G G G
        """,
        fill="G",
        expansions=NOMADS,
    )
    assert kernel_targets(state, 0, "garden") == cells((0, 1), (0, 5))  # none adjacent: any
    place(state, 0, (0, 4))
    assert kernel_targets(state, 0, "garden") == cells((0, 5))


def test_s11_2_nomads_tiles_are_taken_and_used_like_base_tiles():
    state = blank_game(
        terrain_rows=QUARRY_FIELD.replace("L", "G") + "G G G G G L G\n",
        fill="G", locations={(5, 5): "village"}, expansions=NOMADS, played="G",
    )  # fmt: skip
    place(state, 0, (5, 3), (4, 4))
    act(state, (5, 4))  # next to the village location: the tile is taken, new this turn
    assert state.xtile_new[0, 2] == 1 and "village" not in legal_tiles(state)


# ---------------------------------------------------------------- §11.3 in-game cards


def families_gold(*hexes):
    state = blank_game(
        terrain_rows="G", fill="G", expansions=NOMADS, played="G",
        cards=("families", "lords", "knights"),
    )  # fmt: skip
    act(state, *hexes)
    return int(state.bonus_gold[0])


def test_s11_3_families_pays_2_for_a_straight_mandatory_line_only():
    assert families_gold((4, 4), (4, 5), (4, 6)) == 2  # horizontal
    assert families_gold((4, 4), (5, 4), (6, 5)) == 2  # SE, SE: a diagonal (odd-r)
    assert families_gold((4, 5), (4, 4), (4, 6)) == 2  # any order
    assert families_gold((4, 4), (4, 5), (5, 5)) == 0  # adjacent, but bent
    assert families_gold((4, 4), (5, 4), (6, 4)) == 0  # SE then SW: bent


# Flower hexes X A B C in a row (0,0)..(0,3); X stays empty (the seed's pocket, open at A).
SHEPHERD_FIELD = """
F F F F G G
 G G G G G G
"""


def test_s11_3_shepherds_order_matters_seed_example_ABC_CBA():
    def play(order):
        state = blank_game(
            terrain_rows=SHEPHERD_FIELD, fill="G", expansions=NOMADS, played="F",
            cards=("shepherds", "lords", "knights"),
        )  # fmt: skip
        act(state, *order)
        return int(state.bonus_gold[0])

    assert play([(0, 1), (0, 2), (0, 3)]) == 2  # ABC: C has no empty flower neighbour
    assert play([(0, 3), (0, 2), (0, 1)]) == 0  # CBA: A still touches the empty X


def test_s11_3_ambassadors_pays_1_per_placement_next_to_another_player():
    state = blank_game(
        terrain_rows="G", fill="G", expansions=NOMADS, played="G",
        cards=("ambassadors", "lords", "knights"),
    )  # fmt: skip
    place(state, 1, (4, 4))
    act(state, (4, 5), (4, 6), (4, 7))  # only (4,5) touches player 1
    assert state.bonus_gold[0] == 1


def test_s11_3_in_game_cards_score_nothing_at_the_end_and_workers_count_nomad_spaces():
    state = blank_game(
        terrain_rows=NOMAD_FIELD, fill="G", expansions=NOMADS,
        cards=("families", "shepherds", "workers"),
    )  # fmt: skip
    place(state, 0, (0, 1))
    table = rules.score_table(state)
    assert table[0, 0] == 0 and table[0, 1] == 0 and table[0, 2] == 1


# ---------------------------------------------------------------- §3.2 set-up


def test_s03_2_nomad_setup_one_tile_per_space_walls_ready():
    config = rules.make_config(
        4, expansions=NOMADS, sections=("quarry", "caravan", "village", "garden")
    )
    seen = np.zeros(len(NOMAD_KINDS), np.int64)
    for seed in range(40):
        state = rules.new_game(config, seed)
        spaces = state.nomad_hex[state.nomad_hex != EMPTY]
        # Quarry has 3 spaces, the others 1 each: 6 spaces, each holding one face-up tile
        assert len(spaces) == 6 and (state.terrain[spaces] == 11).all()
        assert (state.nomad_tile[:6] != EMPTY).all() and state.walls_left == 25
        counts = np.bincount(state.nomad_tile[:6], minlength=len(NOMAD_KINDS))
        assert (counts <= [1] * 7 + [2] * 4).all()  # at most the copies in the box (§1.3)
        seen += counts
    assert (seen > 0).all()  # every kind turns up


def test_s02_3_random_mix_draws_only_enabled_sections_and_cards():
    base, nomads = set(), set()
    for seed in range(60):
        base |= set(rules.new_game(rules.make_config(2), seed).sections.tolist())
        nomads |= set(rules.new_game(rules.make_config(2, expansions=NOMADS), seed).sections)
    assert max(base) < 8 and max(nomads) >= 8
    cards = set()
    for seed in range(60):
        cards |= set(rules.new_game(rules.make_config(2, expansions=NOMADS), seed).cards)
    assert {10, 11, 12} & cards


def test_s11_1_sword_and_resettlement_phases_keep_kind_constants():
    assert NOMAD_KINDS[SWORD] == "sword" and NOMAD_KINDS[RESETTLEMENT] == "resettlement"


# ---------------------------------------------------------------- D21, D24 rule flags


def test_s11_1_sword_opponents_only_with_sword_includes_self_false_D24():
    state = blank_game(3, terrain_rows=NOMAD_FIELD, fill="G", expansions=NOMADS, played="G")
    state.set("sword_includes_self", 0)
    place(state, 0, (5, 0))
    give_nomad(state, 0, "sword")
    assert "sword" not in legal_nomads(state)  # only the user has a settlement
    place(state, 2, (5, 5))
    act(state, nomad_action("sword"))
    assert state.sword_next == 2 and legal_hexes(state) == cells((5, 5))
    act(state, (5, 5))
    assert state.owner[hx(5, 0)] == 0 and state.phase == PHASE_MAIN


def test_s11_3_in_game_cards_count_moves_flag_D21():
    def resettle_next_to_player_1(count_moves):
        state = blank_game(
            terrain_rows=RESETTLE_FIELD, fill="G", expansions=NOMADS, played="G",
            cards=("ambassadors", "lords", "knights"),
        )  # fmt: skip
        state.set("in_game_cards_count_moves", int(count_moves))
        place(state, 0, (4, 4))
        place(state, 1, (4, 6))
        give_nomad(state, 0, "resettlement")
        act(state, nomad_action("resettlement"), (4, 4), (4, 5), STOP, STOP)
        return int(state.bonus_gold[0])

    assert resettle_next_to_player_1(True) == 1  # the move pays (default)
    assert resettle_next_to_player_1(False) == 0


def test_s16_nomads_rule_flags_reach_the_state_and_need_nomads():
    config = rules.make_config(
        2, expansions=NOMADS, in_game_cards_count_moves=False, sword_includes_self=False
    )
    state = rules.new_game(config, 0)
    assert state.in_game_cards_count_moves == 0 and state.sword_includes_self == 0
    default = rules.new_game(rules.make_config(2, expansions=NOMADS), 0)
    assert default.in_game_cards_count_moves == 1 and default.sword_includes_self == 1
    with pytest.raises(ConfigError, match="sword_includes_self=False needs"):
        rules.make_config(2, sword_includes_self=False)


# ---------------------------------------------------------------- D24, D51 choice options


@pytest.mark.parametrize("victim_chooses", [False, True])
def test_s11_1_sword_victim_chooses_option_passes_the_choice_to_each_victim_D24(victim_chooses):
    # Arrange: 3 seats with settlements; seat 0 uses the Sword (the user first, D24)
    state = blank_game(3, terrain_rows=NOMAD_FIELD, fill="G", expansions=NOMADS, played="G")
    state.set("sword_victim_chooses", int(victim_chooses))
    place(state, 0, (5, 0))
    place(state, 1, (5, 5), (4, 5))
    place(state, 2, (3, 3))
    give_nomad(state, 0, "sword")
    seen = []
    # Act: each removal is chosen by the seat to act, whose settlements are the legal hexes
    act(state, nomad_action("sword"))
    for hexes, pick in (((5, 0),), (5, 0)), (((5, 5), (4, 5)), (4, 5)), (((3, 3),), (3, 3)):
        assert state.phase == PHASE_SWORD and legal_hexes(state) == cells(*hexes)
        seen.append(int(state.cur))
        act(state, pick)
    # Assert: with the option the turn passes to each victim in seat order, then returns
    assert seen == ([0, 1, 2] if victim_chooses else [0, 0, 0])
    assert state.cur == 0 and state.phase == PHASE_MAIN and state.active_nomad == EMPTY
    assert state.owner[hx(5, 5)] == 1 and state.owner[hx(4, 5)] == EMPTY


@pytest.mark.parametrize("per_step", [False, True])
def test_s11_1_resettlement_tiles_per_step_option_judges_every_step_D51(per_step):
    # Arrange: the seed example's field; (2,2) and (2,3) touch the farm location at (3,2),
    # (2,4) does not but touches the nomad space at (1,4)
    state = blank_game(
        terrain_rows=RESETTLE_FIELD, fill="G", locations={(3, 2): "farm"}, expansions=NOMADS,
        nomads={(1, 4): "sword"}, played="G",
    )  # fmt: skip
    state.set("resettlement_tiles_per_step", int(per_step))
    place(state, 0, (2, 1))
    give_nomad(state, 0, "resettlement")
    location = slot(state, 3, 2)
    # Act: step next to the location
    act(state, nomad_action("resettlement"), (2, 1), (2, 2))
    # Assert: per step, the hex entered takes the location's tile at once (default: nothing)
    assert state.ever_taken[0, location] == int(per_step)
    assert state.holding[0, location] == int(per_step)
    # Act: step away from it, next to the nomad space, still resettling
    act(state, (2, 3), (2, 4))
    assert state.phase == PHASE_STEP
    # Assert: per step the tile is lost again (D7: never taken twice) and the nomad tile taken
    assert state.holding[0, location] == 0 and state.ever_taken[0, location] == int(per_step)
    assert state.nomad_new[0, kind("sword")] == int(per_step)
    act(state, STOP)
    assert state.nomad_new[0, kind("sword")] == 1  # either way, taken by the stop
    assert state.tiles_left[location] == 2 - int(per_step)


def test_s16_d24_d51_options_reach_the_state_and_need_nomads():
    config = rules.make_config(
        3, expansions=NOMADS, sword_victim_chooses=True, resettlement_tiles_per_step=True
    )
    state = rules.new_game(config, 0)
    assert state.sword_victim_chooses == 1 and state.resettlement_tiles_per_step == 1
    default = rules.new_game(rules.make_config(3, expansions=NOMADS), 0)
    assert default.sword_victim_chooses == 0 and default.resettlement_tiles_per_step == 0
    for name in ("sword_victim_chooses", "resettlement_tiles_per_step"):
        with pytest.raises(ConfigError, match=f"{name}=True needs"):
            rules.make_config(2, **{name: True})
        with pytest.raises(ConfigError, match=name):
            rules.make_config(2, expansions=NOMADS, **{name: "yes"})
