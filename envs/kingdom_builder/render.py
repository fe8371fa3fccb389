"""Kingdom Builder views: the text view (`render_ansi`), the log lines of what happened on its own
between two states (`describe_changes`), and the image (`render_rgb`, in render_image.py).

The text view fits in 120 columns: the board (with row and column numbers) and, beside it, a
legend of every symbol and the three Kingdom Builder cards in play; below, the decision the game
waits for and who makes it, the terrain cards, and one row per player (supply, card in hand,
gold per card and castles, tiles). `viewer=None` shows every hand (replays, debugging);
`viewer=k` shows only seat k's own card, as that seat sees the game (encoders.kingdom_builder).
The deck order is never shown.
"""

from __future__ import annotations

import textwrap

import numpy as np

from eurogym.envs.core.render import PLAYER_COLOURS, PLAYER_GLYPHS, ansi_colour
from eurogym.envs.kingdom_builder.actions import ISLAND_HEX_ACTIONS
from eurogym.envs.kingdom_builder.render_image import HEX_SIZE, TERRAIN_COLOURS, render_rgb
from eurogym.envs.kingdom_builder.rules import score_table
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    MAX_NOMAD_SPACES,
    PHASE_CANOE,
    PHASE_CHOOSE_CARD,
    PHASE_CHOOSE_DUAL,
    PHASE_GAME_OVER,
    PHASE_SILO,
    PIECE_NAMES,
    WALL,
    BigBoxState,
    State,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    ALL_TILE_NAMES,
    BUILDABLE_MAX,
    COLS,
    EXPANSIONS,
    ISLAND_COLS,
    ISLAND_HEXES,
    ISLAND_ROWS,
    ISLAND_TILE_NAMES,
    LOCATION,
    NEIGHBOURS,
    NOMAD_KINDS,
    NOMAD_SPACE,
    NUM_HEXES,
    PALACE,
    ROWS,
    SILO,
    TASK_GOLD,
    TASK_NAMES,
    TERRAIN_LETTERS,
    WATER,
)
from eurogym.envs.kingdom_builder.words import (
    BONUS_SUMMARIES,
    CARD_SUMMARIES,
    NOMAD_LETTERS,
    TASK_SUMMARIES,
    TILE_LETTERS,
    TILE_SUMMARIES,
    card_word,
    decision,
    hex_name,
    nomad_name,
    nomad_summary,
    played_terrain,
    player_name,
    terrain_word,
    tile_name,
    title,
)

__all__ = [
    "HEX_SIZE",
    "TERRAIN_COLOURS",
    "WIDTH",
    "describe_changes",
    "render_ansi",
    "render_rgb",
    "terrain_glyph",
]

WIDTH = 120  # the text view never uses more columns
WALL_GLYPH = "#"  # a stone wall (Nomads Quarry, §11.2) fills its cell
CAVE_GLYPH = "@"  # a cave (Queenie Caves, §15.2): a mountain with a cave
CAPITAL_MARK = "^"  # second character of a castle holding a capital (Queenie Capital, §15.1)
PALACE_GLYPH = "&"  # a palace (Marshlands, §13.2): 'P' is the Paddock's tile letter
SILO_GLYPH = "="  # a silo (Harvest, §14.2): 'O' is the Oracle's tile letter
BOARD_WIDTH = 3 + 1 + 2 * COLS  # row label, odd-row indent, 20 cells of 2 characters
PANEL_START = BOARD_WIDTH + 3  # column where the legend beside the board begins
LEGAL_MARK = "+"  # second character of a cell the current decision may choose
MOVING_MARK = "*"  # second character of the settlement being moved
# Second character of a Crossroads piece (§12.1) after its owner's digit: city hall, wagon,
# ship, warrior, and Harvest's scout (§14.3); uppercase when the current decision may choose
# it (take it back).
PIECE_MARKS = " hwsxo"
BLOCKED_MARK = "!"  # second character of an empty hex next to a warrior (§12.2)


def terrain_glyph(code: int) -> str:
    """One character per terrain: lowercase for buildable terrain, so the hexes a settlement
    can go on stand apart from water ('~'), mountains, castles and locations (uppercase)."""
    if code == WATER:
        return "~"
    if code == PALACE:
        return PALACE_GLYPH
    if code == SILO:
        return SILO_GLYPH
    letter = TERRAIN_LETTERS[code]
    return letter.lower() if code <= BUILDABLE_MAX else letter


