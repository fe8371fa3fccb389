"""Mask correctness: every masked action applies; unmasked ones raise ValueError naming the
action and phase, and leave the state bit-for-bit unchanged."""

import numpy as np
import pytest

from eurogym import envs
from tests.conformance.cases import CASES, played_states


@pytest.mark.parametrize("env_id,num_players,options", CASES)
def test_every_masked_action_applies(env_id, num_players, options):
    engine = envs.spec(env_id).engine
    check = envs.spec(env_id).check_invariants
    for state in played_states(env_id, num_players, seed=num_players, every=11, options=options):
        if engine.is_over(state):
            continue
        mask = engine.legal_action_mask(state, engine.current_player(state))
        for action in np.flatnonzero(mask):
            child = state.copy()
            engine.apply_action(child, int(action))
            check(child)


@pytest.mark.parametrize("env_id,num_players,options", CASES)
def test_unmasked_actions_raise_and_leave_state_unchanged(env_id, num_players, options):
    engine = envs.spec(env_id).engine
    rng = np.random.default_rng(num_players)
    for state in played_states(
        env_id, num_players, seed=100 + num_players, every=13, options=options
    ):
        mask = engine.legal_action_mask(state, engine.current_player(state))
        illegal = np.flatnonzero(mask == 0)
        for action in [
            *rng.choice(illegal, size=min(8, illegal.size), replace=False),
            -1,
            mask.shape[0],  # one past the last action (a Big Box game has more)
        ]:
            before = state.copy()
            with pytest.raises(ValueError, match=r"action -?\d+ .*phase"):
                engine.apply_action(state, int(action))
            assert state == before


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_mask_is_zero_for_players_not_to_act(env_id):
    engine = envs.spec(env_id).engine
    state = engine.new_game(engine.make_config(engine.player_counts[-1]), 5)
    for player in range(engine.player_counts[-1]):
        mask = engine.legal_action_mask(state, player)
        assert mask.any() == (player == engine.current_player(state))
