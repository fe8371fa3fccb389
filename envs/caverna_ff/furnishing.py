"""Caverna FF decisions that furnish the home board: the furnishing tile and its cavern (A10),
the Warrior Dwelling's payment and the dwarf it arms (Part E), and traps with their cell (B7).
One handler per phase, each called only from `kernels.act` (INLINE); each returns what is left
to do (actions.ADVANCE or ASK).
"""

from __future__ import annotations

from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_LOOT,
    A_OPTION,
    A_SKIP,
    A_TRAP,
    A_TRAP_X,
    ADVANCE,
    ASK,
)
from eurogym.envs.caverna_ff.board import (
    gain_bonus,
    rehouse,
)
from eurogym.envs.caverna_ff.helpers import (
    BR_BUILDER,
    arm_dwarf,
    ask_warrior,
    ask_warrior_arm,
    build_furn,
    decide,
    pay_ways,
    r_,
    trap_left_at,
    warrior_amount,
)
from eurogym.envs.caverna_ff.office import action_cell, action_furn
from eurogym.envs.caverna_ff.state import (
    FREE_TRAP,
    MAX_DWARFS,
    P_BRANCH,
    P_FURN_CELL,
    P_TRAP_CELL,
    PENDING_TILE,
    SUB,
    TILE,
    TRAP,
    TRAP_ACTIVE,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    CELLS_ALL,
    F_WARRIOR,
    NUM_GOODS,
    NUM_TRAPS,
    ORE,
    TRAP_COST,
    WOOD,
)
from eurogym.envs.core.jit import (
    INLINE,
)


@njit(**INLINE)
def act_furn(buf, p, a):
    """P_FURN: the furnishing tile to build (or SKIP; v1's further tiles are FURN_X actions);
    its cavern is asked next (P_FURN_CELL)."""
    if a == A_SKIP:
        return ADVANCE
    buf[PENDING_TILE] = action_furn(a)
    decide(buf, P_FURN_CELL, p)
    return ASK


@njit(**INLINE)
def act_furn_cell(buf, p, a):
    """P_FURN_CELL: build the pending tile on cavern a; the Warrior Dwelling asks its payment
    and the dwarf it arms first (P_WARRIOR_PAY, P_WARRIOR, P_ARM); with the Builder and more
    than one way to pay, the way is asked (P_BRANCH, context BR_BUILDER, F12)."""
    f = buf[PENDING_TILE]
    if f == F_WARRIOR:
        buf[SUB + 1] = action_cell(a)
        buf[SUB + 2] = -1
        return ASK if ask_warrior(buf, p) else ADVANCE
    ways = pay_ways(buf, p, f, buf[SUB + 0])
    if ways & (ways - 1):
        buf[SUB + 1] = action_cell(a)
        buf[SUB + 2] = BR_BUILDER
        decide(buf, P_BRANCH, p)
        return ASK
    way = 0
    while not (ways >> way) & 1:
        way += 1
    return ASK if build_furn(buf, p, f, action_cell(a), buf[SUB + 0], way) else ADVANCE


@njit(**INLINE)
def act_warrior_pay(buf, p, a):
    """P_WARRIOR_PAY: the Warrior Dwelling's wood, then its stone (the ore is the rest)."""
    if warrior_amount(buf, p, a - A_OPTION):
        pending = ask_warrior_arm(buf, p)
    else:
        pending = ask_warrior(buf, p)
    return ASK if pending else ADVANCE


@njit(**INLINE)
def act_warrior(buf, p, a):
    """P_WARRIOR: the weapon the Warrior Dwelling forges (ore 0-8, or wood k - 8)."""
    if a == A_SKIP:
        return ADVANCE
    k = a - A_OPTION
    if k <= 8:
        buf[r_(p, ORE)] -= k
    else:
        buf[r_(p, WOOD)] -= k - 8
    return ASK if arm_dwarf(buf, p, k if k <= 8 else k - 8) else ADVANCE


@njit(**INLINE)
def act_arm(buf, p, a):
    """P_ARM: the unarmed dwarf that takes the forged weapon."""
    buf[WEAPON + p * MAX_DWARFS + a - A_OPTION] = buf[SUB + 0]
    return ADVANCE


@njit(**INLINE)
def act_trap(buf, p, a):
    """P_TRAP: the trap type to place, TRAP t or v1's TRAP_X k (or SKIP); its cell is asked
    next (P_TRAP_CELL)."""
    if a == A_SKIP:
        return ADVANCE
    buf[PENDING_TILE] = a - A_TRAP if a < A_LOOT else NUM_TRAPS + a - A_TRAP_X
    decide(buf, P_TRAP_CELL, p)
    return ASK


@njit(**INLINE)
def act_trap_cell(buf, p, a):
    """P_TRAP_CELL: place the pending trap on cell a, paying it unless free; covering a bonus
    symbol pays it (B7)."""
    t = buf[PENDING_TILE]
    c = action_cell(a)
    if buf[FREE_TRAP] == 0:
        for g in range(NUM_GOODS):
            buf[r_(p, g)] -= TRAP_COST[t, g]
    if buf[TILE + p * CELLS_ALL + c] == 0:
        gain_bonus(buf, p, c)
    buf[TRAP + p * CELLS_ALL + c] = t + 1
    buf[TRAP_ACTIVE + p * CELLS_ALL + c] = 1
    buf[trap_left_at(t)] -= 1
    rehouse(buf, p)
    return ADVANCE
