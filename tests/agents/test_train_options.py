"""Training CLI options: the policy picked by default, the cnn policy's set-up (issue 16's faster
defaults, and the flags that restore the former ones), PPO flags reaching the model, the
--evaluate mode, and the optional behaviour-cloning warm start (agents.bc)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch as th

pytest.importorskip("sb3_contrib")

from gymnasium import spaces  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer  # noqa: E402

from eurogym.agents.bc import collect, fit  # noqa: E402
from eurogym.agents.ppo import (  # noqa: E402
    CNN_DEFAULTS,
    PPO_DEFAULTS,
    ReusedRolloutBuffer,
    build_model,
    default_heuristic_weight,
    default_n_envs,
    default_self_play,
    make_vec_env,
    resolve_policy,
)
from eurogym.agents.train import main, train  # noqa: E402

KB = "kingdom_builder_v0"


def test_auto_policy_is_cnn_only_for_envs_with_board_planes() -> None:
    assert resolve_policy("auto", KB) == "cnn"
    assert resolve_policy("auto", None) == "mlp"
    assert resolve_policy("mlp", KB) == "mlp"
    with pytest.raises(ValueError):
        resolve_policy("transformer", KB)


def _trunk(model: MaskablePPO) -> tuple[int, int]:
    extractor = model.policy.features_extractor
    return extractor.channels, len(extractor.blocks)


def test_cnn_defaults_apply_to_the_cnn_only_and_flags_restore_the_former_setup() -> None:
    vec = make_vec_env(KB, n_envs=1)
    cnn = build_model(vec, env_id=KB)
    assert (cnn.n_steps, cnn.n_epochs, cnn.batch_size) == (32, 1, PPO_DEFAULTS["batch_size"])
    assert _trunk(cnn) == (CNN_DEFAULTS["channels"], CNN_DEFAULTS["blocks"]) == (8, 1)
    former = build_model(vec, env_id=KB, n_steps=256, n_epochs=2, channels=16, blocks=2)
    assert (former.n_steps, former.n_epochs, _trunk(former)) == (256, 2, (16, 2))
    mlp = build_model(vec, env_id=KB, policy="mlp")
    assert (mlp.n_steps, mlp.n_epochs) == (PPO_DEFAULTS["n_steps"], PPO_DEFAULTS["n_epochs"])
    assert default_n_envs("auto", KB) == 64 and default_n_envs("mlp", KB) == 8
    assert default_n_envs("auto", "belfort_v0") == 8
    assert default_heuristic_weight("auto", KB) == 0.0
    assert default_heuristic_weight("auto", "belfort_v0") == 0.1
    assert default_self_play("auto", KB) == "all_seats"
    assert default_self_play("auto", "belfort_v0") == "pool"


def test_cli_trains_kingdom_builder_with_the_cnn_defaults(tmp_path: Path) -> None:
    main(
        [
            "--steps", "512", "--n-steps", "8", "--eval-every", "512", "--checkpoint-every",
            "512", "--eval-games", "1", "--heuristic-games", "0", "--no-progress",
            "--out", str(tmp_path),
        ]
    )  # fmt: skip
    model = MaskablePPO.load(tmp_path / "final.zip", device="cpu")
    assert model.n_envs == CNN_DEFAULTS["n_envs"] and model.num_timesteps == 512
    assert (model.n_steps, model.n_epochs, _trunk(model)) == (8, 1, (8, 1))
    last = (tmp_path / "log.csv").read_text().splitlines()[-1]
    assert last.endswith(",all_seats")  # self-play over all seats: no opponent pool


def test_pool_self_play_restores_one_learning_seat_without_the_heuristic(tmp_path: Path) -> None:
    main(
        [
            "--steps", "512", "--n-steps", "8", "--self-play", "pool", "--eval-every", "512",
            "--checkpoint-every", "512", "--eval-games", "1", "--heuristic-games", "0",
            "--no-progress", "--out", str(tmp_path),
        ]
    )  # fmt: skip
    last = (tmp_path / "log.csv").read_text().splitlines()[-1]
    assert last.endswith(",random|step_000000512")  # the pool: no heuristic opponent


def test_all_seat_self_play_needs_the_batched_engine(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="batched"):
        train(KB, steps=8, out=tmp_path, batched=False, self_play="all_seats", progress=False)


def test_reused_rollout_buffer_yields_the_same_transitions_as_sb3s_over_rollouts() -> None:
    n_steps, n_envs, obs_size, actions = 4, 3, 5, 6
    obs_space = spaces.Box(0.0, 1.0, (obs_size,), np.float32)
    args = (n_steps, obs_space, spaces.Discrete(actions))
    ours = ReusedRolloutBuffer(*args, gamma=0.9, gae_lambda=0.9, n_envs=n_envs)
    sb3 = MaskableRolloutBuffer(*args, gamma=0.9, gae_lambda=0.9, n_envs=n_envs)
    rng = np.random.default_rng(0)
    observations = ours.observations
    for _ in range(2):  # the second rollout reuses the first one's arrays
        for buffer in (ours, sb3):
            buffer.reset()
        for _ in range(n_steps):
            step = {
                "obs": rng.random((n_envs, obs_size), dtype=np.float32),
                "action": rng.integers(actions, size=n_envs),
                "reward": rng.random(n_envs),
                "episode_start": rng.random(n_envs) < 0.3,
                "value": th.as_tensor(rng.random(n_envs)),
                "log_prob": th.as_tensor(-rng.random(n_envs)),
                "action_masks": rng.random((n_envs, actions)) < 0.5,
            }
            for buffer in (ours, sb3):
                buffer.add(**step)
        last, dones = th.as_tensor(rng.random(n_envs)), rng.random(n_envs) < 0.5
        rows = []
        for buffer in (ours, sb3):
            buffer.compute_returns_and_advantage(last, dones)
            (batch,) = buffer.get()
            table = th.cat(
                [
                    batch.observations,
                    batch.actions.reshape(-1, 1).float(),
                    batch.old_values[:, None],
                    batch.old_log_prob[:, None],
                    batch.advantages[:, None],
                    batch.returns[:, None],
                    batch.action_masks,
                ],
                dim=1,
            ).numpy()
            rows.append(table[np.lexsort(table.T[::-1])])
        assert rows[0].shape == (n_steps * n_envs, obs_size + 5 + actions)
        np.testing.assert_allclose(rows[0], rows[1], rtol=1e-6)
    assert ours.observations.base is observations  # no new arrays: a flattened view of them


def test_cli_ppo_flags_reach_the_model_and_evaluate_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(
        [
            "--steps", "128", "--n-envs", "2", "--n-steps", "64", "--batch-size", "64",
            "--gamma", "0.5", "--learning-rate", "2e-4", "--policy", "mlp",
            "--eval-every", "128", "--checkpoint-every", "128", "--eval-games", "1",
            "--heuristic-games", "0", "--no-progress", "--out", str(tmp_path),
        ]
    )  # fmt: skip
    model = MaskablePPO.load(tmp_path / "final.zip", device="cpu")
    assert (model.gamma, model.n_steps, model.learning_rate) == (0.5, 64, 2e-4)
    capsys.readouterr()
    main(["--evaluate", str(tmp_path / "final.zip"), "--eval-games", "2", "--heuristic-games", "1"])
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and result["heuristic_games"] == 1
    assert 0.0 <= result["win_rate_vs_random"] <= 1.0
    assert 0.0 <= result["win_rate_vs_heuristic"] <= 1.0


def test_behaviour_cloning_fits_the_teachers_moves() -> None:
    model = build_model(make_vec_env(KB, n_envs=1), policy="mlp", n_steps=32, batch_size=64)
    data = collect(KB, games=1, seed=0, teacher="greedy", gamma=model.gamma, shaping=0.1)
    n = len(data["actions"])
    assert n > 10 and data["obs"].shape[0] == data["masks"].shape[0] == data["returns"].shape[0]
    assert data["masks"][np.arange(n), data["actions"]].all()

    def nll() -> float:
        with th.no_grad():
            _, log_prob, _ = model.policy.evaluate_actions(
                th.as_tensor(data["obs"]), th.as_tensor(data["actions"]), data["masks"]
            )
        return float(-log_prob.mean())

    before = nll()
    stats = fit(model, data, epochs=5, batch_size=64)
    assert nll() < before
    assert 0.0 <= stats["accuracy"] <= 1.0
