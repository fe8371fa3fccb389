"""numba kernels for Kingdom Builder: targets (§6.2), location tiles (§7), the turn sequence
(§4, §5, §9) and the engine step that ties them together, for the base game and, on a
BigBoxState buffer, the Nomads expansion (§11: nomad tiles, Quarry walls, Caravan, Village,
Garden, the in-game cards; see nomads.py for the Nomads-only targets), the Crossroads
expansion (§12: warriors, wagon, ship, city hall, the eight locations, the Crossroads tile's
card choice; crossroads.py), the Marshlands expansion (§13: dual cards, palaces, the four
locations and their bonuses, the Canoe reaction on other players' turns, temple settlements;
marshlands.py), the Harvest expansion (§14: farmland and the farm action, the silo phase after
the last turn, the Harvest locations, village tokens, Rovers and Mayors; harvest.py) and the
Queenies Capital and Caves (§15.1, §15.2; queenies.py).

Every kernel takes the flat state buffer `buf` (int64, fields at the offsets from state.py)
and, where geometry matters, the neighbour table `nbr` (int64[400, 6], envs.core.hexgrid).
A buffer longer than the base layout is a Big Box game (`is_big`); only then are the
expansion fields read, so the base game runs the same code and plays bit for bit as before.
Expansion rules are branches inside these kernels, not new entry points: each extra entry
point would be compiled once more per caller (docs/cold_start.md).
`apply_action` assumes the action was checked against the mask (rules.py does that).
"""

import numpy as np
from numba import njit

from eurogym.envs.core.hexgrid import NUM_DIRECTIONS, has_line_beyond, has_neighbour_equal
from eurogym.envs.core.jit import ENTRY, INLINE, KERNEL
from eurogym.envs.kingdom_builder.actions import (
    CANOE_BONUS,
    CAVE_MOVE,
    CHOOSE_CARD,
    CHOOSE_OTHER,
    CHOOSE_SWAMP,
    CR_TILE_ACTIONS,
    END_TURN,
    FARM_ACTION,
    FIRST_CR_TILE,
    FIRST_HV_TILE,
    FIRST_MS_TILE,
    HV_TILE_ACTIONS,
    ISLAND_HEX_ACTIONS,
    ISLAND_TILE_ACTIONS,
    MS_TILE_ACTIONS,
    NOMAD_ACTIONS,
    REFUGE_BONUS,
    SILO_BUILD,
    SILO_MOVE,
    STOP,
    TAKE_TOKEN,
    TILE_ACTIONS,
    X_TILE_ACTIONS,
)
from eurogym.envs.kingdom_builder.crossroads import (
    city_hall_targets,
    crossroads_on,
    free_at,
    free_hex,
    is_plain_settlement,
    next_to_warrior,
    piece_hex,
    vehicle_moves,
    warriors_on_board,
)
from eurogym.envs.kingdom_builder.harvest import (
    BAZAAR,
    BUILT,
    CATHEDRAL,
    MOVED,
    PALISADE,
    PLACED,
    SCOUT_CABIN,
    after_placement,
    begin_silos,
    can_farm,
    can_use_harvest_tile,
    farm_targets,
    harvest_on,
    near_targets,
    next_silo_or_seat,
    palisade_origins,
    palisade_targets,
    pay_rovers,
    remove_scouts,
    scout_targets,
    silo_can,
    silo_hexes,
    spend_token,
    take_token,
)
from eurogym.envs.kingdom_builder.island import (
    clear_hexes,
    is_island_tile,
    island_has_empty,
    island_lose,
    island_on,
    island_scan,
    island_settlements,
    island_take,
    island_tile_terrain,
    mark_hex,
    neighbour_at,
    set_owner,
    set_piece,
    walk_at,
)
from eurogym.envs.kingdom_builder.marshlands import (
    card_terrain,
    deck_get,
    deck_set,
    discard_card,
    fountain_targets,
    marshlands_on,
    played_terrain,
    refill_deck,
    refuge_origins,
    refuge_targets,
    remove_card,
)
from eurogym.envs.kingdom_builder.nomads import (
    DONATION_TERRAIN,
    NUM_DONATIONS,
    OUTPOST,
    RESETTLEMENT,
    SWORD,
    caravan_targets,
    has_settlement,
    is_big,
    quarry_targets,
    resettle_origins,
    score_families,
    score_placement,
    step_targets,
    take_nomad_tiles,
    village_targets,
)
from eurogym.envs.kingdom_builder.queenies import can_cave_move, cave_origins, cave_targets
from eurogym.envs.kingdom_builder.state import (
    ACTION_DONE,
    ACTION_LEFT,
    ACTIVE_NOMAD,
    ACTIVE_TILE,
    BAZAAR_ACTIVE,
    BONUS_ACTIVE,
    BONUS_USED,
    CANOE_FROM,
    CANOE_LEFT,
    CANOE_PHASE,
    CAVE_MOVE_AT,
    CAVE_MOVING,
    CAVE_USED,
    CITY_HALL_BUILT,
    COUNT_MOVES,
    CUR,
    DECK_SIZE_AT,
    DISCARD,
    DONATION_BUILDS,
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
    ISLAND_SIDE,
    ISLAND_TILE0,
    ISLAND_USED,
    MANDATORY_DONE,
    MANDATORY_HEXES,
    MANDATORY_LEFT,
    MANDATORY_SETTLEMENTS,
    MANDATORY_TOTAL,
    MAX_EXTRA_CARDS,
    MAX_NOMAD_SPACES,
    MONASTERY_LOOSE,
    NOMAD_NEW,
    NOMAD_READY,
    NOMAD_TILE,
    NUM_NOMAD_KINDS,
    NUM_PLAYERS,
    NUM_X_TILE_TYPES,
    OUTPOST_ARMED,
    OWNER,
    PARKED,
    PHASE,
    PHASE_BAZAAR,
    PHASE_CANOE,
    PHASE_CHOOSE_CARD,
    PHASE_CHOOSE_DUAL,
    PHASE_FARM,
    PHASE_GAME_OVER,
    PHASE_MAIN,
    PHASE_MANDATORY,
    PHASE_SILO,
    PHASE_STEP,
    PHASE_SWORD,
    PHASE_TILE_ORIGIN,
    PHASE_TILE_TARGET,
    PIECE,
    PIECE_CITY_HALL,
    PIECE_SCOUT,
    PIECE_SETTLEMENT,
    PIECE_SHIP,
    PIECE_WAGON,
    PIECE_WARRIOR,
    PLAYED,
    QUARRY_WALLS,
    RESETTLEMENT_STEPS,
    SCOUT_PIECES,
    SELECTED,
    SILO_BUILDS,
    SILO_LEFT,
    SILO_MODE,
    SILO_MOVES,
    SLOT_HEX,
    SLOT_OF_HEX,
    SLOT_TYPE,
    START_PLAYER,
    STEP_TILES,
    SUPPLY,
    SWAMP_SETTLEMENTS,
    SWORD_NEXT,
    SWORD_SELF,
    SWORD_VICTIM,
    TERRAIN,
    TILE_NEW,
    TILE_USED,
    TILES_LEFT,
    TOKEN_BANK_AT,
    TOKENS,
    TURN,
    WALL,
    WALLS_LEFT,
    WARRIORS,
    XDISCARD,
    XHAND,
    XTILE_NEW,
    XTILE_USED,
)
from eurogym.envs.kingdom_builder.tables import (
    BUILDABLE_MAX,
    CANYON,
    DESERT,
    DUAL_CARDS,
    DUAL_DECK_SIZE,
    EXPANSIONS,
    FLOWER,
    FOREST,
    GRASS,
    ISLAND_HEXES,
    ISLAND_NEIGHBOURS,
    ISLAND_SIDES,
    MAX_LOCATION_HEXES,
    MOUNTAIN,
    NEIGHBOURS,
    NUM_ALL_TILE_TYPES,
    NUM_CARD_TERRAINS,
    NUM_HEXES,
    NUM_TILE_TYPES,
    SWAMP,
    TILE_INDEX,
    WATER,
    X_HEXES,
)

# Tile types (ALL_TILE_NAMES order) and target kinds.
ORACLE, FARM, OASIS, TOWER, TAVERN, BARN, HARBOR, PADDOCK = range(8)
QUARRY, CARAVAN, VILLAGE, GARDEN = range(8, 12)  # Nomads (§11.2)
FORESTERS, LIGHTHOUSE, BARRACKS, CROSSROADS_TILE, CITY_HALL, FORT, MONASTERY, WAGON = (
    TILE_INDEX[name]
    for name in (
        "foresters_lodge", "lighthouse", "barracks", "crossroads",
        "city_hall", "fort", "monastery", "wagon",
    )
)  # Crossroads (§12.3)  # fmt: skip
CANOE, FOUNTAIN, REFUGE, TEMPLE = (
    TILE_INDEX[name] for name in ("canoe", "fountain", "refuge", "temple")
)  # Marshlands (§13.3)
CAVES_FLAG = EXPANSIONS.index("caves")
ANY_BUILDABLE = -2
BUILDABLE_OR_MOUNTAIN = -3  # the wagon's terrain (§12.3)
SWAMP_OR_WATER = -4  # the Canoe's terrain (§13.3): adjacency judged over both together
SHIP_WATER = -5  # the ship's water (§12.3): as WATER, but pieces never go to the Island
NOBODY = -7  # a seat that owns nothing: placement_targets then ignores adjacency
CANOE_BONUS_USED, REFUGE_BONUS_USED = 0, 1  # bonus_used entries
TAVERN_LINE = 3  # §7.4
PADDOCK_STEPS = 2  # §7.4


@njit(**KERNEL)
def is_move_tile(tile):
    return (
        tile == BARN
        or tile == HARBOR
        or tile == PADDOCK
        or tile == CARAVAN
        or tile == REFUGE
        or tile == PALISADE
        or is_island_tile(tile)
    )


@njit(**KERNEL)
def is_piece_tile(tile):
    """Crossroads tiles that place, move or take back a piece instead of a settlement."""
    return tile == LIGHTHOUSE or tile == WAGON or tile == BARRACKS or tile == CITY_HALL


# Tile types the Bazaar may repeat (§14.3): every location tile type, then the Island's two
# (state.ISLAND_TILE0 + side; only the side in play can be held, §15.3)
REPEATABLE_END = ISLAND_TILE0 + len(ISLAND_SIDES)


