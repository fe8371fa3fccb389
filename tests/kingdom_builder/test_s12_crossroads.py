"""§12 Crossroads: warriors (§12.2, D18), the pieces counting as settlements (§12.1, D17), the
eight locations (§12.3), the task cards (§12.4) and the set-up (§3.2), on small ASCII boards
(odd rows drawn half a hex right; everything not drawn is mountain)."""

import numpy as np
import pytest

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.kingdom_builder import rules
from eurogym.envs.kingdom_builder.actions import CHOOSE_CARD, END_TURN
from eurogym.envs.kingdom_builder.crossroads import meets_task, score_tasks
from eurogym.envs.kingdom_builder.invariants import check_invariants
from eurogym.envs.kingdom_builder.scoring import score_adjacent_terrain, score_card
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    PHASE_CHOOSE_CARD,
    PHASE_MAIN,
    PHASE_TILE_TARGET,
    PIECE_CITY_HALL,
    PIECE_SHIP,
    PIECE_WAGON,
    PIECE_WARRIOR,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_TILE_NAMES,
    CANYON,
    DESERT,
    FLOWER,
    FOREST,
    GRASS,
    NEIGHBOURS,
    NUM_TILE_TYPES,
    TASK_GOLD,
    TASK_NAMES,
    WATER,
)
from tests.kingdom_builder.helpers import (
    act,
    blank_game,
    cells,
    finish_turn,
    give_tile,
    hx,
    kernel_targets,
    legal_hexes,
    legal_tiles,
    place,
    refresh,
    set_hand,
    stack_deck,
    tile_action,
)

CITIZENS = 7  # base card index (scoring.CITIZENS)
FISHERMEN = 0

# A grass field with a lake on the right, a canyon and a forest strip below (rows 0-5).
FIELD = """
G G G G G W W W W
 G G G G G W W W W
G G G G G W W W W
 G G G G G W W W W
C C C C G W W W W
 T T T T G W W W W
"""


def with_locations(rows, locations):
    """The ASCII rows with an 'L' on each location hex (row, col)."""
    lines = [line.split() for line in rows.strip("\n").splitlines()]
    for r, c in locations:
        lines[r][c] = "L"
    return "\n".join((" " if r % 2 else "") + " ".join(line) for r, line in enumerate(lines))


def crossroads_game(rows=FIELD, locations=None, **kwargs):
    locations = locations or {}
    return blank_game(
        terrain_rows=with_locations(rows, locations),
        locations=locations,
        expansions=("crossroads",),
        **kwargs,
    )


def put_piece(state, player, h, kind):
    """A piece of `player` already on hex h (scenario set-up: no tiles taken)."""
    h = hx(*h) if isinstance(h, tuple) else h
    state.owner[h] = player
    state.piece[h] = kind
    refresh(state)


def next_turn_same_player(state):
    """The tiles the player used this turn are usable again (as on their next turn)."""
    state.tile_used[:] = 0
    state.xtile_used[:] = 0
    refresh(state)


# ---------------------------------------------------------------- §12.2 warriors


def test_s12_2_warrior_forbids_building_next_to_it_for_everyone_D18():
    state = crossroads_game(played="G")
    place(state, 0, (0, 2))
    place(state, 1, (3, 3))
    put_piece(state, 1, (2, 2), PIECE_WARRIOR)  # blocks (1,1) (1,2) (2,1) (2,3) (3,1) (3,2)
    # player 0: (1,1) and (1,2) touch (0,2) but are next to the warrior
    assert legal_hexes(state) == cells((0, 1), (0, 3))
    # the warrior's owner is blocked too: (2,3) and (3,2) touch (3,3)
    assert kernel_targets(state, 1, "farm") == cells((2, 4), (3, 4), (4, 4))


def test_s12_2_no_empty_hex_but_next_to_a_warrior_is_no_legal_hex_for_s5():
    rows = """
    D D D D D D
     D D G G D D
    D D G G G D
     D D G G D D
    """
    state = crossroads_game(rows=rows, played="G")
    place(state, 0, (0, 0))
    put_piece(state, 1, (2, 3), PIECE_WARRIOR)  # on grass; its 6 neighbours are all the grass
    stack_deck(state, ["D"])
    assert state.mask[END_TURN] and not legal_hexes(state)  # start = replace the dead card
    act(state, END_TURN)
    assert state.removed[GRASS] == 1 and state.played == DESERT


