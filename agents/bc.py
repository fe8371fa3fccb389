"""Optional behaviour-cloning warm start for MaskablePPO
(`python -m eurogym.agents.train --bc-games N`).

Off by default. When asked for, `train` calls `warm_start` before PPO starts: a teacher (the
env's registered heuristic by default, `eurogym.agents.heuristic`) plays the learning seat of
`bc_games` games against random opponents through the same `SelfPlayEnv` that training uses,
and the policy is fitted to its choices (masked cross-entropy) while the value head is fitted
to the discounted returns the teacher got (with the training reward: reward mode and shaping).
PPO self-play then starts from that policy instead of from a uniform one; everything after the
warm start is the ordinary self-play run. Results obtained with it say so (see the README).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import torch as th
from sb3_contrib import MaskablePPO

from eurogym.agents.heuristic import GreedyAgent, heuristic_for
from eurogym.agents.selfplay import OpponentPool, RandomOpponent, SelfPlayEnv

TEACHERS = ("heuristic", "greedy")


def collect(
    env_id: str,
    games: int,
    num_players: int = 2,
    seed: int = 0,
    teacher: str = "heuristic",
    gamma: float = 0.99,
    env_kwargs: dict[str, Any] | None = None,
    shaping: float = 0.0,
) -> dict[str, np.ndarray]:
    """Observations, masks, teacher actions and discounted returns of the teacher's seat.

    The teacher plays the learning seat of a `SelfPlayEnv` (seats rotating, random opponents),
    so observations and rewards are exactly what the learner would see in its place.
    """
    if teacher not in TEACHERS:
        raise ValueError(f"unknown teacher {teacher!r} (one of {TEACHERS})")
    agent = heuristic_for(env_id, seed) if teacher == "heuristic" else GreedyAgent(seed)
    env = SelfPlayEnv(
        env_id,
        num_players=num_players,
        opponents=OpponentPool([("random", RandomOpponent(seed))]),
        seed=seed,
        env_kwargs=env_kwargs,
        shaping=shaping,
    )
    obs_list, masks, actions, returns = [], [], [], []
    for _ in range(games):
        obs, _ = env.reset()
        rewards = []
        done = False
        while not done:
            mask = env.action_masks().copy()
            raw = env.raw
            action = int(agent.act(raw.engine, raw.state_.copy(), env.learning_seat))
            obs_list.append(obs)
            masks.append(mask)
            actions.append(action)
            obs, reward, terminated, truncated, _ = env.step(action)
            rewards.append(reward)
            done = terminated or truncated
        ret, episode_returns = 0.0, []
        for r in reversed(rewards):
            ret = r + gamma * ret
            episode_returns.append(ret)
        returns.extend(reversed(episode_returns))
    env.close()
    return {
        "obs": np.asarray(obs_list, np.float32),
        "masks": np.asarray(masks, bool),
        "actions": np.asarray(actions, np.int64),
        "returns": np.asarray(returns, np.float32),
    }


def fit(
    model: MaskablePPO,
    data: dict[str, np.ndarray],
    epochs: int = 4,
    batch_size: int = 256,
    value_coef: float = 0.5,
    seed: int = 0,
) -> dict[str, float]:
    """Fit `model.policy` to the teacher's actions (and its value head to the returns) with
    the model's own optimizer. Returns the last epoch's mean losses and the accuracy."""
    policy = model.policy
    policy.set_training_mode(True)
    rng = np.random.default_rng(seed)
    n = len(data["actions"])
    obs = th.as_tensor(data["obs"])
    masks = data["masks"]
    actions = th.as_tensor(data["actions"])
    returns = th.as_tensor(data["returns"])
    stats: dict[str, float] = {}
    for _ in range(epochs):
        order = rng.permutation(n)
        policy_losses, value_losses, hits = [], [], 0
        for start in range(0, n, batch_size):
            idx = order[start : start + batch_size]
            values, log_prob, _ = policy.evaluate_actions(
                obs[idx], actions[idx], action_masks=masks[idx]
            )
            policy_loss = -log_prob.mean()
            value_loss = th.nn.functional.mse_loss(values.flatten(), returns[idx])
            loss = policy_loss + value_coef * value_loss
            policy.optimizer.zero_grad()
            loss.backward()
            th.nn.utils.clip_grad_norm_(policy.parameters(), model.max_grad_norm)
            policy.optimizer.step()
            policy_losses.append(float(policy_loss.detach()))
            value_losses.append(float(value_loss.detach()))
            with th.no_grad():
                dist = policy.get_distribution(obs[idx], action_masks=masks[idx])
                hits += int((dist.distribution.probs.argmax(1) == actions[idx]).sum())
        stats = {
            "policy_loss": float(np.mean(policy_losses)),
            "value_loss": float(np.mean(value_losses)),
            "accuracy": hits / n,
        }
    policy.set_training_mode(False)
    return stats


def warm_start(
    model: MaskablePPO,
    env_id: str,
    games: int,
    num_players: int = 2,
    seed: int = 0,
    teacher: str = "heuristic",
    epochs: int = 4,
    env_kwargs: dict[str, Any] | None = None,
    shaping: float = 0.0,
) -> dict[str, Any]:
    """`collect` then `fit`; returns sample count, losses, accuracy and the seconds taken."""
    t = time.perf_counter()
    data = collect(
        env_id,
        games,
        num_players=num_players,
        seed=seed + 3_000_017,  # not the evaluation games' seeds
        teacher=teacher,
        gamma=model.gamma,
        env_kwargs=env_kwargs,
        shaping=shaping,
    )
    collect_seconds = time.perf_counter() - t
    stats = fit(model, data, epochs=epochs, batch_size=model.batch_size, seed=seed)
    return {
        "teacher": teacher,
        "games": games,
        "samples": int(len(data["actions"])),
        "collect_seconds": round(collect_seconds, 1),
        "seconds": round(time.perf_counter() - t, 1),
        **stats,
    }
