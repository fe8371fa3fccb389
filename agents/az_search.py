"""PUCT search guided by a policy-value network, over many positions at once (AlphaZero-style).

The tree is agents.mcts's single-observer information-set tree: every simulation starts from a
fresh determinization of the root (agents.base.determinize: hidden cards and the state's RNG
resampled consistently with the searching player's view), nodes are keyed by action sequences,
a child's exploration term uses its availability count (how often it was legal when its parent
was visited), and decisions with one legal action are walked through for free.

Differences from agents.mcts:
    * Priors and leaf values come from the network (agents.az_net). A node is expanded when a
      simulation first reaches it: its observation (the env's `encode` for the player to move,
      in that simulation's determinization) is evaluated once, giving the node's policy logits
      (the prior over whatever legal set a later determinization offers is the softmax of
      those logits restricted to it) and its value estimate.
    * Values are per seat, as in agents.mcts: the network predicts the win share of every seat
      relative to the mover, which is rotated to absolute seats, backed up unchanged, and each
      player selects by their own entry (2 to 5 players, no negamax). A finished game backs up
      the true win shares.
    * Batched evaluation: `search` runs the simulations of many roots (the positions of
      several games, for self-play and evaluation) in waves. In a wave each root selects up to
      `leaf_batch` leaves, with a virtual loss (the visit is counted at once, its value only at
      back-up, so the path looks worse to the next selection and the leaves spread out); all
      the leaves of all roots go through the network in one forward pass, then are backed up.
      With one root and leaf_batch 1 this is sequential AlphaZero search.

FPU: an unvisited action's Q is the mean of the node's own value estimate and the values of
its visited actions, for the player to move.

Determinism: each root carries its own numpy Generator (the caller seeds it, e.g. from the
agent seed and the player's view, as agents.mcts does); the network runs on CPU in eval mode,
and a wave's batch is always built in the same order, so the same roots and seeds give the
same visit counts.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numba
import numpy as np

from eurogym.agents.base import determinize, hidden_fields, win_shares
from eurogym.agents.mcts import _Node
from eurogym.envs.core.jit import ENTRY


@dataclass(frozen=True)
class SearchConfig:
    """Search settings.

    Attributes:
        simulations: simulations per searched decision.
        leaf_batch: leaves each root selects per wave (virtual loss) before one batched
            network call; 1 is plain sequential search.
        c_puct: exploration constant (values are win shares in [0, 1]).
        dirichlet_alpha, noise_fraction: root prior noise, (1 - f) * P + f * Dir(alpha), used
            only when `search(..., noise=True)` (self-play).
        determinize: resample hidden information per simulation (False searches the true
            state: a cheating upper bound).
    """

    simulations: int = 64
    leaf_batch: int = 8
    c_puct: float = 1.5
    dirichlet_alpha: float = 0.3
    noise_fraction: float = 0.25
    determinize: bool = True

    def __post_init__(self) -> None:
        if self.simulations < 1:
            raise ValueError(f"simulations must be positive, got {self.simulations}")
        if self.leaf_batch < 1:
            raise ValueError(f"leaf_batch must be positive, got {self.leaf_batch}")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class Node(_Node):
    """MCTSAgent's tree node (children's statistics as arrays over all actions, priors per
    legal set) plus the network's logits and per-seat value estimate for the node (None until
    expanded)."""

    __slots__ = ("logits", "estimate")

    def __init__(self, num_actions: int, num_players: int):
        super().__init__(num_actions, num_players)
        self.logits: np.ndarray | None = None
        self.estimate: np.ndarray | None = None

    def prior(self, legal: np.ndarray) -> np.ndarray:
        """Softmax of the node's logits over `legal` (cached per legal set)."""
        key = legal.tobytes()
        p = self.priors.get(key)
        if p is None:
            assert self.logits is not None
            z = self.logits[legal]
            z = np.exp(z - z.max())
            p = self.priors[key] = z / z.sum()
        return p


@dataclass
class Root:
    """One position to search: the true state (not mutated), the searching player, and the
    generator of this search's randomness (determinizations, root noise)."""

    state: Any
    player: int
    rng: np.random.Generator


def to_absolute(relative: np.ndarray, mover: int) -> np.ndarray:
    """Per-seat values ordered from `mover` (entry k is seat (mover + k) % n) to absolute
    seats; `to_relative` is its inverse. (Indexing, not np.roll: this runs once per leaf, and
    np.roll costs ~10x more on arrays of 2-5 values.)"""
    n = relative.shape[0]
    return relative[(np.arange(n) - mover) % n]


def to_relative(absolute: np.ndarray, mover: int) -> np.ndarray:
    """Absolute per-seat values reordered so entry k is seat (mover + k) % n."""
    n = absolute.shape[0]
    return absolute[(np.arange(n) + mover) % n]


class _Leaf:
    __slots__ = ("path", "node", "obs", "mover", "value")

    def __init__(self, path: list[tuple[Node, int]], node: Node | None, obs: Any, mover: int):
        self.path = path
        self.node = node
        self.obs = obs
        self.mover = mover
        self.value: np.ndarray | None = None


