"""AlphaZero-style agent: network-guided PUCT search, self-play, training, as a CLI and functions.

    python -m eurogym.agents.alphazero --env kingdom_builder_v0 --players 2 --max-minutes 30 \
        --out runs/az_kb
    python -m eurogym.agents.tournament --env kingdom_builder_v0 \
        --agents az:runs/az_kb/final.pt,heuristic

One process alternates two things:
    self-play   `--parallel` games at a time, every seat searched by the current network
                (agents.az_search: PUCT, determinized hidden information, the leaves of all
                games evaluated together in one forward pass per wave). Each searched decision
                gives a sample (the mover's observation, its legal mask, the root visit
                distribution); when the game ends every sample gets its value target, the
                final win shares (1 to the sole winner, 1/k to each of k tied winners) *rotated
                to the mover's relative seat order* (entry 0 is the mover's own share), the
                frame of the network's value head (agents.az_net). Exploration: Dirichlet noise
                on the root priors and actions sampled in proportion to visits for the first
                `--explore-moves` decisions of a game, the most visited action after that.
    training    samples go into a replay buffer (the newest `--buffer` kept); after each
                finished game, Adam steps on random minibatches such that every sample is
                used about `--train-ratio` times. Loss: cross-entropy of the masked policy
                against the visit distribution + cross-entropy of the value softmax against
                the win-share target.

Optional warm start (`--bc-games N`, off by default): before self-play, the network is trained
on N games of the game's heuristic against itself (its moves as policy targets, the outcomes as
value targets), so self-play starts from the heuristic's play instead of from random play.

Under --out: `log.csv` (one row per evaluation, columns LOG_COLUMNS: win rates of the searching
agent against random and against the game's heuristic, losses, speeds), `checkpoints/
games_<n>.pt` at each evaluation, `final.pt` at the end. A checkpoint stores the network and the
search settings; the tournament plays it as `az:PATH` (AlphaZeroAgent).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import torch as th
from tqdm.auto import tqdm

from eurogym import envs
from eurogym.agents.az_net import PolicyValueNet, build_net, load_checkpoint, save_checkpoint
from eurogym.agents.az_search import (
    Root,
    SearchConfig,
    choose_action,
    search,
    to_relative,
    visit_distribution,
)
from eurogym.agents.base import Agent, legal_actions, observation_key, win_shares
from eurogym.agents.heuristic import heuristic_for
from eurogym.agents.random_agent import RandomAgent

LOG_COLUMNS = (
    "games",
    "samples",
    "train_steps",
    "wall_seconds",
    "selfplay_decisions_per_s",
    "policy_loss",
    "value_loss",
    "win_rate_vs_random",
    "win_rate_vs_heuristic",
    "eval_seconds",
    "checkpoint",
)


# -- games --------------------------------------------------------------------------------


@dataclass
class GameRecord:
    """One finished game: its seed, final scores and, if samples were collected, one row per
    searched decision (observation, legal mask, visit distribution, mover)."""

    index: int
    seed: int
    scores: np.ndarray
    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    policies: list[np.ndarray] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)

    def value_targets(self) -> np.ndarray:
        """float32[samples, num_players]: each sample's target, the final win shares in the
        order of seats relative to that sample's mover (see `value_targets`)."""
        return value_targets(self.scores, self.movers)


def value_targets(scores: np.ndarray, movers: Sequence[int]) -> np.ndarray:
    """The value targets of samples whose movers are `movers` in a game that ended with
    `scores`: row i is win_shares(scores) rotated so entry k is seat (movers[i] + k) % n."""
    shares = win_shares(np.asarray(scores, np.float64))
    rows = [to_relative(shares, int(m)) for m in movers]
    return np.array(rows, np.float32).reshape(len(rows), shares.shape[0])


@dataclass
class _Game:
    index: int
    seed: int
    state: Any
    seats: list[Agent | None]
    record: GameRecord
    decisions: int = 0


