"""Daitoshi as text: `render_ansi` (everything a player needs to decide, in titled sections of at
most 120 columns, with a legend) and `describe_changes` (what happened between two states, in
words, for the per-seat log). The picture is in render_image.py (`render_rgb`).

What is hidden (env spec secret_fields): the district-tile and invention piles below their
visible top, the hexes still on the nature tracks (only their counts are public), the Mayor
deck and the RNG. Nothing else in Daitoshi is private to one seat, so `viewer=k` shows the
public table marked from seat k's side, and `viewer=None` (debugging, replays) adds a HIDDEN
section with the secret order of the piles and the Mayor deck.
"""

from __future__ import annotations

import textwrap

import numpy as np

from eurogym.envs.daitoshi import state as st
from eurogym.envs.daitoshi.render_image import render_rgb
from eurogym.envs.daitoshi.state import EMPTY, NEUTRAL, P_GAME_OVER, PHASE_NAMES, State
from eurogym.envs.daitoshi.tables import (
    ADVISOR_NAMES,
    COLOR_NAMES,
    CONFLICT_AT,
    ICON_NAMES,
    NATURE_NAMES,
    REPUTATION_VP,
    RESOURCE_NAMES,
    RING_NAMES,
    SLOT_NAMES,
    SPACE_NAMES,
    WORKER_CAP,
)
from eurogym.envs.daitoshi.words import (
    UPGRADE_NAMES,
    city_text,
    explore_text,
    fx_list,
    hex_text,
    inner_name,
    invention_text,
    mayor_card_text,
    tile_text,
)

__all__ = ["describe_changes", "render_ansi", "render_rgb", "decision_text", "seat_name"]

WIDTH = 120
OP_NAMES = ("steam engine", "workers", "building costs", "production progress")  # tables.OP_*
MARK_NAMES = ("left", "middle", "right")
PHASE_WORDS = {
    st.P_TURN: "a production turn or a city-turn move",
    st.P_PRODUCE: "what to produce (activate a building, use the subsidy, or stop)",
    st.P_WORKERS: "where to place workers (or stop)",
    st.P_EXPLORE_TH: "what to explore at the Town Hall",
    st.P_ACTION: "the district action to take (or none)",
    st.P_COMMIT: "which market invention to commit",
    st.P_COMMIT_BUILDING: "the building for the invention just taken",
    st.P_EXPAND: "where to expand (or renovate)",
    st.P_ELECTRIFY: "which tile to electrify",
    st.P_TRADE: "which city to trade with and how much luxury",
    st.P_MEGA_SLOT: "which ready invention to donate to the Megamachine",
    st.P_MEGA_SPACE: "the Megamachine space for the donation",
    st.P_PILGRIM: "the track of an `any` pilgrim advance",
    st.P_WORKER: "the colour of a worker gained (or one to return to make room)",
    st.P_DISCARD_HEX: "the type of record hex to give back to nature",
    st.P_HEX_TO_TILE: "the type of record hex to move onto the new tile",
    st.P_FLAG: "the city for a partnership flag",
    st.P_PROGRESS: "the floor for one progress step",
    st.P_KEEP: "a worker colour to return (the factory keeps 2)",
    st.P_CASH_IN: "a partnership flag to cash in (or none)",
    st.P_MM_ORDER: "the Megamachine workshop reward to take next",
    st.P_BRIBE: "whether to bribe the Mayor before his turn",
    st.P_BRIBE_CARD: "which revealed Mayor card he plays",
    st.P_DRAFT: "the basic invention to draft",
    st.P_PAY: "how many held units to pay with wealth instead",
}
LEGEND = (
    "LEGEND: seat k = player_k; D<n> district n (0-4 clockwise); T<n> district tile n, "
    "* electrified, [colour] the worker on its workshop; 'workshop a -> b' pay a to gain b, "
    "off:/on: unelectrified/electrified side; tycoon k@left/middle/right its space (N neutral); "
    "#<n> invention n (type, food cost, VP, reward rows A/B/C); S1-S6 Megamachine spaces "
    "(free / #blocked / x taken), upgrades a-c; hexes per track space left to right, "
    "'.' none; mult = track multiplier by pilgrim space; pilgrim k@s seat k's pilgrim on "
    "space s (0 temple); mat materials, lux luxury; rep reputation level (VP value); "
    "fx 'n progress' = progress steps; floor track s start, - blank, U upper, M ready, "
    "S score VP, N give a hex back, D double VP, [ ] the marker"
)