@njit(**KERNEL)
def tile_action_of(tile):
    """The action that uses tile type `tile` (actions.tile_action, for kernels)."""
    if tile >= ISLAND_TILE0:  # §15.3 Tree House / Rope Bridge
        return ISLAND_TILE_ACTIONS + tile - ISLAND_TILE0
    if tile < NUM_TILE_TYPES:
        return TILE_ACTIONS + tile
    if tile < FIRST_CR_TILE:
        return X_TILE_ACTIONS + tile - NUM_TILE_TYPES
    if tile < FIRST_MS_TILE:
        return CR_TILE_ACTIONS + tile - FIRST_CR_TILE
    if tile < FIRST_HV_TILE:
        return MS_TILE_ACTIONS + tile - FIRST_MS_TILE
    return HV_TILE_ACTIONS + tile - FIRST_HV_TILE


@njit(**KERNEL)
def new_at(player, tile):
    """Offset of the player's count of `tile` copies taken this turn (base or expansion)."""
    if tile < NUM_TILE_TYPES:
        return TILE_NEW + player * NUM_TILE_TYPES + tile
    if tile >= ISLAND_TILE0:  # §15.3: one location hex, one copy at most
        return ISLAND_NEW + player
    return XTILE_NEW + player * NUM_X_TILE_TYPES + tile - NUM_TILE_TYPES


@njit(**KERNEL)
def used_at(player, tile):
    """Offset of the player's count of `tile` copies used this turn (base or expansion)."""
    if tile < NUM_TILE_TYPES:
        return TILE_USED + player * NUM_TILE_TYPES + tile
    if tile >= ISLAND_TILE0:
        return ISLAND_USED + player
    return XTILE_USED + player * NUM_X_TILE_TYPES + tile - NUM_TILE_TYPES


@njit(**INLINE)
def num_tile_types(buf):
    return NUM_ALL_TILE_TYPES if is_big(buf) else NUM_TILE_TYPES


@njit(**INLINE)
def _matches(terrain_code, target):
    if target >= 0:
        return terrain_code == target
    if target == ANY_BUILDABLE:
        return terrain_code <= BUILDABLE_MAX
    if target == SWAMP_OR_WATER:
        return terrain_code == SWAMP or terrain_code == WATER
    if target == SHIP_WATER:
        return terrain_code == WATER
    return terrain_code <= BUILDABLE_MAX or terrain_code == MOUNTAIN  # BUILDABLE_OR_MOUNTAIN


@njit(**INLINE)
def _is_edge(nbr, h):
    for d in range(NUM_DIRECTIONS):
        if nbr[h, d] < 0:
            return True
    return False


@njit(**KERNEL)
def placement_targets(buf, nbr, player, target, edge_only, skip, out):
    """§6.2 with adjacency mode `if_possible`: the legal hexes for one placement.

    C = empty hexes whose terrain matches `target` (a terrain code or ANY_BUILDABLE), on the
    board edge if `edge_only` (Tower: "adjacent if possible judged among edge hexes only"),
    not next to a warrior (§12.2).
    A = hexes of C next to one of `player`'s settlements, ignoring the piece on `skip` (a
    moving piece is lifted first, D4). Writes out[h] = 1 for A if A is non-empty, else for C.
    Args: out int8[400]. Returns the number of legal hexes.
    """
    terrain = buf[TERRAIN : TERRAIN + NUM_HEXES]
    owner = buf[OWNER : OWNER + NUM_HEXES]
    num_candidates = 0
    num_adjacent = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        if owner[h] != EMPTY or not _matches(terrain[h], target):
            continue
        if edge_only and not _is_edge(nbr, h):
            continue
        num_candidates += 1
        out[h] = 1
        if has_neighbour_equal(nbr, h, owner, player, skip):
            num_adjacent += 1
            out[h] = 2
    if crossroads_on(buf):  # a second pass, so games without warriors keep the loop above
        for h in range(NUM_HEXES):
            if out[h] and next_to_warrior(buf, h):
                num_candidates -= 1
                num_adjacent -= out[h] - 1
                out[h] = 0
    # The Island (§15.3): its empty hexes passing a terrain filter join C, the ones next to
    # the player's island settlements join A (Tower and the pieces' targets stay on the main
    # board: D47, docs/rules §15.3)
    last = NUM_HEXES
    if (target >= 0 or target == SWAMP_OR_WATER) and not edge_only and island_on(buf):
        on_island, next_to_own = island_scan(buf, player, target, skip, out)
        num_candidates += on_island
        num_adjacent += next_to_own
        if out.shape[0] >= X_HEXES:
            last = X_HEXES
    # Outpost (§11.1): an armed build ignores "adjacent if possible" (moves never do); not a
    # canoe holder's build on another player's turn (the Outpost is that player's).
    free = skip == EMPTY and is_big(buf) and buf[OUTPOST_ARMED] == 1 and buf[PHASE] != PHASE_CANOE
    if num_adjacent == 0 or free:
        if num_adjacent > 0:
            for h in range(last):
                out[h] = 1 if out[h] else 0
        return num_candidates
    for h in range(last):
        out[h] = 1 if out[h] == 2 else 0
    return num_adjacent


@njit(**KERNEL)
def has_empty_terrain(buf, target):
    """§5 no-legal-hex test: is there any empty hex of terrain `target` anywhere (not next to
    a warrior, §12.2)?"""
    terrain = buf[TERRAIN : TERRAIN + NUM_HEXES]
    owner = buf[OWNER : OWNER + NUM_HEXES]
    warriors = crossroads_on(buf)
    for h in range(NUM_HEXES):
        if owner[h] == EMPTY and terrain[h] == target:
            if not warriors or not next_to_warrior(buf, h):
                return True
    return island_on(buf) and island_has_empty(buf, target)


@njit(**INLINE)
def tavern_targets(buf, nbr, player, out):
    """§7.4 Tavern: empty buildable hexes directly beyond an end of a straight line of at least
    3 of the player's settlements; a line of island settlements on the island (§15.3; marked
    when `out` has room). Returns the count."""
    owner = buf[OWNER : OWNER + NUM_HEXES]
    count = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        if free_hex(buf, h):
            if has_line_beyond(nbr, h, owner, player, TAVERN_LINE):
                out[h] = 1
                count += 1
    if island_on(buf):
        island = buf[ISLAND_OWNER : ISLAND_OWNER + ISLAND_HEXES]
        for i in range(ISLAND_HEXES):
            h = NUM_HEXES + i
            if h < out.shape[0]:
                out[h] = 0
            if free_at(buf, h) and has_line_beyond(
                ISLAND_NEIGHBOURS, i, island, player, TAVERN_LINE
            ):
                mark_hex(out, h)
                count += 1
    return count


@njit(**KERNEL)
def paddock_targets(buf, nbr, origin, out):
    """§7.4 Paddock: exactly 2 steps in one straight direction from `origin`, jumping over
    anything, onto an empty buildable hex; no adjacency rule. From an island settlement the
    2 steps stay on the island (§15.3; marked when `out` has room). Returns the count."""
    clear_hexes(out)
    count = 0
    for d in range(NUM_DIRECTIONS):
        h = walk_at(nbr, origin, d, PADDOCK_STEPS)
        if h >= 0 and free_at(buf, h):
            mark_hex(out, h)
            count += 1
    return count


@njit(**KERNEL)
def required_targets(buf, nbr, player, target, out):
    """§6.2 mode `required` (Monastery, D29): the hexes of `target` terrain next to one of the
    player's settlements, none if there are none (an armed Outpost frees it, §11.1)."""
    count = placement_targets(buf, nbr, player, target, False, EMPTY, out)
    if buf[OUTPOST_ARMED]:
        return count
    owner = buf[OWNER : OWNER + NUM_HEXES]
    for h in range(NUM_HEXES):
        if out[h] and has_neighbour_equal(nbr, h, owner, player, EMPTY):
            return count
    if island_on(buf) and island_scan(buf, player, target, EMPTY, np.empty(0, np.int8))[1] > 0:
        return count  # next to the player's island settlements (§15.3)
    for h in range(out.shape[0]):
        out[h] = 0
    return 0


@njit(**KERNEL)
def piece_targets(buf, nbr, player, tile, out):
    """§12.3 Lighthouse, Wagon, Barracks: the hexes one use may choose. An empty hex places
    the piece (from supply, adjacent if possible) or moves the ship/wagon there (1-3 steps,
    D20); a hex holding the player's own ship, wagon or warrior takes it back to supply."""
    if tile == BARRACKS:
        count = 0
        if warriors_on_board(buf, player) < WARRIORS:
            count = placement_targets(buf, nbr, player, ANY_BUILDABLE, False, EMPTY, out)
        else:
            for h in range(NUM_HEXES):
                out[h] = 0
        for h in range(NUM_HEXES):
            if buf[PIECE + h] == PIECE_WARRIOR and buf[OWNER + h] == player:
                out[h] = 1
                count += 1
        return count
    kind = PIECE_SHIP if tile == LIGHTHOUSE else PIECE_WAGON
    at = piece_hex(buf, player, kind)
    if at == EMPTY:
        terrain = SHIP_WATER if kind == PIECE_SHIP else BUILDABLE_OR_MOUNTAIN
        return placement_targets(buf, nbr, player, terrain, False, EMPTY, out)
    count = vehicle_moves(buf, nbr, at, kind, out)
    if is_big(buf) and buf[BAZAAR_ACTIVE]:  # §14.3: a repeat only moves the piece
        return count
    out[at] = 1
    return count + 1


