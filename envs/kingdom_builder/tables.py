"""Read-only arrays built once from the shipped component data (data/boards.json, cards.json).

Index conventions used across the package:
* terrain codes: boards.json `suggested_int_codes` (G=0 C=1 D=2 F=3 T=4 S=5 A=6 W=7 M=8 K=9
  L=10 N=11 P=12 O=13); terrain cards 0..4 are the five classic terrains, same codes.
* base sections 0..7 in `SECTION_NAMES` order; section i carries location type i (§1.1).
* Kingdom Builder cards 0..9 in `CARD_NAMES` order.
* Expansions extend each list at its end (`ALL_SECTION_NAMES`, `ALL_TILE_NAMES`,
  `ALL_CARD_NAMES`), so a base index means the same thing in every game.
"""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.data import load_component_data
from eurogym.envs.core.hexgrid import neighbour_table
from eurogym.envs.kingdom_builder.boards import parse_section

ROWS = COLS = 20
SECTION_SIZE = 10
NUM_HEXES = ROWS * COLS

BOARDS = load_component_data("eurogym.envs.kingdom_builder", "boards.json")
CARDS = load_component_data("eurogym.envs.kingdom_builder", "cards.json")

TERRAIN_CODES: dict[str, int] = BOARDS["suggested_int_codes"]
TERRAIN_LETTERS = "".join(sorted(TERRAIN_CODES, key=TERRAIN_CODES.get))
GRASS, CANYON, DESERT, FLOWER, FOREST = (TERRAIN_CODES[c] for c in "GCDFT")
SWAMP, FARMLAND = TERRAIN_CODES["S"], TERRAIN_CODES["A"]
PALACE, SILO = TERRAIN_CODES["P"], TERRAIN_CODES["O"]
WATER, MOUNTAIN, CASTLE, LOCATION = (TERRAIN_CODES[c] for c in "WMKL")
NOMAD_SPACE = TERRAIN_CODES["N"]
ORACLE_SECTION, HARBOR_SECTION = 0, 6  # the sections with 2 castles (§1.1): Capital (§15.1)
BUILDABLE_MAX = FARMLAND  # codes 0..6 are buildable terrain (§1.2)
NUM_CARD_TERRAINS = 5  # terrain cards: grass, canyon, desert, flower field, forest
TERRAIN_NAMES = tuple(BOARDS["terrain_codes"][c]["name"] for c in TERRAIN_LETTERS)

SECTION_NAMES = tuple(name for name, b in BOARDS["boards"].items() if b["expansion"] == "base")
TILE_NAMES = SECTION_NAMES  # §1.1: each base section has its own location type
NUM_SECTIONS = len(SECTION_NAMES)
NUM_TILE_TYPES = len(TILE_NAMES)
SECTIONS_PER_GAME = BOARDS["placement"]["sections_per_game"]
MAX_LOCATION_HEXES = 2 * SECTIONS_PER_GAME

CARD_NAMES = tuple(c["id"] for c in CARDS["kingdom_builder_cards"] if c["expansion"] == "base")
NUM_CARDS = len(CARD_NAMES)
CARDS_PER_GAME = 3

TILES_PER_HEX = {t["id"]: t["tiles_per_hex"] for t in CARDS["location_tiles"]}
NOMAD_KINDS = tuple(t["id"] for t in CARDS["nomad_tiles"])  # donation x7, sword, treasure, ...
NOMAD_COUNTS = tuple(t["count"] for t in CARDS["nomad_tiles"])  # 15 tiles in all (§1.3)
NOMAD_DONATION_TERRAIN = tuple(
    TERRAIN_CODES[next(k for k, v in BOARDS["terrain_codes"].items() if v["name"] == t["terrain"])]
    if t["kind"] == "donation"
    else -1
    for t in CARDS["nomad_tiles"]
)
STONE_WALLS = CARDS["pieces"]["stone_walls"]["count"]
DECK_COUNTS = tuple(
    CARDS["terrain_deck"]["base"][name] for name in TERRAIN_NAMES[:NUM_CARD_TERRAINS]
)
DECK_SIZE = sum(DECK_COUNTS)
# Crossroads (§12.4): the 6 task cards and their gold, in cards.json order.
TASK_NAMES = tuple(t["id"] for t in CARDS["task_cards"])
TASK_GOLD = tuple(int(t["gold"]) for t in CARDS["task_cards"])
SETTLEMENTS_PER_PLAYER = CARDS["pieces"]["per_player"]["settlements"]


