"""The Expansion Expansion and the promo guilds as kernels (spec §6, §9.2, Appendices B.2-E),
and the engine's entry points for every Belfort state: `apply_action(buf, mask, action)` and
`compute_mask(buf, mask)`.

The base game's kernels (kernels.py) run unchanged; an XState adds fields after the base ones
and actions after the base 184 (actions.py). Here are the expansion's own decisions: the
draft, the assistants' specialties, permits, expanding a property and the new guilds' choices.
Scratch words used: scratch[0] = the property type whose red board is being paid
(P_EXPAND_PAY, P_EXPAND_GNOME).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.belfort import kernels as k
from eurogym.envs.belfort.actions import (
    A_AREA,
    A_ASSIST,
    A_CARD,
    A_DONE,
    A_DRAFT,
    A_EXPAND,
    A_GNOME,
    A_IMP,
    A_OPTION,
    A_PERMIT,
    A_PERMIT_PLACE,
    A_RECLAIM,
    A_SITE,
    A_TAKE_CARD,
    NUM_ACTIONS,
)
from eurogym.envs.belfort.scoring import score_pixie
from eurogym.envs.belfort.state import (
    ACTOR,
    ASST_DOWN,
    ASST_GOLD,
    ASST_HOLDER,
    ASST_X,
    AVAIL,
    BUYS,
    CENTAUR_LOCK,
    COLUMN,
    DECORATED,
    DISCARD,
    DJINN_Y,
    DRAFT_LEFT,
    DWARVES,
    ELVES,
    EMPTY,
    EXPANDED,
    FEES,
    GARG_LEFT,
    GIANT_AREA,
    GIANT_TOKENS,
    GNOME_STOCK,
    GNOMES,
    GORGON_DISTRICT,
    HAND,
    HIRED,
    HOB_LEFT,
    IMP_SEAT,
    IMP_TYPE,
    LAWYER_GOLD,
    LAWYER_POINTS,
    MAX_IMPS,
    NHR_OWED,
    NUM_PLAYERS,
    ON_PERMIT,
    OWNER,
    P_ACTIONS,
    P_CENTAUR,
    P_CENTAUR_GATE,
    P_CENTAUR_HIRE,
    P_CENTAUR_UNDO,
    P_CLIP_HIRE,
    P_DECORATE,
    P_DJINN_MODE,
    P_DJINN_PICK,
    P_DJINN_SEASON,
    P_DRAFT,
    P_EXPAND_GNOME,
    P_EXPAND_PAY,
    P_GAME_OVER,
    P_GARGOYLE,
    P_GATE_REMOVE,
    P_GIANT,
    P_GOON,
    P_GORGON,
    P_HALFLING,
    P_HOB_MIX,
    P_IMPS,
    P_LAWYERS,
    P_NHR_RETURN,
    P_NHR_TAKE,
    P_PIXIE,
    P_PLACEMENT,
    P_PLANNERS,
    P_SENTINEL_PAY,
    P_WHICH_ASST,
    PERMIT_STACK,
    PERMITS,
    PHASE,
    RES,
    SCORE,
    SCRATCH,
    SELLS,
    THEN_PLACEMENT,
    TURN_PLAYER,
    VISITS,
    X_COUNT,
    X_PERMIT,
    X_SEASON,
    X_SITE,
)
from eurogym.envs.belfort.tables import (
    AREA_ACCEPTS,
    COLUMN_SIZE,
    GARDENS,
    GATEHOUSE,
    GOLD,
    MARKET,
    MASTERS_PER_COLOUR,
    METAL,
    NUM_DISTRICTS,
    NUM_PROPERTIES,
    NUM_SITES,
    PLANK_FEE_GOLD,
    PLANK_LOCKED,
    PUB,
    SITE_GATE,
    SITE_GUILD,
    SITE_TYPE,
    SITE_WALL,
    STONE,
    WOOD,
)
from eurogym.envs.belfort.tokens import filled_locks, free_planks
from eurogym.envs.belfort.xtables import (
    CENTAUR,
    CLIPBOARD_HIRE_GOLD,
    DJINN,
    GARGOYLE,
    GIANT,
    GOON,
    GORGON,
    HALFLING,
    HOBGOBLIN,
    IMPS,
    LEFTOVER_GOLD,
    NUM_ASSISTANTS,
    PERMIT_FEE,
    PERMIT_FEE_CARDS,
    PERMIT_PLANKS,
    PIXIE,
    RED_BOARD,
    RED_GNOME,
    RED_WOOD_OR_STONE,
    RED_WORKER,
)
from eurogym.envs.core.jit import ENTRY, KERNEL

NP = NUM_PROPERTIES
DJINN_GOODS = np.array([WOOD, STONE, GOLD], np.int64)  # P_DJINN_PICK options
HOB_DISCOUNT = 2  # the Hobgoblin's "2 Wood/Stone less" (Appendix C)


# ----------------------------------------------------------------------------- entry points


@njit(**ENTRY)
def compute_mask(buf, mask):
    """Rewrite `mask` for buf[ACTOR]: the base game's mask, plus the expansion's actions."""
    k.compute_mask(buf, mask)
    if k.is_x(buf):
        x_mask(buf, mask)


@njit(**ENTRY)
def apply_action(buf, mask, action):
    """Apply a legal action, then rewrite the mask for the next decision."""
    if action >= NUM_ACTIONS or buf[PHASE] > P_GAME_OVER:
        x_step(buf, action)
    else:
        k.step(buf, action)
    compute_mask(buf, mask)


# ----------------------------------------------------------------------------- helpers


@njit(**KERNEL)
def season_x(buf, a):
    return buf[ASST_X + a * 3 + k.season(buf)]


@njit(**KERNEL)
def ready_assistant(buf, p):
    """p's lowest-numbered assistant still face up, or EMPTY."""
    for a in range(NUM_ASSISTANTS):
        if buf[ASST_HOLDER + a] == p and buf[ASST_DOWN + a] == 0:
            return a
    return EMPTY


