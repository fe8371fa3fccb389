"""Gymnasium views of the batched engines, and the `gymnasium.make` ids (issue 16).

* `LearnerVectorEnv`: a `gymnasium.vector.VectorEnv` of N games, one learning seat each
  against an opponent pool (envs.vector.seats.LearnerBatch), with `action_masks()`; same-step
  autoreset (a finished game's row already holds the next episode's first observation, the
  last one is in infos["final_obs"]).
* `AllSeatsVectorEnv`: every game's deciding seat is a row (whoever decides, one policy plays
  all seats): rewards per seat, `current_player` per row, as pgx and self-play PPO expect.
* the factories behind the `gymnasium.make("eurogym/KingdomBuilder-v0", opponent="heuristic")`
  ids (envs.vector.ids registers them): the single-seat `agents.selfplay.SelfPlayEnv`, and
  for `gymnasium.make_vec(..., vectorization_mode="vector_entry_point")` a `LearnerVectorEnv`.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from eurogym.envs.vector.engine import BatchedEngine
from eurogym.envs.vector.seats import REWARD_MODES, LearnerBatch


class LearnerVectorEnv(VectorEnv):
    """N games, one learning seat each, as a Gymnasium VectorEnv (arguments: LearnerBatch's).

    Observations float32[N, obs_size] (each learner's view); actions int[N]; rewards the
    learners' own; `action_masks()` bool[N, num_actions]; infos hold "action_mask" and
    "learning_seat" every step, and for finished games "final_obs" / "final_info"
    (object arrays, None elsewhere) with "win_share", "is_success", "illegal_action".
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, env_id: str, num_envs: int = 64, **kwargs: Any):
        self.core = LearnerBatch(env_id, num_envs, **kwargs)
        self.num_envs = self.core.num_envs
        batch = self.core.batch
        self.single_observation_space = spaces.Box(0.0, 1.0, (batch.obs_size,), np.float32)
        self.single_action_space = spaces.Discrete(batch.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if isinstance(seed, list):
            seed = seed[0]
        obs = self.core.reset(seed)
        if seed is not None:
            self.action_space.seed(seed)
        return obs.copy(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        obs, rewards, dones, infos = self.core.step(actions)
        out = self._infos()
        if dones.any():
            final_obs = np.full(self.num_envs, None, object)
            final_info = np.full(self.num_envs, None, object)
            for i in np.flatnonzero(dones):
                info = dict(infos[i])
                final_obs[i] = info.pop("terminal_observation")
                final_info[i] = info
            out.update(final_obs=final_obs, _final_obs=dones.copy())
            out.update(final_info=final_info, _final_info=dones.copy())
        truncated = np.zeros(self.num_envs, np.bool_)
        return obs.copy(), rewards, dones.copy(), truncated, out

    def action_masks(self) -> np.ndarray:
        return self.core.action_masks()

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self.core.action_masks(), "learning_seat": self.core.learners.copy()}


class AllSeatsVectorEnv:
    """N games in which every decision, whichever seat makes it, is a row: one policy plays all
    seats (self-play). Same-step autoreset.

    Args:
        env_id, num_envs, num_players, **options: as BatchedEngine.
        reward_mode: "win_loss" or "score_margin", per seat at each game's end.
        seed: the first game seeds (reset's seed replaces it).

    `reset()` -> (obs float32[N, obs_size], infos); `step(actions)` -> (obs, rewards
    float32[N, num_players], terminated bool[N], truncated bool[N], infos). rewards[i, s] is
    seat s's reward from game i's step (non-zero only when the game ended); infos hold
    "current_player" (the seat each row's observation and mask belong to), "action_mask", and
    for finished games "final_obs" (each seat's last observation, float32[num_players,
    obs_size]) and "final_scores". An illegal action raises IllegalActionError naming the
    game (no game changed): a masked policy never sends one.
    """

    def __init__(
        self,
        env_id: str,
        num_envs: int = 64,
        num_players: int | None = None,
        reward_mode: str = "win_loss",
        seed: int | None = None,
        **options: Any,
    ):
        if reward_mode not in REWARD_MODES:
            raise ValueError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
        self.batch = BatchedEngine(env_id, num_envs, num_players, **options)
        self.num_envs = self.batch.num_envs
        self.num_players = self.batch.num_players
        self.reward_mode = reward_mode
        self.seed = seed
        self.single_observation_space = spaces.Box(0.0, 1.0, (self.batch.obs_size,), np.float32)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        from eurogym.envs.core.registry import spec

        self.score_scale = float(spec(env_id).raw_env.score_scale)

    def reset(self, *, seed: int | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        seed = self.seed if seed is None else seed
        self.batch.reset(seed)
        return self.batch.obs.copy(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        batch = self.batch
        done = batch.step(actions, autoreset=False)  # restarted below, after the last looks
        rewards = np.zeros((self.num_envs, self.num_players), np.float32)
        infos: dict[str, Any] = {}
        if done.any():
            final_obs = np.full(self.num_envs, None, object)
            for i in np.flatnonzero(done):
                rewards[i] = self._rewards(batch.final_scores[i], int(i))
                state = batch.view(int(i))
                final_obs[i] = np.stack(
                    [batch.encode_single(state, s) for s in range(self.num_players)]
                )
            infos.update(final_obs=final_obs, final_scores=batch.final_scores.copy())
            batch.restart(done)
        infos.update(self._infos())
        truncated = np.zeros(self.num_envs, np.bool_)
        return batch.obs.copy(), rewards, done, truncated, infos

    def action_masks(self) -> np.ndarray:
        return self.batch.masks.astype(np.bool_)

    def _rewards(self, scores: np.ndarray, i: int) -> np.ndarray:
        if self.num_players == 1:
            won, margin = self.batch.engine.solo_outcome(self.batch.view(i))
            if self.reward_mode == "win_loss":
                return np.array([1.0 if won else -1.0])
            return np.array([margin * self.score_scale])
        if self.reward_mode == "win_loss":
            return np.where(scores == scores.max(), 1.0, -1.0)
        best_other = np.array(
            [np.delete(scores, s).max() for s in range(self.num_players)], np.float64
        )
        return (scores - best_other) * self.score_scale

    def _infos(self) -> dict[str, Any]:
        return {"current_player": self.batch.current_players(), "action_mask": self.action_masks()}


def _env_id(folder: str) -> str:
    from eurogym.envs.core.registry import list_envs, spec

    package = f"eurogym.envs.{folder}"
    for env_id in list_envs():
        if spec(env_id).data_package == package:
            return env_id
    raise gymnasium.error.Error(f"no eurogym env in {package}")


def make_selfplay_env(
    folder: str, opponent: Any = "random", num_players: int = 2, **kwargs: Any
) -> gymnasium.Env:
    """The single-seat env of a game folder (`agents.selfplay.SelfPlayEnv`); `opponent` is
    "random", "heuristic", an OpponentPool or a list of opponents; the other keyword
    arguments are SelfPlayEnv's (seat, seed, env_kwargs, shaping, strict)."""
    from eurogym.agents.selfplay import SelfPlayEnv

    env_id = _env_id(folder)
    seed = kwargs.get("seed")
    from eurogym.envs.vector.seats import opponent_pool

    pool = opponent_pool(opponent, env_id, 0 if seed is None else seed)
    return SelfPlayEnv(env_id, num_players=num_players, opponents=pool, **kwargs)


def make_learner_vector_env(folder: str, num_envs: int = 64, **kwargs: Any) -> LearnerVectorEnv:
    """`LearnerVectorEnv` of a game folder (gymnasium.make_vec's vector entry point); the
    keyword arguments are LearnerBatch's (opponent is accepted for `opponents`)."""
    if "opponent" in kwargs:
        kwargs["opponents"] = kwargs.pop("opponent")
    return LearnerVectorEnv(_env_id(folder), num_envs, **kwargs)
