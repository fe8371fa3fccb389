"""§14 Harvest: farmland and the farm action (§14.1, D36), the silo phase after the last turn
(§14.2, D38, D39), the Harvest locations (§14.3, D43, D44), Rovers and Mayors (§14.4, D12,
D37, D40), on small ASCII boards (odd rows drawn half a hex right; everything not drawn is
`fill`, mountain unless a test says otherwise)."""

import numpy as np

from eurogym.envs.kingdom_builder.actions import (
    END_TURN,
    FARM_ACTION,
    SILO_BUILD,
    SILO_MOVE,
    STOP,
    TAKE_TOKEN,
)
from eurogym.envs.kingdom_builder.harvest import MAYORS_GOLD, farm_targets
from eurogym.envs.kingdom_builder.invariants import check_invariants
from eurogym.envs.kingdom_builder.scoring import score_breakdown
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    PHASE_GAME_OVER,
    PHASE_MAIN,
    PHASE_MANDATORY,
    PHASE_SILO,
    PHASE_TILE_TARGET,
    PIECE_SCOUT,
    PIECE_WAGON,
    TOKEN_BANK,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    ALL_TILE_NAMES,
    NEIGHBOURS,
    NUM_HEXES,
    SILO,
)
from tests.kingdom_builder.helpers import (
    act,
    blank_game,
    cells,
    give_tile,
    hx,
    kernel_targets,
    legal_hexes,
    legal_tiles,
    place,
    refresh,
    tile_action,
)


def harvest_game(
    rows,
    locations=None,
    played="G",
    cards=("fishermen", "knights", "lords"),
    expansions=("harvest",),
    **kw,
):
    """A Harvest game on an ASCII board ('A' farmland, 'O' silo, 'L' locations named in
    `locations`), player 0 to act with `played` revealed."""
    state = blank_game(
        terrain_rows=rows,
        locations=locations,
        expansions=expansions,
        played=played,
        cards=cards,
        **kw,
    )
    silos = np.flatnonzero(state.terrain == SILO)
    state.silo_hex[:] = EMPTY
    state.silo_hex[: len(silos)] = silos
    return refresh(state)


def neighbours_of(*hexes):
    out = set()
    for h in hexes:
        out |= {int(n) for n in NEIGHBOURS[hx(*h)] if n >= 0}
    return out


def empty_buildable(state):
    return {int(h) for h in np.flatnonzero((state.owner == EMPTY) & (state.terrain <= 6))}


# ---------------------------------------------------------------- §14.1 farmland


FARMLAND = """
G G A A A
 G G A A A
G G G A A
"""


def test_s14_1_farm_action_builds_on_farmland_next_to_yours_once_per_turn():
    state = harvest_game(FARMLAND)
    place(state, 0, (0, 1))
    assert state.mask[FARM_ACTION]
    act(state, FARM_ACTION)
    assert legal_hexes(state) == cells((0, 2))  # (0,3), (1,2) etc. are not next to yours
    act(state, (0, 2))
    assert state.owner[hx(0, 2)] == 0 and state.supply[0] == 38 and state.phase == PHASE_MAIN
    scratch = np.zeros(NUM_HEXES, np.int8)
    assert farm_targets(state.buf, NEIGHBOURS, 0, scratch) > 0  # more farmland touches yours
    assert not state.mask[FARM_ACTION]  # ... but the farm action is once per turn (D36)


def test_s14_1_farm_action_needs_farmland_next_to_yours_d36():
    state = harvest_game(FARMLAND)
    place(state, 0, (2, 0))  # grass far from the farmland: no "adjacent if possible" fallback
    assert not state.mask[FARM_ACTION]
    place(state, 0, (2, 2))
    assert state.mask[FARM_ACTION]


def test_s14_1_farm_action_is_outside_the_mandatory_action_and_resets_each_turn():
    state = harvest_game(FARMLAND)
    place(state, 0, (0, 1))
    act(state, (0, 0))  # the mandatory action has started: only its placements
    assert state.phase == PHASE_MANDATORY and not state.mask[FARM_ACTION]
    act(state, (1, 0), (2, 0))
    assert state.phase == PHASE_MAIN and state.mask[FARM_ACTION]  # after it, before the end
    act(state, FARM_ACTION, (0, 2))  # then only the end of the turn is left: taken at once
    assert state.cur == 1 and state.farm_used == 0


