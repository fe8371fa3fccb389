"""Fast random playouts for search agents: the whole uniformly random game loop in one numba
call (no Python per decision), exposed as `KingdomBuilderEngine.playout`.

Search agents (agents.mcts) use an engine's optional `playout(state, rng_words,
max_decisions)` when present and fall back to a Python loop over the engine otherwise.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.core.jit import ENTRY
from eurogym.envs.core.testing import random_legal_action
from eurogym.envs.kingdom_builder import kernels
from eurogym.envs.kingdom_builder.state import PHASE, PHASE_GAME_OVER, State
from eurogym.envs.kingdom_builder.tables import NEIGHBOURS


@njit(**ENTRY)
def playout_kernel(buf, nbr, mask, rng, max_decisions):
    """Uniformly random legal decisions (drawn from `rng`, int64[4] generator words, advanced
    in place) until the game ends or `max_decisions` were made (< 0: no limit). Returns the
    number of decisions made."""
    decisions = 0
    while buf[PHASE] != PHASE_GAME_OVER and decisions != max_decisions:
        action = random_legal_action(mask, rng)
        if action < 0:  # no legal action in a running game: cannot happen, but never spin
            break
        kernels.apply_action(buf, nbr, mask, action)
        decisions += 1
    return decisions


def playout(state: State, rng_words: np.ndarray, max_decisions: int = -1) -> int:
    """Play `state` on in place with uniformly random legal actions until the game is over or
    `max_decisions` decisions were made (-1: to the end). `rng_words` (int64[4], the
    envs.core.rng layout) drives the choices and is advanced in place; chance events inside
    the game still use the state's own generator. Returns the number of decisions made."""
    return int(playout_kernel(state.buf, NEIGHBOURS, state.mask, rng_words, max_decisions))
