"""A slice of the suite with numba's bounds checking on (issue 11): seeded random games of every
env with the invariants checked after every decision, and a fuzz run of hostile states. With
NUMBA_BOUNDSCHECK=1 an out-of-bounds read or write inside a kernel raises IndexError instead
of silently touching other memory, so a pass here means the kernels stayed inside their
arrays on these paths.

It runs in a subprocess because the flag must be set before numba compiles anything, with its
own kernel cache (`.numba-boundscheck/`, ignored by git) so the checked kernels never mix with
the normal ones and a second local run starts warm.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from eurogym import envs

ROOT = Path(__file__).resolve().parents[2]
SLICE = """
import sys
import numpy as np
from eurogym import envs
from eurogym.envs.core.fuzz import fuzz, summary
from eurogym.envs.core.testing import random_playout

for env_id in sys.argv[1:]:
    spec = envs.spec(env_id)
    engine = spec.engine
    for num_players in engine.player_counts:
        for seed in range(6):
            state = engine.new_game(engine.make_config(num_players), seed)
            random_playout(engine, state, np.random.default_rng(seed), spec.check_invariants)
            assert engine.is_over(state)
            for seat in range(num_players):
                spec.raw_env.encode(state, seat)
            spec.raw_env.render_ansi(state)
    results = fuzz(env_id, 120, seed=23, base_states=6)
    bad = [(c.edits, o.status, o.detail) for c, o in results if not o.ok]
    assert not bad, bad[:5]
    print(env_id, summary(results), flush=True)
print("boundscheck slice passed")
"""


# one test per game package (ids of one game share its kernels), so pytest-xdist spreads the
# checked compiles over its workers
PACKAGES: dict[str, list[str]] = {}
for _env_id in envs.list_envs():
    PACKAGES.setdefault(envs.spec(_env_id).data_package.rsplit(".", 1)[-1], []).append(_env_id)


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_kernels_stay_in_bounds_with_numba_boundscheck(package: str) -> None:
    env = dict(os.environ)
    env["NUMBA_BOUNDSCHECK"] = "1"
    env["NUMBA_CACHE_DIR"] = str(ROOT / ".numba-boundscheck")
    result = subprocess.run(
        [sys.executable, "-c", SLICE, *PACKAGES[package]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    assert "boundscheck slice passed" in result.stdout
