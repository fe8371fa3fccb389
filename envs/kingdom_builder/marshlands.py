"""Marshlands kernels (§13) on a BigBoxState buffer: dual terrain cards in the deck and the
piles (§13.1), palaces (§13.2), the Fountain and Refuge targets and the Refuge bonus
(§13.3); kernels.py wires them into the turn, with the Canoe reaction and the Temple.

Card values: below NUM_CARD_TERRAINS a classic card of that terrain, DUAL_CARDS + X the
swamp/X card. The played *terrain* of a dual card depends on the player's choice
(`dual_swamp`); `played_terrain` is what every "played terrain" rule reads (D31). The deck
is one pile of up to 30 cards: positions 0..24 in the base `deck` field, 25..29 in `xdeck`,
so a game without Marshlands keeps its base layout and its shuffles.
"""

import numpy as np
from numba import njit

from eurogym.envs.core.hexgrid import NUM_DIRECTIONS
from eurogym.envs.core.jit import KERNEL
from eurogym.envs.core.rng import RNG_WORDS, shuffle
from eurogym.envs.kingdom_builder.crossroads import blocked, free_at, is_plain_settlement
from eurogym.envs.kingdom_builder.island import (
    clear_hexes,
    hex_count,
    mark_hex,
    neighbour_at,
    owner_at,
    terrain_at,
)
from eurogym.envs.kingdom_builder.state import (
    BASE_SIZE,
    DECK,
    DECK_SIZE_AT,
    DISCARD,
    DUAL_SWAMP,
    EMPTY,
    EXPANSION_FLAGS,
    NUM_PLAYERS,
    OWNER,
    PLAYED,
    REMOVED,
    RNG,
    SCOUTS_TERRAIN,
    TERRAIN,
    XDECK,
    XDISCARD,
    XREMOVED,
)
from eurogym.envs.kingdom_builder.tables import (
    BUILDABLE_MAX,
    DECK_SIZE,
    DUAL_CARDS,
    DUAL_DECK_SIZE,
    EXPANSIONS,
    ISLAND_COLS,
    MOUNTAIN,
    NUM_CARD_TERRAINS,
    NUM_HEXES,
    PALACE,
    SWAMP,
)

MARSHLANDS_FLAG = EXPANSIONS.index("marshlands")
PALACE_GOLD = 5  # §13.2
FULL_DECK = DECK_SIZE + DUAL_DECK_SIZE


@njit(**KERNEL)
def marshlands_on(buf):
    """A Big Box buffer with the Marshlands expansion in play."""
    return buf.shape[0] > BASE_SIZE and buf[EXPANSION_FLAGS + MARSHLANDS_FLAG] == 1


@njit(**KERNEL)
def card_terrain(card):
    """The non-swamp terrain a card shows (a dual card's other half); EMPTY stays EMPTY."""
    return card - DUAL_CARDS if card >= DUAL_CARDS else card


@njit(**KERNEL)
def played_terrain(buf):
    """The played terrain of the turn (§13.1, D31): the played card's terrain, swamp for a
    dual card played as swamp; EMPTY without a played card. Base buffers never hold a dual
    card, so they read `played` as before."""
    card = buf[PLAYED]
    if card < DUAL_CARDS:
        return card
    if buf[DUAL_SWAMP] == 1:
        return SWAMP
    return card - DUAL_CARDS


@njit(**KERNEL)
def discard_card(buf, card):
    """Put a card (classic or dual) on the discard pile."""
    if card < DUAL_CARDS:
        buf[DISCARD + card] += 1
    else:
        buf[XDISCARD + card - DUAL_CARDS] += 1


@njit(**KERNEL)
def remove_card(buf, card):
    """Take a card out of the game (§5's exception; Scouts)."""
    if card < DUAL_CARDS:
        buf[REMOVED + card] += 1
    else:
        buf[XREMOVED + card - DUAL_CARDS] += 1


@njit(**KERNEL)
def deck_get(buf, i):
    """Card at deck position i (0 = bottom)."""
    return buf[DECK + i] if i < DECK_SIZE else buf[XDECK + i - DECK_SIZE]