@njit(**KERNEL)
def permit_planks_free(buf, p, t):
    """Free planks on p's type-t permits that are not yet expanded (E.3 step 1)."""
    open_permits = buf[PERMITS + p * NP + t] - buf[EXPANDED + p * NP + t]
    return open_permits * PERMIT_PLANKS[t] - buf[ON_PERMIT + p * NP + t]


@njit(**KERNEL)
def can_place_on_permit(buf, p, t):
    if permit_planks_free(buf, p, t) <= 0:
        return False
    for r in range(4):
        if buf[RES + p * 4 + r] < PERMIT_FEE[t, r]:
            return False
    return k.hand_size(buf, p) >= PERMIT_FEE_CARDS[t]


@njit(**KERNEL)
def gnome_removable(buf, p, t):
    """Tower+Scriptorium: a gnome of p's type-t locks may go back, unless its lock opens a
    plank a worker stands on."""
    if buf[GNOMES + p * NP + t] == 0:
        return False
    return not (PLANK_LOCKED[t] and free_planks(buf, p, t) < 1)


@njit(**KERNEL)
def red_board_payable(buf, p, t):
    """Appendix D: p can pay the red board of a type-t permit."""
    for r in range(4):
        if buf[RES + p * 4 + r] < RED_BOARD[t, r]:
            return False
    if RED_WORKER[t] > 0 and buf[ELVES + p] + buf[DWARVES + p] < RED_WORKER[t]:
        return False
    if RED_WOOD_OR_STONE[t] > 0:
        if buf[RES + p * 4 + WOOD] + buf[RES + p * 4 + STONE] < RED_WOOD_OR_STONE[t]:
            return False
    if RED_GNOME[t] > 0:
        for u in range(NP):
            if gnome_removable(buf, p, u):
                return True
        return False
    return True


@njit(**KERNEL)
def can_expand(buf, p, t):
    """E.3 step 2: every plank of one open permit holds a worker, and the red board is paid."""
    return buf[ON_PERMIT + p * NP + t] >= PERMIT_PLANKS[t] and red_board_payable(buf, p, t)


@njit(**KERNEL)
def djinn_usable(buf, p, s):
    """D35: using the values of season s (not later than now) needs at least X points."""
    return s <= k.season(buf) and buf[SCORE + p] >= buf[ASST_X + DJINN * 3 + s]


@njit(**KERNEL)
def specialty_ready(buf, p, a):
    """An actions-phase specialty p may use now (the Halfling's is at the taxes)."""
    if a == DJINN:
        return djinn_usable(buf, p, 0) or djinn_usable(buf, p, 1) or djinn_usable(buf, p, 2)
    if a == HOBGOBLIN:
        return buf[HOB_LEFT] == 0
    if a == CENTAUR:
        return centaur_hire_ok(buf, p)
    return a == PIXIE or a == GARGOYLE


@njit(**KERNEL)
def centaur_fee(buf):
    """The once-per-turn hire with the Centaur's discount: X gold less (Appendix C, D24)."""
    return max(0, buf[FEES + k.FEE_GNOME] - season_x(buf, CENTAUR))


@njit(**KERNEL)
def centaur_hire_ok(buf, p):
    """The Centaur's specialty needs the once-per-turn hire still unused and possible."""
    if buf[HIRED] == 1 or buf[GNOME_STOCK] == 0 or k.gold(buf, p) < centaur_fee(buf):
        return False
    return k.any_lock_free(buf, p)


