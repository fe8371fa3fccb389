"""Caverna: Frantic Fiends picture (rgb_array): a header with the round, the decision and who
makes it and the scores; on the left the action spaces with their goods and occupants, the
round track, the orc event and the reward board; on the right each player's home board (tiles,
furnishings, crops, mine goods, animals, traps, orcs) with goods, dwarfs and orcs below; a
legend at the bottom. Drawn with Pillow's built-in scalable font (no font file needed).
"""

from __future__ import annotations

import functools

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from eurogym.envs.caverna_ff.describe import (
    FURN_TITLES,
    ORC_LETTERS,
    SPACE_TITLES,
    cell_name,
    decision_text,
    describe_in_state,
    goods_text,
    reward_titles,
)
from eurogym.envs.caverna_ff.render_text import (
    ANIMAL_ABBR,
    COLOUR_NAMES,
    TILE_ABBR,
    TRAP_ABBR,
    border_text,
    dwarf_text,
    orc_text,
    phase_name,
    round_harvest,
)
from eurogym.envs.caverna_ff.rules import score_table
from eurogym.envs.caverna_ff.scoring import BREAKDOWN
from eurogym.envs.caverna_ff.state import (
    D_ABSENT,
    O_CAVE,
    O_FOREST,
    O_HELD,
    P_GAME_OVER,
    ST_EVENT,
    State,
)
from eurogym.envs.caverna_ff.tables import (
    BONUS,
    COLS,
    EVENT_HARVEST,
    F_ENTRY,
    FIRST_ANIMAL,
    FOREST,
    GOOD_NAMES,
    HARVEST_NAMES,
    NUM_ANIMALS,
    NUM_ORCS,
    ROWS,
    T_NONE,
    T_ORE_MINE,
)
from eurogym.envs.core.render import PLAYER_COLOURS

# the shared seat colours, then green and orange for caverna_ff_v1's sixth and seventh seats
# (render_text.COLOUR_NAMES)
SEAT_COLOURS = np.concatenate([PLAYER_COLOURS[:5], np.array([(40, 150, 60), (240, 140, 20)])])

CELL_W, CELL_H = 84, 62
BOARD_W = COLS * CELL_W
PANEL_W = BOARD_W + 20
LINE_H = 14  # the panel's 12-px text lines
# Text lines under a board: goods, animals, dwarfs, and orcs and score that may wrap to two
# lines each, plus the Office Room's border cells (E23): with 7 lines the border line was cut off.
PANEL_LINES = 9
PANEL_H = 34 + ROWS * CELL_H + 28 + PANEL_LINES * LINE_H
LEFT_W = 360
HEADER_H = 74
BG = (246, 242, 232)
INK = (25, 25, 25)
FAINT = (110, 100, 90)
TILE_FILL = (
    (58, 110, 52),  # uncovered forest (mountain: ROCK)
    (150, 205, 100),  # meadow
    (215, 185, 110),  # field
    (200, 178, 150),  # cavern
    (165, 150, 135),  # tunnel
    (120, 108, 100),  # deep tunnel
    (125, 130, 165),  # ore mine
    (190, 90, 110),  # ruby mine
)
ROCK = (95, 92, 90)
FURNISHED = (236, 214, 170)
DWELLING = (240, 190, 130)
ORC_RED = (190, 30, 30)
LIGHT_TEXT = {0, 5, 6, 7}  # tiles dark enough for white text


