"""Strict public inputs on every registered env: options, seeds and actions.

The option table is shared by all games (the env-level options) plus each game's own
`EnvSpec.bad_option_cases`, which must cover every rule option its engine declares; a new game
or option is therefore checked with no new test code. No test here needs a numba kernel except
the action tests, which play one step.
"""

import re

import numpy as np
import pytest
from pettingzoo.classic import connect_four_v3

from eurogym import envs
from eurogym.envs.core.errors import ConfigError
from tests.conformance.cases import ENV_IDS

# (option, bad value) for every env: wrong types (float, str, bool, list, None) and values.
COMMON_BAD_OPTIONS = [
    ("num_players", 3.0),
    ("num_players", np.float64(2)),
    ("num_players", "3"),
    ("num_players", True),
    ("num_players", [2]),
    ("num_players", 0),
    ("num_players", 99),
    ("max_decisions", 0),
    ("max_decisions", -5),
    ("max_decisions", 2.5),
    ("max_decisions", True),
    ("max_decisions", "10"),
    ("max_decisions", None),
    ("render_mode", "video"),
    ("render_mode", 1),
    ("render_mode", ["ansi"]),
    ("reward_mode", "score"),
    ("reward_mode", None),
    ("reward_mode", 1),
    ("reward_mode", ["win_loss"]),
    ("seed", "abc"),
    ("seed", 1.5),
    ("seed", np.float64(1)),
    ("seed", True),
    ("seed", -1),
    ("seed", 2**64),
    ("no_such_option", 1),
]

RULE_CASES = [
    pytest.param(env_id, n, name, value, id=f"{env_id}-{n}p-{name}={value!r}"[:120])
    for env_id in ENV_IDS
    for n, name, value in envs.spec(env_id).bad_option_cases
]


@pytest.mark.parametrize("env_id", ENV_IDS)
@pytest.mark.parametrize("name,value", COMMON_BAD_OPTIONS)
def test_bad_env_option_raises_config_error_naming_it(env_id, name, value):
    with pytest.raises(ConfigError, match=re.escape(name)):
        envs.make(env_id, **{name: value})


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_player_count_outside_the_game_is_a_config_error(env_id):
    counts = envs.spec(env_id).player_counts
    for n in (min(counts) - 1, max(counts) + 1):
        with pytest.raises(ConfigError, match="num_players"):
            envs.make(env_id, num_players=n)
        with pytest.raises(ConfigError, match="num_players"):
            envs.spec(env_id).engine.make_config(n)
    with pytest.raises(ConfigError, match="num_players"):
        envs.spec(env_id).engine.make_config(float(counts[0]))


@pytest.mark.parametrize("env_id,num_players,name,value", RULE_CASES)
def test_bad_rule_option_raises_config_error_naming_it(env_id, num_players, name, value):
    with pytest.raises(ConfigError, match=re.escape(name)):
        envs.make(env_id, num_players=num_players, **{name: value})
    with pytest.raises(ConfigError, match=re.escape(name)):
        envs.spec(env_id).engine.make_config(num_players, **{name: value})


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_every_rule_option_has_bad_cases_and_is_the_accepted_set(env_id):
    spec = envs.spec(env_id)
    assert {name for _, name, _ in spec.bad_option_cases} == set(spec.engine.options)
    with pytest.raises(ConfigError) as err:
        envs.make(env_id, no_such_option=1)
    valid = re.search(r"valid: (\[.*\])", str(err.value)).group(1)
    assert valid == str(sorted(spec.engine.options))


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_numpy_integers_are_accepted_and_stored_as_python_ints(env_id):
    n = envs.spec(env_id).player_counts[-1]
    env = envs.make(
        env_id, wrapped=False, num_players=np.int64(n), max_decisions=np.int32(7), seed=np.uint64(5)
    )
    assert env.possible_agents == [f"player_{i}" for i in range(n)]
    assert type(env.config.num_players) is int and type(env.max_decisions) is int
    assert envs.make(env_id, seed=2**64 - 1) is not None


@pytest.mark.parametrize("env_id", ENV_IDS)
@pytest.mark.parametrize(
    "seed,error",
    [
        ("abc", TypeError),
        (1.5, TypeError),
        (True, TypeError),
        (-1, ValueError),
        (2**64, ValueError),
    ],
)
def test_bad_seed_at_reset_and_new_game_raises_before_anything_changes(env_id, seed, error):
    """reset(seed=...) and engine.new_game check the seed (TypeError / ValueError) before any
    dealing, so none of these needs a kernel."""
    env = envs.make(env_id, wrapped=False)
    with pytest.raises(error, match="seed"):
        env.reset(seed=seed)
    assert env.state_ is None
    engine = envs.spec(env_id).engine
    config = engine.make_config(envs.spec(env_id).player_counts[0])
    with pytest.raises(error, match="seed"):
        engine.new_game(config, seed)


def _started(env_id, wrapped):
    env = envs.make(env_id, wrapped=wrapped, num_players=2, seed=0)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    return env, int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_raw_env_accepts_only_integer_actions(env_id):
    env, legal = _started(env_id, wrapped=False)
    before = env.state_.to_json()
    for bad in (legal + 0.7, float(legal), np.float64(legal), str(legal), True, np.True_, None):
        with pytest.raises(TypeError, match="integer"):
            env.step(bad)
        assert env.state_.to_json() == before and env.num_decisions == 0
    env.step(np.int64(legal))
    assert env.num_decisions == 1


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_wrapped_env_treats_bad_actions_as_pettingzoo_connect_four_does(env_id):
    """The PettingZoo wrappers decide: an action outside Discrete(n) fails their bounds
    assertion, whatever the env behind them."""
    env, _ = _started(env_id, wrapped=True)
    n = env.action_space(env.agent_selection).n
    reference = connect_four_v3.env()
    reference.reset(seed=0)
    m = reference.action_space(reference.agent_selection).n
    for ours, theirs in ((n, m), (-1, -1), (1.5, 1.5), ("3", "3"), (None, None)):
        with pytest.raises(AssertionError):
            reference.step(theirs)
        with pytest.raises(AssertionError):
            env.step(ours)