@njit(**KERNEL)
def imp_target_ok(buf, p, q, plank):
    """p can put an Imp on a free plank of seat q's built card (Appendix C: unoccupied,
    unlocked, any player's, not a permit's, D28) and pay its fee."""
    t = k.PLANK_TYPE[plank]
    if q >= buf[NUM_PLAYERS] or free_planks(buf, q, t) < 1:
        return False
    return k.gold(buf, p) >= PLANK_FEE_GOLD[t]


@njit(**KERNEL)
def any_imp_target(buf, p):
    for q in range(buf[NUM_PLAYERS]):
        for plank in range(5):
            if imp_target_ok(buf, p, q, plank):
                return True
    return False


@njit(**KERNEL)
def plank_of_type(t):
    for plank in range(5):
        if k.PLANK_TYPE[plank] == t:
            return plank
    return EMPTY


@njit(**KERNEL)
def ready_count(buf, p):
    count = 0
    for a in range(NUM_ASSISTANTS):
        if buf[ASST_HOLDER + a] == p and buf[ASST_DOWN + a] == 0:
            count += 1
    return count


@njit(**KERNEL)
def hob_cost(buf, s, option, r):
    """Hobgoblin (Appendix C): resource r of building site s with `option` stone and
    2 - option wood off, never below 0."""
    c = buf[k.site_cost_at(buf, s) + r]
    if r == WOOD:
        c -= HOB_DISCOUNT - option
    elif r == STONE:
        c -= option
    return c if c > 0 else 0


@njit(**KERNEL)
def build_affordable(buf, p, s):
    """A build from the actions turn on s is affordable, at the card's price or the
    Hobgoblin's."""
    if k.can_pay(buf, p, k.site_cost_at(buf, s)):
        return True
    if buf[HOB_LEFT] > 0 and SITE_TYPE[s] >= 0:
        for option in range(HOB_DISCOUNT + 1):
            if hob_affordable(buf, p, s, option):
                return True
    return False


@njit(**KERNEL)
def gorgon_filter(buf, p, mask):
    """Drop the builds p cannot pay together with the Gorgon's X gold (Appendix C; the
    Architects' check it in kernels.arch_affordable)."""
    gold_at = RES + p * 4 + GOLD
    for s in range(SITE_GUILD + NUM_DISTRICTS):
        if mask[A_SITE + s] == 0:
            continue
        due = k.gorgon_due(buf, p, s)
        if due > 0:
            buf[gold_at] -= due
            if buf[gold_at] < 0 or not build_affordable(buf, p, s):
                mask[A_SITE + s] = 0
            buf[gold_at] += due


@njit(**KERNEL)
def hob_affordable(buf, p, s, option):
    for r in range(4):
        if buf[RES + p * 4 + r] < hob_cost(buf, s, option, r):
            return False
    return True


# ----------------------------------------------------------------------------- masks


