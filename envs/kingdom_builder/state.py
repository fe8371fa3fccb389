"""Kingdom Builder state: one flat int64 buffer (see envs.core.flatstate) with these fields.

Hexes are `row * 20 + col` on the assembled board (§2). "Slots" index the location hexes of
this game (4 to 8 of them, in board order); tile *types* index TILE_NAMES.
Scalars are read as `state.cur`; kernels use the offsets exported below (`CUR`, `OWNER`, ...).
Every field declares inclusive bounds derived from the component tables: a loaded state must
lie inside them (envs.core.flatstate); invariants.check_state checks how fields fit together.

Two layouts: `State` (LAYOUT) is the base game, unchanged so its games and JSON stay bit for
bit; `BigBoxState` (X_LAYOUT) is every game with expansions or a board file: the same base
fields at the same offsets (so every base kernel reads it unchanged), with wider bounds, then
the expansion fields. Kernels tell them apart by the buffer length (nomads.is_big).
"""

from __future__ import annotations

from eurogym.envs.core.flatstate import FlatState, Layout
from eurogym.envs.core.rng import RNG_WORDS
from eurogym.envs.kingdom_builder.actions import NUM_ACTIONS, X_NUM_ACTIONS
from eurogym.envs.kingdom_builder.config import PLAYER_COUNTS
from eurogym.envs.kingdom_builder.tables import (
    BASE_SECTION_TERRAIN,
    CARDS_PER_GAME,
    DECK_COUNTS,
    DECK_SIZE,
    DUAL_DECK_SIZE,
    EXPANSIONS,
    ISLAND_HEXES,
    ISLAND_ROWS,
    ISLAND_SIDES,
    LOCATION,
    MAX_LOCATION_HEXES,
    NOMAD_KINDS,
    NUM_ALL_CARDS,
    NUM_ALL_SECTIONS,
    NUM_ALL_TILE_TYPES,
    NUM_CARD_KINDS,
    NUM_CARD_TERRAINS,
    NUM_CARDS,
    NUM_HEXES,
    NUM_SECTIONS,
    NUM_TILE_TYPES,
    ROWS,
    SECTION_TERRAIN,
    SECTIONS_PER_GAME,
    SETTLEMENTS_PER_PLAYER,
    STONE_WALLS,
    TASK_NAMES,
    TILE_NAMES,
    TILES_PER_HEX,
    X_HEXES,
)
from eurogym.envs.kingdom_builder.tables import CARDS as CARDS_DATA

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
# Expansion phases (BigBoxState only).
PHASE_SWORD = 5  # Sword (§11.1): choose the settlement of seat `sword_next` to remove
PHASE_STEP = 6  # Resettlement (§11.1): the next single step of the selected settlement
PHASE_CHOOSE_CARD = 7  # Crossroads tile (§12.3): choose which held card is the played card
PHASE_CHOOSE_DUAL = 8  # Marshlands (§13.1): play the revealed dual card as swamp or other
PHASE_CANOE = 9  # Marshlands Canoe (§13.3): `cur` is a canoe holder reacting on another's turn
PHASE_SILO = 10  # Harvest silos (§14.2): after the last turn, `cur` resolves its silos
PHASE_FARM = 11  # Harvest farm action (§14.1): choose the farmland hex
PHASE_BAZAAR = 12  # Harvest Bazaar (§14.3): choose the tile whose action to repeat
X_PHASE_NAMES = (
    *PHASE_NAMES,
    "sword",
    "step",
    "choose_card",
    "choose_dual",
    "canoe",
    "silo",
    "farm",
    "bazaar",
)

