"""Final scoring (§8, §9, §10): the ten base Kingdom Builder cards and castles, one kernel per
card. "Settlement" is every piece a player has on the board, including ones on water (Harbor,
Donation, ship) and mountains (Donation, wagon) and the Crossroads pieces (D17: a city hall
is 7 settlements, a wagon, ship or warrior one each); stone walls (owner WALL) belong to
nobody. The Nomads
cards (§11.3) score during play (state field bonus_gold), so they add nothing here.

With the Island (§15.3) the base cards and castles read the board numbered like
tables.X_HEXES (board_arrays, with `nbr` = tables.X_NEIGHBOURS): island settlements score as
anywhere else and island rows are rows of their own for Discoverers and Knights; the Island is
no section for Farmers and Lords (D47)."""

import numpy as np
from numba import njit

from eurogym.envs.core.hexgrid import NUM_DIRECTIONS, has_neighbour_equal, label_components
from eurogym.envs.core.jit import ENTRY, INLINE, KERNEL
from eurogym.envs.core.ranking import dense_places
from eurogym.envs.kingdom_builder.crossroads import score_tasks
from eurogym.envs.kingdom_builder.harvest import MAYORS, score_mayors
from eurogym.envs.kingdom_builder.island import island_on
from eurogym.envs.kingdom_builder.marshlands import (
    marshlands_on,
    score_geologists,
    score_messengers,
    score_noblewomen,
    score_palaces,
    score_scouts,
    score_vassals,
)
from eurogym.envs.kingdom_builder.queenies import score_capitals
from eurogym.envs.kingdom_builder.state import (
    BONUS_GOLD,
    CARDS,
    ISLAND_OWNER,
    ISLAND_TERRAIN_AT,
    LORDS_ZERO,
    NUM_PLAYERS,
    OWNER,
    TERRAIN,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    CASTLE,
    COLS,
    ISLAND_COLS,
    ISLAND_ROWS,
    MOUNTAIN,
    NUM_HEXES,
    ROWS,
    SECTION_SIZE,
    SECTIONS_PER_GAME,
    STAND_IN_CARDS,
    WATER,
    X_HEXES,
    card_param,
)

(FISHERMEN, MINERS, WORKERS, MERCHANTS, DISCOVERERS,
 KNIGHTS, HERMITS, CITIZENS, FARMERS, LORDS) = range(10)  # fmt: skip
CASTLE_GOLD = 3  # §8
MERCHANTS_GOLD = card_param("merchants", "gold_per_hex")
KNIGHTS_GOLD = card_param("knights", "gold_per_settlement")
FARMERS_GOLD = card_param("farmers", "gold_per_settlement")
LORDS_FIRST = card_param("lords", "first")
LORDS_SECOND = card_param("lords", "second")
GEOLOGISTS, MESSENGERS, NOBLEWOMEN, VASSALS, SCOUTS = (
    ALL_CARD_NAMES.index(c) for c in STAND_IN_CARDS
)  # stand-in cards (§13.4), in cards.json order
FIRST_STAND_IN = GEOLOGISTS
GEOLOGISTS_GOLD = card_param("geologists", "gold_per_mountain")
MESSENGERS_GOLD = card_param("messengers", "gold_per_hex")
NOBLEWOMEN_GOLD = card_param("noblewomen", "gold_per_palace")
VASSALS_GOLD = card_param("vassals", "gold_per_settlement")
SCOUTS_GOLD = card_param("scouts", "gold_per_settlement")


@njit(**KERNEL)
def board_arrays(buf):
    """(terrain, owner) copies of every hex in the hex numbering: the main board's 400, then
    the Island's when it is in play (§15.3)."""
    if not island_on(buf):
        return buf[TERRAIN : TERRAIN + NUM_HEXES].copy(), buf[OWNER : OWNER + NUM_HEXES].copy()
    terrain = np.empty(X_HEXES, np.int64)
    owner = np.empty(X_HEXES, np.int64)
    terrain[:NUM_HEXES] = buf[TERRAIN : TERRAIN + NUM_HEXES]
    owner[:NUM_HEXES] = buf[OWNER : OWNER + NUM_HEXES]
    terrain[NUM_HEXES:] = buf[ISLAND_TERRAIN_AT : ISLAND_TERRAIN_AT + X_HEXES - NUM_HEXES]
    owner[NUM_HEXES:] = buf[ISLAND_OWNER : ISLAND_OWNER + X_HEXES - NUM_HEXES]
    return terrain, owner


