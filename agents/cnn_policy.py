"""A small convolutional MaskablePPO policy for envs whose observation starts with board planes.

Board games like Kingdom Builder choose most actions cell by cell (400 of its 409 actions are
"this hex"), which a flat MLP over a short feature vector learns badly. Here:

    flat obs = [planes (C*H*W, row-major), scalars (S)]       (the encoder's layout)

    trunk    conv3x3(C -> ch) + Linear(scalars) broadcast over the board, ReLU,
             then `blocks` residual conv3x3(ch -> ch) + ReLU        -> cell features [ch, H, W]
    pooled   mean and max of the cell features, with the scalars -> Linear -> ReLU  [hidden]
    policy   cell logits: 1x1 conv on the cell features (one logit per cell, actions 0..H*W-1);
             control logits (the remaining actions): Linear on the pooled features
    value    Linear on the pooled features

The layout is read from the env's encoder module (`PLANES_SHAPE`, `NUM_SCALARS`) through
`SPATIAL_ENCODERS`, so the policy class itself knows nothing about a particular game. The
action layout it assumes: the first H*W actions are the cells in row-major order, the rest are
control actions.

It plugs into SB3's policy structure (features extractor -> mlp_extractor -> action_net /
value_net), so `eurogym.agents.ppo.policy_action`, checkpoints and `MaskablePPO.load` work
unchanged:
the extractor outputs the flattened cell features followed by the pooled features, the
"mlp_extractor" only routes them (all of it to the actor, the pooled part to the critic).
"""

from __future__ import annotations

import importlib
from functools import partial
from typing import Any

import gymnasium as gym
import numpy as np
import torch as th
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

# env id -> encoder module exposing PLANES_SHAPE = (planes, rows, cols) and NUM_SCALARS, for
# envs whose flat observation is the planes (row-major) followed by the scalars
SPATIAL_ENCODERS: dict[str, str] = {
    "kingdom_builder_v0": "eurogym.encoders.kingdom_builder",
}
CHANNELS = 16  # 32 trains ~3x slower on one CPU thread (4.5 s vs 16.4 s per 2048-step update)
BLOCKS = 2
HIDDEN = 64


def spatial_layout(env_id: str) -> tuple[tuple[int, int, int], int]:
    """(planes shape (C, H, W), number of scalars) of `env_id`'s flat observation."""
    if env_id not in SPATIAL_ENCODERS:
        raise ValueError(
            f"no spatial observation layout known for {env_id!r} "
            f"(known: {sorted(SPATIAL_ENCODERS)}); use the mlp policy"
        )
    module = importlib.import_module(SPATIAL_ENCODERS[env_id])
    return tuple(int(d) for d in module.PLANES_SHAPE), int(module.NUM_SCALARS)  # type: ignore[return-value]


class PlanesExtractor(BaseFeaturesExtractor):
    """Conv trunk over the planes (+ broadcast scalars) and a pooled summary.

    Output: [cell features flattened (channels*H*W), pooled features (hidden)].
    """

    def __init__(
        self,
        observation_space: gym.spaces.Box,
        planes_shape: tuple[int, int, int],
        num_scalars: int,
        channels: int = CHANNELS,
        blocks: int = BLOCKS,
        hidden: int = HIDDEN,
    ):
        n_planes, rows, cols = (int(d) for d in planes_shape)
        n_board = n_planes * rows * cols
        n_obs = int(np.prod(observation_space.shape))
        if n_obs != n_board + num_scalars:
            raise ValueError(
                f"observation size {n_obs} != planes {tuple(planes_shape)} + {num_scalars} scalars"
            )
        super().__init__(observation_space, channels * rows * cols + hidden)
        self.planes_shape = (n_planes, rows, cols)
        self.num_scalars = int(num_scalars)
        self.channels = channels
        self.hidden = hidden
        self.n_board = n_board
        self.conv_in = nn.Conv2d(n_planes, channels, 3, padding=1)
        self.scalar_in = nn.Linear(self.num_scalars, channels)
        self.blocks = nn.ModuleList(
            nn.Conv2d(channels, channels, 3, padding=1) for _ in range(blocks)
        )
        self.pool_fc = nn.Linear(2 * channels + self.num_scalars, hidden)

    def forward(self, observations: th.Tensor) -> th.Tensor:
        batch = observations.shape[0]
        planes = observations[:, : self.n_board].reshape(batch, *self.planes_shape)
        scalars = observations[:, self.n_board :]
        x = th.relu(self.conv_in(planes) + self.scalar_in(scalars)[:, :, None, None])
        for conv in self.blocks:
            x = th.relu(x + conv(x))
        cells = x.flatten(2)  # [B, ch, H*W]
        pooled = th.cat([cells.mean(2), cells.amax(2), scalars], dim=1)
        pooled = th.relu(self.pool_fc(pooled))
        return th.cat([cells.flatten(1), pooled], dim=1)


