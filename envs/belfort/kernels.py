"""Belfort rules as numba kernels over the state buffer: the round flow (§5-§10, §13), every
decision's legal mask and its effect. `step(buf, action)` applies one legal action of the base
game and advances the automatic steps (collection, income, scoring, the non-players' Dwarves)
up to the next decision; xkernels.apply_action wraps it with the expansion's actions and
rewrites the mask for whoever decides next (`buf[ACTOR]`). The expansion's hooks in the round
flow (the draft, permit planks, bonus scoring, the end-of-round return) are guarded by
`is_x` / `x_on`, so a base state never reaches them.

Engine decisions not in the spec (documented in docs/belfort.md):
* E1 - a worker placed on a plank is a normal one while you have one of that race left; a
  Master goes to a plank only when no normal worker is left. A Master is worth more only in
  a resource area, so the other choice is never better.
* E2 - an effect with nothing left to choose ends by itself (a steal with no target left, a
  Spies' activation when no opponent holds a card).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.belfort.actions import (
    A_ACTIVATE,
    A_AREA,
    A_BUY,
    A_CARD,
    A_DONE,
    A_EXCHANGE,
    A_GNOME,
    A_OPTION,
    A_PASS,
    A_PLACE,
    A_SEAT,
    A_SELL,
    A_SITE,
    A_SMITH,
    A_STEAL,
    A_TAKE_CARD,
    ARCH_DISCOUNTS,
    NUM_PLANKS,
    PLANK_CAMP,
    PLANK_RECRUITER,
    TAKE_DECK,
)
from eurogym.envs.belfort.scoring import score_bonus, score_season
from eurogym.envs.belfort.state import (
    ACTOR,
    AREA,
    ASST_DOWN,
    ASST_GOLD,
    ASST_GUILD_SEAT,
    ASST_HOLDER,
    ASST_X,
    AVAIL,
    BASE_SIZE,
    BUILT,
    BUY_PRICE,
    BUYS,
    CAMP,
    CAMP_POS,
    CENTAUR_LOCK,
    COLUMN,
    DECK,
    DECK_SIZE_AT,
    DECORATED,
    DISCARD,
    DRAFT_LEFT,
    DWARVES,
    ELVES,
    EMPTY,
    EXCHANGES,
    EXPANSION,
    FEES,
    GARG_LEFT,
    GIANT_AREA,
    GIANT_TOKENS,
    GNOME_STOCK,
    GNOMES,
    GOON_DISTRICT,
    GORGON_DISTRICT,
    GORGON_USED,
    GUILD_COST,
    GUILD_OF,
    GUILD_WORKER,
    HAND,
    HIRED,
    HOB_LEFT,
    IMP_SEAT,
    IMP_TYPE,
    MARKET_CAP,
    MAX_IMPS,
    MONTH,
    NHR_OWED,
    NHR_WORKERS,
    NP_CARD,
    NP_DWARF,
    NP_FIRST,
    NP_MARKERS,
    NP_TURN,
    NUM_PLAYERS,
    ON_PERMIT,
    ON_PLANK,
    OWNER,
    P_ACTIONS,
    P_ARCH_DISCOUNT,
    P_ARCH_SITE,
    P_AREAS,
    P_CAMP,
    P_CENTAUR,
    P_CENTAUR_UNDO,
    P_CLIP_HIRE,
    P_DECORATE,
    P_DISCARD,
    P_DRAFT,
    P_GAME_OVER,
    P_GARGOYLE,
    P_GATE_MARKER,
    P_GIANT,
    P_GORGON,
    P_HALFLING,
    P_HOB_MIX,
    P_INN,
    P_LAWYERS,
    P_LOCK,
    P_NHR_RETURN,
    P_NHR_TAKE,
    P_NP_DWARF,
    P_NP_PICK,
    P_NP_PLACE,
    P_PLACEMENT,
    P_PLANNERS,
    P_RECRUIT,
    P_SENTINEL_PAY,
    P_SETUP_DISCARD,
    P_SPIES_REVEAL,
    P_SPIES_TAKE,
    P_STEAL,
    P_WIZ_FIRST,
    P_WIZ_GATE,
    P_WIZ_SECOND,
    PASSED,
    PENDING,
    PERMIT_STACK,
    PERMITS,
    PHASE,
    PROP_COST,
    PROP_INCOME,
    RECRUITER,
    RECRUITER_RACE,
    RES,
    REVEALED,
    RNG,
    ROBBED,
    SCORE,
    SCRATCH,
    SELL_PRICE,
    SELLS,
    SENTINEL_ASKED,
    SETUP_DISCARD,
    SHIELD,
    SHIELD_DOWN,
    SMITH_USED,
    SPIES_USER,
    STEAL_BANDITS,
    STEAL_THIEVES,
    TAX_GOLD,
    TAX_LEVELS,
    TAX_MIN,
    THEN,
    THEN_ACTIONS,
    THEN_END_TURN,
    THEN_PLACEMENT,
    THIEVES_MAX,
    TURN_PLAYER,
    VISITS,
    WALL_COST,
    X_COUNT,
    X_SITE,
    XGUILD_COST,
)
from eurogym.envs.belfort.tables import (
    ARCHITECTS,
    AREA_ACCEPTS,
    BANDITS,
    BANDITS_ONE_PLAYER_WS,
    BANK,
    BANK_PLANK_GOLD,
    BLACKSMITH,
    BLACKSMITH_PLANK_METAL,
    CAMP_PLANKS,
    COLUMN_SIZE,
    DWARF,
    ELF,
    FOREST,
    GARDENS,
    GATEHOUSE,
    GOLD,
    GOLD_MINE,
    HAND_DISCARD,
    INN,
    KIND_GUILD,
    KIND_WALL,
    LIBRARIANS,
    LIBRARIANS_DISCARD,
    LIBRARIANS_DRAW,
    LIBRARY,
    LIBRARY_DISCARD,
    LIBRARY_DRAW,
    MARKET,
    MASTER_DWARF,
    MASTER_ELF,
    MASTERS_PER_COLOUR,
    MAX_MARKET_VISITS_CAPPED,
    MERCHANT_EXCHANGES,
    MERCHANT_VISITS,
    MERCHANTS,
    METAL,
    MINE,
    MONTHS,
    NP_DWARF_MOVE_GOLD,
    NUM_DISTRICTS,
    NUM_GUILDS,
    NUM_PROPERTIES,
    NUM_SITES,
    PLANK_FEE_GOLD,
    PLANK_TYPES,
    PUB,
    QUARRY,
    RECRUITER_PLANKS,
    RECRUITERS,
    SCORING_MONTH,
    SEASON_OF_MONTH,
    SITE_DISTRICT,
    SITE_GATE,
    SITE_GUILD,
    SITE_KIND,
    SITE_TYPE,
    SITE_WALL,
    SITE_WEIGHT,
    SPIES,
    STEAL_SPREAD_PLAYERS,
    STONE,
    THIEVES,
    TOWER,
    WIZARDS,
    WOOD,
    WORKERS_PER_COLOUR,
)
from eurogym.envs.belfort.tokens import filled_locks, free_locks, free_planks, imps_waiting
from eurogym.envs.belfort.xtables import (
    ASSISTANT_NAMES,
    ASSISTANT_TOKENS,
    CENTAUR,
    CLIPBOARD_DRAW,
    CLIPBOARD_HIRE_GOLD,
    CLIPBOARD_VISITS,
    DECORATOR_MARKERS,
    G_ASSISTANTS,
    G_CLIPBOARD,
    G_DECORATORS,
    G_LAWYERS,
    G_NON_HUMAN,
    G_PLANNERS,
    G_SENTINELS,
    GIANT,
    GOON,
    GORGON,
    HALFLING,
    PLANNERS_PERMITS,
    SENTINEL_GOLD,
    X_GUILD_GAIN,
)
from eurogym.envs.core.jit import ENTRY, KERNEL
from eurogym.envs.core.rng import shuffle

NP = NUM_PROPERTIES
PLANK_TYPE = np.array(PLANK_TYPES, np.int64)
DISCOUNTS = np.array(ARCH_DISCOUNTS, np.int64)
FEE_GNOME, FEE_CARD, FEE_RECRUITER, FEE_GUILD, FEE_HAND_LIMIT, FEE_SMITH = range(6)
# §2 and D19, from the data file's player_count table (as render.py reads them)
RECRUITER_PLANKS_BY_N = np.array([RECRUITER_PLANKS.get(n, 0) for n in range(6)], np.int64)
CAMP_PLANKS_BY_N = np.array([CAMP_PLANKS.get(n, 0) for n in range(6)], np.int64)
NUM_ASSISTANTS = len(ASSISTANT_NAMES)


@njit(**KERNEL)
def is_x(buf):
    """An XState (expansion or promo guilds): its fields follow the base layout."""
    return buf.shape[0] > BASE_SIZE


@njit(**KERNEL)
def x_on(buf):
    """The full Expansion Expansion is played (assistants, permits, 6 rounds)."""
    return buf.shape[0] > BASE_SIZE and buf[EXPANSION] == 1


@njit(**KERNEL)
def goon_waiting(buf, p, d):
    """p's Goon token stands on the guild of district d, still to be resolved."""
    return is_x(buf) and buf[GOON_DISTRICT] == d and buf[ASST_HOLDER + GOON] == p


