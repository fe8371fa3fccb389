"""§15.3 the Island with the actions that go a fixed way from the player's own settlements:
the moves Paddock, Caravan, Refuge (and its bonus), Palisade and Resettlement move island
settlements within the island by its own adjacency; Village, Fountain, Tavern, the farm
action and the silos build next to island settlements (a silo may also move a settlement
from one board to the other); the city hall, the Quarry's walls and the scouts stand next to
them; Home Country and the stand-in cards (§13.4) read island terrain areas and
settlements. The island map is test_s15_3_island.ISLAND_MAP:

    row 0  G G G G G G G G G G
    row 1   G G G G G K G G G G      castle (1,5)
    row 2  G G G G L G T T G G       location (2,4), forest (2,6) (2,7)
    row 3   G G G G G G G G G G
    row 4  C C G G G G G G G G       canyon (4,0) (4,1)

(odd rows half a hex right, §2.1: (r, c) on an odd row touches (r±1, c) and (r±1, c+1))."""

import numpy as np

from eurogym.encoders.kingdom_builder import ISLAND_SCALARS, X_FLAT_SIZE, encode_flat
from eurogym.envs.kingdom_builder import island
from eurogym.envs.kingdom_builder.actions import (
    END_TURN,
    FARM_ACTION,
    REFUGE_BONUS,
    SILO_BUILD,
    SILO_MOVE,
    STOP,
)
from eurogym.envs.kingdom_builder.crossroads import meets_task
from eurogym.envs.kingdom_builder.invariants import check_invariants, check_state
from eurogym.envs.kingdom_builder.render import render_ansi
from eurogym.envs.kingdom_builder.scoring import (
    GEOLOGISTS_GOLD,
    MESSENGERS_GOLD,
    SCOUTS_GOLD,
    VASSALS_GOLD,
)
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    PHASE_GAME_OVER,
    PHASE_SILO,
    PIECE_CITY_HALL,
    PIECE_SCOUT,
    WALL,
)
from eurogym.envs.kingdom_builder.tables import ISLAND_HEXES, NEIGHBOURS, SILO, TASK_NAMES
from tests.kingdom_builder.helpers import (
    act,
    code,
    give_nomad,
    give_tile,
    hx,
    legal_hexes,
    legal_tiles,
    nomad_action,
    place,
    tile_action,
)
from tests.kingdom_builder.test_s14_harvest import last_turn_over
from tests.kingdom_builder.test_s15_3_island import (
    _score,
    ii,
    island_action,
    island_game,
    legal_island,
    on_island,
)

HARVEST_ISLAND = ("harvest", "island")
# mountains and one location hex (5,5) with a grass hex (5,4) beside it for its holder
ONE_LOCATION = ["M"] * 5 + ["M M M M G L"]


def holder(tile, expansions=("nomads", "island"), **kw):
    """The Island on ONE_LOCATION: player 0 at (5,4) holds a `tile` tile from (5,5), taken on
    an earlier turn; no main-board hex is free next to (5,4) (all mountain). (With the
    Marshlands pass played=None: the helper picks a played card from the base deck only.)"""
    state = island_game(
        terrain_rows=ONE_LOCATION, fill="M", expansions=expansions, locations={(5, 5): tile}, **kw
    )
    place(state, 0, (5, 4))
    give_tile(state, 0, (5, 5))
    return state


def moved(state, src, dst, player=0):
    """Island hex src is empty and dst holds `player`'s settlement; the state is sound."""
    assert state.island_owner[ii(*src)] == EMPTY and state.island_owner[ii(*dst)] == player
    check_invariants(state)
    check_state(state)


# ---------------------------------------------------------------- moves within the island


def test_s7_4_s15_3_paddock_jumps_2_hexes_within_the_island():
    state = holder("paddock")
    on_island(state, 0, (2, 2))
    act(state, tile_action("paddock"))
    # (5,4) has no free hex 2 steps away; the island settlement has
    assert legal_hexes(state) == set() and legal_island(state) == {(2, 2)}
    act(state, island_action(2, 2))
    # 2 steps in each direction: (2,4) is the location, the others free (canyon (4,1) too)
    assert legal_island(state) == {(2, 0), (0, 3), (0, 1), (4, 3), (4, 1)}
    assert legal_hexes(state) == set()
    act(state, island_action(4, 3))
    moved(state, (2, 2), (4, 3))


