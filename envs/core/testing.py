"""Helpers for tests and benchmarks: seeded random play over any registered engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from eurogym.envs.core.jit import ENTRY
from eurogym.envs.core.rng import randint


@njit(**ENTRY)
def random_legal_action(mask, rng):
    """A uniformly random index i with mask[i] != 0 (int8 mask, int64[4] RNG words), or -1."""
    count = 0
    for i in range(mask.shape[0]):
        if mask[i]:
            count += 1
    if count == 0:
        return -1
    k = randint(rng, count)
    for i in range(mask.shape[0]):
        if mask[i]:
            if k == 0:
                return i
            k -= 1
    return -1


def random_playout(
    engine: Any,
    state: Any,
    rng: np.random.Generator,
    check: Callable[[Any], None] | None = None,
    max_decisions: int = 100_000,
) -> int:
    """Play uniformly random legal actions until the game ends; returns the decision count.
    `check(state)` runs after every decision. Raises RuntimeError past `max_decisions`."""
    decisions = 0
    while not engine.is_over(state):
        mask = engine.legal_action_mask(state, engine.current_player(state))
        engine.apply_action(state, int(rng.choice(np.flatnonzero(mask))))
        decisions += 1
        if check is not None:
            check(state)
        if decisions > max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return decisions


def random_pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniformly random legal index of `mask` (its non-zero entries)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(legal.size)])


def play_random_episode(env: Any, rng: np.random.Generator) -> int:
    """Play a reset PettingZoo AEC env to the end with uniformly random legal actions (from
    each observation's "action_mask"); returns the number of decisions (non-dead steps)."""
    decisions = 0
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            action = None
        else:
            action = random_pick(obs["action_mask"], rng)
            decisions += 1
        env.step(action)
    return decisions
