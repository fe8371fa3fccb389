"""Every registered env id crossed with each of its player counts (default options), plus the
env's declared option cases (`EnvSpec.option_cases`): the conformance suite is parametrized over
this list, so a newly registered game or rule option is checked with no extra test code."""

from typing import Any

import pytest

from eurogym import envs


def _option_id(options: dict[str, Any]) -> str:
    return "-".join(f"{key}={value}" for key, value in options.items())


CASES = [
    *(
        pytest.param(env_id, n, {}, id=f"{env_id}-{n}p")
        for env_id in envs.list_envs()
        for n in envs.spec(env_id).player_counts
    ),
    *(
        pytest.param(env_id, n, options, id=f"{env_id}-{n}p-{_option_id(options)}")
        for env_id in envs.list_envs()
        for n, options in envs.spec(env_id).option_cases
    ),
]
ENV_IDS = envs.list_envs()


def played_states(
    env_id: str, num_players: int, seed: int, every: int = 7, options: dict[str, Any] | None = None
):
    """States met along one seeded random game (every `every`-th decision, plus the last)."""
    import numpy as np

    engine = envs.spec(env_id).engine
    state = engine.new_game(engine.make_config(num_players, **(options or {})), seed)
    rng = np.random.default_rng(seed)
    step = 0
    while not engine.is_over(state):
        if step % every == 0:
            yield state.copy()
        mask = engine.legal_action_mask(state, engine.current_player(state))
        engine.apply_action(state, int(rng.choice(np.flatnonzero(mask))))
        step += 1
    yield state.copy()
