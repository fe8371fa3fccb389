"""Daitoshi renderers: a plain-text status of the city, nature, market and players, and an RGB
picture. Both show only public information (§19): piles below their visible top, the Mayor deck
and the hexes still on the tracks are shown only as counts."""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.render import OUTLINE, PLAYER_COLOURS
from eurogym.envs.daitoshi.effects import is_mayor
from eurogym.envs.daitoshi.state import EMPTY, NEUTRAL, P_GAME_OVER, PHASE_NAMES, State
from eurogym.envs.daitoshi.tables import (
    ACTION_NAMES,
    COLOR_NAMES,
    INVENTION_TYPES,
    NATURE_NAMES,
    RESOURCE_NAMES,
    SLOT_NAMES,
    SPACE_NAMES,
)

TILE_ACTIONS = (*ACTION_NAMES[:4], "-", "joker")
WORKER_RGB = np.array([(60, 110, 230), (50, 170, 70), (230, 200, 40), (210, 50, 40)], np.uint8)
NEUTRAL_RGB = (150, 150, 150)

# ---------------------------------------------------------------------------------- text


def render_ansi(state: State) -> str:
    """The game as text: a turn line, one line per district (rings, workers, tycoons), the
    nature tracks, the market and cities, then one block per seat."""
    lines = [_turn_line(state)]
    lines += [_district_line(state, d) for d in range(5)]
    for t in range(4):
        spaces = "".join(str(int(k)) for k in state.track_n[t, : state.c_nat_len[t]])
        lines.append(f"  {NATURE_NAMES[t]:>11} track {spaces} discards {state.discard_n[t]}")
    market = " ".join(_invention(int(i)) for i in state.market)
    lines.append(
        f"  market: {market} | piles {state.inv_pile_n.tolist()} | university {state.uni_n}"
    )
    if state.draft.any():  # §5.2 step 7, expert variant
        offer = " ".join(_invention(int(b)) for b in state.draft.nonzero()[0])
        lines.append(f"  draft (basic inventions on offer): {offer}")
    if state.pay_p != EMPTY:  # §19 "Payment"
        lines.append(
            f"  seat {state.pay_p} paying food/materials/energy/luxury/wealth "
            f"{state.pay_need.tolist()}"
        )
    mm = " ".join("#" if i == -2 else ("x" if i >= 0 else ".") for i in state.mm_inv)
    lines.append(
        f"  Megamachine {state.mm_board + 1} in district {state.mm_district}: spaces {mm}, "
        f"upgrades {state.mm_up_done.tolist()}, cities {state.cities.tolist()}"
    )
    for p in range(state.seats):
        lines.extend(_seat_lines(state, p))
    return "\n".join(lines)


def _turn_line(state: State) -> str:
    if state.phase == P_GAME_OVER:
        return f"game over after {state.turns + 1} turns; VP {state.vp[: state.seats].tolist()}"
    return (
        f"turn {state.turns + 1}: seat {state.active} to play, phase {PHASE_NAMES[state.phase]} "
        f"(seat {state.actor} decides){' - end triggered' if state.ended else ''}"
    )


def _district_line(state: State, d: int) -> str:
    inner = int(state.tile[d, 0])
    colour = int(state.c_tile_color[inner])
    rings = []
    for ring in range(3):
        tile = int(state.tile[d, ring])
        if tile == EMPTY:
            rings.append("--")
            continue
        worker = int(state.ws_worker[d, ring])
        mark = "*" if state.electrified[d, ring] else ""
        rings.append(f"T{tile}{mark}" + (f"[{COLOR_NAMES[worker - 1]}]" if worker else ""))
    tycoons = [
        f"{'N' if t == NEUTRAL else t}@{SPACE_NAMES[int(state.tyc_s[t])]}"
        for t in range(len(state.tyc_d))
        if state.tyc_d[t] == d
    ]
    mm = " Megamachine" + (f"[{COLOR_NAMES[state.mm_worker - 1]}]" if state.mm_worker else "")
    return (
        f"  D{d} {TILE_ACTIONS[state.c_tile_action[inner]]:>16} "
        f"({'any' if colour == 4 else COLOR_NAMES[colour]}): {' '.join(rings)}"
        f"{mm if state.mm_district == d else ''} tycoons {' '.join(tycoons)}"
    )


def _invention(inv: int) -> str:
    return "--" if inv == EMPTY else f"#{inv}"


