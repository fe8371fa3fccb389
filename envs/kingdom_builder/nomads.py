"""numba kernels for the Nomads expansion (spec §11) that need no turn logic: the targets of
the four Nomads location tiles and of the nomad tiles, taking nomad tiles, the in-game cards
Families, Shepherds and Ambassadors, and the nomad set-up (§3.2). kernels.py calls them from
its existing entry points (mask, step, build, move), on Big Box buffers only (`is_big`).
"""

import numpy as np
from numba import njit

from eurogym.envs.core.hexgrid import NUM_DIRECTIONS, has_neighbour_equal
from eurogym.envs.core.jit import INLINE, KERNEL
from eurogym.envs.core.rng import RNG_WORDS, shuffle
from eurogym.envs.kingdom_builder.crossroads import (
    blocked,
    crossroads_on,
    free_at,
    is_plain_settlement,
    next_to_warrior,
)
from eurogym.envs.kingdom_builder.island import (
    clear_hexes,
    hex_count,
    island_on,
    island_settlements,
    mark_hex,
    neighbour_at,
    next_to_own,
    owner_at,
    piece_at,
    terrain_at,
    walk_at,
)
from eurogym.envs.kingdom_builder.state import (
    BASE_SIZE,
    BONUS_GOLD,
    CARDS,
    DUAL_SWAMP,
    EMPTY,
    ISLAND_OWNER,
    ISLAND_TERRAIN_AT,
    MANDATORY_HEXES,
    MANDATORY_SETTLEMENTS,
    MANDATORY_TOTAL,
    MAX_NOMAD_SPACES,
    NOMAD_HEX,
    NOMAD_NEW,
    NOMAD_TILE,
    NUM_NOMAD_KINDS,
    NUM_PLAYERS,
    OWNER,
    PIECE_SCOUT,
    PLAYED,
    RNG,
    TERRAIN,
    WALLS_LEFT,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    BUILDABLE_MAX,
    CARDS_PER_GAME,
    DUAL_CARDS,
    ISLAND_HEXES,
    ISLAND_NEIGHBOURS,
    NOMAD_DONATION_TERRAIN,
    NOMAD_KINDS,
    NOMAD_SPACE,
    NUM_HEXES,
    SWAMP,
    card_param,
)

# Nomad tile kinds (tables.NOMAD_KINDS order): donations 0..6, then these.
SWORD, TREASURE, OUTPOST, RESETTLEMENT = (
    NOMAD_KINDS.index(k) for k in ("sword", "treasure", "outpost", "resettlement")
)
NUM_DONATIONS = SWORD
DONATION_TERRAIN = np.array(NOMAD_DONATION_TERRAIN, np.int64)
TREASURE_GOLD = 3  # §11.1
VILLAGE_NEIGHBOURS = 3  # §11.2
FAMILIES, SHEPHERDS, AMBASSADORS = (
    ALL_CARD_NAMES.index(c) for c in ("families", "shepherds", "ambassadors")
)
FAMILIES_GOLD = card_param("families", "gold")
SHEPHERDS_GOLD = card_param("shepherds", "gold")
AMBASSADORS_GOLD = card_param("ambassadors", "gold")


@njit(**KERNEL)
def is_big(buf):
    """A Big Box buffer (BigBoxState): the expansion fields exist."""
    return buf.shape[0] > BASE_SIZE


@njit(**INLINE)
def own_neighbours(owner, nbr, player, h):
    """How many of h's neighbours (table `nbr`) hold one of the player's pieces (`owner`
    indexed like that table: the main board's, or the Island's own)."""
    count = 0
    for d in range(NUM_DIRECTIONS):
        n = nbr[h, d]
        if n >= 0 and owner[n] == player:
            count += 1
    return count


@njit(**INLINE)
def village_targets(buf, nbr, player, out):
    """§11.2 Village: empty buildable hexes next to at least 3 of the player's settlements;
    on the Island next to 3 of their island settlements (§15.3; marked when `out` has room)."""
    warriors = crossroads_on(buf)  # once, not per hex: this loop runs on every main step
    owner = buf[OWNER : OWNER + NUM_HEXES]
    count = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        if buf[OWNER + h] != EMPTY or buf[TERRAIN + h] > BUILDABLE_MAX:
            continue
        if warriors and next_to_warrior(buf, h):
            continue
        if own_neighbours(owner, nbr, player, h) >= VILLAGE_NEIGHBOURS:
            out[h] = 1
            count += 1
    if island_on(buf):
        island = buf[ISLAND_OWNER : ISLAND_OWNER + ISLAND_HEXES]
        for i in range(ISLAND_HEXES):
            h = NUM_HEXES + i
            if h < out.shape[0]:
                out[h] = 0
            around = own_neighbours(island, ISLAND_NEIGHBOURS, player, i)
            if free_at(buf, h) and around >= VILLAGE_NEIGHBOURS:
                mark_hex(out, h)
                count += 1
    return count


