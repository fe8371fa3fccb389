"""Kingdom Builder observation encoders (hidden information filtered here, spec §17).

Spatial planes, float32[17, 20, 20] (row, col), seen by player `me`:
    0-8    terrain one-hot: grass, canyon, desert, flower field, forest, water, mountain,
           castle, location
    9-13   settlements of seat (me + k) % n for k = 0..4 (so plane 9 is always "mine")
    14     tiles left on each location hex / 2
    15     location hexes I have taken a tile from (D7: never again)
    16     the settlement chosen to move (move tiles)

Flat vector, float32[6800 + 142]: the planes flattened, then
    5 x 18  per relative seat k: supply/40, held tiles per type/2 (8), usable tiles per type/2
            (8), is-to-act
    5       my own terrain card, one-hot (other players' cards and the deck order are hidden)
    5       the played terrain card, one-hot
    5       phase one-hot (main, mandatory, tile_target, tile_origin, game_over)
    8       tile type in use, one-hot
    2       mandatory settlements left/3, mandatory action done
    10      Kingdom Builder cards in play, multi-hot
    11      draw pile size/25, discard counts/5 per terrain, removed counts/5 per terrain
    6       end triggered, start seat relative to me one-hot (5)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.core.jit import KERNEL
from eurogym.envs.kingdom_builder.kernels import num_usable
from eurogym.envs.kingdom_builder.state import (
    ACTIVE_TILE,
    CARDS,
    CUR,
    DECK_SIZE_AT,
    DISCARD,
    EMPTY,
    END_TRIGGERED,
    EVER_TAKEN,
    HAND,
    HOLDING,
    MANDATORY_DONE,
    MANDATORY_LEFT,
    MAX_PLAYERS,
    NUM_PLAYERS,
    OWNER,
    PHASE,
    PHASE_NAMES,
    PLAYED,
    REMOVED,
    SELECTED,
    SLOT_HEX,
    SLOT_TYPE,
    START_PLAYER,
    SUPPLY,
    TERRAIN,
    TILES_LEFT,
    State,
)
from eurogym.envs.kingdom_builder.tables import (
    CARDS_PER_GAME,
    COLS,
    DECK_SIZE,
    MAX_LOCATION_HEXES,
    NUM_CARD_TERRAINS,
    NUM_CARDS,
    NUM_HEXES,
    NUM_TILE_TYPES,
    ROWS,
    SETTLEMENTS_PER_PLAYER,
    TERRAIN_LETTERS,
)

PLANE_TERRAINS = "GCDFTWMKL"  # base-game terrain codes, one plane each
NUM_TERRAIN_PLANES = len(PLANE_TERRAINS)
SEAT_PLANES = NUM_TERRAIN_PLANES
TILES_PLANE = SEAT_PLANES + MAX_PLAYERS
TAKEN_PLANE = TILES_PLANE + 1
SELECTED_PLANE = TAKEN_PLANE + 1
NUM_PLANES = SELECTED_PLANE + 1
PLANES_SHAPE = (NUM_PLANES, ROWS, COLS)

_PER_SEAT = 2 + 2 * NUM_TILE_TYPES
NUM_SCALARS = (
    MAX_PLAYERS * _PER_SEAT
    + 2 * NUM_CARD_TERRAINS
    + len(PHASE_NAMES)
    + NUM_TILE_TYPES
    + 2
    + NUM_CARDS
    + 1
    + 2 * NUM_CARD_TERRAINS
    + 1
    + MAX_PLAYERS
)
FLAT_SIZE = NUM_PLANES * NUM_HEXES + NUM_SCALARS

_PLANE_OF_TERRAIN = np.full(len(TERRAIN_LETTERS), -1, np.int64)
for _i, _letter in enumerate(PLANE_TERRAINS):
    _PLANE_OF_TERRAIN[TERRAIN_LETTERS.index(_letter)] = _i
_PLANE_OF_TERRAIN.setflags(write=False)


@njit(**KERNEL)
def _fill_planes(buf, me, plane_of_terrain, planes):
    """planes float32[17, 400] (flattened board), see the module docstring."""
    planes[:, :] = 0.0
    n = buf[NUM_PLAYERS]
    for h in range(NUM_HEXES):
        p = plane_of_terrain[buf[TERRAIN + h]]
        if p >= 0:
            planes[p, h] = 1.0
        owner = buf[OWNER + h]
        if owner != EMPTY:
            planes[SEAT_PLANES + (owner - me) % n, h] = 1.0
    for s in range(MAX_LOCATION_HEXES):
        h = buf[SLOT_HEX + s]
        if h >= 0:
            planes[TILES_PLANE, h] = buf[TILES_LEFT + s] / 2.0
            planes[TAKEN_PLANE, h] = buf[EVER_TAKEN + me * MAX_LOCATION_HEXES + s]
    if buf[SELECTED] != EMPTY:
        planes[SELECTED_PLANE, buf[SELECTED]] = 1.0


@njit(**KERNEL)
def _one_hot(out, i, index, size):
    """Write a one-hot block of `size` at out[i:], hot at `index` (none if index < 0)."""
    for k in range(size):
        out[i + k] = 0.0
    if index >= 0:
        out[i + index] = 1.0
    return i + size


@njit(**KERNEL)
def _fill_scalars(buf, me, out):
    """out float32[NUM_SCALARS], see the module docstring."""
    n = buf[NUM_PLAYERS]
    i = 0
    for k in range(MAX_PLAYERS):
        seat = (me + k) % n
        active = k < n
        out[i] = buf[SUPPLY + seat] / SETTLEMENTS_PER_PLAYER if active else 0.0
        i += 1
        for t in range(NUM_TILE_TYPES):
            held = 0
            for s in range(MAX_LOCATION_HEXES):
                if buf[HOLDING + seat * MAX_LOCATION_HEXES + s] and buf[SLOT_TYPE + s] == t:
                    held += 1
            out[i + t] = held / 2.0 if active else 0.0
            out[i + NUM_TILE_TYPES + t] = max(num_usable(buf, seat, t), 0) / 2.0 if active else 0.0
        i += 2 * NUM_TILE_TYPES
        out[i] = 1.0 if active and buf[CUR] == seat else 0.0
        i += 1
    i = _one_hot(out, i, buf[HAND + me], NUM_CARD_TERRAINS)
    i = _one_hot(out, i, buf[PLAYED], NUM_CARD_TERRAINS)
    i = _one_hot(out, i, buf[PHASE], 5)
    i = _one_hot(out, i, buf[ACTIVE_TILE], NUM_TILE_TYPES)
    out[i] = buf[MANDATORY_LEFT] / 3.0
    out[i + 1] = buf[MANDATORY_DONE]
    i += 2
    for k in range(NUM_CARDS):
        out[i + k] = 0.0
    for c in range(CARDS_PER_GAME):
        out[i + buf[CARDS + c]] = 1.0
    i += NUM_CARDS
    out[i] = buf[DECK_SIZE_AT] / DECK_SIZE
    i += 1
    for t in range(NUM_CARD_TERRAINS):
        out[i + t] = buf[DISCARD + t] / 5.0
        out[i + NUM_CARD_TERRAINS + t] = buf[REMOVED + t] / 5.0
    i += 2 * NUM_CARD_TERRAINS
    out[i] = buf[END_TRIGGERED]
    i += 1
    _one_hot(out, i, (buf[START_PLAYER] - me) % n, MAX_PLAYERS)


@njit(**KERNEL)
def _fill_flat(buf, me, plane_of_terrain, out):
    """out float32[FLAT_SIZE]: planes, then scalars (one call: dispatch costs more than work)."""
    board = NUM_PLANES * NUM_HEXES
    _fill_planes(buf, me, plane_of_terrain, out[:board].reshape((NUM_PLANES, NUM_HEXES)))
    _fill_scalars(buf, me, out[board:])


def encode_planes(state: State, player: int) -> np.ndarray:
    """float32[17, 20, 20] spatial planes for a CNN, as seen by `player`."""
    planes = np.empty((NUM_PLANES, NUM_HEXES), np.float32)
    _fill_planes(state.buf, player, _PLANE_OF_TERRAIN, planes)
    return planes.reshape(PLANES_SHAPE)


def encode_flat(state: State, player: int) -> np.ndarray:
    """float32[FLAT_SIZE]: planes then scalar features, as seen by `player` (env default)."""
    out = np.empty(FLAT_SIZE, np.float32)
    _fill_flat(state.buf, player, _PLANE_OF_TERRAIN, out)
    return out
