"""PettingZoo's own API and seeding checks on every env and player count."""

import pytest
from pettingzoo.test import api_test, seed_test

from eurogym import envs
from tests.conformance.cases import CASES


@pytest.mark.parametrize("env_id,num_players,options", CASES)
def test_pettingzoo_api_test(env_id, num_players, options):
    api_test(envs.make(env_id, num_players=num_players, **options), num_cycles=300)


@pytest.mark.parametrize("env_id,num_players,options", CASES)
def test_pettingzoo_seed_test(env_id, num_players, options):
    seed_test(lambda: envs.make(env_id, num_players=num_players, **options), num_cycles=300)


@pytest.mark.parametrize("env_id,num_players,options", CASES)
def test_raw_env_api_test(env_id, num_players, options):
    api_test(envs.make(env_id, wrapped=False, num_players=num_players, **options), num_cycles=100)


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_mask_in_observation_and_infos_agree_and_is_zero_off_turn(env_id):
    env = envs.make(env_id, seed=3)
    env.reset(seed=3)
    for agent in env.agents:
        obs = env.observe(agent)
        info_mask = env.infos[agent]["action_mask"]
        assert (obs["action_mask"] == info_mask).all()
        assert obs["action_mask"].any() == (agent == env.agent_selection)


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_wrapped_env_ends_game_with_minus_one_on_illegal_action(env_id):
    env = envs.make(env_id, seed=0)
    env.reset(seed=0)
    agent = env.agent_selection
    illegal = int((env.observe(agent)["action_mask"] == 0).nonzero()[0][0])
    env.step(illegal)  # PettingZoo logs the illegal move rather than raising
    assert env.rewards[agent] == -1
    assert all(env.terminations.values())


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_reward_modes_sum_and_sign(env_id):
    for mode in ("win_loss", "score_margin"):
        env = envs.make(env_id, wrapped=False, num_players=2, reward_mode=mode, seed=11)
        env.reset(seed=11)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        rng = __import__("numpy").random.default_rng(11)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] += reward
            action = None if term or trunc else int(rng.choice(obs["action_mask"].nonzero()[0]))
            env.step(action)
        scores = envs.spec(env_id).engine.final_scores(env.state_)
        best = max(scores)
        for i, agent in enumerate(env.possible_agents):
            if mode == "win_loss":
                assert totals[agent] == (1.0 if scores[i] == best else -1.0)
            else:
                assert totals[agent] == pytest.approx((scores[i] - scores[1 - i]) * env.score_scale)
