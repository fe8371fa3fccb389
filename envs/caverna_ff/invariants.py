"""State invariants checked after every step of the random-game tests (issue 5): goods never
negative, every animal recorded on exactly one cell (housed or converted, D44) in a unit that
may hold it (type and capacity, board.housing_ok), at most one tile per cell and only where it
may lie, dwarfs and orcs conserved and in consistent states, a non-empty mask while the game
runs. One numba kernel returns the index of the first broken rule (0 = none);
`check_invariants` turns it into an AssertionError message.
"""

from __future__ import annotations

from numba import njit

from eurogym.envs.caverna_ff.board import board_cells, furn_built, housing_ok
from eurogym.envs.caverna_ff.stack import OP_HOUSE
from eurogym.envs.caverna_ff.state import (
    ACTOR,
    ANIMAL_AT,
    BEGGING,
    CROP,
    D_ABSENT,
    D_HOSTAGE,
    DWARF,
    EV_PICKS,
    EVENTS_DONE,
    FURN,
    MAX_DWARFS,
    NUM_PLAYERS,
    O_CAVE,
    O_DEFEATED,
    O_FOREST,
    O_FRIENDLY,
    O_HELD,
    O_OUT,
    OFFICE_SEAT,
    ORC_CELL,
    ORC_HOSTAGE,
    ORC_STATE,
    ORC_STR,
    P_GAME_OVER,
    P_HOUSE,
    P_HOUSE_LIFT,
    PASTURE,
    PHASE,
    RES,
    ST_EVENT,
    STABLE,
    STACK_AT,
    STACK_N,
    STAGE,
    TILE,
    TRAP,
    TRAP_ACTIVE,
    TRAP_LEFT,
    TRAP_LEFT_X,
    WEAPON,
    State,
)
from eurogym.envs.caverna_ff.tables import (
    CELLS,
    CELLS_ALL,
    ENTRY_DWELLING,
    F_ADDITIONAL,
    F_WORK_ROOM,
    FIRST_ANIMAL,
    FOREST,
    MAX_WEAPON,
    NUM_ANIMALS,
    NUM_GOODS,
    NUM_ORCS,
    NUM_TRAPS,
    NUM_TRAPS_ALL,
    T_CAVERN,
    T_DEEP,
    T_FIELD,
    T_MEADOW,
    T_NONE,
    T_TUNNEL,
    TE_FLAT,
    TK_HOLDING,
    TRAP_COPIES_BASIC,
    TRAP_EFFECT,
    TRAP_KIND,
    TWIN_X_CELLS,
)
from eurogym.envs.core.jit import ENTRY, KERNEL

MESSAGES = (
    "ok",
    "negative goods or begging markers",
    "animals not conserved (cells' animal_at != supply counts, except animals waiting for the "
    "player's housing in caverna_ff_v1) or negative",
    "a tile on the wrong side of the board",
    "a furnishing not on a cavern (with the Work Room: also a tunnel or deep tunnel)",
    "a trap, stable or pasture where it may not lie, or more than 3 stables",
    "crops on a cell that is not a field",
    "dwarf count outside 2-5 (6 with the Additional Dwelling), or a weapon outside 0-14",
    "hostages do not match the orcs holding them",
    "an orc in an impossible place (forest orc off the forest, cave orc off a tile, two orcs "
    "on one cave tile other than the entry dwelling)",
    "an empty action mask before the game is over",
    "an animal where no unit may hold it: wrong type, two types in a one-type unit, or over "
    "capacity (A9, D05; board.housing_ok)",
    "orc states inconsistent: Orc D out of play after event 2 or in play before it, Orcs A-C "
    "out of play, a defeated or friendly orc with a cell, strength or hostage, a hostile orc at "
    "strength 0, or a held orc off a holding trap",
    "dwarf slots not filled from 0 without gaps (dwarfs are never removed)",
    "traps: a trap id this version does not have, more copies of a trap on the boards and in "
    "the supply than the game has (basic traps one per player, the others one), a Permanent "
    "Trap sprung (it never flips, B7), or picks of an Explosive Trap / Poisoned Arrows owed "
    "outside an orc event",
    "the Office Room's border (E23): something on a border cell of a board without the Office "
    "Room, a trap there, or a border tile that is not an overhanging twin's outer half",
)
BORDER_VIOLATION = len(MESSAGES) - 1


