"""numba kernels for the Queenies Capital and Caves (spec §15.1, §15.2): their set-up (D45,
D46), the cave move's origins and targets, and the capitals' final gold. kernels.py calls
them from its existing entry points, on Big Box buffers only.
"""

import numpy as np
from numba import njit

from eurogym.envs.core.hexgrid import NUM_DIRECTIONS
from eurogym.envs.core.jit import INLINE, KERNEL
from eurogym.envs.core.rng import RNG_WORDS, randint
from eurogym.envs.kingdom_builder.crossroads import free_hex, is_plain_settlement
from eurogym.envs.kingdom_builder.state import (
    CAPITAL_HEX,
    CAVE_HEX,
    EMPTY,
    MAX_CAPITALS,
    OWNER,
    RNG,
    SECTIONS,
    TERRAIN,
)
from eurogym.envs.kingdom_builder.tables import (
    CASTLE,
    COLS,
    HARBOR_SECTION,
    MOUNTAIN,
    NUM_HEXES,
    ORACLE_SECTION,
    SECTION_SIZE,
    SECTIONS_PER_GAME,
)

CAPITAL_REACH = 2  # §15.1: settlements at distance 1 or 2 from the capital
CAVE_CLEARANCE = 3  # §15.2: caves more than 2 hexes from every special hex


@njit(**KERNEL)
def hex_distance(a, b):
    """Hex steps between hexes a and b (odd-r offset -> axial, §2.1)."""
    ra, ca = a // COLS, a % COLS
    rb, cb = b // COLS, b % COLS
    qa = ca - (ra - (ra & 1)) // 2
    qb = cb - (rb - (rb & 1)) // 2
    dq, dr = qa - qb, ra - rb
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@njit(**KERNEL)
def _quadrant(h):
    return 2 * (h // COLS // SECTION_SIZE) + h % COLS // SECTION_SIZE


@njit(**INLINE)
def deal_capitals(buf):
    """§15.1, D45: on each Oracle or Harbor section in play, a capital on one of its two
    castles, chosen at random (physically the players choose)."""
    rng = buf[RNG : RNG + RNG_WORDS]
    for i in range(MAX_CAPITALS):
        buf[CAPITAL_HEX + i] = EMPTY
    count = 0
    castles = np.empty(2, np.int64)
    for k in range(SECTIONS_PER_GAME):
        section = buf[SECTIONS + k]
        if section != ORACLE_SECTION and section != HARBOR_SECTION:
            continue
        found = 0
        for h in range(NUM_HEXES):
            if _quadrant(h) == k and buf[TERRAIN + h] == CASTLE and found < 2:
                castles[found] = h
                found += 1
        if found > 0 and count < MAX_CAPITALS:
            buf[CAPITAL_HEX + count] = castles[randint(rng, found)]
            count += 1


@njit(**INLINE)
def deal_caves(buf):
    """§15.2, D46: one cave per section on a mountain at distance >= 3 from every castle,
    location, nomad space, palace and silo of the assembled board, chosen at random among
    those (physically the players choose); a section without one gets none."""
    rng = buf[RNG : RNG + RNG_WORDS]
    candidates = np.empty(NUM_HEXES, np.int64)
    specials = np.empty(NUM_HEXES, np.int64)  # listed once: a new game must stay cheap
    num_specials = 0
    for s in range(NUM_HEXES):
        if buf[TERRAIN + s] >= CASTLE:
            specials[num_specials] = s
            num_specials += 1
    for k in range(SECTIONS_PER_GAME):
        buf[CAVE_HEX + k] = EMPTY
        count = 0
        for h in range(NUM_HEXES):
            if _quadrant(h) != k or buf[TERRAIN + h] != MOUNTAIN:
                continue
            clear = True
            for i in range(num_specials):
                if hex_distance(h, specials[i]) < CAVE_CLEARANCE:
                    clear = False
                    break
            if clear:
                candidates[count] = h
                count += 1
        if count > 0:
            buf[CAVE_HEX + k] = candidates[randint(rng, count)]


@njit(**KERNEL)
def _own_settlement(buf, h, player):
    """A settlement of `player` the cave move may pick up (not a Crossroads piece, D17)."""
    return buf[OWNER + h] == player and is_plain_settlement(buf, h)


@njit(**KERNEL)
def cave_neighbours(buf, nbr, out):
    """The hexes next to a cave (out int64[>= 24], possibly repeated when caves share a
    neighbour); returns their count. The cave move only ever looks at these, so the mask,
    asked on every main step of a Caves game, scans 24 hexes rather than the board."""
    count = 0
    for k in range(SECTIONS_PER_GAME):
        cave = buf[CAVE_HEX + k]
        if cave == EMPTY:
            continue
        for d in range(NUM_DIRECTIONS):
            if nbr[cave, d] >= 0:
                out[count] = nbr[cave, d]
                count += 1
    return count


@njit(**KERNEL)
def _mark(buf, nbr, player, out):
    """out[h] = 1 for each hex next to a cave that is free (player < 0) or holds a settlement
    of `player`; returns how many distinct hexes were marked."""
    around = np.empty(SECTIONS_PER_GAME * NUM_DIRECTIONS, np.int64)
    for h in range(NUM_HEXES):
        out[h] = 0
    count = 0
    for i in range(cave_neighbours(buf, nbr, around)):
        n = around[i]
        wanted = free_hex(buf, n) if player < 0 else _own_settlement(buf, n, player)
        if wanted and out[n] == 0:
            out[n] = 1
            count += 1
    return count


@njit(**INLINE)
def cave_targets(buf, nbr, out):
    """§15.2: empty buildable hexes next to any cave (no other adjacency rule)."""
    return _mark(buf, nbr, EMPTY, out)


@njit(**KERNEL)
def can_cave_move(buf, nbr, player):
    """Some settlement of `player` touches a cave and some free hex touches a cave."""
    own = False
    free = False
    around = np.empty(SECTIONS_PER_GAME * NUM_DIRECTIONS, np.int64)
    for i in range(cave_neighbours(buf, nbr, around)):
        own = own or _own_settlement(buf, around[i], player)
        free = free or free_hex(buf, around[i])
    return own and free


@njit(**INLINE)
def cave_origins(buf, nbr, player, out):
    """Settlements of `player` next to a cave, when a cave target exists."""
    if not can_cave_move(buf, nbr, player):
        for h in range(NUM_HEXES):
            out[h] = 0
        return 0
    return _mark(buf, nbr, player, out)


@njit(**INLINE)
def score_capitals(buf, player):
    """§15.1: 1 gold per settlement of `player` at distance 1 or 2 from each capital."""
    gold = 0
    for i in range(MAX_CAPITALS):
        c = buf[CAPITAL_HEX + i]
        if c == EMPTY:
            continue
        for h in range(NUM_HEXES):
            if buf[OWNER + h] == player and hex_distance(h, c) <= CAPITAL_REACH:
                gold += 1
    return gold
