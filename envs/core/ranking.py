"""Majority ranking with ties, shared by area-majority scoring (Kingdom Builder Lords,
Belfort districts).

Places are dense: every player tied at the highest count takes place 0, every player tied at
the next lower distinct count takes place 1, and so on ("a tie for first does not remove
second place").
"""

from numba import njit

from eurogym.envs.core.jit import KERNEL

NO_PLACE = -1


@njit(**KERNEL)
def dense_places(counts, num_places, min_first, min_other, places):
    """Dense majority places with ties.

    Args:
        counts: int64[P] per-player counts in one area.
        num_places: how many places are awarded (e.g. 2 for first and second).
        min_first: minimum count to take place 0 (e.g. 1: you need a settlement to win).
        min_other: minimum count for places 1.. (0 lets a player with nothing be second).
        places: int64[P] output: the place of each player, or NO_PLACE.
    Returns:
        The number of places actually awarded (0 when nobody reaches min_first).
    """
    p = counts.shape[0]
    for i in range(p):
        places[i] = NO_PLACE
    ceiling = 1 << 62
    for place in range(num_places):
        best = -1
        for i in range(p):
            if counts[i] < ceiling and counts[i] > best:
                best = counts[i]
        threshold = min_first if place == 0 else min_other
        if best < 0 or best < threshold:
            return place
        for i in range(p):
            if counts[i] == best:
                places[i] = place
        ceiling = best
    return num_places


@njit(**KERNEL)
def demoted_places(strengths, places):
    """Belfort's majority places with the tie-demotion rule (belfort spec §10.3, D12).

    Competitors with strength <= 0 are not ranked. A competitor's base place is dense (one
    more than the number of distinct strengths above theirs); every tie group (two or more
    equal strengths) at or above their strength pushes them one place down, so a tie group
    drops a place itself and demotes everyone below it.

    Args:
        strengths: int64[P] (scale fractional strengths to integers first).
        places: int64[P] output: 0-based final place, or NO_PLACE for strength 0.
    """
    p = strengths.shape[0]
    for i in range(p):
        places[i] = NO_PLACE
        s = strengths[i]
        if s <= 0:
            continue
        higher = 0  # distinct strengths above s
        groups = 0  # tie groups with strength >= s
        for j in range(p):
            t = strengths[j]
            if t < s or t <= 0:
                continue
            first = True  # count each distinct value once: at its first occurrence
            size = 0
            for k in range(p):
                if strengths[k] == t:
                    size += 1
                    if k < j:
                        first = False
            if not first:
                continue
            if t > s:
                higher += 1
            if size >= 2:
                groups += 1
        places[i] = higher + groups
