"""The observation holds what a player needs (issue 13): the push cost and movement deck of each
orc event board, the space a solo ruby save is about, and counts scaled by caps that random play
never reaches (the slow test: 10,000 random games, both ids)."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from eurogym.encoders.caverna_ff import (
    ACCUM_CAP,
    ANIMALS_CAP,
    BEGGING_CAP,
    GOODS_CAP,
    MINE_CAP,
    encode_flat,
)
from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.rules import ENGINE, ENGINE_V1
from eurogym.envs.caverna_ff.spaces import NUM_SPACES
from eurogym.envs.caverna_ff.state import (
    ACCUM,
    ANIMAL_AT,
    BEGGING,
    MINE_GOODS,
    NUM_PLAYERS,
    P_GAME_OVER,
    PHASE,
    RES,
)
from eurogym.envs.caverna_ff.tables import CELLS, NUM_ANIMALS, NUM_GOODS
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import random_legal_action
from tests.caverna_ff.helpers import new_state


def test_b8_observation_shows_each_event_boards_push_cost_and_movement_deck():
    plain = new_state(2)
    other = ENGINE.new_game(
        ENGINE.make_config(2, data_overrides={"push_cost": [{"wood": 3}] * 4}), 0
    )
    decks = ENGINE.new_game(ENGINE.make_config(2, data_overrides={"event_deck": [1, 1, 1, 1]}), 0)
    base = encode_flat(plain, 0)
    assert not np.array_equal(base, encode_flat(other, 0))
    assert not np.array_equal(base, encode_flat(decks, 0))


def test_b11_observation_shows_the_space_a_solo_ruby_save_is_about():
    s = new_state(1)
    before = encode_flat(s, 0)
    s.set("clear_pos", 5)
    after = encode_flat(s, 0)
    assert np.flatnonzero(after != before).size == 1  # exactly the clearing's one-hot entry


@njit
def _play_max(buf, mask, rng, top):
    """Play buf to its end with random legal actions; top[k] = largest count seen of: goods,
    begging markers, an accumulation, animals of a type on one cell, goods on one mine."""
    while buf[PHASE] != P_GAME_OVER:
        for p in range(buf[NUM_PLAYERS]):
            for g in range(NUM_GOODS):
                top[0] = max(top[0], buf[RES + p * NUM_GOODS + g])
            top[1] = max(top[1], buf[BEGGING + p])
            for j in range(CELLS * NUM_ANIMALS):
                top[3] = max(top[3], buf[ANIMAL_AT + p * CELLS * NUM_ANIMALS + j])
            for c in range(CELLS):
                top[4] = max(top[4], buf[MINE_GOODS + p * CELLS + c])
        for j in range(NUM_SPACES * NUM_GOODS):
            top[2] = max(top[2], buf[ACCUM + j])
        kernels.apply_action(buf, mask, random_legal_action(mask, rng))


@pytest.mark.slow
def test_observation_caps_are_never_reached_in_10000_random_games():
    top = np.zeros(5, np.int64)
    for g in range(10_000):
        engine = ENGINE_V1 if g % 2 else ENGINE
        state = engine.new_game(engine.make_config(1 + g % 4), g)
        _play_max(state.buf, state.mask, seed_words(g), top)
    caps = (GOODS_CAP, BEGGING_CAP, ACCUM_CAP, ANIMALS_CAP, MINE_CAP)
    assert all(t < cap for t, cap in zip(top, caps, strict=True)), (top, caps)
