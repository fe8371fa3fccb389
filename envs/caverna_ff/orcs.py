"""Orc kernels (spec B6-B9): entering cells, traps, movement with the blocked-step rule,
invasion and re-evaluation, hostages, defeat and friendly orcs, and the players' decisions of an
orc event (bribe, push, Cave-in stone or Poisoned Food's food, the picks of an Explosive Trap or
Poisoned Arrows, invasion ties; handlers called only from `kernels.act`). numba over the state
buffer.

Return codes of the movement kernels: MV_DONE (the move is over), MV_CAVE_IN (a debilitating
trap asks its owner a decision before the move goes on: the stone or food paid, P_CAVE_IN, or
the picks, P_TRAP_PICK), MV_INVADE (the orc entered the cave and its owner must choose among
tied cells, P_INVADE).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.caverna_ff.actions import (
    A_BRIBE,
    A_DONE,
    A_OPTION,
    A_ORC,
    A_PUSH,
    ADVANCE,
    ASK,
)
from eurogym.envs.caverna_ff.board import (
    dwarf_homes,
    dwarf_room,
    eat_animals_at,
    free_orc_room,
    furn_id,
    living_dwarfs,
    lose_animals_at,
    orc_homes,
    pasture_partner,
    rehouse,
)
from eurogym.envs.caverna_ff.office import action_cell
from eurogym.envs.caverna_ff.scoring import tile_points
from eurogym.envs.caverna_ff.stack import OP_REWARD, push_op
from eurogym.envs.caverna_ff.state import (
    ACTOR,
    ANIMAL_AT,
    BRIBE_GOOD,
    CROP,
    D_ADULT,
    D_HOSTAGE,
    DEFEAT_STR,
    DWARF,
    EV,
    EV_CARD,
    EV_LETTER,
    EV_MOVING,
    EV_PICKS,
    EV_PUSHED,
    EV_SEAT,
    EV_STEP,
    EV_TRAP,
    MAX_DWARFS,
    MINE_GOODS,
    O_CAVE,
    O_DEFEATED,
    O_FOREST,
    O_FRIENDLY,
    O_HELD,
    ORC_CELL,
    ORC_HOSTAGE,
    ORC_READY,
    ORC_STATE,
    ORC_STR,
    P_CARD_STEPS,
    P_EVENT_DECK,
    P_INVADE,
    P_PUSH_COST,
    PHASE,
    PICK_STR,
    RES,
    ROUND,
    ST_EVENT,
    ST_WORK,
    STAGE,
    SUB,
    TILE,
    TRAP,
    TRAP_ACTIVE,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    CAVE,
    CELLS,
    CELLS_ALL,
    DONKEY,
    FIRST_ANIMAL,
    FOREST,
    NEXT,
    NUM_ANIMALS,
    NUM_GOODS,
    NUM_ORCS,
    PUSH_DELTA,
    T_CAVERN,
    T_DEEP,
    T_FIELD,
    T_NONE,
    T_ORE_MINE,
    T_RUBY_MINE,
    TE_FLAT,
    TE_HALVE,
    TE_PICKS,
    TK_DEBILITATING,
    TK_HOLDING,
    TK_LETHAL,
    TRAP_EFFECT,
    TRAP_KIND,
    TRAP_LOSS,
    TRAP_MAX,
    TRAP_PAY_GOOD,
    TRAP_PICKS,
)
from eurogym.envs.core.jit import INLINE, KERNEL

MV_DONE, MV_CAVE_IN, MV_INVADE = 0, 1, 2


@njit(**KERNEL)
def oi(p, o):
    return p * NUM_ORCS + o


@njit(**KERNEL)
def is_hostile(buf, p, o):
    s = buf[ORC_STATE + oi(p, o)]
    return s == O_FOREST or s == O_HELD or s == O_CAVE


@njit(**KERNEL)
def release(buf, p, o):
    """The orc leaves its cave tile: its hostage is free at once (spec B8)."""
    h = buf[ORC_HOSTAGE + oi(p, o)]
    if 0 <= h < 10:
        buf[DWARF + p * MAX_DWARFS + h] = D_ADULT
    buf[ORC_HOSTAGE + oi(p, o)] = -1


@njit(**KERNEL)
def defeat(buf, p, o, strength_before):
    """Defeat (spec B6): the marker leaves, then the owner claims a reward or the gold."""
    release(buf, p, o)
    buf[ORC_STATE + oi(p, o)] = O_DEFEATED
    buf[ORC_CELL + oi(p, o)] = -1
    buf[ORC_STR + oi(p, o)] = 0
    befriend_held(buf, p, ready_round(buf))  # an orc room it occupied is free again (D19)
    push_op(buf, OP_REWARD, o * 100 + strength_before, p)


@njit(**KERNEL)
def ready_round(buf):
    """D19: an orc moving in during the work phase works this round, otherwise (orc event,
    harvest) from the next one."""
    return buf[ROUND] if buf[STAGE] == ST_WORK else buf[ROUND] + 1


@njit(**KERNEL)
def befriend_held(buf, p, ready_round):
    """Held orcs move into free orc rooms at once (spec B9, D19), in letter order."""
    for o in range(NUM_ORCS):
        if buf[ORC_STATE + oi(p, o)] != O_HELD:
            continue
        if free_orc_room(buf, p) < 0:
            return
        c = buf[ORC_CELL + oi(p, o)]
        buf[TRAP_ACTIVE + p * CELLS_ALL + c] = 0  # the holding trap flips when it befriends
        buf[ORC_STATE + oi(p, o)] = O_FRIENDLY
        buf[ORC_CELL + oi(p, o)] = -1
        buf[ORC_STR + oi(p, o)] = 0
        buf[ORC_READY + oi(p, o)] = ready_round


@njit(**INLINE)
def trap_holds_other(buf, p, o, c):
    for q in range(NUM_ORCS):
        if q != o and buf[ORC_STATE + oi(p, q)] == O_HELD and buf[ORC_CELL + oi(p, q)] == c:
            return True
    return False


@njit(**KERNEL)
def enter_cell(buf, p, o, c):
    """The orc enters forest cell c (a step or a push, spec B8): crops and animals there (the
    whole pasture) are lost, then an eligible active trap triggers (B7). Returns 1 if the orc's
    movement ends (defeated or held), 2 when the trap asks its owner a decision (the stone or
    food paid, or an Explosive Trap's / Poisoned Arrows' picks), else 0 (a halving or Permanent
    Trap that did not defeat the orc acts at once and the move goes on)."""
    buf[ORC_CELL + oi(p, o)] = c
    if buf[TILE + p * CELLS_ALL + c] == T_FIELD:
        buf[CROP + p * CELLS_ALL + c] = 0
    lose_animals_at(buf, p, c)
    partner = pasture_partner(buf, p, c)
    if partner >= 0:
        lose_animals_at(buf, p, partner)
    t = buf[TRAP + p * CELLS_ALL + c] - 1
    if t < 0 or buf[TRAP_ACTIVE + p * CELLS_ALL + c] == 0:
        return 0
    s = buf[ORC_STR + oi(p, o)]
    kind = TRAP_KIND[t]
    if kind == TK_LETHAL and s <= TRAP_MAX[t]:
        buf[TRAP_ACTIVE + p * CELLS_ALL + c] = 0
        defeat(buf, p, o, s)
        return 1
    if kind == TK_HOLDING and s <= TRAP_MAX[t] and not trap_holds_other(buf, p, o, c):
        buf[ORC_STATE + oi(p, o)] = O_HELD
        befriend_held(buf, p, buf[ROUND] + 1)
        return 1
    if kind != TK_DEBILITATING:
        return 0
    effect = TRAP_EFFECT[t]
    if effect == TE_FLAT:  # the Permanent Trap: -3 to every orc entering, never flips
        return 1 if lower_strength(buf, p, o, TRAP_LOSS[t], s) else 0
    if effect == TE_HALVE:  # Steel / Bear Trap: rounded up, so never to 0
        buf[TRAP_ACTIVE + p * CELLS_ALL + c] = 0
        buf[ORC_STR + oi(p, o)] = (s + 1) // 2
        return 0
    if effect == TE_PICKS:
        buf[TRAP_ACTIVE + p * CELLS_ALL + c] = 0
        start_picks(buf, p, t)
    return 2


@njit(**INLINE)
def start_picks(buf, p, t):
    """An Explosive Trap or Poisoned Arrows triggers (B7): its owner's picks are asked next
    (P_TRAP_PICK); each orc's strength now is its reward strength if the picks defeat it
    (D43: the strength before the trap resolved)."""
    buf[EV_TRAP] = t + 1
    buf[EV_PICKS] = TRAP_PICKS[t]
    for q in range(NUM_ORCS):
        buf[PICK_STR + q] = buf[ORC_STR + oi(p, q)]


@njit(**KERNEL)
def trap_picks_left(buf):
    """Picks still owed to a triggered Explosive Trap / Poisoned Arrows (0 in a v0 state,
    which has no such field)."""
    return buf[EV_PICKS] if buf.shape[0] > EV_PICKS else 0


@njit(**INLINE)
def any_hostile(buf, p):
    for q in range(NUM_ORCS):
        if is_hostile(buf, p, q):
            return True
    return False


@njit(**INLINE)
def cave_in_pay(buf, p, o, k):
    """Cave-in or Poisoned Food (spec B7): pay k of the trap's good (stone, food), the orc
    loses that much strength; the trap deactivates even if nothing is paid. Returns True if
    the orc is defeated."""
    c = buf[ORC_CELL + oi(p, o)]
    buf[TRAP_ACTIVE + p * CELLS_ALL + c] = 0
    buf[RES + p * NUM_GOODS + TRAP_PAY_GOOD[buf[TRAP + p * CELLS_ALL + c] - 1]] -= k
    return lower_strength(buf, p, o, k, buf[ORC_STR + oi(p, o)])


@njit(**KERNEL)
def lower_strength(buf, p, o, k, before):
    """Bribe or debilitating trap: strength -k, never below 0; 0 = defeated (B6, D29). The
    reward strength (D43) is `before`, the strength before the whole bribe or trap."""
    s = buf[ORC_STR + oi(p, o)]
    s2 = max(0, s - k)
    buf[ORC_STR + oi(p, o)] = s2
    if s2 == 0:
        defeat(buf, p, o, before)
        return True
    return False


@njit(**KERNEL)
def move_orc(buf, p, o):
    """Apply the rest of the active card (EV_CARD, from step EV_STEP) to orc o (spec B8 step 3).
    A held orc breaks free first (its trap stays armed). Returns MV_DONE or MV_CAVE_IN."""
    if buf[ORC_STATE + oi(p, o)] == O_HELD:
        buf[ORC_STATE + oi(p, o)] = O_FOREST
    deck = buf[P_EVENT_DECK + buf[EV]] - 1
    card = buf[EV_CARD]
    while buf[EV_STEP] < 3:
        d = buf[P_CARD_STEPS + (deck * 9 + card) * 3 + buf[EV_STEP]]
        buf[EV_STEP] += 1
        if d < 0:
            break
        nxt = NEXT[buf[ORC_CELL + oi(p, o)], d]
        if nxt == CAVE:
            return MV_INVADE if invade(buf, p, o) else MV_DONE
        r = enter_cell(buf, p, o, nxt)
        if r == 1:
            return MV_DONE
        if r == 2:
            return MV_CAVE_IN
    return MV_DONE


@njit(**KERNEL)
def person_at(buf, p, c):
    """Does a person live on cave cell c (D21 homes)? A cave orc's hostage still lives on
    that orc's cell, so re-evaluating (B8) sees the tile it holds as housing a dwarf."""
    for q in range(NUM_ORCS):
        h = buf[ORC_HOSTAGE + oi(p, q)]
        if buf[ORC_STATE + oi(p, q)] == O_CAVE and buf[ORC_CELL + oi(p, q)] == c and 0 <= h < 10:
            return True
    home = np.zeros(MAX_DWARFS, np.int64)
    dwarf_homes(buf, p, home)
    for d in range(MAX_DWARFS):
        if home[d] == c:
            return True
    ohome = np.zeros(NUM_ORCS, np.int64)
    orc_homes(buf, p, ohome)
    for q in range(NUM_ORCS):
        if ohome[q] == c:
            return True
    return False


