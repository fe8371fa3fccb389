"""Kingdom Builder state: one flat int64 buffer (see envs.core.flatstate) with these fields.

Hexes are `row * 20 + col` on the assembled board (§2). "Slots" index the location hexes of
this game (4 to 8 of them, in board order); tile *types* index TILE_NAMES.
Scalars are read as `state.cur`; kernels use the offsets exported below (`CUR`, `OWNER`, ...).
"""

from __future__ import annotations

from eurogym.envs.core.flatstate import FlatState, Layout
from eurogym.envs.core.rng import RNG_WORDS
from eurogym.envs.kingdom_builder.actions import NUM_ACTIONS
from eurogym.envs.kingdom_builder.tables import (
    CARDS_PER_GAME,
    DECK_SIZE,
    MAX_LOCATION_HEXES,
    NUM_CARD_TERRAINS,
    NUM_HEXES,
    NUM_TILE_TYPES,
    SECTIONS_PER_GAME,
)

MAX_PLAYERS = 5
EMPTY = -1  # owner of an empty hex; also "none" for cards, tiles, slots and selections

# Phases (who acts is always `cur`; Kingdom Builder has no out-of-turn decisions in the base game).
PHASE_MAIN = 0  # use a tile, start the mandatory action (place), or end the turn
PHASE_MANDATORY = 1  # the mandatory action has started: only its placements (§4 step 3)
PHASE_TILE_TARGET = 2  # a tile is in use: choose the hex to build on or move to
PHASE_TILE_ORIGIN = 3  # a move tile is in use: choose which settlement moves
PHASE_GAME_OVER = 4
PHASE_NAMES = ("main", "mandatory", "tile_target", "tile_origin", "game_over")

LAYOUT = Layout(
    [
        # board, fixed at setup
        ("terrain", (NUM_HEXES,)),
        ("slot_of_hex", (NUM_HEXES,)),  # location slot of a location hex, else EMPTY
        ("slot_hex", (MAX_LOCATION_HEXES,)),  # hex of each slot, EMPTY if unused
        ("slot_type", (MAX_LOCATION_HEXES,)),  # tile type of each slot
        ("sections", (SECTIONS_PER_GAME,)),
        ("rotations", (SECTIONS_PER_GAME,)),
        ("cards", (CARDS_PER_GAME,)),
        ("num_players", ()),
        ("start_player", ()),
        ("lords_zero_can_be_second", ()),
        # pieces and tiles
        ("owner", (NUM_HEXES,)),
        ("tiles_left", (MAX_LOCATION_HEXES,)),
        ("ever_taken", (MAX_PLAYERS, MAX_LOCATION_HEXES)),  # D7: never take twice from a hex
        ("holding", (MAX_PLAYERS, MAX_LOCATION_HEXES)),
        ("tile_new", (MAX_PLAYERS, NUM_TILE_TYPES)),  # copies taken this turn (§7.1)
        ("tile_used", (MAX_PLAYERS, NUM_TILE_TYPES)),  # copies used this turn
        ("supply", (MAX_PLAYERS,)),
        # terrain cards: hand is hidden from other players, deck order from everyone
        ("hand", (MAX_PLAYERS,)),
        ("deck", (DECK_SIZE,)),  # draw pile; the top card is deck[deck_size - 1]
        ("deck_size", ()),
        ("discard", (NUM_CARD_TERRAINS,)),  # discard pile, counts per terrain
        ("removed", (NUM_CARD_TERRAINS,)),  # removed by the no-legal-hex exception (§5)
        # turn
        ("cur", ()),
        ("phase", ()),
        ("played", ()),  # the played terrain card this turn, EMPTY if none
        ("mandatory_left", ()),
        ("mandatory_done", ()),
        ("active_tile", ()),  # tile type in use, EMPTY if none
        ("selected", ()),  # hex of the settlement being moved, EMPTY if none
        ("end_triggered", ()),  # §9: permanent once a supply empties
        ("turn", ()),
        ("rng", (RNG_WORDS,)),
    ]
)


def _offset(name: str) -> int:
    return LAYOUT.offset(name)


TERRAIN, SLOT_OF_HEX, SLOT_HEX, SLOT_TYPE = map(
    _offset, ("terrain", "slot_of_hex", "slot_hex", "slot_type")
)
SECTIONS, ROTATIONS, CARDS = map(_offset, ("sections", "rotations", "cards"))
NUM_PLAYERS, START_PLAYER, LORDS_ZERO = map(
    _offset, ("num_players", "start_player", "lords_zero_can_be_second")
)
OWNER, TILES_LEFT, EVER_TAKEN, HOLDING = map(
    _offset, ("owner", "tiles_left", "ever_taken", "holding")
)
TILE_NEW, TILE_USED, SUPPLY, HAND = map(_offset, ("tile_new", "tile_used", "supply", "hand"))
DECK, DECK_SIZE_AT, DISCARD, REMOVED = map(_offset, ("deck", "deck_size", "discard", "removed"))
CUR, PHASE, PLAYED, MANDATORY_LEFT = map(_offset, ("cur", "phase", "played", "mandatory_left"))
MANDATORY_DONE, ACTIVE_TILE, SELECTED = map(_offset, ("mandatory_done", "active_tile", "selected"))
END_TRIGGERED, TURN, RNG = map(_offset, ("end_triggered", "turn", "rng"))


class State(FlatState):
    """One Kingdom Builder game. `copy()`, `to_json()`, `State.from_json()` come from LAYOUT."""

    __slots__ = ()
    LAYOUT = LAYOUT
    GAME = "kingdom_builder_v0"
    NUM_ACTIONS = NUM_ACTIONS
