"""§5 mandatory action and §6 building rules: 3 settlements on the played terrain, adjacent if
possible (§6.1 rule 3, §6.2, D3), the no-legal-hex exception (§5, D6), short supply (D11),
and the turn sequence around it (§4)."""

import numpy as np
import pytest

from eurogym.envs.core.errors import IllegalActionError
from eurogym.envs.kingdom_builder import rules
from eurogym.envs.kingdom_builder.actions import END_TURN
from eurogym.envs.kingdom_builder.state import PHASE_MAIN, PHASE_MANDATORY
from eurogym.envs.kingdom_builder.tables import TERRAIN_CODES
from tests.kingdom_builder.helpers import (
    act,
    blank_game,
    can_end_turn,
    cells,
    code,
    finish_turn,
    give_tile,
    hx,
    legal_hexes,
    legal_tiles,
    place,
    set_hand,
    set_supply,
    show,
    stack_deck,
    tile_action,
)

G, C, T = TERRAIN_CODES["G"], TERRAIN_CODES["C"], TERRAIN_CODES["T"]

# A grass field with a canyon pocket on the left (rows 0-2), mountains elsewhere.
FIELD = """
C C C G G G G
 C C C G G G G
C C C G G G G
"""


def test_s05_first_settlement_may_go_on_any_hex_of_the_played_terrain():
    # Arrange: nobody has built; played card grass
    state = blank_game(terrain_rows=FIELD, played="G")
    # Act
    legal = legal_hexes(state)
    # Assert: every grass hex, and only grass (no canyon, no mountain)
    assert legal == {h for h in range(400) if state.terrain[h] == G}
    assert len(legal) == 12


def test_s05_adjacent_if_possible():
    # Arrange: player 0 sits on (1,4), in the grass field
    #   C C C G G G G
    #    C C C G 0 G G      (1,4) odd row: neighbours (0,4)(0,5)(1,3)(1,5)(2,4)(2,5)
    #   C C C G G G G
    state = blank_game(terrain_rows=FIELD, played="G")
    place(state, 0, (1, 4))
    # Act
    legal = legal_hexes(state)
    # Assert: only the empty grass neighbours of (1,4), although 11 grass hexes are empty
    assert legal == cells((0, 4), (0, 5), (1, 3), (1, 5), (2, 4), (2, 5)), show(state)


def test_s05_any_hex_when_no_adjacent_hex_of_the_terrain_exists():
    # Arrange: player 0's only settlement (1,1) is walled in by canyon
    state = blank_game(terrain_rows=FIELD, played="G")
    place(state, 0, (1, 1))
    # Act
    legal = legal_hexes(state)
    # Assert: "if possible" fails, so every empty grass hex is legal
    assert legal == {h for h in range(400) if state.terrain[h] == G}


def test_s05_placed_settlement_counts_for_the_next_placement_D3():
    # Arrange: as above, no grass next to player 0
    state = blank_game(terrain_rows=FIELD, played="G")
    place(state, 0, (1, 1))
    # Act: first placement anywhere on grass
    act(state, (1, 5))
    # Assert: the second must touch the first (1,5): odd row neighbours
    assert state.phase == PHASE_MANDATORY
    assert legal_hexes(state) == cells((0, 5), (0, 6), (1, 4), (1, 6), (2, 5), (2, 6))


def test_s05_other_players_settlements_block_and_do_not_count_for_adjacency():
    # Arrange: player 1 sits in the middle of the field; player 0 has nothing next to grass
    state = blank_game(terrain_rows=FIELD, played="G")
    place(state, 1, (1, 4))
    place(state, 0, (1, 1))
    # Act
    legal = legal_hexes(state)
    # Assert: (1,4) is occupied; its neighbours are not forced on player 0
    assert hx(1, 4) not in legal
    assert len(legal) == 11


def test_s05_three_settlements_then_discard_and_draw():
    # Arrange: 2 players, no location tiles anywhere; next card on the deck is forest
    state = blank_game(terrain_rows=FIELD, played="G")
    stack_deck(state, ["T"])
    discard_before = state.discard.copy()
    # Act: three placements, each adjacent to the previous
    act(state, (0, 3), (0, 4), (0, 5))
    # Assert: supply down by 3, grass discarded, forest drawn, player 1 to act (the engine
    # ends a turn by itself when ending it is the only legal action)
    assert state.supply[0] == 37
    assert (state.owner == 0).sum() == 3
    assert state.discard[G] == discard_before[G] + 1
    assert state.hand[0] == T
    assert state.cur == 1 and state.phase == PHASE_MAIN


def test_s05_end_turn_only_after_the_mandatory_action():
    # Arrange: player 0 holds a usable Farm tile, so the turn does not end by itself
    state = blank_game(
        terrain_rows="""
        G G G G G G
         G L G G G G
        """,
        locations={(1, 1): "farm"},
        played="G",
    )
    place(state, 0, (0, 1))
    give_tile(state, 0, (1, 1))
    # Act / Assert: before and during the mandatory action the turn cannot end
    assert not can_end_turn(state)
    act(state, (0, 2))
    assert not can_end_turn(state)
    act(state, (0, 3), (0, 4))
    # Assert: afterwards it can, and the Farm tile is still offered
    assert can_end_turn(state)
    assert "farm" in legal_tiles(state)


