"""The Daitoshi engine: set-up, the checked step, scores, JSON. Usable without PettingZoo;
`ENGINE` implements envs.core.engine.Engine."""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.engine import FlatEngine, action_index
from eurogym.envs.daitoshi import kernels
from eurogym.envs.daitoshi.actions import NUM_ACTIONS, describe
from eurogym.envs.daitoshi.config import OPTIONS, PLAYER_COUNTS, Config, make_config
from eurogym.envs.daitoshi.deal import deal_game
from eurogym.envs.daitoshi.invariants import check_invariants
from eurogym.envs.daitoshi.mayor import MAYOR
from eurogym.envs.daitoshi.scoring import NUM_PARTS, score_parts
from eurogym.envs.daitoshi.state import MAX_SEATS, P_GAME_OVER, PHASE_NAMES, State
from eurogym.envs.daitoshi.statecheck import check_state
from eurogym.envs.daitoshi.words import describe_action


def new_game(config: Config, seed: int) -> State:
    """Set up a game (§5, §18.1); `seed` fixes every random choice through the state's own
    RNG. The first decision is the start player's turn type."""
    return deal_game(config, seed)


def final_scores(state: State) -> np.ndarray:
    """VP per player plus the §17.4 tie-break (steam left) as a fraction below 1, so the highest
    value wins and equal values share the victory. Solo: the human's VP (see `mayor_score`)."""
    n = state.num_players
    return state.vp[:n].astype(np.float64) + np.minimum(state.steam[:n], 999) / 1000.0


def mayor_score(state: State) -> int:
    """The solo Mayor's VP (§18.5); the human wins only with strictly more."""
    return int(state.vp[MAYOR])


def score_table(state: State) -> np.ndarray:
    """int64[seats, 7]: each seat's final-scoring parts (scoring.PART_NAMES: VP, forest,
    mountain, underground, river, conflict penalty, leftovers), as they would score now.

    Once the game is over the stored VP already include the parts (final_scoring adds them),
    so the VP column is then the VP earned before final scoring: each row sums to the seat's
    final VP instead of counting the parts twice."""
    out = np.zeros((state.seats, NUM_PARTS), np.int64)
    for p in range(state.seats):
        score_parts(state.buf, p, out[p])
        if state.phase == P_GAME_OVER:
            out[p, 0] = state.vp[p] - out[p, 1:].sum()
    return out


class DaitoshiEngine(FlatEngine):
    """The Engine for Daitoshi: this module's set-up and scores, with the checked step, masks
    and JSON shared by every game (FlatEngine)."""

    name = "daitoshi_v0"
    game = "daitoshi"
    num_actions = NUM_ACTIONS
    player_counts = PLAYER_COUNTS
    max_players = MAX_SEATS - 1
    state_type = State
    phase_names = PHASE_NAMES
    game_over_phase = P_GAME_OVER
    options = OPTIONS

    make_config = staticmethod(make_config)
    new_game = staticmethod(new_game)
    describe = staticmethod(describe)
    check_state = staticmethod(check_state)
    check_invariants = staticmethod(check_invariants)

    def describe_action(self, state: State, action: int) -> str:
        """The phase's reading of the action plus what the state says it yields (words.py)."""
        self._require_state(state)
        return describe_action(state, action_index(action))

    def final_scores(self, state: State) -> np.ndarray:
        """Module `final_scores`, for this game's states only (TypeError for a foreign one)."""
        self._require_state(state)
        return final_scores(state)

    def solo_outcome(self, state: State) -> tuple[bool, float]:
        """§18.5: the player wins only with strictly more VP than the Mayor (no steam
        tie-break); the margin is the VP difference."""
        self._require_state(state)
        me, mayor = int(state.vp[0]), mayor_score(state)
        return me > mayor, float(me - mayor)

    @staticmethod
    def compute_mask(state: State) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, np.int8)
        kernels.compute_mask(state.buf, mask, np.zeros(6, np.int64))
        return mask

    @staticmethod
    def run_kernel(state: State, action: int) -> None:
        kernels.apply_action(state.buf, state.mask, action)


ENGINE = DaitoshiEngine()
# The same interface as module functions, next to new_game.
current_player = ENGINE.current_player
is_over = ENGINE.is_over
legal_action_mask = ENGINE.legal_action_mask
apply_action = ENGINE.apply_action
