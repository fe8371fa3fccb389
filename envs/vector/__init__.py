"""Batched engines and the vector envs built on them (issue 16).

* `BatchedEngine(env_id, N)`: N games in one buffer, `step(actions)` / `rollout(rng)` in one
  numba call (envs.vector.engine).
* `eurogym.envs.vector.gym`: Gymnasium vector envs (one learning seat against an opponent pool;
  every seat as a row); `eurogym.envs.vector.ids` registers the `gymnasium.make` ids.
* `eurogym.envs.vector.sb3`: a Stable-Baselines3 VecEnv that MaskablePPO trains on.

The names below load on first use: `import eurogym` imports this package (for the ids) and must
not load the batched kernels' modules, so the single-game envs' start-up stays as it was.
A game's kernels are built (or loaded from numba's cache) when its first BatchedEngine is made.
"""

from __future__ import annotations

from typing import Any

__all__ = ["BatchedEngine", "rng_words", "rollout"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from eurogym.envs.vector import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
