"""Scenario builders for Caverna: Frantic Fiends rule tests: start a game, put a player into a
chosen decision (an orc event step, an expedition), edit fields directly and act by name."""

from __future__ import annotations

import numpy as np

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_CONVERT,
    A_RUBY,
    NUM_ACTIONS,
    NUM_CONVERSIONS,
    NUM_RUBY_TRADES,
)
from eurogym.envs.caverna_ff.board import rehouse
from eurogym.envs.caverna_ff.rules import ENGINE
from eurogym.envs.caverna_ff.state import P_PLACE, ST_EVENT, State
from eurogym.envs.caverna_ff.tables import COLS

# the any-time actions (spec A7 rubies, A12 food conversions), offered at every decision
RUBY_TRADES = set(range(A_RUBY, A_RUBY + NUM_RUBY_TRADES))
CONVERSIONS = set(range(A_CONVERT, A_CONVERT + NUM_CONVERSIONS))
ANYTIME = RUBY_TRADES | CONVERSIONS


def cell(r: int, c: int) -> int:
    return r * COLS + c


def new_state(num_players: int = 1, seed: int = 0, **options) -> State:
    """A game at its first decision (round 1, the start player's first placement)."""
    state = ENGINE.new_game(ENGINE.make_config(num_players, **options), seed)
    assert state.phase == P_PLACE and state.round == 1
    return state


def refresh(state: State) -> None:
    """Recompute the legal mask after editing fields by hand."""
    kernels.compute_mask(state.buf, state.mask)


def house(state: State, player: int) -> None:
    """Re-place the player's animals after editing their counts (auto-housing, E1)."""
    rehouse(state.buf, player)


def legal(state: State) -> set[int]:
    return {int(a) for a in np.flatnonzero(state.mask)}


def act(state: State, *actions: int) -> None:
    """Apply actions in order through the checked engine step."""
    for a in actions:
        assert 0 <= a < NUM_ACTIONS
        ENGINE.apply_action(state, int(a))


def start_event(state: State, board: int, letter: int, card: int, seat_pos: int = 0) -> None:
    """Jump to orc event `board` (0-3) for orc `letter`, the player at turn position
    `seat_pos` drawing movement card `card` of the board's deck; the state then waits for that
    player's bribe/push step (spec B8 step 2)."""
    state.set("stage", ST_EVENT)
    state.set("ev", board)
    state.set("ev_letter", letter)
    state.set("ev_seat", seat_pos)
    state.set("ev_moving", 0)
    state.set("events_done", board)
    state.ev_dealt[:] = 1
    state.ev_dealt[card] = 0  # the only card left: the one this test wants dealt
    state.set("stack_n", 0)
    kernels.advance(state.buf, state.mask)


def start_expedition(state: State, player: int, dwarf: int, level: int) -> None:
    """Put `player`'s dwarf `dwarf` at the loot choice of a level-`level` expedition."""
    state.set("cur_person", dwarf)
    state.set("stack_n", 0)
    kernels.start_expedition(state.buf, player, level, int(state.weapon[player, dwarf]), 0)
    refresh(state)
