"""Smoke tests of the benchmark scripts: they run with a tiny budget and report sane numbers.
Speed itself is never asserted (it depends on the machine)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from eurogym import envs
from eurogym.benchmarks import demo, throughput
from eurogym.envs.core import compile_ahead

RATE_KEYS = {"decisions", "games", "seconds", "per_second", "games_per_second"}


def _check_rate(rate: dict[str, float]) -> None:
    assert set(rate) == RATE_KEYS
    assert all(value > 0 for value in rate.values())


def test_measure_rates() -> None:
    rates = throughput.measure_rates(["belfort_v0"], players=2, seconds=0.2, rounds=2)
    assert set(rates) == {
        "connect_four",
        "belfort_v0/env",
        "belfort_v0/raw_env",
        "belfort_v0/engine",
    }
    for rate in rates.values():
        _check_rate(rate)


def test_main_prints_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bench.json"
    throughput.main(["--seconds", "0.2", "--players", "3", "--json", str(path)])
    out = capsys.readouterr().out
    for row in ("connect_four_v3 env()", "kingdom_builder env() 3p", "belfort env() 3p"):
        assert row in out
    assert "belfort engine 3p" in out and "kingdom_builder import + first step" in out
    assert "kingdom_builder+big_box engine 3p" in out and "belfort+expansion env() 3p" in out
    results = json.loads(path.read_text())
    _check_rate(results["connect_four"])
    assert results["peak_rss_mb"] > 0
    assert set(results["games"]) == set(envs.list_envs()) | set(throughput.VARIANTS)
    for env_id, game in results["games"].items():
        for row in ("env", "raw_env", "engine"):
            _check_rate(results[f"{env_id}/{row}"])
        assert len(game["first_step_runs_s"]) == 2
        assert game["first_step_s"] > 0 and game["state_bytes"] > 0
        assert set(game["passed"]) == {
            "env_vs_connect_four",
            "engine_decisions_per_second",
            "first_step_s",
            "state_bytes",
        }


def test_demo_prints_board_scores_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    demo.main(["--seed", "3"])
    out = capsys.readouterr().out
    for env_id in ("kingdom_builder_v0", "belfort_v0"):
        assert f"{env_id}, 4 random players, seed 3: final board" in out
    games = len(envs.list_envs())
    demo_lines = [line for line in out.splitlines() if line.startswith("final scores (ties")]
    assert len(demo_lines) == games and out.count("winner(s): player_") == games
    for p in range(demo.NUM_PLAYERS):
        assert f"player_{p} (" in out
    decisions = [int(line.split()[-1]) for line in out.splitlines() if line.startswith("decisions")]
    assert len(decisions) == games and min(decisions) > 0


def test_cold_start_compiles_in_a_fresh_cache() -> None:
    cold = throughput.time_cold_start(["kingdom_builder_v0"], players=2)
    assert cold["seconds"] > 0 and cold["cpu_seconds"] > 0
    assert cold["announced"] == 1  # its numba cache was empty, so it said it was compiling
    # and a second process compiled the other end of the first step (2+ cores)
    assert cold["helpers"] == (1 if compile_ahead.enabled() else 0)


def test_cold_rows_print_with_their_targets(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = {"seconds": 12.5, "cpu_seconds": 11.0, "load_avg_1min": 1.0, "announced": 1}
    calls = []

    def fake_cold_start(env_ids: list[str], players: int, jobs: int = 1) -> dict[str, float]:
        calls.append((tuple(env_ids), jobs))
        return dict(fake, seconds=95.0) if jobs > 1 else dict(fake)

    monkeypatch.setattr(throughput, "time_cold_start", fake_cold_start)
    throughput.main(["--seconds", "0.1", "--env", "belfort_v0", "--cold"])
    out = capsys.readouterr().out
    assert calls == [(("belfort_v0",), 1), (("belfort_v0",), 1), (("belfort_v0",), 2)]
    row = next(line for line in out.splitlines() if line.startswith("belfort cold first step"))
    assert "12.5" in row and "<= 30 s" in row and "pass" in row
    row = next(line for line in out.splitlines() if line.startswith("all games cold, one"))
    assert "cpu 11 s" in row and "<=" not in row  # shown for reference
    row = next(line for line in out.splitlines() if line.startswith("all games cold, warmup"))
    assert "95.0" in row and "<= 90 s" in row and "FAIL" in row


def test_warmup_plays_every_option_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """`warm` plays the default game and then each registered option case, so an expansion's
    own kernels (Belfort's XState ones) are compiled ahead of time too."""
    from eurogym.envs import warmup

    played = []

    def play(env, rng) -> int:  # noqa: ANN001
        played.append(type(env.unwrapped.state_).__name__)
        return real_play(env, rng)

    real_play = warmup.play_random_episode
    monkeypatch.setattr(warmup, "play_random_episode", play)
    cases = envs.spec("belfort_v0").option_cases
    assert warmup.warm("belfort_v0") > 0
    assert played[0] == "State" and len(played) == 1 + len(cases) and "XState" in played


def test_warmup_workers_warm_games_in_parallel() -> None:
    """The warmup's worker processes (spawned, one per game here) finish every game."""
    from eurogym.envs import warmup

    ids = ["kingdom_builder_v0", "caverna_ff_v1", "belfort_v0", "caverna_ff_v0"]
    assert warmup.work_units(ids) == [
        ["caverna_ff_v1", "caverna_ff_v0"],  # one game's kernels: one worker
        ["kingdom_builder_v0"],
        ["belfort_v0"],
    ]
    assert warmup.warm_all(["kingdom_builder_v0", "daitoshi_v0"], jobs=2, progress=False) > 0


def test_without_pygame_the_table_has_no_connect_four(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo.classic.connect_four", None)
    assert throughput.connect_four_env() is None
    assert "eurogym[bench]" in capsys.readouterr().err
    throughput.main(["--seconds", "0.1", "--env", "belfort_v0"])
    out = capsys.readouterr().out
    assert "connect_four_v3" not in out and "belfort engine" in out


def test_variant_rows_play_the_variant() -> None:
    """`belfort_v0+expansion` rows run Belfort with expansion=True (issue 15's targets)."""
    assert throughput.split("belfort_v0+expansion") == ("belfort_v0", {"expansion": True})
    rates = throughput.measure_rates(["belfort_v0+expansion"], players=2, seconds=0.2, rounds=1)
    for row in ("env", "raw_env", "engine"):
        _check_rate(rates[f"belfort_v0+expansion/{row}"])
    assert throughput.state_bytes("belfort_v0+expansion", 2) > throughput.state_bytes(
        "belfort_v0", 2
    )


def test_batched_rows() -> None:
    """The batched-engine rows (throughput --batched): one rollout and one step row per N and
    thread count, positive rates, the issue's two targets judged, and table rows."""
    from eurogym.benchmarks import batched

    results = batched.measure_batched(["kingdom_builder_v0"], players=2, seconds=0.05, sizes=(1, 4))
    threads = [t for t in batched.THREADS if t <= batched.numba.config.NUMBA_NUM_THREADS]
    assert set(results) == {
        f"kingdom_builder_v0/batched_{kind}/N={n}/{t}t"
        for kind in ("rollout", "step")
        for n in (1, 4)
        for t in threads
    }
    assert all(r["per_second"] > 0 for r in results.values())
    assert set(batched.targets("kingdom_builder_v0", results)) == {
        "batched_rollout_decisions_per_second",
        "batched_step_steps_per_second",
    }
    rows = batched.table_rows("kingdom_builder_v0", results, players=2)
    assert len(rows) == len(results) and rows[0][0].startswith("kingdom_builder batched")
