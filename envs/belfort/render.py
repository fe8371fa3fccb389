"""Belfort renderers: a plain-text status of the city and the players, and an RGB picture.

Both show only public information (spec Appendix F): the cards in a hand and the setup
discards are never shown, only how many cards each player holds (public at the table), and
the deck order never. Marker owners are seat glyphs 0-4; in a 2-player game the non-players
NP3 / NP4 are owner ids 2 and 3, drawn with those glyphs and colours.
"""

from __future__ import annotations

import numpy as np

from eurogym.envs.belfort.config import SEASONS
from eurogym.envs.belfort.state import EMPTY, MAX_PLAYERS, NP_FIRST, P_GAME_OVER, PHASE_NAMES, State
from eurogym.envs.belfort.tables import (
    AREA_NAMES,
    CAMP_PLANKS,
    GUILD_CATEGORY,
    GUILD_NAMES,
    MONTHS,
    NUM_DISTRICTS,
    NUM_SINGLE,
    NUM_SITES,
    PROPERTY_NAMES,
    RECRUITER_PLANKS,
    SEASON_OF_MONTH,
    SITE_GATE,
    SITE_GUILD,
    SITE_KEEP,
    SITE_WALL,
    WORKER_KIND_NAMES,
    site_name,
)
from eurogym.envs.core.render import OUTLINE, PLAYER_COLOURS, PLAYER_GLYPHS

# ---------------------------------------------------------------------------------- text


def render_ansi(state: State) -> str:
    """The game as text: a turn line, one block per district, the collection board and the
    cards on display, then one block per player (and per non-player in a 2-player game).

    A site shows its owner's glyph or '.' when empty, e.g. `pub:1 keep:. G1.a:0`.
    """
    lines = [_turn_line(state)]
    for d in range(NUM_DISTRICTS):
        lines.extend(_district_lines(state, d))
    lines.append(_collection_line(state))
    lines.append(_cards_line(state))
    for seat in range(state.num_players):
        lines.extend(_player_lines(state, seat))
    if state.num_players == 2:
        lines.extend(_non_player_line(state, i) for i in range(2))
    return "\n".join(lines)


def _glyph(owner: int) -> str:
    return "." if owner == EMPTY else PLAYER_GLYPHS[owner]


def season_name(month: int) -> str:
    """'spring' / 'summer' / 'autumn', or 'setup' before month 1."""
    return SEASONS[SEASON_OF_MONTH[month - 1]] if month >= 1 else "setup"


def _turn_line(state: State) -> str:
    phase = int(state.phase)
    parts = [f"month {state.month} ({season_name(state.month)})", f"phase {PHASE_NAMES[phase]}"]
    if phase != P_GAME_OVER:
        parts.append(f"player {_glyph(state.actor)} to act")
        parts.append(f"turn of player {_glyph(state.turn_player)}")
    parts.append(f"gnome stock {state.gnome_stock}")
    return " | ".join(parts)


def district_sites(d: int) -> list[int]:
    """The sites counted in district d: its 8 single symbols, Keep section, the two
    Gatehouse halves on its side, its 2 walls and its guild spot."""
    gate_halves = [SITE_GATE + 2 * d, SITE_GATE + 2 * ((d - 1) % NUM_DISTRICTS) + 1]
    return [
        *range(d * NUM_SINGLE, (d + 1) * NUM_SINGLE),
        SITE_KEEP + d,
        *gate_halves,
        SITE_WALL + 2 * d,
        SITE_WALL + 2 * d + 1,
        SITE_GUILD + d,
    ]


def _short_name(site: int) -> str:
    """A site's name without its district ('pub', 'keep', 'wall.1'); Gatehouse halves keep
    their gatehouse name ('G5.b'), which says which neighbour they border."""
    name = site_name(site)
    return name if SITE_GATE <= site < SITE_WALL else name.split(".", 1)[1]


def _district_lines(state: State, d: int) -> list[str]:
    guild = int(state.guild_of[d])
    head = f"D{d + 1} guild {GUILD_NAMES[guild]} ({GUILD_CATEGORY[guild]})"
    head += f" owner {_glyph(state.owner[SITE_GUILD + d])}"
    head += f" plank {_glyph(state.guild_worker[d])}"
    for i in range(2):
        if state.np_dwarf[i] == d:
            head += f" NP{NP_FIRST + i + 1} dwarf"
    cells = [f"{_short_name(s)}:{_glyph(state.owner[s])}" for s in district_sites(d)[:-1]]
    return [head, "   " + " ".join(cells)]


