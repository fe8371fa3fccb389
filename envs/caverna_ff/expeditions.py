"""Caverna FF decisions of forging and expeditions (A8, B5) and of the rewards for defeating an
orc (B6): the weapon forged, the loot taken in order, the orc fought and the dogs spent, the
reward space or the orc's gold. One handler per phase, each called only from `kernels.act`
(INLINE); each returns what is left to do (actions.ADVANCE or ASK).
"""

from __future__ import annotations

from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_DONE,
    A_GOLD,
    A_LOOT,
    A_OPTION,
    A_ORC,
    A_SKIP,
    ADVANCE,
    ASK,
)
from eurogym.envs.caverna_ff.helpers import (
    action_reward,
    decide,
    finish_expedition,
    forge_cost,
    r_,
)
from eurogym.envs.caverna_ff.ops import (
    fight,
    take_loot,
    take_reward,
)
from eurogym.envs.caverna_ff.state import (
    CUR_PERSON,
    MAX_DWARFS,
    P_FIGHT_DOGS,
    P_ORC_GOLD,
    SUB,
    WEAPON,
)
from eurogym.envs.caverna_ff.tables import (
    GOLD,
    ORE,
    WOOD,
)
from eurogym.envs.core.jit import (
    INLINE,
)


@njit(**INLINE)
def act_forge(buf, p, a):
    """P_FORGE: the strength forged from ore (or wood at the Armory), or SKIP."""
    if a != A_SKIP:
        k = a - A_OPTION
        material = buf[SUB + 0]
        buf[r_(p, WOOD if material == 1 else ORE)] -= forge_cost(buf, p, material, k)
        buf[WEAPON + p * MAX_DWARFS + buf[CUR_PERSON]] = k
    return ADVANCE


@njit(**INLINE)
def act_loot(buf, p, a):
    """P_LOOT: take loot item a (it may ask a follow-up decision), or DONE to end the
    expedition (+1 strength if still armed, A8)."""
    if a == A_DONE:
        finish_expedition(buf, p)
        return ADVANCE
    return ASK if take_loot(buf, p, a - A_LOOT) else ADVANCE


@njit(**INLINE)
def act_fight_orc(buf, p, a):
    """P_FIGHT_ORC: the orc letter to fight; the dogs spent are asked next (B5)."""
    buf[SUB + 0] = a - A_ORC
    decide(buf, P_FIGHT_DOGS, p)
    return ASK


@njit(**INLINE)
def act_fight_dogs(buf, p, a):
    """P_FIGHT_DOGS: fight the chosen orc spending k dogs (B5)."""
    fight(buf, p, a - A_OPTION)
    return ADVANCE


@njit(**INLINE)
def act_reward(buf, p, a):
    """P_REWARD: the defeated orc's gold, or a reward space (it may ask a follow-up, B6)."""
    if a == A_GOLD:
        buf[r_(p, GOLD)] += buf[P_ORC_GOLD + buf[SUB + 0]]
        return ADVANCE
    return ASK if take_reward(buf, p, action_reward(a)) else ADVANCE
