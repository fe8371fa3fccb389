"""`check_state`: the consistency a loaded Daitoshi state needs before any kernel runs on it.

Why: the kernels index the state buffer and the component tables with field values and trust
them (numba does no bounds checking), so `engine.from_json` must reject a state that could make
the invariants kernel, the mask kernel, a step, the encoder or the renderer read or write outside
their arrays, push past the effect stack, or play on from a position no game reaches. The
layout's bounds (state.py) come first; this module checks what depends on other fields:
* the component block is a set the component validator accepts (blockcheck.py), and every
  field bounded by a table (track lengths, slot tracks, prestige and worm tracks, Megamachine
  blocker) is checked against the tables in that block, not the shipped ones;
* seats and players, the rows of seats not in the game, the solo Mayor's fields;
* the decision (`phase`) against the procedure step, the deciding seat and the pending fields
  (leader, action, picks, the payment, the draft), and every effect on the stack;
* pieces where the kernels put them (hexes by type, inventions by kind, tile hexes by tile).
Conservation of tiles, hexes and inventions is left to the invariants, which run next.

Each failure raises StateError naming the field, e.g.
"daitoshi: state field actor = 3 is not a seat (seats 2)".
"""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.errors import StateError
from eurogym.envs.core.rng import check_words
from eurogym.envs.daitoshi.blockcheck import check_component_block
from eurogym.envs.daitoshi.state import (
    BLOCKED,
    EMPTY,
    NEUTRAL,
    P_ACTION,
    P_BRIBE,
    P_BRIBE_CARD,
    P_CASH_IN,
    P_COMMIT,
    P_COMMIT_BUILDING,
    P_DISCARD_HEX,
    P_DRAFT,
    P_ELECTRIFY,
    P_EXPAND,
    P_EXPLORE_TH,
    P_FLAG,
    P_GAME_OVER,
    P_HEX_TO_TILE,
    P_KEEP,
    P_MEGA_SLOT,
    P_MEGA_SPACE,
    P_MM_ORDER,
    P_PAY,
    P_PILGRIM,
    P_PRODUCE,
    P_PROGRESS,
    P_TRADE,
    P_TURN,
    P_WORKER,
    P_WORKERS,
    S_ACTION,
    S_CLEANUP,
    S_COMMIT,
    S_COMMIT_BUILDING,
    S_DONE,
    S_DRAFT,
    S_PRODUCE,
    S_PRODUCE_END,
    S_TURN,
    S_WORKERS,
    State,
)
from eurogym.envs.daitoshi.tables import (
    ANY,
    CONDITIONS,
    FX_ADVANCE,
    FX_CHECK,
    FX_DISCARD_HEX,
    FX_EXPLORE,
    FX_HEX_TO_TILE,
    FX_KEEP_WORKERS,
    FX_MM_REWARDS,
    FX_NAMES,
    FX_P_ACTIVATE,
    FX_P_ANY,
    FX_P_CREATE,
    FX_PILGRIM,
    FX_PROGRESS,
    FX_VP,
    FX_VP_END,
    FX_WORKER,
    HEX_COUNTS,
    I_UPGRADE,
    NUM_BASIC,
    NUM_CITIES_IN_PLAY,
    NUM_MAYOR_CARDS,
    NUM_SLOTS,
    NUM_UPGRADES,
    PARAM,
    PARAM_SPAN,
    QUALITY_COUNTS,
    UNIT,
    WORKER_CAP,
)

