"""Batched engines (envs.vector.engine, issue 16): N batched games are exactly N single-engine
games, autoreset restarts with the next seed, bad input changes nothing, and the results do
not depend on numba's thread count."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from eurogym.envs import list_envs, spec
from eurogym.envs.core.errors import IllegalActionError
from eurogym.envs.vector import BatchedEngine, rng_words, rollout

ROOT = Path(__file__).resolve().parents[2]


def _compare(batch: BatchedEngine, singles: list, where: str) -> None:
    engine = batch.engine
    for i, state in enumerate(singles):
        assert np.array_equal(batch.bufs[i], state.buf), f"{where}: game {i} state differs"
        assert np.array_equal(batch.masks[i], state.mask), f"{where}: game {i} mask differs"
        seat = engine.current_player(state)
        expected = batch.encode_single(state, seat)
        assert np.array_equal(batch.obs[i], expected), f"{where}: game {i} observation differs"


def play_equivalent(
    env_id: str, num_envs: int, steps: int, seed: int, parallel: bool = True, **options
) -> int:
    """Step a batch and `num_envs` single engines with the same random actions, comparing
    states, masks and observations after every step and the scores and restarts of finished
    games; returns how many games finished. `options`: rule options of the games."""
    batch = BatchedEngine(env_id, num_envs, parallel=parallel, **options)
    assert batch.parallel == parallel
    engine, config = batch.engine, batch.config
    batch.reset(seed)
    singles = [engine.new_game(config, seed + i) for i in range(num_envs)]
    next_seed = seed + num_envs
    _compare(batch, singles, "reset")
    rng = np.random.default_rng(seed)
    finished = 0
    for step in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in batch.masks], np.int64)
        done = batch.step(actions)
        for i, state in enumerate(singles):
            engine.apply_action(state, int(actions[i]))
            assert bool(done[i]) == engine.is_over(state), f"step {step}: game {i} done flag"
            if done[i]:
                finished += 1
                assert np.array_equal(batch.final_scores[i], engine.final_scores(state))
                singles[i] = engine.new_game(config, next_seed)
                assert batch.seeds[i] == next_seed
                next_seed += 1
        assert np.isnan(batch.final_scores[~done]).all()
        _compare(batch, singles, f"step {step}")
    return finished


@pytest.mark.parametrize("env_id", list_envs())
def test_batched_games_equal_single_games(env_id):
    """64 batched games (parallel kernels), stepped 40 times with random legal actions, equal
    64 single games."""
    play_equivalent(env_id, 64, 40, seed=11)


@pytest.mark.parametrize(
    ("env_id", "options"),
    [
        ("kingdom_builder_v0", {"expansions": ("nomads", "capital", "caves")}),
        ("belfort_v0", {"expansion": True, "promo_guilds": True}),
    ],
)
def test_batched_expansion_games_equal_single_games(env_id, options):
    """A rule option with a bigger state, more actions and a longer observation (Kingdom
    Builder's Big Box, Belfort's expansion) batches like the default game."""
    batch = BatchedEngine(env_id, 2, num_players=3, **options)
    single = batch.engine.new_game(batch.config, 0)
    assert batch.bufs.shape[1] == single.buf.size and batch.masks.shape[1] == single.mask.size
    play_equivalent(env_id, 8, 60, seed=3, parallel=False, **options)
    # the default game in the same process gets its own kernels, not the option's
    play_equivalent(env_id, 4, 20, seed=1, parallel=False)


def test_serial_batched_games_equal_single_games():
    """The serial build (the default below PARALLEL_MIN_GAMES) plays the same games."""
    assert play_equivalent("kingdom_builder_v0", 16, 300, seed=2, parallel=False) > 0


@pytest.mark.slow
@pytest.mark.parametrize("env_id", list_envs())
def test_batched_games_equal_single_games_to_the_end(env_id):
    """The issue's acceptance run: 64 batched games until 200 games have finished."""
    batch_steps = {"kingdom_builder_v0": 2000}
    finished = play_equivalent(env_id, 64, batch_steps.get(env_id, 4000), seed=5)
    assert finished >= 200


def _near_end(env_id: str, seed: int) -> tuple:
    """A single game played at random to one decision before its end, and that decision."""
    entry = spec(env_id)
    engine = entry.engine
    config = engine.make_config(entry.raw_env.default_players)
    rng = np.random.default_rng(seed)
    while True:
        state = engine.new_game(config, seed)
        while not engine.is_over(state):
            before = state.copy()
            action = int(rng.choice(np.flatnonzero(state.mask)))
            engine.apply_action(state, action)
        return before, action, state


