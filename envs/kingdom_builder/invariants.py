"""State invariants that must hold after every decision; checked by the random-game tests
(tests/conformance) through the registry. Each assertion message names the broken rule."""

from __future__ import annotations

import numpy as np

from eurogym.envs.kingdom_builder.state import EMPTY, PHASE_GAME_OVER, State
from eurogym.envs.kingdom_builder.tables import (
    BUILDABLE_MAX,
    DECK_SIZE,
    NEIGHBOURS,
    NUM_TILE_TYPES,
    SETTLEMENTS_PER_PLAYER,
    WATER,
)


def check_invariants(state: State) -> None:
    """Raise AssertionError if any conservation or consistency rule is broken."""
    n = state.num_players
    owner = state.owner
    assert owner.min() >= EMPTY and owner.max() < n, "owners are seats or empty"
    occupied = owner != EMPTY
    standable = (state.terrain <= BUILDABLE_MAX) | (state.terrain == WATER)
    assert standable[occupied].all(), "settlements only on buildable terrain or water (Harbor)"
    supply = state.supply[:n]
    assert (supply >= 0).all(), "supply never negative"
    on_board = np.bincount(owner[occupied], minlength=n)
    assert (supply + on_board == SETTLEMENTS_PER_PLAYER).all(), (
        "40 settlements per player conserved"
    )
    _check_tiles(state)
    hands = int((state.hand[:n] != EMPTY).sum()) + int(state.played != EMPTY)
    cards = state.deck_size + int(state.discard.sum()) + int(state.removed.sum()) + hands
    assert cards == DECK_SIZE, f"25 terrain cards conserved (found {cards})"
    assert (state.discard >= 0).all() and (state.removed >= 0).all(), "card counts never negative"
    if state.phase != PHASE_GAME_OVER:
        assert state.mask.any(), "the player to act always has a legal action"
    else:
        assert not state.mask.any(), "no legal action once the game is over"


def _check_tiles(state: State) -> None:
    """Tile conservation and holding rules, vectorised over slots and players."""
    n = state.num_players
    used_slots = state.slot_hex != EMPTY
    hexes = state.slot_hex[used_slots]
    taken = state.ever_taken[:n, used_slots]
    holding = state.holding[:n, used_slots].astype(bool)
    tiles_left = state.tiles_left[used_slots]
    assert (tiles_left >= 0).all() and (tiles_left + taken.sum(axis=0) == 2).all(), (
        "2 tiles per location hex"
    )
    assert (taken[holding] == 1).all(), "a held tile was taken from its hex"
    neighbours = NEIGHBOURS[hexes]  # [slots, 6]
    owners = np.where(neighbours >= 0, state.owner[neighbours], EMPTY)
    adjacent = (owners[None, :, :] == np.arange(n)[:, None, None]).any(axis=2)  # [players, slots]
    assert not (holding & ~adjacent).any(), "tiles held only while adjacent (§7.3)"
    types = np.eye(NUM_TILE_TYPES, dtype=np.int64)[state.slot_type[used_slots]]  # [slots, types]
    held = holding.astype(np.int64) @ types
    new, used = state.tile_new[:n], state.tile_used[:n]
    assert (new >= 0).all() and (used >= 0).all() and (held - new - used >= 0).all(), (
        "tile copies never negative"
    )