def test_s14_1_farmland_is_buildable_for_any_buildable_hex_action_d15():
    state = harvest_game(FARMLAND)
    place(state, 0, (0, 1))
    assert hx(0, 2) in kernel_targets(state, 0, "tower")  # farmland on the board edge


# ---------------------------------------------------------------- §14.2 silos


SILO_BOARD = """
G G G G G G G G G G
 G O G G G G O G G G
G G G G G G G G G G
 G G G G G G G G G G
"""


def last_turn_over(state):
    """Make it the last seat's turn (2 players, start player 0: seat 1) after its mandatory
    action, with the end triggered, and end that turn: the silo phase starts (§14.2)."""
    state.hand[0] = state.played
    state.set("played", int(state.hand[1]))
    state.hand[1] = EMPTY
    state.set("turn", 2)
    state.set("cur", 1)
    state.set("mandatory_left", 0)
    state.set("mandatory_done", 1)
    state.set("end_triggered", 1)
    refresh(state)
    act(state, END_TURN)


def test_s14_2_after_the_last_turn_a_silo_builds_up_to_3_next_to_any_of_yours_d39():
    state = harvest_game(SILO_BOARD)
    place(state, 0, (0, 1), (3, 8))  # (0,1) touches the left silo
    place(state, 1, (3, 0))
    last_turn_over(state)
    assert state.phase == PHASE_SILO and state.cur == 0  # the start player first (D38)
    check_invariants(state)
    assert {int(a) for a in np.flatnonzero(state.mask)} == {SILO_BUILD, SILO_MOVE, STOP}
    act(state, SILO_BUILD)
    mine = neighbours_of((0, 1), (3, 8)) & empty_buildable(state)
    assert legal_hexes(state) == mine  # not only next to the silo (D39)
    assert not state.mask[SILO_MOVE]  # never a mix for one silo
    act(state, (3, 9), (2, 9), (2, 8))
    assert state.supply[0] == 35 and state.phase == PHASE_GAME_OVER  # seat 1 touches no silo
    check_invariants(state)


def test_s14_2_a_silo_moves_up_to_3_and_may_leave_the_silo():
    state = harvest_game(SILO_BOARD)
    place(state, 0, (0, 1), (0, 4), (0, 5))
    place(state, 1, (3, 0))
    last_turn_over(state)
    act(state, SILO_MOVE)
    assert legal_hexes(state) == cells((0, 1), (0, 4), (0, 5))  # each can go next to another
    act(state, (0, 1))  # the only settlement next to the silo leaves it
    targets = (neighbours_of((0, 4), (0, 5)) & empty_buildable(state)) - {hx(0, 1)}
    assert legal_hexes(state) == targets
    act(state, (0, 3))
    assert state.owner[hx(0, 1)] == EMPTY and state.owner[hx(0, 3)] == 0
    assert state.silo_left == 2 and state.phase == PHASE_SILO
    act(state, STOP)  # up to 3: stop early
    assert state.phase == PHASE_GAME_OVER and state.supply[0] == 37


def test_s14_2_seats_resolve_in_order_and_each_silo_is_rechecked_d38():
    state = harvest_game(SILO_BOARD)
    place(state, 0, (0, 1), (0, 6))  # next to both silos
    place(state, 1, (2, 2))  # next to the left silo
    last_turn_over(state)
    assert state.cur == 0 and state.silo_active == 0
    act(state, SILO_MOVE, (0, 6), (0, 2))  # the right silo's only neighbour moves away
    act(state, STOP)
    assert state.cur == 1 and state.silo_active == 0  # seat 0's right silo no longer counts
    act(state, STOP)
    assert state.phase == PHASE_GAME_OVER


def test_s14_2_without_a_silo_neighbour_the_game_ends_at_once():
    state = harvest_game(SILO_BOARD)
    place(state, 0, (3, 5))
    place(state, 1, (3, 0))
    last_turn_over(state)
    assert state.phase == PHASE_GAME_OVER and state.silo_active == EMPTY


# ---------------------------------------------------------------- §14.3 locations


def near_board(centre):
    """Grass rows with `centre` at (1, 4)."""
    return f"""
G G G G G G
 G G G G {centre} G
G G G G G G
"""


AROUND = cells((1, 3), (1, 5), (0, 4), (0, 5), (2, 4), (2, 5))


def use_tile(state, tile, location):
    give_tile(state, 0, location)
    assert tile in legal_tiles(state)
    act(state, tile_action(tile))
    return legal_hexes(state)


