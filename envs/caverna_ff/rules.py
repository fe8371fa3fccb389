"""The Caverna: Frantic Fiends engine: set-up, the checked step, scores, JSON. Usable without
PettingZoo; `ENGINE` implements envs.core.engine.Engine."""

from __future__ import annotations

import numpy as np

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import NUM_ACTIONS, NUM_ACTIONS_V1, describe
from eurogym.envs.caverna_ff.config import (
    OPTIONS,
    OPTIONS_V1,
    PLAYER_COUNTS,
    PLAYER_COUNTS_V1,
    Config,
    make_config,
    make_config_v1,
)
from eurogym.envs.caverna_ff.consistency import check_state
from eurogym.envs.caverna_ff.deal import deal_game
from eurogym.envs.caverna_ff.describe import describe_in_state
from eurogym.envs.caverna_ff.invariants import check_invariants
from eurogym.envs.caverna_ff.scoring import BREAKDOWN, cave_orcs, score_breakdown
from eurogym.envs.caverna_ff.state import (
    MAX_PLAYERS,
    MAX_PLAYERS_V0,
    O_DEFEATED,
    O_FRIENDLY,
    P_GAME_OVER,
    PHASE_NAMES,
    State,
    StateV1,
)
from eurogym.envs.core.engine import FlatEngine, action_index


def new_game(config: Config, seed: int) -> State:
    """Set up a game (A4, B2); `seed` fixes every random choice through the state's RNG."""
    return deal_game(config, seed)


def score_table(state: State) -> np.ndarray:
    """int64[players, len(BREAKDOWN)]: points per category (scoring.BREAKDOWN)."""
    out = np.zeros((state.num_players, len(BREAKDOWN)), np.int64)
    for p in range(state.num_players):
        score_breakdown(state.buf, p, out[p])
    return out


def final_scores(state: State) -> np.ndarray:
    """Points per seat plus the B12 tie-break (fewer hostile orcs in the cave) as a fraction
    below 1, so the highest value wins and equal values share the victory."""
    n = state.num_players
    tiebreak = np.array([(4 - cave_orcs(state.buf, p)) / 10.0 for p in range(n)])
    return score_table(state).sum(axis=1).astype(np.float64) + tiebreak


class CavernaFFEngine(FlatEngine):
    """The Engine for Caverna: Frantic Fiends: this module's set-up and scores, with the
    checked step, masks and JSON shared by every game (FlatEngine)."""

    name = "caverna_ff_v0"
    game = "caverna_ff"
    num_actions = NUM_ACTIONS
    player_counts = PLAYER_COUNTS
    max_players = MAX_PLAYERS_V0
    state_type = State
    phase_names = PHASE_NAMES
    game_over_phase = P_GAME_OVER
    options = OPTIONS

    make_config = staticmethod(make_config)
    new_game = staticmethod(new_game)
    describe = staticmethod(describe)
    check_state = staticmethod(check_state)
    check_invariants = staticmethod(check_invariants)

    def final_scores(self, state: State) -> np.ndarray:
        """Points plus the B12 tie-break per seat (module `final_scores`); a state of another
        game raises TypeError instead of being read with this game's offsets."""
        self._require_state(state)
        return final_scores(state)

    def describe_action(self, state: State, action: int) -> str:
        """The phase's meaning of `action` completed by the decision's working values (which
        twin tile, material, branch, bribe good), so the text alone is enough to choose."""
        self._require_state(state)
        return describe_in_state(state, action_index(action))

    def solo_outcome(self, state: State) -> tuple[bool, float]:
        """Solo (B13): a game is won with all four orcs defeated or friendly at the end (the
        campaign's rule for each of its games). The rules set no score to beat, so the margin
        is the player's own points (without the B12 tie-break fraction)."""
        self._require_state(state)
        won = bool(np.isin(state.orc_state[0], (O_DEFEATED, O_FRIENDLY)).all())
        return won, float(score_table(state)[0].sum())

    @staticmethod
    def compute_mask(state: State) -> np.ndarray:
        mask = np.zeros(state.NUM_ACTIONS, np.int8)
        kernels.compute_mask(state.buf, mask)
        return mask

    @staticmethod
    def run_kernel(state: State, action: int) -> None:
        # kernels.act, then the kernel it names: see kernels.act for why not one kernel
        nxt = kernels.act(state.buf, state.mask, action)
        if nxt == kernels.ADVANCE:
            kernels.advance(state.buf, state.mask)
        elif nxt == kernels.ASK:
            kernels.compute_mask(state.buf, state.mask)


def new_game_v1(config: Config, seed: int) -> StateV1:
    """A caverna_ff_v1 game (its own state type, so JSON names the version)."""
    return deal_game(config, seed, StateV1)


class CavernaFFEngineV1(CavernaFFEngine):
    """caverna_ff_v1: the player houses animals (P_HOUSE, P_HOUSE_LIFT; docs/caverna_ff.md
    E17), or `auto_housing=True`, and 1-7 players; v0's action space extended (actions.py)
    and the same kernels as v0."""

    name = "caverna_ff_v1"
    num_actions = NUM_ACTIONS_V1
    player_counts = PLAYER_COUNTS_V1  # 5-7 players with their boards (rules B2, A6)
    max_players = MAX_PLAYERS
    state_type = StateV1
    options = OPTIONS_V1
    make_config = staticmethod(make_config_v1)
    new_game = staticmethod(new_game_v1)


ENGINE = CavernaFFEngine()
ENGINE_V1 = CavernaFFEngineV1()
# The same interface as module functions, next to new_game.
current_player = ENGINE.current_player
is_over = ENGINE.is_over
legal_action_mask = ENGINE.legal_action_mask
apply_action = ENGINE.apply_action