@njit(**INLINE)
def housing_flag(buf, p, c):
    for a in range(NUM_ANIMALS):
        if buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + a]:
            return 1
    return 1 if person_at(buf, p, c) else 0


@njit(**INLINE)
def cave_key(buf, p, o, c, final):
    """Priority of cave cell c for orc o (spec B8 invasion; final re-evaluation D26); -1 if
    the orc may not take it. Ties: a tile housing an animal or person first (the last digit);
    cells still tied are the owner's choice (`owner_cells`, P_INVADE)."""
    if FOREST[c] == 1:
        return -1
    t = buf[TILE + p * CELLS_ALL + c]
    if t == T_NONE:
        return -1
    for q in range(NUM_ORCS):
        if q != o and buf[ORC_STATE + oi(p, q)] == O_CAVE and buf[ORC_CELL + oi(p, q)] == c:
            return -1
    flag = housing_flag(buf, p, c)
    if final:
        donkeys = buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + 3]
        value = tile_points(buf, p, c) + donkeys + (1 if person_at(buf, p, c) else 0)
        return value * 10 + flag
    f = furn_id(buf, p, c)
    if t == T_RUBY_MINE:
        cat, sub = 5, buf[MINE_GOODS + p * CELLS_ALL + c]
    elif t == T_ORE_MINE:
        cat, sub = 4, buf[MINE_GOODS + p * CELLS_ALL + c]
    elif f >= 0:
        cat, sub = 3, tile_points(buf, p, c)
    elif t == T_CAVERN:
        cat, sub = 2, 0
    else:
        cat, sub = 1, 1 if t == T_DEEP else 0
    return cat * 100000 + sub * 10 + flag


