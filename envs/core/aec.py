"""EuroAECEnv: the PettingZoo AEC shell shared by every game.

It owns the AEC bookkeeping (agent names, dead steps, reward modes, turn-cap truncation,
seeding, the action mask in observations and infos) and delegates all rules to the game's
functional engine. A game subclass sets the class attributes below and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from eurogym.envs.core.engine import action_index
from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.options import check_int, check_players, check_seed
from eurogym.envs.core.viewlog import ViewLog, step_lines, view_text

REWARD_MODES = ("win_loss", "score_margin")


class EuroAECEnv(AECEnv):
    """AEC env around a functional engine.

    Args:
        num_players: seats (an int among the engine's player_counts); agents are named
            player_0 .. player_{n-1} in seat order.
        seed: default seed for `reset()` calls that pass none (reset(seed=s) overrides it):
            None or an int in [0, 2**64).
        render_mode: None, "human" (prints the text view), "ansi" (returns it) or "rgb_array".
        reward_mode: "win_loss" (at game end each winner +1, everyone else -1; tied winners all
            +1) or "score_margin" (own final score minus the best opponent's, times
            `score_scale`). A solo game has no opponent: the engine's `solo_outcome` says
            whether it was won (win_loss) and by what margin (score_margin).
        max_decisions: truncate the game after this many decisions (a positive int; a safety
            cap).
        **options: the game's rule options (see its Config).

    Every bad or unknown argument raises ConfigError naming it. Later, `reset(seed=...)` with
    a bad seed raises TypeError (not an int) or ValueError (outside [0, 2**64)), and `step` with
    an action that is not an int (bool, float, str) raises TypeError.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "euro_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }
    engine: ClassVar[Any]
    observation_size: ClassVar[int]
    encode: ClassVar[Callable[[Any, int], np.ndarray]]
    render_ansi: ClassVar[Callable[[Any], str]]
    render_rgb: ClassVar[Callable[[Any], np.ndarray]]
    # describe_changes(before, after) -> lines about automatic events; optional per game
    describe_changes: ClassVar[Callable[[Any, Any], list[str]] | None] = None
    score_scale: ClassVar[float] = 0.01
    default_players: ClassVar[int] = 2

    def __init__(
        self,
        num_players: int | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        reward_mode: str = "win_loss",
        max_decisions: int = 20_000,
        **options: Any,
    ):
        super().__init__()
        num_players = self.default_players if num_players is None else num_players
        num_players = check_players(num_players, self.engine.player_counts)
        if render_mode is not None and (
            not isinstance(render_mode, str) or render_mode not in self.metadata["render_modes"]
        ):
            raise ConfigError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        if not isinstance(reward_mode, str) or reward_mode not in REWARD_MODES:
            raise ConfigError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
        max_decisions = check_int("max_decisions", max_decisions, 1)
        if seed is not None:
            try:
                seed = check_seed(seed)
            except (TypeError, ValueError) as err:
                raise ConfigError(str(err)) from None
        self.config = self.engine.make_config(num_players, **options)
        self.render_mode = render_mode
        self.reward_mode = reward_mode
        self.max_decisions = max_decisions
        self._default_seed = seed
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.engine.num_actions
        self._zero_mask = np.zeros(n, np.int8)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.state_ = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. `seed` None uses the constructor's seed once, then fresh entropy; else
        an int in [0, 2**64) (TypeError / ValueError otherwise, before anything changes)."""
        if seed is not None:
            seed = check_seed(seed)
        if seed is None:
            seed = self._default_seed
            self._default_seed = None  # later resets without a seed give new games
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.state_ = self.engine.new_game(self.config, seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.num_decisions = 0
        self.view_log = ViewLog(len(self.possible_agents))
        self._after_move()

    def _mask_for(self, agent: str) -> np.ndarray:
        player = self.agent_name_mapping[agent]
        if self.state_ is None or self.engine.current_player(self.state_) != player:
            return self._zero_mask.copy()
        return self.engine.legal_action_mask(self.state_, player).copy()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.agent_name_mapping[agent]
        info = self.infos.get(agent)
        # infos masks are fresh arrays, replaced (never written) on refresh, so sharing is safe
        mask = info["action_mask"] if info is not None else self._mask_for(agent)
        return {"observation": type(self).encode(self.state_, player), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play `action` (an int: Python or numpy integer) for `agent_selection`; a terminated
        or truncated agent steps with None to leave. Once every agent has left, step is a no-op
        that logs PettingZoo's "step() called after all agents are terminated or truncated"
        warning, as PettingZoo's OrderEnforcingWrapper does (and so the wrapped env)."""
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = action_index(action)
        before = self.state_.copy() if self.render_mode is not None else None
        self.engine.apply_action(self.state_, action)
        if before is not None:  # the log costs a state copy per step, so only when rendering
            seat = self.agent_name_mapping[agent]
            lines = step_lines(
                type(self), self.engine, before, action, self.state_, self.possible_agents
            )
            self.view_log.decided(seat, lines)
        self.num_decisions += 1
        self._cumulative_rewards[agent] = 0.0
        if self.engine.is_over(self.state_):  # rewards stay 0.0 until the game ends
            self.rewards = self._final_rewards()
            self.terminations = {a: True for a in self.agents}
        elif self.num_decisions >= self.max_decisions:
            self.truncations = {a: True for a in self.agents}
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        """Point agent_selection at whoever decides now and refresh the masks in infos. Only
        the previous and the new decider's masks can have changed (all others stay zero), so
        the engine is asked once for the decider and the previous one gets zeros."""
        previous = getattr(self, "agent_selection", None)
        seat = self.engine.current_player(self.state_)
        selected = self.agent_selection = self.possible_agents[seat]
        infos = self.infos
        if previous is None or self.num_decisions == 0:
            for a in self.agents:
                infos[a]["action_mask"] = self._mask_for(a)
            return
        if previous != selected and previous in infos:
            infos[previous]["action_mask"] = self._zero_mask.copy()
        if selected in infos:
            infos[selected]["action_mask"] = self.engine.legal_action_mask(self.state_, seat).copy()

    def _final_rewards(self) -> dict[str, float]:
        """Each agent's reward at game end in the env's reward mode. A solo game asks the
        engine's `solo_outcome` hook (won?, margin) instead of comparing seats."""
        if len(self.possible_agents) == 1:
            won, margin = self.engine.solo_outcome(self.state_)
            if self.reward_mode == "win_loss":
                return {self.possible_agents[0]: 1.0 if won else -1.0}
            return {self.possible_agents[0]: float(margin * self.score_scale)}
        scores = np.asarray(self.engine.final_scores(self.state_), dtype=np.float64)
        rewards = {}
        for i, a in enumerate(self.possible_agents):
            if self.reward_mode == "win_loss":
                rewards[a] = 1.0 if scores[i] == scores.max() else -1.0
            else:
                rewards[a] = float((scores[i] - np.delete(scores, i).max()) * self.score_scale)
        return rewards

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None or self.state_ is None:
            return None
        if self.render_mode in ("human", "ansi"):
            text = view_text(type(self), self.state_)
            seat = self.engine.current_player(self.state_)
            log = self.view_log.since(seat)
            if log:
                name = self.possible_agents[seat]
                text += f"\n\nsince {name}'s last decision:\n" + "\n".join(log)
            if self.render_mode == "ansi":
                return text
            print(text)
            return None
        return type(self).render_rgb(self.state_)

    def close(self) -> None:
        pass

