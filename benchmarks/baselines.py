"""The baseline table: one round-robin tournament per game between the reference agents.

    python -m eurogym.benchmarks.baselines --games 200 --players 2 \
        --mcts-simulations 100,400 \
        --ppo kingdom_builder_v0=runs/ppo_kb/final.zip --az kingdom_builder_v0=runs/az_kb/final.pt \
        --out runs/baselines

For each game (`--envs`, default every registered env id): random, greedy, the game's
heuristic, MCTS at each budget of `--mcts-simulations` (the tournament's `mcts<N>` kinds:
MCTSAgent's defaults with N simulations), and the learned agents given for that game
(`--ppo ENV=PATH`, `--az ENV=PATH`, repeatable; labelled "ppo" and "az" in the tables). Every
lineup plays `--games` games with seats rotated (agents.tournament), on `--jobs` worker
processes. Printed per game: every pairing's win rate with its 95% Wilson interval, the
win-rate matrix and the Bradley-Terry Elo ratings (agents.tournament.format_report); at the
end one markdown table of the Elo ratings per game. `--out` also gets `baselines.json` (every
pairing's points and games, Elo, seconds per move, checkpoint paths, wall clock per game),
written after each game and merged by game: a game already in the file is replaced, the others
are kept, so the four games can be run one at a time (on other days or machines) into one file.
`--report FILE` only prints such a file as markdown (the Elo table and one win-rate matrix per
game with the intervals). The learned agents' training budgets are not known here: state them
next to the table (docs/baselines.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eurogym import envs
from eurogym.agents.tournament import (
    TournamentResult,
    format_report,
    run_tournament,
    wilson_interval,
)

BASE_AGENTS = ("random", "greedy", "heuristic")


def _paths(pairs: Sequence[str], flag: str) -> dict[str, str]:
    out = {}
    for pair in pairs:
        env_id, sep, path = pair.partition("=")
        if not sep or env_id not in envs.list_envs():
            raise SystemExit(f"{flag} wants ENV=PATH with ENV one of {envs.list_envs()}: {pair!r}")
        out[env_id] = path
    return out


def labels(agents: Sequence[str]) -> dict[str, str]:
    """The table's label of each tournament agent spec: a checkpoint agent
    ("ppo:runs/x/final.zip") is labelled by its kind ("ppo"), since a path makes an unreadable
    row or axis label (the summary keeps the paths in "checkpoints"); a kind that two of the
    agents share keeps the full specs, so labels stay unique."""
    kinds = [a.partition(":")[0] for a in agents]
    return {
        a: k if ":" in a and kinds.count(k) == 1 else a for a, k in zip(agents, kinds, strict=True)
    }


def result_json(result: TournamentResult, seconds: float) -> dict[str, Any]:
    """The JSON-able summary of one game's round robin (agents by their `labels`)."""
    label = labels(result.agents)
    names = [label[a] for a in result.agents]
    pairings = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            n = int(result.played[i, j])
            if n:
                lo, hi = wilson_interval(result.points[i, j], n)
                pairings.append(
                    {
                        "agents": [names[i], names[j]],
                        "games": n,
                        "points": float(result.points[i, j]),
                        "win_rate": float(result.points[i, j] / n),
                        "ci95": [lo, hi],
                    }
                )
    return {
        "env": result.env_id,
        "players": result.num_players,
        "games_per_lineup": result.games_per_lineup,
        "seed": result.seed,
        "pairings": pairings,
        "elo": {label[a]: v for a, v in result.elo.items()},
        "seconds_per_move": {label[a]: v for a, v in result.seconds_per_move.items()},
        "checkpoints": {label[a]: a.partition(":")[2] for a in result.agents if label[a] != a},
        "wall_seconds": round(seconds, 1),
    }


def relabel(summary: dict[str, Any]) -> dict[str, Any]:
    """`summary` (one game of a baselines.json) with its agents under their `labels`, for
    files written before checkpoint agents were labelled by kind; a no-op on newer ones."""
    label = labels(list(summary["elo"]))
    if all(label[a] == a for a in label):
        return summary
    return {
        **summary,
        "pairings": [{**p, "agents": [label[a] for a in p["agents"]]} for p in summary["pairings"]],
        "elo": {label[a]: v for a, v in summary["elo"].items()},
        "seconds_per_move": {label[a]: v for a, v in summary["seconds_per_move"].items()},
        "checkpoints": {label[a]: a.partition(":")[2] for a in label if label[a] != a},
    }


