"""Kingdom Builder's part in the batched engines (envs.core.batch): its own apply_action and
flat encoder behind the driver's common signatures."""

from __future__ import annotations

from numba import njit

from eurogym.encoders.kingdom_builder import (
    _PLANE_OF_TERRAIN,
    FLAT_SIZE,
    X_FLAT_SIZE,
    _fill_big,
    _fill_flat,
)
from eurogym.envs.core.batch import GameBatch
from eurogym.envs.core.jit import KERNEL
from eurogym.envs.kingdom_builder import kernels
from eurogym.envs.kingdom_builder.config import Config
from eurogym.envs.kingdom_builder.tables import NEIGHBOURS


@njit(**KERNEL)
def step(buf, mask, action, tables):
    kernels.apply_action(buf, tables[0], mask, action)


@njit(**KERNEL)
def encode(buf, me, out, tables):
    _fill_flat(buf, me, tables[1], out)


@njit(**KERNEL)
def encode_big_box(buf, me, out, tables):
    _fill_flat(buf, me, tables[1], out[:FLAT_SIZE])
    _fill_big(buf, me, out[FLAT_SIZE:])


def batch_kernels(config: Config) -> GameBatch:
    """The batched-driver view of the game (tables: neighbours, encoder terrain planes); a
    Big Box game (expansions or a board file) encodes its expansion part too."""
    tables = (NEIGHBOURS, _PLANE_OF_TERRAIN)
    if config.big_box:
        return GameBatch(step, encode_big_box, tables, X_FLAT_SIZE, X_FLAT_SIZE)
    return GameBatch(step, encode, tables, FLAT_SIZE, FLAT_SIZE)