def test_s11_2_s15_3_caravan_slides_to_the_islands_edge_or_an_obstacle():
    state = holder("caravan")
    on_island(state, 0, (2, 1))
    act(state, tile_action("caravan"), island_action(2, 1))
    # east stops before the location (2,4); every other line runs to the island's border
    assert legal_island(state) == {(2, 3), (2, 0), (0, 2), (0, 0), (4, 2), (4, 0)}
    act(state, island_action(2, 3))
    moved(state, (2, 1), (2, 3))


def refuge_game():
    """Marshlands and the Island: player 0 at (5,5) holds both Refuge tiles (so the bonus too)
    from (5,4) and (5,6), and has island (2,3); player 1 has island (2,2) and (2,1)."""
    board = ["M"] * 5 + ["M M M G L G L"]
    state = island_game(
        terrain_rows=board, fill="M", expansions=("marshlands", "island"), played=None,
        locations={(5, 4): "refuge", (5, 6): "refuge"},
    )  # fmt: skip
    place(state, 0, (5, 5))
    give_tile(state, 0, (5, 4))
    give_tile(state, 0, (5, 6))
    on_island(state, 0, (2, 3))
    on_island(state, 1, (2, 2), (2, 1))
    return state


def test_s13_3_s15_3_refuge_moves_to_a_free_island_neighbour():
    state = refuge_game()
    act(state, tile_action("refuge"))
    assert (2, 3) in legal_island(state) and legal_hexes(state) == set()  # (5,5): no free hex
    act(state, island_action(2, 3))
    # an adjacent free hex: not the location (2,4) nor player 1's (2,2)
    assert legal_island(state) == {(1, 3), (1, 2), (3, 3), (3, 2)}
    act(state, island_action(1, 3))
    moved(state, (2, 3), (1, 3))


def test_s13_3_s15_3_refuge_bonus_jumps_over_pieces_on_the_island():
    state = refuge_game()
    act(state, REFUGE_BONUS, island_action(2, 3))
    # west jumps player 1's (2,2) and (2,1) to (2,0); east jumps the location to (2,5)
    assert legal_island(state) == {(2, 0), (2, 5), (1, 3), (1, 2), (3, 3), (3, 2)}
    act(state, island_action(2, 0))
    moved(state, (2, 3), (2, 0))


def test_s14_3_s15_3_palisade_moves_next_to_the_rest_of_its_island_area_d43():
    state = holder("palisade", expansions=HARVEST_ISLAND)
    on_island(state, 0, (2, 1), (2, 2), (0, 8))
    act(state, tile_action("palisade"))
    # (0,8) and (5,4) are areas of one: nowhere to go; the pair may move next to each other
    assert legal_island(state) == {(2, 1), (2, 2)} and legal_hexes(state) == set()
    act(state, island_action(2, 1))
    assert legal_island(state) == {(2, 3), (1, 2), (1, 1), (3, 2), (3, 1)}  # around (2,2)
    act(state, island_action(3, 2))
    moved(state, (2, 1), (3, 2))


def test_s11_1_s15_3_resettlement_steps_on_the_island():
    state = holder("village")  # any tile: player 0 is settled at (5,4)
    on_island(state, 0, (2, 2))
    give_nomad(state, 0, "resettlement")
    act(state, nomad_action("resettlement"))
    assert legal_island(state) == {(2, 2)} and legal_hexes(state) == set()
    act(state, island_action(2, 2), island_action(2, 3))
    assert legal_island(state) == {(2, 2), (1, 3), (1, 2), (3, 3), (3, 2)}  # a second step
    act(state, island_action(3, 3), STOP, STOP)  # this settlement's steps, then the tile
    moved(state, (2, 2), (3, 3))
    assert state.island_owner[ii(2, 3)] == EMPTY


# ---------------------------------------------------------------- builds next to island settlements


def test_s11_2_s15_3_village_builds_next_to_3_island_settlements():
    state = holder("village")
    on_island(state, 0, (1, 1), (1, 3), (2, 2))
    assert "village" in legal_tiles(state)
    act(state, tile_action("village"))
    assert legal_island(state) == {(1, 2)} and legal_hexes(state) == set()
    act(state, island_action(1, 2))
    assert state.island_owner[ii(1, 2)] == 0 and state.supply[0] == 40 - 5
    check_invariants(state)


def test_s13_3_s15_3_fountain_builds_next_to_exactly_one_island_settlement():
    state = holder("fountain", expansions=("marshlands", "island"), played=None)
    on_island(state, 0, (0, 0))
    on_island(state, 1, (2, 1))  # touches (1,0): no settlement of another player allowed
    act(state, tile_action("fountain"))
    assert legal_island(state) == {(0, 1)} and legal_hexes(state) == set()
    act(state, island_action(0, 1))
    assert state.island_owner[ii(0, 1)] == 0
    check_invariants(state)


