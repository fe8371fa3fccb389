"""numba kernels for the Crossroads expansion (spec §12) that need no turn logic: warriors'
blocking (§12.2, D18), the city hall footprint (§12.3, D28), the ship's and wagon's steps
(D20), the task cards (§12.4) and their deal (§3.2). kernels.py calls them from its existing
entry points on Big Box buffers; nomads.py and queenies.py use `blocked` for their own
targets. This module imports only the state, the tables and island.py (which imports only
those two), so every other kernel module can import it.
"""

import numpy as np
from numba import njit

from eurogym.envs.core.hexgrid import NUM_DIRECTIONS
from eurogym.envs.core.jit import INLINE, KERNEL
from eurogym.envs.core.rng import RNG_WORDS, shuffle
from eurogym.envs.kingdom_builder.island import (
    island_on,
    mark_hex,
    neighbour_at,
    owner_at,
    terrain_at,
)
from eurogym.envs.kingdom_builder.state import (
    BASE_SIZE,
    EMPTY,
    EXPANSION_FLAGS,
    ISLAND_OWNER,
    ISLAND_PIECE,
    ISLAND_TERRAIN_AT,
    NUM_TASKS,
    OWNER,
    PIECE,
    PIECE_SETTLEMENT,
    PIECE_SHIP,
    PIECE_WARRIOR,
    RNG,
    SECTIONS,
    TASKS,
    TERRAIN,
)
from eurogym.envs.kingdom_builder.tables import (
    BUILDABLE_MAX,
    CASTLE,
    COLS,
    EXPANSIONS,
    MOUNTAIN,
    NEIGHBOURS,
    NUM_HEXES,
    ROWS,
    SECTION_EXPANSION,
    SECTIONS_PER_GAME,
    TASK_GOLD,
    TASK_NAMES,
    WATER,
    X_HEXES,
)

CROSSROADS_FLAG = EXPANSIONS.index("crossroads")
HOME_COUNTRY, FORTRESS, ROAD, PLACE_OF_REFUGE, ADVANCE, COMPASS_POINTS = (
    TASK_NAMES.index(t)
    for t in ("home_country", "fortress", "road", "place_of_refuge", "advance", "compass_points")
)
GOLD_OF_TASK = np.array(TASK_GOLD, np.int64)
IS_CROSSROADS_SECTION = np.array([e == "crossroads" for e in SECTION_EXPANSION], np.int64)
ROAD_LENGTH = 7  # §12.4 Road
ADVANCE_COUNT = 7  # §12.4 Advance
VEHICLE_STEPS = 3  # §12.3 Lighthouse, Wagon
# Diagonal axes as (forward, backward) directions of envs.core.hexgrid: SE/NW and SW/NE (§2.2).
DIAGONALS = ((5, 2), (4, 1))


@njit(**KERNEL)
def crossroads_on(buf):
    """A Big Box buffer with the Crossroads expansion in play."""
    return buf.shape[0] > BASE_SIZE and buf[EXPANSION_FLAGS + CROSSROADS_FLAG] == 1


@njit(**KERNEL)
def blocked(buf, h):
    """§12.2, D18: no build and no move into a hex next to a warrior (anyone's, the owner's
    too). False in every game without Crossroads (the flag is read here, not by a call, as
    the target kernels ask for many hexes)."""
    if buf.shape[0] <= BASE_SIZE or buf[EXPANSION_FLAGS + CROSSROADS_FLAG] == 0:
        return False
    return next_to_warrior(buf, h)


@njit(**KERNEL)
def free_hex(buf, h):
    """An empty buildable hex (§6.1; swamp and farmland included, D15) that nothing may be
    built on or moved into only if a warrior stands next to it (§12.2): the test every
    "empty buildable hex" target scan shares (base targets, Nomads, Harvest, the caves)."""
    return buf[OWNER + h] == EMPTY and buf[TERRAIN + h] <= BUILDABLE_MAX and not blocked(buf, h)


