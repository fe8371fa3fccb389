"""Caverna FF decisions that furnish the home board: the furnishing tile and its cavern (A10),
the Warrior Dwelling's payment and the dwarf it arms (Part E), and traps with their cell (B7).
One handler per phase, each called only from `kernels.act` (INLINE); each returns what is left
to do (actions.ADVANCE or ASK). Last, the passive effects of caverna_ff_v1's further tiles
(docs/rules/caverna_ff.md F1-F5), called from the round start, breeding and feeding.
"""

from __future__ import annotations

from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_CELL,
    A_FURN,
    A_FURN_X,
    A_OPTION,
    A_SKIP,
    A_TRAP,
    ADVANCE,
    ASK,
)
from eurogym.envs.caverna_ff.board import (
    gain_bonus,
    has_furn,
    rehouse,
)
from eurogym.envs.caverna_ff.helpers import (
    arm_dwarf,
    ask_warrior,
    ask_warrior_arm,
    build_furn,
    decide,
    r_,
    warrior_amount,
)
from eurogym.envs.caverna_ff.state import (
    ANIMAL_AT,
    FREE_TRAP,
    MAX_DWARFS,
    P_FURN_CELL,
    P_TRAP_CELL,
    PENDING_TILE,
    SUB,
    TILE,
    TRAP,
    TRAP_ACTIVE,
    TRAP_LEFT,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    CELLS,
    F_BREEDING_CAVE,
    F_MINER,
    F_MINING_CAVE,
    F_QUARRY,
    F_WARRIOR,
    FOOD,
    FX_FIRST,
    NUM_ANIMALS,
    NUM_GOODS,
    ORE,
    STONE,
    T_ORE_MINE,
    T_RUBY_MINE,
    TRAP_COST,
    WOOD,
)
from eurogym.envs.core.jit import (
    INLINE,
    KERNEL,
)


@njit(**INLINE)
def act_furn(buf, p, a):
    """P_FURN: the furnishing tile to build (or SKIP; v1's further tiles are FURN_X actions);
    its cavern is asked next (P_FURN_CELL)."""
    if a == A_SKIP:
        return ADVANCE
    buf[PENDING_TILE] = a - A_FURN if a < A_FURN_X else a - A_FURN_X + FX_FIRST
    decide(buf, P_FURN_CELL, p)
    return ASK


@njit(**INLINE)
def act_furn_cell(buf, p, a):
    """P_FURN_CELL: build the pending tile on cavern a; the Warrior Dwelling asks its payment
    and the dwarf it arms first (P_WARRIOR_PAY, P_WARRIOR, P_ARM)."""
    f = buf[PENDING_TILE]
    if f == F_WARRIOR:
        buf[SUB + 1] = a - A_CELL
        buf[SUB + 2] = -1
        return ASK if ask_warrior(buf, p) else ADVANCE
    build_furn(buf, p, f, a - A_CELL, buf[SUB + 0])
    return ADVANCE


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
    """P_TRAP: the trap type to place (or SKIP); its cell is asked next (P_TRAP_CELL)."""
    if a == A_SKIP:
        return ADVANCE
    buf[PENDING_TILE] = a - A_TRAP
    decide(buf, P_TRAP_CELL, p)
    return ASK


@njit(**INLINE)
def act_trap_cell(buf, p, a):
    """P_TRAP_CELL: place the pending trap on cell a, paying it unless free; covering a bonus
    symbol pays it (B7)."""
    t = buf[PENDING_TILE]
    c = a - A_CELL
    if buf[FREE_TRAP] == 0:
        for g in range(NUM_GOODS):
            buf[r_(p, g)] -= TRAP_COST[t, g]
    if buf[TILE + p * CELLS + c] == 0:
        gain_bonus(buf, p, c)
    buf[TRAP + p * CELLS + c] = t + 1
    buf[TRAP_ACTIVE + p * CELLS + c] = 1
    buf[TRAP_LEFT + t] -= 1
    rehouse(buf, p)
    return ADVANCE


# ---- passive effects of caverna_ff_v1's further tiles (tables.FX_NAMES) ------------------------
# has_furn is false for a tile v0 never deals and for a tile an orc occupies, so v0 plays on
# unchanged and an occupied tile loses its effect.


@njit(**KERNEL)
def donkeys_in_mines(buf, p, ore_only):
    """Donkeys on p's mines (each mine holds one, A9): ore mines only, or ore and ruby mines."""
    n = 0
    for c in range(CELLS):
        t = buf[TILE + p * CELLS + c]
        if t == T_ORE_MINE or (t == T_RUBY_MINE and not ore_only):
            n += buf[ANIMAL_AT + (p * CELLS + c) * NUM_ANIMALS + 3]
    return n


@njit(**KERNEL)
def miner_ore(buf, p):
    """Miner (F2): at the start of each round 1 ore per ore mine holding a donkey, into the
    supply (not onto the mine, D37)."""
    if has_furn(buf, p, F_MINER):
        buf[r_(p, ORE)] += donkeys_in_mines(buf, p, True)


@njit(**KERNEL)
def newborn_bonus(buf, p, born, donkeys):
    """A breeding gave p `born` newborn farm animals, `donkeys` of them donkeys: Quarry (F3) 1
    stone per newborn donkey; Breeding Cave (F4) 1 food per newborn, 5 for all four types. Paid
    at the birth, whether or not the newborn then finds a home."""
    if donkeys > 0 and has_furn(buf, p, F_QUARRY):
        buf[r_(p, STONE)] += donkeys
    if born > 0 and has_furn(buf, p, F_BREEDING_CAVE):
        buf[r_(p, FOOD)] += 5 if born == 4 else born


@njit(**KERNEL)
def mining_cave_discount(buf, p):
    """Mining Cave (F5): each feeding costs 1 food less per donkey in a mine (ore or ruby)."""
    return donkeys_in_mines(buf, p, False) if has_furn(buf, p, F_MINING_CAVE) else 0