@njit(**INLINE)
def tied_cells(buf, p, o, final):
    """Bit set of the cave cells orc o prefers most (B8 priority and housing preference, D26
    value before scoring); 0 if none qualifies, several bits = the owner chooses (seed p.12)."""
    bits, key = 0, -1
    for c in range(CELLS):
        k = cave_key(buf, p, o, c, final)
        if k > key:
            bits, key = 1 << c, k
        elif k == key and k >= 0:
            bits |= 1 << c
    return bits


@njit(**INLINE)
def roomless_after(buf, p, o, c):
    """Dwarfs that would be left without room (spec A5 step 4) if orc o took cave cell c: an
    occupied dwelling gives no room, its hostage needs none (D22)."""
    trial = buf.copy()
    take_cell(trial, p, o, c)
    return max(0, living_dwarfs(trial, p) - dwarf_room(trial, p))


@njit(**KERNEL)
def owner_cells(buf, p, o, final):
    """The cells the owner may give orc o: the tied best cells (`tied_cells`), narrowed by
    'every dwarf must always have room' (A5 step 4) to those leaving the fewest dwarfs
    without room. Several bits = the owner chooses (P_INVADE)."""
    bits = tied_cells(buf, p, o, final)
    if bits & (bits - 1) == 0:
        return bits
    best, keep = CELLS, 0
    for c in range(CELLS):
        if (bits >> c) & 1:
            k = roomless_after(buf, p, o, c)
            if k < best:
                best, keep = k, 1 << c
            elif k == best:
                keep |= 1 << c
    return keep