@njit(**KERNEL)
def goon_cost(buf, p, d):
    """Gold the Goon costs to join guild d (Appendix C, D24, D38): spring, the usual guild fee
    (free on your own guild) plus X to the supply; summer, the fee; autumn, nothing."""
    se = season(buf)
    if se == 2:
        return 0
    fee = 0 if buf[OWNER + SITE_GUILD + d] == p else buf[FEES + FEE_GUILD]
    return fee + (buf[ASST_X + GOON * 3 + se] if se == 0 else 0)


@njit(**KERNEL)
def goon_target(buf, p, d):
    """Guild d holds an opponent's worker (or a non-player's Dwarf, §13) and p can pay."""
    w = buf[GUILD_WORKER + d]
    np_dwarf = buf[NUM_PLAYERS] == 2 and (buf[NP_DWARF] == d or buf[NP_DWARF + 1] == d)
    if not (w != EMPTY and w != p or np_dwarf):
        return False
    return gold(buf, p) >= goon_cost(buf, p, d)


@njit(**KERNEL)
def place_goon(buf, p, d):
    """The Goon's token joins guild d as p's placement: pay (the fee part to the owner, as for
    a worker, D38), and an on-placement guild acts for p at once (D28; not the Assistants')."""
    cost = goon_cost(buf, p, d)
    buf[RES + p * 4 + GOLD] -= cost
    owner = buf[OWNER + SITE_GUILD + d]
    if cost > 0 and owner != p and 0 <= owner < buf[NUM_PLAYERS]:
        buf[RES + owner * 4 + GOLD] += buf[FEES + FEE_GUILD]
    buf[GOON_DISTRICT] = d
    buf[ASST_DOWN + GOON] = 1
    if buf[GUILD_OF + d] == G_NON_HUMAN:
        buf[X_COUNT] = NHR_WORKERS
        if nhr_next(buf, p):
            return
    next_placement(buf)


@njit(**KERNEL)
def permit_takeable(buf, p, t):
    """E.2: a type-t permit is left in the stack and p has a built type-t card without one."""
    return buf[PERMIT_STACK + t] > 0 and buf[PERMITS + p * NP + t] < buf[BUILT + p * NP + t]


@njit(**KERNEL)
def any_permit_takeable(buf, p):
    for t in range(NP):
        if permit_takeable(buf, p, t):
            return True
    return False


# ----------------------------------------------------------------------------- small helpers


@njit(**KERNEL)
def gold(buf, p):
    return buf[RES + p * 4 + GOLD]


@njit(**KERNEL)
def hand_size(buf, p):
    total = 0
    for t in range(NP):
        total += buf[HAND + p * NP + t]
    return total


@njit(**KERNEL)
def can_pay(buf, p, cost_at):
    for r in range(4):
        if buf[RES + p * 4 + r] < buf[cost_at + r]:
            return False
    return True


@njit(**KERNEL)
def pay(buf, p, cost_at):
    for r in range(4):
        buf[RES + p * 4 + r] -= buf[cost_at + r]


@njit(**KERNEL)
def seat_with_shield(buf, k):
    for p in range(buf[NUM_PLAYERS]):
        if buf[SHIELD + p] == k:
            return p
    return EMPTY


@njit(**KERNEL)
def tax_of(buf, score):
    """§3.4: the tax level of `score` (levels by their lowest score)."""
    tax = 0
    for i in range(buf[TAX_LEVELS]):
        if score >= buf[TAX_MIN + i]:
            tax = buf[TAX_GOLD + i]
    return tax


@njit(**KERNEL)
def season(buf):
    m = buf[MONTH]
    return SEASON_OF_MONTH[m - 1] if m >= 1 else 0


@njit(**KERNEL)
def draw_card(buf):
    """Top card of the deck, or EMPTY. An empty deck is rebuilt from the shuffled discard pile
    (D18); if both are empty nothing is drawn."""
    if buf[DECK_SIZE_AT] == 0:
        n = 0
        for t in range(NP):
            for _ in range(buf[DISCARD + t]):
                buf[DECK + n] = t
                n += 1
            buf[DISCARD + t] = 0
        shuffle(buf[RNG : RNG + 4], buf[DECK : DECK + n], n)
        buf[DECK_SIZE_AT] = n
    if buf[DECK_SIZE_AT] == 0:
        return EMPTY
    buf[DECK_SIZE_AT] -= 1
    return buf[DECK + buf[DECK_SIZE_AT]]


@njit(**ENTRY)
def refill_column(buf):
    for i in range(COLUMN_SIZE):
        if buf[COLUMN + i] == EMPTY:
            buf[COLUMN + i] = draw_card(buf)


@njit(**ENTRY)
def draw_to_hand(buf, p, count):
    for _ in range(count):
        t = draw_card(buf)
        if t != EMPTY:
            buf[HAND + p * NP + t] += 1


@njit(**KERNEL)
def card_available(buf, slot):
    """A card can be taken from column `slot` (0-2) or from the deck (TAKE_DECK)."""
    if slot == TAKE_DECK:
        if buf[DECK_SIZE_AT] > 0:
            return True
        for t in range(NP):
            if buf[DISCARD + t] > 0:
                return True
        return False
    return buf[COLUMN + slot] != EMPTY


@njit(**KERNEL)
def take_card(buf, slot):
    """Take the card of column `slot` (then refill) or the deck top; returns its type."""
    if slot == TAKE_DECK:
        return draw_card(buf)
    t = buf[COLUMN + slot]
    buf[COLUMN + slot] = EMPTY
    refill_column(buf)
    return t


# ----------------------------------------------------------------------------- board sites


@njit(**KERNEL)
def gate_of(site):
    return (site - SITE_GATE) // 2


@njit(**KERNEL)
def build_site_free(buf, s):
    """`s` can take a new marker by building (§9.2, D21): empty, and for a Gatehouse half both
    halves of that Gatehouse empty."""
    if buf[OWNER + s] != EMPTY:
        return False
    if SITE_TYPE[s] == GATEHOUSE:
        g = gate_of(s)
        return (
            buf[OWNER + SITE_GATE + 2 * g] == EMPTY and buf[OWNER + SITE_GATE + 2 * g + 1] == EMPTY
        )
    return True


@njit(**KERNEL)
def site_cost_at(buf, s):
    """Offset of the cost of building on site `s` (a property type's, a wall's or a guild's)."""
    kind = SITE_KIND[s]
    if kind == KIND_WALL:
        return WALL_COST
    if kind == KIND_GUILD:
        g = buf[GUILD_OF + s - SITE_GUILD]
        if g >= NUM_GUILDS:
            return XGUILD_COST + (g - NUM_GUILDS) * 4  # B.2's guilds (XState only)
        return GUILD_COST + g * 4
    return PROP_COST + SITE_TYPE[s] * 4


@njit(**KERNEL)
def gate_marker_target(buf, p, s):
    """Gatehouse lock (Appendix A): the empty half of a Gatehouse whose other half is `p`'s."""
    if s < SITE_GATE or s >= SITE_WALL or buf[OWNER + s] != EMPTY:
        return False
    other = s + 1 if (s - SITE_GATE) % 2 == 0 else s - 1
    return buf[OWNER + other] == p


@njit(**KERNEL)
def any_gate_marker_target(buf, p):
    for s in range(SITE_GATE, SITE_WALL):
        if gate_marker_target(buf, p, s):
            return True
    return False


@njit(**KERNEL)
def arch_cost(buf, s, option, r):
    """Architects' (B.1): cost of resource r for site s with discount option (never below 0)."""
    c = buf[site_cost_at(buf, s) + r]
    if r < 3:
        c -= DISCOUNTS[option, r]
    return c if c > 0 else 0


@njit(**KERNEL)
def arch_affordable(buf, p, s, option):
    due = gorgon_due(buf, p, s) if is_x(buf) else 0  # the Gorgon charges these too (D32)
    for r in range(4):
        if buf[RES + p * 4 + r] < arch_cost(buf, s, option, r) + (due if r == GOLD else 0):
            return False
    return True


@njit(**KERNEL)
def gorgon_due(buf, p, s):
    """Gold p must pay the Gorgon before building on s this turn (0 if none, D32)."""
    d = buf[GORGON_DISTRICT]
    if d == EMPTY or buf[GORGON_USED] == 1 or buf[ASST_HOLDER + GORGON] == p:
        return 0
    if SITE_DISTRICT[s] != d:
        return 0
    return buf[ASST_X + GORGON * 3 + season(buf)]


