"""Round-robin tournaments between agent kinds: win rates with Wilson intervals, and Elo.

    python -m eurogym.agents.tournament --env kingdom_builder_v0 --agents random,heuristic,mcts \
        --games 200 [--players 2] [--seed 0] [--jobs 2] [--mcts-simulations 50] ...
    python -m eurogym.agents.tournament --env belfort_v0 --agents heuristic,mcts100,mcts400
    python -m eurogym.agents.tournament --env belfort_v0 --option expansion=true \
        --option promo_guilds=true        # or: --options '{"expansion": true}'

Rule options (`--option KEY=VALUE`, repeatable, VALUE read as JSON when it parses, else as
text; or one JSON object with `--options`) go to the engine's config of every game and to
every game record; the engine's own config check rejects unknown or bad ones before play.

Schedule: every lineup of `--players` distinct agent kinds (every pair for 2 players) plays
`--games` games, rounded up to a multiple of the player count. Games come in blocks of one
game seed (one board, one deck) played once per cyclic rotation of the seats, so each kind
sits in each seat equally often and board luck cancels within a block. Every game and every
agent gets its own seed derived from `--seed`, so any single game can be replayed.

Scoring: within a game every pair of seats held by different kinds is one pairwise result
(higher final score wins, equal scores are a draw worth half a win to each). Win rates and
their 95% Wilson score intervals are per pairing; Elo ratings are fitted to all pairwise
results at once (see `fit_elo`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from eurogym import envs
from eurogym.agents.base import Agent, play_game
from eurogym.agents.heuristic import GreedyAgent, heuristic_for
from eurogym.agents.mcts import MCTSAgent
from eurogym.agents.random_agent import RandomAgent
from eurogym.envs.record import Recorder

AgentFactory = Callable[..., Agent]

# name -> factory(env_id, seed, **options); options are the tournament's agent options
# (e.g. mcts_simulations), each factory reading the ones it needs. Other modules may add kinds.
AGENT_FACTORIES: dict[str, AgentFactory] = {
    "random": lambda env_id, seed, **options: RandomAgent(seed),
    "greedy": lambda env_id, seed, **options: GreedyAgent(seed),
    "heuristic": lambda env_id, seed, **options: heuristic_for(env_id, seed),
    "mcts": lambda env_id, seed, **options: mcts_agent(seed, **options),
}

MCTS_OPTIONS = (
    "simulations",
    "rollout_depth",
    "prior",
    "evaluator",
    "c_puct",
    "prior_temperature",
    "eval_temperature",
)


def mcts_agent(seed: int, **options: Any) -> MCTSAgent:
    """MCTSAgent from the tournament options `mcts_<name>` for name in MCTS_OPTIONS; an option
    left out or None keeps the agent's default. `mcts_rollout_depth` < 0 plays rollouts to the
    end and `mcts_prior="none"` searches without a prior (UCB1)."""
    kwargs = {
        name: options[f"mcts_{name}"]
        for name in MCTS_OPTIONS
        if options.get(f"mcts_{name}") is not None
    }
    if kwargs.get("rollout_depth", 0) < 0:
        kwargs["rollout_depth"] = None
    if kwargs.get("prior") == "none":
        kwargs["prior"] = None
    return MCTSAgent(seed=seed, **kwargs)


ELO_MEAN = 1500.0


PPO_PREFIX = "ppo:"
RLLIB_PREFIX = "rllib:"
AZ_PREFIX = "az:"
MCTS_BUDGET = re.compile(r"mcts([1-9][0-9]*)")  # `mcts<N>`: MCTS with N simulations


def is_known_agent(name: str) -> bool:
    """A key of AGENT_FACTORIES, `mcts<N>` (MCTS with N simulations), `ppo:PATH` naming a saved
    MaskablePPO model, `rllib:PATH` naming an RLlib checkpoint directory or `az:PATH` naming
    an AlphaZero checkpoint."""
    return (
        name in AGENT_FACTORIES
        or MCTS_BUDGET.fullmatch(name) is not None
        or name.startswith((PPO_PREFIX, RLLIB_PREFIX, AZ_PREFIX))
    )


def make_agent(name: str, env_id: str, seed: int, **options: Any) -> Agent:
    """Build agent kind `name` (a key of AGENT_FACTORIES, `mcts<N>` for MCTS with N
    simulations and the other `mcts_*` options, `ppo:PATH` for a MaskablePPO
    model saved by `eurogym.agents.train`, `rllib:PATH` for a checkpoint directory written
    by `eurogym.agents.rllib_train`, which needs the `rllib` extra, or `az:PATH` for a
    checkpoint written by `eurogym.agents.alphazero`, searching with its stored settings unless
    the option az_simulations is given) for `env_id`."""
    if name.startswith(AZ_PREFIX):
        from eurogym.agents.alphazero import AlphaZeroAgent  # torch loads only when one plays

        path = Path(name[len(AZ_PREFIX) :])
        if not path.is_file():
            raise ValueError(f"agent {name!r}: no checkpoint file {path}")
        agent = AlphaZeroAgent(
            path, simulations=options.get("az_simulations"), seed=seed, name=name
        )
        if agent.env_id != env_id:
            raise ValueError(f"agent {name!r} was trained on {agent.env_id}, not {env_id}")
        return agent
    if name.startswith(RLLIB_PREFIX):
        path = Path(name[len(RLLIB_PREFIX) :])
        if not path.is_dir():
            raise ValueError(f"agent {name!r}: no checkpoint directory {path}")
        try:
            from eurogym.agents.rllib import RLlibAgent  # ray loads only when a checkpoint plays
        except ImportError as err:
            raise ValueError(
                f"agent {name!r} needs Ray RLlib: pip install -c constraints.txt -e '.[rllib]' "
                f"({err})"
            ) from None
        return RLlibAgent(path, env_id, name=name, seed=seed)
    if name.startswith(PPO_PREFIX):
        from eurogym.agents.ppo import PPOAgent  # torch loads only when a model plays

        path = Path(name[len(PPO_PREFIX) :])
        if not path.is_file():
            raise ValueError(f"agent {name!r}: no model file {path}")
        return PPOAgent(path, env_id, name=name)
    budget = MCTS_BUDGET.fullmatch(name)
    if budget is not None and name not in AGENT_FACTORIES:
        # one kind per budget, so several budgets meet in one round robin
        return mcts_agent(seed, **{**options, "mcts_simulations": int(budget.group(1))})
    try:
        factory = AGENT_FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; known: {sorted(AGENT_FACTORIES)}") from None
    return factory(env_id, seed, **options)


def wilson_interval(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a win rate of `points` out of `games` (draws as half points).

    Chosen over the normal approximation because it stays inside [0, 1] and is sensible at
    0% or 100% win rates, which lopsided pairings (heuristic vs random) produce.
    """
    if games <= 0:
        return 0.0, 1.0
    p = points / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def fit_elo(
    points: np.ndarray,
    played: np.ndarray,
    prior_draws: float = 1.0,
    tol: float = 1e-10,
    max_iterations: int = 100_000,
) -> np.ndarray:
    """Elo ratings by logistic (Bradley-Terry) maximum likelihood, fitted with Hunter's (2004)
    minorization-maximization iterations.

    The model is P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400)), the Elo curve. Unlike
    sequential Elo updates the result does not depend on game order. `prior_draws` virtual
    drawn games between every pair keep the ratings finite when a kind never loses (the
    plain maximum likelihood estimate is then infinite) and link pairings that never met.

    Args:
        points: points[i, j] = points kind i scored against kind j (wins + draws / 2).
        played: played[i, j] = games between i and j (symmetric).
        prior_draws: virtual draws added to every pair.

    Returns:
        Ratings (float64[k]) with mean ELO_MEAN.
    """
    k = points.shape[0]
    games = played + prior_draws * (1 - np.eye(k))
    wins = points.sum(axis=1) + prior_draws * (k - 1) / 2
    gamma = np.ones(k)
    for _ in range(max_iterations):
        denom = (games / (gamma[:, None] + gamma[None, :])).sum(axis=1)
        new = wins / denom
        new /= np.exp(np.log(new).mean())
        done = np.max(np.abs(new - gamma)) < tol
        gamma = new
        if done:
            break
    ratings = 400 * np.log10(gamma)
    return ratings - ratings.mean() + ELO_MEAN