@njit(**KERNEL)
def tile_targets(buf, nbr, player, tile, origin, out):
    """Destination hexes of location tile `tile` (§7.4); `origin` is the moving settlement for
    move tiles (EMPTY for build tiles). Writes out int8[400]; returns the count."""
    played = played_terrain(buf)
    if is_island_tile(tile):  # §15.3 Tree House / Rope Bridge: a move, adjacent if possible
        return placement_targets(buf, nbr, player, island_tile_terrain(tile), False, origin, out)
    if tile >= FIRST_HV_TILE:
        return harvest_targets(buf, nbr, player, tile, origin, out)
    if tile == ORACLE or tile == BARN:
        if played == EMPTY:
            for h in range(NUM_HEXES):
                out[h] = 0
            return 0
        return placement_targets(buf, nbr, player, played, False, origin, out)
    if tile == FARM:
        return placement_targets(buf, nbr, player, GRASS, False, EMPTY, out)
    if tile == OASIS:
        return placement_targets(buf, nbr, player, DESERT, False, EMPTY, out)
    if tile == TOWER:
        return placement_targets(buf, nbr, player, ANY_BUILDABLE, True, EMPTY, out)
    if tile == TAVERN:
        return tavern_targets(buf, nbr, player, out)
    if tile == HARBOR:
        return placement_targets(buf, nbr, player, WATER, False, origin, out)
    if tile == PADDOCK:
        return paddock_targets(buf, nbr, origin, out)
    if tile == QUARRY:
        return quarry_targets(buf, nbr, player, out)
    if tile == CARAVAN:
        return caravan_targets(buf, nbr, origin, out)
    if tile == VILLAGE:
        return village_targets(buf, nbr, player, out)
    if tile == GARDEN:
        return placement_targets(buf, nbr, player, FLOWER, False, EMPTY, out)
    if tile == FORESTERS:
        return placement_targets(buf, nbr, player, FOREST, False, EMPTY, out)
    if tile == MONASTERY:  # D29: `required` unless the monastery_adjacency option says not
        if buf[MONASTERY_LOOSE]:
            return placement_targets(buf, nbr, player, CANYON, False, EMPTY, out)
        return required_targets(buf, nbr, player, CANYON, out)
    if tile == FORT:  # the card the Fort drew (§12.3)
        if buf[FORT_CARD] == EMPTY:
            for h in range(NUM_HEXES):
                out[h] = 0
            return 0
        return placement_targets(buf, nbr, player, card_terrain(buf[FORT_CARD]), False, EMPTY, out)
    if tile == CITY_HALL:
        return city_hall_targets(buf, nbr, player, out)
    if tile >= FIRST_MS_TILE:
        return marsh_targets(buf, nbr, player, tile, origin, out)
    return piece_targets(buf, nbr, player, tile, out)


@njit(**KERNEL)
def harvest_targets(buf, nbr, player, tile, origin, out):
    """Targets of a Harvest tile (§14.3): Palisade moves `origin`; Cathedral spends a village
    token to build on the played terrain, adjacent if possible; the others build next to
    their kind of hex (harvest.near_targets)."""
    if tile == PALISADE:
        return palisade_targets(buf, nbr, origin, out)
    if tile == SCOUT_CABIN:
        return scout_targets(buf, nbr, player, out)
    if tile == CATHEDRAL:
        played = played_terrain(buf)
        if played == EMPTY or buf[TOKENS + player] == 0 or buf[SUPPLY + player] == 0:
            for h in range(NUM_HEXES):
                out[h] = 0
            return 0
        return placement_targets(buf, nbr, player, played, False, EMPTY, out)
    return near_targets(buf, nbr, player, tile, out)


@njit(**KERNEL)
def holds_bonus(buf, player, tile):
    """§13.3, D33: the bonus of a Marshlands location type is held while both its tiles are."""
    return num_held(buf, player, tile) >= 2


@njit(**KERNEL)
def canoe_targets(buf, nbr, player, out):
    """§13.3 Canoe: an empty swamp or water hex, adjacent if possible (judged over swamp and
    water together: a player may pick swamp next to their water and vice versa)."""
    return placement_targets(buf, nbr, player, SWAMP_OR_WATER, False, EMPTY, out)


@njit(**KERNEL)
def marsh_targets(buf, nbr, player, tile, origin, out):
    """Targets of a Marshlands tile (§13.3): Fountain builds (mountain too with its bonus),
    Refuge moves `origin` (its bonus: to the first free hex of a line), the Canoe bonus
    builds on swamp or water, Temple picks one of the player's settlements to park."""
    if tile == FOUNTAIN:
        return fountain_targets(buf, nbr, player, holds_bonus(buf, player, FOUNTAIN), out)
    if tile == REFUGE:
        return refuge_targets(buf, nbr, origin, buf[BONUS_ACTIVE] == 1, out)
    if tile == CANOE:
        return canoe_targets(buf, nbr, player, out)
    count = 0  # TEMPLE: the player's plain settlements (D19: never a city hall or a piece)
    if island_on(buf):
        count = island_settlements(buf, player, out)
    for h in range(NUM_HEXES):
        out[h] = 0
        if buf[OWNER + h] == player and is_plain_settlement(buf, h):
            out[h] = 1
            count += 1
    return count


@njit(**KERNEL)
def move_origins(buf, nbr, player, tile, out):
    """Settlements of `player` that move tile `tile` can move somewhere. For Barn and Harbor
    any settlement can once an empty hex of the target terrain exists (adjacency only narrows
    the choice); Paddock depends on the origin. Writes out int8[400]; returns the count."""
    owner = buf[OWNER : OWNER + NUM_HEXES]
    scratch = np.empty(NUM_HEXES, np.int8)
    if tile == PADDOCK or tile == CARAVAN:
        anywhere = True
    elif tile == BARN:
        anywhere = buf[PLAYED] != EMPTY and has_empty_terrain(buf, played_terrain(buf))
    elif tile == REFUGE:
        return refuge_origins(buf, nbr, player, buf[BONUS_ACTIVE] == 1, out)
    elif tile == PALISADE:
        return palisade_origins(buf, nbr, player, out)
    elif is_island_tile(tile):
        anywhere = has_empty_terrain(buf, island_tile_terrain(tile))
    else:
        anywhere = has_empty_terrain(buf, WATER)
    count = 0
    if anywhere and (tile == BARN or tile == HARBOR or is_island_tile(tile)) and island_on(buf):
        count = island_settlements(buf, player, out)  # §15.3: moved off the island too
    for h in range(NUM_HEXES):
        out[h] = 0
        if owner[h] != player or not anywhere or not is_plain_settlement(buf, h):
            continue  # Crossroads pieces move only by their own tiles (D17)
        if tile == PADDOCK and paddock_targets(buf, nbr, h, scratch) == 0:
            continue
        if tile == CARAVAN and step_targets(buf, nbr, h, scratch) == 0:
            continue  # a slide exists iff some first step is free (§11.2): 6 hexes, no walks
        out[h] = 1
        count += 1
    if (tile == PADDOCK or tile == CARAVAN) and island_on(buf):  # within the Island (§15.3)
        for i in range(ISLAND_HEXES):
            h = NUM_HEXES + i
            if h < out.shape[0]:
                out[h] = 0
            if buf[ISLAND_OWNER + i] != player or not is_plain_settlement(buf, h):
                continue
            if tile == PADDOCK and paddock_targets(buf, nbr, h, scratch) == 0:
                continue
            if tile == CARAVAN and step_targets(buf, nbr, h, scratch) == 0:
                continue
            mark_hex(out, h)
            count += 1
    return count


@njit(**KERNEL)
def num_held(buf, player, tile):
    """Copies of `tile` the player holds (one per location hex of that type, D7)."""
    if tile >= ISLAND_TILE0:  # the Island's tile of the side in play (§15.3)
        return buf[ISLAND_HOLDING + player] if tile - ISLAND_TILE0 == buf[ISLAND_SIDE] else 0
    held = 0
    for s in range(MAX_LOCATION_HEXES):
        if buf[HOLDING + player * MAX_LOCATION_HEXES + s] and buf[SLOT_TYPE + s] == tile:
            held += 1
    return held


@njit(**KERNEL)
def num_usable(buf, player, tile):
    """§7.1: copies of `tile` the player holds that were neither taken nor used this turn."""
    return num_held(buf, player, tile) - buf[new_at(player, tile)] - buf[used_at(player, tile)]


@njit(**KERNEL)
def can_use_tile(buf, nbr, player, tile, scratch):
    """A tile can be used only if a copy is usable and its action has a legal target (§7.1)."""
    if tile == CROSSROADS_TILE or tile == CANOE or num_usable(buf, player, tile) <= 0:
        return False  # passive: Crossroads draws a card at turn end (§12.3), Canoe reacts
    if tile == BAZAAR:  # §14.3: another held tile's action to repeat (the Island's too)
        for other in range(REPEATABLE_END):
            if bazaar_can_repeat(buf, nbr, player, other, scratch):
                return True
        return False
    return tile_has_action(buf, nbr, player, tile, scratch)


@njit(**KERNEL)
def bazaar_can_repeat(buf, nbr, player, tile, scratch):
    """§14.3 Bazaar, D42: the action of a location tile the player holds (taken before this
    turn, used this turn or not) that has a target; not another Bazaar, not a tile without
    an action of its own (Crossroads, Canoe). A repeat gives no new pieces (the seed): no
    Scout Cabin, Barracks or City Hall, and Lighthouse and Wagon only move a placed piece."""
    if tile == BAZAAR or tile == SCOUT_CABIN or tile == CROSSROADS_TILE or tile == CANOE:
        return False
    if tile == BARRACKS or tile == CITY_HALL:
        return False
    if num_held(buf, player, tile) - buf[new_at(player, tile)] <= 0:
        return False
    if tile == LIGHTHOUSE or tile == WAGON:  # the seed: a repeat may move a placed piece
        kind = PIECE_SHIP if tile == LIGHTHOUSE else PIECE_WAGON
        at = piece_hex(buf, player, kind)
        return at != EMPTY and vehicle_moves(buf, nbr, at, kind, scratch) > 0
    return tile_has_action(buf, nbr, player, tile, scratch)


@njit(**KERNEL)
def tile_has_action(buf, nbr, player, tile, scratch):
    """The action of tile `tile` has something to do for the player now (§7.1)."""
    if is_move_tile(tile):
        return move_origins(buf, nbr, player, tile, scratch) > 0
    if tile == CATHEDRAL:  # take a token from the bank, or spend one to build (§14.3)
        if buf[TOKEN_BANK_AT] > 0:
            return True
        return harvest_targets(buf, nbr, player, tile, EMPTY, scratch) > 0
    if tile >= FIRST_HV_TILE:
        return can_use_harvest_tile(buf, nbr, player, tile, scratch)
    if buf[SUPPLY + player] == 0 and tile != QUARRY and tile != TEMPLE and not is_piece_tile(tile):
        return False
    if tile == FORT:  # a card to draw (deck or discard pile); its terrain is unknown yet
        if buf[DECK_SIZE_AT] > 0:
            return True
        for t in range(NUM_CARD_TERRAINS):
            if buf[DISCARD + t] > 0:
                return True
        if marshlands_on(buf):
            for t in range(DUAL_DECK_SIZE):
                if buf[XDISCARD + t] > 0:
                    return True
        return False
    if tile == CITY_HALL and buf[CITY_HALL_BUILT + player]:
        return False
    return tile_targets(buf, nbr, player, tile, EMPTY, scratch) > 0


