"""Self-play PPO on Ray RLlib, on one machine or a Ray cluster, as a CLI and a function.

    python -m eurogym.agents.rllib_train --env kingdom_builder_v0 --players 2 \
        --num-env-runners 2 --stop-minutes 30 --out runs/kb_rllib [--address auto]

--address auto joins a running cluster (`ray start --head` here, `ray start --address=HEAD:6379`
on the other machines; README "Training on a Ray cluster"); without it Ray starts a local node.

Writes, under --out (the layout of eurogym.agents.train, so notebook 02 plots either):
    log.csv            one row per evaluation, columns `eurogym.agents.train.LOG_COLUMNS`;
                       the win rates come from tournament games (eurogym.agents.tournament)
                       against the random agent and the game's heuristic
    checkpoints/       iter_<n>/ every --checkpoint-every steps (RLlib checkpoints)
    final/             the checkpoint at the end: `rllib:runs/NAME/final` in a tournament

EUROGYM_FAST=1 shrinks batches, steps and game counts as agents.train does.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
import socket
import sys
import time
from pathlib import Path
from typing import Any

import torch

from eurogym import envs
from eurogym.agents.ppo import PPO_DEFAULTS, fast_mode
from eurogym.agents.train import LOG_COLUMNS

ADDRESS = re.compile(r"^(auto|local|(ray://)?[A-Za-z0-9.\-\[\]:]+:\d{1,5})$")


def check_address(address: str | None) -> str | None:
    """None (start a local node), "auto", "local", "HOST:PORT" or "ray://HOST:PORT"; anything
    else is a ValueError before Ray is touched."""
    if address is None or ADDRESS.match(address):
        return address
    raise ValueError(
        f"bad Ray address {address!r}: use auto (a cluster started with `ray start`), "
        "HOST:PORT or ray://HOST:PORT"
    )


def init_ray(address: str | None, num_cpus: int | None = None) -> None:
    """Start or join Ray; a cluster that cannot be reached is a ConnectionError that says
    what was tried."""
    import ray

    address = check_address(address)
    if address not in (None, "auto", "local"):
        # Ray itself retries an unreachable head for minutes before it gives up
        host, port = address.removeprefix("ray://").rsplit(":", 1)
        try:
            socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
        except OSError as err:
            raise ConnectionError(
                f"no Ray head answers at {address} ({err}); start one there with "
                "`ray start --head --port=PORT`, or drop --address to run on this machine only"
            ) from None
    if ray.is_initialized():
        return
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    if address in (None, "local"):
        kwargs["num_cpus"] = num_cpus
    try:
        ray.init(address=address, **kwargs)
    except (ConnectionError, RuntimeError, ValueError) as err:
        raise ConnectionError(
            f"cannot reach a Ray cluster at {address!r} ({err}); start one with "
            "`ray start --head` or drop --address to run on this machine only"
        ) from err


def _get(result: dict, *keys: str, default: float = math.nan) -> Any:
    for key in keys:
        if not isinstance(result, dict) or key not in result:
            return default
        result = result[key]
    return result


def evaluate_module(
    module: Any, env_id: str, games: int, opponent: str, num_players: int, seed: int
) -> float:
    """Win rate of `module` against `opponent` in a tournament (seats rotating, a draw half a
    win): the tournament's pairwise scoring, the same games for every evaluation."""
    from eurogym.agents import tournament
    from eurogym.agents.rllib import RLlibAgent

    key = "rllib-learner"
    tournament.AGENT_FACTORIES[key] = lambda env_id, seed, **o: RLlibAgent(module, env_id, name=key)
    try:
        result = tournament.run_tournament(
            env_id, [key, opponent], games, num_players=num_players, seed=seed, progress=False
        )
    finally:
        del tournament.AGENT_FACTORIES[key]
    return float(result.win_rate[0, 1])


