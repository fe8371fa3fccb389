"""numba kernels for the Kingdom Builder base game: targets (§6.2), location tiles (§7),
the turn sequence (§4, §5, §9) and the engine step that ties them together.

Every kernel takes the flat state buffer `buf` (int64, fields at the offsets from state.py)
and, where geometry matters, the neighbour table `nbr` (int64[400, 6], envs.core.hexgrid).
`apply_action` assumes the action was checked against the mask (rules.py does that).
"""

import numpy as np
from numba import njit

from eurogym.envs.core.hexgrid import NUM_DIRECTIONS, has_line_beyond, has_neighbour_equal, walk
from eurogym.envs.core.jit import KERNEL
from eurogym.envs.core.rng import RNG_WORDS, shuffle
from eurogym.envs.kingdom_builder.actions import END_TURN, NUM_ACTIONS, TILE_ACTIONS
from eurogym.envs.kingdom_builder.state import (
    ACTIVE_TILE,
    CUR,
    DECK,
    DECK_SIZE_AT,
    DISCARD,
    EMPTY,
    END_TRIGGERED,
    EVER_TAKEN,
    HAND,
    HOLDING,
    MANDATORY_DONE,
    MANDATORY_LEFT,
    MANDATORY_SETTLEMENTS,
    NUM_PLAYERS,
    OWNER,
    PHASE,
    PHASE_GAME_OVER,
    PHASE_MAIN,
    PHASE_MANDATORY,
    PHASE_TILE_ORIGIN,
    PHASE_TILE_TARGET,
    PLAYED,
    REMOVED,
    RNG,
    SELECTED,
    SLOT_HEX,
    SLOT_OF_HEX,
    SLOT_TYPE,
    START_PLAYER,
    SUPPLY,
    TERRAIN,
    TILE_NEW,
    TILE_USED,
    TILES_LEFT,
    TURN,
)
from eurogym.envs.kingdom_builder.tables import (
    BUILDABLE_MAX,
    DESERT,
    GRASS,
    MAX_LOCATION_HEXES,
    NUM_CARD_TERRAINS,
    NUM_HEXES,
    NUM_TILE_TYPES,
    WATER,
)

# Tile types (TILE_NAMES order) and target kinds.
ORACLE, FARM, OASIS, TOWER, TAVERN, BARN, HARBOR, PADDOCK = range(8)
ANY_BUILDABLE = -2
TAVERN_LINE = 3  # §7.4
PADDOCK_STEPS = 2  # §7.4


@njit(**KERNEL)
def is_move_tile(tile):
    return tile == BARN or tile == HARBOR or tile == PADDOCK


@njit(**KERNEL)
def _matches(terrain_code, target):
    if target == ANY_BUILDABLE:
        return terrain_code <= BUILDABLE_MAX
    return terrain_code == target


@njit(**KERNEL)
def _is_edge(nbr, h):
    for d in range(NUM_DIRECTIONS):
        if nbr[h, d] < 0:
            return True
    return False


@njit(**KERNEL)
def placement_targets(buf, nbr, player, target, edge_only, skip, out):
    """§6.2 with adjacency mode `if_possible`: the legal hexes for one placement.

    C = empty hexes whose terrain matches `target` (a terrain code or ANY_BUILDABLE), on the
    board edge if `edge_only` (Tower: "adjacent if possible judged among edge hexes only").
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
    if num_adjacent == 0:
        return num_candidates
    for h in range(NUM_HEXES):
        out[h] = 1 if out[h] == 2 else 0
    return num_adjacent


@njit(**KERNEL)
def has_empty_terrain(buf, target):
    """§5 no-legal-hex test: is there any empty hex of terrain `target` anywhere?"""
    terrain = buf[TERRAIN : TERRAIN + NUM_HEXES]
    owner = buf[OWNER : OWNER + NUM_HEXES]
    for h in range(NUM_HEXES):
        if owner[h] == EMPTY and terrain[h] == target:
            return True
    return False


@njit(**KERNEL)
def tavern_targets(buf, nbr, player, out):
    """§7.4 Tavern: empty buildable hexes directly beyond an end of a straight line of at least
    3 of the player's settlements. Returns the count."""
    terrain = buf[TERRAIN : TERRAIN + NUM_HEXES]
    owner = buf[OWNER : OWNER + NUM_HEXES]
    count = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        if owner[h] == EMPTY and terrain[h] <= BUILDABLE_MAX:
            if has_line_beyond(nbr, h, owner, player, TAVERN_LINE):
                out[h] = 1
                count += 1
    return count