def with_location(rows, tile, at=(2, 0)):
    lines = rows.strip("\n").splitlines()
    r, c = at
    letters = lines[r].split()
    letters[c] = "L"
    lines[r] = (" " if r % 2 else "") + " ".join(letters)
    return "\n".join(lines), {at: tile}


def test_s14_3_mountain_station_builds_next_to_a_mountain_adjacent_if_possible():
    rows, locations = with_location(near_board("M"), "mountain_station")
    state = harvest_game(rows, locations, fill="W")
    place(state, 0, (2, 1))  # next to the location only
    assert use_tile(state.copy(), "mountain_station", (2, 0)) == AROUND
    place(state, 0, (0, 3))
    assert use_tile(state, "mountain_station", (2, 0)) == cells((0, 4), (1, 3))


def test_s14_3_water_mill_builds_next_to_water_adjacent_if_possible():
    rows, locations = with_location(near_board("W"), "water_mill")
    state = harvest_game(rows, locations)  # mountains all around, one water hex
    place(state, 0, (2, 1))
    assert use_tile(state.copy(), "water_mill", (2, 0)) == AROUND
    place(state, 0, (2, 3))
    assert use_tile(state, "water_mill", (2, 0)) == cells((1, 3), (2, 4))


def test_s14_3_watchtower_builds_next_to_another_players_settlement():
    rows, locations = with_location(near_board("G"), "watchtower")
    state = harvest_game(rows, locations)
    place(state, 1, (1, 4))
    place(state, 0, (2, 1))
    assert use_tile(state.copy(), "watchtower", (2, 0)) == AROUND
    place(state, 0, (0, 3))
    assert use_tile(state, "watchtower", (2, 0)) == cells((0, 4), (1, 3))


def test_s14_3_university_builds_next_to_a_special_hex():
    rows, locations = with_location(near_board("K"), "university", at=(0, 0))
    state = harvest_game(rows, locations, fill="W")
    place(state, 0, (0, 1))  # next to the University location (a special hex itself)
    assert use_tile(state.copy(), "university", (0, 0)) == cells((1, 0))  # adjacent if possible
    place(state, 0, (2, 3))
    assert use_tile(state, "university", (0, 0)) == cells((1, 0), (1, 3), (2, 4))  # castle too


def test_s14_3_palisade_moves_next_to_the_rest_of_its_area_d43():
    rows = "\n".join(["G " * 10] * 8)
    rows, locations = with_location(rows, "palisade", at=(6, 0))
    state = harvest_game(rows, locations)
    place(state, 0, (2, 2), (2, 3), (2, 4), (6, 1), (5, 6))
    give_tile(state, 0, (6, 0))
    act(state, tile_action("palisade"))
    assert hx(5, 6) not in legal_hexes(state)  # alone in its area: nowhere to go
    assert hx(2, 2) in legal_hexes(state)
    act(state, (2, 2))
    rest = neighbours_of((2, 3), (2, 4)) & empty_buildable(state)
    assert legal_hexes(state) == rest  # not next to (5,6), another area of the player
    act(state, (1, 4))
    assert state.owner[hx(1, 4)] == 0 and state.owner[hx(2, 2)] == EMPTY


def test_s14_3_cathedral_tokens_come_with_the_tile_and_are_a_limited_bank_d44():
    rows, locations = with_location(near_board("G"), "cathedral", at=(0, 0))
    state = harvest_game(rows, locations)
    act(state, (0, 1))  # the mandatory action takes the Cathedral tile ...
    assert state.tokens[0] == 1 and state.token_bank == TOKEN_BANK - 1  # ... and a "1" token
    state = harvest_game(rows, locations)
    place(state, 0, (0, 1), (2, 2))
    give_tile(state, 0, (0, 0))
    state.tokens[0] = 2
    state.set("token_bank", TOKEN_BANK - 2)
    refresh(state)
    act(state, tile_action("cathedral"))
    assert state.mask[TAKE_TOKEN] and not state.mask[STOP]
    mine = neighbours_of((0, 1), (2, 2)) & empty_buildable(state)  # on the played grass
    assert legal_hexes(state) == mine
    act(state, (2, 3))  # one token handed back per settlement built
    assert state.tokens[0] == 1 and state.token_bank == TOKEN_BANK - 1
    assert state.phase == PHASE_TILE_TARGET and state.mask[STOP] and not state.mask[TAKE_TOKEN]
    act(state, (2, 4))
    assert state.tokens[0] == 0 and state.phase == PHASE_MAIN and state.supply[0] == 36
    check_invariants(state)


