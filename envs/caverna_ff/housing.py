"""caverna_ff_v1 housing as the player's decisions (A9, E17): where unhoused animals go, which to
give up, and rearranging. `board.settle` leaves new animals unhoused and stacks OP_HOUSE after
the current action; `ask_house` then places animals with exactly one home that no other new
animal could use at once (a housed animal can still be converted at any time, so placing it
loses nothing), converts animals with no home when nothing can be rearranged, and otherwise
asks P_HOUSE for one animal type: CELL a unit with room (as many as fit go there), DONE
keep the arrangement (the rest of the type is given up; dogs stay with the dwarfs), OPTION 0
rearrange (P_HOUSE_LIFT: CELL a unit whose animals are taken out to be placed again; once per
OP_HOUSE, never during an orc event, D44). Units are named by the cell their animals are
recorded on (board.housing_units).

The any-time REARRANGE (A9: the board can be rearranged any time outside orc events) stacks an
OP_HOUSE with arg HM_ASKED: P_HOUSE_LIFT is asked until SKIP (the first SKIP keeps the
arrangement as it is), each CELL emptying one unit, so animals can swap units; then the
emptied animals are housed as above, with no further lifting (HM_HOUSING). The mode is sub[2].
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.caverna_ff.board import (
    A_BOAR,
    A_CATTLE,
    A_DOG,
    A_DONKEY,
    A_SHEEP,
    MAX_UNITS,
    board_cells,
    eat,
    housing,
    housing_units,
    unhoused,
)
from eurogym.envs.caverna_ff.helpers import decide
from eurogym.envs.caverna_ff.state import (
    ANIMAL_AT,
    HOUSING_CHOOSE,
    P_FEED,
    P_HARVEST_CHOICE,
    P_HOUSE,
    P_HOUSE_LIFT,
    P_PLACE,
    P_SOLO_SAVE,
    PHASE,
    REARRANGED,
    ST_EVENT,
    STAGE,
    SUB,
)
from eurogym.envs.caverna_ff.tables import (
    CELLS_ALL,
    ENTRY_DWELLING,
    NUM_ANIMALS,
)
from eurogym.envs.core.jit import INLINE, KERNEL

# OP_HOUSE's arg and sub[2]: housing new animals (one lift allowed, sub[1] = used), or the
# player's REARRANGE: choosing the units to empty, then housing their animals (no more lifts)
HM_NEW, HM_ASKED, HM_HOUSING = range(3)

# the order types are asked in: dogs first (they change a meadow's room for sheep, D05)
HOUSE_ORDER = np.array([4, 2, 1, 0, 3], np.int64)  # dog, cattle, boar, sheep, donkey


@njit(**KERNEL)
def legal_units(buf, p, a, room):
    """room[c] = how many unhoused animals of type a the unit recorded on cell c takes now,
    without moving any housed animal (0: none). Farm animals: the unit allows the type (one
    type per one-type unit; d dogs on a meadow or pasture make it d + 1 sheep only, D05) and
    has free room. Dogs: all of them join a meadow or pasture holding only sheep, if its
    sheep still fit the dog rule, or stay with the dwarfs (the entry dwelling's cell). Returns
    the number of such units. `room` has tables.CELLS_ALL entries (the Office Room's border
    cells are units too, E23)."""
    u_cell = np.zeros(MAX_UNITS, np.int64)
    u_cap = np.zeros(MAX_UNITS, np.int64)
    u_allow = np.zeros(MAX_UNITS, np.int64)
    u_one = np.zeros(MAX_UNITS, np.int64)
    u_meadow = np.zeros(MAX_UNITS, np.int64)
    n = housing_units(buf, p, u_cell, u_cap, u_allow, u_one, u_meadow)
    room[:] = 0
    k = unhoused(buf, p, a)
    for u in range(n):
        c = u_cell[u]
        dogs = buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + A_DOG]
        held = 0
        other = False
        for b in range(4):
            held += buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + b]
            if b != a and buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + b] > 0:
                other = True
        if a == A_DOG:
            others = held - buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + A_SHEEP]
            if (
                u_meadow[u]
                and others == 0
                and buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + A_SHEEP] <= dogs + k + 1
            ):
                room[c] = k
            continue
        cap, allow, one = u_cap[u], u_allow[u], u_one[u]
        if u_meadow[u] and dogs > 0:
            cap, allow, one = dogs + 1, 1 << A_SHEEP, 1
        if allow & (1 << a) and not (one and other) and cap > held:
            room[c] = cap - held
    if a == A_DOG:
        room[ENTRY_DWELLING] = k
    m = 0
    for c in range(board_cells(buf, p)):
        if room[c] > 0:
            m += 1
    return m


@njit(**KERNEL)
def any_housed(buf, p):
    """Does some unit of p hold an animal?"""
    for i in range(board_cells(buf, p) * NUM_ANIMALS):
        if buf[ANIMAL_AT + p * CELLS_ALL * NUM_ANIMALS + i] > 0:
            return True
    return False


@njit(**KERNEL)
def can_lift(buf, p):
    """May p rearrange at P_HOUSE now: not during an orc event (D44), housing new animals
    (HM_NEW) whose lift is not used yet (sub[1]), and some animal is housed? After a
    REARRANGE's lifts (HM_HOUSING) no more."""
    if buf[STAGE] == ST_EVENT or buf[SUB + 1] != 0 or buf[SUB + 2] != HM_NEW:
        return False
    return any_housed(buf, p)


@njit(**KERNEL)
def rearrange_ok(buf, p):
    """May p take the any-time REARRANGE (A9; caverna_ff_v1, the player housing): at a decision
    the flow asks again once the op stack is empty and that stays pending (placement, feeding,
    event 4's harvest choice, the solo clearing; not the trades before scoring, where the
    arrangement no longer matters), outside orc events (D44), once per decision (`rearranged`),
    with some animal housed."""
    if housing(buf) != HOUSING_CHOOSE or buf[STAGE] == ST_EVENT or buf[REARRANGED] == p + 1:
        return False
    ph = buf[PHASE]
    if ph != P_PLACE and ph != P_FEED and ph != P_HARVEST_CHOICE and ph != P_SOLO_SAVE:
        return False
    return any_housed(buf, p)


@njit(**KERNEL)
def lift_step(buf, p, c):
    """P_HOUSE_LIFT answered (c = -1: SKIP). Housing new animals: lift unit c, if any, and the
    one lift is used (sub[1]). After a REARRANGE: lift unit c and ask again while a unit holds
    animals; SKIP ends the lifting. Returns True if P_HOUSE_LIFT is asked again, else the
    caller goes on with `ask_house`."""
    if c >= 0:
        lift(buf, p, c)
    if buf[SUB + 2] == HM_NEW:
        buf[SUB + 1] = 1
        return False
    if c >= 0 and any_housed(buf, p):
        return decide(buf, P_HOUSE_LIFT, p)
    buf[SUB + 2] = HM_HOUSING
    return False


@njit(**KERNEL)
def start_housing(buf, p, mode):
    """OP_HOUSE runs: housing new animals (HM_NEW, `ask_house`) or a REARRANGE (HM_ASKED: the
    first P_HOUSE_LIFT, whose SKIP keeps the arrangement). Returns True on a decision."""
    buf[SUB + 1] = 0  # the lift of this housing is still unused
    buf[SUB + 2] = mode
    if mode == HM_ASKED:
        buf[SUB + 0] = 0  # no type asked yet (P_HOUSE sets it)
        return decide(buf, P_HOUSE_LIFT, p)
    return ask_house(buf, p)


@njit(**KERNEL)
def house_at(buf, p, a, c, room):
    """Put as many unhoused animals of type a as unit c takes (`room`) there."""
    k = min(unhoused(buf, p, a), room[c])
    buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + a] += k