@njit(**KERNEL)
def arch_site_ok(buf, p, s):
    if not build_site_free(buf, s):
        return False
    for option in range(DISCOUNTS.shape[0]):
        if arch_affordable(buf, p, s, option):
            return True
    return False


@njit(**KERNEL)
def np_site_ok(buf, t, s):
    """§13: a non-player's marker for a card of type t: an empty symbol of that type (Keep: an
    empty section; Gatehouse: one half of an empty Gatehouse)."""
    return SITE_TYPE[s] == t and build_site_free(buf, s)


@njit(**KERNEL)
def wiz_class(s):
    """Wizards' swap classes: each property type, walls, guilds (Gatehouses are units)."""
    kind = SITE_KIND[s]
    if kind == KIND_WALL:
        return NP
    if kind == KIND_GUILD:
        return NP + 1
    return SITE_TYPE[s]


@njit(**KERNEL)
def wiz_unit_site(s):
    """Wizards' picks name a Gatehouse by its first half only, so each unit has one action."""
    return not (SITE_TYPE[s] == GATEHOUSE and (s - SITE_GATE) % 2 == 1)


@njit(**KERNEL)
def wiz_unit_empty(buf, s):
    if SITE_TYPE[s] == GATEHOUSE:
        return buf[OWNER + s] == EMPTY and buf[OWNER + s + 1] == EMPTY
    return buf[OWNER + s] == EMPTY


@njit(**KERNEL)
def wiz_pair_ok(buf, a, b):
    return (
        a != b
        and wiz_unit_site(a)
        and wiz_unit_site(b)
        and wiz_class(a) == wiz_class(b)
        and not (wiz_unit_empty(buf, a) and wiz_unit_empty(buf, b))
    )


@njit(**KERNEL)
def wiz_first_ok(buf, s):
    if not wiz_unit_site(s):
        return False
    for b in range(NUM_SITES):
        if wiz_pair_ok(buf, s, b):
            return True
    return False


# ----------------------------------------------------------------------------- workers


@njit(**KERNEL)
def reset_workers(buf, p):
    """Start of Placement: every owned worker is available; Masters = min(owned, entitled,
    5) per race (§8.1, E.4 engine form, D39); the Centaur's token on a Pub or Gardens lock
    entitles too (Appendix C)."""
    me = min(buf[ELVES + p], filled_locks(buf, p, GARDENS), MASTERS_PER_COLOUR)
    md = min(buf[DWARVES + p], filled_locks(buf, p, PUB), MASTERS_PER_COLOUR)
    buf[AVAIL + p * 4 + ELF] = buf[ELVES + p] - me
    buf[AVAIL + p * 4 + MASTER_ELF] = me
    buf[AVAIL + p * 4 + DWARF] = buf[DWARVES + p] - md
    buf[AVAIL + p * 4 + MASTER_DWARF] = md


@njit(**KERNEL)
def workers_left(buf, p):
    return (
        buf[AVAIL + p * 4]
        + buf[AVAIL + p * 4 + 1]
        + buf[AVAIL + p * 4 + 2]
        + buf[AVAIL + p * 4 + 3]
    )


@njit(**KERNEL)
def race_left(buf, p, race):
    return buf[AVAIL + p * 4 + 2 * race] + buf[AVAIL + p * 4 + 2 * race + 1]


@njit(**KERNEL)
def use_worker(buf, p, race):
    """E1: a normal worker of the race if one is left, else a Master."""
    if buf[AVAIL + p * 4 + 2 * race] > 0:
        buf[AVAIL + p * 4 + 2 * race] -= 1
    else:
        buf[AVAIL + p * 4 + 2 * race + 1] -= 1


@njit(**KERNEL)
def gain_worker(buf, p, race):
    """A new worker of the race from your colour's supply, if any is left (7 per race)."""
    at = ELVES + p if race == 0 else DWARVES + p
    if buf[at] < WORKERS_PER_COLOUR:
        buf[at] += 1


@njit(**KERNEL)
def supply_has(buf, p, race):
    at = ELVES + p if race == 0 else DWARVES + p
    return buf[at] < WORKERS_PER_COLOUR


@njit(**KERNEL)
def workers_on_planks(buf, p):
    total = 0
    for t in range(NP):
        total += buf[ON_PLANK + p * NP + t]
    for d in range(NUM_DISTRICTS):
        if buf[GUILD_WORKER + d] == p:
            total += 1
    if is_x(buf):
        for t in range(NP):
            total += buf[ON_PERMIT + p * NP + t]  # E.3: permit planks count too
        for d in range(NUM_DISTRICTS):
            total += 1 if goon_waiting(buf, p, d) else 0  # the Goon's token too
        total += imps_waiting(buf, p)  # and the Imps (Appendix C)
    return total


# ----------------------------------------------------------------------------- gnomes


@njit(**KERNEL)
def lock_free(buf, p, t):
    return free_locks(buf, p, t) > 0


@njit(**KERNEL)
def any_lock_free(buf, p):
    for t in range(NP):
        if lock_free(buf, p, t):
            return True
    return False


@njit(**KERNEL)
def market_visits(buf, p, locks):
    if buf[MARKET_CAP] == 1 and locks > MAX_MARKET_VISITS_CAPPED:
        return MAX_MARKET_VISITS_CAPPED
    return locks


@njit(**KERNEL)
def place_gnome(buf, p, t):
    """A gnome from the stock onto a lock of p's built card of type t; its effect starts at
    once (Appendix A). Pub / Gardens Masters take effect at the next Placement (reset_workers);
    a Market lock adds a visit this turn; a Gatehouse lock asks for the extra marker."""
    before = filled_locks(buf, p, t)
    buf[GNOMES + p * NP + t] += 1
    buf[GNOME_STOCK] -= 1
    if t == MARKET and buf[TURN_PLAYER] == p:
        buf[VISITS] += market_visits(buf, p, before + 1) - market_visits(buf, p, before)
    if t == GATEHOUSE and any_gate_marker_target(buf, p):
        buf[PHASE] = P_GATE_MARKER


# ----------------------------------------------------------------------------- round flow


@njit(**KERNEL)
def begin_round(buf):
    """Calendar (§6): the next month, then (expansion) the assistant draft in reverse turn
    order, which starts Placement when it is done (expansion.draft)."""
    buf[MONTH] += 1
    if x_on(buf):
        n = buf[NUM_PLAYERS]
        buf[DRAFT_LEFT] = n
        buf[PHASE] = P_DRAFT
        buf[ACTOR] = seat_with_shield(buf, n)
        return
    start_placement(buf)


@njit(**KERNEL)
def start_placement(buf):
    """§7: every worker available again, first player to place."""
    n = buf[NUM_PLAYERS]
    for p in range(n):
        reset_workers(buf, p)
        buf[PASSED + p] = 0
    buf[PHASE] = P_PLACEMENT
    buf[TURN_PLAYER] = seat_with_shield(buf, 1)
    buf[ACTOR] = buf[TURN_PLAYER]


@njit(**KERNEL)
def next_placement(buf):
    """The next player in turn order who has not passed, or the Collection phase."""
    n = buf[NUM_PLAYERS]
    k = buf[SHIELD + buf[TURN_PLAYER]]
    for i in range(1, n + 1):
        q = seat_with_shield(buf, (k - 1 + i) % n + 1)
        if buf[PASSED + q] == 0:
            buf[PHASE] = P_PLACEMENT
            buf[TURN_PLAYER] = q
            buf[ACTOR] = q
            return
    collect(buf)


@njit(**KERNEL)
def after_pass(buf, p):
    """p has passed and sent every worker to an area (§7.1). With the expansion the Giant and
    the Gorgon are used at this moment (Appendix C): ask for each face-up one, then the next
    player places."""
    if x_on(buf) and buf[PHASE] != P_GIANT and pass_ready(buf, p, GIANT):
        buf[X_COUNT] = min(buf[ASST_X + GIANT * 3 + season(buf)], ASSISTANT_TOKENS[GIANT])
        if buf[X_COUNT] > 0:
            buf[PHASE] = P_GIANT
            buf[ACTOR] = p
            return
    if x_on(buf) and pass_ready(buf, p, GORGON):
        buf[PHASE] = P_GORGON
        buf[ACTOR] = p
        return
    next_placement(buf)


@njit(**KERNEL)
def pass_ready(buf, p, a):
    return buf[ASST_HOLDER + a] == p and buf[ASST_DOWN + a] == 0


@njit(**KERNEL)
def gorgon_charge(buf, p, s):
    """Gorgon (Appendix C, D32): the first build of this turn in its district costs the
    builder X gold (to the supply), or gains its holder X gold."""
    if not is_x(buf) or buf[GORGON_USED] == 1:
        return
    if buf[GORGON_DISTRICT] != SITE_DISTRICT[s]:
        return
    x = buf[ASST_X + GORGON * 3 + season(buf)]
    buf[GORGON_USED] = 1
    if buf[ASST_HOLDER + GORGON] == p:
        buf[RES + p * 4 + GOLD] += x
    else:
        buf[RES + p * 4 + GOLD] -= x