@njit(**KERNEL)
def single_cell(bits):
    """The cell of a one-cell set, -1 for an empty set or several cells."""
    if bits == 0 or bits & (bits - 1):
        return -1
    c = 0
    while not (bits >> c) & 1:
        c += 1
    return c


@njit(**KERNEL)
def ask_owner(buf, p, o, final):
    """The cave's owner picks orc o's cell among the tied ones (P_INVADE; sub[0] the orc,
    sub[1] 1 for the final re-evaluation by value). Always True (a decision is pending)."""
    buf[PHASE] = P_INVADE
    buf[ACTOR] = p
    buf[SUB + 0] = o
    buf[SUB + 1] = 1 if final else 0
    return True


@njit(**KERNEL)
def take_cell(buf, p, o, c):
    """Orc o settles on cave cell c: an orc already in the cave that changes cell frees its
    hostage first; staying on its own cell changes nothing. Then the animals are re-housed (a
    dwarf taken hostage no longer counts for a Cuddle Room, D22; mid-event nothing moves, D44)
    and a held orc moves into an orc room this one left (D19)."""
    if buf[ORC_STATE + oi(p, o)] == O_CAVE:
        if buf[ORC_CELL + oi(p, o)] == c:
            return
        release(buf, p, o)
    occupy(buf, p, o, c)
    rehouse(buf, p)
    befriend_held(buf, p, ready_round(buf))