MAYOR = 1  # the solo Mayor's seat (mayor.MAYOR)
MAX_ADVISORS = 3  # the master difficulty deals 3 (tables.DIFFICULTIES)
UNIVERSITY = 4  # c_inv_type of a university invention
# The choice effect each choice decision resolves (effects.choice_phase).
CHOICE_CODE = {
    P_PILGRIM: FX_PILGRIM,
    P_WORKER: FX_WORKER,
    P_DISCARD_HEX: FX_DISCARD_HEX,
    P_HEX_TO_TILE: FX_HEX_TO_TILE,
    P_FLAG: FX_P_ANY,
    P_PROGRESS: FX_PROGRESS,
    P_KEEP: FX_KEEP_WORKERS,
    P_CASH_IN: FX_CHECK,
    P_MM_ORDER: FX_MM_REWARDS,
}
# The decisions the turn procedure asks with an empty stack and no payment pending, the step
# each is asked in, and the action being taken (EMPTY: none).
FLOW_STEPS = {
    P_TURN: (S_TURN,),
    P_PRODUCE: (S_PRODUCE,),
    P_WORKERS: (S_WORKERS,),
    P_EXPLORE_TH: (S_ACTION,),  # set before the Town Hall's choice
    P_ACTION: (S_CLEANUP,),
    P_COMMIT: (S_CLEANUP, S_COMMIT),
    P_COMMIT_BUILDING: (S_COMMIT_BUILDING,),
    P_EXPAND: (S_CLEANUP,),
    P_ELECTRIFY: (S_CLEANUP,),
    P_TRADE: (S_CLEANUP,),
    P_MEGA_SLOT: (S_CLEANUP,),
    P_MEGA_SPACE: (S_CLEANUP,),
    P_BRIBE: (S_TURN,),
    P_BRIBE_CARD: (S_TURN,),
    P_DRAFT: (S_DRAFT,),
    P_GAME_OVER: (S_DONE,),
}
ACTION_OF = {
    P_COMMIT: 0,
    P_COMMIT_BUILDING: 0,
    P_EXPAND: 1,
    P_ELECTRIFY: 2,
    P_TRADE: 3,
    P_MEGA_SLOT: 4,
    P_MEGA_SPACE: 4,
}
# The decisions the active seat makes in its own turn.
ACTIVE_DECIDES = (P_TURN, P_WORKERS, P_EXPLORE_TH, P_ACTION, *ACTION_OF)
# Largest param of each effect code on the stack (tables: the encoding's param), 0 if unused.
PARAM_MAX = dict.fromkeys(range(1, len(FX_NAMES) + 1), 0)
PARAM_MAX.update(
    {
        FX_VP: 1,  # LOSE
        FX_VP_END: 1,
        FX_PILGRIM: ANY,
        FX_WORKER: ANY,
        FX_DISCARD_HEX: 1,
        FX_P_CREATE: NUM_CITIES_IN_PLAY - 1,  # the city slot traded with
        FX_P_ACTIVATE: NUM_CITIES_IN_PLAY - 1,
        FX_ADVANCE: NUM_SLOTS - 1,
        FX_CHECK: len(CONDITIONS) - 1,
        FX_EXPLORE: 3,
        FX_HEX_TO_TILE: 14,  # district * 3 + ring
        FX_MM_REWARDS: 2 ** (NUM_UPGRADES + 1) - 1,
    }
)


def _fail(field: str, value: object, why: str) -> StateError:
    return StateError(f"daitoshi: state field {field} = {value} {why}")


def check_state(state: State) -> None:
    """Raise StateError naming the first field that makes `state` one the kernels must not run
    on (see the module docstring); the layout's bounds are already checked."""
    check_component_block(state.buf)
    check_words(state.rng)
    _check_seats(state)
    _check_nature(state)
    _check_city(state)
    _check_inventions(state)
    _check_mayor(state)
    _check_flow(state)
    _check_stack(state)