@njit(**KERNEL)
def collect_area(buf, area, out_resource, most_of_kind_lo, most_of_kind_hi, paired):
    """One resource area (§8.2 steps 1-4). Counts workers of kinds lo..hi for the bonus."""
    n = buf[NUM_PLAYERS]
    best = 0
    winner = EMPTY
    for p in range(n):
        base = AREA + p * 16
        elf_str = buf[base + ELF * 4 + area] + 2 * buf[base + MASTER_ELF * 4 + area]
        dwarf_str = buf[base + DWARF * 4 + area] + 2 * buf[base + MASTER_DWARF * 4 + area]
        giant_elves = giant_dwarves = 0
        if is_x(buf) and buf[GIANT_AREA] == area and buf[ASST_HOLDER + GIANT] == p:
            giant_elves = buf[GIANT_TOKENS]  # each token a normal Elf or Dwarf (D37)
            giant_dwarves = buf[GIANT_TOKENS + 1]
            elf_str += giant_elves
            dwarf_str += giant_dwarves
        if paired:
            buf[RES + p * 4 + out_resource] += min(elf_str, dwarf_str)
        else:
            buf[RES + p * 4 + out_resource] += elf_str + dwarf_str
        count = 0
        for kind in range(most_of_kind_lo, most_of_kind_hi + 1):
            count += buf[base + kind * 4 + area]
        if most_of_kind_lo <= ELF <= most_of_kind_hi:
            count += giant_elves
        if most_of_kind_lo <= DWARF <= most_of_kind_hi:
            count += giant_dwarves
        if count > best:
            best = count
            winner = p
        elif count == best:
            winner = EMPTY  # a tie for most gives nobody the bonus
        for kind in range(4):
            buf[base + kind * 4 + area] = 0
    if winner != EMPTY and best > 0:
        buf[RES + winner * 4 + out_resource] += 1
    if is_x(buf) and buf[GIANT_AREA] == area:  # the tokens go back to their tile
        buf[GIANT_AREA] = EMPTY
        buf[GIANT_TOKENS] = 0
        buf[GIANT_TOKENS + 1] = 0


@njit(**KERNEL)
def collect(buf):
    """Collection (§8.2): areas, Recruiter's Desk, then the King's Camp decisions."""
    collect_area(buf, FOREST, WOOD, ELF, MASTER_ELF, False)
    collect_area(buf, QUARRY, STONE, DWARF, MASTER_DWARF, False)
    collect_area(buf, MINE, METAL, ELF, MASTER_DWARF, True)  # D16: every worker counts
    collect_area(buf, GOLD_MINE, GOLD, ELF, MASTER_DWARF, False)
    for i in range(RECRUITER_PLANKS_BY_N[buf[NUM_PLAYERS]]):
        p = buf[RECRUITER + i]
        if p != EMPTY:
            gain_worker(buf, p, buf[RECRUITER_RACE + i])
            buf[RECRUITER + i] = EMPTY
    buf[CAMP_POS] = 0
    next_camp(buf)


@njit(**KERNEL)
def next_camp(buf):
    """The next King's Camp plank with a worker asks its owner about a swap (§8.2 step 6)."""
    n = buf[NUM_PLAYERS]
    while buf[CAMP_POS] < CAMP_PLANKS_BY_N[n]:
        p = buf[CAMP + buf[CAMP_POS]]
        if p != EMPTY:
            buf[PHASE] = P_CAMP
            buf[ACTOR] = p
            return
        buf[CAMP_POS] += 1
    for i in range(CAMP_PLANKS_BY_N[n]):
        buf[CAMP + i] = EMPTY
    for p in range(n):
        buf[SHIELD_DOWN + p] = 0
    if income_and_taxes(buf):
        return  # the Halfling's holder decides first (xkernels)
    buf[TURN_PLAYER] = seat_with_shield(buf, 1)
    begin_turn(buf)


@njit(**KERNEL)
def income_and_taxes(buf):
    """§8.2 step 7: income from built cards, then the tax of your score level. With the
    expansion, the holder of a face-up Halfling decides about their tax (P_HALFLING) and
    this returns True: the actions phase starts after that decision."""
    halfling = EMPTY
    for p in range(buf[NUM_PLAYERS]):
        income = 0
        for t in range(NP):
            income += buf[BUILT + p * NP + t] * buf[PROP_INCOME + t]
        buf[RES + p * 4 + GOLD] += income
        if x_on(buf) and buf[ASST_HOLDER + HALFLING] == p and buf[ASST_DOWN + HALFLING] == 0:
            halfling = p
            continue
        pay_tax(buf, p, tax_of(buf, buf[SCORE + p]))
    if halfling != EMPTY:
        buf[PHASE] = P_HALFLING
        buf[ACTOR] = halfling
        return True
    return False


@njit(**KERNEL)
def pay_tax(buf, p, tax):
    """Pay `tax` gold; gold you cannot pay costs 1 point each (never below 0, D11)."""
    paid = min(tax, gold(buf, p))
    buf[RES + p * 4 + GOLD] -= paid
    buf[SCORE + p] = max(0, buf[SCORE + p] - (tax - paid))


@njit(**KERNEL)
def begin_turn(buf):
    """Start `turn_player`'s actions turn (§9.1) with fresh per-turn limits."""
    p = buf[TURN_PLAYER]
    buf[PHASE] = P_ACTIONS
    buf[ACTOR] = p
    buf[VISITS] = 1 + market_visits(buf, p, filled_locks(buf, p, MARKET))
    buf[BUYS] = 0
    buf[SELLS] = 0
    buf[HIRED] = 0
    buf[SMITH_USED] = 0
    buf[EXCHANGES] = 0
    if is_x(buf):
        buf[HOB_LEFT] = 0
        buf[GORGON_USED] = 0


@njit(**KERNEL)
def end_turn(buf):
    """End of the actions turn (§9.2, D17): the Gargoyle's cards (expansion), the Library
    locks' draw, then the hand limit."""
    p = buf[TURN_PLAYER]
    if is_x(buf) and buf[NHR_OWED + p] > 0:
        buf[PHASE] = P_NHR_RETURN  # Non-Human Resources: the workers go back first (B.2)
        buf[ACTOR] = p
        return
    if is_x(buf):
        buf[HOB_LEFT] = 0  # the Hobgoblin's discounts last this turn only
        buf[GORGON_USED] = 0
    if is_x(buf) and buf[GARG_LEFT] > 0:
        if gargoyle_can_take(buf):
            buf[PHASE] = P_GARGOYLE
            buf[ACTOR] = p
            return
        buf[GARG_LEFT] = 0
    end_turn_draws(buf)


@njit(**KERNEL)
def gargoyle_can_take(buf):
    """Appendix C: a card is left in the available column or the discard pile."""
    for i in range(COLUMN_SIZE):
        if buf[COLUMN + i] != EMPTY:
            return True
    for t in range(NP):
        if buf[DISCARD + t] > 0:
            return True
    return False


@njit(**KERNEL)
def end_turn_draws(buf):
    """The rest of the end of turn: Library locks draw, then the hand limit (D17)."""
    p = buf[TURN_PLAYER]
    draw_to_hand(buf, p, filled_locks(buf, p, LIBRARY))
    over = hand_size(buf, p) - buf[FEES + FEE_HAND_LIMIT]
    if over > 0:
        buf[PHASE] = P_DISCARD
        buf[ACTOR] = p
        buf[PENDING] = over
        buf[THEN] = THEN_END_TURN
        return
    finish_turn(buf)


@njit(**KERNEL)
def finish_turn(buf):
    nxt = seat_with_shield(buf, buf[SHIELD + buf[TURN_PLAYER]] + 1)
    if nxt != EMPTY:
        buf[TURN_PLAYER] = nxt
        begin_turn(buf)
        return
    if buf[NUM_PLAYERS] == 2:
        buf[NP_TURN] = 0
        start_np_turn(buf)
        return
    end_round(buf)


@njit(**KERNEL)
def start_np_turn(buf):
    """§13: the holder of shield 1 (NP3) or 2 (NP4) picks the non-player's card."""
    while buf[NP_TURN] < 2:
        if card_available(buf, 0) or card_available(buf, 1) or card_available(buf, 2):
            buf[PHASE] = P_NP_PICK
            buf[ACTOR] = seat_with_shield(buf, buf[NP_TURN] + 1)
            return
        if card_available(buf, TAKE_DECK):
            buf[PHASE] = P_NP_PICK
            buf[ACTOR] = seat_with_shield(buf, buf[NP_TURN] + 1)
            return
        buf[NP_TURN] += 1
    move_np_dwarves(buf)
    end_round(buf)


