"""Scoring (spec §10): district majorities and race majorities with the tie-demotion rule, as
numba kernels over the state buffer. The ranking itself is envs.core.ranking.demoted_places."""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.belfort.state import (
    DWARVES,
    ELVES,
    GNOMES,
    NUM_PLAYERS,
    OWNER,
    SCORE,
)
from eurogym.envs.belfort.tables import (
    DISTRICT_POINTS,
    NP_RACE,
    NUM_DISTRICTS,
    NUM_PROPERTIES,
    NUM_SITES,
    RACE_POINTS,
    SITE_DISTRICT,
    SITE_WEIGHT,
)
from eurogym.envs.core.jit import KERNEL
from eurogym.envs.core.ranking import NO_PLACE, demoted_places

# DISTRICT_TABLE[n] = points for places 1..3 with n players (0 = place not paid), §10.1
DISTRICT_TABLE = np.zeros((6, 3), np.int64)
for _n, _pts in DISTRICT_POINTS.items():
    DISTRICT_TABLE[_n, : len(_pts)] = _pts
RACE_TABLE = np.array(RACE_POINTS, np.int64)
NP_ELVES, NP_DWARVES, NP_GNOMES = NP_RACE["elf"], NP_RACE["dwarf"], NP_RACE["gnome"]
# Categories of the score breakdown (score_breakdown's columns)
BREAKDOWN = ("D1", "D2", "D3", "D4", "D5", "elves", "dwarves", "gnomes")


@njit(**KERNEL)
def competitors(buf):
    """Ranked competitors: the players, plus the two non-players in a 2-player game (§13)."""
    n = buf[NUM_PLAYERS]
    return 4 if n == 2 else n


@njit(**KERNEL)
def district_strengths(buf, out):
    """out[c, d] = markers of competitor c in district d (§10.1; a Keep counts 2)."""
    out[:, :] = 0
    for s in range(NUM_SITES):
        o = buf[OWNER + s]
        if o >= 0:
            out[o, SITE_DISTRICT[s]] += SITE_WEIGHT[s]


@njit(**KERNEL)
def race_strengths(buf, out):
    """out[c, 0..2] = Elves, Dwarves, Gnomes of competitor c (§10.2; Masters count 1, gnomes
    are those on the locks of built cards; non-players count 4 / 4 / 0)."""
    n = buf[NUM_PLAYERS]
    out[:, :] = 0
    for p in range(n):
        out[p, 0] = buf[ELVES + p]
        out[p, 1] = buf[DWARVES + p]
        g = 0
        for t in range(NUM_PROPERTIES):
            g += buf[GNOMES + p * NUM_PROPERTIES + t]
        out[p, 2] = g
    if n == 2:
        for c in range(2, 4):
            out[c, 0] = NP_ELVES
            out[c, 1] = NP_DWARVES
            out[c, 2] = NP_GNOMES


@njit(**KERNEL)
def score_breakdown(buf, out):
    """out[c, k] = points competitor c earns now in category k of BREAKDOWN."""
    c = competitors(buf)
    n = buf[NUM_PLAYERS]
    out[:, :] = 0
    places = np.empty(c, np.int64)
    strengths = np.zeros((c, NUM_DISTRICTS), np.int64)
    district_strengths(buf, strengths)
    for d in range(NUM_DISTRICTS):
        demoted_places(strengths[:, d].copy(), places)
        for i in range(c):
            if places[i] != NO_PLACE and places[i] < 3:
                out[i, d] = DISTRICT_TABLE[n, places[i]]
    races = np.zeros((c, 3), np.int64)
    race_strengths(buf, races)
    for r in range(3):
        demoted_places(races[:, r].copy(), places)
        for i in range(c):
            if places[i] != NO_PLACE and places[i] < RACE_TABLE.shape[0]:
                out[i, NUM_DISTRICTS + r] = RACE_TABLE[places[i]]


@njit(**KERNEL)
def score_season(buf):
    """The Scoring phase (§10): add every competitor's district and race points."""
    c = competitors(buf)
    out = np.zeros((c, NUM_DISTRICTS + 3), np.int64)
    score_breakdown(buf, out)
    for i in range(c):
        buf[SCORE + i] += out[i].sum()
