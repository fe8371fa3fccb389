"""Belfort in words: a text status of the city and the players (`render_ansi`), what happened
automatically between two states (`describe_changes`), and the phrases the picture
(render_image.py) shares with them.

What a seat may see (spec Appendix F, encoders/belfort.py): the cards in another seat's hand
and its pending setup discards are private, the deck order is secret; how many cards each
seat holds is public at the table, and so are cards revealed to a Spies' Guild user.
`render_ansi(state)` (viewer None, for debugging and replays) shows every hand; with
`viewer=k` only seat k's. Marker owners are seat glyphs 0-4; in a 2-player game the
non-players NP3 / NP4 are owner ids 2 and 3, drawn with those glyphs and colours.
"""

from __future__ import annotations

import re
import textwrap

import numpy as np

from eurogym.envs.belfort.config import SEASONS
from eurogym.envs.belfort.render_x import X_PHASE_WORDS, expansion_lines
from eurogym.envs.belfort.rules import final_scores, site_cost
from eurogym.envs.belfort.state import (
    EMPTY,
    NP_FIRST,
    P_ACTIONS,
    P_ARCH_DISCOUNT,
    P_AREAS,
    P_CAMP,
    P_DISCARD,
    P_GAME_OVER,
    P_NP_PICK,
    P_NP_PLACE,
    P_PLACEMENT,
    P_SETUP_DISCARD,
    P_SPIES_REVEAL,
    P_SPIES_TAKE,
    P_STEAL,
    P_WIZ_SECOND,
    STEAL_THIEVES,
    State,
)
from eurogym.envs.belfort.tables import (
    AREA_NAMES,
    CAMP_PLANKS,
    MONTHS,
    NUM_DISTRICTS,
    NUM_SINGLE,
    PROPERTY_NAMES,
    RECRUITER_PLANKS,
    RESOURCE_NAMES,
    SCORING_MONTH,
    SEASON_OF_MONTH,
    SITE_GATE,
    SITE_GUILD,
    SITE_KEEP,
    SITE_WALL,
    SITE_WEIGHT,
    WORKER_KIND_NAMES,
    site_name,
)
from eurogym.envs.belfort.xtables import ALL_GUILD_CATEGORY, ALL_GUILD_NAMES
from eurogym.envs.core.render import PLAYER_GLYPHS

WIDTH = 120  # columns of the text view
COLOUR_NAMES = ("red", "blue", "white", "black", "purple")  # core.render.PLAYER_COLOURS
# What each phase asks of the player who decides (state.PHASE_NAMES order).
PHASE_WORDS = (
    "setup: discard 2 of the 5 dealt cards (hidden until everyone has chosen)",
    "setup: put a non-player's dwarf on a guild",
    "placement: place a worker on a plank, or pass",
    "placement: send each remaining worker to a resource area",
    "King's Camp: swap turn-order shields with another player, or keep yours",
    "actions turn: build, trade, hire a gnome, activate workers; buy a card or end the turn",
    "discard cards",
    "Inn: gain an elf or a dwarf",
    "Recruiters' Guild: gain an elf, a dwarf or a free gnome",
    "free gnome: choose the lock it goes on",
    "Gatehouse lock: choose the half for the extra gatehouse marker",
    "Architects' Guild: choose the site to build on without a card",
    "Architects' Guild: choose the discount",
    "steal resources",
    "Spies' Guild: reveal a card from your hand",
    "Spies' Guild: take one of the revealed cards",
    "Wizards' Guild: choose the first location to swap, or skip",
    "Wizards' Guild: choose the second location to swap",
    "Wizards' Guild: choose the half of the gatehouse that received one marker",
    "non-player's turn: choose the card it takes",
    "non-player's turn: choose where its marker goes",
    "game over",
    *X_PHASE_WORDS,
)


def owner_name(owner: int, num_players: int) -> str:
    """'player 1', or 'NP3' / 'NP4' for a 2-player game's non-players."""
    if num_players == 2 and owner >= NP_FIRST:
        return f"NP{owner + 1}"
    return f"player {owner}"