def test_s12_2_taking_the_warrior_back_frees_the_hexes():
    state = crossroads_game(locations={(2, 2): "barracks"}, played="G")
    place(state, 0, (1, 2))
    give_tile(state, 0, (2, 2))
    put_piece(state, 0, (0, 4), PIECE_WARRIOR)
    assert hx(0, 3) not in legal_hexes(state)
    act(state, tile_action("barracks"))
    assert hx(0, 4) in legal_hexes(state)  # its own hex: take it back
    act(state, (0, 4))
    assert state.owner[hx(0, 4)] == EMPTY and state.piece[hx(0, 4)] == 0
    assert hx(0, 3) in legal_hexes(state)


# ---------------------------------------------------------------- §12.1 pieces are settlements


def test_s12_1_pieces_count_as_settlements_for_cards_and_adjacency_D17():
    state = crossroads_game(played="G")
    put_piece(state, 0, (1, 5), PIECE_SHIP)  # on water
    put_piece(state, 0, (1, 3), PIECE_WAGON)
    # adjacent if possible: next to the wagon or the ship (not anywhere on grass)
    assert legal_hexes(state) == cells((0, 3), (0, 4), (1, 2), (1, 4), (2, 3), (2, 4))
    assert state.supply[0] == 40  # pieces are not from the supply (§9)
    # Fishermen: a warrior next to water pays like a settlement; the ship standing on water
    # pays nothing (D16); the wagon has no water next to it
    put_piece(state, 0, (0, 4), PIECE_WARRIOR)  # next to water (0,5)
    assert score_adjacent_terrain(state.buf, NEIGHBOURS, 0, WATER) == 1


def test_s12_1_pieces_are_never_moved_by_settlement_moves_D17():
    state = crossroads_game(locations={(4, 2): "barn"}, played="G")
    place(state, 0, (3, 2))
    give_tile(state, 0, (4, 2))
    put_piece(state, 0, (0, 0), PIECE_WAGON)
    put_piece(state, 0, (0, 2), PIECE_WARRIOR)
    act(state, tile_action("barn"))
    assert legal_hexes(state) == cells((3, 2))  # only the plain settlement can move


def test_s12_1_pieces_take_and_keep_location_tiles_D17():
    state = crossroads_game(locations={(2, 2): "wagon", (0, 1): "tower"}, played="G")
    place(state, 0, (2, 1))
    give_tile(state, 0, (2, 2))
    tower = state.slot_of_hex[hx(0, 1)]
    act(state, tile_action("wagon"), (1, 1))  # the wagon arrives next to the Tower hex
    assert state.piece[hx(1, 1)] == PIECE_WAGON and state.holding[0, tower] == 1
    next_turn_same_player(state)
    act(state, tile_action("wagon"), (1, 1))  # its own hex: back to supply
    assert state.holding[0, tower] == 0  # §7.3: nothing of player 0 touches the Tower hex
    assert state.ever_taken[0, tower] == 1


# ---------------------------------------------------------------- §12.3 locations


def test_s12_3_foresters_lodge_builds_on_forest_adjacent_if_possible():
    state = crossroads_game(locations={(2, 2): "foresters_lodge"}, played="G")
    place(state, 0, (2, 1))
    give_tile(state, 0, (2, 2))
    assert kernel_targets(state, 0, "foresters_lodge") == cells(*((5, c) for c in range(4)))
    place(state, 0, (4, 1))  # now (5,0) and (5,1) touch a settlement of player 0
    assert kernel_targets(state, 0, "foresters_lodge") == cells((5, 0), (5, 1))


def test_s12_3_monastery_needs_a_canyon_next_to_yours_D29():
    state = crossroads_game(locations={(2, 2): "monastery"}, played="G")
    place(state, 0, (2, 1))
    give_tile(state, 0, (2, 2))
    assert "monastery" not in legal_tiles(state)  # canyon exists, none next to player 0
    place(state, 0, (3, 3))
    assert kernel_targets(state, 0, "monastery") == cells((4, 3))


def test_s12_3_monastery_if_possible_is_the_d29_option():
    config = rules.make_config(2, expansions=("crossroads",), monastery_adjacency="if_possible")
    assert rules.new_game(config, 0).monastery_if_possible == 1
    with pytest.raises(ConfigError, match="monastery_adjacency needs"):
        rules.make_config(2, monastery_adjacency="if_possible")
    state = crossroads_game(locations={(2, 2): "monastery"}, played="G")
    place(state, 0, (2, 1))
    give_tile(state, 0, (2, 2))
    state.set("monastery_if_possible", 1)
    refresh(state)
    assert "monastery" in legal_tiles(state)  # no canyon touches player 0: any canyon
    assert kernel_targets(state, 0, "monastery") == cells(*((4, c) for c in range(4)))


