"""Belfort as a picture (`render_rgb`): the public table, labelled, for people watching a game.

Top to bottom: a header naming the month and the decision; the calendar; the five districts
(every site a labelled box in its owner's colour, the guild with its owner, plank worker and
non-player dwarf, the marker count per colour); the collection board (workers in each resource
area, the Recruiter's Desk and King's Camp planks); the cards (column, deck, discard pile,
Trading Post prices); one panel per player (score, resources, workers, hand size, built cards)
and per non-player; a legend. Hand contents are never drawn: the picture is what the whole
table sees. Pillow draws the text (core.render.pil_font).
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from eurogym.envs.belfort.config import SEASONS
from eurogym.envs.belfort.render_text import (
    COLOUR_NAMES,
    area_workers,
    built_words,
    calendar_words,
    cost_lines,
    decision_words,
    district_markers,
    district_sites,
    owner_name,
    owners,
    short_name,
    tax_due,
)
from eurogym.envs.belfort.render_x import expansion_lines
from eurogym.envs.belfort.state import EMPTY, NP_FIRST, P_AREAS, P_GAME_OVER, P_PLACEMENT, State
from eurogym.envs.belfort.tables import (
    AREA_NAMES,
    CAMP_PLANKS,
    MONTHS,
    NUM_DISTRICTS,
    PROPERTY_NAMES,
    RECRUITER_PLANKS,
    RESOURCE_NAMES,
    SCORING_MONTH,
    SEASON_OF_MONTH,
    SITE_GUILD,
    WORKER_KIND_NAMES,
)
from eurogym.envs.belfort.xtables import ALL_GUILD_CATEGORY, ALL_GUILD_NAMES
from eurogym.envs.core.render import PLAYER_COLOURS, pil_font, text_colour

WIDTH = 1280
MARGIN = 10
BACKGROUND = (236, 226, 200)  # parchment
PANEL = (214, 200, 170)
EMPTY_SITE = (226, 214, 188)  # a shade off the panel, far from the white player
INK = (30, 30, 30)
FAINT = (120, 110, 95)
HIGHLIGHT = (255, 200, 40)
GUILD_COLOURS = {"basic": (90, 150, 90), "resource": (200, 150, 60), "interactive": (170, 70, 70)}
SEASON_COLOURS = ((170, 215, 150), (245, 215, 120), (225, 160, 110))
AREA_COLOURS = ((120, 170, 100), (170, 170, 170), (140, 140, 170), (230, 200, 90))

PANEL_W = (WIDTH - (NUM_DISTRICTS + 1) * MARGIN) // NUM_DISTRICTS
SITE_W = (PANEL_W - 3 * 6) // 2
SITE_H = 22
SITE_ROWS = 7
HEADER_H = 78
MONTHS_Y = HEADER_H
MONTHS_H = 40
DISTRICTS_Y = MONTHS_Y + MONTHS_H + MARGIN
DISTRICT_H = 78 + SITE_ROWS * (SITE_H + 4)
COLLECTION_Y = DISTRICTS_Y + DISTRICT_H + MARGIN
COLLECTION_H = 108
CARDS_Y = COLLECTION_Y + COLLECTION_H + MARGIN
CARDS_H = 104  # two rows, then up to three lines of costs
PLAYERS_Y = CARDS_Y + CARDS_H + MARGIN
PLAYER_H = 62
LEGEND_H = 58
X_LINE_H = 20  # one line of the expansion panel


def image_height(state: State) -> int:
    """Pixels: the fixed blocks plus one panel per player (2 players: + 2 non-players), and
    the expansion's panel when it is played."""
    extra = len(expansion_lines(state)) * X_LINE_H + 2 * MARGIN if expansion_lines(state) else 0
    return PLAYERS_Y + len(owners(state)) * (PLAYER_H + 6) + extra + LEGEND_H


Colour = tuple[int, int, int]


def _rgb(colour: Colour | np.ndarray) -> Colour:
    return tuple(int(v) for v in colour)  # type: ignore[return-value]


