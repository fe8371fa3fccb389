"""Harvest kernels (§14) on a BigBoxState buffer: farmland and the farm action (§14.1), the
silo phase after the last turn (§14.2), the targets of the Harvest locations (§14.3), the
Cathedral's village tokens, and the Rovers and Mayors cards (§14.4). kernels.py wires them
into the turn (it owns `build` and `move`, which these kernels must not call, so that this
module stays below kernels.py in the import order).

The Scout Cabin's two shared scouts are pieces (`piece` PIECE_SCOUT) of the acting seat: its
`owner`, so every adjacency rule sees them as that seat's settlements for the rest of the
turn (§14.3); they take no tile, are never moved, and the turn's end removes them.
"""

import numpy as np
from numba import njit

from eurogym.envs.core.hexgrid import NUM_DIRECTIONS, has_neighbour_equal, label_components
from eurogym.envs.core.jit import INLINE, KERNEL
from eurogym.envs.kingdom_builder.crossroads import blocked, free_at, free_hex, is_plain_settlement
from eurogym.envs.kingdom_builder.island import (
    clear_hexes,
    hex_count,
    island_on,
    mark_hex,
    neighbour_at,
    next_to_own,
    owner_at,
    piece_at,
    set_owner,
    set_piece,
    terrain_at,
)
from eurogym.envs.kingdom_builder.nomads import card_in_play
from eurogym.envs.kingdom_builder.state import (
    BASE_SIZE,
    BONUS_GOLD,
    CUR,
    EMPTY,
    END_TRIGGERED,
    EXPANSION_FLAGS,
    FARM_USED,
    ISLAND_OWNER,
    ISLAND_PIECE,
    ISLAND_TERRAIN_AT,
    MAYOR_ROW,
    MAYORS_CONTIGUOUS,
    NUM_PLAYERS,
    OUTPOST_ARMED,
    OWNER,
    PHASE,
    PHASE_CANOE,
    PHASE_GAME_OVER,
    PHASE_SILO,
    PIECE,
    PIECE_SCOUT,
    ROVER_MARKS,
    ROVERS_MOVES,
    SCOUT_PIECES,
    SELECTED,
    SILO_ACTIVE,
    SILO_DUE,
    SILO_HEX,
    SILO_LEFT,
    SILO_MODE,
    SILO_MOVES,
    SILO_SETTLEMENTS,
    START_PLAYER,
    SUPPLY,
    TERRAIN,
    TOKEN_BANK,
    TOKEN_BANK_AT,
    TOKENS,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    BUILDABLE_MAX,
    CASTLE,
    COLS,
    EXPANSIONS,
    FARMLAND,
    HEX_SECTION,
    ISLAND_COLS,
    ISLAND_HEXES,
    ISLAND_NEIGHBOURS,
    ISLAND_ROWS,
    MOUNTAIN,
    NUM_HEXES,
    ROWS,
    SECTIONS_PER_GAME,
    SILO,
    TILE_INDEX,
    WATER,
    X_HEXES,
    card_param,
)

HARVEST_FLAG = EXPANSIONS.index("harvest")
MOUNTAIN_STATION, SCOUT_CABIN, BAZAAR, WATER_MILL = (
    TILE_INDEX[name] for name in ("mountain_station", "scout_cabin", "bazaar", "water_mill")
)
PALISADE, UNIVERSITY, CATHEDRAL, WATCHTOWER = (
    TILE_INDEX[name] for name in ("palisade", "university", "cathedral", "watchtower")
)
ROVERS, MAYORS = ALL_CARD_NAMES.index("rovers"), ALL_CARD_NAMES.index("mayors")
ROVERS_GOLD = card_param("rovers", "gold_per_section")
PLACED, BUILT, MOVED = range(3)  # how a settlement arrived (after_placement)
MANY = -2  # "more than one" in the origin scans
MAYORS_THRESHOLD = card_param("mayors", "threshold")
MAYORS_GOLD = card_param("mayors", "gold_per_marked_row")
MAYOR_ROWS = ROWS + ISLAND_ROWS  # state.mayor_row: the board rows, then the Island's