def play_games(
    net: PolicyValueNet,
    env_id: str,
    num_players: int,
    seeds: Iterable[int],
    config: SearchConfig,
    seats: Callable[[int], list[Agent | None]] | None = None,
    parallel: int = 8,
    noise: bool = False,
    explore_moves: int = 0,
    collect: bool = False,
    seed: int = 0,
    deadline: float | None = None,
) -> Iterator[GameRecord]:
    """Play one game per seed, `parallel` at a time, yielding each `GameRecord` as it ends
    (`seeds` may be endless: a finished game's slot takes the next seed at once).

    Seats given as None are played by search with `net` (all of them by default: self-play);
    an Agent plays its seat itself. The searched decisions of all running games are searched
    together (agents.az_search.search), so their leaves share forward passes. Searched moves
    are sampled in proportion to the visits for each game's first `explore_moves` searched
    decisions, then the most visited. Each search's generator is seeded from (seed, game
    index, decision number), so a run is reproducible. Past `deadline` (a time.perf_counter
    value) it stops, dropping the games still running.
    """
    entry = envs.spec(env_id)
    engine = entry.engine
    encode = entry.raw_env.encode
    game_config = engine.make_config(num_players)
    todo = enumerate(seeds)
    active: list[_Game] = []
    more = True
    while more or active:
        if deadline is not None and time.perf_counter() >= deadline:
            return
        while more and len(active) < parallel:
            index, game_seed = next(todo, (-1, -1))
            if index < 0:
                more = False
                break
            lineup = [None] * num_players if seats is None else seats(index)
            state = engine.new_game(game_config, int(game_seed))
            record = GameRecord(index, int(game_seed), np.zeros(0))
            active.append(_Game(index, int(game_seed), state, lineup, record))
        roots: list[Root] = []
        searching: list[_Game] = []
        for game in list(active):
            player = _advance(engine, game)
            if player < 0:
                game.record.scores = engine.final_scores(game.state)
                active.remove(game)
                yield game.record
                continue
            rng = np.random.default_rng([seed, game.index, game.decisions])
            roots.append(Root(game.state, player, rng))
            searching.append(game)
        if not roots:
            continue
        counts = search(net, engine, env_id, encode, roots, config, noise=noise)
        for game, root, visits in zip(searching, roots, counts, strict=True):
            mask = engine.legal_action_mask(game.state, root.player).astype(bool)
            if collect:
                game.record.obs.append(encode(game.state, root.player))
                game.record.masks.append(mask)
                game.record.policies.append(visit_distribution(visits, mask).astype(np.float32))
                game.record.movers.append(root.player)
            temperature = 1.0 if game.decisions < explore_moves else 0.0
            action = choose_action(visits, mask, temperature, root.rng)
            engine.apply_action(game.state, action)
            game.decisions += 1


def _advance(engine: Any, game: _Game) -> int:
    """Play forced moves and the seated agents' moves; returns the seat whose decision needs
    a search, or -1 once the game is over."""
    state = game.state
    while not engine.is_over(state):
        player = engine.current_player(state)
        agent = game.seats[player]
        if agent is not None:
            engine.apply_action(state, int(agent.act(engine, state, player)))
            continue
        legal = legal_actions(engine, state, player)
        if legal.size == 1:
            engine.apply_action(state, int(legal[0]))
            continue
        return player
    return -1


def teacher_games(
    env_id: str,
    num_players: int,
    games: int,
    seed: int = 0,
    epsilon: float = 0.1,
) -> Iterator[GameRecord]:
    """Games of the env's heuristic (agents.heuristic.heuristic_for) against itself, as
    GameRecords whose policy targets are the heuristic's choices (one-hot) at every decision
    with a real choice: the data of the optional warm start (`train(bc_games=...)`).

    With probability `epsilon` a uniformly random legal action is played instead (the target
    stays the heuristic's choice), so the value head also sees positions the heuristic would
    not reach.
    """
    entry = envs.spec(env_id)
    engine, encode = entry.engine, entry.raw_env.encode
    config = engine.make_config(num_players)
    rng = np.random.default_rng([seed, 7])
    for index in range(games):
        teachers = [
            heuristic_for(env_id, seed + index * num_players + s) for s in range(num_players)
        ]
        state = engine.new_game(config, seed * 1_000_000 + 500_000 + index)
        record = GameRecord(index, seed, np.zeros(0))
        while not engine.is_over(state):
            player = engine.current_player(state)
            mask = engine.legal_action_mask(state, player).astype(bool)
            action = int(teachers[player].act(engine, state, player))
            if mask.sum() > 1:
                record.obs.append(encode(state, player))
                record.masks.append(mask)
                target = np.zeros(mask.shape[0], np.float32)
                target[action] = 1.0
                record.policies.append(target)
                record.movers.append(player)
                if rng.random() < epsilon:
                    action = int(rng.choice(np.flatnonzero(mask)))
            engine.apply_action(state, action)
        record.scores = engine.final_scores(state)
        yield record