@njit(**KERNEL)
def housing_pending(buf, p):
    """Is p's housing decision pending (caverna_ff_v1): P_HOUSE / P_HOUSE_LIFT for p, or an
    OP_HOUSE of p on the stack? Only then may p's animals be off the board."""
    if (buf[PHASE] == P_HOUSE or buf[PHASE] == P_HOUSE_LIFT) and buf[ACTOR] == p:
        return True
    for i in range(buf[STACK_N]):
        if buf[STACK_AT + 3 * i] == OP_HOUSE and buf[STACK_AT + 3 * i + 2] == p:
            return True
    return False


@njit(**KERNEL)
def border_violation(buf, p):
    """Is a border cell of p's board wrong (E23)? Only the Office Room's owner has anything
    there: no trap, and every tile the outer half of a twin whose inner half is on the board."""
    if buf.shape[0] <= OFFICE_SEAT:
        return False  # caverna_ff_v0: no border (its cells are cut from its JSON)
    owner = buf[OFFICE_SEAT] == p + 1
    for c in range(CELLS, CELLS_ALL):
        t = buf[TILE + p * CELLS_ALL + c]
        if buf[TRAP + p * CELLS_ALL + c] or (t != T_NONE and not owner):
            return True
        inner = TWIN_X_CELLS[2 * (c - CELLS), 0]
        if t != T_NONE and buf[TILE + p * CELLS_ALL + inner] == T_NONE:
            return True
        if t == T_NONE and (buf[FURN + p * CELLS_ALL + c] or buf[STABLE + p * CELLS_ALL + c]):
            return True
    return False