def train(
    env_id: str = "kingdom_builder_v0",
    out: str | Path = "runs/kb_rllib",
    players: int = 2,
    num_env_runners: int = 0,
    stop_minutes: float | None = 30.0,
    stop_steps: int | None = None,
    address: str | None = None,
    num_cpus: int | None = None,
    seed: int = 0,
    mapping: str = "self",
    eval_every: int = 20_000,
    eval_games: int = 50,
    heuristic_games: int | None = None,
    checkpoint_every: int = 20_000,
    progress: bool = True,
    threads: int = 1,
    **config_options: Any,
) -> list[dict[str, Any]]:
    """Train PPO by self-play on `env_id` until `stop_minutes` or `stop_steps` (whichever
    comes first); returns the log rows (also in log.csv).

    Steps count the decisions of the trained policy (all seats with mapping "self", the
    learner's seat with "snapshots"), like agents.train's learner timesteps; train_steps_per_s
    excludes evaluation and checkpoint time. `config_options` go to `build_config`
    (envs_per_runner, batched, snapshots, snapshot_every, shaping, train_batch, minibatch,
    num_epochs, rollout_fragment, features_dim, head). num_cpus caps a local node (None: all cores).
    threads: torch threads of the learner (this process) and of every env runner; 1, as in
    agents.train: on a busy machine multi-threaded torch updates ran up to ~10x slower.
    """
    from eurogym.agents import rllib

    envs.spec(env_id)  # unknown ids and bad addresses fail before Ray starts
    check_address(address)
    heuristic_games = eval_games if heuristic_games is None else heuristic_games
    if fast_mode():
        stop_steps = min(stop_steps or 1024, 1024)
        eval_games = min(eval_games, 4)
        heuristic_games = min(heuristic_games, 4)
        config_options["train_batch"] = min(config_options.get("train_batch", 256), 256)
        config_options["minibatch"] = min(config_options.get("minibatch", 128), 128)
    if stop_minutes is None and stop_steps is None:
        raise ValueError("give stop_minutes or stop_steps")
    torch.set_num_threads(threads)
    config_options["torch_threads"] = threads
    config = rllib.build_config(
        env_id,
        players,
        num_env_runners=num_env_runners,
        mapping=mapping,
        seed=seed,
        **config_options,
    )
    init_ray(address, num_cpus)
    start = time.perf_counter()
    out = Path(out)
    (out / "checkpoints").mkdir(parents=True, exist_ok=True)
    log_path = out / "log.csv"
    with log_path.open("w", newline="") as f:
        csv.writer(f).writerow(LOG_COLUMNS)
    module_id = rllib.trained_module_id(mapping)
    algo = config.build_algo()
    rows: list[dict[str, Any]] = []
    state = {"paused": 0.0, "last_steps": 0, "last_train": 0.0}
    pool = (
        rllib.SHARED
        if mapping == "self"
        else "|".join(["main", *rllib.snapshot_ids(config_options.get("snapshots", 3))])
    )

    def log_row(steps: int, result: dict) -> None:
        t = time.perf_counter()
        train_time = t - start - state["paused"]
        dt = train_time - state["last_train"]
        done = steps - state["last_steps"]
        speed = done / dt if done and dt > 0 else math.nan
        module = _live_module(algo, module_id)
        vs_random = evaluate_module(module, env_id, eval_games, "random", players, seed + 1_000_003)
        vs_heuristic = math.nan
        if heuristic_games > 0:
            vs_heuristic = evaluate_module(
                module, env_id, heuristic_games, "heuristic", players, seed + 2_000_003
            )
        eval_seconds = time.perf_counter() - t
        state["paused"] += eval_seconds
        row = {
            "timesteps": steps,
            "wall_seconds": round(time.perf_counter() - start, 2),
            "train_steps_per_s": round(speed, 1),
            "win_rate_vs_random": round(vs_random, 4),
            "win_rate_vs_heuristic": round(vs_heuristic, 4),
            "eval_seconds": round(eval_seconds, 2),
            "ep_rew_mean": round(float(_agent_return(result, module_id)), 4),
            "ep_len_mean": round(float(_get(result, "env_runners", "episode_len_mean")), 1),
            "pool": pool,
        }
        rows.append(row)
        with log_path.open("a", newline="") as f:
            csv.writer(f).writerow([row[c] for c in LOG_COLUMNS])
        state["last_steps"], state["last_train"] = steps, train_time
        if progress:
            print(
                json.dumps(row), file=sys.stderr if sys.stderr.isatty() else sys.stdout, flush=True
            )

    def checkpoint(path: Path) -> None:
        t = time.perf_counter()
        rllib.save_checkpoint(algo, path, env_id, players, module_id)
        state["paused"] += time.perf_counter() - t

    result: dict = {}
    steps = 0
    next_eval, next_checkpoint = eval_every, checkpoint_every
    log_row(0, result)
    try:
        while True:
            result = algo.train()
            steps = int(_trained_steps(result, module_id))
            out_of_time = stop_minutes is not None and (
                time.perf_counter() - start >= 60.0 * stop_minutes
            )
            finished = out_of_time or (stop_steps is not None and steps >= stop_steps)
            if steps >= next_checkpoint and not finished:
                next_checkpoint += checkpoint_every
                checkpoint(out / "checkpoints" / f"iter_{algo.iteration:06d}")
            if finished:
                break
            if steps >= next_eval:
                next_eval += eval_every
                log_row(steps, result)
        checkpoint(out / "final")
        log_row(steps, result)
    finally:
        algo.stop()
    return rows