@njit(**KERNEL)
def paddock_targets(buf, nbr, origin, out):
    """§7.4 Paddock: exactly 2 steps in one straight direction from `origin`, jumping over
    anything, onto an empty buildable hex; no adjacency rule. Returns the count."""
    terrain = buf[TERRAIN : TERRAIN + NUM_HEXES]
    owner = buf[OWNER : OWNER + NUM_HEXES]
    for h in range(NUM_HEXES):
        out[h] = 0
    count = 0
    for d in range(NUM_DIRECTIONS):
        h = walk(nbr, origin, d, PADDOCK_STEPS)
        if h >= 0 and owner[h] == EMPTY and terrain[h] <= BUILDABLE_MAX:
            out[h] = 1
            count += 1
    return count


@njit(**KERNEL)
def tile_targets(buf, nbr, player, tile, origin, out):
    """Destination hexes of location tile `tile` (§7.4); `origin` is the moving settlement for
    move tiles (EMPTY for build tiles). Writes out int8[400]; returns the count."""
    played = buf[PLAYED]
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
    return paddock_targets(buf, nbr, origin, out)


@njit(**KERNEL)
def move_origins(buf, nbr, player, tile, out):
    """Settlements of `player` that move tile `tile` can move somewhere. For Barn and Harbor
    any settlement can once an empty hex of the target terrain exists (adjacency only narrows
    the choice); Paddock depends on the origin. Writes out int8[400]; returns the count."""
    owner = buf[OWNER : OWNER + NUM_HEXES]
    scratch = np.empty(NUM_HEXES, np.int8)
    if tile == PADDOCK:
        anywhere = True
    elif tile == BARN:
        anywhere = buf[PLAYED] != EMPTY and has_empty_terrain(buf, buf[PLAYED])
    else:
        anywhere = has_empty_terrain(buf, WATER)
    count = 0
    for h in range(NUM_HEXES):
        out[h] = 0
        if owner[h] != player or not anywhere:
            continue
        if tile == PADDOCK and paddock_targets(buf, nbr, h, scratch) == 0:
            continue
        out[h] = 1
        count += 1
    return count


@njit(**KERNEL)
def num_usable(buf, player, tile):
    """§7.1: copies of `tile` the player holds that were neither taken nor used this turn."""
    held = 0
    for s in range(MAX_LOCATION_HEXES):
        if buf[HOLDING + player * MAX_LOCATION_HEXES + s] and buf[SLOT_TYPE + s] == tile:
            held += 1
    k = player * NUM_TILE_TYPES + tile
    return held - buf[TILE_NEW + k] - buf[TILE_USED + k]


@njit(**KERNEL)
def can_use_tile(buf, nbr, player, tile, scratch):
    """A tile can be used only if a copy is usable and its action has a legal target (§7.1)."""
    if num_usable(buf, player, tile) <= 0:
        return False
    if is_move_tile(tile):
        return move_origins(buf, nbr, player, tile, scratch) > 0
    if buf[SUPPLY + player] == 0:
        return False
    return tile_targets(buf, nbr, player, tile, EMPTY, scratch) > 0