def seat_name(state: State, p: int) -> str:
    """`seat k`, or `Mayor` for the solo automa's seat."""
    return "Mayor" if state.solo and p == 1 else f"seat {p}"


def decision_text(state: State) -> str:
    """Who decides what now, in words."""
    if state.phase == P_GAME_OVER:
        return "game over"
    return f"{seat_name(state, int(state.actor))} chooses {PHASE_WORDS[int(state.phase)]}"


def render_ansi(state: State, viewer: int | None = None) -> str:
    """The game as text of at most 120 columns: turn and decision, scores, the city, nature,
    market, Megamachine, cities, prestige and worm tracks, each seat (the Mayor in solo), a
    legend; with `viewer=None` also the hidden piles (see the module docstring)."""
    lines: list[str] = []
    lines += _header(state, viewer)
    lines += _section("CITY", _city(state))
    lines += _section("NATURE", _nature(state))
    lines += _section("MARKET", _market(state))
    lines += _section("MEGAMACHINE", _megamachine(state))
    lines += _section("CITIES", _cities(state))
    lines += _section("TRACKS", _tracks(state))
    for p in range(int(state.seats)):
        you = " (you)" if viewer == p else ""
        title = f"{seat_name(state, p).upper()}{you}"
        lines += _section(title, _mayor(state) if state.solo and p == 1 else _seat(state, p))
    if viewer is None:
        lines += _section("HIDDEN (viewer=None only)", _hidden(state))
    lines += ["", LEGEND]
    return "\n".join(part for line in lines for part in _wrap(line))


def _wrap(line: str, indent: str = "    ") -> list[str]:
    if len(line) <= WIDTH:
        return [line]
    return textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False)


def _section(title: str, body: list[str]) -> list[str]:
    out = [f"== {title} " + "=" * max(0, WIDTH - len(title) - 4)]
    for line in body:
        out += _wrap(line)
    return out


def _header(state: State, viewer: int | None) -> list[str]:
    seats = range(int(state.seats))
    scores = " | ".join(
        f"{seat_name(state, p)} {int(state.vp[p])} VP, steam {int(state.steam[p])}" for p in seats
    )
    turn = (
        f"DAITOSHI {state.num_players} player(s) - turn {int(state.turns) + 1}, "
        f"{seat_name(state, int(state.active))}'s turn, start player "
        f"{seat_name(state, int(state.start_player))}"
    )
    if state.leader != EMPTY:
        turn += f", production led by {seat_name(state, int(state.leader))}"
    if state.ended:
        turn += ", END TRIGGERED (last round)"
    view = (
        "everything (viewer=None)" if viewer is None else f"as seen by {seat_name(state, viewer)}"
    )
    out = [turn + f"; view: {view}"]
    if state.phase == P_GAME_OVER:
        out.append("DECISION: none - game over")
    else:
        out.append(f"DECISION: {decision_text(state)} (phase {PHASE_NAMES[int(state.phase)]})")
    out.append(f"SCORES (VP; tie-break steam): {scores}")
    if state.pay_p != EMPTY:  # §19 "Payment"
        need = ", ".join(
            f"{int(n)} {name}"
            for n, name in zip(state.pay_need, (*RESOURCE_NAMES, "wealth"), strict=True)
            if n
        )
        out.append(f"PAYING: {seat_name(state, int(state.pay_p))} still owes {need or 'nothing'}")
    if state.phase == st.P_BRIBE_CARD:
        out.append(f"BRIBE first card: {mayor_card_text(state, int(state.mayor_alt))}")
        out.append(f"BRIBE second card: {mayor_card_text(state, int(state.mayor_card))}")
    return out