# -- replay buffer and training -----------------------------------------------------------


class ReplayBuffer:
    """The newest `capacity` samples in preallocated ring arrays (observations as float16:
    they are small features and counts, and the buffer is the run's main memory)."""

    def __init__(self, capacity: int, obs_size: int, num_actions: int, num_players: int):
        self.capacity = capacity
        self.obs = np.zeros((capacity, obs_size), np.float16)
        self.masks = np.zeros((capacity, num_actions), np.bool_)
        self.policies = np.zeros((capacity, num_actions), np.float32)
        self.values = np.zeros((capacity, num_players), np.float32)
        self.size = 0
        self.next = 0

    def add(self, record: GameRecord) -> int:
        """Insert a finished game's samples; returns how many."""
        targets = record.value_targets()
        for obs, mask, pi, z in zip(
            record.obs, record.masks, record.policies, targets, strict=True
        ):
            i = self.next
            self.obs[i], self.masks[i], self.policies[i], self.values[i] = obs, mask, pi, z
            self.next = (i + 1) % self.capacity
            self.size = min(self.size + 1, self.capacity)
        return len(record.obs)

    def sample(self, batch_size: int, rng: np.random.Generator) -> tuple[th.Tensor, ...]:
        idx = rng.integers(0, self.size, size=min(batch_size, self.size))
        return (
            th.as_tensor(self.obs[idx].astype(np.float32)),
            th.as_tensor(self.masks[idx]),
            th.as_tensor(self.policies[idx]),
            th.as_tensor(self.values[idx]),
        )


def train_step(
    net: PolicyValueNet, optimizer: th.optim.Optimizer, batch: tuple[th.Tensor, ...]
) -> tuple[float, float]:
    """One Adam step on (obs, masks, visit distributions, value targets); returns the policy
    and value cross-entropies."""
    obs, masks, policies, values = batch
    net.train()
    logits, value_logits = net(obs)
    logits = logits.masked_fill(~masks, -1e9)
    policy_loss = -(policies * th.log_softmax(logits, dim=1)).sum(1).mean()
    value_loss = -(values * th.log_softmax(value_logits, dim=1)).sum(1).mean()
    optimizer.zero_grad()
    (policy_loss + value_loss).backward()
    optimizer.step()
    net.eval()
    return policy_loss.item(), value_loss.item()


# -- evaluation and the agent ---------------------------------------------------------------


def evaluate(
    net: PolicyValueNet,
    env_id: str,
    num_players: int,
    opponent: Callable[[int], Agent],
    games: int,
    config: SearchConfig,
    parallel: int = 8,
    seed: int = 0,
) -> float:
    """Mean win share of the searching agent (no noise, most visited action) against
    `opponent(game index)` in every other seat, the agent's seat rotating game by game."""
    if games <= 0:
        return math.nan

    def seats(index: int) -> list[Agent | None]:
        lineup: list[Agent | None] = [opponent(index) for _ in range(num_players)]
        lineup[index % num_players] = None
        return lineup

    seeds = [seed + i for i in range(games)]
    shares = [
        float(win_shares(r.scores)[r.index % num_players])
        for r in play_games(net, env_id, num_players, seeds, config, seats, parallel, seed=seed)
    ]
    return float(np.mean(shares))


@lru_cache(maxsize=8)
def _cached_checkpoint(path: str, mtime_ns: int) -> tuple[PolicyValueNet, dict, dict]:
    return load_checkpoint(path)


