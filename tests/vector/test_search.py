"""MCTS with batched leaf rollouts (agents.mcts, leaf_rollouts > 1, issue 16)."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.agents.base import win_shares
from eurogym.agents.mcts import MCTSAgent
from eurogym.envs import spec
from eurogym.envs.vector import rng_words

KB = "kingdom_builder_v0"


def test_batched_leaf_value_is_the_mean_of_the_single_rollouts():
    """K batched rollouts from a leaf give exactly the mean win shares of K single-game
    playouts with the same generator words."""
    engine = spec(KB).engine
    state = engine.new_game(engine.make_config(2), 4)
    agent = MCTSAgent(leaf_rollouts=5, rollout_depth=None, prior=None, evaluator="scores")
    value = agent._batched_leaf_value(engine, state, np.random.default_rng(8), None)
    words = rng_words(np.random.default_rng(8), 5)
    expected = np.zeros(2)
    for w in words:
        end = state.copy()
        engine.playout(end, w)
        expected += win_shares(engine.final_scores(end))
    np.testing.assert_allclose(value, expected / 5)
    assert engine.new_game(engine.make_config(2), 4) == state  # the leaf itself is untouched


def test_mcts_with_batched_leaves_plays_legal_reproducible_moves():
    engine = spec(KB).engine
    state = engine.new_game(engine.make_config(2), 1)
    player = engine.current_player(state)
    moves = [
        MCTSAgent(simulations=12, leaf_rollouts=4, rollout_depth=None, prior=None).act(
            engine, state.copy(), player
        )
        for _ in range(2)
    ]
    assert moves[0] == moves[1] and state.mask[moves[0]]
    with pytest.raises(ValueError, match="leaf_rollouts"):
        MCTSAgent(leaf_rollouts=0)