@njit(**KERNEL)
def free_at(buf, h):
    """free_hex for any hex number of the game (tables.X_HEXES): an island hex (h >=
    NUM_HEXES, §15.3) is free when it is empty and buildable (no warrior ever stands on the
    island, so nothing blocks it). The one emptiness test of every scan that reaches the
    island (moves within it, builds next to island settlements)."""
    if h < NUM_HEXES:
        return free_hex(buf, h)
    i = h - NUM_HEXES
    return buf[ISLAND_OWNER + i] == EMPTY and buf[ISLAND_TERRAIN_AT + i] <= BUILDABLE_MAX


@njit(**KERNEL)
def next_to_warrior(buf, h):
    """A warrior stands next to h (a Crossroads buffer). Reads the global neighbour table so
    that kernels without one (the §5 test) can ask; loops that test many hexes check
    `crossroads_on` once and call this."""
    for d in range(NUM_DIRECTIONS):
        n = NEIGHBOURS[h, d]
        if n >= 0 and buf[PIECE + n] == PIECE_WARRIOR:
            return True
    return False


@njit(**KERNEL)
def is_plain_settlement(buf, h):
    """The hex holds a settlement from a supply, not a Crossroads piece: only these can be
    moved by settlement-move actions or removed by a Sword (D17, D19). Every island piece
    (h >= NUM_HEXES, §15.3) has its kind in `island_piece`."""
    if buf.shape[0] <= BASE_SIZE:
        return True
    if h >= NUM_HEXES:
        return buf[ISLAND_PIECE + h - NUM_HEXES] == PIECE_SETTLEMENT
    return buf[PIECE + h] == PIECE_SETTLEMENT


@njit(**KERNEL)
def piece_hex(buf, player, kind):
    """Where `player`'s wagon or ship stands, or EMPTY while it is in the supply."""
    for h in range(NUM_HEXES):
        if buf[PIECE + h] == kind and buf[OWNER + h] == player:
            return h
    return EMPTY


@njit(**KERNEL)
def warriors_on_board(buf, player):
    count = 0
    for h in range(NUM_HEXES):
        if buf[PIECE + h] == PIECE_WARRIOR and buf[OWNER + h] == player:
            count += 1
    return count


@njit(**INLINE)
def _vehicle_can_enter(buf, kind, h):
    """D20: a ship steps onto empty water, a wagon onto an empty buildable or mountain hex;
    neither next to a warrior."""
    if buf[OWNER + h] != EMPTY or blocked(buf, h):
        return False
    terrain = buf[TERRAIN + h]
    if kind == PIECE_SHIP:
        return terrain == WATER
    return terrain <= BUILDABLE_MAX or terrain == MOUNTAIN


@njit(**KERNEL)
def vehicle_moves(buf, nbr, start, kind, out):
    """§12.3 (b), D20: hexes the ship or wagon on `start` reaches in 1 to 3 steps, each step
    onto a hex it may stop on. Writes out[h] = 1 (start excluded); returns the count."""
    dist = np.full(NUM_HEXES, -1, np.int64)
    queue = np.empty(NUM_HEXES, np.int64)
    dist[start] = 0
    queue[0] = start
    head, tail, count = 0, 1, 0
    for h in range(NUM_HEXES):
        out[h] = 0
    while head < tail:
        h = queue[head]
        head += 1
        if dist[h] == VEHICLE_STEPS:
            continue
        for d in range(NUM_DIRECTIONS):
            n = nbr[h, d]
            if n >= 0 and dist[n] < 0 and _vehicle_can_enter(buf, kind, n):
                dist[n] = dist[h] + 1
                queue[tail] = n
                tail += 1
                out[n] = 1
                count += 1
    return count