@njit(**KERNEL)
def harvest_on(buf):
    """A Big Box buffer with the Harvest expansion in play."""
    return buf.shape[0] > BASE_SIZE and buf[EXPANSION_FLAGS + HARVEST_FLAG] == 1


@njit(**INLINE)
def _qualifies(buf, nbr, player, tile, h):
    """The §14.3 condition of a Harvest build tile at h: next to a mountain (Mountain
    Station), to water (Water Mill), to another player's settlement (Watchtower; walls are
    nobody's), or to a castle, location, nomad space, palace or silo (University)."""
    players = buf[NUM_PLAYERS]
    for d in range(NUM_DIRECTIONS):
        n = neighbour_at(nbr, h, d)  # an island hex's neighbours are island hexes (§15.3)
        if n < 0:
            continue
        t = terrain_at(buf, n)
        if tile == MOUNTAIN_STATION and t == MOUNTAIN:
            return True
        if tile == WATER_MILL and t == WATER:
            return True
        if tile == UNIVERSITY and t >= CASTLE:  # codes 9..13 are the special hexes
            return True
        if tile == WATCHTOWER:
            o = owner_at(buf, n)
            if o != player and 0 <= o < players:
                return True
    return False


@njit(**KERNEL)
def near_targets(buf, nbr, player, tile, out):
    """§14.3 Mountain Station, Water Mill, Watchtower, University: the empty buildable hexes
    meeting the tile's condition, narrowed to those next to the player's settlements if any
    is (adjacent if possible, §6.2); an armed Outpost (§11.1) lifts that narrowing. With the
    Island its hexes join both sets like any others (§15.3; written to out[NUM_HEXES + i] when
    `out` has room for them)."""
    owner = buf[OWNER : OWNER + NUM_HEXES]
    candidates = 0
    adjacent = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        if not free_hex(buf, h) or not _qualifies(buf, nbr, player, tile, h):
            continue
        candidates += 1
        out[h] = 1
        if has_neighbour_equal(nbr, h, owner, player, EMPTY):
            adjacent += 1
            out[h] = 2
    last = NUM_HEXES
    if island_on(buf):
        room = out.shape[0] >= X_HEXES
        last = X_HEXES if room else NUM_HEXES
        for i in range(ISLAND_HEXES):
            h = NUM_HEXES + i
            mark = 0
            if free_at(buf, h) and _qualifies(buf, nbr, player, tile, h):
                candidates += 1
                mark = 1
                if next_to_own(buf, i, player, EMPTY):
                    adjacent += 1
                    mark = 2
            if room:
                out[h] = mark
    keep_all = adjacent == 0 or buf[OUTPOST_ARMED] == 1
    for h in range(last):
        if out[h]:
            out[h] = 1 if keep_all or out[h] == 2 else 0
    return candidates if keep_all else adjacent


@njit(**KERNEL)
def palisade_targets(buf, nbr, origin, out):
    """§14.3 Palisade (D43): empty buildable hexes next to another settlement of the settlement
    area `origin` belonged to (the area found with `origin` still in it, then `origin` itself
    not counting as a neighbour). An island settlement's area is on the island (§15.3), so
    are its targets (marked when `out` has room). Returns the count."""
    clear_hexes(out)
    if origin >= NUM_HEXES:
        island = buf[ISLAND_OWNER : ISLAND_OWNER + ISLAND_HEXES]
        return _palisade_scan(buf, ISLAND_NEIGHBOURS, island, NUM_HEXES, origin - NUM_HEXES, out)
    return _palisade_scan(buf, nbr, buf[OWNER : OWNER + NUM_HEXES], 0, origin, out)


@njit(**KERNEL)
def _palisade_scan(buf, table, owner, base, origin, out):
    """palisade_targets on one board: `table` its neighbours and `owner` its pieces, both
    indexed by its own hex index, which is hex number base + index."""
    labels = np.empty(owner.shape[0], np.int64)
    label_components(table, owner, owner[origin], labels)
    area = labels[origin]
    labels[origin] = EMPTY  # the moving settlement is not its own neighbour (D4)
    count = 0
    for h in range(owner.shape[0]):
        if not free_at(buf, base + h):
            continue
        for d in range(NUM_DIRECTIONS):
            n = table[h, d]
            if n >= 0 and labels[n] == area:
                mark_hex(out, base + h)
                count += 1
                break
    return count