@njit(**KERNEL)
def move_np_dwarves(buf):
    """§13: each NP Dwarf moves one guild clockwise; the guild's owner gains 1 gold."""
    for i in range(2):
        d = (buf[NP_DWARF + i] + 1) % NUM_DISTRICTS
        buf[NP_DWARF + i] = d
        o = buf[OWNER + SITE_GUILD + d]
        if 0 <= o < buf[NUM_PLAYERS]:
            buf[RES + o * 4 + GOLD] += NP_DWARF_MOVE_GOLD


@njit(**KERNEL)
def np_done(buf):
    buf[NP_TURN] += 1
    start_np_turn(buf)


@njit(**KERNEL)
def end_round(buf):
    """Scoring in months 3, 5, 7 (§10), then the next round or the end of the game (§12)."""
    m = buf[MONTH]
    if SCORING_MONTH[m - 1] == 1:
        score_season(buf)
        if x_on(buf):
            score_bonus(buf)  # §10.4, after districts and races
    if x_on(buf):
        holder = buf[ASST_HOLDER + CENTAUR]
        undo = buf[CENTAUR_LOCK] == GATEHOUSE and m < MONTHS and owns_gatehouse(buf, holder)
        return_assistants(buf)
        if undo:  # §11: the Centaur's token left a Gatehouse lock: a marker goes (E12)
            buf[PHASE] = P_CENTAUR_UNDO
            buf[ACTOR] = holder
            return
    if m >= MONTHS:
        buf[PHASE] = P_GAME_OVER
        buf[ACTOR] = EMPTY
        return
    begin_round(buf)


@njit(**KERNEL)
def take_leftover(buf, p):
    """Assistants' Guild (B.2): p takes the leftover tile of the display with its gold, and
    may use it this round as well as their own. Returns the tile taken."""
    taken = EMPTY
    for a in range(NUM_ASSISTANTS):
        if buf[ASST_HOLDER + a] == EMPTY:
            buf[ASST_HOLDER + a] = p
            buf[RES + p * 4 + GOLD] += buf[ASST_GOLD + a]
            buf[ASST_GOLD + a] = 0
            buf[ASST_GUILD_SEAT] = p
            taken = a
    return taken


@njit(**KERNEL)
def owns_gatehouse(buf, p):
    """p is a seat with a marker on some Gatehouse half."""
    for s in range(SITE_GATE, SITE_WALL):
        if buf[OWNER + s] == p:
            return p >= 0
    return False


@njit(**KERNEL)
def return_assistants(buf):
    """§11: every drafted assistant goes back face up to the display; gold on the leftover
    tile stays there."""
    for a in range(NUM_ASSISTANTS):
        if buf[ASST_HOLDER + a] >= 0:
            buf[ASST_HOLDER + a] = EMPTY
        buf[ASST_DOWN + a] = 0
    buf[ASST_GUILD_SEAT] = EMPTY
    buf[GORGON_DISTRICT] = EMPTY
    buf[GOON_DISTRICT] = EMPTY
    buf[CENTAUR_LOCK] = EMPTY  # the lock is locked again (its undo: end_round)
    for i in range(MAX_IMPS):  # Imps still on planks leave them
        buf[IMP_SEAT + i] = EMPTY
        buf[IMP_TYPE + i] = EMPTY


@njit(**KERNEL)
def after_setup_discards(buf):
    """All players chose their setup discards: reveal them (D31), then the 2-player NP Dwarves
    (§13) or the first round."""
    for p in range(buf[NUM_PLAYERS]):
        for t in range(NP):
            buf[DISCARD + t] += buf[SETUP_DISCARD + p * NP + t]
            buf[SETUP_DISCARD + p * NP + t] = 0
    if buf[NUM_PLAYERS] == 2:
        buf[PHASE] = P_NP_DWARF
        buf[ACTOR] = seat_with_shield(buf, 1)
        return
    begin_round(buf)


# ----------------------------------------------------------------------------- masks


@njit(**KERNEL)
def placement_mask(buf, p, mask):
    n = buf[NUM_PLAYERS]
    g = gold(buf, p)
    for race in range(2):
        if race_left(buf, p, race) == 0:
            continue
        base = A_PLACE + race * NUM_PLANKS
        for k in range(5):
            t = PLANK_TYPE[k]
            if free_planks(buf, p, t) > 0 and g >= PLANK_FEE_GOLD[t]:
                mask[base + k] = 1
        for d in range(NUM_DISTRICTS):
            if buf[GUILD_WORKER + d] != EMPTY:
                continue
            if n == 2 and (buf[NP_DWARF] == d or buf[NP_DWARF + 1] == d):
                continue  # §13: a guild with an NP Dwarf is blocked
            fee = 0 if buf[OWNER + SITE_GUILD + d] == p else buf[FEES + FEE_GUILD]
            if g >= fee:
                mask[base + 5 + d] = 1
        if g >= buf[FEES + FEE_RECRUITER]:
            for i in range(RECRUITER_PLANKS_BY_N[n]):
                if buf[RECRUITER + i] == EMPTY:
                    mask[base + PLANK_RECRUITER] = 1
        in_camp = False
        free_camp = False
        for i in range(CAMP_PLANKS_BY_N[n]):
            if buf[CAMP + i] == p:
                in_camp = True
            elif buf[CAMP + i] == EMPTY:
                free_camp = True
        if free_camp and not in_camp:
            mask[base + PLANK_CAMP] = 1
    mask[A_PASS] = 1


@njit(**KERNEL)
def actions_mask(buf, p, mask):
    """The main decision of an actions turn (§9.2)."""
    hand = HAND + p * NP
    for s in range(NUM_SITES):
        if not build_site_free(buf, s):
            continue
        if SITE_KIND[s] == 0 and buf[hand + SITE_TYPE[s]] == 0:
            continue  # a property needs its card
        if can_pay(buf, p, site_cost_at(buf, s)):
            mask[A_SITE + s] = 1
    planks = workers_on_planks(buf, p)
    for k in range(5):
        if buf[ON_PLANK + p * NP + PLANK_TYPE[k]] > 0:
            mask[A_ACTIVATE + k] = 1
    for d in range(NUM_DISTRICTS):
        if buf[GUILD_WORKER + d] == p or goon_waiting(buf, p, d):
            mask[A_ACTIVATE + 5 + d] = 1
    g = gold(buf, p)
    se = season(buf)
    can_buy = buf[BUYS] < buf[VISITS]
    can_sell = buf[SELLS] < buf[VISITS]
    for r in range(3):
        if can_buy and g >= buf[BUY_PRICE + se * 3 + r]:
            mask[A_BUY + r] = 1
        if can_sell and buf[RES + p * 4 + r] > 0:
            mask[A_SELL + r] = 1
    if buf[SMITH_USED] < filled_locks(buf, p, BLACKSMITH) and g >= buf[FEES + FEE_SMITH]:
        mask[A_SMITH] = 1
    if buf[EXCHANGES] > 0:
        for r in range(2):
            if buf[RES + p * 4 + r] > 0:
                mask[A_EXCHANGE + r] = 1
    if buf[HIRED] == 0 and buf[GNOME_STOCK] > 0 and g >= buf[FEES + FEE_GNOME]:
        for t in range(NP):
            if lock_free(buf, p, t):
                mask[A_GNOME + t] = 1
    if planks == 0:
        mask[A_DONE] = 1
        if g >= buf[FEES + FEE_CARD]:
            for slot in range(4):
                if card_available(buf, slot):
                    mask[A_TAKE_CARD + slot] = 1


@njit(**KERNEL)
def steal_ok(buf, p, r, q):
    """Thieves' / Bandits' (B.1): may `p` now take one of resource r from seat q?
    scratch: [mode, takes so far, first target, 1 = one-player / 2 = spread]."""
    if q == p or q >= buf[NUM_PLAYERS] or buf[RES + q * 4 + r] == 0:
        return False
    mode = buf[SCRATCH]
    takes = buf[SCRATCH + 1]
    first = buf[SCRATCH + 2]
    style = buf[SCRATCH + 3]
    if mode == STEAL_THIEVES:
        if r != GOLD:
            return False
        if takes == 0:
            return True
        if style == 1 or (style == 0 and q == first):
            return q == first and takes < buf[THIEVES_MAX]
        return buf[ROBBED + q] == 0 and takes < STEAL_SPREAD_PLAYERS
    if r == GOLD:
        return False
    if takes == 0:
        return True
    if r == METAL:
        return False  # one Metal from one player ends the steal
    if style == 1 or (style == 0 and q == first):
        return q == first and takes < BANDITS_ONE_PLAYER_WS
    return buf[ROBBED + q] == 0 and takes < STEAL_SPREAD_PLAYERS


@njit(**KERNEL)
def any_steal(buf, p):
    for r in range(4):
        for q in range(buf[NUM_PLAYERS]):
            if steal_ok(buf, p, r, q):
                return True
    return False


