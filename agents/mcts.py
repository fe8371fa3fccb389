"""Monte Carlo tree search over the functional engine interface, for any player count.

Algorithm: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012). Each
simulation starts from a fresh determinization of the root (agents.base.determinize: the
hidden cards and the RNG resampled consistently with the acting player's view) and walks
one shared tree keyed by action sequences. Because different determinizations can allow
different actions at the same node, a child's exploration term uses its availability count
(how often it was legal when its parent was visited) instead of the parent's visits, and
only actions legal in the current determinization are considered. Decisions with a single
legal action are walked through without spending the simulation on them.

Selection: plain UCB1 (every legal action tried once first) or, given a `prior` over the
legal actions, PUCT as in AlphaZero: argmax Q + c_puct * P * sqrt(availability) / (1 + N),
where an unvisited action's Q is the mean value of the node's visited actions ("first play
urgency"). A prior is any callable (engine, state, player, legal) -> probabilities over
`legal`; "heuristic" takes agents.heuristic.HeuristicPrior of the game's registered heuristic
(softmax of its one-ply action values). Priors are computed once per node and legal set (at
most a few per node, as the legal set only varies with hidden cards).

Values: every node keeps one value per player, and the player to act at a node picks by
their own entry, so values are always backed up from the perspective of whoever acted at
each node, for 2 to 5 players, with no negamax sign tricks (Kingdom Builder turns are
several decisions by the same player: nothing special is needed). A finished game pays
each player their win share (1 for the single winner, 1/k to each of k tied winners, 0 to
the rest): win rate is what tournaments measure, and a bounded reward keeps one exploration
constant sensible in every game. A leaf not played to the end (`rollout_depth`) pays
softmax(values / eval_temperature), where `values` are per-seat score-like values from the
`evaluator` ("heuristic": the game heuristic's player_values, which for a game without a
registered heuristic are its final_scores; "scores": engine.final_scores), a smooth estimate
of the win shares that tends to them as the temperature goes to 0.

Defaults (chosen on Kingdom Builder, 2 players, against its heuristic): PUCT with the
heuristic prior at temperature 2 gold, no rollout, leaves valued by the heuristic's per-seat
values (gold + 3 per held tile) through softmax at temperature 5 gold. At 200 simulations
that costs ~0.25 s per decision, nearly all of it in the prior (one heuristic look-ahead per
new node). The former default (UCB1, random rollouts to the end) won ~31% against the
heuristic; random rollouts under the prior did no better than no rollout at all, as random
Kingdom Builder play says little about who is ahead.

Rollouts: "random" uses the engine's optional `playout(state, rng_words, max_decisions)`
(one numba call per rollout, e.g. Kingdom Builder's ~0.3 ms for a whole 2-player game) and
falls back to a Python loop over the engine (~1.5 ms) when the engine has none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eurogym.agents.base import (
    Agent,
    determinize,
    fresh_rng_words,
    hidden_fields,
    legal_actions,
    observation_key,
    win_shares,
)
from eurogym.agents.heuristic import heuristic_for, heuristic_prior, heuristic_values, softmax
from eurogym.envs.core.testing import random_legal_action

Prior = Callable[[Any, Any, int, np.ndarray], np.ndarray]
Evaluator = Callable[[Any, Any], np.ndarray]


class _Node:
    """Statistics of the children of one tree node, as arrays over all actions, and the
    prior of each legal set met at the node (keyed by the legal actions' bytes)."""

    __slots__ = ("children", "visits", "value", "avail", "priors")

    def __init__(self, num_actions: int, num_players: int):
        self.children: dict[int, _Node] = {}
        self.visits = np.zeros(num_actions)
        self.value = np.zeros((num_actions, num_players))
        self.avail = np.zeros(num_actions)
        self.priors: dict[bytes, np.ndarray] = {}

    def child(self, action: int) -> _Node:
        """The child after `action`, created on first use as a node of this node's class."""
        node = self.children.get(action)
        if node is None:
            node = self.children[action] = type(self)(self.visits.shape[0], self.value.shape[1])
        return node


class MCTSAgent:
    """UCT / PUCT single-observer ISMCTS agent (see the module docstring for the algorithm).

    `act` is a pure function of (seed, what the acting player sees): its generator is seeded
    from both, so the same position always gets the same move whatever was played before.

    Args:
        simulations: simulations per decision (decisions with one legal action are free).
        c: UCB1 exploration constant, used without a prior (rewards are in [0, 1]).
        rollout: rollout policy: "random" (uniform legal actions, drawn in numba), "heuristic"
            (the game's agents.heuristic agent; much slower, pair it with `rollout_depth`) or
            any Agent (which keeps its own state, so determinism is then up to it).
        seed: seed of the search's randomness.
        determinize: resample hidden information per simulation; False searches the true
            state, i.e. cheats (useful only as an upper bound on what search can gain).
        rollout_depth: stop rollouts after this many decisions and evaluate the position
            (None: play to the end; 0: evaluate the new leaf at once, no rollout).
        eval_temperature: softmax temperature (in the evaluator's units) of evaluations.
        prior: None (UCB1), "heuristic" (the game heuristic's softmax prior) or a callable
            (engine, state, player, legal) -> probabilities over `legal` (PUCT selection).
        prior_temperature: softmax temperature of the "heuristic" prior.
        c_puct: PUCT exploration constant, used with a prior.
        evaluator: per-seat values of a position not played to the end: "scores"
            (engine.final_scores), "heuristic" (the game heuristic's player_values) or a
            callable (engine, state) -> float64[num_players].
        leaf_rollouts: random rollouts per leaf (with rollout="random" and rollout_depth
            != 0). Above 1 they run as one batched call (envs.vector, all threads) and the
            leaf's value is their mean: a less noisy leaf value for about the cost of one
            rollout per thread.
    """

    name = "mcts"

    def __init__(
        self,
        simulations: int = 200,
        c: float = 1.4,
        rollout: str | Agent = "random",
        seed: int = 0,
        determinize: bool = True,
        rollout_depth: int | None = 0,
        eval_temperature: float = 5.0,
        prior: str | Prior | None = "heuristic",
        prior_temperature: float = 2.0,
        c_puct: float = 1.0,
        evaluator: str | Evaluator = "heuristic",
        leaf_rollouts: int = 1,
    ):
        if simulations < 1:
            raise ValueError(f"simulations must be positive, got {simulations}")
        if isinstance(rollout, str) and rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random', 'heuristic' or an Agent, got {rollout!r}")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError(f"rollout_depth must be None or >= 0, got {rollout_depth}")
        if isinstance(prior, str) and prior != "heuristic":
            raise ValueError(f"prior must be None, 'heuristic' or a callable, got {prior!r}")
        if isinstance(evaluator, str) and evaluator not in ("scores", "heuristic"):
            raise ValueError(
                f"evaluator must be 'scores', 'heuristic' or a callable, got {evaluator!r}"
            )
        if eval_temperature <= 0:
            raise ValueError(f"eval_temperature must be positive, got {eval_temperature}")
        if leaf_rollouts < 1:
            raise ValueError(f"leaf_rollouts must be positive, got {leaf_rollouts}")
        self.leaf_rollouts = leaf_rollouts
        self.simulations = simulations
        self.c = c
        self.rollout = rollout
        self.seed = seed
        self.determinize = determinize
        self.rollout_depth = rollout_depth
        self.eval_temperature = eval_temperature
        self.prior = prior
        self.prior_temperature = prior_temperature
        self.c_puct = c_puct
        self.evaluator = evaluator
        self._resolved: dict[str, tuple[Prior | None, Evaluator | None]] = {}

    def act(self, engine: Any, state: Any, player: int) -> int:
        legal = legal_actions(engine, state, player)
        if legal.size == 1:
            return int(legal[0])
        env_id = engine.name
        rng = np.random.default_rng([self.seed, observation_key(env_id, state, player)])
        words = fresh_rng_words(rng)
        policy = self._rollout_policy(env_id, rng)
        prior, evaluator = self._hooks(env_id)
        hidden = self.determinize and bool(hidden_fields(env_id))
        root = _Node(engine.num_actions, len(engine.final_scores(state)))
        for _ in range(self.simulations):
            sim = determinize(env_id, state, player, rng) if hidden else state.copy()
            self._simulate(engine, root, sim, rng, words, policy, prior, evaluator)
        visits = root.visits[legal]
        means = root.value[legal, player] / np.maximum(visits, 1)
        return int(legal[np.lexsort((means, visits))[-1]])

    def _hooks(self, env_id: str) -> tuple[Prior | None, Evaluator | None]:
        """The prior and evaluator callables for `env_id` (None: no prior / final_scores)."""
        hooks = self._resolved.get(env_id)
        if hooks is None:
            prior = self.prior
            if prior == "heuristic":
                prior = heuristic_prior(env_id, self.prior_temperature)
            evaluator = self.evaluator
            if evaluator == "heuristic":
                evaluator = heuristic_values(env_id)
            elif evaluator == "scores":
                evaluator = None
            hooks = self._resolved[env_id] = (prior, evaluator)
        return hooks

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
        prior: Prior | None,
        evaluator: Evaluator | None,
    ) -> None:
        """Select down the tree, expand one new action, roll out / evaluate, back up."""
        path: list[tuple[_Node, int]] = []
        node = root
        while not engine.is_over(state):
            player = engine.current_player(state)
            legal = np.flatnonzero(engine.legal_action_mask(state, player))
            if legal.size == 1:  # forced: no choice to learn, walk on
                action = int(legal[0])
                engine.apply_action(state, action)
                node = node.child(action)
                continue
            node.avail[legal] += 1
            visits = node.visits[legal]
            if prior is None:
                untried = np.flatnonzero(visits == 0)
                if untried.size:
                    i = int(untried[rng.integers(untried.size)])
                else:
                    ucb = node.value[legal, player] / visits + self.c * np.sqrt(
                        np.log(node.avail[legal]) / visits
                    )
                    i = int(np.argmax(ucb))
            else:
                i = self._puct(engine, node, state, player, legal, visits, prior)
            action = int(legal[i])
            engine.apply_action(state, action)
            path.append((node, action))
            if visits[i] == 0:  # a new leaf: evaluate it
                break
            node = node.child(action)
        if self.leaf_rollouts > 1 and policy is None and self.rollout_depth != 0:
            reward = self._batched_leaf_value(engine, state, rng, evaluator)
        else:
            reward = self._leaf_value(engine, state, words, policy, evaluator)
        for parent, action in path:
            parent.visits[action] += 1
            parent.value[action] += reward

    def _puct(
        self,
        engine: Any,
        node: _Node,
        state: Any,
        player: int,
        legal: np.ndarray,
        visits: np.ndarray,
        prior: Prior,
    ) -> int:
        """Index into `legal` of the PUCT choice at `node`."""
        key = legal.tobytes()
        p = node.priors.get(key)
        if p is None:
            p = node.priors[key] = np.asarray(prior(engine, state, player, legal), np.float64)
        value = node.value[legal, player]
        seen = visits > 0
        total = visits.sum()
        fpu = value.sum() / total if total else 1.0 / node.value.shape[1]
        q = np.where(seen, value / np.maximum(visits, 1), fpu)
        u = self.c_puct * p * np.sqrt(node.avail[legal]) / (1 + visits)
        return int(np.argmax(q + u))

    def _leaf_value(
        self,
        engine: Any,
        state: Any,
        words: np.ndarray,
        policy: Agent | None,
        evaluator: Evaluator | None,
    ) -> np.ndarray:
        """Play on from `state` (in place, at most `rollout_depth` decisions); returns the
        reward per player: win shares at the end, else the evaluation."""
        if not engine.is_over(state) and self.rollout_depth != 0:
            self._rollout(engine, state, words, policy)
        if engine.is_over(state):
            return win_shares(engine.final_scores(state))
        values = engine.final_scores(state) if evaluator is None else evaluator(engine, state)
        return softmax(values, self.eval_temperature)

    def _batched_leaf_value(
        self,
        engine: Any,
        state: Any,
        rng: np.random.Generator,
        evaluator: Evaluator | None,
    ) -> np.ndarray:
        """The mean reward per player of `leaf_rollouts` random rollouts from `state`, played
        as one batched call (envs.vector.engine.batch_of / play_random)."""
        from eurogym.envs.vector.engine import batch_of, rng_words

        if engine.is_over(state):
            return win_shares(engine.final_scores(state))
        batch = batch_of([state] * self.leaf_rollouts)
        limit = -1 if self.rollout_depth is None else self.rollout_depth
        batch.play_random(rng_words(rng, self.leaf_rollouts), limit=limit)
        total = np.zeros(len(engine.final_scores(state)))
        for i in range(self.leaf_rollouts):
            end = batch.view(i)
            if engine.is_over(end):
                total += win_shares(engine.final_scores(end))
            else:
                values = engine.final_scores(end) if evaluator is None else evaluator(engine, end)
                total += softmax(values, self.eval_temperature)
        return total / self.leaf_rollouts

    def _rollout(self, engine: Any, state: Any, words: np.ndarray, policy: Agent | None) -> None:
        limit = -1 if self.rollout_depth is None else self.rollout_depth
        fast = getattr(engine, "playout", None)
        if policy is None and fast is not None:
            fast(state, words, limit)
            return
        depth = 0
        while not engine.is_over(state) and depth != limit:
            player = engine.current_player(state)
            if policy is None:
                action = random_legal_action(engine.legal_action_mask(state, player), words)
            else:
                action = policy.act(engine, state, player)
            engine.apply_action(state, int(action))
            depth += 1
