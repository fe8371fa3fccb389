"""Scenario builders for Belfort rule tests: start a game, skip the setup, put a chosen player
in a chosen phase, and act by name. Tests then set state fields directly (`s.res[0] = ...`)
and call `refresh(s)` so the legal mask matches the edited state."""

from __future__ import annotations

import numpy as np

from eurogym.envs.belfort import kernels, xkernels
from eurogym.envs.belfort.actions import A_CARD
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.state import EMPTY, P_ACTIONS, P_NP_DWARF, P_SETUP_DISCARD, State
from eurogym.envs.belfort.tables import SITE_GUILD


def new_state(num_players: int = 3, seed: int = 0, **options) -> State:
    """A game right after setup: the setup discards taken (each seat discards its first
    cards) and, with 2 players, the NP Dwarves put on the first free guilds. Month 1,
    Placement phase, shield-1 holder to act (with the expansion: month 2, the assistant
    draft, the shield-N holder to act)."""
    state = ENGINE.new_game(ENGINE.make_config(num_players, **options), seed)
    while state.phase == P_SETUP_DISCARD:
        ENGINE.apply_action(state, A_CARD + int(np.flatnonzero(state.hand[state.actor])[0]))
    while state.phase == P_NP_DWARF:
        ENGINE.apply_action(state, int(np.flatnonzero(state.mask)[0]))
    return state


def refresh(state: State) -> None:
    """Recompute the legal mask after editing fields by hand."""
    xkernels.compute_mask(state.buf, state.mask)


def start_actions_turn(state: State, player: int) -> None:
    """Put `player` at the start of their actions turn (§9.1), fresh per-turn limits."""
    state.set("turn_player", player)
    kernels.begin_turn(state.buf)
    refresh(state)
    assert state.phase == P_ACTIONS


def clear_board(state: State) -> None:
    """No markers, no planks occupied, no cards built, empty hands."""
    state.owner[:] = EMPTY
    state.guild_worker[:] = EMPTY
    state.built[:] = 0
    state.gnomes[:] = 0
    state.on_plank[:] = 0
    state.hand[:] = 0


def legal(state: State) -> set[int]:
    return {int(a) for a in np.flatnonzero(state.mask)}


def act(state: State, *actions: int) -> None:
    """Apply actions in order through the checked engine step."""
    for a in actions:
        assert 0 <= a < state.NUM_ACTIONS
        ENGINE.apply_action(state, int(a))


def guild_site(state: State, guild: int) -> int:
    """The site of the guild spot holding `guild` (a tables.py guild index)."""
    return SITE_GUILD + int(np.flatnonzero(state.guild_of == guild)[0])
