"""Effects of caverna_ff_v1's further base furnishing tiles (tables.FX_NAMES; docs/rules/
caverna_ff.md F1-F13) that are neither a placement rule nor a decision: what the round start,
breeding, feeding and receiving goods add, and the any-time actions (TILE_X) of the Trader,
the Peaceful Cave and the Hunting and Blacksmithing Parlors.

has_furn is false for a tile caverna_ff_v0 never deals and for a tile an orc occupies, so v0
plays on unchanged and an occupied tile loses its effect (B8). Kept apart from the kernels that
call them (flow, ops, harvest, helpers, masks) so they import nothing but the board.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.caverna_ff.actions import X_HUNTING, X_PEACEFUL, X_SMITHING, X_TRADER
from eurogym.envs.caverna_ff.board import (
    board_cells,
    furn_id,
    has_furn,
    is_hostage_orc,
    orc_homes,
    orc_on,
    rehouse,
)
from eurogym.envs.caverna_ff.state import (
    ANIMAL_AT,
    CUR_PERSON,
    D_ABSENT,
    D_HOSTAGE,
    DWARF,
    FURN,
    HOSTAGE_ORC,
    MAX_DWARFS,
    MINE_GOODS,
    NUM_PLAYERS,
    RES,
    TILE,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    BATTLE_DOG_FACTOR,
    BOAR,
    CAMOUFLAGE_MAX_WEAPON,
    CELLS_ALL,
    F_BATTLE_DOG_SCHOOL,
    F_BLACKSMITHING_PARLOR,
    F_BREEDING_CAVE,
    F_CAMOUFLAGED,
    F_DOG_SCHOOL,
    F_HUNTING_PARLOR,
    F_MINER,
    F_MINING_CAVE,
    F_ORC_CAPTAIN,
    F_ORC_MINER,
    F_ORC_WORKER,
    F_PEACEFUL,
    F_QUARRY,
    F_SEAM,
    F_TRADER,
    FOOD,
    GOLD,
    HUNTING_BOARS,
    HUNTING_FOOD,
    HUNTING_GOLD,
    NUM_ANIMALS,
    NUM_GOODS,
    NUM_ORCS,
    ORC_MINER_BONUS,
    ORE,
    RUBY,
    SMITHING_FOOD,
    SMITHING_GOLD,
    STONE,
    T_ORE_MINE,
    T_RUBY_MINE,
    TRADER_GOLD,
    WOOD,
)
from eurogym.envs.core.jit import KERNEL


@njit(**KERNEL)
def donkeys_in_mines(buf, p, ore_only):
    """Donkeys on p's mines (each mine holds one, A9): ore mines only, or ore and ruby mines."""
    n = 0
    for c in range(board_cells(buf, p)):
        t = buf[TILE + p * CELLS_ALL + c]
        if t == T_ORE_MINE or (t == T_RUBY_MINE and not ore_only):
            n += buf[ANIMAL_AT + (p * CELLS_ALL + c) * NUM_ANIMALS + 3]
    return n


@njit(**KERNEL)
def dog_factor(buf, p):
    """What one dog adds to a fight and saves of the weapon (B5): 2 with the Battle Dog School
    (F16), else 1."""
    return BATTLE_DOG_FACTOR if has_furn(buf, p, F_BATTLE_DOG_SCHOOL) else 1


@njit(**KERNEL)
def strongest_weapon(buf):
    """The strongest weapon in play (Dwelling Copy, F14): every player's dwarfs in their
    family (a hostage is not, D22)."""
    best = 0
    for p in range(buf[NUM_PLAYERS]):
        for d in range(MAX_DWARFS):
            s = buf[DWARF + p * MAX_DWARFS + d]
            if s != D_ABSENT and s != D_HOSTAGE:
                best = max(best, buf[WEAPON + p * MAX_DWARFS + d])
    return best


@njit(**KERNEL)
def camouflaged_pick(buf, p, person):
    """Camouflaged Dwelling (F17): may p place `person` now, before the unarmed dwarf whose
    turn it is (`cur_person`), without paying a ruby? An armed dwarf of strength 1-3."""
    if person >= MAX_DWARFS or not has_furn(buf, p, F_CAMOUFLAGED):
        return False
    cur = buf[CUR_PERSON]
    if cur < 0 or cur >= MAX_DWARFS or buf[WEAPON + p * MAX_DWARFS + cur] != 0:
        return False
    w = buf[WEAPON + p * MAX_DWARFS + person]
    return 1 <= w <= CAMOUFLAGE_MAX_WEAPON


