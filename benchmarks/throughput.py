"""Throughput of every registered game (Kingdom Builder, Belfort, ...) through PettingZoo,
through the raw env and as a bare engine, next to PettingZoo's own `connect_four_v3` measured
in the same run on the same machine.

Every rate row plays whole random games for `--seconds` in total, after one untimed warm-up
game (so numba compilation and cache loading are excluded). The rows take turns in `ROUNDS`
slices each, so a change in machine load during the run hits all of them alike and the ratios
to connect four stay fair.

* `<game> env()`: `eurogym.envs.make(env_id)` with PettingZoo's standard wrappers, driven by
  the standard AEC loop (`agent_iter`, `last`, `step`). Steps/s counts decisions: `step` calls
  with an action, not the dead steps (`step(None)`) that retire finished agents. Random agents
  pick uniformly among the legal indices of `obs["action_mask"]` (`np.flatnonzero` and one
  seeded `Generator.integers` draw), so the rate includes observation encoding, mask copies
  and the wrappers' checks: the cost a learner pays per decision.
* `<game> raw_env`: the same loop without the wrappers (`wrapped=False`).
* `<game> engine`: `ENGINE.new_game` and `ENGINE.apply_action` only, with actions
  from the numba kernel `random_legal_action(state.mask, words)`; no observations. This is the
  ceiling for search (MCTS rollouts) and for any batched wrapper.
* `connect_four_v3 env()`: PettingZoo's reference env with the same loop, pick and counting.
  It is the yardstick: absolute rates depend on the machine, the ratio much less.

Targets, per game: env() at least 1.5x connect four's steps/s (a far bigger game should still
not be the bottleneck of a training loop); the bare engine at least 100,000 decisions/s; `import
envs`, make, reset and a first step under 3 s with a warm numba cache (timed in a fresh
interpreter from just before it is spawned until its step returns; run twice, the second is
reported); one state copy (`state.nbytes()`) under 64 KB.
Peak RSS of this process is reported only.

`--cold` adds the cold-start rows (a few minutes; docs/cold_start.md): the time from spawning a
fresh interpreter, with `NUMBA_CACHE_DIR` pointing at a new empty folder (as on a fresh clone or
install: every kernel is compiled), until `make`, reset and one step have run, for each game in
its own interpreter (target <= 30 s); for all games in one interpreter (for reference); and for
all games through `python -m eurogym.envs.warmup` on 2 worker processes, which compiles every
kernel of every game ahead of time (Docker images, `make demo`), then the same first steps
(target <= 90 s: numba compiles on one core, so a 2-core machine compiles two games at once).
The child's CPU seconds (its workers' included) are shown too: on a busy machine the wall time
grows with the load, the CPU time much less.

Rule variants are rows of their own, named `<env_id>+<variant>` (VARIANTS, measured with the
games by default): `belfort_v0+expansion` plays Belfort with `expansion=True` (issue 15) and
`kingdom_builder_v0+big_box` Kingdom Builder with every built expansion (issue 14); both have an
engine target of 150,000 decisions/s at 4 players. Variants have no cold-start row of their
own (Belfort's expansion compiles kernels of its own, the `xkernels`, on top of the base game's).
`--batched` adds the batched-engine rows (benchmarks/batched.py; issue 16): per game, batched
random rollouts (decisions/s) and batched step+observation+mask (agent-steps/s) for N in
{1, 64, 1024} games per call on 1 and 2 numba threads, measured after the rows above in the
same run. Targets (on 2 threads, best N): rollouts >= 1,000,000 decisions/s for Kingdom
Builder and >= 500,000 for the others; step+obs >= 200,000 steps/s.

connect four needs pygame (`pip install "eurogym[bench]"`, which `make` installs); without it
the table is printed without the ratios to connect four.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pettingzoo
from pettingzoo import AECEnv

from eurogym import envs
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import play_random_episode, random_legal_action

ENV_RATIO_TARGET = 1.5
ENGINE_TARGET = 100_000
# rule variants measured as rows of their own: name -> (env id, options)
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "belfort_v0+expansion": ("belfort_v0", {"expansion": True}),
    "kingdom_builder_v0+big_box": (
        "kingdom_builder_v0",
        {
            "expansions": (
                "nomads",
                "crossroads",
                "marshlands",
                "harvest",
                "capital",
                "caves",
                "island",
            )
        },
    ),
}
ENGINE_TARGETS = {  # issues 15 and 14; the others use ENGINE_TARGET
    "belfort_v0+expansion": 150_000,
    "kingdom_builder_v0+big_box": 150_000,
}
FIRST_STEP_TARGET_S = 3.0
COLD_START_TARGET_S = 30.0  # per game, fresh numba cache
COLD_START_ALL_TARGET_S = 90.0  # every game ready, fresh numba cache, warmup on 2 processes
COLD_START_JOBS = 2  # the warmup's worker processes in that row (this machine has 2 cores)
STATE_BYTES_TARGET = 64 * 1024
WARMUP_SEED = 1_000_000  # warm-up games use seeds far from the timed ones
ROUNDS = 6  # interleaved slices per rate row
REPO_ROOT = Path(__file__).resolve().parents[1]

FIRST_STEP_CODE = """
import time
import numpy as np
from eurogym import envs
env = envs.make({env_id!r}, num_players={players}, **{options!r})
env.reset(seed=0)
env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
print(time.time())
"""

COLD_START_CODE = """
import resource
import time
import numpy as np
from eurogym import envs
from eurogym.envs.core import compile_ahead
from eurogym.envs.warmup import warm_all
if {jobs} > 1:
    warm_all({env_ids!r}, {jobs}, progress=False)
