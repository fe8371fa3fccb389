"""Final scoring (spec §17.3 steps 2-6, and §18.5 for the solo Mayor) as numba kernels.

Step 1 (the unused subsidy's 3 progress steps) needs the player's choices, so the flow
resolves it through the effect stack before `final_scoring` runs. `score_parts` exposes each
criterion so tests and renderers can show the seed example's breakdown.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.core.jit import KERNEL
from eurogym.envs.daitoshi.effects import conflict_flip, is_mayor
from eurogym.envs.daitoshi.state import (
    ADVISOR,
    EMPTY,
    MAYOR_INV,
    MAYOR_REC,
    MAYOR_RECORD,
    MAYOR_SLOT,
    MAYOR_SLOTS,
    OP_CONFLICT,
    PILGRIM,
    REC_N,
    REP,
    RES,
    SEATS,
    SLOT_INV,
    SLOT_POS,
    VP,
    VP_END,
    WEALTH,
    WORKERS,
    C,
)
from eurogym.envs.daitoshi.tables import (
    AD_MAGISTRATE,
    AD_PATRON,
    CONFLICT_AT,
    CONFLICT_PENALTY,
    MAX_TRACK,
    NUM_SLOTS,
    REPUTATION_VP,
)

C_NAT_MULT, C_INV_TYPE, C_SLOT_LEN, C_HEX_NATURE = (
    C["nat_mult"],
    C["inv_type"],
    C["slot_len"],
    C["hex_nature"],
)
# columns of score_parts
PART_NAMES = ("vp", "forest", "mountain", "underground", "river", "conflict", "leftovers")
NUM_PARTS = 7


@njit(**KERNEL)
def multiplier(buf, p, t):
    s = buf[PILGRIM + p * 4 + t]
    return 0 if s == 0 else buf[C_NAT_MULT + t * MAX_TRACK + s - 1]


@njit(**KERNEL)
def mayor_record_counts(buf, out):
    for t in range(4):
        out[t] = 0
    for i in range(MAYOR_RECORD):
        h = buf[MAYOR_REC + i]
        if h != EMPTY:
            out[buf[C_HEX_NATURE + h]] += 1


@njit(**KERNEL)
def score_parts(buf, p, out):
    """out[0..6] = current VP (incl. vp_end), the four tracks, conflict penalty, leftovers.
    For a player the conflict column uses the operation tiles as they stand."""
    out[0] = buf[VP + p] + buf[VP_END + p]
    counts = np.zeros(4, np.int64)
    leftovers = buf[WEALTH + p]
    for r in range(4):
        leftovers += buf[RES + p * 4 + r]
    if is_mayor(buf, p):  # §18.5
        mayor_record_counts(buf, counts)
        forest = buf[MAYOR_INV + 1] + buf[ADVISOR + AD_PATRON]
        mountain = buf[MAYOR_INV] // 2
        conflicts = 0
        for t in range(4):
            if counts[t] >= CONFLICT_AT:
                conflicts += 1
        for i in range(MAYOR_SLOTS):
            if buf[MAYOR_SLOT + i] != EMPTY:
                leftovers += 1
    else:
        for t in range(4):
            counts[t] = buf[REC_N + p * 4 + t]
        forest = 0
        mountain = 0
        for s in range(NUM_SLOTS):
            inv = buf[SLOT_INV + p * NUM_SLOTS + s]
            if inv != EMPTY and buf[C_INV_TYPE + inv] == 4:
                forest += 1
            if buf[SLOT_POS + p * NUM_SLOTS + s] == buf[C_SLOT_LEN + s] - 1:
                mountain += 1
        conflicts = 0
        for t in range(4):
            conflicts += buf[OP_CONFLICT + p * 4 + t]
        for c in range(4):
            leftovers += buf[WORKERS + p * 4 + c]
    missing = 0
    for t in range(4):
        if counts[t] == 0:
            missing += 1
    out[1] = multiplier(buf, p, 1) * forest
    out[2] = multiplier(buf, p, 2) * mountain
    out[3] = multiplier(buf, p, 3) * REPUTATION_VP[buf[REP + p]]
    out[4] = multiplier(buf, p, 0) * missing
    out[5] = -CONFLICT_PENALTY * conflicts
    out[6] = leftovers // 2
    if is_mayor(buf, p) and buf[ADVISOR + AD_MAGISTRATE] == 1:
        out[0] += 10


@njit(**KERNEL)
def final_scoring(buf):
    """§17.3 steps 2-6 for every seat. The total is stored as it is, negative too: the engine
    "simply stores an integer" (§0), and the seed's red VP numbers lose points."""
    parts = np.zeros(NUM_PARTS, np.int64)
    for p in range(buf[SEATS]):
        if not is_mayor(buf, p):
            conflict_flip(buf, p)  # step 3
        score_parts(buf, p, parts)
        total = 0
        for i in range(NUM_PARTS):
            total += parts[i]
        buf[VP + p] = total
        buf[VP_END + p] = 0