def _check_seats(s: State) -> None:
    n, seats = s.num_players, s.seats
    if seats != (2 if n == 1 else n):
        raise _fail("seats", seats, f"does not match num_players {n}")
    if s.solo != int(n == 1):
        raise _fail("solo", s.solo, f"does not match num_players {n}")
    for name in ("actor", "active", "leader", "pay_p"):
        value = getattr(s, name)
        if value >= seats:
            raise _fail(name, value, f"is not a seat (seats {seats})")
    if s.start_player >= n:
        raise _fail("start_player", s.start_player, f"is not a player (num_players {n})")
    for name in ("res", "wealth", "steam", "vp", "vp_end", "chimney", "rep", "prestige", "worm"):
        _unused_rows(s, name, 0)
    for name in ("pilgrim", "op_conflict", "prod_mark", "subsidy", "subsidy_on", "activated"):
        _unused_rows(s, name, 0)
    for name in ("workers", "slot_upper", "slot_pos", "rec", "rec_n", "flag", "flag_time"):
        _unused_rows(s, name, 0)
    _unused_rows(s, "slot_inv", EMPTY)
    for p in range(seats):
        if s.rep[p] < 1:
            raise _fail(f"rep[{p}]", s.rep[p], "is below level 1")
        if s.prestige[p] > s.c_prestige_len[0]:
            raise _fail(f"prestige[{p}]", s.prestige[p], "is past the prestige track")
        if s.worm[p] >= s.c_worm_len[0]:
            raise _fail(f"worm[{p}]", s.worm[p], "is past the worm track")
        for t in range(4):
            if s.pilgrim[p, t] > s.c_nat_len[t]:
                raise _fail(f"pilgrim[{p}][{t}]", s.pilgrim[p, t], "is past its nature track")
        if s.workers[p].sum() > WORKER_CAP.max():
            raise _fail(f"workers[{p}]", s.workers[p].tolist(), "exceed the factory's capacity")
        for slot in range(NUM_SLOTS):
            _check_slot(s, p, slot)
        if (s.flag_time[p] > s.clock).any():
            raise _fail(f"flag_time[{p}]", s.flag_time[p].tolist(), "is after the clock")
    if s.mayor_end != NUM_MAYOR_CARDS:  # the layout fixes it; kept here for the message
        raise _fail("mayor_end", s.mayor_end, f"is not {NUM_MAYOR_CARDS}")


def _unused_rows(s: State, name: str, value: int) -> None:
    """The rows of seats not at the table keep their dealt value."""
    rows = getattr(s, name)[s.seats :]
    if (rows != value).any():
        raise _fail(f"{name}[{s.seats}:]", rows.tolist(), f"must be {value}: no such seats")


def _check_slot(s: State, p: int, slot: int) -> None:
    inv = int(s.slot_inv[p, slot])
    pos = int(s.slot_pos[p, slot])
    if pos > s.c_slot_len[slot] - 1:
        raise _fail(f"slot_pos[{p}][{slot}]", pos, "is past the slot's progress track")
    if inv == EMPTY:
        if s.slot_upper[p, slot]:
            raise _fail(f"slot_upper[{p}][{slot}]", 1, "on an empty floor slot")
        return
    if s.c_inv_type[inv] == 0 and slot != 0:
        raise _fail(f"slot_inv[{p}][{slot}]", inv, "is a basic invention outside slot L1")
    if s.slot_upper[p, slot]:
        track = s.c_slot_track[slot, : s.c_slot_len[slot]].tolist()
        if pos < track.index(I_UPGRADE):
            raise _fail(f"slot_upper[{p}][{slot}]", 1, "before the marker reached its U icon")


def _check_nature(s: State) -> None:
    n = s.num_players
    for t in range(4):
        length = int(s.c_nat_len[t])
        for space in range(s.track_n.shape[1]):
            k = int(s.track_n[t, space])
            cap = 0
            if space < length and not (t == 0 and space < s.c_river_empty[n]):
                cap = 2 if 0 < s.c_nat_double[t, space] <= n else 1
            if k > cap:
                raise _fail(
                    f"track_n[{t}][{space}]", k, f"is more hexes than the space holds ({cap})"
                )
            _hexes_of_type(s, t, s.track_hex[t, space, :k], f"track_hex[{t}][{space}]")
        if s.discard_n[t] > HEX_COUNTS[t]:
            raise _fail(f"discard_n[{t}]", s.discard_n[t], f"is more than {HEX_COUNTS[t]} hexes")
        _hexes_of_type(s, t, s.discard[t, : s.discard_n[t]], f"discard[{t}]")
        for p in range(s.seats):
            if s.rec_n[p, t] > HEX_COUNTS[t]:
                raise _fail(f"rec_n[{p}][{t}]", s.rec_n[p, t], f"is more than {HEX_COUNTS[t]}")
            _hexes_of_type(s, t, s.rec[p, t, : s.rec_n[p, t]], f"rec[{p}][{t}]")