def owner_tag(owner: int, num_players: int) -> str:
    """'P1', or 'NP3' / 'NP4' for a 2-player game's non-players."""
    return owner_name(owner, num_players).replace("player ", "P")


def owner_colour(owner: int) -> Colour:
    """The fill of a site or plank: its owner's colour, or the empty-site colour."""
    return EMPTY_SITE if owner == EMPTY else _rgb(PLAYER_COLOURS[owner])


class _Canvas:
    """An ImageDraw with the few primitives the layout needs (boxes with labels, chips)."""

    def __init__(self, height: int) -> None:
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def text(self, x: float, y: float, text: str, size: int = 14, fill: Colour = INK) -> float:
        """Write `text` with its top-left at (x, y); returns the x just after it."""
        font = pil_font(size)
        self.draw.text((x, y), text, font=font, fill=fill)
        return x + self.draw.textlength(text, font=font)

    def wrapped(
        self,
        x: float,
        y: float,
        text: str,
        width: float,
        size: int = 13,
        max_lines: int = 3,
        fill: Colour = INK,
    ) -> float:
        """Write `text` wrapped at word boundaries to `width` pixels (continuation lines
        indented); returns the y below the last line."""
        font = pil_font(size)
        line = ""
        lines: list[str] = []
        for word in text.split(" "):
            trial = f"{line} {word}" if line else word
            if line and self.draw.textlength(trial, font=font) > width - (16 if lines else 0):
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
        for i, part in enumerate(lines[:max_lines]):
            self.text(x + (16 if i else 0), y, part, size, fill)
            y += size + 4
        return y

    def box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: Colour,
        outline: Colour = INK,
        width: int = 1,
    ) -> None:
        self.draw.rectangle((x, y, x + w, y + h), fill=fill, outline=outline, width=width)

    def label_box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: Colour,
        label: str,
        right: str = "",
        size: int = 13,
    ) -> None:
        """A box with `label` at its left and `right` at its right, in a legible ink."""
        empty = fill == EMPTY_SITE
        self.box(x, y, w, h, fill, outline=FAINT if empty else INK, width=1 if empty else 2)
        ink = FAINT if empty else text_colour(fill)
        self.text(x + 4, y + (h - size) / 2 - 1, label, size, ink)
        if right:
            tw = self.draw.textlength(right, font=pil_font(size))
            self.text(x + w - tw - 4, y + (h - size) / 2 - 1, right, size, ink)

    def chip(self, x: float, y: float, owner: int, text: str, size: int = 13) -> float:
        """A small box in the owner's colour holding `text`; returns the x after it."""
        w = self.draw.textlength(text, font=pil_font(size)) + 8
        self.label_box(x, y, w, size + 6, owner_colour(owner), text, size=size)
        return x + w + 4


def render_rgb(state: State) -> np.ndarray:
    """uint8[image_height(state), WIDTH, 3]: the labelled picture of the table that the module
    docstring describes (1280 pixels wide)."""
    c = _Canvas(image_height(state))
    _header(c, state)
    _months(c, state)
    for d in range(NUM_DISTRICTS):
        _district(c, state, d)
    _collection(c, state)
    _cards(c, state)
    _players(c, state)
    _expansion(c, state)
    _legend(c, state)
    return np.asarray(c.image, np.uint8).copy()


def _expansion(c: _Canvas, state: State) -> None:
    """The assistants, the permit stack and each player's permits (render_x), as text."""
    lines = expansion_lines(state)
    if not lines:
        return
    y = PLAYERS_Y + len(owners(state)) * (PLAYER_H + 6)
    c.box(MARGIN, y, WIDTH - 2 * MARGIN, len(lines) * X_LINE_H + MARGIN, PANEL, outline=FAINT)
    for i, line in enumerate(lines):
        c.text(MARGIN + 6, y + 4 + i * X_LINE_H, line.strip(), 16 if i == 0 else 13)


