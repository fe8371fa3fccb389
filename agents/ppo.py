"""MaskablePPO (sb3-contrib) for our envs: model defaults, frozen-checkpoint opponents, an
engine-level adapter, and evaluation.

Why these pieces:
    * `build_model` fixes defaults that train fast on a CPU: one shared linear layer reads the
      flat observation (thousands of inputs, so it dominates the cost) for both the policy and
      the value head, followed by small heads.
    * `PolicyOpponent` lets a saved checkpoint play a seat in `SelfPlayEnv` (self-play against
      frozen past selves), loading lazily so a pool can list many checkpoints cheaply.
    * `PPOAgent` lets a trained model play at engine level (`act(engine, state, player)`), so
      it enters tournaments next to the heuristic and search agents.
    * `evaluate` measures the win rate of a model against one opponent through the same
      `SelfPlayEnv` used in training, with the seats rotating.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch as th
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from stable_baselines3.common.vec_env import DummyVecEnv, VecEnv

from eurogym import envs
from eurogym.agents.selfplay import Opponent, OpponentPool, RandomOpponent, SelfPlayEnv

PPO_DEFAULTS: dict[str, Any] = {
    "n_steps": 256,  # per env; x n_envs (8) = 2048 transitions per update
    "batch_size": 256,
    "n_epochs": 2,  # 4: ~20% fewer steps/s and no better per minute (docs/ppo_experiments.md)
    "learning_rate": 1e-3,  # with 3e-4 Kingdom Builder stayed near 70% vs random for 60k steps
    # short horizon: with score shaping (agents.train's default) most of a move's value is
    # the points it gains right away, and a short horizon keeps the opponents' later moves
    # out of its advantage (0.995 / 0.95 suited the end-of-game reward alone)
    "gamma": 0.9,
    "gae_lambda": 0.9,
    "ent_coef": 0.01,
    "clip_range": 0.2,
}
FEATURES_DIM = 32  # the MLP's shared first layer; 64 trains ~1.2x slower
POLICIES = ("auto", "mlp", "cnn")
# The cnn policy's (Kingdom Builder's) training set-up, where it differs from PPO_DEFAULTS, the
# cnn's own sizes (agents.cnn_policy, which AlphaZero's net also uses) and N_ENVS, for issue
# 16's target of 3x the train steps/s of the set-up at its filing (docs/ppo_experiments.md).
# Self-play over all seats (agents.seat_ppo): one policy plays every seat and every decision
# is a training row, so no frozen opponent's forward pass is spent on moves that are never
# learned from (they were about a quarter of the time); "pool" is the former set-up, one
# learning seat per game against random and the last checkpoints. 64 batched games share
# every forward pass (still 2048 transitions per update: 64 x 32), one epoch halves the
# update, and a trunk of 8 channels and 1 residual block makes each sample's forward and
# backward passes cheaper. No heuristic opponent in the pool (for "pool"): it plays in Python
# at ~2 ms a decision, about as much as the learner's forward passes for all 64 games.
# `--num-envs 8 --n-steps 256 --n-epochs 2 --channels 16 --blocks 2 --heuristic-weight 0.1
# --self-play pool` restores the former set-up.
CNN_DEFAULTS: dict[str, Any] = {
    "self_play": "all_seats",
    "n_envs": 64,
    "n_steps": 32,
    "n_epochs": 1,
    "channels": 8,
    "blocks": 1,
    "heuristic_weight": 0.0,
}
N_ENVS = 8  # games stepped together for the mlp policy
HEURISTIC_WEIGHT = 0.1  # the heuristic's weight in the mlp policy's opponent pool
HEAD_ARCH = [64]
SELF_PLAY_MODES = ("all_seats", "pool")


class ReusedRolloutBuffer(MaskableRolloutBuffer):
    """MaskableRolloutBuffer that skips two whole copies of the rollout per update.

    SB3's buffer allocates fresh arrays at every rollout, so the first write of each
    observation page faults (64 Kingdom Builder games x 32 steps are 57 MB of observations),
    and before the minibatches it swaps the step and env axes of every array, a strided copy
    of the same 57 MB. Together they took about a quarter of the training time. Neither is
    needed: every entry is written before it is read (the masks too, since MaskablePPO always
    passes them), and the minibatches are random permutations of all the transitions, so
    their order in memory does not matter. Here the arrays are allocated once and `get` only
    flattens the step and env axes (a view). Every minibatch is still a uniform draw of the
    rollout, now from a differently ordered array: same statistics, other random draws.
    """

    _ARRAYS = (
        "observations",
        "actions",
        "rewards",
        "episode_starts",
        "values",
        "log_probs",
        "advantages",
        "action_masks",
    )

    def reset(self) -> None:
        kept: dict[str, np.ndarray] | None = getattr(self, "_kept", None)
        if kept is None:
            super().reset()
            self._kept = {name: getattr(self, name) for name in self._ARRAYS}
            return
        self.__dict__.update(kept)
        self.pos = 0
        self.full = False
        self.generator_ready = False

    def swap_and_flatten(self, arr: np.ndarray) -> np.ndarray:  # type: ignore[override]
        """[n_steps, n_envs, ...] -> [n_steps * n_envs, ...] without the swap: a view."""
        shape = arr.shape if arr.ndim >= 3 else (*arr.shape, 1)
        return arr.reshape(shape[0] * shape[1], *shape[2:])


def fast_mode() -> bool:
    """True when EUROGYM_FAST=1: notebooks and CI shrink step counts and game counts."""
    return os.environ.get("EUROGYM_FAST", "") not in ("", "0")


class LinearExtractor(BaseFeaturesExtractor):
    """Flatten, then one Linear + ReLU shared by policy and value.

    The observation has thousands of entries, so this first layer is most of the compute;
    sharing it halves that cost compared with SB3's separate policy and value MLPs.
    """

    def __init__(self, observation_space: gym.spaces.Box, features_dim: int = FEATURES_DIM):
        super().__init__(observation_space, features_dim)
        n_in = int(np.prod(observation_space.shape))
        self.net = th.nn.Sequential(th.nn.Flatten(), th.nn.Linear(n_in, features_dim), th.nn.ReLU())

    def forward(self, observations: th.Tensor) -> th.Tensor:
        return self.net(observations)


def policy_kwargs(features_dim: int = FEATURES_DIM, head_arch: list[int] | None = None) -> dict:
    """Policy architecture: shared `LinearExtractor`, then `head_arch` for policy and value."""
    head = list(HEAD_ARCH if head_arch is None else head_arch)
    return {
        "features_extractor_class": LinearExtractor,
        "features_extractor_kwargs": {"features_dim": features_dim},
        "share_features_extractor": True,
        "net_arch": {"pi": head, "vf": head},
        # the fused Adam step is ~5x faster than the default loop over a ~1M-weight first layer
        "optimizer_kwargs": {"eps": 1e-5, "fused": True},
    }


def resolve_policy(policy: str, env_id: str | None) -> str:
    """ "auto" is "cnn" for envs with a known board-plane layout (`eurogym.agents.cnn_policy`'s
    SPATIAL_ENCODERS, e.g. Kingdom Builder) and "mlp" for the rest (e.g. connect four)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r} (one of {POLICIES})")
    if policy != "auto":
        return policy
    from eurogym.agents.cnn_policy import SPATIAL_ENCODERS

    return "cnn" if env_id in SPATIAL_ENCODERS else "mlp"


