"""The convolutional policy (agents.cnn_policy): shapes, masking, a checkpoint round trip and
a tiny `--policy cnn` training run."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch as th

pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402

from eurogym.agents.cnn_policy import CnnMaskablePolicy, spatial_layout  # noqa: E402
from eurogym.agents.ppo import build_model, make_vec_env, policy_action  # noqa: E402
from eurogym.agents.train import main, train  # noqa: E402

KB = "kingdom_builder_v0"


@pytest.fixture(scope="module")
def model() -> MaskablePPO:
    vec = make_vec_env(KB, n_envs=2, seed=0)
    return build_model(vec, policy="cnn", env_id=KB, n_steps=32, batch_size=32)


def test_layout_matches_the_observation(model: MaskablePPO) -> None:
    (planes, rows, cols), scalars = spatial_layout(KB)
    assert planes * rows * cols + scalars == model.observation_space.shape[0]
    assert isinstance(model.policy, CnnMaskablePolicy)
    with pytest.raises(ValueError):
        spatial_layout("no_such_env")


def test_forward_shapes_and_masking(model: MaskablePPO) -> None:
    vec = model.get_env()
    obs = th.as_tensor(vec.reset())
    masks = np.stack(vec.env_method("action_masks")).astype(bool)
    n = model.action_space.n
    with th.no_grad():
        actions, values, log_prob = model.policy(obs, action_masks=masks)
        probs = model.policy.get_distribution(obs, action_masks=masks).distribution.probs
    assert actions.shape == (2,) and values.shape == (2, 1) and log_prob.shape == (2,)
    assert probs.shape == (2, n)
    assert np.all(probs.numpy()[~masks] == 0.0)
    assert np.allclose(probs.sum(1).numpy(), 1.0, atol=1e-5)
    assert all(masks[i, a] for i, a in enumerate(actions.numpy()))


def test_checkpoint_round_trip(model: MaskablePPO, tmp_path: Path) -> None:
    path = tmp_path / "cnn.zip"
    model.save(path)
    loaded = MaskablePPO.load(path, device="cpu")
    assert isinstance(loaded.policy, CnnMaskablePolicy)
    vec = model.get_env()
    obs = vec.reset()[0]
    mask = np.asarray(vec.env_method("action_masks")[0], dtype=bool)
    assert policy_action(loaded.policy, obs, mask, True) == policy_action(
        model.policy, obs, mask, True
    )


def test_tiny_cnn_training_run(tmp_path: Path) -> None:
    rows = train(
        KB,
        steps=256,
        out=tmp_path,
        eval_every=128,
        eval_games=2,
        heuristic_games=0,
        checkpoint_every=128,
        n_envs=2,
        n_steps=64,
        batch_size=64,
        progress=False,
        policy="cnn",
    )
    assert rows[-1]["timesteps"] == 256
    assert (tmp_path / "final.zip").exists()


def test_cli_rejects_an_unknown_policy() -> None:
    with pytest.raises(SystemExit):
        main(["--policy", "transformer"])
