"""Errors raised by engines and envs. Both are ValueErrors so callers can catch either broadly."""


class IllegalActionError(ValueError):
    """An action that the current state's mask forbids; the state is left unchanged."""


class ConfigError(ValueError):
    """A game configuration that cannot be played (bad option name, value or combination)."""