WALL = MAX_PLAYERS  # `owner` of a hex holding a stone wall (§11.2 Quarry; BigBoxState only)
MAX_NOMAD_SPACES = 6  # §3.2: the Quarry has 3, the other Nomads sections 1 each
NUM_NOMAD_KINDS = len(NOMAD_KINDS)
NUM_X_TILE_TYPES = NUM_ALL_TILE_TYPES - NUM_TILE_TYPES  # location tile types beyond the base 8
NUM_EXPANSIONS = len(EXPANSIONS)
MAX_BONUS_GOLD = 10_000  # in-game gold (Treasure, Families, Shepherds, Ambassadors): a bound
RESETTLEMENT_STEPS = 4  # §11.1
DONATION_BUILDS = 3  # §11.1
QUARRY_WALLS = 2  # §11.2
MAX_CAPITALS = 2  # §15.1: one per Oracle / Harbor section
CAVE_MOVING, CAVE_USED = 1, 2  # cave_move values (§15.2: once per turn)
# Crossroads pieces (§12.1) on a hex whose `owner` is their seat; 0 is a plain settlement.
# They count as the owner's settlements everywhere (D17), so `owner` alone serves scoring,
# adjacency and tile keeping; `piece` tells what settlement-move actions may not pick up.
PIECE_SETTLEMENT, PIECE_CITY_HALL, PIECE_WAGON, PIECE_SHIP, PIECE_WARRIOR = range(5)
# Harvest's shared scout pieces (§14.3 Scout Cabin): the acting seat's for the rest of its turn.
PIECE_SCOUT = 5
PIECE_NAMES = ("settlement", "city hall", "wagon", "ship", "warrior", "scout")
WARRIORS = 2  # per player (§1.3)
MAX_EXTRA_CARDS = 2  # Crossroads tile: 1 extra card per tile held (D27), capped here
NUM_TASKS = len(TASK_NAMES)
SWAMP_SETTLEMENTS = 2  # §13.1: a dual card played as swamp builds 2
# Settlements parked on temple tiles in one turn (§13.3): one per Temple copy, and one more by
# a Bazaar repeat of the Temple action (§14.3, D42; the one Bazaar hex gives one copy).
MAX_PARKED = MAX_TILE_COPIES + 1
MAX_MANDATORY = MANDATORY_SETTLEMENTS + MAX_PARKED  # §13.5: + settlements on temple tiles
SILO_SETTLEMENTS = 3  # §14.2: a silo builds or moves up to 3
SCOUT_PIECES = CARDS_DATA["pieces"]["scout_pieces"]["count"]  # §14.3: 2, shared
SILO_BUILDS, SILO_MOVES = 0, 1  # silo_mode values
# §14.3 Cathedral: the bank of village tokens, 8 "1" and 2 "5"; a "5" is change for five "1"
# (D44), so the engine keeps values: the bank and each seat hold a total worth.
TOKEN_BANK = (
    CARDS_DATA["pieces"]["cathedral_village_tokens"]["value_1"]
    + 5 * CARDS_DATA["pieces"]["cathedral_village_tokens"]["value_5"]
)

