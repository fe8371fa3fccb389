"""All-seat self-play (agents.seat_ppo, envs.vector.sb3.AllSeatsVecEnv): every seat's rewards
reach that seat's own rows, advantages run along each seat's own sequence, and MaskablePPO's
update and checkpoints work on it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch as th

pytest.importorskip("sb3_contrib")

from gymnasium import spaces  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402

from eurogym.agents.ppo import build_model, make_vec_env  # noqa: E402
from eurogym.agents.seat_ppo import AllSeatsPPO, SeatRolloutBuffer  # noqa: E402
from eurogym.envs.vector.sb3 import AllSeatsVecEnv  # noqa: E402

KB = "kingdom_builder_v0"
GAMMA, LAMBDA = 0.9, 0.8


def _reference_gae(
    seats: np.ndarray,
    rewards: np.ndarray,
    dones: np.ndarray,
    values: np.ndarray,
    bootstrap: np.ndarray,
) -> np.ndarray:
    """Advantages of one game's rows, built the long way: cut the rows into each seat's own
    trajectory (a row's reward is everything the seat earned from its decision until its next
    one in the same episode), then textbook GAE on each trajectory."""
    steps, players = rewards.shape
    advantages = np.zeros(steps)
    for seat in range(players):
        trajectory: list[list] = []  # [row, reward, terminal]
        for t in range(steps):
            if seats[t] == seat:
                trajectory.append([t, 0.0, False])
            if trajectory and not trajectory[-1][2]:
                trajectory[-1][1] += rewards[t, seat]
                trajectory[-1][2] = bool(dones[t])
        gae, next_value = 0.0, bootstrap[seat]
        for row, reward, terminal in reversed(trajectory):
            live = 0.0 if terminal else 1.0
            delta = reward + GAMMA * next_value * live - values[row]
            gae = delta + GAMMA * LAMBDA * live * gae
            advantages[row], next_value = gae, values[row]
    return advantages


def test_seat_buffer_credits_each_seat_and_runs_gae_along_its_own_rows() -> None:
    steps, games, players, obs_size, actions = 24, 3, 2, 4, 5
    obs_space = spaces.Box(0.0, 1.0, (obs_size,), np.float32)
    buffer = SeatRolloutBuffer(
        steps,
        obs_space,
        spaces.Discrete(actions),
        gamma=GAMMA,
        gae_lambda=LAMBDA,
        n_envs=games,
        num_players=players,
    )
    rng = np.random.default_rng(3)
    for _ in range(2):  # the second rollout reuses the first one's arrays
        buffer.reset()
        # turns of 1-3 decisions by one seat, games ending at random points
        seats = np.zeros((steps, games), np.int64)
        for i in range(games):
            seat, t = int(rng.integers(players)), 0
            while t < steps:
                run = int(rng.integers(1, 4))
                seats[t : t + run, i] = seat
                t, seat = t + run, (seat + 1) % players
        rewards = rng.normal(size=(steps, games, players)).astype(np.float32)
        dones = rng.random((steps, games)) < 0.12
        values = rng.normal(size=(steps, games)).astype(np.float32)
        for t in range(steps):
            buffer.add(
                rng.random((games, obs_size), dtype=np.float32),
                rng.integers(actions, size=(games, 1)),
                np.zeros(games, np.float32),
                np.zeros(games, np.bool_),
                th.as_tensor(values[t]),
                th.as_tensor(-rng.random(games)),
                action_masks=np.ones((games, actions), np.bool_),
            )
            buffer.record(seats[t], rewards[t], dones[t])
        pending_games, pending_seats = buffer.pending()
        bootstrap = rng.normal(size=(games, players)).astype(np.float32)
        buffer.compute_seat_returns(bootstrap)
        for i in range(games):
            # a seat is pending when it decided after its game's last end in this rollout
            ends = np.flatnonzero(dones[:, i])
            since = ends[-1] + 1 if ends.size else 0
            expected = {s for s in range(players) if (seats[since:, i] == s).any()}
            assert set(pending_seats[pending_games == i].tolist()) == expected
            reference = _reference_gae(
                seats[:, i], rewards[:, i], dones[:, i], values[:, i], bootstrap[i]
            )
            np.testing.assert_allclose(buffer.advantages[:, i], reference, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(buffer.returns, buffer.advantages + values, rtol=1e-6)


def test_all_seats_env_gives_each_seat_its_own_shaped_and_final_rewards() -> None:
    shaping = 0.1
    env = AllSeatsVecEnv(KB, 4, num_players=2, reward_mode="score_margin", shaping=shaping, seed=5)
    obs = env.reset()
    batch = env.core.batch
    start = env._margins.copy()
    totals = np.zeros((4, 2))
    rng = np.random.default_rng(0)
    finished = 0
    while finished < 4:
        i = 0
        assert np.array_equal(obs[i], batch.encode_single(batch.view(i), int(env.deciders[i])))
        masks = env.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = env.step(actions)
        assert rewards.shape == (4, 2)
        totals += rewards
        for i in np.flatnonzero(dones):
            scores = infos[i]["final_scores"]
            margin = np.array([scores[0] - scores[1], scores[1] - scores[0]])
            # the shaping telescopes to the change of each seat's margin over the game
            expected = shaping * (margin - start[i]) + margin * env.core.score_scale
            np.testing.assert_allclose(totals[i], expected, rtol=1e-5, atol=1e-5)
            assert infos[i]["episode"]["r"] == pytest.approx(totals[i, 0], abs=1e-4)
            totals[i] = 0.0
            start[i] = env._margins[i]
            finished += 1


def test_all_seats_ppo_learns_and_saves_a_maskable_ppo_checkpoint(tmp_path: Path) -> None:
    vec = make_vec_env(KB, n_envs=4, all_seats=True, shaping=0.1)
    model = build_model(vec, env_id=KB, n_steps=16, batch_size=32)
    assert isinstance(model, AllSeatsPPO)
    model.learn(total_timesteps=128)
    assert model.num_timesteps == 128
    buffer = model.rollout_buffer
    assert np.isfinite(buffer.advantages).all() and set(np.unique(buffer.seats)) == {0, 1}
    model.save(tmp_path / "m.zip")
    loaded = MaskablePPO.load(tmp_path / "m.zip", device="cpu")
    obs = vec.reset()
    action, _ = loaded.predict(obs, action_masks=vec.action_masks(), deterministic=True)
    assert vec.action_masks()[np.arange(4), action].all()