@njit(**KERNEL)
def quarry_targets(buf, nbr, player, out):
    """§11.2 Quarry: empty hexes of the played terrain next to one of the player's settlements
    (`required`), while walls are left; a dual card's played terrain is the one chosen (D31).
    Island hexes next to the player's island settlements too (§15.3; marked when `out` has
    room). Returns the count."""
    played = buf[PLAYED]
    if played >= DUAL_CARDS:
        played = SWAMP if buf[DUAL_SWAMP] == 1 else played - DUAL_CARDS
    owner = buf[OWNER : OWNER + NUM_HEXES]
    count = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        if played == EMPTY or buf[WALLS_LEFT] == 0:
            continue
        if owner[h] == EMPTY and buf[TERRAIN + h] == played and not blocked(buf, h):
            if has_neighbour_equal(nbr, h, owner, player, EMPTY):
                out[h] = 1
                count += 1
    if island_on(buf) and played != EMPTY and buf[WALLS_LEFT] > 0:  # next to island ones
        for i in range(ISLAND_HEXES):
            h = NUM_HEXES + i
            if h < out.shape[0]:
                out[h] = 0
            empty = buf[ISLAND_OWNER + i] == EMPTY and buf[ISLAND_TERRAIN_AT + i] == played
            if empty and next_to_own(buf, i, player, EMPTY):
                mark_hex(out, h)
                count += 1
    return count


@njit(**INLINE)
def caravan_stop(buf, nbr, origin, d):
    """§11.2 Caravan, D26: where a settlement on `origin` sliding in direction d stops (the
    last free hex before an obstacle or the board edge), or EMPTY if the first hex is one.
    An island settlement slides on the island, whose border is its edge (§15.3)."""
    stop = EMPTY
    h = neighbour_at(nbr, origin, d)
    while h >= 0 and free_at(buf, h):
        stop = h
        h = neighbour_at(nbr, h, d)
    return stop


@njit(**INLINE)
def caravan_targets(buf, nbr, origin, out):
    """The Caravan destinations of the settlement on `origin`, one per open direction."""
    clear_hexes(out)
    count = 0
    for d in range(NUM_DIRECTIONS):
        stop = caravan_stop(buf, nbr, origin, d)
        if stop >= 0:
            mark_hex(out, stop)
            count += 1
    return count


@njit(**KERNEL)
def step_targets(buf, nbr, origin, out):
    """§11.1 Resettlement: one step from `origin` to an adjacent empty buildable hex (an
    island hex from an island settlement, §15.3; marked when `out` has room)."""
    clear_hexes(out)
    count = 0
    for d in range(NUM_DIRECTIONS):
        n = neighbour_at(nbr, origin, d)
        if n >= 0 and free_at(buf, n):
            mark_hex(out, n)
            count += 1
    return count


@njit(**KERNEL)
def resettle_origins(buf, nbr, player, out):
    """Settlements of `player` that can take a Resettlement step (not Crossroads pieces, D17),
    island settlements too (§15.3)."""
    clear_hexes(out)
    count = 0
    for h in range(hex_count(buf)):
        if owner_at(buf, h) != player or not is_plain_settlement(buf, h):
            continue
        for d in range(NUM_DIRECTIONS):
            n = neighbour_at(nbr, h, d)
            if n >= 0 and free_at(buf, n):
                mark_hex(out, h)
                count += 1
                break
    return count


@njit(**KERNEL)
def has_settlement(buf, player):
    """A settlement of `player` a Sword can remove: not a Crossroads piece (D19, D17); on the
    Island too (§15.3)."""
    for h in range(NUM_HEXES):
        if buf[OWNER + h] == player and is_plain_settlement(buf, h):
            return True
    return island_on(buf) and island_settlements(buf, player, np.empty(0, np.int8)) > 0


@njit(**INLINE)
def take_nomad_tiles(buf, nbr, player, h):
    """§11.1: a settlement arriving on `h` takes the tile of each adjacent nomad space that
    still holds one. Treasure pays 3 gold at once and leaves the game; any other tile is new
    (usable on the player's next turn)."""
    for d in range(NUM_DIRECTIONS):
        n = nbr[h, d]
        if n < 0 or buf[TERRAIN + n] != NOMAD_SPACE:
            continue
        for j in range(MAX_NOMAD_SPACES):
            kind = buf[NOMAD_TILE + j]
            if buf[NOMAD_HEX + j] == n and kind != EMPTY:
                buf[NOMAD_TILE + j] = EMPTY
                if kind == TREASURE:
                    buf[BONUS_GOLD + player] += TREASURE_GOLD
                else:
                    buf[NOMAD_NEW + player * NUM_NOMAD_KINDS + kind] += 1


