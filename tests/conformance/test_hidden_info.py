"""Hidden information never leaks: changing another seat's private fields, or a secret field
(deck order, RNG), never changes my observation; changing my own private field does. For a
private field of counts by card type (a Belfort hand) the perturbation keeps the row's total,
because how many cards a player holds is public at the table."""

import numpy as np
import pytest

from eurogym import envs
from tests.conformance.cases import CASES, played_states


@pytest.mark.parametrize("env_id,num_players,options", CASES)
def test_other_players_private_fields_and_secrets_do_not_change_my_observation(
    env_id, num_players, options
):
    spec = envs.spec(env_id)
    encode = spec.raw_env.encode
    rng = np.random.default_rng(0)
    for state in played_states(env_id, num_players, seed=21, every=17, options=options):
        for me in range(num_players):
            before = encode(state, me)
            other = state.copy()
            for field in spec.private_fields:
                values = getattr(other, field)
                for seat in range(num_players):
                    if seat == me:
                        continue
                    if values.ndim == 1:  # one hidden value per seat (a card)
                        values[seat] = rng.integers(-1, 5)
                    else:  # counts by card type: change which cards, keep how many (public)
                        values[seat] = rng.permutation(values[seat])
            for field in spec.secret_fields:
                values = getattr(other, field)
                values[...] = rng.permutation(values.ravel()).reshape(values.shape) + rng.integers(
                    0, 2
                )
            assert np.array_equal(encode(other, me), before)


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_my_private_fields_are_in_my_observation(env_id):
    spec = envs.spec(env_id)
    engine = spec.engine
    state = engine.new_game(engine.make_config(engine.player_counts[0]), 3)
    for field in spec.private_fields:
        me = engine.current_player(state)
        other = state.copy()
        values = getattr(other, field)
        values[me] = np.where(values[me] != 0, 0, 1)  # a scalar or a row per seat
        assert not np.array_equal(spec.raw_env.encode(other, me), spec.raw_env.encode(state, me))
