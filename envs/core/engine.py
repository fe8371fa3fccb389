"""The engine interface every game implements, usable without PettingZoo (MCTS, tests, scripts).

`apply_action` mutates in place; callers that need the old state copy it first:
    child = state.copy(); engine.apply_action(child, a)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from envs.core.errors import IllegalActionError


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


def decider_mask(mask: np.ndarray, player: int, decider: int, over: bool) -> np.ndarray:
    """`legal_action_mask` for a game whose state keeps its mask for the deciding seat: that
    mask (the state's own array; read it, don't write it) for `decider`, zeros for anyone else
    or once the game is over."""
    if player != decider or over:
        return np.zeros(mask.shape[0], np.int8)
    return mask


def require_legal(
    game: str,
    mask: np.ndarray,
    action: int,
    describe: Callable[[int], str],
    phase_name: str,
    decider: int,
) -> None:
    """Raise IllegalActionError (a ValueError) naming the action and the phase unless `mask`
    allows `action`; `describe` is only called to word the error."""
    if not 0 <= action < mask.shape[0] or not mask[action]:
        raise IllegalActionError(
            f"{game}: action {action} ({describe(action)}) is illegal in phase "
            f"'{phase_name}' for player {decider}"
        )
