"""numba kernels for the Queenie Island (spec §15.3) on a BigBoxState buffer: its set-up, the
island part of a placement's candidate set (§6.2), its location tile (taken, kept and lost
like any other, §7.2, §7.3) and the helpers that let hex numbers past the main board
(NUM_HEXES + i, tables.X_HEXES) stand for island hexes.

The Island is a separate 5 x 10 board (its printed map is unavailable: boards.json holds
STAND-IN maps for both sides). Island hexes touch only island hexes, so its hexes have their
own fields (`island_terrain`, `island_owner`) and neighbour table (tables.ISLAND_NEIGHBOURS).
A settlement is placed or moved onto the island from elsewhere only by a placement under
"adjacent if possible" (§6.2 with a terrain filter: the mandatory action, Oracle, Farm,
Oasis, Garden, Forester's Lodge, Fort, Cathedral, Barn, Harbor, the Donation and Canoe
builds, Monastery, the Tree House and Rope Bridge; harvest.near_targets: Mountain Station,
Water Mill, Watchtower, University) or by a silo (§14.2: next to another of the player's
settlements, island ones included); Tower and the edge tasks use main-board edges only
(D47); wagons, ships and warriors stay on the main board. Once a player has island
settlements, the actions that go a fixed way from them act within the island by its own
adjacency: Paddock, Caravan, Refuge, Palisade and Resettlement move island settlements there;
Village, Fountain, Tavern, the farm action and silos build next to them; the city hall, the
Quarry's walls (owner WALL) and the scouts may stand next to them (`island_piece`)
(docs/rules/kingdom_builder.md §15.3).
This module imports only the state and the tables, so every kernel module can import it.
"""

import numpy as np
from numba import njit

from eurogym.envs.core.hexgrid import NUM_DIRECTIONS
from eurogym.envs.core.jit import INLINE, KERNEL
from eurogym.envs.kingdom_builder.state import (
    BASE_SIZE,
    EMPTY,
    ISLAND_HOLDING,
    ISLAND_LOCATION_AT,
    ISLAND_NEW,
    ISLAND_OWNER,
    ISLAND_PIECE,
    ISLAND_SIDE,
    ISLAND_TAKEN,
    ISLAND_TERRAIN_AT,
    ISLAND_TILE0,
    ISLAND_TILES_LEFT,
    ISLAND_USED,
    OWNER,
    PIECE,
    PIECE_SETTLEMENT,
    TERRAIN,
)
from eurogym.envs.kingdom_builder.tables import (
    ISLAND_COLS,
    ISLAND_HEXES,
    ISLAND_NEIGHBOURS,
    ISLAND_TILE_TERRAIN,
    NUM_HEXES,
    SWAMP,
    TILES_PER_HEX,
    WATER,
    X_HEXES,
)

TILE_TERRAIN = np.array(ISLAND_TILE_TERRAIN, np.int64)
ISLAND_TILES = TILES_PER_HEX["tree_house"]  # 2 on the one location hex (§15.3)


@njit(**KERNEL)
def island_on(buf):
    """A Big Box buffer with the Island in play."""
    return buf.shape[0] > BASE_SIZE and buf[ISLAND_SIDE] != EMPTY


@njit(**KERNEL)
def hex_count(buf):
    """How many hex numbers the game has: the main board's, then the Island's when it is in
    play (tables.X_HEXES); loops over every hex of a game run to this."""
    return X_HEXES if island_on(buf) else NUM_HEXES


@njit(**KERNEL)
def clear_hexes(out):
    """A hex array (out int8[400], or int8[450] with room for the Island) set to 0."""
    for h in range(out.shape[0]):
        out[h] = 0


@njit(**KERNEL)
def mark_hex(out, h):
    """out[h] = 1 when `out` has room for hex number h: the mask's hex array has room for the
    island's hexes, a 400-hex scratch array (a count is all its caller wants) has not."""
    if h < out.shape[0]:
        out[h] = 1


@njit(**KERNEL)
def owner_at(buf, h):
    """The owner of hex number h: a main-board hex, or island hex h - NUM_HEXES."""
    if h < NUM_HEXES:
        return buf[OWNER + h]
    return buf[ISLAND_OWNER + h - NUM_HEXES]


@njit(**KERNEL)
def set_owner(buf, h, player):
    if h < NUM_HEXES:
        buf[OWNER + h] = player
    else:
        buf[ISLAND_OWNER + h - NUM_HEXES] = player


@njit(**KERNEL)
def piece_at(buf, h):
    """The kind of piece (PIECE_*) on hex number h of a Big Box buffer."""
    if h < NUM_HEXES:
        return buf[PIECE + h]
    return buf[ISLAND_PIECE + h - NUM_HEXES]


@njit(**KERNEL)
def set_piece(buf, h, kind):
    if h < NUM_HEXES:
        buf[PIECE + h] = kind
    else:
        buf[ISLAND_PIECE + h - NUM_HEXES] = kind


@njit(**KERNEL)
def terrain_at(buf, h):
    if h < NUM_HEXES:
        return buf[TERRAIN + h]
    return buf[ISLAND_TERRAIN_AT + h - NUM_HEXES]


@njit(**KERNEL)
def neighbour_at(nbr, h, d):
    """The neighbour of hex number h in direction d (NO_HEX = -1 off its board): the main
    table `nbr` on the main board, the island's own table on the island."""
    if h < NUM_HEXES:
        return nbr[h, d]
    n = ISLAND_NEIGHBOURS[h - NUM_HEXES, d]
    return n + NUM_HEXES if n >= 0 else n


