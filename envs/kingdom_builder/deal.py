"""Set-up (§3.1) as one numba kernel, so a new game costs microseconds (MCTS and benchmarks
start many). Random choices draw from the state's RNG in a fixed order: sections, rotations,
cards, deck, start player; then each seat draws one terrain card in seat order."""

import numpy as np
from numba import njit

from eurogym.envs.core.jit import KERNEL
from eurogym.envs.core.rng import RNG_WORDS, randint, shuffle
from eurogym.envs.kingdom_builder.kernels import compute_mask, draw_card, start_turn
from eurogym.envs.kingdom_builder.state import (
    ACTIVE_TILE,
    CARDS,
    CUR,
    DECK,
    DECK_SIZE_AT,
    EMPTY,
    HAND,
    LORDS_ZERO,
    MAX_PLAYERS,
    NUM_PLAYERS,
    OWNER,
    PLAYED,
    RNG,
    ROTATIONS,
    SECTIONS,
    SELECTED,
    SLOT_HEX,
    SLOT_OF_HEX,
    SLOT_TYPE,
    START_PLAYER,
    SUPPLY,
    TERRAIN,
    TILES_LEFT,
)
from eurogym.envs.kingdom_builder.tables import (
    CARDS_PER_GAME,
    COLS,
    LOCATION,
    MAX_LOCATION_HEXES,
    NUM_CARDS,
    NUM_HEXES,
    NUM_SECTIONS,
    SECTION_SIZE,
    SECTIONS_PER_GAME,
    SETTLEMENTS_PER_PLAYER,
)

RANDOM = -1  # "choose at random" in the chosen-value arrays


@njit(**KERNEL)
def _choose_distinct(rng, chosen, pool, count, out):
    """out[:count] = chosen[:count], or `count` distinct values of range(pool) drawn at random.
    Element loops, not slice assignments: an array-to-slice assignment makes numba compile its
    shape-mismatch error message (tuple formatting), a sixth of Kingdom Builder's cold compile
    (docs/cold_start.md)."""
    if chosen[0] != RANDOM:
        for i in range(count):
            out[i] = chosen[i]
        return
    order = np.arange(pool)
    shuffle(rng, order, pool)
    for i in range(count):
        out[i] = order[i]


@njit(**KERNEL)
def assemble_board(buf, section_terrain):
    """§2.3: quadrant k holds section SECTIONS[k], rotated 180° ((i, j) -> (9-i, 9-j)) if
    ROTATIONS[k] == 180."""
    last = SECTION_SIZE - 1
    for k in range(SECTIONS_PER_GAME):
        section = buf[SECTIONS + k]
        flip = buf[ROTATIONS + k] == 180
        r0, c0 = SECTION_SIZE * (k // 2), SECTION_SIZE * (k % 2)
        for i in range(SECTION_SIZE):
            for j in range(SECTION_SIZE):
                code = (
                    section_terrain[section, last - i, last - j]
                    if flip
                    else section_terrain[section, i, j]
                )
                buf[TERRAIN + (r0 + i) * COLS + c0 + j] = code


@njit(**KERNEL)
def place_location_tiles(buf, tiles_per_hex):
    """§3.1 step 2: tiles on each location hex, numbered into slots in board order; a hex's
    tile type is its section's own location (§1.1)."""
    for s in range(MAX_LOCATION_HEXES):
        buf[SLOT_HEX + s] = EMPTY
        buf[SLOT_TYPE + s] = EMPTY
        buf[TILES_LEFT + s] = 0
    slot = 0
    for h in range(NUM_HEXES):
        buf[SLOT_OF_HEX + h] = EMPTY
        if buf[TERRAIN + h] != LOCATION:
            continue
        r, c = h // COLS, h % COLS
        tile = buf[SECTIONS + 2 * (r // SECTION_SIZE) + c // SECTION_SIZE]
        buf[SLOT_OF_HEX + h] = slot
        buf[SLOT_HEX + slot] = h
        buf[SLOT_TYPE + slot] = tile
        buf[TILES_LEFT + slot] = tiles_per_hex[tile]
        slot += 1


@njit(**KERNEL)
def deal_game(buf, nbr, mask, tables, options):
    """Fill a zeroed state buffer whose RNG words are seeded, following §3.1.

    Args:
        tables: (section_terrain int64[8, 10, 10], tiles_per_hex int64[8], deck_counts int64[5]).
        options: (num_players, sections int64[4], rotations int64[4], cards int64[3],
            start_player, lords_zero_can_be_second); RANDOM (-1) entries are drawn at random.
    """
    section_terrain, tiles_per_hex, deck_counts = tables
    num_players, sections, rotations, cards, start_player, lords_zero = options
    rng = buf[RNG : RNG + RNG_WORDS]
    buf[NUM_PLAYERS] = num_players
    buf[LORDS_ZERO] = lords_zero
    _choose_distinct(
        rng, sections, NUM_SECTIONS, SECTIONS_PER_GAME, buf[SECTIONS : SECTIONS + SECTIONS_PER_GAME]
    )
    for k in range(SECTIONS_PER_GAME):
        buf[ROTATIONS + k] = 180 * randint(rng, 2) if rotations[k] == RANDOM else rotations[k]
    _choose_distinct(rng, cards, NUM_CARDS, CARDS_PER_GAME, buf[CARDS : CARDS + CARDS_PER_GAME])
    assemble_board(buf, section_terrain)
    place_location_tiles(buf, tiles_per_hex)
    for h in range(NUM_HEXES):
        buf[OWNER + h] = EMPTY
    for p in range(MAX_PLAYERS):
        buf[SUPPLY + p] = SETTLEMENTS_PER_PLAYER if p < num_players else 0
        buf[HAND + p] = EMPTY
    size = 0
    for terrain in range(deck_counts.shape[0]):
        for _ in range(deck_counts[terrain]):
            buf[DECK + size] = terrain
            size += 1
    shuffle(rng, buf[DECK : DECK + size], size)
    buf[DECK_SIZE_AT] = size
    buf[START_PLAYER] = randint(rng, num_players) if start_player == RANDOM else start_player
    for p in range(num_players):
        buf[HAND + p] = draw_card(buf)
    buf[PLAYED] = EMPTY
    buf[ACTIVE_TILE] = EMPTY
    buf[SELECTED] = EMPTY
    buf[CUR] = buf[START_PLAYER]
    start_turn(buf)
    compute_mask(buf, nbr, mask)
