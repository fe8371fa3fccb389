"""env()'s wrappers (envs/core/wrappers.py) behave exactly like PettingZoo's own three.

The subclasses only read the AEC attributes from the raw env directly; these tests play the
same actions through both wrapper stacks and compare everything a user can see, including an
illegal move's -1 ending and the errors before reset.
"""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.utils import wrappers as pz

from eurogym import envs
from eurogym.envs.core.wrappers import FORWARDED

GAMES = ["kingdom_builder_v0", "belfort_v0", "daitoshi_v0", "caverna_ff_v0"]


def pettingzoo_stack(env_id: str) -> object:
    """The raw env in PettingZoo's own wrappers, as env() built it before."""
    raw = envs.make(env_id, num_players=2, wrapped=False)
    env = pz.TerminateIllegalWrapper(raw, illegal_reward=-1)
    return pz.OrderEnforcingWrapper(pz.AssertOutOfBoundsWrapper(env))


def transcript(env: object, seed: int, illegal_at: int | None) -> list:
    """Everything `last()` returns at each step of a game whose actions come from a fixed
    Generator (the first legal action at step `illegal_at` is replaced by an illegal one)."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    seen = []
    for step, agent in enumerate(env.agent_iter(400)):
        obs, reward, terminated, truncated, info = env.last()
        seen.append(
            (agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward)
            + (terminated, truncated, sorted(info))
        )
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(rng.choice(legal))
            if step == illegal_at:
                action = int(np.flatnonzero(obs["action_mask"] == 0)[0])
        env.step(action)
    seen.append((list(env.agents), dict(env.rewards), dict(env._cumulative_rewards)))
    return seen


@pytest.mark.parametrize("env_id", GAMES)
@pytest.mark.parametrize("illegal_at", [None, 7])
def test_env_plays_like_pettingzoos_wrappers(env_id: str, illegal_at: int | None) -> None:
    ours = transcript(envs.make(env_id, num_players=2), 3, illegal_at)
    theirs = transcript(pettingzoo_stack(env_id), 3, illegal_at)
    assert ours == theirs
    if illegal_at is not None:  # the illegal move ended the game: both seats leave, its mover -1
        dead_steps = ours[illegal_at + 1 : -1]
        assert [entry[4] for entry in dead_steps] == [True, True]
        assert sorted(entry[3] for entry in dead_steps) == [-1.0, 0.0]


def test_wrappers_stay_pettingzoo_wrappers_with_the_same_name() -> None:
    env = envs.make("kingdom_builder_v0", num_players=2)
    assert isinstance(env, pz.OrderEnforcingWrapper)
    assert isinstance(env.env, pz.AssertOutOfBoundsWrapper)
    assert isinstance(env.env.env, pz.TerminateIllegalWrapper)
    assert str(env) == str(pettingzoo_stack("kingdom_builder_v0")) == "kingdom_builder_v0"


def test_attributes_before_reset_raise_pettingzoos_error() -> None:
    env = envs.make("kingdom_builder_v0", num_players=2)
    for name in ("agents", "agent_selection", "terminations", "infos", "rewards"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(env, name)


def test_every_level_reads_the_raw_envs_attributes() -> None:
    env = envs.make("kingdom_builder_v0", num_players=2)
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    raw = env.unwrapped
    for level in (env, env.env, env.env.env):
        for name in FORWARDED:
            assert getattr(level, name) is getattr(raw, name), (type(level).__name__, name)
