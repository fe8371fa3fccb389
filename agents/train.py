"""Self-play MaskablePPO training and a throughput benchmark, as a CLI and as functions.

    python -m eurogym.agents.train --env kingdom_builder_v0 --steps 200000 --out runs/kb
    python -m eurogym.agents.train --benchmark --env kingdom_builder_v0 --steps 16384
    python -m eurogym.agents.train --evaluate runs/kb/final.zip --eval-games 200 \
        --heuristic-games 200

Training writes, under --out:
    log.csv            one row per evaluation (the columns of `LOG_COLUMNS`), read by the
                       notebooks: no TensorBoard needed
    checkpoints/       step_<n>.zip every --checkpoint-every steps; each one also joins the
                       opponent pool (the newest --pool-size are kept there)
    final.zip          the model at the end

Experience is collected through the batched engine by default, `--num-envs` games per step.
For Kingdom Builder (the cnn policy) one policy plays every seat and every decision is a
training row (`--self-play all_seats`: `eurogym.envs.vector.sb3.AllSeatsVecEnv` and
`eurogym.agents.seat_ppo.AllSeatsPPO`); otherwise one learning seat per game plays against an
opponent pool (`--self-play pool`: `eurogym.envs.vector.sb3.LearnerVecEnv`). `--no-batched`
uses `--num-envs` SelfPlayEnvs in a DummyVecEnv against the pool instead, the set-up before
issue 16. A train step (`timesteps`, `train_steps_per_s`) is one decision that becomes a row
of the rollout: the learning seat's, or with all-seat self-play any seat's.

The benchmark trains the same MaskablePPO set-up on our env and on PettingZoo's
`connect_four_v3` (through the same SelfPlayEnv) in one process, alternating, and reports
train steps/s of each and their ratio; a rollout/update split shows where the time goes. With
the batched default it also measures our env unbatched (the former default).

EUROGYM_FAST=1 shrinks steps, intervals and game counts so notebooks and CI finish quickly.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch as th
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from tqdm.auto import tqdm

from eurogym.agents.heuristic import heuristic_for
from eurogym.agents.ppo import (
    CNN_DEFAULTS,
    FEATURES_DIM,
    POLICIES,
    SELF_PLAY_MODES,
    PolicyOpponent,
    build_model,
    default_heuristic_weight,
    default_n_envs,
    default_self_play,
    evaluate,
    fast_mode,
    make_vec_env,
    ppo_defaults,
)
from eurogym.agents.random_agent import RandomAgent
from eurogym.agents.selfplay import OpponentPool, RandomOpponent

LOG_COLUMNS = (
    "timesteps",
    "wall_seconds",
    "train_steps_per_s",
    "win_rate_vs_random",
    "win_rate_vs_heuristic",
    "eval_seconds",
    "ep_rew_mean",
    "ep_len_mean",
    "pool",
)
FAST_STEPS = 2048
# MaskablePPO arguments the CLI can override (--gamma, --learning-rate, ...)
PPO_CLI_OPTIONS: dict[str, type] = {
    "n_steps": int,
    "batch_size": int,
    "learning_rate": float,
    "gamma": float,
    "gae_lambda": float,
    "ent_coef": float,
    "clip_range": float,
    "n_epochs": int,
}
FAST_EVAL_GAMES = 4


class SelfPlayCallback(BaseCallback):
    """Progress bar, checkpoints into the opponent pool, evaluations into log.csv.

    Timing excludes evaluation and checkpointing, so train_steps_per_s is the speed of
    training itself; wall_seconds is the plain elapsed time. With pool=None (all-seat
    self-play, which has no opponents) checkpoints are only saved.
    """

    def __init__(
        self,
        env_id: str,
        out: Path,
        pool: OpponentPool | None,
        total_steps: int,
        eval_every: int,
        checkpoint_every: int,
        eval_games: int,
        heuristic_games: int,
        num_players: int,
        seed: int,
        progress: bool = True,
        max_seconds: float | None = None,
        start: float | None = None,
    ):
        super().__init__()
        self.env_id = env_id
        self.out = out
        self.pool = pool
        self.total_steps = total_steps
        self.eval_every = eval_every
        self.checkpoint_every = checkpoint_every
        self.eval_games = eval_games
        self.heuristic_games = heuristic_games
        self.num_players = num_players
        self.seed = seed
        self.progress = progress
        self.max_seconds = max_seconds
        self.start_time = start
        self.next_eval = eval_every
        self.next_checkpoint = checkpoint_every
        self.rows: list[dict[str, Any]] = []

    def _on_training_start(self) -> None:
        (self.out / "checkpoints").mkdir(parents=True, exist_ok=True)
        self.log_path = self.out / "log.csv"
        with self.log_path.open("w", newline="") as f:
            csv.writer(f).writerow(LOG_COLUMNS)
        self.start = time.perf_counter() if self.start_time is None else self.start_time
        self.paused = 0.0
        self.last_steps = self.num_timesteps
        self.last_train_time = 0.0
        self.bar = tqdm(
            total=self.total_steps,
            desc="train",
            unit="step",
            disable=not self.progress,
            mininterval=1.0 if sys.stderr.isatty() else 30.0,
        )
        self._evaluate_and_log()

    def _on_step(self) -> bool:
        n = self.training_env.num_envs
        self.bar.update(n)
        if self.num_timesteps >= self.next_checkpoint:
            self.next_checkpoint += self.checkpoint_every
            self._checkpoint()
        if self.num_timesteps >= self.next_eval:
            self.next_eval += self.eval_every
            self._evaluate_and_log()
        return self.max_seconds is None or time.perf_counter() - self.start < self.max_seconds

    def _on_training_end(self) -> None:
        if not self.rows or self.rows[-1]["timesteps"] != self.num_timesteps:
            self._evaluate_and_log()
        self.bar.close()

    def _checkpoint(self) -> None:
        t = time.perf_counter()
        path = self.out / "checkpoints" / f"step_{self.num_timesteps:09d}.zip"
        self.model.save(path)
        if self.pool is not None:
            self.pool.add(path.stem, PolicyOpponent(path, seed=self.num_timesteps), evictable=True)
        self.paused += time.perf_counter() - t

    def _evaluate_and_log(self) -> None:
        t = time.perf_counter()
        train_time = t - self.start - self.paused
        steps = self.num_timesteps - self.last_steps
        dt = train_time - self.last_train_time
        speed = steps / dt if steps and dt > 0 else math.nan
        vs_random = evaluate(
            self.model,
            RandomAgent(self.seed),
            self.env_id,
            games=self.eval_games,
            num_players=self.num_players,
            seed=self.seed + 1_000_003,
        )["win_rate"]
        vs_heuristic = math.nan
        if self.heuristic_games > 0:
            vs_heuristic = evaluate(
                self.model,
                heuristic_for(self.env_id, self.seed),
                self.env_id,
                games=self.heuristic_games,
                num_players=self.num_players,
                seed=self.seed + 2_000_003,
            )["win_rate"]
        eval_seconds = time.perf_counter() - t
        self.paused += eval_seconds
        episodes = list(self.model.ep_info_buffer or [])
        row = {
            "timesteps": self.num_timesteps,
            "wall_seconds": round(time.perf_counter() - self.start, 2),
            "train_steps_per_s": round(speed, 1),
            "win_rate_vs_random": round(vs_random, 4),
            "win_rate_vs_heuristic": round(vs_heuristic, 4),
            "eval_seconds": round(eval_seconds, 2),
            "ep_rew_mean": round(float(np.mean([e["r"] for e in episodes])), 4)
            if episodes
            else math.nan,
            "ep_len_mean": round(float(np.mean([e["l"] for e in episodes])), 1)
            if episodes
            else math.nan,
            "pool": "all_seats" if self.pool is None else "|".join(self.pool.names),
        }
        self.rows.append(row)
        with self.log_path.open("a", newline="") as f:
            csv.writer(f).writerow([row[c] for c in LOG_COLUMNS])
        self.last_steps = self.num_timesteps
        self.last_train_time = train_time
        self.bar.set_postfix(
            vs_random=f"{vs_random:.2f}", vs_heuristic=f"{vs_heuristic:.2f}", refresh=False
        )
        if not sys.stderr.isatty() and self.progress:
            print(json.dumps(row), flush=True)


def train(
    env_id: str = "kingdom_builder_v0",
    steps: int = 200_000,
    out: str | Path = "runs/kb",
    players: int = 2,
    seed: int = 0,
    eval_every: int = 20_000,
    eval_games: int = 50,
    heuristic_games: int | None = None,
    checkpoint_every: int = 20_000,
    n_envs: int | None = None,
    pool_size: int = 5,
    heuristic_weight: float | None = None,
    reward_mode: str = "score_margin",
    shaping: float = 0.1,
    threads: int = 1,
    progress: bool = True,
    max_minutes: float | None = None,
    policy: str = "auto",
    bc_games: int = 0,
    bc_epochs: int = 4,
    bc_teacher: str = "heuristic",
    batched: bool = True,
    self_play: str | None = None,
    **ppo_overrides: Any,
) -> list[dict[str, Any]]:
    """Train MaskablePPO by self-play on `env_id`; returns the log rows (also in log.csv).

    Args:
        env_id: one of `eurogym.envs.list_envs()`.
        steps: learner timesteps: decisions that become training rows (the learning seat's,
            or with all-seat self-play every seat's).
        out: run folder (log.csv, checkpoints/, final.zip).
        players: seats per game; the learner takes one, pool opponents the others.
        seed: seeds the model, the envs and the evaluation games.
        eval_every: evaluate (and log a row) every this many steps; also at 0 and at the end.
        eval_games: games per evaluation against the random agent.
        heuristic_games: games per evaluation against the heuristic (default eval_games;
            0 skips it: the heuristic costs milliseconds per decision).
        checkpoint_every: save a checkpoint and add it to the opponent pool this often.
        n_envs: games stepped together (one process; `--num-envs` on the command line);
            None: 64 for the cnn policy (`eurogym.agents.ppo.CNN_DEFAULTS`), else 8.
        pool_size: frozen checkpoints kept in the pool (the newest).
        heuristic_weight: sampling weight of the heuristic opponent (random and each
            checkpoint weigh 1), small because it is the slowest opponent; 0 leaves it out.
            None: 0.1, or 0 for the cnn policy (`eurogym.agents.ppo.CNN_DEFAULTS`: collection
            is then numba and batched forward passes only).
        reward_mode: the env's reward mode: "score_margin" (default: the final margin / 100
            at game end) or "win_loss" (+-1).
        shaping: dense score-margin shaping per point (SelfPlayEnv): each learner step earns
            `shaping` x the change of its score margin. 0.1 (a 20-point lead is worth 2 over
            a game) makes the points a move gains the main signal (a one-ply greedy player
            of the same margin wins 59 of 60 games against random on Kingdom Builder); with
            the PPO_DEFAULTS it is the set-up that reached 80% against random
            (docs/ppo_experiments.md).
        threads: torch CPU threads.
        progress: show the progress bar (and print rows when stderr is not a terminal).
        max_minutes: stop early after this much wall-clock time (evaluations included),
            still logging a last row and saving final.zip.
        policy: "auto" (default: "cnn" for envs with board planes, such as Kingdom Builder,
            else "mlp"), "mlp" (`eurogym.agents.ppo.LinearExtractor`) or "cnn"
            (`eurogym.agents.cnn_policy`).
        bc_games: if > 0, warm-start the policy by behaviour cloning `bc_teacher` over this
            many games before self-play (`eurogym.agents.bc`; off by default). Its time counts
            against max_minutes and wall_seconds; its stats go to bc.json.
        bc_epochs: passes over the cloning data.
        bc_teacher: "heuristic" (the env's registered heuristic) or "greedy".
        batched: collect experience through the batched engine (default;
            `eurogym.envs.vector.sb3.LearnerVecEnv`: the learner steps of all games in one
            numba call, random opponents inside numba) instead of `n_envs` SelfPlayEnvs in a
            DummyVecEnv (`--no-batched`, the set-up before issue 16). Both play the same
            games by the same rules and rewards; the random streams differ.
        self_play: "all_seats" (one policy plays every seat and every decision is a training
            row, `eurogym.agents.seat_ppo`; batched; no opponent pool, so heuristic_weight
            and pool_size are unused) or "pool" (one learning seat per game against random,
            the heuristic and the last checkpoints). None: "all_seats" for the cnn policy
            (`eurogym.agents.ppo.CNN_DEFAULTS`), else "pool"; "pool" when not `batched`.
        **ppo_overrides: `build_model` arguments (features_dim, head_arch, channels, blocks)
            and MaskablePPO arguments replacing `eurogym.agents.ppo.ppo_defaults` (PPO_DEFAULTS,
            and CNN_DEFAULTS' for the cnn policy).
    """
    heuristic_games = eval_games if heuristic_games is None else heuristic_games
    if fast_mode():
        steps = min(steps, FAST_STEPS)
        eval_every = min(eval_every, max(steps // 2, 1))
        checkpoint_every = min(checkpoint_every, max(steps // 2, 1))
        eval_games = min(eval_games, FAST_EVAL_GAMES)
        heuristic_games = min(heuristic_games, FAST_EVAL_GAMES)
    th.set_num_threads(threads)
    start = time.perf_counter()
    out = Path(out)
    n_envs = default_n_envs(policy, env_id) if n_envs is None else n_envs
    if heuristic_weight is None:
        heuristic_weight = default_heuristic_weight(policy, env_id)
    if self_play is None:
        self_play = default_self_play(policy, env_id) if batched else "pool"
    if self_play not in SELF_PLAY_MODES:
        raise ValueError(f"self_play must be one of {SELF_PLAY_MODES}, got {self_play!r}")
    if self_play == "all_seats" and not batched:
        raise ValueError("all-seat self-play runs on the batched engine only (drop --no-batched)")
    all_seats = self_play == "all_seats"
    pool: OpponentPool | None = None
    if not all_seats:
        pool = OpponentPool([("random", RandomOpponent(seed))], max_evictable=pool_size)
        if heuristic_weight > 0:
            pool.add("heuristic", heuristic_for(env_id, seed), weight=heuristic_weight)
    vec = make_vec_env(
        env_id,
        n_envs=n_envs,
        num_players=players,
        pool=pool,
        seed=seed,
        env_kwargs={"reward_mode": reward_mode},
        shaping=shaping,
        batched=batched,
        all_seats=all_seats,
    )
    overrides = dict(ppo_overrides)
    if fast_mode():
        defaults = ppo_defaults(policy, env_id)
        overrides["n_steps"] = min(
            overrides.get("n_steps", defaults["n_steps"]), max(steps // n_envs, 8)
        )
        overrides["batch_size"] = min(
            overrides.get("batch_size", defaults["batch_size"]), overrides["n_steps"] * n_envs
        )
    model = build_model(vec, seed=seed, policy=policy, env_id=env_id, **overrides)
    if bc_games > 0:
        from eurogym.agents.bc import warm_start

        stats = warm_start(
            model,
            env_id,
            FAST_EVAL_GAMES if fast_mode() else bc_games,
            num_players=players,
            seed=seed,
            teacher=bc_teacher,
            epochs=bc_epochs,
            env_kwargs={"reward_mode": reward_mode},
            shaping=shaping,
        )
        out.mkdir(parents=True, exist_ok=True)
        (out / "bc.json").write_text(json.dumps(stats, indent=2))
        if progress:
            print("behaviour-cloning warm start:", json.dumps(stats), flush=True)
    callback = SelfPlayCallback(
        env_id,
        out,
        pool,
        total_steps=steps,
        eval_every=eval_every,
        checkpoint_every=checkpoint_every,
        eval_games=eval_games,
        heuristic_games=heuristic_games,
        num_players=players,
        seed=seed,
        progress=progress,
        max_seconds=None if max_minutes is None else 60.0 * max_minutes,
        start=start,
    )
    model.learn(total_timesteps=steps, callback=callback)
    model.save(out / "final.zip")
    vec.close()
    return callback.rows


class _RolloutTimer(BaseCallback):
    """Adds up the time spent collecting rollouts (the rest of `learn` is the PPO update)."""

    def __init__(self) -> None:
        super().__init__()
        self.rollout_seconds = 0.0

    def _on_rollout_start(self) -> None:
        self._t = time.perf_counter()

    def _on_rollout_end(self) -> None:
        self.rollout_seconds += time.perf_counter() - self._t

    def _on_step(self) -> bool:
        return True


def _connect_four() -> Any:
    from pettingzoo.classic import connect_four_v3

    return connect_four_v3.env()


def _measure(
    env_id: str | None,
    env_fn: Callable[[], Any] | None,
    steps: int,
    players: int,
    n_envs: int,
    seed: int,
    shaping: float,
    model_overrides: dict[str, Any],
    batched: bool = False,
) -> dict[str, float]:
    """Train steps/s of the training set-up (pool: random + a frozen copy of the policy)."""
    pool = OpponentPool([("random", RandomOpponent(seed))])
    vec = make_vec_env(
        env_id,
        env_fn=env_fn,
        n_envs=n_envs,
        num_players=players,
        pool=pool,
        seed=seed,
        shaping=shaping,
        batched=batched,
    )
    model = build_model(vec, seed=seed, policy="mlp", **model_overrides)
    pool.add("self", PolicyOpponent(model, seed=seed))
    warmup = model.n_steps * n_envs  # JIT, caches, first rollout
    model.learn(total_timesteps=warmup)
    timer = _RolloutTimer()
    t = time.perf_counter()
    model.learn(total_timesteps=steps, callback=timer, reset_num_timesteps=True)
    seconds = time.perf_counter() - t
    vec.close()
    return {
        "steps_per_s": model.num_timesteps / seconds,
        "rollout_seconds": timer.rollout_seconds,
        "update_seconds": seconds - timer.rollout_seconds,
        "steps": model.num_timesteps,
    }


def benchmark(
    env_id: str = "kingdom_builder_v0",
    steps: int = 16_384,
    players: int = 2,
    n_envs: int = 8,
    seed: int = 0,
    repeats: int = 2,
    threads: int = 1,
    shaping: float = 0.1,
    batched: bool = True,
    **model_overrides: Any,
) -> dict[str, Any]:
    """MaskablePPO train steps/s on `env_id` and on connect_four_v3, same set-up, one process.

    The two are measured alternately `repeats` times and each keeps its best run, so a burst
    of load from other processes on a shared machine hurts neither side systematically.
    Returns both speeds, their ratio (ours / connect four) and the rollout/update split.
    `shaping` (ours only: connect four has no engine scores) and `model_overrides` (for
    `build_model`) default to what `train` uses. The policy is the MLP on both sides: it is
    the one architecture both observations fit (connect four has no board-plane layout for
    the cnn, which `train` picks by default for Kingdom Builder and which trains ~4x slower).
    With `batched` (default, as `train`) our env is also measured unbatched (n_envs
    SelfPlayEnvs in a DummyVecEnv, connect four's set-up): "ours" is batched, "ours_unbatched"
    the former default, and "batched_speedup" their ratio.
    """
    if fast_mode():
        steps = min(steps, FAST_STEPS)
        repeats = 1
    th.set_num_threads(threads)
    unbatched = f"{env_id} (unbatched)"
    runs: dict[str, list[dict[str, float]]] = {env_id: [], "connect_four_v3": []}
    if batched:
        runs[unbatched] = []
    for _ in range(repeats):
        runs[env_id].append(
            _measure(env_id, None, steps, players, n_envs, seed, shaping, model_overrides, batched)
        )
        if batched:
            runs[unbatched].append(
                _measure(env_id, None, steps, players, n_envs, seed, shaping, model_overrides)
            )
        runs["connect_four_v3"].append(
            _measure(None, _connect_four, steps, 2, n_envs, seed, 0.0, model_overrides)
        )
    best = {name: max(r, key=lambda m: m["steps_per_s"]) for name, r in runs.items()}
    ours, theirs = best[env_id], best["connect_four_v3"]
    result = {
        "env": env_id,
        "steps": steps,
        "n_envs": n_envs,
        "repeats": repeats,
        "batched": batched,
        "model_overrides": model_overrides,
        "ours": ours,
        "connect_four_v3": theirs,
        "ratio": ours["steps_per_s"] / theirs["steps_per_s"],
        "all_runs": runs,
    }
    if batched:
        result["ours_unbatched"] = best[unbatched]
        result["batched_speedup"] = ours["steps_per_s"] / best[unbatched]["steps_per_s"]
    return result


def evaluate_saved(
    path: str | Path,
    env_id: str = "kingdom_builder_v0",
    games: int = 200,
    heuristic_games: int | None = None,
    num_players: int = 2,
    seed: int = 0,
    threads: int = 1,
) -> dict[str, Any]:
    """Win rates of a saved model (deterministic play) against random and the heuristic.

    The evaluation seeds are the ones training's log uses (`seed` + 1_000_003 and + 2_000_003),
    so `--evaluate runs/x/final.zip --eval-games 200` extends the log's last row to 200 games.
    """
    th.set_num_threads(threads)
    model = MaskablePPO.load(path, device="cpu")
    heuristic_games = games if heuristic_games is None else heuristic_games
    result: dict[str, Any] = {"model": str(path), "env": env_id, "games": games}
    t = time.perf_counter()
    result["win_rate_vs_random"] = evaluate(
        model,
        RandomAgent(seed),
        env_id,
        games=games,
        num_players=num_players,
        seed=seed + 1_000_003,
    )["win_rate"]
    if heuristic_games > 0:
        result["heuristic_games"] = heuristic_games
        result["win_rate_vs_heuristic"] = evaluate(
            model,
            heuristic_for(env_id, seed),
            env_id,
            games=heuristic_games,
            num_players=num_players,
            seed=seed + 2_000_003,
        )["win_rate"]
    result["seconds"] = round(time.perf_counter() - t, 1)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", default="kingdom_builder_v0")
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--out", default="runs/kb")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-every", type=int, default=20_000)
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument(
        "--heuristic-games", type=int, default=None, help="default: --eval-games; 0 skips"
    )
    parser.add_argument("--checkpoint-every", type=int, default=20_000)
    parser.add_argument(
        "--num-envs",
        "--n-envs",
        dest="n_envs",
        type=int,
        default=None,
        help=f"games per step (default {CNN_DEFAULTS['n_envs']} for the cnn policy, else 8)",
    )
    parser.add_argument(
        "--no-batched",
        dest="batched",
        action="store_false",
        help="collect through n SelfPlayEnvs in a DummyVecEnv instead of the batched engine",
    )
    parser.add_argument(
        "--self-play",
        default=None,
        choices=SELF_PLAY_MODES,
        help="all_seats: one policy plays every seat, every decision a training row; pool: one "
        "learning seat against random, the heuristic and checkpoints (default all_seats for "
        "the cnn policy, else pool)",
    )
    parser.add_argument("--pool-size", type=int, default=5)
    parser.add_argument(
        "--heuristic-weight",
        type=float,
        default=None,
        help="the heuristic opponent's weight in the pool, 0 leaves it out (default 0 for the "
        "cnn policy, else 0.1)",
    )
    parser.add_argument(
        "--reward-mode", default="score_margin", choices=("win_loss", "score_margin")
    )
    parser.add_argument("--shaping", type=float, default=0.1, help="0 disables")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument(
        "--features-dim",
        type=int,
        default=None,
        help=f"mlp: width of the shared first layer (default {FEATURES_DIM}); cnn: of the "
        "pooled features (default agents.cnn_policy.HIDDEN)",
    )
    ppo = parser.add_argument_group(
        "ppo",
        "MaskablePPO settings (default: agents.ppo.PPO_DEFAULTS; for the cnn policy "
        f"n_steps {CNN_DEFAULTS['n_steps']} and n_epochs {CNN_DEFAULTS['n_epochs']}, "
        "agents.ppo.CNN_DEFAULTS)",
    )
    for name, kind in PPO_CLI_OPTIONS.items():
        ppo.add_argument(f"--{name.replace('_', '-')}", type=kind, default=None)
    parser.add_argument(
        "--bc-games",
        type=int,
        default=0,
        help="behaviour-cloning warm start from --bc-teacher over this many games before "
        "self-play (agents.bc); 0 (default) disables it",
    )
    parser.add_argument("--bc-epochs", type=int, default=4)
    parser.add_argument("--bc-teacher", default="heuristic", choices=("heuristic", "greedy"))
    parser.add_argument(
        "--channels",
        type=int,
        default=None,
        help=f"cnn: conv channels (default {CNN_DEFAULTS['channels']})",
    )
    parser.add_argument(
        "--blocks",
        type=int,
        default=None,
        help=f"cnn: residual conv blocks (default {CNN_DEFAULTS['blocks']})",
    )
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--max-minutes", type=float, default=None, help="wall-clock budget")
    parser.add_argument(
        "--policy",
        default="auto",
        choices=POLICIES,
        help="auto (default): cnn for envs with board planes (Kingdom Builder), else mlp",
    )
    parser.add_argument(
        "--benchmark",
        action="store_true",
        help="measure train steps/s on --env vs connect_four_v3 (--steps each) instead",
    )
    parser.add_argument("--repeats", type=int, default=2, help="benchmark repeats")
    parser.add_argument(
        "--evaluate",
        metavar="MODEL",
        default=None,
        help="only evaluate a saved model (e.g. runs/kb/final.zip): --eval-games against "
        "random and --heuristic-games against the heuristic, with --seed",
    )
    args = parser.parse_args(argv)
    if args.evaluate:
        print(
            json.dumps(
                evaluate_saved(
                    args.evaluate,
                    args.env,
                    games=args.eval_games,
                    heuristic_games=args.heuristic_games,
                    num_players=args.players,
                    seed=args.seed,
                    threads=args.threads,
                )
            )
        )
        return
    model_overrides = {"features_dim": args.features_dim}
    for name in (*PPO_CLI_OPTIONS, "channels", "blocks"):
        if getattr(args, name) is not None:
            model_overrides[name] = getattr(args, name)
    if args.benchmark:
        result = benchmark(
            args.env,
            steps=args.steps,
            players=args.players,
            n_envs=8 if args.n_envs is None else args.n_envs,
            seed=args.seed,
            repeats=args.repeats,
            threads=args.threads,
            shaping=args.shaping,
            batched=args.batched,
            **model_overrides,
        )
        ours, theirs = result["ours"], result["connect_four_v3"]
        rows = [(args.env + (" batched" if args.batched else ""), ours)]
        if args.batched:
            rows.append((f"{args.env} unbatched", result["ours_unbatched"]))
        for name, m in (*rows, ("connect_four_v3", theirs)):
            print(
                f"{name:>30}: {m['steps_per_s']:8.1f} train steps/s "
                f"(rollout {m['rollout_seconds']:.1f} s, update {m['update_seconds']:.1f} s)"
            )
        print(f"{'ratio':>30}: {result['ratio']:.2f}x")
        if args.batched:
            print(f"{'batched speed-up':>30}: {result['batched_speedup']:.2f}x")
        Path(args.out).mkdir(parents=True, exist_ok=True)
        (Path(args.out) / "benchmark.json").write_text(json.dumps(result, indent=2))
        return
    train(
        args.env,
        steps=args.steps,
        out=args.out,
        players=args.players,
        seed=args.seed,
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        heuristic_games=args.heuristic_games,
        checkpoint_every=args.checkpoint_every,
        n_envs=args.n_envs,
        pool_size=args.pool_size,
        heuristic_weight=args.heuristic_weight,
        reward_mode=args.reward_mode,
        shaping=args.shaping,
        threads=args.threads,
        progress=not args.no_progress,
        max_minutes=args.max_minutes,
        policy=args.policy,
        bc_games=args.bc_games,
        bc_epochs=args.bc_epochs,
        bc_teacher=args.bc_teacher,
        batched=args.batched,
        self_play=args.self_play,
        **model_overrides,
    )


if __name__ == "__main__":
    main()
