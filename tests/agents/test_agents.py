"""Agents: only legal actions, no mutation of the state they are shown, seeded determinism,
determinization that respects the acting player's view, and heuristic > random."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from eurogym import envs
from eurogym.agents.base import determinize, observation_key, play_game, win_shares
from eurogym.agents.heuristic import GreedyAgent, KingdomBuilderHeuristic, heuristic_for
from eurogym.agents.mcts import MCTSAgent
from eurogym.agents.random_agent import RandomAgent
from tests.conformance.cases import played_states

KB = "kingdom_builder_v0"
ENGINE = envs.spec(KB).engine


class _Checked:
    """Wraps an agent: asserts each answer is legal and the shown state is left untouched."""

    def __init__(self, agent):
        self.agent = agent
        self.name = agent.name
        self.decisions = 0

    def act(self, engine, state, player):
        before = state.copy()
        action = self.agent.act(engine, state, player)
        assert state == before, f"{self.name} mutated the state"
        assert engine.legal_action_mask(state, player)[action] == 1
        self.decisions += 1
        return action


def _states(num_players: int, seed: int, every: int = 9):
    """States along one seeded random game (every `every`-th decision)."""
    state = ENGINE.new_game(ENGINE.make_config(num_players), seed)
    rng = np.random.default_rng(seed)
    step = 0
    while not ENGINE.is_over(state):
        if step % every == 0:
            yield state.copy()
        mask = ENGINE.legal_action_mask(state, ENGINE.current_player(state))
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(mask))))
        step += 1


AGENT_KINDS = {
    "random": lambda seed: RandomAgent(seed),
    "greedy": lambda seed: GreedyAgent(seed),
    "heuristic": lambda seed: KingdomBuilderHeuristic(seed),
    "mcts": lambda seed: MCTSAgent(simulations=6, seed=seed),
    "mcts_ucb_random_rollouts": lambda seed: MCTSAgent(
        simulations=6, prior=None, rollout_depth=None, seed=seed
    ),
    "mcts_truncated_heuristic": lambda seed: MCTSAgent(
        simulations=1, rollout="heuristic", rollout_depth=1, seed=seed
    ),
}


@pytest.mark.parametrize("num_players", [2, 3])
@pytest.mark.parametrize("kind", sorted(AGENT_KINDS))
def test_agents_play_only_legal_actions_and_never_mutate_the_state(kind, num_players):
    for seed in range(2):
        agents = [_Checked(AGENT_KINDS[kind](10 * seed + s)) for s in range(num_players)]
        scores = play_game(ENGINE, agents, seed=seed)
        assert scores.shape == (num_players,)
        assert all(a.decisions > 0 for a in agents)


def test_play_game_rejects_an_illegal_action():
    class Cheater:
        name = "cheater"

        def act(self, engine, state, player):
            return int(np.flatnonzero(engine.legal_action_mask(state, player) == 0)[0])

    with pytest.raises(ValueError, match="cheater.*illegal action"):
        play_game(ENGINE, [Cheater(), Cheater()], seed=0)


def test_heuristic_for_falls_back_to_greedy():
    assert isinstance(heuristic_for(KB), KingdomBuilderHeuristic)
    assert type(heuristic_for("no_such_game_v0")) is GreedyAgent


def test_win_shares_split_ties():
    assert win_shares(np.array([3.0, 5.0, 5.0])).tolist() == [0.0, 0.5, 0.5]
    assert win_shares(np.array([7.0, 5.0])).tolist() == [1.0, 0.0]


def test_mcts_is_deterministic_for_a_fixed_seed():
    state = list(_states(3, seed=4, every=23))[2]
    player = ENGINE.current_player(state)
    assert ENGINE.legal_action_mask(state, player).sum() > 1
    agent = MCTSAgent(simulations=30, seed=7)
    first = agent.act(ENGINE, state, player)
    assert agent.act(ENGINE, state.copy(), player) == first  # same instance, called again
    assert MCTSAgent(simulations=30, seed=7).act(ENGINE, state, player) == first


def test_mcts_decision_ignores_hidden_information():
    """The search is seeded from the acting player's view only, and resamples the hidden
    cards, so swapping the true deck and other hands for another sample changes nothing."""
    state = list(_states(2, seed=2, every=31))[1]
    player = ENGINE.current_player(state)
    other = determinize(KB, state, player, np.random.default_rng(99))
    agent = MCTSAgent(simulations=20, seed=3)
    assert agent.act(ENGINE, other, player) == agent.act(ENGINE, state, player)


def test_observation_key_depends_only_on_the_players_view():
    state = list(_states(3, seed=1, every=40))[1]
    player = ENGINE.current_player(state)
    other = state.copy()
    other.hand[(player + 1) % 3] = (other.hand[(player + 1) % 3] + 1) % 5
    other.deck[: other.deck_size] = other.deck[: other.deck_size][::-1]
    other.rng[:] += 1
    assert observation_key(KB, other, player) == observation_key(KB, state, player)
    other.owner[np.flatnonzero(other.owner == -1)[0]] = player
    assert observation_key(KB, other, player) != observation_key(KB, state, player)


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_determinization_never_changes_what_the_player_sees(env_id):
    """Every seat's observation and the legal actions are identical in a sample."""
    spec = envs.spec(env_id)
    engine = spec.engine
    rng = np.random.default_rng(0)
    for num_players in spec.player_counts[:2]:
        for state in played_states(env_id, num_players, seed=5, every=13):
            for seat in range(num_players):
                sample = determinize(env_id, state, seat, rng)
                assert np.array_equal(
                    spec.raw_env.encode(sample, seat), spec.raw_env.encode(state, seat)
                )
                player = engine.current_player(state)
                assert np.array_equal(
                    engine.legal_action_mask(sample, player),
                    engine.legal_action_mask(state, player),
                )


@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_kingdom_builder_determinization_conserves_cards(num_players):
    layout = type(ENGINE.new_game(ENGINE.make_config(num_players), 0)).LAYOUT
    public = [name for name in layout.fields if name not in ("hand", "deck", "rng")]
    rng = np.random.default_rng(1)
    changed = 0
    for state in _states(num_players, seed=3, every=11):
        for player in range(num_players):
            sample = determinize(KB, state, player, rng)
            for name in public:
                assert np.array_equal(getattr(sample, name), getattr(state, name)), name
            assert sample.hand[player] == state.hand[player]
            assert np.array_equal(sample.hand < 0, state.hand < 0)  # who holds a card is public
            others = [q for q in range(num_players) if q != player]

            def unseen(s, others=others):
                return Counter(s.hand[others].tolist() + s.deck[: s.deck_size].tolist())

            assert unseen(sample) == unseen(state)
            assert np.all(sample.deck[sample.deck_size :] == state.deck[state.deck_size :])
            changed += not np.array_equal(sample.buf, state.buf)
    assert changed > 0


def test_heuristic_beats_random():
    """A small sample (the 200-game measurement is in the agents report): >= 14 of 20."""
    points = 0.0
    for game in range(20):
        heuristic, rand = KingdomBuilderHeuristic(game), RandomAgent(1000 + game)
        seat = game % 2
        agents = [heuristic, rand] if seat == 0 else [rand, heuristic]
        scores = play_game(ENGINE, agents, seed=game // 2)
        points += (
            1.0
            if scores[seat] > scores[1 - seat]
            else 0.5
            if scores[seat] == scores[1 - seat]
            else 0.0
        )
    assert points >= 14
