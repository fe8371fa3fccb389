"""Play one 4-player game of each registered game (or of `--env`) with random agents through
the PettingZoo env and print the final board, the final scores, the winner(s) and the number
of decisions.

Run `python -m eurogym.benchmarks.demo [--seed N] [--env ID]`; the same seed always plays the
same game.
"""

from __future__ import annotations

import argparse

import numpy as np
from pettingzoo import AECEnv

from eurogym import envs
from eurogym.envs.core.render import PLAYER_GLYPHS
from eurogym.envs.core.testing import play_random_episode

NUM_PLAYERS = 4


def play(env_id: str, seed: int) -> tuple[AECEnv, int]:
    """One random game with `render_mode="ansi"`.

    Args:
        env_id: a registered env id.
        seed: seeds both the game set-up and the agents' picks.

    Returns:
        The finished env (wrapped) and the number of decisions taken.
    """
    env = envs.make(env_id, num_players=NUM_PLAYERS, render_mode="ansi")
    env.reset(seed=seed)
    decisions = play_random_episode(env, np.random.default_rng(seed))
    return env, decisions


def report(env_id: str, seed: int) -> str:
    """The final board, scores, winner(s) and decision count of one random game."""
    env, decisions = play(env_id, seed)
    engine = envs.spec(env_id).engine
    scores = engine.final_scores(env.unwrapped.state_)
    winners = [f"player_{p}" for p in np.flatnonzero(scores == scores.max())]
    lines = [f"{env_id}, {NUM_PLAYERS} random players, seed {seed}: final board", ""]
    lines += [env.render(), "", "final scores (ties broken by the game's rule as a fraction)"]
    lines += [f"  player_{p} ({PLAYER_GLYPHS[p]}): {s:g}" for p, s in enumerate(scores)]
    lines += [f"winner(s): {', '.join(winners)}", f"decisions: {decisions}"]
    env.close()
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """CLI: play each game and print its report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0, help="game and agent seed")
    parser.add_argument("--env", action="append", choices=envs.list_envs(), help="default: all")
    args = parser.parse_args(argv)
    print("\n\n".join(report(env_id, args.seed) for env_id in args.env or envs.list_envs()))


if __name__ == "__main__":
    main()