@dataclass
class TournamentResult:
    """Everything a tournament measured; indices follow `agents`.

    Attributes:
        points: points[i, j] = points of agents[i] against agents[j].
        played: played[i, j] = pairwise results between them (symmetric).
        win_rate: points / played, NaN where they never met (and on the diagonal).
        elo: Elo rating per agent name (`fit_elo`).
        seconds_per_move: mean wall-clock seconds per decision per agent name.
        games: (agent name per seat, final scores) of every game, in play order.
    """

    env_id: str
    agents: list[str]
    num_players: int
    games_per_lineup: int
    seed: int
    points: np.ndarray
    played: np.ndarray
    win_rate: np.ndarray
    elo: dict[str, float]
    seconds_per_move: dict[str, float]
    games: list[tuple[tuple[str, ...], np.ndarray]] = field(repr=False)


class _Timed:
    """Wraps an agent to add up its thinking time and decisions."""

    def __init__(self, agent: Agent, clock: dict[str, list[float]], kind: str):
        self.agent = agent
        self.name = agent.name
        self.clock = clock[kind]

    def act(self, engine: Any, state: Any, player: int) -> int:
        start = time.perf_counter()
        action = self.agent.act(engine, state, player)
        self.clock[0] += time.perf_counter() - start
        self.clock[1] += 1
        return action