@njit(**KERNEL)
def deck_set(buf, i, card):
    if i < DECK_SIZE:
        buf[DECK + i] = card
    else:
        buf[XDECK + i - DECK_SIZE] = card


@njit(**KERNEL)
def refill_deck(buf):
    """§4 step 5 with the dual cards: the discard pile (classic cards by terrain, then the
    dual cards) shuffled into a new deck. Without dual cards in the pile the order and the
    random draws are those of the base refill, so other games play as before."""
    pile = np.empty(FULL_DECK, np.int64)
    size = 0
    for t in range(NUM_CARD_TERRAINS):
        for _ in range(buf[DISCARD + t]):
            pile[size] = t
            size += 1
        buf[DISCARD + t] = 0
    if buf.shape[0] > BASE_SIZE:
        for t in range(DUAL_DECK_SIZE):
            for _ in range(buf[XDISCARD + t]):
                pile[size] = DUAL_CARDS + t
                size += 1
            buf[XDISCARD + t] = 0
    shuffle(buf[RNG : RNG + RNG_WORDS], pile, size)
    for i in range(size):
        deck_set(buf, i, pile[i])
    buf[DECK_SIZE_AT] = size


@njit(**KERNEL)
def deal_dual_deck(buf):
    """§3.2 Marshlands: the 25 classic cards (already in `deck`, unshuffled) and the 5 dual
    cards shuffled into one deck."""
    size = buf[DECK_SIZE_AT]
    pile = np.empty(FULL_DECK, np.int64)
    for i in range(size):
        pile[i] = buf[DECK + i]
    for t in range(DUAL_DECK_SIZE):
        pile[size] = DUAL_CARDS + t
        size += 1
    shuffle(buf[RNG : RNG + RNG_WORDS], pile, size)
    for i in range(size):
        deck_set(buf, i, pile[i])
    buf[DECK_SIZE_AT] = size


@njit(**KERNEL)
def own_and_foreign_neighbours(buf, nbr, player, h):
    """(the player's settlements, other players' settlements) next to hex number h (an
    island hex's neighbours are island hexes, §15.3); walls are no one's."""
    own = 0
    foreign = 0
    players = buf[NUM_PLAYERS]
    for d in range(NUM_DIRECTIONS):
        n = neighbour_at(nbr, h, d)
        if n < 0:
            continue
        o = owner_at(buf, n)
        if o == player:
            own += 1
        elif 0 <= o < players:
            foreign += 1
    return own, foreign


@njit(**KERNEL)
def fountain_targets(buf, nbr, player, bonus, out):
    """§13.3 Fountain: empty buildable hexes (and mountains with the bonus) next to exactly
    one of the player's settlements and to no other player's; island hexes next to the
    player's island settlements too (§15.3; marked when `out` has room). Returns the count."""
    clear_hexes(out)
    count = 0
    for h in range(hex_count(buf)):
        t = terrain_at(buf, h)
        if owner_at(buf, h) != EMPTY or not (t <= BUILDABLE_MAX or (bonus and t == MOUNTAIN)):
            continue
        if h < NUM_HEXES and blocked(buf, h):
            continue
        own, foreign = own_and_foreign_neighbours(buf, nbr, player, h)
        if own == 1 and foreign == 0:
            mark_hex(out, h)
            count += 1
    return count


@njit(**KERNEL)
def refuge_stop(buf, nbr, origin, d):
    """§13.3 Refuge bonus: the first empty buildable hex from `origin` in direction d,
    jumping over everything before it; EMPTY if the line leaves the board first or that hex
    is next to a warrior (D18, D55). An island settlement's line stays on the island."""
    h = neighbour_at(nbr, origin, d)
    while h >= 0:
        if owner_at(buf, h) == EMPTY and terrain_at(buf, h) <= BUILDABLE_MAX:
            return h if free_at(buf, h) else EMPTY
        h = neighbour_at(nbr, h, d)
    return EMPTY