def default_n_envs(policy: str, env_id: str | None) -> int:
    """Games stepped together by default: CNN_DEFAULTS' for the cnn policy, else N_ENVS."""
    return CNN_DEFAULTS["n_envs"] if resolve_policy(policy, env_id) == "cnn" else N_ENVS


def default_heuristic_weight(policy: str, env_id: str | None) -> float:
    """The heuristic opponent's default pool weight: CNN_DEFAULTS' (none) for the cnn policy,
    else HEURISTIC_WEIGHT."""
    cnn = resolve_policy(policy, env_id) == "cnn"
    return CNN_DEFAULTS["heuristic_weight"] if cnn else HEURISTIC_WEIGHT


def default_self_play(policy: str, env_id: str | None) -> str:
    """The default self-play set-up: CNN_DEFAULTS' ("all_seats") for the cnn policy, else
    "pool" (one learning seat per game against the opponent pool)."""
    return CNN_DEFAULTS["self_play"] if resolve_policy(policy, env_id) == "cnn" else "pool"


def ppo_defaults(policy: str, env_id: str | None) -> dict[str, Any]:
    """The MaskablePPO settings `build_model` starts from: PPO_DEFAULTS, with CNN_DEFAULTS'
    PPO settings on top for the cnn policy."""
    if resolve_policy(policy, env_id) != "cnn":
        return dict(PPO_DEFAULTS)
    return {**PPO_DEFAULTS, **{k: v for k, v in CNN_DEFAULTS.items() if k in PPO_DEFAULTS}}