@njit(**KERNEL)
def compute_mask(buf, nbr, mask):
    """Write the legal-action mask (int8[409], actions.py layout) for the player to act."""
    for a in range(NUM_ACTIONS):
        mask[a] = 0
    phase = buf[PHASE]
    player = buf[CUR]
    hexes = mask[:NUM_HEXES]
    if phase == PHASE_GAME_OVER:
        return
    if phase == PHASE_MANDATORY:
        placement_targets(buf, nbr, player, buf[PLAYED], False, EMPTY, hexes)
    elif phase == PHASE_TILE_ORIGIN:
        move_origins(buf, nbr, player, buf[ACTIVE_TILE], hexes)
    elif phase == PHASE_TILE_TARGET:
        tile_targets(buf, nbr, player, buf[ACTIVE_TILE], buf[SELECTED], hexes)
    else:
        if buf[MANDATORY_DONE]:
            mask[END_TURN] = 1
        else:
            placement_targets(buf, nbr, player, buf[PLAYED], False, EMPTY, hexes)
        scratch = np.empty(NUM_HEXES, np.int8)
        for tile in range(NUM_TILE_TYPES):
            if can_use_tile(buf, nbr, player, tile, scratch):
                mask[TILE_ACTIONS + tile] = 1


@njit(**KERNEL)
def take_tiles(buf, nbr, player, h):
    """§7.2: a settlement arriving on `h` takes one tile from each adjacent location hex that
    still has tiles and that the player never took from before (D7). Taken tiles are new."""
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
            buf[TILE_NEW + player * NUM_TILE_TYPES + buf[SLOT_TYPE + s]] += 1


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
        t = player * NUM_TILE_TYPES + buf[SLOT_TYPE + s]
        if buf[TILE_NEW + t] > 0:
            buf[TILE_NEW + t] -= 1
        elif buf[TILE_USED + t] > 0:
            buf[TILE_USED + t] -= 1


@njit(**KERNEL)
def build(buf, nbr, player, h):
    """Put a settlement from supply on `h`; emptying the supply triggers the end (§9)."""
    buf[OWNER + h] = player
    buf[SUPPLY + player] -= 1
    if buf[SUPPLY + player] == 0:
        buf[END_TRIGGERED] = 1
    take_tiles(buf, nbr, player, h)


@njit(**KERNEL)
def move(buf, nbr, player, src, dst):
    """Move a settlement (§6.3): take tiles at the destination, then lose tiles left behind."""
    buf[OWNER + src] = EMPTY
    buf[OWNER + dst] = player
    take_tiles(buf, nbr, player, dst)
    lose_tiles(buf, nbr, player)


@njit(**KERNEL)
def draw_card(buf):
    """Draw the top terrain card; an empty deck is first refilled by shuffling the discard pile
    (§4 step 5). Returns the card's terrain, or EMPTY if no card is left anywhere."""
    if buf[DECK_SIZE_AT] == 0:
        size = 0
        for t in range(NUM_CARD_TERRAINS):
            for _ in range(buf[DISCARD + t]):
                buf[DECK + size] = t
                size += 1
            buf[DISCARD + t] = 0
        shuffle(buf[RNG : RNG + RNG_WORDS], buf[DECK : DECK + size], size)
        buf[DECK_SIZE_AT] = size
    size = buf[DECK_SIZE_AT]
    if size == 0:
        return EMPTY
    card = buf[DECK + size - 1]
    buf[DECK + size - 1] = EMPTY
    buf[DECK_SIZE_AT] = size - 1
    return card


@njit(**KERNEL)
def settle_mandatory(buf):
    """Keep the mandatory action playable (§5, D6, D11): it ends once the supply is empty; a
    played card whose terrain has no empty hex left is removed from the game and replaced by
    a new draw until one is usable; with no card left the mandatory action ends early."""
    if buf[MANDATORY_DONE]:
        return
    if buf[SUPPLY + buf[CUR]] == 0:
        buf[MANDATORY_DONE] = 1
        return
    if buf[PLAYED] == EMPTY:
        buf[PLAYED] = draw_card(buf)
    while buf[PLAYED] != EMPTY and not has_empty_terrain(buf, buf[PLAYED]):
        buf[REMOVED + buf[PLAYED]] += 1
        buf[PLAYED] = draw_card(buf)
    if buf[PLAYED] == EMPTY:
        buf[MANDATORY_DONE] = 1