@njit(**KERNEL)
def nomad_targets(buf, nbr, player, kind, out):
    """Where a Donation tile builds (§11.1: its terrain, adjacent if possible; water and
    mountain included). Returns the count."""
    return placement_targets(buf, nbr, player, DONATION_TERRAIN[kind], False, EMPTY, out)


@njit(**KERNEL)
def can_use_nomad(buf, nbr, player, kind, scratch):
    """A nomad tile is usable on the turn after it was taken (nomad_ready) if its action has
    a target (§11.1). Treasure is never used: it pays when taken."""
    if buf[NOMAD_READY + player * NUM_NOMAD_KINDS + kind] <= 0:
        return False
    if kind < NUM_DONATIONS:
        return buf[SUPPLY + player] > 0 and nomad_targets(buf, nbr, player, kind, scratch) > 0
    if kind == SWORD:  # someone to remove from: anyone, or the others only (D24 flag)
        for p in range(buf[NUM_PLAYERS]):
            if (p != player or buf[SWORD_SELF]) and has_settlement(buf, p):
                return True
        return False
    if kind == OUTPOST:
        return buf[OUTPOST_ARMED] == 0 and buf[SUPPLY + player] > 0
    if kind == RESETTLEMENT:
        return resettle_origins(buf, nbr, player, scratch) > 0
    return False


@njit(**KERNEL)
def _big_mask(buf, nbr, player, phase, mask, hexes):
    """The expansion part of the mask (Big Box buffers): expansion tiles, nomad tiles, the
    multi-step actions' stop, the Sword and Resettlement phases, and the cave move. `hexes`
    is the hex part (numbered like tables.X_HEXES with the Island, compute_mask)."""
    nomad = buf[ACTIVE_NOMAD]
    if buf[CAVE_MOVE_AT] == CAVE_MOVING:  # §15.2: a settlement next to a cave, then the hex
        if phase == PHASE_TILE_ORIGIN:
            cave_origins(buf, nbr, player, hexes)
        else:
            cave_targets(buf, nbr, hexes)
        return
    if phase == PHASE_CHOOSE_CARD:  # §12.3 Crossroads tile: the held cards worth playing
        for t in range(NUM_CARD_TERRAINS):
            if _holds_card(buf, player, t) and has_empty_terrain(buf, t):
                mask[CHOOSE_CARD + t] = 1
        _dual_mask(buf, mask)  # a revealed dual card is kept by choosing how to play it
        return
    if phase == PHASE_CHOOSE_DUAL:  # §13.1
        _dual_mask(buf, mask)
        return
    if phase == PHASE_CANOE:  # §13.3: the reacting canoe holder builds or passes
        canoe_targets(buf, nbr, player, hexes)
        mask[STOP] = 1
        return
    if phase == PHASE_FARM:  # §14.1
        farm_targets(buf, nbr, player, hexes)
        return
    if phase == PHASE_BAZAAR:  # §14.3: the held tiles whose action can be repeated
        scratch = np.empty(NUM_HEXES, np.int8)
        for tile in range(REPEATABLE_END):  # the Island's tile too (§15.3)
            if bazaar_can_repeat(buf, nbr, player, tile, scratch):
                mask[tile_action_of(tile)] = 1
        return
    if phase == PHASE_SILO:  # §14.2: build or move (then hexes); a silo may be passed
        if buf[SILO_MODE] == EMPTY:
            if silo_can(buf, nbr, player, SILO_BUILDS, hexes):
                mask[SILO_BUILD] = 1
            if silo_can(buf, nbr, player, SILO_MOVES, hexes):
                mask[SILO_MOVE] = 1
            clear_hexes(hexes)
        else:
            silo_hexes(buf, nbr, player, hexes)
        if buf[SELECTED] == EMPTY:
            mask[STOP] = 1
        return
    if phase == PHASE_SWORD:
        victim = buf[SWORD_NEXT]
        if island_on(buf):
            island_settlements(buf, victim, hexes)
        for h in range(NUM_HEXES):
            mine = buf[OWNER + h] == victim and is_plain_settlement(buf, h)
            hexes[h] = 1 if mine else 0
    elif phase == PHASE_STEP:
        if buf[ACTION_LEFT] > 0:
            step_targets(buf, nbr, buf[SELECTED], hexes)
        if buf[ACTION_DONE] > 0:
            mask[STOP] = 1
    elif phase == PHASE_TILE_ORIGIN and nomad == RESETTLEMENT:
        if buf[ACTION_LEFT] > 0:
            resettle_origins(buf, nbr, player, hexes)
        if buf[ACTION_LEFT] < RESETTLEMENT_STEPS:
            mask[STOP] = 1
    elif phase == PHASE_TILE_TARGET and nomad != EMPTY:
        nomad_targets(buf, nbr, player, nomad, hexes)
    elif phase == PHASE_TILE_TARGET and buf[ACTIVE_TILE] == QUARRY and buf[ACTION_DONE] > 0:
        mask[STOP] = 1
    elif phase == PHASE_TILE_TARGET and buf[ACTIVE_TILE] == CATHEDRAL:  # §14.3
        if buf[ACTION_DONE] > 0:
            mask[STOP] = 1  # k >= 1 tokens handed back: stop building
        elif buf[TOKEN_BANK_AT] > 0:
            mask[TAKE_TOKEN] = 1
    ready_at = NOMAD_READY + player * NUM_NOMAD_KINDS
    if phase == PHASE_MAIN:
        scratch = np.empty(NUM_HEXES, np.int8)
        last = FIRST_MS_TILE if crossroads_on(buf) else FIRST_CR_TILE  # a tile per hex
        for tile in range(NUM_TILE_TYPES, last):  # the count first: most are not held
            if num_usable(buf, player, tile) > 0 and can_use_tile(buf, nbr, player, tile, scratch):
                mask[tile_action_of(tile)] = 1
        if marshlands_on(buf):
            for tile in range(FIRST_MS_TILE, FIRST_HV_TILE):
                if num_usable(buf, player, tile) > 0 and can_use_tile(
                    buf, nbr, player, tile, scratch
                ):
                    mask[tile_action_of(tile)] = 1
            _bonus_mask(buf, nbr, player, mask, scratch)
        if harvest_on(buf):
            for tile in range(FIRST_HV_TILE, NUM_ALL_TILE_TYPES):
                if num_usable(buf, player, tile) > 0 and can_use_tile(
                    buf, nbr, player, tile, scratch
                ):
                    mask[tile_action_of(tile)] = 1
            if can_farm(buf, nbr, player, scratch):
                mask[FARM_ACTION] = 1
        for kind in range(NUM_NOMAD_KINDS):
            if buf[ready_at + kind] > 0 and can_use_nomad(buf, nbr, player, kind, scratch):
                mask[NOMAD_ACTIONS + kind] = 1
        caves = buf[EXPANSION_FLAGS + CAVES_FLAG] == 1
        if caves and buf[CAVE_MOVE_AT] == 0 and can_cave_move(buf, nbr, player):
            mask[CAVE_MOVE] = 1
        if island_on(buf):  # §15.3: the Tree House or Rope Bridge of the side in play
            tile = ISLAND_TILE0 + buf[ISLAND_SIDE]
            if num_usable(buf, player, tile) > 0 and can_use_tile(buf, nbr, player, tile, scratch):
                mask[ISLAND_TILE_ACTIONS + buf[ISLAND_SIDE]] = 1
    elif phase == PHASE_MANDATORY and buf[ready_at + OUTPOST] > 0:
        if can_use_nomad(buf, nbr, player, OUTPOST, np.empty(NUM_HEXES, np.int8)):
            mask[NOMAD_ACTIONS + OUTPOST] = 1  # a modifier, usable inside the mandatory action


@njit(**KERNEL)
def dual_live(buf, swamp):
    """The revealed dual card can be played as swamp (`swamp`) or as its other terrain: that
    terrain has an empty hex (swamp only counts with swamp on the board, §13.1)."""
    if swamp:
        return has_empty_terrain(buf, SWAMP)
    return has_empty_terrain(buf, buf[PLAYED] - DUAL_CARDS)


@njit(**INLINE)
def _dual_mask(buf, mask):
    """The two ways to play the revealed dual card that have an empty hex (§13.1)."""
    if buf[PLAYED] >= DUAL_CARDS and buf[DUAL_SWAMP] == EMPTY:
        if dual_live(buf, True):
            mask[CHOOSE_SWAMP] = 1
        if dual_live(buf, False):
            mask[CHOOSE_OTHER] = 1


@njit(**INLINE)
def _bonus_mask(buf, nbr, player, mask, scratch):
    """§13.3: the Canoe and Refuge bonus actions, once per turn, holding both tiles."""
    if buf[BONUS_USED + CANOE_BONUS_USED] == 0 and holds_bonus(buf, player, CANOE):
        if buf[SUPPLY + player] > 0 and canoe_targets(buf, nbr, player, scratch) > 0:
            mask[CANOE_BONUS] = 1
    if buf[BONUS_USED + REFUGE_BONUS_USED] == 0 and holds_bonus(buf, player, REFUGE):
        if refuge_origins(buf, nbr, player, True, scratch) > 0:
            mask[REFUGE_BONUS] = 1


@njit(**KERNEL)
def first_mandatory_targets(buf, nbr, player, out):
    """The first placement of the mandatory action (§6.2); the Temple bonus (§13.3) lets it
    ignore the adjacency rule. Returns the count."""
    target = played_terrain(buf)
    if is_big(buf) and marshlands_on(buf) and holds_bonus(buf, player, TEMPLE):
        return placement_targets(buf, nbr, NOBODY, target, False, EMPTY, out)
    return placement_targets(buf, nbr, player, target, False, EMPTY, out)