def _header(c: _Canvas, state: State) -> None:
    c.box(0, 0, WIDTH - 1, HEADER_H - 6, (60, 50, 40), outline=(60, 50, 40))
    x = c.text(MARGIN, 6, "BELFORT", 22, (255, 230, 160))
    c.text(
        x + 16,
        10,
        f"{calendar_words(state)}   |   gnomes in stock: {int(state.gnome_stock)}",
        16,
        (255, 255, 255),
    )
    colour = HIGHLIGHT if state.phase != P_GAME_OVER else (160, 230, 160)
    x = MARGIN
    if state.phase != P_GAME_OVER:
        x = c.chip(x, 34, int(state.actor), owner_tag(int(state.actor), state.num_players), 14) + 2
    c.wrapped(x, 35, decision_words(state), WIDTH - x - MARGIN, 15, max_lines=2, fill=colour)


def _months(c: _Canvas, state: State) -> None:
    w = (WIDTH - 2 * MARGIN - (MONTHS - 1) * 6) / MONTHS
    for m in range(1, MONTHS + 1):
        x = MARGIN + (m - 1) * (w + 6)
        current = m == state.month
        c.box(
            x,
            MONTHS_Y,
            w,
            MONTHS_H - 6,
            SEASON_COLOURS[SEASON_OF_MONTH[m - 1]],
            outline=INK if not current else (200, 0, 0),
            width=1 if not current else 4,
        )
        label = f"month {m} - {SEASONS[SEASON_OF_MONTH[m - 1]]}"
        c.text(x + 8, MONTHS_Y + 3, label, 14)
        if SCORING_MONTH[m - 1]:
            c.text(x + 8, MONTHS_Y + 18, "scoring at the end", 12, (120, 20, 20))
        if current:
            c.text(x + w - 40, MONTHS_Y + 18, "NOW", 13, (200, 0, 0))


def _district(c: _Canvas, state: State, d: int) -> None:
    x0 = MARGIN + d * (PANEL_W + MARGIN)
    y0 = DISTRICTS_Y
    c.box(x0, y0, PANEL_W, DISTRICT_H, PANEL, outline=FAINT)
    x = c.text(x0 + 6, y0 + 4, f"D{d + 1}", 16) + 6
    x = c.text(x, y0 + 6, "markers" if district_markers(state, d) else "no markers", 12, FAINT) + 4
    for o, n in district_markers(state, d).items():
        x = c.chip(x, y0 + 4, o, f"{owner_tag(o, state.num_players)}:{n}", 12)
    guild = int(state.guild_of[d])
    gy = y0 + 26
    category = ALL_GUILD_CATEGORY[guild]
    c.box(x0 + 6, gy, PANEL_W - 12, 44, (250, 246, 236), outline=GUILD_COLOURS[category], width=3)
    name = ALL_GUILD_NAMES[guild].replace("_", " ").capitalize()
    c.text(x0 + 12, gy + 4, f"{name}' Guild ({category})", 13)
    owner = int(state.owner[SITE_GUILD + d])
    x = c.text(x0 + 12, gy + 23, "owner", 12, FAINT) + 4
    x = c.chip(
        x, gy + 21, owner, "-" if owner == EMPTY else owner_tag(owner, state.num_players), 12
    )
    x = c.text(x + 4, gy + 23, "plank", 12, FAINT) + 4
    worker = int(state.guild_worker[d])
    x = c.chip(
        x, gy + 21, worker, "-" if worker == EMPTY else owner_tag(worker, state.num_players), 12
    )
    for i in range(2):
        if state.np_dwarf[i] == d:
            x = c.chip(x + 4, gy + 21, NP_FIRST + i, f"NP{NP_FIRST + i + 1} dwarf", 12)
    sites = district_sites(d)[:-1]
    for k, site in enumerate(sites):
        col, row = k % 2, k // 2
        sx = x0 + 6 + col * (SITE_W + 6)
        sy = gy + 52 + row * (SITE_H + 4)
        o = int(state.owner[site])
        name = short_name(site).replace("blacksmith", "smith").replace("wall.", "wall ")
        tag = "" if o == EMPTY else owner_tag(o, state.num_players)
        c.label_box(sx, sy, SITE_W, SITE_H, owner_colour(o), name, tag)


