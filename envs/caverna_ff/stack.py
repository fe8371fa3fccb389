"""The pending-op stack: what is left of the current action (spec Part D micro-steps).

An action space's program, a loot item, a reward or an orc defeat pushes ops `(code, arg,
player)`; `kernels.advance` pops and runs them (an op needing a choice becomes a decision
phase). Last in, first out, so a program is pushed in reverse.
"""

from __future__ import annotations

from numba import njit

from eurogym.envs.caverna_ff.state import STACK, STACK_AT, STACK_N
from eurogym.envs.core.jit import INLINE, KERNEL

OP_REWARD = 100  # arg = orc * 100 + its strength before the defeat (D43)
OP_LOOT_RESUME = 101  # back to the loot choice of the running expedition
OP_BRANCH_GROWTH = 102  # Urgent Wish: optional family growth after the furnish/trap branch
OP_CASANOVA = 103  # furnish a dwelling and then/or family growth
OP_HOUSE = 104  # caverna_ff_v1: the player houses its unhoused animals (housing.ask_house)
# caverna_ff_v1, Guest Room (F11): ask the either/or space's other branches again after one was
# done; arg = branch context * 8 + the bit set of branches taken
OP_GUEST = 105
# caverna_ff_v1, Forger / Herald (B6): after the chosen space's actions, put back the space and
# person of the action the reward interrupted; arg = (cur_space + 1) * 16 + cur_person + 1
OP_RESTORE = 106


@njit(**KERNEL)
def push_op(buf, code, arg, player):
    n = buf[STACK_N]
    if n >= STACK:
        raise IndexError("op stack overflow")
    buf[STACK_AT + 3 * n] = code
    buf[STACK_AT + 3 * n + 1] = arg
    buf[STACK_AT + 3 * n + 2] = player
    buf[STACK_N] = n + 1


@njit(**INLINE)
def pop_op(buf):
    """(code, arg, player) of the top op, removed."""
    n = buf[STACK_N] - 1
    buf[STACK_N] = n
    code = buf[STACK_AT + 3 * n]
    arg = buf[STACK_AT + 3 * n + 1]
    player = buf[STACK_AT + 3 * n + 2]
    buf[STACK_AT + 3 * n] = 0
    buf[STACK_AT + 3 * n + 1] = 0
    buf[STACK_AT + 3 * n + 2] = 0
    return code, arg, player


@njit(**INLINE)
def push_op_last(buf, code, arg, player):
    """Put an op at the bottom of the stack, so it runs after everything already pending (the
    rest of the current action), unless the same op for the same player is already there."""
    n = buf[STACK_N]
    for i in range(n):
        if buf[STACK_AT + 3 * i] == code and buf[STACK_AT + 3 * i + 2] == player:
            return
    if n >= STACK:
        raise IndexError("op stack overflow")
    for i in range(3 * n - 1, -1, -1):
        buf[STACK_AT + i + 3] = buf[STACK_AT + i]
    buf[STACK_AT] = code
    buf[STACK_AT + 1] = arg
    buf[STACK_AT + 2] = player
    buf[STACK_N] = n + 1
