"""Caverna: Frantic Fiends text views: the full status a player needs to decide (at most 120
columns, in titled sections, with a legend), and the automatic changes between two states.

Everything shown is public: the only hidden information of this game is the RNG (round cards,
face-down harvest markers and movement cards are drawn from it when revealed), which no view
reads. `viewer` therefore hides nothing; it marks the viewer's own seat as "you".
"""

from __future__ import annotations

import textwrap

import numpy as np

from eurogym.envs.caverna_ff.describe import (
    FURN_TITLES,
    ORC_LETTERS,
    SPACE_TITLES,
    TILE_NAMES,
    TRAP_TITLES,
    alignment_text,
    cell_name,
    cell_title,
    decision_text,
    describe_in_state,
    goods_text,
    person_title,
    reward_titles,
)
from eurogym.envs.caverna_ff.rules import score_table
from eurogym.envs.caverna_ff.scoring import BREAKDOWN
from eurogym.envs.caverna_ff.state import (
    D_ABSENT,
    D_HOSTAGE,
    D_NEWBORN,
    O_CAVE,
    O_DEFEATED,
    O_FOREST,
    O_FRIENDLY,
    O_HELD,
    O_OUT,
    P_GAME_OVER,
    ST_EVENT,
    ST_HARVEST,
    State,
)
from eurogym.envs.caverna_ff.tables import (
    BONUS,
    CELLS,
    CELLS_ALL,
    COLS,
    EVENT_HARVEST,
    EXT_NAMES,
    F_ENTRY,
    FIRST_ANIMAL,
    FOREST,
    FURN_UNLIMITED,
    FX_FIRST,
    GOOD_NAMES,
    H_FEED_ONE,
    H_NONE,
    H_NORMAL,
    HARVEST_NAMES,
    LONG_STRIP_NAMES,
    NUM_ANIMALS,
    NUM_ORCS,
    NUM_TRAPS,
    REWARD_NAMES,
    ROWS,
    SHORT_STRIP_NAMES,
    T_NONE,
    T_ORE_MINE,
    TRAP_NAMES,
    TRAP_X_NAMES,
)

WIDTH = 120
CELL_W = 17
COLOUR_NAMES = ("red", "blue", "white", "black", "purple", "green", "orange")  # 7 seats (v1)
ANIMAL_ABBR = ("sh", "bo", "ca", "do", "dg")  # sheep boar cattle donkey dog
TILE_ABBR = ("", "Meadow", "Field", "Cavern", "Tunnel", "Deep", "OreMine", "RubyMine")
DIR_WORDS = ("up", "down", "left", "right")
TRAP_ABBR = tuple(t.replace("_trap", "").replace("_", "-").title() for t in TRAP_NAMES)
# caverna_ff_v1's further traps (tables.TRAP_X_NAMES), short enough for a board cell
TRAP_ABBR += ("Snare", "StoneTr", "PoisFood", "Steel", "Bear", "Explosive", "Arrows", "Perman")
assert len(TRAP_ABBR) == NUM_TRAPS + len(TRAP_X_NAMES)
LEGEND = (
    "Legend: board cells a1-f4 (columns a-c forest, d-f mountain; rows 1-4 top to bottom; the",
    "  Office Room's border: rows 0 and 5, columns z and g).",
    "  Line 1 tile: trees/rock = uncovered, Meadow Field Cavern Tunnel Deep(tunnel) OreMine "
    "RubyMine; +St stable, P1 small / P2 large pasture.",
    "  Line 2 what lies on it: a furnishing, 3gr/2veg crop, 2ore/1ruby on a mine, (+1 food) "
    "bonus for covering it.",
    "  Line 3: animals sh sheep, bo boar, ca cattle, do donkey, dg dog; Spear*/Cave-In*/Net*/"
    "Trapdoor* trap armed (- sprung);",
    "  orcA5 = orc A strength 5 (h held by a trap, cave = invaded). Spaces: [P1] = "
    "occupied by player 1. Goods: wood stone ore ruby gold food grain vegetable.",
)
# caverna_ff_v1's further traps, added to its legend
LEGEND_V1 = (
    "  More traps (v1): Snare, StoneTr = Stone Trap, PoisFood = Poisoned Food, Steel, Bear, "
    "Explosive, Arrows = Poisoned Arrows, Perman = Permanent Trap (always armed: it never "
    "flips).",
)