def _collection(c: _Canvas, state: State) -> None:
    n = state.num_players
    y0 = COLLECTION_Y
    c.box(MARGIN, y0, WIDTH - 2 * MARGIN, COLLECTION_H, PANEL, outline=FAINT)
    c.text(MARGIN + 6, y0 + 4, "Collection board", 16)
    produce = ("wood (elves)", "stone (dwarves)", "metal (elf+dwarf pairs)", "gold")
    aw = 200
    for a, name in enumerate(AREA_NAMES):
        x = MARGIN + 6 + a * (aw + 8)
        c.box(x, y0 + 26, aw, COLLECTION_H - 32, AREA_COLOURS[a], outline=FAINT)
        c.text(x + 6, y0 + 29, f"{name.replace('_', ' ')}: {produce[a]}", 13)
        row = 0
        for p in range(n):
            words = area_workers(state, p, a).replace("master_", "M.")
            if words:
                c.chip(x + 6, y0 + 48 + row * 19, p, f"P{p}: {words}", 12)
                row += 1
    x = MARGIN + 6 + 4 * (aw + 8) + 10
    c.text(x, y0 + 29, f"Recruiter's Desk (new worker, {int(state.fees[2])} gold)", 13)
    px = x
    for j in range(RECRUITER_PLANKS[n]):
        seat = int(state.recruiter[j])
        race = ("elf", "dwarf")[state.recruiter_race[j]] if seat != EMPTY else "empty"
        who = f"P{seat} {race}" if seat != EMPTY else "empty"
        px = c.chip(px, y0 + 47, seat, f"{j + 1}: {who}", 12)
    c.text(x, y0 + 70, "King's Camp (swap shields, in plank order)", 13)
    px = x
    for j in range(CAMP_PLANKS[n]):
        seat = int(state.camp[j])
        px = c.chip(px, y0 + 87, seat, f"{j + 1}: {f'P{seat}' if seat != EMPTY else 'empty'}", 12)


def _cards(c: _Canvas, state: State) -> None:
    y0 = CARDS_Y
    c.box(MARGIN, y0, WIDTH - 2 * MARGIN, CARDS_H, PANEL, outline=FAINT)
    x = c.text(MARGIN + 6, y0 + 6, "Cards for sale:", 14) + 8
    for i, card in enumerate(state.column):
        name = PROPERTY_NAMES[card] if card != EMPTY else "(empty)"
        c.label_box(x, y0 + 4, 112, 22, (250, 246, 236), f"{i + 1}. {name}")
        x += 118
    x = c.text(x + 6, y0 + 6, f"deck: {int(state.deck_size)} cards", 14) + 20
    discard = ", ".join(f"{PROPERTY_NAMES[t]} {int(n)}" for t, n in enumerate(state.discard) if n)
    c.text(x, y0 + 6, f"discard pile: {discard or 'empty'}", 13)
    season = SEASON_OF_MONTH[max(int(state.month), 1) - 1]
    buy, sell = state.buy_price[season], state.sell_price[season]
    prices = ",  ".join(f"{RESOURCE_NAMES[r]} {int(buy[r])} / {int(sell[r])}" for r in range(3))
    fees = state.fees
    c.text(
        MARGIN + 6,
        y0 + 30,
        f"Trading Post ({SEASONS[season]}, buy / sell in gold): {prices}     gnome hire "
        f"{int(fees[0])} gold,  card {int(fees[1])} gold,  guild plank {int(fees[3])} gold,"
        f"  hand limit {int(fees[4])}",
        13,
    )
    y = y0 + 50
    for line in cost_lines(state):
        y = c.wrapped(MARGIN + 6, y, line, WIDTH - 2 * MARGIN - 12, 13, max_lines=2)