def season_name(month: int) -> str:
    """'spring' / 'summer' / 'autumn', or 'setup' before month 1."""
    return SEASONS[SEASON_OF_MONTH[month - 1]] if month >= 1 else "setup"


def tax_due(state: State, score: int) -> int:
    """§3.4: the gold the tax level of `score` asks each round (the state's tax table)."""
    due = 0
    for i in range(int(state.tax_levels)):
        if score >= state.tax_min[i]:
            due = int(state.tax_gold[i])
    return due


def owners(state: State) -> list[int]:
    """Every scoring colour: the seats, then the non-players in a 2-player game."""
    return list(range(state.num_players)) + (
        [NP_FIRST, NP_FIRST + 1] if state.num_players == 2 else []
    )


def calendar_words(state: State) -> str:
    """'month 3 of 7 (spring, scoring at its end)' or 'setup (before month 1)'."""
    m = int(state.month)
    if m == 0:
        return "setup (before month 1)"
    scoring = ", scoring at its end" if SCORING_MONTH[m - 1] else ""
    return f"month {m} of {MONTHS} ({season_name(m)}{scoring})"


def decision_words(state: State) -> str:
    """Who decides what now, with the phase's working values, e.g. 'player 1 decides: actions
    turn: ... (Trading Post visits 1 of 2 used)'."""
    phase = int(state.phase)
    if phase == P_GAME_OVER:
        final = final_scores(state)  # points + the §12 tie-break
        ranked = sorted(range(state.num_players), key=lambda p: -final[p])
        won = [f"player {p}" for p in ranked if final[p] == final[ranked[0]]]
        scores = ", ".join(f"player {p} {int(state.score[p])}" for p in ranked)
        return f"game over - won by {' and '.join(won)}; final scores: {scores}"
    return f"player {int(state.actor)} decides: {PHASE_WORDS[phase]}{_phase_detail(state, phase)}"


def _phase_detail(state: State, phase: int) -> str:
    n = state.num_players
    if phase == P_ACTIONS:
        used = max(int(state.buys), int(state.sells))
        extra = f", Merchants' exchanges left {int(state.exchanges)}" if state.exchanges else ""
        hired = "used" if state.hired else "free"
        return (
            f" (Trading Post visits {used} of {int(state.visits)} used, gnome hire {hired}{extra})"
        )
    if phase == P_DISCARD:
        return f" ({int(state.pending)} more)"
    if phase == P_SETUP_DISCARD:
        return f" ({2 - int(state.setup_discard[state.actor].sum())} more)"
    if phase == P_CAMP:
        return f" (King's Camp plank {int(state.camp_pos) + 1})"
    if phase == P_STEAL:
        who = "Thieves'" if state.scratch[0] == STEAL_THIEVES else "Bandits'"
        return f" ({who} Guild, {int(state.scratch[1])} taken so far)"
    if phase in (P_SPIES_REVEAL, P_SPIES_TAKE):
        shown = [
            f"player {q}: {PROPERTY_NAMES[state.revealed[q]]}"
            for q in range(n)
            if state.revealed[q] != EMPTY
        ]
        return f" (for player {int(state.spies_user)}; revealed: {', '.join(shown) or 'none yet'})"
    if phase in (P_WIZ_SECOND, P_ARCH_DISCOUNT):
        return f" (chosen: {site_name(int(state.scratch[0]))})"
    if phase in (P_NP_PICK, P_NP_PLACE):
        np_name = f"NP{NP_FIRST + int(state.np_turn) + 1}"
        card = f", its card: {PROPERTY_NAMES[state.np_card]}" if phase == P_NP_PLACE else ""
        return f" (for {np_name}, markers left {int(state.np_markers[state.np_turn])}{card})"
    return ""


# ---------------------------------------------------------------------------------- text


