"""Caverna: Frantic Fiends' part in the batched engines (envs.core.batch): its own
apply_action and flat encoder behind the driver's common signatures."""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.encoders.caverna_ff import FLAT_SIZE, _fill_flat
from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.config import Config
from eurogym.envs.core.batch import GameBatch
from eurogym.envs.core.jit import KERNEL


@njit(**KERNEL)
def step(buf, mask, action, tables):
    kernels.apply_action(buf, mask, action)


@njit(**KERNEL)
def encode(buf, me, out, tables):
    _fill_flat(buf, me, out)


def batch_kernels(config: Config) -> GameBatch:
    """The batched-driver view of the game (no tables: one placeholder array)."""
    return GameBatch(step, encode, (np.zeros(1, np.int64),), FLAT_SIZE, FLAT_SIZE)