@njit(**ENTRY)
def compute_mask(buf, nbr, mask):
    """Write the legal-action mask (int8[409], or int8[511] for a Big Box game; actions.py
    layout) for the player to act. With the Island the hex kernels write main-board and
    island hexes into one array numbered like tables.X_HEXES, copied to the two hex blocks."""
    for a in range(mask.shape[0]):
        mask[a] = 0
    phase = buf[PHASE]
    player = buf[CUR]
    if phase == PHASE_GAME_OVER:
        return
    island = is_big(buf) and island_on(buf)
    room = np.zeros(X_HEXES, np.int8) if island else mask
    hexes = room[: X_HEXES if island else NUM_HEXES]
    if phase > PHASE_GAME_OVER or (is_big(buf) and _big_action_open(buf)):
        _big_mask(buf, nbr, player, phase, mask, hexes)
    else:
        _main_mask(buf, nbr, player, phase, mask, hexes)
    if island:
        for h in range(NUM_HEXES):
            mask[h] = hexes[h]
        for i in range(X_HEXES - NUM_HEXES):
            mask[ISLAND_HEX_ACTIONS + i] = hexes[NUM_HEXES + i]


@njit(**INLINE)
def _main_mask(buf, nbr, player, phase, mask, hexes):
    """compute_mask outside the expansions' own phases: the placements, tiles and turn end."""
    if phase == PHASE_MANDATORY:
        placement_targets(buf, nbr, player, played_terrain(buf), False, EMPTY, hexes)
    elif phase == PHASE_TILE_ORIGIN:
        move_origins(buf, nbr, player, buf[ACTIVE_TILE], hexes)
    elif phase == PHASE_TILE_TARGET:
        tile_targets(buf, nbr, player, buf[ACTIVE_TILE], buf[SELECTED], hexes)
    else:
        if buf[MANDATORY_DONE]:
            mask[END_TURN] = 1
        elif first_mandatory_targets(buf, nbr, player, hexes) == 0:
            # §5: an extra action filled the played terrain's last hex; starting the
            # mandatory action now replaces the card (action END_TURN means "start" here)
            mask[END_TURN] = 1
        scratch = np.empty(NUM_HEXES, np.int8)
        for tile in range(NUM_TILE_TYPES):  # the count first: most tiles are not held
            if num_usable(buf, player, tile) > 0 and can_use_tile(buf, nbr, player, tile, scratch):
                mask[TILE_ACTIONS + tile] = 1
    if is_big(buf):
        _big_mask(buf, nbr, player, phase, mask, hexes)


@njit(**KERNEL)
def take_tiles(buf, nbr, player, h):
    """§7.2: a settlement arriving on `h` takes one tile from each adjacent location hex that
    still has tiles and that the player never took from before (D7). Taken tiles are new.
    In a Big Box game it also takes adjacent nomad tiles (§11.1); with Marshlands, taking the
    last tile of a hex or a nomad tile calls the other players' canoes (§13.3). An island hex
    (h >= NUM_HEXES) touches only the island's location hex (§15.3)."""
    if h >= NUM_HEXES:
        if island_take(buf, player, h - NUM_HEXES) and marshlands_on(buf):
            _call_canoes(buf, player)
        return
    emptied = False
    for d in range(NUM_DIRECTIONS):
        n = nbr[h, d]
        if n < 0:
            continue
        s = buf[SLOT_OF_HEX + n]
        k = player * MAX_LOCATION_HEXES + s
        if s >= 0 and buf[TILES_LEFT + s] > 0 and buf[EVER_TAKEN + k] == 0:
            buf[TILES_LEFT + s] -= 1
            buf[EVER_TAKEN + k] = 1
            buf[HOLDING + k] = 1
            buf[new_at(player, buf[SLOT_TYPE + s])] += 1
            emptied = emptied or buf[TILES_LEFT + s] == 0
            if buf[SLOT_TYPE + s] == CATHEDRAL:  # §14.3: with the tile, a village token
                take_token(buf, player)
    if is_big(buf):
        if not marshlands_on(buf):
            take_nomad_tiles(buf, nbr, player, h)
            return
        before = nomad_tiles_left(buf)
        take_nomad_tiles(buf, nbr, player, h)
        if emptied or nomad_tiles_left(buf) < before:
            _call_canoes(buf, player)


@njit(**KERNEL)
def _call_canoes(buf, player):
    """§13.3: `player` took a hex's last tile or a nomad tile: the others' canoes may react,
    each canoe tile once per trigger (D32), unless a reaction is already running."""
    if buf[CANOE_FROM] == EMPTY:
        for p in range(buf[NUM_PLAYERS]):
            if p != player:
                buf[CANOE_LEFT + p] = num_held(buf, p, CANOE)


@njit(**KERNEL)
def nomad_tiles_left(buf):
    count = 0
    for j in range(MAX_NOMAD_SPACES):
        if buf[NOMAD_TILE + j] != EMPTY:
            count += 1
    return count


@njit(**KERNEL)
def lose_tiles(buf, nbr, player):
    """§7.3: after a move, drop each held tile whose location hex no longer touches one of the
    player's settlements. With identical copies the lost one is a non-usable copy if any
    (taken or used this turn), so a usable copy survives (BGG FAQ)."""
    owner = buf[OWNER : OWNER + NUM_HEXES]
    for s in range(MAX_LOCATION_HEXES):
        k = player * MAX_LOCATION_HEXES + s
        if buf[HOLDING + k] == 0 or has_neighbour_equal(
            nbr, buf[SLOT_HEX + s], owner, player, EMPTY
        ):
            continue
        buf[HOLDING + k] = 0
        new, used = new_at(player, buf[SLOT_TYPE + s]), used_at(player, buf[SLOT_TYPE + s])
        if buf[new] > 0:
            buf[new] -= 1
        elif buf[used] > 0:
            buf[used] -= 1
    if is_big(buf) and island_on(buf):
        island_lose(buf, player)


@njit(**KERNEL)
def build(buf, nbr, player, h):
    """Put a settlement from supply on `h`; emptying the supply triggers the end (§9). In a
    Big Box game the build spends an armed Outpost and scores Shepherds/Ambassadors; h may
    be an island hex (§15.3)."""
    set_owner(buf, h, player)
    buf[SUPPLY + player] -= 1
    if buf[SUPPLY + player] == 0:
        buf[END_TRIGGERED] = 1
    take_tiles(buf, nbr, player, h)
    if is_big(buf):
        if buf[PHASE] != PHASE_CANOE:  # a canoe holder's build leaves the mover's Outpost
            buf[OUTPOST_ARMED] = 0
        score_placement(buf, nbr, player, h)
        if harvest_on(buf):
            after_placement(buf, player, h, BUILT)  # Rovers, Mayors (§14.4)


@njit(**KERNEL)
def move(buf, nbr, player, src, dst):
    """Move a settlement (§6.3): take tiles at the destination, then lose tiles left behind.
    Either hex may be on the island (§15.3)."""
    set_owner(buf, src, EMPTY)
    set_owner(buf, dst, player)
    take_tiles(buf, nbr, player, dst)
    lose_tiles(buf, nbr, player)
    if is_big(buf) and buf[COUNT_MOVES]:
        score_placement(buf, nbr, player, dst)  # D21: in-game cards count moves
    if is_big(buf) and harvest_on(buf):
        after_placement(buf, player, dst, MOVED)  # Mayors (§14.4), island rows too (§15.3)


@njit(**KERNEL)
def draw_card(buf):
    """Draw the top terrain card; an empty deck is first refilled by shuffling the discard pile
    (§4 step 5). Returns the card's terrain, or EMPTY if no card is left anywhere."""
    if buf[DECK_SIZE_AT] == 0:
        refill_deck(buf)
    size = buf[DECK_SIZE_AT]
    if size == 0:
        return EMPTY
    card = deck_get(buf, size - 1)
    deck_set(buf, size - 1, EMPTY)
    buf[DECK_SIZE_AT] = size - 1
    return card


@njit(**KERNEL)
def settle_mandatory(buf, replace):
    """Keep the mandatory action playable (§5, D6, D11): it ends once the supply is empty;
    with `replace`, a played card whose terrain has no empty hex left is removed from the game
    and replaced by a new draw until one is usable; with no card left the mandatory action
    ends early. The exception applies when the card is revealed, when the mandatory action
    starts and between its placements, not as soon as an extra action before it fills the
    last hex (a later extra action may free one again): callers pass `replace` accordingly."""
    if buf[MANDATORY_DONE]:
        return
    if buf[SUPPLY + buf[CUR]] == 0:
        buf[MANDATORY_DONE] = 1
        return
    if buf[PLAYED] == EMPTY:
        buf[PLAYED] = draw_card(buf)
    while replace and buf[PLAYED] != EMPTY and not _card_live(buf):
        remove_card(buf, buf[PLAYED])
        if buf[PLAYED] >= DUAL_CARDS:
            buf[DUAL_SWAMP] = EMPTY
        buf[PLAYED] = draw_card(buf)
    if buf[PLAYED] == EMPTY:
        buf[MANDATORY_DONE] = 1
    elif buf[PLAYED] >= DUAL_CARDS and buf[DUAL_SWAMP] == EMPTY:
        _settle_dual(buf)


@njit(**KERNEL)
def _card_live(buf):
    """§5: the played card's terrain has an empty hex; an undecided dual card is live if
    either way of playing it is (§13.1)."""
    if buf[PLAYED] < DUAL_CARDS or buf[DUAL_SWAMP] != EMPTY:
        return has_empty_terrain(buf, played_terrain(buf))
    return dual_live(buf, True) or dual_live(buf, False)


@njit(**KERNEL)
def _play_dual(buf, swamp):
    """Fix how the dual card is played (§13.1): as swamp the mandatory action builds one
    settlement fewer (2 instead of 3, plus any temple settlements, §13.5)."""
    buf[DUAL_SWAMP] = 1 if swamp else 0
    if swamp:
        buf[MANDATORY_LEFT] -= MANDATORY_SETTLEMENTS - SWAMP_SETTLEMENTS
        buf[MANDATORY_TOTAL] -= MANDATORY_SETTLEMENTS - SWAMP_SETTLEMENTS