@functools.lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font at `size` px (Pillow >= 10.1), so no font file is needed."""
    return ImageFont.load_default(size=size)


@functools.lru_cache(maxsize=8192)
def _text_w(text: str, size: int) -> float:
    """Width in pixels; cached because measuring is the slowest step of a picture and the same
    words (goods, tile names) recur on every cell and every frame of a replay."""
    return font(size).getlength(text)


def _fit(text: str, width: float, size: int) -> str:
    """`text` cut to `width` pixels, with '..' when cut."""
    if _text_w(text, size) <= width:
        return text
    while text and _text_w(text + "..", size) > width:
        text = text[:-1]
    return text + ".."


def _wrap(text: str, width: float, size: int) -> list[str]:
    """Greedy word wrap to `width` pixels, summing cached word widths (kerning across the
    spaces is ignored: a line may end a pixel or two early)."""
    space = _text_w(" ", size)
    lines: list[str] = []
    words: list[str] = []
    used = 0.0
    for word in text.split(" "):
        w = _text_w(word, size)
        if words and used + space + w > width:
            lines.append(" ".join(words))
            words, used = [], 0.0
        used += (space if words else 0.0) + w
        words.append(word)
    if words:
        lines.append(" ".join(words))
    return lines


def _player_rgb(p: int) -> tuple[int, int, int]:
    return tuple(int(v) for v in SEAT_COLOURS[p])  # type: ignore[return-value]


def _seat_badge(draw: ImageDraw.ImageDraw, x: float, y: float, p: int, size: int = 13) -> float:
    """A disc in the seat's colour with its number; returns its width."""
    r = size // 2 + 2
    draw.ellipse((x, y, x + 2 * r, y + 2 * r), fill=_player_rgb(p), outline=INK)
    text_col = INK if p == 2 else (255, 255, 255)
    draw.text((x + r, y + r), str(p), fill=text_col, font=font(size - 1), anchor="mm")
    return 2 * r + 3


def _cell_fill(state: State, p: int, c: int) -> tuple[int, int, int]:
    t = int(state.tile[p, c])
    if t == T_NONE:
        return TILE_FILL[0] if FOREST[c] else ROCK
    f = int(state.furn[p, c])
    if f:
        return DWELLING if f - 1 == F_ENTRY or "dwelling" in FURN_TITLES[f - 1] else FURNISHED
    return TILE_FILL[t]


def _active_orc(state: State) -> tuple[int, int] | None:
    """(seat, orc) of the orc event step being resolved, or None."""
    if int(state.ev) < 0 or int(state.stage) != ST_EVENT or int(state.ev_letter) >= NUM_ORCS:
        return None
    seat = (int(state.start_player) + int(state.ev_seat)) % int(state.num_players)
    return seat, int(state.ev_letter)