def search(
    net: Any,
    engine: Any,
    env_id: str,
    encode: Any,
    roots: list[Root],
    config: SearchConfig,
    noise: bool = False,
) -> list[np.ndarray]:
    """Run `config.simulations` simulations from every root; returns, per root, the visit
    counts over all actions (float64[num_actions], zero outside the root's legal actions).

    Args:
        net: has `predict(obs[B, obs_size]) -> (logits[B, A], value probabilities[B, P])`
            (agents.az_net.PolicyValueNet).
        engine: the game's engine.
        env_id: its env id (for determinization).
        encode: the env's observation encoder `encode(state, player)`.
        roots: the positions; each root's player must have at least two legal actions.
        config: the search settings.
        noise: add Dirichlet noise to the root priors (self-play exploration).
    """
    if not roots:
        return []
    num_players = len(engine.final_scores(roots[0].state))
    hidden = config.determinize and bool(hidden_fields(env_id))
    trees = [Node(engine.num_actions, num_players) for _ in roots]
    legals = [np.flatnonzero(engine.legal_action_mask(r.state, r.player)) for r in roots]
    for legal in legals:
        if legal.size < 2:
            raise ValueError("search roots need at least two legal actions")
    _expand(
        net,
        [
            _Leaf([], tree, encode(r.state, r.player), r.player)
            for tree, r in zip(trees, roots, strict=True)
        ],
    )
    if noise:
        for tree, root, legal in zip(trees, roots, legals, strict=True):
            p = tree.prior(legal)
            eta = root.rng.dirichlet(np.full(legal.size, config.dirichlet_alpha))
            tree.priors[legal.tobytes()] = (1 - config.noise_fraction) * p + (
                config.noise_fraction * eta
            )
    done = 0
    while done < config.simulations:
        wave = min(config.leaf_batch, config.simulations - done)
        leaves: list[_Leaf] = []
        for tree, root in zip(trees, roots, strict=True):
            for _ in range(wave):
                sim = (
                    determinize(env_id, root.state, root.player, root.rng)
                    if hidden
                    else root.state.copy()
                )
                leaves.append(_select(engine, encode, tree, sim, config.c_puct))
        _expand(net, [leaf for leaf in leaves if leaf.value is None])
        for leaf in leaves:
            for node, action in leaf.path:
                node.value[action] += leaf.value
        done += wave
    return [tree.visits.copy() for tree in trees]


def _select(engine: Any, encode: Any, root: Node, state: Any, c_puct: float) -> _Leaf:
    """Walk down from `root` in `state` (a determinization, mutated) by PUCT, counting each
    visit at once (virtual loss), until a finished game or a node not yet expanded."""
    path: list[tuple[Node, int]] = []
    node = root
    while True:
        if engine.is_over(state):
            leaf = _Leaf(path, None, None, -1)
            leaf.value = win_shares(engine.final_scores(state))
            return leaf
        player = engine.current_player(state)
        legal = np.flatnonzero(engine.legal_action_mask(state, player))
        if legal.size == 1:  # forced: no choice to search, walk on
            action = int(legal[0])
            engine.apply_action(state, action)
            node = node.child(action)
            continue
        if node.logits is None:
            return _Leaf(path, node, encode(state, player), player)
        node.avail[legal] += 1
        action = int(legal[_puct(node, player, legal, c_puct)])
        node.visits[action] += 1
        path.append((node, action))
        engine.apply_action(state, action)
        node = node.child(action)


def _puct(node: Node, player: int, legal: np.ndarray, c_puct: float) -> int:
    """Index into `legal` of argmax Q + c_puct * P * sqrt(availability) / (1 + N)."""
    assert node.estimate is not None
    return int(
        _puct_index(
            node.prior(legal),
            legal,
            node.visits,
            node.value,
            node.avail,
            player,
            float(node.estimate[player]),
            c_puct,
        )
    )


@numba.njit(**ENTRY)
def _puct_index(prior, legal, visits, value, avail, player, estimate, c_puct):
    """`_puct` in one compiled loop: it runs at every tree node of every simulation, and the
    numpy version's dozen small temporaries were the search's largest cost (~60 us a call)."""
    total_value = estimate
    total_visits = 1.0
    for i in range(legal.shape[0]):
        total_value += value[legal[i], player]
        total_visits += visits[legal[i]]
    fpu = total_value / total_visits
    best, best_score = 0, -np.inf
    for i in range(legal.shape[0]):
        a = legal[i]
        n = visits[a]
        q = value[a, player] / n if n > 0 else fpu
        score = q + c_puct * prior[i] * np.sqrt(avail[a]) / (1.0 + n)
        if score > best_score:
            best, best_score = i, score
    return best


def _expand(net: Any, leaves: list[_Leaf]) -> None:
    """Evaluate the leaves' observations in one forward pass; set each node's logits and
    value estimate (the first evaluation wins when a wave reached one node twice) and each
    leaf's back-up value (absolute seats)."""
    if not leaves:
        return
    logits, values = net.predict(np.stack([leaf.obs for leaf in leaves]))
    for leaf, row, value in zip(leaves, logits, values, strict=True):
        leaf.value = to_absolute(value, leaf.mover)
        node = leaf.node
        if node is not None and node.logits is None:
            node.logits = row
            node.estimate = leaf.value


def visit_distribution(visits: np.ndarray, legal_mask: np.ndarray) -> np.ndarray:
    """Root visits as a probability distribution over the legal actions only (visits on
    actions illegal in the true state, possible only if a determinization allowed them, are
    dropped; uniform over the legal ones if nothing is left)."""
    legal = np.asarray(legal_mask, bool)
    counts = np.where(legal, visits, 0.0)
    total = counts.sum()
    if total <= 0:
        return legal / legal.sum()
    return counts / total


def choose_action(
    visits: np.ndarray, legal_mask: np.ndarray, temperature: float, rng: np.random.Generator
) -> int:
    """Sample an action with probability ~ visits^(1/temperature) over the legal actions, or
    the most visited one (lowest index on ties) at temperature 0."""
    pi = visit_distribution(visits, legal_mask)
    if temperature <= 0:
        return int(np.argmax(pi))
    weights = pi ** (1.0 / temperature)
    return int(rng.choice(pi.shape[0], p=weights / weights.sum()))
