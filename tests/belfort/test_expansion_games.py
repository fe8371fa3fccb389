"""Whole random games with the expansion and the promo guilds: the invariants (workers,
gnomes, cards, permits and the assistants' tokens conserved; one assistant per drafted seat,
all back in the display and the Centaur's lock undone after each round) hold after every
decision, and the encoder's scales are never exceeded.

CI plays the issue's 300 games per configuration through one numba loop (random move, step,
invariants kernel) per game: the 1,800 games take about 2 s once compiled, and the loop's own
compile about 7 s (2026-12-01, load average 7 on 2 cores; the step and invariants kernels are
compiled by the other tests anyway). The same games through the engine's Python API would take
about 16 s, so that path keeps 3 games per configuration. The 10,000-game scale scan is a
`slow` run (`make test-slow`)."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from eurogym.encoders.belfort import HAND_SCALE, plan
from eurogym.envs.belfort.invariants import MESSAGES, check_invariants, first_violation
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.state import BASE_SIZE, HAND, NUM_PLAYERS, P_GAME_OVER, PHASE
from eurogym.envs.belfort.tables import NUM_PROPERTIES
from eurogym.envs.belfort.xkernels import apply_action
from eurogym.envs.core.jit import KERNEL
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import random_legal_action, random_playout

CONFIGS = [
    (2, {"expansion": True}),
    (3, {"expansion": True}),
    (4, {"expansion": True}),
    (5, {"expansion": True}),
    (3, {"promo_guilds": True}),
    (4, {"expansion": True, "promo_guilds": True, "guild_mode": "advanced"}),
]
IDS = [f"{n}p-{'-'.join(o)}" for n, o in CONFIGS]
MAX_DECISIONS = 100_000


def play(num_players: int, options: dict, games: int) -> None:
    config = ENGINE.make_config(num_players, **options)
    for seed in range(games):
        state = ENGINE.new_game(config, seed)
        check_invariants(state)
        random_playout(ENGINE, state, np.random.default_rng(seed), check_invariants)
        assert ENGINE.is_over(state)


@njit(**KERNEL)
def play_checked(buf, mask, rng):
    """One random game from `buf` in a single kernel: the invariants kernel runs after every
    decision. Returns (first broken invariant or 0, decisions)."""
    code = first_violation(buf, mask)
    decisions = 0
    while code == 0 and buf[PHASE] != P_GAME_OVER and decisions < MAX_DECISIONS:
        apply_action(buf, mask, random_legal_action(mask, rng))
        decisions += 1
        code = first_violation(buf, mask)
    return code, decisions


def play_fast(num_players: int, options: dict, games: int) -> int:
    """`games` seeded random games through play_checked; the total decisions played."""
    config = ENGINE.make_config(num_players, **options)
    total = 0
    for seed in range(games):
        state = ENGINE.new_game(config, seed)
        code, decisions = play_checked(state.buf, state.mask, seed_words(seed))
        assert code == 0, f"seed {seed}, decision {decisions}: {MESSAGES[code]}"
        assert state.phase == P_GAME_OVER, f"seed {seed} did not end"
        total += decisions
    return total


@pytest.mark.parametrize("num_players,options", CONFIGS, ids=IDS)
def test_300_random_games_keep_the_invariants(num_players: int, options: dict) -> None:
    """Issue 15's acceptance: 300 random games per configuration, invariants every step."""
    assert play_fast(num_players, options, games=300) > 300 * 100


@pytest.mark.parametrize("num_players,options", CONFIGS, ids=IDS)
def test_random_games_through_the_engine_keep_the_invariants(
    num_players: int, options: dict
) -> None:
    play(num_players, options, games=3)


@njit(**KERNEL)
def _max_words(buf, mask, rng, high, hand_high):
    """Play one random game from `buf`, keeping the largest value of every buffer word
    (`high`) and of every seat's hand size (`hand_high`) seen after each decision."""
    while buf[PHASE] != P_GAME_OVER:
        action = random_legal_action(mask, rng)
        apply_action(buf, mask, action)
        for i in range(buf.shape[0]):
            if buf[i] > high[i]:
                high[i] = buf[i]
        for p in range(buf[NUM_PLAYERS]):
            size = 0
            for t in range(NUM_PROPERTIES):
                size += buf[HAND + p * NUM_PROPERTIES + t]
            hand_high[p] = max(hand_high[p], size)


def largest_feature(games: int) -> tuple[float, str]:
    """The largest unclipped linear observation feature (and where) over every state of
    `games` random games per configuration (the base game's four included): each feature is
    one buffer word times a positive scale, so the word's maximum gives the feature's."""
    best, where = 0.0, ""
    for n, options in [(n, {}) for n in (2, 3, 4, 5)] + CONFIGS:
        config = ENGINE.make_config(n, **options)
        high = None
        hand_high = np.zeros(n, np.int64)
        for seed in range(games):
            state = ENGINE.new_game(config, seed)
            high = state.buf.copy() if high is None else np.maximum(high, state.buf)
            _max_words(state.buf, state.mask, seed_words(seed), high, hand_high)
        if hand_high.max() / HAND_SCALE > best:
            best, where = hand_high.max() / HAND_SCALE, f"hand size, {n}p {options}"
        expansion = high.shape[0] > BASE_SIZE
        for me in range(n):
            p = plan(n, me, expansion)
            for row in range(3):
                values = high[p.src[row, : p.size]] * p.scale[: p.size].astype(np.float64)
                values += p.offset[: p.size]
                i = int(values.argmax())
                if values[i] > best:
                    best, where = float(values[i]), f"feature {i}, {n}p {options}"
    return best, where


# 1/7 (a worker count's scale) rounds up in float32: 7 workers encode as 1.00000004
TOLERANCE = 1e-6


def test_encoder_scales_are_never_exceeded_in_random_games() -> None:
    """Issue 15: gnome counts, gold, scores, hand sizes... stay within their scales, so the
    observation never clips (the old scales hid a Gnome majority and gold above 20)."""
    best, where = largest_feature(games=30)
    assert best <= 1.0 + TOLERANCE, where


@pytest.mark.slow
def test_encoder_scales_are_never_exceeded_in_10000_random_games() -> None:
    best, where = largest_feature(games=10_000)
    assert best <= 1.0 + TOLERANCE, where


@pytest.mark.parametrize("num_players,options", CONFIGS, ids=IDS)
def test_views_and_descriptions_work_in_every_expansion_state(
    num_players: int, options: dict
) -> None:
    """Every decision of a random game can be described, and every state drawn as text and
    as a picture (the expansion's phases, actions, guilds and tokens included)."""
    from eurogym.envs.belfort.render import describe_changes, render_ansi, render_rgb

    state = ENGINE.new_game(ENGINE.make_config(num_players, **options), 5)
    rng = np.random.default_rng(5)
    step = 0
    while not ENGINE.is_over(state):
        before = state.copy()
        for action in np.flatnonzero(state.mask):
            assert ENGINE.describe_action(state, int(action))
            assert ENGINE.describe_public(state, int(action))
        if step % 25 == 0:
            assert "DECISION" in render_ansi(state)
            assert render_rgb(state).ndim == 3
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))
        describe_changes(before, state)
        step += 1
    assert "game over" in render_ansi(state)