def markdown_report(entries: Sequence[dict[str, Any]]) -> str:
    """A baselines.json as markdown: the Elo of every agent in every game (with its time per
    move), then per game the matrix of win rates (row against column) with 95% intervals."""
    entries = [relabel(e) for e in entries]
    kinds: list[str] = []
    for entry in entries:
        kinds += [k for k in entry["elo"] if k not in kinds]
    lines = [
        "| agent | " + " | ".join(e["env"] for e in entries) + " |",
        "|---" * (len(entries) + 1) + "|",
    ]
    for kind in kinds:
        cells = [
            f"{e['elo'][kind]:.0f} ({e['seconds_per_move'][kind] * 1e3:.1f} ms)"
            if kind in e["elo"]
            else "-"
            for e in entries
        ]
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    for entry in entries:
        names = list(entry["elo"])
        cell = {(a, a): "-" for a in names}
        for p in entry["pairings"]:
            a, b = p["agents"]
            lo, hi = p["ci95"]
            cell[a, b] = f"{p['win_rate']:.2f} [{lo:.2f}, {hi:.2f}]"
            cell[b, a] = f"{1 - p['win_rate']:.2f} [{1 - hi:.2f}, {1 - lo:.2f}]"
        lines += [
            "",
            f"**{entry['env']}**, {entry['players']} players, {entry['games_per_lineup']} games "
            f"per pairing, seed {entry['seed']}, {entry['wall_seconds'] / 60:.0f} min wall clock "
            "(win rate of the row's agent against the column's, 95% Wilson interval):",
            "",
            "| | " + " | ".join(names) + " |",
            "|---" * (len(names) + 1) + "|",
        ]
        for a in names:
            lines.append(f"| {a} | " + " | ".join(cell.get((a, b), "") for b in names) + " |")
    return "\n".join(lines)


def merge_into(path: Path, summary: dict[str, Any]) -> None:
    """Write `summary` into the JSON list at `path`, replacing that game's earlier entry (if any)
    and keeping the other games' entries in their order. A file that is not such a list is an
    error naming it (never silently overwritten: it may hold hours of games)."""
    entries: list[dict[str, Any]] = []
    if path.exists():
        try:
            entries = json.loads(path.read_text())
        except json.JSONDecodeError as error:
            raise SystemExit(f"{path} is not JSON ({error}); move it away first") from None
        if not isinstance(entries, list) or not all(
            isinstance(e, dict) and "env" in e for e in entries
        ):
            raise SystemExit(f"{path} is not a baselines.json list of games; move it away first")
    entries = [e for e in entries if e["env"] != summary["env"]] + [summary]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(entries, indent=2))


def elo_table(results: Sequence[TournamentResult]) -> str:
    """Markdown table: one row per agent kind, one Elo column per game ("-" if absent)."""
    kinds: list[str] = []
    elos = [{labels(r.agents)[a]: v for a, v in r.elo.items()} for r in results]
    for elo in elos:
        kinds += [kind for kind in elo if kind not in kinds]
    lines = [
        "| agent | " + " | ".join(r.env_id for r in results) + " |",
        "|---" * (len(results) + 1) + "|",
    ]
    for kind in kinds:
        cells = [f"{elo[kind]:.0f}" if kind in elo else "-" for elo in elos]
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m eurogym.benchmarks.baselines",
        description="Round-robin baseline table (win rates, 95% intervals, Elo) per game.",
    )
    parser.add_argument(
        "--envs", default=",".join(envs.list_envs()), help="comma-separated env ids (default: all)"
    )
    parser.add_argument("--games", type=int, default=200, help="games per lineup")
    parser.add_argument("--players", type=int, default=2, help="seats per game")
    parser.add_argument("--seed", type=int, default=0, help="master seed of every game and agent")
    parser.add_argument(
        "--mcts-simulations", default="100,400", help="comma-separated budgets ('' for none)"
    )
    parser.add_argument(
        "--az-simulations",
        type=int,
        default=None,
        help="simulations per decision of the az: agents (default: the checkpoint's)",
    )
    parser.add_argument(
        "--ppo", action="append", default=[], metavar="ENV=PATH", help="a PPO checkpoint (.zip)"
    )
    parser.add_argument(
        "--az", action="append", default=[], metavar="ENV=PATH", help="an AlphaZero checkpoint"
    )
    parser.add_argument(
        "--agents", default=",".join(BASE_AGENTS), help="the non-search, non-learned agents"
    )
    parser.add_argument("--out", default=None, help="folder for baselines.json")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per game")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument(
        "--report",
        metavar="JSON",
        default=None,
        help="only print a baselines.json as markdown tables (Elo, win-rate matrices)",
    )
    args = parser.parse_args(argv)
    if args.report:
        print(markdown_report(json.loads(Path(args.report).read_text())))
        return 0
    env_ids = [e.strip() for e in args.envs.split(",") if e.strip()]
    base = [a.strip() for a in args.agents.split(",") if a.strip()]
    mcts = [f"mcts{int(n)}" for n in args.mcts_simulations.split(",") if n.strip()]
    ppo, az = _paths(args.ppo, "--ppo"), _paths(args.az, "--az")
    results = []
    for env_id in env_ids:
        agents = base + mcts
        agents += [f"ppo:{ppo[env_id]}"] if env_id in ppo else []
        agents += [f"az:{az[env_id]}"] if env_id in az else []
        start = time.perf_counter()
        result = run_tournament(
            env_id,
            agents,
            args.games,
            num_players=args.players,
            seed=args.seed,
            progress=not args.no_progress,
            jobs=args.jobs,
            az_simulations=args.az_simulations,
        )
        seconds = time.perf_counter() - start
        results.append(result)
        if args.out:
            merge_into(Path(args.out) / "baselines.json", result_json(result, seconds))
        print(format_report(result))
        print(f"({seconds:.0f} s wall clock)\n", flush=True)
    print("Elo (Bradley-Terry, mean 1500) per game:\n")
    print(elo_table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
