"""`check_state` for a loaded expansion / promo-guild state (XState): the fields the
expansion adds, checked against each other and the phase, so that no kernel, the encoder or
the renderer reads outside its arrays (invariants.check_state runs this after the base
checks). Plain numpy; the per-step invariants are invariants.x_violation."""

from __future__ import annotations

from typing import NoReturn

import numpy as np

from eurogym.envs.belfort.config import guild_choices
from eurogym.envs.belfort.state import (
    ASST_BOX,
    EMPTY,
    NHR_WORKERS,
    P_ACTIONS,
    P_AREAS,
    P_CENTAUR,
    P_CENTAUR_GATE,
    P_CENTAUR_UNDO,
    P_DECORATE,
    P_DISCARD,
    P_DJINN_PICK,
    P_DRAFT,
    P_EXPAND_GNOME,
    P_EXPAND_PAY,
    P_GAME_OVER,
    P_GARGOYLE,
    P_GIANT,
    P_GOON,
    P_GORGON,
    P_HALFLING,
    P_HOB_MIX,
    P_IMPS,
    P_LAWYERS,
    P_NHR_RETURN,
    P_NHR_TAKE,
    P_NP_DWARF,
    P_PLACEMENT,
    P_PLANNERS,
    P_SENTINEL_PAY,
    P_SETUP_DISCARD,
    P_WHICH_ASST,
    P_WIZ_GATE,
    PHASE_NAMES,
    THEN_PLACEMENT,
    X_TURN_PHASES,
    XState,
)
from eurogym.envs.belfort.tables import (
    NUM_PROPERTIES,
    SEASON_OF_MONTH,
    SITE_GUILD,
    SITE_TYPE,
    SITE_WALL,
    SITE_WEIGHT,
)
from eurogym.envs.belfort.xtables import (
    ALL_GUILD_NAMES,
    ASSISTANT_TOKENS,
    CENTAUR,
    DISPLAY_SIZE,
    G_NON_HUMAN,
    GARGOYLE,
    GIANT,
    GOON,
    GORGON,
    HALFLING,
    IMPS,
    NUM_ASSISTANTS,
    PERMIT_PLANKS,
    PERMITS_PER_TYPE,
    RED_GNOME,
    RED_WOOD_OR_STONE,
    RED_WORKER,
)
from eurogym.envs.core.errors import StateError

X_SEAT_FIELDS = ("permits", "expanded", "on_permit")


def _fail(field: str, value: object, why: str) -> NoReturn:
    raise StateError(f"belfort: state field {field} = {value} {why}")


def check_x_state(state: XState, n: int) -> None:
    """Raise StateError naming the field unless the expansion's fields fit together."""
    if not (state.expansion or state.promo):
        _fail("expansion", state.expansion, "and promo are both 0 in an expansion state")
    allowed = guild_choices(bool(state.expansion), bool(state.promo))
    for d, g in enumerate(state.guild_of.tolist()):
        if ALL_GUILD_NAMES[g] not in allowed:
            _fail(f"guild_of[{d}]", g, f"({ALL_GUILD_NAMES[g]}) is not in play with these options")
    for name in X_SEAT_FIELDS:
        values = getattr(state, name)
        extra = np.argwhere(values[n:])
        if extra.size:
            p = n + int(extra[0][0])
            _fail(f"{name}[{p}]", values[p].tolist(), f"belongs to no seat (num_players {n})")
    phase = state.phase
    x_phase = phase > P_GAME_OVER or phase == P_DISCARD and state.then == THEN_PLACEMENT
    _check_sentinels(state, phase, n)
    if not state.expansion:
        _check_no_expansion(state, phase, x_phase)
        return
    _check_permits(state, n)
    _check_assistants(state, n, phase)
    _check_x_phase(state, phase)


def _check_no_expansion(state: XState, phase: int, x_phase: bool) -> None:
    """Promo guilds only: nothing of the expansion is in play."""
    if x_phase and phase not in (P_LAWYERS, P_SENTINEL_PAY):
        _fail("phase", phase, f"({PHASE_NAMES[phase]}) needs expansion=True")
    for name in (
        "permit_stack",
        "permits",
        "expanded",
        "on_permit",
        "asst_gold",
        "asst_down",
        "decorated",
        "nhr_owed",
    ):
        if getattr(state, name).any():
            _fail(name, getattr(state, name).tolist(), "is set without the expansion")
    if (state.asst_holder != ASST_BOX).any():
        _fail("asst_holder", state.asst_holder.tolist(), "must all be -2 without the expansion")
    for name in ("imp_seat", "imp_type"):
        if (getattr(state, name) != EMPTY).any():
            _fail(name, getattr(state, name).tolist(), "is set without the expansion")
    for name in (
        "centaur_lock",
        "x_site",
        "x_permit",
        "asst_guild_seat",
        "giant_area",
        "gorgon_district",
        "goon_district",
    ):
        if getattr(state, name) != EMPTY:
            _fail(name, getattr(state, name), "is set without the expansion")
    for name in ("draft_left", "garg_left", "x_count", "x_season", "hob_left", "gorgon_used"):
        if getattr(state, name):
            _fail(name, getattr(state, name), "is set without the expansion")


