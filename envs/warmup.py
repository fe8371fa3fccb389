"""Compile every numba kernel of the given envs ahead of time, so later processes load them from
numba's cache in about a second instead of compiling on their first step.

    python -m eurogym.envs.warmup                      # every registered env
    python -m eurogym.envs.warmup caverna_ff_v0 ...    # only these

Use it in a Docker image build (`RUN python -m eurogym.envs.warmup`) or after installing, with
the same Python, numba and CPU as at run time (numba's cache is keyed on them). numba compiles a
kernel together with everything it calls on its first call, so one random game through the
env's whole public surface compiles all of it: reset and steps (the rules kernels and their
masks), observations (the encoder kernels), JSON round trips (validation, invariants), final
scores, and the engine's fast playout when it has one.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from tqdm import tqdm

from eurogym.envs.core import jit
from eurogym.envs.core.registry import list_envs, spec
from eurogym.envs.core.rng import seed_words
from eurogym.envs.core.testing import play_random_episode, random_legal_action


def warm(env_id: str, seed: int = 0) -> int:
    """Compile (or load from the cache) every kernel of `env_id` by playing one random game
    through it; returns the decisions played."""
    entry = spec(env_id)
    players = max(entry.player_counts)
    env = entry.wrapped_env(num_players=players)
    env.reset(seed=seed)
    decisions = play_random_episode(env, np.random.default_rng(seed))
    engine = entry.engine
    state = env.unwrapped.state_
    engine.final_scores(state)
    entry.check_invariants(state)
    fresh = engine.new_game(engine.make_config(players), seed)
    engine.from_json(engine.to_json(fresh))
    random_legal_action(fresh.mask, seed_words(seed))
    playout = getattr(engine, "playout", None)
    if playout is not None:
        playout(fresh.copy(), seed_words(seed), 10)
    env.close()
    return decisions


def main(argv: list[str] | None = None) -> None:
    """CLI: warm the given env ids (default: all) with a progress bar, one tick per env."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("env_ids", nargs="*", help=f"default: all of {', '.join(list_envs())}")
    args = parser.parse_args(argv)
    env_ids = args.env_ids or list_envs()
    unknown = sorted(set(env_ids) - set(list_envs()))
    if unknown:
        parser.error(f"unknown env id(s) {unknown}; known: {list_envs()}")
    start = time.perf_counter()
    with tqdm(env_ids, desc="eurogym: compiling kernels", unit="game") as bar:
        for env_id in bar:
            bar.set_postfix_str(env_id)
            warm(env_id)
    print(
        f"eurogym: {len(env_ids)} env(s) ready in {time.perf_counter() - start:.0f} s; "
        f"kernel cache: {jit.cache_location()}"
    )


if __name__ == "__main__":
    main()
