"""The env registry. A game is one folder: every subpackage of `eurogym.envs` (other than
`core`) with an `env` module is a game, and that module registers its env id on its last line
(`register(EnvSpec(...))`). The registry imports those modules on first use, in name order;
`eurogym.make` and `eurogym.list_envs` read it. There is no list of games and no if/elif over
game names anywhere."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.jit import notice_if_cold


@dataclass(frozen=True)
class EnvSpec:
    """What the suite needs to know about one env id."""

    env_id: str
    raw_env: type  # EuroAECEnv subclass
    wrapped_env: Callable[..., Any]  # env(): raw_env plus PettingZoo's standard wrappers
    engine: Any  # implements envs.core.engine.Engine
    player_counts: tuple[int, ...]
    data_package: str  # package whose data/ folder holds the component data
    data_files: tuple[str, ...]
    check_invariants: Callable[[Any], None]  # raises AssertionError on a broken state
    private_fields: tuple[str, ...] = ()  # state fields indexed by seat, seen only by that seat
    secret_fields: tuple[str, ...] = ()  # state fields nobody may observe (deck order, RNG)
    # Non-default rule options the conformance suite checks too, as (num_players, options):
    # every config flag that changes play should appear in one case.
    option_cases: tuple[tuple[int, dict[str, Any]], ...] = ()
    # Bad rule options, as (num_players, option, value): make() must raise a ConfigError naming
    # the option. The conformance suite requires a case for every name in `engine.options`.
    bad_option_cases: tuple[tuple[int, str, Any], ...] = ()


_REGISTRY: dict[str, EnvSpec] = {}
_LOADED = False
CORE = "core"  # the one subpackage of eurogym.envs that is not a game


def game_modules() -> list[str]:
    """The `env` module of every game folder under eurogym.envs, sorted by folder name. Found
    on disk, so they are imported on first use of the registry, not by `import eurogym.envs`:
    encoders and engines can import each other freely."""
    import eurogym.envs as package

    names = sorted(
        info.name
        for info in pkgutil.iter_modules(package.__path__)
        if info.ispkg and info.name != CORE
    )
    modules = [f"{package.__name__}.{name}.env" for name in names]
    return [m for m in modules if importlib.util.find_spec(m) is not None]


def _load_games() -> None:
    global _LOADED
    if _LOADED:
        return
    for module in game_modules():
        importlib.import_module(module)
    _LOADED = True


def register(spec: EnvSpec) -> None:
    if spec.env_id in _REGISTRY:
        raise ValueError(f"env id {spec.env_id!r} registered twice")
    _REGISTRY[spec.env_id] = spec


def spec(env_id: str) -> EnvSpec:
    _load_games()
    try:
        return _REGISTRY[env_id]
    except KeyError:
        raise ConfigError(f"unknown env {env_id!r}; known: {sorted(_REGISTRY)}") from None


def list_envs() -> list[str]:
    _load_games()
    return sorted(_REGISTRY)


def make(env_id: str, *, wrapped: bool = True, **kwargs: Any) -> Any:
    """Build env `env_id` (PettingZoo AEC). kwargs go to its raw_env: num_players, seed,
    render_mode, reward_mode and the game's rule options. `wrapped=False` gives the raw env."""
    entry = spec(env_id)
    if notice_if_cold(env_id, entry.data_package):
        from eurogym.envs.core import compile_ahead  # here: also runnable with -m

        compile_ahead.start(env_id)  # a second core compiles the other end of the first step
    return entry.wrapped_env(**kwargs) if wrapped else entry.raw_env(**kwargs)
