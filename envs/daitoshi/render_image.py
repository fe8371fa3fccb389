"""Daitoshi as a picture (`render_rgb`, the env's rgb_array): the city's 5 districts with their
tiles, workshops, workers and tycoons; the nature tracks with hexes and pilgrims; the market,
Megamachine and cities as text; one panel per seat; the decision, scores and a legend.

Why text in the picture: most of Daitoshi's state is rewards and costs printed on tiles and
cards, which no colour code can carry; the boxes give the layout, the words give the content.
Like the text view it shows public information only (render.py's docstring lists what is
hidden). Drawn with Pillow's scalable default font, so no font file is needed.
"""

from __future__ import annotations

import functools

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from eurogym.envs.core.render import PLAYER_COLOURS
from eurogym.envs.daitoshi.state import BLOCKED, EMPTY, NEUTRAL, P_GAME_OVER, State
from eurogym.envs.daitoshi.tables import (
    ADVISOR_NAMES,
    COLOR_NAMES,
    NATURE_NAMES,
    RESOURCE_NAMES,
    SLOT_NAMES,
)
from eurogym.envs.daitoshi.words import (
    explore_text,
    fx_list,
    fx_text,
    inner_name,
    invention_text,
    mayor_card_text,
)

WIDTH, HEIGHT = 1500, 1120
BACKGROUND = (238, 232, 216)
INK = (30, 30, 30)
PANEL = (250, 247, 238)
TILE_RGB = (214, 196, 160)
ELECTRIC_RGB = (160, 215, 240)
WORKER_RGB = ((60, 110, 230), (50, 170, 70), (235, 200, 30), (210, 50, 40))  # COLOR_NAMES
NATURE_RGB = ((110, 170, 230), (90, 160, 90), (180, 150, 90), (150, 90, 60))
NEUTRAL_RGB = (150, 150, 150)
MAYOR_RGB = (120, 60, 160)


@functools.lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


@functools.lru_cache(maxsize=20000)
def _word_width(word: str, size: int) -> float:
    return float(_font(size).getlength(word))


class _Canvas:
    """A Pillow drawing with word-wrapped text, so every panel reads in a few calls."""

    def __init__(self) -> None:
        self.image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.fonts = {size: _font(size) for size in (12, 14, 16, 20)}

    def text(self, x: int, y: int, text: str, size: int = 14, fill=INK, width: int = 0) -> int:
        """Draw `text` at (x, y), wrapped to `width` pixels if given; returns the next y."""
        font = self.fonts[size]
        lines = self._wrap(text, font, width) if width else [text]
        for line in lines:
            self.draw.text((x, y), line, font=font, fill=fill)
            y += size + 3
        return y

    def _wrap(self, text: str, font, width: int) -> list[str]:
        """Greedy word wrap; word widths are cached (`_word_width`), as measuring every trial
        line took about half the drawing time."""
        size = int(font.size)
        space = _word_width(" ", size)
        lines: list[str] = []
        line, used = "", 0.0
        for word in text.split(" "):
            w = _word_width(word, size)
            if not line or used + space + w <= width:
                line, used = (f"{line} {word}", used + space + w) if line else (word, w)
            else:
                lines.append(line)
                line, used = word, w
        return [*lines, line]

    def box(self, x: int, y: int, w: int, h: int, fill, outline=INK) -> None:
        self.draw.rectangle((x, y, x + w, y + h), fill=tuple(int(v) for v in fill), outline=outline)

    def disc(self, x: int, y: int, r: int, fill, label: str = "") -> None:
        fill = tuple(int(v) for v in fill)
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK)
        if label:
            dark = sum(fill) < 380
            self.draw.text(
                (x, y),
                label,
                font=self.fonts[12],
                fill=(255, 255, 255) if dark else INK,
                anchor="mm",
            )


def _seat_rgb(state: State, p: int) -> tuple[int, int, int]:
    if state.solo and p == 1:
        return MAYOR_RGB
    return tuple(int(v) for v in PLAYER_COLOURS[p])


def _seat_label(state: State, p: int) -> str:
    return "M" if state.solo and p == 1 else str(p)


