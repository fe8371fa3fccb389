"""§7 location tiles: taking (§7.2, D7, D13), keeping and losing (§7.3), using (§7.1) and the
eight base actions (§7.4, D4), on small ASCII boards (odd rows drawn half a hex right)."""

import pytest

from eurogym.envs.kingdom_builder import reference
from eurogym.envs.kingdom_builder.state import PHASE_TILE_ORIGIN, PHASE_TILE_TARGET
from eurogym.envs.kingdom_builder.tables import TERRAIN_CODES, TILE_NAMES
from tests.kingdom_builder.helpers import (
    act,
    blank_game,
    can_end_turn,
    cells,
    give_tile,
    hx,
    kernel_targets,
    legal_hexes,
    legal_tiles,
    place,
    refresh,
    set_hand,
    set_supply,
    show,
    stack_deck,
    tile_action,
)

G, D, T, W = (TERRAIN_CODES[c] for c in "GDTW")


def slot(state, row, col):
    return int(state.slot_of_hex[hx(row, col)])


def tile_type(name):
    return TILE_NAMES.index(name)


# ---------------------------------------------------------------- §7.2 taking

# A farm location at (2,2); its neighbours are (1,1)(1,2)(2,1)(2,3)(3,1)(3,2).
FARM_FIELD = """
G G G G G G G G
 G G G G G G G G
G G L G G G G G
 G G G G G G G G
"""


def test_s07_2_take_tile_when_building_next_to_location():
    # Arrange
    state = blank_game(terrain_rows=FARM_FIELD, locations={(2, 2): "farm"}, played="G")
    s = slot(state, 2, 2)
    # Act: first mandatory settlement next to the location
    act(state, (1, 2))
    # Assert: one tile taken, marked as new (taken this turn)
    assert state.holding[0, s] == 1 and state.ever_taken[0, s] == 1
    assert state.tiles_left[s] == 1
    assert state.tile_new[0, tile_type("farm")] == 1


def test_s07_2_only_one_tile_per_location_hex():
    # Arrange: player 0 already took a tile here with (1,2)
    state = blank_game(terrain_rows=FARM_FIELD, locations={(2, 2): "farm"}, played="G")
    s = slot(state, 2, 2)
    act(state, (1, 2))
    # Act: a second settlement next to the same location hex
    act(state, (2, 3))
    # Assert: no second tile
    assert state.tiles_left[s] == 1
    assert state.tile_new[0, tile_type("farm")] == 1


def test_s07_2_no_tile_when_not_adjacent():
    # Arrange
    state = blank_game(terrain_rows=FARM_FIELD, locations={(2, 2): "farm"}, played="G")
    # Act: (1,4) does not touch (2,2)
    act(state, (1, 4))
    # Assert
    assert state.holding[0].sum() == 0 and state.tiles_left[slot(state, 2, 2)] == 2


def test_s07_2_empty_location_hex_gives_nothing():
    # Arrange: 3 players; players 1 and 2 took both tiles of (2,2) earlier
    state = blank_game(3, terrain_rows=FARM_FIELD, locations={(2, 2): "farm"}, played="G")
    s = slot(state, 2, 2)
    place(state, 1, (1, 1))
    place(state, 2, (3, 2))
    give_tile(state, 1, (2, 2))
    give_tile(state, 2, (2, 2))
    # Act: player 0 builds next to the empty location
    act(state, (2, 3))
    # Assert
    assert state.tiles_left[s] == 0
    assert state.holding[0, s] == 0 and state.ever_taken[0, s] == 0


def test_s07_2_moving_next_to_location_takes_tile_D13():
    # Arrange: paddock location (0,8) with player 0 beside it on (0,7); farm location (2,2)
    state = blank_game(
        terrain_rows="""
        G G G G G G G G L G
         G G G G G G G G G G
        G G L G G G G G G G
         G G G G G G G G G G
        """,
        locations={(0, 8): "paddock", (2, 2): "farm"},
        played="G",
    )
    place(state, 0, (0, 7), (2, 5))
    give_tile(state, 0, (0, 8))
    # Act: Paddock moves (2,5) two steps west to (2,3), next to the farm location
    act(state, tile_action("paddock"), (2, 5), (2, 3))
    # Assert: the farm tile is taken (new, so not usable this turn)
    assert state.holding[0, slot(state, 2, 2)] == 1
    assert state.tile_new[0, tile_type("farm")] == 1
    assert "farm" not in legal_tiles(state)