@njit(**KERNEL)
def give_up(buf, p, a):
    """DONE at P_HOUSE: the unhoused animals of type a are converted to food at once (A9);
    dogs, which need no unit, stay with the dwarfs."""
    k = unhoused(buf, p, a)
    if a == A_DOG:
        buf[ANIMAL_AT + (p * CELLS_ALL + ENTRY_DWELLING) * NUM_ANIMALS + A_DOG] += k
    elif k > 0:
        eat(buf, p, a, k)


@njit(**INLINE)
def lift(buf, p, c):
    """Take every animal out of the unit recorded on cell c (they are unhoused again)."""
    for a in range(NUM_ANIMALS):
        buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + a] = 0


@njit(**INLINE)
def forced_unit(buf, p, a, room, other):
    """The one unit unhoused animals of type a can go to when no other unhoused type could use
    it (so placing them there takes nothing from anyone), else -1."""
    if unhoused(buf, p, a) <= 0 or legal_units(buf, p, a, room) != 1:
        return -1
    c = np.argmax(room)
    for b in range(NUM_ANIMALS):
        if b != a and unhoused(buf, p, b) > 0 and legal_units(buf, p, b, other) > 0:
            if other[c] > 0:
                return -1
    return c


@njit(**KERNEL)
def ask_house(buf, p):
    """House p's unhoused animals (module docstring): uncontested single homes and conversions
    without a home (when nothing can be rearranged) at once, else P_HOUSE for the first type
    in HOUSE_ORDER with a home or a rearrangement left (type in sub[0]). Returns True if
    P_HOUSE is asked."""
    room = np.zeros(CELLS_ALL, np.int64)
    other = np.zeros(CELLS_ALL, np.int64)
    placed = True
    while placed:
        placed = False
        for a in HOUSE_ORDER:
            c = forced_unit(buf, p, a, room, other)
            if c >= 0:
                house_at(buf, p, a, c, room)
                placed = True
                break
    for a in HOUSE_ORDER:
        if unhoused(buf, p, a) > 0:
            if legal_units(buf, p, a, room) > 0 or can_lift(buf, p):
                buf[SUB + 0] = a
                return decide(buf, P_HOUSE, p)
    for a in (A_CATTLE, A_BOAR, A_SHEEP, A_DONKEY):
        give_up(buf, p, a)
    return False