def render_ansi(state: State, viewer: int | None = None) -> str:
    """The game as text, at most 120 columns: the calendar and the decision, the scores, one
    block per district, the collection board, the cards, one block per player (and
    non-player), then a legend. `viewer=k` hides the hand contents of every other seat."""
    lines = [
        f"BELFORT  {calendar_words(state)}  |  gnome stock {int(state.gnome_stock)}",
        "DECISION: " + decision_words(state),
        "SCORES: " + " | ".join(_score_words(state, o) for o in owners(state)),
        _months_line(state),
        "",
        "DISTRICTS  (owner of each site; majorities score in months 3, 5, 7)",
    ]
    for d in range(NUM_DISTRICTS):
        lines.extend(_district_lines(state, d))
    lines += ["", "COLLECTION BOARD"]
    lines.extend(_collection_lines(state))
    lines += ["", "CARDS"]
    lines.extend(_cards_lines(state))
    lines += ["", "PLAYERS" + ("" if viewer is None else f"  (as seen by player {viewer})")]
    for seat in range(state.num_players):
        lines.extend(_player_lines(state, seat, viewer))
    if state.num_players == 2:
        lines.extend(_non_player_line(state, i) for i in range(2))
    x_lines = expansion_lines(state)
    if x_lines:
        lines += ["", *x_lines]
    lines += ["", *_legend_lines(state)]
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str) -> str:
    """Lines longer than WIDTH wrap with the same indentation plus 4."""
    if len(line) <= WIDTH:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    # a count stays with its word ("gardens 1"): a continuation line never starts with a bare
    # number, which a reader (or a tool listing "N  action" lines) would take for an index
    glued = re.sub(r" (?=\d)", "\u00a0", line)
    wrapped = textwrap.wrap(glued, WIDTH, subsequent_indent=indent, break_on_hyphens=False)
    return "\n".join(wrapped).replace("\u00a0", " ")


def _glyph(owner: int) -> str:
    return "." if owner == EMPTY else PLAYER_GLYPHS[owner]


def _score_words(state: State, owner: int) -> str:
    score = int(state.score[owner])
    tax = f" (tax {tax_due(state, score)}g)" if owner < state.num_players else ""
    return f"{owner_name(owner, state.num_players)} {score}{tax}"


def _months_line(state: State) -> str:
    cells = []
    for m in range(1, MONTHS + 1):
        cell = f"{m}{SEASONS[SEASON_OF_MONTH[m - 1]][:2]}{'$' if SCORING_MONTH[m - 1] else ''}"
        cells.append(f"[{cell}]" if m == state.month else f" {cell} ")
    return "MONTHS: " + " ".join(cells)


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


def short_name(site: int) -> str:
    """A site's name without its district ('pub', 'keep', 'wall.1'); Gatehouse halves keep
    their gatehouse name ('G5.b'), which says which neighbour they border."""
    name = site_name(site)
    return name if SITE_GATE <= site < SITE_WALL else name.split(".", 1)[1]


def district_markers(state: State, d: int) -> dict[int, int]:
    """Markers per owner in district d (a Keep counts its 2 symbols), largest first."""
    count: dict[int, int] = {}
    for s in district_sites(d):
        o = int(state.owner[s])
        if o != EMPTY:
            count[o] = count.get(o, 0) + int(SITE_WEIGHT[s])
    return dict(sorted(count.items(), key=lambda kv: -kv[1]))


def _district_lines(state: State, d: int) -> list[str]:
    guild = int(state.guild_of[d])
    head = f"D{d + 1}  guild {ALL_GUILD_NAMES[guild]} ({ALL_GUILD_CATEGORY[guild]})"
    head += f", owner {_glyph(state.owner[SITE_GUILD + d])}"
    head += f", worker on plank {_glyph(state.guild_worker[d])}"
    for i in range(2):
        if state.np_dwarf[i] == d:
            head += f", NP{NP_FIRST + i + 1} dwarf blocks the plank"
    marks = district_markers(state, d)
    head += "  | markers " + (" ".join(f"{_glyph(o)}:{c}" for o, c in marks.items()) or "none")
    cells = [f"{short_name(s)}:{_glyph(state.owner[s])}" for s in district_sites(d)[:-1]]
    return [head, "    " + " ".join(cells)]


