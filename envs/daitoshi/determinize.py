"""Resampling Daitoshi's hidden information consistently with one player's view (for search
agents: agents.base.DETERMINIZERS). Hidden (§19): the order of the invention piles, the
district-tile piles below their visible top, the Mayor deck, and which hexes lie on the
nature tracks. Everything else stays as it is, so the player's observation and legal actions
are unchanged."""

from __future__ import annotations

import numpy as np

from eurogym.envs.daitoshi.state import EMPTY, State
from eurogym.envs.daitoshi.tables import HEX_COUNTS


def _public_hexes(state: State) -> set[int]:
    """Hexes whose identity every player has seen: discards, records, tiles, the Mayor's."""
    seen = set(state.tile_hex[state.tile_hex != EMPTY].tolist())
    seen |= set(state.mayor_rec[state.mayor_rec != EMPTY].tolist())
    for t in range(4):
        seen |= set(state.discard[t, : state.discard_n[t]].tolist())
        for p in range(state.seats):
            seen |= set(state.rec[p, t, : state.rec_n[p, t]].tolist())
    return seen


def resample_hidden(state: State, player: int, rng: np.random.Generator) -> None:
    """Shuffle the piles below what is visible and redeal the track hexes from every hex of the
    right type nobody has seen (including those left in the box at setup), in place."""
    for q in range(3):
        n = int(state.inv_pile_n[q])
        state.inv_pile[q, :n] = rng.permutation(np.sort(state.inv_pile[q, :n]))
    for ring in range(2):
        n = int(state.pile_n[ring])
        if n > 1:
            state.pile[ring, : n - 1] = rng.permutation(np.sort(state.pile[ring, : n - 1]))
    pos, end = int(state.mayor_pos), int(state.mayor_end)
    state.mayor_deck[pos:end] = rng.permutation(np.sort(state.mayor_deck[pos:end]))
    seen = _public_hexes(state)
    first = 0
    for t, count in enumerate(HEX_COUNTS):
        pool = rng.permutation([h for h in range(first, first + count) if h not in seen])
        first += count
        k = 0
        for space in range(state.track_n.shape[1]):
            for i in range(int(state.track_n[t, space])):
                state.track_hex[t, space, i] = pool[k]
                k += 1
