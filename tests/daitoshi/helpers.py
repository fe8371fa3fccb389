"""Scenario builders for Daitoshi rule tests: start a game, put a chosen seat at the start of its
turn, look components up by their data ids, and act by name. Tests set state fields directly
(`s.res[0] = ...`) and call `refresh(s)` so the legal mask matches the edited state."""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.data import load_component_data
from eurogym.envs.daitoshi import kernels
from eurogym.envs.daitoshi.actions import A_MOVE, NUM_ACTIONS
from eurogym.envs.daitoshi.rules import ENGINE
from eurogym.envs.daitoshi.state import EMPTY, P_TURN, S_TURN, State

DATA = load_component_data("eurogym.envs.daitoshi", "daitoshi.json")
_INV = [
    i["id"]
    for q in ("basic", "common", "innovative", "brilliant", "university")
    for i in DATA["inventions"][q]
]
_TILES = [t["id"] for ring in ("inner", "central", "outer") for t in DATA["district_tiles"][ring]]
_HEXES = [
    h["id"] for t in ("river", "forest", "mountain", "underground") for h in DATA["nature_hexes"][t]
]
_CITIES = [c["id"] for c in DATA["cities"]]


def inv(name: str) -> int:
    return _INV.index(name)


def tile(name: str) -> int:
    return _TILES.index(name)


def hex_id(name: str) -> int:
    return _HEXES.index(name)


def city(name: str) -> int:
    return _CITIES.index(name)


def new_state(num_players: int = 2, seed: int = 0, **options) -> State:
    return ENGINE.new_game(ENGINE.make_config(num_players, **options), seed)


def refresh(state: State) -> None:
    """Recompute the legal mask after editing fields by hand."""
    kernels.compute_mask(state.buf, state.mask, np.zeros(6, np.int64))


def start_turn(state: State, seat: int) -> None:
    """`seat` is about to choose its turn type (§6)."""
    state.set("active", seat)
    state.set("actor", seat)
    state.set("phase", P_TURN)
    state.set("step", S_TURN)
    state.set("stack_n", 0)
    refresh(state)


def district_of(state: State, tile_name: str) -> int:
    """The district whose inner tile is `tile_name` (e.g. "IN_TRADE")."""
    return int(np.flatnonzero(state.tile[:, 0] == tile(tile_name))[0])


def clear_tycoons(state: State, keep: int) -> None:
    """Only seat `keep`'s tycoon stays on the board (no neutral tycoon, no other seat)."""
    for t in range(len(state.tyc_d)):
        if t != keep:
            state.tyc_d[t] = EMPTY


def place_at(state: State, seat: int, district: int, space: int = 2) -> None:
    state.tyc_d[seat] = district
    state.tyc_s[seat] = space


def move(dist: int, space: int) -> int:
    """The MOVE action for 1-5 districts onto space 0 left / 1 middle / 2 right."""
    return A_MOVE + (dist - 1) * 3 + space


def legal(state: State) -> set[int]:
    return {int(a) for a in np.flatnonzero(state.mask)}


def act(state: State, *actions: int) -> None:
    """Apply actions in order through the checked engine step."""
    for a in actions:
        assert 0 <= a < NUM_ACTIONS
        ENGINE.apply_action(state, int(a))


def give_hex(state: State, seat: int, name: str) -> int:
    """Move hex `name` from wherever it is on a nature track (or the box) into `seat`'s
    exploration record; returns its id."""
    h = hex_id(name)
    t = int(state.c_hex_nature[h])
    for space in range(state.track_n.shape[1]):
        n = int(state.track_n[t, space])
        stack = state.track_hex[t, space, :n].tolist()
        if h in stack:
            stack.remove(h)
            state.track_hex[t, space] = 0
            state.track_hex[t, space, : n - 1] = stack
            state.track_n[t, space] = n - 1
    state.rec[seat, t, state.rec_n[seat, t]] = h
    state.rec_n[seat, t] += 1
    return h


def begin_action(state: State, seat: int, district: int) -> None:
    """`seat`'s tycoon stands on the right space of `district`, about to choose its action
    (§8.6); the turn then ends with the cleanup."""
    from eurogym.envs.daitoshi.state import P_ACTION, S_CLEANUP

    place_at(state, seat, district, 2)
    state.set("clock", state.clock + 1)  # the action is a new partnership event (§15)
    state.set("active", seat)
    state.set("actor", seat)
    state.set("phase", P_ACTION)
    state.set("step", S_CLEANUP)
    state.set("stack_n", 0)
    refresh(state)


def build(state: State, district: int, ring: int) -> int:
    """Expand `district`'s central (1) or outer (2) ring with the top tile of its pile."""
    k = int(state.pile_n[ring - 1]) - 1
    t = int(state.pile[ring - 1, k])
    state.tile[district, ring] = t
    state.pile_n[ring - 1] = k
    state.pile_top[ring - 1] = state.pile[ring - 1, k - 1] if k else EMPTY
    return t
