"""MCTS search hooks: the heuristic prior, PUCT selection, leaf evaluation, and the engine's
fast numba playout (ends games, keeps the invariants, matches the Python loop)."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym import envs
from eurogym.agents.base import play_game
from eurogym.agents.heuristic import GreedyAgent, HeuristicPrior, heuristic_prior, softmax
from eurogym.agents.mcts import MCTSAgent
from eurogym.envs.core.testing import random_legal_action
from eurogym.envs.kingdom_builder.state import PHASE_GAME_OVER
from tests.conformance.cases import played_states

KB = "kingdom_builder_v0"
SPEC = envs.spec(KB)
ENGINE = SPEC.engine


def _decision_states(num_players: int, seed: int, every: int = 9):
    """Running states along a random game where the player to act has a real choice."""
    for state in played_states(KB, num_players, seed=seed, every=every):
        player = ENGINE.current_player(state)
        if not ENGINE.is_over(state) and ENGINE.legal_action_mask(state, player).sum() > 1:
            yield state


class _NoPlayout:
    """The engine without its optional `playout`, to exercise MCTS's Python rollout loop."""

    def __init__(self, engine):
        self._engine = engine

    def __getattr__(self, name):
        if name == "playout":
            raise AttributeError(name)
        return getattr(self._engine, name)


# --- playout kernel ---------------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_playout_ends_the_game_and_keeps_the_invariants(num_players):
    for seed in range(2):
        state = ENGINE.new_game(ENGINE.make_config(num_players), seed)
        words = np.array([seed + 1, 2, 3, 4], np.int64)
        decisions = 0
        while not ENGINE.is_over(state):  # one decision per call: check after each
            assert ENGINE.playout(state, words, 1) == 1
            SPEC.check_invariants(state)
            decisions += 1
        assert state.phase == PHASE_GAME_OVER
        assert ENGINE.playout(state, words, 1) == 0  # nothing left to play
        full = ENGINE.new_game(ENGINE.make_config(num_players), seed)
        assert ENGINE.playout(full, np.array([seed + 1, 2, 3, 4], np.int64)) == decisions
        assert full == state  # same words, same game, whether in one call or many


def test_playout_matches_the_python_loop_and_stops_at_max_decisions():
    start = ENGINE.new_game(ENGINE.make_config(3), 7)
    fast, slow = start.copy(), start.copy()
    fast_words, slow_words = np.array([5, 6, 7, 8], np.int64), np.array([5, 6, 7, 8], np.int64)
    assert ENGINE.playout(fast, fast_words, 40) == 40
    for _ in range(40):
        mask = ENGINE.legal_action_mask(slow, ENGINE.current_player(slow))
        ENGINE.apply_action(slow, int(random_legal_action(mask, slow_words)))
    assert fast == slow and np.array_equal(fast_words, slow_words)
    assert not ENGINE.is_over(fast)


# --- priors -----------------------------------------------------------------------------------


def test_softmax():
    p = softmax(np.array([1.0, 2.0, 2.0]), 1.0)
    assert p.sum() == pytest.approx(1.0) and p[1] == p[2] > p[0]
    assert softmax(np.array([1.0, 3.0, 3.0]), 0.0).tolist() == [0.0, 0.5, 0.5]
    assert np.isfinite(softmax(np.array([0.0, 1e6]), 0.01)).all()


@pytest.mark.parametrize(
    "make_prior", [lambda: heuristic_prior(KB), lambda: HeuristicPrior(GreedyAgent(), 2.0)]
)
def test_priors_are_distributions_over_the_legal_actions(make_prior):
    prior = make_prior()
    checked = 0
    for num_players in (2, 3):
        for state in _decision_states(num_players, seed=num_players, every=11):
            player = ENGINE.current_player(state)
            legal = np.flatnonzero(ENGINE.legal_action_mask(state, player))
            before = state.copy()
            p = prior(ENGINE, state, player, legal)
            assert state == before
            assert p.shape == legal.shape and np.all(p >= 0)
            assert p.sum() == pytest.approx(1.0)
            assert np.array_equal(p, prior(ENGINE, state, player, legal))  # no randomness
            checked += 1
    assert checked > 10


