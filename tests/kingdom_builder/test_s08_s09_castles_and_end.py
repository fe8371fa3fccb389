"""§8 castles and §9 end of game: the trigger by an empty supply, finishing the round, the
game-over state and the final score (cards + castles)."""

import numpy as np
import pytest

from eurogym.envs.core.errors import IllegalActionError
from eurogym.envs.kingdom_builder import reference, rules
from eurogym.envs.kingdom_builder.actions import END_TURN
from eurogym.envs.kingdom_builder.state import PHASE_GAME_OVER
from tests.kingdom_builder.helpers import (
    act,
    blank_game,
    can_end_turn,
    finish_turn,
    give_tile,
    legal_tiles,
    place,
    set_hand,
    set_supply,
    tile_action,
)

# Castles (2,2) and (2,4); (2,3) touches both.
#   row 1:  G G G G G G
#   row 2: G G K G K G
#   row 3:  G G G G G G
CASTLE_FIELD = """
G G G G G G
 G G G G G G
G G K G K G
 G G G G G G
"""


def test_s08_castle_3_gold_once():
    # Arrange: player 0 has two settlements on castle (2,2); player 1 one between both
    # castles; player 2 none next to a castle
    state = blank_game(3, terrain_rows=CASTLE_FIELD)
    place(state, 0, (1, 2), (2, 1))
    place(state, 1, (2, 3))
    place(state, 2, (0, 0))
    # Act
    castles = rules.score_table(state)[:, 3]
    # Assert: 3 per castle touched, however many settlements touch it
    assert castles.tolist() == [3, 6, 0]
    assert [reference.score_castles(state, p) for p in range(3)] == [3, 6, 0]


def test_s08_castles_give_no_tiles():
    # Arrange
    state = blank_game(terrain_rows=CASTLE_FIELD, played="G")
    # Act: build next to a castle
    act(state, (1, 2))
    # Assert
    assert state.holding[0].sum() == 0 and state.tile_new[0].sum() == 0


def test_s09_end_triggered_by_last_settlement_round_finishes():
    # Arrange: 3 players, start player 0; player 1 has 3 settlements left
    state = blank_game(3, terrain_rows=CASTLE_FIELD, played="G")
    set_supply(state, 1, 3)
    for p in (1, 2):
        set_hand(state, p, "G")
    finish_turn(state)  # player 0
    # Act: player 1 builds its last 3 settlements
    assert state.cur == 1
    finish_turn(state)
    # Assert: the end is triggered but the round goes on: player 2 still plays
    assert state.end_triggered == 1
    assert state.supply[1] == 0
    assert state.cur == 2 and not rules.is_over(state)
    supply_2 = state.supply[2]
    finish_turn(state)
    # ...and then the game is over, before player 0 gets another turn
    assert rules.is_over(state) and state.phase == PHASE_GAME_OVER
    assert state.supply[2] == supply_2 - 3
    assert state.supply[0] == 37


def test_s09_last_seat_triggers_game_ends_after_its_turn():
    # Arrange: 2 players, start player 0; player 1 (last seat) will empty its supply
    state = blank_game(2, terrain_rows=CASTLE_FIELD, played="G")
    set_supply(state, 1, 3)
    set_hand(state, 1, "G")
    finish_turn(state)
    # Act
    finish_turn(state)
    # Assert
    assert rules.is_over(state)


def test_s09_round_order_follows_the_start_player():
    # Arrange: 3 players, start player 1 (order 1, 2, 0); the start player triggers
    state = blank_game(3, terrain_rows=CASTLE_FIELD, played="G", start_player=1)
    assert state.cur == 1
    set_supply(state, 1, 3)
    for p in (0, 2):
        set_hand(state, p, "G")
    # Act
    finish_turn(state)
    # Assert: players 2 and 0 still play, then the game ends
    assert state.end_triggered and state.cur == 2
    finish_turn(state)
    assert state.cur == 0 and not rules.is_over(state)
    finish_turn(state)
    assert rules.is_over(state)


def test_s09_triggering_player_finishes_own_turn():
    # Arrange: player 0 has 1 settlement left and a Paddock tile
    state = blank_game(
        terrain_rows="""
        L G G G G G
         G G G G G G
        """,
        locations={(0, 0): "paddock"},
        played="G",
    )
    place(state, 0, (0, 1))
    give_tile(state, 0, (0, 0))
    set_supply(state, 0, 1)
    # Act: the last settlement
    act(state, (0, 2))
    # Assert: still player 0's turn: the Paddock may still be used (D11, §9)
    assert state.end_triggered == 1
    assert state.cur == 0
    assert legal_tiles(state) == {"paddock"} and can_end_turn(state)
    act(state, tile_action("paddock"), (0, 2), (0, 4))
    assert state.owner[4] == 0


def test_s09_game_over_has_no_legal_action():
    # Arrange: a finished game
    state = blank_game(2, terrain_rows=CASTLE_FIELD, played="G")
    set_supply(state, 1, 3)
    set_hand(state, 1, "G")
    finish_turn(state)
    finish_turn(state)
    assert rules.is_over(state)
    # Act / Assert
    for player in (0, 1):
        assert not rules.legal_action_mask(state, player).any()
    with pytest.raises(IllegalActionError):
        rules.apply_action(state, END_TURN)


def test_s09_final_score_is_cards_plus_castles():
    # Arrange: cards Fishermen, Knights, Merchants; player 0 next to a castle and water
    state = blank_game(
        terrain_rows="""
        G G W G G G
         G G G G G G
        G G K G G G
        """,
        cards=("fishermen", "knights", "merchants"),
    )
    place(state, 0, (1, 2), (1, 3))  # (1,2) touches water (0,2) and the castle (2,2)
    # Act
    table = rules.score_table(state)
    total = rules.final_scores(state)
    # Assert: fishermen 1, knights 2*2, merchants 0 (one special), castle 3
    assert table[0].tolist() == [1, 4, 0, 3]
    assert total[0] == 8.0
    assert np.array_equal(total, table.sum(axis=1))