for env_id in {env_ids!r}:
    env = envs.make(env_id, num_players={players})
    env.reset(seed=0)
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
end = time.time()
helpers = compile_ahead.wait()  # their CPU counts too
cpu = 0.0
for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
    usage = resource.getrusage(who)
    cpu += usage.ru_utime + usage.ru_stime
print(helpers, cpu, end)
"""


Runner = Callable[[float, int], dict[str, float]]  # (seconds, first seed) -> `play_games` keys


def split(name: str) -> tuple[str, dict[str, Any]]:
    """The env id and rule options of a row name: a registered env id, or a VARIANTS name."""
    return VARIANTS.get(name, (name, {}))


def _rate(decisions: int, games: int, seconds: float) -> dict[str, float]:
    return {
        "decisions": decisions,
        "games": games,
        "seconds": seconds,
        "per_second": decisions / seconds,
        "games_per_second": games / seconds,
    }


def play_games(env: AECEnv, seconds: float, seed: int) -> dict[str, float]:
    """Random games through the standard AEC loop, whole games until `seconds` have passed.

    Args:
        env: any PettingZoo AEC env whose observations hold an "action_mask".
        seconds: time budget; at least one game is played.
        seed: game g is reset with seed + g; the action picks draw from a Generator(seed).

    Returns:
        decisions (non-dead steps), games, seconds, per_second (decisions/s), games_per_second.
    """
    rng = np.random.default_rng(seed)
    decisions = games = 0
    start = time.perf_counter()
    while True:
        env.reset(seed=seed + games)
        decisions += play_random_episode(env, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return _rate(decisions, games, elapsed)


def engine_games(env_id: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    """Whole random games on the bare engine (new_game + apply_action) for `seconds`.

    Args:
        env_id: a registered env id.
        players: seats per game.
        seconds: time budget; at least one game is played.
        seed: game g starts from seed + g; actions draw from seed_words(seed).

    Returns:
        The same keys as `play_games`; per_second is decisions/s.
    """
    base, options = split(env_id)
    engine = envs.spec(base).engine
    config = engine.make_config(players, **options)
    words = seed_words(seed)
    decisions = games = 0
    start = time.perf_counter()
    while True:
        state = engine.new_game(config, seed + games)
        while not engine.is_over(state):
            engine.apply_action(state, random_legal_action(state.mask, words))
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return _rate(decisions, games, elapsed)


def env_runner(make_env: Callable[[], AECEnv]) -> Runner:
    """`play_games` on a fresh env, after one untimed warm-up game."""
    env = make_env()
    play_games(env, 0.0, WARMUP_SEED)
    return functools.partial(play_games, env)


def engine_runner(env_id: str, players: int) -> Runner:
    """`engine_games` for `players` seats, after one untimed warm-up game."""
    engine_games(env_id, players, 0.0, WARMUP_SEED)
    return functools.partial(engine_games, env_id, players)


def measure_rates(
    env_ids: list[str], players: int, seconds: float, rounds: int = ROUNDS
) -> dict[str, dict]:
    """Every rate row for `seconds` in total, in `rounds` interleaved slices, so that a change
    in machine load hits all rows alike and the ratios to connect four stay fair.

    Args:
        env_ids: the games to measure.
        players: seats per game.
        seconds: time budget of each row.
        rounds: slices per row; the rows take turns, one slice each.

    Returns:
        Row name ("connect_four", then "<env_id>/env", "/raw_env", "/engine" per game) ->
        the keys of `play_games`.
    """
    connect_four = connect_four_env()
    runners = {} if connect_four is None else {"connect_four": env_runner(connect_four)}
    for env_id in env_ids:
        base, options = split(env_id)
        runners[f"{env_id}/env"] = env_runner(
            functools.partial(envs.make, base, num_players=players, **options)
        )
        runners[f"{env_id}/raw_env"] = env_runner(
            functools.partial(envs.make, base, num_players=players, wrapped=False, **options)
        )
        runners[f"{env_id}/engine"] = engine_runner(env_id, players)
    totals = {name: {"decisions": 0, "games": 0, "seconds": 0.0} for name in runners}
    for _ in range(rounds):
        for name, run in runners.items():
            total = totals[name]
            part = run(seconds / rounds, total["games"])  # seeds continue across slices
            for key in total:
                total[key] += part[key]
    return {name: _rate(**total) for name, total in totals.items()}


def connect_four_env() -> Callable[[], AECEnv] | None:
    """PettingZoo's connect_four_v3 env(), or None (with a message) when pygame, which its
    module imports, is missing. Imported from its defining module: the connect_four_v3 alias
    warns that the old creation API is deprecated (PettingZoo 1.27)."""
    try:
        from pettingzoo.classic.connect_four import connect_four
    except ImportError as error:
        print(
            f"connect_four_v3 unavailable ({error}); install the benchmark extra "
            '(pip install "eurogym[bench]", or `make`) for the ratios to connect four',
            file=sys.stderr,
        )
        return None
    return connect_four.env


def time_cold_start(env_ids: list[str], players: int, jobs: int = 1) -> dict[str, float]:
    """Spawn a fresh interpreter whose numba cache is a new empty folder and time it until it
    has made, reset and stepped each of `env_ids` (so every kernel they use is compiled). With
    `jobs` > 1 it first runs `warm_all(env_ids, jobs)` (the warmup CLI: every kernel of every
    game, in that many worker processes), so its steps load the kernels from the cache.

    Returns:
        seconds: wall time from just before the spawn until the last step returned;
        cpu_seconds: the child's (and its workers' and helpers') user + system CPU time;
        helpers: how many compile-ahead helpers it started (eurogym.envs.core.compile_ahead:
        one per game on a machine with 2+ cores); load_avg_1min: at the end;
        announced: how many "compiling ... kernels" lines the child logged (one per game when
        its cache was really empty).
    """
    code = COLD_START_CODE.format(env_ids=env_ids, players=players, jobs=jobs)
    with tempfile.TemporaryDirectory(prefix="eurogym-cold-") as cache:
        start = time.time()
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=REPO_ROOT,
            env={**os.environ, "NUMBA_CACHE_DIR": cache},
            capture_output=True,
            text=True,
            check=True,
        )
    helpers, cpu, end = (float(word) for word in done.stdout.split()[-3:])
    return {
        "seconds": end - start,
        "cpu_seconds": cpu,
        "helpers": int(helpers),
        "load_avg_1min": os.getloadavg()[0],
        "announced": done.stderr.count("kernels (first use"),
    }


def time_first_step(env_id: str, players: int) -> float:
    """Seconds from spawning a fresh interpreter until `import envs`, make, reset and one step
    have run in it (the child prints the wall clock when done)."""
    base, options = split(env_id)
    code = FIRST_STEP_CODE.format(env_id=base, players=players, options=options)
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    return float(done.stdout.split()[-1]) - start


def state_bytes(env_id: str, players: int) -> int:
    """Bytes one `state.copy()` copies, for a fresh game."""
    base, options = split(env_id)
    engine = envs.spec(base).engine
    return engine.new_game(engine.make_config(players, **options), 0).nbytes()


def peak_rss_mb() -> float:
    """Peak resident set size of this process in MB (ru_maxrss is KB on Linux, bytes on macOS)."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / 2**20 if sys.platform == "darwin" else rss / 2**10