def test_s12_3_fort_draws_a_card_builds_on_it_then_discards_it():
    state = crossroads_game(locations={(2, 2): "fort"}, played="G")
    place(state, 0, (3, 2))
    give_tile(state, 0, (2, 2))
    stack_deck(state, ["C"])
    deck, discarded = int(state.deck_size), int(state.discard[CANYON])
    act(state, tile_action("fort"))
    assert state.fort_card == CANYON and state.phase == PHASE_TILE_TARGET
    assert legal_hexes(state) == cells((4, 2), (4, 3))  # canyon next to (3,2)
    act(state, (4, 2))
    assert state.owner[hx(4, 2)] == 0 and state.fort_card == EMPTY
    assert state.deck_size == deck - 1 and state.discard[CANYON] == discarded + 1


def test_s12_3_fort_with_no_hex_of_the_drawn_terrain_ends_at_once():
    state = crossroads_game(locations={(2, 2): "fort"}, played="G")
    place(state, 0, (3, 2))
    give_tile(state, 0, (2, 2))
    stack_deck(state, ["D"])  # no desert on this board
    discarded = int(state.discard[DESERT])
    act(state, tile_action("fort"))
    assert state.phase == PHASE_MAIN and state.fort_card == EMPTY
    assert state.discard[DESERT] == discarded + 1 and "fort" not in legal_tiles(state)


def test_s12_3_crossroads_draws_an_extra_card_and_the_player_chooses_D27():
    state = crossroads_game(locations={(2, 2): "crossroads"}, played="G")
    place(state, 0, (1, 2))
    give_tile(state, 0, (2, 2), new=True)  # taken this turn: draws from this turn's end
    set_hand(state, 1, "G")
    stack_deck(state, ["T", "C", "G"])  # player 0's card, player 0's extra, player 1's card
    finish_turn(state)
    assert state.hand[0] == FOREST and state.xhand[0].tolist() == [CANYON, EMPTY]
    finish_turn(state)
    assert state.cur == 0 and state.phase == PHASE_CHOOSE_CARD
    offered = {t for t in range(5) if state.mask[CHOOSE_CARD + t]}
    assert offered == {CANYON, FOREST}
    act(state, CHOOSE_CARD + CANYON)
    assert state.played == CANYON and state.xhand[0].tolist() == [FOREST, EMPTY]
    discards = state.discard.copy()
    stack_deck(state, ["F", "F"])
    finish_turn(state)  # both held cards are discarded, two new ones drawn
    assert state.discard[CANYON] == discards[CANYON] + 1
    assert state.discard[FOREST] == discards[FOREST] + 1
    assert state.hand[0] == FLOWER and state.xhand[0, 0] == FLOWER


def test_s12_3_with_no_card_drawn_an_extra_card_is_revealed_and_the_choice_stays():
    state = crossroads_game(played="G")
    finish_turn(state)  # player 1 to act; now player 0 holds two extras and no card (§5)
    for i, terrain in enumerate(("G", "T")):
        set_hand(state, 0, terrain)
        state.xhand[0, i] = state.hand[0]
        state.hand[0] = EMPTY
    finish_turn(state)
    assert state.cur == 0 and state.phase == PHASE_CHOOSE_CARD and state.played != EMPTY
    assert {t for t in range(5) if state.mask[CHOOSE_CARD + t]} == {GRASS, FOREST}
    check_invariants(state)


def test_s12_3_city_hall_takes_7_hexes_next_to_yours_once_and_counts_as_7_D28():
    state = crossroads_game(locations={(4, 4): "city_hall"}, played="G", cards=("citizens",
                            "knights", "lords"))  # fmt: skip
    place(state, 0, (0, 0), (3, 4))
    give_tile(state, 0, (4, 4))
    targets = kernel_targets(state, 0, "city_hall")
    assert hx(1, 1) in targets  # its ring touches (0,0)
    assert hx(0, 2) not in targets  # a centre on the edge has no full ring
    assert hx(2, 2) not in targets  # free, but no hex of it touches player 0
    act(state, tile_action("city_hall"), (1, 1))
    hall = cells((1, 1), (0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2))
    assert {int(h) for h in np.flatnonzero(state.piece == PIECE_CITY_HALL)} == hall
    assert (state.owner[list(hall)] == 0).all() and state.supply[0] == 38
    assert score_card(state.buf, NEIGHBOURS, 0, CITIZENS) == 4  # area of 8: the hall + (0,0)
    next_turn_same_player(state)
    assert "city_hall" not in legal_tiles(state)  # placed once, for the rest of the game


