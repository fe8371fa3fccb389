"""The AlphaZero-style agent: a tiny run's checkpoint plays in the tournament, search is
deterministic, visit distributions live on the legal actions, value targets are per seat."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from eurogym import envs

th = pytest.importorskip("torch")

from eurogym.agents.alphazero import (  # noqa: E402
    AlphaZeroAgent,
    ReplayBuffer,
    play_games,
    teacher_games,
    train,
    value_targets,
)
from eurogym.agents.az_net import build_net, load_checkpoint, save_checkpoint  # noqa: E402
from eurogym.agents.az_search import (  # noqa: E402
    Root,
    SearchConfig,
    search,
    to_absolute,
    to_relative,
    visit_distribution,
)
from eurogym.agents.base import win_shares  # noqa: E402
from eurogym.agents.tournament import run_tournament  # noqa: E402

ENV_IDS = envs.list_envs()


def _net(env_id: str, players: int, arch: str = "mlp"):
    th.manual_seed(0)
    net, spec = build_net(env_id, players, arch=arch, hidden=16)
    net.eval()
    return net, spec


def _midgame(env_id: str, players: int, seed: int, moves: int):
    """A state after `moves` random decisions where the player to move has a real choice."""
    engine = envs.spec(env_id).engine
    state = engine.new_game(engine.make_config(players), seed)
    rng = np.random.default_rng(seed)
    done = 0
    while True:
        player = engine.current_player(state)
        legal = np.flatnonzero(engine.legal_action_mask(state, player))
        if done >= moves and legal.size > 1:
            return engine, state, player
        engine.apply_action(state, int(rng.choice(legal)))
        done += 1
        assert not engine.is_over(state)


def test_tiny_run_checkpoint_plays_legal_moves_in_the_tournament(tmp_path: Path) -> None:
    rows = train(
        "kingdom_builder_v0",
        players=2,
        out=tmp_path,
        games=2,
        parallel=2,
        simulations=2,
        leaf_batch=2,
        eval_every=100,
        eval_games=1,
        heuristic_games=0,
        hidden=16,
        channels=4,
        blocks=1,
        progress=False,
        bc_games=1,
        bc_epochs=1,
    )
    assert [r["games"] for r in rows] == [0, 2]
    assert rows[0]["samples"] > 0 and rows[0]["train_steps"] >= 1  # the warm start trained
    assert rows[-1]["samples"] > rows[0]["samples"]
    assert rows[-1]["train_steps"] > rows[0]["train_steps"]  # so did self-play
    log = (tmp_path / "log.csv").read_text().splitlines()
    assert log[0].startswith("games,samples,train_steps") and len(log) == 3
    net, spec, settings = load_checkpoint(tmp_path / "final.pt")
    assert spec["env_id"] == "kingdom_builder_v0" and spec["arch"] == "cnn"
    assert settings["simulations"] == 2 and spec["channels"] == 4
    # play_game raises ValueError on any illegal action, so finishing the games is the check
    result = run_tournament(
        "kingdom_builder_v0",
        [f"az:{tmp_path / 'final.pt'}", "random"],
        games=2,
        progress=False,
        az_simulations=2,
    )
    assert result.played[0, 1] == 2
    assert all(len(scores) == 2 for _, scores in result.games)


def test_search_with_a_fixed_seed_is_deterministic() -> None:
    env_id = "kingdom_builder_v0"  # hidden hands and deck: determinization draws from the rng
    net, _ = _net(env_id, 3)
    engine, state, player = _midgame(env_id, 3, seed=4, moves=7)
    encode = envs.spec(env_id).raw_env.encode
    config = SearchConfig(simulations=24, leaf_batch=4)

    def run(seed: int) -> np.ndarray:
        roots = [Root(state, player, np.random.default_rng(seed))]
        return search(net, engine, env_id, encode, roots, config, noise=True)[0]

    before = state.copy()
    first, second, other = run(1), run(1), run(2)
    assert np.array_equal(first, second)
    assert not np.array_equal(first, other)  # the seed matters (noise, determinizations)
    assert np.array_equal(state.buf, before.buf)  # the root state is not touched
    agent = AlphaZeroAgent((net, {"env_id": env_id, "num_players": 3}), simulations=16, seed=3)
    assert agent.act(engine, state, player) == agent.act(engine, state, player)


@pytest.mark.parametrize("env_id", ENV_IDS)
@pytest.mark.parametrize("players", [2, 3])
def test_visit_distributions_cover_legal_actions_only(env_id: str, players: int) -> None:
    net, _ = _net(env_id, players)
    encode = envs.spec(env_id).raw_env.encode
    config = SearchConfig(simulations=12, leaf_batch=3)
    roots, masks = [], []
    for seed in range(2):  # two positions searched together: one batched search
        engine, state, player = _midgame(env_id, players, seed=seed, moves=5 + 3 * seed)
        roots.append(Root(state, player, np.random.default_rng(seed)))
        masks.append(engine.legal_action_mask(state, player).astype(bool))
    counts = search(net, engine, env_id, encode, roots, config, noise=True)
    for visits, mask in zip(counts, masks, strict=True):
        assert visits.sum() == config.simulations  # every simulation passes the root once
        assert not visits[~mask].any()
        pi = visit_distribution(visits, mask)
        assert np.all(pi >= 0) and pi.sum() == pytest.approx(1.0)
        assert not pi[~mask].any()


def test_teacher_games_target_the_heuristics_moves() -> None:
    (record,) = teacher_games("kingdom_builder_v0", 3, games=1, seed=2, epsilon=0.0)
    assert set(record.movers) == {0, 1, 2}
    for pi, mask in zip(record.policies, record.masks, strict=True):
        assert pi.sum() == 1.0 and mask[int(np.argmax(pi))]
    targets = record.value_targets()
    shares = win_shares(record.scores)
    assert all(t[0] == shares[m] for t, m in zip(targets, record.movers, strict=True))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_value_targets_are_the_movers_relative_win_shares(players: int) -> None:
    scores = np.zeros(players)  # all tied but seat 1, the winner
    scores[1] = 7
    targets = value_targets(scores, list(range(players)))
    for mover in range(players):
        expected = np.zeros(players)
        expected[(1 - mover) % players] = 1.0  # seat 1 is (mover + k) % n for k = 1 - mover
        assert np.array_equal(targets[mover], expected)


def test_value_targets_split_ties_and_rotate_in_four_players() -> None:
    targets = value_targets(np.array([5.0, 9.0, 9.0, 1.0]), [3, 0, 2])
    assert np.array_equal(targets[0], [0.0, 0.0, 0.5, 0.5])  # seats 3, 0, 1, 2
    assert np.array_equal(targets[1], [0.0, 0.5, 0.5, 0.0])  # seats 0, 1, 2, 3
    assert np.array_equal(targets[2], [0.5, 0.0, 0.0, 0.5])  # seats 2, 3, 0, 1


def test_relative_and_absolute_seats_round_trip() -> None:
    relative = np.array([0.6, 0.3, 0.1])  # the mover, the next seat, the one after
    absolute = to_absolute(relative, 2)
    assert np.array_equal(absolute, [0.3, 0.1, 0.6])  # seat 2 is the mover, seat 0 next
    assert np.array_equal(to_relative(absolute, 2), relative)


@pytest.mark.parametrize(
    "env_id,players",
    [
        ("belfort_v0", 3),
        ("kingdom_builder_v0", 4),
        ("kingdom_builder_v0", 5),
        ("daitoshi_v0", 3),
        ("caverna_ff_v0", 4),
    ],
)
def test_self_play_samples_carry_their_own_seats_outcome(env_id: str, players: int) -> None:
    net, spec = _net(env_id, players)
    config = SearchConfig(simulations=2, leaf_batch=2)
    (record,) = play_games(net, env_id, players, [3], config, collect=True, explore_moves=5)
    assert len(record.obs) == len(record.movers) > 0
    assert set(record.movers) == set(range(players))  # every seat was searched and sampled
    shares = win_shares(record.scores)
    targets = record.value_targets()
    for mover, target, pi, mask in zip(
        record.movers, targets, record.policies, record.masks, strict=True
    ):
        assert target[0] == shares[mover]
        assert np.array_equal(to_absolute(target, mover), shares)
        assert pi.sum() == pytest.approx(1.0) and not pi[~mask].any()
    buffer = ReplayBuffer(1000, spec["obs_size"], spec["num_actions"], players)
    assert buffer.add(record) == len(record.obs)
    assert np.array_equal(buffer.values[: buffer.size], targets)


def test_tournament_refuses_another_games_or_a_missing_checkpoint(tmp_path: Path) -> None:
    net, spec = _net("belfort_v0", 2)
    save_checkpoint(tmp_path / "belfort.pt", net, spec, SearchConfig(simulations=2).as_dict())
    with pytest.raises(ValueError, match="trained on belfort_v0"):
        run_tournament("kingdom_builder_v0", [f"az:{tmp_path / 'belfort.pt'}", "random"], 2)
    with pytest.raises(ValueError, match="no checkpoint file"):
        run_tournament("belfort_v0", [f"az:{tmp_path / 'missing.pt'}", "random"], 2)
    agent = AlphaZeroAgent(tmp_path / "belfort.pt")
    engine = envs.spec("belfort_v0").engine
    state = engine.new_game(engine.make_config(3), 0)  # a 3-player game for a 2-player net
    with pytest.raises(ValueError, match="trained for 2 players"):
        agent.act(engine, state, engine.current_player(state))
    expansion = engine.new_game(engine.make_config(2, expansion=True), 0)  # a bigger action space
    with pytest.raises(ValueError, match="rule options differ"):
        agent.act(engine, expansion, engine.current_player(expansion))
    with pytest.raises(ValueError, match="rule options differ"):
        run_tournament(
            "belfort_v0",
            [f"az:{tmp_path / 'belfort.pt'}", "random"],
            2,
            game_options={"expansion": True},
        )
