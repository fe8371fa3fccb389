"""Caverna: Frantic Fiends observation encoders (hidden information filtered here).

Seats are rotated: relative seat k is seat (me + k) % n, so index 0 is always "mine"; seats
k >= n encode as zeros. Never read: the face-down round cards and harvest markers of later
rounds (`card_order`, `marker_order`), the shuffled movement deck (`ev_deck`) and the RNG. All
values are float32 in [0, 1] ("/x": divided by x, clipped to 1).

`encode_planes(state, me)` -> float32[4 * PLANES_PER_SEAT, 4, 6]: per relative seat the 4x6
home board as planes (PLANE_NAMES): tile one-hot (8), furnishing present, furnishing points
/10, dwelling room /2, orc room, pasture small / large, stable, crop /3, crop is vegetable,
goods on a mine /6, trap present, trap active, trap type one-hot (4), animals by type /8 (5),
hostile orc here by letter (4), orc held here.

`encode_flat(state, me)` -> float32[FLAT_SIZE]: the planes flattened, then SCALARS:
    per relative seat (4 x SEAT_SCALARS): goods /20 (13), begging /10, dwarf state one-hot
        absent/adult/newborn/hostage (6 x 4), weapons /14 (6), dwarf placed this round (6),
        orc state one-hot (4 x 6), orc strength /22 (4), friendly orc placed (4), supplier
        rounds left /7 (3), start player, current score estimate is not included
    action spaces: open (38), occupant none/relative seat one-hot (38 x 5), accumulated
        goods /10 (38 x 13)
    round one-hot 1..12, revealed round card per round one-hot over spaces (12 x 38),
        revealed harvest marker per round none/plain/orc (12 x 3), events done one-hot (5),
        bribe good per event board one-hot (4 x 13)
    supply: furnishings left /7 (27), traps left /7 (4), reward spaces free/relative seat
        one-hot (16 x 5)
    decision: phase one-hot, actor relative seat one-hot (4), active orc letter (4), active
        movement card steps one-hot (3 x 5: U D L R none), pushed, expedition loot left /4,
        expedition strength /14, loot taken (26), cell kind one-hot (5), twin kind one-hot
        (5), pending furnishing/trap id /27, sub values /20 (4), sown grain/veg /2 (2),
        farming items used (3), harvest kind one-hot (6)
"""

from __future__ import annotations

import numpy as np

from envs.caverna_ff.actions import NUM_ACTIONS  # noqa: F401  (documented next to the space)
from envs.caverna_ff.spaces import NUM_SPACES
from envs.caverna_ff.state import MAX_DWARFS, MAX_PLAYERS, MAX_ROUNDS, PHASE_NAMES, State
from envs.caverna_ff.tables import (
    CELLS,
    COLS,
    FURN_ORC_ROOM,
    FURN_POINTS,
    FURN_ROOM,
    NUM_ANIMALS,
    NUM_FURN,
    NUM_GOODS,
    NUM_LOOT,
    NUM_ORCS,
    NUM_REWARDS,
    NUM_TRAPS,
    ROWS,
)

PLANE_NAMES = (
    tuple(f"tile_{k}" for k in range(8))
    + ("furnished", "furn_points", "dwarf_room", "orc_room", "pasture_small", "pasture_large")
    + ("stable", "crop", "crop_vegetable", "mine_goods", "trap", "trap_active")
    + tuple(f"trap_{k}" for k in range(NUM_TRAPS))
    + tuple(f"animal_{k}" for k in range(NUM_ANIMALS))
    + tuple(f"orc_{k}" for k in "ABCD")
    + ("orc_held",)
)
PLANES_PER_SEAT = len(PLANE_NAMES)
PLANES_SHAPE = (MAX_PLAYERS * PLANES_PER_SEAT, ROWS, COLS)
SEAT_SCALARS = NUM_GOODS + 1 + MAX_DWARFS * 4 + 2 * MAX_DWARFS + NUM_ORCS * 6 + 2 * NUM_ORCS + 3 + 1
SCALARS = (
    MAX_PLAYERS * SEAT_SCALARS
    + NUM_SPACES * (1 + 5 + NUM_GOODS)
    + MAX_ROUNDS * (1 + NUM_SPACES + 3)
    + 5
    + 4 * NUM_GOODS
    + NUM_FURN
    + NUM_TRAPS
    + NUM_REWARDS * 5
    + len(PHASE_NAMES)
    + 4
    + 4
    + 15
    + 1
    + 2
    + NUM_LOOT
    + 5
    + 5
    + 1
    + 4
    + 2
    + 3
    + 6
)
FLAT_SIZE = int(np.prod(PLANES_SHAPE)) + SCALARS
_FURN_POINTS = np.append(FURN_POINTS, 0) / 10.0
_FURN_ROOM = np.append(FURN_ROOM, 0) / 2.0
_FURN_ORC = np.append(FURN_ORC_ROOM, 0).astype(np.float32)