def _draw_cell(draw: ImageDraw.ImageDraw, state: State, p: int, c: int, x: int, y: int) -> None:
    t = int(state.tile[p, c])
    fill = _cell_fill(state, p, c)
    draw.rectangle((x, y, x + CELL_W, y + CELL_H), fill=fill, outline=(60, 50, 40))
    pasture = int(state.pasture[p, c])
    if pasture:
        draw.rectangle(
            (x + 2, y + 2, x + CELL_W - 2, y + CELL_H - 2), outline=(120, 70, 20), width=3
        )
    light = t in LIGHT_TEXT and not int(state.furn[p, c])
    ink = (245, 245, 245) if light else INK
    name = TILE_ABBR[t] or ("forest" if FOREST[c] else "rock")
    if pasture:
        name += f" P{pasture}"
    draw.text((x + 4, y + 2), name, fill=ink, font=font(12))
    draw.text((x + CELL_W - 3, y + CELL_H - 2), cell_name(c), fill=ink, font=font(9), anchor="rd")
    if state.stable[p, c]:
        draw.rectangle((x + CELL_W - 22, y + 3, x + CELL_W - 4, y + 17), fill=(150, 90, 40))
        draw.text((x + CELL_W - 13, y + 10), "St", fill=(255, 255, 255), font=font(11), anchor="mm")
    orcs = [
        o
        for o in range(NUM_ORCS)
        if int(state.orc_state[p, o]) in (O_FOREST, O_HELD, O_CAVE)
        and int(state.orc_cell[p, o]) == c
    ]
    f = int(state.furn[p, c])
    second = ""
    if f:
        second = FURN_TITLES[f - 1] if f - 1 != F_ENTRY else "entry dwelling"
    elif state.crop[p, c]:
        second = f"{int(state.crop[p, c])} {'vegetable' if state.crop_kind[p, c] else 'grain'}"
    elif state.mine_goods[p, c]:
        k = int(state.mine_goods[p, c])
        second = f"{k} {'ore' if t == T_ORE_MINE else 'ruby'} on it"
    elif t == T_NONE and BONUS[c].any() and not state.trap[p, c]:
        second = f"bonus +{goods_text(BONUS[c])}"
    lines = _wrap(second, CELL_W - 8, 11)
    if len(lines) > 1:  # the second line must leave room for the orc discs
        lines = [lines[0], _fit(" ".join(lines[1:]), CELL_W - 8 - 26 * len(orcs), 11)]
    for k, line in enumerate(lines):
        draw.text((x + 4, y + 17 + 12 * k), line, fill=ink, font=font(11))
    animals = " ".join(
        f"{int(state.animal_at[p, c, a])}{ANIMAL_ABBR[a]}"
        for a in range(NUM_ANIMALS)
        if state.animal_at[p, c, a]
    )
    if animals:
        draw.text((x + 4, y + CELL_H - 15), animals, fill=ink, font=font(12))
    trap = int(state.trap[p, c])
    if trap:
        active = int(state.trap_active[p, c])
        label = _fit(
            TRAP_ABBR[trap - 1] + ("" if active else " (off)"), CELL_W - 12 - 26 * len(orcs), 11
        )
        w = _text_w(label, 11) + 6
        draw.rectangle((x + 3, y + CELL_H - 31, x + 3 + w, y + CELL_H - 18), fill=(30, 30, 30))
        draw.text((x + 6, y + CELL_H - 30), label, fill=(255, 220, 80), font=font(11))
    for k, o in enumerate(orcs):
        ox = x + CELL_W - 26 - 26 * k
        oy = y + CELL_H - 27
        held = int(state.orc_state[p, o]) == O_HELD
        if _active_orc(state) == (p, o):
            draw.ellipse((ox - 5, oy - 5, ox + 29, oy + 29), outline=(255, 255, 0), width=4)
        draw.ellipse(
            (ox, oy, ox + 24, oy + 24),
            fill=ORC_RED,
            outline=(255, 220, 80) if held else INK,
            width=2,
        )
        draw.text(
            (ox + 12, oy + 12),
            f"{ORC_LETTERS[o]}{int(state.orc_str[p, o])}",
            fill=(255, 255, 255),
            font=font(11),
            anchor="mm",
        )


def _draw_player(
    draw: ImageDraw.ImageDraw, state: State, p: int, x: int, y: int, scores: np.ndarray
) -> None:
    actor = int(state.actor) == p and int(state.phase) != P_GAME_OVER
    draw.rectangle(
        (x, y, x + PANEL_W - 6, y + PANEL_H - 6),
        fill=(255, 252, 244),
        outline=_player_rgb(p) if p != 2 else INK,
        width=4 if actor else 2,
    )
    bx = x + 8
    w = _seat_badge(draw, bx, y + 6, p, 15)
    title = f"Player {p} ({COLOUR_NAMES[p]})  {int(scores[p].sum())} points"
    if int(state.start_player) == p:
        title += "  - start player"
    if actor:
        title += "  - deciding"
    draw.text((bx + w, y + 8), title, fill=INK, font=font(16))
    by = y + 32
    for c in range(ROWS * COLS):
        r, col = divmod(c, COLS)
        _draw_cell(draw, state, p, c, bx + col * CELL_W, by + r * CELL_H)
    # the forest / mountain divide and the cave entrance
    mid = bx + 3 * CELL_W
    draw.line((mid, by, mid, by + ROWS * CELL_H), fill=INK, width=3)
    ty = by + ROWS * CELL_H + 6
    for line in panel_lines(state, p, scores)[:PANEL_LINES]:
        draw.text((bx, ty), line, fill=INK, font=font(12))
        ty += LINE_H


