"""Caverna FF kernels: the reward board's long strips (rules B6) beyond v0's L1, L2, L4, L5:
which reward a space gives (its row's strip), and the rewards of L3, L6 and L7 that do more
than hand out goods (Forger and Herald take a space's actions, the Orc Doctor's extra orc, the
Benefactor's food). The goods-only rewards are table rows (tables.REWARD_GAIN) and the
expeditions (Mercenary, Soldier) start from ops.take_reward.
"""

from __future__ import annotations

from numba import njit

from eurogym.envs.caverna_ff.board import free_orc_room, is_hostage_orc
from eurogym.envs.caverna_ff.helpers import program_feasible, space_count
from eurogym.envs.caverna_ff.orcs import ready_round
from eurogym.envs.caverna_ff.state import (
    D_ADULT,
    D_NEWBORN,
    DWARF,
    LONG_STRIP,
    MAX_DWARFS,
    O_DEFEATED,
    O_FRIENDLY,
    OCCUPANT,
    ORC_CELL,
    ORC_READY,
    ORC_STATE,
    ORC_STR,
    PICK_FORGER,
    RES,
    SPACE_OPEN,
)
from eurogym.envs.caverna_ff.tables import (
    BENEFACTOR_ADULT,
    BENEFACTOR_OTHER,
    FOOD,
    NUM_GOODS,
    NUM_ORCS,
    V0_ROW_STRIP,
)
from eurogym.envs.core.jit import KERNEL


@njit(**KERNEL)
def reward_kind(buf, r):
    """What reward space r (row * 4 + column) gives, an index into tables.REWARD_KIND_NAMES:
    its column on its row's long strip, caverna_ff_v1's dealt strip (`long_strip`) or v0's
    fixed L1, L2, L4, L5 (a v0 buffer ends before that field)."""
    row = r // 4
    strip = buf[LONG_STRIP + row] if buf.shape[0] > LONG_STRIP else V0_ROW_STRIP[row]
    return strip * 4 + r % 4


@njit(**KERNEL)
def space_pick_ok(buf, p, mode, s):
    """May the Forger (mode PICK_FORGER: an occupied space) or the Herald (an unoccupied one)
    of p take space s's actions (rules B6)? The space must be in play and one of its actions
    possible for the player alone: no dwarf stands on it, so nothing that needs the acting
    person (forging, an expedition) can be done (E21)."""
    if buf[SPACE_OPEN + s] == 0:
        return False
    if (buf[OCCUPANT + s] >= 0) != (mode == PICK_FORGER):
        return False
    return program_feasible(buf, p, -1, s)


@njit(**KERNEL)
def any_space_pick(buf, p, mode):
    for s in range(space_count(buf)):
        if space_pick_ok(buf, p, mode, s):
            return True
    return False


@njit(**KERNEL)
def orc_doctor(buf, p, o):
    """Orc Doctor (rules B6): with a free orc room, the game's one extra orc marker moves in
    and works for p from this round. The engine keeps it in the slot of the orc o whose defeat
    earned the reward (that orc has left the game for good, E21): o becomes a friendly orc."""
    i = p * NUM_ORCS + o
    if buf[ORC_STATE + i] != O_DEFEATED or free_orc_room(buf, p) < 0:
        return
    buf[ORC_STATE + i] = O_FRIENDLY
    buf[ORC_CELL + i] = -1
    buf[ORC_STR + i] = 0
    buf[ORC_READY + i] = ready_round(buf)


@njit(**KERNEL)
def benefactor_food(buf, p):
    """Benefactor (rules B6): 2 food per adult dwarf, 1 per newborn and per friendly orc;
    hostages are not in the family (D22) and get nothing."""
    food = 0
    for d in range(MAX_DWARFS):
        st = buf[DWARF + p * MAX_DWARFS + d]
        if st == D_ADULT:
            food += BENEFACTOR_ADULT
        elif st == D_NEWBORN:
            food += BENEFACTOR_OTHER
    for o in range(NUM_ORCS):
        if buf[ORC_STATE + p * NUM_ORCS + o] == O_FRIENDLY and not is_hostage_orc(buf, p, o):
            food += BENEFACTOR_OTHER
    return food


@njit(**KERNEL)
def give_benefactor(buf, p):
    buf[RES + p * NUM_GOODS + FOOD] += benefactor_food(buf, p)