@njit(**KERNEL)
def _settle_dual(buf):
    """A dual card became the played card. Before the first mandatory placement the player
    chooses when both ways are open (PHASE_CHOOSE_DUAL, only from the main step); one open
    way is taken at once. A dual card drawn by §5's exception after placements were made
    keeps the count and is played as its other terrain if that has an empty hex, else as
    swamp (D54)."""
    if buf[PHASE] != PHASE_MAIN and buf[PHASE] != PHASE_MANDATORY:
        return  # the Crossroads card choice is open: the dual card may not be kept
    swamp, other = dual_live(buf, True), dual_live(buf, False)
    started = buf[MANDATORY_LEFT] < buf[MANDATORY_TOTAL]
    if started:
        buf[DUAL_SWAMP] = 0 if other else 1
    elif swamp and other:
        if buf[PHASE] == PHASE_MAIN:
            buf[PHASE] = PHASE_CHOOSE_DUAL
    else:
        _play_dual(buf, swamp)


@njit(**KERNEL)
def _holds_card(buf, player, terrain):
    """The player to act holds a card of `terrain`: the revealed one or a Crossroads extra."""
    if buf[PLAYED] == terrain:
        return True
    for i in range(MAX_EXTRA_CARDS):
        if buf[XHAND + player * MAX_EXTRA_CARDS + i] == terrain:
            return True
    return False


@njit(**KERNEL)
def _play_card(buf, player, terrain):
    """Make a held card of `terrain` the played card; the one it replaces joins the extras."""
    if buf[PLAYED] == terrain:
        return
    for i in range(MAX_EXTRA_CARDS):
        at = XHAND + player * MAX_EXTRA_CARDS + i
        if buf[at] == terrain:
            buf[at] = buf[PLAYED]
            buf[PLAYED] = terrain
            return


@njit(**INLINE)
def _offer_cards(buf, player):
    """§12.3 Crossroads tile (D27): with extra cards in hand the player chooses the played
    card among the held terrains that have an empty hex; with one such terrain it is played
    at once, with none the revealed card meets §5's exception. True if a choice is open."""
    extra = EMPTY
    for i in range(MAX_EXTRA_CARDS):
        if buf[XHAND + player * MAX_EXTRA_CARDS + i] != EMPTY:
            extra = buf[XHAND + player * MAX_EXTRA_CARDS + i]
    if extra == EMPTY or buf[SUPPLY + player] == 0:
        return False  # nothing to choose, or no mandatory action to choose for (§5, D11)
    if buf[PLAYED] == EMPTY:  # no card came at the last draw: an extra card is revealed
        _play_card(buf, player, extra)
    live, first = 0, EMPTY
    for t in range(NUM_CARD_TERRAINS):
        if _holds_card(buf, player, t) and has_empty_terrain(buf, t):
            live += 1
            first = t if first == EMPTY else first
    if buf[PLAYED] >= DUAL_CARDS and _card_live(buf):
        live += 1  # a revealed dual card (§13.1); it is kept by choosing how to play it (D56)
        if live == 1:
            return False
    if live >= 2:
        buf[PHASE] = PHASE_CHOOSE_CARD
        return True
    if live == 1:
        _play_card(buf, player, first)
    return False


@njit(**KERNEL)
def start_turn(buf):
    """§4 step 1: the player to act reveals their terrain card (or, holding Crossroads extra
    cards, first chooses which to play, §12.3)."""
    player = buf[CUR]
    buf[PLAYED] = buf[HAND + player]
    buf[HAND + player] = EMPTY
    buf[MANDATORY_LEFT] = MANDATORY_SETTLEMENTS
    buf[MANDATORY_DONE] = 0
    buf[PHASE] = PHASE_MAIN
    buf[ACTIVE_TILE] = EMPTY
    buf[SELECTED] = EMPTY
    buf[TURN] += 1
    if is_big(buf):
        for i in range(MANDATORY_SETTLEMENTS):
            buf[MANDATORY_HEXES + i] = EMPTY
        buf[MANDATORY_TOTAL] = MANDATORY_SETTLEMENTS
        buf[DUAL_SWAMP] = EMPTY
        buf[BONUS_USED + CANOE_BONUS_USED] = 0
        buf[BONUS_USED + REFUGE_BONUS_USED] = 0
        if buf[PARKED + player] > 0:  # §13.5: temple settlements join this mandatory action
            buf[SUPPLY + player] += buf[PARKED + player]  # (D34: unplaced ones stay there)
            buf[MANDATORY_LEFT] += buf[PARKED + player]
            buf[MANDATORY_TOTAL] += buf[PARKED + player]
            buf[PARKED + player] = 0
        if _offer_cards(buf, player):
            return  # §5 is checked once the played card is chosen
    settle_mandatory(buf, True)  # §5: checked when the card is revealed


@njit(**KERNEL)
def end_turn(buf):
    """§4 step 5 and §9: discard, draw, refresh tiles; finish the round once the end is
    triggered (the seat before the start player plays last)."""
    player = buf[CUR]
    if buf[PLAYED] != EMPTY:
        discard_card(buf, buf[PLAYED])
        buf[PLAYED] = EMPTY
    if is_big(buf):  # D27: all held cards are discarded
        buf[DUAL_SWAMP] = EMPTY
        for i in range(MAX_EXTRA_CARDS):
            at = XHAND + player * MAX_EXTRA_CARDS + i
            if buf[at] != EMPTY:
                discard_card(buf, buf[at])
                buf[at] = EMPTY
    buf[HAND + player] = draw_card(buf)
    if crossroads_on(buf):  # §12.3: 1 extra card per Crossroads tile held (from its turn on)
        for i in range(min(num_held(buf, player, CROSSROADS_TILE), MAX_EXTRA_CARDS)):
            buf[XHAND + player * MAX_EXTRA_CARDS + i] = draw_card(buf)
    for t in range(num_tile_types(buf)):
        buf[new_at(player, t)] = 0
        buf[used_at(player, t)] = 0
    if is_big(buf):  # §11.1: last turn's nomad tiles go, this turn's become usable
        for k in range(NUM_NOMAD_KINDS):
            buf[NOMAD_READY + player * NUM_NOMAD_KINDS + k] = buf[
                NOMAD_NEW + player * NUM_NOMAD_KINDS + k
            ]
            buf[NOMAD_NEW + player * NUM_NOMAD_KINDS + k] = 0
        buf[OUTPOST_ARMED] = 0
        buf[CAVE_MOVE_AT] = 0
        buf[ISLAND_NEW + player] = 0  # §7.1 for the Island's tile
        buf[ISLAND_USED + player] = 0
        if harvest_on(buf):
            pay_rovers(buf, player)  # §14.4
            buf[FARM_USED] = 0
            if remove_scouts(buf):  # §14.3: tiles the scouts alone kept are lost
                lose_tiles(buf, NEIGHBOURS, player)
    n = buf[NUM_PLAYERS]
    if buf[END_TRIGGERED] and player == (buf[START_PLAYER] + n - 1) % n:
        buf[PHASE] = PHASE_GAME_OVER
        if is_big(buf) and harvest_on(buf):
            begin_silos(buf, NEIGHBOURS)  # §14.2: before final scoring
        return
    buf[CUR] = (player + 1) % n
    start_turn(buf)


@njit(**KERNEL)
def _big_action_open(buf):
    """A nomad tile or the cave move is in progress (Big Box buffers only)."""
    return buf[ACTIVE_NOMAD] != EMPTY or buf[CAVE_MOVE_AT] == CAVE_MOVING


@njit(**INLINE)
def _apply_hex(buf, nbr, player, h):
    phase = buf[PHASE]
    if phase == PHASE_SILO or phase == PHASE_FARM:
        _apply_harvest_hex(buf, nbr, player, h)
    elif phase > PHASE_GAME_OVER or (is_big(buf) and _big_action_open(buf)):
        _apply_nomad_hex(buf, nbr, player, h)
    elif phase == PHASE_TILE_ORIGIN:
        buf[SELECTED] = h
        buf[PHASE] = PHASE_TILE_TARGET
    elif phase == PHASE_TILE_TARGET and buf[ACTIVE_TILE] == QUARRY:
        _place_wall(buf, nbr, player, h)
    elif phase == PHASE_TILE_TARGET and is_piece_tile(buf[ACTIVE_TILE]):
        _apply_piece(buf, nbr, player, buf[ACTIVE_TILE], h)
        _finish_action(buf)
    elif phase == PHASE_TILE_TARGET and buf[ACTIVE_TILE] == CATHEDRAL:
        build(buf, nbr, player, h)  # §14.3: one token handed back per settlement
        spend_token(buf, player)
        buf[ACTION_DONE] = 1
        scratch = np.empty(NUM_HEXES, np.int8)
        if harvest_targets(buf, nbr, player, CATHEDRAL, EMPTY, scratch) == 0:
            _finish_action(buf)
    elif phase == PHASE_TILE_TARGET and buf[ACTIVE_TILE] == SCOUT_CABIN:
        set_owner(buf, h, player)  # §14.3: a scout, the player's until the turn ends
        set_piece(buf, h, PIECE_SCOUT)
        buf[ACTION_DONE] += 1
        scratch = np.empty(NUM_HEXES, np.int8)
        if buf[ACTION_DONE] == SCOUT_PIECES or scout_targets(buf, nbr, player, scratch) == 0:
            _finish_action(buf)
    elif phase == PHASE_TILE_TARGET and buf[ACTIVE_TILE] == TEMPLE:
        set_owner(buf, h, EMPTY)  # §13.3: parked on the tile, built again next turn (§13.5)
        buf[PARKED + player] += 1
        lose_tiles(buf, nbr, player)  # D34
        _finish_action(buf)
    elif phase == PHASE_TILE_TARGET:
        if is_move_tile(buf[ACTIVE_TILE]):
            move(buf, nbr, player, buf[SELECTED], h)
        else:
            build(buf, nbr, player, h)
        _finish_action(buf)
    else:
        if is_big(buf):  # Families (§11.3) reads the mandatory hexes of the turn
            done = buf[MANDATORY_TOTAL] - buf[MANDATORY_LEFT]
            if done < MANDATORY_SETTLEMENTS:
                buf[MANDATORY_HEXES + done] = h
        build(buf, nbr, player, h)
        buf[MANDATORY_LEFT] -= 1
        buf[PHASE] = PHASE_MANDATORY
        if buf[MANDATORY_LEFT] == 0:
            buf[MANDATORY_DONE] = 1
            if is_big(buf):
                score_families(buf, nbr, player)


