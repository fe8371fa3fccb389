"""Scoring (spec §10): district majorities and race majorities with the tie-demotion rule, as
numba kernels over the state buffer. The ranking itself is envs.core.ranking.demoted_places."""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.belfort.state import (
    BASE_SIZE,
    BUILT,
    DECORATED,
    DWARVES,
    ELVES,
    EXPANDED,
    GNOMES,
    HAND,
    NUM_PLAYERS,
    OWNER,
    PERMITS,
    PROP_COST,
    RES,
    SCORE,
)
from eurogym.envs.belfort.tables import (
    DISTRICT_POINTS,
    GOLD,
    KIND_GUILD,
    KIND_WALL,
    NP_RACE,
    NUM_DISTRICTS,
    NUM_PROPERTIES,
    NUM_SITES,
    RACE_POINTS,
    SITE_DISTRICT,
    SITE_KIND,
    SITE_WEIGHT,
)
from eurogym.envs.belfort.xtables import (
    BK_CARDS,
    BK_COST_METAL,
    BK_COST_STONE,
    BK_COST_WOOD,
    BK_DISTRICTS,
    BK_GOLD,
    BK_GUILDS,
    BK_SETS,
    BK_WALLS,
    BONUS_KIND,
    BONUS_MAX,
    BONUS_PER,
    BONUS_ROUND_UP,
    PIXIE_POINTS,
)
from eurogym.envs.core.jit import ENTRY, KERNEL
from eurogym.envs.core.ranking import NO_PLACE, demoted_places

# DISTRICT_TABLE[n] = points for places 1..3 with n players (0 = place not paid), §10.1
DISTRICT_TABLE = np.zeros((6, 3), np.int64)
for _n, _pts in DISTRICT_POINTS.items():
    DISTRICT_TABLE[_n, : len(_pts)] = _pts
RACE_TABLE = np.array(RACE_POINTS, np.int64)
NP_ELVES, NP_DWARVES, NP_GNOMES = NP_RACE["elf"], NP_RACE["dwarf"], NP_RACE["gnome"]
# Categories of the score breakdown (score_breakdown's columns)
BREAKDOWN = ("D1", "D2", "D3", "D4", "D5", "elves", "dwarves", "gnomes")


@njit(**ENTRY)
def competitors(buf):
    """Ranked competitors: the players, plus the two non-players in a 2-player game (§13)."""
    n = buf[NUM_PLAYERS]
    return 4 if n == 2 else n


@njit(**KERNEL)
def district_strengths(buf, out):
    """out[c, d] = markers of competitor c in district d (§10.1; a Keep counts 2). With the
    expansion in half markers: a decorated marker counts 1.5 (B.2), so every count doubles
    and each coin adds 1; rankings only compare strengths, so the places are the same."""
    out[:, :] = 0
    decorated = buf.shape[0] > BASE_SIZE  # an XState: markers and coins count in halves
    for s in range(NUM_SITES):
        o = buf[OWNER + s]
        if o >= 0:
            if decorated:
                out[o, SITE_DISTRICT[s]] += 2 * SITE_WEIGHT[s] + buf[DECORATED + s]
            else:
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


@njit(**ENTRY)
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


# ----------------------------------------------------------------------------- expansion


@njit(**KERNEL)
def bonus_count(buf, p, kind):
    """What one expansion's bonus counts for seat p (Appendix D), before dividing by `per`.
    Printed card costs of built cards only: Architects' buildings have no card (D33)."""
    if kind == BK_GOLD:
        return buf[RES + p * 4 + GOLD]
    if kind == BK_COST_WOOD or kind == BK_COST_STONE or kind == BK_COST_METAL:
        r = 0 if kind == BK_COST_WOOD else 1 if kind == BK_COST_STONE else 2
        total = 0
        for t in range(NUM_PROPERTIES):
            total += buf[BUILT + p * NUM_PROPERTIES + t] * buf[PROP_COST + t * 4 + r]
        return total
    if kind == BK_WALLS or kind == BK_GUILDS:
        want = KIND_WALL if kind == BK_WALLS else KIND_GUILD
        total = 0
        for s in range(NUM_SITES):
            if buf[OWNER + s] == p and SITE_KIND[s] == want:
                total += 1
        return total
    if kind == BK_DISTRICTS:
        seen = np.zeros(NUM_DISTRICTS, np.int64)
        for s in range(NUM_SITES):
            if buf[OWNER + s] == p:
                seen[SITE_DISTRICT[s]] = 1
        return seen.sum()
    if kind == BK_SETS:
        gnomes = 0
        for t in range(NUM_PROPERTIES):
            gnomes += buf[GNOMES + p * NUM_PROPERTIES + t]
        return min(buf[ELVES + p], buf[DWARVES + p], gnomes)
    total = 0
    for t in range(NUM_PROPERTIES):
        total += buf[(HAND if kind == BK_CARDS else PERMITS) + p * NUM_PROPERTIES + t]
    return total


@njit(**KERNEL)
def bonus_points(buf, p, t):
    """Points one fully expanded property of type t scores for p (Appendix D): the count per
    `per`, remainders ignored (the Archives round up), capped where the permit says."""
    count = bonus_count(buf, p, BONUS_KIND[t])
    per = BONUS_PER[t]
    points = (count + per - 1) // per if BONUS_ROUND_UP[t] else count // per
    if BONUS_MAX[t] > 0 and points > BONUS_MAX[t]:
        points = BONUS_MAX[t]
    return points


@njit(**KERNEL)
def score_bonus(buf):
    """§10.4: every player scores each of their fully expanded properties."""
    for p in range(buf[NUM_PLAYERS]):
        for t in range(NUM_PROPERTIES):
            expanded = buf[EXPANDED + p * NUM_PROPERTIES + t]
            if expanded > 0:
                buf[SCORE + p] += expanded * bonus_points(buf, p, t)


@njit(**KERNEL)
def score_pixie(buf, d, season):
    """The Pixie (Appendix C): district d is scored now under the normal rules, tie-demotion
    included, with the Pixie's points for the season; only the places the player count
    normally pays are paid (D29: with 3 players the 3rd place is not)."""
    c = competitors(buf)
    n = buf[NUM_PLAYERS]
    strengths = np.zeros((c, NUM_DISTRICTS), np.int64)
    district_strengths(buf, strengths)
    places = np.empty(c, np.int64)
    demoted_places(strengths[:, d].copy(), places)
    for i in range(c):
        k = places[i]
        if k != NO_PLACE and k < 3 and DISTRICT_TABLE[n, k] > 0:
            buf[SCORE + i] += PIXIE_POINTS[season, k]