@njit(**KERNEL)
def card_in_play(buf, card):
    for i in range(CARDS_PER_GAME):
        if buf[CARDS + i] == card:
            return True
    return False


@njit(**KERNEL)
def score_placement(buf, nbr, player, h):
    """§11.3 Shepherds and Ambassadors, checked when a settlement is placed (built or moved,
    D21): Shepherds 2 gold if no neighbour is an empty hex of the hex's own terrain;
    Ambassadors 1 gold if a neighbour holds another player's settlement (walls are nobody's).
    h may be an island hex (§15.3: its neighbours are island hexes, never scouts)."""
    if card_in_play(buf, SHEPHERDS):
        lonely = True
        for d in range(NUM_DIRECTIONS):
            n = neighbour_at(nbr, h, d)
            # a hex holding a scout counts as empty: scouts do not count for Shepherds (§14.3)
            free = owner_at(buf, n) == EMPTY or _scout(buf, n) if n >= 0 else False
            if n >= 0 and free and terrain_at(buf, n) == terrain_at(buf, h):
                lonely = False
        if lonely:
            buf[BONUS_GOLD + player] += SHEPHERDS_GOLD
    if card_in_play(buf, AMBASSADORS):
        n_players = buf[NUM_PLAYERS]
        for d in range(NUM_DIRECTIONS):
            n = neighbour_at(nbr, h, d)
            if n >= 0:
                other = owner_at(buf, n)
                scout = _scout(buf, n)  # scouts count for nobody (§14.3)
                if other != EMPTY and other != player and other < n_players and not scout:
                    buf[BONUS_GOLD + player] += AMBASSADORS_GOLD
                    break


@njit(**KERNEL)
def _scout(buf, h):
    """Hex number h holds a Harvest scout (on either board, §15.3)."""
    return piece_at(buf, h) == PIECE_SCOUT


@njit(**INLINE)
def score_families(buf, nbr, player):
    """§11.3 Families (D22): 2 gold if the 3 mandatory settlements of the turn lie in one
    contiguous straight line (a start hex and two steps in one direction); a turn with another
    mandatory count (swamp, temple settlements, §13) never qualifies (D58)."""
    if not card_in_play(buf, FAMILIES) or buf[MANDATORY_TOTAL] != MANDATORY_SETTLEMENTS:
        return
    hexes = buf[MANDATORY_HEXES : MANDATORY_HEXES + MANDATORY_SETTLEMENTS]
    for i in range(MANDATORY_SETTLEMENTS):
        if hexes[i] == EMPTY:
            return
    for i in range(MANDATORY_SETTLEMENTS):
        for d in range(NUM_DIRECTIONS):
            one, two = walk_at(nbr, hexes[i], d, 1), walk_at(nbr, hexes[i], d, 2)
            others = 0
            for k in range(MANDATORY_SETTLEMENTS):
                if k != i and (hexes[k] == one or hexes[k] == two) and one >= 0 and two >= 0:
                    others += 1
            if others == 2 and one != two:
                buf[BONUS_GOLD + player] += FAMILIES_GOLD
                return


@njit(**INLINE)
def deal_nomads(buf, nomad_counts, walls):
    """§3.2 Nomads: the nomad spaces in board order, one tile from the shuffled 15 face up on
    each (the rest leave the game), and the stone walls."""
    for j in range(MAX_NOMAD_SPACES):
        buf[NOMAD_HEX + j] = EMPTY
        buf[NOMAD_TILE + j] = EMPTY
    spaces = 0
    for h in range(NUM_HEXES):
        if buf[TERRAIN + h] == NOMAD_SPACE and spaces < MAX_NOMAD_SPACES:
            buf[NOMAD_HEX + spaces] = h
            spaces += 1
    total = 0
    for k in range(nomad_counts.shape[0]):
        total += nomad_counts[k]
    bag = np.empty(total, np.int64)
    i = 0
    for k in range(nomad_counts.shape[0]):
        for _ in range(nomad_counts[k]):
            bag[i] = k
            i += 1
    shuffle(buf[RNG : RNG + RNG_WORDS], bag, total)
    for j in range(spaces):
        buf[NOMAD_TILE + j] = bag[j]
    buf[WALLS_LEFT] = walls