def test_s14_3_cathedral_take_fails_once_the_bank_is_empty_d44():
    rows, locations = with_location(near_board("G"), "cathedral", at=(0, 0))
    state = harvest_game(rows, locations)
    place(state, 0, (0, 1))
    give_tile(state, 0, (0, 0))
    state.tokens[1] = TOKEN_BANK - 1
    state.set("token_bank", 1)
    refresh(state)
    taker = state.copy()
    act(taker, tile_action("cathedral"), TAKE_TOKEN)
    assert taker.tokens[0] == 1 and taker.token_bank == 0 and taker.phase == PHASE_MAIN
    state.tokens[1] = TOKEN_BANK
    state.set("token_bank", 0)
    refresh(state)
    assert "cathedral" not in legal_tiles(state)  # nothing to take, no token to spend


def test_s14_3_scout_cabin_scouts_act_as_yours_until_the_turn_ends_d41():
    rows, locations = with_location(near_board("G"), "scout_cabin")
    rows = rows.splitlines()
    rows[1] = " G G G L G G"  # a Water Mill location at (1, 3)
    locations[(1, 3)] = "water_mill"
    state = harvest_game("\n".join(rows), locations, cards=("mayors", "knights", "lords"))
    place(state, 0, (2, 1))
    targets = use_tile(state, "scout_cabin", (2, 0))
    assert targets == neighbours_of((2, 1)) - cells((2, 0))  # mountains (3,0), (3,1) too
    act(state, (2, 2))
    assert hx(2, 3) in legal_hexes(state)  # the second scout may stand next to the first
    act(state, (2, 3))
    assert state.phase == PHASE_MAIN and (state.piece == PIECE_SCOUT).sum() == 2
    assert state.holding[0, state.slot_of_hex[hx(1, 3)]] == 0  # scouts take no tile
    check_invariants(state)
    assert hx(2, 4) in legal_hexes(state)  # built next to a scout: adjacent for §6.2
    act(state, (2, 4))  # (2,1), (2,4) and two scouts on row 2: not 4 settlements for Mayors
    assert state.mayor_row[2] == EMPTY
    act(state, (2, 5), (1, 5))  # the rest of the mandatory action; the turn ends
    assert state.cur == 1 and not (state.piece == PIECE_SCOUT).any()
    assert state.owner[hx(2, 2)] == EMPTY and state.owner[hx(2, 3)] == EMPTY


def test_s14_3_bazaar_repeats_another_held_tiles_action_d42():
    rows, locations = with_location(near_board("W"), "bazaar")
    rows, more = with_location(rows, "water_mill", at=(0, 0))
    state = harvest_game(rows, locations | more)
    place(state, 0, (2, 1), (0, 1))
    give_tile(state, 0, (2, 0))
    give_tile(state, 0, (0, 0))
    act(state, tile_action("water_mill"), (2, 4))  # the Water Mill is used ...
    assert "bazaar" in legal_tiles(state) and "water_mill" not in legal_tiles(state)
    act(state, tile_action("bazaar"))  # ... and the Bazaar repeats it (D42)
    assert {int(a) for a in np.flatnonzero(state.mask)} == {tile_action("water_mill")}
    act(state, tile_action("water_mill"))
    assert legal_hexes(state) == AROUND & neighbours_of((2, 4)) & empty_buildable(state)
    act(state, (2, 5))
    assert state.supply[0] == 36 and state.phase == PHASE_MAIN
    assert not legal_tiles(state) & {"bazaar", "water_mill"}
    check_invariants(state)


def test_s14_3_bazaar_repeat_moves_a_placed_wagon_but_brings_no_new_piece():
    rows, locations = with_location(near_board("G"), "bazaar")
    rows, more = with_location(rows, "wagon", at=(0, 0))
    state = harvest_game(rows, locations | more, expansions=("crossroads", "harvest"))
    place(state, 0, (2, 1), (0, 1))
    give_tile(state, 0, (2, 0))
    give_tile(state, 0, (0, 0))
    assert "bazaar" not in legal_tiles(state)  # no wagon on the board: nothing to move
    state = harvest_game(rows, locations | more, expansions=("crossroads", "harvest"))
    place(state, 0, (2, 1), (0, 1))
    give_tile(state, 0, (2, 0))
    give_tile(state, 0, (0, 0))
    state.owner[hx(0, 3)] = 0
    state.piece[hx(0, 3)] = PIECE_WAGON
    refresh(state)
    act(state, tile_action("bazaar"), tile_action("wagon"))
    assert legal_hexes(state) and hx(0, 3) not in legal_hexes(state)  # no taking it back
    act(state, (1, 3))
    assert state.piece[hx(1, 3)] == PIECE_WAGON and state.owner[hx(0, 3)] == EMPTY
    assert state.supply[0] == 38
    check_invariants(state)