# ---------------------------------------------------------------- §7.1 using

# Oracle location (0,0) beside player 0 on (0,1); oasis location (2,2); two desert hexes.
ORACLE_FIELD = """
L G G G G G
 G G G G G G
G G L G G G
 G G G G D D
"""


def test_s07_1_tile_not_usable_on_turn_taken():
    # Arrange: player 0 holds the Oracle tile; played grass
    state = blank_game(
        terrain_rows=ORACLE_FIELD, locations={(0, 0): "oracle", (2, 2): "oasis"}, played="G"
    )
    place(state, 0, (0, 1))
    give_tile(state, 0, (0, 0))
    # Act: the Oracle builds on (1,1), next to the oasis location
    act(state, tile_action("oracle"), (1, 1))
    # Assert: the Oasis tile is held, the Oasis action has targets, but is not offered
    assert state.holding[0, slot(state, 2, 2)] == 1
    assert reference.tile_targets(state, 0, "oasis")
    assert "oasis" not in legal_tiles(state)


def test_s07_1_tile_usable_from_next_turn_on():
    # Arrange: as above, and the Oracle took the Oasis tile this turn
    state = blank_game(
        terrain_rows=ORACLE_FIELD, locations={(0, 0): "oracle", (2, 2): "oasis"}, played="G"
    )
    place(state, 0, (0, 1))
    give_tile(state, 0, (0, 0))
    set_hand(state, 1, "G")
    stack_deck(state, ["G"])  # player 0's next card
    act(state, tile_action("oracle"), (1, 1))
    # Act: the mandatory action; then the turn ends by itself (no usable tile is left)
    act(state, (0, 2), (0, 3), (0, 4))
    assert state.cur == 1, "a tile taken this turn must not keep the turn open"
    act(state, (3, 0), (3, 1), (3, 2))  # player 1: three grass hexes far from desert
    # Assert: player 0's new turn: the Oasis tile is usable
    assert state.cur == 0
    assert "oasis" in legal_tiles(state), show(state)


def test_s07_1_each_tile_once_per_turn_two_copies_two_uses():
    # Arrange: two farm locations, player 0 holds a tile of each
    state = blank_game(
        terrain_rows="""
        L G G G G G G L
         G G G G G G G G
        """,
        locations={(0, 0): "farm", (0, 7): "farm"},
        played="G",
    )
    place(state, 0, (0, 1), (0, 6))
    give_tile(state, 0, (0, 0))
    give_tile(state, 0, (0, 7))
    # Act / Assert: two uses, then no third
    act(state, tile_action("farm"), (0, 2))
    assert "farm" in legal_tiles(state)
    act(state, tile_action("farm"), (0, 3))
    assert "farm" not in legal_tiles(state)
    assert state.tile_used[0, tile_type("farm")] == 2
    assert state.supply[0] == 40 - 4


def test_s07_1_tile_without_legal_target_not_offered():
    # Arrange: Oasis without any desert, Tavern without a line of 3, Farm with grass
    state = blank_game(
        terrain_rows="""
        L G L G L G
         G G G G G G
        """,
        locations={(0, 0): "oasis", (0, 2): "tavern", (0, 4): "farm"},
        played="G",
    )
    place(state, 0, (0, 1), (0, 3), (0, 5))
    for location in ((0, 0), (0, 2), (0, 4)):
        give_tile(state, 0, location)
    # Act
    offered = legal_tiles(state)
    # Assert
    assert offered == {"farm"}


