"""Hex-grid geometry for rectangular boards of pointy-top hexes in "odd-r" offset layout
(odd rows shifted half a hex right), plus numba kernels over it.

Hex ids are `row * cols + col`. Direction order, used by every table and kernel:

    index:     0   1    2    3   4    5
    direction: E   NE   NW   W   SW   SE      (opposite of d is (d + 3) % 6)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.core.jit import KERNEL

NUM_DIRECTIONS = 6
NO_HEX = -1
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
# (d_row, d_col) per direction, for even and odd rows.
_EVEN_ROW_STEPS = ((0, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0))
_ODD_ROW_STEPS = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, 0), (1, 1))


def neighbour_table(rows: int, cols: int) -> np.ndarray:
    """int64[rows*cols, 6]: the neighbour of each hex in each direction, or NO_HEX off-board."""
    table = np.full((rows * cols, NUM_DIRECTIONS), NO_HEX, np.int64)
    for r in range(rows):
        steps = _ODD_ROW_STEPS if r & 1 else _EVEN_ROW_STEPS
        for c in range(cols):
            for d, (dr, dc) in enumerate(steps):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    table[r * cols + c, d] = rr * cols + cc
    table.setflags(write=False)
    return table


def edge_mask(neighbours: np.ndarray) -> np.ndarray:
    """bool[n]: hexes on the outer border. On a rectangle exactly these lack a neighbour."""
    return (neighbours == NO_HEX).any(axis=1)


def to_axial(row: int, col: int) -> tuple[int, int]:
    """Axial (q, r) of an odd-r offset hex."""
    return col - (row - (row & 1)) // 2, row


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Distance in hex steps between two (row, col) hexes."""
    (q1, r1), (q2, r2) = to_axial(*a), to_axial(*b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@njit(**KERNEL)
def walk(neighbours, hex_id, direction, steps):
    """The hex `steps` steps from `hex_id` in a straight line, or NO_HEX if it leaves the board."""
    h = hex_id
    for _ in range(steps):
        h = neighbours[h, direction]
        if h < 0:
            return NO_HEX
    return h


@njit(**KERNEL)
def has_neighbour_equal(neighbours, hex_id, values, value, skip):
    """True if some neighbour n of `hex_id`, other than `skip`, has values[n] == value.

    Args: neighbours int64[n, 6]; values int64[n] (e.g. owner or terrain per hex); skip: a hex
    to ignore (a piece being moved does not neighbour itself), or NO_HEX.
    """
    for d in range(NUM_DIRECTIONS):
        n = neighbours[hex_id, d]
        if n >= 0 and n != skip and values[n] == value:
            return True
    return False


@njit(**KERNEL)
def label_components(neighbours, values, value, labels):
    """Connected components of the hexes with values[h] == value.

    Args: neighbours int64[n, 6]; values int64[n]; labels int64[n] (output: component id
    0..k-1 for matching hexes, -1 elsewhere). Returns k, the number of components.
    """
    n = values.shape[0]
    stack = np.empty(n, np.int64)
    for h in range(n):
        labels[h] = -1
    count = 0
    for start in range(n):
        if values[start] != value or labels[start] >= 0:
            continue
        labels[start] = count
        stack[0] = start
        top = 1
        while top > 0:
            top -= 1
            h = stack[top]
            for d in range(NUM_DIRECTIONS):
                m = neighbours[h, d]
                if m >= 0 and values[m] == value and labels[m] < 0:
                    labels[m] = count
                    stack[top] = m
                    top += 1
        count += 1
    return count


@njit(**KERNEL)
def has_line_beyond(neighbours, hex_id, values, value, length):
    """True if, in some direction, the `length` hexes after `hex_id` all have values == value:
    `hex_id` then lies directly beyond one end of a straight line of >= `length` of them."""
    for d in range(NUM_DIRECTIONS):
        h = hex_id
        run = 0
        while run < length:
            h = neighbours[h, d]
            if h < 0 or values[h] != value:
                break
            run += 1
        if run == length:
            return True
    return False
