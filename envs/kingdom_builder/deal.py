"""Set-up (§3.1, §3.2) as one numba kernel, so a new game costs microseconds (MCTS and
benchmarks start many). Random choices draw from the state's RNG in a fixed order: sections,
rotations, cards, deck (with Marshlands' dual cards), (Big Box: nomad tiles, capitals, caves,
Crossroads tasks), start player; then each seat draws one terrain card in seat order. The
base game draws exactly as it did before expansions existed."""

from numba import njit

from eurogym.envs.core.jit import ENTRY, INLINE, KERNEL
from eurogym.envs.core.rng import RNG_WORDS, randint, shuffle
from eurogym.envs.kingdom_builder.crossroads import deal_tasks
from eurogym.envs.kingdom_builder.harvest import deal_harvest
from eurogym.envs.kingdom_builder.island import deal_island
from eurogym.envs.kingdom_builder.kernels import compute_mask, draw_card, start_turn
from eurogym.envs.kingdom_builder.marshlands import deal_dual_deck, scouts_setup
from eurogym.envs.kingdom_builder.nomads import deal_nomads, is_big
from eurogym.envs.kingdom_builder.queenies import deal_capitals, deal_caves
from eurogym.envs.kingdom_builder.state import (
    ACTIVE_NOMAD,
    ACTIVE_TILE,
    CANOE_FROM,
    CANOE_PHASE,
    CAPITAL_HEX,
    CARDS,
    CAVE_HEX,
    COUNT_MOVES,
    CUR,
    CUSTOM_BOARD,
    DECK,
    DECK_SIZE_AT,
    DUAL_SWAMP,
    EMPTY,
    EXPANSION_FLAGS,
    FORT_CARD,
    HAND,
    LORDS_ZERO,
    MAX_CAPITALS,
    MAX_EXTRA_CARDS,
    MAX_PLAYERS,
    MONASTERY_LOOSE,
    NUM_EXPANSIONS,
    NUM_PLAYERS,
    OWNER,
    PLAYED,
    RNG,
    ROTATIONS,
    SCOUTS_TERRAIN,
    SECTIONS,
    SELECTED,
    SLOT_HEX,
    SLOT_OF_HEX,
    SLOT_TYPE,
    START_PLAYER,
    SUPPLY,
    SWORD_NEXT,
    SWORD_SELF,
    TASKS,
    TERRAIN,
    TILES_LEFT,
    XDECK,
    XHAND,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    CARDS_PER_GAME,
    COLS,
    DUAL_DECK_SIZE,
    EXPANSIONS,
    LOCATION,
    MAX_LOCATION_HEXES,
    NUM_HEXES,
    SECTION_SIZE,
    SECTIONS_PER_GAME,
    SETTLEMENTS_PER_PLAYER,
)

RANDOM = -1  # "choose at random" in the chosen-value arrays
SCOUTS_CARD = ALL_CARD_NAMES.index("scouts")  # a stand-in card (§13.4)
NOMADS, CROSSROADS, MARSHLANDS, HARVEST, CAPITAL, CAVES, ISLAND = (
    EXPANSIONS.index(e)
    for e in ("nomads", "crossroads", "marshlands", "harvest", "capital", "caves", "island")
)


@njit(**KERNEL)
def _choose_distinct(rng, chosen, pool, count, out):
    """out[:count] = chosen[:count], or `count` distinct values of `pool` drawn at random.
    Element loops, not slice assignments: an array-to-slice assignment makes numba compile its
    shape-mismatch error message (tuple formatting), a sixth of Kingdom Builder's cold compile
    (docs/cold_start.md)."""
    if chosen[0] != RANDOM:
        for i in range(count):
            out[i] = chosen[i]
        return
    order = pool.copy()
    shuffle(rng, order, pool.shape[0])
    for i in range(count):
        out[i] = order[i]


