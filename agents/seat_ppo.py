"""MaskablePPO self-play in which every seat's decision is a training row (issue 16).

With one learning seat per game (`envs.vector.sb3.LearnerVecEnv`), the other seats' moves
cost forward passes of frozen checkpoints and never become training data. Here one policy
plays every seat of `envs.vector.sb3.AllSeatsVecEnv`'s games and each decision is a row of the
rollout, so an engine step is a training sample and no opponent forward pass is needed.

SB3's rollout buffer assumes one agent per row: the next row of a game is the same agent's
next step. Here consecutive rows of a game may belong to different seats, and a seat's reward
arrives while the other seat moves. So `SeatRolloutBuffer` keeps each row's seat and credits
every reward to the latest row of the seat it belongs to; the advantages (GAE) then run along
each seat's own sequence of rows within each game: the next value of a row is the value of
the same seat's next decision, 0 at the game's end. A seat's last row of the rollout, whose
next decision has not happened yet, is bootstrapped with the value of the game as that seat
sees it at the end of the rollout, as SB3 bootstraps with the last observation's value.
Discounting is per own decision, as for a learner seat in `LearnerVecEnv`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch as th
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.utils import obs_as_tensor

from eurogym.agents.ppo import ReusedRolloutBuffer


class SeatRolloutBuffer(ReusedRolloutBuffer):
    """A rollout of rows that belong to different seats of the same games (see the module).

    Use: `add(...)` a step's rows with zero rewards, then `record(seats, rewards, dones)` with
    the seat that decided each row and every seat's rewards float[n_envs, num_players] from
    that step; at the end `pending()` names the seats whose last row still needs a bootstrap
    value and `compute_seat_returns(bootstrap)` fills advantages and returns.
    """

    _ARRAYS = (*ReusedRolloutBuffer._ARRAYS, "seats", "terminals")

    def __init__(self, *args: Any, num_players: int = 2, **kwargs: Any):
        self.num_players = num_players
        super().__init__(*args, **kwargs)

    def reset(self) -> None:
        if getattr(self, "_kept", None) is None:
            self.seats = np.zeros((self.buffer_size, self.n_envs), np.int64)
            self.terminals = np.zeros((self.buffer_size, self.n_envs), np.bool_)
        super().reset()
        # the row index of each game's and seat's latest step, -1 for none in this rollout
        self._latest = np.full((self.n_envs, self.num_players), -1, np.int64)

    def record(self, seats: np.ndarray, rewards: np.ndarray, dones: np.ndarray) -> None:
        """After `add`: the row just added was decided by seats[i] in game i; rewards[i, s] is
        what that step earned seat s (credited to s's latest row, this one for the mover);
        dones[i] ends game i, so every seat's latest row in it is terminal."""
        pos = self.pos - 1
        games = np.arange(self.n_envs)
        self.seats[pos] = seats
        self.terminals[pos] = False
        self._latest[games, seats] = pos
        game, seat = np.nonzero(self._latest >= 0)
        self.rewards[self._latest[game, seat], game] += rewards[game, seat]
        for i in np.flatnonzero(dones):
            rows = self._latest[i][self._latest[i] >= 0]
            self.terminals[rows, i] = True
            self._latest[i] = -1

    def pending(self) -> tuple[np.ndarray, np.ndarray]:
        """(games, seats) whose latest row is not terminal: they need a bootstrap value."""
        return np.nonzero(self._latest >= 0)

    def compute_seat_returns(self, bootstrap: np.ndarray) -> None:
        """GAE along each game's and seat's own rows. bootstrap[i, s]: the value of game i for
        seat s after the rollout (read only where `pending()`)."""
        games = np.arange(self.n_envs)
        next_value = np.where(self._latest >= 0, bootstrap, 0.0).astype(np.float32)
        next_gae = np.zeros((self.n_envs, self.num_players), np.float32)
        for t in reversed(range(self.buffer_size)):
            seat = self.seats[t]
            live = 1.0 - self.terminals[t]
            delta = self.rewards[t] + self.gamma * next_value[games, seat] * live - self.values[t]
            gae = delta + self.gamma * self.gae_lambda * live * next_gae[games, seat]
            self.advantages[t] = gae
            next_value[games, seat] = self.values[t]
            next_gae[games, seat] = gae
        self.returns = self.advantages + self.values


class AllSeatsPPO(MaskablePPO):
    """MaskablePPO whose rollouts come from `AllSeatsVecEnv`: every seat's decision is a row,
    with per-seat rewards and advantages (`SeatRolloutBuffer`). The update, the saved model
    and its policy are MaskablePPO's: `MaskablePPO.load` reads its checkpoints."""

    def __init__(self, *args: Any, **kwargs: Any):
        env = args[1] if len(args) > 1 else kwargs["env"]
        kwargs["rollout_buffer_class"] = SeatRolloutBuffer
        kwargs["rollout_buffer_kwargs"] = {"num_players": env.num_players}
        super().__init__(*args, **kwargs)

    def collect_rollouts(  # type: ignore[override]
        self,
        env: Any,
        callback: BaseCallback,
        rollout_buffer: SeatRolloutBuffer,
        n_rollout_steps: int,
        use_masking: bool = True,
    ) -> bool:
        self.policy.set_training_mode(False)
        rollout_buffer.reset()
        callback.on_rollout_start()
        for _ in range(n_rollout_steps):
            masks = env.action_masks()
            with th.no_grad():
                obs = obs_as_tensor(self._last_obs, self.device)
                actions, values, log_probs = self.policy(obs, action_masks=masks)
            actions = actions.cpu().numpy()
            seats = env.deciders.copy()
            new_obs, rewards, dones, infos = env.step(actions)
            self.num_timesteps += env.num_envs
            callback.update_locals(locals())
            if not callback.on_step():
                return False
            self._update_info_buffer(infos, dones)
            rollout_buffer.add(
                self._last_obs,
                actions.reshape(-1, 1),
                np.zeros(env.num_envs, np.float32),
                self._last_episode_starts,
                values,
                log_probs,
                action_masks=masks,
            )
            rollout_buffer.record(seats, rewards, dones)
            self._last_obs = new_obs
            self._last_episode_starts = dones
        games, seats = rollout_buffer.pending()
        bootstrap = np.zeros((env.num_envs, env.num_players), np.float32)
        if games.size:
            obs = env.seat_observations(games, seats)
            with th.no_grad():
                values = self.policy.predict_values(obs_as_tensor(obs, self.device))
            bootstrap[games, seats] = values.cpu().numpy().ravel()
        rollout_buffer.compute_seat_returns(bootstrap)
        callback.on_rollout_end()
        return True