@njit(**INLINE)
def occupy(buf, p, o, c):
    """Orc o takes cave cell c (spec B8 effects): mine goods and donkey to the general supply,
    animals housed there eaten (D23, E4), the weakest person living there is a hostage."""
    buf[ORC_STATE + oi(p, o)] = O_CAVE
    buf[ORC_CELL + oi(p, o)] = c
    buf[ORC_HOSTAGE + oi(p, o)] = -1
    t = buf[TILE + p * CELLS_ALL + c]
    if t == T_ORE_MINE or t == T_RUBY_MINE:
        buf[MINE_GOODS + p * CELLS_ALL + c] = 0
        k = buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + 3]
        buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + 3] = 0
        buf[RES + p * NUM_GOODS + DONKEY] -= k
    eat_animals_at(buf, p, c)
    home = np.zeros(MAX_DWARFS, np.int64)
    buf[ORC_STATE + oi(p, o)] = 0  # homes as they were before this orc arrived
    dwarf_homes(buf, p, home)
    ohome = np.zeros(NUM_ORCS, np.int64)
    orc_homes(buf, p, ohome)
    buf[ORC_STATE + oi(p, o)] = O_CAVE
    weakest = -1
    for d in range(MAX_DWARFS):
        if home[d] == c:
            if (
                weakest < 0
                or buf[WEAPON + p * MAX_DWARFS + d] <= buf[WEAPON + p * MAX_DWARFS + weakest]
            ):
                weakest = d
    if weakest >= 0:
        buf[DWARF + p * MAX_DWARFS + weakest] = D_HOSTAGE
        buf[ORC_HOSTAGE + oi(p, o)] = weakest
        return
    for q in range(NUM_ORCS):
        if ohome[q] == c:
            buf[ORC_HOSTAGE + oi(p, o)] = 10 + q
            return


@njit(**KERNEL)
def invade(buf, p, o):
    """The orc enters the cave (spec B8): it takes the best cell, the owner choosing among tied
    ones; if none qualifies it joins the entry-level dwelling without a hostage. Returns True
    when the owner must choose (P_INVADE; `take_cell` then completes the invasion)."""
    bits = owner_cells(buf, p, o, False)
    if bits == 0:
        buf[ORC_STATE + oi(p, o)] = O_CAVE
        buf[ORC_CELL + oi(p, o)] = 21
        buf[ORC_HOSTAGE + oi(p, o)] = -1
        eat_animals_at(buf, p, 21)  # animals on a tile an orc occupies become food (E4)
        rehouse(buf, p)
        return False
    c = single_cell(bits)
    if c < 0:
        return ask_owner(buf, p, o, False)
    take_cell(buf, p, o, c)
    return False