def _tycoons(state: State, d: int) -> str:
    here = [
        f"{'N' if t == NEUTRAL else ('M' if state.solo and t == 1 else t)}@"
        f"{SPACE_NAMES[int(state.tyc_s[t])]}"
        for t in range(len(state.tyc_d))
        if state.tyc_d[t] == d
    ]
    return " ".join(here) if here else "none"


def _city(state: State) -> list[str]:
    out = []
    for d in range(5):
        inner = int(state.tile[d, 0])
        colour = int(state.c_tile_color[inner])
        mm = ", Megamachine here" if state.mm_district == d else ""
        who = "any colour" if colour == 4 else COLOR_NAMES[colour]
        out.append(
            f"D{d} {inner_name(state, inner)}: workers {who}, "
            f"explore {explore_text(state, inner)}; tycoons {_tycoons(state, d)}{mm}"
        )
        for ring in range(3):
            tile = int(state.tile[d, ring])
            if tile == EMPTY:
                out.append(f"  {RING_NAMES[ring]:>7}: empty")
                continue
            worker = int(state.ws_worker[d, ring])
            mark = "*" if state.electrified[d, ring] else ""
            who = f"[{COLOR_NAMES[worker - 1]}]" if worker else ""
            hexes = [hex_text(state, int(h)) for h in state.tile_hex[d, ring] if h != EMPTY]
            on = f"; hexes {' '.join(hexes)}" if hexes else ""
            text = tile_text(state, tile, bool(state.electrified[d, ring]))
            out.append(f"  {RING_NAMES[ring]:>7}: T{tile}{mark}{who} {text}{on}")
    for k, ring in enumerate(("central", "outer")):
        top = int(state.pile_top[k])
        shown = f"top T{top} {tile_text(state, top)}" if top != EMPTY else "empty"
        out.append(f"{ring} pile: {int(state.pile_n[k])} tiles, {shown}")
    return out


def _nature(state: State) -> list[str]:
    out = []
    seats = range(int(state.seats))
    for t in range(4):
        n = int(state.c_nat_len[t])
        hexes = "".join("." if k == 0 else str(int(k)) for k in state.track_n[t, :n])
        mult = " ".join(str(int(m)) for m in state.c_nat_mult[t, :n])
        pilgrims = " ".join(
            f"{'M' if state.solo and p == 1 else p}@{int(state.pilgrim[p, t])}" for p in seats
        )
        k = int(state.discard_n[t])
        top = f" top {hex_text(state, int(state.discard[t, k - 1]))}" if k else ""
        out.append(
            f"{NATURE_NAMES[t]:>11}: hexes {hexes} | mult {mult} | pilgrims {pilgrims} | "
            f"discards {k}{top}"
        )
    return out


def _market(state: State) -> list[str]:
    out = [
        f"slot {m} ({('common', 'common', 'innovative', 'innovative', 'brilliant')[m]}): "
        f"{invention_text(state, int(state.market[m]))}"
        for m in range(5)
    ]
    piles = ", ".join(
        f"{q} {int(n)}"
        for q, n in zip(("common", "innovative", "brilliant"), state.inv_pile_n, strict=True)
    )
    uni = int(state.uni[int(state.uni_n) - 1]) if state.uni_n > 0 else EMPTY
    out.append(
        f"face-down piles: {piles}; university stack {int(state.uni_n)}, top "
        f"{invention_text(state, uni)}"
    )
    if state.draft.any():  # §5.2 step 7, expert variant
        offer = "; ".join(invention_text(state, int(b)) for b in np.flatnonzero(state.draft))
        out.append(f"draft (basic inventions on offer): {offer}")
    return out


