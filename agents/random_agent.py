"""The baseline every other agent must beat: a uniformly random legal action."""

from __future__ import annotations

from typing import Any

import numpy as np

from eurogym.agents.base import legal_actions


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
        legal = legal_actions(engine, state, player)
        return int(self.rng.choice(legal))
