"""The vector envs over the batched engines (envs.vector.gym, envs.vector.sb3) and the
`gymnasium.make("eurogym/...")` ids: the checkers' contracts, the learner's rewards, illegal
actions ending an episode (or raising when strict), and MaskablePPO training on the VecEnv."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from eurogym.agents.selfplay import SelfPlayEnv
from eurogym.envs.core.errors import IllegalActionError
from eurogym.envs.vector.gym import AllSeatsVectorEnv, LearnerVectorEnv
from eurogym.envs.vector.ids import gym_name, register_gymnasium

KB = "kingdom_builder_v0"


def _legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], np.int64)


def test_every_game_has_a_gymnasium_id():
    ids = register_gymnasium()
    assert ids == [
        f"eurogym/{n}-v0" for n in ("Belfort", "CavernaFF", "Daitoshi", "KingdomBuilder")
    ]
    assert gym_name("kingdom_builder") == "KingdomBuilder"
    assert all(i in gymnasium.registry for i in ids)


def test_gymnasium_make_gives_the_single_seat_env_against_the_heuristic():
    env = gymnasium.make("eurogym/KingdomBuilder-v0", opponent="heuristic", seed=3)
    raw = env.unwrapped
    assert isinstance(raw, SelfPlayEnv)
    assert [e.name for e in raw.pool.entries] == ["heuristic"]
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not terminated and reward == 0.0


def test_gymnasium_and_sb3_check_env_pass():
    from gymnasium.utils.env_checker import check_env
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    env = gymnasium.make("eurogym/KingdomBuilder-v0", seed=0)
    check_env(env.unwrapped, skip_render_check=True)
    sb3_check_env(env.unwrapped, warn=False)


def test_strict_single_seat_env_raises_on_an_illegal_action():
    env = gymnasium.make("eurogym/KingdomBuilder-v0", seed=0, strict=True).unwrapped
    env.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(~env.action_masks())[0]))


def test_learner_vector_env_rewards_follow_the_final_scores():
    """Random learners against random opponents: every finished episode pays +1 exactly when
    the learner has a top score (win_share > 0), the row restarts at once, and the learner's
    seat rotates between its episodes."""
    env = LearnerVectorEnv(KB, 8, num_players=3, seed=1)
    obs, info = env.reset(seed=1)
    assert obs.shape == (8, env.single_observation_space.shape[0])
    rng = np.random.default_rng(0)
    finished = 0
    seats = {i: [int(info["learning_seat"][i])] for i in range(8)}
    while finished < 12:
        masks = env.action_masks()
        assert masks.any(axis=1).all()
        obs, rewards, terminated, truncated, info = env.step(_legal(masks, rng))
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            final = info["final_info"][i]
            assert rewards[i] == (1.0 if final["win_share"] > 0 else -1.0)
            assert info["final_obs"][i].shape == obs[i].shape
            seats[i].append(int(info["learning_seat"][i]))
            finished += 1
        assert (rewards[~terminated] == 0).all()
    rotated = [s for s in seats.values() if len(s) > 1]
    assert rotated and all(s[1] == (s[0] + 1) % 3 for s in rotated)


def test_learner_vector_env_is_reproducible():
    runs = []
    for _ in range(2):
        env = LearnerVectorEnv(KB, 4, seed=9)
        obs, _ = env.reset(seed=9)
        rng = np.random.default_rng(5)
        trace = [obs.copy()]
        for _ in range(30):
            obs, rewards, *_ = env.step(_legal(env.action_masks(), rng))
            trace += [obs.copy(), rewards.copy()]
        runs.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(*runs, strict=True))


def test_illegal_learner_action_ends_only_that_episode_or_raises_when_strict():
    env = LearnerVectorEnv(KB, 4, seed=2)
    env.reset(seed=2)
    masks = env.action_masks()
    actions = _legal(masks, np.random.default_rng(0))
    actions[2] = int(np.flatnonzero(~masks[2])[0])
    _, rewards, terminated, _, info = env.step(actions)
    assert terminated.tolist() == [False, False, True, False]
    assert rewards[2] == -1.0 and info["final_info"][2]["illegal_action"]

    strict = LearnerVectorEnv(KB, 4, seed=2, strict=True)
    strict.reset(seed=2)
    bufs = strict.core.batch.bufs.copy()
    with pytest.raises(IllegalActionError, match="game 2"):
        strict.step(actions)
    assert np.array_equal(strict.core.batch.bufs, bufs)
    with pytest.raises(ValueError, match="shape"):
        strict.step(actions[:3])


def test_make_vec_builds_the_learner_vector_env():
    env = gymnasium.make_vec(
        "eurogym/KingdomBuilder-v0", num_envs=3, vectorization_mode="vector_entry_point", seed=0
    )
    assert isinstance(env, LearnerVectorEnv) and env.num_envs == 3
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)


def test_all_seats_env_gives_every_decision_as_a_row():
    """Each row's observation and mask belong to its current player, and a finished game
    pays every seat: +1 to the top scores, -1 to the others."""
    env = AllSeatsVectorEnv(KB, 6, num_players=2, seed=4)
    obs, info = env.reset()
    engine = env.batch.engine
    rng = np.random.default_rng(1)
    ended = 0
    while ended < 6:
        for i in range(6):
            state = env.batch.view(i)
            assert info["current_player"][i] == engine.current_player(state)
            expected = env.batch.encode_single(state, int(info["current_player"][i]))
            assert np.array_equal(obs[i], expected)
        obs, rewards, terminated, _, info = env.step(_legal(info["action_mask"], rng))
        for i in np.flatnonzero(terminated):
            scores = info["final_scores"][i]
            assert rewards[i].tolist() == [1.0 if s == scores.max() else -1.0 for s in scores]
            assert info["final_obs"][i].shape == (2, obs.shape[1])
            ended += 1
        assert (rewards[~terminated] == 0).all()


def test_maskable_ppo_learns_on_the_sb3_vec_env():
    from sb3_contrib import MaskablePPO

    from eurogym.envs.vector.sb3 import LearnerVecEnv

    vec = LearnerVecEnv(KB, 8, seed=0, reward_mode="score_margin", shaping=0.1)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=32,
        batch_size=64,
        n_epochs=1,
        seed=0,
        policy_kwargs={"net_arch": [32]},
        device="cpu",
    )
    model.learn(total_timesteps=512)
    assert model.num_timesteps >= 512
    assert len(model.ep_info_buffer) > 0  # finished episodes reached SB3's episode log


class _FirstLegal:
    """An observation-level opponent with a batch entry point that records what it saw."""

    def __init__(self) -> None:
        self.seen: list[tuple[np.ndarray, np.ndarray]] = []

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int:
        return int(np.flatnonzero(mask)[0])

    def act_batch(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        self.seen.append((obs.copy(), masks.copy()))
        return np.array([np.flatnonzero(m)[0] for m in masks], np.int64)


def test_batch_opponents_see_their_own_observation_and_engine_agents_play():
    """A checkpoint-like opponent answers all games at once from the deciding seat's own
    observation (as SelfPlayEnv would encode it); an engine-level agent plays alongside."""
    from eurogym.agents.random_agent import RandomAgent
    from eurogym.agents.selfplay import OpponentPool

    batch_opponent = _FirstLegal()
    pool = OpponentPool([("first", batch_opponent), ("engine_random", RandomAgent(0))])
    env = LearnerVectorEnv(KB, 6, num_players=3, opponents=pool, seed=3)
    env.reset(seed=3)
    core = env.core
    rng = np.random.default_rng(2)
    for _ in range(40):
        before = len(batch_opponent.seen)
        env.step(_legal(env.action_masks(), rng))
        assert (core.batch.current_players() == core.learners).all()
        for i in range(6):
            state = core.batch.view(i)
            expected = core.batch.encode_single(state, int(core.learners[i]))
            assert np.array_equal(core.batch.obs[i], expected)
        assert len(batch_opponent.seen) >= before
    assert batch_opponent.seen
    obs, masks = batch_opponent.seen[-1]
    assert obs.shape[0] == masks.shape[0] and masks.any(axis=1).all()
