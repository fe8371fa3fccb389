"""Caverna FF decisions about animals (A9): which types breed when the loot lets only two of
several breed, and (caverna_ff_v1) where unhoused animals go and rearranging (housing.py; the
automatic rules are board.py's `rehouse`). One handler per phase, each called only from
`kernels.act` (INLINE); each returns what is left to do (actions.ADVANCE or ASK).
"""

from __future__ import annotations

import numpy as np
from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_DONE,
    A_OPTION,
    A_SKIP,
    ADVANCE,
    ASK,
)
from eurogym.envs.caverna_ff.helpers import (
    decide,
)
from eurogym.envs.caverna_ff.housing import (
    HM_ASKED,
    ask_house,
    give_up,
    house_at,
    legal_units,
    lift_step,
)
from eurogym.envs.caverna_ff.office import action_cell
from eurogym.envs.caverna_ff.ops import (
    breed_picked,
)
from eurogym.envs.caverna_ff.stack import (
    OP_HOUSE,
    push_op,
)
from eurogym.envs.caverna_ff.state import (
    P_HOUSE_LIFT,
    REARRANGED,
    SUB,
)
from eurogym.envs.caverna_ff.tables import CELLS_ALL
from eurogym.envs.core.jit import (
    INLINE,
)


@njit(**INLINE)
def act_breed(buf, p, a):
    """P_BREED: add a farm animal type to the picks (bits in sub[1]); after the first pick a
    second may follow, DONE or the second pick breeds them."""
    if a != A_DONE:
        buf[SUB + 1] |= 1 << (a - A_OPTION)
    picks = buf[SUB + 1]
    if a != A_DONE and picks & (picks - 1) == 0:
        return ASK
    breed_picked(buf, p, picks)
    return ADVANCE


@njit(**INLINE)
def act_house(buf, p, a):
    """P_HOUSE (caverna_ff_v1): CELL c houses the unhoused animals of type sub[0] in unit c (as
    many as fit), DONE gives the rest of them up, OPTION 0 starts a rearrangement; then the
    next housing question, if any (housing.ask_house)."""
    t = buf[SUB + 0]
    if a == A_OPTION:
        decide(buf, P_HOUSE_LIFT, p)
        return ASK
    if a == A_DONE:
        give_up(buf, p, t)
    else:
        room = np.zeros(CELLS_ALL, np.int64)
        legal_units(buf, p, t, room)
        house_at(buf, p, t, action_cell(a), room)
    return ASK if ask_house(buf, p) else ADVANCE


@njit(**INLINE)
def act_house_lift(buf, p, a):
    """P_HOUSE_LIFT: take the animals out of unit a to house them again (SKIP: none); when
    housing new animals the rearrangement of this OP_HOUSE is used up either way, after a
    REARRANGE more units may follow until SKIP (housing.lift_step)."""
    if lift_step(buf, p, -1 if a == A_SKIP else action_cell(a)):
        return ASK
    return ASK if ask_house(buf, p) else ADVANCE


@njit(**INLINE)
def act_rearrange(buf, p):
    """REARRANGE (any-time, caverna_ff_v1, A9): p's housing decisions start after the pending
    decision's own op stack (empty at the decisions that offer it), and the pending decision
    is asked again afterwards (flow), without REARRANGE this time (`rearranged`)."""
    buf[REARRANGED] = p + 1
    push_op(buf, OP_HOUSE, HM_ASKED, p)
    return ADVANCE