def machine() -> dict[str, Any]:
    """Platform, CPU and library versions, printed above the table and stored in the JSON."""
    cpu = platform.processor()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        models = [ln for ln in cpuinfo.read_text().splitlines() if ln.startswith("model name")]
        cpu = models[0].split(":", 1)[1].strip() if models else cpu
    return {
        "platform": platform.platform(),
        "cpu": cpu or "unknown",
        "cpu_count": os.cpu_count(),
        "load_avg_1min": os.getloadavg()[0],  # other work on the machine skews every rate
        "python": platform.python_version(),
        "numba": numba.__version__,
        "numpy": np.__version__,
        "pettingzoo": pettingzoo.__version__,
    }


def collect(
    seconds: float,
    players: int,
    env_ids: list[str],
    cold: bool = False,
    batched: bool = False,
) -> dict[str, Any]:
    """Run every measurement once, printing a progress line per step to stderr.

    Args:
        seconds: time budget of each rate row.
        players: seats per game.
        env_ids: the games to measure.
        cold: also time cold starts (fresh numba cache) per game and for all of them.
        batched: also measure the batched engines (benchmarks.batched).

    Returns:
        machine, settings, one rate dict per row (see `measure_rates`), and per game
        ("games" -> env_id ->) the first-step times, state_bytes, `cold_start` (with `cold`)
        and `passed` (target name -> bool); `cold_start_all` (with `cold`); peak_rss_mb of the
        whole run. Without pygame there is no "connect_four" row and no ratio to it.
    """
    results: dict[str, Any] = {
        "machine": machine(),
        "seconds": seconds,
        "players": players,
        "env_ids": env_ids,
    }
    steps = 3 if cold else 2
    rows = 1 + 3 * len(env_ids)
    print(
        f"[1/{steps}] rates: {rows} rows x {seconds:g} s, interleaved in {ROUNDS} rounds ...",
        file=sys.stderr,
        flush=True,
    )
    results.update(measure_rates(env_ids, players, seconds))
    if batched:
        from eurogym.benchmarks.batched import measure_batched

        print("      batched engines (N = 1, 64, 1024; 1 and 2 threads) ...", file=sys.stderr)
        # the batched engines play each game's default rules (no variants)
        results.update(measure_batched([e for e in env_ids if e not in VARIANTS], players, seconds))
    print(f"[2/{steps}] import + first step in fresh interpreters ...", file=sys.stderr, flush=True)
    baseline = results["connect_four"]["per_second"] if "connect_four" in results else None
    results["games"] = {}
    for env_id in env_ids:
        runs = [time_first_step(env_id, players) for _ in range(2)]
        game = {
            "first_step_runs_s": runs,
            "first_step_s": runs[-1],
            "state_bytes": state_bytes(env_id, players),
        }
        game["passed"] = {
            "engine_decisions_per_second": results[f"{env_id}/engine"]["per_second"]
            >= ENGINE_TARGETS.get(env_id, ENGINE_TARGET),
            "first_step_s": game["first_step_s"] < FIRST_STEP_TARGET_S,
            "state_bytes": game["state_bytes"] < STATE_BYTES_TARGET,
        }
        if batched and env_id not in VARIANTS:
            from eurogym.benchmarks.batched import targets

            game["passed"].update(targets(env_id, results))
        if baseline is not None:
            game["env_vs_connect_four"] = results[f"{env_id}/env"]["per_second"] / baseline
            game["passed"]["env_vs_connect_four"] = game["env_vs_connect_four"] >= ENV_RATIO_TARGET
        results["games"][env_id] = game
    if cold:
        print(
            f"[3/{steps}] cold starts, fresh numba cache (minutes) ...", file=sys.stderr, flush=True
        )
        for env_id, game in results["games"].items():
            if env_id in VARIANTS:  # the same kernels as its game's row
                continue
            game["cold_start"] = time_cold_start([env_id], players)
            game["passed"]["cold_start_s"] = game["cold_start"]["seconds"] <= COLD_START_TARGET_S
        games = sorted({split(env_id)[0] for env_id in env_ids})
        results["cold_start_all"] = time_cold_start(games, players)
        results["cold_start_all_warmup"] = time_cold_start(games, players, jobs=COLD_START_JOBS)
    results["peak_rss_mb"] = peak_rss_mb()
    return results