def _seat_lines(state: State, p: int) -> list[str]:
    res = " ".join(f"{RESOURCE_NAMES[r][:3]}{state.res[p, r]}" for r in range(4))
    who = "Mayor" if is_mayor(state.buf, p) else f"seat {p}"
    head = (
        f"  {who}: VP {state.vp[p]} steam {state.steam[p]} {res} wealth {state.wealth[p]} "
        f"rep {state.rep[p]} prestige {state.prestige[p]} worm {state.worm[p]} "
        f"pilgrims {state.pilgrim[p].tolist()}"
    )
    if is_mayor(state.buf, p):
        return [
            head,
            f"    workers {state.mayor_slot.tolist()} record {state.mayor_rec.tolist()} "
            f"advisors {np.flatnonzero(state.advisor).tolist()} bribe tile {state.bribe}",
        ]
    slots = " ".join(
        f"{SLOT_NAMES[s]}:{'-' if i == EMPTY else INVENTION_TYPES[state.c_inv_type[i]][:3]}"
        f"{'^' if state.slot_upper[p, s] else ''}@{state.slot_pos[p, s]}"
        for s, i in enumerate(state.slot_inv[p])
    )
    return [
        head,
        f"    workers {state.workers[p].tolist()} record {state.rec_n[p].tolist()} "
        f"conflicts {state.op_conflict[p].tolist()} chimney {state.chimney[p]} "
        f"flags {state.flag[p].tolist()}",
        f"    {slots}",
    ]


# ---------------------------------------------------------------------------------- image

CELL = 28
GAP = 4
WIDTH = 5 * (CELL + GAP) + GAP + 20 * 8 + 3 * GAP
BOARD_H = 3 * (CELL + GAP) + GAP
HEIGHT = BOARD_H + 4 * 10 + 5 * 10 + 4 * GAP
BACKGROUND = (235, 228, 210)
TILE_RGB = (190, 170, 140)
ELECTRIC_RGB = (120, 200, 230)


def _rect(image: np.ndarray, x: int, y: int, w: int, h: int, colour) -> None:
    image[y - 1 : y + h + 1, x - 1 : x + w + 1] = OUTLINE
    image[y : y + h, x : x + w] = colour


def render_rgb(state: State) -> np.ndarray:
    """uint8[HEIGHT, WIDTH, 3]: the city as 5 columns (districts) x 3 rows (inner, central,
    outer; electrified tiles light blue, a worker as a coloured square, tycoons as seat
    colours along the top), the nature tracks as rows of cells (dark = a hex), and one VP bar
    per seat."""
    image = np.empty((HEIGHT, WIDTH, 3), np.uint8)
    image[...] = BACKGROUND
    for d in range(5):
        x = GAP + d * (CELL + GAP)
        for ring in range(3):
            y = GAP + ring * (CELL + GAP)
            if state.tile[d, ring] == EMPTY:
                continue
            _rect(image, x, y, CELL, CELL, ELECTRIC_RGB if state.electrified[d, ring] else TILE_RGB)
            worker = int(state.ws_worker[d, ring])
            if worker:
                _rect(image, x + 9, y + 9, 10, 10, WORKER_RGB[worker - 1])
        for t in range(len(state.tyc_d)):
            if state.tyc_d[t] == d:
                colour = NEUTRAL_RGB if t == NEUTRAL else PLAYER_COLOURS[t]
                image[GAP : GAP + 4, x + 4 * t : x + 4 * t + 4] = colour
        if state.mm_district == d:
            image[BOARD_H - GAP : BOARD_H, x : x + CELL] = (90, 60, 30)
    x0 = 5 * (CELL + GAP) + 2 * GAP
    for t in range(4):
        for s in range(int(state.c_nat_len[t])):
            k = int(state.track_n[t, s])
            shade = (70, 70, 70) if k else (215, 215, 215)
            image[GAP + t * 10 : GAP + t * 10 + 8, x0 + s * 8 : x0 + s * 8 + 7] = shade
    y0 = BOARD_H + 2 * GAP
    top = max(1, int(state.vp[: state.seats].max()))
    for p in range(state.seats):
        width = max(0, int((WIDTH - 2 * GAP) * state.vp[p] / max(top, 100)))  # E6: VP < 0
        image[y0 + p * 10 : y0 + p * 10 + 8, GAP : GAP + width] = PLAYER_COLOURS[p]
    return image