# Expansions (issue 14; Nomads §11, Crossroads §12, Marshlands §13, Harvest §14, Queenies §15)
# in option order, and the ones this engine plays (all of them now; the Island's sides are no
# sections: _playable keeps them off the 20x20 board).
EXPANSIONS = ("nomads", "crossroads", "marshlands", "harvest", "capital", "caves", "island")
IMPLEMENTED_EXPANSIONS = EXPANSIONS
# Marshlands (§13.1): the 5 dual terrain cards swamp/X, one per classic terrain X. A card value
# (hand, deck, played card) below NUM_CARD_TERRAINS is a classic card; DUAL_CARDS + X is the
# swamp/X card.
DUAL_CARDS = NUM_CARD_TERRAINS
NUM_CARD_KINDS = NUM_CARD_TERRAINS + len(CARDS["terrain_deck"]["marshlands_dual"]["cards"])
DUAL_DECK_SIZE = NUM_CARD_KINDS - NUM_CARD_TERRAINS


def _playable(expansion: str) -> bool:
    """Sections of these expansions join the 20x20 board (the Island's sides never do)."""
    return expansion == "base" or expansion in IMPLEMENTED_EXPANSIONS


# Every section whose map the engine can play (sourced, or a tagged stand-in: the Crossroads,
# Marshlands and Harvest maps are stand-ins, boards.json `status`), base first.
ALL_SECTION_NAMES = tuple(
    name
    for name, b in BOARDS["boards"].items()
    if _playable(b["expansion"]) and b["status"] != "unavailable"
)
SECTION_EXPANSION = tuple(BOARDS["boards"][name]["expansion"] for name in ALL_SECTION_NAMES)
NUM_ALL_SECTIONS = len(ALL_SECTION_NAMES)
ALL_TILE_NAMES = TILE_NAMES + tuple(
    t["id"]
    for t in CARDS["location_tiles"]
    if t["expansion"] != "base" and t["board"] in ALL_SECTION_NAMES
)
NUM_ALL_TILE_TYPES = len(ALL_TILE_NAMES)


# Cards a game can draw: base, and the implemented expansions' cards whose text is known
# (D49 keeps `unknown`/`low` confidence cards out of the pool); then the lost-text cards that
# have a stand-in reading (cards.json `stand_in`, §13.4), playable only with the option
# allow_stand_in_cards=True (STAND_IN_CARDS); then the Harvest cards known well enough
# (§14.4: Rovers and Mayors), appended last so every earlier card keeps its index.
def _known(expansion: str) -> tuple[str, ...]:
    return tuple(
        c["id"]
        for c in CARDS["kingdom_builder_cards"]
        if c["expansion"] == expansion
        and not str(c.get("confidence", "")).startswith(("unknown", "low"))
        and "stand_in" not in c  # Scouts: set-up known, scoring lost
    )


_KNOWN_CARDS = tuple(name for e in IMPLEMENTED_EXPANSIONS if e != "harvest" for name in _known(e))
STAND_IN_CARDS = tuple(
    c["id"] for c in CARDS["kingdom_builder_cards"] if _playable(c["expansion"]) and "stand_in" in c
)
HARVEST_CARDS = _known("harvest")
ALL_CARD_NAMES = CARD_NAMES + _KNOWN_CARDS + STAND_IN_CARDS + HARVEST_CARDS
CARD_EXPANSION = tuple(
    next(c["expansion"] for c in CARDS["kingdom_builder_cards"] if c["id"] == name)
    for name in ALL_CARD_NAMES
)
NUM_ALL_CARDS = len(ALL_CARD_NAMES)
TILE_INDEX = {name: i for i, name in enumerate(ALL_TILE_NAMES)}
STAND_IN_SECTIONS = tuple(
    name for name in ALL_SECTION_NAMES if BOARDS["boards"][name]["status"] == "stand-in"
)


