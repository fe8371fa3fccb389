"""Caverna FF kernels: the automatic round flow (spec A5, B8, B11): rounds, the work phase,
orc events, the harvest steps, the end of the game, and `advance`, which runs it up to the
next decision. Split from kernels.py by concern.
"""

from __future__ import annotations

from numba import (
    njit,
)

from eurogym.envs.caverna_ff.board import (
    housing,
    rearrange,
)
from eurogym.envs.caverna_ff.effects import (
    miner_ore,
    received,
)
from eurogym.envs.caverna_ff.harvest import (
    harvest_step,
)
from eurogym.envs.caverna_ff.helpers import (
    decide,
    n_players,
    next_person,
    orc_start,
    r_,
    set_person_space,
    space_count,
    space_feasible,
)
from eurogym.envs.caverna_ff.masks import (
    any_anytime,
    compute_mask,
)
from eurogym.envs.caverna_ff.ops import (
    run_op,
)
from eurogym.envs.caverna_ff.orcs import (
    invade,
    is_hostile,
    orc_step_3,
    reevaluate,
    resume_after_trap,
    trap_picks_left,
)
from eurogym.envs.caverna_ff.spaces import (
    ACC,
    CARD_STAGE,
    NUM_SPACES,
    S_FAMILY_LIFE,
    S_RUBY_MINING,
    S_URGENT,
    S_WISH,
    SOLO_ORDER,
)
from eurogym.envs.caverna_ff.stack import (
    pop_op,
)
from eurogym.envs.caverna_ff.state import (
    ACCUM,
    ACTOR,
    CARD,
    CARD_LEFT,
    CLEAR_POS,
    CUR_PERSON,
    DEFEAT_STR,
    DWARF_SPACE,
    EV,
    EV_CARD,
    EV_DEALT,
    EV_LETTER,
    EV_MOVING,
    EV_PUSHED,
    EV_SEAT,
    EV_STEP,
    EVENTS_DONE,
    FEED_SEAT,
    FEED_STARTED,
    FINAL_NEXT,
    HARVEST_KIND,
    HARVEST_SEAT,
    HOUSING_E1,
    MARKER,
    MARKERS_LEFT,
    MAX_DWARFS,
    O_CAVE,
    O_FOREST,
    O_HELD,
    OCCUPANT,
    ORC_CELL,
    ORC_SPACE,
    ORC_STATE,
    ORC_STR,
    P_CARD_SPAWN,
    P_CAVE_IN,
    P_FINAL_TRADES,
    P_GAME_OVER,
    P_ORC,
    P_ORC_GOLD,
    P_PLACE,
    P_REWARD,
    P_SOLO_SAVE,
    P_TRAP_PICK,
    PHASE,
    RNG,
    ROUND,
    RUBY_PICK,
    SPACE_OPEN,
    ST_EVENT,
    ST_HARVEST,
    ST_ROUND_START,
    ST_WORK,
    STACK_N,
    STAGE,
    START_PLAYER,
    SUB,
    SUPPLIER_LEFT,
    TURN,
)
from eurogym.envs.caverna_ff.tables import (
    EVENT_HARVEST,
    GOLD,
    H_FEED_ONE,
    H_NONE,
    H_NORMAL,
    NUM_GOODS,
    NUM_ORCS,
    RUBY,
    SOLO_CLEAR_AT,
    STONE,
    WOOD,
)
from eurogym.envs.core.jit import (
    ENTRY,
    INLINE,
    KERNEL,
)
from eurogym.envs.core.rng import (
    randint,
)

# ---- round flow -------------------------------------------------------------------------------


@njit(**KERNEL)
def space_total(buf, s):
    total = 0
    for g in range(NUM_GOODS):
        total += buf[ACCUM + s * NUM_GOODS + g]
    return total


@njit(**KERNEL)
def clear_space(buf, s):
    for g in range(NUM_GOODS):
        buf[ACCUM + s * NUM_GOODS + g] = 0


