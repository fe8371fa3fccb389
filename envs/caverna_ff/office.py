"""The Office Room (rules A10, E23): the action numbers of its border cells and overhanging
twin placements. A cell or twin placement is one index everywhere in the kernels (cells 0-43,
placements 0-135, tables.CELLS_ALL / NUM_TWIN_ALL); only the action numbers split, since v0's
CELL and TWIN ranges may not move: the border's come after v1's earlier actions (actions.py).
Plain kernels, which LLVM inlines, not INLINE: many kernels call them, and numba would type an
INLINE body once per call site (tests/core/test_jit_inline.py)."""

from __future__ import annotations

from numba import njit

from eurogym.envs.caverna_ff.actions import (
    A_CELL,
    A_CELL_X,
    A_FURN,
    A_FURN_X,
    A_OFFICE,
    A_TWIN,
    A_TWIN_X,
)
from eurogym.envs.caverna_ff.tables import CELLS, F_OFFICE, FX_FIRST, NUM_FURN, NUM_TWIN
from eurogym.envs.core.jit import KERNEL


@njit(**KERNEL)
def cell_action(c):
    """The action that answers a cell question with cell c: CELL c, or CELL_X on the border."""
    return A_CELL + c if c < CELLS else A_CELL_X + c - CELLS


@njit(**KERNEL)
def action_cell(a):
    """The cell a CELL or CELL_X action names."""
    return a - A_CELL if a < A_CELL_X else a - A_CELL_X + CELLS


@njit(**KERNEL)
def twin_action(i):
    """The action of twin placement i: TWIN i, or TWIN_X for an overhanging one."""
    return A_TWIN + i if i < NUM_TWIN else A_TWIN_X + i - NUM_TWIN


@njit(**KERNEL)
def action_twin(a):
    """The twin placement a TWIN or TWIN_X action names."""
    return a - A_TWIN if a < A_TWIN_X else a - A_TWIN_X + NUM_TWIN


@njit(**KERNEL)
def furn_action(f):
    """The action that builds furnishing f: FURN, FURN_X, or OFFICE for the Office Room."""
    if f < NUM_FURN:
        return A_FURN + f
    if f == F_OFFICE:
        return A_OFFICE
    return A_FURN_X + f - FX_FIRST


@njit(**KERNEL)
def action_furn(a):
    """The furnishing a FURN, FURN_X or OFFICE action builds."""
    if a == A_OFFICE:
        return F_OFFICE
    return a - A_FURN if a < A_FURN_X else a - A_FURN_X + FX_FIRST
