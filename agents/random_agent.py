"""The baseline every other agent must beat: a uniformly random legal action."""

from __future__ import annotations

from typing import Any

import numpy as np


class RandomAgent:
    """Uniform over the legal actions, from its own seeded numpy Generator (so a tournament
    game is reproducible from its seeds alone).

    Args:
        seed: seed of the agent's generator.
    """

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)

    def act(self, engine: Any, state: Any, player: int) -> int:
        legal = np.flatnonzero(engine.legal_action_mask(state, player))
        if legal.size == 0:
            raise ValueError(f"player {player} has no legal action (not their decision?)")
        return int(self.rng.choice(legal))