def make_vec_env(
    env_id: str | None = None,
    *,
    env_fn: Callable[[], Any] | None = None,
    n_envs: int = 8,
    num_players: int = 2,
    pool: OpponentPool | None = None,
    seed: int = 0,
    env_kwargs: dict[str, Any] | None = None,
    shaping: float = 0.0,
    batched: bool = False,
    all_seats: bool = False,
) -> VecEnv:
    """`n_envs` Monitor-wrapped `SelfPlayEnv`s in one process, all sharing `pool` (by default
    one `RandomOpponent`); with `batched` (our envs only), the same games as one batched
    `eurogym.envs.vector.sb3.LearnerVecEnv` instead: every learner step of all the games is
    one numba call, and random opponents move inside numba too. With `all_seats` (our envs
    only; `pool` unused), `n_envs` batched games in which every seat's decision is a row
    (`eurogym.envs.vector.sb3.AllSeatsVecEnv`, for `build_model`'s `AllSeatsPPO`).

    One process on purpose: the pool object is shared, so a checkpoint added by the training
    loop reaches every env at its next episode, and batching the learner's forward pass over
    the envs is most of the speed-up that subprocesses would give on two cores.
    """
    if all_seats:
        if env_id is None:
            raise ValueError("all_seats=True needs one of our env ids (not env_fn)")
        from eurogym.envs.vector.sb3 import AllSeatsVecEnv

        return AllSeatsVecEnv(
            env_id,
            n_envs,
            num_players=num_players,
            shaping=shaping,
            seed=seed,
            **(env_kwargs or {}),
        )
    pool = OpponentPool([("random", RandomOpponent(seed))]) if pool is None else pool
    if batched:
        if env_id is None:
            raise ValueError("batched=True needs one of our env ids (not env_fn)")
        from eurogym.envs.vector.sb3 import LearnerVecEnv

        return LearnerVecEnv(
            env_id,
            n_envs,
            num_players=num_players,
            opponents=pool,
            seed=seed,
            shaping=shaping,
            **(env_kwargs or {}),
        )

    def factory(i: int) -> Callable[[], gym.Env]:
        def make() -> gym.Env:
            env = SelfPlayEnv(
                env_id,
                env_fn=env_fn,
                num_players=num_players,
                opponents=pool,
                seed=seed + i,
                env_kwargs=env_kwargs,
                shaping=shaping,
            )
            return Monitor(env)

        return make

    vec = DummyVecEnv([factory(i) for i in range(n_envs)])
    vec.seed(seed)
    return vec


