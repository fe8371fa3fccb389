"""SelfPlayEnv and the MaskablePPO helpers: reward attribution, masks, opponent legality,
and a tiny end-to-end training run."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from eurogym import envs
from eurogym.agents.selfplay import OpponentPool, RandomOpponent, SelfPlayEnv

pytest.importorskip("sb3_contrib")

from eurogym.agents.heuristic import heuristic_for  # noqa: E402
from eurogym.agents.ppo import PolicyOpponent, PPOAgent, build_model, evaluate, make_vec_env  # noqa: E402
from eurogym.agents.random_agent import RandomAgent  # noqa: E402
from eurogym.agents.train import LOG_COLUMNS, train  # noqa: E402

KB = "kingdom_builder_v0"


def play_out(env: SelfPlayEnv, rng: np.random.Generator) -> tuple[list[float], dict]:
    """Random learner moves until the episode ends; returns every reward and the last info."""
    env.reset()
    rewards, done, info = [], False, {}
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        done = terminated or truncated
    return rewards, info


class DecisionLog:
    """A random opponent that records the decision count at each of its moves, to tell
    whether the game's last decision was an opponent's."""

    def __init__(self, env_ref: list[SelfPlayEnv]):
        self.env_ref = env_ref
        self.calls: list[int] = []
        self.inner = RandomOpponent(7)

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int:
        self.calls.append(self.env_ref[0].raw.num_decisions)
        return self.inner(obs, mask)


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("reward_mode", ["win_loss", "score_margin"])
def test_learner_gets_its_own_final_reward(seat: int, reward_mode: str) -> None:
    ref: list[SelfPlayEnv] = []
    log = DecisionLog(ref)
    env = SelfPlayEnv(
        KB, opponents=[log], seat=seat, seed=3, env_kwargs={"reward_mode": reward_mode}
    )
    ref.append(env)
    rng = np.random.default_rng(seat)
    ended_on_opponent = 0
    for _ in range(6):
        log.calls.clear()
        rewards, info = play_out(env, rng)
        assert env.learning_seat == seat
        assert all(r == 0.0 for r in rewards[:-1])
        scores = env.raw.engine.final_scores(env.raw.state_)
        if reward_mode == "win_loss":
            expected = 1.0 if scores[seat] == scores.max() else -1.0
        else:
            expected = (scores[seat] - scores[1 - seat]) * env.raw.score_scale
        assert rewards[-1] == pytest.approx(expected)
        top = scores == scores.max()
        assert info["win_share"] == pytest.approx(top[seat] / top.sum())
        ended_on_opponent += bool(log.calls) and log.calls[-1] == env.raw.num_decisions - 1
    assert 0 < ended_on_opponent < 6, "both endings (learner's and opponent's move) are covered"


@pytest.mark.parametrize("seat", [0, 1])
def test_score_shaping_telescopes_to_the_final_margin(seat: int) -> None:
    env = SelfPlayEnv(KB, seat=seat, seed=4, shaping=0.01)
    rng = np.random.default_rng(seat)
    for _ in range(3):
        env.reset()
        engine, state = env.raw.engine, env.raw.state_
        start = engine.final_scores(state)
        rewards, done = [], False
        while not done:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _, reward, terminated, truncated, _ = env.step(action)
            rewards.append(reward)
            done = terminated or truncated
        scores = engine.final_scores(env.raw.state_)
        outcome = 1.0 if scores[seat] == scores.max() else -1.0
        margin = (scores[seat] - scores[1 - seat]) - (start[seat] - start[1 - seat])
        assert sum(rewards) == pytest.approx(outcome + 0.01 * margin)
        assert any(r != 0 for r in rewards[:-1]), "shaping rewards come during the game"


@pytest.mark.parametrize("env_id", ["daitoshi_v0", "caverna_ff_v0"])
def test_solo_games_shape_and_score_by_the_solo_result(env_id: str) -> None:
    """A solo game has no other seat: shaping follows the rules' solo margin (it used to raise
    on the empty list of opponents) and the win share is the solo result."""
    env = SelfPlayEnv(env_id, num_players=1, seed=2, shaping=0.01)
    env.reset()
    engine = env.raw.engine
    start = engine.solo_outcome(env.raw.state_)[1]
    rng = np.random.default_rng(0)
    rewards, done, info = [], False, {}
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        done = terminated or truncated
    won, margin = engine.solo_outcome(env.raw.state_)
    game_reward = 1.0 if won else -1.0
    assert sum(rewards) == pytest.approx(game_reward + 0.01 * (margin - start))
    assert info["win_share"] == (1.0 if won else 0.0)


def _column_player(column: int):
    def play(obs: np.ndarray, mask: np.ndarray) -> int:
        return column

    return play


@pytest.mark.parametrize("seat, expected, moves", [(0, 1.0, 4), (1, -1.0, 3)])
def test_connect_four_known_outcome(seat: int, expected: float, moves: int) -> None:
    """Learner stacks column 1, opponent column 0: whoever moves first wins on its 4th move.
    As seat 1 the learner loses on the opponent's 4th move, after its own 3rd: the -1 comes
    back from the learner's step although the opponent's move produced it."""
    connect_four_v3 = pytest.importorskip("pettingzoo.classic.connect_four_v3")
    env = SelfPlayEnv(env_fn=connect_four_v3.env, opponents=[_column_player(0)], seat=seat, seed=0)
    obs, _ = env.reset()
    assert obs.shape == env.observation_space.shape
    rewards, done = [], False
    while not done:
        _, reward, terminated, truncated, info = env.step(1)
        rewards.append(reward)
        done = terminated or truncated
    assert rewards == [0.0] * (len(rewards) - 1) + [expected]
    assert len(rewards) == moves
    assert info["win_share"] == (1.0 if expected > 0 else 0.0)


def test_action_masks_match_engine() -> None:
    env = SelfPlayEnv(KB, num_players=3, seat="random", seed=11)
    engine = env.raw.engine
    rng = np.random.default_rng(0)
    for _ in range(2):
        env.reset()
        done = False
        while not done:
            state = env.raw.state_
            assert engine.current_player(state) == env.learning_seat
            expected = engine.legal_action_mask(state, env.learning_seat).astype(bool)
            mask = env.action_masks()
            assert mask.dtype == bool
            np.testing.assert_array_equal(mask, expected)
            action = int(rng.choice(np.flatnonzero(mask)))
            _, _, terminated, truncated, info = env.step(action)
            np.testing.assert_array_equal(info["action_mask"], env.action_masks())
            done = terminated or truncated


def test_shaping_needs_an_engine() -> None:
    connect_four_v3 = pytest.importorskip("pettingzoo.classic.connect_four_v3")
    with pytest.raises(ValueError, match="engine"):
        SelfPlayEnv(env_fn=connect_four_v3.env, shaping=0.01)


def test_illegal_learner_action_raises_when_strict() -> None:
    env = SelfPlayEnv(KB, seed=0, strict=True)
    env.reset()
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(~env.action_masks())[0]))


def test_illegal_learner_action_ends_the_episode_with_minus_one() -> None:
    env = SelfPlayEnv(KB, seed=0)
    obs, _ = env.reset()
    state = env.raw.state_.copy()
    bad = int(np.flatnonzero(~env.action_masks())[0])
    obs2, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] and info["win_share"] == 0.0
    np.testing.assert_array_equal(obs2, obs)
    assert env.raw.state_ == state  # the illegal action changed nothing


def test_seats_rotate_and_seeding_is_reproducible() -> None:
    env = SelfPlayEnv(KB, num_players=3, seed=5)
    seats = []
    for _ in range(6):
        env.reset()
        seats.append(env.learning_seat)
    assert sorted(seats[:3]) == [0, 1, 2] and seats[3:] == seats[:3]
    twin_a, twin_b = SelfPlayEnv(KB, num_players=3, seed=9), SelfPlayEnv(KB, num_players=3, seed=9)
    for _ in range(3):
        np.testing.assert_array_equal(twin_a.reset()[0], twin_b.reset()[0])


class LegalityChecker:
    """Wraps an opponent of either kind and asserts each of its actions against the engine."""

    def __init__(self, env_ref: list[SelfPlayEnv], inner):
        self.env_ref = env_ref
        self.inner = inner
        self.moves = 0

    def _check(self, action: int) -> int:
        raw = self.env_ref[0].raw
        player = raw.engine.current_player(raw.state_)
        assert raw.engine.legal_action_mask(raw.state_, player)[action]
        self.moves += 1
        return action


class ObsChecker(LegalityChecker):
    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int:
        return self._check(self.inner(obs, mask))


class EngineChecker(LegalityChecker):
    def act(self, engine, state, player: int) -> int:
        return self._check(self.inner.act(engine, state, player))


def test_pool_opponents_play_only_legal_actions() -> None:
    ref: list[SelfPlayEnv] = []
    untrained = build_model(make_vec_env(KB, n_envs=1), seed=0)
    checkers = [
        ObsChecker(ref, RandomOpponent(1)),
        ObsChecker(ref, PolicyOpponent(untrained, seed=2)),
        ObsChecker(ref, PolicyOpponent(untrained, deterministic=True)),
        EngineChecker(ref, RandomAgent(3)),
        EngineChecker(ref, heuristic_for(KB, 4)),
    ]
    for i, checker in enumerate(checkers):
        env = SelfPlayEnv(KB, opponents=[checker], seed=i)
        ref[:] = [env]
        play_out(env, np.random.default_rng(i))
        assert checker.moves > 0


def test_illegal_opponent_action_raises() -> None:
    env = SelfPlayEnv(KB, opponents=[lambda obs, mask: int(np.flatnonzero(mask == 0)[0])], seat=1)
    with pytest.raises(RuntimeError, match="illegal action"):
        for _ in range(3):
            play_out(env, np.random.default_rng(0))


def test_pool_evicts_oldest_checkpoint() -> None:
    pool = OpponentPool([("random", RandomOpponent())], max_evictable=2)
    for i in range(4):
        pool.add(f"ckpt{i}", RandomOpponent(), evictable=True)
    assert pool.names == ["random", "ckpt2", "ckpt3"]


def test_ppo_agent_plays_legal_games_at_engine_level() -> None:
    from eurogym.agents.base import play_game

    model = build_model(make_vec_env(KB, n_envs=1), seed=0)
    engine = envs.spec(KB).engine
    scores = play_game(engine, [PPOAgent(model, KB), RandomAgent(0)], seed=4)
    assert scores.shape == (2,)
    assert 0.0 <= evaluate(model, RandomAgent(1), KB, games=2)["win_rate"] <= 1.0


def test_tiny_training_run_writes_checkpoint_and_log(tmp_path: Path) -> None:
    rows = train(
        KB,
        steps=256,
        out=tmp_path,
        eval_every=128,
        eval_games=2,
        heuristic_games=1,
        checkpoint_every=128,
        n_envs=2,
        n_steps=64,
        batch_size=64,
        progress=False,
        self_play="pool",  # checkpoints join the opponent pool (all-seat self-play has none)
    )
    assert sorted(p.name for p in (tmp_path / "checkpoints").iterdir()) == [
        "step_000000128.zip",
        "step_000000256.zip",
    ]
    assert (tmp_path / "final.zip").exists()
    with (tmp_path / "log.csv").open() as f:
        logged = list(csv.DictReader(f))
    assert tuple(logged[0]) == LOG_COLUMNS
    assert [int(r["timesteps"]) for r in logged] == [0, 128, 256] == [r["timesteps"] for r in rows]
    assert all(0.0 <= float(r["win_rate_vs_random"]) <= 1.0 for r in logged)
    assert float(logged[-1]["train_steps_per_s"]) > 0
    assert "step_000000128" in logged[-1]["pool"]
    restored = PolicyOpponent(tmp_path / "checkpoints" / "step_000000256.zip")
    env = SelfPlayEnv(KB, seed=0)
    obs, _ = env.reset()
    assert env.action_masks()[restored(obs, env.action_masks())]


def test_benchmark_reports_both_envs() -> None:
    pytest.importorskip("pettingzoo.classic.connect_four_v3")
    from eurogym.agents.train import benchmark

    result = benchmark(steps=128, n_envs=2, repeats=1, n_steps=64, batch_size=64)
    for side in ("ours", "connect_four_v3"):
        assert result[side]["steps_per_s"] > 0 and result[side]["steps"] >= 128
        assert 0 < result[side]["rollout_seconds"] and 0 <= result[side]["update_seconds"]
    assert result["ratio"] == pytest.approx(
        result["ours"]["steps_per_s"] / result["connect_four_v3"]["steps_per_s"]
    )


def test_tournament_takes_a_saved_model_as_ppo_path_and_writes_records(tmp_path: Path) -> None:
    from eurogym.agents.tournament import run_tournament
    from eurogym.envs.record import replay

    path = tmp_path / "model.zip"
    build_model(make_vec_env(KB, n_envs=1), seed=0).save(path)
    records = tmp_path / "records"
    result = run_tournament(
        KB, ["random", f"ppo:{path}"], games=2, progress=False, record_dir=records
    )
    assert len(result.games) == 2
    assert {name for names, _ in result.games for name in names} == {"random", f"ppo:{path}"}
    files = sorted(records.glob("*.json"))
    assert len(files) == 2
    for file in files:
        states = list(replay(file))  # bit-exact replay checks the recorded final scores
        assert envs.spec(KB).engine.is_over(states[-1])
    with pytest.raises(ValueError, match="no model file"):
        run_tournament(KB, ["random", f"ppo:{tmp_path / 'missing.zip'}"], games=2, progress=False)
    with pytest.raises(ValueError, match="rule options or the player count differ"):
        run_tournament(
            KB,
            ["random", f"ppo:{path}"],
            games=2,
            progress=False,
            game_options={"expansions": ("nomads",)},
        )