def panel_lines(state: State, p: int, scores: np.ndarray) -> list[str]:
    """The text lines under p's board, wrapped to the panel's width; the panel has room for
    PANEL_LINES of them (tests check a crowded Office Room board fits)."""
    goods = goods_text(state.res[p, :FIRST_ANIMAL])
    animals = goods_text(
        np.concatenate([np.zeros(FIRST_ANIMAL, np.int64), state.res[p, FIRST_ANIMAL:]])
    )
    texts = [
        f"Goods: {goods}",
        f"Animals: {animals}; begging markers {int(state.begging[p])}",
        "Dwarfs: "
        + "; ".join(
            dwarf_text(state, p, d)
            for d in range(len(state.dwarf[p]))
            if state.dwarf[p, d] != D_ABSENT
        ),
        "Orcs: " + "; ".join(orc_text(state, p, o) for o in range(NUM_ORCS)),
        "Score: "
        + ", ".join(
            f"{n.replace('_', ' ')} {int(v)}"
            for n, v in zip(BREAKDOWN, scores[p], strict=True)
            if v
        ),
        *border_text(state, p),  # the Office Room's border cells (E23), when used
    ]
    return [line for text in texts for line in _wrap(text, PANEL_W - 24, 12)]


def _draw_spaces(draw: ImageDraw.ImageDraw, state: State, x: int, y: int) -> int:
    draw.text((x, y), "Action spaces (goods waiting; disc = occupant)", fill=INK, font=font(15))
    y += 22
    for s in np.flatnonzero(state.space_open):
        occ = int(state.occupant[s])
        draw.rectangle(
            (x, y, x + LEFT_W - 20, y + 19),
            fill=(232, 222, 200) if occ < 0 else (215, 205, 185),
            outline=(190, 180, 160),
        )
        draw.text((x + 4, y + 3), _fit(SPACE_TITLES[s], 170, 12), fill=INK, font=font(12))
        goods = goods_text(state.accum[s]) if state.accum[s].any() else ""
        draw.text((x + 176, y + 3), _fit(goods, LEFT_W - 230, 12), fill=(90, 60, 20), font=font(12))
        if occ >= 0:
            _seat_badge(draw, x + LEFT_W - 42, y + 1, occ, 12)
        y += 21
    return y


