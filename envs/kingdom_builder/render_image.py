"""Kingdom Builder as a picture (`render_rgb`): the board with row and column numbers, the
location tiles and settlements labelled, the hexes the current decision may choose outlined; a
title bar naming the decision and who makes it; a panel per player (supply, terrain card, tiles,
gold per card); the three Kingdom Builder cards with what they pay; and a legend.

Text is drawn with Pillow's built-in font, so no font file is needed. The board itself is the
shared numpy hex rasterizer (envs.core.render) pasted at BOARD_ORIGIN.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eurogym.envs.core.render import (
    PLAYER_COLOURS,
    PLAYER_GLYPHS,
    default_font,
    draw_discs,
    hex_centres,
    image_size,
    rasterize_hexes,
)
from eurogym.envs.kingdom_builder.actions import ISLAND_HEX_ACTIONS
from eurogym.envs.kingdom_builder.rules import score_table
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    PHASE_GAME_OVER,
    PIECE_SCOUT,
    PIECE_WARRIOR,
    WALL,
    BigBoxState,
    State,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    ALL_TILE_NAMES,
    BUILDABLE_MAX,
    CASTLE,
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
)
from eurogym.envs.kingdom_builder.words import (
    BONUS_SUMMARIES,
    CARD_SUMMARIES,
    NOMAD_LETTERS,
    TASK_SUMMARIES,
    TILE_SUMMARIES,
    card_word,
    decision,
    nomad_name,
    nomad_summary,
    played_terrain,
    player_name,
    terrain_word,
    tile_name,
    title,
)

HEX_SIZE = 22.0  # circumradius in pixels: the 20x20 board is 782 x 671 pixels
BOARD_ORIGIN = (30, 96)  # (x, y) of the board's top-left corner in the picture
PANEL_X = 840  # left edge of the players and cards panel
WIDTH = 1320
HEIGHT = 920
BACKGROUND = (248, 246, 240)
INK = (25, 25, 25)
MUTED = (90, 90, 90)
HIGHLIGHT = (255, 215, 0)  # outline of hexes the current decision may choose
MOVING = (255, 60, 200)  # ring around the settlement being moved
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
LEGEND_LINE = 17  # pixels per line of the legend under the board
BASE_LEGEND_ROWS = 2  # legend rows a base game can need (at most 4 location types)
WALL_COLOUR = (70, 60, 55)  # a stone wall: a dark square on its hex
CAVE_COLOUR = (20, 20, 20)  # a cave: a black disc on its mountain
# after the owner's digit: city hall, wagon, ship, warrior (§12.1), scout (§14.3)
PIECE_LETTERS = " hwsxo"
BLOCKED_COLOUR = (200, 30, 30)  # a small red cross on hexes next to a warrior (§12.2)
CAPITAL_COLOUR = (200, 30, 30)  # a capital: a red ring around its castle
ISLAND_GAP = 40  # pixels between the legend and the Island (§15.3), for its title


def board_centres() -> np.ndarray:
    """float64[400, 2]: (x, y) pixel centre of each hex in the picture."""
    return hex_centres(ROWS, COLS, HEX_SIZE) + np.array(BOARD_ORIGIN, np.float64)


def render_rgb(state: State, viewer: int | None = None) -> np.ndarray:
    """uint8[HEIGHT, WIDTH, 3] picture of the game (920 x 1320; a Big Box game whose legend has
    more lines is taller by LEGEND_LINE pixels per extra line, and one with the Island by its
    board under the legend).

    Args:
        state: the game.
        viewer: None shows every player's terrain card; a seat number hides the other seats'
            cards, as in render_ansi.
    """
    from PIL import Image, ImageDraw

    entries = _legend_entries(state)
    extra = LEGEND_LINE * max(0, (len(entries) + 1) // 2 - BASE_LEGEND_ROWS)
    island = isinstance(state, BigBoxState) and state.island_side != EMPTY
    island_height, island_width = image_size(ISLAND_ROWS, ISLAND_COLS, HEX_SIZE)
    below = ISLAND_GAP + island_height if island else 0
    canvas = np.empty((HEIGHT + extra + below, WIDTH, 3), np.uint8)
    canvas[:] = BACKGROUND
    height, width = image_size(ROWS, COLS, HEX_SIZE)
    x0, y0 = BOARD_ORIGIN
    canvas[y0 : y0 + height, x0 : x0 + width] = _board(state)
    island_top = HEIGHT + extra + ISLAND_GAP - 10
    if island:  # §15.3: under the legend, a board of its own
        canvas[island_top : island_top + island_height, x0 : x0 + island_width] = _island(state)
    image = Image.fromarray(canvas)
    draw = ImageDraw.Draw(image)
    _board_text(state, draw)
    if island:
        _island_text(state, draw, island_top)
    _title_bar(state, draw)
    y = _players_panel(state, draw, viewer)
    _cards_panel(state, draw, y + 8)
    _legend(state, draw, entries)
    return np.asarray(image, np.uint8).copy()


def _board(state: State) -> np.ndarray:
    """The board alone: terrain hexes, tile dots and settlement discs (numpy drawing)."""
    image = rasterize_hexes(ROWS, COLS, HEX_SIZE, TERRAIN_COLOURS[state.terrain], BACKGROUND)
    centres = hex_centres(ROWS, COLS, HEX_SIZE)
    radius = 0.16 * HEX_SIZE
    for slot in np.flatnonzero(state.slot_hex != EMPTY):
        left = int(state.tiles_left[slot])
        if left > 0:
            x, y = centres[state.slot_hex[slot]]
            offsets = (np.arange(left) - (left - 1) / 2.0) * 0.5 * HEX_SIZE
            dots = np.stack([x + offsets, np.full(left, y + 0.5 * HEX_SIZE)], axis=1)
            draw_discs(image, dots, radius, np.array(TILE_MARK_COLOUR, np.uint8), (40, 40, 40))
    built = np.flatnonzero((state.owner != EMPTY) & (state.owner != WALL))
    colours = PLAYER_COLOURS[state.owner[built]]
    draw_discs(image, centres[built], 0.55 * HEX_SIZE, colours, outline=(40, 40, 40))
    return image


def _island(state: BigBoxState) -> np.ndarray:
    """The Island's 5 rows (§15.3): terrain, tile dots and settlement discs, as _board."""
    image = rasterize_hexes(
        ISLAND_ROWS, ISLAND_COLS, HEX_SIZE, TERRAIN_COLOURS[state.island_terrain], BACKGROUND
    )
    centres = hex_centres(ISLAND_ROWS, ISLAND_COLS, HEX_SIZE)
    left = int(state.island_tiles_left)
    if left > 0:
        x, y = centres[state.island_location]
        offsets = (np.arange(left) - (left - 1) / 2.0) * 0.5 * HEX_SIZE
        dots = np.stack([x + offsets, np.full(left, y + 0.5 * HEX_SIZE)], axis=1)
        draw_discs(image, dots, 0.16 * HEX_SIZE, np.array(TILE_MARK_COLOUR, np.uint8), (40, 40, 40))
    built = np.flatnonzero((state.island_owner != EMPTY) & (state.island_owner != WALL))
    colours = PLAYER_COLOURS[state.island_owner[built]]
    draw_discs(image, centres[built], 0.55 * HEX_SIZE, colours, outline=(40, 40, 40))
    return image


