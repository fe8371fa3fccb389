"""The Daitoshi engine: set-up, the checked step, scores, JSON. Usable without PettingZoo;
`ENGINE` implements envs.core.engine.Engine."""

from __future__ import annotations

from typing import Any

import numpy as np

from envs.core.engine import decider_mask, require_legal
from envs.daitoshi import kernels
from envs.daitoshi.actions import NUM_ACTIONS, describe
from envs.daitoshi.config import PLAYER_COUNTS, Config, make_config
from envs.daitoshi.deal import deal_game
from envs.daitoshi.mayor import MAYOR
from envs.daitoshi.scoring import NUM_PARTS, score_parts
from envs.daitoshi.state import MAX_SEATS, P_GAME_OVER, PHASE_NAMES, State


def new_game(config: Config, seed: int) -> State:
    """Set up a game (§5, §18.1); `seed` fixes every random choice through the state's own
    RNG. The first decision is the start player's turn type."""
    return deal_game(config, seed)


def current_player(state: State) -> int:
    return state.actor


def is_over(state: State) -> bool:
    return state.phase == P_GAME_OVER


def legal_action_mask(state: State, player: int) -> np.ndarray:
    """int8[151] mask for `player`; all zeros unless it is their decision. The returned array
    is the state's own (read it, don't write it)."""
    return decider_mask(state.mask, player, state.actor, is_over(state))


def apply_action(state: State, action: int) -> None:
    """Apply one decision in place. Raises IllegalActionError (a ValueError) naming the action
    and the phase, leaving the state untouched, if the mask forbids it."""
    phase = state.phase
    require_legal("daitoshi", state.mask, action, describe, PHASE_NAMES[phase], state.actor)
    kernels.apply_action(state.buf, state.mask, action)


def final_scores(state: State) -> np.ndarray:
    """VP per player plus the §17.4 tie-break (steam left) as a fraction below 1, so the highest
    value wins and equal values share the victory. Solo: the human's VP (see `mayor_score`)."""
    n = state.num_players
    return state.vp[:n].astype(np.float64) + np.minimum(state.steam[:n], 999) / 1000.0


def mayor_score(state: State) -> int:
    """The solo Mayor's VP (§18.5); the human wins only with strictly more."""
    return int(state.vp[MAYOR])


def score_table(state: State) -> np.ndarray:
    """int64[seats, 7]: each seat's final-scoring parts as they stand now (scoring.PART_NAMES:
    VP, forest, mountain, underground, river, conflict penalty, leftovers)."""
    out = np.zeros((state.seats, NUM_PARTS), np.int64)
    for p in range(state.seats):
        score_parts(state.buf, p, out[p])
    return out


class DaitoshiEngine:
    """The Engine protocol for Daitoshi (module functions bound as methods)."""

    name = "daitoshi_v0"
    num_actions = NUM_ACTIONS
    player_counts = PLAYER_COUNTS
    max_players = MAX_SEATS - 1

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


ENGINE = DaitoshiEngine()