@njit(**ENTRY)
def compute_mask(buf, mask):
    """Rewrite `mask` for buf[ACTOR] in the current phase."""
    mask[:] = 0
    phase = buf[PHASE]
    p = buf[ACTOR]
    if phase == P_GAME_OVER:
        return
    if phase == P_SETUP_DISCARD or phase == P_DISCARD:
        for t in range(NP):
            if buf[HAND + p * NP + t] > 0:
                mask[A_CARD + t] = 1
    elif phase == P_NP_DWARF:
        for d in range(NUM_DISTRICTS):
            if buf[NP_DWARF] != d:
                mask[A_SITE + SITE_GUILD + d] = 1
    elif phase == P_PLACEMENT:
        placement_mask(buf, p, mask)
    elif phase == P_AREAS:
        for kind in range(4):
            if buf[AVAIL + p * 4 + kind] > 0:
                for area in range(4):
                    if AREA_ACCEPTS[area, kind]:
                        mask[A_AREA + kind * 4 + area] = 1
    elif phase == P_CAMP:
        mask[A_DONE] = 1
        for q in range(buf[NUM_PLAYERS]):
            if q != p and buf[SHIELD_DOWN + q] == 0:
                mask[A_SEAT + q] = 1
    elif phase == P_ACTIONS:
        actions_mask(buf, p, mask)
    elif phase == P_INN or phase == P_RECRUIT:
        for race in range(2):
            if supply_has(buf, p, race):
                mask[A_OPTION + race] = 1
        if phase == P_RECRUIT and buf[GNOME_STOCK] > 0 and any_lock_free(buf, p):
            mask[A_OPTION + 2] = 1
    elif phase == P_LOCK:
        for t in range(NP):
            if lock_free(buf, p, t):
                mask[A_GNOME + t] = 1
    elif phase == P_GATE_MARKER:
        for s in range(SITE_GATE, SITE_WALL):
            if gate_marker_target(buf, p, s):
                mask[A_SITE + s] = 1
    elif phase == P_ARCH_SITE:
        for s in range(NUM_SITES):
            if arch_site_ok(buf, p, s):
                mask[A_SITE + s] = 1
    elif phase == P_ARCH_DISCOUNT:
        for option in range(DISCOUNTS.shape[0]):
            if arch_affordable(buf, p, buf[SCRATCH], option):
                mask[A_OPTION + option] = 1
    elif phase == P_STEAL:
        mask[A_DONE] = 1
        for r in range(4):
            for q in range(buf[NUM_PLAYERS]):
                if steal_ok(buf, p, r, q):
                    mask[A_STEAL + r * 5 + q] = 1
    elif phase == P_SPIES_REVEAL:
        for t in range(NP):
            if buf[HAND + p * NP + t] > 0:
                mask[A_CARD + t] = 1
    elif phase == P_SPIES_TAKE:
        for q in range(buf[NUM_PLAYERS]):
            if buf[REVEALED + q] != EMPTY:
                mask[A_SEAT + q] = 1
    elif phase == P_WIZ_FIRST:
        mask[A_DONE] = 1
        for s in range(NUM_SITES):
            if wiz_first_ok(buf, s):
                mask[A_SITE + s] = 1
    elif phase == P_WIZ_SECOND:
        for s in range(NUM_SITES):
            if wiz_pair_ok(buf, buf[SCRATCH], s):
                mask[A_SITE + s] = 1
    elif phase == P_WIZ_GATE:
        g = buf[SCRATCH + 1]
        mask[A_SITE + SITE_GATE + 2 * g] = 1
        mask[A_SITE + SITE_GATE + 2 * g + 1] = 1
    elif phase == P_NP_PICK:
        for slot in range(4):
            if card_available(buf, slot):
                mask[A_TAKE_CARD + slot] = 1
    elif phase == P_NP_PLACE:
        for s in range(NUM_SITES):
            if (
                np_site_ok(buf, buf[NP_CARD], s)
                and buf[NP_MARKERS + buf[NP_TURN]] >= SITE_WEIGHT[s]
            ):
                mask[A_SITE + s] = 1


# ----------------------------------------------------------------------------- effects


@njit(**KERNEL)
def discard_then(buf, p, count, then):
    """Ask p to discard `count` cards (as many as they hold), then continue."""
    count = min(count, hand_size(buf, p))
    if count > 0:
        buf[PHASE] = P_DISCARD
        buf[ACTOR] = p
        buf[PENDING] = count
        buf[THEN] = then


@njit(**KERNEL)
def start_spies(buf, p):
    """Spies' (B.1, D14): each opponent with cards, in turn order after p, reveals one."""
    buf[SPIES_USER] = p
    for q in range(buf[NUM_PLAYERS]):
        buf[REVEALED + q] = EMPTY
    buf[SCRATCH] = 0  # opponents asked so far
    next_spy(buf)


@njit(**KERNEL)
def next_spy(buf):
    user = buf[SPIES_USER]
    n = buf[NUM_PLAYERS]
    k = buf[SHIELD + user]
    while buf[SCRATCH] < n - 1:
        buf[SCRATCH] += 1
        q = seat_with_shield(buf, (k - 1 + buf[SCRATCH]) % n + 1)
        if hand_size(buf, q) > 0:
            buf[PHASE] = P_SPIES_REVEAL
            buf[ACTOR] = q
            return
    for q in range(n):
        if buf[REVEALED + q] != EMPTY:
            buf[PHASE] = P_SPIES_TAKE
            buf[ACTOR] = user
            return
    buf[PHASE] = P_ACTIONS
    buf[ACTOR] = user


@njit(**KERNEL)
def activate(buf, p, k):
    """Resolve plank k (Appendix A / B.1) and take the worker back (§9.1)."""
    buf[PHASE] = P_ACTIONS
    if k < 5:
        t = PLANK_TYPE[k]
        buf[ON_PLANK + p * NP + t] -= 1
        plank_effect(buf, p, t)
        return
    d = k - 5
    if buf[GUILD_WORKER + d] == p:
        buf[GUILD_WORKER + d] = EMPTY
    else:  # the Goon's token on an opponent's guild (Appendix C): you resolve it too
        buf[GOON_DISTRICT] = EMPTY
        if buf[GUILD_OF + d] == G_ASSISTANTS:
            return  # the Assistants' leftover went to the worker's owner on placement (D28)
    g = buf[GUILD_OF + d]
    for r in range(4):
        buf[RES + p * 4 + r] += X_GUILD_GAIN[g, r]
    if g == MERCHANTS:
        buf[EXCHANGES] += MERCHANT_EXCHANGES
        buf[VISITS] += MERCHANT_VISITS
    elif g == LIBRARIANS:
        draw_to_hand(buf, p, LIBRARIANS_DRAW)
        discard_then(buf, p, LIBRARIANS_DISCARD, THEN_ACTIONS)
    elif g == ARCHITECTS:
        for s in range(NUM_SITES):
            if arch_site_ok(buf, p, s):
                buf[PHASE] = P_ARCH_SITE
                break
    elif g == RECRUITERS:
        if supply_has(buf, p, 0) or supply_has(buf, p, 1):
            buf[PHASE] = P_RECRUIT
        elif buf[GNOME_STOCK] > 0 and any_lock_free(buf, p):
            buf[PHASE] = P_RECRUIT
    elif g == THIEVES or g == BANDITS:
        buf[SCRATCH] = STEAL_THIEVES if g == THIEVES else STEAL_BANDITS
        buf[SCRATCH + 1] = 0
        buf[SCRATCH + 2] = EMPTY
        buf[SCRATCH + 3] = 0
        for q in range(buf[NUM_PLAYERS]):
            buf[ROBBED + q] = 0
        if any_steal(buf, p):
            buf[PHASE] = P_STEAL
    elif g == SPIES:
        start_spies(buf, p)
    elif g == WIZARDS:
        for s in range(NUM_SITES):
            if wiz_first_ok(buf, s):
                buf[PHASE] = P_WIZ_FIRST
                break
    elif g >= NUM_GUILDS:
        activate_new_guild(buf, p, g)


@njit(**KERNEL)
def plank_effect(buf, p, t):
    """The plank of a type-t card resolved for p (Appendix A): p's worker, or p's Imp on
    anyone's card (Appendix C)."""
    if t == BLACKSMITH:
        buf[RES + p * 4 + METAL] += BLACKSMITH_PLANK_METAL
    elif t == BANK:
        buf[RES + p * 4 + GOLD] += BANK_PLANK_GOLD
    elif t == INN:
        if supply_has(buf, p, 0) or supply_has(buf, p, 1):
            buf[PHASE] = P_INN
    elif t == LIBRARY:
        draw_to_hand(buf, p, LIBRARY_DRAW)
        discard_then(buf, p, LIBRARY_DISCARD, THEN_ACTIONS)
    elif t == TOWER:
        if buf[GNOME_STOCK] > 0 and any_lock_free(buf, p):
            buf[PHASE] = P_LOCK


