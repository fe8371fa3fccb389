"""Where the Centaur's and the Imps' tokens stand (spec Appendix C), as small kernels the base
rules (kernels.py) consult: a gnome lock holding the Centaur's token counts as filled for its
effect (not as a Gnome), and an Imp occupies the plank it stands on. A base-game state has
neither token, so every helper answers 0 for it."""

from __future__ import annotations

from numba import njit

from eurogym.envs.belfort.state import (
    ASST_HOLDER,
    BASE_SIZE,
    BUILT,
    CENTAUR_LOCK,
    EMPTY,
    GNOMES,
    IMP_SEAT,
    IMP_TYPE,
    MAX_IMPS,
    ON_PLANK,
)
from eurogym.envs.belfort.tables import LOCKS, NUM_PROPERTIES, PLANK_LOCKED
from eurogym.envs.belfort.xtables import CENTAUR, IMPS
from eurogym.envs.core.jit import ENTRY, KERNEL

NP = NUM_PROPERTIES


@njit(**KERNEL)
def centaur_token(buf, p, t):
    """1 if the Centaur's token fills a lock of p's type-t card (§6 step 3), else 0."""
    if buf.shape[0] <= BASE_SIZE or buf[CENTAUR_LOCK] != t:
        return 0
    return 1 if buf[ASST_HOLDER + CENTAUR] == p else 0


@njit(**KERNEL)
def filled_locks(buf, p, t):
    """Locks of p's type-t cards whose effect is on: gnomes plus the Centaur's token."""
    return buf[GNOMES + p * NP + t] + centaur_token(buf, p, t)


@njit(**KERNEL)
def free_locks(buf, p, t):
    """Empty locks on p's type-t cards (a gnome or the Centaur's token fills one)."""
    return buf[BUILT + p * NP + t] * LOCKS[t] - filled_locks(buf, p, t)


@njit(**KERNEL)
def imps_on(buf, q, t):
    """Imp tokens standing on planks of q's type-t cards."""
    if buf.shape[0] <= BASE_SIZE:
        return 0
    count = 0
    for i in range(MAX_IMPS):
        if buf[IMP_SEAT + i] == q and buf[IMP_TYPE + i] == t:
            count += 1
    return count


@njit(**ENTRY)
def free_planks(buf, q, t):
    """Empty, usable planks on q's built type-t cards (Appendix A: a plank behind a lock needs
    the lock filled); workers and Imps occupy them."""
    usable = filled_locks(buf, q, t) if PLANK_LOCKED[t] else buf[BUILT + q * NP + t]
    return usable - buf[ON_PLANK + q * NP + t] - imps_on(buf, q, t)


@njit(**KERNEL)
def imps_waiting(buf, p):
    """Imps of p's still on planks, to be activated in p's actions turn."""
    if buf.shape[0] <= BASE_SIZE:
        return 0
    count = 0
    for i in range(MAX_IMPS):
        if buf[IMP_SEAT + i] != EMPTY and buf[ASST_HOLDER + IMPS] == p:
            count += 1
    return count
