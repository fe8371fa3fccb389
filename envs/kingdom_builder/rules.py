"""The Kingdom Builder engine: set-up (§3), the checked step, scores (§9), JSON. Usable
without PettingZoo; `ENGINE` implements envs.core.engine.Engine."""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.engine import FlatEngine, action_index
from eurogym.envs.core.rng import seed_words
from eurogym.envs.kingdom_builder import kernels
from eurogym.envs.kingdom_builder.actions import NUM_ACTIONS, describe
from eurogym.envs.kingdom_builder.config import OPTIONS, PLAYER_COUNTS, Config, make_config
from eurogym.envs.kingdom_builder.deal import RANDOM, deal_game
from eurogym.envs.kingdom_builder.invariants import check_invariants, check_state
from eurogym.envs.kingdom_builder.playout import playout
from eurogym.envs.kingdom_builder.scoring import score_breakdown
from eurogym.envs.kingdom_builder.state import MAX_PLAYERS, PHASE_GAME_OVER, PHASE_NAMES, State
from eurogym.envs.kingdom_builder.tables import (
    CARD_NAMES,
    CARDS_PER_GAME,
    DECK_COUNTS,
    NEIGHBOURS,
    SECTION_NAMES,
    SECTION_TERRAIN,
    SECTIONS_PER_GAME,
    TILE_NAMES,
    TILES_PER_HEX,
)
from eurogym.envs.kingdom_builder.words import describe_in_state

_DEAL_TABLES = (
    SECTION_TERRAIN,
    np.array([TILES_PER_HEX[name] for name in TILE_NAMES], np.int64),
    np.array(DECK_COUNTS, np.int64),
)


def _indices(names: tuple[str, ...] | None, known: tuple[str, ...], count: int) -> np.ndarray:
    """Chosen names as indices, or `count` RANDOM markers when the config leaves them open."""
    return np.array([known.index(x) for x in names] if names else [RANDOM] * count, np.int64)


def new_game(config: Config, seed: int) -> State:
    """Set up a game (§3.1). `seed` fixes every random choice (sections, rotations, cards,
    deck order, start player) through the state's own RNG; see deal.deal_game."""
    options = (
        config.num_players,
        _indices(config.sections, SECTION_NAMES, SECTIONS_PER_GAME),
        np.array(config.rotations or [RANDOM] * SECTIONS_PER_GAME, np.int64),
        _indices(config.cards, CARD_NAMES, CARDS_PER_GAME),
        RANDOM if config.start_player is None else config.start_player,
        int(config.lords_zero_can_be_second),
    )
    state = State()
    state.rng[:] = seed_words(seed)
    deal_game(state.buf, NEIGHBOURS, state.mask, _DEAL_TABLES, options)
    return state


def score_table(state: State) -> np.ndarray:
    """int64[P, 4]: each player's gold from the 3 game cards and from castles."""
    out = np.zeros((state.num_players, CARDS_PER_GAME + 1), np.int64)
    score_breakdown(state.buf, NEIGHBOURS, out)
    return out


def final_scores(state: State) -> np.ndarray:
    """Total gold per player (§9); meaningful at any time, final once the game is over."""
    return score_table(state).sum(axis=1).astype(np.float64)


class KingdomBuilderEngine(FlatEngine):
    """The Engine for Kingdom Builder: this module's set-up and scores, with the checked step, masks
    and JSON shared by every game (FlatEngine)."""

    name = "kingdom_builder_v0"
    game = "kingdom_builder"
    num_actions = NUM_ACTIONS
    player_counts = PLAYER_COUNTS
    max_players = MAX_PLAYERS
    state_type = State
    phase_names = PHASE_NAMES
    game_over_phase = PHASE_GAME_OVER
    options = OPTIONS
    decider_field = "cur"

    make_config = staticmethod(make_config)
    new_game = staticmethod(new_game)
    describe = staticmethod(describe)
    check_state = staticmethod(check_state)
    check_invariants = staticmethod(check_invariants)

    def final_scores(self, state: State) -> np.ndarray:
        """Total gold per seat (module `final_scores`). Only for this game's states: the
        scoring kernels read the buffer at this layout's offsets."""
        self._require_state(state)
        return final_scores(state)

    def playout(self, state: State, rng_words: np.ndarray, max_decisions: int = -1) -> int:
        """The optional fast random playout used by agents.mcts (playout.playout), for this
        game's states only."""
        self._require_state(state)
        return playout(state, rng_words, max_decisions)

    def describe_action(self, state: State, action: int) -> str:
        """The action in a player's words, using the state: the terrain of the hex, the tile in
        use, the settlement being moved and the tiles the move gains (words.describe_in_state)."""
        self._require_state(state)
        return describe_in_state(state, action_index(action))

    @staticmethod
    def compute_mask(state: State) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, np.int8)
        kernels.compute_mask(state.buf, NEIGHBOURS, mask)
        return mask

    @staticmethod
    def run_kernel(state: State, action: int) -> None:
        kernels.apply_action(state.buf, NEIGHBOURS, state.mask, action)


ENGINE = KingdomBuilderEngine()
# The same interface as module functions, next to new_game.
current_player = ENGINE.current_player
is_over = ENGINE.is_over
legal_action_mask = ENGINE.legal_action_mask
apply_action = ENGINE.apply_action
