"""§13 Marshlands: swamp and the dual terrain cards (§13.1, D31, D54), palaces (§13.2, D35), the
four locations and their bonuses (§13.3, D32, D33, D57), temple accounting (§13.5, D34) and the
Marshlands set-up (§3.2), on small ASCII boards (odd rows drawn half a hex right; everything
not drawn is mountain)."""

import numpy as np

from eurogym.envs.kingdom_builder import kernels, rules
from eurogym.envs.kingdom_builder.actions import (
    CANOE_BONUS,
    CHOOSE_CARD,
    CHOOSE_OTHER,
    CHOOSE_SWAMP,
    END_TURN,
    REFUGE_BONUS,
    STOP,
)
from eurogym.envs.kingdom_builder.invariants import check_invariants
from eurogym.envs.kingdom_builder.scoring import score_breakdown
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    PHASE_CANOE,
    PHASE_CHOOSE_DUAL,
    PHASE_MAIN,
    PHASE_MANDATORY,
    PHASE_TILE_TARGET,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    ALL_TILE_NAMES,
    DECK_SIZE,
    DUAL_CARDS,
    DUAL_DECK_SIZE,
    GRASS,
    MOUNTAIN,
    NEIGHBOURS,
    SWAMP,
    TERRAIN_CODES,
)
from eurogym.envs.kingdom_builder.words import decision
from tests.kingdom_builder.helpers import (
    act,
    blank_game,
    cells,
    give_tile,
    hx,
    legal_hexes,
    legal_tiles,
    place,
    refresh,
    tile_action,
)

WORKERS = 2  # base card index (scoring.WORKERS)

# Grass on the left, swamp in the middle, water on the right (rows 0-4).
MARSH = """
G G G S S W W
 G G G S S W W
G G G S S W W
 G G G S S W W
G G G S S W W
"""


def with_specials(rows, specials):
    """The ASCII rows with a letter put on each (row, col): 'L' locations, 'P' palaces."""
    lines = [line.split() for line in rows.strip("\n").splitlines()]
    for (r, c), letter in specials.items():
        lines[r][c] = letter
    return "\n".join((" " if r % 2 else "") + " ".join(line) for r, line in enumerate(lines))


def marsh_game(rows=MARSH, locations=None, palaces=(), card=None, **kwargs):
    """A Marshlands game on an ASCII board: `locations` {(row, col): tile name}, palace hexes,
    and the start player's revealed card (`card`, see card_value)."""
    locations = locations or {}
    specials = {h: "L" for h in locations} | {h: "P" for h in palaces}
    state = blank_game(
        terrain_rows=with_specials(rows, specials),
        locations=locations,
        expansions=("marshlands",),
        **kwargs,
    )
    if card is not None:
        reveal(state, card)
    return state


def card_value(card):
    """'G' is the grass card, 'S/G' the swamp/grass dual card (§13.1)."""
    if card.startswith("S/"):
        return DUAL_CARDS + TERRAIN_CODES[card[2:]]
    return TERRAIN_CODES[card]


def full_deck(state):
    """The draw pile: the base deck field, then the Marshlands positions (xdeck)."""
    return [int(c) for c in np.concatenate([state.deck, state.xdeck])[: state.deck_size]]


def set_deck(state, cards):
    pile = np.full(DECK_SIZE + DUAL_DECK_SIZE, EMPTY)
    pile[: len(cards)] = cards
    state.deck[:] = pile[:DECK_SIZE]
    state.xdeck[:] = pile[DECK_SIZE:]
    state.set("deck_size", len(cards))


def swap_in(state, value, old):
    """Card `value` leaves the draw pile (or another hand) for the caller and `old` takes its
    place, so the 30 cards stay conserved."""
    deck = full_deck(state)
    if value in deck:
        deck[len(deck) - 1 - deck[::-1].index(value)] = old
        deck = [c for c in deck if c != EMPTY]
        set_deck(state, deck)
        return
    seat = int(np.flatnonzero(state.hand == value)[0])
    state.hand[seat] = old


