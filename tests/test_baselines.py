"""Smoke test of the baseline-table script on a tiny budget (speed is never asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eurogym.agents import tournament
from eurogym.benchmarks import baselines


def test_baselines_prints_pairings_and_elo_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baselines.main(
        [
            "--envs",
            "kingdom_builder_v0",
            "--games",
            "2",
            "--agents",
            "random,greedy",
            "--mcts-simulations",
            "2",
            "--out",
            str(tmp_path),
            "--no-progress",
        ]
    )
    out = capsys.readouterr().out
    assert "95% CI (Wilson)" in out and "Elo" in out
    assert "| agent | kingdom_builder_v0 |" in out
    for kind in ("random", "greedy", "mcts2"):
        assert f"| {kind} | " in out
    (summary,) = json.loads((tmp_path / "baselines.json").read_text())
    assert summary["env"] == "kingdom_builder_v0"
    assert len(summary["pairings"]) == 3  # every pair of the 3 kinds met
    for pairing in summary["pairings"]:
        assert pairing["games"] == 2
        lo, hi = pairing["ci95"]
        assert 0 <= lo <= pairing["win_rate"] <= hi <= 1
    assert sum(summary["elo"].values()) == pytest.approx(3 * 1500)
    assert summary["checkpoints"] == {}  # no checkpoint agents in this lineup
    assert tournament.make_agent("mcts400", "kingdom_builder_v0", 0).simulations == 400


def test_baselines_json_merges_games_run_separately(tmp_path: Path) -> None:
    path = tmp_path / "baselines.json"
    first = {"env": "belfort_v0", "pairings": [], "elo": {"random": 1500.0}}
    baselines.merge_into(path, first)
    kb = {"env": "kingdom_builder_v0", "pairings": [], "elo": {"random": 1400.0}}
    baselines.merge_into(path, kb)
    again = {**first, "elo": {"random": 1600.0}}  # a rerun replaces that game only
    baselines.merge_into(path, again)
    assert json.loads(path.read_text()) == [kb, again]


@pytest.mark.parametrize("content", ["{not json", '{"env": "belfort_v0"}', "[1, 2]"])
def test_baselines_json_refuses_to_overwrite_another_file(tmp_path: Path, content: str) -> None:
    path = tmp_path / "baselines.json"
    path.write_text(content)
    with pytest.raises(SystemExit, match="move it away first"):
        baselines.merge_into(path, {"env": "belfort_v0"})
    assert path.read_text() == content


def test_baselines_passes_the_az_search_budget_to_the_tournament(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = {}

    def fake_run(env_id: str, agents: list[str], games: int, **kwargs: object) -> None:
        seen.update(kwargs, agents=agents)
        raise SystemExit(0)  # stop before any game: only the call is checked

    monkeypatch.setattr(baselines, "run_tournament", fake_run)
    with pytest.raises(SystemExit):
        baselines.main(
            ["--envs", "belfort_v0", "--az", "belfort_v0=x.pt", "--az-simulations", "16"]
        )
    assert seen["az_simulations"] == 16
    assert seen["agents"][-1] == "az:x.pt"


def test_checkpoint_agents_are_labelled_by_kind_unless_two_share_it() -> None:
    agents = ["random", "mcts100", "ppo:runs/ppo/final.zip", "az:runs/az/final.pt"]
    assert list(baselines.labels(agents).values()) == ["random", "mcts100", "ppo", "az"]
    twins = ["ppo:a/final.zip", "ppo:b/final.zip", "az:c.pt"]
    assert list(baselines.labels(twins).values()) == ["ppo:a/final.zip", "ppo:b/final.zip", "az"]


def test_report_prints_elo_and_both_halves_of_each_pairing_from_an_older_file() -> None:
    """`--report` reads files written before the ppo/az labels (full specs as names)."""
    entry = {
        "env": "belfort_v0",
        "players": 2,
        "games_per_lineup": 10,
        "seed": 0,
        "wall_seconds": 120.0,
        "pairings": [
            {
                "agents": ["random", "ppo:r/final.zip"],
                "games": 10,
                "win_rate": 0.2,
                "ci95": [0.05, 0.5],
            }
        ],
        "elo": {"random": 1400.0, "ppo:r/final.zip": 1600.0},
        "seconds_per_move": {"random": 0.0001, "ppo:r/final.zip": 0.0004},
    }
    assert baselines.relabel(entry)["checkpoints"] == {"ppo": "r/final.zip"}
    report = baselines.markdown_report([entry])
    assert "| ppo | 1600 (0.4 ms) |" in report
    assert "| random | - | 0.20 [0.05, 0.50] |" in report
    assert "| ppo | 0.80 [0.50, 0.95] | - |" in report