def format_table(results: dict[str, Any]) -> str:
    """The machine lines and an aligned plain-text table of `results` (from `collect`)."""
    players = results["players"]
    baseline = results["connect_four"]["per_second"] if "connect_four" in results else None

    def rate_row(name: str, key: str, unit: str, target: str, result: str) -> list[str]:
        rate = results[key]
        ratio = "-" if baseline is None else f"{rate['per_second'] / baseline:.2f}x"
        games = f"{rate['games_per_second']:.1f}"
        return [name, f"{rate['per_second']:,.0f}", unit, games, ratio, target, result]

    def cold_row(name: str, cold: dict[str, float], target: float | None) -> list[str]:
        """A cold-start row; with no target it is shown for reference."""
        if target is None:
            result, target_text = "-", "-"
        else:
            result = "pass" if cold["seconds"] <= target else "FAIL"
            target_text = f"<= {target:g} s"
        helped = f", {cold['helpers']} helper" if cold.get("helpers") else ""
        return [
            f"{name} (cpu {cold['cpu_seconds']:.0f} s{helped}, load {cold['load_avg_1min']:.1f})",
            f"{cold['seconds']:.1f}",
            "s",
            "-",
            "-",
            target_text,
            result,
        ]

    rows = [["row", "value", "unit", "games/s", "vs c4", "target", "result"]]
    if baseline is not None:
        rows.append(rate_row("connect_four_v3 env()", "connect_four", "steps/s", "baseline", "-"))
    missed = []
    for env_id, game in results["games"].items():
        name = env_id.replace("_v0", "")
        engine_target = ENGINE_TARGETS.get(env_id, ENGINE_TARGET)
        passed = {k: "pass" if v else "FAIL" for k, v in game["passed"].items()}
        missed += [f"{name} {k}" for k, v in game["passed"].items() if not v]
        rows += [
            rate_row(
                f"{name} env() {players}p",
                f"{env_id}/env",
                "steps/s",
                f">= {ENV_RATIO_TARGET}x c4",
                passed.get("env_vs_connect_four", "-"),
            ),
            rate_row(f"{name} raw_env {players}p", f"{env_id}/raw_env", "steps/s", "-", "-"),
            rate_row(
                f"{name} engine {players}p",
                f"{env_id}/engine",
                "decisions/s",
                f">= {engine_target:,}/s",
                passed["engine_decisions_per_second"],
            ),
            [
                f"{name} import + first step (warm)",
                f"{game['first_step_s']:.2f}",
                "s",
                "-",
                "-",
                f"< {FIRST_STEP_TARGET_S:g} s",
                passed["first_step_s"],
            ],
            [
                f"{name} bytes per state copy",
                f"{game['state_bytes'] / 1024:.1f}",
                "KB",
                "-",
                "-",
                f"< {STATE_BYTES_TARGET // 1024} KB",
                passed["state_bytes"],
            ],
        ]
        if any(k.startswith(f"{env_id}/batched_") for k in results):
            from eurogym.benchmarks.batched import table_rows

            rows += table_rows(env_id, results, players)
        if "cold_start" in game:
            rows.append(
                cold_row(f"{name} cold first step", game["cold_start"], COLD_START_TARGET_S)
            )
    if "cold_start_all" in results:
        rows.append(cold_row("all games cold, one process", results["cold_start_all"], None))
    if "cold_start_all_warmup" in results:
        cold = results["cold_start_all_warmup"]
        name = f"all games cold, warmup on {COLD_START_JOBS} processes"
        rows.append(cold_row(name, cold, COLD_START_ALL_TARGET_S))
        if cold["seconds"] > COLD_START_ALL_TARGET_S:
            missed.append("all games cold_start_s")
    rows.append(
        ["peak RSS (this process)", f"{results['peak_rss_mb']:.0f}", "MB", "-", "-", "-", "-"]
    )
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    right = {1, 3, 4}  # numeric columns
    lines = [
        "  ".join(
            cell.rjust(w) if c in right else cell.ljust(w)
            for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
    lines.insert(1, "-" * len(lines[0]))
    m = results["machine"]
    header = [
        f"machine: {m['platform']}, {m['cpu']}, {m['cpu_count']} CPUs, "
        f"load average {m['load_avg_1min']:.2f} at start",
        f"python {m['python']}, numba {m['numba']}, numpy {m['numpy']}, "
        f"pettingzoo {m['pettingzoo']}",
        f"{results['seconds']:g} s per row; steps/s counts env.step calls that are not dead "
        "steps (= decisions)",
        "",
    ]
    footer = ["", "all targets met" if not missed else "missed: " + ", ".join(missed)]
    return "\n".join(header + lines + footer)


def main(argv: list[str] | None = None) -> None:
    """CLI: measure, print the table, optionally write the numbers as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per row")
    parser.add_argument("--players", type=int, default=4, help="seats per game")
    parser.add_argument(
        "--env",
        action="append",
        choices=[*envs.list_envs(), *VARIANTS],
        help="game(s) or variants (VARIANTS) to measure; default every game and variant",
    )
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    parser.add_argument(
        "--cold",
        action="store_true",
        help="also time cold starts with a fresh numba cache (minutes; docs/cold_start.md)",
    )
    parser.add_argument(
        "--batched",
        action="store_true",
        help="also measure the batched engines: N = 1, 64, 1024 games per call, 1 and 2 threads",
    )
    args = parser.parse_args(argv)
    env_ids = args.env or [*envs.list_envs(), *VARIANTS]
    results = collect(args.seconds, args.players, env_ids, cold=args.cold, batched=args.batched)
    print(format_table(results))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