@njit(**KERNEL)
def walk_at(nbr, h, d, steps):
    """`steps` hexes from h in direction d on h's own board, or -1 if that leaves it."""
    for _ in range(steps):
        if h < 0:
            return h
        h = neighbour_at(nbr, h, d)
    return h


@njit(**KERNEL)
def is_island_tile(tile):
    """The `active_tile` value of the Tree House / Rope Bridge (state.ISLAND_TILE0 + side)."""
    return tile >= ISLAND_TILE0


@njit(**KERNEL)
def island_tile_terrain(tile):
    """§15.3: the Tree House moves onto forest, the Rope Bridge onto canyon."""
    return TILE_TERRAIN[tile - ISLAND_TILE0]


@njit(**KERNEL)
def next_to_own(buf, i, player, skip):
    """Island hex i touches a settlement of `player` other than the one on island hex `skip`."""
    for d in range(NUM_DIRECTIONS):
        n = ISLAND_NEIGHBOURS[i, d]
        if n >= 0 and n != skip and buf[ISLAND_OWNER + n] == player:
            return True
    return False


@njit(**KERNEL)
def island_scan(buf, player, target, skip, out):
    """§15.3 with §6.2: the island's empty hexes of terrain `target` (a code, or any value
    < 0 for swamp or water: the Canoe) are candidates; those next to `player`'s settlements
    (other than the moving one on hex number `skip`, D4) are adjacent ones. Writes out[NUM_HEXES
    + i] = 0 / 1 (candidate) / 2 (adjacent) when `out` has room for the island. Returns
    (candidates, adjacent)."""
    room = out.shape[0] >= X_HEXES
    skip_i = skip - NUM_HEXES if skip >= NUM_HEXES else EMPTY
    candidates = 0
    adjacent = 0
    for i in range(ISLAND_HEXES):
        t = buf[ISLAND_TERRAIN_AT + i]
        fits = t == target if target >= 0 else t == SWAMP or t == WATER
        mark = 0
        if fits and buf[ISLAND_OWNER + i] == EMPTY:
            candidates += 1
            mark = 1
            if next_to_own(buf, i, player, skip_i):
                adjacent += 1
                mark = 2
        if room:
            out[NUM_HEXES + i] = mark
    return candidates, adjacent


@njit(**KERNEL)
def island_has_empty(buf, target):
    """§5 on the island: an empty island hex of terrain `target`."""
    for i in range(ISLAND_HEXES):
        if buf[ISLAND_OWNER + i] == EMPTY and buf[ISLAND_TERRAIN_AT + i] == target:
            return True
    return False


@njit(**KERNEL)
def island_settlements(buf, player, out):
    """The player's plain island settlements (not a city hall or scout there: those are never
    moved or removed, D19), marked in out[NUM_HEXES + i] when `out` has room for the island.
    Returns their count."""
    room = out.shape[0] >= X_HEXES
    count = 0
    for i in range(ISLAND_HEXES):
        mine = buf[ISLAND_OWNER + i] == player and buf[ISLAND_PIECE + i] == PIECE_SETTLEMENT
        count += mine
        if room:
            out[NUM_HEXES + i] = 1 if mine else 0
    return count


@njit(**KERNEL)
def island_take(buf, player, i):
    """§7.2 on the island: a settlement arriving on island hex i next to the location hex
    takes one of its tiles if the player never took one there (D7). True if that took the
    hex's last tile (a Canoe trigger, §13.3)."""
    at = buf[ISLAND_LOCATION_AT]
    if buf[ISLAND_TILES_LEFT] == 0 or buf[ISLAND_TAKEN + player] == 1:
        return False
    for d in range(NUM_DIRECTIONS):
        if ISLAND_NEIGHBOURS[i, d] == at:
            buf[ISLAND_TILES_LEFT] -= 1
            buf[ISLAND_TAKEN + player] = 1
            buf[ISLAND_HOLDING + player] = 1
            buf[ISLAND_NEW + player] = 1
            return buf[ISLAND_TILES_LEFT] == 0
    return False


@njit(**KERNEL)
def island_lose(buf, player):
    """§7.3 on the island: the tile goes once no settlement of the player touches its hex."""
    if buf[ISLAND_HOLDING + player] == 0:
        return
    if next_to_own(buf, buf[ISLAND_LOCATION_AT], player, EMPTY):
        return
    buf[ISLAND_HOLDING + player] = 0
    buf[ISLAND_NEW + player] = 0
    buf[ISLAND_USED + player] = 0


@njit(**INLINE)
def deal_island(buf, side, terrain, location):
    """§15.3 set-up: the side in play with its map and its 2 tiles; with side EMPTY (no
    Island) the island fields stay blank (terrain 0, no owner, no location)."""
    buf[ISLAND_SIDE] = side
    buf[ISLAND_LOCATION_AT] = EMPTY
    buf[ISLAND_TILES_LEFT] = 0 if side == EMPTY else ISLAND_TILES
    for i in range(ISLAND_HEXES):
        buf[ISLAND_OWNER + i] = EMPTY
        buf[ISLAND_PIECE + i] = PIECE_SETTLEMENT
        buf[ISLAND_TERRAIN_AT + i] = 0
        if side != EMPTY:
            r, c = i // ISLAND_COLS, i % ISLAND_COLS
            buf[ISLAND_TERRAIN_AT + i] = terrain[side, r, c]
            if location[side, r, c]:
                buf[ISLAND_LOCATION_AT] = i