def _players(c: _Canvas, state: State) -> None:
    n = state.num_players
    for row, o in enumerate(owners(state)):
        y = PLAYERS_Y + row * (PLAYER_H + 6)
        acting = o == state.actor and o < n and state.phase != P_GAME_OVER
        c.box(
            MARGIN,
            y,
            WIDTH - 2 * MARGIN,
            PLAYER_H,
            PANEL if not acting else (255, 236, 170),
            outline=INK if not acting else (200, 0, 0),
            width=1 if not acting else 3,
        )
        c.box(MARGIN + 6, y + 6, 40, PLAYER_H - 12, owner_colour(o))
        c.text(MARGIN + 6 + 20 - 4, y + 20, str(o), 18, text_colour(owner_colour(o)))
        if o >= n:
            _non_player(c, state, o, y)
            continue
        title = f"Player {o} ({COLOUR_NAMES[o]})" + ("  - TO DECIDE" if acting else "")
        x = c.text(MARGIN + 54, y + 5, title, 16)
        score = int(state.score[o])
        x = c.text(max(x + 16, 330), y + 5, f"score {score}", 16)
        c.text(x + 12, y + 7, f"(tax {tax_due(state, score)} gold)", 13, FAINT)
        w, s, m, g = (int(v) for v in state.res[o])
        line = (
            f"shield {int(state.shield[o])}{' (down)' if state.shield_down[o] else ''}   "
            f"wood {w}  stone {s}  metal {m}  gold {g}   elves {int(state.elves[o])}  dwarves "
            f"{int(state.dwarves[o])}   hand {int(state.hand[o].sum())} cards"
        )
        placing = state.phase in (P_PLACEMENT, P_AREAS)
        c.text(620, y + 7, line + ("   PASSED" if state.passed[o] and placing else ""), 14)
        avail = ", ".join(
            f"{int(a)} {WORKER_KIND_NAMES[k].replace('_', ' ')}"
            for k, a in enumerate(state.avail[o])
            if a
        )
        built = ", ".join(built_words(state, o)) or "nothing yet"
        c.text(MARGIN + 54, y + 26, f"to place: {avail or 'none'}", 13)
        c.text(MARGIN + 54, y + 43, f"built: {built}", 13)


def _non_player(c: _Canvas, state: State, o: int, y: int) -> None:
    i = o - NP_FIRST
    dwarf = int(state.np_dwarf[i])
    c.text(MARGIN + 54, y + 5, f"{owner_name(o, state.num_players)} (non-player)", 16)
    c.text(330, y + 5, f"score {int(state.score[o])}", 16)
    where = (
        f"on the guild of D{dwarf + 1} ({ALL_GUILD_NAMES[state.guild_of[dwarf]]})"
        if dwarf != EMPTY
        else "not placed yet"
    )
    c.text(MARGIN + 54, y + 30, f"markers left {int(state.np_markers[i])}   dwarf {where}", 13)


def _legend(c: _Canvas, state: State) -> None:
    y = image_height(state) - LEGEND_H + 4
    x = c.text(MARGIN, y, "Legend:", 14) + 8
    for o in owners(state):
        who = f"player {o} ({COLOUR_NAMES[o]})" if o < state.num_players else "non-player"
        x = c.chip(x, y - 2, o, f"{owner_tag(o, state.num_players)} = {who}", 12)
    x = c.chip(x + 8, y - 2, EMPTY, "empty site / plank", 12)
    x += 10
    for category, colour in GUILD_COLOURS.items():
        c.box(x, y, 14, 14, (250, 246, 236), outline=colour, width=3)
        x = c.text(x + 18, y, f"{category} guild", 12) + 10
    c.text(
        MARGIN,
        y + 22,
        "A site box shows the site and whose marker is on it; 'P1:3' next to a district counts"
        " the markers per seat there (a keep counts 2). G1.a / G1.b are the halves of gatehouse"
        " G1 between D1 and D2.",
        12,
    )
    c.text(
        MARGIN,
        y + 38,
        "M.elf / M.dwarf = master workers (collect double). 'built' lists property cards with"
        " gnomes on their locks and workers on their planks. Hands are hidden: only their size"
        " is shown.",
        12,
    )