def render_rgb(state: State) -> np.ndarray:
    """uint8[1120, 1500, 3]: the whole public table (see the module docstring)."""
    from eurogym.envs.daitoshi.render import decision_text, seat_name

    c = _Canvas()
    scores = "   ".join(
        f"{seat_name(state, p)}: {int(state.vp[p])} VP" for p in range(int(state.seats))
    )
    c.text(10, 8, f"DAITOSHI  turn {int(state.turns) + 1}", 20)
    c.text(330, 8, "Decision: " + decision_text(state), 20)
    c.text(330, 34, "Scores: " + scores, 16)
    if state.phase == P_GAME_OVER:
        c.text(10, 34, "GAME OVER", 16, fill=(180, 30, 30))
    elif state.ended:
        c.text(10, 34, "end triggered: last round", 16, fill=(180, 30, 30))
    _city(c, state, 10, 64)
    _nature(c, state, 790, 64)
    y = _market(c, state, 790, 330)
    y = _megamachine(c, state, 790, y + 6)
    _cities(c, state, 790, y + 6)
    _seats(c, state, 10, 640)
    _legend(c, 10, HEIGHT - 62)
    return np.asarray(c.image, np.uint8).copy()


def _city(c: _Canvas, state: State, x0: int, y0: int) -> None:
    col_w, tile_h = 154, 118
    c.text(x0, y0, "CITY (districts clockwise; inner / central / outer tiles)", 16)
    y0 += 24
    for d in range(5):
        x = x0 + d * col_w
        inner = int(state.tile[d, 0])
        colour = int(state.c_tile_color[inner])
        c.box(x, y0, col_w - 8, 56, PANEL)
        name = inner_name(state, inner).replace("Expand/Renovate", "Expand")
        c.text(x + 4, y0 + 2, f"D{d} {name}", 14)
        who = "any" if colour == 4 else COLOR_NAMES[colour]
        c.text(
            x + 4,
            y0 + 22,
            f"workers {who}; explore {explore_text(state, inner)}",
            12,
            width=col_w - 14,
        )
        for ring in range(3):
            y = y0 + 62 + ring * (tile_h + 6)
            tile = int(state.tile[d, ring])
            if tile == EMPTY:
                c.box(x, y, col_w - 8, tile_h, BACKGROUND, outline=(170, 160, 140))
                c.text(
                    x + 4,
                    y + 4,
                    f"{('inner', 'central', 'outer')[ring]}: empty",
                    12,
                    fill=(120, 110, 100),
                )
                continue
            on = bool(state.electrified[d, ring])
            c.box(x, y, col_w - 8, tile_h, ELECTRIC_RGB if on else TILE_RGB)
            c.text(
                x + 4,
                y + 3,
                f"T{tile} {('inner', 'central', 'outer')[ring]}{' *electric' if on else ''}",
                14,
            )
            pay = fx_list(state, state.c_tile_pay[tile, int(on)]).replace("+", "")
            gain = fx_list(state, state.c_tile_ws[tile, int(on)])
            ty = c.text(
                x + 4,
                y + 22,
                f"{'' if pay == 'nothing' else pay + ' -> '}{gain}",
                12,
                width=col_w - 34,
            )
            if not on:
                el = fx_list(state, state.c_tile_el_gain[tile])
                ty = c.text(
                    x + 4,
                    ty,
                    f"elec {int(state.c_tile_el_cost[tile])}E: {el}",
                    12,
                    fill=(40, 70, 120),
                    width=col_w - 14,
                )
            hexes = [h for h in state.tile_hex[d, ring] if h != EMPTY]
            for k, h in enumerate(hexes):
                t = int(state.c_hex_nature[int(h)])
                c.disc(
                    x + 12 + 22 * k, y + tile_h - 12, 9, NATURE_RGB[t], NATURE_NAMES[t][0].upper()
                )
            worker = int(state.ws_worker[d, ring])
            if worker:
                c.box(x + col_w - 30, y + 4, 16, 16, WORKER_RGB[worker - 1])
        ty = y0 + 62 + 3 * (tile_h + 6)
        for k, t in enumerate(t for t in range(len(state.tyc_d)) if state.tyc_d[t] == d):
            rgb = NEUTRAL_RGB if t == NEUTRAL else _seat_rgb(state, t)
            label = "N" if t == NEUTRAL else _seat_label(state, t)
            c.disc(x + 14 + 36 * k, ty + 12, 10, rgb, label)
            c.text(x + 4 + 36 * k, ty + 24, ("left", "mid", "right")[int(state.tyc_s[t])], 12)
        if state.mm_district == d:
            c.box(x, ty + 44, 100, 20, (110, 80, 40))
            c.text(x + 4, ty + 47, "MEGAMACHINE", 12, fill=(255, 255, 255))
            if state.mm_worker:
                c.box(x + 106, ty + 46, 16, 16, WORKER_RGB[int(state.mm_worker) - 1])


