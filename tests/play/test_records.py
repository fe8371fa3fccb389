"""Game records (issue 12): written by the Recorder, the tournament and the play CLI, replayed
bit-exactly, and loaded safely from untrusted files."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

import eurogym
from eurogym import envs
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import random_legal_action
from eurogym.envs.record import Recorder, RecordError, load_record, replay
from tests.golden_games import cases, golden_file


def _golden_record(env_id: str, num_players: int, seed: int) -> tuple[Recorder, list]:
    """The golden game (tests/golden_games.play) written through a Recorder, with its states."""
    recorder = Recorder(env_id, num_players, seed)
    state = recorder.new_game()
    policy_rng = seed_words(seed + 10_000)
    states = [state.copy()]
    while not recorder.engine.is_over(state):
        recorder.apply(state, int(random_legal_action(state.mask, policy_rng)))
        states.append(state.copy())
    return recorder, states


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_golden_games_replay_bit_exactly_from_their_records(env_id, tmp_path):
    golden = json.loads(golden_file(env_id).read_text())["games"]
    for (num_players, seed), expected in zip(cases(env_id), golden, strict=True):
        recorder, states = _golden_record(env_id, num_players, seed)
        path = recorder.save(tmp_path / f"{env_id}-{seed}.json")
        replayed = list(replay(path))
        engine = envs.spec(env_id).engine
        assert replayed == states  # every intermediate state, bit for bit
        actions = [m["action"] for m in load_record(path)["moves"]]
        assert (
            hashlib.sha256(json.dumps(actions).encode()).hexdigest() == expected["actions_sha256"]
        )
        final = hashlib.sha256(engine.to_json(replayed[-1]).encode()).hexdigest()
        assert final == expected["final_state_sha256"]


def test_record_holds_the_documented_keys():
    recorder, _ = _golden_record("kingdom_builder_v0", 2, 0)
    data = recorder.to_dict()
    assert set(data) == {
        "format",
        "version",
        "package_version",
        "env_id",
        "num_players",
        "options",
        "seed",
        "seats",
        "moves",
        "final_scores",
    }
    assert data["package_version"] == eurogym.__version__
    assert data["final_scores"] is not None and len(data["final_scores"]) == 2
    first = data["moves"][0]
    assert set(first) == {"seat", "action", "description"}
    assert first["description"] and not first["description"].isdigit()


def test_record_with_rule_options_replays():
    recorder = Recorder("belfort_v0", 3, 5, options={"guild_mode": "advanced"})
    state = recorder.new_game()
    rng = np.random.default_rng(0)
    for _ in range(40):
        legal = np.flatnonzero(
            recorder.engine.legal_action_mask(state, recorder.engine.current_player(state))
        )
        recorder.apply(state, int(rng.choice(legal)))
    *_, last = replay(json.loads(recorder.to_json()))
    assert last == state


def _valid() -> dict:
    recorder, _ = _golden_record("kingdom_builder_v0", 2, 1)
    return json.loads(recorder.to_json())


def _edit(change) -> dict:
    data = _valid()
    change(data)
    return data


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: "not json {", "not valid JSON"),
        (lambda: "[1, 2]", "must be a JSON object"),
        (lambda: _edit(lambda d: d.update(format="other")), "not a eurogym record"),
        (lambda: _edit(lambda d: d.update(version=99)), "version 99"),
        (lambda: _edit(lambda d: d.update(env_id="chess_v0")), "unknown env"),
        (lambda: _edit(lambda d: d.update(num_players=9)), "num_players 9"),
        (lambda: _edit(lambda d: d.update(num_players=2.0)), "'num_players' must be int"),
        (lambda: _edit(lambda d: d.update(seed=-1)), "seed -1"),
        (lambda: _edit(lambda d: d.update(seed=2**64)), "seed"),
        (lambda: _edit(lambda d: d.update(seed="7")), "'seed' must be int"),
        (lambda: _edit(lambda d: d.update(options={"bogus": 1})), "record options"),
        (lambda: _edit(lambda d: d.update(moves={})), "'moves' must be list"),
        (lambda: _edit(lambda d: d["moves"].__setitem__(3, [1, 2])), "move 3 must be an object"),
        (lambda: _edit(lambda d: d["moves"][2].update(action=True)), "move 2: 'action'"),
        (lambda: _edit(lambda d: d["moves"][2].update(action=1.5)), "move 2: 'action'"),
        (lambda: _edit(lambda d: d.update(seats=["a"])), "seats must be 2 strings"),
        (lambda: _edit(lambda d: d.update(final_scores=[1])), "final_scores"),
    ],
)
def test_bad_records_are_rejected_on_load(make, message):
    with pytest.raises(RecordError, match=message):
        load_record(make())


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["moves"][4].update(seat=1 - d["moves"][4]["seat"]), "move 4: recorded seat"),
        (lambda d: d["moves"][4].update(action=10**9), "move 4: action 1000000000 is illegal"),
        (lambda d: d["moves"][4].update(action=-1), "move 4: action -1 is illegal"),
        (lambda d: d.update(final_scores=[0.0, 0.0]), "final scores"),
        (lambda d: d["moves"].append(dict(d["moves"][-1])), "already over"),
        (lambda d: d["moves"].pop(), "do not end the game"),
    ],
)
def test_tampered_moves_fail_the_replay_with_the_move_named(change, message):
    with pytest.raises(RecordError, match=message):
        list(replay(_edit(change)))


def test_missing_record_file_is_a_record_error(tmp_path):
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(tmp_path / "nope.json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(str(tmp_path / "nope.json"))
