"""Kingdom Builder state: one flat int64 buffer (see envs.core.flatstate) with these fields.

Hexes are `row * 20 + col` on the assembled board (§2). "Slots" index the location hexes of
this game (4 to 8 of them, in board order); tile *types* index TILE_NAMES.
Scalars are read as `state.cur`; kernels use the offsets exported below (`CUR`, `OWNER`, ...).
Every field declares inclusive bounds derived from the component tables: a loaded state must
lie inside them (envs.core.flatstate); invariants.check_state checks how fields fit together.
"""

from __future__ import annotations

from eurogym.envs.core.flatstate import FlatState, Layout
from eurogym.envs.core.rng import RNG_WORDS
from eurogym.envs.kingdom_builder.actions import NUM_ACTIONS
from eurogym.envs.kingdom_builder.config import PLAYER_COUNTS
from eurogym.envs.kingdom_builder.tables import (
    CARDS_PER_GAME,
    DECK_COUNTS,
    DECK_SIZE,
    LOCATION,
    MAX_LOCATION_HEXES,
    NUM_CARD_TERRAINS,
    NUM_CARDS,
    NUM_HEXES,
    NUM_SECTIONS,
    NUM_TILE_TYPES,
    SECTION_TERRAIN,
    SECTIONS_PER_GAME,
    SETTLEMENTS_PER_PLAYER,
    TILE_NAMES,
    TILES_PER_HEX,
)

MAX_PLAYERS = 5
EMPTY = -1  # owner of an empty hex; also "none" for cards, tiles, slots and selections
MANDATORY_SETTLEMENTS = 3  # §5
# Copies of one tile type a player can hold: one per location hex of its section (D7).
MAX_TILE_COPIES = int((SECTION_TERRAIN == LOCATION).sum(axis=(1, 2)).max())
MAX_TILES_PER_HEX = max(TILES_PER_HEX[name] for name in TILE_NAMES)
# Upper bound on the turn counter. A turn either places a settlement from supply, or is one of
# at most MAX_PLAYERS turns after another without a card to play (each such turn removes the
# player's unusable card; all 25 removed would need every card terrain full, more hexes than
# all settlements cover) or after the end is triggered (the round ends).
MAX_TURNS = (MAX_PLAYERS * SETTLEMENTS_PER_PLAYER + 2) * (MAX_PLAYERS + 1)

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
        ("terrain", (NUM_HEXES,), (0, int(SECTION_TERRAIN.max()))),
        # location slot of a location hex, else EMPTY
        ("slot_of_hex", (NUM_HEXES,), (EMPTY, MAX_LOCATION_HEXES - 1)),
        ("slot_hex", (MAX_LOCATION_HEXES,), (EMPTY, NUM_HEXES - 1)),  # hex of each slot, or EMPTY
        ("slot_type", (MAX_LOCATION_HEXES,), (EMPTY, NUM_TILE_TYPES - 1)),  # tile type per slot
        ("sections", (SECTIONS_PER_GAME,), (0, NUM_SECTIONS - 1)),
        ("rotations", (SECTIONS_PER_GAME,), (0, 180)),  # degrees: 0 or 180
        ("cards", (CARDS_PER_GAME,), (0, NUM_CARDS - 1)),
        ("num_players", (), (min(PLAYER_COUNTS), max(PLAYER_COUNTS))),
        ("start_player", (), (0, MAX_PLAYERS - 1)),
        ("lords_zero_can_be_second", (), (0, 1)),
        # pieces and tiles
        ("owner", (NUM_HEXES,), (EMPTY, MAX_PLAYERS - 1)),
        ("tiles_left", (MAX_LOCATION_HEXES,), (0, MAX_TILES_PER_HEX)),
        # D7: never take twice from a hex
        ("ever_taken", (MAX_PLAYERS, MAX_LOCATION_HEXES), (0, 1)),
        ("holding", (MAX_PLAYERS, MAX_LOCATION_HEXES), (0, 1)),
        # copies taken this turn (§7.1)
        ("tile_new", (MAX_PLAYERS, NUM_TILE_TYPES), (0, MAX_TILE_COPIES)),
        ("tile_used", (MAX_PLAYERS, NUM_TILE_TYPES), (0, MAX_TILE_COPIES)),  # used this turn
        ("supply", (MAX_PLAYERS,), (0, SETTLEMENTS_PER_PLAYER)),
        # terrain cards: hand is hidden from other players, deck order from everyone
        ("hand", (MAX_PLAYERS,), (EMPTY, NUM_CARD_TERRAINS - 1)),
        # draw pile; the top card is deck[deck_size - 1]
        ("deck", (DECK_SIZE,), (EMPTY, NUM_CARD_TERRAINS - 1)),
        ("deck_size", (), (0, DECK_SIZE)),
        # discard pile, counts per terrain
        ("discard", (NUM_CARD_TERRAINS,), (0, max(DECK_COUNTS))),
        # removed by the no-legal-hex exception (§5)
        ("removed", (NUM_CARD_TERRAINS,), (0, max(DECK_COUNTS))),
        # turn
        ("cur", (), (0, MAX_PLAYERS - 1)),
        ("phase", (), (0, len(PHASE_NAMES) - 1)),
        ("played", (), (EMPTY, NUM_CARD_TERRAINS - 1)),  # the played terrain card, or EMPTY
        ("mandatory_left", (), (0, MANDATORY_SETTLEMENTS)),
        ("mandatory_done", (), (0, 1)),
        ("active_tile", (), (EMPTY, NUM_TILE_TYPES - 1)),  # tile type in use, or EMPTY
        ("selected", (), (EMPTY, NUM_HEXES - 1)),  # hex of the settlement being moved, or EMPTY
        ("end_triggered", (), (0, 1)),  # §9: permanent once a supply empties
        ("turn", (), (1, MAX_TURNS)),
        ("rng", (RNG_WORDS,), (0, 2**32 - 1)),
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