def render_ansi(state: State, viewer: int | None = None, *, colour: bool = False) -> str:
    """The game as text, at most 120 columns wide.

    Board cells are 2 characters: a settlement's player digit, or the terrain glyph; a location
    hex shows its tile letter and the tiles left on it; a second character '+' marks a hex (or
    settlement) the current decision may choose, '*' the settlement being moved.

    Args:
        state: the game.
        viewer: None shows every player's terrain card; a seat number hides the other seats'
            cards ('?'), as that seat sees the game.
        colour: wrap settlement digits in 24-bit ANSI colour escapes (off by default so logs
            and tests see plain text).
    """
    board = _board_lines(state, colour)
    panel = _panel_lines(state)
    lines = [_header(state, viewer), ""]
    for i in range(max(len(board), len(panel))):
        left = board[i] if i < len(board) else ""
        right = panel[i] if i < len(panel) else ""
        pad = PANEL_START + len(left) - _visible_len(left)
        lines.append((left.ljust(pad) + right).rstrip() if right else left)
    lines.append("")
    lines.extend(_wrap("DECISION  " + decision(state), 10))
    lines.extend(_wrap(_cards_line(state), 7))
    if state.phase == PHASE_SILO:
        lines.append("END  the last turn is over: the silos, then the final scores (§14.2)")
    elif state.end_triggered and state.phase != PHASE_GAME_OVER:
        lines.extend(_wrap(_end_line(state), 4))
    lines.append("")
    lines.extend(_players(state, viewer))
    if state.phase == PHASE_GAME_OVER:
        lines.extend(_wrap(_result_line(state), 7))
    return "\n".join(lines)


def _visible_len(text: str) -> int:
    """Length without ANSI colour escapes."""
    count, i = 0, 0
    while i < len(text):
        if text[i] == "\x1b":
            i = text.index("m", i) + 1
            continue
        count, i = count + 1, i + 1
    return count


def _wrap(text: str, indent: int) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False)


def _header(state: State, viewer: int | None) -> str:
    seen = "all cards shown" if viewer is None else f"seen by {player_name(viewer)}"
    return f"KINGDOM BUILDER  {state.num_players} players, turn {state.turn}, {seen}"


def _board_lines(state: State, colour: bool) -> list[str]:
    """Two header lines with the column numbers (tens, then units), then the 20 board rows."""
    offset = " " * 4
    tens = offset + "".join(f"{c // 10 if c >= 10 else ' '} " for c in range(COLS))
    units = offset + "".join(f"{c % 10} " for c in range(COLS))
    legal = _legal_hexes(state)
    rows = []
    for row in range(ROWS):
        cells = [_cell(state, row * COLS + col, legal, colour) for col in range(COLS)]
        rows.append(f"{row:2d} {' ' if row & 1 else ''}{''.join(cells)}".rstrip())
    lines = ["BOARD (row, col)", tens.rstrip(), units.rstrip(), *rows]
    if isinstance(state, BigBoxState) and state.island_side != EMPTY:
        lines.extend(_island_lines(state, colour))
    return lines


def _island_lines(state: BigBoxState, colour: bool) -> list[str]:
    """The Island (§15.3) under the board: its own 5 rows of 10, not joined to the board."""
    legal = np.zeros(ISLAND_HEXES, bool)
    if state.phase != PHASE_GAME_OVER:
        legal = state.mask[ISLAND_HEX_ACTIONS : ISLAND_HEX_ACTIONS + ISLAND_HEXES].astype(bool)
    lines = ["", "ISLAND (island row, col; not joined to the board)"]
    lines.append(" " * 4 + "".join(f"{c} " for c in range(ISLAND_COLS)).rstrip())
    for row in range(ISLAND_ROWS):
        cells = []
        for col in range(ISLAND_COLS):
            i = row * ISLAND_COLS + col
            mark = LEGAL_MARK if legal[i] else " "
            owner = int(state.island_owner[i])
            terrain = int(state.island_terrain[i])
            piece = int(state.island_piece[i])  # a city hall or scout (§12.3, §14.3)
            if owner == WALL:
                cells.append(WALL_GLYPH * 2)
            elif owner != EMPTY:
                glyph = PLAYER_GLYPHS[owner]
                mark = MOVING_MARK if NUM_HEXES + i == state.selected else mark
                if piece:
                    mark = PIECE_MARKS[piece].upper() if legal[i] else PIECE_MARKS[piece]
                cells.append(
                    (ansi_colour(glyph, PLAYER_COLOURS[owner]) if colour else glyph) + mark
                )
            elif i == state.island_location:
                name = ISLAND_TILE_NAMES[state.island_side]
                cells.append(TILE_LETTERS[name] + str(int(state.island_tiles_left)))
            else:
                cells.append(terrain_glyph(terrain) + mark)
        lines.append(f"{row:2d} {' ' if row & 1 else ''}{''.join(cells)}".rstrip())
    return lines


