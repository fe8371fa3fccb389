"""Golden games: whole seeded games whose outcome is recorded, so any silent change of the
rules shows up as a failing test (OpenSpiel's playthroughs, in small).

Regenerate only when the env version is bumped: `python -m tests.kingdom_builder.golden_games`.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from envs.core.rng import seed_words
from envs.core.testing import random_legal_action
from envs.kingdom_builder.rules import ENGINE

GOLDEN_FILE = Path(__file__).parent / "golden" / "games.json"
CASES = [(2, 0), (3, 1), (4, 2), (5, 3)]  # (num_players, seed)


def play(num_players: int, seed: int) -> dict:
    """One game with the seeded random policy; returns its record."""
    state = ENGINE.new_game(ENGINE.make_config(num_players), seed)
    policy_rng = seed_words(seed + 10_000)
    actions = []
    while not ENGINE.is_over(state):
        action = int(random_legal_action(state.mask, policy_rng))
        ENGINE.apply_action(state, action)
        actions.append(action)
    return {
        "num_players": num_players,
        "seed": seed,
        "decisions": len(actions),
        "actions_sha256": hashlib.sha256(json.dumps(actions).encode()).hexdigest(),
        "final_scores": ENGINE.final_scores(state).tolist(),
        "final_state_sha256": hashlib.sha256(ENGINE.to_json(state).encode()).hexdigest(),
    }


def main() -> None:
    GOLDEN_FILE.write_text(
        json.dumps({"env": ENGINE.name, "games": [play(n, s) for n, s in CASES]}, indent=1) + "\n"
    )
    print(f"wrote {GOLDEN_FILE}")


if __name__ == "__main__":
    main()