@njit(**INLINE)
def _rosette_free(buf, nbr, centre):
    """The 7 hexes of a city hall on `centre` all exist and are empty, buildable and not next
    to a warrior (§12.3, D28)."""
    if buf[OWNER + centre] != EMPTY or buf[TERRAIN + centre] > BUILDABLE_MAX:
        return False
    if blocked(buf, centre):
        return False
    for d in range(NUM_DIRECTIONS):
        n = nbr[centre, d]
        if n < 0 or buf[OWNER + n] != EMPTY or buf[TERRAIN + n] > BUILDABLE_MAX:
            return False
        if blocked(buf, n):
            return False
    return True


@njit(**INLINE)
def _touches_player(buf, nbr, h, player):
    for d in range(NUM_DIRECTIONS):
        n = nbr[h, d]
        if n >= 0 and buf[OWNER + n] == player:
            return True
    return False


@njit(**KERNEL)
def city_hall_targets(buf, nbr, player, out):
    """§12.3 City Hall (D28, `required`): centres of a free 7-hex rosette one of whose hexes
    touches one of the player's settlements; on the Island too (§15.3; marked when `out`
    has room). Returns the count."""
    count = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        if not _rosette_free(buf, nbr, h):
            continue
        touches = _touches_player(buf, nbr, h, player)
        for d in range(NUM_DIRECTIONS):
            touches = touches or _touches_player(buf, nbr, nbr[h, d], player)
        if touches:
            out[h] = 1
            count += 1
    if island_on(buf):  # a rosette on the island next to island settlements (§15.3)
        for h in range(NUM_HEXES, X_HEXES):
            if h < out.shape[0]:
                out[h] = 0
            if _island_rosette(buf, nbr, h, player):
                mark_hex(out, h)
                count += 1
    return count


@njit(**KERNEL)
def _island_rosette(buf, nbr, centre, player):
    """A city hall fits on island hex number `centre`: its 7 hexes exist and are free, and
    one of them touches one of the player's island pieces (§12.3, D28, §15.3)."""
    if not free_at(buf, centre):
        return False
    touches = _touches_at(buf, nbr, centre, player)
    for d in range(NUM_DIRECTIONS):
        n = neighbour_at(nbr, centre, d)
        if n < 0 or not free_at(buf, n):
            return False
        touches = touches or _touches_at(buf, nbr, n, player)
    return touches


@njit(**INLINE)
def _touches_at(buf, nbr, h, player):
    for d in range(NUM_DIRECTIONS):
        n = neighbour_at(nbr, h, d)
        if n >= 0 and owner_at(buf, n) == player:
            return True
    return False


@njit(**INLINE)
def _home_country(buf, nbr, player):
    """A whole terrain area (maximal same-terrain group, D30: any terrain) held by the player.
    With the Island its own terrain areas count too (§15.3: other cards score normally); an
    island area never joins a main-board one, as no island hex touches the board."""
    hexes = _task_hexes(buf)
    seen = np.zeros(hexes, np.int8)
    stack = np.empty(hexes, np.int64)
    for start in range(hexes):
        if seen[start] or owner_at(buf, start) != player:
            continue
        terrain = terrain_at(buf, start)
        seen[start] = 1
        stack[0] = start
        top, whole = 1, True
        while top > 0:
            top -= 1
            h = stack[top]
            if owner_at(buf, h) != player:
                whole = False
            for d in range(NUM_DIRECTIONS):
                n = neighbour_at(nbr, h, d)
                if n >= 0 and not seen[n] and terrain_at(buf, n) == terrain:
                    seen[n] = 1
                    stack[top] = n
                    top += 1
        if whole:
            return True
    return False


@njit(**INLINE)
def _ringed(buf, nbr, h, player, edge_ok):
    """Every neighbour of h holds one of the player's settlements; a missing neighbour (the
    board edge) fails unless `edge_ok`."""
    for d in range(NUM_DIRECTIONS):
        n = neighbour_at(nbr, h, d)  # an island hex's neighbours are island hexes (§15.3)
        if n < 0 and not edge_ok:
            return False
        if n >= 0 and owner_at(buf, n) != player:
            return False
    return True