def _legal_hexes(state: State) -> np.ndarray:
    """bool[400]: hexes the current decision may choose (none once the game is over)."""
    if state.phase == PHASE_GAME_OVER:
        return np.zeros(NUM_HEXES, bool)
    return state.mask[:NUM_HEXES].astype(bool)


def _cell(state: State, hex_id: int, legal: np.ndarray, colour: bool) -> str:
    mark = LEGAL_MARK if legal[hex_id] else " "
    owner = int(state.owner[hex_id])
    if owner == WALL and isinstance(state, BigBoxState):
        return WALL_GLYPH * 2
    big = isinstance(state, BigBoxState)
    if owner != EMPTY and big and state.piece[hex_id]:
        glyph = PLAYER_GLYPHS[owner]
        piece = PIECE_MARKS[state.piece[hex_id]]
        mark = piece.upper() if legal[hex_id] else piece
        return (ansi_colour(glyph, PLAYER_COLOURS[owner]) if colour else glyph) + mark
    if owner != EMPTY:
        glyph = PLAYER_GLYPHS[owner]
        mark = MOVING_MARK if hex_id == state.selected else mark
        return (ansi_colour(glyph, PLAYER_COLOURS[owner]) if colour else glyph) + mark
    terrain = int(state.terrain[hex_id])
    slot = int(state.slot_of_hex[hex_id])
    if terrain == LOCATION and slot != EMPTY:
        letter = TILE_LETTERS[ALL_TILE_NAMES[state.slot_type[slot]]]
        return letter + str(int(state.tiles_left[slot]))
    if isinstance(state, BigBoxState):
        if terrain == NOMAD_SPACE:
            return "N" + _nomad_letter(state, hex_id)
        if hex_id in state.capital_hex:
            return terrain_glyph(terrain) + CAPITAL_MARK
        if hex_id in state.cave_hex:
            return CAVE_GLYPH + mark
        if mark == " " and _next_to_warrior(state, hex_id):
            mark = BLOCKED_MARK
    return terrain_glyph(terrain) + mark


def _next_to_warrior(state: BigBoxState, hex_id: int) -> bool:
    ring = NEIGHBOURS[hex_id]
    return bool((state.piece[ring[ring >= 0]] == PIECE_NAMES.index("warrior")).any())


def _nomad_letter(state: BigBoxState, hex_id: int) -> str:
    """The tile lying on a nomad space, or ' ' once it was taken."""
    for j in range(MAX_NOMAD_SPACES):
        if state.nomad_hex[j] == hex_id and state.nomad_tile[j] != EMPTY:
            return NOMAD_LETTERS[NOMAD_KINDS[state.nomad_tile[j]]]
    return " "