def phase_name(state: State) -> str:
    stage = int(state.stage)
    if int(state.phase) == P_GAME_OVER:
        return "game over"
    return ("round start", "work phase", "orc event", "harvest", "end of game")[stage]


def round_harvest(state: State) -> int:
    """The harvest that ends the current round (state.harvest_kind is the last one run until
    this round's harvest begins), as kernels.harvest_kind_of_round will set it."""
    if int(state.stage) == ST_HARVEST or int(state.phase) == P_GAME_OVER:
        return int(state.harvest_kind)
    rnd = int(state.round)
    if rnd <= 2:
        return H_NONE
    if rnd == 4:
        return H_FEED_ONE
    if int(state.marker[rnd - 1]) == 1:
        return int(EVENT_HARVEST[min(int(state.events_done), 3)])
    return H_NORMAL


def seat_name(state: State, p: int, viewer: int | None = None) -> str:
    you = " (you)" if viewer == p else ""
    return f"player {p} ({COLOUR_NAMES[p]}){you}"


def _section(title: str) -> str:
    return f"== {title} " + "=" * max(0, WIDTH - len(title) - 4)


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent + "  ")


def _columns(items: list[str], width: int, indent: str = "  ") -> list[str]:
    """Items in fixed-width columns filling at most WIDTH characters."""
    per_row = max(1, (WIDTH - len(indent)) // width)
    lines = []
    for k in range(0, len(items), per_row):
        row = [item[: width - 1].ljust(width) for item in items[k : k + per_row]]
        lines.append((indent + "".join(row)).rstrip())
    return lines


def _orcs_at(state: State, p: int, c: int) -> list[str]:
    out = []
    for o in range(NUM_ORCS):
        st = int(state.orc_state[p, o])
        if st in (O_FOREST, O_HELD, O_CAVE) and int(state.orc_cell[p, o]) == c:
            tag = {O_HELD: "h", O_CAVE: " cave"}.get(st, "")
            out.append(f"orc{ORC_LETTERS[o]}{int(state.orc_str[p, o])}{tag}")
    return out


def cell_lines(state: State, p: int, c: int) -> tuple[str, str, str]:
    """The three text lines of one board cell (see LEGEND)."""
    t = int(state.tile[p, c])
    forest = FOREST[c] == 1
    first = TILE_ABBR[t] or ("trees" if forest else "rock")
    if state.stable[p, c]:
        first += " +St"
    if state.pasture[p, c]:
        first += f" P{int(state.pasture[p, c])}"
    second = ""
    f = int(state.furn[p, c])
    if f:
        second = FURN_TITLES[f - 1] if f - 1 != F_ENTRY else "entry dwelling"
    elif state.crop[p, c]:
        second = f"{int(state.crop[p, c])}{'veg' if state.crop_kind[p, c] else 'gr'}"
    elif state.mine_goods[p, c]:
        second = f"{int(state.mine_goods[p, c])}{'ore' if t == T_ORE_MINE else 'ruby'}"
    elif t == T_NONE and BONUS[c].any() and not state.trap[p, c]:
        second = f"(+{goods_text(BONUS[c])})"
    parts = []
    for a in range(NUM_ANIMALS):
        k = int(state.animal_at[p, c, a])
        if k:
            parts.append(f"{k}{ANIMAL_ABBR[a]}")
    if state.trap[p, c]:
        parts.append(
            TRAP_ABBR[int(state.trap[p, c]) - 1] + ("*" if state.trap_active[p, c] else "-")
        )
    parts += _orcs_at(state, p, c)
    return first, second, " ".join(parts)


def board_lines(state: State, p: int) -> list[str]:
    """The printed 4x6 board as a text grid, then the Office Room's used border cells (E23) in
    a line of their own (a wider grid would not fit 120 columns)."""
    sep = "    +" + "+".join("-" * CELL_W for _ in range(COLS)) + "+"
    head = "     " + "".join(
        f"{'abcdef'[c]} ({'forest' if c < 3 else 'mountain'})".center(CELL_W + 1)
        for c in range(COLS)
    )
    lines = [head.rstrip(), sep]
    for r in range(ROWS):
        cells = [cell_lines(state, p, r * COLS + c) for c in range(COLS)]
        for k in range(3):
            label = f"  {r + 1} " if k == 0 else "    "
            row = "|".join(cell[k][:CELL_W].ljust(CELL_W) for cell in cells)
            lines.append(f"{label}|{row}|")
        lines.append(sep)
    for text in border_text(state, p):
        lines += _wrap(text, "    ")
    return lines


def border_text(state: State, p: int) -> list[str]:
    """One line listing p's used border cells (the Office Room, E23; row 0 above, 5 below,
    column z left, g right), none when unused."""
    used = [CELLS + int(b) for b in np.flatnonzero(state.tile[p, CELLS:])]
    if not used:
        return []
    texts = (f"{cell_name(c)} " + " ".join(x for x in cell_lines(state, p, c) if x) for c in used)
    return ["Border (Office Room): " + "; ".join(texts)]


def dwarf_text(state: State, p: int, d: int) -> str:
    st = int(state.dwarf[p, d])
    text = f"{d + 1}:"
    text += "newborn" if st == D_NEWBORN else "hostage" if st == D_HOSTAGE else "adult"
    w = int(state.weapon[p, d])
    text += f" w{w}" if w else " unarmed"
    s = int(state.dwarf_space[p, d])
    if s >= 0:
        text += f" @{SPACE_TITLES[s]}"
    elif s == -2:
        text += " stayed home"
    return text


def orc_text(state: State, p: int, o: int) -> str:
    st = int(state.orc_state[p, o])
    name = f"{ORC_LETTERS[o]}:"
    strength = int(state.orc_str[p, o])
    cell = int(state.orc_cell[p, o])
    if st == O_OUT:
        return name + "not in play"
    if st == O_DEFEATED:
        return name + "defeated"
    if st == O_FRIENDLY:
        s = int(state.orc_space[p, o])
        where = f" @{SPACE_TITLES[s]}" if s >= 0 else ""
        return f"{name}friendly (works from round {int(state.orc_ready[p, o])}){where}"
    where = {O_FOREST: "forest", O_HELD: "held by trap at", O_CAVE: "in the cave at"}[st]
    hostage = int(state.orc_hostage[p, o])
    held = ""
    if hostage >= 10:
        held = f", holds orc {ORC_LETTERS[hostage - 10]}"
    elif hostage >= 0:
        held = f", holds dwarf {hostage + 1} hostage"
    return f"{name}str {strength} {where} {cell_name(cell)}{held}"


def player_lines(state: State, p: int, scores: np.ndarray, viewer: int | None) -> list[str]:
    total = int(scores[p].sum())
    start = ", start player" if int(state.start_player) == p else ""
    lines = [_section(f"{seat_name(state, p, viewer)}{start}: {total} points")]
    parts = [
        f"{name.replace('_', ' ')} {int(v)}"
        for name, v in zip(BREAKDOWN, scores[p], strict=True)
        if v
    ]
    lines += _wrap("score: " + (", ".join(parts) or "0"))
    lines += board_lines(state, p)
    goods = goods_text(state.res[p, :FIRST_ANIMAL])
    animals = goods_text(
        np.concatenate([np.zeros(FIRST_ANIMAL, np.int64), state.res[p, FIRST_ANIMAL:]])
    )
    lines += _wrap(
        f"goods: {goods}.  animals: {animals}.  begging markers: {int(state.begging[p])}"
    )
    dwarfs = [
        dwarf_text(state, p, d) for d in range(len(state.dwarf[p])) if state.dwarf[p, d] != D_ABSENT
    ]
    lines += _wrap("dwarfs: " + "; ".join(dwarfs))
    lines += _wrap("orcs: " + "; ".join(orc_text(state, p, o) for o in range(NUM_ORCS)))
    if "p_orc_start" in state.LAYOUT.fields:  # caverna_ff_v1: the seat's alignment card
        lines += _wrap(f"alignment card: {alignment_text(state, p)}")
    supply = [
        f"{good} supplier {int(k)} more round{'s' * int(k != 1)}"
        for good, k in zip(("wood", "stone", "ruby"), state.supplier_left[p], strict=True)
        if k
    ]
    if supply:
        lines += _wrap("income: " + ", ".join(supply))
    return lines


def space_lines(state: State, viewer: int | None) -> list[str]:
    items = []
    for s in np.flatnonzero(state.space_open):
        goods = goods_text(state.accum[s]) if state.accum[s].any() else ""
        occ = int(state.occupant[s])
        who = f" [P{occ}]" if occ >= 0 else ""
        items.append(f"{SPACE_TITLES[s]}{': ' + goods if goods else ''}{who}")
    return [_section("Action spaces (goods waiting, [Pk] = occupied by player k)")] + _columns(
        items, 39
    )


def round_lines(state: State) -> list[str]:
    rounds = int(state.rounds)
    cards = []
    for r in range(rounds):
        card = int(state.card[r])
        marker = int(state.marker[r])
        tag = " (orc event)" if marker == 1 else ""
        if card >= 0:
            cards.append(f"{r + 1}:{SPACE_TITLES[card]}{tag}")
    left = int(state.markers_left.sum())
    text = "round cards: " + ", ".join(cards) + "."
    text += f"  Orc events done {int(state.events_done)} of 4; face-down harvest markers left: "
    text += f"{left} ({int(state.markers_left[1])} orc)."
    return _wrap(text)


def event_lines(state: State) -> list[str]:
    ev = int(state.ev)
    if ev < 0 or int(state.stage) != ST_EVENT:
        return []
    letter = int(state.ev_letter)
    n = int(state.num_players)
    lines = [_section(f"Orc event {ev + 1} of 4")]
    deck = int(state.p_event_deck[ev])
    bribe = GOOD_NAMES[int(state.bribe_good[ev])]
    info = (
        f"movement deck {deck}; bribe: 1 {bribe} for -1 strength; push cost: "
        f"{goods_text(state.p_push_cost[ev])}; harvest after it: "
        f"{HARVEST_NAMES[EVENT_HARVEST[ev]]}."
    )
    lines += _wrap(info)
    if letter < NUM_ORCS:
        seat = (int(state.start_player) + int(state.ev_seat)) % n
        o = letter
        card = int(state.ev_card)
        move = "none (not in the forest)"
        if card >= 0:
            steps = [int(d) for d in state.p_card_steps[deck - 1, card] if d >= 0]
            done = int(state.ev_step)
            move = ", ".join(
                ("(done) " if k < done else "") + DIR_WORDS[d] for k, d in enumerate(steps)
            )
        pushed = ("no", "yes", "yes (no movement)")[min(int(state.ev_pushed), 2)]
        lines += _wrap(
            f"active orc: player {seat}'s orc {ORC_LETTERS[o]}, {orc_text(state, seat, o)[2:]}; "
            f"movement card: {move}; pushed: {pushed}."
        )
    return lines


def reward_lines(state: State) -> list[str]:
    items = []
    titles = reward_titles(state)
    for r, title in enumerate(titles):
        taken = int(state.reward_taken[r])
        items.append(f"{title.split(' (')[0]}{f' [P{taken - 1}]' if taken else ''}")
    if "long_strip" in state.LAYOUT.fields:  # caverna_ff_v1 deals them at random
        rows = " ".join(LONG_STRIP_NAMES[int(k)] for k in state.long_strip if k >= 0)
    else:
        rows = "L1 L2 L4 L5"
    lines = [_section(f"Reward board (strips {rows} by column 1-4; [Pk] taken by player k)")]
    lines += _columns(items, 29)
    effects = [f"{t}" for t in dict.fromkeys(titles) if t != "-"]
    lines += _wrap("effects: " + "; ".join(effects))
    return lines


def supply_lines(state: State) -> list[str]:
    furn = [
        f"{FURN_TITLES[f]} {'(unlimited)' if FURN_UNLIMITED[f] else int(k)}"
        for f, k in enumerate(state.furn_left)
        if k
    ]
    if "furn_left_x" in state.LAYOUT.fields:  # caverna_ff_v1's further tiles
        left = enumerate(state.furn_left_x)
        furn += [f"{FURN_TITLES[FX_FIRST + k]} {int(v)}" for k, v in left if v]
    traps = [f"{TRAP_TITLES[t]} {int(k)}" for t, k in enumerate(state.trap_left)]
    lines = [_section("Supply (copies left)")]
    if "trap_left_x" in state.LAYOUT.fields:  # caverna_ff_v1: its extensions and further traps
        left = enumerate(state.trap_left_x)
        traps += [f"{TRAP_TITLES[NUM_TRAPS + k]} {int(v)}" for k, v in left if v]
        exts = [EXT_NAMES[e] for e in np.flatnonzero(state.supply_ext)]
        lines += _wrap("supply board extensions: " + " ".join(exts))
    if "short_strip" in state.LAYOUT.fields:  # caverna_ff_v1 deals them at random
        strips = [SHORT_STRIP_NAMES[int(k)] for k in state.short_strip if k >= 0]
        lines += _wrap("short strips (their yellow tiles): " + " ".join(strips))
    lines += _wrap("furnishings: " + ", ".join(furn))
    lines += _wrap("traps: " + ", ".join(traps))
    return lines


def legal_lines(state: State) -> list[str]:
    legal = np.flatnonzero(state.mask)
    if not len(legal):
        return []
    items = [f"[{int(a)}] {describe_in_state(state, int(a))}" for a in legal]
    lines = [_section(f"Legal actions ({len(legal)})")]
    return lines + _wrap("; ".join(items))


def render_ansi(state: State, viewer: int | None = None) -> str:
    """The whole public state in sections of at most 120 columns: round, decision and who
    makes it, the harvest ending this round, action spaces, the orc event, the reward board,
    the supply, each player's board, goods, dwarfs, orcs and score, a legend and every legal
    action with its description. `viewer` marks that seat as "you" (nothing is hidden)."""
    n = int(state.num_players)
    rnd = int(state.round)
    harvest = HARVEST_NAMES[round_harvest(state)]
    head = (
        f"Caverna: Frantic Fiends | round {rnd} of {int(state.rounds)} | {phase_name(state)} | "
        f"harvest at the end of this round: {harvest}"
    )
    lines = [head[:WIDTH]]
    scores = score_table(state)
    if int(state.phase) == P_GAME_OVER:
        best = int(scores.sum(axis=1).max())
        winners = [str(p) for p in range(n) if int(scores[p].sum()) == best]
        lines.append(f"Game over. Winner(s): player {', '.join(winners)} with {best} points.")
    else:
        actor = int(state.actor)
        lines += _wrap(f"Decision by {seat_name(state, actor, viewer)}: {decision_text(state)}", "")
    totals = ", ".join(f"P{p} {int(scores[p].sum())}" for p in range(n))
    lines.append(f"Scores so far: {totals}.  Start player: player {int(state.start_player)}.")
    lines += round_lines(state)
    lines += space_lines(state, viewer)
    lines += event_lines(state)
    lines += reward_lines(state)
    lines += supply_lines(state)
    for p in range(n):
        lines += player_lines(state, p, scores, viewer)
    lines += [_section("Legend")]
    v1 = "trap_left_x" in state.LAYOUT.fields
    for text in LEGEND + (LEGEND_V1 if v1 else ()):
        lines += _wrap(text.strip(), "  " if text.startswith(" ") else "")
    lines += legal_lines(state)
    return "\n".join(line.rstrip() for line in lines)


# ---- what happened between two states ---------------------------------------------------------


def _orc_where(state: State, p: int, o: int) -> str:
    st = int(state.orc_state[p, o])
    cell = int(state.orc_cell[p, o])
    if st == O_FOREST:
        return f"forest {cell_name(cell)}"
    if st == O_HELD:
        return f"a trap at {cell_name(cell)}"
    if st == O_CAVE:
        return f"the cave at {cell_name(cell)}"
    return ("out of play", "", "", "", "defeated", "friendly")[st]


def _orc_changes(before: State, after: State, p: int) -> list[str]:
    out = []
    for o in range(NUM_ORCS):
        name = f"player {p}'s orc {ORC_LETTERS[o]}"
        s0, s1 = int(before.orc_state[p, o]), int(after.orc_state[p, o])
        c0, c1 = int(before.orc_cell[p, o]), int(after.orc_cell[p, o])
        if s1 == O_FRIENDLY and s0 != O_FRIENDLY:
            out.append(f"{name} became friendly")
        elif s1 == O_DEFEATED and s0 != O_DEFEATED:
            out.append(f"{name} was defeated")
        elif s0 == O_OUT and s1 == O_FOREST:
            out.append(f"{name} arrived at forest {cell_name(c1)}")
        elif (s0, c0) != (s1, c1) and s1 in (O_FOREST, O_HELD, O_CAVE):
            out.append(f"{name} moved from {_orc_where(before, p, o)} to {_orc_where(after, p, o)}")
        d = int(after.orc_str[p, o]) - int(before.orc_str[p, o])
        if d and s1 in (O_FOREST, O_HELD, O_CAVE):
            out.append(
                f"{name}'s strength {'+' if d > 0 else ''}{d} (now {int(after.orc_str[p, o])})"
            )
    return out


def _board_changes(before: State, after: State, p: int) -> list[str]:
    out = []
    for c in range(CELLS_ALL):
        t0, t1 = int(before.tile[p, c]), int(after.tile[p, c])
        if t0 != t1:
            out.append(f"player {p} placed a {TILE_NAMES[t1]} on {cell_title(c)}")
        f0, f1 = int(before.furn[p, c]), int(after.furn[p, c])
        if f1 and f0 != f1:
            out.append(
                f"player {p} built {FURN_TITLES[f1 - 1] if f1 - 1 != F_ENTRY else 'a dwelling'}"
                f" at {cell_name(c)}"
            )
        if int(after.trap[p, c]) and not int(before.trap[p, c]):
            out.append(
                f"player {p} set a {TRAP_TITLES[int(after.trap[p, c]) - 1]} on {cell_name(c)}"
            )
        elif int(before.trap_active[p, c]) and not int(after.trap_active[p, c]):
            out.append(f"player {p}'s trap at {cell_name(c)} was sprung")
        if int(after.stable[p, c]) and not int(before.stable[p, c]):
            out.append(f"player {p} built a stable at {cell_name(c)}")
        if int(after.pasture[p, c]) and not int(before.pasture[p, c]):
            out.append(f"player {p} fenced a pasture at {cell_name(c)}")
        k0, k1 = int(before.crop[p, c]), int(after.crop[p, c])
        if k1 > k0:
            out.append(
                f"player {p} sowed {'a vegetable' if after.crop_kind[p, c] else 'grain'} "
                f"at {cell_name(c)}"
            )
    return out


def _goods_change(before: State, after: State, p: int) -> str | None:
    d = after.res[p] - before.res[p]
    if not d.any():
        return None
    parts = [f"{'+' if k > 0 else ''}{int(k)} {GOOD_NAMES[g]}" for g, k in enumerate(d) if k]
    return f"player {p} goods: " + ", ".join(parts)


def describe_changes(before: State, after: State) -> list[str]:
    """Short lines on what happened between two states, in the order a player would notice
    them: a new round (its card and harvest marker), the start and end of an orc event and
    of a harvest, orcs moving or changing side, board changes, people placed, goods won or
    paid, begging markers, new dwarfs, the end of the game. [] when nothing changed. Every
    line is public information (movement cards are revealed when drawn)."""
    out: list[str] = []
    n = int(after.num_players)
    r0, r1 = int(before.round), int(after.round)
    if r1 != r0:
        card = int(after.card[r1 - 1])
        marker = int(after.marker[r1 - 1])
        tag = {1: "an orc event", 0: "no orc event"}.get(marker, "")
        text = (
            f"round {r1} began: new action space {SPACE_TITLES[card]}"
            if card >= 0
            else f"round {r1} began"
        )
        out.append(text + (f"; harvest marker: {tag}" if tag else ""))
    if int(after.stage) == ST_EVENT and (
        int(before.stage) != ST_EVENT or int(before.ev) != int(after.ev)
    ):
        out.append(f"orc event {int(after.ev) + 1} of 4 began")
    if int(after.events_done) > int(before.events_done):
        out.append(f"orc event {int(after.events_done)} ended")
    if int(after.stage) == ST_HARVEST and int(before.stage) != ST_HARVEST:
        out.append(f"round {r1} harvest: {HARVEST_NAMES[int(after.harvest_kind)]}")
    for s in range(len(SPACE_TITLES)):
        o0, o1 = int(before.occupant[s]), int(after.occupant[s])
        if o1 >= 0 and o0 != o1:
            out.append(f"player {o1} went to {SPACE_TITLES[s]}")
    for p in range(n):
        out += _orc_changes(before, after, p)
        out += _board_changes(before, after, p)
        goods = _goods_change(before, after, p)
        if goods:
            out.append(goods)
        b = int(after.begging[p]) - int(before.begging[p])
        if b > 0:
            out.append(f"player {p} took {b} begging marker{'s' * int(b != 1)}")
        for d in range(len(after.dwarf[p])):
            d0, d1 = int(before.dwarf[p, d]), int(after.dwarf[p, d])
            if d0 == D_ABSENT and d1 != D_ABSENT:
                out.append(f"player {p}'s family grew: {person_title(d)} was born")
            elif d1 == D_HOSTAGE and d0 != D_HOSTAGE:
                out.append(f"player {p}'s {person_title(d)} was taken hostage")
            elif d0 == D_HOSTAGE and d1 not in (D_HOSTAGE, D_ABSENT):
                out.append(f"player {p}'s {person_title(d)} was freed")
        for r in range(len(REWARD_NAMES)):
            if int(after.reward_taken[r]) == p + 1 and int(before.reward_taken[r]) != p + 1:
                title = reward_titles(after)[r].split(" (")[0]
                out.append(f"player {p} took the reward {title}")
    if int(after.start_player) != int(before.start_player):
        out.append(f"player {int(after.start_player)} is now the start player")
    if int(after.phase) == P_GAME_OVER and int(before.phase) != P_GAME_OVER:
        totals = score_table(after).sum(axis=1)
        out.append(
            "game over: " + ", ".join(f"player {p} {int(totals[p])} points" for p in range(n))
        )
    return out
