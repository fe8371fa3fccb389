"""Every registered env id crossed with each of its player counts: the conformance suite is
parametrized over this list, so a newly registered game is checked with no extra code."""

import pytest

import envs

CASES = [
    pytest.param(env_id, n, id=f"{env_id}-{n}p")
    for env_id in envs.list_envs()
    for n in envs.spec(env_id).player_counts
]
ENV_IDS = envs.list_envs()


def played_states(env_id: str, num_players: int, seed: int, every: int = 7):
    """States met along one seeded random game (every `every`-th decision, plus the last)."""
    import numpy as np

    engine = envs.spec(env_id).engine
    state = engine.new_game(engine.make_config(num_players), seed)
    rng = np.random.default_rng(seed)
    step = 0
    while not engine.is_over(state):
        if step % every == 0:
            yield state.copy()
        mask = engine.legal_action_mask(state, engine.current_player(state))
        engine.apply_action(state, int(rng.choice(np.flatnonzero(mask))))
        step += 1
    yield state.copy()
