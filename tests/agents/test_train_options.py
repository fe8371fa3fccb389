"""Training CLI options: the policy picked by default, PPO flags reaching the model, the
--evaluate mode, and the optional behaviour-cloning warm start (agents.bc)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch as th

pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402

from eurogym.agents.bc import collect, fit  # noqa: E402
from eurogym.agents.ppo import build_model, make_vec_env, resolve_policy  # noqa: E402
from eurogym.agents.train import main  # noqa: E402

KB = "kingdom_builder_v0"


def test_auto_policy_is_cnn_only_for_envs_with_board_planes() -> None:
    assert resolve_policy("auto", KB) == "cnn"
    assert resolve_policy("auto", None) == "mlp"
    assert resolve_policy("mlp", KB) == "mlp"
    with pytest.raises(ValueError):
        resolve_policy("transformer", KB)


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
