"""Belfort's part in the batched engines (envs.core.batch): its own apply_action and flat
encoder behind the driver's common signatures.

Belfort's encoder applies a gather/scatter plan made per (num_players, observer); every game of
a batch has the same player count, so the plans of all its observers are stacked into the
tables (one row per seat) and the kernel picks the row of the seat it encodes for."""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.encoders.belfort import FLAT_SIZE, X_FLAT_SIZE, _fill, plan
from eurogym.envs.belfort import xkernels
from eurogym.envs.belfort.config import Config
from eurogym.envs.core.batch import GameBatch
from eurogym.envs.core.jit import KERNEL


@njit(**KERNEL)
def step(buf, mask, action, tables):
    xkernels.apply_action(buf, mask, action)  # base and expansion states alike


@njit(**KERNEL)
def encode(buf, me, out, tables):
    src, scale, offset, hot_src, hot_row, table, extra = tables
    _fill(buf, src[me], scale[me], offset[me], hot_src[me], hot_row[me], table[me], extra[me], out)


def batch_kernels(config: Config) -> GameBatch:
    """The batched-driver view of the game; the encoder writes one spare slot (plan._DUMP)."""
    x = config.expansion or config.promo_guilds  # an XState, with the expansion's entry
    plans = [plan(config.num_players, me, x) for me in range(config.num_players)]
    names = ("src", "scale", "offset", "hot_src", "hot_row", "table", "extra")
    tables = tuple(np.ascontiguousarray(np.stack([getattr(p, n) for p in plans])) for n in names)
    size = X_FLAT_SIZE if x else FLAT_SIZE
    return GameBatch(step, encode, tables, size, size + 1)