def _panel_lines(state: State) -> list[str]:
    """The legend of every board symbol and the Kingdom Builder cards, beside the board."""
    width = WIDTH - PANEL_START
    # Every fixed legend line below is shorter than `width`; only card lines need wrapping.
    present = sorted(set(state.terrain.tolist()) - {LOCATION, NOMAD_SPACE})
    buildable = [t for t in present if t <= BUILDABLE_MAX]
    other = [t for t in present if t > BUILDABLE_MAX]
    last = PLAYER_GLYPHS[state.num_players - 1]
    terrains = "  ".join(f"{terrain_glyph(t)} {terrain_word(t)}" for t in buildable)
    lines = [
        "LEGEND",
        *textwrap.wrap(terrains + " (buildable)", width),  # 7 with Marshlands and Harvest
        "  ".join(f"{terrain_glyph(t)} {terrain_word(t)}" for t in other),
        "Castles K pay 3 gold each to every player next to them",
        f"0-{last} settlements of players 0-{last}",
        f"{LEGAL_MARK} after a glyph: can be chosen now; {MOVING_MARK}: settlement being moved",
        "Location hexes: letter + tiles left. Build next to one",
        "to take a tile; use each tile you hold once per turn:",
    ]
    types = sorted({int(t) for t in state.slot_type if t != EMPTY})
    for t in types:
        name = ALL_TILE_NAMES[t]
        label = f"{title(name):8s}" if len(name) < 8 else title(name) + " "
        text = f" {TILE_LETTERS[name]} {label}{TILE_SUMMARIES[name]}"
        lines.extend(textwrap.wrap(text, width, subsequent_indent=" " * 11))
    if isinstance(state, BigBoxState) and state.island_side != EMPTY:  # §15.3
        name = ISLAND_TILE_NAMES[state.island_side]
        text = (
            "Island (below the board): reached only when no hex next to yours fits a "
            f"build or move; {TILE_LETTERS[name]} {title(name)}: {TILE_SUMMARIES[name]}"
        )
        lines.extend(textwrap.wrap(text, width, subsequent_indent=" "))
    if isinstance(state, BigBoxState):
        lines.extend(_nomad_legend(state))
        lines.extend(_crossroads_legend(state))
        lines.extend(_marshlands_legend(state))
        lines.extend(_harvest_legend(state))
    lines.append("KINGDOM BUILDER CARDS (gold at the end)")
    for card in state.cards:
        name = ALL_CARD_NAMES[card]
        text = f" {title(name):12s}{CARD_SUMMARIES[name]}"
        lines.extend(textwrap.wrap(text, width, subsequent_indent=" " * 13))
    return lines


def _nomad_legend(state: BigBoxState) -> list[str]:
    """Nomad spaces and the tiles on them, and stone walls (§11), when the board has them."""
    lines = []
    kinds = sorted({int(k) for k in state.nomad_tile if k != EMPTY})
    if (state.terrain == NOMAD_SPACE).any():
        lines.append("N + letter: nomad space and its tile (taken by building")
        lines.append("next to it; usable on your next turn only):")
        for k in kinds:
            lines.append(f" N{NOMAD_LETTERS[NOMAD_KINDS[k]]} {nomad_name(k)}: {nomad_summary(k)}")
    if state.walls_left or (state.owner == WALL).any():
        lines.append(f"{WALL_GLYPH * 2} stone wall (blocks the hex); {state.walls_left} walls left")
    if (state.capital_hex != EMPTY).any():
        lines.append(f"K{CAPITAL_MARK} capital: 1 gold per settlement within 2 hexes")
    if (state.cave_hex != EMPTY).any():
        lines.append(f"{CAVE_GLYPH} cave (a mountain): once a turn move one of yours")
        lines.append("  next to a cave to a hex next to a cave")
    return lines


def _crossroads_legend(state: BigBoxState) -> list[str]:
    """Crossroads pieces, warriors' blocked hexes and the task cards (§12), when in play."""
    pieces = (state.piece != 0) & (state.piece != PIECE_NAMES.index("scout"))  # (Harvest's)
    if (state.tasks == EMPTY).all() and not pieces.any():
        return []
    lines = [
        "0h 0w 0s 0x: city hall, wagon, ship, warrior of player 0",
        "  (count as settlements; uppercase: can be chosen now)",
        f"{BLOCKED_MARK} after a glyph: next to a warrior, no build or move",
    ]
    tasks = [int(t) for t in state.tasks if t != EMPTY]
    if tasks:
        lines.append("TASK CARDS (gold at the end to everyone meeting one)")
        for t in tasks:
            lines.append(f" {title(TASK_NAMES[t])} {TASK_GOLD[t]}: {TASK_SUMMARIES[TASK_NAMES[t]]}")
    return lines


def _marshlands_legend(state: BigBoxState) -> list[str]:
    """Palaces, the Marshlands bonuses in play and parked temple settlements (§13)."""
    lines = []
    if (state.terrain == PALACE).any():
        lines.append(f"{PALACE_GLYPH}  palace: 5 gold to the most settlements next to it")
    names = sorted(
        {ALL_TILE_NAMES[t] for t in state.slot_type if t != EMPTY} & set(BONUS_SUMMARIES)
    )
    if names:
        lines.append("BONUS with both tiles of a type (actions once a turn):")
        lines.extend(f" {title(name)}: {BONUS_SUMMARIES[name]}" for name in names)
    parked = [f"{player_name(p)} {n}" for p, n in enumerate(state.parked) if n]
    if parked:
        lines.append("Parked on temples (rebuilt next turn): " + ", ".join(parked))
    return lines


