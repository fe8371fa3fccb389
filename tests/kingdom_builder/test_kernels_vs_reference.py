"""The numba kernels against their slow pure-Python twins (envs/kingdom_builder/reference.py)
on many seeded positions: random legal play from random set-ups (all sections, rotations,
cards, 2-5 players), stopped after a random number of decisions, then every target kernel
and every card is compared for every player. Random ownership boards (not reachable in play:
settlements on water, mountains, ...) stress the scoring kernels further."""

import numpy as np
import pytest

from eurogym.envs.kingdom_builder import kernels, reference, rules
from eurogym.envs.kingdom_builder.config import make_config
from eurogym.envs.kingdom_builder.scoring import score_card, score_castles
from eurogym.envs.kingdom_builder.state import EMPTY
from eurogym.envs.kingdom_builder.tables import CARD_NAMES, NEIGHBOURS, NUM_HEXES, WATER
from tests.kingdom_builder.helpers import hexes

SEEDS = range(30)
TERRAIN_TARGETS = (0, 1, 2, 3, 4, WATER)  # the five card terrains and water (Harbor)
MAX_LIFTED = 4  # moving settlements checked per player (each costs a pure-Python scan)


def random_position(seed: int):
    """A reachable position: random config, then a random number of random legal decisions."""
    rng = np.random.default_rng(seed)
    num_players = int(rng.integers(2, 6))
    config = make_config(num_players, lords_zero_can_be_second=bool(rng.integers(2)))
    state = rules.new_game(config, seed)
    for _ in range(int(rng.integers(0, 40 * num_players))):  # a game lasts ~45 per player
        if rules.is_over(state):
            break
        rules.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
    return state, rng


def kernel_placement(state, player, target, edge_only=False, lifted=EMPTY):
    out = np.zeros(NUM_HEXES, np.int8)
    count = kernels.placement_targets(state.buf, NEIGHBOURS, player, target, edge_only, lifted, out)
    assert count == out.sum()
    return hexes(out)


@pytest.mark.parametrize("seed", SEEDS)
def test_placement_targets_match_reference(seed):
    # Arrange
    state, rng = random_position(seed)
    for player in range(state.num_players):
        own = np.flatnonzero(state.owner == player)
        lifted = rng.choice(own, min(MAX_LIFTED, len(own)), replace=False) if len(own) else []
        # Act / Assert: §6.2 for every terrain, the Tower edge filter, and moves (D4)
        for target in TERRAIN_TARGETS:
            assert kernel_placement(state, player, target) == reference.placement_targets(
                state, player, target
            ), (seed, player, target)
        assert kernel_placement(
            state, player, kernels.ANY_BUILDABLE, edge_only=True
        ) == reference.placement_targets(state, player, reference.BUILDABLE, edge_only=True)
        for h in lifted:
            for target in (int(rng.integers(5)), WATER):
                assert kernel_placement(
                    state, player, target, lifted=int(h)
                ) == reference.placement_targets(state, player, target, lifted=int(h)), (
                    seed,
                    player,
                    target,
                    int(h),
                )


@pytest.mark.parametrize("seed", SEEDS)
def test_tavern_and_paddock_targets_match_reference(seed):
    # Arrange
    state, _ = random_position(seed)
    out = np.zeros(NUM_HEXES, np.int8)
    for player in range(state.num_players):
        # Act / Assert: Tavern lines
        kernels.tavern_targets(state.buf, NEIGHBOURS, player, out)
        assert hexes(out) == reference.tavern_targets(state, player), (seed, player)
        # Paddock from every settlement of the player
        for h in np.flatnonzero(state.owner == player):
            kernels.paddock_targets(state.buf, NEIGHBOURS, int(h), out)
            assert hexes(out) == reference.paddock_targets(state, int(h)), (seed, player, h)


@pytest.mark.parametrize("seed", SEEDS)
def test_legal_mask_matches_reference(seed):
    # Arrange
    state, _ = random_position(seed)
    # Act
    expected = reference.legal_actions(state)
    # Assert: the engine's mask for the player to act, whatever the phase
    assert set(np.flatnonzero(state.mask).tolist()) == expected, (seed, state.phase)


@pytest.mark.parametrize("seed", SEEDS)
def test_card_scores_match_reference(seed):
    # Arrange
    state, _ = random_position(seed)
    for flag in (0, 1):  # Lords under both readings of D8
        state.set("lords_zero_can_be_second", flag)
        for player in range(state.num_players):
            # Act / Assert: all ten cards and castles, not only the game's three
            for card, name in enumerate(CARD_NAMES):
                assert score_card(state.buf, NEIGHBOURS, player, card) == reference.score_card(
                    state, player, name
                ), (seed, player, name, flag)
            assert score_castles(state.buf, NEIGHBOURS, player) == reference.score_castles(
                state, player
            )


@pytest.mark.parametrize("seed", SEEDS)
def test_card_scores_match_reference_on_random_ownership(seed):
    # Arrange: a real board, then settlements of 2-5 players scattered over any hex at all
    rng = np.random.default_rng(1000 + seed)
    num_players = int(rng.integers(2, 6))
    state = rules.new_game(make_config(num_players), seed)
    density = rng.uniform(0.05, 0.6)
    scatter = rng.random(NUM_HEXES) < density
    state.owner[:] = np.where(scatter, rng.integers(0, num_players, NUM_HEXES), EMPTY)
    for flag in (0, 1):
        state.set("lords_zero_can_be_second", flag)
        for player in range(num_players):
            # Act / Assert
            for card, name in enumerate(CARD_NAMES):
                assert score_card(state.buf, NEIGHBOURS, player, card) == reference.score_card(
                    state, player, name
                ), (seed, player, name, flag)
            assert score_castles(state.buf, NEIGHBOURS, player) == reference.score_castles(
                state, player
            )


@pytest.mark.parametrize("seed", range(6))
def test_mask_matches_reference_along_whole_games(seed):
    # Arrange: a whole random game (random set-up), the mask checked at every decision
    rng = np.random.default_rng(500 + seed)
    state = rules.new_game(make_config(int(rng.integers(2, 6))), seed)
    # Act / Assert
    while not rules.is_over(state):
        assert set(np.flatnonzero(state.mask).tolist()) == reference.legal_actions(state), (
            seed,
            state.turn,
            state.phase,
        )
        rules.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
    assert not reference.legal_actions(state)
