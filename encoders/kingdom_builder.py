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
    5       my own terrain card, one-hot (other players' cards and the deck order are hidden;
            a Marshlands dual card shows its non-swamp terrain here)
    5       the played terrain card, one-hot (likewise)
    5       phase one-hot (main, mandatory, tile_target, tile_origin, game_over)
    8       tile type in use, one-hot
    2       mandatory settlements left/3 (/6 with Marshlands), mandatory action done
    10      Kingdom Builder cards in play, multi-hot
    11      draw pile size/25 (/30 with Marshlands), discard counts/5 per terrain, removed
            counts/5 per terrain
    6       end triggered, start seat relative to me one-hot (5)

A Big Box game (expansions or a board file; BigBoxState) appends, after those 6942 values,
X_PLANES planes of 400 then X_SCALARS scalars (X_FLAT_SIZE in all; the base part is unchanged,
so a base game's features are a prefix):
    planes  nomad spaces; stone walls; the nomad tile lying on each space, one-hot (11 kinds);
            the location tile type of each location hex, one-hot (32 types: base, Nomads,
            Crossroads, Marshlands, Harvest); capitals (§15.1); caves (§15.2); Crossroads pieces
            (§12.1): city hall hexes, wagons, ships, warriors (whose they are: the seat planes
            above); hexes next to a warrior, where nothing may be built or moved (§12.2);
            swamp hexes and palaces (§13.1, §13.2); farmland, silos, the silo being resolved
            and the silos the resolving seat still has to resolve (§14.1, §14.2); the Scout
            Cabin's scouts (§14.3; whose they are: the seat planes)
    5 x 87  per relative seat k: in-game gold/100, nomad tiles taken this turn (11)/2, nomad
            tiles usable this turn (11)/2, expansion location tiles held (24: Nomads 4,
            Crossroads 8, Marshlands 4, Harvest 8)/2 and usable (24)/2, and for each of the 8
            location slots whether the seat holds that slot's tile and whether it ever took one
            there (D7) (where a held tile came from decides when it is lost, §7.3)
    10      the expansion cards in play (Nomads: families, shepherds, ambassadors; stand-ins:
            geologists, messengers, noblewomen, vassals, scouts; Harvest: rovers, mayors),
            multi-hot
    11      nomad tile in use, one-hot
    2       phase sword, phase step (the base phase one-hot covers the other five)
    24      expansion location tile in use, one-hot
    9       outpost armed, action steps left/4, action steps done/4, walls left/25, Sword
            victim relative to me one-hot (5)
    8       expansions in play (7), board from a board file
    2       cave move in progress, cave move used this turn (§15.2)
    5 x 5   Crossroads, per relative seat k: city hall built, wagon on the board, ship on the
            board, warriors on the board/2, extra terrain cards held/2 (how many is public;
            which ones is not)
    5       my own extra terrain cards (Crossroads tile, §12.3), counts per terrain/2
    5       the card a Fort drew (§12.3), one-hot
    6       the task cards in play (§12.4), multi-hot
    1       phase choose_card (choose which held card to play)
    5 x 6   Marshlands (§13), per relative seat k: settlements parked on temple tiles/3,
            canoe uses left in a Canoe reaction/2, and the bonus held per Marshlands
            location type (canoe, fountain, refuge, temple)
    26      my own terrain card is a dual card; the played card is a dual card; it is played
            as its other terrain / as swamp; Canoe and Refuge bonuses used this turn; a bonus
            in use; phase choose_dual; phase canoe; the interrupted seat of a Canoe reaction
            relative to me, one-hot (5); mandatory settlements of the turn/6; dual cards in
            the discard pile (5) and out of the game (5); my extra dual cards/2
    5       the terrain the stand-in Scouts card removed at set-up, one-hot (§13.4)
    118     Harvest (§14): per relative seat k village tokens' worth/18 (5); the token bank/18;
            farm action used this turn; phase silo; phase farm; silo mode build / move; silo
            settlements left/3; Rovers' sections marked this turn (4); for each of the 20 board
            rows the seat that marked it for Mayors, relative to me, one-hot (20 x 5); phase
            bazaar; the tile in use repeats an action for the Bazaar
    950     the Island (§15.3; zeros without it): for each of its 50 hexes (i = row * 10 + col)
            terrain one-hot as planes 0-8 (9), pieces of seat (me + k) % n (5), the
            settlement chosen to move (1), a stone wall, a city-hall hex, a scout (3); then
            the side in play one-hot (tree house, rope bridge), its location tiles left/2,
            its tile in use one-hot (2), per relative seat k: holds the island tile, ever
            took one there (D7), took it this turn, used it this turn; and for each of its 5
            rows the seat that marked it for Mayors, relative to me, one-hot (5 x 5)

The Big Box part grows when an expansion is built (more tile types, more planes, more
scalars); X_FLAT_SIZE is its current length.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.core.jit import ENTRY, KERNEL
from eurogym.envs.kingdom_builder.actions import FIRST_HV_TILE
from eurogym.envs.kingdom_builder.kernels import FIRST_MS_TILE, holds_bonus, num_usable
from eurogym.envs.kingdom_builder.marshlands import card_terrain, marshlands_on
from eurogym.envs.kingdom_builder.state import (
    ACTION_DONE,
    ACTION_LEFT,
    ACTIVE_NOMAD,
    ACTIVE_TILE,
    BAZAAR_ACTIVE,
    BONUS_ACTIVE,
    BONUS_GOLD,
    BONUS_USED,
    CANOE_FROM,
    CANOE_LEFT,
    CAPITAL_HEX,
    CARDS,
    CAVE_HEX,
    CAVE_MOVE_AT,
    CAVE_MOVING,
    CAVE_USED,
    CITY_HALL_BUILT,
    CUR,
    CUSTOM_BOARD,
    DECK_SIZE_AT,
    DISCARD,
    DUAL_SWAMP,
    EMPTY,
    END_TRIGGERED,
    EVER_TAKEN,
    EXPANSION_FLAGS,
    FARM_USED,
    FORT_CARD,
    HAND,
    HOLDING,
    ISLAND_HOLDING,
    ISLAND_NEW,
    ISLAND_OWNER,
    ISLAND_PIECE,
    ISLAND_SIDE,
    ISLAND_TAKEN,
    ISLAND_TERRAIN_AT,
    ISLAND_TILE0,
    ISLAND_TILES_LEFT,
    ISLAND_USED,
    MANDATORY_DONE,
    MANDATORY_LEFT,
    MANDATORY_TOTAL,
    MAX_CAPITALS,
    MAX_EXTRA_CARDS,
    MAX_MANDATORY,
    MAX_NOMAD_SPACES,
    MAX_PARKED,
    MAX_PLAYERS,
    MAYOR_ROW,
    NOMAD_HEX,
    NOMAD_NEW,
    NOMAD_READY,
    NOMAD_TILE,
    NUM_EXPANSIONS,
    NUM_NOMAD_KINDS,
    NUM_PLAYERS,
    NUM_TASKS,
    OUTPOST_ARMED,
    OWNER,
    PARKED,
    PHASE,
    PHASE_BAZAAR,
    PHASE_CANOE,
    PHASE_CHOOSE_CARD,
    PHASE_CHOOSE_DUAL,
    PHASE_FARM,
    PHASE_NAMES,
    PHASE_SILO,
    PHASE_STEP,
    PHASE_SWORD,
    PIECE,
    PIECE_CITY_HALL,
    PIECE_SCOUT,
    PIECE_WARRIOR,
    PLAYED,
    REMOVED,
    ROVER_MARKS,
    SCOUTS_TERRAIN,
    SELECTED,
    SILO_ACTIVE,
    SILO_DUE,
    SILO_HEX,
    SILO_LEFT,
    SILO_MODE,
    SILO_SETTLEMENTS,
    SLOT_HEX,
    SLOT_TYPE,
    START_PLAYER,
    SUPPLY,
    SWORD_NEXT,
    TASKS,
    TERRAIN,
    TILES_LEFT,
    TOKEN_BANK,
    TOKEN_BANK_AT,
    TOKENS,
    WALL,
    WALLS_LEFT,
    WARRIORS,
    XDISCARD,
    XHAND,
    XREMOVED,
    BigBoxState,
    State,
)
from eurogym.envs.kingdom_builder.tables import (
    CARDS_PER_GAME,
    COLS,
    DECK_SIZE,
    DUAL_CARDS,
    DUAL_DECK_SIZE,
    FARMLAND,
    ISLAND_HEXES,
    ISLAND_ROWS,
    MAX_LOCATION_HEXES,
    NEIGHBOURS,
    NOMAD_SPACE,
    NUM_ALL_CARDS,
    NUM_ALL_TILE_TYPES,
    NUM_CARD_TERRAINS,
    NUM_CARDS,
    NUM_HEXES,
    NUM_TILE_TYPES,
    PALACE,
    ROWS,
    SECTIONS_PER_GAME,
    SETTLEMENTS_PER_PLAYER,
    STONE_WALLS,
    SWAMP,
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

NUM_X_TILES = NUM_ALL_TILE_TYPES - NUM_TILE_TYPES
X_WALL_PLANE = 1
X_NOMAD_PLANES = 2
X_SLOT_TYPE_PLANES = X_NOMAD_PLANES + NUM_NOMAD_KINDS
X_CAPITAL_PLANE = X_SLOT_TYPE_PLANES + NUM_ALL_TILE_TYPES
X_CAVE_PLANE = X_CAPITAL_PLANE + 1
X_PIECE_PLANES = X_CAVE_PLANE + 1  # + piece kind - 1: city hall, wagon, ship, warrior
X_BLOCKED_PLANE = X_PIECE_PLANES + PIECE_WARRIOR
X_SWAMP_PLANE = X_BLOCKED_PLANE + 1
X_PALACE_PLANE = X_SWAMP_PLANE + 1
X_FARMLAND_PLANE = X_PALACE_PLANE + 1
X_SILO_PLANE = X_FARMLAND_PLANE + 1  # then the silo being resolved, then the silos due
X_SCOUT_PLANE = X_SILO_PLANE + 3
X_PLANES = X_SCOUT_PLANE + 1
NUM_MS_TILES = FIRST_HV_TILE - FIRST_MS_TILE
HV_SCALARS = MAX_PLAYERS + 1 + 1 + 2 + 2 + 1 + SECTIONS_PER_GAME + ROWS * MAX_PLAYERS + 2
_MS_PER_SEAT = 2 + NUM_MS_TILES
MS_SCALARS = (
    MAX_PLAYERS * _MS_PER_SEAT + 9 + MAX_PLAYERS + 1 + 2 * DUAL_DECK_SIZE + 1 + NUM_CARD_TERRAINS
)
_CR_PER_SEAT = 5
_X_PER_SEAT = 1 + 2 * NUM_NOMAD_KINDS + 2 * NUM_X_TILES + 2 * MAX_LOCATION_HEXES
X_SCALARS = (
    MAX_PLAYERS * _X_PER_SEAT
    + (NUM_ALL_CARDS - NUM_CARDS)
    + NUM_NOMAD_KINDS
    + 2
    + NUM_X_TILES
    + 4
    + MAX_PLAYERS
    + NUM_EXPANSIONS
    + 1
    + 2
    + MAX_PLAYERS * _CR_PER_SEAT
    + 2 * NUM_CARD_TERRAINS
    + NUM_TASKS
    + 1
    + MS_SCALARS
    + HV_SCALARS
)
# the Island (§15.3): per island hex terrain (9), seats (5), the settlement chosen to move,
# a wall, a city-hall hex, a scout (3); then the side (2), its tiles left/2, its tile in use
# (2), per relative seat (5 x 4), and its rows' Mayors marks (5 x 5)
_ISLAND_WALL = NUM_TERRAIN_PLANES + MAX_PLAYERS + 1  # then the city hall, then the scout
_ISLAND_PER_HEX = _ISLAND_WALL + 3
ISLAND_SCALARS = ISLAND_HEXES * _ISLAND_PER_HEX + 5 + (4 + ISLAND_ROWS) * MAX_PLAYERS
X_FLAT_SIZE = FLAT_SIZE + X_PLANES * NUM_HEXES + X_SCALARS + ISLAND_SCALARS

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
        if owner != EMPTY and owner < n:  # a seat (a Big Box stone wall is not)
            planes[SEAT_PLANES + (owner - me) % n, h] = 1.0
    for s in range(MAX_LOCATION_HEXES):
        h = buf[SLOT_HEX + s]
        if h >= 0:
            planes[TILES_PLANE, h] = buf[TILES_LEFT + s] / 2.0
            planes[TAKEN_PLANE, h] = buf[EVER_TAKEN + me * MAX_LOCATION_HEXES + s]
    if buf[SELECTED] != EMPTY and buf[SELECTED] < NUM_HEXES:  # (an island hex: _fill_island)
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
    i = _one_hot(out, i, card_terrain(buf[HAND + me]), NUM_CARD_TERRAINS)
    i = _one_hot(out, i, card_terrain(buf[PLAYED]), NUM_CARD_TERRAINS)
    i = _one_hot(out, i, buf[PHASE] if buf[PHASE] < 5 else -1, 5)
    i = _one_hot(out, i, buf[ACTIVE_TILE], NUM_TILE_TYPES)
    out[i] = buf[MANDATORY_LEFT] / (MAX_MANDATORY if marshlands_on(buf) else 3.0)  # §13.5
    out[i + 1] = buf[MANDATORY_DONE]
    i += 2
    for k in range(NUM_CARDS):
        out[i + k] = 0.0
    for c in range(CARDS_PER_GAME):
        out[i + buf[CARDS + c]] = 1.0
    i += NUM_CARDS
    full = DECK_SIZE + (DUAL_DECK_SIZE if marshlands_on(buf) else 0)  # 30 with Marshlands
    out[i] = buf[DECK_SIZE_AT] / full
    i += 1
    for t in range(NUM_CARD_TERRAINS):
        out[i + t] = buf[DISCARD + t] / 5.0
        out[i + NUM_CARD_TERRAINS + t] = buf[REMOVED + t] / 5.0
    i += 2 * NUM_CARD_TERRAINS
    out[i] = buf[END_TRIGGERED]
    i += 1
    _one_hot(out, i, (buf[START_PLAYER] - me) % n, MAX_PLAYERS)


@njit(**ENTRY)
def _fill_flat(buf, me, plane_of_terrain, out):
    """out float32[FLAT_SIZE]: planes, then scalars (one call: dispatch costs more than work)."""
    board = NUM_PLANES * NUM_HEXES
    _fill_planes(buf, me, plane_of_terrain, out[:board].reshape((NUM_PLANES, NUM_HEXES)))
    _fill_scalars(buf, me, out[board:])


@njit(**ENTRY)
def _fill_big(buf, me, out):
    """out float32[X_PLANES * 400 + X_SCALARS]: the Big Box part, see the module docstring."""
    for i in range(out.shape[0]):
        out[i] = 0.0
    n = buf[NUM_PLAYERS]
    planes = out[: X_PLANES * NUM_HEXES].reshape((X_PLANES, NUM_HEXES))
    for h in range(NUM_HEXES):
        if buf[TERRAIN + h] == NOMAD_SPACE:
            planes[0, h] = 1.0
        if buf[OWNER + h] == WALL:
            planes[X_WALL_PLANE, h] = 1.0
        if buf[TERRAIN + h] == SWAMP:
            planes[X_SWAMP_PLANE, h] = 1.0
        elif buf[TERRAIN + h] == PALACE:
            planes[X_PALACE_PLANE, h] = 1.0
        elif buf[TERRAIN + h] == FARMLAND:
            planes[X_FARMLAND_PLANE, h] = 1.0
    for k in range(SECTIONS_PER_GAME):
        h = buf[SILO_HEX + k]
        if h >= 0:
            planes[X_SILO_PLANE, h] = 1.0
            planes[X_SILO_PLANE + 1, h] = 1.0 if buf[SILO_ACTIVE] == k else 0.0
            planes[X_SILO_PLANE + 2, h] = buf[SILO_DUE + k]
    for j in range(MAX_NOMAD_SPACES):
        if buf[NOMAD_HEX + j] >= 0 and buf[NOMAD_TILE + j] >= 0:
            planes[X_NOMAD_PLANES + buf[NOMAD_TILE + j], buf[NOMAD_HEX + j]] = 1.0
    for s in range(MAX_LOCATION_HEXES):
        if buf[SLOT_HEX + s] >= 0:
            planes[X_SLOT_TYPE_PLANES + buf[SLOT_TYPE + s], buf[SLOT_HEX + s]] = 1.0
    for c in range(MAX_CAPITALS):
        if buf[CAPITAL_HEX + c] >= 0:
            planes[X_CAPITAL_PLANE, buf[CAPITAL_HEX + c]] = 1.0
    for k in range(SECTIONS_PER_GAME):
        if buf[CAVE_HEX + k] >= 0:
            planes[X_CAVE_PLANE, buf[CAVE_HEX + k]] = 1.0
    i = X_PLANES * NUM_HEXES
    for k in range(MAX_PLAYERS):
        if k < n:
            seat = (me + k) % n
            out[i] = min(buf[BONUS_GOLD + seat] / 100.0, 1.0)
            for kind in range(NUM_NOMAD_KINDS):
                out[i + 1 + kind] = buf[NOMAD_NEW + seat * NUM_NOMAD_KINDS + kind] / 2.0
                out[i + 1 + NUM_NOMAD_KINDS + kind] = (
                    buf[NOMAD_READY + seat * NUM_NOMAD_KINDS + kind] / 2.0
                )
            j = i + 1 + 2 * NUM_NOMAD_KINDS
            for t in range(NUM_X_TILES):
                held = 0
                for s in range(MAX_LOCATION_HEXES):
                    if (
                        buf[HOLDING + seat * MAX_LOCATION_HEXES + s]
                        and buf[SLOT_TYPE + s] == NUM_TILE_TYPES + t
                    ):
                        held += 1
                out[j + t] = held / 2.0
                out[j + NUM_X_TILES + t] = max(num_usable(buf, seat, NUM_TILE_TYPES + t), 0) / 2.0
            j += 2 * NUM_X_TILES
            for s in range(MAX_LOCATION_HEXES):
                out[j + s] = buf[HOLDING + seat * MAX_LOCATION_HEXES + s]
                out[j + MAX_LOCATION_HEXES + s] = buf[EVER_TAKEN + seat * MAX_LOCATION_HEXES + s]
        i += _X_PER_SEAT
    for c in range(CARDS_PER_GAME):
        if buf[CARDS + c] >= NUM_CARDS:
            out[i + buf[CARDS + c] - NUM_CARDS] = 1.0
    i += NUM_ALL_CARDS - NUM_CARDS
    i = _one_hot(out, i, buf[ACTIVE_NOMAD], NUM_NOMAD_KINDS)
    out[i] = 1.0 if buf[PHASE] == PHASE_SWORD else 0.0
    out[i + 1] = 1.0 if buf[PHASE] == PHASE_STEP else 0.0
    i += 2
    tile = buf[ACTIVE_TILE]  # (an Island tile: _fill_island)
    i = _one_hot(out, i, tile - NUM_TILE_TYPES if tile < NUM_ALL_TILE_TYPES else -1, NUM_X_TILES)
    out[i] = buf[OUTPOST_ARMED]
    out[i + 1] = buf[ACTION_LEFT] / 4.0
    out[i + 2] = buf[ACTION_DONE] / 4.0
    out[i + 3] = buf[WALLS_LEFT] / STONE_WALLS
    i += 4
    victim = buf[SWORD_NEXT]
    i = _one_hot(out, i, (victim - me) % n if victim >= 0 else -1, MAX_PLAYERS)
    for e in range(NUM_EXPANSIONS):
        out[i + e] = buf[EXPANSION_FLAGS + e]
    out[i + NUM_EXPANSIONS] = buf[CUSTOM_BOARD]
    i += NUM_EXPANSIONS + 1
    out[i] = 1.0 if buf[CAVE_MOVE_AT] == CAVE_MOVING else 0.0
    out[i + 1] = 1.0 if buf[CAVE_MOVE_AT] == CAVE_USED else 0.0
    _fill_crossroads(buf, me, out, planes, i + 2)
    _fill_island(buf, me, out, X_PLANES * NUM_HEXES + X_SCALARS)


@njit(**KERNEL)
def _fill_island(buf, me, out, i):
    """The Island (§15.3), from out[i] on; see the module docstring. Zeros without it."""
    if buf[ISLAND_SIDE] == EMPTY:
        return
    n = buf[NUM_PLAYERS]
    for h in range(ISLAND_HEXES):
        at = i + h * _ISLAND_PER_HEX
        p = _PLANE_OF_TERRAIN[buf[ISLAND_TERRAIN_AT + h]]
        if p >= 0:
            out[at + p] = 1.0
        owner = buf[ISLAND_OWNER + h]
        if owner == WALL:
            out[at + _ISLAND_WALL] = 1.0
        elif owner != EMPTY:
            out[at + NUM_TERRAIN_PLANES + (owner - me) % n] = 1.0
        kind = buf[ISLAND_PIECE + h]
        if kind == PIECE_CITY_HALL:
            out[at + _ISLAND_WALL + 1] = 1.0
        elif kind == PIECE_SCOUT:
            out[at + _ISLAND_WALL + 2] = 1.0
        if buf[SELECTED] == NUM_HEXES + h:
            out[at + NUM_TERRAIN_PLANES + MAX_PLAYERS] = 1.0
    i += ISLAND_HEXES * _ISLAND_PER_HEX
    out[i + buf[ISLAND_SIDE]] = 1.0
    out[i + 2] = buf[ISLAND_TILES_LEFT] / 2.0
    if buf[ACTIVE_TILE] >= ISLAND_TILE0:
        out[i + 3 + buf[ACTIVE_TILE] - ISLAND_TILE0] = 1.0
    i += 5
    for k in range(n):
        seat = (me + k) % n
        out[i + 4 * k] = buf[ISLAND_HOLDING + seat]
        out[i + 4 * k + 1] = buf[ISLAND_TAKEN + seat]
        out[i + 4 * k + 2] = buf[ISLAND_NEW + seat]
        out[i + 4 * k + 3] = buf[ISLAND_USED + seat]
    i += 4 * MAX_PLAYERS
    for r in range(ISLAND_ROWS):  # Mayors' island rows (§14.4, §15.3)
        seat = buf[MAYOR_ROW + ROWS + r]
        _one_hot(out, i + r * MAX_PLAYERS, (seat - me) % n if seat >= 0 else -1, MAX_PLAYERS)


@njit(**KERNEL)
def _fill_crossroads(buf, me, out, planes, i):
    """The Crossroads planes and scalars (§12), from out[i] on; see the module docstring."""
    n = buf[NUM_PLAYERS]
    counts = np.zeros((MAX_PLAYERS, PIECE_WARRIOR + 1), np.int64)
    for h in range(NUM_HEXES):
        kind = buf[PIECE + h]
        if kind == PIECE_SCOUT:  # Harvest (§14.3)
            planes[X_SCOUT_PLANE, h] = 1.0
            continue
        if kind == 0:
            continue
        planes[X_PIECE_PLANES + kind - 1, h] = 1.0
        counts[buf[OWNER + h], kind] += 1
        if kind == PIECE_WARRIOR:
            for d in range(6):
                nb = NEIGHBOURS[h, d]
                if nb >= 0:
                    planes[X_BLOCKED_PLANE, nb] = 1.0
    for k in range(n):
        seat = (me + k) % n
        j = i + k * _CR_PER_SEAT
        out[j] = buf[CITY_HALL_BUILT + seat]  # (its hexes: a plane, or the Island's block)
        out[j + 1] = counts[seat, PIECE_CITY_HALL + 1]  # wagon
        out[j + 2] = counts[seat, PIECE_CITY_HALL + 2]  # ship
        out[j + 3] = counts[seat, PIECE_WARRIOR] / WARRIORS
        held = 0
        for c in range(MAX_EXTRA_CARDS):
            if buf[XHAND + seat * MAX_EXTRA_CARDS + c] != EMPTY:
                held += 1
        out[j + 4] = held / MAX_EXTRA_CARDS
    i += MAX_PLAYERS * _CR_PER_SEAT
    for c in range(MAX_EXTRA_CARDS):
        card = buf[XHAND + me * MAX_EXTRA_CARDS + c]
        if card != EMPTY:
            out[i + card_terrain(card)] += 1.0 / MAX_EXTRA_CARDS
    i += NUM_CARD_TERRAINS
    i = _one_hot(out, i, card_terrain(buf[FORT_CARD]), NUM_CARD_TERRAINS)
    for k in range(SECTIONS_PER_GAME):
        if buf[TASKS + k] != EMPTY:
            out[i + buf[TASKS + k]] = 1.0
    i += NUM_TASKS
    out[i] = 1.0 if buf[PHASE] == PHASE_CHOOSE_CARD else 0.0
    _fill_marshlands(buf, me, out, i + 1)


@njit(**KERNEL)
def _fill_marshlands(buf, me, out, i):
    """The Marshlands scalars (§13), from out[i] on; see the module docstring. Only my own
    cards are shown (a dual card in another hand stays hidden)."""
    n = buf[NUM_PLAYERS]
    for k in range(n):
        seat = (me + k) % n
        j = i + k * _MS_PER_SEAT
        out[j] = buf[PARKED + seat] / MAX_PARKED
        out[j + 1] = buf[CANOE_LEFT + seat] / 2.0
        for t in range(NUM_MS_TILES):
            out[j + 2 + t] = 1.0 if holds_bonus(buf, seat, FIRST_MS_TILE + t) else 0.0
    i += MAX_PLAYERS * _MS_PER_SEAT
    out[i] = 1.0 if buf[HAND + me] >= DUAL_CARDS else 0.0
    out[i + 1] = 1.0 if buf[PLAYED] >= DUAL_CARDS else 0.0
    out[i + 2] = 1.0 if buf[DUAL_SWAMP] == 0 else 0.0
    out[i + 3] = 1.0 if buf[DUAL_SWAMP] == 1 else 0.0
    out[i + 4] = buf[BONUS_USED]
    out[i + 5] = buf[BONUS_USED + 1]
    out[i + 6] = buf[BONUS_ACTIVE]
    out[i + 7] = 1.0 if buf[PHASE] == PHASE_CHOOSE_DUAL else 0.0
    out[i + 8] = 1.0 if buf[PHASE] == PHASE_CANOE else 0.0
    i += 9
    interrupted = buf[CANOE_FROM]
    i = _one_hot(out, i, (interrupted - me) % n if interrupted >= 0 else -1, MAX_PLAYERS)
    out[i] = buf[MANDATORY_TOTAL] / MAX_MANDATORY
    i += 1
    for t in range(DUAL_DECK_SIZE):
        out[i + t] = buf[XDISCARD + t]
        out[i + DUAL_DECK_SIZE + t] = buf[XREMOVED + t]
    i += 2 * DUAL_DECK_SIZE
    held = 0
    for c in range(MAX_EXTRA_CARDS):
        if buf[XHAND + me * MAX_EXTRA_CARDS + c] >= DUAL_CARDS:
            held += 1
    out[i] = held / MAX_EXTRA_CARDS
    i = _one_hot(out, i + 1, buf[SCOUTS_TERRAIN], NUM_CARD_TERRAINS)
    _fill_harvest(buf, me, out, i)


@njit(**KERNEL)
def _fill_harvest(buf, me, out, i):
    """The Harvest scalars (§14), from out[i] on; see the module docstring."""
    n = buf[NUM_PLAYERS]
    for k in range(n):
        out[i + k] = buf[TOKENS + (me + k) % n] / TOKEN_BANK
    i += MAX_PLAYERS
    out[i] = buf[TOKEN_BANK_AT] / TOKEN_BANK
    out[i + 1] = buf[FARM_USED]
    out[i + 2] = 1.0 if buf[PHASE] == PHASE_SILO else 0.0
    out[i + 3] = 1.0 if buf[PHASE] == PHASE_FARM else 0.0
    i = _one_hot(out, i + 4, buf[SILO_MODE], 2)
    out[i] = buf[SILO_LEFT] / SILO_SETTLEMENTS
    i += 1
    for k in range(SECTIONS_PER_GAME):
        out[i + k] = buf[ROVER_MARKS + k]
    i += SECTIONS_PER_GAME
    for r in range(ROWS):
        seat = buf[MAYOR_ROW + r]
        _one_hot(out, i + r * MAX_PLAYERS, (seat - me) % n if seat >= 0 else -1, MAX_PLAYERS)
    i += ROWS * MAX_PLAYERS
    out[i] = 1.0 if buf[PHASE] == PHASE_BAZAAR else 0.0
    out[i + 1] = buf[BAZAAR_ACTIVE]


def flat_size(state: State) -> int:
    """Length of encode_flat's vector for this state (FLAT_SIZE, or X_FLAT_SIZE)."""
    return X_FLAT_SIZE if isinstance(state, BigBoxState) else FLAT_SIZE


def encode_planes(state: State, player: int) -> np.ndarray:
    """float32[17, 20, 20] spatial planes for a CNN, as seen by `player`."""
    planes = np.empty((NUM_PLANES, NUM_HEXES), np.float32)
    _fill_planes(state.buf, player, _PLANE_OF_TERRAIN, planes)
    return planes.reshape(PLANES_SHAPE)


def encode_flat(state: State, player: int) -> np.ndarray:
    """float32[FLAT_SIZE]: planes then scalar features, as seen by `player` (env default);
    float32[X_FLAT_SIZE] for a Big Box game (the base part, then the expansion part)."""
    out = np.empty(flat_size(state), np.float32)
    _fill_flat(state.buf, player, _PLANE_OF_TERRAIN, out[:FLAT_SIZE])
    if out.shape[0] > FLAT_SIZE:
        _fill_big(state.buf, player, out[FLAT_SIZE:])
    return out