@njit(**KERNEL)
def refuge_targets(buf, nbr, origin, bonus, out):
    """§13.3 Refuge: an adjacent empty buildable hex (no adjacency rule); with the bonus the
    first empty buildable hex in each straight direction. From an island settlement, island
    hexes (§15.3; marked when `out` has room). Returns the count."""
    clear_hexes(out)
    count = 0
    for d in range(NUM_DIRECTIONS):
        if bonus:
            h = refuge_stop(buf, nbr, origin, d)
        else:
            h = neighbour_at(nbr, origin, d)
            if h >= 0 and not free_at(buf, h):
                h = EMPTY
        if h >= 0:  # six directions, six distinct hexes
            mark_hex(out, h)
            count += 1
    return count


@njit(**KERNEL)
def refuge_origins(buf, nbr, player, bonus, out):
    """Plain settlements of the player that Refuge (or its bonus) can move, island ones too.
    Returns the count."""
    scratch = np.empty(NUM_HEXES, np.int8)
    clear_hexes(out)
    count = 0
    for h in range(hex_count(buf)):
        if owner_at(buf, h) != player or not is_plain_settlement(buf, h):
            continue
        if refuge_targets(buf, nbr, h, bonus, scratch) > 0:
            mark_hex(out, h)
            count += 1
    return count


@njit(**KERNEL)
def score_palaces(buf, nbr, player):
    """§13.2, D35: 5 gold per palace where the player is among those with the most adjacent
    settlements (at least 1)."""
    gold = 0
    counts = np.zeros(buf[NUM_PLAYERS], np.int64)
    for h in range(NUM_HEXES):
        if buf[TERRAIN + h] != PALACE:
            continue
        for p in range(counts.shape[0]):
            counts[p] = 0
        for d in range(NUM_DIRECTIONS):
            n = nbr[h, d]
            if n >= 0 and 0 <= buf[OWNER + n] < counts.shape[0]:
                counts[buf[OWNER + n]] += 1
        if counts[player] >= 1 and counts[player] == counts.max():
            gold += PALACE_GOLD
    return gold


# Stand-in Kingdom Builder cards (§13.4): their text is lost; these are this engine's readings
# of the seed's notes (cards.json `stand_in`), played only with allow_stand_in_cards=True.
# With the Island (§15.3: other cards score normally) Geologists, Messengers, Noblewomen and
# Scouts read its hexes as well, numbered after the main board's (tables.X_HEXES) with its
# own neighbours (island.neighbour_at); Vassals does not: the Island is no section (D47).


@njit(**KERNEL)
def score_geologists(buf, nbr, player, gold_per_mountain):
    """Stand-in Geologists: gold per mountain (a connected group of mountain hexes, counted
    once) next to at least one of the player's settlements; an island mountain group is a
    mountain of its own."""
    hexes = hex_count(buf)
    group = np.full(hexes, -1, np.int64)
    stack = np.empty(hexes, np.int64)
    touched = 0
    groups = 0
    for start in range(hexes):
        if terrain_at(buf, start) != MOUNTAIN or group[start] >= 0:
            continue
        group[start] = groups
        stack[0] = start
        size = 1
        touches = False
        while size > 0:
            size -= 1
            h = stack[size]
            for d in range(NUM_DIRECTIONS):
                n = neighbour_at(nbr, h, d)
                if n < 0:
                    continue
                if owner_at(buf, n) == player:
                    touches = True
                if terrain_at(buf, n) == MOUNTAIN and group[n] < 0:
                    group[n] = groups
                    stack[size] = n
                    size += 1
        groups += 1
        if touches:
            touched += 1
    return touched * gold_per_mountain


@njit(**KERNEL)
def _axial(h):
    """Axial (q, r) of hex number h on its own board (odd-r, §2.1): the main board's 20
    columns, or the Island's 10 for h >= NUM_HEXES."""
    if h >= NUM_HEXES:
        r = (h - NUM_HEXES) // ISLAND_COLS
        c = (h - NUM_HEXES) % ISLAND_COLS
    else:
        r = h // 20
        c = h % 20
    return c - (r - (r & 1)) // 2, r


