"""Cheap hand-made opponents: a generic one-ply greedy agent for any engine, and per-game
heuristics registered in HEURISTICS (the tournament's "heuristic" agent).

Both look one decision ahead on a copy of the state and score the result; neither searches
the opponents' replies, so a decision costs (legal actions) x (copy + step + evaluation).
Before looking ahead they determinize (agents.base), so a lookahead that draws a card can
never show them a card their seat has not seen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eurogym.agents.base import determinize, hidden_fields, legal_actions
from eurogym.envs.belfort.rules import score_table as belfort_table
from eurogym.envs.belfort.scoring import bonus_points
from eurogym.envs.belfort.state import (
    EMPTY,
    P_ARCH_DISCOUNT,
    P_ARCH_SITE,
    P_CENTAUR,
    P_CENTAUR_HIRE,
    P_DJINN_MODE,
    P_DJINN_SEASON,
    P_EXPAND_PAY,
    P_IMPS,
    P_PIXIE,
    P_RECRUIT,
    P_WIZ_FIRST,
    P_WIZ_SECOND,
    XState,
)
from eurogym.envs.belfort.tables import MONTHS, SCORING_MONTH
from eurogym.envs.belfort.xtables import IMPS
from eurogym.envs.kingdom_builder.actions import END_TURN, TILE_ACTIONS
from eurogym.envs.kingdom_builder.rules import score_table
from eurogym.envs.kingdom_builder.state import PHASE_TILE_ORIGIN, PHASE_TILE_TARGET

_TIE = 1e-9  # values closer than this count as equal (ties are broken at random)


def score_margin(scores: np.ndarray, player: int) -> float:
    """Own score minus the best opponent's: positive means leading, for any player count."""
    values = scores.tolist()  # plain floats: ~10x cheaper than numpy on a handful of seats
    own = values.pop(player)
    return float(own - max(values)) if values else float(own)


