"""Setup (spec A4, B2, Part E): parameters into the state, round-card and harvest-marker
order, bribe tokens, supply, home boards, orcs. Runs once per game, so it is plain Python;
every random choice draws from the state's own RNG (envs.core.rng)."""

from __future__ import annotations

import numpy as np

from envs.caverna_ff.config import Config
from envs.caverna_ff.kernels import advance
from envs.caverna_ff.spaces import SPACE_NAMES, permanent_spaces
from envs.caverna_ff.state import D_ADULT, EMPTY, O_FOREST, O_OUT, P_PLACE, ST_ROUND_START, State
from envs.caverna_ff.tables import (
    BRIBE_TOKENS_USED,
    CELLS,
    DATA,
    ENTRY_DWELLING,
    F_ENTRY,
    FOOD,
    FURN_NAMES,
    FURN_PER_PLAYER,
    FURN_UNLIMITED,
    NUM_FURN,
    NUM_TRAPS,
    ORC_START,
    ORC_STRENGTH,
    START_CAVERN,
    START_FOOD,
    T_CAVERN,
    TRAP_COPIES_BASIC,
    YELLOW_NAMES,
)
from envs.core.rng import randint, seed_words, shuffle

_CARDS = DATA["round_cards"]
_FF = DATA["ff_round_card_replacements"]


def _card(name: str) -> int:
    return SPACE_NAMES.index(_FF.get(name, name))


def round_cards(num_players: int, rng: np.ndarray) -> list[int]:
    """Space id of the card revealed in rounds 1-12, -1 for a skipped round (A4, B2, D41)."""
    if num_players == 1:
        order = _CARDS["solo_order"]
        return [_card(order[str(r)]) if str(r) in order else EMPTY for r in range(1, 13)]
    out: list[int] = []
    for stage in ("stage_1", "stage_2", "stage_3", "stage_4"):
        cards = [c for c in _CARDS[stage]["cards"] if not (c == "exploration" and num_players <= 2)]
        fixed = "wish_for_children" if stage == "stage_2" else None
        rest = np.array([_card(c) for c in cards if c != fixed], np.int64)
        shuffle(rng, rest, len(rest))
        out += ([_card(fixed)] if fixed else []) + [int(x) for x in rest]
        if stage == "stage_3" and num_players <= 2:
            out.append(EMPTY)  # round 9 is skipped
    return out


def harvest_markers(num_players: int, rng: np.ndarray) -> list[int]:
    """1 = orc marker, 0 = plain, -1 = printed round (B2 step 2, B11)."""
    markers = [EMPTY, EMPTY, 1, EMPTY, EMPTY, 1] + [EMPTY] * 6
    hidden = np.array([1, 1] + [0] * (3 if num_players <= 2 else 4), np.int64)
    shuffle(rng, hidden, len(hidden))
    rounds = [r for r in range(7, 13) if not (num_players <= 2 and r == 9)]
    for r, m in zip(rounds, hidden, strict=True):
        markers[r - 1] = int(m)
    return markers


def deal_game(config: Config, seed: int) -> State:
    """A new game at the first decision (the start player's first placement)."""
    n = config.num_players
    state = State()
    state.rng[:] = seed_words(seed)
    rng = state.rng
    state.p_push_cost[:] = config.push_cost
    state.p_event_deck[:] = config.event_deck
    state.p_orc_gold[:] = config.orc_gold
    state.p_card_steps[:] = config.card_steps
    state.p_card_spawn[:] = config.card_spawn[0]
    state.set("num_players", n)
    state.set("rounds", 11 if n <= 2 else 12)
    state.card_order[:] = round_cards(n, rng)
    state.marker_order[:] = harvest_markers(n, rng)
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
        FURN_UNLIMITED == 1, 99, np.where(FURN_PER_PLAYER == 1, n, 1)
    )[:NUM_FURN]
    for i, name in enumerate(YELLOW_NAMES):  # short strips R1..RN carry 2 yellows each
        state.furn_left[FURN_NAMES.index(name)] = 1 if i // 2 < n else 0
    state.trap_left[:NUM_TRAPS] = np.where(TRAP_COPIES_BASIC == 1, n, 1)
    start = int(randint(rng, n))  # A4 step 4
    state.set("start_player", start)
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
        state.orc_str[p] = ORC_STRENGTH
    state.orc_hostage[:] = EMPTY
    state.dwarf_space[:] = EMPTY
    state.orc_space[:] = EMPTY
    state.set("ev", EMPTY)
    state.set("cur_space", EMPTY)
    state.set("cur_person", EMPTY)
    state.set("clear_pos", EMPTY)
    state.set("stage", ST_ROUND_START)
    state.set("phase", P_PLACE)
    assert CELLS == state.tile.shape[1]
    advance(state.buf, state.mask)
    return state