def test_s05_mandatory_action_cannot_be_interrupted_by_a_tile():
    # Arrange: a usable Farm tile
    state = blank_game(
        terrain_rows="""
        G G G G G G
         G L G G G G
        """,
        locations={(1, 1): "farm"},
        played="G",
    )
    place(state, 0, (0, 1))
    give_tile(state, 0, (1, 1))
    assert "farm" in legal_tiles(state)  # before the mandatory action: allowed (§4 step 2)
    # Act: start the mandatory action
    act(state, (0, 2))
    # Assert: no tile between its placements (§4 step 3, D14)
    assert legal_tiles(state) == set()
    with pytest.raises(IllegalActionError):
        rules.apply_action(state, tile_action("farm"))


def test_s05_illegal_placement_raises_and_leaves_state_unchanged():
    # Arrange: player 0 at (1,4); (0,0) is a canyon hex, (1,6) grass but not adjacent
    state = blank_game(terrain_rows=FIELD, played="G")
    place(state, 0, (1, 4))
    before = state.copy()
    # Act / Assert
    for bad in (hx(0, 0), hx(1, 6), hx(1, 4), END_TURN):
        with pytest.raises(IllegalActionError):
            rules.apply_action(state, bad)
    assert state == before


def test_s05_no_legal_hex_exception_replaces_card():
    # Arrange: no empty canyon anywhere (all 9 canyon hexes taken by player 1);
    # player 1 will reveal canyon. Deck top: forest (player 0's end-of-turn draw), then grass.
    state = blank_game(terrain_rows=FIELD, played="G")
    place(state, 1, *[h for h in range(400) if state.terrain[h] == C])
    set_hand(state, 1, "C")
    stack_deck(state, ["T", "G"])
    removed_before, discard_before = state.removed.copy(), state.discard.copy()
    # Act: player 0 plays; player 1 reveals canyon at the start of the turn
    act(state, (0, 3), (0, 4), (0, 5))
    # Assert: canyon removed from the game (not discarded), grass is now the played card
    assert state.cur == 1
    assert state.played == G
    assert state.removed[C] == removed_before[C] + 1
    assert state.discard[C] == discard_before[C]
    assert state.hand[0] == T
    assert legal_hexes(state) and all(state.terrain[h] == G for h in legal_hexes(state))


def test_s05_no_legal_hex_exception_repeats_until_a_usable_card():
    # Arrange: canyon is full and the field has no desert; player 1 will reveal canyon and
    # the deck continues forest (player 0's draw), canyon, desert, grass
    state = blank_game(terrain_rows=FIELD, played="G")
    place(state, 1, *[h for h in range(400) if state.terrain[h] == C])
    set_hand(state, 1, "C")
    stack_deck(state, ["T", "C", "D", "G"])
    removed_before = state.removed.copy()
    # Act
    act(state, (0, 3), (0, 4), (0, 5))
    # Assert: canyon, canyon and desert removed; grass is played
    assert state.cur == 1 and state.played == G
    assert state.removed[C] == removed_before[C] + 2
    assert state.removed[code("D")] == removed_before[code("D")] + 1
    assert state.removed.sum() == removed_before.sum() + 3


def test_s05_no_legal_hex_exception_between_placements():
    # Arrange: exactly two empty grass hexes, forest around them; next card forest
    state = blank_game(
        terrain_rows="""
        T T T T
         T G G T
        T T T T
        """,
        played="G",
    )
    stack_deck(state, ["T"])
    removed_before = state.removed.copy()
    # Act: two placements use up the grass
    act(state, (1, 1), (1, 2))
    # Assert: grass removed, forest played, one settlement still to build, adjacent to ours
    assert state.played == T
    assert state.removed[G] == removed_before[G] + 1
    assert state.mandatory_left == 1 and state.phase == PHASE_MANDATORY
    assert legal_hexes(state) == cells(
        (0, 1), (0, 2), (0, 3), (1, 0), (1, 3), (2, 1), (2, 2), (2, 3)
    )


def test_s05_no_legal_hex_exception_at_start_of_mandatory_after_extra_action():
    # Arrange: one empty grass hex (1,2); player 0 holds a Farm tile; next card forest
    state = blank_game(
        terrain_rows="""
        T T T T
         T L G T
        T T T T
        """,
        locations={(1, 1): "farm"},
        played="G",
    )
    place(state, 0, (0, 1))
    give_tile(state, 0, (1, 1))
    stack_deck(state, ["T"])
    removed_before = state.removed.copy()
    # Act: the Farm builds on the last grass hex before the mandatory action
    act(state, tile_action("farm"), (1, 2))
    # Assert: the mandatory action starts on the replacement card (§5 "at the start")
    assert state.played == T
    assert state.removed[G] == removed_before[G] + 1
    assert legal_hexes(state) and all(state.terrain[h] == T for h in legal_hexes(state))


