"""Every registered env works with the self-play wrapper and MaskablePPO with no game-specific
agent code: the learning seat gets its own final result, and a tiny training run completes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from eurogym import envs
from eurogym.agents.selfplay import SelfPlayEnv

pytest.importorskip("sb3_contrib")

from eurogym.agents.train import train  # noqa: E402

ENV_IDS = envs.list_envs()


@pytest.mark.parametrize("env_id", ENV_IDS)
@pytest.mark.parametrize("seat", [0, 1])
def test_learning_seat_gets_its_own_game_result(env_id: str, seat: int) -> None:
    env = SelfPlayEnv(env_id, seat=seat, seed=11)
    rng = np.random.default_rng(seat)
    for _ in range(3):
        env.reset()
        rewards, done, info = [], False, {}
        while not done:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _, reward, terminated, truncated, info = env.step(action)
            rewards.append(reward)
            done = terminated or truncated
        scores = env.raw.engine.final_scores(env.raw.state_)
        assert all(r == 0.0 for r in rewards[:-1])
        assert rewards[-1] == (1.0 if scores[seat] == scores.max() else -1.0)
        top = scores == scores.max()
        assert info["win_share"] == pytest.approx(top[seat] / top.sum())


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_tiny_training_run(env_id: str, tmp_path: Path) -> None:
    rows = train(
        env_id,
        steps=128,
        out=tmp_path,
        eval_every=128,
        eval_games=1,
        heuristic_games=1,
        checkpoint_every=128,
        n_envs=2,
        n_steps=64,
        batch_size=64,
        progress=False,
    )
    assert [r["timesteps"] for r in rows] == [0, 128]
    assert (tmp_path / "final.zip").exists()