def lineups(num_agents: int, num_players: int) -> list[tuple[int, ...]]:
    """Agent-index lineups to play: every set of `num_players` distinct kinds; with fewer
    kinds than seats, every multiset of kinds that mixes at least two of them."""
    if num_agents >= num_players:
        return list(itertools.combinations(range(num_agents), num_players))
    combos = itertools.combinations_with_replacement(range(num_agents), num_players)
    return [c for c in combos if len(set(c)) > 1]


def _seed(*words: int) -> int:
    return int(np.random.SeedSequence(list(words)).generate_state(1, np.uint32)[0])


@dataclass(frozen=True)
class _Block:
    """One game seed of one lineup, played once per seat rotation: the unit of work that
    `run_tournament` hands to a worker process (everything in it pickles)."""

    env_id: str
    names: tuple[str, ...]
    num_players: int
    seed: int
    lineup_index: int
    lineup: tuple[int, ...]
    block: int
    game_options: dict[str, Any]
    agent_options: dict[str, Any]
    record_dir: str | None


BlockResult = tuple[list[tuple[list[int], np.ndarray]], dict[str, list[float]]]


def _play_block(task: _Block) -> BlockResult:
    """Play one block: per rotation the seats' kind indices and final scores, and each kind's
    thinking time and decisions."""
    engine = envs.spec(task.env_id).engine
    config = engine.make_config(task.num_players, **task.game_options)
    li, block, n = task.lineup_index, task.block, task.num_players
    clock = {name: [0.0, 0] for name in task.names}
    game_seed = _seed(task.seed, li, block)
    played = []
    for shift in range(n):
        kinds = [task.lineup[(s + shift) % n] for s in range(n)]
        agents = [
            _Timed(
                make_agent(
                    task.names[i],
                    task.env_id,
                    _seed(task.seed, li, block, shift, s),
                    **task.agent_options,
                ),
                clock,
                task.names[i],
            )
            for s, i in enumerate(kinds)
        ]
        recorder = None
        if task.record_dir is not None:
            recorder = Recorder(
                task.env_id,
                n,
                game_seed,
                options=task.game_options,
                seats=[task.names[i] for i in kinds],
            )
        scores = play_game(engine, agents, game_seed, config, recorder=recorder)
        if recorder is not None:
            recorder.save(Path(task.record_dir) / f"game_{li}_{block}_{shift}.json")
        played.append((kinds, scores))
    return played, clock


def _one_thread() -> None:
    """Worker set-up: one math thread each (torch and BLAS read these when imported), since the
    workers already fill the cores; more threads per worker only contend."""
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ[name] = "1"


def _play_blocks(tasks: list[_Block], jobs: int, bar: tqdm) -> list[BlockResult]:
    """Every block's result in task order, played here (jobs 1) or by `jobs` spawned worker
    processes (spawn, not fork: numba and torch threads do not survive a fork safely)."""
    if jobs == 1 or len(tasks) == 1:
        results = []
        for task in tasks:
            results.append(_play_block(task))
            bar.update(task.num_players)
        return results
    context = multiprocessing.get_context("spawn")
    workers = min(jobs, len(tasks))
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_one_thread) as pool:
        futures = [pool.submit(_play_block, task) for task in tasks]
        for future, task in zip(futures, tasks, strict=True):
            future.add_done_callback(lambda _, n=task.num_players: bar.update(n))
        return [future.result() for future in futures]