@njit(**KERNEL)
def reevaluate(buf, p, o, final):
    """An orc in the cave re-takes the best cell (spec B8 step 3; before scoring by value,
    D26), the owner choosing among tied ones. Returns True when the owner must choose."""
    bits = owner_cells(buf, p, o, final)
    if bits == 0:
        return False
    c = single_cell(bits)
    if c < 0:
        return ask_owner(buf, p, o, final)
    take_cell(buf, p, o, c)
    return False


@njit(**KERNEL)
def push_target(p, cell, delta_r, delta_c):
    """Cell an orc is pushed to (D38): a forest cell, or the cave by a right push from the
    entrance; -1 if illegal."""
    r = cell // 6 + delta_r
    c = cell % 6 + delta_c
    if cell == 20 and delta_r == 0 and delta_c == 1:
        return CAVE
    if 0 <= r < 4 and 0 <= c < 3:
        return r * 6 + c
    return -1


# ---- the orc event's decisions (handlers of kernels.act) -------------------------------------


@njit(**KERNEL)
def orc_step_3(buf, p, o):
    """Orc event step 3 (B8): a cave orc re-evaluates, a forest orc moves (maybe pausing at a
    Cave-in for its owner's stone); skipped for an orc pushed into the cave or a holding trap
    in step 2 (EV_PUSHED 2, D38). Returns True when the owner must break an invasion tie
    (P_INVADE; the seat is done once it is broken)."""
    if buf[EV_PUSHED] == 2:
        seat_done(buf)
        return False
    if buf[ORC_STATE + p * NUM_ORCS + o] == O_CAVE:
        if reevaluate(buf, p, o, False):
            return True
        seat_done(buf)
        return False
    r = move_orc(buf, p, o)
    if r == MV_INVADE:
        return True
    if r == MV_CAVE_IN:
        buf[EV_MOVING] = 2
    else:
        seat_done(buf)
    return False


@njit(**KERNEL)
def seat_done(buf):
    buf[EV_MOVING] = 0
    buf[EV_SEAT] += 1


@njit(**INLINE)
def act_orc(buf, p, a):
    """P_ORC, the active orc's event step (B8): BRIBE pays 1 of the board's token good and the
    orc loses 1 strength (one bribe of any size, D43); PUSH d pays the board's push cost and
    moves the orc one cell (a held orc breaks free, its trap stays armed, D38); DONE goes on to
    step 3 (`orc_step_3`). A push into the cave or a holding trap skips step 3 (B8, D38)."""
    ev = buf[EV]
    o = buf[EV_LETTER]
    i = p * NUM_ORCS + o
    r = RES + p * NUM_GOODS
    if a == A_BRIBE:
        buf[r + buf[BRIBE_GOOD + ev]] -= 1
        if buf[BRIBE_GOOD + ev] >= FIRST_ANIMAL:  # a paid animal leaves its cell (D44)
            rehouse(buf, p)
        if lower_strength(buf, p, o, 1, buf[DEFEAT_STR]):
            seat_done(buf)
        return ADVANCE
    if a == A_DONE:
        return ASK if orc_step_3(buf, p, o) else ADVANCE
    d = a - A_PUSH
    paid_animal = False
    for g in range(NUM_GOODS):
        cost = buf[P_PUSH_COST + ev * NUM_GOODS + g]
        buf[r + g] -= cost
        if g >= FIRST_ANIMAL and cost > 0:
            paid_animal = True
    if paid_animal:  # as for a bribe: data overrides may ask for animals
        rehouse(buf, p)
    buf[EV_PUSHED] = 1
    if buf[ORC_STATE + i] == O_HELD:
        buf[ORC_STATE + i] = O_FOREST
    target = push_target(p, buf[ORC_CELL + i], PUSH_DELTA[d, 0], PUSH_DELTA[d, 1])
    if target == CAVE:
        buf[EV_PUSHED] = 2
        if invade(buf, p, o):
            return ASK
    else:
        before = buf[ORC_STR + i]
        k = enter_cell(buf, p, o, target)
        if k == 1:
            buf[EV_PUSHED] = 2
        elif k == 2:
            buf[EV_MOVING] = 3
        elif buf[ORC_STR + i] != before:  # a halving or Permanent Trap: later bribes start here
            buf[DEFEAT_STR] = buf[ORC_STR + i]
    return ADVANCE