def test_heuristic_prior_prefers_what_the_heuristic_prefers():
    heuristic = heuristic_prior(KB).heuristic
    for state in _decision_states(2, seed=1, every=13):
        player = ENGINE.current_player(state)
        legal = np.flatnonzero(ENGINE.legal_action_mask(state, player))
        values = heuristic.action_values(ENGINE, state, player, legal)
        p = heuristic_prior(KB, temperature=0.5)(ENGINE, state, player, legal)
        assert np.argmax(p) == np.argmax(values)
        assert np.all(np.diff(p[np.argsort(values)]) >= -1e-12)  # monotone in the values


def test_player_values_match_the_heuristic_evaluation():
    heuristic = heuristic_prior(KB).heuristic
    for state in _decision_states(3, seed=2, every=17):
        values = heuristic.player_values(ENGINE, state)
        assert values.shape == (3,)
        for player in range(3):
            own_tiles = heuristic.tile_value * state.holding[player].sum()
            gold_margin = (
                values[player]
                - own_tiles
                - max(
                    values[q] - heuristic.tile_value * state.holding[q].sum()
                    for q in range(3)
                    if q != player
                )
            )
            assert heuristic.evaluate(ENGINE, state, player) == pytest.approx(
                gold_margin + own_tiles
            )


# --- search -----------------------------------------------------------------------------------

PUCT = dict(prior="heuristic", rollout_depth=0, evaluator="heuristic")


@pytest.mark.parametrize(
    "options",
    [PUCT, dict(prior="heuristic"), dict(rollout_depth=4, evaluator="heuristic")],
    ids=["puct-eval", "puct-rollout", "ucb-truncated"],
)
def test_mcts_variants_are_deterministic_and_legal(options):
    for state in list(_decision_states(2, seed=6, every=29))[:3]:
        player = ENGINE.current_player(state)
        before = state.copy()
        action = MCTSAgent(simulations=25, seed=3, **options).act(ENGINE, state, player)
        assert state == before
        assert ENGINE.legal_action_mask(state, player)[action] == 1
        assert MCTSAgent(simulations=25, seed=3, **options).act(ENGINE, state, player) == action


def test_mcts_random_rollouts_use_the_fast_playout_with_identical_results():
    states = list(_decision_states(2, seed=8, every=31))[:2]
    for options in (dict(), dict(rollout_depth=6)):
        for state in states:
            player = ENGINE.current_player(state)
            fast = MCTSAgent(simulations=20, seed=1, **options).act(ENGINE, state, player)
            slow = MCTSAgent(simulations=20, seed=1, **options).act(
                _NoPlayout(ENGINE), state, player
            )
            assert fast == slow


def test_mcts_accepts_callable_hooks():
    calls = []

    def uniform(engine, state, player, legal):
        calls.append(legal.size)
        return np.full(legal.size, 1.0 / legal.size)

    def scores(engine, state):
        return engine.final_scores(state)

    state = next(_decision_states(2, seed=4, every=19))
    player = ENGINE.current_player(state)
    agent = MCTSAgent(simulations=15, prior=uniform, evaluator=scores, rollout_depth=0)
    assert ENGINE.legal_action_mask(state, player)[agent.act(ENGINE, state, player)] == 1
    assert calls and all(n > 1 for n in calls)  # forced decisions never ask the prior


def test_mcts_rejects_bad_options():
    with pytest.raises(ValueError, match="prior"):
        MCTSAgent(prior="oracle")
    with pytest.raises(ValueError, match="evaluator"):
        MCTSAgent(evaluator="magic")
    with pytest.raises(ValueError, match="eval_temperature"):
        MCTSAgent(eval_temperature=0.0)


def test_puct_mcts_plays_whole_games():
    agents = [MCTSAgent(simulations=8, seed=s, **PUCT) for s in range(2)]
    scores = play_game(ENGINE, agents, seed=3)
    assert scores.shape == (2,)