def reveal(state, card):
    """The player to act has just revealed `card`: phase main, 3 settlements, and for a dual
    card the choice as the engine opens it (§13.1)."""
    value = card_value(card)
    if value != state.played:
        swap_in(state, value, int(state.played))
    state.set("played", value)
    state.set("dual_swamp", EMPTY)
    state.set("phase", PHASE_MAIN)
    state.set("mandatory_left", 3)
    state.set("mandatory_total", 3)
    state.set("mandatory_done", 0)
    if value >= DUAL_CARDS:
        kernels.settle_mandatory(state.buf, True)
    refresh(state)


def next_card(state, player, card):
    """The hidden card `player` reveals on their next turn."""
    value = card_value(card)
    if value != state.hand[player]:
        swap_in(state, value, int(state.hand[player]))
        state.hand[player] = value


def stack_top(state, card):
    """`card` is the next card drawn from the pile (it leaves its place in the pile)."""
    value = card_value(card)
    deck = full_deck(state)
    if value in deck:
        deck.remove(value)
    else:
        swap_in(state, value, deck.pop(0))
    set_deck(state, [*deck, value])


def hexes_of(state, terrain):
    return {int(h) for h in np.flatnonzero(state.terrain == terrain)}


# ---------------------------------------------------------------- §3.2 set-up


def test_s3_2_the_five_dual_cards_are_shuffled_into_the_deck():
    state = rules.new_game(rules.make_config(3, expansions=("marshlands",)), 5)
    held = full_deck(state) + [int(c) for c in state.hand[:3]] + [int(state.played)]
    held = [c for c in held if c != EMPTY]
    assert len(held) == DECK_SIZE + DUAL_DECK_SIZE
    assert sorted(c for c in held if c >= DUAL_CARDS) == list(range(DUAL_CARDS, DUAL_CARDS + 5))
    other = rules.new_game(rules.make_config(3, expansions=("marshlands",)), 6)
    assert full_deck(other) != full_deck(state)  # shuffled in, not put on top or bottom


def test_s3_2_without_marshlands_the_deck_has_no_dual_card():
    state = rules.new_game(rules.make_config(3, expansions=("nomads",)), 5)
    assert state.deck_size + 3 == DECK_SIZE and (state.xdeck == EMPTY).all()  # 3 dealt


# ---------------------------------------------------------------- §13.1 dual cards


def test_s13_1_dual_card_is_2_settlements_on_swamp_or_3_on_its_other_terrain():
    state = marsh_game(card="S/G")
    assert state.phase == PHASE_CHOOSE_DUAL
    assert {a for a in np.flatnonzero(state.mask)} == {CHOOSE_SWAMP, CHOOSE_OTHER}
    swamp = state.copy()
    act(swamp, CHOOSE_SWAMP)
    assert swamp.mandatory_left == 2 and legal_hexes(swamp) == hexes_of(swamp, SWAMP)
    act(state, CHOOSE_OTHER)
    assert state.mandatory_left == 3 and legal_hexes(state) == hexes_of(state, GRASS)
    act(swamp, (0, 3), (1, 3))  # two swamp settlements end the mandatory action (and turn)
    assert swamp.supply[0] == 38 and swamp.cur == 1


def test_s13_1_without_swamp_on_the_board_a_dual_card_is_its_other_terrain():
    rows = """
    G G G D D
     G G G D D
    """
    state = marsh_game(rows=rows, card="S/D")
    assert state.phase == PHASE_MAIN and state.dual_swamp == 0
    assert legal_hexes(state) == hexes_of(state, TERRAIN_CODES["D"])


def test_s13_1_the_chosen_half_is_the_played_terrain_for_the_oracle_D31():
    state = marsh_game(locations={(2, 2): "oracle"}, card="S/G")
    place(state, 0, (2, 3))
    give_tile(state, 0, (2, 2))
    act(state, CHOOSE_SWAMP)
    act(state, tile_action("oracle"))
    assert legal_hexes(state) <= hexes_of(state, SWAMP) and legal_hexes(state)