@njit(**KERNEL)
def _is_special(code):
    """Castle, location (and the expansions' nomad space, palace, silo): codes 9..13."""
    return code >= CASTLE


@njit(**INLINE)
def _touches_special(nbr, terrain, h):
    for d in range(NUM_DIRECTIONS):
        n = nbr[h, d]
        if n >= 0 and _is_special(terrain[n]):
            return True
    return False


@njit(**KERNEL)
def score_adjacent_terrain(buf, nbr, player, target):
    """Fishermen (water) / Miners (mountain): 1 per settlement next to `target` terrain; a
    settlement standing on that terrain earns nothing (§10, D16)."""
    terrain, owner = board_arrays(buf)
    gold = 0
    for h in range(owner.shape[0]):
        if (
            owner[h] == player
            and terrain[h] != target
            and has_neighbour_equal(nbr, h, terrain, target, -1)
        ):
            gold += 1
    return gold


@njit(**INLINE)
def score_workers(buf, nbr, player):
    """Workers: 1 per settlement next to a special hex (castle, location)."""
    terrain, owner = board_arrays(buf)
    gold = 0
    for h in range(owner.shape[0]):
        if owner[h] == player and _touches_special(nbr, terrain, h):
            gold += 1
    return gold


@njit(**INLINE)
def score_merchants(buf, nbr, player):
    """Merchants: 4 per special hex H such that one settlement area of the player touches H
    and at least one other special hex (each H counted once; D9)."""
    terrain, owner = board_arrays(buf)
    labels = np.empty(owner.shape[0], np.int64)
    num_areas = label_components(nbr, owner, player, labels)
    specials_per_area = np.zeros(num_areas + 1, np.int64)
    for h in range(owner.shape[0]):  # count the distinct special hexes each area touches
        if _is_special(terrain[h]):
            for area in _areas_touching(nbr, labels, h):
                specials_per_area[area] += 1
    gold = 0
    for h in range(owner.shape[0]):
        if _is_special(terrain[h]):
            for area in _areas_touching(nbr, labels, h):
                if specials_per_area[area] >= 2:
                    gold += MERCHANTS_GOLD
                    break
    return gold


@njit(**KERNEL)
def _areas_touching(nbr, labels, h):
    """Distinct area labels among the neighbours of h (int64 array, possibly empty)."""
    found = np.empty(NUM_DIRECTIONS, np.int64)
    count = 0
    for d in range(NUM_DIRECTIONS):
        n = nbr[h, d]
        if n < 0 or labels[n] < 0:
            continue
        duplicate = False
        for i in range(count):
            if found[i] == labels[n]:
                duplicate = True
        if not duplicate:
            found[count] = labels[n]
            count += 1
    return found[:count]