@njit(**KERNEL)
def orc_miner_haul(buf, p):
    """Orc Miner Dwelling (F18), at p's mining phase after the donkeys: if a friendly orc who is
    not a hostage lives in it (board.orc_homes), it hauls the ore mine no orc occupies with the
    most ore left on it (having nothing else to weigh, the engine picks it) into the supply, +1
    ore; with no such ore mine nothing happens."""
    if not has_furn(buf, p, F_ORC_MINER):
        return
    home = np.zeros(NUM_ORCS, np.int64)
    orc_homes(buf, p, home)
    worker = False
    for o in range(NUM_ORCS):
        if home[o] >= 0 and furn_id(buf, p, home[o]) == F_ORC_MINER:
            worker = not is_hostage_orc(buf, p, o)
    if not worker:
        return
    best = -1
    for c in range(board_cells(buf, p)):
        if buf[TILE + p * CELLS_ALL + c] == T_ORE_MINE and not orc_on(buf, p, c):
            if (
                best < 0
                or buf[MINE_GOODS + p * CELLS_ALL + c] > buf[MINE_GOODS + p * CELLS_ALL + best]
            ):
                best = c
    if best >= 0:
        r = RES + p * NUM_GOODS
        buf[r + ORE] += buf[MINE_GOODS + p * CELLS_ALL + best] + ORC_MINER_BONUS
        buf[MINE_GOODS + p * CELLS_ALL + best] = 0


@njit(**KERNEL)
def worker_orc(buf, p, person):
    """Orc Worker Dwelling (F21): is `person` of p the friendly orc living in it, who may take
    every action of a space but family growth and forging, not only the accumulated goods?"""
    if person < HOSTAGE_ORC or not has_furn(buf, p, F_ORC_WORKER):
        return False
    home = np.zeros(NUM_ORCS, np.int64)
    orc_homes(buf, p, home)
    c = home[person - HOSTAGE_ORC]
    return c >= 0 and furn_id(buf, p, c) == F_ORC_WORKER


@njit(**KERNEL)
def captain_types(buf, p, orc, row):
    """Orc Captain Dwelling (F19): friendly orc `orc` of p has just collected the goods `row`.
    If it is the orc living in the dwelling, the building materials among them (bits: wood 1,
    stone 2, ore 4), one of which it collects once more; else 0."""
    if not has_furn(buf, p, F_ORC_CAPTAIN):
        return 0
    home = np.zeros(NUM_ORCS, np.int64)
    orc_homes(buf, p, home)
    if home[orc] < 0 or furn_id(buf, p, home[orc]) != F_ORC_CAPTAIN:
        return 0
    bits = 0
    for g in (WOOD, STONE, ORE):
        if row[g] > 0:
            bits |= 1 << g
    return bits


@njit(**KERNEL)
def captain_extra(buf, p, g):
    """The Orc Captain's orc collects one more of material g (F19); stone feeds the Seam."""
    buf[RES + p * NUM_GOODS + g] += 1
    received(buf, p, 1 if g == STONE else 0, 0)


@njit(**KERNEL)
def received(buf, p, stone, dogs):
    """p has just received `stone` stone and `dogs` dogs: Seam (F8) 1 ore per stone; Dog School
    (F7) 1 wood per dog. Neither gain triggers anything further."""
    r = RES + p * NUM_GOODS
    if stone > 0 and has_furn(buf, p, F_SEAM):
        buf[r + ORE] += stone
    if dogs > 0 and has_furn(buf, p, F_DOG_SCHOOL):
        buf[r + WOOD] += dogs


@njit(**KERNEL)
def miner_ore(buf, p):
    """Miner (F2): at the start of each round 1 ore per ore mine holding a donkey, into the
    supply (not onto the mine, D37)."""
    if has_furn(buf, p, F_MINER):
        buf[RES + p * NUM_GOODS + ORE] += donkeys_in_mines(buf, p, True)