@njit(**INLINE)
def start_round(buf):
    """Spec A5 steps 1-2 with B11: reveal card and marker, suppliers; solo: each space with
    >= 6 goods is emptied unless the player pays 1 ruby (a decision, P_SOLO_SAVE); replenish.
    Returns True when the solo player must decide."""
    n = n_players(buf)
    if buf[CLEAR_POS] < 0:
        rnd = buf[ROUND] + 1
        if n <= 2 and rnd == 9:
            rnd = 10  # D41: 1-2 players skip round 9
        buf[ROUND] = rnd
        card = draw_round_card(buf, rnd)
        buf[CARD + rnd - 1] = card
        if card >= 0:
            buf[SPACE_OPEN + card] = 1
            if card == S_FAMILY_LIFE:  # Wish for Children flips (A6)
                buf[SPACE_OPEN + S_WISH] = 0
                buf[SPACE_OPEN + S_URGENT] = 1
        buf[MARKER + rnd - 1] = draw_marker(buf, rnd)
        for p in range(n):
            for k in range(3):
                if buf[SUPPLIER_LEFT + p * 3 + k] > 0:
                    buf[SUPPLIER_LEFT + p * 3 + k] -= 1
                    buf[r_(p, (WOOD, STONE, RUBY)[k])] += 1
                    if k == 1:
                        received(buf, p, 1, 0)  # the Seam follows every stone (F8)
            miner_ore(buf, p)
            for d in range(MAX_DWARFS):
                buf[DWARF_SPACE + p * MAX_DWARFS + d] = -1
            for o in range(NUM_ORCS):
                buf[ORC_SPACE + p * NUM_ORCS + o] = -1
        buf[CLEAR_POS] = 0
    while n == 1 and buf[CLEAR_POS] < space_count(buf):  # base solo rule (A5 step 2)
        s = buf[CLEAR_POS]
        if buf[SPACE_OPEN + s] and space_total(buf, s) >= SOLO_CLEAR_AT:
            if buf[r_(0, RUBY)] > 0:
                return decide(buf, P_SOLO_SAVE, 0)
            clear_space(buf, s)
        buf[CLEAR_POS] += 1
    for s in range(space_count(buf)):
        buf[OCCUPANT + s] = -1
        if buf[SPACE_OPEN + s] == 0:
            continue
        if s == S_RUBY_MINING and n == 2 and buf[ROUND] < 3:
            continue
        total = space_total(buf, s)
        for g in range(NUM_GOODS):
            buf[ACCUM + s * NUM_GOODS + g] += ACC[s, g, 0] if total == 0 else ACC[s, g, 1]
    buf[CLEAR_POS] = -1
    buf[TURN] = buf[START_PLAYER]
    buf[STAGE] = ST_WORK
    return False


@njit(**INLINE)
def harvest_kind_of_round(buf):
    rnd = buf[ROUND]
    if rnd <= 2:
        return H_NONE
    if rnd == 4:
        return H_FEED_ONE
    if buf[MARKER + rnd - 1] == 1:
        return EVENT_HARVEST[buf[EVENTS_DONE] - 1]
    return H_NORMAL


@njit(**KERNEL)
def start_harvest(buf):
    buf[STAGE] = ST_HARVEST
    buf[HARVEST_SEAT] = 0
    buf[FEED_SEAT] = 0
    buf[FEED_STARTED] = 0
    buf[HARVEST_KIND] = harvest_kind_of_round(buf)


@njit(**INLINE)
def end_work_phase(buf):
    """Return home (A5 step 4), then the orc event if the round has an orc marker (D08)."""
    rnd = buf[ROUND]
    if buf[MARKER + rnd - 1] == 1:
        buf[EV] = buf[EVENTS_DONE]
        buf[EV_LETTER] = 0
        buf[EV_SEAT] = 0
        buf[EV_MOVING] = 0
        shuffle_deck(buf)
        buf[STAGE] = ST_EVENT
    else:
        start_harvest(buf)


@njit(**KERNEL)
def shuffle_deck(buf):
    """All movement cards back into the deck (spec B8 step 1: a fresh shuffle per letter)."""
    for i in range(9):
        buf[EV_DEALT + i] = 0


@njit(**KERNEL)
def draw_card(buf):
    """Deal one movement card: uniform among the cards not dealt yet (D16)."""
    left = 0
    for i in range(9):
        left += 1 - buf[EV_DEALT + i]
    k = randint(buf[RNG : RNG + 4], left)
    for i in range(9):
        if buf[EV_DEALT + i] == 0:
            if k == 0:
                buf[EV_DEALT + i] = 1
                return i
            k -= 1
    return -1


