"""Errors raised by engines and envs. Both are ValueErrors so callers can catch either broadly."""


class IllegalActionError(ValueError):
    """An action that the current state's mask forbids; the state is left unchanged."""


class ConfigError(ValueError):
    """A game configuration that cannot be played (bad option name, value or combination)."""


class StateError(ValueError):
    """A game state (from JSON, a record or a hand-edited buffer) that the engine refuses to
    play: a field of the wrong type or outside its range, or values that contradict each other.
    The message names the field. Engines only run kernels on states that passed this check."""
