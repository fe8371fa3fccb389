"""The end of a game on every env: rewards in both modes (multiplayer and solo) and what the
AEC API does once every agent has left, compared with PettingZoo's own connect_four_v3."""

import json

import numpy as np
import pytest
from pettingzoo.classic import connect_four_v3
from pettingzoo.utils.env_logger import EnvLogger

from eurogym import envs
from tests.conformance.cases import ENV_IDS

SOLO_ENV_IDS = [e for e in ENV_IDS if 1 in envs.spec(e).player_counts]
WARNING = "step() called after all agents are terminated or truncated"


class _Scores:
    """Stands in for an engine at game end: fixed final scores and solo outcome."""

    def __init__(self, scores=(), solo=(False, 0.0)):
        self.scores, self.solo = np.array(scores, np.float64), solo

    def final_scores(self, state):
        return self.scores

    def solo_outcome(self, state):
        return self.solo


def _rewards(env_id, num_players, mode, engine):
    env = envs.make(env_id, wrapped=False, num_players=num_players, reward_mode=mode)
    env.engine = engine
    return list(env._final_rewards().values()), env.score_scale


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_multiplayer_rewards_compare_seats(env_id):
    n = max(envs.spec(env_id).player_counts)
    scores = [3.0, 5.0, 5.0, 1.0, 2.0, 4.0, 0.0][:n]  # up to 7 seats (caverna_ff_v1)
    best = max(scores)
    wins, _ = _rewards(env_id, n, "win_loss", _Scores(scores))
    assert wins == [1.0 if s == best else -1.0 for s in scores]
    margins, scale = _rewards(env_id, n, "score_margin", _Scores(scores))
    others = [max(scores[:i] + scores[i + 1 :]) for i in range(n)]
    assert margins == pytest.approx([(s - o) * scale for s, o in zip(scores, others, strict=True)])


@pytest.mark.parametrize("env_id", SOLO_ENV_IDS)
@pytest.mark.parametrize("won,margin", [(True, 12.0), (False, 12.0), (False, -3.0), (True, 0.0)])
def test_solo_rewards_read_the_engines_solo_outcome(env_id, won, margin):
    wins, _ = _rewards(env_id, 1, "win_loss", _Scores([99.0], (won, margin)))
    assert wins == [1.0 if won else -1.0]
    margins, scale = _rewards(env_id, 1, "score_margin", _Scores([99.0], (won, margin)))
    assert margins == [pytest.approx(margin * scale)]


def _play_to_the_end(env, seed):
    """Random legal play (None once done) until agent_iter stops; returns the rewards summed
    per agent."""
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("env_id", SOLO_ENV_IDS)
@pytest.mark.parametrize("mode", ["win_loss", "score_margin"])
def test_a_played_solo_game_ends_with_the_solo_reward(env_id, mode):
    env = envs.make(env_id, wrapped=False, num_players=1, reward_mode=mode, seed=5)
    env.reset()
    totals = _play_to_the_end(env, 5)
    won, margin = env.engine.solo_outcome(env.state_)
    expected = (1.0 if won else -1.0) if mode == "win_loss" else margin * env.score_scale
    assert env.engine.is_over(env.state_)
    assert totals == {"player_0": pytest.approx(expected)}


def _after_every_agent_left(env, warnings):
    """What the AEC API does once `agents` is empty: agent_iter yields nothing, step (any
    action) is a no-op with PettingZoo's warning, last() raises KeyError."""
    assert env.agents == [] and list(env.agent_iter()) == []
    for action in (None, 0):
        warnings.clear()
        assert env.step(action) is None
        assert any(WARNING in w for w in warnings)
    with pytest.raises(KeyError):
        env.last()


@pytest.fixture
def warnings(monkeypatch):
    """The messages PettingZoo's EnvLogger warns with (it logs them unless suppressed)."""
    seen = []
    monkeypatch.setattr(EnvLogger, "_generic_warning", staticmethod(seen.append))
    return seen


def test_connect_four_reference_behaviour(warnings):
    """PettingZoo's own classic env: the wrapped env warns on step; last() raises KeyError,
    wrapped or raw (the raw env's step raises KeyError too: it has no guard of its own)."""
    env = connect_four_v3.env()
    env.reset(seed=0)
    _play_to_the_end(env, 0)
    _after_every_agent_left(env, warnings)
    raw = connect_four_v3.raw_env()
    raw.reset(seed=0)
    _play_to_the_end(raw, 0)
    with pytest.raises(KeyError):
        raw.last()


@pytest.mark.parametrize("env_id", ENV_IDS)
@pytest.mark.parametrize("wrapped", [False, True])
def test_after_every_agent_left_the_env_behaves_like_pettingzoo(env_id, wrapped, warnings):
    """Truncated after 3 decisions, every agent then steps None to leave."""
    env = envs.make(env_id, wrapped=wrapped, num_players=2, seed=1, max_decisions=3)
    env.reset()
    _play_to_the_end(env, 1)
    state = json.loads(env.unwrapped.state_.to_json())
    _after_every_agent_left(env, warnings)
    assert json.loads(env.unwrapped.state_.to_json()) == state
    env.reset(seed=1)  # and a reset starts a new game as usual
    assert env.agents == env.possible_agents
