"""Batched engines and the vector envs built on them (issue 16).

* `BatchedEngine(env_id, N)`: N games in one buffer, `step(actions)` / `rollout(rng)` in one
  numba call (envs.vector.engine).
* `eurogym.envs.vector.gym`: Gymnasium vector envs (one learning seat against an opponent pool;
  every seat as a row) and the `gymnasium.make("eurogym/<Game>-v0")` single-seat envs.
* `eurogym.envs.vector.sb3`: a Stable-Baselines3 VecEnv that MaskablePPO trains on.

Importing this package compiles nothing: a game's parallel kernels are built (or loaded from
numba's cache) when its first BatchedEngine is created.
"""

from eurogym.envs.vector.engine import BatchedEngine, rng_words, rollout

__all__ = ["BatchedEngine", "rng_words", "rollout"]