def test_s05_D6_exception_only_for_the_mandatory_action():
    # Arrange: mandatory action done; Oracle tile; exactly one empty grass hex left
    state = blank_game(
        terrain_rows="""
        T T T T
         T L G T
        T T T T
        """,
        locations={(1, 1): "oracle"},
        played="G",
    )
    place(state, 0, (0, 1))
    give_tile(state, 0, (1, 1))
    state.set("mandatory_done", 1)
    state.set("mandatory_left", 0)
    set_hand(state, 1, "T")
    stack_deck(state, ["T"])
    removed_before = state.removed.copy()
    # Act: Oracle builds on the last grass hex, after the mandatory action
    act(state, tile_action("oracle"), (1, 2))
    # Assert: no card was replaced; the turn ended and grass was discarded normally
    assert state.removed[G] == removed_before[G]
    assert state.cur == 1
    assert state.hand[0] == T


def test_s05_fewer_settlements_in_supply_D11():
    # Arrange: player 0 has 2 settlements left
    state = blank_game(terrain_rows=FIELD, played="G")
    set_supply(state, 0, 2)
    # Act
    act(state, (0, 3), (0, 4))
    # Assert: the mandatory action ended after 2, the end is triggered, the turn passed on
    assert state.supply[0] == 0
    assert state.end_triggered == 1
    assert state.cur == 1


def test_s04_deck_reshuffles_discard_when_empty():
    # Arrange: the draw pile is empty, everything else is in the discard pile
    state = blank_game(terrain_rows=FIELD, played="G")
    set_hand(state, 1, "C")  # player 1's card has hexes: no §5 exception draw at their reveal
    for card in state.deck[: state.deck_size]:
        state.discard[card] += 1
    state.deck[:] = -1
    state.set("deck_size", 0)
    cards_in_discard = int(state.discard.sum())
    # Act: finish the turn, which discards grass and then draws
    act(state, (0, 3), (0, 4), (0, 5))
    # Assert: the discard (with the played grass) became the deck, one card was drawn
    assert state.discard.sum() == 0
    assert state.deck_size == cards_in_discard  # (discard + played grass) - 1 drawn
    assert state.hand[0] != -1
    counts = np.bincount(state.deck[: state.deck_size], minlength=5)
    counts[state.hand[0]] += 1
    assert counts[G] >= 1 and counts.sum() == cards_in_discard + 1


def test_s05_next_player_reveals_and_builds_on_their_own_card():
    # Arrange: player 1 holds canyon
    state = blank_game(terrain_rows=FIELD, played="G")
    set_hand(state, 1, "C")
    # Act
    finish_turn(state)
    # Assert: player 1 now builds on canyon, anywhere (no settlements yet)
    assert state.cur == 1 and state.played == code("C")
    assert legal_hexes(state) == {h for h in range(400) if state.terrain[h] == C}


# Canyon (1,2) is the last empty canyon hex; player 0 stands on canyon (2,2), next to an Oracle
# location (1,1) and a Paddock location (3,1); (0,5) is the only forest.
DEAD_CARD_FIELD = """
G G G G G T
 G L C G G G
G G C G G G
 G L G G G G
"""


def dead_canyon_game():
    state = blank_game(
        terrain_rows=DEAD_CARD_FIELD,
        fill="G",
        locations={(1, 1): "oracle", (3, 1): "paddock"},
        played="C",
    )
    place(state, 0, (2, 2))
    give_tile(state, 0, (1, 1))
    give_tile(state, 0, (3, 1))
    stack_deck(state, ["T"])
    act(state, tile_action("oracle"), (1, 2))  # the last empty canyon, before the mandatory
    return state


def test_s05_exception_waits_for_the_start_of_the_mandatory_action():
    # Arrange: the Oracle filled the last canyon hex; the card is not replaced yet
    state = dead_canyon_game()
    removed = state.removed.copy()
    assert state.played == C and state.phase == PHASE_MAIN
    assert legal_hexes(state) == set() and legal_tiles(state) == {"paddock"}
    assert state.mask[END_TURN]  # here: start the mandatory action on a replacement card
    # Act: the Paddock frees a canyon hex first
    act(state, tile_action("paddock"), (2, 2), (2, 4))
    # Assert: the canyon card stands and the mandatory action builds on canyon
    assert state.played == C and (state.removed == removed).all()
    assert legal_hexes(state) == cells((2, 2))


def test_s05_starting_the_mandatory_action_with_a_dead_card_replaces_it():
    state = dead_canyon_game()
    removed = state.removed.copy()
    act(state, END_TURN)  # start the mandatory action: the dead canyon card is replaced
    assert state.played == T and state.removed[C] == removed[C] + 1
    assert state.cur == 0 and state.phase == PHASE_MAIN and not state.mandatory_done
    assert legal_hexes(state) == cells((0, 5))  # the mandatory action goes on forest