def run_tournament(
    env_id: str,
    agent_names: Sequence[str],
    games: int,
    num_players: int = 2,
    seed: int = 0,
    progress: bool = True,
    record_dir: str | Path | None = None,
    game_options: dict[str, Any] | None = None,
    jobs: int = 1,
    **agent_options: Any,
) -> TournamentResult:
    """Play the round robin described in the module docstring and fit Elo ratings.

    Args:
        env_id: a registered env id (envs.list_envs()).
        agent_names: agent kinds, keys of AGENT_FACTORIES, at least two.
        games: games per lineup (rounded up to a multiple of `num_players`).
        num_players: seats per game.
        seed: master seed of every game and agent seed.
        progress: show a tqdm progress bar.
        record_dir: if given, write each game's record (eurogym.envs.record) there as
            `game_<lineup>_<block>_<rotation>.json`.
        game_options: rule options for every game (`engine.make_config(num_players,
            **game_options)`, e.g. {"expansion": True}); a bad one raises the engine's
            ConfigError before any game is played.
        jobs: worker processes; blocks of games are shared out among them and the results
            gathered in schedule order, so every number but the seconds per move is the
            same as with 1. Workers are spawned: agent kinds added to AGENT_FACTORIES at
            run time by other modules are not known there.
        **agent_options: passed to every agent factory (e.g. mcts_simulations=50).
    """
    names = list(agent_names)
    if len(names) < 2 or len(set(names)) != len(names):
        raise ValueError(f"need at least two distinct agent kinds, got {names}")
    for name in names:
        if not is_known_agent(name):
            raise ValueError(
                f"unknown agent {name!r}; known: {sorted(AGENT_FACTORIES)}, mcts<N>, "
                "ppo:PATH, rllib:PATH or az:PATH"
            )
    if games < 1:
        raise ValueError(f"games must be positive, got {games}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a positive int, got {jobs!r}")
    engine = envs.spec(env_id).engine
    game_options = dict(game_options or {})
    engine.make_config(num_players, **game_options)  # a bad option raises before any game
    blocks = math.ceil(games / num_players)
    schedule = lineups(len(names), num_players)
    k = len(names)
    points = np.zeros((k, k))
    played = np.zeros((k, k))
    clock = {name: [0.0, 0] for name in names}
    records: list[tuple[tuple[str, ...], np.ndarray]] = []
    tasks = [
        _Block(
            env_id,
            tuple(names),
            num_players,
            seed,
            li,
            lineup,
            block,
            game_options,
            agent_options,
            None if record_dir is None else str(record_dir),
        )
        for li, lineup in enumerate(schedule)
        for block in range(blocks)
    ]
    with tqdm(total=len(tasks) * num_players, disable=not progress) as bar:
        for games_played, block_clock in _play_blocks(tasks, jobs, bar):
            for name, (seconds, moves) in block_clock.items():
                clock[name][0] += seconds
                clock[name][1] += moves
            for kinds, scores in games_played:
                records.append((tuple(names[i] for i in kinds), scores))
                for a, b in itertools.combinations(range(num_players), 2):
                    i, j = kinds[a], kinds[b]
                    if i == j:
                        continue
                    share = 1.0 if scores[a] > scores[b] else 0.5 if scores[a] == scores[b] else 0.0
                    points[i, j] += share
                    points[j, i] += 1 - share
                    played[i, j] += 1
                    played[j, i] += 1
    with np.errstate(invalid="ignore", divide="ignore"):
        win_rate = np.where(played > 0, points / played, np.nan)
    ratings = fit_elo(points, played)
    return TournamentResult(
        env_id=env_id,
        agents=names,
        num_players=num_players,
        games_per_lineup=blocks * num_players,
        seed=seed,
        points=points,
        played=played,
        win_rate=win_rate,
        elo={name: float(r) for name, r in zip(names, ratings, strict=True)},
        seconds_per_move={name: t / max(n, 1) for name, (t, n) in clock.items()},
        games=records,
    )


def format_report(result: TournamentResult) -> str:
    """The CLI's printout: pairings with 95% Wilson intervals, the win-rate matrix, Elo."""
    names = result.agents
    width = max(len(n) for n in names)
    lines = [
        f"{result.env_id}: {result.num_players} players, {result.games_per_lineup} games per "
        f"lineup, seed {result.seed}",
        "",
        f"{'pairing':<{2 * width + 4}}  results  points  win rate  95% CI (Wilson)",
    ]
    for i, j in itertools.combinations(range(len(names)), 2):
        n = int(result.played[i, j])
        if n == 0:
            continue
        lo, hi = wilson_interval(result.points[i, j], n)
        pairing = f"{names[i]} vs {names[j]}"
        lines.append(
            f"{pairing:<{2 * width + 4}}  {n:7d}  {result.points[i, j]:6.1f}  "
            f"{result.points[i, j] / n:8.3f}  [{lo:.3f}, {hi:.3f}]"
        )
    lines += [
        "",
        "win rate of row vs column:",
        " " * width + "".join(f"  {n:>{width}}" for n in names),
    ]
    for i, name in enumerate(names):
        cells = ("-" if np.isnan(v) else f"{v:.3f}" for v in result.win_rate[i])
        lines.append(f"{name:<{width}}" + "".join(f"  {c:>{width}}" for c in cells))
    lines += ["", "Elo (Bradley-Terry maximum likelihood, 1 virtual draw per pair, mean 1500):"]
    for name in sorted(names, key=result.elo.get, reverse=True):
        lines.append(
            f"  {name:<{width}}  {result.elo[name]:7.1f}   "
            f"({result.seconds_per_move[name] * 1e3:.2f} ms per move)"
        )
    return "\n".join(lines)