@njit(**KERNEL)
def x_mask(buf, mask):
    """The expansion's legal actions, after the base mask (kernels.compute_mask) ran."""
    phase = buf[PHASE]
    p = buf[ACTOR]
    if phase == P_PLACEMENT and k.x_on(buf):
        if k.pass_ready(buf, p, IMPS) and season_x(buf, IMPS) > 0 and any_imp_target(buf, p):
            mask[A_ASSIST + IMPS] = 1  # Imps instead of a worker (Appendix C)
        if k.pass_ready(buf, p, GOON):
            for d in range(NUM_DISTRICTS):
                if k.goon_target(buf, p, d):
                    mask[A_ASSIST + GOON] = 1  # the Goon instead of a worker (Appendix C)
        for race in range(2):
            if k.race_left(buf, p, race) > 0:
                for t in range(NP):
                    if can_place_on_permit(buf, p, t):
                        mask[A_PERMIT_PLACE + race * NP + t] = 1
    elif phase == P_ACTIONS and k.x_on(buf):
        a = ready_assistant(buf, p)
        if a != EMPTY:
            for b in range(NUM_ASSISTANTS):
                if buf[ASST_HOLDER + b] == p and buf[ASST_DOWN + b] == 0:
                    if specialty_ready(buf, p, b):
                        mask[A_ASSIST + b] = 1
            for t in range(NP):
                if k.permit_takeable(buf, p, t):
                    mask[A_PERMIT + t] = 1
        for i in range(MAX_IMPS):
            q = buf[IMP_SEAT + i]
            if q != EMPTY and buf[ASST_HOLDER + IMPS] == p:
                mask[A_IMP + q * 5 + plank_of_type(buf[IMP_TYPE + i])] = 1
        for t in range(NP):
            if buf[ON_PERMIT + p * NP + t] > 0:
                mask[A_RECLAIM + t] = 1
                if can_expand(buf, p, t):
                    mask[A_EXPAND + t] = 1
        if buf[HOB_LEFT] > 0:  # builds from hand that only the discount makes affordable
            for s in range(SITE_GATE + 2 * NUM_DISTRICTS):
                t = SITE_TYPE[s]
                if t >= 0 and buf[HAND + p * NP + t] > 0 and k.build_site_free(buf, s):
                    for option in range(HOB_DISCOUNT + 1):
                        if hob_affordable(buf, p, s, option):
                            mask[A_SITE + s] = 1
        gorgon_filter(buf, p, mask)
    elif phase == P_DRAFT:
        for a in range(NUM_ASSISTANTS):
            if buf[ASST_HOLDER + a] == EMPTY:
                mask[A_DRAFT + a] = 1
    elif phase == P_DJINN_SEASON:
        for s in range(3):
            if djinn_usable(buf, p, s):
                mask[A_OPTION + s] = 1
    elif phase == P_DJINN_MODE:
        mask[A_OPTION] = 1
        mask[A_OPTION + 1] = 1
    elif phase == P_DJINN_PICK:
        for i in range(3):
            mask[A_OPTION + i] = 1
    elif phase == P_PIXIE:
        for d in range(NUM_DISTRICTS):
            mask[A_SITE + SITE_GUILD + d] = 1
    elif phase == P_GARGOYLE:
        for i in range(COLUMN_SIZE):
            if buf[COLUMN + i] != EMPTY:
                mask[A_TAKE_CARD + i] = 1
        for t in range(NP):
            if buf[DISCARD + t] > 0:
                mask[A_CARD + t] = 1
    elif phase == P_EXPAND_PAY:
        t = buf[SCRATCH]
        if RED_WORKER[t] > 0:
            if buf[ELVES + p] > 0:
                mask[A_OPTION] = 1
            if buf[DWARVES + p] > 0:
                mask[A_OPTION + 1] = 1
        else:
            need = RED_WOOD_OR_STONE[t]
            for w in range(need + 1):
                if buf[RES + p * 4 + WOOD] >= need - w and buf[RES + p * 4 + STONE] >= w:
                    mask[A_OPTION + w] = 1  # option w: w stone and the rest wood
    elif phase == P_EXPAND_GNOME:
        for t in range(NP):
            if gnome_removable(buf, p, t):
                mask[A_GNOME + t] = 1
    elif phase == P_GATE_REMOVE or phase == P_CENTAUR_UNDO:  # any Gatehouse marker of yours
        for s in range(SITE_GATE, SITE_WALL):
            if buf[OWNER + s] == p:
                mask[A_SITE + s] = 1
    elif phase == P_PLANNERS:
        mask[A_DONE] = 1
        for t in range(NP):
            if k.permit_takeable(buf, p, t):
                mask[A_PERMIT + t] = 1
    elif phase == P_LAWYERS:
        mask[A_DONE] = 1
        for i in range(3):
            if k.gold(buf, p) >= buf[LAWYER_GOLD + i]:
                mask[A_OPTION + i] = 1
    elif phase == P_CLIP_HIRE:
        mask[A_DONE] = 1
        if buf[GNOME_STOCK] > 0 and k.gold(buf, p) >= CLIPBOARD_HIRE_GOLD:
            for t in range(NP):
                if k.lock_free(buf, p, t):
                    mask[A_GNOME + t] = 1
    elif phase == P_HOB_MIX:
        for option in range(HOB_DISCOUNT + 1):
            if hob_affordable(buf, p, buf[X_SITE], option):
                mask[A_OPTION + option] = 1
    elif phase == P_WHICH_ASST:
        for a in range(NUM_ASSISTANTS):
            if buf[ASST_HOLDER + a] == p and buf[ASST_DOWN + a] == 0:
                mask[A_DRAFT + a] = 1
    elif phase == P_HALFLING:
        mask[A_OPTION] = 1
        mask[A_DONE] = 1
    elif phase == P_GIANT:
        area = buf[GIANT_AREA]
        if area == EMPTY:
            mask[A_DONE] = 1  # the specialty is optional; once begun, all X tokens go
        for race in range(2):
            for ar in range(4):
                if (area == EMPTY or ar == area) and AREA_ACCEPTS[ar, 2 * race]:
                    mask[A_AREA + 2 * race * 4 + ar] = 1
    elif phase == P_SENTINEL_PAY:
        for r in range(4):
            if buf[RES + p * 4 + r] > 0:
                mask[A_OPTION + r] = 1
    elif phase == P_NHR_TAKE:
        for race in range(2):
            if k.supply_has(buf, p, race):
                mask[A_OPTION + race] = 1
    elif phase == P_NHR_RETURN:
        if buf[ELVES + p] > 0:
            mask[A_OPTION] = 1
        if buf[DWARVES + p] > 0:
            mask[A_OPTION + 1] = 1
    elif phase == P_DECORATE:
        for s in range(NUM_SITES):
            if k.decoratable(buf, p, s):
                mask[A_SITE + s] = 1
    elif phase == P_GOON:
        for d in range(NUM_DISTRICTS):
            if k.goon_target(buf, p, d):
                mask[A_SITE + SITE_GUILD + d] = 1
    elif phase == P_GORGON:
        mask[A_DONE] = 1
        for d in range(NUM_DISTRICTS):
            mask[A_SITE + SITE_GUILD + d] = 1
    elif phase == P_CENTAUR or phase == P_CENTAUR_HIRE:
        for t in range(NP):
            if k.lock_free(buf, p, t):
                mask[A_GNOME + t] = 1
    elif phase == P_CENTAUR_GATE:
        for s in range(SITE_GATE, SITE_WALL):
            if k.gate_marker_target(buf, p, s):
                mask[A_SITE + s] = 1
    elif phase == P_IMPS:
        for q in range(buf[NUM_PLAYERS]):
            for plank in range(5):
                if imp_target_ok(buf, p, q, plank):
                    mask[A_IMP + q * 5 + plank] = 1


