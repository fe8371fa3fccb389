"""Daitoshi (Dani García, Devir 2024) as a PettingZoo AEC environment, with the solo Mayor.

| Import      | `from envs.daitoshi.env import env`, or `eurogym.envs.make("daitoshi_v0")`      |
|-------------|--------------------------------------------------------------------------|
| Actions     | Discrete(151), layout in envs/daitoshi/actions.py                        |
| Agents      | `player_0` .. `player_{n-1}`, n = 1..4 (default 2)                       |
| Observation | Dict(observation=Box(0, 1, (5896,)), action_mask=Box(0, 1, (151,)))      |
| Rules       | docs/rules/daitoshi.md §0-§20; engine decisions in docs/daitoshi.md    |

**The default components are stand-ins.** The seed manual lost every component's contents
(inventions, district tiles, cities, Megamachines, tracks, hexes, Mayor cards); the shipped
`envs/daitoshi/data/daitoshi.json` is a stand-in set tagged datum by datum that keeps the seed's
counts, cost ranges and reward kinds. Pass `components="file.json"` (same shape) to play with
other contents; it is validated and a bad field raises ConfigError naming it.

Observation: `eurogym.encoders.daitoshi.encode_flat` (its docstring lists every entry), from the
observer's seat. The invention and tile piles' order, the Mayor deck, the hexes still on the
nature tracks and the RNG are never included.

Turns: each turn is a production turn (every player may produce, leader first then clockwise,
each producer deciding in their own AEC steps) or a city turn. Choices inside rewards (an `any`
pilgrim or worker, a hex to discard, a flag, a progress step) are steps of their owner. With one
player, the Mayor automa (seat 1) plays his turns inside the env between the player's turns.

Rewards: `reward_mode="win_loss"` gives +1 to every player with the best VP (ties broken by
steam left, §17.4) and -1 to the rest; `"score_margin"` gives (own VP - best opponent's) / 100.
Solo: the opponent is the Mayor, and the player wins only with strictly more VP (§18.5);
score_margin is (own VP - the Mayor's) / 100 (`ENGINE.solo_outcome`).

Options: num_players, seed, render_mode ("ansi" | "rgb_array"), reward_mode, max_decisions,
`components` (a replacement component JSON file), `expert` (draft the basic inventions, §5.2
step 7; default False), `payment_choice` (choose how many held resource units to pay with
wealth, §19; default True, False pays automatically as E2) and, solo only, `difficulty`
(advisors dealt to the Mayor). Solo: before each Mayor turn the player may use the bribe tile
once per game.

Version history:
* v0: 1-4 players with the solo Mayor (advisors, bribe tile); docs/daitoshi.md lists the
  engine decisions and what is not modelled.
* v0, later: the `expert` option (the §5.2 draft) and payment composition (§19), asked by
  default (`payment_choice=False` restores the earlier automatic payment); Discrete(137) ->
  Discrete(151), with the new actions after the old ones.
"""

from __future__ import annotations

from typing import Any

from eurogym.encoders.daitoshi import FLAT_SIZE, encode_flat
from eurogym.envs.core.aec import EuroAECEnv
from eurogym.envs.core.registry import EnvSpec, register
from eurogym.envs.core.wrappers import wrap
from eurogym.envs.daitoshi.invariants import check_invariants
from eurogym.envs.daitoshi.render import describe_changes, render_ansi, render_rgb
from eurogym.envs.daitoshi.rules import ENGINE


class raw_env(EuroAECEnv):  # noqa: N801  (PettingZoo's naming convention)
    """The bare AEC env; illegal actions raise IllegalActionError (a ValueError)."""

    metadata = {**EuroAECEnv.metadata, "name": "daitoshi_v0"}
    engine = ENGINE
    observation_size = FLAT_SIZE
    encode = staticmethod(encode_flat)
    render_ansi = staticmethod(render_ansi)
    render_rgb = staticmethod(render_rgb)
    describe_changes = staticmethod(describe_changes)
    score_scale = 0.01
    default_players = 2


def env(**kwargs: Any) -> EuroAECEnv:
    """raw_env wrapped in PettingZoo's standard wrappers (illegal move -> -1 and game over)."""
    return wrap(raw_env(**kwargs))


register(
    EnvSpec(
        env_id="daitoshi_v0",
        raw_env=raw_env,
        wrapped_env=env,
        engine=ENGINE,
        player_counts=ENGINE.player_counts,
        data_package="eurogym.envs.daitoshi",
        data_files=("daitoshi.json",),
        check_invariants=check_invariants,
        secret_fields=("pile", "inv_pile", "track_hex", "mayor_deck", "rng"),
        option_cases=(
            (1, {"expert": True}),
            (2, {"expert": True}),
            (4, {"expert": True, "payment_choice": False}),
            (3, {"payment_choice": False}),
        ),
        bad_option_cases=(
            (2, "components", 3),
            (2, "components", "no/such/file.json"),
            (2, "difficulty", "hard"),
            (1, "difficulty", 1),
            (2, "difficulty", "master"),  # the Mayor's advisors: solo only
            (2, "expert", 1),
            (2, "expert", "True"),
            (2, "expert", None),
            (2, "payment_choice", 0),
            (2, "payment_choice", "no"),
        ),
    )
)