def _megamachine(state: State) -> list[str]:
    board = int(state.mm_board)
    worker = int(state.mm_worker)
    out = [
        f"Megamachine {board + 1} in D{int(state.mm_district)}; workshop worker "
        f"{COLOR_NAMES[worker - 1] if worker else 'none'}; workshop base reward "
        f"{fx_list(state, state.c_mm_base[board])}; donating costs 1 food, mat, energy, lux "
        "and 1 wealth"
    ]
    spaces = []
    for i in range(6):
        inv = int(state.mm_inv[i])
        status = "#blocked" if inv == st.BLOCKED else ("free" if inv == EMPTY else f"x #{inv}")
        spaces.append(f"S{i + 1} {status}: {fx_list(state, state.c_mm_space[board, i])}")
    out.append(" | ".join(spaces))
    ups = []
    for u in range(3):
        linked = [f"S{i + 1}" for i in range(6) if state.c_mm_link[board, u, i]]
        tile = int(state.mm_up_tile[u])
        done = "installed" if state.mm_up_done[u] else f"when {'+'.join(linked)} are taken"
        ups.append(f"upgrade {UPGRADE_NAMES[u]} ({done}): {fx_list(state, state.c_up_gain[tile])}")
    out.append(" | ".join(ups))
    return out


def _cities(state: State) -> list[str]:
    out = []
    for j in range(5):
        flags = [seat_name(state, p) for p in range(int(state.seats)) if state.flag[p, j]]
        out.append(city_text(state, j) + (f"; flags: {', '.join(flags)}" if flags else ""))
    return out


def _track_line(state: State, name: str, rewards, first: int, where: dict[int, list[str]]) -> str:
    cells = []
    for i, pair in enumerate(rewards):
        pos = first + i
        here = f"<{','.join(where[pos])}>" if pos in where else ""
        text = fx_list(state, pair)
        cells.append(f"{pos}{here}:{'-' if text == 'nothing' else text}")
    return f"{name}: " + " ".join(cells)


def _tracks(state: State) -> list[str]:
    seats = range(int(state.seats))
    short = {p: ("M" if state.solo and p == 1 else str(p)) for p in seats}
    length = int(state.c_prestige_len[0])
    at: dict[int, list[str]] = {}
    for p in seats:
        at.setdefault(int(state.prestige[p]), []).append(short[p])
    prestige = _track_line(
        state, "prestige (space:reward)", state.c_prestige[1 : length + 1], 1, at
    )
    worm_len = int(state.c_worm_len[0])
    at = {}
    for p in seats:
        at.setdefault(int(state.worm[p]), []).append(short[p])
    worm = _track_line(state, "worm loop (space:reward)", state.c_worm[:worm_len], 0, at)
    starts = ", ".join(f"{short[p]} at {int(state.prestige[p])}" for p in seats)
    return [
        prestige + f"; past {length}: +2 VP per step; <k> = seat k's marker ({starts})",
        worm,
        "reputation VP by level 1-4: " + " ".join(str(int(v)) for v in REPUTATION_VP[1:]),
    ]


def _floor_track(state: State, p: int, s: int) -> str:
    n = int(state.c_slot_len[s])
    pos = int(state.slot_pos[p, s])
    icons = [ICON_NAMES[int(c)][0] for c in state.c_slot_track[s, :n]]
    return "".join(f"[{c}]" if i == pos else c for i, c in enumerate(icons))


