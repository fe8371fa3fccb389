"""Golden games: whole seeded games of every registered env whose outcome is recorded, so any
silent change of the rules shows up as a failing test (OpenSpiel's playthroughs, in small).

Regenerate a game's file only when its env version is bumped, or when a rule fix is meant to
change play (say so in the commit): `python -m tests.golden_games <env_id>`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from eurogym import envs
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import random_legal_action

GOLDEN_DIR = Path(__file__).parent / "golden"
GAMES_PER_ENV = 4


def golden_file(env_id: str) -> Path:
    return GOLDEN_DIR / f"{env_id}.json"


def cases(env_id: str) -> list[tuple[int, int]]:
    """(num_players, seed): each player count once, then again from the smallest."""
    counts = envs.spec(env_id).player_counts
    return [(counts[i % len(counts)], i) for i in range(GAMES_PER_ENV)]


def play(env_id: str, num_players: int, seed: int) -> dict:
    """One game with the seeded random policy; returns its record."""
    engine = envs.spec(env_id).engine
    state = engine.new_game(engine.make_config(num_players), seed)
    policy_rng = seed_words(seed + 10_000)
    actions = []
    while not engine.is_over(state):
        action = int(random_legal_action(state.mask, policy_rng))
        engine.apply_action(state, action)
        actions.append(action)
    return {
        "num_players": num_players,
        "seed": seed,
        "decisions": len(actions),
        "actions_sha256": hashlib.sha256(json.dumps(actions).encode()).hexdigest(),
        "final_scores": engine.final_scores(state).tolist(),
        "final_state_sha256": hashlib.sha256(engine.to_json(state).encode()).hexdigest(),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("env_id", choices=envs.list_envs())
    env_id = parser.parse_args(argv).env_id
    games = [play(env_id, n, s) for n, s in cases(env_id)]
    golden_file(env_id).write_text(json.dumps({"env": env_id, "games": games}, indent=1) + "\n")
    print(f"wrote {golden_file(env_id)}")


if __name__ == "__main__":
    main()