def _hexes_of_type(s: State, t: int, hexes: np.ndarray, field: str) -> None:
    wrong = hexes[s.c_hex_nature[hexes] != t]
    if wrong.size:
        raise _fail(field, int(wrong[0]), f"is not a hex of nature type {t}")


def _check_city(s: State) -> None:
    for d in range(5):
        for ring in range(3):
            tile = int(s.tile[d, ring])
            hexes = s.tile_hex[d, ring]
            room = 0 if tile == EMPTY else int(s.c_tile_hexes[tile])
            held = int((hexes != EMPTY).sum())
            if tile == EMPTY and s.electrified[d, ring]:
                raise _fail(f"electrified[{d}][{ring}]", 1, "on an unbuilt space")
            if held > room or (hexes[0] == EMPTY and hexes[1] != EMPTY):
                raise _fail(f"tile_hex[{d}][{ring}]", hexes.tolist(), f"do not fit tile {tile}")
    n, seats = s.num_players, s.seats
    for t in range(seats, NEUTRAL):
        if s.tyc_d[t] != EMPTY:
            raise _fail(f"tyc_d[{t}]", s.tyc_d[t], "is a tycoon of no seat")
    drafting = s.step == S_DRAFT
    for p in range(seats):
        undrafted = drafting and p < n and s.slot_inv[p, 0] == EMPTY
        if (s.tyc_d[p] == EMPTY) != undrafted:
            raise _fail(f"tyc_d[{p}]", s.tyc_d[p], "disagrees with the draft (§5.2)")
    neutral = n <= 2 and not drafting
    if (s.tyc_d[NEUTRAL] != EMPTY) != neutral:
        raise _fail(f"tyc_d[{NEUTRAL}]", s.tyc_d[NEUTRAL], "disagrees with the neutral tycoon")
    if sorted(s.cities.tolist()) != sorted(set(s.cities.tolist())):
        raise _fail("cities", s.cities.tolist(), "holds a city twice")


def _check_inventions(s: State) -> None:
    kind = s.c_inv_type
    for q in range(3):
        count = int(s.inv_pile_n[q])
        if count > QUALITY_COUNTS[q]:
            raise _fail(f"inv_pile_n[{q}]", count, f"is more than {QUALITY_COUNTS[q]}")
        wrong = s.inv_pile[q, :count][kind[s.inv_pile[q, :count]] != q + 1]
        if wrong.size:
            raise _fail(f"inv_pile[{q}]", int(wrong[0]), "is not of the pile's quality")
    board = s.mm_board
    for k in range(s.uni_n):
        u = int(s.uni[k])
        if kind[u] != UNIVERSITY or s.c_inv_mm[u] != board:
            raise _fail(f"uni[{k}]", u, f"is not a university invention of Megamachine {board}")
    blocked = s.c_mm_block[board, s.num_players] == 1
    for i, inv in enumerate(s.mm_inv.tolist()):
        if (inv == BLOCKED) != blocked[i]:
            raise _fail(f"mm_inv[{i}]", inv, "disagrees with the Megamachine's blocker")
        if inv >= 0 and kind[inv] == UNIVERSITY:
            raise _fail(f"mm_inv[{i}]", inv, "is a university invention (never donated)")
    for u in range(NUM_UPGRADES):
        linked = s.c_mm_link[board, u] == 1
        if s.mm_up_done[u] and (s.mm_inv[linked] == EMPTY).any():
            raise _fail(f"mm_up_done[{u}]", 1, "but a linked Megamachine space is empty")
    if sorted(s.mm_up_tile.tolist()) != list(range(NUM_UPGRADES)):
        raise _fail("mm_up_tile", s.mm_up_tile.tolist(), "is not each upgrade tile once")
    for b in range(NUM_BASIC):
        if kind[b] != 0:  # the compiler puts the basic inventions first; drafts use that
            raise _fail("c_inv_type", kind[:NUM_BASIC].tolist(), "must start with the basics")