@njit(**KERNEL)
def palisade_origins(buf, nbr, player, out):
    """Plain settlements of the player that the Palisade can move (D19: no Crossroads piece),
    on the main board and on the Island (§15.3, each within its own board). Returns the
    count."""
    clear_hexes(out)
    count = _palisade_movers(buf, nbr, buf[OWNER : OWNER + NUM_HEXES], 0, player, out)
    if island_on(buf):
        island = buf[ISLAND_OWNER : ISLAND_OWNER + ISLAND_HEXES]
        count += _palisade_movers(buf, ISLAND_NEIGHBOURS, island, NUM_HEXES, player, out)
    return count


@njit(**KERNEL)
def _palisade_movers(buf, table, owner, base, player, out):
    """palisade_origins on one board (indexed as in _palisade_scan). One pass over the free
    hexes instead of palisade_targets per settlement (this runs on every main-step mask of a
    Palisade holder): a settlement can move iff a free hex touches a member of its area
    other than itself, i.e. iff some free hex touches 2+ members of the area, or free hexes
    touch single members not all itself."""
    labels = np.empty(owner.shape[0], np.int64)
    areas = label_components(table, owner, player, labels)
    # per area: EMPTY nothing seen, a hex id: the one member touched alone, MANY: more
    single = np.full(areas, EMPTY, np.int64)
    multi = np.zeros(areas, np.bool_)
    for h in range(owner.shape[0]):
        if not free_at(buf, base + h):
            continue
        for d in range(NUM_DIRECTIONS):
            m = table[h, d]
            if m < 0 or labels[m] < 0:
                continue
            a = labels[m]
            for e in range(d):  # a second member of the same area touches h
                k = table[h, e]
                if k >= 0 and labels[k] == a:
                    multi[a] = True
            if single[a] == EMPTY:
                single[a] = m
            elif single[a] != m:
                single[a] = MANY
    count = 0
    for h in range(owner.shape[0]):
        if owner[h] != player or not is_plain_settlement(buf, base + h):
            continue
        a = labels[h]
        if multi[a] or (single[a] != EMPTY and single[a] != h):
            mark_hex(out, base + h)
            count += 1
    return count


@njit(**KERNEL)
def adjacent_targets(buf, nbr, player, skip, terrain, out):
    """Empty buildable hexes (only `terrain` ones if terrain >= 0) next to one of the player's
    settlements other than the one on `skip` (a moving settlement, D4). Strictly adjacent:
    the farm action (§14.1, D36) and the silos (§14.2, D39). Island hexes next to the
    player's island settlements too (§15.3; marked when `out` has room), so a silo may move
    a settlement from one board to the other. Returns the count."""
    owner = buf[OWNER : OWNER + NUM_HEXES]
    count = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        if (terrain >= 0 and buf[TERRAIN + h] != terrain) or not free_hex(buf, h):
            continue
        if has_neighbour_equal(nbr, h, owner, player, skip):
            out[h] = 1
            count += 1
    if island_on(buf):
        skip_i = skip - NUM_HEXES if skip >= NUM_HEXES else EMPTY
        for i in range(ISLAND_HEXES):
            h = NUM_HEXES + i
            if h < out.shape[0]:
                out[h] = 0
            if (terrain >= 0 and buf[ISLAND_TERRAIN_AT + i] != terrain) or not free_at(buf, h):
                continue
            if next_to_own(buf, i, player, skip_i):
                mark_hex(out, h)
                count += 1
    return count


@njit(**KERNEL)
def farm_targets(buf, nbr, player, out):
    """§14.1: empty farmland hexes next to the player's settlements (D36: no hex otherwise;
    an armed Outpost frees the adjacency as for the Monastery, §11.1). Returns the count."""
    if buf[OUTPOST_ARMED] == 1:
        clear_hexes(out)
        count = 0
        for h in range(hex_count(buf)):  # the Island's farmland too (§15.3)
            if terrain_at(buf, h) == FARMLAND and free_at(buf, h):
                mark_hex(out, h)
                count += 1
        return count
    return adjacent_targets(buf, nbr, player, EMPTY, FARMLAND, out)


