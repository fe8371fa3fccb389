"""State consistency: `check_state` vets a loaded state before any kernel runs on it, and
`check_invariants` states the rules that must hold after every decision (checked by the
random-game tests, tests/conformance, through the registry). Each message names the broken
rule or field."""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.errors import StateError
from eurogym.envs.core.rng import check_words
from eurogym.envs.kingdom_builder.config import PLAYER_COUNTS
from eurogym.envs.kingdom_builder.deal import assemble_board, place_location_tiles
from eurogym.envs.kingdom_builder.harvest import CATHEDRAL, PALISADE, SCOUT_CABIN
from eurogym.envs.kingdom_builder.kernels import (
    BARN,
    CANOE,
    CARAVAN,
    FORT,
    HARBOR,
    PADDOCK,
    QUARRY,
    REFUGE,
    TEMPLE,
    is_piece_tile,
)
from eurogym.envs.kingdom_builder.nomads import NUM_DONATIONS, RESETTLEMENT, SWORD
from eurogym.envs.kingdom_builder.state import (
    CAVE_MOVING,
    EMPTY,
    ISLAND_TILE0,
    MANDATORY_SETTLEMENTS,
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
    PIECE_CITY_HALL,
    PIECE_SCOUT,
    PIECE_SHIP,
    PIECE_WAGON,
    PIECE_WARRIOR,
    SCOUT_PIECES,
    SILO_MOVES,
    TOKEN_BANK,
    WALL,
    WARRIORS,
    BigBoxState,
    State,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    ALL_TILE_NAMES,
    BUILDABLE_MAX,
    CARD_EXPANSION,
    CASTLE,
    DECK_COUNTS,
    DECK_SIZE,
    DUAL_CARDS,
    DUAL_DECK_SIZE,
    EXPANSIONS,
    ISLAND_NEIGHBOURS,
    LOCATION,
    MOUNTAIN,
    NEIGHBOURS,
    NUM_CARD_KINDS,
    NUM_CARD_TERRAINS,
    NUM_HEXES,
    ROWS,
    SECTION_EXPANSION,
    SECTION_TERRAIN,
    SECTION_TILES,
    SECTIONS_PER_GAME,
    SETTLEMENTS_PER_PLAYER,
    SILO,
    STONE_WALLS,
    SWAMP,
    TILES_PER_HEX,
    WATER,
    X_NEIGHBOURS,
)
from eurogym.envs.kingdom_builder.tables import ISLAND_LOCATION as ISLAND_LOCATION_MAPS
from eurogym.envs.kingdom_builder.tables import ISLAND_TERRAIN as ISLAND_TERRAIN_MAPS

MOVE_TILES = (BARN, HARBOR, PADDOCK, CARAVAN, REFUGE, PALISADE, ISLAND_TILE0, ISLAND_TILE0 + 1)
_TILES_PER_TYPE = np.array([TILES_PER_HEX[name] for name in ALL_TILE_NAMES], np.int64)
_BOARD_FIELDS = ("terrain", "slot_of_hex", "slot_hex", "slot_type")


def check_state(state: State) -> None:
    """Raise StateError naming the field unless `state` (fields already inside the layout's
    bounds) is consistent enough for every kernel, the encoder, the renderer and the scores:
    the board is the one its sections and rotations deal, seats are below num_players and
    unused seats and slots are blank, the 25 terrain cards are all accounted for per terrain,
    `cur` follows from the start player and the turn, and the pending fields fit the phase.
    Runs before check_invariants and the mask kernel, which index tables with these fields."""
    n = state.num_players
    _require(n in PLAYER_COUNTS, "num_players", n, f"is not a player count {PLAYER_COUNTS}")
    _check_setup(state, n)
    _check_seats(state, n)
    _check_cards(state, n)
    _check_turn(state, n)
    check_words(state.rng, "rng")


def _require(ok: bool, field: str, value: object, why: str) -> None:
    if not ok:
        raise StateError(f"kingdom_builder: state field {field} = {value} {why}")


def _check_setup(state: State, n: int) -> None:
    """Sections, rotations and cards as a config deals them, and the board fields that follow
    from them (recomputed with the dealing kernels, so slots index real location hexes)."""
    for name in ("sections", "cards"):
        values = getattr(state, name)
        _require(len(set(values.tolist())) == len(values), name, values.tolist(), "repeats")
    for k, rotation in enumerate(state.rotations.tolist()):
        _require(rotation in (0, 180), f"rotations[{k}]", rotation, "is not 0 or 180")
    _require(state.start_player < n, "start_player", state.start_player, f"is not a seat of {n}")
    big = isinstance(state, BigBoxState)
    if big:
        _check_expansion_members(state)
        _check_queenies(state)
        _check_crossroads(state, n)
        _check_marshlands(state, n)
        _check_harvest(state, n)
        _check_island(state, n)
    if big and state.custom_board:
        _check_custom_board(state)
        return
    dealt = type(state)(state.buf.copy())
    assemble_board(dealt.buf, SECTION_TERRAIN)
    place_location_tiles(dealt.buf, SECTION_TILES, _TILES_PER_TYPE)
    for name in _BOARD_FIELDS:
        got, want = getattr(state, name), getattr(dealt, name)
        bad = np.flatnonzero(got != want)
        if bad.size:
            i = int(bad[0])
            _require(
                False, f"{name}[{i}]", int(got[i]), f"differs from the dealt board ({want[i]})"
            )
    unused = state.slot_hex == EMPTY
    for name in ("tiles_left", "ever_taken", "holding"):
        values = getattr(state, name)
        bad = np.flatnonzero(values[..., unused])
        _require(not bad.size, name, values.tolist(), "is not 0 on an unused location slot")