def _island_text(state: BigBoxState, draw: Any, top: int) -> None:
    """The Island's title, tile name, castle, player digits, choosable hexes and moving ring."""
    small, label = default_font(10), default_font(12)
    x0 = BOARD_ORIGIN[0]
    centres = hex_centres(ISLAND_ROWS, ISLAND_COLS, HEX_SIZE) + np.array((x0, top), np.float64)
    title_text = (
        "ISLAND (not joined to the board): reached only when no hex next to yours fits a build "
        "or move; island rows count for Knights, Discoverers and Mayors; it is no section"
    )
    draw.text((x0, top - 14), title_text, fill=INK, font=default_font(13))
    name = ISLAND_TILE_NAMES[state.island_side]
    x, y = centres[state.island_location]
    draw.text((x, y - 4), title(name), fill=INK, font=small, anchor="mm")
    for i in np.flatnonzero(state.island_terrain == CASTLE):
        _castle(draw, *centres[i])
    s = 0.5 * HEX_SIZE
    for i in np.flatnonzero(state.island_owner == WALL):  # a Quarry's wall (§11.2)
        x, y = centres[i]
        draw.rectangle((x - s, y - s, x + s, y + s), fill=WALL_COLOUR, outline=(20, 20, 20))
    for i in np.flatnonzero((state.island_owner != EMPTY) & (state.island_owner != WALL)):
        owner = int(state.island_owner[i])
        ink = (0, 0, 0) if PLAYER_COLOURS[owner].mean() > 128 else (255, 255, 255)
        text = PLAYER_GLYPHS[owner] + PIECE_LETTERS[state.island_piece[i]].strip()
        draw.text(tuple(centres[i]), text, fill=ink, font=label, anchor="mm")
    if state.phase != PHASE_GAME_OVER:
        legal = state.mask[ISLAND_HEX_ACTIONS : ISLAND_HEX_ACTIONS + ISLAND_HEXES]
        for i in np.flatnonzero(legal):
            draw.polygon(_hexagon(*centres[i], HEX_SIZE - 2), outline=HIGHLIGHT, width=3)
    if state.selected >= NUM_HEXES:
        x, y = centres[state.selected - NUM_HEXES]
        r = 0.75 * HEX_SIZE
        draw.ellipse((x - r, y - r, x + r, y + r), outline=MOVING, width=3)