@njit(**KERNEL)
def can_farm(buf, nbr, player, scratch):
    """§14.1, D36: the farm action once per turn, from supply, with a hex to build on."""
    if not harvest_on(buf) or buf[FARM_USED] == 1 or buf[SUPPLY + player] == 0:
        return False
    return farm_targets(buf, nbr, player, scratch) > 0


@njit(**KERNEL)
def take_token(buf, player):
    """§14.3 Cathedral: one "1" village token from the bank, if any is left (D44)."""
    if buf[TOKEN_BANK_AT] > 0:
        buf[TOKEN_BANK_AT] -= 1
        buf[TOKENS + player] += 1


@njit(**KERNEL)
def spend_token(buf, player):
    """A token of worth 1 goes back to the bank (a "5" is changed there, D44)."""
    buf[TOKENS + player] -= 1
    buf[TOKEN_BANK_AT] += 1


@njit(**KERNEL)
def after_placement(buf, player, h, how):
    """Rovers and Mayors after a settlement arrives on h (§14.4) by `how` (PLACED: a
    Crossroads piece, BUILT from supply, MOVED). Rovers marks h's section for a build on the
    player's own turn (D40: not a move unless the option rovers_counts_moves says so, not a
    canoe build on another's turn, not the silo phase; an island hex h >= NUM_HEXES is in no
    section, D47). Mayors: 4 of the player's settlements on h's row (4 touching with the
    option mayors_contiguous), the row unmarked, a settlement in supply: the row is marked
    with it (D12, D37). An island row is a row of its own (§2.2, §15.3): mayor_row[ROWS +
    island row]; an island scout does not count either."""
    phase = buf[PHASE]
    counted = how == BUILT or (how == MOVED and buf[ROVERS_MOVES] == 1)
    rover = counted and phase != PHASE_CANOE and phase != PHASE_SILO and h < NUM_HEXES
    if rover and card_in_play(buf, ROVERS):
        buf[ROVER_MARKS + HEX_SECTION[h]] = 1
    if not card_in_play(buf, MAYORS):
        return
    island = h >= NUM_HEXES
    row = ROWS + (h - NUM_HEXES) // ISLAND_COLS if island else h // COLS
    if buf[MAYOR_ROW + row] != EMPTY or buf[SUPPLY + player] == 0:
        return
    count = 0
    run = 0
    for c in range(ISLAND_COLS if island else COLS):  # scouts do not count (§14.3)
        if island:
            at = (row - ROWS) * ISLAND_COLS + c
            mine = buf[ISLAND_OWNER + at] == player and buf[ISLAND_PIECE + at] != PIECE_SCOUT
        else:
            at = row * COLS + c
            mine = buf[OWNER + at] == player and buf[PIECE + at] != PIECE_SCOUT
        if mine:
            run += 1
            count = max(count, run) if buf[MAYORS_CONTIGUOUS] == 1 else count + 1
        else:
            run = 0
    if count >= MAYORS_THRESHOLD:
        buf[MAYOR_ROW + row] = player
        buf[SUPPLY + player] -= 1
        if buf[SUPPLY + player] == 0:
            buf[END_TRIGGERED] = 1


@njit(**KERNEL)
def pay_rovers(buf, player):
    """§14.4 Rovers at the end of the player's turn: 1 gold per marked section, then unmark."""
    for k in range(SECTIONS_PER_GAME):
        if buf[ROVER_MARKS + k]:
            buf[BONUS_GOLD + player] += ROVERS_GOLD
            buf[ROVER_MARKS + k] = 0


@njit(**KERNEL)
def score_mayors(buf, player):
    """§14.4 Mayors: 4 gold per row the player marked, wherever its settlements are now."""
    gold = 0
    for r in range(MAYOR_ROWS):  # the board's rows, then the Island's (§15.3)
        if buf[MAYOR_ROW + r] == player:
            gold += MAYORS_GOLD
    return gold