@njit(**KERNEL)
def activate_new_guild(buf, p, g):
    """Appendix B.2 (the Handymen's gain is in X_GUILD_GAIN): Clipboard Makers' (a card, a
    visit, then a cheap gnome), Planners' (up to 2 permits), Lawyers' (points for gold)."""
    if g == G_CLIPBOARD:
        draw_to_hand(buf, p, CLIPBOARD_DRAW)
        buf[VISITS] += CLIPBOARD_VISITS
        if buf[GNOME_STOCK] > 0 and any_lock_free(buf, p) and gold(buf, p) >= CLIPBOARD_HIRE_GOLD:
            buf[PHASE] = P_CLIP_HIRE
    elif g == G_PLANNERS:
        if any_permit_takeable(buf, p):
            buf[X_COUNT] = PLANNERS_PERMITS
            buf[PHASE] = P_PLANNERS
    elif g == G_LAWYERS:
        buf[PHASE] = P_LAWYERS  # DONE is always allowed (the tiers are optional)
    elif g == G_DECORATORS:
        buf[X_COUNT] = DECORATOR_MARKERS  # as many as can be picked (D27)
        next_decoration(buf, p)
    elif g == G_SENTINELS:
        buf[RES + p * 4 + GOLD] += SENTINEL_GOLD
        buf[SENTINEL_ASKED] = 0
        next_sentinel(buf)


@njit(**KERNEL)
def walls_of(buf, p):
    count = 0
    for s in range(SITE_WALL, SITE_GUILD):
        if buf[OWNER + s] == p:
            count += 1
    return count


@njit(**KERNEL)
def next_sentinel(buf):
    """Sentinels' (B.2, D25): in turn order after the user, each opponent with fewer walls
    who holds any Wood, Stone, Metal or Gold chooses one to pay the user; then the user's
    turn goes on."""
    user = buf[TURN_PLAYER]
    n = buf[NUM_PLAYERS]
    k = buf[SHIELD + user]
    mine = walls_of(buf, user)
    while buf[SENTINEL_ASKED] < n - 1:
        buf[SENTINEL_ASKED] += 1
        q = seat_with_shield(buf, (k - 1 + buf[SENTINEL_ASKED]) % n + 1)
        has = 0
        for r in range(4):
            has += buf[RES + q * 4 + r]
        if walls_of(buf, q) < mine and has > 0:
            buf[PHASE] = P_SENTINEL_PAY
            buf[ACTOR] = q
            return
    buf[SENTINEL_ASKED] = 0
    buf[PHASE] = P_ACTIONS
    buf[ACTOR] = user


@njit(**KERNEL)
def nhr_next(buf, p):
    """Non-Human Resources on placement: ask for the next worker while any is left in p's
    supply (True), else the placement is over and as many are owed as were taken (D26)."""
    if buf[X_COUNT] > 0 and (supply_has(buf, p, 0) or supply_has(buf, p, 1)):
        buf[PHASE] = P_NHR_TAKE
        buf[ACTOR] = p
        return True
    buf[X_COUNT] = 0
    return False


@njit(**KERNEL)
def decoratable(buf, p, s):
    """A marker of p on s without a coin (a Keep section holds two markers, D27)."""
    return buf[OWNER + s] == p and buf[DECORATED + s] < SITE_WEIGHT[s]


@njit(**KERNEL)
def next_decoration(buf, p):
    """The Decorators' next pick, or back to the actions turn when done or none is left."""
    if buf[X_COUNT] > 0:
        for s in range(NUM_SITES):
            if decoratable(buf, p, s):
                buf[PHASE] = P_DECORATE
                return
    buf[X_COUNT] = 0
    buf[PHASE] = P_ACTIONS


@njit(**KERNEL)
def build(buf, p, s):
    """Build on site s (§9.2): a property from a card in hand, a wall, or a guild."""
    buf[OWNER + s] = p
    gorgon_charge(buf, p, s)
    if SITE_KIND[s] == 0:
        t = SITE_TYPE[s]
        buf[HAND + p * NP + t] -= 1
        buf[BUILT + p * NP + t] += 1
        if is_x(buf) and buf[HOB_LEFT] > 0:
            buf[HOB_LEFT] -= 1  # the Hobgoblin's discount: the mix is chosen next
            buf[X_SITE] = s
            buf[PHASE] = P_HOB_MIX
            return
    pay(buf, p, site_cost_at(buf, s))


@njit(**KERNEL)
def trade(buf, p, r, selling):
    """One Buy or Sell of the Trading Post (§9.3). A visit is at most one Buy and one Sell
    in either order, and nothing ties them together in time, so V visits allow V Buys and V
    Sells in any order during the turn."""
    buf[SELLS if selling else BUYS] += 1
    se = season(buf)
    if selling:
        buf[RES + p * 4 + r] -= 1
        buf[RES + p * 4 + GOLD] += buf[SELL_PRICE + se * 3 + r]
    else:
        buf[RES + p * 4 + GOLD] -= buf[BUY_PRICE + se * 3 + r]
        buf[RES + p * 4 + r] += 1


@njit(**KERNEL)
def wizards_swap(buf, a, b):
    """Swap the markers of units a and b (B.1 Wizards'). A Gatehouse that receives a single
    marker asks which half it goes on (queued in scratch[1], scratch[2])."""
    buf[SCRATCH + 1] = EMPTY
    buf[SCRATCH + 2] = EMPTY
    if SITE_TYPE[a] != GATEHOUSE:
        o = buf[OWNER + a]
        buf[OWNER + a] = buf[OWNER + b]
        buf[OWNER + b] = o
        if is_x(buf):  # decoration coins move with their markers (B.2, D27)
            dec = buf[DECORATED + a]
            buf[DECORATED + a] = buf[DECORATED + b]
            buf[DECORATED + b] = dec
        return
    oa, ca = EMPTY, 0
    ob, cb = EMPTY, 0
    for h in range(2):
        if buf[OWNER + a + h] != EMPTY:
            oa = buf[OWNER + a + h]
            ca += 1
        if buf[OWNER + b + h] != EMPTY:
            ob = buf[OWNER + b + h]
            cb += 1
    da = db = 0
    if is_x(buf):
        da = buf[DECORATED + a] + buf[DECORATED + a + 1]
        db = buf[DECORATED + b] + buf[DECORATED + b + 1]
    put_gate(buf, a, ob, cb, 1)
    put_gate(buf, b, oa, ca, 2)
    if is_x(buf):  # a Gatehouse's coins go to the halves its markers now stand on
        buf[DECORATED + a] = min(db, 1)
        buf[DECORATED + a + 1] = db - min(db, 1)
        buf[DECORATED + b] = min(da, 1)
        buf[DECORATED + b + 1] = da - min(da, 1)


@njit(**KERNEL)
def put_gate(buf, site, owner, count, slot):
    """Gatehouse `site` (its first half) receives `count` markers of `owner`; a single one
    waits in scratch[slot] for the Wizards' user to choose its half."""
    buf[OWNER + site] = owner if count >= 1 else EMPTY
    buf[OWNER + site + 1] = owner if count == 2 else EMPTY
    if count == 1:
        buf[SCRATCH + slot] = gate_of(site)


@njit(**KERNEL)
def next_wiz_gate(buf):
    if buf[SCRATCH + 1] == EMPTY and buf[SCRATCH + 2] != EMPTY:
        buf[SCRATCH + 1] = buf[SCRATCH + 2]
        buf[SCRATCH + 2] = EMPTY
    buf[PHASE] = P_WIZ_GATE if buf[SCRATCH + 1] != EMPTY else P_ACTIONS