def _nature(c: _Canvas, state: State, x0: int, y0: int) -> None:
    cell = 29
    c.text(x0, y0, "NATURE (digit = hexes on the space; mult below; pilgrims under it)", 16)
    y = y0 + 24
    for t in range(4):
        n = int(state.c_nat_len[t])
        c.text(x0, y + 2, NATURE_NAMES[t], 14)
        for s in range(n):
            x = x0 + 100 + s * cell
            k = int(state.track_n[t, s])
            fill = NATURE_RGB[t] if k else PANEL
            c.box(x, y, cell - 3, 22, fill)
            if k:
                c.text(x + 9, y + 3, str(k), 14)
            c.text(x + 6, y + 24, f"x{int(state.c_nat_mult[t, s])}", 12, fill=(90, 80, 70))
        for p in range(int(state.seats)):
            s = int(state.pilgrim[p, t])
            x = x0 + 70 if s == 0 else x0 + 100 + (s - 1) * cell + 13
            c.disc(x + 6 * p - 8, y + 48, 6, _seat_rgb(state, p), "")
        c.text(x0, y + 20, f"discards {int(state.discard_n[t])}", 12)
        y += 62


def _market(c: _Canvas, state: State, x0: int, y0: int) -> int:
    y = c.text(x0, y0, "MARKET (slot: invention, food cost, VP, rows A/B/C)", 16)
    for m in range(5):
        y = c.text(x0, y, f"{m}: {invention_text(state, int(state.market[m]))}", 12, width=690)
    if state.draft.any():
        offer = "; ".join(invention_text(state, int(b), False) for b in np.flatnonzero(state.draft))
        y = c.text(x0, y, f"draft: {offer}", 12, width=690)
    return y


def _megamachine(c: _Canvas, state: State, x0: int, y0: int) -> int:
    board = int(state.mm_board)
    y = c.text(
        x0, y0, f"MEGAMACHINE {board + 1} (base: {fx_list(state, state.c_mm_base[board])})", 16
    )
    w = 112
    for i in range(6):
        inv = int(state.mm_inv[i])
        fill = (120, 120, 120) if inv == BLOCKED else (PANEL if inv == EMPTY else (200, 170, 110))
        c.box(x0 + i * w, y, w - 6, 46, fill)
        status = "blocked" if inv == BLOCKED else ("free" if inv == EMPTY else f"#{inv}")
        c.text(x0 + i * w + 3, y + 2, f"S{i + 1} {status}", 12)
        c.text(x0 + i * w + 3, y + 16, fx_list(state, state.c_mm_space[board, i]), 12, width=w - 10)
    y += 52
    ups = []
    for u in range(3):
        tile = int(state.mm_up_tile[u])
        done = "on" if state.mm_up_done[u] else "off"
        ups.append(f"{'abc'[u]} ({done}): {fx_list(state, state.c_up_gain[tile])}")
    return c.text(x0, y, "upgrades " + " | ".join(ups), 12, width=690)


def _cities(c: _Canvas, state: State, x0: int, y0: int) -> int:
    y = c.text(x0, y0, "CITIES (trade: steam + k lux -> first k rewards; partnership; flags)", 16)
    for j in range(5):
        city = int(state.cities[j])
        rew = ", ".join(fx_text(int(e)) for e in state.c_city_rew[city])
        flags = "".join(_seat_label(state, p) for p in range(int(state.seats)) if state.flag[p, j])
        text = (
            f"{j}: {int(state.c_city_cost[city])} steam -> {rew}; partner: "
            f"{fx_list(state, state.c_city_prew[city])}" + (f"; flags {flags}" if flags else "")
        )
        y = c.text(x0, y, text, 12, width=690)
    return y