@njit(**KERNEL)
def deal_harvest(buf, on):
    """§3.2 Harvest set-up: the silo hexes in board order, the token bank, no row marked.
    Without Harvest the silo list is empty and the bank holds nothing."""
    for k in range(SECTIONS_PER_GAME):
        buf[SILO_HEX + k] = EMPTY
    buf[SILO_ACTIVE] = EMPTY
    buf[SILO_MODE] = EMPTY
    for r in range(MAYOR_ROWS):
        buf[MAYOR_ROW + r] = EMPTY
    if not on:
        return
    buf[TOKEN_BANK_AT] = TOKEN_BANK
    k = 0
    for h in range(NUM_HEXES):
        if buf[TERRAIN + h] == SILO and k < SECTIONS_PER_GAME:
            buf[SILO_HEX + k] = h
            k += 1


@njit(**KERNEL)
def next_to_silo(buf, nbr, player, s):
    """One of the player's settlements (any piece, D17) touches silo s."""
    h = buf[SILO_HEX + s]
    return h >= 0 and has_neighbour_equal(nbr, h, buf[OWNER : OWNER + NUM_HEXES], player, EMPTY)


@njit(**KERNEL)
def silo_origins(buf, nbr, player, out):
    """Plain settlements of the player that a silo can move (D19), each to a hex next to
    another of the player's settlements (§14.2), on either board (§15.3: an island
    settlement is one of the player's others). Returns the count. One pass: a settlement
    can move iff some free hex touches one of the player's settlements other than it."""
    multi = False
    single = EMPTY  # the one settlement touched alone by free hexes, or MANY
    for h in range(hex_count(buf)):
        if not free_at(buf, h):
            continue
        touched = EMPTY
        for d in range(NUM_DIRECTIONS):
            m = neighbour_at(nbr, h, d)
            if m >= 0 and owner_at(buf, m) == player:
                if touched == EMPTY:
                    touched = m
                else:
                    multi = True
        if touched != EMPTY:
            if single == EMPTY:
                single = touched
            elif single != touched:
                single = MANY
    clear_hexes(out)
    count = 0
    for h in range(hex_count(buf)):
        if owner_at(buf, h) == player and is_plain_settlement(buf, h):
            if multi or (single != EMPTY and single != h):
                mark_hex(out, h)
                count += 1
    return count


@njit(**KERNEL)
def silo_can(buf, nbr, player, mode, scratch):
    """The silo in use can still build (from supply) or move a settlement (§14.2)."""
    if mode == SILO_MOVES:
        return silo_origins(buf, nbr, player, scratch) > 0
    return buf[SUPPLY + player] > 0 and adjacent_targets(buf, nbr, player, EMPTY, -1, scratch) > 0


@njit(**KERNEL)
def silo_hexes(buf, nbr, player, out):
    """Hex choices in the silo phase: where to build, which settlement to move, or where the
    selected one goes (§14.2, D39: next to another of the player's settlements)."""
    if buf[SILO_MODE] == SILO_MOVES and buf[SELECTED] == EMPTY:
        return silo_origins(buf, nbr, player, out)
    if buf[SILO_MODE] == EMPTY:
        clear_hexes(out)
        return 0
    return adjacent_targets(buf, nbr, player, buf[SELECTED], -1, out)


@njit(**KERNEL)
def _next_silo(buf, nbr):
    """Start the next silo `cur` qualified for when its silo phase began (D38: re-checked
    now); silos where neither a build nor a move is possible pass by themselves."""
    player = buf[CUR]
    scratch = np.empty(NUM_HEXES, np.int8)
    for s in range(SECTIONS_PER_GAME):
        if buf[SILO_DUE + s] == 0:
            continue
        buf[SILO_DUE + s] = 0
        if not next_to_silo(buf, nbr, player, s):
            continue
        if silo_can(buf, nbr, player, 0, scratch) or silo_can(buf, nbr, player, 1, scratch):
            buf[SILO_ACTIVE] = s
            buf[SILO_MODE] = EMPTY
            buf[SILO_LEFT] = SILO_SETTLEMENTS
            buf[SELECTED] = EMPTY
            buf[PHASE] = PHASE_SILO
            return True
    buf[SILO_ACTIVE] = EMPTY
    buf[SILO_MODE] = EMPTY
    buf[SILO_LEFT] = 0
    buf[SELECTED] = EMPTY
    return False


