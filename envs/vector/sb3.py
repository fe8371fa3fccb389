"""`LearnerVecEnv`: the batched single-seat games as a Stable-Baselines3 `VecEnv`, which
sb3-contrib's MaskablePPO trains on directly (issue 16).

It is `LearnerBatch` (envs.vector.seats) behind SB3's interface: `step_async` / `step_wait`
with autoreset (a finished game's info holds "terminal_observation" and Monitor's "episode"
record, so SB3 logs ep_rew_mean without a Monitor wrapper), and `env_method("action_masks")`
for MaskablePPO's masks. Importing it imports SB3 (and torch), hence a module of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv

from eurogym.envs.vector.seats import LearnerBatch


class LearnerVecEnv(VecEnv):
    """N games, one learning seat each against an opponent pool, as an SB3 VecEnv.

    The arguments are LearnerBatch's (env_id, num_envs, num_players, opponents, seat, seed,
    reward_mode, shaping, strict, illegal_reward, rule options).
    """

    def __init__(self, env_id: str, num_envs: int = 64, **kwargs: Any):
        self.core = LearnerBatch(env_id, num_envs, **kwargs)
        batch = self.core.batch
        observation_space = spaces.Box(0.0, 1.0, (batch.obs_size,), np.float32)
        self.render_mode = None  # read back by VecEnv.__init__
        super().__init__(self.core.num_envs, observation_space, spaces.Discrete(batch.num_actions))
        self._actions: np.ndarray | None = None
        self._seed: int | None = kwargs.get("seed")

    @property
    def pool(self) -> Any:
        """The opponent pool (shared: add checkpoints to it during training)."""
        return self.core.pool

    def reset(self) -> np.ndarray:
        seed, self._seed = self._seed, None
        return self.core.reset(seed).copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        obs, rewards, dones, infos = self.core.step(self._actions)
        for i in np.flatnonzero(dones):
            infos[i]["TimeLimit.truncated"] = False
        return obs.copy(), rewards, dones.copy(), infos

    def seed(self, seed: int | None = None) -> Sequence[None | int]:
        """Seed the next `reset` (SB3 calls this before training)."""
        self._seed = seed
        return [seed] * self.num_envs

    def action_masks(self) -> np.ndarray:
        """bool[N, num_actions], every learner's legal actions."""
        return self.core.action_masks()

    def close(self) -> None:
        pass

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self, attr_name)] * len(self._indices(indices))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self, attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
    ) -> list[Any]:
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in rows]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result] * len(rows)

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * len(self._indices(indices))

    def has_attr(self, attr_name: str) -> bool:
        return hasattr(self, attr_name)

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None] * self.num_envs

    def _indices(self, indices: None | int | Iterable[int]) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)
