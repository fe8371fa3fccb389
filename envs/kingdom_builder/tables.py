"""Read-only arrays built once from the shipped component data (data/boards.json, cards.json).

Index conventions used across the package:
* terrain codes: boards.json `suggested_int_codes` (G=0 C=1 D=2 F=3 T=4 S=5 A=6 W=7 M=8 K=9
  L=10 N=11 P=12 O=13); terrain cards 0..4 are the five classic terrains, same codes.
* base sections 0..7 in `SECTION_NAMES` order; section i carries location type i (§1.1).
* Kingdom Builder cards 0..9 in `CARD_NAMES` order.
"""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.data import load_component_data
from eurogym.envs.core.hexgrid import neighbour_table

ROWS = COLS = 20
SECTION_SIZE = 10
NUM_HEXES = ROWS * COLS

BOARDS = load_component_data("eurogym.envs.kingdom_builder", "boards.json")
CARDS = load_component_data("eurogym.envs.kingdom_builder", "cards.json")

TERRAIN_CODES: dict[str, int] = BOARDS["suggested_int_codes"]
TERRAIN_LETTERS = "".join(sorted(TERRAIN_CODES, key=TERRAIN_CODES.get))
GRASS, CANYON, DESERT, FLOWER, FOREST = (TERRAIN_CODES[c] for c in "GCDFT")
SWAMP, FARMLAND = TERRAIN_CODES["S"], TERRAIN_CODES["A"]
WATER, MOUNTAIN, CASTLE, LOCATION = (TERRAIN_CODES[c] for c in "WMKL")
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
DECK_COUNTS = tuple(
    CARDS["terrain_deck"]["base"][name] for name in TERRAIN_NAMES[:NUM_CARD_TERRAINS]
)
DECK_SIZE = sum(DECK_COUNTS)
SETTLEMENTS_PER_PLAYER = CARDS["pieces"]["per_player"]["settlements"]


def _section_terrain() -> np.ndarray:
    """int64[8, 10, 10] terrain codes of each base section in its stored orientation."""
    out = np.empty((NUM_SECTIONS, SECTION_SIZE, SECTION_SIZE), np.int64)
    for s, name in enumerate(SECTION_NAMES):
        board = BOARDS["boards"][name]
        if board["status"] != "sourced":
            raise ValueError(f"base section {name} has no sourced map")
        for i, row in enumerate(board["rows"]):
            out[s, i] = [TERRAIN_CODES[ch] for ch in row]
    out.setflags(write=False)
    return out


SECTION_TERRAIN = _section_terrain()
NEIGHBOURS = neighbour_table(ROWS, COLS)
HEX_SECTION = (
    2 * (np.arange(NUM_HEXES) // COLS // SECTION_SIZE) + np.arange(NUM_HEXES) % COLS // SECTION_SIZE
)
HEX_SECTION.setflags(write=False)  # quadrant 0..3 of each hex (§2.2)


def card_param(card: str, key: str) -> int:
    """A number from a card's `scoring` block in cards.json (e.g. lords 'first' = 12)."""
    entry = next(c for c in CARDS["kingdom_builder_cards"] if c["id"] == card)
    return int(entry["scoring"][key])