def test_s13_1_a_dual_card_goes_to_its_own_discard_pile_and_is_drawn_again():
    state = marsh_game(card="S/G")
    act(state, CHOOSE_OTHER, (0, 0), (0, 1), (0, 2))
    assert state.cur == 1 and state.xdiscard[GRASS] == 1
    check_invariants(state)  # 30 cards conserved


def test_s13_1_a_dead_dual_half_leaves_the_other_without_a_choice():
    state = marsh_game(card="S/G")
    for h in hexes_of(state, SWAMP):
        state.owner[h] = 1
        state.supply[1] -= 1
    reveal(state, "S/G")
    assert state.phase == PHASE_MAIN and state.dual_swamp == 0 and state.mandatory_left == 3


# ---------------------------------------------------------------- §13.2 palaces


def test_s13_2_palace_pays_5_to_every_player_tied_for_the_most_adjacent_settlements_D35():
    state = marsh_game(palaces=[(2, 1)], num_players=3)
    place(state, 0, (1, 0), (1, 1), (1, 2))  # (1,2) is not next to the palace (2,1)
    place(state, 1, (3, 0), (3, 1))
    place(state, 2, (2, 2))
    out = np.zeros((3, 7), np.int64)
    score_breakdown(state.buf, NEIGHBOURS, out)
    assert out[:, 3].tolist() == [5, 5, 0]  # 2 vs 2 vs 1: both tied players get 5
    state.owner[hx(3, 0)] = EMPTY
    score_breakdown(state.buf, NEIGHBOURS, out)
    assert out[:, 3].tolist() == [5, 0, 0]


def test_s13_2_a_palace_nobody_touches_pays_nobody_D35():
    state = marsh_game(palaces=[(2, 1)])
    place(state, 0, (4, 4))
    out = np.zeros((2, 7), np.int64)
    score_breakdown(state.buf, NEIGHBOURS, out)
    assert out[:, 3].tolist() == [0, 0]


def test_s13_2_palaces_are_special_hexes_for_workers():
    state = marsh_game(palaces=[(2, 1)], cards=("workers", "knights", "lords"))
    place(state, 0, (1, 1), (4, 4))
    out = np.zeros((2, 7), np.int64)
    score_breakdown(state.buf, NEIGHBOURS, out)
    assert out[0, 0] == 1  # Workers: 1 per settlement next to a castle, location or palace


# ---------------------------------------------------------------- §13.3 Fountain


def test_s13_3_fountain_builds_next_to_exactly_one_of_yours_and_no_other_players():
    state = marsh_game(locations={(2, 5): "fountain"}, card="G")
    place(state, 0, (2, 4))
    give_tile(state, 0, (2, 5))
    place(state, 0, (0, 1))
    place(state, 1, (0, 3))
    act(state, tile_action("fountain"))
    targets = legal_hexes(state)
    # (0,2) touches (0,1) but also player 1's (0,3); (1,1) touches (0,1) only
    assert hx(1, 1) in targets and hx(0, 2) not in targets and hx(0, 0) in targets
    for h in targets:
        own = sum(state.owner[n] == 0 for n in NEIGHBOURS[h] if n >= 0)
        other = sum(state.owner[n] == 1 for n in NEIGHBOURS[h] if n >= 0)
        assert own == 1 and other == 0 and state.terrain[h] != MOUNTAIN


def test_s13_3_fountain_bonus_also_allows_a_mountain_D33():
    rows = """
    G G M G G
     G G L G M
    G G G L G
    """
    state = marsh_game(rows=rows, locations={(1, 2): "fountain", (2, 3): "fountain"}, card="G")
    place(state, 0, (1, 3))
    give_tile(state, 0, (1, 2))
    assert hx(1, 4) not in set(np.flatnonzero(kernel_fountain(state)))
    give_tile(state, 0, (2, 3))  # both Fountain tiles: the bonus
    assert hx(1, 4) in set(np.flatnonzero(kernel_fountain(state)))  # the mountain at (1,4)


def kernel_fountain(state):
    out = np.zeros(400, np.int8)
    tile = kernels.FOUNTAIN
    kernels.tile_targets(state.buf, NEIGHBOURS, 0, tile, EMPTY, out)
    return out


