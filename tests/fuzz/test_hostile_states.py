"""Hostile states (issue 11): for every game, 500 single- and multi-field mutations of real states
(eurogym.envs.core.fuzz) run in worker processes with a deadline; each must be rejected on load
with a StateError or play 200 random steps with no crash, hang, error or broken invariant."""

import pytest

from eurogym import envs
from eurogym.envs.core.fuzz import fuzz, summary

CASES_PER_GAME = 500


@pytest.mark.parametrize("env_id", envs.list_envs())
def test_hostile_states_are_rejected_or_play_safely(env_id):
    results = fuzz(env_id, CASES_PER_GAME, seed=11)
    failures = [
        f"case {case.index} [{case.edits}] {outcome.status}: {outcome.detail}"
        for case, outcome in results
        if not outcome.ok
    ]
    assert not failures, f"{len(failures)} failures of {len(results)}:\n" + "\n".join(failures[:20])
    counts = summary(results)
    # the mutations must exercise both paths: most are rejected, but in-range edits that keep
    # the state consistent must load and play
    assert counts.get("rejected", 0) >= CASES_PER_GAME // 4, counts
    assert counts.get("played", 0) >= 10, counts