def _harvest_legend(state: BigBoxState) -> list[str]:
    """Farmland, silos, village tokens and Mayors' marked rows (§14), when in play."""
    if not harvest_on_state(state):
        return []
    lines = [
        "a farmland: farm action once a turn, build 1 on it",
        "  next to yours (before or after the mandatory action)",
    ]
    if (state.slot_type == ALL_TILE_NAMES.index("scout_cabin")).any():
        lines.append("0o: a scout of player 0, theirs until the turn ends")
    if (state.silo_hex != EMPTY).any():
        lines.append(f"{SILO_GLYPH}  silo: after the last turn, whoever touches it builds")
        lines.append("   or moves up to 3 of theirs next to their others")
    if (state.slot_type == ALL_TILE_NAMES.index("cathedral")).any():
        held = [f"{PLAYER_GLYPHS[p]}:{n}" for p, n in enumerate(state.tokens[: state.num_players])]
        lines.append(f"Village tokens {' '.join(held)}; bank {state.token_bank}")
    rows = [
        f"{_row_name(r)}:{PLAYER_GLYPHS[p]}" for r, p in enumerate(state.mayor_row) if p != EMPTY
    ]
    if rows:
        text = "Mayors rows (row:player) " + " ".join(rows)
        lines.extend(textwrap.wrap(text, WIDTH - PANEL_START))
    return lines


def _row_name(r: int) -> str:
    """A Mayors row: a board row by its number, an island row (mayor_row past the 20 board
    rows, §15.3) as "island" and its number."""
    return str(r) if r < ROWS else f"island {r - ROWS}"


def harvest_on_state(state: State) -> bool:
    """The Harvest expansion is in play (§14)."""
    return isinstance(state, BigBoxState) and bool(state.expansions[EXPANSIONS.index("harvest")])


def _cards_line(state: State) -> str:
    """Played card, draw pile size, discard and removed piles: all public (§4, §5); a
    Marshlands game adds the dual cards (§13.1)."""

    def piles(counts: np.ndarray, duals: np.ndarray) -> str:
        cards = [(terrain_word(t), n) for t, n in enumerate(counts) if n]
        cards += [(card_word(len(counts) + t), n) for t, n in enumerate(duals) if n]
        return ", ".join(f"{word} {n}" for word, n in cards) or "none"

    big = isinstance(state, BigBoxState)
    none = np.zeros(0, np.int64)
    discard = piles(state.discard, state.xdiscard if big else none)
    removed = piles(state.removed, state.xremoved if big else none)
    played = played_terrain(state) if state.phase != PHASE_GAME_OVER else "-"
    return (
        f"CARDS  played: {played}; draw pile: {state.deck_size}; "
        f"discarded: {discard}; removed: {removed}"
    )


def _last_player(state: State) -> int:
    """The seat that plays the last turn of a round: the one before the start player (§9)."""
    return (int(state.start_player) - 1) % int(state.num_players)


def _end_line(state: State) -> str:
    return f"END  a supply is empty: the game ends after {player_name(_last_player(state))}'s turn"


def _result_line(state: State) -> str:
    totals = score_table(state).sum(axis=1)
    best = totals.max()
    winners = " and ".join(player_name(p) for p in np.flatnonzero(totals == best))
    return f"FINAL  {winners} {'win' if (totals == best).sum() > 1 else 'wins'} with {best} gold"


