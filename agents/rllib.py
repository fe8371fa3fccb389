"""Ray RLlib PPO (new API stack) for any registered eurogym game: env, masked RLModule,
self-play policy mappings, an engine-level agent and the training loop.

Why these pieces (RLlib steps multi-agent envs on one machine or a cluster, but leaves the
game-specific parts to the user):
    * `EuroMultiAgentEnv` drives the functional engine directly as an RLlib `MultiAgentEnv`:
      only the seat to move gets an observation, a Dict(observation, action_mask), and each
      seat's reward is what happened since its own previous decision (the final score margin,
      plus optional score-margin shaping as in `eurogym.agents.selfplay.SelfPlayEnv`). It
      raises on an illegal action, so a masking bug fails a run instead of being hidden.
    * `MaskedPPOModule` is the SB3 set-up of `eurogym.agents.ppo` (one shared linear layer
      over the flat observation, small policy and value heads) as an RLModule; it splits the
      Dict observation itself and sets illegal logits to -inf.
    * `build_config` maps every seat to one shared policy ("self") or, for "snapshots", one
      random seat per episode to the learner "main" and the others to frozen copies of past
      versions of it, refreshed by `SnapshotCallback`. With `batched` (default) each env
      runner steps all its games in one batched engine (`eurogym.agents.rllib_vector`).
    * `RLlibAgent` plays a saved checkpoint (or a live module) at engine level, so it enters
      `eurogym.agents.tournament` as `rllib:PATH` and training evaluates through it.

Needs the optional extra: `pip install -c constraints.txt -e ".[rllib]"` (or `make rllib`).
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.callbacks.callbacks import RLlibCallback
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModule, RLModuleSpec
from ray.rllib.core.rl_module.torch import TorchRLModule
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.tune.registry import register_env

from eurogym import envs
from eurogym.agents.ppo import FEATURES_DIM, HEAD_ARCH, PPO_DEFAULTS

ENV_PREFIX = "eurogym/"
MAIN = "main"
SHARED = "self"
MAPPINGS = ("self", "snapshots")
META_FILE = "eurogym.json"  # env id and player count, next to RLlib's checkpoint files
MODULE_PATH = ("learner_group", "learner", "rl_module")


class EuroMultiAgentEnv(MultiAgentEnv):
    """One game of `env_id` as an RLlib turn-based multi-agent env (agents player_<seat>).

    env_config keys: env_id (required), num_players (default 2), seed (default 0; each
    runner and vector slot offsets it), shaping (per point of score-margin change, default
    0.1 as agents.train), max_decisions (truncation cap, default 20_000), torch_threads (set
    in the env runner process that builds the env: its policy inference is tiny batches).
    """

    def __init__(self, config: dict[str, Any] | None = None):
        super().__init__()
        # RLlib passes an EnvContext: a dict with the runner's and the vector slot's index
        offset = 1000 * getattr(config, "worker_index", 0) + getattr(config, "vector_index", 0)
        config = dict(config or {})
        self.env_id = config["env_id"]
        entry = envs.spec(self.env_id)
        self.engine = entry.engine
        self.encode = entry.raw_env.encode
        self.score_scale = entry.raw_env.score_scale
        players = int(config.get("num_players", 2))
        if players not in self.engine.player_counts:
            raise ValueError(
                f"{self.env_id} plays with {self.engine.player_counts} players, not {players}"
            )
        self.game_config = self.engine.make_config(players)
        self.shaping = float(config.get("shaping", 0.1))
        if "torch_threads" in config:  # the env is built in each env runner process
            torch.set_num_threads(int(config["torch_threads"]))
        self.max_decisions = int(config.get("max_decisions", 20_000))
        self.rng = np.random.default_rng(int(config.get("seed", 0)) + offset)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = list(self.possible_agents)
        n = self.engine.num_actions
        space = gym.spaces.Dict(
            {
                "observation": gym.spaces.Box(
                    0.0, 1.0, (entry.raw_env.observation_size,), np.float32
                ),
                "action_mask": gym.spaces.Box(0.0, 1.0, (n,), np.float32),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: gym.spaces.Discrete(n) for a in self.possible_agents}
        self.state: Any = None
        self.illegal_actions = 0

    def _obs(self, seat: int, legal: bool = True) -> dict[str, np.ndarray]:
        mask = self.engine.legal_action_mask(self.state, seat) if legal else None
        return {
            "observation": np.asarray(self.encode(self.state, seat), dtype=np.float32),
            "action_mask": np.zeros(self.engine.num_actions, np.float32)
            if mask is None
            else np.asarray(mask, dtype=np.float32),
        }

    def _margins(self) -> np.ndarray:
        return score_margins(self.engine.final_scores(self.state))

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.state = self.engine.new_game(self.game_config, int(self.rng.integers(2**63)))
        self.decisions = 0
        self.last_margin = self._margins()
        seat = self.engine.current_player(self.state)
        return {self.possible_agents[seat]: self._obs(seat)}, {}

    def step(self, action_dict: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        seat = self.engine.current_player(self.state)
        agent = self.possible_agents[seat]
        if set(action_dict) != {agent}:
            raise ValueError(f"expected an action for {agent} only, got {sorted(action_dict)}")
        action = int(action_dict[agent])
        mask = self.engine.legal_action_mask(self.state, seat)
        if not 0 <= action < mask.shape[0] or not mask[action]:
            self.illegal_actions += 1
            raise ValueError(f"{self.env_id}: illegal action {action} for {agent}")
        self.engine.apply_action(self.state, action)
        self.decisions += 1
        margins = self._margins()
        over = self.engine.is_over(self.state)
        if over or self.decisions >= self.max_decisions:
            rewards = {}
            infos = {}
            for i, a in enumerate(self.possible_agents):
                rewards[a] = float(self.shaping * (margins[i] - self.last_margin[i]))
                if over:
                    rewards[a] += float(margins[i] * self.score_scale)
                    top = margins[i] >= 0 and (margins.size == 1 or margins[i] == margins.max())
                    infos[a] = {"score_margin": float(margins[i]), "top": bool(top)}
            obs = {a: self._obs(i, legal=False) for i, a in enumerate(self.possible_agents)}
            done = {a: over for a in self.possible_agents} | {"__all__": over}
            cut = {a: not over for a in self.possible_agents} | {"__all__": not over}
            return obs, rewards, done, cut, infos
        nxt = self.engine.current_player(self.state)
        name = self.possible_agents[nxt]
        reward = float(self.shaping * (margins[nxt] - self.last_margin[nxt]))
        self.last_margin[nxt] = margins[nxt]
        return {name: self._obs(nxt)}, {name: reward}, {"__all__": False}, {"__all__": False}, {}


def score_margins(scores: Any) -> np.ndarray:
    """Each seat's score minus the best other seat's (the shaping potential), along the last
    axis (one game's scores, or one row per game); a solo game's score itself. The best other
    seat's score is the second best for a top seat (equal to the best on a tie), else the best."""
    scores = np.asarray(scores, dtype=np.float64)
    if scores.shape[-1] == 1:
        return scores
    ordered = np.sort(scores, axis=-1)
    best, second = ordered[..., -1:], ordered[..., -2:-1]
    return scores - np.where(scores == best, second, best)


def env_name(env_id: str) -> str:
    """Register `env_id` with ray.tune (idempotent) and return the RLlib env name.

    Raises the registry's ConfigError (listing the known ids) for an unknown env id, here in
    the driver rather than later inside a remote env runner.
    """
    envs.spec(env_id)
    name = ENV_PREFIX + env_id
    register_env(name, lambda config: EuroMultiAgentEnv(config))
    return name


def _masked(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Illegal logits to -inf. A row with no legal action (the terminal observation, used only
    to bootstrap values) is left unmasked so its distribution stays finite."""
    legal = mask > 0.5
    legal = legal | ~legal.any(dim=-1, keepdim=True)
    return logits.masked_fill(~legal, float("-inf"))


class MaskedPPOModule(TorchRLModule, ValueFunctionAPI):
    """Shared Linear + ReLU over the flat observation, then policy and value heads.

    model_config: features_dim (default agents.ppo.FEATURES_DIM) and head (hidden sizes of
    each head, default agents.ppo.HEAD_ARCH), the SB3 set-up of agents.train's mlp policy.
    """

    def setup(self) -> None:
        space = self.observation_space
        if not isinstance(space, gym.spaces.Dict) or "action_mask" not in space.spaces:
            raise ValueError(f"needs a Dict(observation, action_mask) space, got {space}")
        n_in = int(np.prod(space["observation"].shape))
        config = dict(self.model_config or {})
        width = int(config.get("features_dim", FEATURES_DIM))
        head = list(config.get("head", HEAD_ARCH))
        self.trunk = torch.nn.Sequential(torch.nn.Linear(n_in, width), torch.nn.ReLU())
        self.pi = _mlp(width, head, int(self.action_space.n))
        self.vf = _mlp(width, head, 1)

    def _features(self, batch: dict[str, Any]) -> tuple[torch.Tensor, torch.Tensor]:
        obs = batch[Columns.OBS]
        return self.trunk(obs["observation"]), obs["action_mask"]

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        features, mask = self._features(batch)
        return {Columns.ACTION_DIST_INPUTS: _masked(self.pi(features), mask)}

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        features, mask = self._features(batch)
        return {
            Columns.ACTION_DIST_INPUTS: _masked(self.pi(features), mask),
            Columns.EMBEDDINGS: features,
        }

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> torch.Tensor:
        if embeddings is None:
            embeddings, _ = self._features(batch)
        return self.vf(embeddings).squeeze(-1)


def _mlp(n_in: int, hidden: list[int], n_out: int) -> torch.nn.Sequential:
    layers: list[torch.nn.Module] = []
    for width in hidden:
        layers += [torch.nn.Linear(n_in, width), torch.nn.ReLU()]
        n_in = width
    layers.append(torch.nn.Linear(n_in, n_out))
    return torch.nn.Sequential(*layers)


def snapshot_ids(count: int) -> list[str]:
    return [f"snapshot_{i}" for i in range(count)]


def self_play_mapping(agent_id: str, episode: Any, **kwargs: Any) -> str:
    """Shared-policy self-play: every seat is the one trained policy."""
    return SHARED


def snapshot_mapping(num_players: int, snapshots: int) -> Callable[..., str]:
    """Learner vs frozen snapshots: per episode one seat (picked from the episode id, so every
    seat gets its turn) is "main", every other seat a snapshot picked the same way."""

    def mapping(agent_id: str, episode: Any, **kwargs: Any) -> str:
        seat = int(str(agent_id).rsplit("_", 1)[-1])
        key = random.Random(str(episode.id_))
        learner = key.randrange(num_players)
        if seat == learner:
            return MAIN
        return f"snapshot_{random.Random(f'{episode.id_}/{seat}').randrange(snapshots)}"

    return mapping


class SnapshotCallback(RLlibCallback):
    """Every `every` iterations copy "main" over the oldest frozen snapshot and push it to the
    env runners (PPO syncs only the trained module by itself)."""

    def __init__(self, snapshots: int, every: int):
        super().__init__()
        self.ids = snapshot_ids(snapshots)
        self.every = max(1, every)
        self.next = 0

    def on_algorithm_init(self, *, algorithm: Any, **kwargs: Any) -> None:
        self._copy(algorithm, self.ids)

    def on_train_result(self, *, algorithm: Any, result: dict, **kwargs: Any) -> None:
        if algorithm.iteration % self.every == 0:
            self._copy(algorithm, [self.ids[self.next]])
            self.next = (self.next + 1) % len(self.ids)

    @staticmethod
    def _copy(algorithm: Any, targets: list[str]) -> None:
        main = algorithm.learner_group.get_weights(module_ids=[MAIN])[MAIN]
        algorithm.learner_group.set_weights({t: main for t in targets})
        algorithm.env_runner_group.sync_weights(
            from_worker_or_learner_group=algorithm.learner_group,
            policies=targets,
            inference_only=True,
        )


def module_spec(**model_config: Any) -> RLModuleSpec:
    return RLModuleSpec(module_class=MaskedPPOModule, model_config=model_config)


def build_config(
    env_id: str,
    num_players: int = 2,
    num_env_runners: int = 0,
    envs_per_runner: int = 1,
    mapping: str = "self",
    snapshots: int = 3,
    snapshot_every: int = 5,
    seed: int = 0,
    shaping: float = 0.1,
    train_batch: int = 2048,
    minibatch: int = PPO_DEFAULTS["batch_size"],
    num_epochs: int = PPO_DEFAULTS["n_epochs"],
    rollout_fragment: int | str = "auto",
    torch_threads: int = 1,
    batched: bool = True,
    **model_config: Any,
) -> PPOConfig:
    """A PPOConfig (new API stack) training `env_id` by self-play.

    The PPO settings default to agents.ppo.PPO_DEFAULTS (lr, gamma, lambda, entropy, clip),
    and shaping to agents.train's, so the two trainers can be compared. mapping "self" trains
    one policy "self" on every seat; "snapshots" trains "main" against `snapshots` frozen
    copies of itself refreshed every `snapshot_every` iterations. batched (default): each env
    runner steps its `envs_per_runner` games as one `envs.vector.BatchedEngine`
    (agents.rllib_vector.BatchedEnvRunner: the same episodes, sampled 4-17% faster here)
    instead of one EuroMultiAgentEnv each (False: RLlib's stock runner).
    """
    if mapping not in MAPPINGS:
        raise ValueError(f"unknown mapping {mapping!r} (one of {MAPPINGS})")
    name = env_name(env_id)
    env_config = {
        "env_id": env_id,
        "num_players": num_players,
        "seed": seed,
        "shaping": shaping,
        "torch_threads": torch_threads,
    }
    EuroMultiAgentEnv(env_config)  # bad player counts fail here, in the driver
    spec = module_spec(**model_config)
    if mapping == "self":
        modules = {SHARED: spec}
        mapping_fn: Callable[..., str] = self_play_mapping
        trained = [SHARED]
    else:
        modules = {MAIN: spec, **{s: module_spec(**model_config) for s in snapshot_ids(snapshots)}}
        mapping_fn = snapshot_mapping(num_players, snapshots)
        trained = [MAIN]
    config = (
        PPOConfig()
        # RLlib's env pre-check steps an unmasked random action, which the env rejects
        .environment(name, env_config=env_config, disable_env_checking=True)
        .framework("torch")
        .env_runners(
            num_env_runners=num_env_runners,
            num_envs_per_env_runner=envs_per_runner,
            num_cpus_per_env_runner=1,
            rollout_fragment_length=rollout_fragment,
        )
        .learners(num_learners=0)
        .training(
            train_batch_size_per_learner=train_batch,
            minibatch_size=minibatch,
            num_epochs=num_epochs,
            lr=PPO_DEFAULTS["learning_rate"],
            gamma=PPO_DEFAULTS["gamma"],
            lambda_=PPO_DEFAULTS["gae_lambda"],
            entropy_coeff=PPO_DEFAULTS["ent_coef"],
            clip_param=PPO_DEFAULTS["clip_range"],
        )
        .multi_agent(policies=set(modules), policy_mapping_fn=mapping_fn, policies_to_train=trained)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=modules))
        .debugging(seed=seed)
    )
    if mapping == "snapshots":
        config.callbacks(lambda: SnapshotCallback(snapshots, snapshot_every))
    if batched:
        package = envs.spec(env_id).data_package
        if importlib.util.find_spec(f"{package}.batch") is None:
            raise ValueError(f"{env_id} has no batched engine ({package}.batch): use batched=False")
        from eurogym.agents.rllib_vector import BatchedEnvRunner

        config.env_runners(env_runner_cls=BatchedEnvRunner)
    return config


def trained_module_id(mapping: str) -> str:
    return SHARED if mapping == "self" else MAIN


def save_checkpoint(
    algo: Any, path: str | Path, env_id: str, num_players: int, module_id: str
) -> Path:
    """algo.save_to_path plus META_FILE, which lets `RLlibAgent` refuse another game's
    checkpoint and find the trained module."""
    path = Path(path).resolve()
    algo.save_to_path(str(path))
    meta = {"env_id": env_id, "num_players": num_players, "module_id": module_id}
    (path / META_FILE).write_text(json.dumps(meta, indent=2))
    return path


_LOADED: dict[tuple[str, float, str], RLModule] = {}


def load_module(path: str | Path, env_id: str) -> RLModule:
    """The trained RLModule of checkpoint `path`, checked to be a checkpoint of `env_id`.

    Cached per (path, modification time): a tournament builds its agents once per game, and
    the module is read-only at play time.
    """
    path = Path(path).resolve()
    meta_path = path / META_FILE
    if not meta_path.is_file():
        raise ValueError(f"{path} is not an eurogym RLlib checkpoint (no {META_FILE})")
    meta = json.loads(meta_path.read_text())
    if meta["env_id"] != env_id:
        raise ValueError(f"checkpoint {path} was trained on {meta['env_id']}, not {env_id}")
    module_dir = path.joinpath(*MODULE_PATH, meta["module_id"])
    if not module_dir.is_dir():
        raise ValueError(f"checkpoint {path} has no module {meta['module_id']!r}")
    key = (str(module_dir), meta_path.stat().st_mtime, env_id)
    if key not in _LOADED:
        _LOADED[key] = RLModule.from_checkpoint(str(module_dir))
    return _LOADED[key]


class RLlibAgent:
    """An RLlib MaskedPPOModule playing at engine level (the eurogym.agents.base.Agent protocol).

    Args:
        source: a checkpoint directory written by `save_checkpoint` or a live RLModule.
        env_id: the game; a checkpoint of another game is a ValueError.
        deterministic: play the most likely legal action (default) instead of sampling.
        name: the agent's name in tournaments.
        seed: seeds the sampling when not deterministic.
    """

    def __init__(
        self,
        source: str | Path | RLModule,
        env_id: str,
        deterministic: bool = True,
        name: str = "rllib",
        seed: int = 0,
    ):
        self.module = source if isinstance(source, RLModule) else load_module(source, env_id)
        self.module.eval()
        self.encode = envs.spec(env_id).raw_env.encode
        self.deterministic = deterministic
        self.name = name
        self.rng = np.random.default_rng(seed)

    def act(self, engine: Any, state: Any, player: int) -> int:
        mask = np.asarray(engine.legal_action_mask(state, player), dtype=np.float32)
        obs = np.asarray(self.encode(state, player), dtype=np.float32)
        batch = {
            Columns.OBS: {
                "observation": torch.from_numpy(obs).unsqueeze(0),
                "action_mask": torch.from_numpy(mask).unsqueeze(0),
            }
        }
        with torch.no_grad():
            logits = self.module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0]
        logits = logits.numpy().astype(np.float64)
        if not self.deterministic:
            logits = logits + self.rng.gumbel(size=logits.shape)
        return int(np.argmax(np.where(mask > 0, logits, -np.inf)))