# ---------------------------------------------------------------- §13.3 Refuge


def test_s13_3_refuge_moves_to_an_adjacent_free_buildable_hex_even_away_from_yours():
    state = marsh_game(locations={(2, 5): "refuge"}, card="G")
    place(state, 0, (2, 4), (0, 0))
    give_tile(state, 0, (2, 5))
    act(state, tile_action("refuge"), (0, 0))
    assert legal_hexes(state) == cells((0, 1), (1, 0))  # (0,0)'s free buildable neighbours
    act(state, (1, 0))
    assert state.owner[hx(1, 0)] == 0 and state.owner[hx(0, 0)] == EMPTY


def test_s13_3_refuge_bonus_jumps_to_the_first_free_buildable_hex_in_a_line():
    rows = """
    G G G W G G G G
     G G G G G G G G
    """
    locations = {(1, 6): "refuge", (1, 7): "refuge"}
    state = marsh_game(rows=rows, locations=locations, card="G")
    place(state, 0, (0, 7), (0, 0))
    give_tile(state, 0, (1, 6))
    give_tile(state, 0, (1, 7))
    place(state, 1, (0, 1), (0, 2))
    assert state.mask[REFUGE_BONUS]
    act(state, REFUGE_BONUS, (0, 0))
    # east from (0,0): over player 1's (0,1), (0,2) and the water (0,3) to (0,4)
    assert hx(0, 4) in legal_hexes(state) and hx(0, 1) not in legal_hexes(state)
    act(state, (0, 4))
    assert state.owner[hx(0, 4)] == 0 and state.bonus_used[1] == 1
    assert not state.mask[REFUGE_BONUS]  # once per turn
    assert "refuge" in legal_tiles(state)  # the tiles themselves are still unused


# ---------------------------------------------------------------- §13.3 Canoe


CANOE_BOARD = """
G G G G G G M
 G L G S S W M
G G G G L G M
 G G G S W W M
"""


def canoe_game(num_players=2, tiles=1):
    """Player 0 holds `tiles` Canoe tiles and one Farm tile from (2,4), whose hex has one tile
    left; the player to move (seat 1) has revealed grass."""
    locations = {(1, 1): "canoe", (2, 4): "farm"}
    if tiles == 2:
        locations[(0, 5)] = "canoe"
    rows = CANOE_BOARD.replace("G G G G G G M", "G G G G G L M") if tiles == 2 else CANOE_BOARD
    state = marsh_game(
        rows=rows, locations=locations, num_players=num_players, start_player=1, card="G"
    )
    place(state, 0, (1, 0), (2, 5))
    give_tile(state, 0, (1, 1))
    give_tile(state, 0, (2, 4))
    if tiles == 2:
        place(state, 0, (0, 4))
        give_tile(state, 0, (0, 5))
    return state


def test_s13_3_canoe_reacts_when_another_player_takes_the_last_tile_of_a_hex():
    state = canoe_game()
    assert "canoe" not in legal_tiles(state)  # never usable on its own
    act(state, (2, 3))  # player 1 takes the Farm hex's last tile
    assert state.phase == PHASE_CANOE and state.cur == 0 and state.canoe_from == 1
    # swamp or water next to player 0's (1,0) / (2,5) if possible, or pass
    assert legal_hexes(state) == cells((1, 4), (1, 5), (3, 4), (3, 5))
    assert state.mask[STOP]
    check_invariants(state)
    act(state, (1, 5))
    assert state.owner[hx(1, 5)] == 0 and state.supply[0] == 37
    assert state.cur == 1 and state.phase == PHASE_MANDATORY and state.mandatory_left == 2
    check_invariants(state)


def test_s13_3_canoe_may_pass_and_each_tile_reacts_once_per_trigger_D32():
    state = canoe_game()
    act(state, (2, 3))
    act(state, STOP)
    assert state.cur == 1 and state.phase == PHASE_MANDATORY
    two = canoe_game(tiles=2)
    act(two, (2, 3))
    act(two, (1, 5))
    assert two.phase == PHASE_CANOE and two.cur == 0  # the second canoe tile
    act(two, (3, 5))
    assert two.cur == 1 and two.phase == PHASE_MANDATORY