@njit(**INLINE)
def _row_counts(owner, player, out):
    """out[r]: the player's settlements on row r: the board's 20, then the Island's 5."""
    for r in range(out.shape[0]):
        out[r] = 0
    for h in range(owner.shape[0]):
        if owner[h] == player:
            out[h // COLS if h < NUM_HEXES else ROWS + (h - NUM_HEXES) // ISLAND_COLS] += 1


@njit(**INLINE)
def score_rows(buf, player, card):
    """Discoverers: 1 per row with a settlement. Knights: 2 per settlement on the player's
    fullest row. Island rows count as rows (§15.3)."""
    _, owner = board_arrays(buf)
    counts = np.empty(ROWS + (ISLAND_ROWS if owner.shape[0] > NUM_HEXES else 0), np.int64)
    _row_counts(owner, player, counts)
    if card == DISCOVERERS:
        return np.count_nonzero(counts)
    return KNIGHTS_GOLD * counts.max()


@njit(**INLINE)
def score_areas(buf, nbr, player, card):
    """Hermits: 1 per settlement area. Citizens: 1 per 2 settlements of the largest area."""
    _, owner = board_arrays(buf)
    labels = np.empty(owner.shape[0], np.int64)
    num_areas = label_components(nbr, owner, player, labels)
    if card == HERMITS:
        return num_areas
    sizes = np.zeros(num_areas + 1, np.int64)
    for h in range(owner.shape[0]):
        if labels[h] >= 0:
            sizes[labels[h]] += 1
    return sizes.max() // 2


@njit(**KERNEL)
def section_counts(buf, out):
    """out int64[4, P]: settlements of each player in each quadrant (§2.2)."""
    owner = buf[OWNER : OWNER + NUM_HEXES]
    out[:, :] = 0
    for h in range(NUM_HEXES):
        if 0 <= owner[h] < out.shape[1]:  # a seat: not empty, not a stone wall
            r, c = h // COLS, h % COLS
            out[2 * (r // SECTION_SIZE) + c // SECTION_SIZE, owner[h]] += 1


@njit(**INLINE)
def score_farmers(buf, player):
    """Farmers: 3 per settlement in the section where the player has the fewest."""
    counts = np.empty((SECTIONS_PER_GAME, buf[NUM_PLAYERS]), np.int64)
    section_counts(buf, counts)
    return FARMERS_GOLD * counts[:, player].min()


@njit(**INLINE)
def score_lords(buf, player):
    """Lords: per section, 12 to all tied for most (>= 1), 6 to all tied at the next distinct
    count (0 allowed unless lords_zero_can_be_second is off, D8); empty sections pay nothing."""
    n = buf[NUM_PLAYERS]
    counts = np.empty((SECTIONS_PER_GAME, n), np.int64)
    section_counts(buf, counts)
    places = np.empty(n, np.int64)
    min_second = 0 if buf[LORDS_ZERO] else 1
    gold = 0
    for s in range(SECTIONS_PER_GAME):
        dense_places(counts[s], 2, 1, min_second, places)
        if places[player] == 0:
            gold += LORDS_FIRST
        elif places[player] == 1:
            gold += LORDS_SECOND
    return gold


@njit(**INLINE)
def score_castles(buf, nbr, player):
    """§8: 3 gold per castle hex with at least one of the player's settlements next to it."""
    terrain, owner = board_arrays(buf)
    gold = 0
    for h in range(owner.shape[0]):
        if terrain[h] == CASTLE and has_neighbour_equal(nbr, h, owner, player, -1):
            gold += CASTLE_GOLD
    return gold


@njit(**INLINE)
def score_card(buf, nbr, player, card):
    """Gold from one Kingdom Builder card (§10)."""
    if card == FISHERMEN:
        return score_adjacent_terrain(buf, nbr, player, WATER)
    if card == MINERS:
        return score_adjacent_terrain(buf, nbr, player, MOUNTAIN)
    if card == WORKERS:
        return score_workers(buf, nbr, player)
    if card == MERCHANTS:
        return score_merchants(buf, nbr, player)
    if card == DISCOVERERS or card == KNIGHTS:
        return score_rows(buf, player, card)
    if card == HERMITS or card == CITIZENS:
        return score_areas(buf, nbr, player, card)
    if card == FARMERS:
        return score_farmers(buf, player)
    if card == LORDS:
        return score_lords(buf, player)
    if card == MAYORS:  # §14.4: 4 gold per marked row (Rovers pays during play)
        return score_mayors(buf, player)
    if FIRST_STAND_IN <= card <= SCOUTS:  # §13.4: stand-in readings of lost Marshlands cards
        return _score_stand_in(buf, nbr, player, card)
    return 0  # an in-game card (§11.3, Rovers §14.4): its gold was scored during play


@njit(**INLINE)
def _score_stand_in(buf, nbr, player, card):
    if card == GEOLOGISTS:
        return score_geologists(buf, nbr, player, GEOLOGISTS_GOLD)
    if card == MESSENGERS:
        return score_messengers(buf, nbr, player, MESSENGERS_GOLD)
    if card == NOBLEWOMEN:
        return score_noblewomen(buf, nbr, player, NOBLEWOMEN_GOLD)
    if card == VASSALS:
        return score_vassals(buf, nbr, player, VASSALS_GOLD)
    return score_scouts(buf, nbr, player, SCOUTS_GOLD)


@njit(**ENTRY)
def score_breakdown(buf, nbr, out):
    """out int64[P, 4]: gold per player from the 3 game cards (columns 0-2) and castles (3;
    with Marshlands also the palaces, §13.2, D59); Big Box games (7 columns) add the gold
    scored during play (4), capitals (5, §15.1) and the Crossroads task cards (6, §12.4)."""
    for p in range(buf[NUM_PLAYERS]):
        for i in range(3):
            out[p, i] = score_card(buf, nbr, p, buf[CARDS + i])
        out[p, 3] = score_castles(buf, nbr, p)
        if out.shape[1] > 4:
            if marshlands_on(buf):
                out[p, 3] += score_palaces(buf, nbr, p)
            out[p, 4] = buf[BONUS_GOLD + p]
            out[p, 5] = score_capitals(buf, p)
            out[p, 6] = score_tasks(buf, nbr, p)