@njit(**INLINE)
def _apply_harvest_hex(buf, nbr, player, h):
    """A hex in the farm action (§14.1) or the silo phase (§14.2): build there, or in a silo
    move pick the settlement and then its new hex."""
    if buf[PHASE] == PHASE_FARM:
        build(buf, nbr, player, h)
        _finish_action(buf)
        return
    if buf[SILO_MODE] == SILO_MOVES and buf[SELECTED] == EMPTY:
        buf[SELECTED] = h
        return
    if buf[SILO_MODE] == SILO_MOVES:
        move(buf, nbr, player, buf[SELECTED], h)
        buf[SELECTED] = EMPTY
    else:
        build(buf, nbr, player, h)
    # after the last turn: no Canoe reaction, and tiles taken now are never used
    for p in range(buf[NUM_PLAYERS]):
        buf[CANOE_LEFT + p] = 0
    for t in range(NUM_ALL_TILE_TYPES):
        buf[new_at(player, t)] = 0
    buf[ISLAND_NEW + player] = 0  # (a silo may build or move next to island ones, §15.3)
    for k in range(NUM_NOMAD_KINDS):
        buf[NOMAD_NEW + player * NUM_NOMAD_KINDS + k] = 0
    buf[SILO_LEFT] -= 1
    scratch = np.empty(NUM_HEXES, np.int8)
    if buf[SILO_LEFT] == 0 or not silo_can(buf, nbr, player, buf[SILO_MODE], scratch):
        next_silo_or_seat(buf, nbr)


@njit(**KERNEL)
def _finish_action(buf):
    """Back to the main step after a tile's (or nomad tile's) action is complete."""
    buf[ACTIVE_TILE] = EMPTY
    buf[SELECTED] = EMPTY
    buf[PHASE] = PHASE_MAIN
    if is_big(buf):
        if buf[FORT_CARD] != EMPTY:  # §12.3 Fort: the drawn card is discarded after use
            discard_card(buf, buf[FORT_CARD])
            buf[FORT_CARD] = EMPTY
        buf[ACTIVE_NOMAD] = EMPTY
        buf[ACTION_LEFT] = 0
        buf[ACTION_DONE] = 0
        buf[SWORD_NEXT] = EMPTY
        buf[BONUS_ACTIVE] = 0
        buf[BAZAAR_ACTIVE] = 0


@njit(**INLINE)
def _place_piece(buf, nbr, player, h, kind):
    """A Crossroads piece arrives on h from supply: it takes tiles like a settlement and pays
    Shepherds/Ambassadors (D17, D21); it spends an armed Outpost like a build."""
    buf[OWNER + h] = player
    buf[PIECE + h] = kind
    buf[OUTPOST_ARMED] = 0
    take_tiles(buf, nbr, player, h)
    score_placement(buf, nbr, player, h)
    if harvest_on(buf):
        after_placement(buf, player, h, PLACED)  # Mayors counts pieces (D17)


@njit(**INLINE)
def _apply_piece(buf, nbr, player, tile, h):
    """§12.3 Lighthouse / Wagon / Barracks on hex h (piece_targets), or the City Hall on the
    rosette centred on h (D28: all 7 hexes first, then tiles and in-game cards per hex)."""
    if tile == CITY_HALL:  # (on the board or the Island, §15.3)
        buf[CITY_HALL_BUILT + player] = 1
        set_owner(buf, h, player)
        set_piece(buf, h, PIECE_CITY_HALL)
        for d in range(NUM_DIRECTIONS):
            set_owner(buf, neighbour_at(nbr, h, d), player)
            set_piece(buf, neighbour_at(nbr, h, d), PIECE_CITY_HALL)
        buf[OUTPOST_ARMED] = 0
        take_tiles(buf, nbr, player, h)
        score_placement(buf, nbr, player, h)
        for d in range(NUM_DIRECTIONS):
            take_tiles(buf, nbr, player, neighbour_at(nbr, h, d))
            score_placement(buf, nbr, player, neighbour_at(nbr, h, d))
        if harvest_on(buf):  # Mayors: the rosette spans three rows
            after_placement(buf, player, h, PLACED)
            after_placement(buf, player, neighbour_at(nbr, h, 1), PLACED)  # the row above
            after_placement(buf, player, neighbour_at(nbr, h, 4), PLACED)  # the row below
        return
    if buf[OWNER + h] == player:  # the piece's own hex: back to supply (option c / b)
        buf[OWNER + h] = EMPTY
        buf[PIECE + h] = PIECE_SETTLEMENT
        lose_tiles(buf, nbr, player)
        return
    if tile == BARRACKS:
        _place_piece(buf, nbr, player, h, PIECE_WARRIOR)
        return
    kind = PIECE_SHIP if tile == LIGHTHOUSE else PIECE_WAGON
    at = piece_hex(buf, player, kind)
    if at == EMPTY:
        _place_piece(buf, nbr, player, h, kind)
        return
    buf[OWNER + at] = EMPTY  # D20: a 1-3 step move, judged where it stops (as D51)
    buf[PIECE + at] = PIECE_SETTLEMENT
    buf[OWNER + h] = player
    buf[PIECE + h] = kind
    take_tiles(buf, nbr, player, h)
    lose_tiles(buf, nbr, player)
    if buf[COUNT_MOVES]:
        score_placement(buf, nbr, player, h)
    if harvest_on(buf):
        after_placement(buf, player, h, MOVED)


@njit(**INLINE)
def _place_wall(buf, nbr, player, h):
    """§11.2 Quarry: a stone wall on h (the Island's too, §15.3); a second one may follow
    (or STOP)."""
    set_owner(buf, h, WALL)
    buf[WALLS_LEFT] -= 1
    buf[ACTION_DONE] += 1
    scratch = np.empty(NUM_HEXES, np.int8)
    if buf[ACTION_DONE] == QUARRY_WALLS or quarry_targets(buf, nbr, player, scratch) == 0:
        _finish_action(buf)


@njit(**KERNEL)
def turn_seat(buf):
    """The seat whose turn it is: seats take turns from the start player (turn 1)."""
    return (buf[START_PLAYER] + buf[TURN] - 1) % buf[NUM_PLAYERS]


@njit(**KERNEL)
def _next_victim(buf, after, player):
    """Sword (§11.1): the next seat after `after`, in seat order from the user, that has a
    settlement on the board, or EMPTY once every seat had its turn (the user's own turn, D24,
    comes first and is handled by _use_nomad)."""
    n = buf[NUM_PLAYERS]
    seat = after
    while True:
        seat = (seat + 1) % n
        if seat == player:
            return EMPTY
        if has_settlement(buf, seat):
            return seat


@njit(**KERNEL)
def _judge_move(buf, nbr, player, h):
    """A Resettlement move ends on h: tiles taken and lost, in-game cards (D21), Mayors and
    Rovers (§14.4), as for any move."""
    take_tiles(buf, nbr, player, h)
    lose_tiles(buf, nbr, player)
    if buf[COUNT_MOVES]:
        score_placement(buf, nbr, player, h)
    if harvest_on(buf):
        after_placement(buf, player, h, MOVED)


@njit(**KERNEL)
def _end_resettle_one(buf, nbr, player):
    """D51: a resettling settlement's steps are one move: judged only where it stops (with
    resettlement_tiles_per_step every step was judged already). Then the next settlement,
    or the end."""
    if not buf[STEP_TILES]:
        _judge_move(buf, nbr, player, buf[SELECTED])
    buf[SELECTED] = EMPTY
    buf[ACTION_DONE] = 0
    scratch = np.empty(NUM_HEXES, np.int8)
    if buf[ACTION_LEFT] > 0 and resettle_origins(buf, nbr, player, scratch) > 0:
        buf[PHASE] = PHASE_TILE_ORIGIN
    else:
        _finish_action(buf)


@njit(**INLINE)
def _apply_nomad_hex(buf, nbr, player, h):
    """A hex chosen for a nomad tile: a Sword victim, a Resettlement settlement or step, or a
    Donation build."""
    phase = buf[PHASE]
    scratch = np.empty(NUM_HEXES, np.int8)
    if phase == PHASE_CANOE:  # §13.3: the reacting canoe holder builds; tiles it takes are
        build(buf, nbr, player, h)  # usable on its next turn (D57)
        for t in range(NUM_ALL_TILE_TYPES):
            buf[new_at(player, t)] = 0
        buf[ISLAND_NEW + player] = 0  # (a canoe may build on island water, §15.3)
        for k in range(NUM_NOMAD_KINDS):
            at = player * NUM_NOMAD_KINDS + k
            buf[NOMAD_READY + at] += buf[NOMAD_NEW + at]
            buf[NOMAD_NEW + at] = 0
        buf[CANOE_LEFT + player] -= 1
        _next_canoe(buf, nbr, player)
    elif buf[CAVE_MOVE_AT] == CAVE_MOVING and phase == PHASE_TILE_ORIGIN:
        buf[SELECTED] = h
        buf[PHASE] = PHASE_TILE_TARGET
    elif buf[CAVE_MOVE_AT] == CAVE_MOVING:
        move(buf, nbr, player, buf[SELECTED], h)
        buf[CAVE_MOVE_AT] = CAVE_USED
        _finish_action(buf)
    elif phase == PHASE_SWORD:
        victim = buf[SWORD_NEXT]
        user = turn_seat(buf) if buf[SWORD_VICTIM] else player  # D24: `cur` is the victim
        set_owner(buf, h, EMPTY)
        buf[SUPPLY + victim] += 1  # back to its owner's supply; a triggered end stays (§9)
        lose_tiles(buf, nbr, victim)
        buf[SWORD_NEXT] = _next_victim(buf, victim, user)
        if buf[SWORD_VICTIM]:  # the next victim chooses, or the user's turn goes on
            buf[CUR] = user if buf[SWORD_NEXT] == EMPTY else buf[SWORD_NEXT]
        if buf[SWORD_NEXT] == EMPTY:
            _finish_action(buf)
    elif phase == PHASE_TILE_ORIGIN:
        buf[SELECTED] = h
        buf[ACTION_DONE] = 0
        buf[PHASE] = PHASE_STEP
    elif phase == PHASE_STEP:  # (on either board, §15.3)
        set_owner(buf, buf[SELECTED], EMPTY)
        set_owner(buf, h, player)
        buf[SELECTED] = h
        buf[ACTION_LEFT] -= 1
        buf[ACTION_DONE] += 1
        if buf[STEP_TILES]:  # D51 option: every single step is a move of its own
            _judge_move(buf, nbr, player, h)
        if buf[ACTION_LEFT] == 0 or step_targets(buf, nbr, h, scratch) == 0:
            _end_resettle_one(buf, nbr, player)
    else:  # Donation: up to 3 builds on its terrain (D52: as many as possible)
        build(buf, nbr, player, h)
        buf[ACTION_LEFT] -= 1
        if (
            buf[ACTION_LEFT] == 0
            or buf[SUPPLY + player] == 0
            or nomad_targets(buf, nbr, player, buf[ACTIVE_NOMAD], scratch) == 0
        ):
            _finish_action(buf)