def _check_mayor(s: State) -> None:
    solo = s.solo == 1
    if sorted(s.mayor_deck.tolist()) != list(range(NUM_MAYOR_CARDS)):
        raise _fail("mayor_deck", s.mayor_deck.tolist(), "is not each Mayor card once")
    if s.bribe_step != 0:  # set and reset within one step (§18.2 step 1)
        raise _fail("bribe_step", s.bribe_step, "outside a step")
    if (s.mayor_alt != EMPTY) != (s.phase == P_BRIBE_CARD):
        raise _fail("mayor_alt", s.mayor_alt, "disagrees with the phase")
    if not solo:
        for name in ("mayor_pos", "mayor_card", "bribe", "mayor_alt"):
            expected = EMPTY if name in ("mayor_card", "mayor_alt") else 0
            if getattr(s, name) != expected:
                raise _fail(name, getattr(s, name), "without the solo Mayor")
        for name, expected in (
            ("mayor_slot", EMPTY),
            ("mayor_rec", EMPTY),
            ("mayor_inv", 0),
            ("advisor", 0),
        ):
            if (getattr(s, name) != expected).any():
                raise _fail(name, getattr(s, name).tolist(), "without the solo Mayor")
        return
    if s.advisor.sum() > MAX_ADVISORS:
        raise _fail("advisor", s.advisor.tolist(), f"deals more than {MAX_ADVISORS} advisors")
    rec = s.mayor_rec
    filled = int((rec != EMPTY).sum())
    if (rec[:filled] == EMPTY).any():
        raise _fail("mayor_rec", rec.tolist(), "has a gap (it fills from the left)")
    if s.mayor_inv[1] > len(s.uni):
        raise _fail("mayor_inv[1]", s.mayor_inv[1], "is more university inventions than exist")
    for name in ("steam", "subsidy", "op_conflict", "workers", "rec_n"):
        if (np.asarray(getattr(s, name)[MAYOR]) != 0).any():
            raise _fail(f"{name}[{MAYOR}]", getattr(s, name)[MAYOR], "must be 0 for the Mayor")
    if (s.slot_inv[MAYOR] != EMPTY).any():
        raise _fail(f"slot_inv[{MAYOR}]", s.slot_inv[MAYOR].tolist(), "the Mayor has no factory")
    needs_card = (s.leader == MAYOR and s.solo) or s.phase == P_BRIBE_CARD
    if needs_card and s.mayor_card == EMPTY:
        raise _fail("mayor_card", EMPTY, "but the Mayor's card is in use")