class _Router(nn.Module):
    """Stands in for SB3's MlpExtractor: actor gets everything, critic the pooled part."""

    def __init__(self, features_dim: int, hidden: int):
        super().__init__()
        self.latent_dim_pi = features_dim
        self.latent_dim_vf = hidden
        self.hidden = hidden

    def forward(self, features: th.Tensor) -> tuple[th.Tensor, th.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)

    def forward_actor(self, features: th.Tensor) -> th.Tensor:
        return features

    def forward_critic(self, features: th.Tensor) -> th.Tensor:
        return features[:, -self.hidden :]


class SpatialActionHead(nn.Module):
    """Logits: one per cell from a 1x1 conv, then the control actions from the pooled part."""

    def __init__(self, channels: int, cells: int, hidden: int, num_control: int):
        super().__init__()
        self.channels = channels
        self.cells = cells
        self.hidden = hidden
        self.cell_logit = nn.Conv1d(channels, 1, 1)
        self.control_logits = nn.Linear(hidden, num_control) if num_control > 0 else None

    def forward(self, latent: th.Tensor) -> th.Tensor:
        batch = latent.shape[0]
        cells = latent[:, : self.channels * self.cells].reshape(batch, self.channels, self.cells)
        logits = self.cell_logit(cells)[:, 0]
        if self.control_logits is None:
            return logits
        return th.cat([logits, self.control_logits(latent[:, -self.hidden :])], dim=1)


class CnnMaskablePolicy(MaskableActorCriticPolicy):
    """MaskableActorCriticPolicy with `PlanesExtractor` and a fully convolutional cell head.

    Give `features_extractor_kwargs` with planes_shape and num_scalars (see `cnn_policy_kwargs`).
    """

    def _build_mlp_extractor(self) -> None:
        extractor = self.features_extractor
        self.mlp_extractor = _Router(extractor.features_dim, extractor.hidden)

    def _build(self, lr_schedule: Any) -> None:
        self._build_mlp_extractor()
        extractor = self.features_extractor
        _, rows, cols = extractor.planes_shape
        cells = rows * cols
        num_actions = int(self.action_space.n)
        if num_actions < cells:
            raise ValueError(f"{num_actions} actions < {cells} board cells")
        self.action_net = SpatialActionHead(
            extractor.channels, cells, extractor.hidden, num_actions - cells
        )
        self.value_net = nn.Linear(self.mlp_extractor.latent_dim_vf, 1)
        if self.ortho_init:
            for module, gain in (
                (self.features_extractor, np.sqrt(2)),
                (self.action_net, 0.01),
                (self.value_net, 1.0),
            ):
                module.apply(partial(self.init_weights, gain=gain))
            # init_weights skips Conv1d: a near-uniform initial policy over cells, like the rest
            nn.init.orthogonal_(self.action_net.cell_logit.weight, gain=0.01)
            nn.init.zeros_(self.action_net.cell_logit.bias)
        self.optimizer = self.optimizer_class(
            self.parameters(),
            lr=lr_schedule(1),  # type: ignore[call-arg]
            **self.optimizer_kwargs,
        )


def cnn_policy_kwargs(
    env_id: str, channels: int = CHANNELS, blocks: int = BLOCKS, hidden: int = HIDDEN
) -> dict[str, Any]:
    """`policy_kwargs` for MaskablePPO(CnnMaskablePolicy, ...) on `env_id`."""
    planes_shape, num_scalars = spatial_layout(env_id)
    return {
        "features_extractor_class": PlanesExtractor,
        "features_extractor_kwargs": {
            "planes_shape": planes_shape,
            "num_scalars": num_scalars,
            "channels": channels,
            "blocks": blocks,
            "hidden": hidden,
        },
        "share_features_extractor": True,
        "optimizer_kwargs": {"eps": 1e-5, "fused": True},
    }