def test_s7_4_s15_3_tavern_extends_a_line_of_island_settlements():
    state = holder("tavern")
    on_island(state, 0, (3, 1), (3, 2), (3, 3))
    act(state, tile_action("tavern"))
    assert legal_island(state) == {(3, 0), (3, 4)} and legal_hexes(state) == set()
    act(state, island_action(3, 4))
    assert state.island_owner[ii(3, 4)] == 0
    check_invariants(state)


def test_s14_1_s15_3_farm_action_builds_on_island_farmland_next_to_yours():
    state = island_game(terrain_rows=["M"], fill="M", expansions=HARVEST_ISLAND)
    state.island_terrain[ii(3, 3)] = code("A")  # farmland drawn by a board file
    state.island_terrain[ii(0, 9)] = code("A")  # far from player 0
    on_island(state, 0, (3, 2))
    assert state.mask[FARM_ACTION]
    act(state, FARM_ACTION)
    assert legal_island(state) == {(3, 3)} and legal_hexes(state) == set()
    act(state, island_action(3, 3))
    assert state.island_owner[ii(3, 3)] == 0 and not state.mask[FARM_ACTION]  # once a turn
    check_invariants(state)


SILO_ISLAND = ["M"] * 5 + ["M M M M G O"]  # a silo (5,5) with one grass hex (5,4) beside it


def silo_game():
    """Harvest and the Island: player 0 touches the silo at (5,5) from (5,4), which has no
    free main-board neighbour, and has one island settlement at (2,2); the last turn is over."""
    state = island_game(terrain_rows=SILO_ISLAND, fill="M", expansions=HARVEST_ISLAND)
    state.silo_hex[:] = EMPTY
    state.silo_hex[0] = hx(5, 5)
    assert state.terrain[hx(5, 5)] == SILO
    place(state, 0, (5, 4))
    on_island(state, 0, (2, 2))
    last_turn_over(state)
    assert state.phase == PHASE_SILO and state.cur == 0
    return state


def test_s14_2_s15_3_a_silo_builds_next_to_island_settlements_d39():
    state = silo_game()
    assert state.mask[SILO_BUILD]
    act(state, SILO_BUILD)
    assert legal_hexes(state) == set()
    assert legal_island(state) == {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)}
    act(state, island_action(2, 3), island_action(1, 3), STOP)  # (1,3) touches (2,3)
    assert state.island_owner[ii(2, 3)] == state.island_owner[ii(1, 3)] == 0
    assert state.phase == PHASE_GAME_OVER
    # (2,3) touches the island's location: its tile is taken, never usable after the game
    assert state.island_holding[0] == 1 and state.island_new[0] == 0
    check_invariants(state)
    check_state(state)


def test_s14_2_s15_3_a_silo_moves_a_settlement_from_the_board_to_the_island_d39():
    state = silo_game()
    act(state, SILO_MOVE)
    # (5,4) may go next to (2,2); (2,2) has no other settlement to go next to
    assert legal_hexes(state) == {hx(5, 4)} and legal_island(state) == set()
    act(state, (5, 4))
    assert legal_island(state) == {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)}
    act(state, island_action(1, 2))
    assert state.owner[hx(5, 4)] == EMPTY and state.island_owner[ii(1, 2)] == 0
    check_invariants(state)


# ---------------------------------------------------------------- task and stand-in cards


def test_s12_4_s15_3_home_country_counts_an_island_terrain_area():
    state = island_game(terrain_rows=["M"], fill="M", expansions=("crossroads", "island"))
    home = TASK_NAMES.index("home_country")
    on_island(state, 0, (4, 0))
    assert not meets_task(state.buf, NEIGHBOURS, 0, home)  # (4,1) of the canyon area is empty
    on_island(state, 0, (4, 1))
    assert meets_task(state.buf, NEIGHBOURS, 0, home)  # the island's whole canyon area
    assert not meets_task(state.buf, NEIGHBOURS, 1, home)