def section_maps(overrides: dict[str, tuple[np.ndarray, np.ndarray]] | None = None):
    """(terrain int64[S, 10, 10], tile type int64[S, 10, 10]) of every playable section in
    ALL_SECTION_NAMES order, stored orientation; `overrides` (board_file maps) replace some."""
    terrain = np.empty((NUM_ALL_SECTIONS, SECTION_SIZE, SECTION_SIZE), np.int64)
    tiles = np.empty_like(terrain)
    for s, name in enumerate(ALL_SECTION_NAMES):
        if overrides and name in overrides:
            terrain[s], tiles[s] = overrides[name]
        else:
            terrain[s], tiles[s] = parse_section(
                name, BOARDS["boards"][name], TERRAIN_CODES, BOARDS["boards"][name],
                TILE_INDEX, "boards.json",
            )  # fmt: skip
    terrain.setflags(write=False)
    tiles.setflags(write=False)
    return terrain, tiles


SECTION_TERRAIN, SECTION_TILES = section_maps()
# Base sections only: the base game's state bounds and checks never widen with expansions.
BASE_SECTION_TERRAIN = SECTION_TERRAIN[:NUM_SECTIONS]
NEIGHBOURS = neighbour_table(ROWS, COLS)
HEX_SECTION = (
    2 * (np.arange(NUM_HEXES) // COLS // SECTION_SIZE) + np.arange(NUM_HEXES) % COLS // SECTION_SIZE
)
HEX_SECTION.setflags(write=False)  # quadrant 0..3 of each hex (§2.2)


def card_param(card: str, key: str) -> int:
    """A number from a card's `scoring` block in cards.json (e.g. lords 'first' = 12), or
    from its `stand_in` block for a stand-in card (§13.4)."""
    entry = next(c for c in CARDS["kingdom_builder_cards"] if c["id"] == card)
    return int((entry["stand_in"] if card in STAND_IN_CARDS else entry["scoring"])[key])


# The Island (§15.3): a separate 5-row board, one of two sides in a game, each with one
# location hex holding 2 tiles of its own type. Its hexes are numbered NUM_HEXES + i after the
# main board's (i = row * ISLAND_COLS + col on the island, odd-r like the sections, §2.1):
# actions and the `selected` / `mandatory_hexes` fields use these numbers; the island's own
# fields (state.py) are indexed by i. The maps are STAND-INS (boards.json `status`).
ISLAND_SIDES = ("island_tree_house", "island_rope_bridge")
ISLAND_TILE_NAMES = tuple(BOARDS["boards"][side]["location_types"][0] for side in ISLAND_SIDES)
ISLAND_TILE_TERRAIN = (FOREST, CANYON)  # Tree House: onto forest; Rope Bridge: onto canyon
ISLAND_ROWS = BOARDS["boards"][ISLAND_SIDES[0]]["rows_on_board"]
ISLAND_COLS = SECTION_SIZE
ISLAND_HEXES = ISLAND_ROWS * ISLAND_COLS
X_HEXES = NUM_HEXES + ISLAND_HEXES  # hex numbers of a game with the Island
ISLAND_NEIGHBOURS = neighbour_table(ISLAND_ROWS, ISLAND_COLS)  # island numbering i


def island_maps(overrides: dict[str, tuple[np.ndarray, np.ndarray]] | None = None):
    """(terrain int64[2, 5, 10], location mask int64[2, 5, 10]: 1 on the location hex) of the
    Island's two sides in ISLAND_SIDES order; `overrides` (board_file maps) replace some."""
    terrain = np.empty((len(ISLAND_SIDES), ISLAND_ROWS, ISLAND_COLS), np.int64)
    tiles = np.empty_like(terrain)
    index = {name: 0 for name in ISLAND_TILE_NAMES}
    for k, side in enumerate(ISLAND_SIDES):
        if overrides and side in overrides:
            terrain[k], found = overrides[side]
        else:
            entry = BOARDS["boards"][side]
            terrain[k], found = parse_section(
                side, entry, TERRAIN_CODES, entry, index, "boards.json", ISLAND_ROWS
            )
        tiles[k] = found >= 0
    terrain.setflags(write=False)
    tiles.setflags(write=False)
    return terrain, tiles


ISLAND_TERRAIN, ISLAND_LOCATION = island_maps()
# Neighbours in the X_HEXES numbering: the main board's, then the island's among themselves
# (no island hex touches the main board, §15.3). Final scoring reads the board this way.
X_NEIGHBOURS = np.concatenate(
    [NEIGHBOURS, np.where(ISLAND_NEIGHBOURS >= 0, ISLAND_NEIGHBOURS + NUM_HEXES, -1)]
)
X_NEIGHBOURS.setflags(write=False)