def test_s07_1_build_tiles_need_a_settlement_in_supply():
    # Arrange: supply empty, mandatory action over; Farm and Paddock held
    state = blank_game(
        terrain_rows="""
        L G L G G G
         G G G G G G
        """,
        locations={(0, 0): "farm", (0, 2): "paddock"},
        played="G",
    )
    place(state, 0, (0, 1))
    give_tile(state, 0, (0, 0))
    give_tile(state, 0, (0, 2))
    set_supply(state, 0, 0)
    state.set("mandatory_done", 1)
    # Act
    offered = legal_tiles(refresh(state))
    # Assert: a move needs no supply, a build does
    assert offered == {"paddock"}
    assert can_end_turn(state)


# ---------------------------------------------------------------- §7.3 keeping and losing

# Paddock location (0,7), barn location (2,2), farm location (3,9).
LOSS_FIELD = """
G G G G G G G L G G
 G G G G G G G G G G
G G L G G G G G G G
 G G G G G G G G G L
G G G G G G G G G G
"""
LOSS_LOCATIONS = {(0, 7): "paddock", (2, 2): "barn", (3, 9): "farm"}


def loss_game(extra_next_to_barn=False):
    state = blank_game(terrain_rows=LOSS_FIELD, locations=LOSS_LOCATIONS, played="G")
    place(state, 0, (1, 2), (0, 6), (3, 8))
    if extra_next_to_barn:
        place(state, 0, (2, 1))
    for location in LOSS_LOCATIONS:
        give_tile(state, 0, location)
    return state


def test_s07_3_tile_lost_when_last_neighbour_moves():
    # Arrange: (1,2) is player 0's only settlement next to the barn location (2,2)
    state = loss_game()
    barn = slot(state, 2, 2)
    # Act: Paddock moves (1,2) two steps south-east to (3,3), away from (2,2)
    act(state, tile_action("paddock"), (1, 2), (3, 3))
    # Assert: the barn tile is gone for good (not returned to the hex)
    assert state.holding[0, barn] == 0
    assert state.tiles_left[barn] == 1
    assert "barn" not in legal_tiles(state)


def test_s07_3_lost_tile_is_never_taken_again_D7():
    # Arrange: the barn tile was lost as above
    state = loss_game()
    barn = slot(state, 2, 2)
    act(state, tile_action("paddock"), (1, 2), (3, 3))
    # Act: the Farm builds on (2,3), touching both (3,3) and the barn location
    act(state, tile_action("farm"), (2, 3))
    # Assert: the hex still has a tile, but not for player 0
    assert state.owner[hx(2, 3)] == 0
    assert state.holding[0, barn] == 0 and state.tiles_left[barn] == 1


def test_s07_3_tile_kept_while_another_neighbour_remains():
    # Arrange: (2,1) also touches the barn location
    state = loss_game(extra_next_to_barn=True)
    # Act
    act(state, tile_action("paddock"), (1, 2), (3, 3))
    # Assert
    assert state.holding[0, slot(state, 2, 2)] == 1
    assert "barn" in legal_tiles(state)


def test_s07_3_losing_one_of_two_identical_tiles_keeps_the_usable_copy():
    # Arrange: two paddock locations; player 0 holds a tile from each
    state = blank_game(
        terrain_rows="""
        G G G G G G G L G G
         G G G G G G G G G G
        G G G G G G G G G G
         G G G G G G G G G L
        """,
        locations={(0, 7): "paddock", (3, 9): "paddock"},
        played="G",
    )
    place(state, 0, (0, 6), (3, 8))
    give_tile(state, 0, (0, 7))
    give_tile(state, 0, (3, 9))
    # Act: one Paddock use moves (0,6) to (0,4), losing the tile of (0,7)
    act(state, tile_action("paddock"), (0, 6), (0, 4))
    # Assert: one tile left, and it is the unused one (§7.3: discard the used copy)
    assert state.holding[0].sum() == 1
    assert "paddock" in legal_tiles(state)


