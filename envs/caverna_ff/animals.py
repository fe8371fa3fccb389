"""Caverna FF decisions about farm animals (A9): which types breed when the loot lets only two of
several breed. Housing itself (where each animal lives) is board.py's `rehouse`. One handler per
phase, each called only from `kernels.act` (INLINE); each returns what is left to do
(actions.ADVANCE or ASK).
"""

from __future__ import annotations

from numba import (
    njit,
)

from eurogym.envs.caverna_ff.actions import (
    A_DONE,
    A_OPTION,
    ADVANCE,
    ASK,
)
from eurogym.envs.caverna_ff.ops import (
    breed_picked,
)
from eurogym.envs.caverna_ff.state import (
    SUB,
)
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