@njit(**INLINE)
def draw_round_card(buf, rnd):
    """The round's card (A4, B2): the solo order; Wish for Children on round 4; else uniform
    among the cards left in the round's stage (= the stage stack shuffled at setup)."""
    if n_players(buf) == 1:
        return SOLO_ORDER[rnd - 1]
    if rnd == 4:
        return S_WISH
    stage = (rnd - 1) // 3 + 1
    left = 0
    for s in range(NUM_SPACES):
        if buf[CARD_LEFT + s] and CARD_STAGE[s] == stage:
            left += 1
    k = randint(buf[RNG : RNG + 4], left)
    for s in range(NUM_SPACES):
        if buf[CARD_LEFT + s] and CARD_STAGE[s] == stage:
            if k == 0:
                buf[CARD_LEFT + s] = 0
                return s
            k -= 1
    return -1


@njit(**INLINE)
def draw_marker(buf, rnd):
    """Harvest marker of the round (B2 step 2): orc markers face up on 3 and 6, printed rounds
    1-2, 4-5 have none, rounds 7-12 reveal one of the face-down markers left."""
    if rnd == 3 or rnd == 6:
        return 1
    if rnd < 7:
        return -1
    plain = buf[MARKERS_LEFT]
    orc = buf[MARKERS_LEFT + 1]
    if randint(buf[RNG : RNG + 4], plain + orc) < orc:
        buf[MARKERS_LEFT + 1] -= 1
        return 1
    buf[MARKERS_LEFT] -= 1
    return 0


@njit(**INLINE)
def work_step(buf):
    """Find the next person to place (A5 step 3); returns True if a decision was set."""
    n = n_players(buf)
    for k in range(n):
        p = (buf[TURN] + k) % n
        while True:
            person = next_person(buf, p)
            if person < 0:
                break
            if buf[RUBY_PICK + p] > 0:  # a ruby paid for this person (A7, B9)
                person = buf[RUBY_PICK + p] - 1
            any_space = False
            for s in range(space_count(buf)):
                if space_feasible(buf, p, person, s):
                    any_space = True
                    break
            buf[CUR_PERSON] = person
            decide(buf, P_PLACE, p)
            if any_space or any_anytime(buf, p):  # a trade may still make a space affordable
                return True
            set_person_space(buf, p, person, -2)  # nothing this person can do: stays home
            buf[RUBY_PICK + p] = 0  # a pick that stays home is spent (else: picked forever)
    end_work_phase(buf)
    return False


@njit(**INLINE)
def event_step(buf):
    """Orc event (B8): letters A-D, players in turn order; returns True on a decision."""
    n = n_players(buf)
    while buf[EV_LETTER] < NUM_ORCS:
        if buf[EV_SEAT] >= n:
            buf[EV_LETTER] += 1
            buf[EV_SEAT] = 0
            shuffle_deck(buf)
            continue
        p = (buf[START_PLAYER] + buf[EV_SEAT]) % n
        o = buf[EV_LETTER]
        if buf[EV_MOVING] == 0:
            if not is_hostile(buf, p, o):
                buf[EV_SEAT] += 1
                continue
            st = buf[ORC_STATE + p * NUM_ORCS + o]
            buf[EV_CARD] = -1
            if st == O_FOREST or st == O_HELD:  # step 1: draw
                buf[EV_CARD] = draw_card(buf)
            buf[EV_PUSHED] = 0
            buf[EV_STEP] = 0
            buf[EV_MOVING] = 1
            buf[DEFEAT_STR] = buf[ORC_STR + p * NUM_ORCS + o]
        if buf[EV_MOVING] >= 2 and trap_picks_left(buf) > 0:  # v1: before the active orc's
            return decide(buf, P_TRAP_PICK, p)  # fate, the picks may strike other orcs (B7)
        if buf[EV_MOVING] >= 4:  # the picks are over and their rewards taken
            if resume_after_trap(buf, p, o):
                return True
            continue
        if not is_hostile(buf, p, o):
            buf[EV_MOVING] = 0
            buf[EV_SEAT] += 1
            continue
        if buf[EV_MOVING] == 1:
            return decide(buf, P_ORC, p)
        return decide(buf, P_CAVE_IN, p)
    return finish_event(buf)