def test_s07_3_taking_and_losing_the_same_type_in_one_move_keeps_the_usable_copy():
    # Arrange: barn locations A = (2,2) and B = (2,6); player 0 holds A's tile from an
    # earlier turn (usable now) and a Paddock tile
    #   row 0: G G G G G G 0 L       (0,7) paddock location
    #   row 2: G G A 0 G G B         (2,3) moves east 2 to (2,5), which touches B, not A
    state = blank_game(
        terrain_rows="""
        G G G G G G G L G G
         G G G G G G G G G G
        G G L G G G L G G G
         G G G G G G G G G G
        """,
        locations={(0, 7): "paddock", (2, 2): "barn", (2, 6): "barn"},
        played="G",
    )
    place(state, 0, (2, 3), (0, 6))
    give_tile(state, 0, (2, 2))
    give_tile(state, 0, (0, 7))
    # Act
    act(state, tile_action("paddock"), (2, 3), (2, 5))
    # Assert: B's tile taken, A's tile lost; of the two identical copies the player gives up
    # the one taken this turn, so a Barn action is still available (§7.3)
    assert state.holding[0, slot(state, 2, 2)] == 0
    assert state.holding[0, slot(state, 2, 6)] == 1
    assert "barn" in legal_tiles(state)


# ---------------------------------------------------------------- §7.4 build actions

# Player 0 on (1,1) beside the location (1,0); forest (0,1) is the only forest next to it.
BUILD_FIELD = """
T T G G T D
 L G G G T T
G G G G T D
"""


@pytest.mark.parametrize(
    ("tile", "played", "expected"),
    [
        ("oracle", "T", cells((0, 1))),  # played terrain, adjacent if possible
        ("oracle", "G", cells((0, 2), (1, 2), (2, 1), (2, 2))),
        ("farm", "T", cells((0, 2), (1, 2), (2, 1), (2, 2))),  # grass whatever the card
        ("oasis", "G", cells((0, 5), (2, 5))),  # no desert next to (1,1): any desert
    ],
)
def test_s07_4_build_tile_targets(tile, played, expected):
    # Arrange
    state = blank_game(terrain_rows=BUILD_FIELD, locations={(1, 0): tile}, played=played)
    place(state, 0, (1, 1))
    give_tile(state, 0, (1, 0))
    # Act
    act(state, tile_action(tile))
    # Assert: the engine asks for a target hex among exactly these
    assert state.phase == PHASE_TILE_TARGET
    assert legal_hexes(state) == expected


def test_s07_4_build_tile_builds_from_supply_and_marks_the_tile_used():
    # Arrange
    state = blank_game(terrain_rows=BUILD_FIELD, locations={(1, 0): "farm"}, played="T")
    place(state, 0, (1, 1))
    give_tile(state, 0, (1, 0))
    # Act
    act(state, tile_action("farm"), (2, 2))
    # Assert
    assert state.owner[hx(2, 2)] == 0
    assert state.supply[0] == 38
    assert state.tile_used[0, tile_type("farm")] == 1
    assert "farm" not in legal_tiles(state)
    assert not can_end_turn(state)  # the mandatory action is still to come


# A grass field in rows 0-4, columns 0-6; mountains elsewhere (also on the right/bottom edge).
TOWER_FIELD = """
G G G G G G G
 G G G G G G G
G G G G G G G
 G G G G G G G
G G G G G G G
"""


def test_s07_4_tower_edge_hexes_adjacent_if_possible_among_edge():
    # Arrange: player 0 on (1,3): neighbours (0,3)(0,4) on the top edge, 4 more inside
    state = blank_game(terrain_rows=TOWER_FIELD)
    place(state, 0, (1, 3))
    # Act
    targets = kernel_targets(state, 0, "tower")
    # Assert: only the adjacent edge hexes
    assert targets == cells((0, 3), (0, 4))


def test_s07_4_tower_any_edge_hex_when_none_adjacent():
    # Arrange: player 0 on (2,3), which touches no edge hex (but touches 6 grass hexes)
    state = blank_game(terrain_rows=TOWER_FIELD)
    place(state, 0, (2, 3))
    # Act
    targets = kernel_targets(state, 0, "tower")
    # Assert: every empty buildable edge hex: row 0 (7) and column 0, rows 1-4 (4)
    expected = {hx(0, c) for c in range(7)} | {hx(r, 0) for r in range(1, 5)}
    assert targets == expected