@njit(**KERNEL)
def start_turn(buf):
    """§4 step 1: the player to act reveals their terrain card."""
    player = buf[CUR]
    buf[PLAYED] = buf[HAND + player]
    buf[HAND + player] = EMPTY
    buf[MANDATORY_LEFT] = MANDATORY_SETTLEMENTS
    buf[MANDATORY_DONE] = 0
    buf[PHASE] = PHASE_MAIN
    buf[ACTIVE_TILE] = EMPTY
    buf[SELECTED] = EMPTY
    buf[TURN] += 1
    settle_mandatory(buf)


@njit(**KERNEL)
def end_turn(buf):
    """§4 step 5 and §9: discard, draw, refresh tiles; finish the round once the end is
    triggered (the seat before the start player plays last)."""
    player = buf[CUR]
    if buf[PLAYED] != EMPTY:
        buf[DISCARD + buf[PLAYED]] += 1
        buf[PLAYED] = EMPTY
    buf[HAND + player] = draw_card(buf)
    for t in range(NUM_TILE_TYPES):
        buf[TILE_NEW + player * NUM_TILE_TYPES + t] = 0
        buf[TILE_USED + player * NUM_TILE_TYPES + t] = 0
    n = buf[NUM_PLAYERS]
    if buf[END_TRIGGERED] and player == (buf[START_PLAYER] + n - 1) % n:
        buf[PHASE] = PHASE_GAME_OVER
        return
    buf[CUR] = (player + 1) % n
    start_turn(buf)


@njit(**KERNEL)
def _apply_hex(buf, nbr, player, h):
    phase = buf[PHASE]
    if phase == PHASE_TILE_ORIGIN:
        buf[SELECTED] = h
        buf[PHASE] = PHASE_TILE_TARGET
    elif phase == PHASE_TILE_TARGET:
        if is_move_tile(buf[ACTIVE_TILE]):
            move(buf, nbr, player, buf[SELECTED], h)
        else:
            build(buf, nbr, player, h)
        buf[ACTIVE_TILE] = EMPTY
        buf[SELECTED] = EMPTY
        buf[PHASE] = PHASE_MAIN
    else:
        build(buf, nbr, player, h)
        buf[MANDATORY_LEFT] -= 1
        buf[PHASE] = PHASE_MANDATORY
        if buf[MANDATORY_LEFT] == 0:
            buf[MANDATORY_DONE] = 1


@njit(**KERNEL)
def apply_action(buf, nbr, mask, action):
    """One decision (already checked against `mask`), then the new mask. When ending the turn
    is the only legal action it is taken automatically (actions.py)."""
    player = buf[CUR]
    if action < TILE_ACTIONS:
        _apply_hex(buf, nbr, player, action)
    elif action < END_TURN:
        tile = action - TILE_ACTIONS
        buf[TILE_USED + player * NUM_TILE_TYPES + tile] += 1  # turned over when used (§7.1)
        buf[ACTIVE_TILE] = tile
        buf[PHASE] = PHASE_TILE_ORIGIN if is_move_tile(tile) else PHASE_TILE_TARGET
    else:
        end_turn(buf)
    while True:
        settle_mandatory(buf)
        if buf[PHASE] == PHASE_MANDATORY and buf[MANDATORY_DONE]:
            buf[PHASE] = PHASE_MAIN
        compute_mask(buf, nbr, mask)
        if buf[PHASE] != PHASE_MAIN or not _only_end_turn(mask):
            return
        end_turn(buf)


@njit(**KERNEL)
def _only_end_turn(mask):
    if mask[END_TURN] == 0:
        return False
    for a in range(END_TURN):
        if mask[a]:
            return False
    return True
