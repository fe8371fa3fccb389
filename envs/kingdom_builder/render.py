"""Kingdom Builder renderers: a plain-text board with a public status block, and an RGB image.

Both show only public information: a player's terrain card (`state.hand`) and the deck order
are never drawn, so a render can be shown to any seat or written to logs.
"""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.render import (
    PLAYER_COLOURS,
    PLAYER_GLYPHS,
    ansi_colour,
    draw_discs,
    hex_centres,
    rasterize_hexes,
)
from eurogym.envs.kingdom_builder.rules import score_table
from eurogym.envs.kingdom_builder.state import EMPTY, PHASE_GAME_OVER, PHASE_NAMES, State
from eurogym.envs.kingdom_builder.tables import (
    BUILDABLE_MAX,
    CARD_NAMES,
    COLS,
    LOCATION,
    NUM_TILE_TYPES,
    ROWS,
    TERRAIN_LETTERS,
    TERRAIN_NAMES,
    TILE_NAMES,
    WATER,
)

HEX_SIZE = 12.0  # circumradius in pixels: a 20x20 board is 366 x 427 pixels
TERRAIN_COLOURS = np.array(
    [
        (150, 205, 90),  # G grass: light green
        (190, 110, 55),  # C canyon: brown-orange
        (235, 215, 150),  # D desert: sand
        (225, 140, 200),  # F flower field: pink
        (35, 110, 45),  # T forest: dark green
        (110, 120, 80),  # S swamp: olive
        (215, 190, 60),  # A farmland: wheat
        (60, 130, 220),  # W water: blue
        (135, 135, 135),  # M mountain: grey
        (60, 70, 90),  # K castle: dark slate
        (240, 180, 20),  # L location: gold
        (175, 150, 120),  # N nomad space: taupe
        (120, 40, 60),  # P palace: burgundy
        (95, 75, 60),  # O silo: dark brown
    ],
    np.uint8,
)
TERRAIN_COLOURS.setflags(write=False)
TILE_MARK_COLOUR = (255, 255, 255)


def terrain_glyph(code: int) -> str:
    """One character per terrain: lowercase for buildable terrain, so the hexes a settlement
    can go on stand apart from water ('~'), mountains, castles and locations (uppercase)."""
    if code == WATER:
        return "~"
    letter = TERRAIN_LETTERS[code]
    return letter.lower() if code <= BUILDABLE_MAX else letter


def render_ansi(state: State, colour: bool = False) -> str:
    """The board and public game status as text.

    Board lines are `RR ` (row number) then 20 cells of 2 characters, odd rows indented by one
    character as on the hex grid. A cell is a settlement's player glyph, or the terrain glyph
    followed, on a location hex, by its number of tiles left.

    Args:
        state: the game.
        colour: wrap settlement glyphs in 24-bit ANSI colour escapes (off by default so logs
            and tests see plain text).
    """
    lines = [_board_line(state, row, colour) for row in range(ROWS)]
    lines.append(_legend(state))
    lines.extend(_status(state))
    return "\n".join(lines)


def _board_line(state: State, row: int, colour: bool) -> str:
    indent = " " if row & 1 else ""
    cells = [_cell(state, row * COLS + col, colour) for col in range(COLS)]
    return f"{row:2d} {indent}{''.join(cells)}".rstrip()


def _cell(state: State, hex_id: int, colour: bool) -> str:
    owner = int(state.owner[hex_id])
    if owner != EMPTY:
        glyph = PLAYER_GLYPHS[owner]
        return (ansi_colour(glyph, PLAYER_COLOURS[owner]) if colour else glyph) + " "
    terrain = int(state.terrain[hex_id])
    slot = int(state.slot_of_hex[hex_id])
    suffix = str(int(state.tiles_left[slot])) if terrain == LOCATION and slot != EMPTY else " "
    return terrain_glyph(terrain) + suffix


def _legend(state: State) -> str:
    present = sorted(set(state.terrain.tolist()))
    terrains = [
        f"{terrain_glyph(t)}n {TERRAIN_NAMES[t]} (n tiles left)"
        if t == LOCATION
        else f"{terrain_glyph(t)} {TERRAIN_NAMES[t]}"
        for t in present
    ]
    players = f"{PLAYER_GLYPHS[0]}-{PLAYER_GLYPHS[state.num_players - 1]} settlements"
    return "legend: " + ", ".join([*terrains, players])