def build_model(
    vec_env: VecEnv,
    seed: int = 0,
    features_dim: int | None = None,
    head_arch: list[int] | None = None,
    verbose: int = 0,
    policy: str = "auto",
    env_id: str | None = None,
    channels: int | None = None,
    blocks: int | None = None,
    **overrides: Any,
) -> MaskablePPO:
    """A MaskablePPO on `vec_env` with `ppo_defaults` (overridable) and `policy_kwargs`.

    policy="cnn" uses `eurogym.agents.cnn_policy.CnnMaskablePolicy` instead (needs `env_id`, for its
    board layout; `features_dim` is then the width of its pooled features, head_arch unused;
    `channels` and `blocks` size its conv trunk, default CNN_DEFAULTS'), with CNN_DEFAULTS'
    n_steps and n_epochs. "auto" (the default) picks cnn for `env_id`s with a board layout,
    else mlp (`resolve_policy`). features_dim=None means the policy's default (FEATURES_DIM,
    or the cnn's HIDDEN). On an `AllSeatsVecEnv` the model is an `AllSeatsPPO` (per-seat
    advantages, agents.seat_ppo), which MaskablePPO.load reads like any checkpoint.
    """
    kwargs = {**ppo_defaults(policy, env_id), **overrides}
    policy = resolve_policy(policy, env_id)
    if policy == "cnn":
        from eurogym.agents.cnn_policy import CnnMaskablePolicy, cnn_policy_kwargs

        if env_id is None:
            raise ValueError("policy='cnn' needs env_id (for the observation's board layout)")
        policy_class: Any = CnnMaskablePolicy
        trunk = {
            "channels": CNN_DEFAULTS["channels"] if channels is None else channels,
            "blocks": CNN_DEFAULTS["blocks"] if blocks is None else blocks,
            "hidden": features_dim,
        }
        kwargs_policy = cnn_policy_kwargs(
            env_id, **{k: v for k, v in trunk.items() if v is not None}
        )
    else:
        policy_class = "MlpPolicy"
        kwargs_policy = policy_kwargs(features_dim or FEATURES_DIM, head_arch)
    from eurogym.envs.vector.sb3 import AllSeatsVecEnv

    algorithm: type[MaskablePPO] = MaskablePPO
    if isinstance(vec_env, AllSeatsVecEnv):
        from eurogym.agents.seat_ppo import AllSeatsPPO

        algorithm = AllSeatsPPO
    return algorithm(
        policy_class,
        vec_env,
        policy_kwargs=kwargs_policy,
        rollout_buffer_class=ReusedRolloutBuffer,
        seed=seed,
        device="cpu",
        verbose=verbose,
        **kwargs,
    )


def load_policy(source: str | Path | MaskablePPO) -> Any:
    """The policy of a model or of a checkpoint file (MaskablePPO.load, on CPU)."""
    model = source if isinstance(source, MaskablePPO) else MaskablePPO.load(source, device="cpu")
    policy = model.policy
    policy.set_training_mode(False)
    return policy


def policy_action(
    policy: Any,
    obs: np.ndarray,
    mask: np.ndarray,
    deterministic: bool,
    rng: np.random.Generator | None = None,
) -> int:
    """One masked action from `policy` for a single observation.

    Same distribution as `policy.predict(obs, action_masks=mask)`, but computed from the raw
    logits (masked argmax, or a Gumbel-max sample): building torch distribution objects for
    a batch of one costs more than the network itself, and opponents call this every turn.
    """
    with th.no_grad():
        obs_t = th.as_tensor(obs).unsqueeze(0)
        features = policy.extract_features(obs_t, policy.pi_features_extractor)
        logits = policy.action_net(policy.mlp_extractor.forward_actor(features))[0].numpy()
    logits = np.where(np.asarray(mask, dtype=bool), logits.astype(np.float64), -np.inf)
    if not deterministic:
        rng = np.random.default_rng() if rng is None else rng
        logits = logits + rng.gumbel(size=logits.shape)
    return int(np.argmax(logits))


def policy_actions(
    policy: Any,
    obs: np.ndarray,
    masks: np.ndarray,
    deterministic: bool,
    rng: np.random.Generator | None = None,
) -> np.ndarray:
    """`policy_action` for a batch: int64[k] masked actions for obs[k, obs_size] and
    masks[k, num_actions], one forward pass (the batched envs ask for many seats at once)."""
    with th.no_grad():
        obs_t = th.as_tensor(np.asarray(obs, dtype=np.float32))
        features = policy.extract_features(obs_t, policy.pi_features_extractor)
        logits = policy.action_net(policy.mlp_extractor.forward_actor(features)).numpy()
    logits = np.where(np.asarray(masks, dtype=bool), logits.astype(np.float64), -np.inf)
    if not deterministic:
        rng = np.random.default_rng() if rng is None else rng
        logits = logits + rng.gumbel(size=logits.shape)
    return np.argmax(logits, axis=1).astype(np.int64)