def _collection_line(state: State) -> str:
    n = state.num_players
    recruiters = [
        f"{_glyph(state.recruiter[j])}"
        + (f"({('elf', 'dwarf')[state.recruiter_race[j]]})" if state.recruiter[j] != EMPTY else "")
        for j in range(RECRUITER_PLANKS[n])
    ]
    camp = [_glyph(state.camp[j]) for j in range(CAMP_PLANKS[n])]
    return f"recruiter's desk: {' '.join(recruiters)} | king's camp: {' '.join(camp)}"


def _cards_line(state: State) -> str:
    column = [PROPERTY_NAMES[c] if c != EMPTY else "-" for c in state.column]
    discard = [f"{PROPERTY_NAMES[t]} {c}" for t, c in enumerate(state.discard) if c]
    return (
        f"column: {', '.join(column)} | deck {state.deck_size} cards"
        f" | discard: {', '.join(discard) or '-'}"
    )


def _player_lines(state: State, seat: int) -> list[str]:
    mark = "*" if seat == state.actor and state.phase != P_GAME_OVER else " "
    w, s, m, g = (int(v) for v in state.res[seat])
    avail = " ".join(f"{WORKER_KIND_NAMES[k]} {a}" for k, a in enumerate(state.avail[seat]) if a)
    head = (
        f"player {PLAYER_GLYPHS[seat]}{mark} score {state.score[seat]} | W{w} S{s} M{m} G{g}"
        f" | elves {state.elves[seat]} dwarves {state.dwarves[seat]}"
        f" | shield {state.shield[seat]}{' (down)' if state.shield_down[seat] else ''}"
        f" | hand {int(state.hand[seat].sum())} cards{' | passed' if state.passed[seat] else ''}"
    )
    built = [
        f"{PROPERTY_NAMES[t]} x{state.built[seat, t]}"
        + (f" gnomes {state.gnomes[seat, t]}" if state.gnomes[seat, t] else "")
        + (f" on plank {state.on_plank[seat, t]}" if state.on_plank[seat, t] else "")
        for t in np.flatnonzero(state.built[seat])
    ]
    areas = [
        f"{AREA_NAMES[a]} {int(state.area[seat, a].sum())}"
        for a in range(len(AREA_NAMES))
        if state.area[seat, a].any()
    ]
    return [
        head,
        f"   to place: {avail or '-'} | areas: {', '.join(areas) or '-'}",
        f"   built: {', '.join(built) or '-'}",
    ]


def _non_player_line(state: State, i: int) -> str:
    owner = NP_FIRST + i
    dwarf = int(state.np_dwarf[i])
    where = f"D{dwarf + 1}" if dwarf != EMPTY else "-"
    return (
        f"NP{owner + 1} ({PLAYER_GLYPHS[owner]}) score {state.score[owner]}"
        f" | markers left {state.np_markers[i]} | dwarf at {where}"
    )


# --------------------------------------------------------------------------------- image

CELL = 14  # site square side in pixels
GAP = 4
PITCH = CELL + GAP
PANEL_COLS, PANEL_ROWS = 4, 5
PANEL_W, PANEL_H = PANEL_COLS * PITCH + GAP, PANEL_ROWS * PITCH + GAP
BAR_H = 8
BACKGROUND = (236, 226, 200)  # parchment
PANEL = (205, 190, 160)
EMPTY_SITE = (175, 165, 150)
GUILD_COLOURS = {"basic": (90, 150, 90), "resource": (200, 150, 60), "interactive": (160, 70, 70)}
WIDTH = NUM_DISTRICTS * PANEL_W + (NUM_DISTRICTS + 1) * GAP