def _trained_steps(result: dict, module_id: str) -> float:
    """Lifetime decisions of the trained module (falls back on all env steps)."""
    steps = _get(result, "env_runners", "num_module_steps_sampled_lifetime", module_id)
    if isinstance(steps, float) and math.isnan(steps):
        steps = _get(result, "env_runners", "num_env_steps_sampled_lifetime", default=0)
    return steps


def _agent_return(result: dict, module_id: str) -> float:
    """Mean episode return of the trained module's seats (the env's reward, shaping included)."""
    return _get(result, "env_runners", "module_episode_returns_mean", module_id)


def _live_module(algo: Any, module_id: str) -> Any:
    """A CPU copy of the learner's current module, for evaluation in this process."""
    module = algo.get_module(module_id)
    weights = algo.learner_group.get_weights(module_ids=[module_id])[module_id]
    module.set_state(weights)
    return module


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", default="kingdom_builder_v0")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--num-env-runners",
        type=int,
        default=1,
        help="remote env runner processes (0: sample in the driver)",
    )
    parser.add_argument("--envs-per-runner", type=int, default=1)
    parser.add_argument(
        "--batched",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="step each runner's games as one batched engine (agents.rllib_vector; default): "
        "the same episodes, sampled a little faster; --no-batched: RLlib's runner, one env per "
        "game",
    )
    parser.add_argument("--stop-minutes", type=float, default=30.0)
    parser.add_argument("--stop-steps", type=int, default=None)
    parser.add_argument("--out", default="runs/kb_rllib")
    parser.add_argument(
        "--address",
        default=None,
        help="auto: join the cluster `ray start` made; default: a local node",
    )
    parser.add_argument("--num-cpus", type=int, default=None, help="local node only")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--mapping",
        default="self",
        choices=("self", "snapshots"),
        help="self: one shared policy on every seat; snapshots: learner vs frozen copies of itself",
    )
    parser.add_argument("--snapshots", type=int, default=3)
    parser.add_argument("--snapshot-every", type=int, default=5, help="iterations")
    parser.add_argument("--eval-every", type=int, default=20_000)
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument(
        "--heuristic-games", type=int, default=None, help="default: --eval-games; 0 skips"
    )
    parser.add_argument("--checkpoint-every", type=int, default=20_000)
    parser.add_argument("--train-batch", type=int, default=2048)
    parser.add_argument("--minibatch", type=int, default=PPO_DEFAULTS["batch_size"])
    parser.add_argument("--num-epochs", type=int, default=PPO_DEFAULTS["n_epochs"])
    parser.add_argument("--shaping", type=float, default=0.1, help="0 disables")
    parser.add_argument("--threads", type=int, default=1, help="torch threads per process")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {
        "envs_per_runner": args.envs_per_runner,
        "batched": args.batched,
        "shaping": args.shaping,
        "train_batch": args.train_batch,
        "minibatch": args.minibatch,
        "num_epochs": args.num_epochs,
    }
    if args.mapping == "snapshots":
        options.update(snapshots=args.snapshots, snapshot_every=args.snapshot_every)
    try:
        train(
            args.env,
            out=args.out,
            players=args.players,
            num_env_runners=args.num_env_runners,
            stop_minutes=args.stop_minutes,
            stop_steps=args.stop_steps,
            address=args.address,
            num_cpus=args.num_cpus,
            seed=args.seed,
            mapping=args.mapping,
            eval_every=args.eval_every,
            eval_games=args.eval_games,
            heuristic_games=args.heuristic_games,
            checkpoint_every=args.checkpoint_every,
            progress=not args.no_progress,
            threads=args.threads,
            **options,
        )
    except (ValueError, ConnectionError) as err:
        sys.exit(f"error: {err}")


if __name__ == "__main__":
    main()