def _hexagon(x: float, y: float, size: float) -> list[tuple[float, float]]:
    angles = np.radians(np.arange(6) * 60.0 + 30.0)
    return [(x + size * np.cos(a), y + size * np.sin(a)) for a in angles]


def _board_text(state: State, draw: Any) -> None:
    """Row and column numbers, tile names on location hexes, player digits on settlements,
    outlines of the hexes the decision may choose and a ring on the settlement being moved."""
    small, label = default_font(10), default_font(12)
    centres = board_centres()
    x0, y0 = BOARD_ORIGIN
    for col in range(COLS):
        x, _ = centres[col]
        draw.text((x, y0 - 4), str(col), fill=MUTED, font=label, anchor="ms")
    for row in range(ROWS):
        _, y = centres[row * COLS]
        draw.text((x0 - 6, y), str(row), fill=MUTED, font=label, anchor="rm")
    for slot in np.flatnonzero(state.slot_hex != EMPTY):
        x, y = centres[state.slot_hex[slot]]
        name = title(ALL_TILE_NAMES[state.slot_type[slot]])
        draw.text((x, y - 4), name, fill=INK, font=small, anchor="mm")
    for h in np.flatnonzero(state.terrain == CASTLE):
        _castle(draw, *centres[h])
    for h in np.flatnonzero(state.terrain == SILO):  # Harvest (§14.2)
        draw.text(tuple(centres[h]), "Silo", fill=(255, 255, 255), font=small, anchor="mm")
    if isinstance(state, BigBoxState):
        _nomad_marks(state, draw, centres, label)
    for h in np.flatnonzero(state.owner != EMPTY):
        owner = int(state.owner[h])
        if owner == WALL:
            continue
        x, y = centres[h]
        ink = (0, 0, 0) if PLAYER_COLOURS[owner].mean() > 128 else (255, 255, 255)
        text = PLAYER_GLYPHS[owner]
        if isinstance(state, BigBoxState) and state.piece[h]:
            text += PIECE_LETTERS[state.piece[h]]
        draw.text((x, y), text, fill=ink, font=label, anchor="mm")
    if state.phase != PHASE_GAME_OVER:
        for h in np.flatnonzero(state.mask[:NUM_HEXES]):
            draw.polygon(_hexagon(*centres[h], HEX_SIZE - 2), outline=HIGHLIGHT, width=3)
    if state.selected != EMPTY and state.selected < NUM_HEXES:  # (an island hex: _island_text)
        x, y = centres[state.selected]
        r = 0.75 * HEX_SIZE
        draw.ellipse((x - r, y - r, x + r, y + r), outline=MOVING, width=3)