@njit(**INLINE)
def act_cave_in(buf, p, a):
    """P_CAVE_IN: the stone (food) the owner pays into a triggered Cave-in (Poisoned Food, B7);
    unless that ends the orc, back to the bribe step after a push onto it, else the move goes
    on."""
    o = buf[EV_LETTER]
    if cave_in_pay(buf, p, o, a - A_OPTION):
        seat_done(buf)
    elif buf[EV_MOVING] == 3:
        buf[EV_MOVING] = 1
        buf[DEFEAT_STR] = buf[ORC_STR + p * NUM_ORCS + o]  # a later bribe starts here (D43)
    else:
        r = move_orc(buf, p, o)
        if r == MV_INVADE:
            return ASK
        if r == MV_CAVE_IN:
            buf[EV_MOVING] = 2
        else:
            seat_done(buf)
    return ADVANCE


@njit(**INLINE)
def act_invade(buf, p, a):
    """P_INVADE: the cave owner's pick among the tied cells (E5). The orc's event step ends with
    its invasion (B8); after a push into the cave (EV_PUSHED 2) it is back to the bribe step
    and step 3 is skipped (D38)."""
    take_cell(buf, p, buf[SUB + 0], action_cell(a))
    if buf[STAGE] == ST_EVENT and buf[EV_LETTER] < NUM_ORCS and buf[EV_PUSHED] != 2:
        seat_done(buf)
    return ADVANCE


@njit(**INLINE)
def act_trap_pick(buf, p, a):
    """P_TRAP_PICK: one pick of a triggered Explosive Trap / Poisoned Arrows (B7): ORC q takes
    the trap's loss off the owner's hostile orc q (the same orc may be picked again); DONE
    gives up the picks left. A defeat's reward is claimed before the next pick, so the owner
    orders the defeats. With the picks over, the active orc's move (or bribe step) goes on
    once those rewards are taken (`resume_after_trap`)."""
    t = buf[EV_TRAP] - 1
    if a == A_DONE:
        buf[EV_PICKS] = 0
    else:
        q = a - A_ORC
        buf[EV_PICKS] -= 1
        lower_strength(buf, p, q, TRAP_LOSS[t], buf[PICK_STR + q])
        if not any_hostile(buf, p):
            buf[EV_PICKS] = 0
    if buf[EV_PICKS] == 0:
        buf[EV_TRAP] = 0
        buf[EV_MOVING] = 4 if buf[EV_MOVING] == 2 else 5
    return ADVANCE


@njit(**KERNEL)
def resume_after_trap(buf, p, o):
    """After a multi-pick trap (EV_MOVING 4: it triggered during the move, 5: after a push): a
    defeated active orc's step ends; after a push it is back to the bribe step (later bribes
    start from its strength now, D43); else the move goes on. Returns True when the owner must
    break an invasion tie (P_INVADE)."""
    if not is_hostile(buf, p, o):
        seat_done(buf)
        return False
    if buf[EV_MOVING] == 5:
        buf[EV_MOVING] = 1
        buf[DEFEAT_STR] = buf[ORC_STR + oi(p, o)]
        return False
    return orc_step_3(buf, p, o)  # a forest orc mid-move, not pushed into a trap: moves on