def _check_permits(state: XState, n: int) -> None:
    """E.2-E.3: permits conserved, under built cards; workers only on open permits' planks."""
    held = state.permits[:n]
    total = state.permit_stack + held.sum(0)
    for t in range(NUM_PROPERTIES):
        if total[t] != PERMITS_PER_TYPE[n]:
            _fail(f"permit_stack[{t}]", state.permit_stack[t], "+ held permits != permits in play")
        for p in range(n):
            if held[p, t] > state.built[p, t]:
                _fail(f"permits[{p}, {t}]", held[p, t], "is more than the built cards")
            if state.expanded[p, t] > held[p, t]:
                _fail(f"expanded[{p}, {t}]", state.expanded[p, t], "is more than the permits")
            planks = (held[p, t] - state.expanded[p, t]) * PERMIT_PLANKS[t]
            if state.on_permit[p, t] > planks:
                _fail(f"on_permit[{p}, {t}]", state.on_permit[p, t], f"is above {planks} planks")


def _check_assistants(state: XState, n: int, phase: int) -> None:
    """§4.2 step 5, §6, §11: N+1 tiles in play, one per drafted seat, face down only when
    held, gold only on tiles in play; the draft's next seat."""
    holders = state.asst_holder
    if (holders >= n).any():
        a = int(np.flatnonzero(holders >= n)[0])
        _fail(f"asst_holder[{a}]", holders[a], f"is not a seat (num_players {n})")
    if int((holders != ASST_BOX).sum()) != DISPLAY_SIZE[n]:
        _fail("asst_holder", holders.tolist(), f"must put {DISPLAY_SIZE[n]} assistants in play")
    for a in range(NUM_ASSISTANTS):
        if state.asst_down[a] and holders[a] < 0:
            _fail(f"asst_down[{a}]", 1, "is a tile nobody holds")
        if state.asst_gold[a] and (holders[a] != EMPTY):
            _fail(f"asst_gold[{a}]", state.asst_gold[a], "lies on a tile not in the display")
    guild_seat = state.asst_guild_seat
    if guild_seat >= n or guild_seat != EMPTY and phase in (P_DRAFT, P_SETUP_DISCARD):
        _fail("asst_guild_seat", guild_seat, f"is not a seat that took the leftover (n {n})")
    left = state.draft_left
    centaur = phase in (P_CENTAUR, P_CENTAUR_GATE)
    if phase == P_DRAFT or centaur and left:
        if not 1 <= left <= n:
            _fail("draft_left", left, f"is not 1..{n} during the draft")
        drafter = int(np.flatnonzero(state.shield[:n] == left)[0])
        if state.actor != drafter:
            _fail("actor", state.actor, f"is not the drafter with shield {left}")
    elif left:
        _fail("draft_left", left, "is set outside the draft")
    for p in range(n):
        count = int((holders == p).sum())
        if phase in (P_SETUP_DISCARD, P_NP_DWARF, P_GAME_OVER, P_CENTAUR_UNDO):
            expected = 0
        elif phase == P_DRAFT:
            expected = int(state.shield[p] > left)
        elif centaur and left:  # the drafter places the Centaur's token (§6 step 3)
            expected = int(state.shield[p] >= left)
        else:
            expected = 2 if state.asst_guild_seat == p else 1
        if count != expected:
            _fail("asst_holder", holders.tolist(), f"gives seat {p} {count} tiles, not {expected}")