def area_workers(state: State, seat: int, area: int) -> str:
    """'2 elf 1 master_dwarf' for the workers of a seat in a resource area ('' if none)."""
    return " ".join(
        f"{int(c)} {WORKER_KIND_NAMES[k]}" for k, c in enumerate(state.area[seat, :, area]) if c
    )


def _collection_lines(state: State) -> list[str]:
    n = state.num_players
    produce = ("wood; elves only", "stone; dwarves only", "metal per elf+dwarf pair", "gold")
    lines = []
    for a, name in enumerate(AREA_NAMES):
        here = [f"{p}: {area_workers(state, p, a)}" for p in range(n) if state.area[p, :, a].any()]
        lines.append(f"  {name} ({produce[a]}): {' | '.join(here) or '-'}")
    recruiters = [
        _glyph(state.recruiter[j])
        + (f"({('elf', 'dwarf')[state.recruiter_race[j]]})" if state.recruiter[j] != EMPTY else "")
        for j in range(RECRUITER_PLANKS[n])
    ]
    camp = [_glyph(state.camp[j]) for j in range(CAMP_PLANKS[n])]
    lines.append(
        f"  recruiter's desk (new worker, {int(state.fees[2])}g): {' '.join(recruiters)}"
        f" | king's camp (shield swap): {' '.join(camp)}"
    )
    return lines


def _cards_lines(state: State) -> list[str]:
    column = [
        f"{i + 1}:{PROPERTY_NAMES[c]}" if c != EMPTY else f"{i + 1}:-"
        for i, c in enumerate(state.column)
    ]
    discard = [f"{PROPERTY_NAMES[t]} {c}" for t, c in enumerate(state.discard) if c]
    season = SEASON_OF_MONTH[max(int(state.month), 1) - 1]
    prices = " ".join(
        f"{RESOURCE_NAMES[r]} {int(state.buy_price[season, r])}/{int(state.sell_price[season, r])}"
        for r in range(3)
    )
    return [
        f"  column: {' '.join(column)} | deck {int(state.deck_size)} cards"
        f" | discard pile: {', '.join(discard) or '-'}",
        f"  trading post (buy/sell gold, {SEASONS[season]}): {prices}"
        f" | gnome hire {int(state.fees[0])}g, card {int(state.fees[1])}g",
        *("  " + line for line in cost_lines(state)),
    ]


def short_cost(cost: np.ndarray) -> str:
    """'2W1S' for a W S M G cost, 'free' when it is all zero."""
    return "".join(f"{int(n)}{'WSMG'[r]}" for r, n in enumerate(cost) if n) or "free"


def cost_lines(state: State) -> list[str]:
    """What building costs (§9.2, the state's own numbers): each property card with its income,
    a wall, and the five guilds in play."""
    cards = [
        f"{PROPERTY_NAMES[t]} {short_cost(state.prop_cost[t])}"
        + (f" (+{int(state.prop_income[t])}g)" if state.prop_income[t] else "")
        for t in range(len(PROPERTY_NAMES))
    ]
    guilds = [
        f"{ALL_GUILD_NAMES[g]} {short_cost(site_cost(state, SITE_GUILD + d))}"
        for d, g in enumerate(state.guild_of)
    ]
    return [
        "build costs (+income): " + ", ".join(cards),
        f"wall {short_cost(state.wall_cost)}; guilds: " + ", ".join(guilds),
    ]


def hand_words(state: State, seat: int) -> str:
    """'bank, pub x2' (the hand's contents; private)."""
    return ", ".join(
        PROPERTY_NAMES[t] + (f" x{c}" if c > 1 else "") for t, c in enumerate(state.hand[seat]) if c
    )


def built_words(state: State, seat: int) -> list[str]:
    """'inn x1 (1 gnome, 1 on plank)' per built card type."""
    out = []
    for t in np.flatnonzero(state.built[seat]):
        extra = []
        if state.gnomes[seat, t]:
            extra.append(f"{int(state.gnomes[seat, t])} gnome")
        if state.on_plank[seat, t]:
            extra.append(f"{int(state.on_plank[seat, t])} on plank")
        more = f" ({', '.join(extra)})" if extra else ""
        out.append(f"{PROPERTY_NAMES[t]} x{int(state.built[seat, t])}{more}")
    return out


