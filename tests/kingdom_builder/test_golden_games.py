"""Recorded whole games still play out identically (catches silent rule drift)."""

import json

import pytest

from tests.kingdom_builder.golden_games import GOLDEN_FILE, play

GOLDEN = json.loads(GOLDEN_FILE.read_text())["games"]


@pytest.mark.parametrize("record", GOLDEN, ids=lambda r: f"{r['num_players']}p-seed{r['seed']}")
def test_golden_game_replays_identically(record):
    assert play(record["num_players"], record["seed"]) == record
