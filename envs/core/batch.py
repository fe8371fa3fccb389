"""The batched driver shared by every game: N independent games stepped, played and encoded in
one numba call, `prange` over the games (issue 16).

A game takes part by offering a `batch` module in its folder (envs/<game>/batch.py) with
`batch_kernels(config) -> GameBatch`: two small kernels with one signature for every game,
wrapping the game's own `apply_action` and observation encoder (never copies of them), and
the read-only tables they take. `driver(...)` builds the parallel kernels around them.

Why a factory and not one kernel per game: the loops over games, the random play and the
encoding are the same code for every game; only the two callees differ, so they are closure
variables of kernels built here (numba caches a closure per the values it closes over, so a
second process loads them instead of compiling).

Why lazily: a parallel kernel that calls a big game kernel is compiled with it (numba links
the callee into the caller and optimises the whole), which costs about as long again as the
game's own cold compile. `driver` runs only when a batched engine is created, never when a game
module or a single-game env is imported or stepped, so the single-game cold start is unchanged.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from numba import njit, prange

from eurogym.envs.core.jit import ENTRY
from eurogym.envs.core.testing import random_legal_action

# the batched kernels are called from Python (envs.core.jit.ENTRY); the parallel ones use
# numba's threading
SERIAL = ENTRY
PARALLEL = dict(ENTRY, parallel=True)
# Below this many games a call's work (microseconds per game) is smaller than handing it to
# the thread pool and back, and next to a training loop on a loaded 2-core machine numba's
# busy-waiting OpenMP threads starved torch: 2048 MaskablePPO steps on 8 batched games took
# 8-25 s with the parallel kernels against 0.5-1 s with the serial ones.
PARALLEL_MIN_GAMES = 128


@dataclass(frozen=True)
class GameBatch:
    """What the batched driver needs from one game (one config).

    step:   njit (buf int64[S], mask int8[A], action int, tables) -> None; applies an action
            already checked legal, in place, and recomputes the mask (the game's apply_action).
    encode: njit (buf int64[S], me int, out float32[obs_width], tables) -> None; writes seat
            `me`'s observation into a zeroed `out` (the game's flat encoder, as its env uses).
    tables: the read-only arrays both take (neighbour tables, encoder plans), as one tuple.
    obs_size: the observation length (the env's observation_size).
    obs_width: the row length `encode` writes, >= obs_size (an encoder may need spare slots).
    """

    step: Any
    encode: Any
    tables: tuple
    obs_size: int
    obs_width: int


@dataclass(frozen=True)
class Driver:
    """The parallel kernels for one game (see `driver`)."""

    advance: Callable[..., None]
    encode_rows: Callable[..., None]
    play_random: Callable[..., None]


@njit(**PARALLEL)
def random_actions(masks, rngs, out):
    """out[i] = a uniformly random legal action of mask row i (-1 if none), drawn from rngs[i]
    (int64[4] words, advanced in place): a random policy for N games in one call."""
    for i in prange(masks.shape[0]):
        out[i] = random_legal_action(masks[i], rngs[i])


_DRIVERS: dict[tuple, Driver] = {}


def driver(
    game: GameBatch, name: str, phase_at: int, game_over: int, decider_at: int, parallel: bool
) -> Driver:
    """The kernels around `game`'s step and encode, built on first use per game.

    name: the game's module path (with the names of `game`'s two kernels it keys the built
    drivers and numba's cache: one game may batch with other kernels for a rule option, as
    Kingdom Builder's Big Box encoder); phase_at / decider_at: buffer
    offsets of the phase and the deciding seat; game_over: the phase of a finished game;
    parallel: `prange` over the games on numba's threads, else one plain loop (the same
    results: the games are independent).
    """
    kernels = f"{game.step.py_func.__name__},{game.encode.py_func.__name__}"
    key = (f"{name}:{kernels}", phase_at, game_over, decider_at, int(parallel))
    built = _DRIVERS.get(key)
    if built is None:
        built = _DRIVERS[key] = _build(game, key)
    return built


def _build(game: GameBatch, key: tuple[str, int, int, int, int]) -> Driver:
    """Compile (or load from numba's cache) the kernels of `_templates` for one game.

    numba keys a cached closure on its bytecode and a pickle of its closure values; a pickled
    dispatcher carries a fresh uuid in every process, so closing over the game's kernels would
    compile again in every process. They are globals of the kernels instead (numba freezes a
    kernel's globals), and the closure holds only `key`, plain values that tell the games and
    the serial and parallel builds apart and give the offsets."""
    namespace = dict(globals(), step=game.step, encode=game.encode)
    options = PARALLEL if key[4] else SERIAL
    kernels = []
    for template in _templates(key):
        function = types.FunctionType(
            template.__code__, namespace, template.__name__, None, template.__closure__
        )
        function.__qualname__ = template.__qualname__
        function.__doc__ = template.__doc__
        kernels.append(njit(**options)(function))
    return Driver(*kernels)


def _templates(key: tuple[str, int, int, int, int]) -> tuple[Callable[..., None], ...]:
    """The batched kernels' Python source, calling the globals `step` and `encode` (bound per
    game by `_build`)."""

    def advance(bufs, masks, actions, active, tables, obs, with_obs):
        """Apply actions[i] to every active game i, then (with_obs) encode its new decider."""
        decider_at = key[3]
        for i in prange(bufs.shape[0]):
            if active[i]:
                step(bufs[i], masks[i], actions[i], tables)  # noqa: F821 (bound by _build)
                if with_obs:
                    row = obs[i]
                    for k in range(row.shape[0]):
                        row[k] = 0.0
                    encode(bufs[i], bufs[i, decider_at], row, tables)  # noqa: F821

    def encode_rows(bufs, active, tables, obs):
        """obs[i] = the deciding seat's observation of game i, for every active row."""
        decider_at = key[3]
        for i in prange(bufs.shape[0]):
            if active[i]:
                row = obs[i]
                for k in range(row.shape[0]):
                    row[k] = 0.0
                encode(bufs[i], bufs[i, decider_at], row, tables)  # noqa: F821

    def play_random(bufs, masks, rngs, stop_seat, limit, tables, counts):
        """Uniformly random legal decisions in every game i (drawn from rngs[i], int64[4]
        words advanced in place) until it is over, seat stop_seat[i] is to decide (-1: never)
        or `limit` decisions were made (< 0: no limit); counts[i] = decisions made."""
        phase_at, game_over, decider_at = key[1], key[2], key[3]
        for i in prange(bufs.shape[0]):
            buf = bufs[i]
            made = 0
            while buf[phase_at] != game_over and buf[decider_at] != stop_seat[i] and made != limit:
                action = random_legal_action(masks[i], rngs[i])
                if action < 0:  # no legal action in a running game: cannot happen, never spin
                    break
                step(buf, masks[i], action, tables)  # noqa: F821
                made += 1
            counts[i] = made

    return advance, encode_rows, play_random