@njit(**KERNEL)
def newborn_bonus(buf, p, born, donkeys):
    """A breeding gave p `born` newborn farm animals, `donkeys` of them donkeys: Quarry (F3) 1
    stone per newborn donkey (which the Seam follows); Breeding Cave (F4) 1 food per newborn,
    5 for all four types. Paid at the birth, whether or not the newborn then finds a home."""
    r = RES + p * NUM_GOODS
    if donkeys > 0 and has_furn(buf, p, F_QUARRY):
        buf[r + STONE] += donkeys
        received(buf, p, donkeys, 0)
    if born > 0 and has_furn(buf, p, F_BREEDING_CAVE):
        buf[r + FOOD] += 5 if born == 4 else born


@njit(**KERNEL)
def mining_cave_discount(buf, p):
    """Mining Cave (F5): each feeding costs 1 food less per donkey in a mine (ore or ruby)."""
    return donkeys_in_mines(buf, p, False) if has_furn(buf, p, F_MINING_CAVE) else 0


@njit(**KERNEL)
def any_tile_x_furn(buf, p):
    """Has p one of the tiles every TILE_X action needs (Trader, Peaceful Cave, Hunting or
    Blacksmithing Parlor), unoccupied? One pass over the cells instead of a `has_furn` per
    action: without one, no `tile_x_ok` holds (masks.anytime_mask skips them; speed)."""
    for c in range(board_cells(buf, p)):
        f = buf[FURN + p * CELLS_ALL + c] - 1
        if (
            f == F_TRADER or f == F_PEACEFUL or f == F_HUNTING_PARLOR or f == F_BLACKSMITHING_PARLOR
        ) and not orc_on(buf, p, c):
            return True
    return False


@njit(**KERNEL)
def tile_x_ok(buf, p, k):
    """May p take any-time tile action TILE_X k now? The Trader (F9) with 2 gold; the Peaceful
    Cave (F10) for an armed dwarf of p who is not held hostage and not the person whose action
    is being resolved (an expedition's or fight's strength is that dwarf's weapon); the Hunting
    Parlor (F13) with 2 boars; the Blacksmithing Parlor (F13) with a ruby and an ore."""
    r = RES + p * NUM_GOODS
    if k == X_TRADER:
        return has_furn(buf, p, F_TRADER) and buf[r + GOLD] >= TRADER_GOLD
    if k == X_HUNTING:
        return has_furn(buf, p, F_HUNTING_PARLOR) and buf[r + BOAR] >= HUNTING_BOARS
    if k == X_SMITHING:
        enough = buf[r + RUBY] >= 1 and buf[r + ORE] >= 1
        return enough and has_furn(buf, p, F_BLACKSMITHING_PARLOR)
    d = k - X_PEACEFUL
    state = buf[DWARF + p * MAX_DWARFS + d]
    if state == D_ABSENT or state == D_HOSTAGE or buf[WEAPON + p * MAX_DWARFS + d] == 0:
        return False
    return buf[CUR_PERSON] != d and has_furn(buf, p, F_PEACEFUL)


@njit(**KERNEL)
def tile_x_apply(buf, p, k):
    """TILE_X k for p: the Trader buys 1 wood, 1 stone and 1 ore for 2 gold (the stone feeds
    the Seam); the Peaceful Cave turns dwarf k - 1's weapon into as much food; the Hunting
    Parlor turns 2 boars into 2 gold and 2 food (not a conversion to food: no Slaughtering
    Cave bonus; the boars leave the board as a conversion's do); the Blacksmithing Parlor 1
    ruby and 1 ore into 2 gold and 1 food."""
    r = RES + p * NUM_GOODS
    if k == X_TRADER:
        buf[r + GOLD] -= TRADER_GOLD
        buf[r + WOOD] += 1
        buf[r + STONE] += 1
        buf[r + ORE] += 1
        received(buf, p, 1, 0)
        return
    if k == X_HUNTING:
        buf[r + BOAR] -= HUNTING_BOARS
        buf[r + GOLD] += HUNTING_GOLD
        buf[r + FOOD] += HUNTING_FOOD
        rehouse(buf, p)
        return
    if k == X_SMITHING:
        buf[r + RUBY] -= 1
        buf[r + ORE] -= 1
        buf[r + GOLD] += SMITHING_GOLD
        buf[r + FOOD] += SMITHING_FOOD
        return
    d = k - X_PEACEFUL
    buf[r + FOOD] += buf[WEAPON + p * MAX_DWARFS + d]
    buf[WEAPON + p * MAX_DWARFS + d] = 0
