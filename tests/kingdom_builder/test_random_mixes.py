"""Random games over random mixes of the built expansions (issue 14's acceptance run): every
subset of Nomads, Crossroads, Marshlands, Harvest, Capital, Caves and Island, 2-5 players, random
sections and cards, with the invariants checked after every decision and a JSON round trip at
the end. The quick test plays a few hundred games in CI; the slow one plays the 10,000 that
docs/kingdom_builder.md reports
(`python -m pytest -m slow tests/kingdom_builder/test_random_mixes.py`)."""

import itertools

import numpy as np
import pytest

from eurogym.envs.core.testing import random_playout
from eurogym.envs.kingdom_builder.invariants import check_invariants
from eurogym.envs.kingdom_builder.rules import ENGINE, make_config
from eurogym.envs.kingdom_builder.tables import IMPLEMENTED_EXPANSIONS

MIXES = [
    combo
    for r in range(1, len(IMPLEMENTED_EXPANSIONS) + 1)
    for combo in itertools.combinations(IMPLEMENTED_EXPANSIONS, r)
]


def play_mixes(games: int) -> dict[tuple[str, ...], int]:
    """`games` seeded random games, game g on mix g % len(MIXES) with 2 + g % 4 players."""
    played = dict.fromkeys(MIXES, 0)
    for g in range(games):
        mix = MIXES[g % len(MIXES)]
        state = ENGINE.new_game(make_config(2 + g % 4, expansions=mix), g)
        check_invariants(state)
        assert random_playout(ENGINE, state, np.random.default_rng(g), check_invariants) > 0
        assert ENGINE.is_over(state)
        assert ENGINE.from_json(ENGINE.to_json(state)) == state
        assert np.isfinite(ENGINE.final_scores(state)).all()
        played[mix] += 1
    return played


def test_random_mixes_of_the_built_expansions_keep_invariants():
    played = play_mixes(3 * len(MIXES))  # 381 games over the 127 mixes
    assert all(count == 3 for count in played.values())


@pytest.mark.slow
def test_random_mixes_10000_games():
    played = play_mixes(10_000)
    assert sum(played.values()) == 10_000