@pytest.mark.parametrize(
    ("own", "others", "expected"),
    [
        pytest.param([(3, 2), (3, 3), (3, 4)], [], cells((3, 1), (3, 5)), id="horizontal"),
        pytest.param([(2, 2), (3, 2), (4, 3)], [], cells((1, 1), (5, 3)), id="diagonal-NW-SE"),
        pytest.param([(2, 5), (3, 4), (4, 4)], [], cells((1, 5), (5, 3)), id="diagonal-NE-SW"),
        pytest.param([(3, 1), (3, 2), (3, 3), (3, 4)], [], cells((3, 0), (3, 5)), id="line-of-4"),
        pytest.param([(3, 2), (3, 3)], [], set(), id="line-of-2"),
        pytest.param([(3, 2), (3, 4), (3, 5)], [(3, 3)], set(), id="broken-by-opponent"),
        pytest.param([(3, 2), (3, 3), (4, 2)], [], set(), id="bent-not-a-line"),
        pytest.param([(3, 3), (3, 4), (3, 5)], [(3, 6)], cells((3, 2)), id="one-end-occupied"),
        pytest.param([(1, 6), (1, 7), (1, 8)], [], cells((1, 5)), id="one-end-water"),
    ],
)
def test_s07_4_tavern_line_of_3(own, others, expected):
    # Arrange: grass rows 0-7, water at (1,9)
    state = blank_game(
        terrain_rows=["GGGGGGGGGG", "GGGGGGGGGW"] + ["GGGGGGGGGG"] * 6,
    )
    place(state, 0, *own)
    place(state, 1, *others)
    # Act
    targets = kernel_targets(state, 0, "tavern")
    # Assert
    assert targets == expected, show(state)


# Paddock from (4,5): the six hexes 2 steps away are (4,7) E, (4,3) W, (2,6) NE, (2,4) NW,
# (6,6) SE, (6,4) SW; the hexes jumped over are water, castle, mountain, location and two
# settlements. (4,3) is water and (6,6) is occupied, so 4 targets remain.
#
#   row 1:  G G G G 0 G G G G G        0 = player 0, 1 = player 1
#   row 2: G G G G * G * G G G         * = target
#   row 3:  G G G G W K G G G G
#   row 4: G G G W M 0 L * G G         (4,5) moves
#   row 5:  G G G G 1 0 G G G G
#   row 6: G G G G * G 1 G G G
PADDOCK_FIELD = """
G G G G G G G G G G
 G G G G G G G G G G
G G G G G G G G G G
 G G G G W K G G G G
G G G W M G L G G G
 G G G G G G G G G G
G G G G G G G G G G
"""


def paddock_game():
    state = blank_game(terrain_rows=PADDOCK_FIELD, locations={(4, 6): "paddock"}, played="G")
    place(state, 0, (1, 4), (4, 5), (5, 5))
    place(state, 1, (5, 4), (6, 6))
    give_tile(state, 0, (4, 6))
    return state


def test_s07_4_paddock_jumps_over_anything():
    # Arrange
    state = paddock_game()
    # Act
    targets = kernel_targets(state, 0, "paddock", origin=(4, 5))
    # Assert: exactly two steps, over water/castle/mountain/location/settlements, with no
    # adjacency rule ((2,4) touches (1,4), the others touch no other settlement of player 0)
    assert targets == cells((4, 7), (2, 6), (2, 4), (6, 4))


def test_s07_4_paddock_move_through_the_engine():
    # Arrange
    state = paddock_game()
    # Act / Assert: choose the settlement, then the destination
    act(state, tile_action("paddock"))
    assert state.phase == PHASE_TILE_ORIGIN
    assert legal_hexes(state) == cells((1, 4), (4, 5), (5, 5))
    act(state, (4, 5))
    assert legal_hexes(state) == cells((4, 7), (2, 6), (2, 4), (6, 4))
    act(state, (2, 6))
    assert state.owner[hx(4, 5)] == -1 and state.owner[hx(2, 6)] == 0
    assert state.supply[0] == 37  # a move takes nothing from supply


# Barn: played grass; X = (2,2), Y = (2,7); the barn location (2,8) sits beside Y.
BARN_FIELD = ["GGGGGGGGGG", "GGGGGGGGGG", "GGGGGGGGLG", "GGGGGGGGGG", "TTTTTTTTTT"]