def _nomad_marks(state: BigBoxState, draw: Any, centres: np.ndarray, font: Any) -> None:
    """Nomad spaces with the letter of the tile on them (the ansi view's letters), and stone
    walls as dark squares (§11)."""
    for h in np.flatnonzero(state.terrain == NOMAD_SPACE):
        x, y = centres[h]
        kinds = state.nomad_tile[state.nomad_hex == h]
        letter = NOMAD_LETTERS[NOMAD_KINDS[kinds[0]]] if len(kinds) and kinds[0] != EMPTY else ""
        draw.text((x, y), "N" + letter, fill=INK, font=font, anchor="mm")
    s = 0.5 * HEX_SIZE
    for h in np.flatnonzero(state.owner == WALL):
        x, y = centres[h]
        draw.rectangle((x - s, y - s, x + s, y + s), fill=WALL_COLOUR, outline=(20, 20, 20))
    r = 0.35 * HEX_SIZE
    for h in state.cave_hex[state.cave_hex != EMPTY]:
        x, y = centres[h]
        draw.ellipse((x - r, y - r, x + r, y + r), fill=CAVE_COLOUR)
    r = 0.8 * HEX_SIZE
    for h in state.capital_hex[state.capital_hex != EMPTY]:
        x, y = centres[h]
        draw.ellipse((x - r, y - r, x + r, y + r), outline=CAPITAL_COLOUR, width=3)
    s = 0.2 * HEX_SIZE
    for w in np.flatnonzero(state.piece == PIECE_WARRIOR):
        for h in NEIGHBOURS[w][NEIGHBOURS[w] >= 0]:
            if state.owner[h] == EMPTY:
                x, y = centres[h]
                y -= 0.45 * HEX_SIZE
                draw.line((x - s, y - s, x + s, y + s), fill=BLOCKED_COLOUR, width=2)
                draw.line((x - s, y + s, x + s, y - s), fill=BLOCKED_COLOUR, width=2)


def _castle(draw: Any, x: float, y: float) -> None:
    """A small white tower with three merlons, so castles read as castles, not as dark hexes."""
    s = HEX_SIZE / 10.0
    draw.rectangle((x - 4 * s, y - 2 * s, x + 4 * s, y + 5 * s), fill=(235, 235, 235))
    for dx in (-4, -0.7, 2.6):
        draw.rectangle((x + dx * s, y - 5 * s, x + (dx + 1.4) * s, y - 2 * s), fill=(235, 235, 235))


def _wrap(draw: Any, text: str, font: Any, width: float) -> list[str]:
    """Greedy word wrap to `width` pixels."""
    lines: list[str] = []
    for word in text.split():
        if lines and draw.textlength(lines[-1] + " " + word, font=font) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _title_bar(state: State, draw: Any) -> None:
    big, font = default_font(20), default_font(15)
    draw.rectangle((0, 0, WIDTH, 66), fill=(45, 55, 75))
    head = f"Kingdom Builder   {state.num_players} players   turn {state.turn}"
    if state.end_triggered and state.phase != PHASE_GAME_OVER:
        head += "   LAST ROUND"
    draw.text((12, 8), head, fill=(255, 255, 255), font=big)
    if state.played != EMPTY and state.phase != PHASE_GAME_OVER:
        played = f"played terrain card: {terrain_word(state.played)}"
        draw.text((WIDTH - 40, 9), played, fill=(255, 255, 255), font=font, anchor="ra")
        colour = tuple(int(c) for c in TERRAIN_COLOURS[state.played])
        draw.rectangle((WIDTH - 32, 8, WIDTH - 12, 28), fill=colour, outline=(255, 255, 255))
    text = "Decision: " + decision(state)
    if state.phase == PHASE_GAME_OVER:
        text = "Game over: " + _winners(state)
    for i, line in enumerate(_wrap(draw, text, font, WIDTH - 24)[:2]):
        draw.text((12, 32 + 17 * i), line, fill=(255, 230, 140), font=font)


