"""The policy-value network of the AlphaZero-style agent (agents.alphazero), and its checkpoints.

    logits, values = net(obs)        obs: float32[B, obs_size], the mover's observation (the
                                     env's `encode(state, mover)`)
    logits: float32[B, num_actions]  policy logits (illegal actions are masked by the caller)
    values: float32[B, num_players]  value logits over the seats *relative to the mover*:
                                     softmax(values)[k] is the predicted win share of seat
                                     (mover + k) % num_players, so entry 0 is the mover's own

Per-seat values rather than one scalar from the mover's perspective, because these games have
2 to 5 players: a scalar cannot say which opponent is ahead, and the search backs up one value
per seat (as agents.mcts does) so each player picks by their own entry. Relative seats keep
the observation (already the mover's view) and the target in one frame: the network never has
to learn which absolute seat it is sitting in. The softmax makes the predictions a
distribution, as the targets (win shares: 1 to the sole winner, 1/k to each of k tied
winners) are.

Two trunks: "mlp" (two fully connected layers over the flat observation, any game) and "cnn"
(agents.cnn_policy's PlanesExtractor and per-cell SpatialActionHead, for envs whose
observation starts with board planes and whose first actions are the cells, i.e. Kingdom
Builder). "auto" picks the cnn where agents.cnn_policy knows a layout, as PPO's "auto" does.

Checkpoints are plain `torch.save` dicts (format, env id, player count, sizes, architecture,
search settings, weights) that load with `weights_only=True`, so loading one runs no pickled
code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import torch as th
from torch import nn

FORMAT = "eurogym-alphazero-1"
ARCHS = ("auto", "mlp", "cnn")
HIDDEN = 128


def resolve_arch(arch: str, env_id: str) -> str:
    """ "auto" is "cnn" for envs with a board-plane layout (agents.cnn_policy), else "mlp"."""
    if arch not in ARCHS:
        raise ValueError(f"unknown architecture {arch!r} (one of {ARCHS})")
    if arch != "auto":
        return arch
    from eurogym.agents.cnn_policy import SPATIAL_ENCODERS

    return "cnn" if env_id in SPATIAL_ENCODERS else "mlp"


class PolicyValueNet(nn.Module):
    """Policy logits over all actions and per-relative-seat value logits (module docstring).

    Args:
        obs_size: length of the flat observation.
        num_actions: the env's action count.
        num_players: seats per game (the value head's width).
        arch: "mlp" or "cnn" (resolve "auto" with `resolve_arch` first).
        env_id: needed by "cnn" (its board layout).
        hidden: width of the mlp layers / the cnn's pooled features.
        channels, blocks: the cnn's conv trunk (agents.cnn_policy defaults when None).
    """

    def __init__(
        self,
        obs_size: int,
        num_actions: int,
        num_players: int,
        arch: str = "mlp",
        env_id: str | None = None,
        hidden: int = HIDDEN,
        channels: int | None = None,
        blocks: int | None = None,
    ):
        super().__init__()
        self.arch = arch
        self.num_actions = num_actions
        self.num_players = num_players
        if arch == "mlp":
            self.trunk: nn.Module = nn.Sequential(
                nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
            )
            self.policy_head: nn.Module = nn.Linear(hidden, num_actions)
        elif arch == "cnn":
            import gymnasium as gym

            from eurogym.agents import cnn_policy

            if env_id is None:
                raise ValueError("arch='cnn' needs env_id (for the board layout)")
            planes, scalars = cnn_policy.spatial_layout(env_id)
            space = gym.spaces.Box(-np.inf, np.inf, (obs_size,), np.float32)
            channels = cnn_policy.CHANNELS if channels is None else channels
            extractor = cnn_policy.PlanesExtractor(
                space,
                planes,
                scalars,
                channels=channels,
                blocks=cnn_policy.BLOCKS if blocks is None else blocks,
                hidden=hidden,
            )
            cells = planes[1] * planes[2]
            if num_actions < cells:
                raise ValueError(f"{num_actions} actions < {cells} board cells")
            self.trunk = extractor
            self.policy_head = cnn_policy.SpatialActionHead(
                channels, cells, hidden, num_actions - cells
            )
        else:
            raise ValueError(f"unknown architecture {arch!r}")
        self.hidden = hidden
        self.value_head = nn.Linear(hidden, num_players)

    def forward(self, obs: th.Tensor) -> tuple[th.Tensor, th.Tensor]:
        latent = self.trunk(obs)
        pooled = latent[:, -self.hidden :]  # the mlp's whole output, the cnn's pooled part
        return self.policy_head(latent), self.value_head(pooled)

    def predict(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(policy logits float64[B, A], value probabilities float64[B, P] over relative seats)
        for a batch of observations, without gradients."""
        with th.no_grad():
            logits, values = self(th.as_tensor(np.asarray(obs, np.float32)))
            probs = th.softmax(values, dim=1)
        return logits.double().numpy(), probs.double().numpy()


def build_net(
    env_id: str,
    num_players: int,
    arch: str = "auto",
    hidden: int = HIDDEN,
    channels: int | None = None,
    blocks: int | None = None,
) -> tuple[PolicyValueNet, dict[str, Any]]:
    """A fresh network for `env_id` at `num_players`, and the architecture dict that
    `save_checkpoint` stores to rebuild it."""
    from eurogym import envs

    entry = envs.spec(env_id)
    engine = entry.engine
    state = engine.new_game(engine.make_config(num_players), 0)
    obs_size = int(entry.raw_env.encode(state, engine.current_player(state)).shape[0])
    spec = {
        "env_id": env_id,
        "num_players": int(num_players),
        "obs_size": obs_size,
        "num_actions": int(engine.num_actions),
        "arch": resolve_arch(arch, env_id),
        "hidden": int(hidden),
        "channels": channels,
        "blocks": blocks,
    }
    return _net_from_spec(spec), spec


def _net_from_spec(spec: dict[str, Any]) -> PolicyValueNet:
    return PolicyValueNet(
        spec["obs_size"],
        spec["num_actions"],
        spec["num_players"],
        arch=spec["arch"],
        env_id=spec["env_id"],
        hidden=spec["hidden"],
        channels=spec["channels"],
        blocks=spec["blocks"],
    )


def save_checkpoint(
    path: str | Path, net: PolicyValueNet, spec: dict[str, Any], search: dict[str, Any]
) -> None:
    """Write `net` with its architecture `spec` (from build_net) and the search settings the
    agent should play with by default (agents.az_search.SearchConfig fields)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "format": FORMAT,
        "spec": dict(spec),
        "search": dict(search),
        "state_dict": net.state_dict(),
    }
    tmp = path.with_name(path.name + ".tmp")
    th.save(payload, tmp)
    tmp.replace(path)  # a reader never sees half a file (the tournament may load mid-run)


def load_checkpoint(path: str | Path) -> tuple[PolicyValueNet, dict[str, Any], dict[str, Any]]:
    """(network in eval mode, architecture spec, search settings) of a checkpoint file.

    Raises:
        ValueError: the file is not an AlphaZero checkpoint of this format.
    """
    payload = th.load(Path(path), map_location="cpu", weights_only=True)
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise ValueError(f"{path} is not an AlphaZero checkpoint ({FORMAT})")
    spec = payload["spec"]
    net = _net_from_spec(spec)
    net.load_state_dict(payload["state_dict"])
    net.eval()
    return net, spec, payload["search"]
