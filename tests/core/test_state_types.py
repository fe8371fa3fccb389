"""Engines with several state classes (Belfort's XState, Kingdom Builder's BigBoxState): the
shared FlatEngine code picks, checks and sizes by the state's own class (envs/core/engine.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from eurogym import envs
from eurogym.envs.core.errors import StateError
from eurogym.envs.vector.engine import BatchedEngine, batch_of, rng_words

CASES = [
    ("belfort_v0", {"expansion": True}, "XState"),
    ("belfort_v0", {"promo_guilds": True}, "XState"),
    ("kingdom_builder_v0", {"expansions": ("nomads", "caves")}, "BigBoxState"),
]


def _game(env_id: str, options: dict, players: int = 3, seed: int = 5):
    engine = envs.spec(env_id).engine
    return engine, engine.new_game(engine.make_config(players, **options), seed)


@pytest.mark.parametrize(("env_id", "options", "cls"), CASES)
def test_json_round_trip_keeps_the_state_class(env_id: str, options: dict, cls: str) -> None:
    engine, state = _game(env_id, options)
    assert type(state).__name__ == cls
    back = engine.from_json(engine.to_json(state))
    assert back == state and type(back) is type(state)
    base = engine.new_game(engine.make_config(3), 5)
    assert type(engine.from_json(engine.to_json(base))) is engine.state_type


@pytest.mark.parametrize(("env_id", "options", "cls"), CASES)
def test_a_missing_field_is_named_against_the_closest_class(
    env_id: str, options: dict, cls: str
) -> None:
    """A state with one of the option's fields removed is judged against the bigger class, so
    the error names that one field instead of every option field as extra."""
    engine, state = _game(env_id, options)
    data = json.loads(engine.to_json(state))
    extra = sorted(set(type(state).LAYOUT.fields) - set(engine.state_type.LAYOUT.fields))
    del data["fields"][extra[-1]]
    with pytest.raises(StateError, match=rf"missing \['{extra[-1]}'\], extra \[\]"):
        engine.from_json(json.dumps(data))


@pytest.mark.parametrize(("env_id", "options", "cls"), CASES)
def test_masks_are_sized_by_the_state(env_id: str, options: dict, cls: str) -> None:
    engine, state = _game(env_id, options)
    seat = engine.current_player(state)
    other = (seat + 1) % 3
    assert engine.legal_action_mask(state, seat).shape == state.mask.shape
    assert engine.legal_action_mask(state, other).shape == state.mask.shape
    assert state.mask.shape[0] > engine.num_actions  # the option's actions come after
    assert not engine.legal_action_mask(state, other).any()


@pytest.mark.parametrize(("env_id", "options", "cls"), CASES)
def test_options_of_deals_the_same_kind_of_game(env_id: str, options: dict, cls: str) -> None:
    engine, state = _game(env_id, options)
    again = engine.new_game(engine.make_config(3, **engine.options_of(state)), 5)
    assert type(again) is type(state) and again.buf.shape == state.buf.shape
    assert engine.options_of(engine.new_game(engine.make_config(3), 5)) == {}


def test_a_foreign_state_names_every_class_the_engine_takes() -> None:
    _, belfort = _game("belfort_v0", {})
    with pytest.raises(TypeError, match="expected State or BigBoxState"):
        envs.spec("kingdom_builder_v0").engine.is_over(belfort)


@pytest.mark.parametrize(("env_id", "options", "cls"), CASES[::2])
def test_batched_rollouts_from_an_option_state(env_id: str, options: dict, cls: str) -> None:
    """batch_of (MCTS leaf rollouts) deals its buffers with the state's options, and views of
    a batched expansion game are the expansion's class, so engine calls on them use its
    rules."""
    engine, state = _game(env_id, options)
    batch = batch_of([state] * 3)
    assert batch.state_class is type(state)
    batch.play_random(rng_words(np.random.default_rng(0), 3), limit=-1)
    for i in range(3):
        end = batch.view(i)
        assert type(end) is type(state) and engine.is_over(end)
        engine.validate(batch.state(i))
    assert type(BatchedEngine(env_id, 2, 3, **options).view(0)) is type(state)