def _player_lines(state: State, seat: int, viewer: int | None) -> list[str]:
    mark = "*" if seat == state.actor and state.phase != P_GAME_OVER else " "
    w, s, m, g = (int(v) for v in state.res[seat])
    size = int(state.hand[seat].sum())
    hand = f"hand {size} cards"
    if (viewer is None or viewer == seat) and size:
        hand += f": {hand_words(state, seat)}"
    head = (
        f"{mark}player {seat} ({COLOUR_NAMES[seat]})"
        f" shield {int(state.shield[seat])}"
        f"{' (down)' if state.shield_down[seat] else ''} | score {int(state.score[seat])}"
        f" | W{w} S{s} M{m} G{g}"
        f" | elves {int(state.elves[seat])} dwarves {int(state.dwarves[seat])}"
        f" | {hand}{' | passed' if state.passed[seat] and state.phase in _PLACING else ''}"
    )
    avail = " ".join(
        f"{int(a)} {WORKER_KIND_NAMES[k]}" for k, a in enumerate(state.avail[seat]) if a
    )
    areas = [
        f"{AREA_NAMES[a]} {int(state.area[seat, :, a].sum())}"
        for a in range(4)
        if state.area[seat, :, a].any()
    ]
    lines = [
        head,
        f"    workers to place: {avail or '-'} | in areas: {', '.join(areas) or '-'}",
        f"    built: {', '.join(built_words(state, seat)) or '-'}",
    ]
    chosen = int(state.setup_discard[seat].sum())
    if chosen and (viewer is None or viewer == seat):
        picks = ", ".join(PROPERTY_NAMES[t] for t in np.flatnonzero(state.setup_discard[seat]))
        lines.append(f"    setup discard (hidden from others): {picks}")
    elif chosen:
        lines.append(f"    setup discard: {chosen} card(s) chosen (hidden)")
    return lines


def _non_player_line(state: State, i: int) -> str:
    owner = NP_FIRST + i
    dwarf = int(state.np_dwarf[i])
    where = f"D{dwarf + 1}" if dwarf != EMPTY else "-"
    return (
        f" NP{owner + 1} (non-player, glyph {PLAYER_GLYPHS[owner]}) score {int(state.score[owner])}"
        f" | markers left {int(state.np_markers[i])} | dwarf at {where}"
    )


def _legend_lines(state: State) -> list[str]:
    n = state.num_players
    nps = " 2 = NP3, 3 = NP4 (non-players);" if n == 2 else ""
    return [
        f"LEGEND: site owners 0-{n - 1} = player seats;{nps} '.' = empty;"
        " * = the player to decide;",
        "  W S M G = wood, stone, metal, gold (g = gold);"
        " G1.a/G1.b = the halves of gatehouse G1 (D1|D2);",
        "  a keep fills 2 symbols; [3sp$] = current month"
        " (sp/su/au = spring/summer/autumn, $ = scoring at its end);",
        "  master_elf / master_dwarf collect double; 'down' = shield turned at the King's Camp.",
    ]


# ------------------------------------------------------------------------------ changes


