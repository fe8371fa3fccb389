"""The Kingdom Builder engine: set-up (§3), the checked step, scores (§9), JSON. Usable
without PettingZoo; `ENGINE` implements envs.core.engine.Engine."""

from __future__ import annotations

from typing import Any

import numpy as np

from envs.core.errors import IllegalActionError
from envs.core.rng import randint, seed_words, shuffle
from envs.kingdom_builder import kernels
from envs.kingdom_builder.actions import NUM_ACTIONS, describe
from envs.kingdom_builder.config import PLAYER_COUNTS, Config, make_config
from envs.kingdom_builder.scoring import score_breakdown
from envs.kingdom_builder.state import EMPTY, MAX_PLAYERS, PHASE_GAME_OVER, PHASE_NAMES, State
from envs.kingdom_builder.tables import (
    CARD_NAMES,
    CARDS_PER_GAME,
    DECK_COUNTS,
    LOCATION,
    NEIGHBOURS,
    NUM_SECTIONS,
    SECTION_NAMES,
    SECTIONS_PER_GAME,
    SETTLEMENTS_PER_PLAYER,
    TILE_NAMES,
    TILES_PER_HEX,
    HEX_SECTION,
    assemble_board,
)


def _draw_distinct(rng: np.ndarray, pool: int, count: int) -> list[int]:
    order = np.arange(pool, dtype=np.int64)
    shuffle(rng, order, pool)
    return order[:count].tolist()


def new_game(config: Config, seed: int) -> State:
    """Set up a game (§3.1). Every random choice draws from the state's own RNG in a fixed
    order (sections, rotations, cards, deck, start player), so `seed` fixes the whole game."""
    state = State()
    rng = state.rng
    rng[:] = seed_words(seed)
    n = config.num_players
    if config.sections is None:
        sections = _draw_distinct(rng, NUM_SECTIONS, SECTIONS_PER_GAME)
    else:
        sections = [SECTION_NAMES.index(s) for s in config.sections]
    if config.rotations is None:
        rotations = [180 * int(randint(rng, 2)) for _ in range(SECTIONS_PER_GAME)]
    else:
        rotations = list(config.rotations)
    if config.cards is None:
        cards = _draw_distinct(rng, len(CARD_NAMES), CARDS_PER_GAME)
    else:
        cards = [CARD_NAMES.index(c) for c in config.cards]
    state.sections[:] = sections
    state.rotations[:] = rotations
    state.cards[:] = cards
    state.set("num_players", n)
    state.set("lords_zero_can_be_second", int(config.lords_zero_can_be_second))
    state.terrain[:] = assemble_board(tuple(sections), tuple(rotations))
    _place_location_tiles(state)
    state.owner[:] = EMPTY
    state.supply[:n] = SETTLEMENTS_PER_PLAYER
    state.hand[:] = EMPTY
    deck = np.repeat(np.arange(len(DECK_COUNTS)), DECK_COUNTS)
    state.deck[:] = deck
    shuffle(rng, state.deck, deck.size)
    state.set("deck_size", deck.size)
    start = int(randint(rng, n)) if config.start_player is None else config.start_player
    state.set("start_player", start)
    for player in range(n):
        state.hand[player] = kernels.draw_card(state.buf)
    state.set("cur", start)
    kernels.start_turn(state.buf)
    kernels.compute_mask(state.buf, NEIGHBOURS, state.mask)
    return state


def _place_location_tiles(state: State) -> None:
    """§3.1 step 2: two tiles on each location hex; a hex's type is its section's (§1.1)."""
    state.slot_of_hex[:] = EMPTY
    state.slot_hex[:] = EMPTY
    state.slot_type[:] = EMPTY
    hexes = np.flatnonzero(state.terrain == LOCATION)
    for slot, h in enumerate(hexes):
        tile = int(state.sections[HEX_SECTION[h]])
        state.slot_of_hex[h] = slot
        state.slot_hex[slot] = h
        state.slot_type[slot] = tile
        state.tiles_left[slot] = TILES_PER_HEX[TILE_NAMES[tile]]


def current_player(state: State) -> int:
    return state.cur


def is_over(state: State) -> bool:
    return state.phase == PHASE_GAME_OVER


def legal_action_mask(state: State, player: int) -> np.ndarray:
    """int8[409] mask for `player`; all zeros unless it is their decision. The returned array
    is the state's own (read it, don't write it)."""
    if player != state.cur or is_over(state):
        return np.zeros(NUM_ACTIONS, np.int8)
    return state.mask


def apply_action(state: State, action: int) -> None:
    """Apply one decision in place. Raises IllegalActionError (a ValueError) naming the action
    and the phase, leaving the state untouched, if the mask forbids it."""
    if not 0 <= action < NUM_ACTIONS or not state.mask[action]:
        phase = state.phase
        raise IllegalActionError(
            f"kingdom_builder: action {action} ({describe(action, phase) if 0 <= action < NUM_ACTIONS else 'out of range'}) "
            f"is illegal in phase '{PHASE_NAMES[phase]}' for player {state.cur}"
        )
    kernels.apply_action(state.buf, NEIGHBOURS, state.mask, action)


def score_table(state: State) -> np.ndarray:
    """int64[P, 4]: each player's gold from the 3 game cards and from castles."""
    out = np.zeros((state.num_players, CARDS_PER_GAME + 1), np.int64)
    score_breakdown(state.buf, NEIGHBOURS, out)
    return out


def final_scores(state: State) -> np.ndarray:
    """Total gold per player (§9); meaningful at any time, final once the game is over."""
    return score_table(state).sum(axis=1).astype(np.float64)


class KingdomBuilderEngine:
    """The Engine protocol for Kingdom Builder (module functions bound as methods)."""

    name = "kingdom_builder_v0"
    num_actions = NUM_ACTIONS
    player_counts = PLAYER_COUNTS
    max_players = MAX_PLAYERS

    make_config = staticmethod(make_config)
    new_game = staticmethod(new_game)
    current_player = staticmethod(current_player)
    legal_action_mask = staticmethod(legal_action_mask)
    apply_action = staticmethod(apply_action)
    is_over = staticmethod(is_over)
    final_scores = staticmethod(final_scores)

    @staticmethod
    def describe_action(state: State, action: int) -> str:
        return describe(action, state.phase)

    @staticmethod
    def to_json(state: State) -> str:
        return state.to_json()

    @staticmethod
    def from_json(text: str) -> Any:
        return State.from_json(text)


ENGINE = KingdomBuilderEngine()
