"""Play a game in the terminal against agents (or watch agents play), and save its record.

    python -m eurogym.envs.play kingdom_builder_v0 --players 3 --seats human,mcts,heuristic
    python -m eurogym.envs.play belfort_v0 --seats human,ppo:runs/belfort/final.zip --seed 7

Each seat is `human` or any agent the tournament knows (`random`, `greedy`, `heuristic`,
`mcts`, `ppo:PATH`). At a human decision the view and the legal actions are listed by number
and description; type the number, or the start of a description (enough of it to name one
action), or one of the commands:

    undo    take back your last move (and the agents' moves after it)
    view    show the board again
    quit    stop; the unfinished game's record is saved

At the end the final view and scores are shown and the record is written (`--record PATH`,
by default records/<env>-seed<seed>.json); `python -m eurogym.envs.replay` plays it back.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.registry import list_envs, spec
from eurogym.envs.core.viewlog import ViewLog, step_lines, view_text
from eurogym.envs.record import Recorder, replay

HUMAN = "human"
LEGAL_HEADER = "legal actions (number: description):"


class Quit(Exception):
    """The person asked to stop, or their input ended."""


def choose(
    engine: Any, state: Any, read: Callable[[], str], write: Callable[[str], None]
) -> int | str:
    """Ask a person for one of the legal actions of `state`; returns the action, or the
    command "undo" / "view". Numbers are action ids; text matches description prefixes."""
    player = engine.current_player(state)
    legal = [int(a) for a in np.flatnonzero(engine.legal_action_mask(state, player))]
    described = {a: engine.describe_action(state, a) for a in legal}
    write(LEGAL_HEADER)
    for a in legal:
        write(f"  {a:4d}: {described[a]}")
    while True:
        write(f"seat {player}, your move (number, description, undo, view, quit): ")
        answer = read().strip()
        if answer in ("undo", "view"):
            return answer
        if answer in ("quit", "exit"):
            raise Quit
        if answer.lstrip("-").isdigit():
            if int(answer) in described:
                return int(answer)
            write(f"{answer} is not one of the legal actions listed above")
            continue
        matches = [a for a in legal if described[a].lower().startswith(answer.lower())]
        exact = [a for a in matches if described[a].lower() == answer.lower()]
        if len(matches) == 1 or len(exact) == 1:
            return (exact or matches)[0]
        if not answer:
            continue
        if matches:
            write(f"'{answer}' fits {len(matches)} actions: " + "; ".join(
                f"{a} {described[a]}" for a in matches[:8]) + ("; ..." if len(matches) > 8 else ""))
        else:
            write(f"no legal action starts with '{answer}'")


def play(
    env_id: str,
    seats: Sequence[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    agent_options: dict[str, Any] | None = None,
) -> Recorder:
    """Play one game with the given seats; returns its recorder (finished unless the person
    quit). Reads the person's answers from `stdin` and writes to `stdout`."""
    from eurogym.agents.tournament import make_agent

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    entry = spec(env_id)
    engine = entry.engine

    def write(text: str) -> None:
        print(text, file=stdout, flush=True)

    def read() -> str:
        line = stdin.readline()
        if not line:
            raise Quit
        return line

    recorder = Recorder(env_id, len(seats), seed, options, seats=seats)
    agents = [
        None if name == HUMAN else make_agent(name, env_id, seed + 1 + i, **(agent_options or {}))
        for i, name in enumerate(seats)
    ]
    state = recorder.new_game()
    names = [f"{name} (seat {i})" for i, name in enumerate(seats)]
    log = ViewLog(len(seats))

    def apply(action: int) -> None:
        """Play and record `action`, and log it with what followed by itself."""
        before = state.copy()
        recorder.apply(state, action)
        lines = step_lines(entry.raw_env, engine, before, action, state, names)
        log.decided(engine.current_player(before), lines)

    try:
        while not engine.is_over(state):
            player = engine.current_player(state)
            agent = agents[player]
            if agent is not None:
                apply(int(agent.act(engine, state, player)))
                continue
            write(view_text(entry.raw_env, state, viewer=player))
            since = log.since(player)
            if since:
                write("since your last decision:\n" + "\n".join(since))
            answer = choose(engine, state, read, write)
            if answer == "view":
                continue
            if answer == "undo":
                undone = _undo(recorder, player, write)
                if undone is not None:
                    state = undone
                    log = ViewLog(len(seats))
                continue
            apply(answer)
    except Quit:
        write("stopped; the record holds the game so far")
        return recorder
    write(entry.raw_env.render_ansi(state))
    scores = engine.final_scores(state)
    named = (f"{seats[i]} (seat {i}) {v:g}" for i, v in enumerate(scores))
    write("final scores: " + ", ".join(named))
    return recorder


def _undo(recorder: Recorder, player: int, write: Callable[[str], None]) -> Any:
    """Drop `player`'s last move and every move after it; returns the rebuilt state, or None
    if that seat has not moved yet."""
    mine = [i for i, move in enumerate(recorder.moves) if move["seat"] == player]
    if not mine:
        write("nothing of yours to undo")
        return None
    undone = len(recorder.moves) - mine[-1]
    recorder.undo(undone)
    write(f"undid {undone} move(s), back to your decision")
    *_, state = replay(recorder.to_dict())
    return state


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    import json

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ConfigError(f"--option wants KEY=VALUE, got {pair!r}")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m eurogym.envs.play",
        description="Play a eurogym game in the terminal (human and agent seats).",
    )
    parser.add_argument("env_id", choices=list_envs())
    parser.add_argument("--players", type=int, help="player count (default: number of seats)")
    parser.add_argument(
        "--seats",
        default="human,heuristic",
        help="comma-separated, one per seat: human, random, greedy, heuristic, mcts or ppo:PATH",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )
    parser.add_argument("--record", help="where to save the record (JSON)")
    parser.add_argument("--mcts-simulations", type=int, default=None)
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if args.players is not None and args.players != len(seats):
        parser.error(f"--players {args.players} but {len(seats)} seats given")
    try:
        recorder = play(
            args.env_id,
            seats,
            seed=args.seed,
            options=_parse_options(args.option),
            agent_options={"mcts_simulations": args.mcts_simulations},
        )
    except (ConfigError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    path = Path(args.record or f"records/{args.env_id}-seed{args.seed}.json")
    recorder.save(path)
    print(f"record saved to {path} (replay: python -m eurogym.envs.replay {path} --html game.html)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