def _check_x_phase(state: XState, phase: int) -> None:
    """The working fields of the expansion's decisions (see xkernels)."""
    in_turn = X_TURN_PHASES[0] <= phase <= X_TURN_PHASES[1] or P_ACTIONS <= phase <= P_WIZ_GATE
    if state.garg_left:
        garg = state.asst_holder[GARGOYLE]
        if not in_turn or garg != state.turn_player:
            _fail("garg_left", state.garg_left, "without the turn player's Gargoyle")
    elif phase == P_GARGOYLE:
        _fail("garg_left", 0, "in the Gargoyle's phase")
    if (state.x_count > 0) != (
        phase in (P_DJINN_PICK, P_PLANNERS, P_GIANT, P_DECORATE, P_NHR_TAKE, P_IMPS)
    ):
        _fail("x_count", state.x_count, f"does not fit phase {PHASE_NAMES[phase]}")
    season = SEASON_OF_MONTH[max(state.month, 1) - 1]
    if state.x_season > season:
        _fail("x_season", state.x_season, f"is later than the season {season}")
    if state.hob_left and not in_turn:
        _fail("hob_left", state.hob_left, "outside an actions turn")
    site = state.x_site
    if (site != EMPTY) != (phase == P_HOB_MIX):
        _fail("x_site", site, f"does not fit phase {PHASE_NAMES[phase]}")
    if phase == P_HOB_MIX and (SITE_TYPE[site] < 0 or state.owner[site] != state.actor):
        _fail("x_site", site, "is not the property the actor just built")
    if (state.x_permit != EMPTY) != (phase == P_WHICH_ASST):
        _fail("x_permit", state.x_permit, f"does not fit phase {PHASE_NAMES[phase]}")
    if phase == P_WHICH_ASST:
        ready = (state.asst_holder == state.actor) & (state.asst_down == 0)
        if ready.sum() < 2 or state.permit_stack[state.x_permit] < 1:
            _fail("x_permit", state.x_permit, "needs two face-up assistants and the permit")
    if phase == P_HALFLING:
        holder, down = state.asst_holder[HALFLING], state.asst_down[HALFLING]
        if holder != state.actor or down:
            _fail("actor", state.actor, "does not hold the face-up Halfling")
    _check_tokens(state, phase, in_turn)
    _check_centaur_and_imps(state, phase)
    _check_non_human(state, phase)
    _check_goon(state, phase)
    bad = np.flatnonzero(
        (state.decorated > SITE_WEIGHT) | (state.decorated > 0) & (state.owner < 0)
    )
    if bad.size:
        s = int(bad[0])
        _fail(f"decorated[{s}]", state.decorated[s], "is more coins than markers on that site")
    t = int(state.scratch[0])
    if phase == P_EXPAND_PAY and not (
        0 <= t < NUM_PROPERTIES and (RED_WORKER[t] or RED_WOOD_OR_STONE[t])
    ):
        _fail("scratch[0]", t, "is not a permit whose red board offers a choice")
    if phase == P_EXPAND_GNOME and not (0 <= t < NUM_PROPERTIES and RED_GNOME[t]):
        _fail("scratch[0]", t, "is not a permit whose red board is a gnome")


def _check_tokens(state: XState, phase: int, in_turn: bool) -> None:
    """The Giant's tokens lie in one area from its holder's pass to that area's collection;
    the Gorgon's token stands in a district from its holder's pass to the end of the round."""
    tokens, area = state.giant_tokens, state.giant_area
    placing = phase in (P_PLACEMENT, P_AREAS, P_GIANT, P_GORGON, P_NHR_TAKE, P_GOON, P_IMPS)
    placing = placing or phase == P_DISCARD and state.then == THEN_PLACEMENT
    placing = placing or phase in (P_CENTAUR, P_CENTAUR_GATE) and not state.draft_left
    if (area == EMPTY) != (tokens.sum() == 0) or area != EMPTY and not placing:
        _fail("giant_area", area, f"does not fit the tokens {tokens.tolist()} in this phase")
    if tokens.sum() > ASSISTANT_TOKENS[GIANT]:
        _fail("giant_tokens", tokens.tolist(), f"exceed the Giant's {ASSISTANT_TOKENS[GIANT]}")
    if area != EMPTY and (not state.asst_down[GIANT] or state.asst_holder[GIANT] < 0):
        _fail("giant_area", area, "without a drafted, face-down Giant")
    if tokens[0] and area == 1 or tokens[1] and area == 0:
        _fail("giant_tokens", tokens.tolist(), f"are workers area {area} does not take (D15)")
    if phase == P_GIANT:
        if state.asst_holder[GIANT] != state.actor or state.x_count < 1:
            _fail("x_count", state.x_count, "is not the Giant's holder's tokens to place")
        if state.x_count + tokens.sum() > ASSISTANT_TOKENS[GIANT]:
            _fail("x_count", state.x_count, "is more than the Giant's tokens")
    if phase == P_GORGON and state.asst_holder[GORGON] != state.actor:
        _fail("actor", state.actor, "does not hold the Gorgon")
    district = state.gorgon_district
    if district != EMPTY and (not state.asst_down[GORGON] or state.asst_holder[GORGON] < 0):
        _fail("gorgon_district", district, "without a drafted, face-down Gorgon")
    if state.gorgon_used and not in_turn:
        _fail("gorgon_used", 1, "outside an actions turn")


