"""Strict checks for the public inputs of every game: config options and seeds.

Each game's `make_config` builds its Config only from values that went through these checks, so a
float player count, a string flag or a misspelt option fails at construction with a ConfigError
naming the option, instead of surfacing later as a TypeError in numpy or a silently different
game. Integers may be Python or numpy integers (returned as Python ints); bools are never
integers here, although Python treats them as such.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from eurogym.envs.core.errors import ConfigError

SEED_LIMIT = 2**64  # seeds are the 64-bit words envs.core.rng.seed_words mixes


def is_int(value: Any) -> bool:
    """True for Python and numpy integers, False for bools (and everything else)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_int(name: str, value: Any, lo: int | None = None, hi: int | None = None) -> int:
    """`value` as a Python int in [lo, hi] (a None bound is open); ConfigError otherwise."""
    if not is_int(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
        lo_text = "-inf" if lo is None else lo
        hi_text = "inf" if hi is None else hi
        raise ConfigError(f"{name} must be an int in [{lo_text}, {hi_text}], got {value!r}")
    return int(value)


def check_bool(name: str, value: Any) -> bool:
    """`value` as a bool (Python or numpy bool only: 0, 1 and "yes" are rejected)."""
    if not isinstance(value, (bool, np.bool_)):
        raise ConfigError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def check_choice(name: str, value: Any, choices: Iterable[str]) -> str:
    """`value` if it is one of the strings `choices`."""
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        raise ConfigError(f"{name} must be one of {choices}, got {value!r}")
    return value


def check_players(value: Any, counts: tuple[int, ...]) -> int:
    """The player count as an int among the game's `counts` (3.0 and True are not counts)."""
    if not is_int(value) or int(value) not in counts:
        raise ConfigError(f"num_players must be an int in {counts}, got {value!r}")
    return int(value)


def check_names(name: str, value: Any, known: tuple[str, ...], count: int) -> tuple[str, ...]:
    """A list or tuple of `count` distinct names from `known`, as a tuple."""
    if not isinstance(value, (list, tuple)):
        raise ConfigError(f"{name} must be a list of {count} names, got {value!r}")
    unknown = [v for v in value if not isinstance(v, str) or v not in known]
    if unknown:
        raise ConfigError(f"{name}: unknown or unavailable {unknown}; choose from {list(known)}")
    if len(value) != count or len(set(value)) != count:
        raise ConfigError(f"{name}: need {count} distinct names, got {list(value)}")
    return tuple(value)


def reject_unknown(game: str, options: dict[str, Any], valid: Iterable[str]) -> None:
    """ConfigError listing the option names outside `valid`, and the valid ones."""
    valid = sorted(valid)
    unknown = sorted(set(options) - set(valid))
    if unknown:
        raise ConfigError(f"unknown {game} option(s) {unknown}; valid: {valid}")


def check_seed(seed: Any) -> int:
    """A game seed as a Python int in [0, 2**64). Seeds are never reduced: 2**64 and -1 would
    otherwise replay the games of 0 and 2**64 - 1.

    Raises:
        TypeError: not an integer (bools, floats and strings included).
        ValueError: outside [0, 2**64).
    """
    if not is_int(seed):
        raise TypeError(f"seed must be an int in [0, 2**64), got {seed!r} ({type(seed).__name__})")
    if not 0 <= int(seed) < SEED_LIMIT:
        raise ValueError(f"seed must be an int in [0, 2**64), got {seed!r}")
    return int(seed)