def test_s13_4_s15_3_stand_in_cards_read_the_island():
    state = island_game(terrain_rows=["G"], fill="G", expansions=("marshlands", "island"))
    state.island_terrain[ii(0, 9)] = code("M")  # an island mountain
    on_island(state, 0, (0, 8), (3, 1), (3, 2), (3, 3), (3, 0))
    state.set("scouts_terrain", code("C"))  # (3,0) and (3,1) touch the canyon (4,0), (4,1)
    # Geologists: the island's mountain is one (the main board has none)
    assert _score(state, 0, "geologists") == GEOLOGISTS_GOLD
    # Messengers: the island row (3,0)-(3,3) spans 4 hexes
    assert _score(state, 0, "messengers") == 4 * MESSENGERS_GOLD
    assert _score(state, 0, "scouts") == 2 * SCOUTS_GOLD
    # Vassals: the island is no section (D47): no seam there
    assert _score(state, 0, "vassals") == 0
    place(state, 0, (9, 9))  # a seam hex of the main board
    assert _score(state, 0, "vassals") == VASSALS_GOLD


# ---------------------------------------------------------------- pieces next to island settlements


def test_s12_3_s15_3_city_hall_goes_on_an_island_rosette_next_to_island_settlements():
    state = holder("city_hall", expansions=("crossroads", "island"))
    on_island(state, 0, (0, 1))
    act(state, tile_action("city_hall"))
    # 7 free island hexes, one touching (0,1); (1,1) is no centre: (0,1) is in its ring
    assert legal_island(state) == {(1, 2), (2, 1), (2, 2)} and legal_hexes(state) == set()
    act(state, island_action(2, 2))
    rosette = [(2, 2), (2, 3), (2, 1), (1, 2), (1, 1), (3, 2), (3, 1)]
    assert all(state.island_owner[ii(*h)] == 0 for h in rosette)
    assert all(state.island_piece[ii(*h)] == PIECE_CITY_HALL for h in rosette)
    assert state.city_hall_built[0] == 1 and state.supply[0] == 40 - 2  # not from supply
    assert state.island_taken[0] == 1  # (2,3) touches the island's location (D17, §7.2)
    check_invariants(state)
    check_state(state)
    # it is immune to moves and removals (D19): not among the island settlements
    assert island.island_settlements(state.buf, 0, np.empty(0, np.int8)) == 1
    assert "0h" in render_ansi(state)
    hexes = encode_flat(state, 0)[X_FLAT_SIZE - ISLAND_SCALARS :]
    per_hex = (len(hexes) - 5 - 9 * 5) // ISLAND_HEXES
    assert hexes[ii(2, 2) * per_hex + per_hex - 2] == 1  # the city-hall feature


def test_s11_2_s15_3_quarry_walls_go_next_to_island_settlements():
    state = holder("quarry")
    on_island(state, 0, (2, 2))
    walls = int(state.walls_left)
    act(state, tile_action("quarry"))
    assert legal_island(state) == {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)}
    assert legal_hexes(state) == set()
    act(state, island_action(2, 3), island_action(1, 2))
    assert state.island_owner[ii(2, 3)] == state.island_owner[ii(1, 2)] == WALL
    assert state.walls_left == walls - 2
    check_invariants(state)
    check_state(state)
    # a wall blocks its hex: the mandatory grass builds go round it
    assert legal_island(state) == {(2, 1), (1, 1), (3, 1), (3, 2)}
    assert "##" in render_ansi(state)
    hexes = encode_flat(state, 0)[X_FLAT_SIZE - ISLAND_SCALARS :]
    per_hex = (len(hexes) - 5 - 9 * 5) // ISLAND_HEXES
    assert hexes[ii(2, 3) * per_hex + per_hex - 3] == 1  # the wall feature


def test_s14_3_s15_3_scouts_stand_next_to_island_pieces_until_the_turn_ends_d41():
    state = holder("scout_cabin", expansions=HARVEST_ISLAND)
    on_island(state, 0, (2, 2))
    act(state, tile_action("scout_cabin"))
    assert legal_island(state) == {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)}
    act(state, island_action(2, 3))
    assert (1, 3) in legal_island(state)  # next to the first scout only (D41)
    act(state, island_action(1, 3))
    assert state.island_piece[ii(2, 3)] == state.island_piece[ii(1, 3)] == PIECE_SCOUT
    assert state.island_owner[ii(1, 3)] == 0 and state.supply[0] == 40 - 2
    assert state.island_taken[0] == 0  # scouts take no tile (§14.3): (2,3) touches (2,4)
    check_invariants(state)
    check_state(state)
    # the mandatory action: grass next to the scouts counts as adjacent (§14.3)
    assert (0, 4) in legal_island(state)  # touches only the scout (1,3)
    while state.cur == 0:
        act(state, END_TURN if state.mask[END_TURN] else island_action(*min(legal_island(state))))
    # the turn's end takes the scouts off the island
    assert not state.island_piece.any()
    assert state.island_owner[ii(2, 3)] == state.island_owner[ii(1, 3)] == EMPTY
    check_invariants(state)
