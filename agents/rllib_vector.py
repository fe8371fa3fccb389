"""One RLlib env runner = many games: a `VectorMultiAgentEnv` over `envs.vector.BatchedEngine`.

Why: RLlib's `MultiAgentEnvRunner` builds a `SyncVectorMultiAgentEnv` that steps its
`num_envs_per_env_runner` games one at a time in Python (one `EuroMultiAgentEnv` each). Here a
runner's games are the rows of one BatchedEngine: every step applies all the games' actions and
encodes every next decider's observation in one numba call, and only the per-agent dicts that
RLlib reads are built in Python.

The games are the ones `EuroMultiAgentEnv` would play: sub-env i draws its game seeds from its
own generator, seeded like the i-th `EuroMultiAgentEnv` of the runner (or by `reset(seed=s)` as
s + i, as SyncVectorMultiAgentEnv seeds its sub-envs); observations, masks, rewards (final margin
plus score-margin shaping), infos and the `max_decisions` truncation are the same, dict for
dict (tests/agents/test_rllib.py). Agent ids stay `player_<seat>` per sub-env, so both
policy mappings of `agents.rllib` (shared "self" and learner vs snapshots) work unchanged.

Autoreset is RLlib's "next_step" one: the step that ends a game returns every seat's last
observation and reward; the next `step` call deals that sub-env a new game (its action dict is
ignored) and returns the new game's first observation with zero rewards.

`BatchedEnvRunner` is the MultiAgentEnvRunner that builds this env instead
(`config.env_runners(env_runner_cls=BatchedEnvRunner)`, done by
`agents.rllib.build_config(batched=True)`).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from ray.rllib.callbacks.utils import make_callback
from ray.rllib.env.env_context import EnvContext
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.rllib.env.multi_agent_env_runner import MultiAgentEnvRunner
from ray.rllib.env.vector.vector_multi_agent_env import VectorMultiAgentEnv

from eurogym.agents.rllib import EuroMultiAgentEnv, score_margins
from eurogym.envs.vector.engine import BatchedEngine


class _Slot(MultiAgentEnv):
    """What RLlib's runner reads of one sub-env (`envs[i].unwrapped`): its agents and spaces.
    The games themselves live in the batch."""

    def __init__(self, template: EuroMultiAgentEnv):
        super().__init__()
        self.possible_agents = list(template.possible_agents)
        self.agents = list(template.possible_agents)
        self.observation_spaces = template.observation_spaces
        self.action_spaces = template.action_spaces


class BatchedMultiAgentEnv(VectorMultiAgentEnv):
    """`num_envs` games of `config["env_id"]` as RLlib's vector multi-agent env, in one batch.

    Args:
        config: EuroMultiAgentEnv's env_config (env_id, num_players, seed, shaping,
            max_decisions, torch_threads); an EnvContext's worker_index offsets the seeds as it
            does for EuroMultiAgentEnv.
        num_envs: games per runner (>= 1).

    `step(actions)` takes one dict per sub-env ({agent to move: action}) and returns lists of
    per-sub-env dicts (obs, rewards, terminateds, truncateds, infos). An action for the wrong
    agent or an illegal action raises ValueError naming the sub-env index; no game changes.
    """

    metadata = {"autoreset_mode": "next_step"}

    def __init__(self, config: dict[str, Any] | None, num_envs: int):
        super().__init__()
        self.template = template = EuroMultiAgentEnv(config)  # checks the config; the spaces
        self.env_id = template.env_id
        self.engine = template.engine
        self.batch = BatchedEngine(
            template.env_id, num_envs, len(template.possible_agents), parallel=False
        )
        self.num_envs = n = self.batch.num_envs
        self.agent_ids = template.possible_agents
        self.shaping = template.shaping
        self.score_scale = template.score_scale
        self.max_decisions = template.max_decisions
        self.envs = [_Slot(template) for _ in range(n)]
        self.single_observation_spaces = template.observation_spaces
        self.single_action_spaces = template.action_spaces
        self.single_observation_space = gym.spaces.Dict(self.single_observation_spaces)
        self.single_action_space = gym.spaces.Dict(self.single_action_spaces)
        # sub-env i seeds as the EuroMultiAgentEnv in vector slot i of this runner would
        base = int(dict(config or {}).get("seed", 0)) + 1000 * getattr(config, "worker_index", 0)
        self.rngs = [np.random.default_rng(base + i) for i in range(n)]
        self.decisions = np.zeros(n, np.int64)
        self.last_margins = np.zeros((n, len(self.agent_ids)))
        self.autoreset = np.zeros(n, np.bool_)
        self.illegal_actions = 0

    # -- per sub-env pieces ------------------------------------------------------------------

    def _decider_obs(self, i: int) -> dict[str, dict[str, np.ndarray]]:
        seat = int(self.batch.bufs[i, self.batch.decider_at])
        return {
            self.agent_ids[seat]: {
                "observation": self.batch.obs[i].copy(),
                "action_mask": self.batch.masks[i].astype(np.float32),
            }
        }

    def _margins(self, rows: np.ndarray) -> np.ndarray:
        """(num_envs, players) score margins of the games in `rows` (bool[N]; zeros elsewhere).
        The scores are read per game (the engines score one state), the margins in one go."""
        scores = np.zeros((self.num_envs, len(self.agent_ids)))
        for i in np.flatnonzero(rows):
            scores[i] = self.engine.final_scores(self.batch.view(int(i)))
        return score_margins(scores)

    def _new_seed(self, i: int) -> int:
        return int(self.rngs[i].integers(2**63))

    def _started(self, rows: np.ndarray) -> None:
        self.decisions[rows] = 0
        self.last_margins[rows] = self._margins(rows)[rows]
        self.autoreset[rows] = False

    # -- the vector env ----------------------------------------------------------------------

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict | None = None
    ) -> tuple[list[dict], list[dict]]:
        """Deal every sub-env a new game; `seed` s reseeds sub-env i with s + i (a list: one
        seed or None per sub-env)."""
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, (int, np.integer)):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"reset needs {n} seeds (one per sub-env), got {len(seeds)}")
        for i, s in enumerate(seeds):
            if s is not None:
                self.rngs[i] = np.random.default_rng(s)
        self.batch.reset([self._new_seed(i) for i in range(n)])
        self._started(np.ones(n, np.bool_))
        return [self._decider_obs(i) for i in range(n)], [{} for _ in range(n)]

    def step(self, actions: list[dict[str, Any]]) -> tuple[list, list, list, list, list]:
        n = self.num_envs
        if len(actions) != n:
            raise ValueError(f"{self.env_id}: step needs {n} action dicts, got {len(actions)}")
        batch = self.batch
        restart = self.autoreset.copy()
        moving = ~restart
        seats = batch.current_players()
        moves = np.zeros(n, np.int64)
        for i in np.flatnonzero(moving):
            agent = self.agent_ids[seats[i]]
            if set(actions[i]) != {agent}:
                raise ValueError(
                    f"{self.env_id}: sub-env {i}: expected an action for {agent} only, "
                    f"got {sorted(actions[i])}; no game was changed"
                )
            action = int(actions[i][agent])
            if not 0 <= action < batch.num_actions or not batch.masks[i, action]:
                self.illegal_actions += 1
                raise ValueError(
                    f"{self.env_id}: sub-env {i}: illegal action {action} for {agent}; "
                    "no game was changed"
                )
            moves[i] = action
        if moving.any():
            batch.step(moves, moving, autoreset=False)
        over = batch.is_over()
        margins = self._margins(moving)
        out: tuple[list, list, list, list, list] = ([], [], [], [], [])
        for i in range(n):
            if restart[i]:
                result = self._restarted(i)
            else:
                result = self._stepped(i, bool(over[i]), margins[i])
            for column, value in zip(out, result, strict=True):
                column.append(value)
        return out

    def _stepped(
        self, i: int, over: bool, margins: np.ndarray
    ) -> tuple[dict, dict, dict, dict, dict]:
        """Sub-env i after its move (`margins`: its seats' new score margins): what
        EuroMultiAgentEnv.step returns."""
        self.decisions[i] += 1
        last = self.last_margins[i]
        if over or self.decisions[i] >= self.max_decisions:
            self.autoreset[i] = True
            rewards, infos, obs = {}, {}, {}
            view = self.batch.view(i)
            for seat, agent in enumerate(self.agent_ids):
                rewards[agent] = float(self.shaping * (margins[seat] - last[seat]))
                if over:
                    rewards[agent] += float(margins[seat] * self.score_scale)
                    top = margins[seat] >= 0 and (
                        margins.size == 1 or margins[seat] == margins.max()
                    )
                    infos[agent] = {"score_margin": float(margins[seat]), "top": bool(top)}
                obs[agent] = {
                    "observation": np.asarray(self.batch.encode_single(view, seat), np.float32),
                    "action_mask": np.zeros(self.batch.num_actions, np.float32),
                }
            done = dict.fromkeys(self.agent_ids, over) | {"__all__": over}
            cut = dict.fromkeys(self.agent_ids, not over) | {"__all__": not over}
            return obs, rewards, done, cut, infos
        seat = int(self.batch.bufs[i, self.batch.decider_at])
        reward = float(self.shaping * (margins[seat] - last[seat]))
        last[seat] = margins[seat]
        name = self.agent_ids[seat]
        return self._decider_obs(i), {name: reward}, {"__all__": False}, {"__all__": False}, {}

    def _restarted(self, i: int) -> tuple[dict, dict, dict, dict, dict]:
        """Sub-env i dealt a new game (the step after its last one ended), as
        SyncVectorMultiAgentEnv's next-step autoreset returns it."""
        self.batch.set_state(i, self.engine.new_game(self.batch.config, self._new_seed(i)))
        row = np.zeros(self.num_envs, np.bool_)
        row[i] = True
        self._started(row)
        flags = dict.fromkeys(self.agent_ids, False) | {"__all__": False}
        return self._decider_obs(i), dict.fromkeys(self.agent_ids, 0.0), flags, dict(flags), {}


class BatchedEnvRunner(MultiAgentEnvRunner):
    """RLlib's MultiAgentEnvRunner with one `BatchedMultiAgentEnv` of
    `num_envs_per_env_runner` games instead of a SyncVectorMultiAgentEnv of single games."""

    def make_env(self) -> None:
        if self.env is not None:
            self.env.close()
        context = self.config.env_config
        if not isinstance(context, EnvContext):
            context = EnvContext(
                context,
                worker_index=self.worker_index,
                num_workers=self.config.num_env_runners,
                remote=self.config.remote_worker_envs,
            )
        self.env = BatchedMultiAgentEnv(context, self.config.num_envs_per_env_runner)
        self.num_envs = self.env.num_envs
        self._needs_initial_reset = True
        make_callback(
            "on_environment_created",
            callbacks_objects=self._callbacks,
            callbacks_functions=self.config.callbacks_on_environment_created,
            kwargs=dict(
                env_runner=self,
                metrics_logger=self.metrics,
                env=self.env.unwrapped,
                env_context=context,
            ),
        )