@njit(**INLINE)
def assemble_board(buf, section_terrain):
    """§2.3: quadrant k holds section SECTIONS[k], rotated 180° ((i, j) -> (9-i, 9-j)) if
    ROTATIONS[k] == 180."""
    last = SECTION_SIZE - 1
    for k in range(SECTIONS_PER_GAME):
        section = buf[SECTIONS + k]
        flip = buf[ROTATIONS + k] == 180
        r0, c0 = SECTION_SIZE * (k // 2), SECTION_SIZE * (k % 2)
        for i in range(SECTION_SIZE):
            for j in range(SECTION_SIZE):
                code = (
                    section_terrain[section, last - i, last - j]
                    if flip
                    else section_terrain[section, i, j]
                )
                buf[TERRAIN + (r0 + i) * COLS + c0 + j] = code


@njit(**INLINE)
def place_location_tiles(buf, section_tiles, tiles_per_hex):
    """§3.1 step 2: tiles on each location hex, numbered into slots in board order; a hex's
    tile type is the one its section map gives it (a base section's own location, §1.1)."""
    for s in range(MAX_LOCATION_HEXES):
        buf[SLOT_HEX + s] = EMPTY
        buf[SLOT_TYPE + s] = EMPTY
        buf[TILES_LEFT + s] = 0
    slot = 0
    for h in range(NUM_HEXES):
        buf[SLOT_OF_HEX + h] = EMPTY
        if buf[TERRAIN + h] != LOCATION:
            continue
        r, c = h // COLS, h % COLS
        k = 2 * (r // SECTION_SIZE) + c // SECTION_SIZE
        i, j = r % SECTION_SIZE, c % SECTION_SIZE
        if buf[ROTATIONS + k] == 180:
            i, j = SECTION_SIZE - 1 - i, SECTION_SIZE - 1 - j
        tile = section_tiles[buf[SECTIONS + k], i, j]
        buf[SLOT_OF_HEX + h] = slot
        buf[SLOT_HEX + slot] = h
        buf[SLOT_TYPE + slot] = tile
        buf[TILES_LEFT + slot] = tiles_per_hex[tile]
        slot += 1


@njit(**ENTRY)
def deal_game(buf, nbr, mask, tables, options):
    """Fill a zeroed state buffer whose RNG words are seeded, following §3.1.

    Args:
        tables: (section_terrain int64[S, 10, 10], section_tiles int64[S, 10, 10] (tile type
            of each location hex), tiles_per_hex int64[T], deck_counts int64[5],
            nomad_counts int64[11], stone walls, the Island's sides: terrain int64[2, 5, 10]
            and location int64[2, 5, 10]).
        options: (num_players, sections int64[4], rotations int64[4], cards int64[3],
            start_player, lords_zero_can_be_second, section pool int64[k], card pool
            int64[m], expansion flags int64[7], custom board 0/1, in-game cards count moves
            0/1 (D21), Sword includes the user 0/1 (D24)); RANDOM (-1) entries are
            drawn at random, sections and cards from their pools. Expansion flags and the
            custom-board flag are written only to a Big Box buffer; last, the Monastery's
            adjacency is "if possible" 0/1 (D29), and the Island's side (§15.3: RANDOM for a
            fair coin, drawn last so games without the Island deal as before).
    """
    section_terrain, section_tiles, tiles_per_hex, deck_counts, nomad_counts, walls = tables[:6]
    island_terrain, island_location = tables[6:]
    num_players, sections, rotations, cards, start_player, lords_zero = options[:6]
    section_pool, card_pool, expansions, custom, count_moves, sword_self, monastery = options[6:13]
    island_side = options[13]
    rng = buf[RNG : RNG + RNG_WORDS]
    buf[NUM_PLAYERS] = num_players
    buf[LORDS_ZERO] = lords_zero
    _choose_distinct(
        rng, sections, section_pool, SECTIONS_PER_GAME, buf[SECTIONS : SECTIONS + SECTIONS_PER_GAME]
    )
    for k in range(SECTIONS_PER_GAME):
        buf[ROTATIONS + k] = 180 * randint(rng, 2) if rotations[k] == RANDOM else rotations[k]
    _choose_distinct(rng, cards, card_pool, CARDS_PER_GAME, buf[CARDS : CARDS + CARDS_PER_GAME])
    assemble_board(buf, section_terrain)
    place_location_tiles(buf, section_tiles, tiles_per_hex)
    for h in range(NUM_HEXES):
        buf[OWNER + h] = EMPTY
    for p in range(MAX_PLAYERS):
        buf[SUPPLY + p] = SETTLEMENTS_PER_PLAYER if p < num_players else 0
        buf[HAND + p] = EMPTY
    size = 0
    for terrain in range(deck_counts.shape[0]):
        for _ in range(deck_counts[terrain]):
            buf[DECK + size] = terrain
            size += 1
    buf[DECK_SIZE_AT] = size
    if is_big(buf):
        for i in range(DUAL_DECK_SIZE):
            buf[XDECK + i] = EMPTY
    if is_big(buf) and expansions[MARSHLANDS]:
        deal_dual_deck(buf)  # §3.2: the 5 dual cards shuffled in with the 25
    else:
        shuffle(rng, buf[DECK : DECK + size], size)
    if is_big(buf):
        for e in range(NUM_EXPANSIONS):
            buf[EXPANSION_FLAGS + e] = expansions[e]
        buf[CUSTOM_BOARD] = custom
        buf[COUNT_MOVES] = count_moves
        buf[SWORD_SELF] = sword_self
        buf[MONASTERY_LOOSE] = monastery
        buf[ACTIVE_NOMAD] = EMPTY
        buf[SWORD_NEXT] = EMPTY
        buf[DUAL_SWAMP] = EMPTY
        buf[CANOE_FROM] = EMPTY
        buf[CANOE_PHASE] = EMPTY
        deal_nomads(buf, nomad_counts, walls if expansions[NOMADS] else 0)
        if expansions[CAPITAL]:
            deal_capitals(buf)
        else:
            for i in range(MAX_CAPITALS):
                buf[CAPITAL_HEX + i] = EMPTY
        if expansions[CAVES]:
            deal_caves(buf)
        else:
            for k in range(SECTIONS_PER_GAME):
                buf[CAVE_HEX + k] = EMPTY
        buf[FORT_CARD] = EMPTY
        for i in range(XHAND, XHAND + MAX_PLAYERS * MAX_EXTRA_CARDS):
            buf[i] = EMPTY
        if expansions[CROSSROADS]:  # §3.2: drawn last, so other mixes deal as before
            deal_tasks(buf)
        else:
            for k in range(SECTIONS_PER_GAME):
                buf[TASKS + k] = EMPTY
        deal_harvest(buf, expansions[HARVEST])  # §3.2 Harvest: silos, village tokens
        buf[SCOUTS_TERRAIN] = EMPTY
        for i in range(CARDS_PER_GAME):  # the stand-in Scouts card's set-up (§13.4)
            if buf[CARDS + i] == SCOUTS_CARD:
                buf[SCOUTS_TERRAIN] = scouts_setup(buf)
        side = EMPTY
        if expansions[ISLAND]:
            side = randint(rng, island_terrain.shape[0]) if island_side == RANDOM else island_side
        deal_island(buf, side, island_terrain, island_location)
    buf[START_PLAYER] = randint(rng, num_players) if start_player == RANDOM else start_player
    for p in range(num_players):
        buf[HAND + p] = draw_card(buf)
    buf[PLAYED] = EMPTY
    buf[ACTIVE_TILE] = EMPTY
    buf[SELECTED] = EMPTY
    buf[CUR] = buf[START_PLAYER]
    start_turn(buf)
    compute_mask(buf, nbr, mask)
