"""Setup (spec A4, B2, Part E): parameters into the state, the round-card stacks and harvest
markers, bribe tokens, supply, home boards, orcs. Runs once per game, so it is plain Python;
every random choice draws from the state's own RNG (envs.core.rng)."""

from __future__ import annotations

import numpy as np

from eurogym.envs.caverna_ff.config import Config
from eurogym.envs.caverna_ff.kernels import advance
from eurogym.envs.caverna_ff.spaces import CARD_STAGE, S_EXPLORATION, S_WISH, permanent_spaces
from eurogym.envs.caverna_ff.state import (
    D_ADULT,
    EMPTY,
    HOUSING_E1,
    O_FOREST,
    O_OUT,
    P_PLACE,
    ST_ROUND_START,
    UNLIMITED_COPIES,
    State,
)
from eurogym.envs.caverna_ff.tables import (
    BRIBE_TOKENS_USED,
    CELLS_ALL,
    ENTRY_DWELLING,
    EXT_TILE_IDS,
    EXT_TRAP_IDS,
    F_ENTRY,
    FOOD,
    FURN_NAMES,
    FURN_PER_PLAYER,
    FURN_UNLIMITED,
    FX_FIRST,
    MAX_REWARD_ROWS,
    NUM_EXT,
    NUM_FURN,
    NUM_LONG_STRIPS,
    NUM_SHORT_STRIPS,
    NUM_TRAPS,
    ORC_START,
    ORC_STRENGTH,
    START_CAVERN,
    START_FOOD,
    STRIP_YELLOWS,
    T_CAVERN,
    TRAP_COPIES_BASIC,
    YELLOW_NAMES,
)
from eurogym.envs.core.rng import randint, seed_words, shuffle


def deal_long_strips(state: State, n: int, chosen: tuple[int, ...]) -> None:
    """caverna_ff_v1: the reward rows' long strips (seed p.2 step 5b): n of the seven L1-L7
    at random, or the `long_strips` option's in its order. v0's rows keep L1, L2, L4, L5."""
    strips = np.arange(NUM_LONG_STRIPS, dtype=np.int64)
    if chosen:
        strips[:n] = chosen
    else:
        shuffle(state.rng, strips, NUM_LONG_STRIPS)
    state.long_strip[:] = EMPTY
    state.long_strip[:n] = strips[:n]


def deal_short_strips(state: State, n: int, chosen: tuple[int, ...] = ()) -> None:
    """caverna_ff_v1: n of the 7 short strips at random beside the reward rows (seed p.2 step
    5c; they need not match the long strips), or the `short_strips` option's, each putting its
    2 yellow tiles on the supply (R1-R4's are v0's furnishing ids, R5-R7's v1's further ids).
    v0 keeps R1..RN."""
    strips = np.arange(NUM_SHORT_STRIPS, dtype=np.int64)
    if chosen:
        strips[:n] = chosen
        rest = [k for k in range(NUM_SHORT_STRIPS) if k not in chosen]
        strips[n:] = rest
    else:
        shuffle(state.rng, strips, NUM_SHORT_STRIPS)
    state.short_strip[:] = EMPTY
    state.short_strip[:n] = strips[:n]
    for k in range(NUM_SHORT_STRIPS):
        left = 1 if k in strips[:n] else 0
        for f in STRIP_YELLOWS[k]:
            if f < NUM_FURN:
                state.furn_left[f] = left
            else:
                state.furn_left_x[f - F_ENTRY - 1] = left


def deal_supply_extensions(state: State, config: Config) -> None:
    """caverna_ff_v1: the supply board's extensions (rules B2 step 4): one per player drawn at
    random, or the `supply_extensions` option's. A tile on no dealt extension is not on the
    supply (its copies left 0); one on a dealt extension has its single copy; each extension's
    trap is a single copy. The base piece's tiles and basic traps are set by `deal_game`."""
    n = config.num_players
    state.p_ext_furn[:] = config.ext_furn
    state.p_ext_trap[:] = config.ext_trap
    if config.supply_ext:
        dealt = np.array(config.supply_ext, np.int64)
    else:
        order = np.arange(NUM_EXT, dtype=np.int64)
        shuffle(state.rng, order, NUM_EXT)
        dealt = order[:n]
    state.supply_ext[:] = 0
    state.supply_ext[dealt] = 1
    for f in EXT_TILE_IDS:  # off the supply unless a dealt extension shows it
        _set_left(state, int(f), 0)
    for t in EXT_TRAP_IDS:
        _set_trap_left(state, int(t), 0)
    for e in dealt:
        for f in state.p_ext_furn[e]:
            if f >= 0:
                _set_left(state, int(f), 1)
        _set_trap_left(state, int(state.p_ext_trap[e]), 1)