def _check_flow(s: State) -> None:
    phase, step, actor = s.phase, s.step, s.actor
    producing = step in (S_PRODUCE, S_PRODUCE_END)
    if (s.leader != EMPTY) != producing:
        raise _fail("leader", s.leader, f"disagrees with step {step} (production)")
    if producing and s.prod_i >= s.seats:
        raise _fail("prod_i", s.prod_i, "is past the last producer")
    if s.prod_i > s.seats:
        raise _fail("prod_i", s.prod_i, f"is more than the seats ({s.seats})")
    if s.action != EMPTY and step not in (S_CLEANUP, S_COMMIT, S_COMMIT_BUILDING):
        raise _fail("action", s.action, f"outside an action (step {step})")
    if phase in ACTION_OF and s.action != ACTION_OF[phase]:
        raise _fail("action", s.action, f"is not the action of phase {phase}")
    if s.step == S_DRAFT:
        undrafted = sum(int(s.slot_inv[p, 0] == EMPTY) for p in range(s.num_players))
        if s.draft.sum() != undrafted:
            raise _fail("draft", s.draft.tolist(), "does not offer one invention per drafter")
    elif s.draft.any():
        raise _fail("draft", s.draft.tolist(), "outside the draft")
    if (s.pay_p != EMPTY) != (phase == P_PAY):
        raise _fail("pay_p", s.pay_p, "disagrees with the phase (a payment is its own decision)")
    if s.pay_p == EMPTY and s.pay_need.any():
        raise _fail("pay_need", s.pay_need.tolist(), "without a payer")
    if phase in FLOW_STEPS:
        if step not in FLOW_STEPS[phase]:
            raise _fail("step", step, f"is not where phase {phase} is asked")
        if s.stack_n != 0:
            raise _fail("stack_n", s.stack_n, f"must be 0 in phase {phase}")
    elif step in (S_TURN, S_DRAFT, S_DONE, S_PRODUCE_END):
        raise _fail("step", step, f"cannot ask phase {phase}")
    if phase in ACTIVE_DECIDES and (actor != s.active or s.solo and actor == MAYOR):
        raise _fail("actor", actor, f"is not the active seat {s.active} (phase {phase})")
    if phase == P_PRODUCE and actor != (s.leader + s.prod_i) % s.seats:
        raise _fail("actor", actor, "is not the producer whose turn it is")
    if phase in (P_BRIBE, P_BRIBE_CARD):
        if not s.solo or s.active != MAYOR or actor != 0:
            raise _fail("phase", phase, "is the solo bribe, asked before a Mayor turn")
        if s.bribe != int(phase == P_BRIBE):
            raise _fail("bribe", s.bribe, f"disagrees with phase {phase}")
    if phase == P_GAME_OVER and actor != 0:
        raise _fail("actor", actor, "must be 0 once the game is over")
    if phase == P_COMMIT and s.picked != int(step == S_COMMIT):
        raise _fail("picked", s.picked, "disagrees with the Commit step")
    if step == S_COMMIT_BUILDING:
        if s.picked not in (1, 2):
            raise _fail("picked", s.picked, "is not a Commit's first or second invention")
        if s.c_inv_type[s.pending_inv] not in (1, 2, 3):
            raise _fail("pending_inv", s.pending_inv, "is not a market invention")
    if phase == P_MEGA_SPACE:
        inv = s.slot_inv[actor, s.picked]
        if inv == EMPTY or s.c_inv_type[inv] == UNIVERSITY:
            raise _fail("picked", s.picked, "is not a slot with an invention to donate")
    if phase == P_PAY:
        if actor != s.pay_p or s.payment_choice != 1 or (s.solo and actor == MAYOR):
            raise _fail("pay_p", s.pay_p, "is not a payer who chooses (§19)")
        if not s.pay_need[:4].any():
            raise _fail("pay_need", s.pay_need.tolist(), "has no resource left to pay")


def _check_stack(s: State) -> None:
    count = s.stack_n
    for k in range(count):
        e = int(s.stack_fx[k])
        owner = int(s.stack_p[k])
        code, param, n = e % PARAM, (e // PARAM) % PARAM_SPAN, e // UNIT
        where = f"stack_fx[{k}]"
        if owner >= s.seats or (s.solo and owner == MAYOR):
            raise _fail(f"stack_p[{k}]", owner, "is not a seat whose effects wait")
        if code not in PARAM_MAX or param > PARAM_MAX[code]:
            raise _fail(where, e, "is not an effect")
        if code == FX_MM_REWARDS and param == 0:
            raise _fail(where, e, "is a Megamachine reward with nothing left")
        if code == FX_HEX_TO_TILE:
            d, ring = divmod(param, 3)
            tile = int(s.tile[d, ring])
            room = 0 if tile == EMPTY else int(s.c_tile_hexes[tile])
            if n > room - int((s.tile_hex[d, ring] != EMPTY).sum()):
                raise _fail(where, e, "moves more hexes onto its tile than fit")
    phase = s.phase
    if phase in CHOICE_CODE:
        if count == 0:
            raise _fail("stack_n", 0, f"but phase {phase} resolves an effect")
        top = int(s.stack_fx[count - 1])
        if top % PARAM != CHOICE_CODE[phase] or s.stack_p[count - 1] != s.actor:
            raise _fail(f"stack_fx[{count - 1}]", top, f"is not the choice of phase {phase}")