class PolicyOpponent:
    """A frozen checkpoint as an observation-level opponent `(obs, mask) -> action`.

    Loads on first use, so a pool can be filled with checkpoint paths for free. Samples from
    the masked policy by default: a deterministic opponent is easy to exploit and gives the
    learner less varied games.

    Args:
        source: a checkpoint path, or a model (its current policy object, shared, not copied).
        deterministic: play the most likely action instead of sampling.
        seed: seed of the sampling generator.
    """

    def __init__(
        self, source: str | Path | MaskablePPO, deterministic: bool = False, seed: int = 0
    ):
        self.source = source
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        self._policy: Any = None

    @property
    def policy(self) -> Any:
        if self._policy is None:
            self._policy = load_policy(self.source)
        return self._policy

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int:
        return policy_action(self.policy, obs, mask, self.deterministic, self.rng)

    def act_batch(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """Actions for k seats at once (obs[k, obs_size], masks[k, num_actions]): what the
        batched envs (eurogym.envs.vector.seats) call instead of k single calls."""
        return policy_actions(self.policy, obs, masks, self.deterministic, self.rng)


class PPOAgent:
    """A MaskablePPO model playing at engine level (the `eurogym.agents.base.Agent` interface).

    The observation is the one the env would give that seat: the env class's `encode`.

    Args:
        source: a model or a checkpoint path.
        env_id: the env the model was trained on (for its encoder).
        deterministic: play the most likely action (the default for evaluation).
        name: the agent's name in tournaments.
    """

    def __init__(
        self,
        source: str | Path | MaskablePPO,
        env_id: str,
        deterministic: bool = True,
        name: str = "ppo",
    ):
        self.policy = load_policy(source)
        self.encode = envs.spec(env_id).raw_env.encode
        self.deterministic = deterministic
        self.name = name

    def act(self, engine: Any, state: Any, player: int) -> int:
        obs = self.encode(state, player)
        mask = engine.legal_action_mask(state, player).astype(bool)
        expected = (self.policy.observation_space.shape[0], self.policy.action_space.n)
        if (obs.shape[0], mask.shape[0]) != expected:
            raise ValueError(
                f"{self.name} was trained on observations of {expected[0]} and {expected[1]} "
                f"actions, not {obs.shape[0]} and {mask.shape[0]}: the rule options or the "
                "player count differ from the model's game"
            )
        return policy_action(self.policy, obs, mask, self.deterministic)


def evaluate(
    model: MaskablePPO | Any,
    opponent: Opponent,
    env_id: str | None = None,
    *,
    env_fn: Callable[[], Any] | None = None,
    games: int = 50,
    num_players: int = 2,
    seed: int = 12345,
    deterministic: bool = True,
) -> dict[str, float]:
    """Play `games` games of `model` against `opponent` (on every other seat), seats rotating.

    Returns win_rate (mean win share: 1 for a sole win, 1/k for a k-way tie for first),
    mean_reward and games. The game seeds come from `seed`, so two models evaluated with the
    same seed face the same boards.
    """
    policy = model.policy if isinstance(model, MaskablePPO) else model
    policy.set_training_mode(False)
    env = SelfPlayEnv(
        env_id,
        env_fn=env_fn,
        num_players=num_players,
        opponents=OpponentPool([("opponent", opponent)]),
        seed=seed,
    )
    shares, rewards = [], []
    for _ in range(games):
        obs, _ = env.reset()
        done = False
        while not done:
            action = policy_action(policy, obs, env.action_masks(), deterministic)
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        shares.append(info["win_share"])
        rewards.append(reward)
    env.close()
    return {
        "win_rate": float(np.mean(shares)),
        "mean_reward": float(np.mean(rewards)),
        "games": games,
    }