def _check_queenies(state: BigBoxState) -> None:
    """Capitals stand on castles of Oracle/Harbor sections (§15.1), caves on mountains of
    their own quadrant (§15.2), and only when those Queenies are in play."""
    on = dict(zip(EXPANSIONS, state.expansions.tolist(), strict=True))
    capitals = state.capital_hex[state.capital_hex != EMPTY]
    _require(on["capital"] or not capitals.size, "capital_hex", capitals.tolist(), "unused")
    _require((state.terrain[capitals] == CASTLE).all(), "capital_hex", capitals.tolist(), "")
    _require(len(set(capitals.tolist())) == capitals.size, "capital_hex", capitals.tolist(), "")
    caves = state.cave_hex
    _require(on["caves"] or (caves == EMPTY).all(), "cave_hex", caves.tolist(), "without Caves")
    for k, h in enumerate(caves.tolist()):
        if h != EMPTY:
            quadrant = 2 * (h // 200) + h % 20 // 10
            ok = state.terrain[h] == MOUNTAIN and quadrant == k
            _require(ok, f"cave_hex[{k}]", h, "is not a mountain of its quadrant")
    if not on["caves"]:
        _require(state.cave_move == 0, "cave_move", state.cave_move, "without Caves")


def _check_crossroads(state: BigBoxState, n: int) -> None:
    """Crossroads fields (§12): pieces stand only on their owner's hexes and on their terrain
    (ship on water, wagon on buildable or mountain, warriors and city halls on buildable),
    each seat has at most 1 wagon, 1 ship, 2 warriors and one whole city hall (7 hexes, a
    centre and its ring, D28) exactly when city_hall_built says so; one task card per
    Crossroads section (§3.2); extra cards and a Fort card only where they can be held.
    Without Crossroads all of these are blank."""
    on = bool(state.expansions[EXPANSIONS.index("crossroads")])
    owner, terrain = all_owners(state), all_terrain(state)  # the Island's too (§15.3)
    pieces_ = all_pieces(state)
    piece = np.where(pieces_ == PIECE_SCOUT, 0, pieces_)  # Harvest's (_check_harvest)
    if not on:
        _require(not piece.any(), "piece", piece.tolist(), "is set without Crossroads")
        for name in ("city_hall_built", "monastery_if_possible"):
            values = np.asarray(getattr(state, name))
            _require(not values.any(), name, values.tolist(), "is set without Crossroads")
        for name in ("tasks", "xhand"):
            values = getattr(state, name)
            _require((values == EMPTY).all(), name, values.tolist(), "is set without Crossroads")
        _require(state.fort_card == EMPTY, "fort_card", state.fort_card, "without Crossroads")
        _require(state.phase != PHASE_CHOOSE_CARD, "phase", state.phase, "without Crossroads")
        return
    pieces = np.flatnonzero(piece)
    seats = owner[pieces]
    bad = pieces[(seats < 0) | (seats >= n)]
    _require(not bad.size, f"piece[{bad[0] if bad.size else 0}]", 1, "is on a hex of no seat")
    where = {
        PIECE_SHIP: terrain == WATER,
        PIECE_WAGON: (terrain <= BUILDABLE_MAX) | (terrain == MOUNTAIN),
        PIECE_WARRIOR: terrain <= BUILDABLE_MAX,
        PIECE_CITY_HALL: terrain <= BUILDABLE_MAX,
    }
    for kind, allowed in where.items():
        bad = np.flatnonzero((piece == kind) & ~allowed)
        _require(not bad.size, f"piece[{bad[0] if bad.size else 0}]", kind, "on wrong terrain")
    limits = {PIECE_SHIP: 1, PIECE_WAGON: 1, PIECE_WARRIOR: WARRIORS}
    for p in range(n):
        mine = owner == p
        for kind, limit in limits.items():
            count = int((mine & (piece == kind)).sum())
            _require(count <= limit, "piece", count, f"pieces of kind {kind} for seat {p}")
        hall = np.flatnonzero(mine & (piece == PIECE_CITY_HALL))
        built = int(state.city_hall_built[p])
        _require(hall.size == 7 * built, "city_hall_built", built, f"with {hall.size} hexes")
        if built:
            ring = X_NEIGHBOURS[hall]  # a city hall on the island is an island rosette
            centres = [h for h, r in zip(hall, ring, strict=True) if set(r.tolist()) <= set(hall)]
            _require(len(centres) == 1, "piece", hall.tolist(), "city hall is not a rosette")
    _require(not state.city_hall_built[n:].any(), "city_hall_built", 1, "for an unused seat")
    _require((state.xhand[n:] == EMPTY).all(), "xhand", state.xhand.tolist(), "unused seat")
    tasks = state.tasks.tolist()
    crossroads = sum(SECTION_EXPANSION[s] == "crossroads" for s in state.sections.tolist())
    dealt = [t for t in tasks if t != EMPTY]
    _require(tasks[: len(dealt)] == dealt, "tasks", tasks, "has gaps")
    _require(len(dealt) == crossroads, "tasks", tasks, f"for {crossroads} Crossroads sections")
    _require(len(set(dealt)) == len(dealt), "tasks", tasks, "repeats")
    fort = state.fort_card != EMPTY
    fort_use = state.active_tile == FORT and state.phase == PHASE_TILE_TARGET
    _require(fort == fort_use, "fort_card", state.fort_card, "outside a Fort's use")
    if state.phase == PHASE_CHOOSE_CARD:
        extra = state.xhand[state.cur]
        _require((extra != EMPTY).any(), "phase", state.phase, "with no extra card to choose")
        _require(state.active_tile == EMPTY, "active_tile", state.active_tile, "choosing")


def marshlands_in_play(state: State) -> bool:
    return isinstance(state, BigBoxState) and bool(state.expansions[EXPANSIONS.index("marshlands")])


def turn_seat(state: State) -> tuple[int, int]:
    """(seat whose turn it is, its phase): `cur` and `phase`, except during a Canoe reaction
    (§13.3), when `cur` is the reacting canoe holder and the turn's seat and phase wait in
    canoe_from / canoe_phase, and while a Sword victim chooses (D24 option)."""
    if isinstance(state, BigBoxState) and state.canoe_from != EMPTY:
        return int(state.canoe_from), int(state.canoe_phase)
    if isinstance(state, BigBoxState) and state.phase == PHASE_SWORD and state.sword_victim_chooses:
        n = state.num_players  # D24 option: `cur` is the Sword victim choosing its settlement
        return (int(state.start_player) + int(state.turn) - 1) % n, PHASE_SWORD
    if state.phase == PHASE_SILO:  # §14.2: after the last turn (the last seat's)
        n = state.num_players
        return (int(state.start_player) + n - 1) % n, PHASE_GAME_OVER
    return int(state.cur), int(state.phase)


def _check_marshlands(state: BigBoxState, n: int) -> None:
    """Marshlands fields (§13): blank without the expansion; with it, the dual-card choice
    only for a revealed undecided dual card, a bonus in use only for Canoe or Refuge, and a
    Canoe reaction exactly in phase canoe, by another seat than the interrupted one, from
    the main step or between mandatory placements (D57)."""
    if not marshlands_in_play(state):
        for name in ("xdiscard", "xremoved", "parked", "bonus_used", "canoe_left"):
            values = np.asarray(getattr(state, name))
            _require(not values.any(), name, values.tolist(), "is set without Marshlands")
        for name in ("xdeck", "dual_swamp", "canoe_from", "canoe_phase", "scouts_terrain"):
            values = np.asarray(getattr(state, name))
            _require((values == EMPTY).all(), name, values.tolist(), "without Marshlands")
        _require(state.bonus_active == 0, "bonus_active", 1, "without Marshlands")
        bad = state.phase in (PHASE_CHOOSE_DUAL, PHASE_CANOE)
        _require(not bad, "phase", state.phase, "without Marshlands")
        return
    dual = state.played >= DUAL_CARDS
    _require(dual or state.dual_swamp == EMPTY, "dual_swamp", state.dual_swamp, "no dual card")
    scouts = ALL_CARD_NAMES.index("scouts") in state.cards.tolist()
    removed = int(state.scouts_terrain)
    _require((removed != EMPTY) == scouts, "scouts_terrain", removed, "without Scouts in play")
    if removed != EMPTY:  # §13.6: every card of that terrain left the game at set-up
        gone = state.removed[removed] == DECK_COUNTS[removed] and state.xremoved[removed] == 1
        _require(gone, "scouts_terrain", removed, "but its cards are not out of the game")
    if state.phase == PHASE_CHOOSE_DUAL:
        _require(dual and state.dual_swamp == EMPTY, "phase", state.phase, "no dual card")
    if state.bonus_active:
        _require(state.active_tile in (CANOE, REFUGE), "bonus_active", 1, "for this tile")
    _require(not state.parked[n:].any(), "parked", state.parked.tolist(), "unused seat")
    _require(not state.canoe_left[n:].any(), "canoe_left", state.canoe_left.tolist(), "")
    reacting = state.phase == PHASE_CANOE
    _require(reacting == (state.canoe_from != EMPTY), "canoe_from", state.canoe_from, "")
    if reacting:
        _require(state.canoe_from < n and state.canoe_from != state.cur, "canoe_from", 0, "")
        _require(state.canoe_left[state.cur] > 0, "canoe_left", 0, "for the reacting seat")
        back = state.canoe_phase in (PHASE_MAIN, PHASE_MANDATORY)
        _require(back, "canoe_phase", state.canoe_phase, "is not main or mandatory")
    else:
        _require(state.canoe_phase == EMPTY, "canoe_phase", state.canoe_phase, "")


def harvest_in_play(state: State) -> bool:
    return isinstance(state, BigBoxState) and bool(state.expansions[EXPANSIONS.index("harvest")])


def _check_harvest(state: BigBoxState, n: int) -> None:
    """Harvest fields (§14): blank without the expansion; with it, the silo list is the
    board's silos in board order, tokens add up to the bank's worth (D44), rows are marked by
    seats, and the silo phase's fields are set exactly in that phase (§14.2)."""
    silo_phase = state.phase == PHASE_SILO
    scouts = np.flatnonzero(all_pieces(state) == PIECE_SCOUT)  # on the Island too (§15.3)
    if not harvest_in_play(state):
        _require(not scouts.size, "piece", scouts.tolist(), "scouts without Harvest")
        _require(not state.bazaar_active, "bazaar_active", 1, "without Harvest")
        for name in (
            "farm_used", "silo_due", "silo_left", "tokens", "token_bank", "rover_marks",
            "mayors_contiguous", "rovers_counts_moves",
        ):  # fmt: skip
            values = np.asarray(getattr(state, name))
            _require(not values.any(), name, values.tolist(), "is set without Harvest")
        for name in ("silo_hex", "silo_active", "silo_mode", "mayor_row"):
            values = np.asarray(getattr(state, name))
            _require((values == EMPTY).all(), name, values.tolist(), "without Harvest")
        bad = silo_phase or state.phase in (PHASE_FARM, PHASE_BAZAAR)
        _require(not bad, "phase", state.phase, "without Harvest")
        return
    # §14.3: at most the 2 shared scouts, on the hexes of the seat whose turn it is
    seat, phase = turn_seat(state)
    _require(scouts.size <= SCOUT_PIECES, "piece", scouts.tolist(), "more than 2 scouts")
    mine = (all_owners(state)[scouts] == seat).all() and phase != PHASE_GAME_OVER
    _require(mine or not scouts.size, "piece", scouts.tolist(), f"scouts not of seat {seat}")
    if state.bazaar_active:
        _require(
            state.phase in (PHASE_TILE_ORIGIN, PHASE_TILE_TARGET), "bazaar_active", 1, "no tile"
        )
    silos = np.flatnonzero(state.terrain == SILO)[:SECTIONS_PER_GAME].tolist()
    want = silos + [EMPTY] * (SECTIONS_PER_GAME - len(silos))
    _require(state.silo_hex.tolist() == want, "silo_hex", state.silo_hex.tolist(), f"not {want}")
    worth = int(state.tokens[:n].sum()) + int(state.token_bank)
    _require(worth == TOKEN_BANK, "token_bank", state.token_bank, f"+ tokens is {worth}")
    _require(not state.tokens[n:].any(), "tokens", state.tokens.tolist(), "for an unused seat")
    rows = state.mayor_row
    _require(int(rows.max()) < n, "mayor_row", rows.tolist(), "marked by a seat not in play")
    island = state.island_side != EMPTY or (rows[ROWS:] == EMPTY).all()
    _require(island, "mayor_row", rows.tolist(), "marks an island row without the Island")
    active = state.silo_active
    _require((active != EMPTY) == silo_phase, "silo_active", active, f"in phase {state.phase}")
    if silo_phase:
        _require(state.silo_hex[active] != EMPTY, "silo_active", active, "is not a silo")
        _require(state.silo_left > 0, "silo_left", state.silo_left, "in the silo phase")
        moving = state.selected != EMPTY
        _require(not moving or state.silo_mode == SILO_MOVES, "selected", state.selected, "no move")
    else:
        _require(state.silo_mode == EMPTY, "silo_mode", state.silo_mode, "outside the silos")
        _require(state.silo_left == 0, "silo_left", state.silo_left, "outside the silos")
        _require(not state.silo_due.any(), "silo_due", state.silo_due.tolist(), "outside")


def _check_expansion_members(state: BigBoxState) -> None:
    """Every section and card in play belongs to the base game or an enabled expansion."""
    flags = zip(EXPANSIONS, state.expansions.tolist(), strict=True)
    enabled = {"base"} | {e for e, on in flags if on}
    for k, section in enumerate(state.sections.tolist()):
        expansion = SECTION_EXPANSION[section]
        _require(expansion in enabled, f"sections[{k}]", section, f"is from {expansion}")
    for k, card in enumerate(state.cards.tolist()):
        expansion = CARD_EXPANSION[card]
        _require(expansion in enabled, f"cards[{k}]", card, f"is from {expansion}")


def _check_custom_board(state: BigBoxState) -> None:
    """A board-file game cannot be re-dealt from the shipped maps: check that the location
    slots index exactly the location hexes, in board order, with tiles of a known type."""
    hexes = np.flatnonzero(state.terrain == LOCATION)
    _require(len(hexes) <= len(state.slot_hex), "terrain", len(hexes), "location hexes: too many")
    want = np.full(len(state.slot_hex), EMPTY)
    want[: len(hexes)] = hexes
    bad = np.flatnonzero(state.slot_hex != want)
    if bad.size:
        i = int(bad[0])
        _require(False, f"slot_hex[{i}]", int(state.slot_hex[i]), f"is not location hex {want[i]}")
    slot_of_hex = np.full(len(state.terrain), EMPTY)
    slot_of_hex[hexes] = np.arange(len(hexes))
    bad = np.flatnonzero(state.slot_of_hex != slot_of_hex)
    if bad.size:
        i = int(bad[0])
        _require(False, f"slot_of_hex[{i}]", int(state.slot_of_hex[i]), "disagrees with slot_hex")
    used = state.slot_hex != EMPTY
    _require((state.slot_type[used] >= 0).all(), "slot_type", state.slot_type.tolist(), "unset")
    _require((state.slot_type[~used] == EMPTY).all(), "slot_type", state.slot_type.tolist(), "")


def _check_seats(state: State, n: int) -> None:
    """Owners are seats, seats beyond num_players hold nothing, this-turn tile counts belong
    to the player to act, and the end is triggered exactly when a supply is empty (§9)."""
    big = isinstance(state, BigBoxState)
    owner = np.where(state.owner == WALL, EMPTY, state.owner) if big else state.owner
    _require(int(owner.max()) < n, f"owner[{int(owner.argmax())}]", owner.max(), "is not a seat")
    _require(state.cur < n, "cur", state.cur, f"is not a seat (num_players {n})")
    per_seat = ("supply", "ever_taken", "holding", "tile_new", "tile_used")
    if big:
        per_seat += ("xtile_new", "xtile_used", "nomad_new", "nomad_ready", "bonus_gold")
        per_seat += ("island_taken", "island_holding", "island_new", "island_used")
    for name in per_seat:
        values = getattr(state, name)[n:]
        _require(not values.any(), name, values.tolist(), "is not 0 for a seat not in the game")
    _require((state.hand[n:] == EMPTY).all(), "hand", state.hand.tolist(), "for an unused seat")
    others = np.arange(len(state.tile_new)) != turn_seat(state)[0]
    if turn_seat(state)[1] == PHASE_GAME_OVER:  # also the silo phase (§14.2)
        others[:] = True
    for name in ("tile_new", "tile_used", "xtile_new", "xtile_used", "nomad_new")[
        : 5 if big else 2
    ] + (("island_new", "island_used") if big else ()):
        values = getattr(state, name)
        _require(not values[others].any(), name, values.tolist(), "counts another seat's turn")
    emptied = bool((state.supply[:n] == 0).any())
    # A Sword can give an emptied supply a settlement back: the trigger stays (§9).
    _require(
        state.end_triggered >= emptied if big else state.end_triggered == emptied,
        "end_triggered",
        state.end_triggered,
        f"disagrees with the supplies {state.supply[:n].tolist()} (§9)",
    )


def _check_cards(state: State, n: int) -> None:
    """The draw pile holds deck_size cards below EMPTY slots, the player to act holds no card
    during their turn, and every terrain's cards add up to its count in the deck."""
    size = state.deck_size
    deck = state.deck
    _require((deck[:size] != EMPTY).all(), "deck", deck.tolist(), f"has gaps (deck_size {size})")
    _require((deck[size:] == EMPTY).all(), "deck", deck.tolist(), f"beyond deck_size {size}")
    big = isinstance(state, BigBoxState)
    if big:  # deck positions past the base 25 (Marshlands' dual cards, §13.1)
        deck = np.concatenate([deck, state.xdeck])
        _require((deck[:size] != EMPTY).all(), "xdeck", deck.tolist(), f"has gaps ({size})")
        _require((deck[size:] == EMPTY).all(), "xdeck", deck.tolist(), f"beyond {size}")
    if turn_seat(state)[1] != PHASE_GAME_OVER:
        hand = state.hand.tolist()
        seat = turn_seat(state)[0]
        _require(hand[seat] == EMPTY, "hand", hand, "has a card of the player whose turn it is")
    held = np.concatenate([deck[:size], state.hand[:n], [state.played]])
    if big:  # Crossroads extras and the card a Fort drew
        held = np.concatenate([held, state.xhand[:n].ravel(), [state.fort_card]])
    every = np.bincount(held[held != EMPTY], minlength=NUM_CARD_KINDS)
    counts = every[:NUM_CARD_TERRAINS] + state.discard + state.removed
    if big:
        duals = every[DUAL_CARDS:] + state.xdiscard + state.xremoved
        want = int(marshlands_in_play(state))
        _require(
            (duals == want).all(), "xdiscard", state.xdiscard.tolist(),
            f"with the other piles makes {duals.tolist()} dual cards, not {want} each",
        )  # fmt: skip
    else:
        _require(every[NUM_CARD_TERRAINS:].sum() == 0, "hand", state.hand.tolist(), "dual card")
    _require(
        counts.tolist() == list(DECK_COUNTS),
        "discard",
        state.discard.tolist(),
        f"with the other piles makes {counts.tolist()} cards per terrain, not {list(DECK_COUNTS)}",
    )


def _check_turn(state: State, n: int) -> None:
    """Seats take turns from the start player (turn 1), and each phase has exactly the pending
    fields its decisions read: the played card, the mandatory count, the tile in use and the
    settlement being moved.

    The turn counter is bounded by the settlements built: a turn builds one, or finds the
    player's supply empty (only in the last round), or finds no usable terrain card. Turns of
    the last kind discard nothing, so n of them in a row would remove all 25 cards, which needs
    every card terrain full: more hexes than all settlements cover. Hence at most n turns
    without building before each built settlement and after the last, plus the last round."""
    tile, selected = state.active_tile, state.selected
    cur, phase = turn_seat(state)  # a Canoe reaction (§13.3) waits on the turn's own phase
    _require(
        cur == (state.start_player + state.turn - 1) % n,
        "cur",
        cur,
        f"is not the seat of turn {state.turn} (start_player {state.start_player})",
    )
    big = isinstance(state, BigBoxState)
    placed = n * SETTLEMENTS_PER_PLAYER - int(state.supply[:n].sum())
    _require(  # Sword returns settlements, so the bound needs no-Sword games (base)
        big or state.turn <= placed + (placed + 2) * n,
        "turn",
        state.turn,
        f"is too late for {placed} settlements built (see _check_turn)",
    )
    done, left = state.mandatory_done, state.mandatory_left
    _require(done or left > 0, "mandatory_done", done, "with no mandatory settlement left")
    if phase == PHASE_GAME_OVER:
        _require(state.end_triggered, "phase", phase, "is game over before the end is triggered")
        _require(done, "mandatory_done", done, "in the turn that ended the game")
        _require(cur == (state.start_player + n - 1) % n, "cur", cur, "did not end the round")
        _require(state.played == EMPTY, "played", state.played, "after the game is over")
    else:
        _check_mandatory(state, cur, phase)
    if big and state.phase == PHASE_SILO:  # §14.2: no tile; _check_harvest has the rest
        _require(tile == EMPTY, "active_tile", tile, "in the silo phase")
        return
    if big and state.cave_move == CAVE_MOVING:  # §15.2: no tile, a settlement next to a cave
        _require(phase in (PHASE_TILE_ORIGIN, PHASE_TILE_TARGET), "cave_move", 1, f"in {phase}")
        _require(tile == EMPTY and state.active_nomad == EMPTY, "cave_move", 1, "with a tile")
        moving = phase == PHASE_TILE_TARGET
        _require((selected != EMPTY) == moving, "selected", selected, f"in phase {phase}")
        if moving:
            _require(all_owners(state)[selected] == cur, "selected", selected, "is not cur's")
        return
    if big:
        nomad = state.active_nomad
        _check_nomad_turn(state, cur, phase)
        if nomad != EMPTY:
            _require(tile == EMPTY, "active_tile", tile, "while a nomad tile is in use")
            return
    needs_tile = phase in (PHASE_TILE_ORIGIN, PHASE_TILE_TARGET)
    _require((tile != EMPTY) == needs_tile, "active_tile", tile, f"in phase {phase}")
    # a bonus (§13.3) uses no tile, nor does the Bazaar's repeat (§14.3) use its tile
    if needs_tile and not (big and (state.bonus_active or state.bazaar_active)):
        counts = state.tile_used[cur]
        if big:  # then the Island's two tile types (§15.3): one copy, of the side in play
            island = [state.island_used[cur]] * 2
            counts = np.concatenate([counts, state.xtile_used[cur], island])
        _require(counts[tile] > 0, "tile_used", counts.tolist(), f"misses tile {tile}")
    if phase == PHASE_TILE_ORIGIN:
        _require(tile in MOVE_TILES, "active_tile", tile, "is not a move tile")
    moving = phase == PHASE_TILE_TARGET and tile in MOVE_TILES
    _require((selected != EMPTY) == moving, "selected", selected, f"in phase {phase}")
    if moving:
        _require(all_owners(state)[selected] == cur, "selected", selected, "is not cur's")
    elif (
        phase == PHASE_TILE_TARGET
        and not is_piece_tile(tile)
        and tile not in (QUARRY, TEMPLE, CATHEDRAL, SCOUT_CABIN)  # (no build from supply)
    ):
        _require(state.supply[cur] > 0, "supply", state.supply.tolist(), "is empty for a build")


def _check_nomad_turn(state: BigBoxState, cur: int, phase: int) -> None:
    """The pending fields of the nomad-tile phases (§11.1) and the Quarry (§11.2)."""
    nomad, selected = state.active_nomad, state.selected
    if phase == PHASE_SWORD:
        _require(nomad == SWORD, "active_nomad", nomad, "is not Sword in phase sword")
        victim = state.sword_next
        _require(
            0 <= victim < state.num_players and (all_owners(state) == victim).any(),
            "sword_next", victim, "is not a seat with a settlement",
        )  # fmt: skip
        if state.sword_victim_chooses:  # D24 option: the victim is the seat to act
            _require(state.cur == victim, "cur", state.cur, f"is not the victim {victim}")
    else:
        _require(state.sword_next == EMPTY, "sword_next", state.sword_next, f"in phase {phase}")
    if phase == PHASE_STEP or (phase == PHASE_TILE_ORIGIN and nomad != EMPTY):
        _require(nomad == RESETTLEMENT, "active_nomad", nomad, "is not Resettlement")
    if phase == PHASE_STEP:
        mine = selected != EMPTY and all_owners(state)[selected] == cur  # either board, §15.3
        _require(mine, "selected", selected, "")
    elif nomad == RESETTLEMENT or (phase == PHASE_TILE_TARGET and nomad != EMPTY):
        _require(selected == EMPTY, "selected", selected, "while no settlement is resettling")
    if phase == PHASE_TILE_TARGET and nomad != EMPTY:
        _require(nomad < NUM_DONATIONS, "active_nomad", nomad, "is not a Donation")
        _require(state.action_left > 0, "action_left", state.action_left, "for a Donation")
        _require(state.supply[cur] > 0, "supply", state.supply.tolist(), "is empty for a build")
    if phase not in (PHASE_SWORD, PHASE_STEP, PHASE_TILE_ORIGIN, PHASE_TILE_TARGET):
        _require(nomad == EMPTY, "active_nomad", nomad, f"in phase {phase}")


def _check_mandatory(state: State, cur: int, phase: int) -> None:
    """§5 as the engine keeps it between decisions: an unfinished mandatory action has a played
    card and settlements in supply; once started (phase mandatory) its card's terrain has an
    empty hex, and it is neither finished nor interrupted by tiles."""
    done, left, played = state.mandatory_done, state.mandatory_left, state.played
    big = isinstance(state, BigBoxState)
    total = state.mandatory_total if big else MANDATORY_SETTLEMENTS  # §13.1, §13.5
    if phase == PHASE_MANDATORY:
        _require(not done, "mandatory_done", done, "in phase mandatory")
        _require(left < total, "mandatory_left", left, "in phase mandatory")
    if done:
        if left == 0:
            _require(played != EMPTY, "played", played, "after a completed mandatory action")
        else:  # ended early: the supply ran out or no terrain card is left (§5, D11)
            early = state.supply[cur] == 0 or played == EMPTY
            _require(early, "mandatory_left", left, "after the mandatory action ended")
        return
    if phase != PHASE_MANDATORY:
        _require(left == total, "mandatory_left", left, f"in phase {phase}")
    _require(played != EMPTY, "played", played, "while the mandatory action is pending")
    _require(state.supply[cur] > 0, "mandatory_done", done, "with an empty supply")
    reacting = big and state.canoe_from != EMPTY  # a canoe may fill it; checked on return
    if phase == PHASE_MANDATORY and not reacting:  # before it starts, an extra action may
        terrain = played_terrain_of(state)  # have filled it (§5)
        open_hex = (state.terrain == terrain) & (state.owner == EMPTY) & ~warrior_blocked(state)
        if island_in_play(state):  # §15.3: the island's hexes count too
            on_island = (state.island_terrain == terrain) & (state.island_owner == EMPTY)
            open_hex = np.concatenate([open_hex, on_island])
        _require(open_hex.any(), "played", played, "has no empty hex left (§5)")


def island_in_play(state: State) -> bool:
    return isinstance(state, BigBoxState) and state.island_side != EMPTY


def all_owners(state: State) -> np.ndarray:
    """The owner of every hex number: the main board's 400, then the Island's (§15.3)."""
    if island_in_play(state):
        return np.concatenate([state.owner, state.island_owner])
    return state.owner


def all_terrain(state: State) -> np.ndarray:
    """The terrain of every hex number, as all_owners."""
    if island_in_play(state):
        return np.concatenate([state.terrain, state.island_terrain])
    return state.terrain


def all_pieces(state: BigBoxState) -> np.ndarray:
    """The piece kind (PIECE_*) on every hex number, as all_owners."""
    if island_in_play(state):
        return np.concatenate([state.piece, state.island_piece])
    return state.piece


def _check_island(state: BigBoxState, n: int) -> None:
    """The Island's fields (§15.3): blank without it; with it the side's map (the shipped
    stand-in unless a board file gave it), its location hex, and 2 tiles conserved."""
    on = bool(state.expansions[EXPANSIONS.index("island")])
    side = int(state.island_side)
    _require(on == (side != EMPTY), "island_side", side, f"with the Island {'on' if on else 'off'}")
    if side == EMPTY:
        blank = (
            not state.island_terrain.any() and (state.island_owner == EMPTY).all()
            and state.island_location == EMPTY and state.island_tiles_left == 0
        )  # fmt: skip
        blank = blank and not state.island_piece.any()
        _require(blank, "island_owner", state.island_owner.tolist(), "without the Island")
        for name in ("island_taken", "island_holding", "island_new", "island_used"):
            _require(not getattr(state, name).any(), name, getattr(state, name).tolist(), "")
        return
    terrain = state.island_terrain
    if not state.custom_board:
        want = ISLAND_TERRAIN_MAPS[side].ravel()
        bad = np.flatnonzero(terrain != want)
        _require(not bad.size, "island_terrain", bad.tolist(), "differs from the side's map")
        where = int(np.flatnonzero(ISLAND_LOCATION_MAPS[side].ravel())[0])
        _require(state.island_location == where, "island_location", state.island_location, "")
    _require(
        terrain[state.island_location] == LOCATION, "island_location", state.island_location,
        "is not a location hex",
    )  # fmt: skip
    owner, piece = state.island_owner, state.island_piece
    seat_or_wall = (owner < n) | (owner == WALL)
    _require(seat_or_wall.all(), "island_owner", owner.tolist(), f"is not a seat of {n}")
    standable = (terrain <= BUILDABLE_MAX) | (terrain == WATER) | (terrain == MOUNTAIN)
    _require(standable[owner != EMPTY].all(), "island_owner", owner.tolist(), "off terrain")
    walls = owner == WALL  # a Quarry's (§11.2) on the played terrain: buildable
    _require((terrain[walls] <= BUILDABLE_MAX).all(), "island_owner", owner.tolist(), "wall")
    # only a city hall (Crossroads) or a scout (Harvest) stands there as a piece (§15.3)
    crossroads = bool(state.expansions[EXPANSIONS.index("crossroads")])
    kinds = {0, PIECE_CITY_HALL} if crossroads else {0}
    kinds |= {PIECE_SCOUT} if harvest_in_play(state) else set()
    _require(set(piece.tolist()) <= kinds, "island_piece", piece.tolist(), "not in play")
    seats = (owner >= 0) & (owner < n)
    _require(seats[piece != 0].all(), "island_piece", piece.tolist(), "on a hex of no seat")
    taken, holding = state.island_taken, state.island_holding
    _require(state.island_tiles_left + int(taken.sum()) == 2, "island_tiles_left", 0, "")
    _require((taken >= holding).all(), "island_holding", holding.tolist(), "never taken")
    spent = state.island_new + state.island_used
    _require((spent <= holding).all(), "island_used", spent.tolist(), "exceeds the tile held")
    ring = ISLAND_NEIGHBOURS[state.island_location]
    owners = owner[ring[ring >= 0]]
    for seat in np.flatnonzero(holding[:n]):
        _require(bool((owners == seat).any()), "island_holding", holding.tolist(), "not adjacent")


def played_terrain_of(state: State) -> int:
    """The played terrain (§13.1, D31): a dual card's chosen half, else the card's terrain."""
    played = int(state.played)
    if played < DUAL_CARDS:
        return played
    return SWAMP if state.dual_swamp == 1 else played - DUAL_CARDS


def warrior_blocked(state: State) -> np.ndarray:
    """bool[400]: hexes next to a warrior (§12.2); none outside Crossroads games."""
    if not isinstance(state, BigBoxState):
        return np.zeros(NUM_HEXES, bool)
    warriors = np.flatnonzero(state.piece == PIECE_WARRIOR)
    out = np.zeros(NUM_HEXES, bool)
    ring = NEIGHBOURS[warriors].ravel()
    out[ring[ring >= 0]] = True
    return out


def check_invariants(state: State) -> None:
    """Raise AssertionError if any conservation or consistency rule is broken."""
    n = state.num_players
    big = isinstance(state, BigBoxState)
    walls = state.owner == WALL if big else np.zeros(len(state.owner), bool)
    owner = np.where(walls, EMPTY, state.owner)
    assert owner.min() >= EMPTY and owner.max() < n, "owners are seats, walls or empty"
    occupied = owner != EMPTY
    standable = (state.terrain <= BUILDABLE_MAX) | (state.terrain == WATER)
    if big:  # Donation builds on water and mountains (§11.1)
        standable |= state.terrain == MOUNTAIN
        assert (state.terrain[walls] <= BUILDABLE_MAX).all(), "walls on buildable terrain"
        placed = int(walls.sum()) + int((state.island_owner == WALL).sum()) + state.walls_left
        assert placed in (0, STONE_WALLS), f"25 stone walls conserved (found {placed})"
    assert standable[occupied].all(), "settlements only on buildable terrain or water (Harbor)"
    supply = state.supply[:n]
    assert (supply >= 0).all(), "supply never negative"
    plain = occupied & (state.piece == 0) if big else occupied  # Crossroads pieces: no supply
    on_board = np.bincount(owner[plain], minlength=n)
    if big:  # settlements on the Island (§15.3)
        island = state.island_owner
        assert ((island < n) | (island == WALL)).all(), "island owners are seats or walls"
        on_island = island[(island != EMPTY) & (island != WALL) & (state.island_piece == 0)]
        on_board = on_board + np.bincount(on_island, minlength=n)
    if big:  # settlements parked on temple tiles (§13.3) and Mayors row markers (§14.4)
        on_board = on_board + state.parked[:n]
        on_board = on_board + np.bincount(state.mayor_row[state.mayor_row != EMPTY], minlength=n)
    assert (supply + on_board == SETTLEMENTS_PER_PLAYER).all(), (
        "40 settlements per player conserved"
    )
    _check_tiles(state)
    hands = int((state.hand[:n] != EMPTY).sum()) + int(state.played != EMPTY)
    if big:
        hands += int((state.xhand[:n] != EMPTY).sum()) + int(state.fort_card != EMPTY)
    cards = state.deck_size + int(state.discard.sum()) + int(state.removed.sum()) + hands
    want = DECK_SIZE
    if big:
        cards += int(state.xdiscard.sum()) + int(state.xremoved.sum())
        want += DUAL_DECK_SIZE * int(marshlands_in_play(state))
    assert cards == want, f"{want} terrain cards conserved (found {cards})"
    assert (state.discard >= 0).all() and (state.removed >= 0).all(), "card counts never negative"
    if state.phase != PHASE_GAME_OVER:
        assert state.mask.any(), "the player to act always has a legal action"
    else:
        assert not state.mask.any(), "no legal action once the game is over"


def _check_tiles(state: State) -> None:
    """Tile conservation and holding rules, vectorised over slots and players. A settlement in
    the middle of a Resettlement may have left a tile's hex: D51 judges it where it stops."""
    n = state.num_players
    big = isinstance(state, BigBoxState)
    used_slots = state.slot_hex != EMPTY
    hexes = state.slot_hex[used_slots]
    taken = state.ever_taken[:n, used_slots]
    holding = state.holding[:n, used_slots].astype(bool)
    tiles_left = state.tiles_left[used_slots]
    assert (tiles_left >= 0).all() and (tiles_left + taken.sum(axis=0) == 2).all(), (
        "2 tiles per location hex"
    )
    assert (taken[holding] == 1).all(), "a held tile was taken from its hex"
    neighbours = NEIGHBOURS[hexes]  # [slots, 6]
    owners = np.where(neighbours >= 0, state.owner[neighbours], EMPTY)
    adjacent = (owners[None, :, :] == np.arange(n)[:, None, None]).any(axis=2)  # [players, slots]
    if big and state.phase == PHASE_STEP:
        adjacent[state.cur] = True
    assert not (holding & ~adjacent).any(), "tiles held only while adjacent (§7.3)"
    num_types = len(_TILES_PER_TYPE) if big else state.tile_new.shape[1]
    types = np.eye(num_types, dtype=np.int64)[state.slot_type[used_slots]]  # [slots, types]
    held = holding.astype(np.int64) @ types
    new, used = state.tile_new[:n], state.tile_used[:n]
    if big:
        new = np.concatenate([new, state.xtile_new[:n]], axis=1)
        used = np.concatenate([used, state.xtile_used[:n]], axis=1)
    assert (new >= 0).all() and (used >= 0).all() and (held - new - used >= 0).all(), (
        "tile copies never negative"
    )