@njit(**ENTRY)
def first_violation(buf, mask):
    n = buf[NUM_PLAYERS]
    for p in range(n):
        for g in range(NUM_GOODS):
            if buf[RES + p * NUM_GOODS + g] < 0:
                return 1
        if buf[BEGGING + p] < 0:
            return 1
        for a in range(NUM_ANIMALS):
            total = 0
            for c in range(board_cells(buf, p)):
                k = buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + a]
                if k < 0:
                    return 2
                total += k
            owned = buf[RES + p * NUM_GOODS + FIRST_ANIMAL + a]
            if total > owned or (total < owned and not housing_pending(buf, p)):
                return 2
        stables = 0
        for c in range(board_cells(buf, p)):
            t = buf[TILE + p * CELLS_ALL + c]
            forest_tile = t == T_MEADOW or t == T_FIELD
            if t != T_NONE and forest_tile != (FOREST[c] == 1):
                return 3
            if buf[FURN + p * CELLS_ALL + c] and t != T_CAVERN:
                if not ((t == T_TUNNEL or t == T_DEEP) and furn_built(buf, p, F_WORK_ROOM)):
                    return 4
            st = buf[STABLE + p * CELLS_ALL + c]
            stables += st
            if (st or buf[TRAP + p * CELLS_ALL + c] or buf[PASTURE + p * CELLS_ALL + c]) and FOREST[
                c
            ] == 0:
                return 5
            if buf[TRAP + p * CELLS_ALL + c] and (st or (t != T_NONE and t != T_MEADOW)):
                return 5
            if buf[PASTURE + p * CELLS_ALL + c] and t != T_MEADOW:
                return 5
            if buf[CROP + p * CELLS_ALL + c] and t != T_FIELD:
                return 6
        if stables > 3:
            return 5
        if border_violation(buf, p):
            return BORDER_VIOLATION
        tokens = 0
        hostages = 0
        for d in range(MAX_DWARFS):
            s = buf[DWARF + p * MAX_DWARFS + d]
            if s != D_ABSENT:
                tokens += 1
            if s == D_HOSTAGE:
                hostages += 1
            w = buf[WEAPON + p * MAX_DWARFS + d]
            if w < 0 or w > MAX_WEAPON:
                return 7
        if tokens < 2 or tokens > (6 if furn_built(buf, p, F_ADDITIONAL) else 5):
            return 7
        held = 0
        for o in range(NUM_ORCS):
            i = p * NUM_ORCS + o
            s = buf[ORC_STATE + i]
            c = buf[ORC_CELL + i]
            h = buf[ORC_HOSTAGE + i]
            if 0 <= h < 10:
                if s != O_CAVE or buf[DWARF + p * MAX_DWARFS + h] != D_HOSTAGE:
                    return 8
                held += 1
            if (s == O_FOREST or s == O_HELD) and (c < 0 or FOREST[c] == 0):
                return 9
            if s == O_CAVE:
                if c < 0 or FOREST[c] == 1 or buf[TILE + p * CELLS_ALL + c] == T_NONE:
                    return 9
                for q in range(o):  # only the entry dwelling takes several (B8 overflow)
                    if (
                        c != ENTRY_DWELLING
                        and buf[ORC_STATE + p * NUM_ORCS + q] == O_CAVE
                        and buf[ORC_CELL + p * NUM_ORCS + q] == c
                    ):
                        return 9
            if (
                (s == O_DEFEATED or s == O_FRIENDLY or s == O_OUT)
                and buf[ORC_STR + i] != 0
                and s != O_OUT
            ):
                return 9
        if held != hostages:
            return 8
        if not housing_ok(buf, p):
            return 11
        for o in range(NUM_ORCS):
            i = p * NUM_ORCS + o
            s = buf[ORC_STATE + i]
            if o == 3 and (s == O_OUT) != (buf[EVENTS_DONE] < 2):
                return 12
            if o < 3 and s == O_OUT:
                return 12
            if (s == O_DEFEATED or s == O_FRIENDLY) and (
                buf[ORC_CELL + i] != -1 or buf[ORC_STR + i] != 0 or buf[ORC_HOSTAGE + i] != -1
            ):
                return 12
            if (s == O_FOREST or s == O_HELD or s == O_CAVE) and buf[ORC_STR + i] <= 0:
                return 12
            if s == O_HELD:
                t = buf[TRAP + p * CELLS_ALL + buf[ORC_CELL + i]] - 1
                if t < 0 or TRAP_KIND[t] != TK_HOLDING:
                    return 12
        seen_absent = False
        for d in range(MAX_DWARFS):
            if buf[DWARF + p * MAX_DWARFS + d] == D_ABSENT:
                seen_absent = True
            elif seen_absent:
                return 13
    if trap_violation(buf, n):
        return 14
    if buf[PHASE] != P_GAME_OVER:
        total = 0
        for i in range(mask.shape[0]):
            total += mask[i]
        if total == 0:
            return 10
    return 0


@njit(**KERNEL)
def trap_violation(buf, n):
    """Invariant 14 (traps, B7; v1's further traps and supply extensions, B2)."""
    v1 = buf.shape[0] > TRAP_LEFT_X
    ids = NUM_TRAPS_ALL if v1 else NUM_TRAPS
    for t in range(ids):
        count = buf[TRAP_LEFT + t] if t < NUM_TRAPS else buf[TRAP_LEFT_X + t - NUM_TRAPS]
        for p in range(n):
            for c in range(board_cells(buf, p)):
                k = buf[TRAP + p * CELLS_ALL + c] - 1
                if k >= ids:
                    return True
                if k == t:
                    count += 1
                    if TRAP_EFFECT[t] == TE_FLAT and buf[TRAP_ACTIVE + p * CELLS_ALL + c] == 0:
                        return True
        if count > (n if TRAP_COPIES_BASIC[t] else 1):
            return True
    return v1 and buf[EV_PICKS] > 0 and buf[STAGE] != ST_EVENT


def check_invariants(state: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    k = first_violation(state.buf, state.mask)
    if k:
        raise AssertionError(f"caverna_ff invariant broken: {MESSAGES[k]}")
