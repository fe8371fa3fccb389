"""Scenario helpers for the Kingdom Builder rule tests: a game on a fixed board (optionally
with terrain drawn in ASCII), hand-placed settlements and tiles, a chosen played card, a
stacked deck, and readable views of the legal-action mask.

ASCII boards: one string per row, terrain letters from §1.2 (G C D F T W M K L ...); spaces
are ignored, so odd rows can be drawn indented half a hex as on the real board (odd-r, §2.1).
'.' and everything beyond the given rows/columns is the `fill` terrain. Example (rows 0-3):

    G G W G .        row 0
     G M G W .       row 1 (odd: shifted right)
    D D K D .        row 2
     . . . . .       row 3
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from eurogym.envs.kingdom_builder import kernels, rules
from eurogym.envs.kingdom_builder.actions import END_TURN, NOMAD_ACTIONS
from eurogym.envs.kingdom_builder.actions import tile_action as _tile_action
from eurogym.envs.kingdom_builder.config import make_config
from eurogym.envs.kingdom_builder.state import EMPTY, PHASE_MAIN, BigBoxState, State
from eurogym.envs.kingdom_builder.tables import (
    ALL_TILE_NAMES,
    COLS,
    DECK_SIZE,
    HEX_SECTION,
    LOCATION,
    NEIGHBOURS,
    NOMAD_KINDS,
    NOMAD_SPACE,
    NUM_HEXES,
    ROWS,
    TERRAIN_CODES,
    TERRAIN_LETTERS,
    TILE_NAMES,
    TILES_PER_HEX,
)

BASE_SECTIONS = ("tavern", "paddock", "oasis", "farm")  # §3.1 suggested first game
DEFAULT_CARDS = ("fishermen", "knights", "merchants")

Hex = int | tuple[int, int]


def hx(row: int, col: int) -> int:
    """Hex id of (row, col): row * 20 + col."""
    assert 0 <= row < ROWS and 0 <= col < COLS, (row, col)
    return row * COLS + col


def as_hex(h: Hex) -> int:
    return hx(*h) if isinstance(h, tuple) else int(h)


def code(terrain: str | int) -> int:
    """Terrain code from a letter ('G') or a code (0)."""
    return TERRAIN_CODES[terrain] if isinstance(terrain, str) else int(terrain)


def tile_action(tile: str) -> int:
    """The action that starts using location tile `tile` (actions.py: 400 + type, Nomads
    tiles 409 + type - 8)."""
    return _tile_action(ALL_TILE_NAMES.index(tile))


def nomad_action(kind: str) -> int:
    """The action that uses nomad tile `kind` (e.g. 'sword', 'donation_water')."""
    return NOMAD_ACTIONS + NOMAD_KINDS.index(kind)


def parse_board(rows: str | Sequence[str], fill: str = "M") -> np.ndarray:
    """int64[400] terrain from ASCII rows (see the module docstring)."""
    if isinstance(rows, str):
        rows = [line for line in rows.strip("\n").splitlines()]
    if len(rows) > ROWS:
        raise ValueError(f"{len(rows)} rows drawn, the board has {ROWS}")
    board = np.full((ROWS, COLS), code(fill), np.int64)
    for r, line in enumerate(rows):
        letters = "".join(line.split())
        if len(letters) > COLS:
            raise ValueError(f"row {r} has {len(letters)} hexes: {line!r}")
        for c, ch in enumerate(letters):
            if ch != ".":
                board[r, c] = code(ch)
    return board.ravel()


def blank_game(
    num_players: int = 2,
    terrain_rows: str | Sequence[str] | None = None,
    *,
    fill: str = "M",
    locations: dict[Hex, str] | None = None,
    cards: Sequence[str] = DEFAULT_CARDS,
    played: str | int | None = None,
    start_player: int = 0,
    lords_zero_can_be_second: bool = True,
    seed: int = 0,
    expansions: Sequence[str] = (),
    nomads: dict[Hex, str | None] | None = None,
) -> State:
    """A fresh game on the fixed board Tavern/Paddock/Oasis/Farm, no rotation (§3.1), the
    start player to act in phase main with nothing built yet.

    Args:
        terrain_rows: if given, replaces the whole terrain by this ASCII board (rest = `fill`);
            every 'L' hex becomes a location slot with 2 tiles, of the type named in
            `locations` (keys: hex ids or (row, col)), else of its quadrant's section.
        played: terrain letter/code of the start player's played card (default: as dealt).
        expansions: e.g. ("nomads",): a BigBoxState; then every 'N' hex of `terrain_rows`
            is a nomad space holding the tile kind `nomads` names for it (None: empty).
    """
    config = make_config(
        num_players,
        expansions=tuple(expansions),
        sections=BASE_SECTIONS,
        rotations=(0, 0, 0, 0),
        cards=tuple(cards),
        start_player=start_player,
        lords_zero_can_be_second=lords_zero_can_be_second,
    )
    state = rules.new_game(config, seed)
    if terrain_rows is not None:
        state.terrain[:] = parse_board(terrain_rows, fill)
        _rebuild_slots(state, {as_hex(h): t for h, t in (locations or {}).items()})
        if isinstance(state, BigBoxState):
            _rebuild_nomads(state, {as_hex(h): k for h, k in (nomads or {}).items()})
            state.capital_hex[:] = EMPTY  # a drawn board has no capital or cave until a
            state.cave_hex[:] = EMPTY  # test puts one there
    if played is not None:
        set_played(state, played)
    refresh(state)
    return state


def _rebuild_slots(state: State, types: dict[int, str]) -> None:
    """Location slots in board order for every 'L' hex (as deal.place_location_tiles)."""
    state.slot_of_hex[:] = EMPTY
    state.slot_hex[:] = EMPTY
    state.slot_type[:] = EMPTY
    state.tiles_left[:] = 0
    state.ever_taken[:] = 0
    state.holding[:] = 0
    state.tile_new[:] = 0
    state.tile_used[:] = 0
    if isinstance(state, BigBoxState):
        state.xtile_new[:] = 0
        state.xtile_used[:] = 0
    location_hexes = np.flatnonzero(state.terrain == LOCATION)
    if len(location_hexes) > len(state.slot_hex):
        raise ValueError(
            f"at most {len(state.slot_hex)} location hexes, drew {len(location_hexes)}"
        )
    for slot, h in enumerate(location_hexes):
        name = types.get(int(h), BASE_SECTIONS[HEX_SECTION[h]])
        state.slot_of_hex[h] = slot
        state.slot_hex[slot] = h
        state.slot_type[slot] = ALL_TILE_NAMES.index(name)
        state.tiles_left[slot] = TILES_PER_HEX[name]
    unknown = {h for h in types if state.terrain[h] != LOCATION}
    if unknown:
        raise ValueError(f"locations given for non-'L' hexes {sorted(unknown)}")


def _rebuild_nomads(state: BigBoxState, kinds: dict[int, str | None]) -> None:
    """Nomad spaces in board order for every 'N' hex (as nomads.deal_nomads)."""
    state.nomad_hex[:] = EMPTY
    state.nomad_tile[:] = EMPTY
    for j, h in enumerate(np.flatnonzero(state.terrain == NOMAD_SPACE)):
        state.nomad_hex[j] = h
        kind = kinds.get(int(h))
        state.nomad_tile[j] = EMPTY if kind is None else NOMAD_KINDS.index(kind)
    unknown = {h for h in kinds if state.terrain[h] != NOMAD_SPACE}
    if unknown:
        raise ValueError(f"nomad tiles given for non-'N' hexes {sorted(unknown)}")


def give_nomad(state: BigBoxState, player: int, kind: str, *, ready: bool = True) -> None:
    """The player holds a nomad tile, usable this turn (`ready`) or taken this turn."""
    field = state.nomad_ready if ready else state.nomad_new
    field[player, NOMAD_KINDS.index(kind)] += 1
    refresh(state)


def refresh(state: State) -> State:
    """Recompute the mask after editing a state by hand."""
    kernels.compute_mask(state.buf, NEIGHBOURS, state.mask)
    return state


def place(state: State, player: int, *hexes: Hex) -> None:
    """Put settlements of `player` from supply on empty hexes (no tiles taken, no checks of
    terrain: scenario set-up only). Refreshes the mask."""
    for h in map(as_hex, hexes):
        assert state.owner[h] == EMPTY, f"hex {divmod(h, COLS)} is occupied"
        state.owner[h] = player
        state.supply[player] -= 1
    refresh(state)


def _swap_card(state: State, new: int, old: int) -> None:
    """Card `new` leaves the deck (or the discard pile) and `old`, if any, goes back there,
    so the 25 terrain cards stay conserved when a test picks a card."""
    if new == old:
        return
    deck = [int(c) for c in state.deck[: state.deck_size]]
    if new in deck:
        i = len(deck) - 1 - deck[::-1].index(new)
        if old == EMPTY:
            del deck[i]
        else:
            deck[i] = old
        state.deck[:] = EMPTY
        state.deck[: len(deck)] = deck
        state.set("deck_size", len(deck))
    elif state.discard[new] > 0:
        state.discard[new] -= 1
        if old != EMPTY:
            state.discard[old] += 1


def set_played(state: State, terrain: str | int) -> None:
    """The player to act has just revealed `terrain`: phase main, 3 settlements to build."""
    _swap_card(state, code(terrain), state.played)
    state.set("played", code(terrain))
    state.set("phase", PHASE_MAIN)
    state.set("mandatory_left", kernels.MANDATORY_SETTLEMENTS)
    state.set("mandatory_done", 0)
    state.set("active_tile", EMPTY)
    state.set("selected", EMPTY)
    refresh(state)


def set_supply(state: State, player: int, count: int) -> None:
    state.supply[player] = count
    refresh(state)


def set_hand(state: State, player: int, terrain: str | int) -> None:
    """The hidden card `player` will reveal on their next turn."""
    _swap_card(state, code(terrain), int(state.hand[player]))
    state.hand[player] = code(terrain)


def stack_deck(state: State, cards: Iterable[str | int]) -> None:
    """Put these terrain cards on top of the draw pile, cards[0] drawn first. Each card is
    taken out of the rest of the deck (or the discard pile) so the 25 cards are conserved
    whenever possible."""
    wanted = [code(c) for c in cards]
    rest = [int(c) for c in state.deck[: state.deck_size]]
    for card in wanted:
        if card in rest:
            rest.remove(card)
        elif state.discard[card] > 0:
            state.discard[card] -= 1
    deck = rest + wanted[::-1]
    if len(deck) > DECK_SIZE:
        raise ValueError(f"deck would hold {len(deck)} cards")
    state.deck[:] = EMPTY
    state.deck[: len(deck)] = deck
    state.set("deck_size", len(deck))


def give_tile(state: State, player: int, location_hex: Hex, *, new: bool = False) -> None:
    """The player holds one tile from this location hex (taken on an earlier turn unless
    `new`), as §7.2 would have given it."""
    h = as_hex(location_hex)
    slot = int(state.slot_of_hex[h])
    assert slot != EMPTY, f"{divmod(h, COLS)} is not a location hex"
    assert state.tiles_left[slot] > 0 and not state.ever_taken[player, slot]
    state.tiles_left[slot] -= 1
    state.ever_taken[player, slot] = 1
    state.holding[player, slot] = 1
    if new:
        tile = int(state.slot_type[slot])
        if tile < len(TILE_NAMES):
            state.tile_new[player, tile] += 1
        else:
            state.xtile_new[player, tile - len(TILE_NAMES)] += 1
    refresh(state)


def act(state: State, *actions: int | tuple[int, int]) -> None:
    """Apply decisions through the checked engine step (hexes may be (row, col))."""
    for a in actions:
        rules.apply_action(state, as_hex(a))


def hexes(mask: np.ndarray) -> set[int]:
    """Hex ids marked in a mask or target array (the first 400 entries)."""
    return {int(h) for h in np.flatnonzero(np.asarray(mask)[:NUM_HEXES])}


def legal_hexes(state: State) -> set[int]:
    return hexes(state.mask)


def legal_tiles(state: State) -> set[str]:
    """Location tiles the player to act may use now (base and, in Big Box games, Nomads)."""
    count = len(ALL_TILE_NAMES) if isinstance(state, BigBoxState) else len(TILE_NAMES)
    return {ALL_TILE_NAMES[t] for t in range(count) if state.mask[_tile_action(t)]}


def legal_nomads(state: State) -> set[str]:
    """Nomad tiles the player to act may use now."""
    return {k for k in NOMAD_KINDS if state.mask[nomad_action(k)]}


def can_end_turn(state: State) -> bool:
    return bool(state.mask[END_TURN])


def cells(*pairs: tuple[int, int]) -> set[int]:
    """Hex ids of (row, col) pairs, for readable expected sets."""
    return {hx(r, c) for r, c in pairs}


def finish_turn(state: State) -> None:
    """Finish the current player's turn by the simplest legal choices: end the turn if
    allowed, else build on the lowest legal hex (never uses tiles)."""
    player, turn = state.cur, state.turn
    while state.cur == player and state.turn == turn and not rules.is_over(state):
        if can_end_turn(state):
            rules.apply_action(state, END_TURN)
        else:
            rules.apply_action(state, min(legal_hexes(state)))


def kernel_targets(state: State, player: int, tile: str, origin: Hex = EMPTY) -> set[int]:
    """Destinations of a location action for `player`, from the engine kernel."""
    out = np.zeros(NUM_HEXES, np.int8)
    tile_type = ALL_TILE_NAMES.index(tile)
    kernels.tile_targets(state.buf, NEIGHBOURS, player, tile_type, as_hex(origin), out)
    return hexes(out)


def show(state: State) -> str:
    """ASCII board for assertion messages: terrain letters, settlements as player digits."""
    lines = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            h = hx(r, c)
            owner = state.owner[h]
            if owner == state.LAYOUT.bounds["owner"][1] and isinstance(state, BigBoxState):
                row.append("#")  # a stone wall
            else:
                row.append(str(owner) if owner != EMPTY else TERRAIN_LETTERS[state.terrain[h]])
        lines.append((" " if r % 2 else "") + " ".join(row))
    return "\n".join(lines)