def _winners(state: State) -> str:
    totals = score_table(state).sum(axis=1)
    best = totals.max()
    names = " and ".join(player_name(p) for p in np.flatnonzero(totals == best))
    return f"{names} {'win' if (totals == best).sum() > 1 else 'wins'} with {best} gold"


def _players_panel(state: State, draw: Any, viewer: int | None) -> int:
    """One block per player; returns the y below the last block."""
    bold, font = default_font(15), default_font(13)
    scores = score_table(state)
    y = 76
    for p in range(state.num_players):
        acting = p == state.cur and state.phase != PHASE_GAME_OVER
        lines = _player_lines(state, p, scores[p], viewer, font, draw)
        bottom = y + 28 + 16 * len(lines)
        border = HIGHLIGHT if acting else (200, 200, 200)
        draw.rectangle((PANEL_X, y, WIDTH - 10, bottom), outline=border, width=3 if acting else 1)
        colour = tuple(int(c) for c in PLAYER_COLOURS[p])
        draw.rectangle((PANEL_X + 8, y + 5, PANEL_X + 24, y + 21), fill=colour, outline=INK)
        name = ("> " if acting else "") + player_name(p) + (" to act" if acting else "")
        draw.text((PANEL_X + 32, y + 4), name, fill=INK, font=bold)
        gold = f"{int(scores[p].sum())} gold"
        draw.text((WIDTH - 20, y + 4), gold, fill=INK, font=bold, anchor="ra")
        for i, line in enumerate(lines):
            draw.text((PANEL_X + 12, y + 24 + 16 * i), line, fill=INK, font=font)
        y = bottom + 6
    return y


def _player_lines(
    state: State, p: int, gold: np.ndarray, viewer: int | None, font: Any, draw: Any
) -> list[str]:
    card = int(state.hand[p])
    if card == EMPTY:
        acting = p == state.cur and state.played != EMPTY and state.phase != PHASE_GAME_OVER
        hand = f"none (played {played_terrain(state)})" if acting else "none"
    elif viewer is not None and viewer != p:
        hand = "hidden"
    else:
        hand = card_word(card)
    big = isinstance(state, BigBoxState)
    extra = [int(c) for c in state.xhand[p] if c != EMPTY] if big else []
    if extra:  # Crossroads extra cards (§12.3): how many is public, which is not
        hidden = viewer is not None and viewer != p
        hand += " + " + ", ".join("hidden" if hidden else card_word(c) for c in extra)
    cards = gold[: len(state.cards)]
    parts = [f"{title(ALL_CARD_NAMES[c])} {g}" for c, g in zip(state.cards, cards, strict=True)]
    palaces = (state.terrain == PALACE).any()  # §13.2: palace gold shares the column
    parts.append(f"{'castles+palaces' if palaces else 'castles'} {gold[len(state.cards)]}")
    if big:
        parts.append(f"during play {gold[-3]}, capitals {gold[-2]}, tasks {gold[-1]}")
    lines = [
        f"supply {state.supply[p]}   card in hand: {hand}",
        *_wrap(draw, "gold: " + ", ".join(parts), font, WIDTH - PANEL_X - 30),
    ]
    tiles = []
    held = np.zeros(len(ALL_TILE_NAMES), np.int64)
    for slot in np.flatnonzero(state.holding[p]):
        held[state.slot_type[slot]] += 1
    new_counts, used_counts = state.tile_new[p], state.tile_used[p]
    if big:
        new_counts = np.concatenate([new_counts, state.xtile_new[p]])
        used_counts = np.concatenate([used_counts, state.xtile_used[p]])
    for t in np.flatnonzero(held):
        new, used = new_counts[t], used_counts[t]
        note = "".join([f", {new} new" if new else "", f", {used} used" if used else ""])
        tiles.append(f"{tile_name(t)} x{held[t]}{note}")
    if big:
        for k in np.flatnonzero(state.nomad_ready[p]):
            tiles.append(f"nomad {nomad_name(int(k))} (ready)")
        for k in np.flatnonzero(state.nomad_new[p]):
            tiles.append(f"nomad {nomad_name(int(k))} (new)")
    lines.extend(_wrap(draw, "tiles: " + ("; ".join(tiles) or "none"), font, WIDTH - PANEL_X - 30))
    return lines


