"""Setup steps shared by the random deal (deal.py) and the expert draft (kernels.py): a basic
invention into L1 with its tycoon start (spec §5.2 steps 7-8, D13), the expert variant's draft
order, and the neutral tycoon (§5.4), which waits for the players' tycoons and so, in the
expert variant, for the draft."""

from __future__ import annotations

import numpy as np
from numba import njit

from eurogym.envs.core.jit import ENTRY, KERNEL
from eurogym.envs.core.rng import RNG_WORDS, shuffle
from eurogym.envs.daitoshi.state import (
    DRAFT,
    EMPTY,
    NEUTRAL,
    NUM_PLAYERS,
    RNG,
    SEATS,
    SLOT_INV,
    SLOT_UPPER,
    START_PLAYER,
    TILE,
    TYC_D,
    TYC_S,
    C,
)
from eurogym.envs.daitoshi.tables import MIDDLE, NUM_BASIC, NUM_MAYOR_CARDS, NUM_SLOTS, RIGHT

C_INV_START, C_CARD_DISTRICT = C["inv_start"], C["card_district"]


@njit(**KERNEL)
def district_of_inner(buf, inner):
    """The district whose inner tile is `inner`."""
    for d in range(5):
        if buf[TILE + d * 3] == inner:
            return d
    return EMPTY


@njit(**ENTRY)
def deal_basic(buf, p, b):
    """§5.2 steps 7-8: basic invention b into p's slot L1, lower position; p's tycoon on the
    right space of the district its middle resource points to (D13). b leaves the draft."""
    buf[SLOT_INV + p * NUM_SLOTS] = b
    buf[SLOT_UPPER + p * NUM_SLOTS] = 0
    buf[TYC_D + p] = district_of_inner(buf, buf[C_INV_START + b])
    buf[TYC_S + p] = RIGHT
    buf[DRAFT + b] = 0


@njit(**KERNEL)
def next_drafter(buf):
    """The first player in turn order from the start player without a basic invention, or -1
    (§5.2 step 7, expert variant: "draft them in turn order"). The solo Mayor never drafts:
    he has no inventions in a factory (§18.1)."""
    n = buf[NUM_PLAYERS]
    for i in range(n):
        q = (buf[START_PLAYER] + i) % n
        if buf[SLOT_INV + q * NUM_SLOTS] == EMPTY:
            return q
    return -1


@njit(**KERNEL)
def draft_offer(buf):
    """How many revealed basic inventions are still on offer, and the first of them."""
    count = 0
    first = -1
    for b in range(NUM_BASIC):
        if buf[DRAFT + b] == 1:
            count += 1
            first = b if first < 0 else first
    return count, first


@njit(**KERNEL)
def district_free(buf, d):
    """No seat's tycoon stands in district d."""
    for q in range(buf[SEATS]):
        if buf[TYC_D + q] == d:
            return False
    return True


@njit(**ENTRY)
def place_neutral(buf):
    """§5.4: draw from a reshuffled Mayor deck until a card shows a district holding no tycoon
    and put the neutral tycoon on its middle space (the first free district if no card does)."""
    cards = np.arange(NUM_MAYOR_CARDS)
    shuffle(buf[RNG : RNG + RNG_WORDS], cards, NUM_MAYOR_CARDS)
    d = EMPTY
    for i in range(NUM_MAYOR_CARDS):
        shown = district_of_inner(buf, buf[C_CARD_DISTRICT + cards[i]])
        if district_free(buf, shown):
            d = shown
            break
    for shown in range(5):
        if d == EMPTY and district_free(buf, shown):
            d = shown
    buf[TYC_D + NEUTRAL] = d
    buf[TYC_S + NEUTRAL] = MIDDLE
