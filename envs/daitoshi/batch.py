"""Daitoshi's part in the batched engines (envs.core.batch): its own apply_action and flat
encoder behind the driver's common signatures."""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.encoders.daitoshi import FLAT_SIZE, encode_into
from eurogym.envs.core.batch import GameBatch
from eurogym.envs.core.jit import KERNEL
from eurogym.envs.daitoshi import kernels
from eurogym.envs.daitoshi.config import Config


@njit(**KERNEL)
def step(buf, mask, action, tables):
    kernels.apply_action(buf, mask, action)


@njit(**KERNEL)
def encode(buf, me, out, tables):
    encode_into(buf, me, out)


def batch_kernels(config: Config) -> GameBatch:
    """The batched-driver view of the game (no tables: one placeholder array)."""
    return GameBatch(step, encode, (np.zeros(1, np.int64),), FLAT_SIZE, FLAT_SIZE)