def _check_centaur_and_imps(state: XState, phase: int) -> None:
    """Who decides about the Centaur's token and the Imps (their places on locks and planks
    are the invariants kernel's, invariants.token_violation), and Imps only on this game's
    seats."""
    n = state.num_players
    if phase in (P_CENTAUR, P_CENTAUR_GATE):
        if state.asst_holder[CENTAUR] != state.actor:
            _fail("actor", state.actor, "does not hold the Centaur whose token is placed")
        if (phase == P_CENTAUR) != (state.centaur_lock == EMPTY):
            _fail("centaur_lock", state.centaur_lock, f"in phase {PHASE_NAMES[phase]}")
    if phase == P_IMPS and (state.asst_holder[IMPS] != state.actor or not state.asst_down[IMPS]):
        _fail("actor", state.actor, "does not hold the face-down Imps it places")
    if phase == P_IMPS and state.x_count + (state.imp_seat != EMPTY).sum() > len(state.imp_seat):
        _fail("x_count", state.x_count, "with the Imps placed, more than the Imps' tokens")
    if phase == P_CENTAUR_UNDO and state.centaur_lock != EMPTY:
        _fail("centaur_lock", state.centaur_lock, "is still set while the token's undo is asked")
    bad = (state.imp_seat >= n) | ((state.imp_seat == EMPTY) != (state.imp_type == EMPTY))
    if bad.any():
        _fail("imp_seat", state.imp_seat.tolist(), f"with imp_type {state.imp_type.tolist()}")


def _check_sentinels(state: XState, phase: int, n: int) -> None:
    """Sentinels': the responder is the next opponent asked, with fewer walls than the user."""
    asked = state.sentinel_asked
    if (asked > 0) != (phase == P_SENTINEL_PAY):
        _fail("sentinel_asked", asked, f"does not fit phase {PHASE_NAMES[phase]}")
    if phase != P_SENTINEL_PAY:
        return
    user = state.turn_player
    shield = (state.shield[user] - 1 + asked) % n + 1
    expected = int(np.flatnonzero(state.shield[:n] == shield)[0])
    walls = state.owner[SITE_WALL:SITE_GUILD]
    if (
        asked > n - 1
        or state.actor != expected
        or (walls == expected).sum() >= (walls == user).sum()
    ):
        _fail("actor", state.actor, "is not the opponent the Sentinels' user asks now")
    if not state.res[expected].any():
        _fail(f"res[{expected}]", state.res[expected].tolist(), "has nothing to pay the Sentinels")


def _check_non_human(state: XState, phase: int) -> None:
    """Non-Human Resources (B.2): workers are owed only from the guild's placement to the end
    of their taker's actions turn, at most 3, and only while the guild is in play."""
    owed = state.nhr_owed
    if owed.any() and G_NON_HUMAN not in state.guild_of:
        _fail("nhr_owed", owed.tolist(), "without the Non-Human Resources Guild in play")
    if phase in (P_DRAFT, P_SETUP_DISCARD, P_GAME_OVER) and owed.any():
        _fail("nhr_owed", owed.tolist(), f"is set in phase {PHASE_NAMES[phase]}")
    if phase == P_NHR_RETURN and (state.actor != state.turn_player or not owed[state.actor]):
        _fail("nhr_owed", owed.tolist(), "has nothing owed by the actor at the end of the turn")
    if phase == P_NHR_TAKE and owed[state.actor] + state.x_count > NHR_WORKERS:
        _fail("x_count", state.x_count, f"with nhr_owed, more than {NHR_WORKERS} workers")


def _check_goon(state: XState, phase: int) -> None:
    """The Goon's token stands on a guild from its placement until its holder resolves it in
    their actions turn; P_GOON is its holder's placement."""
    d = state.goon_district
    holder = int(state.asst_holder[GOON])
    if phase == P_GOON and (holder != state.actor or state.asst_down[GOON] or d != EMPTY):
        _fail("actor", state.actor, "does not hold a face-up Goon to place")
    if d == EMPTY:
        return
    if holder < 0 or not state.asst_down[GOON] or phase in (P_DRAFT, P_SETUP_DISCARD):
        _fail("goon_district", d, "without a drafted, face-down Goon")
    if phase in (P_GAME_OVER, P_DRAFT) or state.guild_worker[d] == holder:
        _fail("goon_district", d, f"does not fit phase {PHASE_NAMES[phase]}")
    turn = X_TURN_PHASES[0] <= phase <= X_TURN_PHASES[1] or P_ACTIONS <= phase <= P_WIZ_GATE
    if turn and state.shield[holder] < state.shield[state.turn_player]:
        _fail("goon_district", d, "is left after its holder's actions turn")
