"""Agents on Belfort: the determinizer keeps every public field and every count, the agents
answer legally without mutating the state, and the heuristic clearly beats random."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym import envs
from eurogym.agents.base import determinize, play_game, win_shares
from eurogym.agents.heuristic import BelfortHeuristic, heuristic_for
from eurogym.agents.mcts import MCTSAgent
from eurogym.agents.random_agent import RandomAgent
from tests.agents.test_agents import _Checked
from tests.conformance.cases import played_states

BF = "belfort_v0"
ENGINE = envs.spec(BF).engine


def _unseen(state, player):
    """Counts by type of the cards `player` cannot see: other hands, their setup discards, deck."""
    others = [q for q in range(state.num_players) if q != player]
    counts = state.hand[others].sum(0) + state.setup_discard[others].sum(0)
    return counts + np.bincount(state.deck[: state.deck_size], minlength=counts.shape[0])


@pytest.mark.parametrize("num_players", [2, 4])
def test_belfort_determinization_resamples_only_hidden_cards(num_players):
    hidden = ("hand", "setup_discard", "deck", "rng")
    rng = np.random.default_rng(2)
    changed = 0
    for state in played_states(BF, num_players, seed=4, every=23):
        for player in range(num_players):
            sample = determinize(BF, state, player, rng)
            for name in state.LAYOUT.fields:
                if name not in hidden:
                    assert np.array_equal(getattr(sample, name), getattr(state, name)), name
            assert np.array_equal(sample.hand[player], state.hand[player])
            assert np.array_equal(sample.hand.sum(axis=1), state.hand.sum(axis=1))
            assert np.array_equal(sample.setup_discard.sum(1), state.setup_discard.sum(1))
            assert np.array_equal(_unseen(sample, player), _unseen(state, player))
            changed += not np.array_equal(sample.hand, state.hand)
    assert changed > 0


def test_registered_belfort_heuristic():
    assert isinstance(heuristic_for(BF), BelfortHeuristic)


@pytest.mark.parametrize(
    "make",
    [
        lambda seed: RandomAgent(seed),
        lambda seed: BelfortHeuristic(seed),
        lambda seed: MCTSAgent(simulations=4, seed=seed),
    ],
    ids=["random", "heuristic", "mcts"],
)
def test_agents_play_legal_belfort_games(make):
    agents = [_Checked(make(seat)) for seat in range(3)]
    scores = play_game(ENGINE, agents, seed=1, config=ENGINE.make_config(3))
    assert scores.shape == (3,)
    assert all(a.decisions > 0 for a in agents)


def _heuristic_points(games, config=None):
    """The heuristic's win shares against a random player, 2 players, seats alternating."""
    points = 0.0
    for game in range(games):
        seat = game % 2
        agents = [BelfortHeuristic(game), RandomAgent(1000 + game)]
        if seat == 1:
            agents.reverse()
        scores = play_game(ENGINE, agents, seed=game // 2, config=config)
        points += win_shares(scores)[seat]
    return points


def test_belfort_heuristic_beats_random():
    """A small sample (the 200-game measurement is in the README): >= 18 of 20 in 2p."""
    assert _heuristic_points(20) >= 18


def test_belfort_heuristic_beats_random_with_the_expansion():
    """Issue 15: the heuristic plays the expansion sensibly (the 200-game measurement is in
    docs/belfort.md): >= 18 of 20 in 2p."""
    assert _heuristic_points(20, ENGINE.make_config(2, expansion=True)) >= 18


def test_belfort_heuristic_expands_properties():
    config = ENGINE.make_config(2, expansion=True)
    permits = expanded = 0
    for game in range(10):
        state = ENGINE.new_game(config, game)
        agent = BelfortHeuristic(game)
        rng = np.random.default_rng(game)
        while not ENGINE.is_over(state):
            p = ENGINE.current_player(state)
            if p == 0:
                action = agent.act(ENGINE, state, p)
            else:
                action = int(rng.choice(np.flatnonzero(state.mask)))
            ENGINE.apply_action(state, action)
        permits += int(state.permits[0].sum())
        expanded += int(state.expanded[0].sum())
    assert permits >= 10 and expanded >= 2