class GreedyAgent:
    """One-ply lookahead on `engine.final_scores`: play the action whose resulting state has
    the best score margin (own score minus the best opponent's), ties broken at random.

    Works on any engine whose `final_scores` is meaningful mid-game (it is for Kingdom
    Builder; games that only score at the end make this agent close to random).

    Args:
        seed: seed of the agent's generator (tie-breaking and determinization).
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)

    def evaluate(self, engine: Any, state: Any, player: int) -> float:
        """How good `state` is for `player`; higher is better."""
        return score_margin(engine.final_scores(state), player)

    def action_value(self, engine: Any, view: Any, action: int, player: int) -> float:
        """Value of playing `action` in `view` (a determinized copy)."""
        child = view.copy()
        engine.apply_action(child, action)
        return self.evaluate(engine, child, player)

    def action_values(self, engine: Any, view: Any, player: int, legal: np.ndarray) -> np.ndarray:
        """`action_value` of each action in `legal` (float64[len(legal)]); uses no randomness."""
        return np.array([self.action_value(engine, view, int(a), player) for a in legal])

    def player_values(self, engine: Any, state: Any) -> np.ndarray:
        """A score-like value per seat (float64[P]), comparable between seats: what search
        agents evaluate a position with (agents.mcts). Here the current scores."""
        return np.asarray(engine.final_scores(state), np.float64)

    def act(self, engine: Any, state: Any, player: int) -> int:
        legal = legal_actions(engine, state, player)
        if legal.size == 1:
            return int(legal[0])
        view = state
        if hidden_fields(engine.name):
            view = determinize(engine.name, state, player, self.rng)
        values = self.action_values(engine, view, player, legal)
        best = np.flatnonzero(values >= values.max() - _TIE)
        return int(legal[self.rng.choice(best)])


class KingdomBuilderHeuristic(GreedyAgent):
    """Greedy on gold plus the value of location tiles, with a short lookahead through tiles.

    Why each rule:
    * Gold: the margin of the current totals from `score_table` (the 3 cards and castles), so
      castle adjacency (3 gold) and card objectives drive every placement.
    * Tiles held (`state.holding`) are worth `tile_value` gold each: a tile is an extra
      settlement every remaining turn, which one-ply gold alone never sees.
    * Using a tile is a multi-decision sequence (use -> [origin ->] target), and the first
      decision changes no gold, so it is valued by the best completion of the sequence (a
      two- or three-ply max over the player's own decisions) plus `use_bonus` for tiles that
      build (an extra settlement on the board is worth more than its immediate gold).
    * Ending the turn is valued like any other action, so a build tile is used unless its
      best completion loses more than `use_bonus`, and a move tile when its best completion
      is at least as good as stopping (ties at random).

    Args:
        seed: seed of the agent's generator (tie-breaking and determinization).
        tile_value: gold-equivalent of one held location tile.
        use_bonus: gold-equivalent bonus of a build tile's extra settlement.
    """

    name = "kingdom_builder_heuristic"

    def __init__(self, seed: int = 0, tile_value: float = 3.0, use_bonus: float = 1.0):
        super().__init__(seed)
        self.tile_value = tile_value
        self.use_bonus = use_bonus

    def evaluate(self, engine: Any, state: Any, player: int) -> float:
        gold = score_table(state).sum(axis=1)
        return score_margin(gold, player) + self.tile_value * float(state.holding[player].sum())

    def player_values(self, engine: Any, state: Any) -> np.ndarray:
        """Gold per seat plus `tile_value` per held location tile (what `evaluate` weighs,
        for every seat at once)."""
        gold = score_table(state).sum(axis=1).astype(np.float64)
        return gold + self.tile_value * state.holding[: gold.shape[0]].sum(axis=1)

    def action_value(self, engine: Any, view: Any, action: int, player: int) -> float:
        child = view.copy()
        engine.apply_action(child, action)
        if TILE_ACTIONS <= action < END_TURN:
            value = self._best_completion(engine, child, player)
            is_move = child.phase == PHASE_TILE_ORIGIN
            return value if is_move else value + self.use_bonus
        if child.phase == PHASE_TILE_TARGET and child.cur == player:
            return self._best_completion(engine, child, player)
        return self.evaluate(engine, child, player)

    def _best_completion(self, engine: Any, state: Any, player: int) -> float:
        """Best value reachable by finishing the tile in use (origin and/or target)."""
        best = -np.inf
        for action in np.flatnonzero(engine.legal_action_mask(state, player)):
            child = state.copy()
            engine.apply_action(child, int(action))
            if child.phase == PHASE_TILE_TARGET and child.cur == player:
                value = self._best_completion(engine, child, player)
            else:
                value = self.evaluate(engine, child, player)
            best = max(best, value)
        return best


# Belfort choices whose first step changes nothing by itself (the value is in the follow-up)
BELFORT_OPENING_PHASES = (
    P_ARCH_SITE,
    P_ARCH_DISCOUNT,
    P_RECRUIT,
    P_WIZ_FIRST,
    P_WIZ_SECOND,
    P_DJINN_SEASON,
    P_DJINN_MODE,
    P_PIXIE,
    P_EXPAND_PAY,
    P_CENTAUR,
    P_CENTAUR_HIRE,
    P_IMPS,
)


class BelfortHeuristic(GreedyAgent):
    """Greedy on points plus an estimate of what the position is worth in points.

    Belfort only scores three times, so one-ply points alone see nothing between scorings.
    The value of a seat is therefore:
    * its points, plus its current majority points (`score_table`: what it would score if the
      season ended now) weighted by the scorings still to come, because a marker keeps
      scoring;
    * goods at rough exchange rates (a point costs about 3 goods late in the game);
    * workers, gnomes and card income, which produce goods every remaining round;
    * work in progress: workers waiting on planks or in resource areas count at the value of
      what they will bring, so placing a worker is not mistaken for giving up its fee;
    * cards in hand up to the hand limit (the way to build properties);
    * with the expansion: each expanded property's bonus as it would score now, for every
      Scoring phase left; open permits and workers on their planks (the way to expand);
      Gargoyle cards still due this turn, Imps waiting on planks.
    Decisions that only open a sub-choice (a guild's target, an Architects' site) are valued
    by the best completion of the player's own follow-up decisions.

    Args:
        seed: seed of the agent's generator (tie-breaking and determinization).
    """

    name = "belfort_heuristic"
    GOODS = np.array([0.35, 0.35, 0.6, 0.3])  # wood stone metal gold, in points
    WORKER, GNOME, CARD, INCOME_ROUND = 0.9, 0.8, 0.4, 0.25
    PLANK = 0.6  # a worker waiting on a plank
    AREA = np.array([0.35, 0.35, 0.3, 0.3])  # per strength in forest quarry mine gold mine
    COMPLETION_DEPTH = 3
    PERMIT = 0.9  # an open permit: a step towards a bonus that scores every Scoring phase

    def player_values(self, engine: Any, state: Any) -> np.ndarray:
        n = state.num_players
        month = max(state.month, 1)
        scorings_left = int(SCORING_MONTH[month - 1 :].sum())
        rounds_left = MONTHS - month + 1
        value = state.score[:n].astype(np.float64)
        value += (0.4 + 0.6 * scorings_left) * belfort_table(state)[:n].sum(axis=1)
        value += state.res[:n] @ self.GOODS
        value += self.WORKER * (state.elves[:n] + state.dwarves[:n])
        value += self.GNOME * state.gnomes[:n].sum(axis=1)
        value += self.INCOME_ROUND * rounds_left * (state.built[:n] @ state.prop_income)
        value += self.CARD * np.minimum(state.hand[:n].sum(axis=1), 5)
        waiting = (
            state.on_plank[:n].sum(axis=1)
            + np.bincount(state.guild_worker[state.guild_worker >= 0], minlength=n)[:n]
        )
        value += self.PLANK * waiting
        strength = state.area[:n].reshape(n, 4, 4)  # [seat, kind, area]
        weights = np.array([1, 2, 1, 2])[None, :, None]
        value += (strength * weights).sum(axis=1) @ self.AREA
        value += 0.5 * state.avail[:n].sum(axis=1)  # unplaced workers will reach an area
        if isinstance(state, XState) and state.expansion:
            value += self._expansion_values(state, n, scorings_left)
        return value

    def _expansion_values(self, state: XState, n: int, scorings_left: int) -> np.ndarray:
        """Bonus scoring still to come, permits to expand, Gargoyle cards due (§10.4)."""
        value = np.zeros(n)
        for p in range(n):
            for t in np.flatnonzero(state.expanded[p]):
                points = bonus_points(state.buf, p, int(t))
                value[p] += state.expanded[p, t] * points * scorings_left
        value += self.PERMIT * (state.permits[:n] - state.expanded[:n]).sum(axis=1)
        value += self.PLANK * state.on_permit[:n].sum(axis=1)
        imps = state.asst_holder[IMPS]
        if imps >= 0:  # Imps on planks work for their holder like waiting workers
            value[imps] += self.PLANK * int((state.imp_seat != EMPTY).sum())
        if state.garg_left:
            value[state.turn_player] += self.CARD * state.garg_left
        return value

    def evaluate(self, engine: Any, state: Any, player: int) -> float:
        return score_margin(self.player_values(engine, state), player)

    def action_value(self, engine: Any, view: Any, action: int, player: int) -> float:
        child = view.copy()
        engine.apply_action(child, action)
        return self._value_after(engine, child, player, self.COMPLETION_DEPTH)

    def _value_after(self, engine: Any, state: Any, player: int, depth: int) -> float:
        """Value of `state`, or of the best completion while `player` is inside a multi-part
        choice (a sub-phase of the same turn)."""
        if (
            depth == 0
            or state.phase not in BELFORT_OPENING_PHASES
            or engine.current_player(state) != player
        ):
            return self.evaluate(engine, state, player)
        best = -np.inf
        for action in np.flatnonzero(engine.legal_action_mask(state, player)):
            child = state.copy()
            engine.apply_action(child, int(action))
            best = max(best, self._value_after(engine, child, player, depth - 1))
        return best


HEURISTICS: dict[str, type[GreedyAgent]] = {
    "kingdom_builder_v0": KingdomBuilderHeuristic,
    "belfort_v0": BelfortHeuristic,
}


def heuristic_for(env_id: str, seed: int = 0) -> GreedyAgent:
    """The registered heuristic of `env_id`, or the generic GreedyAgent if it has none."""
    return HEURISTICS.get(env_id, GreedyAgent)(seed)


def softmax(values: np.ndarray, temperature: float) -> np.ndarray:
    """exp(values / temperature), normalised; temperature <= 0 puts all mass, shared equally,
    on the maxima."""
    values = np.asarray(values, np.float64)
    if temperature <= 0:
        top = values >= values.max() - _TIE
        return top / top.sum()
    z = np.exp((values - values.max()) / temperature)
    return z / z.sum()


class HeuristicPrior:
    """Search prior from a heuristic's one-ply judgement: softmax(action_values / temperature)
    over the legal actions, a callable (engine, state, player, legal) -> probabilities as
    agents.mcts expects. `state` must already be a determinized sample: it is searched as is.

    Args:
        heuristic: the agent whose `action_values` score the actions (its rng is not used).
        temperature: in the heuristic's value units (gold for the Kingdom Builder heuristic);
            lower trusts the heuristic more.
    """

    def __init__(self, heuristic: GreedyAgent, temperature: float = 1.0):
        self.heuristic = heuristic
        self.temperature = temperature

    def __call__(self, engine: Any, state: Any, player: int, legal: np.ndarray) -> np.ndarray:
        values = self.heuristic.action_values(engine, state, player, legal)
        return softmax(values, self.temperature)


def heuristic_prior(env_id: str, temperature: float = 1.0) -> HeuristicPrior:
    """The search prior of `env_id`'s registered heuristic (see HeuristicPrior)."""
    return HeuristicPrior(heuristic_for(env_id), temperature)


def heuristic_values(env_id: str) -> Callable[[Any, Any], np.ndarray]:
    """Position evaluator (engine, state) -> value per seat, from `env_id`'s heuristic."""
    return heuristic_for(env_id).player_values
