"""The Belfort engine: set-up, the checked step, scores, JSON. Usable without PettingZoo;
`ENGINE` implements envs.core.engine.Engine."""

from __future__ import annotations

from typing import Any

import numpy as np

from envs.belfort import kernels
from envs.belfort.actions import NUM_ACTIONS, describe
from envs.belfort.config import PLAYER_COUNTS, Config, make_config
from envs.belfort.deal import deal_game
from envs.belfort.scoring import BREAKDOWN, competitors, score_breakdown
from envs.belfort.state import MAX_PLAYERS, P_GAME_OVER, PHASE_NAMES, State
from envs.belfort.tables import GOLD, METAL, STONE, WOOD
from envs.core.engine import decider_mask, require_legal


def new_game(config: Config, seed: int) -> State:
    """Set up a game (§4.1, §13); `seed` fixes every random choice (guilds, deck order,
    shields) through the state's own RNG. The first decision is seat 0's setup discard."""
    return deal_game(config, seed)


def current_player(state: State) -> int:
    return state.actor


def is_over(state: State) -> bool:
    return state.phase == P_GAME_OVER


def legal_action_mask(state: State, player: int) -> np.ndarray:
    """int8[184] mask for `player`; all zeros unless it is their decision. The returned array
    is the state's own (read it, don't write it)."""
    return decider_mask(state.mask, player, state.actor, is_over(state))


def apply_action(state: State, action: int) -> None:
    """Apply one decision in place. Raises IllegalActionError (a ValueError) naming the action
    and the phase, leaving the state untouched, if the mask forbids it."""
    phase = state.phase
    require_legal("belfort", state.mask, action, describe, PHASE_NAMES[phase], state.actor)
    kernels.apply_action(state.buf, state.mask, action)


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


class BelfortEngine:
    """The Engine protocol for Belfort (module functions bound as methods)."""

    name = "belfort_v0"
    num_actions = NUM_ACTIONS
    player_counts = PLAYER_COUNTS
    max_players = MAX_PLAYERS

    make_config = staticmethod(make_config)
    new_game = staticmethod(new_game)
    current_player = staticmethod(current_player)
    legal_action_mask = staticmethod(legal_action_mask)
    apply_action = staticmethod(apply_action)
    is_over = staticmethod(is_over)
    final_scores = staticmethod(final_scores)

    @staticmethod
    def describe_action(state: State, action: int) -> str:
        return describe(action, state.phase)

    @staticmethod
    def to_json(state: State) -> str:
        return state.to_json()

    @staticmethod
    def from_json(text: str) -> Any:
        return State.from_json(text)


ENGINE = BelfortEngine()