def _players(state: State, viewer: int | None) -> list[str]:
    """One row per player; tiles that do not fit wrap under the tiles column."""
    scores = score_table(state)
    card_names = [title(ALL_CARD_NAMES[c]) for c in state.cards]
    extra = ["in play", "capitals", "tasks"] if isinstance(state, BigBoxState) else []
    castles = "castles+palaces" if (state.terrain == PALACE).any() else "castles"  # §13.2
    header = ["PLAYERS", "supply", "card", *card_names, castles, *extra, "gold"]
    rows = []
    for p in range(state.num_players):
        acting = p == state.cur and state.phase != PHASE_GAME_OVER
        gold = scores[p].tolist()
        rows.append(
            [
                f"{'>' if acting else ' '} {player_name(p)}",
                str(state.supply[p]),
                _hand(state, p, viewer),
                *map(str, gold),
                str(sum(gold)),
            ]
        )
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    start = sum(widths) + 2 * len(widths)
    below = WIDTH - start < 30  # too narrow beside the columns: tiles go under each row
    lines = [_columns(header, widths) + ("" if below else "  tiles")]
    for p, row in enumerate(rows):
        if below:
            lines.append(_columns(row, widths))
            lines.extend(_wrap("    tiles: " + (_tiles_held(state, p) or "-"), 11))
            continue
        tiles = textwrap.wrap(_tiles_held(state, p), WIDTH - start) or ["-"]
        lines.append(_columns(row, widths) + "  " + tiles[0])
        lines.extend(" " * start + more for more in tiles[1:])
    lines.append(
        "  > = to act; card = terrain card in hand (? hidden, - none); "
        "tiles: new = taken this turn, used = spent this turn"
    )
    return [line.rstrip() for line in lines]


def _hand(state: State, player: int, viewer: int | None) -> str:
    """The card(s) in hand: one, plus the Crossroads extras (§12.3), '?' each when hidden."""
    cards = [int(state.hand[player])]
    if isinstance(state, BigBoxState):
        cards += [int(c) for c in state.xhand[player]]
    cards = [c for c in cards if c != EMPTY]
    if not cards:
        return "-"
    if viewer is not None and viewer != player:
        return "+".join("?" for _ in cards)
    return "+".join(card_word(c) for c in cards)


def _columns(values: list[str], widths: list[int]) -> str:
    return "  ".join(v.ljust(w) for v, w in zip(values, widths, strict=True))


def _tiles_held(state: State, player: int) -> str:
    """e.g. "Oracle x2 (1 new), Farm x1 (1 used)": new tiles can't be used until next turn
    and used ones are spent for this turn (§7.1), so both matter when reading a position."""
    big = isinstance(state, BigBoxState)
    held = np.zeros(len(ALL_TILE_NAMES), np.int64)
    for slot in np.flatnonzero(state.holding[player]):
        held[state.slot_type[slot]] += 1
    new, used = state.tile_new[player], state.tile_used[player]
    if big:
        new = np.concatenate([new, state.xtile_new[player]])
        used = np.concatenate([used, state.xtile_used[player]])
    parts = []
    for tile in np.flatnonzero(held):
        counts = (new[tile], used[tile])
        notes = [f"{n} {label}" for n, label in zip(counts, ("new", "used"), strict=True) if n]
        note = f" ({', '.join(notes)})" if notes else ""
        parts.append(f"{tile_name(tile)} x{held[tile]}{note}")
    if big and state.island_holding[player]:  # the Island's tile (§15.3)
        counts = (state.island_new[player], state.island_used[player])
        notes = [label for n, label in zip(counts, ("1 new", "1 used"), strict=True) if n]
        note = f" ({', '.join(notes)})" if notes else ""
        parts.append(f"{title(ISLAND_TILE_NAMES[state.island_side])} x1{note}")
    if big:
        for k in np.flatnonzero(state.nomad_ready[player]):
            parts.append(f"nomad {nomad_name(int(k))} x{state.nomad_ready[player, k]} (ready)")
        for k in np.flatnonzero(state.nomad_new[player]):
            parts.append(f"nomad {nomad_name(int(k))} x{state.nomad_new[player, k]} (new)")
    return ", ".join(parts)