def test_s13_3_canoe_holders_react_in_seat_order_from_the_active_players_left():
    state = canoe_game(num_players=3)
    place(state, 2, (3, 0))
    # seat 2 also holds a canoe (a copy from the same hex, as a second player may)
    slot = int(state.slot_of_hex[hx(1, 1)])
    state.owner[hx(0, 1)] = 2
    state.supply[2] -= 1
    state.tiles_left[slot] -= 1
    state.ever_taken[2, slot] = 1
    state.holding[2, slot] = 1
    refresh(state)
    act(state, (2, 3))
    assert state.cur == 2  # left of seat 1 is seat 2, then seat 0
    act(state, STOP)
    assert state.cur == 0 and state.phase == PHASE_CANOE
    act(state, STOP)
    assert state.cur == 1


def test_s13_3_canoe_does_not_react_to_its_holders_own_turn_D32():
    state = marsh_game(rows=CANOE_BOARD, locations={(1, 1): "canoe", (2, 4): "farm"}, card="G")
    place(state, 0, (1, 0), (2, 2))
    give_tile(state, 0, (1, 1))
    place(state, 1, (2, 5))
    give_tile(state, 1, (2, 4))
    act(state, (2, 3))  # the canoe holder itself takes the Farm hex's last tile
    assert state.tiles_left[int(state.slot_of_hex[hx(2, 4)])] == 0
    assert state.phase != PHASE_CANOE and not state.canoe_left.any() and state.cur == 0


def test_s13_3_canoe_bonus_builds_on_swamp_or_water_on_your_own_turn():
    state = canoe_game(tiles=2)
    state.set("cur", 0)
    state.set("start_player", 0)
    refresh(state)
    assert state.mask[CANOE_BONUS] and "Canoe bonus" in decision(state)
    act(state, CANOE_BONUS)
    assert state.phase == PHASE_TILE_TARGET
    # adjacency is judged over swamp and water together: swamp (1,4) may be picked though
    # water touches player 0 too
    assert hx(1, 4) in legal_hexes(state) and hx(1, 5) in legal_hexes(state)
    assert hx(3, 3) not in legal_hexes(state)  # swamp, but not next to player 0
    act(state, (1, 4))
    assert state.owner[hx(1, 4)] == 0 and not state.mask[CANOE_BONUS]


def test_s13_3_a_bonus_is_lost_with_either_tile_D33():
    state = canoe_game(tiles=2)
    state.set("cur", 0)
    state.set("start_player", 0)
    refresh(state)
    assert state.mask[CANOE_BONUS]
    state.owner[hx(0, 4)] = EMPTY  # player 0 leaves the second Canoe hex
    kernels.lose_tiles(state.buf, NEIGHBOURS, 0)
    refresh(state)
    assert not state.mask[CANOE_BONUS]


# ---------------------------------------------------------------- §13.3 Temple, §13.5


def test_s13_3_temple_parks_a_settlement_that_the_next_mandatory_action_adds_S13_5():
    state = marsh_game(locations={(2, 2): "temple"}, card="G")
    place(state, 0, (2, 3), (0, 0))
    give_tile(state, 0, (2, 2))
    act(state, tile_action("temple"))
    assert legal_hexes(state) == cells((2, 3), (0, 0))  # only own settlements
    act(state, (0, 0))
    assert state.owner[hx(0, 0)] == EMPTY and state.parked[0] == 1 and state.supply[0] == 38
    check_invariants(state)  # 38 in supply + 1 on the board + 1 parked
    stack_top(state, "G")  # drawn at the end of this turn, revealed on the next
    for _ in range(3):
        act(state, min(legal_hexes(state)))
    while state.cur != 0:
        if state.mask[END_TURN]:
            act(state, END_TURN)
        else:
            act(state, int(np.flatnonzero(state.mask)[0]))
    assert state.mandatory_left == 4 and state.parked[0] == 0  # 3 + the parked one
    check_invariants(state)