# ----------------------------------------------------------------------------- effects


@njit(**KERNEL)
def x_step(buf, action):
    """Apply one legal expansion action, or a base action in an expansion phase."""
    phase = buf[PHASE]
    p = buf[ACTOR]
    if phase == P_DRAFT:
        draft(buf, p, action - A_DRAFT)
    elif phase == P_PLACEMENT:
        if action == A_ASSIST + GOON:
            buf[PHASE] = P_GOON
        elif action == A_ASSIST + IMPS:
            buf[ASST_DOWN + IMPS] = 1
            buf[X_COUNT] = min(season_x(buf, IMPS), MAX_IMPS)
            buf[PHASE] = P_IMPS
        else:
            place_on_permit(buf, p, action - A_PERMIT_PLACE)
    elif phase == P_GOON:
        k.place_goon(buf, p, action - A_SITE - SITE_GUILD)
    elif phase == P_ACTIONS:
        actions_x(buf, p, action)
    elif phase == P_DJINN_SEASON:
        buf[X_SEASON] = action - A_OPTION
        buf[PHASE] = P_DJINN_MODE
    elif phase == P_DJINN_MODE:
        s = buf[X_SEASON]
        x = buf[ASST_X + DJINN * 3 + s]
        buf[SCORE + p] -= x
        if action - A_OPTION == 0:
            buf[RES + p * 4 + METAL] += x
            buf[PHASE] = P_ACTIONS
        else:
            buf[X_COUNT] = buf[DJINN_Y + s]
            buf[PHASE] = P_DJINN_PICK if buf[X_COUNT] > 0 else P_ACTIONS
    elif phase == P_DJINN_PICK:
        buf[RES + p * 4 + DJINN_GOODS[action - A_OPTION]] += 1
        buf[X_COUNT] -= 1
        if buf[X_COUNT] == 0:
            buf[PHASE] = P_ACTIONS
    elif phase == P_PIXIE:
        score_pixie(buf, action - A_SITE - SITE_GUILD, k.season(buf))
        buf[PHASE] = P_ACTIONS
    elif phase == P_GARGOYLE:
        gargoyle_take(buf, p, action)
    elif phase == P_EXPAND_PAY:
        t = buf[SCRATCH]
        option = action - A_OPTION
        if RED_WORKER[t] > 0:
            at = ELVES + p if option == 0 else DWARVES + p
            buf[at] -= 1  # back to the supply; Masters follow at once (E.4, reset_workers)
        else:
            buf[RES + p * 4 + STONE] -= option
            buf[RES + p * 4 + WOOD] -= RED_WOOD_OR_STONE[t] - option
        buf[SCRATCH] = EMPTY
        buf[PHASE] = P_ACTIONS
    elif phase == P_EXPAND_GNOME:
        buf[SCRATCH] = EMPTY
        remove_gnome(buf, p, action - A_GNOME)
    elif phase == P_GATE_REMOVE:
        buf[OWNER + action - A_SITE] = EMPTY
        buf[DECORATED + action - A_SITE] = 0  # its coin goes back to the supply
        buf[PHASE] = P_ACTIONS
    elif phase == P_PLANNERS:
        if action == A_DONE:
            buf[X_COUNT] = 0
            buf[PHASE] = P_ACTIONS
        else:
            take_permit(buf, p, action - A_PERMIT)
            buf[X_COUNT] -= 1
            if buf[X_COUNT] == 0 or not k.any_permit_takeable(buf, p):
                buf[X_COUNT] = 0
                buf[PHASE] = P_ACTIONS
    elif phase == P_LAWYERS:
        if action != A_DONE:
            i = action - A_OPTION
            buf[RES + p * 4 + GOLD] -= buf[LAWYER_GOLD + i]
            buf[SCORE + p] += buf[LAWYER_POINTS + i]
        buf[PHASE] = P_ACTIONS
    elif phase == P_CLIP_HIRE:
        buf[PHASE] = P_ACTIONS
        if action != A_DONE:
            buf[RES + p * 4 + GOLD] -= CLIPBOARD_HIRE_GOLD
            k.place_gnome(buf, p, action - A_GNOME)  # outside the once-per-turn hire
    elif phase == P_HOB_MIX:
        s = buf[X_SITE]
        for r in range(4):
            buf[RES + p * 4 + r] -= hob_cost(buf, s, action - A_OPTION, r)
        buf[X_SITE] = EMPTY
        buf[PHASE] = P_ACTIONS
    elif phase == P_WHICH_ASST:
        buf[ASST_DOWN + action - A_DRAFT] = 1
        take_permit(buf, p, buf[X_PERMIT])
        buf[X_PERMIT] = EMPTY
        buf[PHASE] = P_ACTIONS
    elif phase == P_HALFLING:
        halfling(buf, p, action == A_OPTION)
    elif phase == P_GIANT:
        if action == A_DONE:
            buf[X_COUNT] = 0
        else:
            kind, area = divmod(action - A_AREA, 4)
            buf[ASST_DOWN + GIANT] = 1
            buf[GIANT_AREA] = area
            buf[GIANT_TOKENS + kind // 2] += 1
            buf[X_COUNT] -= 1
        if buf[X_COUNT] == 0:
            k.after_pass(buf, p)  # then the Gorgon, or the next player places
    elif phase == P_SENTINEL_PAY:
        r = action - A_OPTION
        buf[RES + p * 4 + r] -= 1
        buf[RES + buf[TURN_PLAYER] * 4 + r] += 1  # to the user (D25, assumed)
        k.next_sentinel(buf)
    elif phase == P_NHR_TAKE:
        race = action - A_OPTION
        at = ELVES + p if race == 0 else DWARVES + p
        entitled = filled_locks(buf, p, GARDENS if race == 0 else PUB)
        before = min(buf[at], entitled, MASTERS_PER_COLOUR)
        k.gain_worker(buf, p, race)
        master = 1 if min(buf[at], entitled, MASTERS_PER_COLOUR) > before else 0
        buf[AVAIL + p * 4 + 2 * race + master] += 1  # placeable now; a Master if due (E.4)
        buf[NHR_OWED + p] += 1
        buf[X_COUNT] -= 1
        if not k.nhr_next(buf, p):
            k.next_placement(buf)
    elif phase == P_NHR_RETURN:
        buf[(ELVES if action == A_OPTION else DWARVES) + p] -= 1  # Masters follow (E.4)
        buf[NHR_OWED + p] -= 1
        if buf[NHR_OWED + p] == 0:
            k.end_turn(buf)  # then the other end-of-turn effects
    elif phase == P_DECORATE:
        buf[DECORATED + action - A_SITE] += 1  # 1 gold from the supply under the marker
        buf[X_COUNT] -= 1
        k.next_decoration(buf, p)
    elif phase == P_GORGON:
        if action != A_DONE:
            buf[ASST_DOWN + GORGON] = 1
            buf[GORGON_DISTRICT] = action - A_SITE - SITE_GUILD
        k.next_placement(buf)
    elif phase == P_CENTAUR:
        t = action - A_GNOME
        buf[CENTAUR_LOCK] = t  # counts as filled until the end of the round; effect at once
        if t == GATEHOUSE and k.any_gate_marker_target(buf, p):
            buf[PHASE] = P_CENTAUR_GATE
            return
        centaur_done(buf)
    elif phase == P_CENTAUR_GATE:
        buf[OWNER + action - A_SITE] = p  # the Gatehouse lock's extra marker (no Gorgon, D32)
        centaur_done(buf)
    elif phase == P_CENTAUR_HIRE:
        buf[RES + p * 4 + GOLD] -= centaur_fee(buf)
        buf[HIRED] = 1  # this is the once-per-turn hire
        buf[PHASE] = P_ACTIONS
        k.place_gnome(buf, p, action - A_GNOME)
    elif phase == P_CENTAUR_UNDO:
        buf[OWNER + action - A_SITE] = EMPTY
        buf[DECORATED + action - A_SITE] = 0  # its coin goes back to the supply
        k.begin_round(buf)
    elif phase == P_IMPS:
        place_imp(buf, p, action - A_IMP)
        buf[X_COUNT] -= 1
        if buf[X_COUNT] == 0 or not any_imp_target(buf, p):
            buf[X_COUNT] = 0
            k.next_placement(buf)


@njit(**KERNEL)
def draft(buf, p, a):
    """§6 step 2: p takes assistant a and any gold on it; the next seat in reverse turn order
    drafts, or the leftover tile gets 1 gold and Placement starts."""
    buf[ASST_HOLDER + a] = p
    buf[RES + p * 4 + GOLD] += buf[ASST_GOLD + a]
    buf[ASST_GOLD + a] = 0
    if a == CENTAUR and k.any_lock_free(buf, p):
        buf[PHASE] = P_CENTAUR  # §6 step 3: its token goes on one of p's empty locks first
        return
    draft_next(buf)


@njit(**KERNEL)
def draft_next(buf):
    """The drafter with shield draft_left is done: the next seat in reverse turn order, or
    the leftover's gold and Placement."""
    buf[DRAFT_LEFT] -= 1
    if buf[DRAFT_LEFT] > 0:
        buf[PHASE] = P_DRAFT
        buf[ACTOR] = k.seat_with_shield(buf, buf[DRAFT_LEFT])
        return
    for b in range(NUM_ASSISTANTS):
        if buf[ASST_HOLDER + b] == EMPTY:
            buf[ASST_GOLD + b] += LEFTOVER_GOLD
    k.start_placement(buf)


@njit(**KERNEL)
def centaur_done(buf):
    """The Centaur's token is placed: back to the draft (draft_left > 0), or to Placement
    after the Assistants' Guild handed p the Centaur."""
    if buf[DRAFT_LEFT] > 0:
        draft_next(buf)
    else:
        k.next_placement(buf)


@njit(**KERNEL)
def place_imp(buf, p, target):
    """Appendix C, Imps: the next Imp token onto plank `target % 5` of seat `target // 5`'s
    card; its fee goes to that player, or to the supply on p's own card. One decision per Imp,
    while a plank is left that p can pay for (E13)."""
    q, plank = divmod(target, 5)
    t = k.PLANK_TYPE[plank]
    for i in range(MAX_IMPS):
        if buf[IMP_SEAT + i] == EMPTY:
            buf[IMP_SEAT + i] = q
            buf[IMP_TYPE + i] = t
            break
    buf[RES + p * 4 + GOLD] -= PLANK_FEE_GOLD[t]
    if q != p:
        buf[RES + q * 4 + GOLD] += PLANK_FEE_GOLD[t]


@njit(**KERNEL)
def activate_imp(buf, p, target):
    """Appendix C, Imps: p activates the Imp on that plank like a worker of theirs: p gets
    the plank's effect, and the Imp leaves the plank."""
    q, plank = divmod(target, 5)
    t = k.PLANK_TYPE[plank]
    for i in range(MAX_IMPS):
        if buf[IMP_SEAT + i] == q and buf[IMP_TYPE + i] == t:
            buf[IMP_SEAT + i] = EMPTY
            buf[IMP_TYPE + i] = EMPTY
            break
    buf[PHASE] = P_ACTIONS
    k.plank_effect(buf, p, t)


@njit(**KERNEL)
def place_on_permit(buf, p, action):
    """E.3 step 1: a worker on a plank of p's type-t permit, paying the fee at once (goods to
    the supply, cards to the discard pile: P_DISCARD, then the next placement)."""
    race, t = divmod(action, NP)
    k.use_worker(buf, p, race)
    for r in range(4):
        buf[RES + p * 4 + r] -= PERMIT_FEE[t, r]
    buf[ON_PERMIT + p * NP + t] += 1
    if PERMIT_FEE_CARDS[t] > 0:
        k.discard_then(buf, p, PERMIT_FEE_CARDS[t], THEN_PLACEMENT)
        return
    k.next_placement(buf)


@njit(**KERNEL)
def take_permit(buf, p, t):
    """E.2: the permit goes from the stack under one of p's built type-t cards."""
    buf[PERMIT_STACK + t] -= 1
    buf[PERMITS + p * NP + t] += 1


@njit(**KERNEL)
def actions_x(buf, p, action):
    """The expansion's actions in an actions turn (§9.2)."""
    if action >= A_IMP:
        activate_imp(buf, p, action - A_IMP)
    elif action >= A_RECLAIM:
        buf[ON_PERMIT + p * NP + action - A_RECLAIM] = 0  # back with no effect (E.3)
    elif action >= A_EXPAND:
        expand(buf, p, action - A_EXPAND)
    elif action >= A_PERMIT_PLACE:
        return
    elif action >= A_PERMIT:
        if ready_count(buf, p) > 1:  # two assistants (Assistants' Guild): which one
            buf[X_PERMIT] = action - A_PERMIT
            buf[PHASE] = P_WHICH_ASST
            return
        a = ready_assistant(buf, p)
        buf[ASST_DOWN + a] = 1  # turned face down to take a permit (E.2)
        take_permit(buf, p, action - A_PERMIT)
    elif action >= A_ASSIST:
        a = action - A_ASSIST
        buf[ASST_DOWN + a] = 1  # exhausted until the end of the round (Appendix C)
        if a == DJINN:
            buf[PHASE] = P_DJINN_SEASON
        elif a == PIXIE:
            buf[PHASE] = P_PIXIE
        elif a == GARGOYLE:
            buf[GARG_LEFT] = season_x(buf, GARGOYLE)
        elif a == HOBGOBLIN:
            buf[HOB_LEFT] = season_x(buf, HOBGOBLIN)
        elif a == CENTAUR:
            buf[PHASE] = P_CENTAUR_HIRE


@njit(**KERNEL)
def halfling(buf, p, use):
    """Appendix C, Halfling (D24): instead of the tax, spring pays half (rounded down),
    summer nothing, autumn nothing and gains X gold; or the tax as usual. Then the actions
    phase begins (kernels.next_camp waited for this decision)."""
    tax = k.tax_of(buf, buf[SCORE + p])
    if not use:
        k.pay_tax(buf, p, tax)
    else:
        buf[ASST_DOWN + HALFLING] = 1
        se = k.season(buf)
        if se == 0:
            k.pay_tax(buf, p, tax // 2)
        buf[RES + p * 4 + GOLD] += buf[ASST_X + HALFLING * 3 + se]
    buf[TURN_PLAYER] = k.seat_with_shield(buf, 1)
    k.begin_turn(buf)


@njit(**KERNEL)
def expand(buf, p, t):
    """E.3 step 2: take the permit's workers back and pay its red board; the property is now
    expanded and scores its bonus from the next Scoring phase (§10.4)."""
    buf[ON_PERMIT + p * NP + t] -= PERMIT_PLANKS[t]
    buf[EXPANDED + p * NP + t] += 1
    for r in range(4):
        buf[RES + p * 4 + r] -= RED_BOARD[t, r]
    if RED_WORKER[t] > 0 or RED_WOOD_OR_STONE[t] > 0:
        buf[SCRATCH] = t
        buf[PHASE] = P_EXPAND_PAY
    elif RED_GNOME[t] > 0:
        buf[SCRATCH] = t
        buf[PHASE] = P_EXPAND_GNOME


@njit(**KERNEL)
def remove_gnome(buf, p, t):
    """Tower+Scriptorium's red board: a gnome from one of p's type-t locks back to the stock,
    its effect undone (Appendix D): Pub / Gardens Masters follow the locks (E.4); a Market
    visit of this turn is lost; a Gatehouse lock costs one of p's Gatehouse markers."""
    before = filled_locks(buf, p, t)
    buf[GNOMES + p * NP + t] -= 1
    buf[GNOME_STOCK] += 1
    buf[PHASE] = P_ACTIONS
    if t == MARKET:
        lost = k.market_visits(buf, p, before) - k.market_visits(buf, p, before - 1)
        floor = max(buf[BUYS], buf[SELLS])
        buf[VISITS] = max(buf[VISITS] - lost, floor)
    if t == GATEHOUSE:
        for s in range(SITE_GATE, SITE_WALL):
            if buf[OWNER + s] == p:
                buf[PHASE] = P_GATE_REMOVE
                return


@njit(**KERNEL)
def gargoyle_take(buf, p, action):
    """Appendix C, Gargoyle: one card from the column or the discard pile into p's hand;
    after the last, refill the column and finish the end of the turn."""
    if action >= A_TAKE_CARD:
        slot = action - A_TAKE_CARD
        t = buf[COLUMN + slot]
        buf[COLUMN + slot] = EMPTY
    else:
        t = action - A_CARD
        buf[DISCARD + t] -= 1
    buf[HAND + p * NP + t] += 1
    buf[GARG_LEFT] -= 1
    if buf[GARG_LEFT] > 0 and k.gargoyle_can_take(buf):
        return
    buf[GARG_LEFT] = 0
    k.refill_column(buf)
    buf[PHASE] = P_ACTIONS
    buf[TURN_PLAYER] = p
    k.end_turn_draws(buf)
