"""Tournament statistics on known inputs, the schedule's seat balance, and the CLI."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from eurogym.agents.mcts import MCTSAgent
from eurogym.agents.tournament import (
    ELO_MEAN,
    fit_elo,
    lineups,
    main,
    mcts_agent,
    parse_game_options,
    run_tournament,
    wilson_interval,
)

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_interval_of_half():
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi
    assert hi - 0.5 == pytest.approx(0.5 - lo)
    # z * sqrt(p(1-p)/n + z^2/(4n^2)) / (1 + z^2/n) with z = 1.96, p = 0.5, n = 100
    assert hi - lo == pytest.approx(2 * 0.0961702, abs=1e-6)


def test_wilson_interval_edges():
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    wide, narrow = wilson_interval(5, 10), wilson_interval(500, 1000)
    assert wide[1] - wide[0] > narrow[1] - narrow[0]


def test_elo_of_a_player_who_always_wins_is_higher_and_finite():
    points = np.array([[0.0, 20.0], [0.0, 0.0]])
    played = np.array([[0.0, 20.0], [20.0, 0.0]])
    ratings = fit_elo(points, played)
    assert np.all(np.isfinite(ratings))
    assert ratings[0] > ratings[1] + 200
    assert ratings.mean() == pytest.approx(ELO_MEAN)


def test_elo_matches_the_logistic_curve():
    """Without the prior, 3 wins in 4 means P = 0.75, i.e. a gap of 400 log10(3) points."""
    points = np.array([[0.0, 3.0], [1.0, 0.0]])
    played = np.array([[0.0, 4.0], [4.0, 0.0]])
    ratings = fit_elo(points, played, prior_draws=0.0)
    assert ratings[0] - ratings[1] == pytest.approx(400 * np.log10(3), abs=1e-6)


def test_elo_orders_a_chain_and_ties_equal():
    # A beats B 70%, B beats C 70%, A beats C 85%
    played = np.array([[0, 100, 100], [100, 0, 100], [100, 100, 0]], float)
    points = np.array([[0, 70, 85], [30, 0, 70], [15, 30, 0]], float)
    a, b, c = fit_elo(points, played)
    assert a > b > c
    even = fit_elo(np.full((2, 2), 5.0) * (1 - np.eye(2)), np.full((2, 2), 10.0) * (1 - np.eye(2)))
    assert even[0] == pytest.approx(even[1])


def test_lineups():
    assert lineups(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert lineups(2, 3) == [(0, 0, 1), (0, 1, 1)]


def test_run_tournament_balances_seats_and_counts_results():
    result = run_tournament(
        "kingdom_builder_v0", ["random", "greedy"], 3, num_players=3, progress=False
    )
    assert result.games_per_lineup == 3  # one seed block, played in 3 seat rotations
    assert len(result.games) == 2 * 3
    for lineup in ({"random": 2, "greedy": 1}, {"random": 1, "greedy": 2}):
        seats = [Counter() for _ in range(3)]
        for names, _ in result.games:
            if Counter(names) == lineup:
                for seat, name in enumerate(names):
                    seats[seat][name] += 1
        assert all(s == Counter(lineup) for s in seats)
    # each 3-player game holds two pairs of different kinds
    assert result.played[0, 1] == result.played[1, 0] == 2 * len(result.games)
    assert result.points[0, 1] + result.points[1, 0] == result.played[0, 1]
    assert np.isnan(result.win_rate[0, 0])
    assert result.elo["greedy"] > result.elo["random"]


def test_run_tournament_is_reproducible():
    first = run_tournament("kingdom_builder_v0", ["random", "heuristic"], 2, seed=5, progress=False)
    again = run_tournament("kingdom_builder_v0", ["random", "heuristic"], 2, seed=5, progress=False)
    assert [(n, s.tolist()) for n, s in first.games] == [(n, s.tolist()) for n, s in again.games]


def test_run_tournament_on_worker_processes_gives_the_same_results():
    kinds = ["random", "greedy", "mcts2"]  # mcts<N>: a budget per kind, also in the workers
    serial = run_tournament("kingdom_builder_v0", kinds, 4, seed=3, progress=False)
    spread = run_tournament("kingdom_builder_v0", kinds, 4, seed=3, progress=False, jobs=2)
    assert [(n, s.tolist()) for n, s in spread.games] == [(n, s.tolist()) for n, s in serial.games]
    assert np.array_equal(spread.points, serial.points)
    assert np.array_equal(spread.played, serial.played)
    assert spread.elo == serial.elo
    assert all(spread.seconds_per_move[k] > 0 for k in kinds)
    with pytest.raises(ValueError, match="jobs must be a positive int"):
        run_tournament("kingdom_builder_v0", kinds, 2, progress=False, jobs=0)


def test_mcts_budget_kinds():
    from eurogym.agents.tournament import is_known_agent, make_agent

    assert make_agent("mcts7", "belfort_v0", 0).simulations == 7
    assert make_agent("mcts7", "belfort_v0", 0, mcts_prior="none").prior is None
    assert is_known_agent("mcts400") and not is_known_agent("mcts0")
    assert is_known_agent("mcts")  # the plain kind keeps its own factory
    assert not is_known_agent("mcts1x")


def test_run_tournament_rejects_bad_agents():
    with pytest.raises(ValueError, match="unknown agent"):
        run_tournament("kingdom_builder_v0", ["random", "nobody"], 2, progress=False)
    with pytest.raises(ValueError, match="two distinct"):
        run_tournament("kingdom_builder_v0", ["random", "random"], 2, progress=False)


def test_main_prints_the_report(capsys):
    assert main(["--agents", "random,heuristic", "--games", "4", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "random vs heuristic" in out and "95% CI" in out and "Elo" in out


def test_cli_runs_with_four_games():
    command = [
        sys.executable,
        "-m",
        "eurogym.agents.tournament",
        "--env",
        "kingdom_builder_v0",
        "--agents",
        "random,heuristic,mcts",
        "--games",
        "4",
        "--mcts-simulations",
        "4",
    ]
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "heuristic vs mcts" in done.stdout
    assert "100%" in done.stderr  # the tqdm bar finished
    assert "RuntimeWarning" not in done.stderr


def test_mcts_options_map_to_the_agent():
    default = MCTSAgent()
    agent = mcts_agent(3, mcts_simulations=None, mcts_rollout_depth=None)
    assert (agent.seed, agent.simulations, agent.prior, agent.rollout_depth) == (
        3,
        default.simulations,
        default.prior,
        default.rollout_depth,
    )
    agent = mcts_agent(
        0,
        mcts_simulations=7,
        mcts_rollout_depth=-1,
        mcts_prior="none",
        mcts_evaluator="scores",
        mcts_c_puct=2.5,
    )
    assert (agent.simulations, agent.rollout_depth, agent.prior) == (7, None, None)
    assert (agent.evaluator, agent.c_puct) == ("scores", 2.5)
    assert mcts_agent(0, mcts_rollout_depth=5, mcts_prior="heuristic").rollout_depth == 5


def test_parse_game_options_reads_json_values_and_rejects_bad_input():
    assert parse_game_options(["expansion=true", "guild_mode=advanced", "n=3"], None) == {
        "expansion": True,
        "guild_mode": "advanced",
        "n": 3,
    }
    assert parse_game_options(["promo_guilds=true"], '{"expansion": true}') == {
        "expansion": True,
        "promo_guilds": True,
    }
    for pairs, as_json, message in (
        (["expansion"], None, "not KEY=VALUE"),
        (["=true"], None, "not KEY=VALUE"),
        (["expansion=true", "expansion=false"], None, "given twice"),
        (["expansion=true"], '{"expansion": false}', "given twice"),
        ([], "[1]", "JSON object"),
        ([], "{expansion: true}", "not valid JSON"),
    ):
        with pytest.raises(ValueError, match=message):
            parse_game_options(pairs, as_json)


def test_game_options_reach_every_game_and_record(tmp_path):
    """Issue 15: a Belfort expansion tournament; each game (and its record) has the options."""
    from eurogym.envs.belfort.state import XState
    from eurogym.envs.record import load_record, replay

    seen = []
    result = run_tournament(
        "belfort_v0",
        ["random", "greedy"],
        2,
        progress=False,
        record_dir=tmp_path,
        game_options={"expansion": True, "promo_guilds": True},
    )
    assert len(result.games) == 2
    for path in sorted(tmp_path.glob("game_*.json")):
        seen.append(load_record(path)["options"])
        *_, state = replay(path)  # replays to the recorded final scores
        assert isinstance(state, XState) and state.expansion == 1 and state.promo == 1
    assert seen == [{"expansion": True, "promo_guilds": True}] * 2


def test_main_passes_game_options_and_rejects_bad_ones(capsys):
    argv = ["--env", "belfort_v0", "--agents", "random,greedy", "--games", "2", "--no-progress"]
    assert main([*argv, "--option", "expansion=true"]) == 0
    assert "random vs greedy" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([*argv, "--option", "expansoin=true"])
    assert "expansoin" in capsys.readouterr().err  # the engine's ConfigError names it
    with pytest.raises(SystemExit):
        main([*argv, "--options", "[true]"])
    assert "JSON object" in capsys.readouterr().err