class AlphaZeroAgent:
    """A checkpoint (or a network) playing at engine level: PUCT search, most visited action.

    `act` is a pure function of (seed, what the acting player sees), as for MCTSAgent: its
    generator is seeded from both. The tournament builds one per game, so loaded checkpoints
    are cached by path and modification time.

    Args:
        source: a checkpoint path, or a (network, spec) pair as build_net returns.
        simulations, leaf_batch, c_puct: override the checkpoint's search settings.
        seed: seed of the search's randomness.
        name: the agent's name in tournaments.
    """

    def __init__(
        self,
        source: str | Path | tuple[PolicyValueNet, dict[str, Any]],
        simulations: int | None = None,
        leaf_batch: int | None = None,
        c_puct: float | None = None,
        seed: int = 0,
        name: str = "az",
    ):
        if isinstance(source, (str, Path)):
            path = Path(source)
            self.net, self.spec, settings = _cached_checkpoint(
                str(path.resolve()), path.stat().st_mtime_ns
            )
        else:
            self.net, self.spec = source
            settings = {}
        overrides = {"simulations": simulations, "leaf_batch": leaf_batch, "c_puct": c_puct}
        settings = {**settings, **{k: v for k, v in overrides.items() if v is not None}}
        self.config = SearchConfig(**settings)
        self.env_id = self.spec["env_id"]
        self.encode = envs.spec(self.env_id).raw_env.encode
        self.seed = seed
        self.name = name

    def act(self, engine: Any, state: Any, player: int) -> int:
        if engine.name != self.env_id:
            raise ValueError(f"{self.name} was trained on {self.env_id}, not {engine.name}")
        players = int(state.num_players)
        if players != self.spec["num_players"]:
            raise ValueError(
                f"{self.name} was trained for {self.spec['num_players']} players, not {players}"
            )
        actions = int(state.mask.shape[0])
        if actions != self.net.num_actions:
            raise ValueError(
                f"{self.name} was trained on a game with {self.net.num_actions} actions, "
                f"not {actions}: the rule options differ from the checkpoint's game"
            )
        legal = legal_actions(engine, state, player)
        if legal.size == 1:
            return int(legal[0])
        rng = np.random.default_rng([self.seed, observation_key(self.env_id, state, player)])
        root = Root(state, player, rng)
        visits = search(self.net, engine, self.env_id, self.encode, [root], self.config)[0]
        mask = engine.legal_action_mask(state, player)
        return choose_action(visits, mask, 0.0, rng)


# -- the training loop ----------------------------------------------------------------------


