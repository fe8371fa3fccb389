"""Monte Carlo tree search over the functional engine interface, for any player count.

Algorithm: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012). Each
simulation starts from a fresh determinization of the root (agents.base.determinize: the
hidden cards and the RNG resampled consistently with the acting player's view) and walks
one shared tree keyed by action sequences. Because different determinizations can allow
different actions at the same node, a child's UCB exploration term uses its availability
count (how often it was legal when its parent was visited) instead of the parent's visits,
and only actions legal in the current determinization are considered.

Values: every node keeps one value per player, and the player to act at a node picks by
their own entry, so 2 to 5 players need no negamax sign tricks. A finished game pays each
player their win share (1 for the single winner, 1/k to each of k tied winners, 0 to the
rest): win rate is what tournaments measure, and a bounded reward keeps one UCB constant
sensible in every game. A rollout cut short after `rollout_depth` decisions pays
softmax(scores / eval_temperature) instead, a smooth estimate of the win shares that tends
to them as the temperature goes to 0.

Cost per simulation: one determinization, the tree walk and one rollout; a random Kingdom
Builder rollout to the end of a 2-player game is ~100 decisions (~1.5 ms).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.base import (
    Agent,
    determinize,
    fresh_rng_words,
    hidden_fields,
    observation_key,
    win_shares,
)
from agents.heuristic import heuristic_for
from envs.core.testing import random_legal_action


class _Node:
    """Statistics of the children of one tree node, as arrays over all actions."""

    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self, num_actions: int, num_players: int):
        self.children: dict[int, _Node] = {}
        self.visits = np.zeros(num_actions)
        self.value = np.zeros((num_actions, num_players))
        self.avail = np.zeros(num_actions)

    def child(self, action: int) -> _Node:
        node = self.children.get(action)
        if node is None:
            node = self.children[action] = _Node(self.visits.shape[0], self.value.shape[1])
        return node


class MCTSAgent:
    """UCT / single-observer ISMCTS agent (see the module docstring for the algorithm).

    `act` is a pure function of (seed, what the acting player sees): its generator is seeded
    from both, so the same position always gets the same move whatever was played before.

    Args:
        simulations: simulations per decision (decisions with one legal action are free).
        c: UCB exploration constant (rewards are in [0, 1]).
        rollout: rollout policy: "random" (uniform legal actions, drawn in numba), "heuristic"
            (the game's agents.heuristic agent; much slower, pair it with `rollout_depth`) or
            any Agent (which keeps its own state, so determinism is then up to it).
        seed: seed of the search's randomness.
        determinize: resample hidden information per simulation; False searches the true
            state, i.e. cheats (useful only as an upper bound on what search can gain).
        rollout_depth: stop rollouts after this many decisions and evaluate the position
            (None: play to the end; 0: evaluate the new leaf at once).
        eval_temperature: softmax temperature (in score points) of truncated evaluations.
    """

    name = "mcts"

    def __init__(
        self,
        simulations: int = 200,
        c: float = 1.4,
        rollout: str | Agent = "random",
        seed: int = 0,
        determinize: bool = True,
        rollout_depth: int | None = None,
        eval_temperature: float = 5.0,
    ):
        if simulations < 1:
            raise ValueError(f"simulations must be positive, got {simulations}")
        if isinstance(rollout, str) and rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random', 'heuristic' or an Agent, got {rollout!r}")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError(f"rollout_depth must be None or >= 0, got {rollout_depth}")
        self.simulations = simulations
        self.c = c
        self.rollout = rollout
        self.seed = seed
        self.determinize = determinize
        self.rollout_depth = rollout_depth
        self.eval_temperature = eval_temperature

    def act(self, engine: Any, state: Any, player: int) -> int:
        legal = np.flatnonzero(engine.legal_action_mask(state, player))
        if legal.size == 0:
            raise ValueError(f"player {player} has no legal action (not their decision?)")
        if legal.size == 1:
            return int(legal[0])
        env_id = engine.name
        rng = np.random.default_rng([self.seed, observation_key(env_id, state, player)])
        words = fresh_rng_words(rng)
        policy = self._rollout_policy(env_id, rng)
        hidden = self.determinize and bool(hidden_fields(env_id))
        root = _Node(engine.num_actions, len(engine.final_scores(state)))
        for _ in range(self.simulations):
            sim = determinize(env_id, state, player, rng) if hidden else state.copy()
            self._simulate(engine, root, sim, rng, words, policy)
        visits = root.visits[legal]
        means = root.value[legal, player] / np.maximum(visits, 1)
        return int(legal[np.lexsort((means, visits))[-1]])

    def _rollout_policy(self, env_id: str, rng: np.random.Generator) -> Agent | None:
        """None for numba random rollouts; else an agent seeded from this decision's rng."""
        if self.rollout == "random":
            return None
        if self.rollout == "heuristic":
            return heuristic_for(env_id, int(rng.integers(2**63)))
        return self.rollout

    def _simulate(
        self,
        engine: Any,
        root: _Node,
        state: Any,
        rng: np.random.Generator,
        words: np.ndarray,
        policy: Agent | None,
    ) -> None:
        """Select down the tree, expand one untried action, roll out, back up (in place)."""
        path: list[tuple[_Node, int]] = []
        node = root
        while not engine.is_over(state):
            player = engine.current_player(state)
            legal = np.flatnonzero(engine.legal_action_mask(state, player))
            node.avail[legal] += 1
            untried = legal[node.visits[legal] == 0]
            if untried.size:
                action = int(untried[rng.integers(untried.size)])
                engine.apply_action(state, action)
                path.append((node, action))
                break
            visits = node.visits[legal]
            ucb = node.value[legal, player] / visits + self.c * np.sqrt(
                np.log(node.avail[legal]) / visits
            )
            action = int(legal[np.argmax(ucb)])
            engine.apply_action(state, action)
            path.append((node, action))
            node = node.child(action)
        reward = self._rollout(engine, state, words, policy)
        for parent, action in path:
            parent.visits[action] += 1
            parent.value[action] += reward

    def _rollout(
        self, engine: Any, state: Any, words: np.ndarray, policy: Agent | None
    ) -> np.ndarray:
        """Play on from `state` (in place); returns the reward per player."""
        depth = 0
        while not engine.is_over(state):
            if self.rollout_depth is not None and depth >= self.rollout_depth:
                scores = engine.final_scores(state)
                z = np.exp((scores - scores.max()) / self.eval_temperature)
                return z / z.sum()
            player = engine.current_player(state)
            if policy is None:
                action = random_legal_action(engine.legal_action_mask(state, player), words)
            else:
                action = policy.act(engine, state, player)
            engine.apply_action(state, int(action))
            depth += 1
        return win_shares(engine.final_scores(state))