# ---------------------------------------------------------------- §14.4 cards


SEAM = """
. . . . . . . . G G G G
 . . . . . . . . G G G G
. . . . . . . . G G G G
 . . . . . . . . G G G G
. . . . . . . . G G G G
 . . . . . . . . G G G G
. . . . . . . . G G G G
 . . . . . . . . G G G G
. . . . . . . . G G G G
 . . . . . . . . G G G G
. . . . . . . . G G G G
"""


def test_s14_4_rovers_pays_1_gold_per_section_built_in_at_the_end_of_the_turn_d40():
    state = harvest_game(SEAM, cards=("rovers", "knights", "lords"))
    act(state, (9, 9), (9, 10))  # sections 0 and 1
    assert state.bonus_gold[0] == 0  # paid at the end of the turn
    act(state, (10, 9))  # section 2 ends the mandatory action, and the turn with it
    assert state.cur == 1 and state.bonus_gold[0] == 3 and not state.rover_marks.any()
    assert ALL_CARD_NAMES[state.cards[0]] == "rovers"


def test_s14_4_mayors_marks_a_row_of_4_with_a_supply_settlement_d37():
    state = harvest_game(SEAM, cards=("mayors", "knights", "lords"))
    place(state, 0, (4, 8), (4, 10))
    act(state, (4, 9))
    assert state.mayor_row[4] == EMPTY  # 3 on the row
    act(state, (4, 11))  # 4, not contiguous needed (D37): the row is marked from supply
    assert state.mayor_row[4] == 0 and state.supply[0] == 40 - 2 - 2 - 1
    check_invariants(state)
    out = np.zeros((2, 7), np.int64)
    score_breakdown(state.buf, NEIGHBOURS, out)
    assert out[0, 0] == MAYORS_GOLD
    state.owner[hx(4, 8)] = EMPTY  # the mark stays even if the settlements leave
    state.supply[0] += 1
    score_breakdown(state.buf, NEIGHBOURS, out)
    assert out[0, 0] == MAYORS_GOLD


def test_s14_4_a_row_is_marked_by_one_player_only():
    state = harvest_game(SEAM, cards=("mayors", "knights", "lords"))
    state.mayor_row[4] = 1
    state.supply[1] -= 1
    place(state, 0, (4, 8), (4, 10), (4, 11))
    act(state, (4, 9))
    assert state.mayor_row[4] == 1 and state.supply[0] == 40 - 4


def test_s14_3_harvest_tiles_are_the_eight_of_the_seed_after_marshlands():
    first = ALL_TILE_NAMES.index("temple") + 1  # appended: earlier games keep their numbers
    assert sorted(ALL_TILE_NAMES[first:]) == sorted(
        ("scout_cabin", "mountain_station", "bazaar", "water_mill")
        + ("palisade", "university", "cathedral", "watchtower")
    )


def test_s14_4_option_mayors_contiguous_needs_4_side_by_side_d37():
    state = harvest_game(SEAM, cards=("mayors", "knights", "lords"))
    state.set("mayors_contiguous", 1)
    place(state, 0, (4, 2), (4, 8), (4, 9))  # (4, 2): a mountain, set up by hand
    act(state, (4, 10))  # 4 on the row, at most 3 side by side
    assert state.mayor_row[4] == EMPTY
    act(state, (4, 11))
    assert state.mayor_row[4] == 0


def rovers_after_a_palisade_move(counts_moves):
    rows, locations = with_location(SEAM, "palisade", at=(8, 8))
    state = harvest_game(rows, locations, cards=("rovers", "knights", "lords"))
    state.set("rovers_counts_moves", counts_moves)
    place(state, 0, (8, 9), (9, 9))
    give_tile(state, 0, (8, 8))
    act(state, tile_action("palisade"), (8, 9), (9, 10))  # into section 1
    return state.rover_marks.tolist()


def test_s14_4_rovers_counts_moves_only_with_the_option_d40():
    assert rovers_after_a_palisade_move(0) == [0, 0, 0, 0]
    assert rovers_after_a_palisade_move(1) == [0, 1, 0, 0]