def _status(state: State) -> list[str]:
    """Turn line, then a table: one row per player with supply, gold per card and castles, tiles."""
    scores = score_table(state)
    header = ["player", "supply", *(CARD_NAMES[c] for c in state.cards), "castles", "total"]
    widths = [len(h) for h in header]
    lines = [_turn_line(state), _columns(header, widths) + "  tiles"]
    for p in range(state.num_players):
        mark = "*" if p == state.cur and state.phase != PHASE_GAME_OVER else " "
        gold = scores[p].tolist()
        values = [PLAYER_GLYPHS[p] + mark, str(state.supply[p]), *map(str, gold), str(sum(gold))]
        lines.append(_columns(values, widths) + "  " + _tiles_held(state, p))
    return lines


def _columns(values: list[str], widths: list[int]) -> str:
    return "  ".join(v.ljust(w) for v, w in zip(values, widths, strict=True))


def _turn_line(state: State) -> str:
    phase = int(state.phase)
    parts = [f"turn {state.turn}"]
    if phase != PHASE_GAME_OVER:
        parts.append(f"player {PLAYER_GLYPHS[state.cur]} to act")
    parts.append(f"phase {PHASE_NAMES[phase]}")
    played = int(state.played)
    parts.append(f"played {TERRAIN_NAMES[played] if played != EMPTY else '-'}")
    if state.active_tile != EMPTY:
        parts.append(f"tile in use {TILE_NAMES[state.active_tile]}")
    if state.selected != EMPTY:
        parts.append(f"moving from {divmod(state.selected, COLS)}")
    parts.append(f"deck {state.deck_size} cards")
    return " | ".join(parts)


def _tiles_held(state: State, player: int) -> str:
    """e.g. "oracle x2 (1 new), farm x1 (1 used)": new tiles can't be used until next turn
    and used ones are spent for this turn (§7.1), so both matter when reading a position."""
    held = np.zeros(NUM_TILE_TYPES, np.int64)
    for slot in np.flatnonzero(state.holding[player]):
        held[state.slot_type[slot]] += 1
    parts = []
    for tile in np.flatnonzero(held):
        counts = (state.tile_new[player, tile], state.tile_used[player, tile])
        notes = [f"{n} {label}" for n, label in zip(counts, ("new", "used"), strict=True) if n]
        note = f" ({', '.join(notes)})" if notes else ""
        parts.append(f"{TILE_NAMES[tile]} x{held[tile]}{note}")
    return ", ".join(parts) or "-"


def render_rgb(state: State, size: float = HEX_SIZE) -> np.ndarray:
    """uint8[H, W, 3] picture of the board: terrain-coloured hexes, settlements as discs in
    PLAYER_COLOURS, and one white dot per tile left on each location hex."""
    image = rasterize_hexes(ROWS, COLS, size, TERRAIN_COLOURS[state.terrain])
    centres = hex_centres(ROWS, COLS, size)
    _draw_tile_marks(state, image, centres, size)
    built = np.flatnonzero(state.owner != EMPTY)
    draw_discs(
        image, centres[built], 0.55 * size, PLAYER_COLOURS[state.owner[built]], outline=(40, 40, 40)
    )
    return image


def _draw_tile_marks(state: State, image: np.ndarray, centres: np.ndarray, size: float) -> None:
    """Small dots in a row below a location hex's centre, one per tile still on it."""
    radius = max(1.5, 0.18 * size)
    for slot in np.flatnonzero(state.slot_hex != EMPTY):
        left = int(state.tiles_left[slot])
        if left <= 0:
            continue
        x, y = centres[state.slot_hex[slot]]
        offsets = (np.arange(left) - (left - 1) / 2.0) * 0.5 * size
        dots = np.stack([x + offsets, np.full(left, y + 0.4 * size)], axis=1)
        draw_discs(image, dots, radius, np.array(TILE_MARK_COLOUR, np.uint8))