def test_s13_3_removing_with_the_temple_can_cost_tiles_D34():
    state = marsh_game(locations={(2, 2): "temple", (0, 5): "farm"}, card="G")
    place(state, 0, (2, 3), (0, 4))
    give_tile(state, 0, (2, 2))
    give_tile(state, 0, (0, 5))
    act(state, tile_action("temple"), (0, 4))
    assert not state.holding[0, int(state.slot_of_hex[hx(0, 5)])]


def test_s13_5_parked_settlements_that_cannot_be_placed_stay_in_supply_D34():
    rows = """
    G G M M M
     M M M M M
    """
    state = marsh_game(rows=rows, card="G")
    state.parked[0] = 2  # parked on temple tiles last turn
    state.supply[0] -= 2
    kernels.start_turn(state.buf)  # player 0's turn starts again, revealing its hand
    reveal(state, "G")
    state.set("mandatory_left", 5)
    state.set("mandatory_total", 5)
    assert state.parked[0] == 0 and state.supply[0] == 40
    state.discard[:] = 0
    state.xdiscard[:] = 0
    set_deck(state, [])  # no card left to replace grass once it is full (§5)
    state.set("end_triggered", 1)  # so the round ends the game
    act(state, (0, 0), (0, 1))
    assert state.supply[0] == 38 and int((state.owner == 0).sum()) == 2


def test_s13_3_temple_bonus_frees_only_the_first_mandatory_settlement():
    locations = {(2, 0): "temple", (4, 0): "temple"}
    state = marsh_game(locations=locations, card="G")
    place(state, 0, (3, 0))
    give_tile(state, 0, (2, 0))
    give_tile(state, 0, (4, 0))
    first = legal_hexes(state)
    assert hx(0, 2) in first  # not next to (3,0): the adjacency rule is ignored
    act(state, (0, 2))
    assert legal_hexes(state) == {
        h for h in hexes_of(state, GRASS) if state.owner[h] == EMPTY
        and any(state.owner[n] == 0 for n in NEIGHBOURS[h] if n >= 0)
    }  # fmt: skip


def test_s13_3_marshlands_tiles_are_the_four_of_the_seed_after_crossroads():
    first = ALL_TILE_NAMES.index("wagon") + 1  # appended: earlier games keep their tile numbers
    assert ALL_TILE_NAMES[first : first + 4] == ("canoe", "fountain", "refuge", "temple")


def test_s13_1_a_dual_card_drawn_after_placements_keeps_the_count_D54():
    state = marsh_game(card="G")
    grass = sorted(hexes_of(state, GRASS))
    for h in grass[:-1]:
        state.owner[h] = 1
        state.supply[1] -= 1
    refresh(state)
    stack_top(state, "S/D")
    act(state, grass[-1])  # the first placement fills the last grass hex: §5 draws S/D
    assert state.played == card_value("S/D") and state.removed[GRASS] == 1
    # desert has no hex on this board, so the dual card is played as swamp, 2 left of 3
    assert state.dual_swamp == 1 and state.mandatory_left == 2
    assert state.phase == PHASE_MANDATORY and legal_hexes(state) <= hexes_of(state, SWAMP)
    assert legal_hexes(state)
    check_invariants(state)


def test_s13_3_temple_never_removes_a_crossroads_piece_D19():
    state = blank_game(
        terrain_rows=with_specials(MARSH, {(2, 2): "L"}),
        locations={(2, 2): "temple"},
        expansions=("marshlands", "crossroads"),
    )
    reveal(state, "G")
    place(state, 0, (2, 3))
    give_tile(state, 0, (2, 2))
    state.owner[hx(0, 0)] = 0
    state.piece[hx(0, 0)] = 3  # a ship stands for any piece (PIECE_SHIP)
    refresh(state)
    act(state, tile_action("temple"))
    assert legal_hexes(state) == cells((2, 3))