def _site_cells() -> np.ndarray:
    """int64[NUM_SITES, 4]: (x, y, w, h) of each site's square in the image.

    Panel d shows district d: row 0 the guild spot (then its plank worker, then an NP Dwarf),
    rows 1-2 the 8 single symbols, row 3 the Keep (two cells wide, it fills 2 symbols) and
    the two Gatehouse halves on this side, row 4 the two walls.
    """
    cells = np.zeros((NUM_SITES, 4), np.int64)
    for d in range(NUM_DISTRICTS):
        x0, y0 = GAP + d * (PANEL_W + GAP) + GAP, 2 * GAP
        sites = district_sites(d)
        places = [(k % 4, 1 + k // 4, 1) for k in range(NUM_SINGLE)]
        places += [(0, 3, 2), (2, 3, 1), (3, 3, 1), (0, 4, 1), (1, 4, 1), (0, 0, 1)]
        for site, (col, row, span) in zip(sites, places, strict=True):
            cells[site] = (x0 + col * PITCH, y0 + row * PITCH, span * PITCH - GAP, CELL)
    return cells


SITE_CELLS = _site_cells()
BOARD_H = 2 * GAP + PANEL_H + GAP
COLLECTION_Y = BOARD_H + GAP
BARS_Y = COLLECTION_Y + CELL + 2 * GAP
HEIGHT = BARS_Y + MAX_PLAYERS * (BAR_H + 2) + GAP  # 2 players + 2 NPs also fit


Colour = tuple[int, int, int] | np.ndarray


def _rect(
    image: np.ndarray,
    x: int,
    y: int,
    w: int,
    h: int,
    colour: Colour,
    outline: Colour | None = OUTLINE,
) -> None:
    """A filled rectangle with a 1-pixel outline (so equal colours stay apart)."""
    if outline is not None:
        image[y - 1 : y + h + 1, x - 1 : x + w + 1] = outline
    image[y : y + h, x : x + w] = colour


def _owner_colour(owner: int) -> Colour:
    return EMPTY_SITE if owner == EMPTY else PLAYER_COLOURS[owner]


def render_rgb(state: State) -> np.ndarray:
    """uint8[HEIGHT, WIDTH, 3]: the five districts as a row of panels (each site a square in
    its owner's PLAYER_COLOURS, empty sites grey; guild spots framed in their category colour
    with the plank worker and any NP Dwarf beside them), the Recruiter's Desk and King's Camp
    planks and the calendar (current month dark) below, then one score bar per colour."""
    image = np.empty((HEIGHT, WIDTH, 3), np.uint8)
    image[...] = BACKGROUND
    for d in range(NUM_DISTRICTS):
        _rect(image, GAP + d * (PANEL_W + GAP), GAP, PANEL_W, PANEL_H, PANEL, outline=None)
    for site in range(NUM_SITES):
        x, y, w, h = SITE_CELLS[site]
        _rect(image, x, y, w, h, _owner_colour(int(state.owner[site])))
    for d in range(NUM_DISTRICTS):
        _draw_guild(state, image, d)
    _draw_collection(state, image)
    _draw_calendar(state, image)
    _draw_scores(state, image)
    return image


def _draw_guild(state: State, image: np.ndarray, d: int) -> None:
    x, y, w, h = SITE_CELLS[SITE_GUILD + d]
    frame = GUILD_COLOURS[GUILD_CATEGORY[int(state.guild_of[d])]]
    image[y - 1 : y + h + 1, x - 1 : x + 1] = frame  # a thick left edge names the category
    image[y - 1 : y + h + 1, x + w - 1 : x + w + 1] = frame
    worker = int(state.guild_worker[d])
    if worker != EMPTY:
        _rect(image, x + PITCH + 3, y + 3, CELL - 6, CELL - 6, PLAYER_COLOURS[worker])
    for i in range(2):
        if state.np_dwarf[i] == d:
            _rect(image, x + 2 * PITCH + 3, y + 3, CELL - 6, CELL - 6, PLAYER_COLOURS[NP_FIRST + i])


def _draw_collection(state: State, image: np.ndarray) -> None:
    """Recruiter's Desk planks, a gap, then the King's Camp planks (only those in use)."""
    n = state.num_players
    planks = [int(state.recruiter[j]) for j in range(RECRUITER_PLANKS[n])]
    planks += [None] + [int(state.camp[j]) for j in range(CAMP_PLANKS[n])]
    for i, seat in enumerate(planks):
        if seat is not None:
            _rect(image, 2 * GAP + i * PITCH, COLLECTION_Y, CELL, CELL, _owner_colour(seat))


def _draw_calendar(state: State, image: np.ndarray) -> None:
    """Seven month squares at the right, the current month filled dark."""
    for m in range(1, MONTHS + 1):
        x = WIDTH - 2 * GAP - (MONTHS - m + 1) * PITCH
        colour = OUTLINE if m == state.month else PANEL
        _rect(image, x, COLLECTION_Y, CELL, CELL, colour)


def _draw_scores(state: State, image: np.ndarray) -> None:
    """One bar per scoring colour, length score / max(100, best score) of the width."""
    owners = list(range(state.num_players))
    if state.num_players == 2:
        owners += [NP_FIRST, NP_FIRST + 1]
    scores = [int(state.score[o]) for o in owners]
    full = WIDTH - 4 * GAP
    top = max(100, *scores)
    for row, (owner, score) in enumerate(zip(owners, scores, strict=True)):
        y = BARS_Y + row * (BAR_H + 2)
        _rect(image, 2 * GAP, y, full, BAR_H, PANEL, outline=None)
        length = round(full * max(score, 0) / top)
        if length:
            _rect(image, 2 * GAP, y, length, BAR_H, PLAYER_COLOURS[owner])