@njit(**INLINE)
def finish_event(buf):
    """After all letters: Orc D arrives after event 2; event 4 forces invasion (B8). Returns
    True when an owner must break an invasion tie; it is then called again (only event 4 can
    ask, and the orcs already in the cave are skipped, so each invades once)."""
    n = n_players(buf)
    ev = buf[EV]
    if ev == 1:
        shuffle_deck(buf)
        for k in range(n):
            p = (buf[START_PLAYER] + k) % n
            card = draw_card(buf)
            i = p * NUM_ORCS + 3
            buf[ORC_STATE + i] = O_FOREST
            buf[ORC_CELL + i] = buf[P_CARD_SPAWN + card]  # deck 1 (D16)
            buf[ORC_STR + i] = orc_start(buf, p, 3)
    if ev == 3:
        for o in range(NUM_ORCS):
            for k in range(n):
                p = (buf[START_PLAYER] + k) % n
                st = buf[ORC_STATE + p * NUM_ORCS + o]
                if (st == O_FOREST or st == O_HELD) and invade(buf, p, o):
                    return True
    if housing(buf) == HOUSING_E1:  # v0: the event is over, E1 re-places the animals (A9);
        for p in range(n):  # v1 moves no housed animal on its own (E17)
            rearrange(buf, p)
    buf[EVENTS_DONE] += 1
    buf[EV] = -1
    start_harvest(buf)
    return False


@njit(**INLINE)
def end_game(buf):
    """Before scoring every hostile orc in a cave re-evaluates by value (B8, D26), A->D; an
    owner's tie choice (P_INVADE) interrupts, `final_next` says where to go on. Then each
    player in turn order from the start player may still use any-time actions (A13: "anytime
    conversions may still be used before scoring"; P_FINAL_TRADES until DONE), skipped when
    none is possible."""
    n = n_players(buf)
    while buf[FINAL_NEXT] < NUM_ORCS * n:
        o = buf[FINAL_NEXT] // n
        p = buf[FINAL_NEXT] % n
        buf[FINAL_NEXT] += 1
        if buf[ORC_STATE + p * NUM_ORCS + o] == O_CAVE and reevaluate(buf, p, o, True):
            return
    while buf[FINAL_NEXT] < (NUM_ORCS + 1) * n:
        p = (buf[START_PLAYER] + buf[FINAL_NEXT] - NUM_ORCS * n) % n
        decide(buf, P_FINAL_TRADES, p)
        if any_anytime(buf, p):
            return
        buf[FINAL_NEXT] += 1
    buf[PHASE] = P_GAME_OVER
    buf[ACTOR] = 0


@njit(**INLINE)
def forced(buf, mask):
    """Resolve a decision that has exactly one legal answer and nothing to weigh: an orc event
    step with no bribe or push possible, a defeat with no reward space left (the gold must be
    taken, B6). Returns True if it was resolved (the caller then goes on); False also when
    resolving it raised an invasion tie for the owner (P_INVADE is then pending)."""
    phase = buf[PHASE]
    if phase != P_ORC and phase != P_REWARD:
        return False
    compute_mask(buf, mask)
    if mask.sum() != 1:
        return False
    p = buf[ACTOR]
    if phase == P_ORC:
        return not orc_step_3(buf, p, buf[EV_LETTER])
    else:
        buf[r_(p, GOLD)] += buf[P_ORC_GOLD + buf[SUB + 0]]
    return True


@njit(**ENTRY)
def advance(buf, mask):
    """Run automatic steps until someone must decide, then write the mask."""
    while True:
        if buf[PHASE] == P_GAME_OVER:
            break
        if buf[STACK_N] > 0:
            code, arg, p = pop_op(buf)
            if run_op(buf, code, arg, p) and not forced(buf, mask):
                break
            continue
        st = buf[STAGE]
        if st == ST_ROUND_START:
            if start_round(buf):
                break
        elif st == ST_WORK:
            if work_step(buf):
                break
        elif st == ST_EVENT:
            if event_step(buf) and not forced(buf, mask):
                break
        elif st == ST_HARVEST:
            if harvest_step(buf):
                break
        else:
            end_game(buf)
            break
    compute_mask(buf, mask)