_BASE_FIELDS = [
    # board, fixed at setup
    ("terrain", (NUM_HEXES,), (0, int(BASE_SECTION_TERRAIN.max()))),
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
LAYOUT = Layout(_BASE_FIELDS)

# The Big Box state: the base fields at the same offsets (so every base kernel runs on it
# unchanged, and the base game's JSON stays bit for bit), wider bounds where expansions add
# sections, tiles, cards, walls and phases, then the expansion fields appended.
_WIDER = {
    "terrain": (0, int(SECTION_TERRAIN.max())),
    "slot_type": (EMPTY, NUM_ALL_TILE_TYPES - 1),
    "sections": (0, NUM_ALL_SECTIONS - 1),
    "cards": (0, NUM_ALL_CARDS - 1),
    "owner": (EMPTY, WALL),
    "phase": (0, len(X_PHASE_NAMES) - 1),
    # Marshlands (§13.1): dual cards are card values NUM_CARD_TERRAINS.. (tables.DUAL_CARDS),
    # the deck holds them too (its positions past the base 25 are `xdeck`), and temple
    # settlements lengthen the mandatory action (§13.5)
    "hand": (EMPTY, NUM_CARD_KINDS - 1),
    "deck": (EMPTY, NUM_CARD_KINDS - 1),
    "deck_size": (0, DECK_SIZE + DUAL_DECK_SIZE),
    "played": (EMPTY, NUM_CARD_KINDS - 1),
    "mandatory_left": (0, MAX_MANDATORY),
    # the Island (§15.3): its hexes are numbered after the main board's (tables.X_HEXES),
    # its two tile types after the location tiles (ISLAND_TILE0)
    "selected": (EMPTY, X_HEXES - 1),
    "active_tile": (EMPTY, NUM_ALL_TILE_TYPES + len(ISLAND_SIDES) - 1),
}
X_LAYOUT = Layout(
    [(name, shape, _WIDER.get(name, bounds)) for name, shape, bounds in _BASE_FIELDS]
    + [
        ("expansions", (NUM_EXPANSIONS,), (0, 1)),  # EXPANSIONS order, 1 = in play
        ("custom_board", (), (0, 1)),  # 1: maps from board_file (not re-dealt by checks)
        ("bonus_gold", (MAX_PLAYERS,), (0, MAX_BONUS_GOLD)),  # gold scored during play
        # location tile types beyond the base 8, per player, as tile_new / tile_used
        ("xtile_new", (MAX_PLAYERS, NUM_X_TILE_TYPES), (0, MAX_TILE_COPIES)),
        ("xtile_used", (MAX_PLAYERS, NUM_X_TILE_TYPES), (0, MAX_TILE_COPIES)),
        # Nomads (§11): spaces in board order, the tile kind still on each, tiles held
        ("nomad_hex", (MAX_NOMAD_SPACES,), (EMPTY, NUM_HEXES - 1)),
        ("nomad_tile", (MAX_NOMAD_SPACES,), (EMPTY, NUM_NOMAD_KINDS - 1)),
        ("nomad_new", (MAX_PLAYERS, NUM_NOMAD_KINDS), (0, MAX_NOMAD_SPACES)),  # taken this turn
        ("nomad_ready", (MAX_PLAYERS, NUM_NOMAD_KINDS), (0, MAX_NOMAD_SPACES)),  # usable now
        ("walls_left", (), (0, STONE_WALLS)),
        ("active_nomad", (), (EMPTY, NUM_NOMAD_KINDS - 1)),  # nomad tile in use, or EMPTY
        ("outpost_armed", (), (0, 1)),  # Outpost: the next build ignores adjacency
        ("action_left", (), (0, RESETTLEMENT_STEPS)),  # donation builds / resettlement steps
        ("action_done", (), (0, RESETTLEMENT_STEPS)),  # walls placed / steps of this settlement
        ("sword_next", (), (EMPTY, MAX_PLAYERS - 1)),  # Sword: the seat losing a settlement
        ("mandatory_hexes", (MANDATORY_SETTLEMENTS,), (EMPTY, X_HEXES - 1)),  # Families
        # Queenies (§15): capitals on castles, caves on mountains, the cave move's progress
        ("capital_hex", (MAX_CAPITALS,), (EMPTY, NUM_HEXES - 1)),
        ("cave_hex", (SECTIONS_PER_GAME,), (EMPTY, NUM_HEXES - 1)),
        ("cave_move", (), (0, CAVE_USED)),  # 0 not used this turn, 1 in progress, 2 used
        # rule flags of the §16 decisions D21 and D24 (config options)
        ("in_game_cards_count_moves", (), (0, 1)),
        ("sword_includes_self", (), (0, 1)),
        # Crossroads (§12): the piece on each occupied hex (PIECE_*), whether each seat has
        # placed its city hall, the task cards dealt (one per Crossroads section), the extra
        # cards a Crossroads tile draws (hidden like `hand`), and the card a Fort drew
        ("piece", (NUM_HEXES,), (0, PIECE_SCOUT)),
        ("city_hall_built", (MAX_PLAYERS,), (0, 1)),
        ("tasks", (SECTIONS_PER_GAME,), (EMPTY, NUM_TASKS - 1)),
        ("xhand", (MAX_PLAYERS, MAX_EXTRA_CARDS), (EMPTY, NUM_CARD_KINDS - 1)),
        ("fort_card", (), (EMPTY, NUM_CARD_KINDS - 1)),
        ("monastery_if_possible", (), (0, 1)),  # D29 flag: Monastery adjacency if possible
        # Marshlands (§13): deck positions past the base 25 (hidden like `deck`), the dual
        # cards in the discard pile and out of the game, how the played dual card is played
        # (EMPTY: not chosen / not dual, 0 its other terrain, 1 swamp), the mandatory count of
        # the turn, settlements parked on temple tiles, the tile in use runs its bonus, the
        # bonuses used this turn (canoe, refuge), and the Canoe reaction: the interrupted
        # seat, its phase, and the canoe uses each seat has left for this trigger
        ("xdeck", (DUAL_DECK_SIZE,), (EMPTY, NUM_CARD_KINDS - 1)),
        ("xdiscard", (DUAL_DECK_SIZE,), (0, 1)),
        ("xremoved", (DUAL_DECK_SIZE,), (0, 1)),
        ("dual_swamp", (), (EMPTY, 1)),
        ("mandatory_total", (), (0, MAX_MANDATORY)),
        ("parked", (MAX_PLAYERS,), (0, MAX_PARKED)),
        ("bonus_active", (), (0, 1)),
        ("bonus_used", (2,), (0, 1)),
        ("canoe_from", (), (EMPTY, MAX_PLAYERS - 1)),
        ("canoe_phase", (), (EMPTY, PHASE_CANOE - 1)),
        ("canoe_left", (MAX_PLAYERS,), (0, MAX_TILE_COPIES)),
        # the terrain the stand-in Scouts card removed at set-up (§13.4), or EMPTY
        ("scouts_terrain", (), (EMPTY, NUM_CARD_TERRAINS - 1)),
        # Harvest (§14): the farm action used this turn; the silo hexes in board order; in
        # the silo phase the silos `cur` still resolves, the one it is resolving, build or
        # move (SILO_BUILDS / SILO_MOVES, EMPTY before the choice) and settlements left; the
        # village tokens' worth per seat and in the bank (Cathedral); Rovers' sections built
        # in this turn; and the seat that marked each row for Mayors: the 20 board rows, then
        # the Island's rows (ROWS + island row, §2.2, §15.3; EMPTY without the Island)
        ("farm_used", (), (0, 1)),
        ("silo_hex", (SECTIONS_PER_GAME,), (EMPTY, NUM_HEXES - 1)),
        ("silo_due", (SECTIONS_PER_GAME,), (0, 1)),
        ("silo_active", (), (EMPTY, SECTIONS_PER_GAME - 1)),
        ("silo_mode", (), (EMPTY, SILO_MOVES)),
        ("silo_left", (), (0, SILO_SETTLEMENTS)),
        ("tokens", (MAX_PLAYERS,), (0, TOKEN_BANK)),
        ("token_bank", (), (0, TOKEN_BANK)),
        ("rover_marks", (SECTIONS_PER_GAME,), (0, 1)),
        ("mayor_row", (ROWS + ISLAND_ROWS,), (EMPTY, MAX_PLAYERS - 1)),
        ("bazaar_active", (), (0, 1)),  # the tile in use repeats an action for the Bazaar
        # rule flags of the §16 decisions D37 and D40 (config options)
        ("mayors_contiguous", (), (0, 1)),
        ("rovers_counts_moves", (), (0, 1)),
        # rule flags of the §16 decisions D24 (each Sword victim picks its own settlement;
        # `cur` is then the victim in the sword phase) and D51 (Resettlement judges every
        # single step as a move) (config options)
        ("sword_victim_chooses", (), (0, 1)),
        ("resettlement_tiles_per_step", (), (0, 1)),
        # the Island (§15.3): the side in play (ISLAND_SIDES index; EMPTY: no Island), its
        # terrain and owners (island hex i = row * 10 + col; WALL: a stone wall), its
        # location hex, the tiles left there, and per seat whether it ever took one (D7),
        # holds it, took it this turn and used it this turn (one location hex: at most one
        # copy); the kind of piece on each island hex (`island_piece`, after them)
        ("island_side", (), (EMPTY, len(ISLAND_SIDES) - 1)),
        ("island_terrain", (ISLAND_HEXES,), (0, int(SECTION_TERRAIN.max()))),
        ("island_owner", (ISLAND_HEXES,), (EMPTY, WALL)),
        ("island_location", (), (EMPTY, ISLAND_HEXES - 1)),
        ("island_tiles_left", (), (0, MAX_TILES_PER_HEX)),
        ("island_taken", (MAX_PLAYERS,), (0, 1)),
        ("island_holding", (MAX_PLAYERS,), (0, 1)),
        ("island_new", (MAX_PLAYERS,), (0, 1)),
        ("island_used", (MAX_PLAYERS,), (0, 1)),
        # the piece on each island hex as `piece` on the board (PIECE_*): a city hall or a
        # scout may stand there next to the player's island settlements (§12.3, §14.3)
        ("island_piece", (ISLAND_HEXES,), (0, PIECE_SCOUT)),
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
BASE_SIZE = LAYOUT.size  # a buffer longer than this is a BigBoxState (kernels test it)


def _xoffset(name: str) -> int:
    return X_LAYOUT.offset(name)


EXPANSION_FLAGS, CUSTOM_BOARD, BONUS_GOLD = map(
    _xoffset, ("expansions", "custom_board", "bonus_gold")
)
XTILE_NEW, XTILE_USED, NOMAD_HEX, NOMAD_TILE = map(
    _xoffset, ("xtile_new", "xtile_used", "nomad_hex", "nomad_tile")
)
NOMAD_NEW, NOMAD_READY, WALLS_LEFT, ACTIVE_NOMAD = map(
    _xoffset, ("nomad_new", "nomad_ready", "walls_left", "active_nomad")
)
OUTPOST_ARMED, ACTION_LEFT, ACTION_DONE, SWORD_NEXT = map(
    _xoffset, ("outpost_armed", "action_left", "action_done", "sword_next")
)
MANDATORY_HEXES = _xoffset("mandatory_hexes")
CAPITAL_HEX, CAVE_HEX, CAVE_MOVE_AT = map(_xoffset, ("capital_hex", "cave_hex", "cave_move"))
COUNT_MOVES, SWORD_SELF = map(_xoffset, ("in_game_cards_count_moves", "sword_includes_self"))
PIECE, CITY_HALL_BUILT, TASKS, XHAND, FORT_CARD, MONASTERY_LOOSE = map(
    _xoffset,
    ("piece", "city_hall_built", "tasks", "xhand", "fort_card", "monastery_if_possible"),
)
XDECK, XDISCARD, XREMOVED, DUAL_SWAMP = map(
    _xoffset, ("xdeck", "xdiscard", "xremoved", "dual_swamp")
)
MANDATORY_TOTAL, PARKED, BONUS_ACTIVE, BONUS_USED = map(
    _xoffset, ("mandatory_total", "parked", "bonus_active", "bonus_used")
)
CANOE_FROM, CANOE_PHASE, CANOE_LEFT = map(_xoffset, ("canoe_from", "canoe_phase", "canoe_left"))
SCOUTS_TERRAIN = _xoffset("scouts_terrain")
FARM_USED, SILO_HEX, SILO_DUE, SILO_ACTIVE, SILO_MODE, SILO_LEFT = map(
    _xoffset, ("farm_used", "silo_hex", "silo_due", "silo_active", "silo_mode", "silo_left")
)
TOKENS, TOKEN_BANK_AT, ROVER_MARKS, MAYOR_ROW, BAZAAR_ACTIVE = map(
    _xoffset, ("tokens", "token_bank", "rover_marks", "mayor_row", "bazaar_active")
)
MAYORS_CONTIGUOUS, ROVERS_MOVES = map(_xoffset, ("mayors_contiguous", "rovers_counts_moves"))
SWORD_VICTIM, STEP_TILES = map(_xoffset, ("sword_victim_chooses", "resettlement_tiles_per_step"))
ISLAND_SIDE, ISLAND_TERRAIN_AT, ISLAND_OWNER, ISLAND_LOCATION_AT = map(
    _xoffset, ("island_side", "island_terrain", "island_owner", "island_location")
)
ISLAND_TILES_LEFT, ISLAND_TAKEN, ISLAND_HOLDING, ISLAND_NEW, ISLAND_USED = map(
    _xoffset,
    ("island_tiles_left", "island_taken", "island_holding", "island_new", "island_used"),
)
ISLAND_PIECE = _xoffset("island_piece")
ISLAND_TILE0 = NUM_ALL_TILE_TYPES  # `active_tile` of the Island's tiles: + ISLAND_SIDES index


class State(FlatState):
    """One Kingdom Builder game. `copy()`, `to_json()`, `State.from_json()` come from LAYOUT."""

    __slots__ = ()
    LAYOUT = LAYOUT
    GAME = "kingdom_builder_v0"
    NUM_ACTIONS = NUM_ACTIONS


class BigBoxState(State):
    """A game with expansions or a board file: the base fields at the base offsets, then the
    expansion fields (X_LAYOUT). Same JSON game id; the field set tells the two apart."""

    __slots__ = ()
    LAYOUT = X_LAYOUT
    NUM_ACTIONS = X_NUM_ACTIONS
