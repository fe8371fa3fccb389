"""State handling: independent copies, bit-exact JSON round trips, determinism."""

import numpy as np
import pytest

from eurogym import envs
from tests.conformance.cases import CASES, ENV_IDS, played_states


@pytest.mark.parametrize("env_id,num_players,options", CASES)
def test_json_round_trip_is_bit_exact(env_id, num_players, options):
    engine = envs.spec(env_id).engine
    for state in played_states(env_id, num_players, seed=7, every=9, options=options):
        restored = engine.from_json(engine.to_json(state))
        assert restored == state
        assert engine.to_json(restored) == engine.to_json(state)


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_from_json_rejects_other_games_and_bad_fields(env_id):
    engine = envs.spec(env_id).engine
    text = engine.to_json(engine.new_game(engine.make_config(engine.player_counts[0]), 0))
    with pytest.raises(ValueError, match="game"):
        engine.from_json(text.replace(env_id, "other_game_v0"))
    with pytest.raises(ValueError, match="fields"):
        engine.from_json(text.replace('"fields": {"', '"fields": {"bogus": 1, "', 1))


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_copy_is_independent(env_id):
    engine = envs.spec(env_id).engine
    state = engine.new_game(engine.make_config(engine.player_counts[0]), 1)
    child = state.copy()
    action = int(np.flatnonzero(engine.legal_action_mask(child, engine.current_player(child)))[0])
    engine.apply_action(child, action)
    assert child != state
    assert state == engine.new_game(engine.make_config(engine.player_counts[0]), 1)


@pytest.mark.parametrize("env_id,num_players,options", CASES)
def test_same_seed_and_actions_give_the_same_game(env_id, num_players, options):
    runs = []
    for _ in range(2):
        env = envs.make(env_id, wrapped=False, num_players=num_players, **options)
        env.reset(seed=1234)
        rng = np.random.default_rng(0)
        trace = []
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            trace.append(
                (agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward)
            )
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        runs.append((trace, env.state_.to_json()))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_different_seeds_give_different_games(env_id):
    engine = envs.spec(env_id).engine
    config = engine.make_config(engine.player_counts[0])
    assert engine.new_game(config, 1) != engine.new_game(config, 2)