def test_autoreset_starts_a_fresh_game_with_the_next_seed():
    """Games finishing in one step restart, in row order, with the seeds after the largest."""
    env_id = "kingdom_builder_v0"
    batch = BatchedEngine(env_id, 4)
    batch.reset([10, 30, 20, 7])
    engine, config = batch.engine, batch.config
    actions = np.zeros(4, np.int64)
    ends = {}
    for i in (1, 3):  # rows 1 and 3 one decision before their ends
        before, action, after = _near_end(env_id, 100 + i)
        batch.set_state(i, before)
        actions[i] = action
        ends[i] = after
    for i in (0, 2):
        actions[i] = np.flatnonzero(batch.masks[i])[0]
    done = batch.step(actions)
    assert done.tolist() == [False, True, False, True]
    assert batch.seeds == [10, 31, 20, 32]
    for i, seed in ((1, 31), (3, 32)):
        assert np.array_equal(batch.final_scores[i], engine.final_scores(ends[i]))
        fresh = engine.new_game(config, seed)
        assert np.array_equal(batch.bufs[i], fresh.buf)
        expected = batch.encode_single(fresh, engine.current_player(fresh))
        assert np.array_equal(batch.obs[i], expected)


def test_bad_actions_raise_naming_the_game_and_change_nothing():
    batch = BatchedEngine("kingdom_builder_v0", 8)
    batch.reset(3)
    bufs, masks, obs = batch.bufs.copy(), batch.masks.copy(), batch.obs.copy()
    legal = np.array([np.flatnonzero(m)[0] for m in masks], np.int64)
    with pytest.raises(ValueError, match=r"shape \(8,\)"):
        batch.step(legal[:7])
    with pytest.raises(TypeError, match="integers"):
        batch.step(legal.astype(np.float64))
    bad = legal.copy()
    bad[5] = int(np.flatnonzero(masks[5] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 5: action"):
        batch.step(bad)
    bad[5] = 10_000
    with pytest.raises(IllegalActionError, match="game 5: action 10000"):
        batch.step(bad)
    assert np.array_equal(batch.bufs, bufs)
    assert np.array_equal(batch.masks, masks)
    assert np.array_equal(batch.obs, obs)


def test_rollout_of_states_equals_the_engines_own_playout():
    """`rollout(states, rng)` plays each game exactly as Kingdom Builder's single-game
    `playout` does with the same generator words."""
    entry = spec("kingdom_builder_v0")
    engine = entry.engine
    config = engine.make_config(3)
    states = [engine.new_game(config, s) for s in range(6)]
    singles = [s.copy() for s in states]
    words = rng_words(np.random.default_rng(1), 6)
    for state, w in zip(singles, words.copy(), strict=True):
        engine.playout(state, w)
    batch = BatchedEngine("kingdom_builder_v0", 6, 3, parallel=True)
    batch.reset(0)
    for i, state in enumerate(states):
        batch.set_state(i, state)
    counts = rollout(batch, words.copy())
    assert counts.min() > 0 and batch.is_over().all()
    for i, state in enumerate(singles):
        assert np.array_equal(batch.bufs[i], state.buf)
    scores = rollout(states, np.random.default_rng(1))
    assert scores.shape == (6, 3)
    for i, state in enumerate(states):
        assert engine.is_over(state)
        assert np.array_equal(scores[i], engine.final_scores(singles[i]))


_THREADS_SCRIPT = """
import hashlib, numpy as np
from eurogym.envs.vector import BatchedEngine
b = BatchedEngine("kingdom_builder_v0", 64, parallel=True)
b.reset(1)
rng = np.random.default_rng(2)
h = hashlib.sha256()
for _ in range(30):
    b.step(np.array([rng.choice(np.flatnonzero(m)) for m in b.masks]))
    h.update(b.bufs.tobytes()); h.update(b.obs.tobytes())
b.rollout(np.random.default_rng(3))
h.update(b.bufs.tobytes())
import numba
print(numba.get_num_threads(), h.hexdigest())
"""


def _run(script: str, **env: str) -> str:
    """The stdout of `script` in a fresh interpreter running from this checkout."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), **env)
    command = [sys.executable, "-c", script]
    return subprocess.run(
        command, capture_output=True, text=True, env=env, cwd=ROOT, check=True
    ).stdout


def test_results_do_not_depend_on_the_thread_count():
    out = {}
    for threads in ("1", "2"):
        count, digest = _run(_THREADS_SCRIPT, NUMBA_NUM_THREADS=threads).split()
        assert count == threads
        out[threads] = digest
    assert out["1"] == out["2"]
    assert hashlib.sha256(b"").hexdigest() not in out.values()


_SINGLE_GAME_SCRIPT = """
import sys
import eurogym
env = eurogym.make("kingdom_builder_v0", num_players=2)
env.reset(seed=0)
env.step(int(env.infos[env.agent_selection]["action_mask"].nonzero()[0][0]))
ours = [m for m in sys.modules if m.startswith("eurogym.")]
print(sorted(m for m in ours if m.endswith(".batch") or ".vector." in m))
"""


def test_single_game_envs_never_load_the_batched_kernels():
    """The parallel kernels compile slowly; a single-game env must not import them (its cold
    start stays as it was). Only the Gymnasium id registration is loaded by `import eurogym`."""
    assert _run(_SINGLE_GAME_SCRIPT).split("\n")[0] == "['eurogym.envs.vector.ids']"
