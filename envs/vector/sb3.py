"""The batched games as Stable-Baselines3 `VecEnv`s (issue 16).

* `LearnerVecEnv`: one learning seat per game against an opponent pool, which sb3-contrib's
  MaskablePPO trains on directly. It is `LearnerBatch` (envs.vector.seats) behind SB3's
  interface: `step_async` / `step_wait` with autoreset (a finished game's info holds
  "terminal_observation" and Monitor's "episode" record, so SB3 logs ep_rew_mean without a
  Monitor wrapper), and `env_method("action_masks")` for MaskablePPO's masks.
* `AllSeatsVecEnv`: every decision of every seat is a row (one policy plays all seats), with
  rewards per seat. SB3's rollout buffer assumes one agent per row, so plain MaskablePPO cannot
  train on it: `eurogym.agents.seat_ppo.AllSeatsPPO` does, with advantages per seat.

Importing this module imports SB3 (and torch), hence a module of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv

from eurogym.envs.vector.gym import AllSeatsVectorEnv
from eurogym.envs.vector.seats import LearnerBatch


class _BatchVecEnv(VecEnv):
    """SB3's VecEnv bookkeeping shared by the batched envs: one object for all the games, so
    attributes and methods are the env's own and `action_masks` is answered per row."""

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)

    def seed(self, seed: int | None = None) -> Sequence[None | int]:
        """Seed the next `reset` (SB3 calls this before training)."""
        self._seed = seed
        return [seed] * self.num_envs

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


class LearnerVecEnv(_BatchVecEnv):
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

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        obs, rewards, dones, infos = self.core.step(self._actions)
        for i in np.flatnonzero(dones):
            infos[i]["TimeLimit.truncated"] = False
        return obs.copy(), rewards, dones.copy(), infos

    def action_masks(self) -> np.ndarray:
        """bool[N, num_actions], every learner's legal actions."""
        return self.core.action_masks()


class AllSeatsVecEnv(_BatchVecEnv):
    """N games in which every decision, whichever seat makes it, is a row (one policy plays
    every seat), with each seat's rewards: the training env of `agents.seat_ppo.AllSeatsPPO`.

    It is `AllSeatsVectorEnv` (envs.vector.gym) behind SB3's interface, plus the score shaping
    of the single-seat envs, per seat. `step_wait` returns rewards float32[N, num_players]:
    rewards[i, s] is what game i's step earned seat s, whoever moved (the final reward when the
    game ended, plus `shaping` x the change of s's score margin). `deciders` (int64[N]) is the
    seat whose view and mask each row of the observations holds; a row's action is that
    seat's. Finished games restart at once; their info holds "episode" (seat 0's return and
    decisions, so SB3's ep_rew_mean / ep_len_mean read as one seat's, as in LearnerVecEnv),
    "final_scores", "win_share" of seat 0 and "TimeLimit.truncated" (False).

    Args:
        env_id, num_envs, num_players, reward_mode, seed, **options: AllSeatsVectorEnv's.
        shaping: per-seat score-margin shaping (0 disables it).
    """

    def __init__(
        self,
        env_id: str,
        num_envs: int = 64,
        num_players: int | None = None,
        reward_mode: str = "win_loss",
        shaping: float = 0.0,
        seed: int | None = None,
        **options: Any,
    ):
        self.core = AllSeatsVectorEnv(
            env_id, num_envs, num_players=num_players, reward_mode=reward_mode, **options
        )
        batch = self.core.batch
        self.num_players = p = batch.num_players
        self.shaping = float(shaping)
        observation_space = spaces.Box(0.0, 1.0, (batch.obs_size,), np.float32)
        self.render_mode = None  # read back by VecEnv.__init__
        super().__init__(batch.num_envs, observation_space, spaces.Discrete(batch.num_actions))
        n = self.num_envs
        self.deciders = np.zeros(n, np.int64)
        self._margins = np.zeros((n, p))
        self._returns = np.zeros(n)
        self._lengths = np.zeros(n, np.int64)
        self._actions: np.ndarray | None = None
        self._seed = seed

    def reset(self) -> np.ndarray:
        seed, self._seed = self._seed, None
        obs, infos = self.core.reset(seed=seed)
        self.deciders = infos["current_player"]
        every = np.arange(self.num_envs)
        self._margins[:] = self._current_margins(every)
        self._returns[:] = 0.0
        self._lengths[:] = 0
        return obs

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        movers = self.deciders
        obs, rewards, dones, _, core_infos = self.core.step(self._actions)
        rewards = rewards.astype(np.float64)
        infos: list[dict] = [{} for _ in range(self.num_envs)]
        if self.shaping:
            margins = np.empty_like(self._margins)
            running = np.flatnonzero(~dones)
            margins[running] = self._current_margins(running)
            for i in np.flatnonzero(dones):
                margins[i] = _margins(core_infos["final_scores"][i])
            rewards += self.shaping * (margins - self._margins)
            self._margins = margins
        self._returns += rewards[:, 0]
        self._lengths += movers == 0
        for i in np.flatnonzero(dones):
            scores = core_infos["final_scores"][i]
            top = scores == scores.max()
            infos[i] = {
                "episode": {"r": float(self._returns[i]), "l": int(self._lengths[i])},
                "final_scores": scores.copy(),
                "win_share": float(top[0] / top.sum()),
                "TimeLimit.truncated": False,
            }
            self._returns[i] = 0.0
            self._lengths[i] = 0
            if self.shaping:  # the next game's margins, from its first state
                self._margins[i] = self._current_margins(np.array([i]))[0]
        self.deciders = core_infos["current_player"]
        return obs, rewards.astype(np.float32), dones.copy(), infos

    def action_masks(self) -> np.ndarray:
        """bool[N, num_actions]: each row's legal actions (its deciding seat's)."""
        return self.core.action_masks()

    def seat_observations(self, rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """float32[k, obs_size]: game rows[j] as seat seats[j] sees it now, whoever decides
        (the value of a seat's unfinished step at the end of a rollout is read from these)."""
        batch = self.core.batch
        obs = np.empty((len(rows), batch.obs_size), np.float32)
        for j, (i, s) in enumerate(zip(rows, seats, strict=True)):
            obs[j] = batch.encode_single(batch.view(int(i)), int(s))
        return obs

    def _current_margins(self, rows: np.ndarray) -> np.ndarray:
        batch = self.core.batch
        return np.array(
            [_margins(np.asarray(batch.engine.final_scores(batch.view(int(i))))) for i in rows],
            np.float64,
        ).reshape(len(rows), self.num_players)


def _margins(scores: np.ndarray) -> np.ndarray:
    """Each seat's score minus the best other seat's (0 for a solo game)."""
    scores = np.asarray(scores, np.float64)
    if scores.size == 1:
        return np.zeros(1)
    return np.array([scores[s] - np.delete(scores, s).max() for s in range(scores.size)])