def _seat_planes(state: State, p: int, out: np.ndarray) -> None:
    """Fill out[PLANES_PER_SEAT, 24] with seat p's board."""
    tile = state.tile[p]
    out[tile, np.arange(CELLS)] = 1.0
    f = state.furn[p] - 1  # -1 none
    k = 8
    out[k] = f >= 0
    out[k + 1] = np.minimum(_FURN_POINTS[f], 1.0) * (f >= 0)
    out[k + 2] = _FURN_ROOM[f] * (f >= 0)
    out[k + 3] = _FURN_ORC[f] * (f >= 0)
    out[k + 4] = state.pasture[p] == 1
    out[k + 5] = state.pasture[p] >= 2
    out[k + 6] = state.stable[p]
    out[k + 7] = np.minimum(state.crop[p] / 3.0, 1.0)
    out[k + 8] = state.crop_kind[p]
    out[k + 9] = np.minimum(state.mine_goods[p] / 6.0, 1.0)
    trap = state.trap[p] - 1
    out[k + 10] = trap >= 0
    out[k + 11] = state.trap_active[p]
    cells = np.flatnonzero(trap >= 0)
    out[k + 12 + trap[cells], cells] = 1.0
    k += 12 + NUM_TRAPS
    out[k : k + NUM_ANIMALS] = np.minimum(state.animal_at[p].T / 8.0, 1.0)
    k += NUM_ANIMALS
    for o in range(NUM_ORCS):
        s, c = state.orc_state[p, o], state.orc_cell[p, o]
        if s in (1, 2, 3) and c >= 0:
            out[k + o, c] = 1.0
            if s == 2:
                out[k + NUM_ORCS, c] = 1.0


def encode_planes(state: State, me: int) -> np.ndarray:
    """float32[4 * PLANES_PER_SEAT, 4, 6]: every seat's home board, mine first."""
    n = state.num_players
    planes = np.zeros((MAX_PLAYERS, PLANES_PER_SEAT, CELLS), np.float32)
    for k in range(n):
        _seat_planes(state, (me + k) % n, planes[k])
    return planes.reshape(PLANES_SHAPE)


def _one_hot(size: int, index: int) -> np.ndarray:
    v = np.zeros(size, np.float32)
    if 0 <= index < size:
        v[index] = 1.0
    return v


def _rel(n: int, me: int, seat: int) -> int:
    """Relative seat + 1 (0 = nobody)."""
    return 0 if seat < 0 else (seat - me) % n + 1


def encode_flat(state: State, me: int) -> np.ndarray:
    """float32[FLAT_SIZE] (module docstring lists every entry)."""
    n = state.num_players
    parts = [encode_planes(state, me).ravel()]
    for k in range(MAX_PLAYERS):
        if k >= n:
            parts.append(np.zeros(SEAT_SCALARS, np.float32))
            continue
        p = (me + k) % n
        parts += [
            np.minimum(state.res[p] / 20.0, 1.0),
            [min(state.begging[p] / 10.0, 1.0)],
            np.eye(4, dtype=np.float32)[state.dwarf[p]].ravel(),
            state.weapon[p] / 14.0,
            state.dwarf_space[p] >= 0,
            np.eye(6, dtype=np.float32)[state.orc_state[p]].ravel(),
            np.minimum(state.orc_str[p] / 22.0, 1.0),
            state.orc_space[p] >= 0,
            state.supplier_left[p] / 7.0,
            [float(state.start_player == p)],
        ]
    occ = np.array([_rel(n, me, s) for s in state.occupant])
    parts += [state.space_open, np.eye(5, dtype=np.float32)[occ].ravel()]
    parts.append(np.minimum(state.accum / 10.0, 1.0).ravel())
    parts.append(_one_hot(MAX_ROUNDS, state.round - 1))
    cards = np.zeros((MAX_ROUNDS, NUM_SPACES), np.float32)
    shown = np.flatnonzero(state.card >= 0)
    cards[shown, state.card[shown]] = 1.0
    parts.append(cards.ravel())
    parts.append(np.eye(3, dtype=np.float32)[state.marker + 1].ravel())
    parts.append(_one_hot(5, state.events_done))
    parts.append(np.eye(NUM_GOODS, dtype=np.float32)[state.bribe_good].ravel())
    parts.append(np.minimum(state.furn_left / 7.0, 1.0))
    parts.append(np.minimum(state.trap_left / 7.0, 1.0))
    taken = np.array([_rel(n, me, s - 1) for s in state.reward_taken])
    parts.append(np.eye(5, dtype=np.float32)[taken].ravel())
    parts.append(_one_hot(len(PHASE_NAMES), state.phase))
    parts.append(_one_hot(4, (state.actor - me) % n))
    parts.append(_one_hot(4, state.ev_letter if state.ev >= 0 else -1))
    steps = np.zeros((3, 5), np.float32)
    if state.ev >= 0 and state.ev_card >= 0:
        deck = state.p_event_deck[state.ev] - 1
        steps[np.arange(3), state.p_card_steps[deck, state.ev_card]] = 1.0  # -1 -> "none"
    parts += [steps.ravel(), [float(state.ev_pushed)]]
    parts.append([min(state.exp_left / 4.0, 1.0), min(state.exp_strength / 14.0, 1.0)])
    parts.append(((state.exp_taken[0] >> np.arange(NUM_LOOT)) & 1).astype(np.float32))
    parts += [_one_hot(5, state.cell_kind), _one_hot(5, state.twin_kind)]
    parts.append([min(max(state.pending_tile, 0) / 27.0, 1.0)])
    parts.append(np.clip(state.sub / 20.0, 0.0, 1.0))
    parts.append(state.sown / 2.0)
    parts.append(((state.farm_used >> np.arange(3)) & 1).astype(np.float32))
    parts.append(_one_hot(6, state.harvest_kind))
    out = np.concatenate([np.asarray(x, np.float32).ravel() for x in parts])
    assert out.shape == (FLAT_SIZE,), out.shape
    return np.clip(out, 0.0, 1.0)