def describe_changes(before: State, after: State) -> list[str]:
    """What happened automatically from `before` to `after` (usually one step), in words safe
    for every viewer: the setup discards revealed, collection, income and taxes, scoring,
    the non-players' dwarves moving, cards drawn (how many, never which), the column refilled,
    whose turn starts, the end of the game. [] when nothing automatic happened."""
    lines: list[str] = []
    n = after.num_players
    if before.phase == P_SETUP_DISCARD and after.phase != P_SETUP_DISCARD:
        revealed = after.discard - before.discard
        cards = ", ".join(f"{PROPERTY_NAMES[t]} x{int(c)}" for t, c in enumerate(revealed) if c)
        lines.append(f"setup discards revealed: {cards or 'none'}")
    scored = after.month != before.month or after.phase == P_GAME_OVER != before.phase
    if scored and before.month >= 1 and SCORING_MONTH[int(before.month) - 1]:
        gains = [
            f"{owner_name(o, n)} +{int(after.score[o] - before.score[o])}"
            for o in owners(after)
            if after.score[o] != before.score[o]
        ]
        lines.append(f"scoring after month {int(before.month)}: {', '.join(gains) or 'no points'}")
    for i in range(2 if n == 2 else 0):
        if before.np_dwarf[i] != EMPTY and after.np_dwarf[i] != before.np_dwarf[i]:
            d = int(after.np_dwarf[i])
            lines.append(
                f"NP{NP_FIRST + i + 1}'s dwarf moved to D{d + 1}"
                f" ({ALL_GUILD_NAMES[after.guild_of[d]]})"
            )
    if after.month != before.month:
        first = int(np.flatnonzero(after.shield[: after.num_players] == 1)[0])
        lines.append(f"{calendar_words(after)} begins; player {first} (shield 1) places first")
    lines.extend(_collection_changes(before, after))
    lines.extend(_card_changes(before, after))
    if after.phase == P_ACTIONS and (
        after.turn_player != before.turn_player or before.phase in _BEFORE_ACTIONS
    ):
        lines.append(f"player {int(after.turn_player)}'s actions turn begins")
    if after.phase == P_GAME_OVER and before.phase != P_GAME_OVER:
        lines.append("game over: " + ", ".join(_score_words(after, o) for o in owners(after)))
    return lines


_PLACING = (P_PLACEMENT, P_AREAS)
_BEFORE_ACTIONS = (P_PLACEMENT, P_AREAS, P_CAMP)


def _collection_changes(before: State, after: State) -> list[str]:
    """§8.2: the areas and the Recruiter's Desk when the last player passes, then income and
    taxes when the King's Camp is done (often in the same step)."""
    collected = before.phase in _PLACING and after.phase not in _PLACING
    taxed = before.phase in _BEFORE_ACTIONS and after.phase == P_ACTIONS
    if not (collected or taxed):
        return []
    what = {(True, False): "collection", (False, True): "income and taxes"}.get(
        (collected, taxed), "collection, income and taxes"
    )
    lines = []
    for p in range(after.num_players):
        parts = [
            f"{int(d):+d} {RESOURCE_NAMES[r]}"
            for r, d in enumerate(after.res[p] - before.res[p])
            if d
        ]
        for name, field in (("elf", "elves"), ("dwarf", "dwarves")):
            d = int(getattr(after, field)[p] - getattr(before, field)[p])
            if d:
                parts.append(f"{d:+d} {name}")
        if after.score[p] < before.score[p]:
            parts.append(f"{int(after.score[p] - before.score[p])} points (unpaid tax)")
        if parts:
            lines.append(f"{what}: player {p} {', '.join(parts)}")
    return lines or [f"{what}: no change"]


def _card_changes(before: State, after: State) -> list[str]:
    """How many cards each seat drew (a purchase is the buyer's move, not a draw; a card the
    Spies' user takes is not drawn) and the column slots refilled from the deck."""
    if before.phase in (P_SETUP_DISCARD, P_SPIES_TAKE):
        return []
    lines = []
    bought = (
        before.phase == P_ACTIONS
        and (after.phase != P_ACTIONS or after.turn_player != before.turn_player)
        and after.res[before.actor, 3] <= before.res[before.actor, 3] - before.fees[1]
    )
    for p in range(after.num_players):
        drawn = int(after.hand[p].sum() - before.hand[p].sum()) - int(bought and p == before.actor)
        if drawn > 0:
            lines.append(f"player {p} drew {drawn} card{'s' if drawn > 1 else ''}")
    for i in range(len(after.column)):
        if after.column[i] != before.column[i] and after.column[i] != EMPTY:
            lines.append(f"column slot {i + 1} refilled: {PROPERTY_NAMES[after.column[i]]}")
    return lines