def _cards_panel(state: State, draw: Any, y: int) -> int:
    """The three Kingdom Builder cards and the terrain card piles; returns the y below."""
    bold, font = default_font(15), default_font(13)
    draw.text((PANEL_X, y), "Kingdom Builder cards (gold at game end)", fill=INK, font=bold)
    y += 20
    for c in state.cards:
        name = ALL_CARD_NAMES[c]
        draw.text((PANEL_X + 4, y), title(name), fill=INK, font=bold)
        for line in _wrap(draw, CARD_SUMMARIES[name], font, WIDTH - PANEL_X - 120):
            draw.text((PANEL_X + 105, y + 1), line, fill=INK, font=font)
            y += 16
        y += 2
    piles = ", ".join(f"{terrain_word(t)} {n}" for t, n in enumerate(state.discard) if n)
    if isinstance(state, BigBoxState):  # Marshlands dual cards (§13.1)
        duals = [
            f"{card_word(len(state.discard) + t)} {n}" for t, n in enumerate(state.xdiscard) if n
        ]
        piles = ", ".join(filter(None, [piles, *duals]))
    played = played_terrain(state) if state.phase != PHASE_GAME_OVER else "-"
    text = f"Terrain cards: played {played}; draw pile {state.deck_size}; discarded: {piles or '-'}"
    for line in _wrap(draw, text, font, WIDTH - PANEL_X - 20):
        draw.text((PANEL_X, y + 4), line, fill=INK, font=font)
        y += 16
    return y + 4


def _legend_entries(state: State) -> list[str]:
    """The legend lines under the board: location tiles in play, and in a Big Box game the
    nomad tiles on the board, walls, capitals and caves."""
    types = sorted({int(t) for t in state.slot_type if t != EMPTY})
    entries = [f"{title(ALL_TILE_NAMES[t])}: {TILE_SUMMARIES[ALL_TILE_NAMES[t]]}" for t in types]
    if isinstance(state, BigBoxState):
        kinds = sorted({int(k) for k in state.nomad_tile if k != EMPTY})
        entries += [
            f"N{NOMAD_LETTERS[NOMAD_KINDS[k]]} {nomad_name(k)}: {nomad_summary(k)}" for k in kinds
        ]
        if state.island_side != EMPTY:
            tile = ISLAND_TILE_NAMES[state.island_side]
            entries.append(f"{title(tile)} (on the Island): {TILE_SUMMARIES[tile]}")
        if state.walls_left or (state.owner == WALL).any():
            entries.append(f"Dark square: stone wall ({state.walls_left} left)")
        if (state.capital_hex != EMPTY).any():
            entries.append("Red ring: capital, 1 gold per settlement within 2 hexes")
        if (state.cave_hex != EMPTY).any():
            entries.append("Black disc: cave; once a turn move one of yours from a cave to a cave")
        pieces = (state.piece != 0) & (state.piece != PIECE_SCOUT)  # (Harvest's scouts)
        if pieces.any() or (state.tasks != EMPTY).any():
            entries.append("0h/0w/0s/0x: player 0's city hall, wagon, ship, warrior")
            entries.append("Red cross: next to a warrior, no build or move there")
        for t in state.tasks[state.tasks != EMPTY]:
            name = TASK_NAMES[t]
            entries.append(f"Task {title(name)} {TASK_GOLD[t]}: {TASK_SUMMARIES[name]}")
        if (state.terrain == PALACE).any():
            entries.append("Palace: 5 gold to the most settlements next to it")
        names = {ALL_TILE_NAMES[t] for t in state.slot_type if t != EMPTY} & set(BONUS_SUMMARIES)
        if names:
            entries.append("Bonus: with both tiles of a type; actions once a turn")
        entries += [f"{title(n)} bonus: {BONUS_SUMMARIES[n]}" for n in sorted(names)]
        parked = [f"{player_name(p)} {n}" for p, n in enumerate(state.parked) if n]
        if parked:
            entries.append("Parked on temples: " + ", ".join(parked))
        entries += _harvest_entries(state)
    return entries