@njit(**INLINE)
def _use_nomad(buf, player, kind):
    """Start using nomad tile `kind` (§11.1); the tile is spent."""
    buf[NOMAD_READY + player * NUM_NOMAD_KINDS + kind] -= 1
    if kind == OUTPOST:
        buf[OUTPOST_ARMED] = 1
        return
    buf[ACTIVE_NOMAD] = kind
    if kind == SWORD:
        if buf[SWORD_SELF] and has_settlement(buf, player):  # D24: the user first
            buf[SWORD_NEXT] = player
        else:
            buf[SWORD_NEXT] = _next_victim(buf, player, player)
        buf[PHASE] = PHASE_SWORD
        if buf[SWORD_VICTIM]:  # D24 option: the victim picks its own settlement
            buf[CUR] = buf[SWORD_NEXT]
    elif kind == RESETTLEMENT:
        buf[ACTION_LEFT] = RESETTLEMENT_STEPS
        buf[ACTION_DONE] = 0
        buf[PHASE] = PHASE_TILE_ORIGIN
    else:
        buf[ACTION_LEFT] = DONATION_BUILDS
        buf[PHASE] = PHASE_TILE_TARGET


@njit(**INLINE)
def _stop(buf, nbr, player):
    """STOP: end a Quarry after one wall, a resettling settlement's steps, or Resettlement."""
    if buf[PHASE] == PHASE_STEP:
        _end_resettle_one(buf, nbr, player)
    else:
        _finish_action(buf)


@njit(**ENTRY)
def apply_action(buf, nbr, mask, action):
    """One decision (already checked against `mask`), then the new mask. When ending the turn
    is the only legal action it is taken automatically (actions.py)."""
    player = buf[CUR]
    if action < TILE_ACTIONS or ISLAND_HEX_ACTIONS <= action < ISLAND_TILE_ACTIONS:
        h = action if action < TILE_ACTIONS else NUM_HEXES + action - ISLAND_HEX_ACTIONS
        _apply_hex(buf, nbr, player, h)
    elif (
        action < END_TURN
        or X_TILE_ACTIONS <= action < NOMAD_ACTIONS
        or CR_TILE_ACTIONS <= action < CHOOSE_CARD
        or MS_TILE_ACTIONS <= action < CANOE_BONUS
        or HV_TILE_ACTIONS <= action < FARM_ACTION
        or action >= ISLAND_TILE_ACTIONS
    ):
        if action >= ISLAND_TILE_ACTIONS:  # §15.3 Tree House / Rope Bridge
            tile = ISLAND_TILE0 + action - ISLAND_TILE_ACTIONS
        elif action < END_TURN:
            tile = action - TILE_ACTIONS
        elif action < NOMAD_ACTIONS:
            tile = action - X_TILE_ACTIONS + NUM_TILE_TYPES
        elif action < CHOOSE_CARD:
            tile = action - CR_TILE_ACTIONS + FIRST_CR_TILE
        elif action < CANOE_BONUS:
            tile = action - MS_TILE_ACTIONS + FIRST_MS_TILE
        else:
            tile = action - HV_TILE_ACTIONS + FIRST_HV_TILE
        if buf[PHASE] == PHASE_BAZAAR:  # §14.3: the Bazaar's repeat spends no other tile
            buf[BAZAAR_ACTIVE] = 1
        else:
            buf[used_at(player, tile)] += 1  # turned over when used (§7.1)
        buf[ACTIVE_TILE] = tile
        buf[PHASE] = PHASE_TILE_ORIGIN if is_move_tile(tile) else PHASE_TILE_TARGET
        if tile == BAZAAR:  # choose the tile to repeat first
            buf[ACTIVE_TILE] = EMPTY
            buf[PHASE] = PHASE_BAZAAR
        if tile == FORT:  # §12.3: draw the top card; with no card or no hex the use ends
            card = draw_card(buf)
            buf[FORT_CARD] = card
            scratch = np.empty(NUM_HEXES, np.int8)  # (not tile_targets: a smaller call tree)
            if (
                card == EMPTY
                or placement_targets(buf, nbr, player, card_terrain(card), False, EMPTY, scratch)
                == 0
            ):
                _finish_action(buf)
    elif action == CANOE_BONUS or action == REFUGE_BONUS:  # §13.3, once per turn each
        refuge = action == REFUGE_BONUS
        buf[BONUS_USED + (REFUGE_BONUS_USED if refuge else CANOE_BONUS_USED)] = 1
        buf[ACTIVE_TILE] = REFUGE if refuge else CANOE
        buf[BONUS_ACTIVE] = 1
        buf[PHASE] = PHASE_TILE_ORIGIN if refuge else PHASE_TILE_TARGET
    elif action == CHOOSE_SWAMP or action == CHOOSE_OTHER:  # §13.1; §5 is checked now
        _play_dual(buf, action == CHOOSE_SWAMP)
        buf[PHASE] = PHASE_MAIN
        settle_mandatory(buf, True)
    elif action == FARM_ACTION:  # §14.1, once per turn
        buf[FARM_USED] = 1
        buf[PHASE] = PHASE_FARM
    elif action == TAKE_TOKEN:  # §14.3 Cathedral: one more "1" token instead of building
        take_token(buf, player)
        _finish_action(buf)
    elif action == SILO_BUILD or action == SILO_MOVE:  # §14.2: one mode per silo
        buf[SILO_MODE] = SILO_BUILDS if action == SILO_BUILD else SILO_MOVES
    elif action >= CHOOSE_CARD:  # §12.3: the chosen card is played; §5 is checked now
        _play_card(buf, player, action - CHOOSE_CARD)
        buf[PHASE] = PHASE_MAIN
        settle_mandatory(buf, True)
    elif action == END_TURN and not buf[MANDATORY_DONE]:
        settle_mandatory(buf, True)  # start the mandatory action with a dead card (§5)
    elif action == END_TURN:
        end_turn(buf)
    elif action < STOP:
        _use_nomad(buf, player, action - NOMAD_ACTIONS)
    elif action == STOP and buf[PHASE] == PHASE_SILO:  # §14.2: up to 3, so stop or pass
        next_silo_or_seat(buf, nbr)
    elif action == STOP and buf[PHASE] == PHASE_CANOE:  # §13.3: the canoe holder passes
        buf[CANOE_LEFT + player] = 0
        _next_canoe(buf, nbr, player)
    elif action == STOP:
        _stop(buf, nbr, player)
    else:  # CAVE_MOVE (§15.2)
        buf[CAVE_MOVE_AT] = CAVE_MOVING
        buf[PHASE] = PHASE_TILE_ORIGIN
    while True:
        # (a Canoe reaction or a Sword victim's choice is not the turn's player's decision)
        if buf[PHASE] != PHASE_CANOE and not (buf[PHASE] == PHASE_SWORD and buf[SWORD_VICTIM]):
            settle_mandatory(buf, buf[PHASE] == PHASE_MANDATORY)  # between placements (§5)
            if buf[PHASE] == PHASE_MANDATORY and buf[MANDATORY_DONE]:
                buf[PHASE] = PHASE_MAIN
        if marshlands_on(buf) and _canoe_due(buf):
            buf[CANOE_FROM] = buf[CUR]  # §13.3: the turn is interrupted for the canoes
            buf[CANOE_PHASE] = buf[PHASE]
            _next_canoe(buf, nbr, buf[CUR])
            if buf[PHASE] != PHASE_CANOE:
                continue  # nobody could react: settle the turn again
        compute_mask(buf, nbr, mask)
        if buf[PHASE] != PHASE_MAIN or not _only_end_turn(mask):
            return
        if buf[MANDATORY_DONE]:
            end_turn(buf)
        else:  # the only choice is to start the mandatory action with a dead card
            settle_mandatory(buf, True)


@njit(**KERNEL)
def _canoe_due(buf):
    """A Canoe reaction is owed (§13.3) and the interrupted player's current action is
    complete (D58): back at the main step or between mandatory placements."""
    if buf[CANOE_FROM] != EMPTY or _big_action_open(buf):
        return False
    if buf[PHASE] != PHASE_MAIN and buf[PHASE] != PHASE_MANDATORY:
        return False
    for p in range(buf[NUM_PLAYERS]):
        if buf[CANOE_LEFT + p] > 0:
            return True
    return False


@njit(**KERNEL)
def _next_canoe(buf, nbr, after):
    """Hand the Canoe reaction on (§13.3, D32): `after` keeps building while it has canoe uses
    left and a hex; then the next holders in seat order from the interrupted player's left;
    then the interrupted player resumes."""
    active = buf[CANOE_FROM]
    n = buf[NUM_PLAYERS]
    scratch = np.empty(NUM_HEXES, np.int8)
    if after != active:
        if (
            buf[CANOE_LEFT + after] > 0
            and buf[SUPPLY + after] > 0
            and canoe_targets(buf, nbr, after, scratch) > 0
        ):
            return
        buf[CANOE_LEFT + after] = 0
    seat = (after + 1) % n
    while seat != active:
        if buf[CANOE_LEFT + seat] > 0:
            if buf[SUPPLY + seat] > 0 and canoe_targets(buf, nbr, seat, scratch) > 0:
                buf[CUR] = seat
                buf[PHASE] = PHASE_CANOE
                return
            buf[CANOE_LEFT + seat] = 0
        seat = (seat + 1) % n
    buf[CANOE_LEFT + active] = 0
    buf[CUR] = active
    buf[PHASE] = buf[CANOE_PHASE]
    buf[CANOE_FROM] = EMPTY
    buf[CANOE_PHASE] = EMPTY


@njit(**INLINE)
def _only_end_turn(mask):
    if mask[END_TURN] == 0:
        return False
    for a in range(mask.shape[0]):
        if mask[a] and a != END_TURN:
            return False
    return True