def _draw_rounds(draw: ImageDraw.ImageDraw, state: State, x: int, y: int) -> int:
    draw.text((x, y), "Round track (orc = orc event round)", fill=INK, font=font(15))
    y += 20
    rounds = int(state.rounds)
    box = (LEFT_W - 20) // 12
    for r in range(rounds):
        bx = x + r * box
        current = r + 1 == int(state.round)
        marker = int(state.marker[r])
        fill = (200, 60, 60) if marker == 1 else (225, 215, 195)
        if r < int(state.round) - 1:
            fill = tuple(int(v * 0.75) for v in fill)
        draw.rectangle(
            (bx, y, bx + box - 2, y + 22), fill=fill, outline=INK, width=3 if current else 1
        )
        draw.text((bx + box // 2, y + 11), str(r + 1), fill=INK, font=font(12), anchor="mm")
    y += 26
    card = int(state.card[int(state.round) - 1]) if int(state.round) >= 1 else -1
    if card >= 0:
        draw.text(
            (x, y),
            _fit(f"New this round: {SPACE_TITLES[card]}", LEFT_W - 20, 12),
            fill=INK,
            font=font(12),
        )
        y += 15
    harvest = HARVEST_NAMES[round_harvest(state)]
    draw.text((x, y), f"Harvest after this round: {harvest}", fill=INK, font=font(12))
    y += 15
    left = int(state.markers_left.sum())
    draw.text(
        (x, y),
        f"Orc events done {int(state.events_done)}/4; hidden markers left {left} "
        f"({int(state.markers_left[1])} orc)",
        fill=INK,
        font=font(12),
    )
    return y + 20


def _draw_event(draw: ImageDraw.ImageDraw, state: State, x: int, y: int) -> int:
    ev = int(state.ev)
    if ev < 0 or int(state.stage) != ST_EVENT:
        return y
    draw.rectangle((x, y, x + LEFT_W - 20, y + 112), fill=(255, 225, 215), outline=ORC_RED, width=2)
    draw.text((x + 6, y + 4), f"Orc event {ev + 1} of 4", fill=ORC_RED, font=font(15))
    deck = int(state.p_event_deck[ev])
    texts = [
        f"bribe: 1 {GOOD_NAMES[int(state.bribe_good[ev])]} = -1 strength; "
        f"push: {goods_text(state.p_push_cost[ev])}",
        f"movement deck {deck}; harvest after: {HARVEST_NAMES[EVENT_HARVEST[ev]]}",
    ]
    letter = int(state.ev_letter)
    if letter < NUM_ORCS:
        n = int(state.num_players)
        seat = (int(state.start_player) + int(state.ev_seat)) % n
        card = int(state.ev_card)
        steps = "none"
        if card >= 0:
            names = ("up", "down", "left", "right")
            steps = ", ".join(names[int(d)] for d in state.p_card_steps[deck - 1, card] if d >= 0)
        texts.append(
            f"active: player {seat}'s orc {ORC_LETTERS[letter]}: "
            f"{orc_text(state, seat, letter)[2:]}"
        )
        texts.append(f"movement card: {steps}; pushed: {'yes' if int(state.ev_pushed) else 'no'}")
    ty = y + 24
    for text in texts:
        for line in _wrap(text, LEFT_W - 34, 12):
            draw.text((x + 6, ty), line, fill=INK, font=font(12))
            ty += 14
    return y + max(118, ty - y + 6)


def _draw_rewards(draw: ImageDraw.ImageDraw, state: State, x: int, y: int) -> int:
    draw.text((x, y), "Reward board (columns 1-4; disc = taken)", fill=INK, font=font(15))
    y += 20
    w = (LEFT_W - 20) // 4
    titles = reward_titles(state)  # 4 per row: 4 rows in v0, up to 5 in v1 (B2 step 5)
    for r, title in enumerate(titles):
        row, col = divmod(r, 4)
        bx, by = x + col * w, y + row * 22
        taken = int(state.reward_taken[r])
        draw.rectangle(
            (bx, by, bx + w - 2, by + 20),
            fill=(220, 230, 240) if not taken else (180, 185, 190),
            outline=(150, 160, 170),
        )
        draw.text(
            (bx + 3, by + 4),
            _fit(title.split(" (")[0], w - (24 if taken else 6), 11),
            fill=INK,
            font=font(11),
        )
        if taken:
            _seat_badge(draw, bx + w - 22, by + 2, taken - 1, 11)
    return y + len(titles) // 4 * 22 + 6


def _draw_header(draw: ImageDraw.ImageDraw, state: State, width: int, scores: np.ndarray) -> None:
    draw.rectangle((0, 0, width, HEADER_H), fill=(60, 45, 35))
    light = (250, 240, 220)
    head = (
        f"Caverna: Frantic Fiends   round {int(state.round)} of {int(state.rounds)}   "
        f"{phase_name(state)}"
    )
    draw.text((12, 8), head, fill=light, font=font(20))
    if int(state.phase) == P_GAME_OVER:
        best = int(scores.sum(axis=1).max())
        winners = ", ".join(
            f"player {p}" for p in range(len(scores)) if int(scores[p].sum()) == best
        )
        decision = f"Game over - winner: {winners} with {best} points"
    else:
        actor = int(state.actor)
        decision = f"Decision by player {actor} ({COLOUR_NAMES[actor]}): {decision_text(state)}"
    draw.text((12, 38), _fit(decision, width - 380, 15), fill=(255, 220, 120), font=font(15))
    x = width - 12
    for p in reversed(range(len(scores))):
        text = f"{int(scores[p].sum())}"
        tw = _text_w(text, 18)
        draw.text((x - tw, 40), text, fill=light, font=font(18))
        x -= tw + 4
        x -= _seat_badge(draw, x - 22, 38, p, 15) + 10
    draw.text((width - 12, 10), "scores", fill=light, font=font(13), anchor="ra")


LEGEND_LINES = (
    "Cells a1-f4 (a-c forest, d-f mountain, thick line between; rows 1-4; the Office Room's "
    "border, listed under the board: rows 0/5, columns z/g). Tile name top-left; "
    "P1/P2 = small/large pasture (brown fence); St = stable; in the middle a furnishing, crop, "
    "goods on a mine or the bonus for covering the cell;",
    "animals at the bottom (sh sheep, bo boar, ca cattle, do donkey, dg dog); black label = "
    "trap; red disc = hostile orc with letter and strength (thin yellow ring = held by a trap, "
    "thick = the orc the event is moving). Dwarfs: w = weapon strength, @ = space this round.",
    "Coloured discs: players 0 red, 1 blue, 2 white, 3 black, 4 purple, 5 green, 6 orange. "
    "Thick border = the player deciding now.",
    "Trap labels (off = sprung): Spear, Cave-In, Net, Trapdoor; v1 also Snare, StoneTr = Stone "
    "Trap, PoisFood = Poisoned Food, Steel, Bear, Explosive, Arrows = Poisoned Arrows, Perman "
    "= Permanent Trap (never sprung).",
)


def _choice_lines(state: State, width: float) -> list[str]:
    """The legal actions in words, wrapped; at most 8 lines (the rest counted)."""
    legal = [int(a) for a in np.flatnonzero(state.mask)]
    if not legal:
        return []
    text = f"Choices ({len(legal)}): " + "; ".join(describe_in_state(state, a) for a in legal)
    lines = _wrap(text, width, 13)
    if len(lines) > 8:
        lines = lines[:7] + ["... and more (see the text view)"]
    return lines


def render_rgb(state: State) -> np.ndarray:
    """uint8[H, W, 3]: the whole public state as a labelled picture (module docstring)."""
    n = int(state.num_players)
    per_row = 1 if n == 1 else 2
    rows = (n + per_row - 1) // per_row
    width = LEFT_W + per_row * PANEL_W + 10
    scores = score_table(state)
    # the left column first: its length decides the body height
    left = Image.new("RGB", (LEFT_W, 2000), BG)
    ldraw = ImageDraw.Draw(left)
    y = _draw_spaces(ldraw, state, 10, 8) + 8
    y = _draw_rounds(ldraw, state, 10, y) + 4
    y = _draw_event(ldraw, state, 10, y) + 4
    y = _draw_rewards(ldraw, state, 10, y)
    body = max(rows * PANEL_H + 6, y + 4)
    choices = _choice_lines(state, width - 20)
    legend = [part for line in LEGEND_LINES for part in _wrap(line, width - 20, 12)]
    height = HEADER_H + body + 8 + 16 * len(choices) + 6 + 15 * len(legend) + 6
    image = Image.new("RGB", (width, height), BG)
    image.paste(left.crop((0, 0, LEFT_W, y + 4)), (0, HEADER_H))
    draw = ImageDraw.Draw(image)
    _draw_header(draw, state, width, scores)
    for p in range(n):
        r, c = divmod(p, per_row)
        _draw_player(draw, state, p, LEFT_W + c * PANEL_W, HEADER_H + 6 + r * PANEL_H, scores)
    ly = HEADER_H + body + 4
    draw.line((0, ly - 2, width, ly - 2), fill=FAINT)
    for line in choices:
        draw.text((10, ly), line, fill=(20, 60, 120), font=font(13))
        ly += 16
    ly += 6
    for line in legend:
        draw.text((10, ly), line, fill=INK, font=font(12))
        ly += 15
    return np.asarray(image, np.uint8).copy()
