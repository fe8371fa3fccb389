"""The engine interface every game implements, usable without PettingZoo (MCTS, tests, scripts).

`apply_action` mutates in place; callers that need the old state copy it first:
    child = state.copy(); engine.apply_action(child, a)
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np


class Engine(Protocol):
    """Functional rules engine for one game. A `State` has `copy()`, `to_json()` and
    `State.from_json(text)` (bit-exact)."""

    name: str
    num_actions: int
    player_counts: tuple[int, ...]

    def make_config(self, num_players: int, **options: Any) -> Any:
        """Validated, immutable config; raises ConfigError on a bad option."""

    def new_game(self, config: Any, seed: int) -> Any:
        """A fresh game; `seed` fully determines every chance event."""

    def current_player(self, state: Any) -> int:
        """Who decides now (may differ from whose turn it is)."""

    def legal_action_mask(self, state: Any, player: int) -> np.ndarray:
        """int8[num_actions]; all zeros when `player` is not to act or the game is over."""

    def apply_action(self, state: Any, action: int) -> None:
        """Apply in place, all or nothing; raises IllegalActionError naming action and phase."""

    def is_over(self, state: Any) -> bool: ...

    def final_scores(self, state: Any) -> np.ndarray:
        """Score per seat (float64[num_players]); valid once `is_over`."""

    def describe_action(self, state: Any, action: int) -> str:
        """Human-readable action, e.g. 'place@r4c7'."""

    def from_json(self, text: str) -> Any: ...

    def to_json(self, state: Any) -> str: ...
