"""The Caverna: Frantic Fiends engine: set-up, the checked step, scores, JSON. Usable without
PettingZoo; `ENGINE` implements envs.core.engine.Engine."""

from __future__ import annotations

from typing import Any

import numpy as np

from envs.caverna_ff import kernels
from envs.caverna_ff.actions import NUM_ACTIONS, describe
from envs.caverna_ff.config import PLAYER_COUNTS, Config, make_config
from envs.caverna_ff.deal import deal_game
from envs.caverna_ff.scoring import BREAKDOWN, cave_orcs, score_breakdown
from envs.caverna_ff.state import MAX_PLAYERS, P_GAME_OVER, PHASE_NAMES, State
from envs.core.engine import decider_mask, require_legal


def new_game(config: Config, seed: int) -> State:
    """Set up a game (A4, B2); `seed` fixes every random choice through the state's RNG."""
    return deal_game(config, seed)


def current_player(state: State) -> int:
    return state.actor


def is_over(state: State) -> bool:
    return state.phase == P_GAME_OVER


def legal_action_mask(state: State, player: int) -> np.ndarray:
    """int8 mask for `player`; all zeros unless it is their decision. The returned array is
    the state's own (read it, don't write it)."""
    return decider_mask(state.mask, player, state.actor, is_over(state))


def apply_action(state: State, action: int) -> None:
    """Apply one decision in place. Raises IllegalActionError (a ValueError) naming the action
    and the phase, leaving the state untouched, if the mask forbids it."""
    phase = state.phase
    require_legal("caverna_ff", state.mask, action, describe, PHASE_NAMES[phase], state.actor)
    kernels.apply_action(state.buf, state.mask, action)


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


class CavernaFFEngine:
    """The Engine protocol for Caverna: Frantic Fiends (module functions bound as methods)."""

    name = "caverna_ff_v0"
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


ENGINE = CavernaFFEngine()
