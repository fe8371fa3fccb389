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
from eurogym.envs.kingdom_builder.kernels import BARN, HARBOR, PADDOCK
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    MANDATORY_SETTLEMENTS,
    PHASE_GAME_OVER,
    PHASE_MANDATORY,
    PHASE_TILE_ORIGIN,
    PHASE_TILE_TARGET,
    State,
)
from eurogym.envs.kingdom_builder.tables import (
    BUILDABLE_MAX,
    DECK_COUNTS,
    DECK_SIZE,
    NEIGHBOURS,
    NUM_CARD_TERRAINS,
    NUM_TILE_TYPES,
    SECTION_TERRAIN,
    SETTLEMENTS_PER_PLAYER,
    TILE_NAMES,
    TILES_PER_HEX,
    WATER,
)

MOVE_TILES = (BARN, HARBOR, PADDOCK)
_TILES_PER_TYPE = np.array([TILES_PER_HEX[name] for name in TILE_NAMES], np.int64)
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
    dealt = State(state.buf.copy())
    assemble_board(dealt.buf, SECTION_TERRAIN)
    place_location_tiles(dealt.buf, _TILES_PER_TYPE)
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


def _check_seats(state: State, n: int) -> None:
    """Owners are seats, seats beyond num_players hold nothing, this-turn tile counts belong
    to the player to act, and the end is triggered exactly when a supply is empty (§9)."""
    owner = state.owner
    _require(int(owner.max()) < n, f"owner[{int(owner.argmax())}]", owner.max(), "is not a seat")
    _require(state.cur < n, "cur", state.cur, f"is not a seat (num_players {n})")
    for name in ("supply", "ever_taken", "holding", "tile_new", "tile_used"):
        values = getattr(state, name)[n:]
        _require(not values.any(), name, values.tolist(), "is not 0 for a seat not in the game")
    _require((state.hand[n:] == EMPTY).all(), "hand", state.hand.tolist(), "for an unused seat")
    others = np.arange(len(state.tile_new)) != state.cur
    if state.phase == PHASE_GAME_OVER:
        others[:] = True
    for name in ("tile_new", "tile_used"):
        values = getattr(state, name)
        _require(not values[others].any(), name, values.tolist(), "counts another seat's turn")
    emptied = bool((state.supply[:n] == 0).any())
    _require(
        state.end_triggered == emptied,
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
    if state.phase != PHASE_GAME_OVER:
        hand = state.hand.tolist()
        _require(hand[state.cur] == EMPTY, "hand", hand, "has a card of the player to act")
    held = np.concatenate([deck[:size], state.hand[:n], [state.played]])
    counts = np.bincount(held[held != EMPTY], minlength=NUM_CARD_TERRAINS)
    counts += state.discard + state.removed
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
    cur, phase, tile, selected = state.cur, state.phase, state.active_tile, state.selected
    _require(
        cur == (state.start_player + state.turn - 1) % n,
        "cur",
        cur,
        f"is not the seat of turn {state.turn} (start_player {state.start_player})",
    )
    placed = n * SETTLEMENTS_PER_PLAYER - int(state.supply[:n].sum())
    _require(
        state.turn <= placed + (placed + 2) * n,
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
    needs_tile = phase in (PHASE_TILE_ORIGIN, PHASE_TILE_TARGET)
    _require((tile != EMPTY) == needs_tile, "active_tile", tile, f"in phase {phase}")
    if needs_tile:
        used = state.tile_used[cur, tile]
        _require(used > 0, "tile_used", state.tile_used[cur].tolist(), f"misses tile {tile}")
    if phase == PHASE_TILE_ORIGIN:
        _require(tile in MOVE_TILES, "active_tile", tile, "is not a move tile")
    moving = phase == PHASE_TILE_TARGET and tile in MOVE_TILES
    _require((selected != EMPTY) == moving, "selected", selected, f"in phase {phase}")
    if moving:
        _require(state.owner[selected] == cur, "selected", selected, "is not a settlement of cur")
    elif phase == PHASE_TILE_TARGET:
        _require(state.supply[cur] > 0, "supply", state.supply.tolist(), "is empty for a build")


def _check_mandatory(state: State, cur: int, phase: int) -> None:
    """§5 as the engine keeps it between decisions: an unfinished mandatory action has a played
    card with an empty hex of its terrain and settlements in supply; once started (phase
    mandatory) it is neither finished nor interrupted by tiles."""
    done, left, played = state.mandatory_done, state.mandatory_left, state.played
    if phase == PHASE_MANDATORY:
        _require(not done, "mandatory_done", done, "in phase mandatory")
        _require(left < MANDATORY_SETTLEMENTS, "mandatory_left", left, "in phase mandatory")
    if done:
        if left == 0:
            _require(played != EMPTY, "played", played, "after a completed mandatory action")
        else:  # ended early: the supply ran out or no terrain card is left (§5, D11)
            early = state.supply[cur] == 0 or played == EMPTY
            _require(early, "mandatory_left", left, "after the mandatory action ended")
        return
    if phase != PHASE_MANDATORY:
        _require(left == MANDATORY_SETTLEMENTS, "mandatory_left", left, f"in phase {phase}")
    _require(played != EMPTY, "played", played, "while the mandatory action is pending")
    _require(state.supply[cur] > 0, "mandatory_done", done, "with an empty supply")
    open_hex = (state.terrain == played) & (state.owner == EMPTY)
    _require(open_hex.any(), "played", played, "has no empty hex left (§5)")


def check_invariants(state: State) -> None:
    """Raise AssertionError if any conservation or consistency rule is broken."""
    n = state.num_players
    owner = state.owner
    assert owner.min() >= EMPTY and owner.max() < n, "owners are seats or empty"
    occupied = owner != EMPTY
    standable = (state.terrain <= BUILDABLE_MAX) | (state.terrain == WATER)
    assert standable[occupied].all(), "settlements only on buildable terrain or water (Harbor)"
    supply = state.supply[:n]
    assert (supply >= 0).all(), "supply never negative"
    on_board = np.bincount(owner[occupied], minlength=n)
    assert (supply + on_board == SETTLEMENTS_PER_PLAYER).all(), (
        "40 settlements per player conserved"
    )
    _check_tiles(state)
    hands = int((state.hand[:n] != EMPTY).sum()) + int(state.played != EMPTY)
    cards = state.deck_size + int(state.discard.sum()) + int(state.removed.sum()) + hands
    assert cards == DECK_SIZE, f"25 terrain cards conserved (found {cards})"
    assert (state.discard >= 0).all() and (state.removed >= 0).all(), "card counts never negative"
    if state.phase != PHASE_GAME_OVER:
        assert state.mask.any(), "the player to act always has a legal action"
    else:
        assert not state.mask.any(), "no legal action once the game is over"


def _check_tiles(state: State) -> None:
    """Tile conservation and holding rules, vectorised over slots and players."""
    n = state.num_players
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
    assert not (holding & ~adjacent).any(), "tiles held only while adjacent (§7.3)"
    types = np.eye(NUM_TILE_TYPES, dtype=np.int64)[state.slot_type[used_slots]]  # [slots, types]
    held = holding.astype(np.int64) @ types
    new, used = state.tile_new[:n], state.tile_used[:n]
    assert (new >= 0).all() and (used >= 0).all() and (held - new - used >= 0).all(), (
        "tile copies never negative"
    )