def _harvest_entries(state: BigBoxState) -> list[str]:
    """Farmland, silos, village tokens and Mayors' rows (§14) for the legend."""
    if not state.expansions[EXPANSIONS.index("harvest")]:
        return []
    entries = ["Farmland: farm action once a turn, build 1 next to yours"]
    if (state.slot_type == ALL_TILE_NAMES.index("scout_cabin")).any():
        entries.append("0o: player 0's scout, theirs until the turn ends")
    if (state.silo_hex != EMPTY).any():
        entries.append("Silo: after the last turn, build or move up to 3 next to it")
    if (state.slot_type == ALL_TILE_NAMES.index("cathedral")).any():
        held = ", ".join(f"{p}: {n}" for p, n in enumerate(state.tokens[: state.num_players]))
        entries.append(f"Village tokens {held}; bank {state.token_bank}")
    rows = [
        f"{r if r < ROWS else f'island {r - ROWS}'} by {p}"
        for r, p in enumerate(state.mayor_row)
        if p != EMPTY
    ]
    if rows:
        entries.append("Mayors rows: " + ", ".join(rows))
    return entries


def _legend(state: State, draw: Any, entries: list[str]) -> None:
    """Terrain swatches, location tiles in play with what they do, and the board marks, under
    the board."""
    font, bold = default_font(13), default_font(14)
    x0 = BOARD_ORIGIN[0]
    y = BOARD_ORIGIN[1] + image_size(ROWS, COLS, HEX_SIZE)[0] + 10
    present = sorted(set(state.terrain.tolist()) - {LOCATION, NOMAD_SPACE})
    x = x0
    for t in present:
        name = terrain_word(t) + (" (build)" if t <= BUILDABLE_MAX else "")
        colour = tuple(int(c) for c in TERRAIN_COLOURS[t])
        draw.rectangle((x, y + 2, x + 14, y + 16), fill=colour, outline=INK)
        draw.text((x + 19, y + 1), name, fill=INK, font=font)
        x += 19 + int(draw.textlength(name, font=font)) + 14
    y += 24
    heading = "Locations (dots = tiles left; build next to one to take a tile):"
    draw.text((x0, y), heading, fill=INK, font=bold)
    y += 19
    for i, text in enumerate(entries):
        col, row = i % 2, i // 2
        draw.text((x0 + 8 + 370 * col, y + LEGEND_LINE * row), text, fill=INK, font=font)
    y += LEGEND_LINE * ((len(entries) + 1) // 2) + 6
    marks = (
        "Yellow outline: can be chosen now.  Pink ring: settlement being moved.  "
        "Castle: 3 gold if you touch it."
    )
    draw.text((x0, y), marks, fill=MUTED, font=font)