def parse_game_options(pairs: Sequence[str], as_json: str | None) -> dict[str, Any]:
    """The CLI's rule options: `--options` (a JSON object), then each `--option KEY=VALUE`
    (VALUE as JSON if it parses, e.g. true, 3, ["a"]; else the text itself). Raises ValueError
    on a malformed pair, a JSON text that is not an object, or a key given twice."""
    options: dict[str, Any] = {}
    if as_json is not None:
        try:
            options = json.loads(as_json)
        except json.JSONDecodeError as err:
            raise ValueError(f"--options is not valid JSON: {err}") from None
        if not isinstance(options, dict):
            raise ValueError(f"--options must be a JSON object, got {as_json!r}")
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise ValueError(f"--option {pair!r} is not KEY=VALUE (e.g. expansion=true)")
        if key in options:
            raise ValueError(f"option {key!r} is given twice")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    return options


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m eurogym.agents.tournament",
        description="Round-robin tournament between agent kinds on one eurogym env.",
    )
    parser.add_argument("--env", default="kingdom_builder_v0", choices=envs.list_envs())
    parser.add_argument(
        "--agents",
        default="random,heuristic",
        help=f"comma-separated agent kinds from {sorted(AGENT_FACTORIES)}, mcts<N> for MCTS "
        "with N simulations (several budgets can meet), ppo:PATH for "
        "a MaskablePPO model saved by eurogym.agents.train, or rllib:PATH for an RLlib "
        "checkpoint saved by eurogym.agents.rllib_train (e.g. rllib:runs/NAME/final), or "
        "az:PATH for an AlphaZero checkpoint saved by eurogym.agents.alphazero "
        "(e.g. az:runs/NAME/final.pt)",
    )
    parser.add_argument("--games", type=int, default=200, help="games per lineup")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option for every game, e.g. expansion=true (repeatable)",
    )
    parser.add_argument(
        "--options",
        metavar="JSON",
        help="rule options as a JSON object, e.g. '{\"expansion\": true}'",
    )
    mcts = parser.add_argument_group("mcts", "MCTS options (default: agents.mcts.MCTSAgent's)")
    mcts.add_argument("--mcts-simulations", type=int, default=None, help="per decision")
    mcts.add_argument(
        "--mcts-rollout-depth",
        type=int,
        default=None,
        help="decisions of random rollout before evaluating a leaf (0: none, -1: to the end)",
    )
    mcts.add_argument(
        "--mcts-prior",
        choices=("heuristic", "none"),
        default=None,
        help="PUCT with the game heuristic's prior, or UCB1 without one",
    )
    mcts.add_argument(
        "--mcts-evaluator",
        choices=("heuristic", "scores"),
        default=None,
        help="per-seat values of unfinished leaves: the heuristic's or the current scores",
    )
    mcts.add_argument("--mcts-c-puct", type=float, default=None)
    mcts.add_argument("--mcts-prior-temperature", type=float, default=None)
    mcts.add_argument("--mcts-eval-temperature", type=float, default=None)
    parser.add_argument(
        "--az-simulations",
        type=int,
        default=None,
        help="simulations per decision of az:PATH agents (default: the checkpoint's)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes (e.g. one per core); the results do not depend on it",
    )
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    parser.add_argument(
        "--record-dir", help="write every game's record (JSON, replayable) to this folder"
    )
    args = parser.parse_args(argv)
    try:
        game_options = parse_game_options(args.option, args.options)
        envs.spec(args.env).engine.make_config(args.players, **game_options)
    except ValueError as err:  # ConfigError is a ValueError
        parser.error(str(err))
    result = run_tournament(
        args.env,
        [a.strip() for a in args.agents.split(",") if a.strip()],
        args.games,
        num_players=args.players,
        seed=args.seed,
        progress=not args.no_progress,
        record_dir=args.record_dir,
        game_options=game_options,
        jobs=args.jobs,
        az_simulations=args.az_simulations,
        **{f"mcts_{name}": getattr(args, f"mcts_{name}") for name in MCTS_OPTIONS},
    )
    print(format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
