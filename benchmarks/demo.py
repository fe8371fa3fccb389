"""Play one 4-player Kingdom Builder game with random agents through the PettingZoo env and
print the final board, the scores per card, the winner(s) and the number of decisions.

Run `python -m benchmarks.demo [--seed N]`; the same seed always plays the same game.
"""

from __future__ import annotations

import argparse

import numpy as np
from pettingzoo import AECEnv

import envs
from benchmarks.throughput import ENV_ID
from envs.core.render import PLAYER_GLYPHS
from envs.core.testing import play_random_episode
from envs.kingdom_builder.rules import score_table
from envs.kingdom_builder.tables import CARD_NAMES

NUM_PLAYERS = 4


def play(seed: int) -> tuple[AECEnv, int]:
    """One random game with `render_mode="ansi"`.

    Args:
        seed: seeds both the game set-up and the agents' picks.

    Returns:
        The finished env (wrapped) and the number of decisions taken.
    """
    env = envs.make(ENV_ID, num_players=NUM_PLAYERS, render_mode="ansi")
    env.reset(seed=seed)
    decisions = play_random_episode(env, np.random.default_rng(seed))
    return env, decisions


def score_lines(scores: np.ndarray, cards: list[str]) -> list[str]:
    """An aligned table: one row per player with gold per card, from castles and in total.

    Args:
        scores: int[P, len(cards) + 1] from `score_table` (the last column is castles).
        cards: the game's card names, in the column order of `scores`.
    """
    header = ["player", *cards, "castles", "total"]
    rows = [header] + [
        [f"player_{p} ({PLAYER_GLYPHS[p]})", *map(str, gold), str(sum(gold))]
        for p, gold in enumerate(scores.tolist())
    ]
    widths = [max(len(row[c]) for row in rows) for c in range(len(header))]
    return [
        "  ".join(
            cell.ljust(w) if c == 0 else cell.rjust(w)
            for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]


def main(argv: list[str] | None = None) -> None:
    """CLI: play the game and print board, scores, winner(s) and decision count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0, help="game and agent seed")
    args = parser.parse_args(argv)
    env, decisions = play(args.seed)
    state = env.unwrapped.state_
    scores = score_table(state)
    totals = scores.sum(axis=1)
    winners = [f"player_{p}" for p in np.flatnonzero(totals == totals.max())]
    print(f"Kingdom Builder, {NUM_PLAYERS} random players, seed {args.seed}: final board\n")
    print(env.render())
    print("\nfinal scores (gold)")
    print("\n".join(score_lines(scores, [CARD_NAMES[c] for c in state.cards])))
    print(f"\nwinner(s): {', '.join(winners)} with {totals.max()} gold")
    print(f"decisions: {decisions}")
    env.close()


if __name__ == "__main__":
    main()