def train(
    env_id: str = "kingdom_builder_v0",
    players: int = 2,
    out: str | Path = "runs/az",
    seed: int = 0,
    max_minutes: float | None = None,
    games: int | None = None,
    parallel: int = 8,
    simulations: int = 64,
    leaf_batch: int = 8,
    c_puct: float = 1.5,
    explore_moves: int = 30,
    buffer: int = 20_000,
    batch_size: int = 256,
    learning_rate: float = 1e-3,
    weight_decay: float = 1e-4,
    train_ratio: float = 4.0,
    eval_every: int = 100,
    eval_games: int = 20,
    heuristic_games: int | None = None,
    eval_simulations: int | None = None,
    arch: str = "auto",
    hidden: int = 128,
    channels: int | None = None,
    blocks: int | None = None,
    threads: int = 1,
    progress: bool = True,
    bc_games: int = 0,
    bc_epochs: int = 4,
) -> list[dict[str, Any]]:
    """Self-play and train (module docstring) until `games` self-play games or `max_minutes`
    of wall clock (evaluations included), whichever comes first; returns the log rows.

    Args:
        eval_every: evaluate, log a row and write a checkpoint every this many self-play
            games (and at the start and the end).
        eval_games / heuristic_games: games per evaluation against random / the heuristic
            (heuristic_games defaults to eval_games; 0 skips).
        eval_simulations: the agent's simulations in evaluations (default: `simulations`).
        bc_games: if > 0, warm-start by training on this many games of the heuristic against
            itself (`teacher_games`: its moves as policy targets, the outcomes as value
            targets), `bc_epochs` passes, before self-play. The samples stay in the replay
            buffer until self-play pushes them out. Off by default (pure self-play); its
            time counts against max_minutes.
        The others are described in the CLI's --help.
    """
    if games is None and max_minutes is None:
        raise ValueError("give games or max_minutes (or both)")
    start = time.perf_counter()
    th.manual_seed(seed)
    th.set_num_threads(threads)
    out = Path(out)
    (out / "checkpoints").mkdir(parents=True, exist_ok=True)
    heuristic_games = eval_games if heuristic_games is None else heuristic_games
    net, spec = build_net(
        env_id, players, arch=arch, hidden=hidden, channels=channels, blocks=blocks
    )
    net.eval()
    config = SearchConfig(simulations=simulations, leaf_batch=leaf_batch, c_puct=c_puct)
    eval_config = SearchConfig(
        simulations=eval_simulations or simulations, leaf_batch=leaf_batch, c_puct=c_puct
    )
    optimizer = th.optim.AdamW(net.parameters(), lr=learning_rate, weight_decay=weight_decay)
    replay = ReplayBuffer(buffer, spec["obs_size"], spec["num_actions"], players)
    rng = np.random.default_rng(seed)
    log_path = out / "log.csv"
    with log_path.open("w", newline="") as f:
        csv.writer(f).writerow(LOG_COLUMNS)
    rows: list[dict[str, Any]] = []
    stats = {"games": 0, "samples": 0, "steps": 0, "decisions": 0, "selfplay": 0.0}
    losses: list[tuple[float, float]] = []
    deadline = None if max_minutes is None else start + 60.0 * max_minutes

    def log(final: bool = False) -> None:
        if final and rows[-1]["games"] == stats["games"]:  # just evaluated: only save
            save_checkpoint(out / "final.pt", net, spec, eval_config.as_dict())
            return
        t = time.perf_counter()
        vs_random = evaluate(
            net, env_id, players, RandomAgent, eval_games, eval_config, parallel, seed + 1_000_003
        )
        vs_heuristic = evaluate(
            net,
            env_id,
            players,
            lambda i: heuristic_for(env_id, seed + i),
            heuristic_games,
            eval_config,
            parallel,
            seed + 2_000_003,
        )
        name = "final.pt" if final else f"checkpoints/games_{stats['games']:06d}.pt"
        save_checkpoint(out / name, net, spec, eval_config.as_dict())
        recent = np.array(losses[-50:]) if losses else np.full((1, 2), np.nan)
        row = {
            "games": stats["games"],
            "samples": stats["samples"],
            "train_steps": stats["steps"],
            "wall_seconds": round(time.perf_counter() - start, 2),
            "selfplay_decisions_per_s": round(stats["decisions"] / stats["selfplay"], 2)
            if stats["selfplay"]
            else math.nan,
            "policy_loss": round(float(recent[:, 0].mean()), 4),
            "value_loss": round(float(recent[:, 1].mean()), 4),
            "win_rate_vs_random": round(vs_random, 4),
            "win_rate_vs_heuristic": round(vs_heuristic, 4),
            "eval_seconds": round(time.perf_counter() - t, 2),
            "checkpoint": name,
        }
        rows.append(row)
        with log_path.open("a", newline="") as f:
            csv.writer(f).writerow([row[c] for c in LOG_COLUMNS])
        bar.set_postfix(
            vs_random=f"{vs_random:.2f}", vs_heuristic=f"{vs_heuristic:.2f}", refresh=False
        )
        if progress and not sys.stderr.isatty():
            print(json.dumps(row), flush=True)

    if bc_games > 0:
        bc_samples = sum(replay.add(r) for r in teacher_games(env_id, players, bc_games, seed))
        for _ in range(math.ceil(bc_samples * bc_epochs / batch_size)):
            losses.append(train_step(net, optimizer, replay.sample(batch_size, rng)))
            stats["steps"] += 1
        stats["samples"] += bc_samples
    bar = tqdm(
        total=games,
        desc="self-play",
        unit="game",
        disable=not progress,
        mininterval=1.0 if sys.stderr.isatty() else 30.0,
    )
    log()
    credit = 0.0
    total = games if games is not None else 2**62
    seeds = (seed * 1_000_000 + i for i in range(total))
    selfplay = play_games(
        net,
        env_id,
        players,
        seeds,
        config,
        parallel=parallel,
        noise=True,
        explore_moves=explore_moves,
        collect=True,
        seed=seed,
        deadline=deadline,
    )
    t = time.perf_counter()
    for record in selfplay:
        stats["selfplay"] += time.perf_counter() - t
        stats["decisions"] += len(record.obs)
        added = replay.add(record)
        stats["samples"] += added
        stats["games"] += 1
        credit += added * train_ratio / batch_size
        while credit >= 1:
            losses.append(train_step(net, optimizer, replay.sample(batch_size, rng)))
            stats["steps"] += 1
            credit -= 1
        bar.update()
        bar.set_postfix(samples=stats["samples"], steps=stats["steps"], refresh=False)
        if deadline is not None and time.perf_counter() >= deadline:
            break  # the games still running are dropped
        if stats["games"] % eval_every == 0 and stats["games"] < total:
            log()
        t = time.perf_counter()
    selfplay.close()
    log(final=True)
    bar.close()
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m eurogym.agents.alphazero",
        description="AlphaZero-style self-play training (PUCT search + policy-value network).",
    )
    parser.add_argument("--env", default="kingdom_builder_v0", choices=envs.list_envs())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--out", default="runs/az")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-minutes", type=float, default=None, help="wall-clock budget")
    parser.add_argument("--games", type=int, default=None, help="self-play games budget")
    parser.add_argument("--parallel", type=int, default=8, help="self-play games at a time")
    parser.add_argument("--simulations", type=int, default=64, help="per searched decision")
    parser.add_argument(
        "--leaf-batch", type=int, default=8, help="leaves per game per network call"
    )
    parser.add_argument("--c-puct", type=float, default=1.5)
    parser.add_argument(
        "--explore-moves",
        type=int,
        default=30,
        help="searched decisions per game played in proportion to the visits",
    )
    parser.add_argument("--buffer", type=int, default=20_000, help="replay buffer samples")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--weight-decay", type=float, default=1e-4)
    parser.add_argument(
        "--train-ratio", type=float, default=4.0, help="times each sample is trained on"
    )
    parser.add_argument("--eval-every", type=int, default=100, help="self-play games")
    parser.add_argument("--eval-games", type=int, default=20, help="vs random per evaluation")
    parser.add_argument(
        "--heuristic-games", type=int, default=None, help="default: --eval-games; 0 skips"
    )
    parser.add_argument("--eval-simulations", type=int, default=None)
    parser.add_argument("--arch", default="auto", choices=("auto", "mlp", "cnn"))
    parser.add_argument("--hidden", type=int, default=128, help="mlp width / cnn pooled width")
    parser.add_argument("--channels", type=int, default=None, help="cnn: conv channels")
    parser.add_argument("--blocks", type=int, default=None, help="cnn: residual conv blocks")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    parser.add_argument(
        "--bc-games",
        type=int,
        default=0,
        help="warm start: train on this many heuristic-vs-heuristic games first (0: off)",
    )
    parser.add_argument("--bc-epochs", type=int, default=4)
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    if args.games is None and args.max_minutes is None:
        parser.error("give --max-minutes or --games (or both)")
    train(
        args.env,
        players=args.players,
        out=args.out,
        seed=args.seed,
        max_minutes=args.max_minutes,
        games=args.games,
        parallel=args.parallel,
        simulations=args.simulations,
        leaf_batch=args.leaf_batch,
        c_puct=args.c_puct,
        explore_moves=args.explore_moves,
        buffer=args.buffer,
        batch_size=args.batch_size,
        learning_rate=args.learning_rate,
        weight_decay=args.weight_decay,
        train_ratio=args.train_ratio,
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        heuristic_games=args.heuristic_games,
        eval_simulations=args.eval_simulations,
        arch=args.arch,
        hidden=args.hidden,
        channels=args.channels,
        blocks=args.blocks,
        threads=args.threads,
        progress=not args.no_progress,
        bc_games=args.bc_games,
        bc_epochs=args.bc_epochs,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
