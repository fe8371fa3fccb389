"""State invariants checked after every step of the random-game tests (issue 3): nothing
negative, gnomes / workers / cards conserved, one marker per symbol, hand limit at turn end.

The checks run as one numba kernel (the conformance suite calls them after each of ~450k
random decisions); `check_invariants` turns its answer into an AssertionError message.

`check_state` is the stricter check of a state loaded from outside (issue 11): it runs in
plain numpy before the invariants kernel, so it also rules out the values that would make
that kernel, the step kernels, the encoder or the renderer index outside their arrays.
"""

from __future__ import annotations

from typing import NoReturn

import numpy as np
from numba import njit

from eurogym.envs.belfort.config import PLAYER_COUNTS, THIEVES_VARIANTS
from eurogym.envs.belfort.state import (
    AREA,
    ASST_DOWN,
    ASST_GUILD_SEAT,
    ASST_HOLDER,
    AVAIL,
    BASE_SIZE,
    BUILT,
    CAMP,
    CENTAUR_LOCK,
    COLUMN,
    DECK_SIZE_AT,
    DECORATED,
    DISCARD,
    DRAFT_LEFT,
    DWARVES,
    ELVES,
    EMPTY,
    EXPANDED,
    EXPANSION,
    FEES,
    GNOME_STOCK,
    GNOMES,
    GNOMES_TOTAL,
    GUILD_WORKER,
    HAND,
    IMP_SEAT,
    IMP_TYPE,
    MAX_IMPS,
    MAX_SCORING_POINTS,
    MONTH,
    NP_FIRST,
    NP_MARKERS,
    NUM_PLAYERS,
    ON_PERMIT,
    ON_PLANK,
    OWNER,
    P_ACTIONS,
    P_ARCH_DISCOUNT,
    P_AREAS,
    P_CAMP,
    P_CENTAUR,
    P_CENTAUR_GATE,
    P_CENTAUR_UNDO,
    P_DISCARD,
    P_DRAFT,
    P_GAME_OVER,
    P_GIANT,
    P_GOON,
    P_GORGON,
    P_HALFLING,
    P_IMPS,
    P_LOCK,
    P_NHR_TAKE,
    P_NP_DWARF,
    P_NP_PICK,
    P_NP_PLACE,
    P_PLACEMENT,
    P_SENTINEL_PAY,
    P_SETUP_DISCARD,
    P_SPIES_REVEAL,
    P_SPIES_TAKE,
    P_STEAL,
    P_WIZ_GATE,
    P_WIZ_SECOND,
    PERMIT_STACK,
    PERMITS,
    PHASE,
    PHASE_NAMES,
    RECRUITER,
    RES,
    SCORE,
    SETUP_DISCARD,
    SHIELD,
    SPIES_USER,
    STEAL_BANDITS,
    STEAL_THIEVES,
    THEN_END_TURN,
    THEN_PLACEMENT,
    TURN_PLAYER,
    X_TURN_PHASES,
    State,
    XState,
)
from eurogym.envs.belfort.tables import (
    AREA_ACCEPTS,
    BANDITS_ONE_PLAYER_WS,
    CAMP_PLANKS,
    COLUMN_SIZE,
    COPIES_PER_PROPERTY,
    DECK_SIZE,
    GATEHOUSE,
    HAND_DEAL,
    HAND_DISCARD,
    KIND_PROPERTY,
    LOCKS,
    MONTHS,
    NUM_DISTRICTS,
    NUM_PROPERTIES,
    NUM_SITES,
    PLANK_LOCKED,
    PLANK_TYPES,
    PROPERTY_NAMES,
    RECRUITER_PLANKS,
    SCORING_MONTH,
    SITE_GATE,
    SITE_KIND,
    SITE_TYPE,
    SITE_WALL,
    SITE_WEIGHT,
    START_WORKERS,
    STEAL_SPREAD_PLAYERS,
    TWO_PLAYER_INTERACTIVE,
    WORKERS_PER_COLOUR,
)
from eurogym.envs.belfort.tables import GNOME_STOCK as STOCK_AT_SETUP
from eurogym.envs.belfort.tables import (
    NP_MARKERS as NP_MARKERS_AT_START,
)
from eurogym.envs.belfort.tokens import free_planks
from eurogym.envs.belfort.xchecks import check_x_state
from eurogym.envs.belfort.xtables import (
    ALL_GUILD_CATEGORY,
    ALL_GUILD_NAMES,
    CENTAUR,
    IMPS,
    NUM_ASSISTANTS,
    PERMIT_PLANKS,
    PERMITS_PER_TYPE,
    START_MONTH,
)
from eurogym.envs.core.errors import StateError
from eurogym.envs.core.jit import ENTRY, KERNEL
from eurogym.envs.core.rng import check_words