def _set_left(state: State, f: int, left: int) -> None:
    if f < NUM_FURN:
        state.furn_left[f] = left
    else:
        state.furn_left_x[f - FX_FIRST] = left


def _set_trap_left(state: State, t: int, left: int) -> None:
    if t < NUM_TRAPS:
        state.trap_left[t] = left
    else:
        state.trap_left_x[t - NUM_TRAPS] = left


def deal_game(config: Config, seed: int, state_type: type[State] = State) -> State:
    """A new game at the first decision (the start player's first placement)."""
    n = config.num_players
    state = state_type()
    state.rng[:] = seed_words(seed)
    rng = state.rng
    state.p_push_cost[:] = config.push_cost
    state.p_event_deck[:] = config.event_deck
    state.p_orc_gold[:] = config.orc_gold
    state.p_card_steps[:] = config.card_steps
    state.p_card_spawn[:] = config.card_spawn[0]
    if config.housing != HOUSING_E1:  # a v1 state (v0's has no such field)
        state.set("p_housing", config.housing)
    state.set("num_players", n)
    state.set("rounds", 11 if n <= 2 else 12)
    # A4, B2: the stage stacks (Exploration out with 1-2 players; Wish fixed on round 4) and
    # the face-down harvest markers (2 orc + 4 plain, one plain fewer with 1-2 players); they
    # are drawn from the RNG when revealed (kernels.draw_round_card, draw_marker)
    state.card_left[:] = (CARD_STAGE > 0).astype(np.int64)
    state.card_left[S_WISH] = 0
    if n <= 2:
        state.card_left[S_EXPLORATION] = 0
    state.markers_left[:] = (3 if n <= 2 else 4, 2)
    state.card[:] = EMPTY
    state.marker[:] = EMPTY
    bribe = config.bribe_goods.copy()  # B2 step 3: 4 of the 6 tokens, one per board
    shuffle(rng, bribe, len(bribe))
    state.bribe_good[:] = bribe[:BRIBE_TOKENS_USED]
    for s in permanent_spaces(n):
        state.space_open[s] = 1
    state.occupant[:] = EMPTY
    # fixed v1 supply (Part E): unlimited Dwellings, per-player FF dwellings, single copies
    state.furn_left[:NUM_FURN] = np.where(
        FURN_UNLIMITED == 1, UNLIMITED_COPIES, np.where(FURN_PER_PLAYER == 1, n, 1)
    )[:NUM_FURN]
    for i, name in enumerate(YELLOW_NAMES):  # short strips R1..RN carry 2 yellows each
        state.furn_left[FURN_NAMES.index(name)] = 1 if i // 2 < n else 0
    if config.housing != HOUSING_E1:  # v1: its further tiles, one copy each (F0), on the
        state.furn_left_x[:] = 1  # supply while their extension or strip is dealt (below)
    state.trap_left[:NUM_TRAPS] = np.where(TRAP_COPIES_BASIC[:NUM_TRAPS] == 1, n, 1)
    start = int(randint(rng, n))  # A4 step 4
    state.set("start_player", start)
    if config.housing != HOUSING_E1:
        rows = min(n, MAX_REWARD_ROWS)  # one reward row per player, at most 5 (B2 step 5)
        deal_short_strips(state, rows, config.short_strips)
        deal_supply_extensions(state, config)
        deal_long_strips(state, rows, config.long_strips)
        state.p_orc_start[:n] = config.orc_start if len(config.orc_start) else ORC_STRENGTH
    v1 = config.housing != HOUSING_E1
    for p in range(n):
        state.tile[p, ENTRY_DWELLING] = T_CAVERN
        state.tile[p, START_CAVERN] = T_CAVERN
        state.furn[p, ENTRY_DWELLING] = F_ENTRY + 1
        state.dwarf[p, :2] = D_ADULT
        pos = (p - start) % n
        state.res[p, FOOD] = config.solo_start_food if n == 1 else START_FOOD[pos]
        state.orc_state[p, :3] = O_FOREST
        state.orc_state[p, 3] = O_OUT
        state.orc_cell[p, :3] = ORC_START[:3]
        state.orc_cell[p, 3] = EMPTY
        state.orc_str[p] = state.p_orc_start[p] if v1 else ORC_STRENGTH
    state.orc_hostage[:] = EMPTY
    state.dwarf_space[:] = EMPTY
    state.orc_space[:] = EMPTY
    state.set("ev", EMPTY)
    state.set("cur_space", EMPTY)
    state.set("cur_person", EMPTY)
    state.set("clear_pos", EMPTY)
    state.set("stage", ST_ROUND_START)
    state.set("phase", P_PLACE)
    assert CELLS_ALL == state.tile.shape[1]
    advance(state.buf, state.mask)
    return state