def test_s07_4_barn_lifts_first_D4():
    # Arrange
    state = blank_game(terrain_rows=BARN_FIELD, locations={(2, 8): "barn"}, played="G")
    place(state, 0, (2, 2), (2, 7))
    give_tile(state, 0, (2, 8))
    # Act
    targets = kernel_targets(state, 0, "barn", origin=(2, 2))
    # Assert: X does not count as its own neighbour: only grass next to Y qualifies
    assert targets == cells((1, 6), (1, 7), (2, 6), (3, 6), (3, 7))


def test_s07_4_barn_single_settlement_may_go_anywhere_on_the_terrain():
    # Arrange: X alone
    state = blank_game(terrain_rows=BARN_FIELD, locations={(2, 8): "barn"}, played="G")
    place(state, 0, (2, 7))
    give_tile(state, 0, (2, 8))
    # Act
    targets = kernel_targets(state, 0, "barn", origin=(2, 7))
    # Assert: once lifted nothing is adjacent, so any empty grass hex but its own
    grass = {h for h in range(400) if state.terrain[h] == G}
    assert targets == grass - {hx(2, 7)}


def test_s07_4_barn_uses_the_played_terrain():
    # Arrange: played forest (row 4)
    state = blank_game(terrain_rows=BARN_FIELD, locations={(2, 8): "barn"}, played="T")
    place(state, 0, (2, 2), (2, 7))
    give_tile(state, 0, (2, 8))
    # Act
    act(state, tile_action("barn"), (2, 2))
    # Assert: forest only; none is next to Y (2,7), so any forest hex
    assert legal_hexes(state) == {hx(4, c) for c in range(10)}


# Harbor: S = (2,2) touches water (1,2); T = (2,6) touches water (2,7) and the harbor (3,6).
HARBOR_FIELD = """
G G G G G G G G
 G G W G G G G G
G G G G G G G W
 G G G G G G L G
G G G G W G G G
"""


def harbor_game():
    state = blank_game(terrain_rows=HARBOR_FIELD, locations={(3, 6): "harbor"}, played="G")
    place(state, 0, (2, 2), (2, 6))
    give_tile(state, 0, (3, 6))
    return state


def test_s07_4_harbor_moves_onto_water():
    # Arrange
    state = harbor_game()
    # Act
    act(state, tile_action("harbor"))
    origins = legal_hexes(state)
    act(state, (2, 2))
    targets = legal_hexes(state)
    act(state, (2, 7))
    # Assert: water only, adjacent to the *other* settlement (lift first); the settlement
    # now stands on water
    assert origins == cells((2, 2), (2, 6))
    assert targets == cells((2, 7))
    assert state.owner[hx(2, 7)] == 0 and state.terrain[hx(2, 7)] == W
    assert state.owner[hx(2, 2)] == -1


def test_s07_2_settlement_moved_onto_water_takes_a_tile():
    # Arrange: a farm location at (3,7), next to the water hex (2,7)
    rows = HARBOR_FIELD.replace(" G G G G G G L G", " G G G G G G L L")
    state = blank_game(terrain_rows=rows, locations={(3, 6): "harbor", (3, 7): "farm"}, played="G")
    place(state, 0, (2, 2), (2, 6))
    give_tile(state, 0, (3, 6))
    # Act: Harbor moves (2,2) onto the water hex (2,7)
    act(state, tile_action("harbor"), (2, 2), (2, 7))
    # Assert
    assert state.holding[0, slot(state, 3, 7)] == 1


def test_s07_4_harbor_any_water_when_none_adjacent():
    # Arrange
    state = harbor_game()
    # Act: moving T (2,6): lifted, so only S's water (1,2) is adjacent
    from_t = kernel_targets(state, 0, "harbor", origin=(2, 6))
    state.owner[hx(2, 2)] = -1
    alone = kernel_targets(state, 0, "harbor", origin=(2, 6))
    # Assert
    assert from_t == cells((1, 2))
    assert alone == cells((1, 2), (2, 7), (4, 4))