def test_s12_3_lighthouse_places_sails_up_to_3_and_takes_back_the_ship_D20():
    state = crossroads_game(locations={(2, 2): "lighthouse"}, played="G")
    place(state, 0, (1, 4), (2, 1))
    give_tile(state, 0, (2, 2))
    assert kernel_targets(state, 0, "lighthouse") == cells((0, 5), (1, 5), (2, 5))
    act(state, tile_action("lighthouse"), (1, 5))
    assert state.piece[hx(1, 5)] == PIECE_SHIP and state.owner[hx(1, 5)] == 0
    place(state, 1, (1, 7))  # a settlement on water (Harbor) blocks the way
    next_turn_same_player(state)
    targets = kernel_targets(state, 0, "lighthouse")
    assert hx(1, 5) in targets  # its own hex: take it back
    assert hx(0, 8) in targets  # 3 steps, around the settlement on (1,7)
    assert hx(1, 8) not in targets  # 3 hexes away, but 4 steps around (1,7): D20
    assert hx(1, 7) not in targets and hx(4, 8) not in targets  # occupied; 4 steps away
    assert hx(0, 4) not in targets  # grass
    act(state, tile_action("lighthouse"), (0, 8))
    assert state.piece[hx(0, 8)] == PIECE_SHIP and state.piece[hx(1, 5)] == 0


def test_s12_3_wagon_goes_on_buildable_or_mountain_and_drives_3_steps_D20():
    rows = """
    G G M M M
     G G W M G
    G G G W G G
    """
    state = crossroads_game(rows=rows, locations={(2, 2): "wagon"}, played="G", fill="W")
    place(state, 0, (1, 1))
    give_tile(state, 0, (2, 2))
    # adjacent if possible, on buildable terrain or mountain; never water or the location
    assert kernel_targets(state, 0, "wagon") == cells((0, 1), (0, 2), (1, 0), (2, 1))
    act(state, tile_action("wagon"), (0, 2))
    next_turn_same_player(state)
    targets = kernel_targets(state, 0, "wagon") - cells((0, 2))
    assert cells((0, 3), (0, 4), (1, 4)) <= targets  # over the mountains
    assert hx(1, 2) not in targets and hx(1, 1) not in targets  # water; a settlement
    assert hx(2, 4) in targets and hx(2, 5) not in targets  # 3 steps; 4 steps


def test_s12_3_barracks_places_up_to_2_warriors_adjacent_if_possible():
    state = crossroads_game(locations={(2, 2): "barracks"}, played="G")
    place(state, 0, (1, 2))
    give_tile(state, 0, (2, 2))
    assert kernel_targets(state, 0, "barracks") == cells((0, 2), (0, 3), (1, 1), (1, 3), (2, 3))
    put_piece(state, 0, (0, 0), PIECE_WARRIOR)
    put_piece(state, 0, (5, 4), PIECE_WARRIOR)
    # both warriors are out: only taking one back is left
    assert kernel_targets(state, 0, "barracks") == cells((0, 0), (5, 4))


# ---------------------------------------------------------------- §12.4 task cards


def task_holds(state, task):
    return bool(meets_task(state.buf, NEIGHBOURS, 0, TASK_NAMES.index(task)))


def test_s12_4_home_country_a_whole_terrain_area_only_yours_D30():
    rows = """
    G G G G G
     G D D G G
    G G D G G
    """
    state = crossroads_game(rows=rows)
    place(state, 0, (1, 1), (1, 2))
    assert not task_holds(state, "home_country")  # (2,2) desert still empty
    place(state, 1, (2, 2))
    assert not task_holds(state, "home_country")  # another player's settlement in it
    state.owner[hx(2, 2)] = 0
    assert task_holds(state, "home_country")


def test_s12_4_fortress_a_settlement_ringed_by_6_of_yours():
    state = crossroads_game()
    ring = [int(n) for n in NEIGHBOURS[hx(2, 2)]]
    place(state, 0, (2, 2), *ring[:5])
    assert not task_holds(state, "fortress")
    place(state, 1, ring[5])
    assert not task_holds(state, "fortress")
    state.owner[ring[5]] = 0
    assert task_holds(state, "fortress")
    edge = crossroads_game()  # on the board edge a settlement has no 6 neighbours
    place(edge, 0, (0, 2), *[int(n) for n in NEIGHBOURS[hx(0, 2)] if n >= 0])
    assert not task_holds(edge, "fortress")


