"""Agents that play eurogym games through the functional engine (envs.core.engine.Engine):
a random baseline, greedy and per-game heuristics, MCTS, and a tournament runner.

    from eurogym.agents import MCTSAgent, RandomAgent, play_game
    engine = envs.spec("kingdom_builder_v0").engine
    scores = play_game(engine, [MCTSAgent(simulations=100), RandomAgent(1)], seed=0)

Tournaments: `eurogym.agents.tournament.run_tournament` (not imported here, so that
`python -m eurogym.agents.tournament` runs the module only once).
"""

from eurogym.agents.base import DETERMINIZERS, Agent, determinize, play_game
from eurogym.agents.heuristic import HEURISTICS, GreedyAgent, KingdomBuilderHeuristic, heuristic_for
from eurogym.agents.mcts import MCTSAgent
from eurogym.agents.random_agent import RandomAgent

__all__ = [
    "DETERMINIZERS",
    "HEURISTICS",
    "Agent",
    "GreedyAgent",
    "KingdomBuilderHeuristic",
    "MCTSAgent",
    "RandomAgent",
    "determinize",
    "heuristic_for",
    "play_game",
]