@njit(**KERNEL)
def _mark_silos(buf, nbr):
    for s in range(SECTIONS_PER_GAME):
        buf[SILO_DUE + s] = 1 if next_to_silo(buf, nbr, buf[CUR], s) else 0


@njit(**KERNEL)
def next_silo_or_seat(buf, nbr):
    """After a silo (or at the start of the phase): the seat's next silo, else the next seat
    in order from the start player (D38), else the game is over (the last seat is `cur`
    again, as after a game without silos)."""
    n = buf[NUM_PLAYERS]
    while not _next_silo(buf, nbr):
        seat = (buf[CUR] + 1) % n
        if seat == buf[START_PLAYER]:
            buf[CUR] = (buf[START_PLAYER] + n - 1) % n
            buf[PHASE] = PHASE_GAME_OVER
            return
        buf[CUR] = seat
        _mark_silos(buf, nbr)


@njit(**KERNEL)
def begin_silos(buf, nbr):
    """§14.2: after the last turn, before final scoring, the seats in order from the start
    player resolve their silos; without a silo anyone touches the game is over at once."""
    buf[CUR] = buf[START_PLAYER]
    _mark_silos(buf, nbr)
    next_silo_or_seat(buf, nbr)


@njit(**KERNEL)
def scout_targets(buf, nbr, player, out):
    """§14.3 Scout Cabin, D41: empty buildable, water or mountain hexes next to the player's
    settlements, the first scout included; not next to a warrior (D18). Island hexes next to
    the player's island pieces too (§15.3; marked when `out` has room). Returns the count."""
    owner = buf[OWNER : OWNER + NUM_HEXES]
    count = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        t = buf[TERRAIN + h]
        if buf[OWNER + h] != EMPTY or not _scout_terrain(t):
            continue
        if not blocked(buf, h) and has_neighbour_equal(nbr, h, owner, player, EMPTY):
            out[h] = 1
            count += 1
    if island_on(buf):
        for i in range(ISLAND_HEXES):
            h = NUM_HEXES + i
            if h < out.shape[0]:
                out[h] = 0
            empty = buf[ISLAND_OWNER + i] == EMPTY
            if empty and _scout_terrain(buf[ISLAND_TERRAIN_AT + i]):
                if next_to_own(buf, i, player, EMPTY):
                    mark_hex(out, h)
                    count += 1
    return count


@njit(**INLINE)
def _scout_terrain(t):
    return t <= BUILDABLE_MAX or t == WATER or t == MOUNTAIN


@njit(**KERNEL)
def scouts_placed(buf):
    count = 0
    for h in range(hex_count(buf)):
        if piece_at(buf, h) == PIECE_SCOUT:
            count += 1
    return count


@njit(**KERNEL)
def remove_scouts(buf):
    """The end of the turn takes the scouts off the board and the Island (§14.3); True if
    there were any."""
    removed = False
    for h in range(hex_count(buf)):
        if piece_at(buf, h) == PIECE_SCOUT:
            set_owner(buf, h, EMPTY)
            set_piece(buf, h, 0)
            removed = True
    return removed


@njit(**KERNEL)
def can_use_harvest_tile(buf, nbr, player, tile, scratch):
    """Whether a usable Harvest build, move or scout tile has something to do (§7.1); the
    Cathedral and the Bazaar are decided in kernels.can_use_tile."""
    if tile == PALISADE:
        return palisade_origins(buf, nbr, player, scratch) > 0
    if tile == SCOUT_CABIN:  # both scouts are off the board between turns
        return scouts_placed(buf) < SCOUT_PIECES and scout_targets(buf, nbr, player, scratch) > 0
    if tile == BAZAAR:
        return False
    return buf[SUPPLY + player] > 0 and near_targets(buf, nbr, player, tile, scratch) > 0