NP = NUM_PROPERTIES
PLANK_OF_TYPE = np.array([t in PLANK_TYPES for t in range(NP)], np.bool_)  # cards with a plank
PERMITS_PER_TYPE_BY_N = np.array([PERMITS_PER_TYPE.get(n, 0) for n in range(6)], np.int64)
MESSAGES = (
    "ok",
    "negative resources or gold",
    "negative score",
    "negative card or worker count",
    "gnomes not conserved (stock + gnomes on locks != stock at setup)",
    "more gnomes than locks on a card type",
    "more than 7 workers of a race",
    "more workers placed, in areas or waiting than owned",
    "a worker on the plank of a card not built",
    "property cards not conserved (50 in deck, column, hands, discards, built)",
    "a marker owner that is neither a seat nor a non-player",
    "a Gatehouse with two owners",
    "non-player markers not conserved (12 each, a Keep uses 2)",
    "a player over the hand limit outside their own turn",
    "no legal action before the game is over",
    "a mask entry other than 0 or 1",
    "permits not conserved (stack + held != permits in play)",
    "a permit without its built card, or an expansion without its permit",
    "more workers on permit planks than the open permits have planks",
    "assistants out of place (each player holds one after the draft, none outside the round)",
    "a decoration coin without its marker, or more coins than markers on a site",
    "the Centaur's token out of place (not on an empty lock of its holder's card, or kept"
    " after the round)",
    "an Imp out of place (not on a free plank of a built card, without its face-down tile,"
    " or kept after the round)",
)


@njit(**ENTRY)
def first_violation(buf, mask):
    """Index into MESSAGES of the first broken invariant, 0 if none."""
    n = buf[NUM_PLAYERS]
    phase = buf[PHASE]
    cards = buf[DECK_SIZE_AT] + (1 if phase == P_NP_PLACE else 0)  # a picked NP card
    on_locks = 0
    for p in range(n):
        for r in range(4):
            if buf[RES + p * 4 + r] < 0:
                return 1
        if buf[SCORE + p] < 0:
            return 2
        placed = 0
        for k in range(4):
            if buf[AVAIL + p * 4 + k] < 0:
                return 3
            placed += buf[AVAIL + p * 4 + k]
        for k in range(16):
            placed += buf[AREA + p * 16 + k]
        for t in range(NP):
            at = p * NP + t
            if buf[HAND + at] < 0 or buf[SETUP_DISCARD + at] < 0 or buf[GNOMES + at] < 0:
                return 3
            if buf[GNOMES + at] > buf[BUILT + at] * LOCKS[t]:
                return 5
            if buf[ON_PLANK + at] > buf[BUILT + at]:
                return 8
            on_locks += buf[GNOMES + at]
            placed += buf[ON_PLANK + at]
            cards += buf[HAND + at] + buf[SETUP_DISCARD + at] + buf[BUILT + at]
        for d in range(NUM_DISTRICTS):
            placed += 1 if buf[GUILD_WORKER + d] == p else 0
            placed += 1 if buf[CAMP + d] == p else 0
        for i in range(3):
            placed += 1 if buf[RECRUITER + i] == p else 0
        if buf.shape[0] > BASE_SIZE:
            for t in range(NP):
                placed += buf[ON_PERMIT + p * NP + t]
        if buf[ELVES + p] > WORKERS_PER_COLOUR or buf[DWARVES + p] > WORKERS_PER_COLOUR:
            return 6
        if placed > buf[ELVES + p] + buf[DWARVES + p]:
            return 7
    if buf[GNOME_STOCK] < 0 or buf[GNOME_STOCK] + on_locks != buf[GNOMES_TOTAL]:
        return 4
    for t in range(NP):
        cards += buf[DISCARD + t]
    for i in range(COLUMN_SIZE):
        cards += 1 if buf[COLUMN + i] != EMPTY else 0
    if cards != DECK_SIZE:
        return 9
    top = NP_FIRST + 2 if n == 2 else n
    np_markers = [0, 0]
    for s in range(NUM_SITES):
        o = buf[OWNER + s]
        if o != EMPTY and not 0 <= o < top:
            return 10
        if n == 2 and o >= NP_FIRST:
            np_markers[o - NP_FIRST] += SITE_WEIGHT[s]
    for g in range(SITE_GATE, SITE_WALL, 2):
        a = buf[OWNER + g]
        b = buf[OWNER + g + 1]
        if a != EMPTY and b != EMPTY and a != b:
            return 11
    if n == 2:
        for i in range(2):
            if np_markers[i] + buf[NP_MARKERS + i] != NP_MARKERS_AT_START:
                return 12
    if phase != P_SETUP_DISCARD and phase != P_GAME_OVER:
        in_turn = P_ACTIONS <= phase <= P_WIZ_GATE or X_TURN_PHASES[0] <= phase <= X_TURN_PHASES[1]
        for p in range(n):
            if in_turn and (p == buf[TURN_PLAYER] or p == buf[SPIES_USER]):
                continue
            size = 0
            for t in range(NP):
                size += buf[HAND + p * NP + t]
            if size > buf[FEES + 4]:
                return 13
    legal = 0
    for a in range(mask.shape[0]):
        if mask[a] != 0 and mask[a] != 1:
            return 15
        legal += mask[a]
    if phase != P_GAME_OVER and legal == 0:
        return 14
    if buf.shape[0] > BASE_SIZE and buf[EXPANSION] == 1:
        return x_violation(buf)
    return 0


