"""The Belfort engine: set-up, the checked step, scores, JSON. Usable without PettingZoo;
`ENGINE` implements envs.core.engine.Engine."""

from __future__ import annotations

import numpy as np

from eurogym.envs.belfort import kernels
from eurogym.envs.belfort.actions import NUM_ACTIONS, describe
from eurogym.envs.belfort.config import OPTIONS, PLAYER_COUNTS, Config, make_config
from eurogym.envs.belfort.deal import deal_game
from eurogym.envs.belfort.invariants import check_invariants, check_state
from eurogym.envs.belfort.scoring import BREAKDOWN, competitors, score_breakdown
from eurogym.envs.belfort.state import MAX_PLAYERS, P_GAME_OVER, PHASE_NAMES, State
from eurogym.envs.belfort.tables import GOLD, METAL, STONE, WOOD
from eurogym.envs.core.engine import FlatEngine


def new_game(config: Config, seed: int) -> State:
    """Set up a game (§4.1, §13); `seed` fixes every random choice (guilds, deck order,
    shields) through the state's own RNG. The first decision is seat 0's setup discard."""
    return deal_game(config, seed)


def tiebreak_value(state: State) -> np.ndarray:
    """§12: wood + stone + 2 x metal + gold per seat."""
    res = state.res[: state.num_players]
    return res[:, WOOD] + res[:, STONE] + 2 * res[:, METAL] + res[:, GOLD]


def final_scores(state: State) -> np.ndarray:
    """Points per seat plus the §12 tie-break as a fraction (< 1), so the highest value wins
    and equal values share the victory."""
    n = state.num_players
    return state.score[:n].astype(np.float64) + tiebreak_value(state) / 1000.0


def score_table(state: State) -> np.ndarray:
    """int64[competitors, 8]: the points each competitor would score now per district and
    race (columns scoring.BREAKDOWN); rows 2-3 are the non-players in a 2-player game."""
    out = np.zeros((competitors(state.buf), len(BREAKDOWN)), np.int64)
    score_breakdown(state.buf, out)
    return out


class BelfortEngine(FlatEngine):
    """The Engine for Belfort: this module's set-up and scores, with the checked step, masks
    and JSON shared by every game (FlatEngine)."""

    name = "belfort_v0"
    game = "belfort"
    num_actions = NUM_ACTIONS
    player_counts = PLAYER_COUNTS
    max_players = MAX_PLAYERS
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
        """Points plus the §12 tie-break per seat (module `final_scores`); a state of another
        game raises TypeError instead of being read with this game's field names."""
        self._require_state(state)
        return final_scores(state)

    @staticmethod
    def compute_mask(state: State) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, np.int8)
        kernels.compute_mask(state.buf, mask)
        return mask

    @staticmethod
    def run_kernel(state: State, action: int) -> None:
        kernels.apply_action(state.buf, state.mask, action)


ENGINE = BelfortEngine()
# The same interface as module functions, next to new_game.
current_player = ENGINE.current_player
is_over = ENGINE.is_over
legal_action_mask = ENGINE.legal_action_mask
apply_action = ENGINE.apply_action
