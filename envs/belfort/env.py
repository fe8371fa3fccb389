"""Belfort as a PettingZoo AEC environment: the base game, "The Expansion Expansion"
(`expansion=True`) and the promo guilds (`promo_guilds=True`).

| Import      | `from eurogym.envs.belfort.env import env`, or `eurogym.make("belfort_v0")`     |
|-------------|-----------------------------------------------------------------------------------|
| Actions     | Discrete(184), layout in envs/belfort/actions.py                                  |
| Agents      | `player_0` .. `player_{n-1}`, n = 2..5 (default 4)                                |
| Observation | Dict(observation=Box(0, 1, (1267,), float32), action_mask=Box(0, 1, (184,), int8)) |
| Rules       | docs/rules/belfort.md §0-13, Appendices A-F; decisions §14                     |

With `expansion=True` or `promo_guilds=True` the action space is Discrete(279) and the
observation Box(0, 1, (1802,)): the base layout unchanged, then the expansion's actions
(envs/belfort/actions.py) and the `expansion` observation entry (encoders/belfort.py).

Observation: `eurogym.encoders.belfort.encode_flat` (its docstring lists every entry), from the
observer's seat. Other players' hands, their pending setup discards, the deck order and the
RNG are never included; the discard pile, column, board, resources, workers and scores are.

Every decision of Appendix F is a step of the player who makes it, including decisions
inside another player's turn (revealing a card to a Spies' Guild user) and the 2-player
non-player picks (made by the holders of shields 1 and 2). Masks are in
`observation["action_mask"]` and `infos[agent]["action_mask"]`; all zeros off turn.

Rewards: at game end, `reward_mode="win_loss"` gives +1 to every player with the best score
(ties broken by wood + stone + 2 metal + gold, §12) and -1 to the rest; `"score_margin"`
gives (own points - best opponent's points) / 100.

Options: num_players, seed, render_mode ("ansi" | "rgb_array"), reward_mode, max_decisions
and the options of `eurogym.envs.belfort.config.Config`: guild_mode, guilds, thieves_variant,
market_visits_cap, data_overrides (replacement costs, prices and taxes, as a dict or a
JSON file; the shipped values of those are `assumed`, see docs/belfort.md), expansion and
promo_guilds.

The expansion as built (docs/rules/belfort.md "Expansion status" lists the same):
* Played: 6 rounds from month 1, scores from 6 (§4.2); the assistant draft in reverse turn
  order with the leftover's gold building up, exhausting, "turn face down to take a permit"
  and the end-of-round return (§6, §11, E.1-E.2); the Djinn, Gargoyle, Giant, Goon, Gorgon,
  Halfling, Hobgoblin and Pixie specialties; permits (10 or 20 by player count), permit
  planks and fees, red boards and expanded properties, bonus scoring (§10.4, Appendix D);
  Masters follow lost workers and gnomes (E.4); the Assistants' and Non-Human Resources
  (on placement), Clipboard Makers', Decorators' (markers worth 1.5) and Planners' Guilds,
  and the promo Handymen's, Lawyers' and Sentinels'.
* Missing: the specialties and tokens of the Centaur and the Imps (these two tiles are
  drafted and can take permits, nothing else).

Version history:
* v0: base game, 2-5 players, the 12 base guilds; options expansion and promo_guilds (issue
  15, partial as listed above). The base game's rules, actions and saved states are
  unchanged by them; its observation keeps its size, with wider scales so that nothing
  clips (gnomes per card type /10, gold and goods /100, scores /200, hands /20).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from eurogym.encoders.belfort import FLAT_SIZE, X_FLAT_SIZE, encode_flat
from eurogym.envs.belfort.actions import NUM_X_ACTIONS
from eurogym.envs.belfort.invariants import check_invariants
from eurogym.envs.belfort.render import describe_changes, render_ansi, render_rgb
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.core.aec import EuroAECEnv
from eurogym.envs.core.registry import EnvSpec, register
from eurogym.envs.core.wrappers import wrap


class raw_env(EuroAECEnv):  # noqa: N801  (PettingZoo's naming convention)
    """The bare AEC env; illegal actions raise IllegalActionError (a ValueError)."""

    metadata = {**EuroAECEnv.metadata, "name": "belfort_v0"}
    engine = ENGINE
    observation_size = FLAT_SIZE
    encode = staticmethod(encode_flat)
    render_ansi = staticmethod(render_ansi)
    render_rgb = staticmethod(render_rgb)
    describe_changes = staticmethod(describe_changes)
    score_scale = 0.01
    default_players = 4

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As EuroAECEnv; an expansion or promo-guild game gets the larger action and
        observation spaces (module docstring)."""
        super().__init__(*args, **kwargs)
        if self.config.expansion or self.config.promo_guilds:
            obs_space = spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (X_FLAT_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_X_ACTIONS,), np.int8),
                }
            )
            self.observation_spaces = {a: obs_space for a in self.possible_agents}
            self.action_spaces = {a: spaces.Discrete(NUM_X_ACTIONS) for a in self.possible_agents}
            self._zero_mask = np.zeros(NUM_X_ACTIONS, np.int8)


def env(**kwargs: Any) -> EuroAECEnv:
    """raw_env wrapped in PettingZoo's standard wrappers (illegal move -> -1 and game over)."""
    return wrap(raw_env(**kwargs))


register(
    EnvSpec(
        env_id="belfort_v0",
        raw_env=raw_env,
        wrapped_env=env,
        engine=ENGINE,
        player_counts=ENGINE.player_counts,
        data_package="eurogym.envs.belfort",
        data_files=("belfort.json",),
        check_invariants=check_invariants,
        private_fields=("hand", "setup_discard"),
        secret_fields=("deck", "rng"),
        option_cases=(
            (
                3,
                {
                    "guild_mode": "advanced",
                    "thieves_variant": "rulebook",
                    "market_visits_cap": True,
                },
            ),
            (2, {"guild_mode": "beginner"}),
            (2, {"expansion": True}),
            (3, {"expansion": True}),
            (4, {"expansion": True}),
            (5, {"expansion": True, "guild_mode": "advanced"}),
            (3, {"promo_guilds": True, "guild_mode": "beginner"}),
            (4, {"expansion": True, "promo_guilds": True, "guild_mode": "advanced"}),
        ),
        bad_option_cases=(
            (3, "guild_mode", "expert"),
            (3, "guild_mode", 1),
            (3, "guild_mode", None),
            (3, "guilds", "miners"),
            (3, "guilds", 5),
            (3, "guilds", ["plumbers", "miners", "architects", "bankers", "spies"]),
            (3, "guilds", ["miners"] * 5),
            (2, "guilds", ["thieves", "miners", "architects", "bankers", "merchants"]),
            (3, "thieves_variant", "4"),
            (3, "thieves_variant", 2),
            (3, "thieves_variant", None),
            (3, "market_visits_cap", 1),
            (3, "market_visits_cap", "no"),
            (3, "market_visits_cap", None),
            (3, "data_overrides", 5),
            (3, "data_overrides", ["tax_levels"]),
            (3, "data_overrides", "no/such/file.json"),
            (3, "data_overrides", {"prices": {}}),
            (3, "data_overrides", {"fees": {"gnome_hire": 1.5}}),
            (3, "data_overrides", {"tax_levels": "flat"}),
            (3, "expansion", 1),
            (3, "expansion", "yes"),
            (3, "promo_guilds", None),
            (3, "promo_guilds", 0),
            (3, "data_overrides", {"djinn_y": {"spring": 3}}),  # needs expansion
        ),
    )
)