def _seat(state: State, p: int) -> list[str]:
    res = " ".join(
        f"{name[:3] if r == 1 else ('lux' if r == 3 else name)} {int(state.res[p, r])}"
        for r, name in enumerate(RESOURCE_NAMES)
    )
    rep = int(state.rep[p])
    cap = int(WORKER_CAP[1 if state.op_conflict[p, 1] else 0])
    workers = " ".join(f"{COLOR_NAMES[c]} {int(state.workers[p, c])}" for c in range(4))
    records = []
    for t in range(4):
        n = int(state.rec_n[p, t])
        top = f" (top {hex_text(state, int(state.rec[p, t, n - 1]))})" if n else ""
        records.append(f"{NATURE_NAMES[t]} {n}{top}")
    conflicts = [OP_NAMES[t] for t in range(4) if state.op_conflict[p, t]]
    flags = [str(j) for j in range(5) if state.flag[p, j]]
    pilgrims = " ".join(f"{NATURE_NAMES[t]} {int(state.pilgrim[p, t])}" for t in range(4))
    out = [
        f"VP {int(state.vp[p])} (+{int(state.vp_end[p])} at end) | steam {int(state.steam[p])} | "
        f"{res} | wealth {int(state.wealth[p])} | chimney {int(state.chimney[p]):+d} | rep "
        f"{rep} ({int(REPUTATION_VP[rep])} VP) | prestige {int(state.prestige[p])} | worm "
        f"{int(state.worm[p])} | production marker {MARK_NAMES[int(state.prod_mark[p])]} | "
        f"subsidy {'unused' if state.subsidy[p] else 'used'}"
        + (" (active)" if state.subsidy_on[p] else ""),
        f"workers {workers} (cap {cap}) | pilgrims {pilgrims} | flags on cities "
        f"{','.join(flags) if flags else 'none'}",
        f"record ({CONFLICT_AT} of a type flip its operation tile) {' | '.join(records)} | "
        f"operation tiles in conflict: {', '.join(conflicts) if conflicts else 'none'}",
    ]
    empty = []
    for s in range(8):
        inv = int(state.slot_inv[p, s])
        if inv == EMPTY:
            empty.append(f"{SLOT_NAMES[s]} {_floor_track(state, p, s)}")
            continue
        side = " upper" if state.slot_upper[p, s] else ""
        used = " (activated)" if state.activated[p, "LMR".index(SLOT_NAMES[s][0])] else ""
        body = invention_text(state, inv)
        out.append(f"  {SLOT_NAMES[s]}{side}{used}: {body} | track {_floor_track(state, p, s)}")
    if empty:
        out.append(f"  empty floors (track): {' | '.join(empty)}")
    return out


def _mayor(state: State) -> list[str]:
    p = 1
    slots = " ".join("-" if c == EMPTY else COLOR_NAMES[int(c)] for c in state.mayor_slot)
    record = " ".join(hex_text(state, int(h)) for h in state.mayor_rec if h != EMPTY) or "empty"
    advisors = [ADVISOR_NAMES[i] for i in np.flatnonzero(state.advisor)]
    left = int(state.mayor_end) - int(state.mayor_pos)
    res = " ".join(f"{RESOURCE_NAMES[r][:3]} {int(state.res[p, r])}" for r in range(4))
    pilgrims = " ".join(f"{NATURE_NAMES[t]} {int(state.pilgrim[p, t])}" for t in range(4))
    bribe = "unused (you may bribe before his turn)" if state.bribe else "used"
    return [
        f"VP {int(state.vp[p])} | {res} | wealth {int(state.wealth[p])} | rep "
        f"{int(state.rep[p])} | prestige {int(state.prestige[p])} | worm {int(state.worm[p])} | "
        f"pilgrims {pilgrims} | production marker {MARK_NAMES[int(state.prod_mark[p])]}",
        (
            "face-up card: the one you choose of the two revealed by the bribe (see above)"
            if state.phase == st.P_BRIBE_CARD
            else f"face-up card: {mayor_card_text(state, int(state.mayor_card))}"
        ),
        f"worker slots (left to right): {slots} | record (oldest first): {record} | inventions "
        f"{int(state.mayor_inv[0])} + {int(state.mayor_inv[1])} university",
        f"advisors: {', '.join(advisors) if advisors else 'none'} | bribe tile {bribe} | "
        f"deck: {left} card(s) to draw",
    ]