@njit(**ENTRY)
def step(buf, action):
    """Apply one legal action for buf[ACTOR] (the mask is not checked here)."""
    phase = buf[PHASE]
    p = buf[ACTOR]
    n = buf[NUM_PLAYERS]
    if phase == P_SETUP_DISCARD:
        t = action - A_CARD
        buf[HAND + p * NP + t] -= 1
        buf[SETUP_DISCARD + p * NP + t] += 1
        chosen = 0
        for u in range(NP):
            chosen += buf[SETUP_DISCARD + p * NP + u]
        if chosen == HAND_DISCARD:
            if p + 1 < n:
                buf[ACTOR] = p + 1
            else:
                after_setup_discards(buf)
    elif phase == P_NP_DWARF:
        d = action - A_SITE - SITE_GUILD
        if buf[NP_DWARF] == EMPTY:
            buf[NP_DWARF] = d
            buf[ACTOR] = seat_with_shield(buf, 2)
        else:
            buf[NP_DWARF + 1] = d
            begin_round(buf)
    elif phase == P_PLACEMENT:
        if action == A_PASS:
            buf[PASSED + p] = 1
            if workers_left(buf, p) > 0:
                buf[PHASE] = P_AREAS
                return
            after_pass(buf, p)
            return
        race, k = divmod(action - A_PLACE, NUM_PLANKS)
        use_worker(buf, p, race)
        if k < 5:
            t = PLANK_TYPE[k]
            buf[RES + p * 4 + GOLD] -= PLANK_FEE_GOLD[t]
            buf[ON_PLANK + p * NP + t] += 1
        elif k < 10:
            d = k - 5
            owner = buf[OWNER + SITE_GUILD + d]
            if owner != p:
                fee = buf[FEES + FEE_GUILD]
                buf[RES + p * 4 + GOLD] -= fee
                if 0 <= owner < n:
                    buf[RES + owner * 4 + GOLD] += fee
            buf[GUILD_WORKER + d] = p
            if buf[GUILD_OF + d] == G_ASSISTANTS and x_on(buf):
                if take_leftover(buf, p) == CENTAUR and any_lock_free(buf, p):  # on placement
                    buf[PHASE] = P_CENTAUR  # §6 step 3, E14: its token goes on a lock now
                    return
            if buf[GUILD_OF + d] == G_NON_HUMAN and is_x(buf):
                buf[X_COUNT] = NHR_WORKERS  # on placement: take 3 workers (B.2, D26)
                if nhr_next(buf, p):
                    return
        elif k == PLANK_RECRUITER:
            buf[RES + p * 4 + GOLD] -= buf[FEES + FEE_RECRUITER]
            for i in range(RECRUITER_PLANKS_BY_N[n]):
                if buf[RECRUITER + i] == EMPTY:
                    buf[RECRUITER + i] = p
                    buf[RECRUITER_RACE + i] = race
                    break
        else:
            for i in range(CAMP_PLANKS_BY_N[n]):
                if buf[CAMP + i] == EMPTY:
                    buf[CAMP + i] = p
                    break
        next_placement(buf)
    elif phase == P_AREAS:
        kind, area = divmod(action - A_AREA, 4)
        buf[AVAIL + p * 4 + kind] -= 1
        buf[AREA + p * 16 + kind * 4 + area] += 1
        if workers_left(buf, p) == 0:
            after_pass(buf, p)
    elif phase == P_CAMP:
        if action != A_DONE:
            q = action - A_SEAT
            mine = buf[SHIELD + p]
            buf[SHIELD + p] = buf[SHIELD + q]
            buf[SHIELD + q] = mine
        buf[SHIELD_DOWN + p] = 1  # the shield p now holds, swapped or not (D19)
        buf[CAMP_POS] += 1
        next_camp(buf)
    elif phase == P_ACTIONS:
        actions_step(buf, p, action)
    elif phase == P_DISCARD:
        t = action - A_CARD
        buf[HAND + p * NP + t] -= 1
        buf[DISCARD + t] += 1
        buf[PENDING] -= 1
        if buf[PENDING] == 0:
            if buf[THEN] == THEN_END_TURN:
                finish_turn(buf)
            elif buf[THEN] == THEN_PLACEMENT:
                next_placement(buf)  # the Library+Archives fee is paid (Appendix D)
            else:
                buf[PHASE] = P_ACTIONS
    elif phase == P_INN:
        gain_worker(buf, p, action - A_OPTION)
        buf[PHASE] = P_ACTIONS
    elif phase == P_RECRUIT:
        option = action - A_OPTION
        if option == 2:
            buf[PHASE] = P_LOCK
        else:
            gain_worker(buf, p, option)
            buf[PHASE] = P_ACTIONS
    elif phase == P_LOCK:
        buf[PHASE] = P_ACTIONS
        place_gnome(buf, p, action - A_GNOME)
    elif phase == P_GATE_MARKER:
        buf[OWNER + action - A_SITE] = p
        buf[PHASE] = P_ACTIONS
    elif phase == P_ARCH_SITE:
        buf[SCRATCH] = action - A_SITE
        buf[PHASE] = P_ARCH_DISCOUNT
    elif phase == P_ARCH_DISCOUNT:
        s = buf[SCRATCH]
        option = action - A_OPTION
        for r in range(4):
            buf[RES + p * 4 + r] -= arch_cost(buf, s, option, r)
        buf[OWNER + s] = p  # no card: no income, planks or locks (B.1)
        gorgon_charge(buf, p, s)  # D32: the Gorgon charges Architects' builds too
        buf[PHASE] = P_ACTIONS
    elif phase == P_STEAL:
        if action == A_DONE:
            buf[PHASE] = P_ACTIONS
            return
        r, q = divmod(action - A_STEAL, 5)
        takes = buf[SCRATCH + 1]
        if takes == 1:
            buf[SCRATCH + 3] = 1 if q == buf[SCRATCH + 2] else 2
        if takes == 0:
            buf[SCRATCH + 2] = q
        buf[SCRATCH + 1] = takes + 1
        buf[ROBBED + q] = 1
        buf[RES + q * 4 + r] -= 1
        buf[RES + p * 4 + r] += 1
        if r == METAL or not any_steal(buf, p):
            buf[PHASE] = P_ACTIONS
    elif phase == P_SPIES_REVEAL:
        buf[REVEALED + p] = action - A_CARD
        next_spy(buf)
    elif phase == P_SPIES_TAKE:
        q = action - A_SEAT
        t = buf[REVEALED + q]
        buf[HAND + q * NP + t] -= 1
        buf[HAND + p * NP + t] += 1
        for i in range(n):
            buf[REVEALED + i] = EMPTY
        buf[PHASE] = P_ACTIONS
    elif phase == P_WIZ_FIRST:
        if action == A_DONE:
            buf[PHASE] = P_ACTIONS
        else:
            buf[SCRATCH] = action - A_SITE
            buf[PHASE] = P_WIZ_SECOND
    elif phase == P_WIZ_SECOND:
        wizards_swap(buf, buf[SCRATCH], action - A_SITE)
        next_wiz_gate(buf)
    elif phase == P_WIZ_GATE:
        s = action - A_SITE
        g = gate_of(s)
        base = SITE_GATE + 2 * g
        owner = buf[OWNER + base] if buf[OWNER + base] != EMPTY else buf[OWNER + base + 1]
        buf[OWNER + base] = EMPTY
        buf[OWNER + base + 1] = EMPTY
        buf[OWNER + s] = owner
        if is_x(buf):  # the single marker takes its coin along
            dec = buf[DECORATED + base] + buf[DECORATED + base + 1]
            buf[DECORATED + base] = 0
            buf[DECORATED + base + 1] = 0
            buf[DECORATED + s] = dec
        buf[SCRATCH + 1] = EMPTY
        next_wiz_gate(buf)
    elif phase == P_NP_PICK:
        t = take_card(buf, action - A_TAKE_CARD)
        buf[NP_CARD] = t
        i = buf[NP_TURN]
        if t != EMPTY:
            for s in range(NUM_SITES):
                if np_site_ok(buf, t, s) and buf[NP_MARKERS + i] >= SITE_WEIGHT[s]:
                    buf[PHASE] = P_NP_PLACE
                    return
        if t != EMPTY:
            buf[DISCARD + t] += 1
        np_done(buf)
    elif phase == P_NP_PLACE:
        i = buf[NP_TURN]
        s = action - A_SITE
        buf[OWNER + s] = NP_FIRST + i
        buf[NP_MARKERS + i] -= SITE_WEIGHT[s]  # a Keep takes both of its symbols' markers
        buf[DISCARD + buf[NP_CARD]] += 1
        np_done(buf)


@njit(**KERNEL)
def actions_step(buf, p, action):
    """One action of the actions turn (§9.2)."""
    if action < A_PLACE:
        build(buf, p, action - A_SITE)
    elif A_ACTIVATE <= action < A_CARD:
        activate(buf, p, action - A_ACTIVATE)
    elif A_GNOME <= action < A_BUY:
        buf[RES + p * 4 + GOLD] -= buf[FEES + FEE_GNOME]
        buf[HIRED] = 1
        place_gnome(buf, p, action - A_GNOME)
    elif action < A_SELL:
        trade(buf, p, action - A_BUY, False)
    elif action < A_SMITH:
        trade(buf, p, action - A_SELL, True)
    elif action == A_SMITH:
        buf[RES + p * 4 + GOLD] -= buf[FEES + FEE_SMITH]
        buf[RES + p * 4 + METAL] += 1
        buf[SMITH_USED] += 1
    elif action < A_TAKE_CARD:
        buf[RES + p * 4 + action - A_EXCHANGE] -= 1
        buf[RES + p * 4 + METAL] += 1
        buf[EXCHANGES] -= 1
    elif action < A_SEAT:
        buf[RES + p * 4 + GOLD] -= buf[FEES + FEE_CARD]
        t = take_card(buf, action - A_TAKE_CARD)
        if t != EMPTY:
            buf[HAND + p * NP + t] += 1
        end_turn(buf)  # buying a card ends the turn (§9.2)
    elif action == A_DONE:
        end_turn(buf)
