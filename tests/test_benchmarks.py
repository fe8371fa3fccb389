"""Smoke tests of the benchmark scripts: they run with a tiny budget and report sane numbers.
Speed itself is never asserted (it depends on the machine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import demo, throughput

RATE_KEYS = {"decisions", "games", "seconds", "per_second", "games_per_second"}


def _check_rate(rate: dict[str, float]) -> None:
    assert set(rate) == RATE_KEYS
    assert all(value > 0 for value in rate.values())


def test_measure_rates() -> None:
    rates = throughput.measure_rates(players=2, seconds=0.2, rounds=2)
    assert set(rates) == {"connect_four", "env", "raw_env", "engine"}
    for rate in rates.values():
        _check_rate(rate)


def test_main_prints_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bench.json"
    throughput.main(["--seconds", "0.2", "--players", "3", "--json", str(path)])
    out = capsys.readouterr().out
    for row in ("connect_four_v3 env()", "kingdom_builder env() 3p", "engine 3p", "first step"):
        assert row in out
    results = json.loads(path.read_text())
    for key in ("connect_four", "env", "raw_env", "engine"):
        _check_rate(results[key])
    assert len(results["first_step_runs_s"]) == 2
    assert results["first_step_s"] > 0 and results["peak_rss_mb"] > 0
    assert results["state_bytes"] > 0
    assert set(results["passed"]) == {
        "env_vs_connect_four",
        "engine_decisions_per_second",
        "first_step_s",
        "state_bytes",
    }


def test_demo_prints_board_scores_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    demo.main(["--seed", "3"])
    out = capsys.readouterr().out
    assert "phase game_over" in out  # the rendered final board's status line
    assert out.splitlines()[2].startswith(" 0 ")  # board row 0
    assert "final scores (gold)" in out
    for p in range(demo.NUM_PLAYERS):
        assert f"player_{p} ({p})" in out
    assert "winner(s): player_" in out
    decisions = int(out.rsplit("decisions: ", 1)[1])
    assert decisions > 0


def test_demo_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    demo.main(["--seed", "5"])
    first = capsys.readouterr().out
    demo.main(["--seed", "5"])
    assert capsys.readouterr().out == first
