"""`LearnerBatch`: N batched games, each with one learning seat, the other seats played by
opponents from a pool, the common core of the Gymnasium and SB3 vector envs (issue 16).

Per game it does what `agents.selfplay.SelfPlayEnv` does for one: a learning seat per episode
("rotate", "random" or a fixed seat), one pool opponent per other seat, opponents played until
the learner decides again, the learner's own reward (win/loss or score margin, plus optional
score shaping), and the same episode infos (win_share, is_success). The difference is speed:
the learner's moves of all N games are one numba call, and when every opponent of a game is
the random one its moves run inside numba too, until the learner decides (one call for all
games). Other opponents are asked in Python: an opponent with `act_batch(obs, masks)` (a
checkpoint, `agents.ppo.PolicyOpponent`) once per round for all the games where it decides,
reading the observations the batch has already encoded; engine-level agents (the heuristic)
one game at a time. Each round of opponent moves is applied to all games in one call.

An illegal learner action ends that game's episode with `illegal_reward` (-1, as PettingZoo's
TerminateIllegalWrapper does), so generic env checkers that send random actions work;
`strict=True` raises IllegalActionError (naming the game index, no game changed) instead.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.vector.engine import BatchedEngine, rng_words

SEAT_MODES = ("rotate", "random")
REWARD_MODES = ("win_loss", "score_margin")


def opponent_pool(opponents: Any, env_id: str, seed: int) -> Any:
    """An `agents.selfplay.OpponentPool` from a pool, a list of opponents, or a name:
    "random" (default) or "heuristic" (the game's registered heuristic)."""
    from eurogym.agents.selfplay import OpponentPool, RandomOpponent

    if opponents is None or opponents == "random":
        return OpponentPool([("random", RandomOpponent(seed))])
    if opponents == "heuristic":
        from eurogym.agents.heuristic import heuristic_for

        return OpponentPool([("heuristic", heuristic_for(env_id, seed))])
    if isinstance(opponents, str):
        raise ConfigError(f"opponent must be 'random', 'heuristic' or a pool, got {opponents!r}")
    if isinstance(opponents, OpponentPool):
        return opponents
    return OpponentPool([(f"opponent_{i}", o) for i, o in enumerate(opponents)])


class LearnerBatch:
    """N games of `env_id`, one learning seat each, against pool opponents.

    Args:
        env_id: a registered env id; num_envs: N; num_players: seats per game.
        opponents: "random" (default), "heuristic", an OpponentPool or a list of opponents
            (observation-level callables or engine-level agents, as SelfPlayEnv takes).
        seat: "rotate" (each game's k-th episode plays seat (offset + k) % n), "random" or a
            fixed seat index.
        seed: seeds seats, opponents, game seeds and the random opponents' moves.
        reward_mode: "win_loss" (+1 for a top score, else -1) or "score_margin" (own final
            score minus the best other seat's, times the env's score_scale).
        shaping: add `shaping` x the change of the learner's score margin at every step (as
            SelfPlayEnv's shaping).
        strict: raise on an illegal learner action instead of ending the episode.
        illegal_reward: the reward of an episode ended by an illegal action.
        **options: the game's rule options.
    """

    def __init__(
        self,
        env_id: str,
        num_envs: int,
        num_players: int = 2,
        opponents: Any = None,
        seat: str | int = "rotate",
        seed: int | None = None,
        reward_mode: str = "win_loss",
        shaping: float = 0.0,
        strict: bool = False,
        illegal_reward: float = -1.0,
        **options: Any,
    ):
        if reward_mode not in REWARD_MODES:
            raise ConfigError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
        self.batch = BatchedEngine(env_id, num_envs, num_players, **options)
        self.env_id = env_id
        self.num_envs = n = self.batch.num_envs
        self.num_players = p = self.batch.num_players
        if isinstance(seat, str) and seat not in SEAT_MODES:
            raise ConfigError(f"seat must be one of {SEAT_MODES} or a seat index, got {seat!r}")
        if not isinstance(seat, str) and not 0 <= seat < p:
            raise ConfigError(f"seat index {seat} out of range for {p} players")
        self.seat_mode = seat
        self.seed = seed
        self.pool = opponent_pool(opponents, env_id, 0 if seed is None else seed)
        self.reward_mode = reward_mode
        self.score_scale = _score_scale(env_id)
        self.shaping = float(shaping)
        self.strict = strict
        self.illegal_reward = float(illegal_reward)
        self.learners = np.zeros(n, np.int64)
        self.seat_opponents: list[list[Any]] = [[None] * p for _ in range(n)]
        self._random_rows = np.zeros(n, np.bool_)
        self._episodes = np.zeros(n, np.int64)
        self._offsets = np.zeros(n, np.int64)
        self._margins = np.zeros(n)
        self.episode_returns = np.zeros(n)
        self.episode_lengths = np.zeros(n, np.int64)
        self._episode_start = np.zeros(n)
        self.rng = np.random.default_rng(seed)
        self._words = rng_words(self.rng, n)

    # -- episodes -------------------------------------------------------------------------

    def reset(self, seed: int | None = None) -> np.ndarray:
        """Start a new episode in every game; returns the learners' observations (a view)."""
        if seed is not None:
            self.seed = seed
            self.rng = np.random.default_rng(seed)
            self._words = rng_words(self.rng, self.num_envs)
        self._offsets = self.rng.integers(self.num_players, size=self.num_envs)
        self._episodes[:] = 0
        self.batch.reset(int(self.rng.integers(2**62)))
        every = np.ones(self.num_envs, np.bool_)
        self._start_episodes(every)
        return self.batch.obs

    def _start_episodes(self, rows: np.ndarray) -> None:
        """Seat, opponents and the opponents' moves up to the learner's first decision, for the
        rows in `rows` (whose games were just set up)."""
        from eurogym.agents.selfplay import RandomOpponent

        p = self.num_players
        for i in np.flatnonzero(rows):
            if self.seat_mode == "rotate":
                seat = (self._offsets[i] + self._episodes[i]) % p
            elif self.seat_mode == "random":
                seat = self.rng.integers(p)
            else:
                seat = int(self.seat_mode)
            self._episodes[i] += 1
            self.learners[i] = seat
            seats = [None if s == seat else self.pool.sample(self.rng) for s in range(p)]
            self.seat_opponents[i] = seats
            self._random_rows[i] = all(
                isinstance(e.opponent, RandomOpponent) for e in seats if e is not None
            )
        self.episode_returns[rows] = 0.0
        self.episode_lengths[rows] = 0
        self._episode_start[rows] = time.perf_counter()
        pending = rows.copy()
        while True:  # a game that ends before the learner decides is dealt again
            self._play_opponents(pending)
            ended = pending & self.batch.is_over()
            if not ended.any():
                break
            self.batch.restart(ended)
            pending = ended
        self.batch.encode(rows)
        if self.shaping:
            for i in np.flatnonzero(rows):
                self._margins[i] = self._margin(int(i))

    def _play_opponents(self, rows: np.ndarray) -> None:
        """Play the opponents of the games in `rows` until each game's learner decides or the
        game is over: random-only games in one numba call, the others one decision at a time
        (each round of decisions applied to all of them in one call)."""
        batch = self.batch
        fast = rows & self._random_rows
        if fast.any():
            stop = np.where(fast, self.learners, batch.current_players())
            batch.play_random(self._words, stop)
        slow = rows & ~self._random_rows
        while True:
            pending = slow & ~batch.is_over() & (batch.current_players() != self.learners)
            if not pending.any():
                return
            actions = np.zeros(self.num_envs, np.int64)
            groups: dict[int, tuple[Any, list[int]]] = {}
            for i in np.flatnonzero(pending):
                entry = self.seat_opponents[i][batch.bufs[i, batch.decider_at]]
                if hasattr(entry.opponent, "act_batch"):
                    groups.setdefault(id(entry.opponent), (entry, []))[1].append(int(i))
                else:
                    actions[i] = self._opponent_action(int(i))
            for entry, group in groups.values():
                # batch.obs holds each game's decider's view (refreshed by every step)
                chosen = entry.opponent.act_batch(batch.obs[group], batch.masks[group] != 0)
                for i, action in zip(group, chosen, strict=True):
                    self._check_opponent(entry, i, int(action))
                    actions[i] = action
            batch.step(actions, pending, autoreset=False)

    def _check_opponent(self, entry: Any, i: int, action: int) -> None:
        """An illegal opponent move is a bug in that opponent: raise, naming it."""
        mask = self.batch.masks[i]
        if not 0 <= action < mask.size or not mask[action]:
            raise RuntimeError(f"opponent {entry.name!r} chose illegal action {action} in game {i}")

    def _opponent_action(self, i: int) -> int:
        """The deciding opponent's move in game i (an illegal one is a bug in that opponent)."""
        from eurogym.agents.selfplay import RandomOpponent

        batch = self.batch
        player = int(batch.bufs[i, batch.decider_at])
        entry = self.seat_opponents[i][player]
        opponent = entry.opponent
        mask = batch.masks[i]
        if isinstance(opponent, RandomOpponent):
            legal = np.flatnonzero(mask)
            return int(legal[self.rng.integers(legal.size)])
        if hasattr(opponent, "act"):
            action = int(opponent.act(batch.engine, batch.state(i), player))
        else:
            action = int(opponent(batch.obs[i].copy(), mask.copy()))
        self._check_opponent(entry, i, action)
        return action

    # -- stepping -------------------------------------------------------------------------

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        """Apply the learners' actions, play opponents until each learner decides again, and
        restart finished episodes. Returns (obs view, rewards float32[N], dones bool[N],
        infos): a finished game's info holds its last observation ("terminal_observation"),
        "win_share", "is_success", "illegal_action" and "episode" (r, l, t)."""
        batch = self.batch
        raw = np.asarray(actions)
        if raw.shape != (self.num_envs,):
            raise ValueError(
                f"{self.env_id}: actions must have shape ({self.num_envs},), got {raw.shape}"
            )
        if raw.dtype == np.bool_ or not np.issubdtype(raw.dtype, np.integer):
            raise TypeError(f"{self.env_id}: actions must be integers, got dtype {raw.dtype}")
        if self.strict:
            array = batch.check_actions(raw)
            illegal = np.zeros(self.num_envs, np.bool_)
        else:
            array = raw.astype(np.int64)
            inside = (array >= 0) & (array < batch.num_actions)
            safe = np.where(inside, array, 0)
            illegal = ~inside | (batch.masks[np.arange(self.num_envs), safe] == 0)
            array = np.where(illegal, 0, array)
        moved = ~illegal
        batch.step(array, moved, autoreset=False)
        self._play_opponents(moved & ~batch.is_over())
        over = batch.is_over()
        rewards = np.zeros(self.num_envs)
        infos: list[dict] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(over):
            rewards[i] = self._final_reward(int(i))
        if self.shaping:
            for i in np.flatnonzero(moved):
                margin = self._margin(int(i))
                rewards[i] += self.shaping * (margin - self._margins[i])
                self._margins[i] = margin
        rewards[illegal] = self.illegal_reward
        self.episode_lengths += 1
        self.episode_returns += rewards
        done = over | illegal
        now = time.perf_counter()
        for i in np.flatnonzero(done):
            info = infos[i]
            info["terminal_observation"] = batch.encode_single(
                batch.view(int(i)), int(self.learners[i])
            )
            info["illegal_action"] = bool(illegal[i])
            share = self._win_share(int(i)) if over[i] else 0.0
            info["win_share"] = share
            info["is_success"] = share == 1.0
            info["opponents"] = {
                s: e.name for s, e in enumerate(self.seat_opponents[i]) if e is not None
            }
            info["episode"] = {
                "r": float(self.episode_returns[i]),
                "l": int(self.episode_lengths[i]),
                "t": round(now - self._episode_start[i], 6),
            }
        if done.any():
            batch.restart(done)
            self._start_episodes(done)
        return batch.obs, rewards.astype(np.float32), done, infos

    def action_masks(self) -> np.ndarray:
        """bool[N, num_actions]: each learner's legal actions (what MaskablePPO asks for)."""
        return self.batch.masks.astype(np.bool_)

    # -- rewards --------------------------------------------------------------------------

    def _scores(self, i: int) -> np.ndarray:
        return np.asarray(self.batch.engine.final_scores(self.batch.view(i)), np.float64)

    def _margin(self, i: int) -> float:
        scores = self._scores(i)
        seat = int(self.learners[i])
        return float(scores[seat] - np.delete(scores, seat).max()) if scores.size > 1 else 0.0

    def _final_reward(self, i: int) -> float:
        """The learner's reward at its game's end, as the AEC env's reward modes give it."""
        engine, seat = self.batch.engine, int(self.learners[i])
        if self.num_players == 1:
            won, margin = engine.solo_outcome(self.batch.view(i))
            if self.reward_mode == "win_loss":
                return 1.0 if won else -1.0
            return float(margin * self.score_scale)
        scores = self._scores(i)
        if self.reward_mode == "win_loss":
            return 1.0 if scores[seat] == scores.max() else -1.0
        return float((scores[seat] - np.delete(scores, seat).max()) * self.score_scale)

    def _win_share(self, i: int) -> float:
        if self.num_players == 1:
            return 1.0 if self.batch.engine.solo_outcome(self.batch.view(i))[0] else 0.0
        scores = self._scores(i)
        top = scores == scores.max()
        return float(top[int(self.learners[i])] / top.sum())


def _score_scale(env_id: str) -> float:
    from eurogym.envs.core.registry import spec

    return float(spec(env_id).raw_env.score_scale)
