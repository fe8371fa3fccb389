"""Caverna: Frantic Fiends' part in the batched engines (envs.core.batch): its own
apply_action and flat encoder behind the driver's common signatures."""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.encoders.caverna_ff import FLAT_SIZE, FLAT_SIZE_V1, _fill_flat, _fill_flat_v1
from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.config import Config
from eurogym.envs.caverna_ff.state import HOUSING_E1
from eurogym.envs.core.batch import GameBatch
from eurogym.envs.core.jit import KERNEL


@njit(**KERNEL)
def step(buf, mask, action, tables):
    kernels.apply_action(buf, mask, action)


@njit(**KERNEL)
def encode(buf, me, out, tables):
    _fill_flat(buf, me, out)


@njit(**KERNEL)
def encode_v1(buf, me, out, tables):
    _fill_flat_v1(buf, me, out)


def batch_kernels(config: Config) -> GameBatch:
    """The batched-driver view of the game (no tables: one placeholder array); a
    caverna_ff_v1 config (any housing but v0's E1) encodes as its env does."""
    tables = (np.zeros(1, np.int64),)
    if config.housing != HOUSING_E1:
        return GameBatch(step, encode_v1, tables, FLAT_SIZE_V1, FLAT_SIZE_V1)
    return GameBatch(step, encode, tables, FLAT_SIZE, FLAT_SIZE)