@njit(**KERNEL)
def score_messengers(buf, nbr, player, gold_per_hex):
    """Stand-in Messengers: gold per hex of the shortest path, both ends counted (hex distance
    + 1), between the two farthest-apart settlements of one settlement area; the best area
    (an island area is measured on the island: no area spans the two boards)."""
    hexes = hex_count(buf)
    area = np.full(hexes, -1, np.int64)
    stack = np.empty(hexes, np.int64)
    members = np.empty(hexes, np.int64)
    best = 0
    areas = 0
    for start in range(hexes):
        if owner_at(buf, start) != player or area[start] >= 0:
            continue
        area[start] = areas
        stack[0] = start
        size = 1
        count = 0
        while size > 0:
            size -= 1
            h = stack[size]
            members[count] = h
            count += 1
            for d in range(NUM_DIRECTIONS):
                n = neighbour_at(nbr, h, d)
                if n >= 0 and owner_at(buf, n) == player and area[n] < 0:
                    area[n] = areas
                    stack[size] = n
                    size += 1
        areas += 1
        for i in range(count):
            qa, ra = _axial(members[i])
            for j in range(i, count):
                qb, rb = _axial(members[j])
                dq, dr = qa - qb, ra - rb
                dist = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                if dist + 1 > best:
                    best = dist + 1
    return best * gold_per_hex


@njit(**KERNEL)
def score_noblewomen(buf, nbr, player, gold_per_palace):
    """Stand-in Noblewomen: gold per palace next to at least one of the player's settlements
    ("palaces are counted only once")."""
    gold = 0
    for h in range(hex_count(buf)):
        if terrain_at(buf, h) != PALACE:
            continue
        for d in range(NUM_DIRECTIONS):
            n = neighbour_at(nbr, h, d)
            if n >= 0 and owner_at(buf, n) == player:
                gold += gold_per_palace
                break
    return gold


@njit(**KERNEL)
def score_vassals(buf, nbr, player, gold_per_settlement):
    """Stand-in Vassals: gold per settlement on a hex next to another section (the seams).
    The Island is no section (D47) and touches none: its settlements are on no seam."""
    gold = 0
    for h in range(NUM_HEXES):
        if buf[OWNER + h] != player:
            continue
        section = 2 * (h // 200) + h % 20 // 10
        for d in range(NUM_DIRECTIONS):
            n = nbr[h, d]
            if n >= 0 and 2 * (n // 200) + n % 20 // 10 != section:
                gold += gold_per_settlement
                break
    return gold


@njit(**KERNEL)
def score_scouts(buf, nbr, player, gold_per_settlement):
    """Stand-in Scouts: gold per settlement next to a hex of the terrain removed at set-up
    (island settlements next to island hexes of it too)."""
    removed = buf[SCOUTS_TERRAIN]
    gold = 0
    if removed == EMPTY:
        return 0
    for h in range(hex_count(buf)):
        if owner_at(buf, h) != player:
            continue
        for d in range(NUM_DIRECTIONS):
            n = neighbour_at(nbr, h, d)
            if n >= 0 and terrain_at(buf, n) == removed:
                gold += gold_per_settlement
                break
    return gold


@njit(**KERNEL)
def scouts_setup(buf):
    """§13.6 Scouts set-up (exact seed text): reveal the top card; every card showing its
    (non-swamp) terrain, dual cards included, leaves the game with it; the rest is reshuffled.
    Returns the removed terrain."""
    size = buf[DECK_SIZE_AT]
    top = deck_get(buf, size - 1)
    removed = card_terrain(top)
    pile = np.empty(FULL_DECK, np.int64)
    kept = 0
    for i in range(size):
        card = deck_get(buf, i)
        deck_set(buf, i, EMPTY)
        if card_terrain(card) == removed:
            remove_card(buf, card)
        else:
            pile[kept] = card
            kept += 1
    shuffle(buf[RNG : RNG + RNG_WORDS], pile, kept)
    for i in range(kept):
        deck_set(buf, i, pile[i])
    buf[DECK_SIZE_AT] = kept
    return removed