def describe_changes(before: State, after: State) -> list[str]:
    """What happened on its own between two states of one game, as short lines safe for every
    seat: tiles taken or lost, the end being triggered, turns ending (the discarded card, 'drew
    a terrain card' without naming it), the next player's revealed card, cards removed for lack
    of an empty hex, reshuffles and the final result. [] when nothing happened on its own.

    The deciding seat's own choice (the hex built on, the tile used) is the action's
    description; these lines are its consequences and the steps the engine took itself.
    """
    lines = _tile_changes(before, after)
    if isinstance(after, BigBoxState) and isinstance(before, BigBoxState):
        lines += _nomad_changes(before, after)
        if after.fort_card != EMPTY and before.fort_card == EMPTY:
            lines.append(f"the Fort drew a {card_word(int(after.fort_card))} card")
        lines += _marshlands_changes(before, after)
    if after.end_triggered and not before.end_triggered:
        emptied = np.flatnonzero((after.supply == 0) & (before.supply > 0))
        who = player_name(int(emptied[0])) if len(emptied) else "a player"
        lines.append(
            f"{who} built their last settlement: the game ends after "
            f"{player_name(_last_player(after))}'s turn"
        )
    turns = int(after.turn) - int(before.turn)
    over = after.phase == PHASE_GAME_OVER and before.phase != PHASE_GAME_OVER
    silos = after.phase == PHASE_SILO and before.phase != PHASE_SILO  # §14.2
    if (turns or over or silos) and before.phase != PHASE_SILO:
        lines.append(_turn_end_line(before))
    if silos:
        lines.append("the last turn is over: the silos are resolved before the final scoring")
    if turns > 1:
        lines.append(f"{turns - 1} more turn(s) were played")
    if after.deck_size > before.deck_size:
        lines.append("the discard pile was shuffled into a new draw pile")
    removed = after.removed - before.removed
    for t in np.flatnonzero(removed):
        lines.append(
            f"{removed[t]} {terrain_word(t)} card(s) removed from the game: no empty "
            f"{terrain_word(t)} hex left"
        )
    if turns and not over:
        lines.append(_turn_start_line(after))
    if over:
        totals = score_table(after).sum(axis=1)
        gold = ", ".join(f"{player_name(p)} {g}" for p, g in enumerate(totals))
        lines.append(f"game over, final gold: {gold}")
        lines.append(_result_line(after).removeprefix("FINAL  "))
    return lines


def _marshlands_changes(before: BigBoxState, after: BigBoxState) -> list[str]:
    """A Canoe reaction starting (§13.3) and dual cards leaving the game (§5, §13.6)."""
    lines = []
    if after.phase == PHASE_CANOE and before.phase != PHASE_CANOE:
        lines.append(
            f"{player_name(int(after.canoe_from))}'s turn is interrupted: "
            f"{player_name(int(after.cur))}'s canoe may build on swamp or water"
        )
    removed = after.xremoved - before.xremoved
    for t in np.flatnonzero(removed):
        lines.append(f"the {card_word(len(after.removed) + int(t))} card was removed from the game")
    return lines


def _tile_changes(before: State, after: State) -> list[str]:
    lines = []
    for p in range(after.num_players):
        for slot in np.flatnonzero(after.holding[p] != before.holding[p]):
            tile, where = tile_name(after.slot_type[slot]), hex_name(after.slot_hex[slot])
            if after.holding[p, slot]:
                lines.append(f"{player_name(p)} took the {tile} tile from the location at {where}")
            else:
                lines.append(
                    f"{player_name(p)} lost the {tile} tile of {where}: no settlement next to it"
                )
    return lines


def _nomad_changes(before: BigBoxState, after: BigBoxState) -> list[str]:
    """Nomad tiles taken from their spaces (§11.1): by the player who was to act."""
    who = player_name(int(before.cur))
    lines = []
    for j in np.flatnonzero((before.nomad_tile != EMPTY) & (after.nomad_tile == EMPTY)):
        kind = int(before.nomad_tile[j])
        where = hex_name(int(before.nomad_hex[j]))
        lines.append(f"{who} took the nomad tile {nomad_name(kind)} at {where}")
    return lines


def _turn_end_line(before: State) -> str:
    who = player_name(int(before.cur))
    discarded = f"discarded {played_terrain(before)}, " if before.played != EMPTY else ""
    return f"{who} ended the turn: {discarded}drew a terrain card"


def _turn_start_line(after: State) -> str:
    who = player_name(int(after.cur))
    if after.phase == PHASE_CHOOSE_CARD:
        return f"{who}'s turn: holds several terrain cards (Crossroads), chooses one to play"
    if after.phase == PHASE_CHOOSE_DUAL:
        return f"{who}'s turn: reveals {played_terrain(after)}: 2 on swamp or 3 on the other"
    if after.played == EMPTY:
        return f"{who}'s turn: no terrain card left, no mandatory action"
    if after.mandatory_done:
        return f"{who}'s turn: reveals {played_terrain(after)} (supply empty)"
    count = min(int(after.mandatory_left), int(after.supply[after.cur]))
    settlements = "settlement" if count == 1 else "settlements"
    return f"{who}'s turn: reveals {played_terrain(after)}, must build {count} {settlements} there"
