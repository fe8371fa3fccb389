"""Compile every numba kernel of the given envs ahead of time, so later processes load them from
numba's cache in about a second instead of compiling on their first step.

    python -m eurogym.envs.warmup                      # every registered env
    python -m eurogym.envs.warmup caverna_ff_v0 ...    # only these
    python -m eurogym.envs.warmup --jobs 1             # one process (default: one per core)

Use it in a Docker image build (`RUN python -m eurogym.envs.warmup`) or after installing, with
the same Python, numba and CPU as at run time (numba's cache is keyed on them). numba compiles a
kernel together with everything it calls on its first call, so one random game through the
env's whole public surface compiles all of it: reset and steps (the rules kernels and their
masks), observations (the encoder kernels), JSON round trips (validation, invariants), final
scores, and the engine's fast playout when it has one; then one short game per rule-option case
the registry declares (an expansion can have kernels of its own, as Belfort's has).

numba compiles on one core, and games share no kernels, so the games are warmed in parallel
worker processes (one per core, largest game first); they write the same on-disk cache, which
every later process reads. A worker left without a game while another game is still compiling
helps it: it compiles that game's recorded warmup call graph from the far end
(`compile_ahead.compile_plan`), and the busy worker loads what it finished from the cache.
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.pool
import os
import time
from collections.abc import Callable

import numpy as np
from tqdm import tqdm

from eurogym.envs.core import compile_ahead, jit
from eurogym.envs.core.registry import list_envs, spec
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import play_random_episode, random_legal_action


def warm(env_id: str, seed: int = 0) -> int:
    """Compile (or load from the cache) every kernel of `env_id` by playing one random game
    through it; returns the decisions played."""
    entry = spec(env_id)
    players = max(entry.player_counts)
    env = entry.wrapped_env(num_players=players)
    env.reset(seed=seed)
    decisions = play_random_episode(env, np.random.default_rng(seed))
    engine = entry.engine
    state = env.unwrapped.state_
    engine.final_scores(state)
    entry.check_invariants(state)
    fresh = engine.new_game(engine.make_config(players), seed)
    engine.from_json(engine.to_json(fresh))
    random_legal_action(fresh.mask, seed_words(seed))
    playout = getattr(engine, "playout", None)
    if playout is not None:
        playout(fresh.copy(), seed_words(seed), 10)
    env.close()
    for case_players, options in entry.option_cases:
        variant = entry.wrapped_env(num_players=case_players, **options)
        variant.reset(seed=seed)
        decisions += play_random_episode(variant, np.random.default_rng(seed))
        variant.close()
    return decisions


# Game packages by their time in the warmup, largest first (a clean-clone CI run on 2026-12-02:
# Caverna 48 s, Kingdom Builder 47, Belfort 42, Daitoshi 33, option cases included), so that on
# two workers the four finish together; an unknown package sorts first.
_COMPILE_ORDER = ("caverna_ff", "kingdom_builder", "belfort", "daitoshi")


def _package(env_id: str) -> str:
    return spec(env_id).data_package.rsplit(".", 1)[-1]


def work_units(env_ids: list[str]) -> list[list[str]]:
    """`env_ids` grouped by game package (ids of one package, such as caverna_ff_v0 and
    caverna_ff_v1, share their kernels, so one worker warms them one after the other), the
    largest game first."""
    groups: dict[str, list[str]] = {}
    for env_id in env_ids:
        groups.setdefault(_package(env_id), []).append(env_id)

    def rank(package: str) -> int:
        return _COMPILE_ORDER.index(package) if package in _COMPILE_ORDER else -1

    return [groups[p] for p in sorted(groups, key=rank)]


def _warm_unit(env_ids: list[str]) -> int:
    return sum(warm(env_id) for env_id in env_ids)


def _assist_unit(env_ids: list[str]) -> int:
    """Compile the recorded warmup call graphs of `env_ids` from the far end (the last env,
    each graph's last calls first) while another worker warms them in order; returns the
    kernels compiled or loaded."""
    plans = (compile_ahead.load_plan(env_id, warmup=True) for env_id in reversed(env_ids))
    return sum(compile_ahead.compile_plan(plan) for plan in plans)


def default_jobs() -> int:
    """One worker per core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def warm_all(env_ids: list[str], jobs: int | None = None, progress: bool = True) -> float:
    """Warm `env_ids` in `jobs` worker processes (default: one per core; 1 = in this process)
    with a progress bar ticking as each game is ready; returns the wall seconds taken."""
    units = work_units(env_ids)
    jobs = min(jobs or default_jobs(), len(units))
    if jobs < 1:
        raise ValueError(f"jobs must be >= 1, got {jobs}")
    start = time.perf_counter()
    with tqdm(
        total=len(env_ids), desc="eurogym: compiling kernels", unit="game", disable=not progress
    ) as bar:
        if jobs == 1:
            for env_id in env_ids:
                bar.set_postfix_str(env_id)
                warm(env_id)
                bar.update()
        else:
            _warm_in_workers(units, jobs, bar)
    return time.perf_counter() - start


def _warm_in_workers(
    units: list[list[str]],
    jobs: int,
    bar: tqdm,
    warm_unit: Callable[[list[str]], int] = _warm_unit,
    assist_unit: Callable[[list[str]], int] = _assist_unit,
) -> None:
    """Warm `units` in `jobs` worker processes, one unit per free worker in order; once none is
    left, a free worker assists a unit still warming (`assist_unit`), one assistant per unit.
    Assistants still running when the last unit is warm are stopped: they only compile what
    the warm units have already cached."""
    # spawn: a fresh interpreter per worker, with none of this process's numba state
    pool = multiprocessing.get_context("spawn").Pool(jobs)
    try:
        waiting = list(range(len(units)))
        warming: dict[int, multiprocessing.pool.AsyncResult] = {}
        assisting: dict[int, multiprocessing.pool.AsyncResult] = {}
        while waiting or warming:
            busy = len(warming) + sum(not r.ready() for r in assisting.values())
            if busy < jobs and waiting:
                index = waiting.pop(0)
                warming[index] = pool.apply_async(warm_unit, (units[index],))
                continue
            if busy < jobs:
                index = next((i for i in warming if i not in assisting), None)
                if index is not None:
                    assisting[index] = pool.apply_async(assist_unit, (units[index],))
                    continue
            for index, result in list(warming.items()):
                if result.ready():
                    result.get()  # a worker's error is raised here
                    del warming[index]
                    bar.set_postfix_str(f"{', '.join(units[index])} ready")
                    bar.update(len(units[index]))
            time.sleep(0.05)
    finally:
        pool.terminate()
        pool.join()


def main(argv: list[str] | None = None) -> None:
    """CLI: warm the given env ids (default: all) with a progress bar, one tick per env."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("env_ids", nargs="*", help=f"default: all of {', '.join(list_envs())}")
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        help=f"worker processes (default: one per core, here {default_jobs()}; 1 = no workers)",
    )
    args = parser.parse_args(argv)
    if args.jobs is not None and args.jobs < 1:
        parser.error(f"--jobs must be >= 1, got {args.jobs}")
    env_ids = args.env_ids or list_envs()
    unknown = sorted(set(env_ids) - set(list_envs()))
    if unknown:
        parser.error(f"unknown env id(s) {unknown}; known: {list_envs()}")
    seconds = warm_all(env_ids, args.jobs)
    print(
        f"eurogym: {len(env_ids)} env(s) ready in {seconds:.0f} s; "
        f"kernel cache: {jit.cache_location()}"
    )


if __name__ == "__main__":
    main()