def test_s13_3_a_canoe_build_neither_uses_nor_spends_the_movers_outpost_D57():
    state = canoe_game()
    act(state, (2, 3))  # player 1 takes the last Farm tile: player 0's canoe reacts
    state.set("outpost_armed", 1)  # as if player 1 had armed an Outpost (§11.1) for later
    refresh(state)
    assert legal_hexes(state) == cells((1, 4), (1, 5), (3, 4), (3, 5))  # adjacency still holds
    act(state, (1, 5))
    assert state.cur == 1 and state.outpost_armed == 1


def test_s13_1_a_revealed_dual_card_can_be_kept_in_the_crossroads_card_choice_D56():
    state = blank_game(terrain_rows=MARSH, expansions=("crossroads", "marshlands"))
    state.hand[0] = card_value("S/G")
    state.xhand[0, 0] = card_value("G")  # an extra card from a Crossroads tile (§12.3)
    state.set("played", EMPTY)
    kernels.start_turn(state.buf)
    refresh(state)
    chosen = {int(a) for a in np.flatnonzero(state.mask)}
    assert chosen == {CHOOSE_CARD + GRASS, CHOOSE_SWAMP, CHOOSE_OTHER}
    keep = state.copy()
    act(keep, CHOOSE_SWAMP)  # keep the dual card, as swamp
    assert keep.played == card_value("S/G") and keep.dual_swamp == 1
    assert keep.mandatory_left == 2 and keep.xhand[0, 0] == card_value("G")
    act(state, CHOOSE_CARD + GRASS)  # play the extra grass card instead
    assert state.played == GRASS and state.dual_swamp == EMPTY and state.mandatory_left == 3
    assert state.xhand[0, 0] == card_value("S/G")


def test_s13_3_canoe_also_reacts_when_another_player_takes_a_nomad_tile():
    rows = CANOE_BOARD.replace("G G G G L G M", "G G G G N G M")  # (2,4): a nomad space
    state = blank_game(
        terrain_rows=rows,
        locations={(1, 1): "canoe"},
        expansions=("nomads", "marshlands"),
        nomads={(2, 4): "outpost"},
        start_player=1,
    )
    reveal(state, "G")
    place(state, 0, (1, 0), (2, 5))
    give_tile(state, 0, (1, 1))
    act(state, (2, 3))  # player 1 builds next to the nomad space and takes its tile
    assert state.nomad_new[1].sum() == 1
    assert state.phase == PHASE_CANOE and state.cur == 0 and state.canoe_from == 1


def test_s13_2_palaces_are_special_hexes_for_merchants():
    state = marsh_game(palaces=[(2, 1)], locations={(2, 5): "farm"})
    # one area of player 0 touching the palace (2,1) and the location (2,5)
    place(state, 0, (2, 2), (2, 3), (2, 4))
    out = np.zeros((2, 7), np.int64)
    state.cards[:] = [ALL_CARD_NAMES.index(c) for c in ("merchants", "knights", "lords")]
    score_breakdown(state.buf, NEIGHBOURS, out)
    assert out[0, 0] == 8  # 4 gold for each of the two joined special hexes


def test_s13_3_refuge_bonus_landing_next_to_a_warrior_closes_the_direction_D55():
    rows = """
    G G G W G G G G
     G G G G G G G G
    G G G G G G G G
    """
    locations = {(1, 6): "refuge", (1, 7): "refuge"}
    state = blank_game(
        terrain_rows=with_specials(rows, dict.fromkeys(locations, "L")),
        locations=locations,
        expansions=("crossroads", "marshlands"),
    )
    reveal(state, "G")
    place(state, 0, (0, 7), (0, 0))
    give_tile(state, 0, (1, 6))
    give_tile(state, 0, (1, 7))
    place(state, 1, (0, 1), (0, 2))
    state.owner[hx(0, 5)] = 1
    state.piece[hx(0, 5)] = 4  # a warrior (PIECE_WARRIOR) next to (0,4), the landing hex
    refresh(state)
    act(state, REFUGE_BONUS, (0, 0))
    assert hx(0, 4) not in legal_hexes(state) and hx(0, 6) not in legal_hexes(state)
    assert hx(1, 0) in legal_hexes(state)  # another direction is still open
