"""The conformance checks (tests/conformance) for Daitoshi's rule options, which the shared
suite does not parametrize (its cases are env id x player count with default options): the
expert draft (§5.2 step 7) and the automatic payment of E2 (`payment_choice=False`). PettingZoo's
api_test and seed_test, seeded random games with the invariants after every decision, masks
(every masked action applies; unmasked ones raise and change nothing), hidden information,
JSON round trips and determinism."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import envs
from envs.core.testing import random_playout
from envs.daitoshi.invariants import check_invariants
from envs.daitoshi.rules import ENGINE

SPEC = envs.spec("daitoshi_v0")
OPTION_CASES = [
    pytest.param(1, {"expert": True}, id="1p-expert"),
    pytest.param(2, {"expert": True}, id="2p-expert"),
    pytest.param(3, {"expert": True}, id="3p-expert"),
    pytest.param(4, {"expert": True, "payment_choice": False}, id="4p-expert-auto-payment"),
    pytest.param(2, {"payment_choice": False}, id="2p-auto-payment"),
]
GAMES_PER_CASE = 100


def played_states(num_players, options, seed, every):
    """States met along one seeded random game (every `every`-th decision, plus the last)."""
    state = ENGINE.new_game(ENGINE.make_config(num_players, **options), seed)
    rng = np.random.default_rng(seed)
    step = 0
    while not ENGINE.is_over(state):
        if step % every == 0:
            yield state.copy()
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
        step += 1
    yield state.copy()


@pytest.mark.parametrize("num_players,options", OPTION_CASES)
def test_pettingzoo_api_and_seed_tests(num_players, options):
    api_test(envs.make("daitoshi_v0", num_players=num_players, **options), num_cycles=300)
    seed_test(lambda: envs.make("daitoshi_v0", num_players=num_players, **options), num_cycles=300)
    raw = envs.make("daitoshi_v0", wrapped=False, num_players=num_players, **options)
    api_test(raw, num_cycles=100)


@pytest.mark.parametrize("num_players,options", OPTION_CASES)
def test_random_games_keep_invariants_and_end(num_players, options):
    config = ENGINE.make_config(num_players, **options)
    for seed in range(GAMES_PER_CASE):
        state = ENGINE.new_game(config, seed)
        check_invariants(state)
        assert random_playout(ENGINE, state, np.random.default_rng(seed), check_invariants) > 0
        assert ENGINE.is_over(state)
        assert np.isfinite(ENGINE.final_scores(state)).all()


@pytest.mark.parametrize("num_players,options", OPTION_CASES)
def test_masks_apply_and_unmasked_actions_raise_leaving_the_state_unchanged(num_players, options):
    rng = np.random.default_rng(num_players)
    for state in played_states(num_players, options, seed=num_players, every=5):
        if ENGINE.is_over(state):
            continue
        for action in np.flatnonzero(state.mask):
            child = state.copy()
            ENGINE.apply_action(child, int(action))
            check_invariants(child)
        illegal = np.flatnonzero(state.mask == 0)
        for action in rng.choice(illegal, size=8, replace=False):
            before = state.copy()
            with pytest.raises(ValueError, match=r"action \d+ .*phase"):
                ENGINE.apply_action(state, int(action))
            assert state == before


@pytest.mark.parametrize("num_players,options", OPTION_CASES)
def test_secrets_do_not_change_any_observation(num_players, options):
    rng = np.random.default_rng(0)
    for state in played_states(num_players, options, seed=21, every=9):
        for me in range(num_players):
            before = SPEC.raw_env.encode(state, me)
            other = state.copy()
            for field in SPEC.secret_fields:
                values = getattr(other, field)
                values[...] = rng.permutation(values.ravel()).reshape(values.shape) + 1
            assert np.array_equal(SPEC.raw_env.encode(other, me), before)


@pytest.mark.parametrize("num_players,options", OPTION_CASES)
def test_json_round_trip_and_determinism(num_players, options):
    for state in played_states(num_players, options, seed=7, every=9):
        assert ENGINE.from_json(ENGINE.to_json(state)) == state
    first = list(played_states(num_players, options, seed=5, every=1))
    again = list(played_states(num_players, options, seed=5, every=1))
    assert len(first) == len(again)
    assert all(a == b for a, b in zip(first, again, strict=True))
