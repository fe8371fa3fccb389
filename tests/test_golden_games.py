"""Recorded whole games of every registered env still play out identically (catches silent
rule drift). A registered env without a golden file fails: record one with
`python -m tests.golden_games <env_id>`."""

import json

import pytest

from eurogym import envs
from tests.golden_games import golden_file, play


def _records():
    for env_id in envs.list_envs():
        path = golden_file(env_id)
        games = json.loads(path.read_text())["games"] if path.exists() else [None]
        for record in games:
            yield pytest.param(env_id, record, id=f"{env_id}-{record and record['seed']}")


@pytest.mark.parametrize("env_id,record", _records())
def test_golden_game_replays_identically(env_id, record):
    assert record is not None, f"no golden games for {env_id}"
    assert play(env_id, record["num_players"], record["seed"]) == record