def _seats(c: _Canvas, state: State, x0: int, y0: int) -> None:
    seats = int(state.seats)
    w = (WIDTH - 20) // seats
    for p in range(seats):
        x = x0 + p * w
        c.box(x, y0, w - 8, HEIGHT - y0 - 70, PANEL)
        c.disc(x + 14, y0 + 14, 10, _seat_rgb(state, p), _seat_label(state, p))
        mayor = bool(state.solo and p == 1)
        name = "Mayor" if mayor else f"seat {p}"
        active = "  <- decides" if state.actor == p and state.phase != P_GAME_OVER else ""
        c.text(x + 30, y0 + 4, f"{name}: {int(state.vp[p])} VP{active}", 16)
        res = ", ".join(f"{RESOURCE_NAMES[r]} {int(state.res[p, r])}" for r in range(4))
        lines = [
            f"steam {int(state.steam[p])}, wealth {int(state.wealth[p])}, {res}",
            f"rep {int(state.rep[p])}, prestige {int(state.prestige[p])}, "
            f"worm {int(state.worm[p])}, chimney {int(state.chimney[p]):+d}",
            "pilgrims "
            + ", ".join(f"{NATURE_NAMES[t]} {int(state.pilgrim[p, t])}" for t in range(4)),
        ]
        if mayor:
            lines.append(f"card: {mayor_card_text(state, int(state.mayor_card))}")
            slots = " ".join("-" if s == EMPTY else COLOR_NAMES[int(s)] for s in state.mayor_slot)
            lines.append(f"worker slots: {slots}; bribe tile {'unused' if state.bribe else 'used'}")
            record = [
                NATURE_NAMES[int(state.c_hex_nature[int(h)])] for h in state.mayor_rec if h >= 0
            ]
            lines.append(
                f"record: {', '.join(record) or 'empty'}; inventions {int(state.mayor_inv[0])} + "
                f"{int(state.mayor_inv[1])} university; advisors "
                f"{', '.join(ADVISOR_NAMES[i] for i in np.flatnonzero(state.advisor)) or 'none'}"
            )
        else:
            lines.append(
                "workers "
                + ", ".join(f"{COLOR_NAMES[k]} {int(state.workers[p, k])}" for k in range(4))
            )
            lines.append(
                "record "
                + ", ".join(f"{NATURE_NAMES[t]} {int(state.rec_n[p, t])}" for t in range(4))
            )
            flags = [str(j) for j in range(5) if state.flag[p, j]]
            lines.append(f"flags on cities: {', '.join(flags) or 'none'}")
            ops = ("steam engine", "workers", "building costs", "progress")  # tables.OP_*
            conflict = [ops[t] for t in range(4) if state.op_conflict[p, t]]
            lines.append(f"in conflict: {', '.join(conflict) or 'none'}")
        y = y0 + 28
        for line in lines:
            y = c.text(x + 6, y, line, 14, width=w - 20)
        if not mayor:
            for s in range(8):
                inv = int(state.slot_inv[p, s])
                if inv != EMPTY:
                    at = int(state.slot_pos[p, s])
                    text = f"{SLOT_NAMES[s]}: {invention_text(state, inv)} @{at}"
                    y = c.text(x + 6, y, text, 14, width=w - 20)


def _legend(c: _Canvas, x: int, y: int) -> None:
    c.text(
        x,
        y,
        "LEGEND: T<n> district tile (blue = electrified; 'a -> b' workshop cost -> gain; elec = "
        "electrify cost in energy: gain); small squares = workers (blue/green/yellow/red); "
        "numbered discs = tycoons by seat (N neutral, M Mayor) with its space; lettered discs = "
        "hexes (R river, F forest, M mountain, U underground); #<n> invention; S1-S6 Megamachine "
        "spaces; pilgrim dots in seat colours (left of a track = temple); @k progress marker.",
        12,
        width=WIDTH - 60,
    )