@njit(**KERNEL)
def x_violation(buf):
    """The expansion's invariants (MESSAGES 16-19): permits conserved and only under built
    cards, workers on permit planks within the open permits' planks, and the assistants:
    none held before the first draft or after the game, one per player who has drafted."""
    n = buf[NUM_PLAYERS]
    phase = buf[PHASE]
    for t in range(NP):
        held = buf[PERMIT_STACK + t]
        for p in range(n):
            at = p * NP + t
            held += buf[PERMITS + at]
            if buf[PERMITS + at] > buf[BUILT + at] or buf[EXPANDED + at] > buf[PERMITS + at]:
                return 17
            open_planks = (buf[PERMITS + at] - buf[EXPANDED + at]) * PERMIT_PLANKS[t]
            if buf[ON_PERMIT + at] > open_planks:
                return 18
        if held != PERMITS_PER_TYPE_BY_N[n]:
            return 16
    for s in range(NUM_SITES):
        coins = buf[DECORATED + s]
        if coins > SITE_WEIGHT[s] or coins > 0 and buf[OWNER + s] == EMPTY:
            return 20
    drafting = phase == P_CENTAUR or phase == P_CENTAUR_GATE
    drafting = phase == P_DRAFT or drafting and buf[DRAFT_LEFT] > 0
    for p in range(n):
        drafted = 0
        for a in range(NUM_ASSISTANTS):
            drafted += 1 if buf[ASST_HOLDER + a] == p else 0
        if phase == P_SETUP_DISCARD or phase == P_NP_DWARF or phase == P_GAME_OVER:
            expected = 0
        elif phase == P_CENTAUR_UNDO:
            expected = 0  # §11: every tile is back, the Gatehouse marker still to go
        elif drafting:  # the drafter asked where the Centaur's token goes holds it already
            left = buf[DRAFT_LEFT] - (0 if phase == P_DRAFT else 1)
            expected = 1 if buf[SHIELD + p] > left else 0
        else:
            expected = 2 if buf[ASST_GUILD_SEAT] == p else 1  # + the Assistants' Guild's
        if drafted != expected:
            return 19
    return token_violation(buf, drafting)


@njit(**KERNEL)
def token_violation(buf, drafting):
    """The Centaur's token fills an empty lock of its holder's built card, only while a seat
    holds the tile (so §11's return undoes it); each Imp stands on a plank of a built card it
    may occupy (workers and Imps within the usable planks), only while its tile is face down
    and held, never during the draft."""
    t = buf[CENTAUR_LOCK]
    if t != EMPTY:
        h = buf[ASST_HOLDER + CENTAUR]
        if h < 0 or buf[GNOMES + h * NP + t] + 1 > buf[BUILT + h * NP + t] * LOCKS[t]:
            return 21
    for i in range(MAX_IMPS):
        q = buf[IMP_SEAT + i]
        if q == EMPTY:
            if buf[IMP_TYPE + i] != EMPTY:
                return 22
            continue
        t = buf[IMP_TYPE + i]
        if drafting or buf[ASST_HOLDER + IMPS] < 0 or buf[ASST_DOWN + IMPS] == 0:
            return 22
        if t == EMPTY or not PLANK_OF_TYPE[t] or free_planks(buf, q, t) < 0:
            return 22
    return 0