def diagonal(start, direction, length):
    out, h = [], hx(*start)
    for _ in range(length):
        out.append(h)
        h = int(NEIGHBOURS[h, direction])
    return out


def test_s12_4_road_7_in_an_unbroken_diagonal_line_not_horizontal():
    state = crossroads_game(fill="G")
    place(state, 0, *diagonal((2, 2), 5, 6))  # SE, 6 long
    assert not task_holds(state, "road")
    place(state, 0, *diagonal((2, 2), 5, 7)[6:])
    assert task_holds(state, "road")
    other = crossroads_game(fill="G")
    place(other, 0, *diagonal((2, 12), 4, 7))  # SW: the other diagonal axis
    assert task_holds(other, "road")
    flat = crossroads_game(fill="G")
    place(flat, 0, *((10, c) for c in range(9)))  # 9 in a row, horizontal
    assert not task_holds(flat, "road")


def test_s12_4_place_of_refuge_a_special_hex_whose_on_board_neighbours_are_yours_D30():
    rows = """
    G G K G G
     G G G G G
    G G K G G
     G G G G G
    """
    state = crossroads_game(rows=rows)
    ring = [int(n) for n in NEIGHBOURS[hx(2, 2)]]
    place(state, 0, *ring[:5])
    assert not task_holds(state, "place_of_refuge")
    place(state, 0, ring[5])
    assert task_holds(state, "place_of_refuge")
    edge = crossroads_game(rows=rows)  # the castle on row 0 has 4 neighbours on the board
    place(edge, 0, *[int(n) for n in NEIGHBOURS[hx(0, 2)] if n >= 0])
    assert task_holds(edge, "place_of_refuge")


def test_s12_4_advance_7_on_one_board_edge_not_adjacent_needed():
    state = crossroads_game(fill="G")
    place(state, 0, *((0, c) for c in range(0, 12, 2)))  # 6 on the top edge, apart
    place(state, 0, *((r, 19) for r in range(3, 9)))  # 6 on the right edge
    assert not task_holds(state, "advance")
    place(state, 0, (0, 19))  # a corner: the 7th on both the top and the right edge
    assert task_holds(state, "advance")


def test_s12_4_compass_points_one_on_each_edge_a_corner_counts_twice():
    state = crossroads_game(fill="G")
    place(state, 0, (0, 0), (19, 5))
    assert not task_holds(state, "compass_points")  # no right edge
    place(state, 0, (19, 19))
    assert task_holds(state, "compass_points")  # corners: top+left, bottom+right


def test_s12_4_each_task_in_play_pays_its_gold_once_to_each_player_meeting_it():
    state = crossroads_game(fill="G")
    place(state, 0, (0, 0), (19, 19))
    place(state, 1, (0, 5))
    state.tasks[:2] = [TASK_NAMES.index("compass_points"), TASK_NAMES.index("advance")]
    assert score_tasks(state.buf, NEIGHBOURS, 0) == TASK_GOLD[TASK_NAMES.index("compass_points")]
    assert score_tasks(state.buf, NEIGHBOURS, 1) == 0
    assert rules.score_table(state)[0, -1] == 10  # the 7th score column


# ---------------------------------------------------------------- §3.2 set-up


@pytest.mark.parametrize("count", [0, 2, 4])
def test_s3_2_one_task_card_per_crossroads_section(count):
    crossroads = ("lighthouse_foresters_lodge", "barracks_crossroads", "city_hall_fort",
                  "monastery_wagon")  # fmt: skip
    sections = crossroads[:count] + ("tavern", "paddock", "oasis", "farm")[: 4 - count]
    config = rules.make_config(3, expansions=("crossroads",), sections=sections)
    seen = set()
    for seed in range(30):
        state = rules.new_game(config, seed)
        tasks = [t for t in state.tasks.tolist() if t != EMPTY]
        assert len(tasks) == len(set(tasks)) == count
        seen.update(tasks)
        assert not state.piece.any() and not state.city_hall_built.any()
    assert len(seen) == (0 if count == 0 else 6)  # any of the 6 can be dealt


def test_s12_crossroads_tiles_are_the_eight_of_the_seed():
    names = ALL_TILE_NAMES[NUM_TILE_TYPES + 4 : NUM_TILE_TYPES + 12]  # Marshlands' follow
    assert names == ("foresters_lodge", "lighthouse", "barracks", "crossroads", "city_hall",
                     "fort", "monastery", "wagon")  # fmt: skip
