"""The engine interface every game implements, usable without PettingZoo (MCTS, tests, scripts).

`apply_action` mutates in place; callers that need the old state copy it first:
    child = state.copy(); engine.apply_action(child, a)
"""

from __future__ import annotations

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


class FlatEngine:
    """The shared part of every game's Engine: the games keep a flat state whose `mask` is the
    deciding seat's legal actions, whose `phase` names the decision, and which a numba kernel
    advances. A game subclasses this and sets the class attributes plus `make_config`,
    `new_game`, `final_scores`, `describe` and `run_kernel`; the checked step, the masks per
    seat, the game-over test and JSON are then the same code for all of them.
    """

    name: str
    game: str  # the short name used in error messages, e.g. "belfort"
    num_actions: int
    player_counts: tuple[int, ...]
    max_players: int
    state_type: type
    phase_names: tuple[str, ...]
    game_over_phase: int
    decider_field = "actor"  # the State attribute holding the deciding seat

    @staticmethod
    def describe(action: int, phase: int) -> str:
        """Human-readable action in a phase (the game's actions.describe)."""
        raise NotImplementedError

    @staticmethod
    def run_kernel(state: Any, action: int) -> None:
        """Apply an already checked action in place and run the automatic steps after it."""
        raise NotImplementedError

    def current_player(self, state: Any) -> int:
        """Who decides now; during another player's turn this can be a responder."""
        return getattr(state, self.decider_field)

    def is_over(self, state: Any) -> bool:
        return state.phase == self.game_over_phase

    def legal_action_mask(self, state: Any, player: int) -> np.ndarray:
        """int8[num_actions]: the state's own mask (read it, don't write it) for the deciding
        seat, zeros for anyone else or once the game is over."""
        if player != self.current_player(state) or self.is_over(state):
            return np.zeros(self.num_actions, np.int8)
        return state.mask

    def apply_action(self, state: Any, action: int) -> None:
        """Apply one decision in place. Raises IllegalActionError (a ValueError) naming the
        action and the phase, leaving the state untouched, if the mask forbids it."""
        mask = state.mask
        if not 0 <= action < mask.shape[0] or not mask[action]:
            phase = state.phase
            raise IllegalActionError(
                f"{self.game}: action {action} ({self.describe(action, phase)}) is illegal in "
                f"phase '{self.phase_names[phase]}' for player {self.current_player(state)}"
            )
        self.run_kernel(state, action)

    def describe_action(self, state: Any, action: int) -> str:
        return self.describe(action, state.phase)

    def to_json(self, state: Any) -> str:
        return state.to_json()

    def from_json(self, text: str) -> Any:
        return self.state_type.from_json(text)