def check_invariants(state: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    code = first_violation(state.buf, state.mask)
    if code:
        raise AssertionError(
            f"belfort invariant broken: {MESSAGES[code]} "
            f"(phase {PHASE_NAMES[state.phase]}, month {state.buf[MONTH]})"
        )


# ----------------------------------------------------------------------------- loaded states

SETUP_PHASES = (P_SETUP_DISCARD, P_NP_DWARF)
PLACEMENT_PHASES = (P_PLACEMENT, P_AREAS)
TWO_PLAYER_PHASES = (P_NP_DWARF, P_NP_PICK, P_NP_PLACE)
SPIES_PHASES = (P_SPIES_REVEAL, P_SPIES_TAKE)
# per-seat fields: a seat beyond num_players holds zeros there
SEAT_FIELDS = (
    "res",
    "elves",
    "dwarves",
    "avail",
    "area",
    "passed",
    "built",
    "gnomes",
    "on_plank",
    "shield",
    "shield_down",
    "hand",
    "setup_discard",
    "robbed",
)
HAND_LIMIT_FEE = 4  # config.FEES index of hand_limit
MAX_STEAL_TAKES = max(max(THIEVES_VARIANTS.values()), BANDITS_ONE_PLAYER_WS, STEAL_SPREAD_PLAYERS)


def _fail(field: str, value: object, why: str) -> NoReturn:
    raise StateError(f"belfort: state field {field} = {value} {why}")


def _at(name: str, index: tuple) -> str:
    return f"{name}{[int(i) for i in index]}"


def check_state(state: State) -> None:
    """Raise StateError (naming the field) unless a loaded state is one the engine can run.

    Why: `FlatEngine.validate` calls this after the layout's bounds and before the invariants
    kernel and the recomputed mask. The bounds keep each value inside its own table; this adds
    what depends on other fields: seats below num_players (seats beyond it hold nothing),
    each phase's pending fields (who acts, the site, gate or discard count the phase works
    on), parameters as config makes them, cards and shields conserved, workers and shields
    only in the phases that use them, and scores no higher than the scorings so far can give.
    A state that passes can be played, observed, rendered and scored without any kernel
    reading or writing outside its arrays.
    """
    n = state.num_players
    _check_params(state, n)
    _check_players(state, n)
    _check_board(state, n)
    _check_turn(state, n)
    _check_phase(state, n)
    _check_cards(state, n)
    if isinstance(state, XState):
        check_x_state(state, n)
    try:
        check_words(state.rng)
    except StateError as err:
        raise StateError(f"belfort: {err}") from None


def _check_params(state: State, n: int) -> None:
    """The parameter block as config.make_config writes it."""
    if n not in PLAYER_COUNTS:
        _fail("num_players", n, f"is not a player count {PLAYER_COUNTS}")
    if state.thieves_max not in THIEVES_VARIANTS.values():
        _fail("thieves_max", state.thieves_max, f"is not one of {THIEVES_VARIANTS}")
    levels = state.tax_levels
    mins = state.tax_min
    if mins[0] != 0:
        _fail("tax_min[0]", mins[0], "must be 0 (the first tax level starts at score 0)")
    for i in range(1, levels):
        if mins[i] <= mins[i - 1]:
            _fail(f"tax_min[{i}]", mins[i], "must be above the tax level below it")
    for name in ("tax_min", "tax_gold"):
        extra = np.flatnonzero(getattr(state, name)[levels:])
        if extra.size:
            i = levels + int(extra[0])
            _fail(f"{name}[{i}]", getattr(state, name)[i], f"is set beyond tax_levels {levels}")
    if state.fees[HAND_LIMIT_FEE] < 1:
        _fail(f"fees[{HAND_LIMIT_FEE}]", state.fees[HAND_LIMIT_FEE], "(hand limit) is below 1")
    if state.gnomes_total != STOCK_AT_SETUP[n]:
        stock = STOCK_AT_SETUP[n]
        _fail("gnomes_total", state.gnomes_total, f"is not the {n}-player stock {stock}")


def _check_players(state: State, n: int) -> None:
    """Seats beyond num_players are empty; shields, workers, planks and scores are possible."""
    for name in SEAT_FIELDS:
        values = getattr(state, name)
        extra = np.argwhere(values[n:])
        if extra.size:
            index = (n + extra[0][0], *extra[0][1:])
            _fail(_at(name, index), values[index], f"belongs to no seat (num_players {n})")
    competitors = NP_FIRST + 2 if n == 2 else n
    extra = np.flatnonzero(state.score[competitors:])
    if extra.size:
        i = competitors + int(extra[0])
        _fail(f"score[{i}]", state.score[i], f"belongs to no competitor (num_players {n})")
    extra = np.flatnonzero(state.revealed[n:] != EMPTY)
    if extra.size:
        i = n + int(extra[0])
        _fail(f"revealed[{i}]", state.revealed[i], f"belongs to no seat (num_players {n})")
    # the expansion can cost workers (Inn+Pool, Appendix D)
    least = 0 if isinstance(state, XState) else START_WORKERS
    for name in ("elves", "dwarves"):
        low = np.flatnonzero(getattr(state, name)[:n] < least)
        if low.size:
            p = int(low[0])
            _fail(f"{name}[{p}]", getattr(state, name)[p], f"is below the {least} at setup")
    if sorted(state.shield[:n].tolist()) != list(range(1, n + 1)):
        _fail("shield", state.shield[:n].tolist(), f"must hold 1..{n} once each")
    for t in range(NUM_PROPERTIES):
        for p in range(n):
            on = state.on_plank[p, t]
            if on and t not in PLANK_TYPES:
                _fail(f"on_plank[{p}, {t}]", on, f"but a {PROPERTY_NAMES[t]} has no plank")
            if PLANK_LOCKED[t] and free_planks(state.buf, p, t) < 0:
                _fail(f"on_plank[{p}, {t}]", on, "is more than the unlocked planks (gnomes)")
    for kind in range(4):
        for area in range(4):
            if not AREA_ACCEPTS[area, kind] and state.area[:n, kind, area].any():
                p = int(np.flatnonzero(state.area[:n, kind, area])[0])
                _fail(_at("area", (p, kind, area)), state.area[p, kind, area], "is not allowed")
    if isinstance(state, XState):
        return  # bonus scoring, the Pixie and the Lawyers' have no fixed cap (MAX_X_SCORE)
    cap = MAX_SCORING_POINTS * _scorings_done(state)
    high = np.flatnonzero(state.score[:competitors] > cap)
    if high.size:
        c = int(high[0])
        _fail(f"score[{c}]", state.score[c], f"is above the {cap} points the scorings so far give")


def _scorings_done(state: State) -> int:
    """Scoring phases already held: those of the months before this one (all at game end)."""
    months = state.month if state.phase == P_GAME_OVER else state.month - 1
    return int(SCORING_MONTH[: max(months, 0)].sum())


def _check_board(state: State, n: int) -> None:
    """Guilds, markers and the pieces on the board belong to seats of this game."""
    guilds = state.guild_of.tolist()
    for d, g in enumerate(guilds):
        if g in guilds[:d]:
            _fail(f"guild_of[{d}]", g, "is already in another district")
        banned = (
            ALL_GUILD_CATEGORY[g] == "interactive"
            and ALL_GUILD_NAMES[g] not in TWO_PLAYER_INTERACTIVE
        )
        if n == 2 and banned:
            _fail(f"guild_of[{d}]", g, "is an interactive guild, not allowed with 2 players")
    top = NP_FIRST + 2 if n == 2 else n
    for s, owner in enumerate(state.owner.tolist()):
        if owner >= top:
            _fail(f"owner[{s}]", owner, f"is not a seat (num_players {n})")
        if owner >= n and SITE_KIND[s] != KIND_PROPERTY:
            _fail(f"owner[{s}]", owner, "is a non-player marker on a wall or guild spot")
    for name in ("guild_worker", "recruiter", "camp"):
        values = getattr(state, name)
        high = np.flatnonzero(values >= n)
        if high.size:
            i = int(high[0])
            _fail(f"{name}[{i}]", values[i], f"is not a seat (num_players {n})")
    for name, planks in (("recruiter", RECRUITER_PLANKS[n]), ("camp", CAMP_PLANKS[n])):
        values = getattr(state, name)
        extra = np.flatnonzero(values[planks:] != EMPTY)
        if extra.size:
            i = planks + int(extra[0])
            _fail(f"{name}[{i}]", values[i], f"is a plank not used with {n} players")
    extra = np.flatnonzero(state.recruiter_race[RECRUITER_PLANKS[n] :])
    if extra.size:
        i = RECRUITER_PLANKS[n] + int(extra[0])
        _fail(f"recruiter_race[{i}]", 1, f"is a plank not used with {n} players")
    seats = [p for p in state.camp.tolist() if p != EMPTY]
    if len(set(seats)) != len(seats):
        _fail("camp", state.camp.tolist(), "holds a seat twice (one worker each, §7.2)")
    phase = state.phase
    if _placing(state):
        phase = P_PLACEMENT  # the Library+Archives fee is paid inside Placement
    if phase not in PLACEMENT_PHASES and (state.recruiter != EMPTY).any():
        _fail("recruiter", state.recruiter.tolist(), "is occupied outside placement")
    if phase not in (*PLACEMENT_PHASES, P_CAMP) and (state.camp != EMPTY).any():
        _fail("camp", state.camp.tolist(), "is occupied outside placement and the King's Camp")
    planks = CAMP_PLANKS[n]
    if state.camp_pos > planks or (phase != P_CAMP and state.camp_pos not in (0, planks)):
        _fail("camp_pos", state.camp_pos, f"is not a King's Camp position (planks {planks})")
    _check_non_players(state, n)


def _check_non_players(state: State, n: int) -> None:
    """§13: the non-players' Dwarves and markers exist in 2-player games only."""
    dwarves = state.np_dwarf.tolist()
    if n != 2:
        for name, values, empty in (("np_dwarf", dwarves, EMPTY), ("np_markers", None, 0)):
            values = state.np_markers.tolist() if values is None else values
            for i, v in enumerate(values):
                if v != empty:
                    _fail(f"{name}[{i}]", v, f"is a non-player's, but num_players is {n}")
        if state.np_turn != 0:
            _fail("np_turn", state.np_turn, f"is a non-player's, but num_players is {n}")
        return
    placed = 0 if state.phase == P_SETUP_DISCARD else 1 if state.phase == P_NP_DWARF else 2
    for i, d in enumerate(dwarves):
        if i >= placed and d != EMPTY:
            _fail(f"np_dwarf[{i}]", d, f"is placed in phase {PHASE_NAMES[state.phase]}")
        if i < placed and i == 1 and d in (EMPTY, dwarves[0]):
            _fail(f"np_dwarf[{i}]", d, "must be a district other than np_dwarf[0]")
        if i < placed and i == 0 and d == EMPTY and state.phase != P_NP_DWARF:
            _fail(f"np_dwarf[{i}]", d, "must be a district after the 2-player setup")


def _check_cards(state: State, n: int) -> None:
    """Every type's 5 cards are somewhere; setup discards only during the setup."""
    counts = np.bincount(state.deck[: state.deck_size], minlength=NUM_PROPERTIES)
    counts = counts + state.hand.sum(0) + state.setup_discard.sum(0) + state.built.sum(0)
    counts += state.discard
    for t in state.column.tolist():
        if t != EMPTY:
            counts[t] += 1
    if state.phase == P_NP_PLACE and state.np_card != EMPTY:
        counts[state.np_card] += 1  # the non-player's card waits for its marker
    wrong = np.flatnonzero(counts != COPIES_PER_PROPERTY)
    if wrong.size:
        t = int(wrong[0])
        raise StateError(
            f"belfort: state fields deck, column, hand, setup_discard, built and discard hold "
            f"{counts[t]} {PROPERTY_NAMES[t]} cards, expected {COPIES_PER_PROPERTY}"
        )
    chosen = state.setup_discard.sum(1)
    if state.phase != P_SETUP_DISCARD:
        if chosen.any():
            p = int(np.flatnonzero(chosen)[0])
            _fail(f"setup_discard[{p}]", state.setup_discard[p].tolist(), "outside the setup")
        return
    for p in range(n):
        done = HAND_DISCARD if p < state.actor else 0 if p > state.actor else chosen[p]
        if chosen[p] != done or chosen[p] >= HAND_DISCARD and p == state.actor:
            _fail(f"setup_discard[{p}]", state.setup_discard[p].tolist(), "is not this seat's turn")
        if state.hand[p].sum() + chosen[p] != HAND_DEAL:
            _fail(f"hand[{p}]", state.hand[p].tolist(), f"is not the {HAND_DEAL} cards dealt")


def _check_turn(state: State, n: int) -> None:
    """Who acts, the month, and the fields each part of the round uses."""
    phase, actor, month = state.phase, state.actor, state.month
    if phase == P_GAME_OVER:
        if actor != EMPTY:
            _fail("actor", actor, "must be EMPTY (-1) once the game is over")
        if month != MONTHS:
            _fail("month", month, f"must be {MONTHS} once the game is over")
    elif not 0 <= actor < n:
        _fail("actor", actor, f"is not a seat (num_players {n})")
    first = START_MONTH if isinstance(state, XState) and state.expansion else 0
    if (phase in SETUP_PHASES) != (month == first):
        _fail("month", month, f"does not fit phase {PHASE_NAMES[phase]} ({first} only in setup)")
    if n != 2 and phase in TWO_PLAYER_PHASES:
        _fail("phase", phase, f"({PHASE_NAMES[phase]}) is a 2-player phase, num_players {n}")
    for name in ("turn_player", "spies_user"):
        if getattr(state, name) >= n:
            _fail(name, getattr(state, name), f"is not a seat (num_players {n})")
    if phase != P_CAMP and state.shield_down.any():
        _fail("shield_down", state.shield_down.tolist(), "is set outside the King's Camp")
    if phase not in SPIES_PHASES and (state.revealed != EMPTY).any():
        _fail("revealed", state.revealed.tolist(), "is set outside the Spies' guild")
    if phase != P_DISCARD and state.pending:
        _fail("pending", state.pending, "is set outside the discard phase")
    passed = state.passed[:n]
    if phase in PLACEMENT_PHASES or _placing(state):
        for p in range(n):
            waiting = phase == P_AREAS and p == actor
            if passed[p] and state.avail[p].any() and not waiting:
                _fail(f"avail[{p}]", state.avail[p].tolist(), "is left after passing")
            if not passed[p] and state.area[p].any():
                _fail(f"area[{p}]", state.area[p].sum(), "holds workers before passing")
            # every owned worker is still to place, in an area or on a plank (§7)
            placed = state.avail[p].sum() + state.area[p].sum() + _on_planks(state, p)
            if placed != state.elves[p] + state.dwarves[p]:
                _fail(f"avail[{p}]", state.avail[p].tolist(), "does not account for every worker")
        return
    for name in ("avail", "area"):
        if getattr(state, name).any():
            _fail(name, int(getattr(state, name).sum()), "holds workers outside placement")
    expected = 0 if phase in SETUP_PHASES or _drafting(state) and month == first + 1 else 1
    if (passed != expected).any():
        _fail("passed", passed.tolist(), f"must all be {expected} in phase {PHASE_NAMES[phase]}")
    if phase in (P_CAMP, P_HALFLING):
        return  # workers still wait on planks until the actions turns
    # every worker on a plank is taken back in its owner's actions turn (§9.1): none is left
    # from a turn already played, nor outside the round
    done = range(n)
    if P_ACTIONS <= phase <= P_WIZ_GATE or X_TURN_PHASES[0] <= phase <= X_TURN_PHASES[1]:
        if phase not in (P_SPIES_REVEAL, P_SENTINEL_PAY) and actor != state.turn_player:
            _fail("actor", actor, f"is not the turn player {state.turn_player}")
        for name in ("buys", "sells"):
            if getattr(state, name) > state.visits:
                _fail(name, getattr(state, name), f"is above the visits {state.visits}")
        done = [p for p in range(n) if state.shield[p] < state.shield[state.turn_player]]
        if phase == P_DISCARD and state.then == THEN_END_TURN:
            done.append(actor)  # the turn ended (DONE or a card bought: no worker left out)
    for p in done:
        if state.on_plank[p].any():
            _fail(f"on_plank[{p}]", state.on_plank[p].tolist(), "is left after the seat's turn")
        if p in state.guild_worker:
            _fail("guild_worker", state.guild_worker.tolist(), f"holds seat {p} after its turn")
        if isinstance(state, XState) and state.on_permit[p].any():
            _fail(f"on_permit[{p}]", state.on_permit[p].tolist(), "is left after the seat's turn")


def _drafting(state: State) -> bool:
    """The draft (§6), including where a drafted Centaur's token goes (step 3)."""
    if state.phase in (P_CENTAUR, P_CENTAUR_GATE):
        return state.draft_left > 0
    return state.phase == P_DRAFT


def _placing(state: State) -> bool:
    """A decision inside Placement: the Library+Archives permit's card fee (Appendix D), the
    Giant and Gorgon used when passing, the Goon and the Imps, or the Centaur's token after
    the Assistants' Guild handed over the Centaur (Appendix C)."""
    if state.phase in (P_GIANT, P_GORGON, P_NHR_TAKE, P_GOON, P_IMPS):
        return True
    if state.phase in (P_CENTAUR, P_CENTAUR_GATE):
        return state.draft_left == 0
    return state.phase == P_DISCARD and state.then == THEN_PLACEMENT


def _on_planks(state: State, p: int) -> int:
    """Seat p's workers on card, guild, Recruiter's Desk and King's Camp planks."""
    on_board = np.concatenate((state.guild_worker, state.recruiter, state.camp))
    on_permits = int(state.on_permit[p].sum()) if isinstance(state, XState) else 0
    return int(state.on_plank[p].sum() + (on_board == p).sum()) + on_permits


def _seat_with_shield(state: State, n: int, k: int) -> int:
    seats = np.flatnonzero(state.shield[:n] == k)
    return int(seats[0]) if seats.size else EMPTY


def _gate_with_one_marker(state: State, gate: int) -> bool:
    halves = state.owner[SITE_GATE + 2 * gate : SITE_GATE + 2 * gate + 2]
    return 0 <= gate < NUM_DISTRICTS and int((halves != EMPTY).sum()) == 1


def _check_phase(state: State, n: int) -> None:
    """The fields the current decision works on: its decider, and the site, gate, plank or
    counts it reads (the scratch words are documented in kernels.py)."""
    phase, actor = state.phase, state.actor
    scratch = state.scratch
    if phase == P_NP_DWARF:
        holder = _seat_with_shield(state, n, 1 if state.np_dwarf[0] == EMPTY else 2)
        if actor != holder:
            _fail("actor", actor, f"must be the shield holder {holder} who places this Dwarf")
    elif phase in PLACEMENT_PHASES:
        if actor != state.turn_player:
            _fail("actor", actor, f"is not the turn player {state.turn_player}")
        if state.passed[actor] != (phase == P_AREAS):
            _fail(f"passed[{actor}]", state.passed[actor], f"in phase {PHASE_NAMES[phase]}")
    elif phase == P_CAMP:
        pos = state.camp_pos
        if pos >= CAMP_PLANKS[n] or state.camp[pos] != actor:
            _fail("camp_pos", pos, f"is not a King's Camp plank of the actor {actor}")
    elif phase == P_DISCARD:
        size = int(state.hand[actor].sum())
        if not 1 <= state.pending <= size:
            _fail("pending", state.pending, f"is not 1..{size} (the cards in hand)")
        limit = state.fees[HAND_LIMIT_FEE]
        if state.then == THEN_END_TURN and size - state.pending != limit:
            _fail("pending", state.pending, f"does not bring the hand to the limit {limit}")
    elif phase == P_LOCK and state.gnome_stock == 0:
        _fail("gnome_stock", 0, "is empty while a free gnome is to be placed")
    elif phase == P_ARCH_DISCOUNT:
        _check_free_site(state, int(scratch[0]))
    elif phase == P_STEAL:
        _check_steal(state, n)
    elif phase in SPIES_PHASES:
        _check_spies(state, n)
    elif phase == P_WIZ_SECOND:
        s = int(scratch[0])
        if not 0 <= s < NUM_SITES or SITE_TYPE[s] == GATEHOUSE and (s - SITE_GATE) % 2:
            _fail("scratch[0]", s, "is not a Wizards' first pick (a site, a Gatehouse's half a)")
    elif phase == P_WIZ_GATE:
        if not _gate_with_one_marker(state, int(scratch[1])):
            _fail("scratch[1]", scratch[1], "is not a Gatehouse holding one marker")
        queued = int(scratch[2])
        if queued != EMPTY and (queued == scratch[1] or not _gate_with_one_marker(state, queued)):
            _fail("scratch[2]", queued, "is not another Gatehouse holding one marker")
    elif phase in (P_NP_PICK, P_NP_PLACE):
        if state.np_turn > 1:
            _fail("np_turn", state.np_turn, "is not a non-player (0 NP3, 1 NP4)")
        holder = _seat_with_shield(state, n, state.np_turn + 1)
        if actor != holder:
            _fail("actor", actor, f"must be the shield holder {holder} who controls the NP")
        if phase == P_NP_PLACE and state.np_card == EMPTY:
            _fail("np_card", EMPTY, "is no card while a non-player's marker is to be placed")


def _check_free_site(state: State, s: int) -> None:
    """Architects': the chosen site must still be free to build on."""
    if not 0 <= s < NUM_SITES:
        _fail("scratch[0]", s, "is not a site for the Architects' building")
    free = state.owner[s] == EMPTY
    if SITE_TYPE[s] == GATEHOUSE:
        first = SITE_GATE + 2 * ((s - SITE_GATE) // 2)
        free = (state.owner[first : first + 2] == EMPTY).all()
    if not free:
        _fail("scratch[0]", s, "is a site that is not free for the Architects' building")


def _check_steal(state: State, n: int) -> None:
    """Thieves' / Bandits': scratch = [mode, takes so far, first target, 1 one / 2 spread]."""
    mode, takes, first, style = (int(v) for v in state.scratch)
    if mode not in (STEAL_THIEVES, STEAL_BANDITS):
        _fail("scratch[0]", mode, "is not a steal mode (0 Thieves', 1 Bandits')")
    if not 0 <= takes <= MAX_STEAL_TAKES:
        _fail("scratch[1]", takes, f"is not a number of steals 0..{MAX_STEAL_TAKES}")
    if (first == EMPTY) != (takes == 0) or first >= n or first == state.actor:
        _fail("scratch[2]", first, f"is not the first target after {takes} steals")
    if style not in ((0,) if takes <= 1 else (1, 2)):
        _fail("scratch[3]", style, f"is not a steal style after {takes} steals")


def _check_spies(state: State, n: int) -> None:
    """Spies': scratch[0] opponents asked so far; revealed cards are in their owners' hands."""
    user, asked = state.spies_user, int(state.scratch[0])
    if user != state.turn_player:
        _fail("spies_user", user, f"is not the turn player {state.turn_player}")
    if state.phase == P_SPIES_REVEAL:
        if not 1 <= asked <= n - 1:
            _fail("scratch[0]", asked, f"is not a number of opponents asked 1..{n - 1}")
        k = (state.shield[user] - 1 + asked) % n + 1
        if state.actor != _seat_with_shield(state, n, k) or state.revealed[state.actor] != EMPTY:
            _fail("actor", state.actor, f"is not the opponent with shield {k} to reveal")
    elif asked != n - 1 or state.actor != user:
        _fail("scratch[0]", asked, f"must be {n - 1} with the Spies' user {user} to act")
    for q, t in enumerate(state.revealed[:n].tolist()):
        if t != EMPTY and (q == user or state.hand[q, t] < 1):
            _fail(f"revealed[{q}]", t, "is not a card in that opponent's hand")
