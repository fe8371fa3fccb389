"""The engine interface every game implements, usable without PettingZoo (MCTS, tests, scripts).

`apply_action` mutates in place; callers that need the old state copy it first:
    child = state.copy(); engine.apply_action(child, a)
"""

from __future__ import annotations

import json
from typing import Any, Protocol

import numpy as np

from eurogym.envs.core.errors import IllegalActionError, StateError


class Engine(Protocol):
    """Functional rules engine for one game. A `State` has `copy()`, `to_json()` and
    `State.from_json(text)` (bit-exact)."""

    name: str
    num_actions: int
    player_counts: tuple[int, ...]
    options: tuple[str, ...]  # the rule options make_config takes besides num_players

    def make_config(self, num_players: int, **options: Any) -> Any:
        """Validated, immutable config; raises ConfigError naming the option on a bad type or
        value of any option (num_players included) and on an unknown option name."""

    def new_game(self, config: Any, seed: int) -> Any:
        """A fresh game; `seed` fully determines every chance event. It must be an int in
        [0, 2**64) (numpy ints too): TypeError / ValueError otherwise (envs.core.rng.seed_words
        checks it)."""

    def current_player(self, state: Any) -> int:
        """Who decides now (may differ from whose turn it is)."""

    def legal_action_mask(self, state: Any, player: int) -> np.ndarray:
        """int8[num_actions]; all zeros when `player` is not to act or the game is over."""

    def apply_action(self, state: Any, action: int) -> None:
        """Apply in place, all or nothing; raises IllegalActionError naming action and phase."""

    def is_over(self, state: Any) -> bool: ...

    def final_scores(self, state: Any) -> np.ndarray:
        """Score per seat (float64[num_players]); valid once `is_over`."""

    def solo_outcome(self, state: Any) -> tuple[bool, float]:
        """Solo games only (a game with 1 in player_counts): whether the lone player won and
        their margin (own score minus the score to beat, or the score itself when the rules
        set none); the env's win_loss and score_margin rewards read it."""

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
    state_type: type  # the default game's state class
    # Every state class the engine plays, when a rule option gives a bigger layout (Belfort's
    # XState, Kingdom Builder's BigBoxState: the base fields first, the option's after them);
    # empty means (state_type,).
    state_types: tuple[type, ...] = ()
    phase_names: tuple[str, ...]
    game_over_phase: int
    options: tuple[str, ...] = ()  # the rule options make_config takes besides num_players
    decider_field = "actor"  # the State attribute holding the deciding seat

    @staticmethod
    def describe(action: int, phase: int) -> str:
        """Human-readable action in a phase (the game's actions.describe)."""
        raise NotImplementedError

    @staticmethod
    def run_kernel(state: Any, action: int) -> None:
        """Apply an already checked action in place and run the automatic steps after it."""
        raise NotImplementedError

    def solo_outcome(self, state: Any) -> tuple[bool, float]:
        """(won, margin) of a finished solo game; every game with 1 in player_counts overrides
        it with its rules' solo result (the conformance suite checks that it does)."""
        raise NotImplementedError(f"{self.game} has no solo game")

    @staticmethod
    def check_state(state: Any) -> None:
        """Game-specific consistency of a loaded state beyond the layout's bounds (seats below
        num_players, phase-consistent pending fields, counts within component totals). Raises
        StateError naming the field. Runs before the invariants and the mask kernel, so it must
        rule out everything that could make those read outside their arrays."""

    @staticmethod
    def check_invariants(state: Any) -> None:
        """The game's invariants (raise AssertionError); see the game's invariants module."""

    @staticmethod
    def compute_mask(state: Any) -> np.ndarray:
        """The legal actions of the state's deciding seat, recomputed from the fields."""
        raise NotImplementedError

    def current_player(self, state: Any) -> int:
        """Who decides now; during another player's turn this can be a responder."""
        self._require_state(state)
        return getattr(state, self.decider_field)

    def is_over(self, state: Any) -> bool:
        self._require_state(state)
        return state.phase == self.game_over_phase

    def options_of(self, state: Any) -> dict[str, Any]:
        """The rule options (for `make_config`) that deal games with `state`'s layout and
        action space, e.g. to start batched games like it; the default game needs none. Engines
        with several `state_types` override it."""
        self._require_state(state)
        return {}

    def legal_action_mask(self, state: Any, player: int) -> np.ndarray:
        """int8[n], read-only, n the size of the state's action space (`num_actions` in the
        default game): a view of the state's mask for the deciding seat, zeros for anyone else
        or once the game is over. Copy it to modify it."""
        if player != self.current_player(state) or self.is_over(state):
            mask = np.zeros(state.mask.shape[0], np.int8)
        else:
            mask = state.mask.view()
        mask.flags.writeable = False
        return mask

    def apply_action(self, state: Any, action: int) -> None:
        """Apply one decision in place. `action` must be an int (Python or numpy integer; a
        bool, float or str raises TypeError). Raises IllegalActionError (a ValueError) naming
        the action and the phase, leaving the state untouched, if the mask forbids it."""
        self._require_state(state)
        action = action_index(action)
        mask = state.mask
        if not 0 <= action < mask.shape[0] or not mask[action]:
            phase = state.phase
            described = self.describe(action, phase) if 0 <= action < mask.shape[0] else "?"
            raise IllegalActionError(
                f"{self.game}: action {action} ({described}) is illegal in "
                f"phase '{self.phase_names[phase]}' for player {self.current_player(state)}"
            )
        self.run_kernel(state, action)

    def describe_action(self, state: Any, action: int) -> str:
        self._require_state(state)
        return self.describe(action_index(action), state.phase)

    def to_json(self, state: Any) -> str:
        self._require_state(state)
        return state.to_json()

    def from_json(self, text: str) -> Any:
        """A state from untrusted JSON: structure, types and bounds (FlatState.from_json), then
        `validate`. Raises StateError (a ValueError) naming the problem."""
        state = self.parse_state(text)
        self.validate(state)
        return state

    def parse_state(self, text: str) -> Any:
        """A state parsed from JSON (structure, types and bounds; not yet `validate`d). With
        several `state_types`, the one whose layout has exactly the JSON's field names, else
        the closest, so the error names the fields that differ from it."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise StateError(f"state JSON must be text, got {type(text).__name__}")
        cls = self.state_type
        if self.state_types:
            try:
                fields = json.loads(text).get("fields")
            except (ValueError, AttributeError):
                fields = None  # the default class's parser names the problem
            if isinstance(fields, dict):
                names = set(fields)
                cls = min(self.state_types, key=lambda t: len(names ^ set(t.LAYOUT.fields)))
        return cls.from_json(text)

    def validate(self, state: Any) -> None:
        """Raise StateError unless `state` is one the kernels may run on: every field inside its
        bounds, the game's consistency checks, its invariants, and a mask equal to the legal
        actions recomputed from the fields."""
        self._require_state(state)
        state.check_bounds()
        self.check_state(state)
        try:
            self.check_invariants(state)
        except AssertionError as err:
            raise StateError(f"{self.game}: state breaks an invariant: {err}") from None
        expected = self.compute_mask(state)
        if not np.array_equal(expected, state.mask):
            diff = np.flatnonzero(expected != state.mask)
            raise StateError(
                f"{self.game}: state mask disagrees with the legal actions at {diff[:5].tolist()}"
            )

    def _require_state(self, state: Any) -> None:
        types = self.state_types or (self.state_type,)
        if type(state) not in types:
            raise TypeError(
                f"{self.game} engine got a {type(state).__name__} "
                f"({getattr(state, 'GAME', '?')}), expected "
                + " or ".join(t.__name__ for t in types)
            )


def action_index(action: Any) -> int:
    """`action` as a Python int, so numba sees one integer type whatever the caller passes.
    Only ints (Python or numpy) are actions: bool, float and str raise TypeError."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"an action must be an integer, got {action!r} ({type(action).__name__})")
    return int(action)
