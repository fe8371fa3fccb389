"""Single-agent Gymnasium view of a multi-player AEC game, for self-play training.

`SelfPlayEnv` turns any PettingZoo AEC env (one of ours by id, or any factory, e.g. PettingZoo's
`connect_four_v3.env`) into a `gymnasium.Env` in which one *learning seat* acts and every other
seat is played by an opponent drawn from an `OpponentPool`. Single-agent RL libraries (SB3,
sb3-contrib's MaskablePPO) then train on it unchanged. Nothing here is game specific: the
wrapper only uses the AEC API, plus the engine and state of our envs for engine-level agents.

Opponents come in two shapes, both accepted everywhere:
    * observation-level callables `opponent(obs, mask) -> action` (work on every AEC env), and
    * engine-level agents with `act(engine, state, player) -> int` (our envs only; see
      `eurogym.agents.base`), which see the full state the way search and heuristic agents need.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import gymnasium as gym
import numpy as np

from eurogym import envs

ObsOpponent = Callable[[np.ndarray, np.ndarray], int]


@runtime_checkable
class EngineAgent(Protocol):
    """An agent that plays from the engine state (the `eurogym.agents.base` interface)."""

    def act(self, engine: Any, state: Any, player: int) -> int: ...


Opponent = ObsOpponent | EngineAgent
SEAT_MODES = ("rotate", "random")


class RandomOpponent:
    """Uniformly random legal action from the mask; works on any AEC env.

    Args:
        seed: seed of its own generator, so opponent play is reproducible per env.
    """

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[self.rng.integers(legal.size)])


@dataclass
class PoolEntry:
    """One opponent in a pool: `evictable` entries (past checkpoints) are dropped oldest first
    once the pool holds more than `OpponentPool.max_evictable` of them."""

    name: str
    opponent: Opponent
    weight: float = 1.0
    evictable: bool = False


class OpponentPool:
    """A named, weighted set of opponents sampled per seat and per episode.

    The pool is a plain mutable object: a training loop that shares it with its envs (same
    process, e.g. SB3's DummyVecEnv) adds new checkpoints with `add` and every env sees them
    from its next episode on.

    Args:
        entries: initial opponents, as `PoolEntry`s or `(name, opponent)` pairs.
        max_evictable: how many evictable entries (frozen checkpoints) to keep; the oldest go
            first, bounding memory and keeping opponents near the current strength.
    """

    def __init__(
        self,
        entries: Sequence[PoolEntry | tuple[str, Opponent]] = (),
        max_evictable: int = 5,
    ):
        self.entries: list[PoolEntry] = []
        self.max_evictable = max_evictable
        for entry in entries:
            if isinstance(entry, PoolEntry):
                self.add(entry.name, entry.opponent, entry.weight, entry.evictable)
            else:
                self.add(*entry)

    def add(
        self, name: str, opponent: Opponent, weight: float = 1.0, evictable: bool = False
    ) -> None:
        """Add (or replace, by name) an opponent; evicts the oldest checkpoint past the cap."""
        if weight <= 0:
            raise ValueError(f"opponent weight must be positive, got {weight}")
        self.entries = [e for e in self.entries if e.name != name]
        self.entries.append(PoolEntry(name, opponent, weight, evictable))
        evictable_entries = [e for e in self.entries if e.evictable]
        for old in evictable_entries[: max(0, len(evictable_entries) - self.max_evictable)]:
            self.entries.remove(old)

    @property
    def names(self) -> list[str]:
        return [e.name for e in self.entries]

    def __len__(self) -> int:
        return len(self.entries)

    def sample(self, rng: np.random.Generator) -> PoolEntry:
        """One entry, with probability proportional to its weight."""
        if not self.entries:
            raise ValueError("the opponent pool is empty")
        weights = np.array([e.weight for e in self.entries], dtype=np.float64)
        return self.entries[int(rng.choice(len(weights), p=weights / weights.sum()))]


class SelfPlayEnv(gym.Env):
    """One learning seat against pool opponents, as a single-agent Gymnasium env.

    `reset` starts a game, picks the learning seat and one opponent per other seat, and plays
    the opponents until the learning seat decides. `step(action)` applies the learner's action
    and again plays opponents until the learner decides or the game ends. The reward is the
    learning seat's own: the sum of its per-step AEC rewards over the learner's step *and* the
    opponents' steps that follow, so a game-ending move by an opponent still credits (or
    debits) the learner. Multi-decision turns need no special case: when the learner decides
    again right away, no opponent moves in between.

    Args:
        env_id: one of `eurogym.envs.list_envs()`; built raw (no PettingZoo wrappers) for speed, the
            engine raising IllegalActionError on an illegal action.
        env_fn: alternatively, a zero-argument factory returning any AEC env (e.g.
            `pettingzoo.classic.connect_four_v3.env`); exactly one of env_id and env_fn.
        num_players: seats, for env_id (ignored with env_fn).
        opponents: the pool (or a list of opponents) playing the other seats; default one
            `RandomOpponent`.
        seat: "rotate" (episode k plays seat (offset + k) % n, offset drawn from the seed),
            "random" (uniform each episode) or a fixed seat index.
        seed: seeds seat choice, opponent choice and the game seeds; `reset(seed=...)` reseeds.
        env_kwargs: extra keyword arguments for `eurogym.make` (reward_mode, rule options, ...).
        shaping: if > 0, add `shaping` x the change of the learner's score margin (own score
            minus the best other seat's, from `engine.final_scores`) since its previous
            decision to every reward. The sum over a game is `shaping` x (final margin - margin
            at the learner's first decision), so it only adds the score margin to the return,
            but it credits each move with the points it gained or lost right away instead of
            only at the end: far faster learning in games scored during play. Needs one of
            our envs (an engine with meaningful mid-game scores).
        strict: raise ValueError on an illegal learner action. By default (False) it ends the
            episode instead, with reward `illegal_reward` and info["illegal_action"] True, as
            PettingZoo's TerminateIllegalWrapper does: generic env checkers (Gymnasium's and
            SB3's check_env) step with random actions and expect an episode, not an error.
        illegal_reward: the reward of an episode ended by an illegal action.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"]}

    def __init__(
        self,
        env_id: str | None = None,
        *,
        env_fn: Callable[[], Any] | None = None,
        num_players: int = 2,
        opponents: OpponentPool | Sequence[Opponent] | None = None,
        seat: str | int = "rotate",
        seed: int | None = None,
        env_kwargs: dict[str, Any] | None = None,
        shaping: float = 0.0,
        strict: bool = False,
        illegal_reward: float = -1.0,
    ):
        if (env_id is None) == (env_fn is None):
            raise ValueError("pass exactly one of env_id and env_fn")
        if env_id is not None:
            self.aec = envs.make(
                env_id, num_players=num_players, wrapped=False, **(env_kwargs or {})
            )
        else:
            self.aec = env_fn()
        self.raw = self.aec.unwrapped
        self.agents = list(self.aec.possible_agents)
        n = len(self.agents)
        if isinstance(seat, str) and seat not in SEAT_MODES:
            raise ValueError(f"seat must be one of {SEAT_MODES} or a seat index, got {seat!r}")
        if not isinstance(seat, str) and not 0 <= seat < n:
            raise ValueError(f"seat index {seat} out of range for {n} players")
        self.seat_mode = seat
        if opponents is None:
            opponents = OpponentPool([("random", RandomOpponent(seed))])
        elif not isinstance(opponents, OpponentPool):
            opponents = OpponentPool([(f"opponent_{i}", o) for i, o in enumerate(opponents)])
        self.pool = opponents
        if shaping and not hasattr(self.raw, "engine"):
            raise ValueError("score shaping needs an env with an engine (one of ours)")
        self.shaping = shaping
        self.strict = strict
        self.illegal_reward = float(illegal_reward)
        self._obs: np.ndarray | None = None
        self._margin = 0.0
        self.render_mode = getattr(self.aec, "render_mode", None)
        first = self.agents[0]
        self.observation_space = self.aec.observation_space(first)["observation"]
        self.action_space = self.aec.action_space(first)
        self._seed = seed
        self._seeded = False
        self._episode = 0
        self._seat_offset = 0
        self.learning_seat = 0
        self.learner = first
        self.seat_opponents: dict[str, PoolEntry] = {}
        self._mask = np.zeros(self.action_space.n, dtype=bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is None and not self._seeded:
            seed = self._seed
        if seed is not None or not self._seeded:
            super().reset(seed=seed)
            self._seeded = True
            self._episode = 0
            self._seat_offset = int(self.np_random.integers(len(self.agents)))
        n = len(self.agents)
        if self.seat_mode == "rotate":
            self.learning_seat = (self._seat_offset + self._episode) % n
        elif self.seat_mode == "random":
            self.learning_seat = int(self.np_random.integers(n))
        else:
            self.learning_seat = int(self.seat_mode)
        self._episode += 1
        self.learner = self.agents[self.learning_seat]
        self.seat_opponents = {
            a: self.pool.sample(self.np_random) for a in self.agents if a != self.learner
        }
        self.aec.reset(seed=int(self.np_random.integers(2**31 - 1)))
        reward, done = self._play_opponents()
        if done:
            raise RuntimeError(
                f"the game ended before seat {self.learning_seat} had a decision (reward {reward})"
            )
        if self.shaping:
            self._margin = self._score_margin()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        action = int(action)
        if not 0 <= action < self._mask.size or not self._mask[action]:
            if self.strict:
                raise ValueError(
                    f"action {action} is not legal for the learning seat {self.learner}"
                )
            info = self._info()  # fresh arrays: callers keep what a step returns
            info.update(action_mask=self._mask.copy(), illegal_action=True)
            info.update(win_share=0.0, is_success=False)
            return self._obs.copy(), self.illegal_reward, True, False, info
        self.aec.step(action)
        game_reward = float(self.raw.rewards.get(self.learner, 0.0))
        more, done = self._play_opponents()
        game_reward += more
        reward = game_reward
        if self.shaping:
            margin = self._score_margin()
            reward += self.shaping * (margin - self._margin)
            self._margin = margin
        obs = self._observe()
        info = self._info()
        terminated = bool(self.raw.terminations.get(self.learner, True))
        truncated = bool(self.raw.truncations.get(self.learner, False)) and not terminated
        if done:
            info["win_share"] = self._win_share(game_reward)
            info["is_success"] = info["win_share"] == 1.0
            info["opponents"] = {a: e.name for a, e in self.seat_opponents.items()}
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """Bool mask of the learner's legal actions (the hook MaskablePPO calls)."""
        return self._mask

    def render(self) -> Any:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def _play_opponents(self) -> tuple[float, bool]:
        """Step the other seats until the learner decides or its game is over.

        Returns the learner's reward collected meanwhile, and whether its game is over.
        """
        raw = self.raw
        reward = 0.0
        while True:
            if (
                not raw.agents
                or raw.terminations.get(self.learner, True)
                or raw.truncations.get(self.learner, False)
            ):
                return reward, True
            agent = raw.agent_selection
            if agent == self.learner:
                return reward, False
            if raw.terminations[agent] or raw.truncations[agent]:
                self.aec.step(None)
            else:
                self.aec.step(self._opponent_action(agent))
            reward += float(raw.rewards.get(self.learner, 0.0))

    def _opponent_action(self, agent: str) -> int:
        """Ask the seat's opponent for a move; an illegal one is a bug in that opponent, so it
        raises instead of letting a wrapper quietly end the game."""
        entry = self.seat_opponents[agent]
        opponent = entry.opponent
        if hasattr(opponent, "act"):
            if not hasattr(self.raw, "state_"):
                raise TypeError(f"engine-level opponent {entry.name!r} needs one of our envs")
            player = self.agents.index(agent)
            engine, state = self.raw.engine, self.raw.state_
            mask = engine.legal_action_mask(state, player)
            action = int(opponent.act(engine, state.copy(), player))
        elif isinstance(opponent, RandomOpponent):
            # the env's own generator, so reset(seed=s) replays the same game (Gymnasium's
            # check_env tests that); a pool's opponent is shared by every env using the pool
            mask = self.aec.observe(agent)["action_mask"]
            legal = np.flatnonzero(mask)
            action = int(legal[self.np_random.integers(legal.size)])
        else:
            obs = self.aec.observe(agent)
            mask = obs["action_mask"]
            action = int(opponent(obs["observation"], mask))
        if not 0 <= action < len(mask) or not mask[action]:
            raise RuntimeError(f"opponent {entry.name!r} chose illegal action {action} as {agent}")
        return action

    def _score_margin(self) -> float:
        """The learner's current score minus the best other seat's (the shaping potential); in
        a solo game, the margin the rules' solo result gives (`solo_outcome`: against the
        Mayor's score in Daitoshi, the score itself in Caverna)."""
        engine, state = self.raw.engine, self.raw.state_
        if len(self.raw.possible_agents) == 1:
            return float(engine.solo_outcome(state)[1])
        scores = np.asarray(engine.final_scores(state), dtype=np.float64)
        return float(scores[self.learning_seat] - np.delete(scores, self.learning_seat).max())

    def _win_share(self, reward: float) -> float:
        """The learner's share of the win: 1 alone on top, 1/k in a k-way tie for first, else 0.

        Read from the engine's final scores when the env has one (whatever the reward mode);
        other envs (and truncated games) fall back on the sign of the game's reward (shaping
        excluded), a draw counting 1/2.
        """
        engine, state = getattr(self.raw, "engine", None), getattr(self.raw, "state_", None)
        if engine is not None and state is not None and engine.is_over(state):
            if len(self.raw.possible_agents) == 1:  # solo: the rules say who won
                return 1.0 if engine.solo_outcome(state)[0] else 0.0
            scores = np.asarray(engine.final_scores(state), dtype=np.float64)
            top = scores == scores.max()
            return float(top[self.learning_seat] / top.sum())
        return 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0

    def _observe(self) -> np.ndarray:
        obs = self.aec.observe(self.learner)
        self._mask = np.asarray(obs["action_mask"], dtype=bool)
        self._obs = obs["observation"]
        return self._obs

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask, "learning_seat": self.learning_seat}
