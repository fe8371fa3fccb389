"""`BatchedEngine`: N games of one registered env advanced by one numba call (issue 16).

The games live in one `(N, state_size)` int64 buffer and one `(N, num_actions)` int8 mask
array, each row laid out exactly like the game's `State` (so row i *is* a state: `view(i)`).
`step(actions)` applies one action per game for its deciding seat and encodes every game's new
observation (the decider's, as the env's `encode` would) into a preallocated `(N, obs_size)`
float32 array, all in one `prange` over the games (envs.core.batch). Finished games start again
with the next seed (autoreset). `rollout` plays every game to the end with uniformly random
legal actions in one call.

Set-up stays the game's own `new_game` (plain Python for most games, microseconds to a
millisecond), run only for the rows that start a new game.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from eurogym.envs.core.batch import (
    PARALLEL_MIN_GAMES,
    Driver,
    GameBatch,
    driver,
    random_actions,
)
from eurogym.envs.core.errors import ConfigError, IllegalActionError
from eurogym.envs.core.options import check_int, check_seed
from eurogym.envs.core.registry import spec as env_spec
from eurogym.envs.core.rng import seed_words

_SEEDS = 2**64


def game_batch(env_id: str, config: Any) -> GameBatch:
    """The game's batched kernels (its folder's `batch` module), or ConfigError if it has none."""
    package = env_spec(env_id).data_package
    try:
        module = importlib.import_module(f"{package}.batch")
    except ModuleNotFoundError:
        raise ConfigError(f"{env_id} has no batched engine ({package}.batch)") from None
    return module.batch_kernels(config)


class BatchedEngine:
    """N independent games of `env_id` in one buffer, stepped and encoded in one numba call.

    Args:
        env_id: one of `eurogym.list_envs()` whose game offers a batch module (all four do).
        num_envs: N, the number of games (>= 1).
        num_players: seats per game (the env's default when None).
        parallel: run the games on numba's threads (`prange`); None (default) does so from
            `envs.core.batch.PARALLEL_MIN_GAMES` (128) games on, where it pays. Results are the
            same either way.
        **options: the game's rule options, as for `eurogym.make`.

    Attributes (read them, do not resize them): `bufs` (N, state_size) int64, `masks`
    (N, num_actions) int8 (the deciding seat's legal actions), `obs` (N, obs_size) float32 (the
    deciding seat's observation, refreshed by `reset` and `step`), `seeds` (the seed each game
    started from), `final_scores` (N, num_players) float64, the scores of the game each row
    finished at the last `step` (NaN elsewhere).

    Thread count (parallel engines): numba's (NUMBA_NUM_THREADS, or `numba.set_num_threads`);
    the games are independent and each draws only from its own generators, so results never
    depend on it.
    """

    def __init__(
        self,
        env_id: str,
        num_envs: int,
        num_players: int | None = None,
        parallel: bool | None = None,
        **options: Any,
    ):
        entry = env_spec(env_id)
        self.env_id = env_id
        self.engine = entry.engine
        self.num_envs = check_int("num_envs", num_envs, 1)
        if num_players is None:
            num_players = entry.raw_env.default_players
        self.config = self.engine.make_config(num_players, **options)
        self.num_players = self.config.num_players
        self.encode_single = entry.raw_env.encode
        self.game = game_batch(env_id, self.config)
        # a rule option may give a bigger state (Kingdom Builder's Big Box, Belfort's expansion):
        # the sizes come from a game dealt with this config; the base fields keep their offsets
        sample = self.engine.new_game(self.config, 0)
        self.state_class = type(sample)
        layout = sample.LAYOUT
        self.phase_at = layout.offset("phase")
        self.decider_at = layout.offset(self.engine.decider_field)
        self.game_over = self.engine.game_over_phase
        if parallel is None:
            parallel = self.num_envs >= PARALLEL_MIN_GAMES
        self.parallel = bool(parallel)
        self.driver: Driver = driver(
            self.game,
            entry.data_package,
            self.phase_at,
            self.game_over,
            self.decider_at,
            self.parallel,
        )
        n, size = self.num_envs, layout.size
        self.num_actions = sample.mask.size
        self.obs_size = self.game.obs_size
        self.bufs = np.zeros((n, size), np.int64)
        self.masks = np.zeros((n, self.num_actions), np.int8)
        self._obs = np.zeros((n, self.game.obs_width), np.float32)
        self.obs = self._obs[:, : self.obs_size]
        self.seeds: list[int] = [0] * n
        self.final_scores = np.full((n, self.num_players), np.nan)
        self._next_seed = 0
        self._all = np.ones(n, np.bool_)
        self._none = np.zeros(n, np.bool_)
        self._started = False

    # -- set-up ---------------------------------------------------------------------------

    def reset(self, seeds: int | Sequence[int] | None = None) -> np.ndarray:
        """Start every game afresh and return `obs`. `seeds`: one int s (games get s, s+1, ...,
        s+N-1), N ints, or None (fresh entropy). Later autoresets take the seeds after the
        largest one, in row order: the (k+1)-th game to finish restarts with max(seeds)+1+k."""
        n = self.num_envs
        if seeds is None:
            seeds = int(np.random.SeedSequence().generate_state(2, np.uint64)[0] >> np.uint64(1))
        if isinstance(seeds, (int, np.integer)) and not isinstance(seeds, (bool, np.bool_)):
            base = check_seed(seeds)
            seeds = [(base + i) % _SEEDS for i in range(n)]
        seeds = [check_seed(s) for s in seeds]
        if len(seeds) != n:
            raise ValueError(f"reset needs {n} seeds (one per game), got {len(seeds)}")
        for i, seed in enumerate(seeds):
            self._new_game(i, seed)
        self._next_seed = (max(seeds) + 1) % _SEEDS
        self.final_scores[:] = np.nan
        self._started = True
        self.encode(self._all)
        return self.obs

    def _new_game(self, i: int, seed: int) -> None:
        state = self.engine.new_game(self.config, seed)
        self.bufs[i] = state.buf
        self.masks[i] = state.mask
        self.seeds[i] = seed

    def restart(self, rows: np.ndarray) -> None:
        """Start a new game in each row of `rows` (bool[N]) with the next seeds, in row order,
        and encode those rows."""
        for i in np.flatnonzero(rows):
            self._new_game(int(i), self._next_seed)
            self._next_seed = (self._next_seed + 1) % _SEEDS
        self.encode(rows)

    # -- reading --------------------------------------------------------------------------

    def view(self, i: int) -> Any:
        """Game i as the game's `State`, sharing memory with the batch (engine calls on it, such
        as `final_scores`, read the batch; `apply_action` on it would change it)."""
        return self.state_class(self.bufs[i], self.masks[i])

    def state(self, i: int) -> Any:
        """An independent copy of game i as the game's `State`."""
        return self.state_class(self.bufs[i].copy(), self.masks[i].copy())

    def set_state(self, i: int, state: Any) -> None:
        """Put a state (of this game and player count) into row i and encode it."""
        self.engine._require_state(state)
        self.bufs[i] = state.buf
        self.masks[i] = state.mask
        rows = self._none.copy()
        rows[i] = True
        self.encode(rows)

    def current_players(self) -> np.ndarray:
        """int64[N]: the deciding seat of every game."""
        return self.bufs[:, self.decider_at].copy()

    def is_over(self) -> np.ndarray:
        """bool[N]: which games are over (only between `rollout` and `reset`: `step` restarts
        finished games at once)."""
        return self.bufs[:, self.phase_at] == self.game_over

    def encode(self, rows: np.ndarray) -> None:
        """Refresh `obs` for the rows in `rows` (bool[N])."""
        self.driver.encode_rows(self.bufs, rows, self.game.tables, self._obs)

    # -- stepping -------------------------------------------------------------------------

    def check_actions(self, actions: Any, rows: np.ndarray | None = None) -> np.ndarray:
        """`actions` as int64[N] after checking the shape, the type and that each one is legal
        in its game (only the rows in `rows`, bool[N], when given). Raises ValueError /
        TypeError / IllegalActionError naming the first bad game index; changes nothing."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        array = np.asarray(actions)
        if array.shape != (self.num_envs,):
            raise ValueError(
                f"{self.env_id}: actions must have shape ({self.num_envs},) (one per game), "
                f"got {array.shape}"
            )
        if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
            raise TypeError(f"{self.env_id}: actions must be integers, got dtype {array.dtype}")
        array = array.astype(np.int64)
        rows = self._all if rows is None else rows
        inside = (array >= 0) & (array < self.num_actions)
        legal = np.zeros(self.num_envs, np.bool_)
        index = np.flatnonzero(inside)
        legal[index] = self.masks[index, array[index]] != 0
        legal &= ~self.is_over()
        bad = np.flatnonzero(rows & ~legal)
        if bad.size:
            i = int(bad[0])
            a = int(array[i])
            phase = int(self.bufs[i, self.phase_at])
            described = self.engine.describe(a, phase) if 0 <= a < self.num_actions else "?"
            player = int(self.bufs[i, self.decider_at])
            raise IllegalActionError(
                f"{self.env_id}: game {i}: action {a} ({described}) is illegal in phase "
                f"'{self.engine.phase_names[phase]}' for player {player}"
                f" ({bad.size} illegal in all); no game was changed"
            )
        return array

    def step(
        self, actions: Any, rows: np.ndarray | None = None, autoreset: bool = True
    ) -> np.ndarray:
        """Apply actions[i] in every game i (only the rows in `rows`, bool[N], when given; the
        others' actions are ignored) and refresh `obs`. Every action is checked first: one
        illegal action raises IllegalActionError naming its game index and changes no game.

        Returns bool[N], the games that ended with this step; their scores are in
        `final_scores` and, with `autoreset`, each has already restarted with the next seed
        (its row of `obs` is the new game's first observation)."""
        array = self.check_actions(actions, rows)
        rows = self._all if rows is None else np.asarray(rows, np.bool_)
        self.driver.advance(self.bufs, self.masks, array, rows, self.game.tables, self._obs, True)
        done = rows & self.is_over()
        self.final_scores[:] = np.nan
        for i in np.flatnonzero(done):
            self.final_scores[i] = self.engine.final_scores(self.view(int(i)))
        if autoreset and done.any():
            self.restart(done)
        return done

    def play_random(
        self,
        rng: np.random.Generator | np.ndarray,
        stop_seats: np.ndarray | None = None,
        limit: int = -1,
    ) -> np.ndarray:
        """Uniformly random legal decisions in every game, in one parallel call, until it is
        over, until the seat stop_seats[i] is to decide (None: play to the end), or `limit`
        decisions (-1: none). `rng` is a numpy Generator (N generator streams are drawn from
        it) or int64[N, 4] xorshift words (envs.core.rng, advanced in place). No autoreset;
        `obs` is not refreshed (call `encode`). Returns int64[N], decisions made per game."""
        words = rng if isinstance(rng, np.ndarray) else rng_words(rng, self.num_envs)
        if words.shape != (self.num_envs, 4) or words.dtype != np.int64:
            raise ValueError(f"rng words must be int64[{self.num_envs}, 4], got {words.shape}")
        stop = np.full(self.num_envs, -1, np.int64) if stop_seats is None else stop_seats
        counts = np.zeros(self.num_envs, np.int64)
        stop = np.ascontiguousarray(stop, np.int64)
        self.driver.play_random(self.bufs, self.masks, words, stop, limit, self.game.tables, counts)
        return counts

    def random_actions(self, words: np.ndarray) -> np.ndarray:
        """int64[N]: a uniformly random legal action per game, drawn in one parallel call from
        `words` (int64[N, 4] xorshift words, advanced in place; see `rng_words`)."""
        out = np.empty(self.num_envs, np.int64)
        random_actions(self.masks, words, out)
        return out

    def rollout(self, rng: np.random.Generator | np.ndarray) -> np.ndarray:
        """Play every game to the end with uniformly random legal actions in one call; returns
        the decisions made per game (the scores are then `engine.final_scores(view(i))`)."""
        return self.play_random(rng)


def rng_words(rng: np.random.Generator, count: int) -> np.ndarray:
    """int64[count, 4]: independent xorshift generator words (envs.core.rng) drawn from `rng`."""
    seeds = rng.integers(0, 2**63, size=count)
    return np.stack([seed_words(int(s)) for s in seeds]) if count else np.zeros((0, 4), np.int64)


def rollout(states: BatchedEngine | Sequence[Any], rng: np.random.Generator) -> Any:
    """Play N games to the end with uniformly random legal actions in one numba call.

    `states` is a `BatchedEngine` (played in place; returns the decisions per game) or a list
    of states of one registered game with one player count (played in place too; returns
    float64[N, num_players], the final scores). This is the batch form of an engine's
    `playout`, for benchmarks and search leaves."""
    if isinstance(states, BatchedEngine):
        return states.rollout(rng)
    if not states:
        return np.zeros((0, 0))
    batch = batch_of(states)
    batch.rollout(rng)
    scores = []
    for i, state in enumerate(states):
        state.buf[:] = batch.bufs[i]
        state.mask[:] = batch.masks[i]
        scores.append(batch.engine.final_scores(state))
    return np.array(scores, np.float64)


_BATCHES: dict[tuple[str, int, int], BatchedEngine] = {}


def batch_of(states: Sequence[Any]) -> BatchedEngine:
    """A BatchedEngine holding copies of `states` (all of one game), reused between calls of
    the same game, player count and size (search asks for many batches of one shape)."""
    from eurogym.envs.core.registry import list_envs

    first = states[0]
    env_id = getattr(first, "GAME", None)
    if env_id not in list_envs():
        raise TypeError(f"batch_of needs states of a registered game, got {type(first).__name__}")
    engine = env_spec(env_id).engine
    players = int(first.num_players)  # every game stores its player count in the state
    options = engine.options_of(first)  # an expansion's state needs its bigger layout
    key = (env_id, players, len(states), repr(sorted(options.items())))
    batch = _BATCHES.get(key)
    if batch is None:
        batch = BatchedEngine(env_id, len(states), players, parallel=True, **options)
        _BATCHES[key] = batch
    for i, state in enumerate(states):
        if type(state) is not type(first):
            raise TypeError(f"state {i} is a {type(state).__name__}, not {type(first).__name__}")
        batch.bufs[i] = state.buf
        batch.masks[i] = state.mask
    batch._started = True
    return batch