def _hidden(state: State) -> list[str]:
    piles = []
    for k, ring in enumerate(("central", "outer")):
        order = [f"T{int(t)}" for t in state.pile[k, : int(state.pile_n[k])][::-1]]
        piles.append(f"{ring} pile top first: {' '.join(order) or 'empty'}")
    inv = []
    for q, name in enumerate(("common", "innovative", "brilliant")):
        n = int(state.inv_pile_n[q])
        inv.append(f"{name} next #{int(state.inv_pile[q, n - 1])}" if n else f"{name} empty")
    deck = [int(c) for c in state.mayor_deck[int(state.mayor_pos) : int(state.mayor_end)]]
    out = [" | ".join(piles), "invention piles: " + ", ".join(inv)]
    if state.solo:
        out.append(f"Mayor deck, next first: {deck}")
    return out


# ---------------------------------------------------------------------------------- changes


def _delta(name: str, a: int, b: int) -> str | None:
    return None if a == b else f"{b - a:+d} {name}"


def describe_changes(before: State, after: State) -> list[str]:
    """What changed from `before` to `after`, in short lines safe for every viewer (only
    public fields are compared): the Mayor's card and turn, tycoons, workers on workshops,
    tiles, the market, the Megamachine, flags, and each seat's gains and losses. [] when
    nothing visible changed."""
    out: list[str] = []
    if after.mayor_card != before.mayor_card and after.mayor_card != EMPTY:
        out.append(f"Mayor revealed {mayor_card_text(after, int(after.mayor_card))}")
    if after.bribe != before.bribe:
        out.append("the bribe tile was used: 2 Mayor cards revealed")
    if after.leader != before.leader and after.leader != EMPTY:
        out.append(f"production turn led by {seat_name(after, int(after.leader))}")
    for t in range(len(after.tyc_d)):
        if (after.tyc_d[t], after.tyc_s[t]) != (before.tyc_d[t], before.tyc_s[t]):
            who = "neutral" if t == NEUTRAL else seat_name(after, t)
            out.append(
                f"{who} tycoon moved to D{int(after.tyc_d[t])} "
                f"{SPACE_NAMES[int(after.tyc_s[t])]} space"
            )
    out += _city_changes(before, after)
    for m in range(5):
        if after.market[m] != before.market[m]:
            out.append(f"market slot {m}: now {invention_text(after, int(after.market[m]), False)}")
    for i in range(6):
        if after.mm_inv[i] != before.mm_inv[i] and after.mm_inv[i] >= 0:
            out.append(f"invention #{int(after.mm_inv[i])} donated to Megamachine space S{i + 1}")
    for u in range(3):
        if after.mm_up_done[u] and not before.mm_up_done[u]:
            out.append(f"Megamachine upgrade {UPGRADE_NAMES[u]} installed")
    for p in range(int(after.seats)):
        line = _seat_changes(before, after, p)
        if line:
            out.append(f"{seat_name(after, p)}: {line}")
    if after.ended and not before.ended:
        out.append("the end of the game is triggered: the round is played out")
    if after.active != before.active and after.phase != P_GAME_OVER:
        out.append(f"{seat_name(after, int(after.active))}'s turn")
    if after.phase == P_GAME_OVER and before.phase != P_GAME_OVER:
        scores = ", ".join(
            f"{seat_name(after, p)} {int(after.vp[p])}" for p in range(int(after.seats))
        )
        out.append(f"game over, final VP: {scores}")
    return out


