"""The Gymnasium ids of the games, registered by `import eurogym`: `eurogym/<Game>-v0`, e.g.
`gymnasium.make("eurogym/KingdomBuilder-v0", opponent="heuristic")` (envs.vector.gym).

Kept apart from envs.vector.gym so that registering imports nothing but gymnasium: the game
folders are found on disk (a folder with an env module is a game, as in envs.core.registry),
and a game is imported only when one of its ids is made.
"""

from __future__ import annotations

import functools
import pkgutil
from pathlib import Path
from typing import Any

import gymnasium

NAMESPACE = "eurogym"
VERSION = "v0"


def gym_name(folder: str) -> str:
    """A game folder's Gymnasium name: kingdom_builder -> KingdomBuilder, caverna_ff ->
    CavernaFF (parts of one or two letters are initials, written in capitals)."""
    return "".join(p.upper() if len(p) <= 2 else p.capitalize() for p in folder.split("_"))


def game_folders() -> list[str]:
    """The game folders under eurogym.envs, sorted, without importing any of them."""
    import eurogym.envs as package

    return sorted(
        info.name
        for info in pkgutil.iter_modules(package.__path__)
        if info.ispkg
        and any((Path(root) / info.name / "env.py").is_file() for root in package.__path__)
    )


def _make(folder: str, **kwargs: Any) -> gymnasium.Env:
    from eurogym.envs.vector.gym import make_selfplay_env

    return make_selfplay_env(folder, **kwargs)


def _make_vec(folder: str, **kwargs: Any) -> Any:
    from eurogym.envs.vector.gym import make_learner_vector_env

    return make_learner_vector_env(folder, **kwargs)


def register_gymnasium() -> list[str]:
    """Register `eurogym/<Game>-v0` for every game folder; returns the ids. Idempotent."""
    ids = []
    for folder in game_folders():
        env_id = f"{NAMESPACE}/{gym_name(folder)}-{VERSION}"
        ids.append(env_id)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point=functools.partial(_make, folder),
                vector_entry_point=functools.partial(_make_vec, folder),
            )
    return ids
