"""Setup (spec §5, §18.1): components into the state, the city, nature tracks, market,
Megamachine, cities, players, the neutral tycoon and the solo Mayor. Runs once per game, so it
is plain Python; every random choice draws from the state's own RNG (envs.core.rng), so the seed
fixes the whole game."""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.rng import randint, seed_words, shuffle
from eurogym.envs.daitoshi.config import Config
from eurogym.envs.daitoshi.draft import deal_basic, place_neutral
from eurogym.envs.daitoshi.kernels import start
from eurogym.envs.daitoshi.mayor import MAYOR
from eurogym.envs.daitoshi.state import BLOCKED, EMPTY, S_DRAFT, S_TURN, State
from eurogym.envs.daitoshi.tables import (
    AD_TREASURER,
    DIFFICULTIES,
    HEX_COUNTS,
    MARK_MIDDLE,
    MARKET_QUALITY,
    NUM_ADVISORS,
    NUM_BASIC,
    NUM_CITIES,
    NUM_CITIES_IN_PLAY,
    NUM_MAYOR_CARDS,
    NUM_MEGAMACHINES,
    NUM_UPGRADES,
    QUALITY_COUNTS,
    RIGHT,
    START_RES,
    START_STEAM,
    START_WEALTH,
)


def _shuffled(rng: np.ndarray, values: list[int]) -> list[int]:
    arr = np.array(values, np.int64)
    shuffle(rng, arr, arr.size)
    return [int(v) for v in arr]


def _district_of(state: State, inner: int) -> int:
    return int(np.flatnonzero(state.tile[:, 0] == inner)[0])


def _fill_tracks(state: State, rng: np.ndarray, players: int) -> None:
    """§5.1 step 5: each track at random, nearest the temple first; river spaces nearest the
    temple stay empty at low counts; land doubles by the player count (D14)."""
    track_hex, track_n = state.track_hex, state.track_n  # views, fetched once
    doubles = state.c_nat_double.tolist()
    first = 0
    for t, count in enumerate(HEX_COUNTS):
        hexes = _shuffled(rng, list(range(first, first + count)))
        first += count
        length = int(state.c_nat_len[t])
        empty = int(state.c_river_empty[players]) if t == 0 else 0
        for s in range(empty, length):
            stack = 2 if 0 < doubles[t][s] <= players else 1
            for k in range(stack):
                track_hex[t, s, k] = hexes.pop()
            track_n[t, s] = stack


def deal_game(config: Config, seed: int) -> State:
    """A new game: the start player's first decision is pending (the Mayor never starts), or in
    the expert variant the first draft pick (§5.2 step 7)."""
    state = State()
    state.buf[: config.block.size] = config.block  # the leading c_* fields, in FIELDS order
    rng = state.rng
    rng[:] = seed_words(seed)
    n = config.num_players
    seats = config.seats
    state.set("num_players", n)
    state.set("seats", seats)
    state.set("solo", int(n == 1))
    state.tile[:] = EMPTY
    state.tile_hex[:] = EMPTY
    state.tyc_d[:] = EMPTY
    state.slot_inv[:] = EMPTY
    state.mayor_slot[:] = EMPTY
    state.mayor_rec[:] = EMPTY
    state.market[:] = EMPTY

    # §5.1 steps 1-3: inner tiles at random, the two ring piles, 5 of the 18 cities
    state.tile[:, 0] = _shuffled(rng, list(range(5)))
    for ring, first in ((0, 5), (1, 10)):
        state.pile[ring] = _shuffled(rng, list(range(first, first + 5)))
        state.pile_n[ring] = 5
        state.pile_top[ring] = state.pile[ring, 4]
    state.cities[:] = _shuffled(rng, list(range(NUM_CITIES)))[:NUM_CITIES_IN_PLAY]
    # step 4: invention piles and the market
    first = NUM_BASIC
    for q, count in enumerate(QUALITY_COUNTS):
        state.inv_pile[q, :count] = _shuffled(rng, list(range(first, first + count)))
        state.inv_pile_n[q] = count
        first += count
    for m, q in enumerate(MARKET_QUALITY):
        k = state.inv_pile_n[q] - 1
        state.market[m] = state.inv_pile[q, k]
        state.inv_pile[q, k] = 0
        state.inv_pile_n[q] = k
    # step 5: nature tracks
    _fill_tracks(state, rng, n)
    # steps 6-10: the Megamachine, its token (a Mayor card's district, not the Town Hall),
    # the university stack, the blocker and the upgrade tiles
    board = int(randint(rng, NUM_MEGAMACHINES))
    state.set("mm_board", board)
    town_hall = int(np.flatnonzero(state.c_tile_action[:5] == 5)[0])
    cards = _shuffled(rng, list(range(NUM_MAYOR_CARDS)))
    token = next(c for c in cards if state.c_card_district[c] != town_hall)
    state.set("mm_district", _district_of(state, int(state.c_card_district[token])))
    state.uni[:] = _shuffled(rng, [int(u) for u in state.c_mm_uni[board]])
    state.set("uni_n", len(state.uni))
    state.mm_inv[:] = np.where(state.c_mm_block[board, n] == 1, BLOCKED, EMPTY)
    state.mm_up_tile[:] = _shuffled(rng, list(range(NUM_UPGRADES)))

    # §5.2: players (the Mayor's seat is set up below)
    humans = n
    state.set("start_player", 0 if n == 1 else int(randint(rng, n)))
    basics = _shuffled(rng, list(range(NUM_BASIC)))
    state.set("payment_choice", int(config.payment_choice))
    state.set("pay_p", EMPTY)
    state.res[:seats] = START_RES
    state.wealth[:seats] = START_WEALTH
    state.rep[:seats] = 1
    state.prod_mark[:seats] = MARK_MIDDLE
    state.steam[:humans] = START_STEAM
    state.subsidy[:humans] = 1
    if config.expert:  # step 7, expert variant: reveal one per player, drafted in S_DRAFT
        state.draft[basics[:humans]] = 1
    else:
        for p in range(humans):
            deal_basic(state.buf, p, basics[p])
    if n == 1:  # §18.1: the advisors, the bribe tile, his tycoon on a drawn card's district
        dealt = _shuffled(rng, list(range(NUM_ADVISORS)))[: DIFFICULTIES.index(config.difficulty)]
        state.advisor[dealt] = 1
        if state.advisor[AD_TREASURER]:
            state.wealth[MAYOR] += 2
        state.set("bribe", 1)
        card = _shuffled(rng, list(range(NUM_MAYOR_CARDS)))[0]
        state.tyc_d[MAYOR] = _district_of(state, int(state.c_card_district[card]))
        state.tyc_s[MAYOR] = RIGHT
    if n <= 2 and not config.expert:  # §5.4 (after the draft in the expert variant)
        place_neutral(state.buf)
    state.mayor_deck[:] = _shuffled(rng, list(range(NUM_MAYOR_CARDS)))
    state.set("mayor_pos", 0)
    state.set("mayor_end", NUM_MAYOR_CARDS)
    state.set("mayor_card", EMPTY)
    state.set("mayor_alt", EMPTY)
    state.set("active", state.start_player)
    state.set("leader", EMPTY)
    state.set("action", EMPTY)
    state.set("clock", 1)
    state.set("step", S_DRAFT if config.expert else S_TURN)
    start(state.buf, state.mask)
    return state