def _city_changes(before: State, after: State) -> list[str]:
    out = []
    for d in range(5):
        for ring in range(3):
            where = f"D{d} {RING_NAMES[ring]}"
            tile = int(after.tile[d, ring])
            if tile != before.tile[d, ring] and tile != EMPTY:
                out.append(f"tile T{tile} built on {where}")
            if after.electrified[d, ring] and not before.electrified[d, ring]:
                out.append(f"{where} tile electrified")
            w, v = int(after.ws_worker[d, ring]), int(before.ws_worker[d, ring])
            if w != v:
                out.append(
                    f"{COLOR_NAMES[w - 1]} worker placed on the {where} workshop"
                    if w
                    else f"worker left the {where} workshop"
                )
    w, v = int(after.mm_worker), int(before.mm_worker)
    if w != v:
        out.append(
            f"{COLOR_NAMES[w - 1]} worker placed on the Megamachine workshop"
            if w
            else "worker left the Megamachine workshop"
        )
    return out


def _seat_changes(before: State, after: State, p: int) -> str:
    parts = [
        _delta("VP", int(before.vp[p]), int(after.vp[p])),
        _delta("VP at end", int(before.vp_end[p]), int(after.vp_end[p])),
        _delta("steam", int(before.steam[p]), int(after.steam[p])),
        *(_delta(RESOURCE_NAMES[r], int(before.res[p, r]), int(after.res[p, r])) for r in range(4)),
        _delta("wealth", int(before.wealth[p]), int(after.wealth[p])),
        _delta("chimney", int(before.chimney[p]), int(after.chimney[p])),
        _delta("reputation", int(before.rep[p]), int(after.rep[p])),
        _delta("prestige", int(before.prestige[p]), int(after.prestige[p])),
        *(
            _delta(f"{COLOR_NAMES[c]} worker", int(before.workers[p, c]), int(after.workers[p, c]))
            for c in range(4)
        ),
        *(
            _delta(f"{NATURE_NAMES[t]} record hex", int(before.rec_n[p, t]), int(after.rec_n[p, t]))
            for t in range(4)
        ),
    ]
    out = [x for x in parts if x]
    if after.prod_mark[p] != before.prod_mark[p]:
        out.append(f"production marker to {MARK_NAMES[int(after.prod_mark[p])]}")
    if after.worm[p] != before.worm[p]:
        out.append(f"worm to {int(after.worm[p])}")
    for t in range(4):
        if after.pilgrim[p, t] != before.pilgrim[p, t]:
            out.append(f"{NATURE_NAMES[t]} pilgrim to {int(after.pilgrim[p, t])}")
        if after.op_conflict[p, t] != before.op_conflict[p, t]:
            side = "in conflict" if after.op_conflict[p, t] else "back to normal"
            out.append(f"{OP_NAMES[t]} tile {side}")
    for j in range(5):
        if after.flag[p, j] != before.flag[p, j]:
            out.append(f"flag {'placed on' if after.flag[p, j] else 'cashed in from'} city {j}")
    for s in range(8):
        if after.slot_inv[p, s] != before.slot_inv[p, s]:
            inv = int(after.slot_inv[p, s])
            out.append(f"{SLOT_NAMES[s]} now {invention_text(after, inv, False)}")
        elif after.slot_pos[p, s] != before.slot_pos[p, s]:
            out.append(f"{SLOT_NAMES[s]} progress to {int(after.slot_pos[p, s])}")
    if after.solo and p == 1:
        if not np.array_equal(after.mayor_slot, before.mayor_slot):
            slots = " ".join("-" if c == EMPTY else COLOR_NAMES[int(c)] for c in after.mayor_slot)
            out.append(f"worker slots now {slots}")
        if not np.array_equal(after.mayor_inv, before.mayor_inv):
            out.append(
                f"inventions now {int(after.mayor_inv[0])} + {int(after.mayor_inv[1])} university"
            )
        if not np.array_equal(after.mayor_rec, before.mayor_rec):
            rec = " ".join(hex_text(after, int(h)) for h in after.mayor_rec if h != EMPTY)
            out.append(f"record now {rec or 'empty'}")
    return ", ".join(out)


assert set(PHASE_WORDS) == set(range(P_GAME_OVER))