@njit(**KERNEL)
def _task_hexes(buf):
    """How many hex numbers the ringed tasks look at: the main board's, then the Island's
    when it is in play (§15.3: its settlements and specials count like any others)."""
    return X_HEXES if island_on(buf) else NUM_HEXES


@njit(**INLINE)
def _fortress(buf, nbr, player):
    """One settlement with all 6 neighbours the player's (so never on the board edge)."""
    for h in range(_task_hexes(buf)):
        if owner_at(buf, h) == player and _ringed(buf, nbr, h, player, False):
            return True
    return False


@njit(**INLINE)
def _road(buf, nbr, player):
    """At least 7 settlements in an unbroken line along a diagonal axis (not horizontal)."""
    for axis in range(len(DIAGONALS)):
        forward, backward = DIAGONALS[axis]
        for h in range(NUM_HEXES):
            if buf[OWNER + h] != player:
                continue
            b = nbr[h, backward]
            if b >= 0 and buf[OWNER + b] == player:
                continue  # not the start of its run
            length, n = 1, nbr[h, forward]
            while n >= 0 and buf[OWNER + n] == player:
                length += 1
                n = nbr[n, forward]
            if length >= ROAD_LENGTH:
                return True
    return False


@njit(**INLINE)
def _place_of_refuge(buf, nbr, player):
    """A castle, location, nomad space (palace, silo: D30) whose every on-board neighbour holds
    one of the player's settlements."""
    for h in range(_task_hexes(buf)):
        if terrain_at(buf, h) >= CASTLE and _ringed(buf, nbr, h, player, True):
            return True
    return False


@njit(**INLINE)
def edge_counts(buf, player, out):
    """out int64[4]: the player's settlements on the top, bottom, left and right board edge
    (§2.2; a corner counts for both of its edges; the main board only, D47)."""
    for e in range(4):
        out[e] = 0
    for h in range(NUM_HEXES):
        if buf[OWNER + h] != player:
            continue
        r, c = h // COLS, h % COLS
        if r == 0:
            out[0] += 1
        if r == ROWS - 1:
            out[1] += 1
        if c == 0:
            out[2] += 1
        if c == COLS - 1:
            out[3] += 1


@njit(**KERNEL)
def meets_task(buf, nbr, player, task):
    """§12.4: does `player` meet task card `task` now?"""
    if task == HOME_COUNTRY:
        return _home_country(buf, nbr, player)
    if task == FORTRESS:
        return _fortress(buf, nbr, player)
    if task == ROAD:
        return _road(buf, nbr, player)
    if task == PLACE_OF_REFUGE:
        return _place_of_refuge(buf, nbr, player)
    edges = np.empty(4, np.int64)
    edge_counts(buf, player, edges)
    if task == ADVANCE:
        return edges.max() >= ADVANCE_COUNT
    return edges.min() >= 1  # Compass Points


@njit(**KERNEL)
def score_tasks(buf, nbr, player):
    """§12.4: each task card in play pays its gold once to every player meeting it."""
    gold = 0
    for k in range(SECTIONS_PER_GAME):
        task = buf[TASKS + k]
        if task != EMPTY and meets_task(buf, nbr, player, task):
            gold += GOLD_OF_TASK[task]
    return gold


@njit(**INLINE)
def deal_tasks(buf):
    """§3.2 Crossroads: one task card at random per Crossroads section on the board (0-4)."""
    count = 0
    for k in range(SECTIONS_PER_GAME):
        buf[TASKS + k] = EMPTY
        count += IS_CROSSROADS_SECTION[buf[SECTIONS + k]]
    order = np.arange(NUM_TASKS)
    shuffle(buf[RNG : RNG + RNG_WORDS], order, NUM_TASKS)
    for k in range(count):
        buf[TASKS + k] = order[k]
