"""Batched-engine rows of the throughput table (`python -m eurogym.benchmarks.throughput
--batched`, issue 16): for every game, N games per call (N in `BATCH_SIZES`) on 1 and 2 numba
threads, so the cost growth with N and the gain of the second core are visible.

The parallel build is measured at every N (the engines choose it by default only from
`envs.core.batch.PARALLEL_MIN_GAMES` games on), so the 1- and 2-thread rows compare.

* `batched rollout`: `BatchedEngine.rollout` plays N fresh games to the end with uniformly
  random legal actions in one numba call; decisions/s counts the decisions of all N games over
  the time of the rollout calls only (setting up the N games, the game's Python `new_game`, is
  not timed: a search re-uses positions it already has).
* `batched step+obs`: `BatchedEngine.step` with one random legal action per game (drawn in one
  parallel call, `random_actions`), which applies them, encodes every game's next observation
  and mask into the preallocated arrays, and restarts finished games (their Python set-up is
  timed here); steps/s counts agent steps (N per call).

Every row runs after one untimed warm-up call (compilation, or loading numba's cache).
"""

from __future__ import annotations

import time
from typing import Any

import numba
import numpy as np

from eurogym.envs.vector import BatchedEngine, rng_words

BATCH_SIZES = (1, 64, 1024)
THREADS = (1, 2)
ROLLOUT_TARGET = {"kingdom_builder_v0": 1_000_000}  # decisions/s on 2 threads
ROLLOUT_TARGET_OTHERS = 500_000
STEP_TARGET = 200_000  # agent-steps/s on 2 threads


def rollout_rate(batch: BatchedEngine, seconds: float, seed: int) -> dict[str, float]:
    """Batched random rollouts from fresh games until `seconds` of rollout time passed."""
    rng = np.random.default_rng(seed)
    decisions = games = 0
    elapsed = 0.0
    while True:  # at least one call
        batch.reset(seed + games)
        words = rng_words(rng, batch.num_envs)
        start = time.perf_counter()
        decisions += int(batch.rollout(words).sum())
        elapsed += time.perf_counter() - start
        games += batch.num_envs
        if elapsed >= seconds:
            break
    return {"per_second": decisions / elapsed, "games_per_second": games / elapsed}


def step_rate(batch: BatchedEngine, seconds: float, seed: int) -> dict[str, float]:
    """Batched steps with random legal actions (autoreset on) for `seconds`."""
    batch.reset(seed)
    words = rng_words(np.random.default_rng(seed), batch.num_envs)
    steps = calls = games = 0
    start = time.perf_counter()
    while True:
        for _ in range(10):
            games += int(batch.step(batch.random_actions(words)).sum())
        calls += 10
        steps += 10 * batch.num_envs
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"per_second": steps / elapsed, "games_per_second": games / elapsed}


def measure_batched(
    env_ids: list[str], players: int, seconds: float, sizes: tuple[int, ...] = BATCH_SIZES
) -> dict[str, dict[str, float]]:
    """Row key "<env_id>/batched_<kind>/N=<n>/<t>t" -> per_second, games_per_second, for
    kind in (rollout, step), every N in `sizes` and every thread count in THREADS (capped
    at numba's maximum)."""
    results: dict[str, dict[str, float]] = {}
    threads = [t for t in THREADS if t <= numba.config.NUMBA_NUM_THREADS]
    before = numba.get_num_threads()
    try:
        for env_id in env_ids:
            for n in sizes:
                batch = BatchedEngine(env_id, n, players, parallel=True)
                rollout_rate(batch, 0.0, 10**6)  # warm-up: compile or load the kernels
                step_rate(batch, 0.0, 10**6)
                for t in threads:
                    numba.set_num_threads(t)
                    results[f"{env_id}/batched_rollout/N={n}/{t}t"] = rollout_rate(
                        batch, seconds, 1
                    )
                    results[f"{env_id}/batched_step/N={n}/{t}t"] = step_rate(batch, seconds, 1)
    finally:
        numba.set_num_threads(before)
    return results


def targets(env_id: str, results: dict[str, Any]) -> dict[str, bool]:
    """Pass/fail of the issue's targets, on the best N with 2 threads (or 1 when only one)."""
    rows = {k: v for k, v in results.items() if k.startswith(f"{env_id}/batched_")}
    most = max(int(k.rsplit("/", 1)[1][:-1]) for k in rows)
    best = {
        kind: max(
            v["per_second"] for k, v in rows.items() if f"/{kind}/" in k and k.endswith(f"/{most}t")
        )
        for kind in ("batched_rollout", "batched_step")
    }
    best_rollout, best_step = best["batched_rollout"], best["batched_step"]
    rollout_target = ROLLOUT_TARGET.get(env_id, ROLLOUT_TARGET_OTHERS)
    return {
        "batched_rollout_decisions_per_second": best_rollout >= rollout_target,
        "batched_step_steps_per_second": best_step >= STEP_TARGET,
    }


def table_rows(env_id: str, results: dict[str, Any], players: int) -> list[list[str]]:
    """The table rows of one game's batched measurements (columns as throughput's table)."""
    name = env_id.removesuffix("_v0")
    baseline = results["connect_four"]["per_second"] if "connect_four" in results else None
    rows = []
    for key, rate in results.items():
        if not key.startswith(f"{env_id}/batched_"):
            continue
        _, kind, size, threads = key.split("/")
        label = "rollout" if kind == "batched_rollout" else "step+obs"
        unit = "decisions/s" if label == "rollout" else "steps/s"
        if label == "rollout":
            target = f">= {ROLLOUT_TARGET.get(env_id, ROLLOUT_TARGET_OTHERS):,}/s (2t)"
        else:
            target = f">= {STEP_TARGET:,}/s (2t)"
        rows.append(
            [
                f"{name} batched {label} {players}p {size} {threads}",
                f"{rate['per_second']:,.0f}",
                unit,
                f"{rate['games_per_second']:.1f}",
                "-" if baseline is None else f"{rate['per_second'] / baseline:.2f}x",
                target,
                "-",
            ]
        )
    return rows
