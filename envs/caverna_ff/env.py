"""Caverna: Frantic Fiends (v1 subset) as a PettingZoo AEC environment.

| Import      | `from envs.caverna_ff.env import env`, or `eurogym.envs.make("caverna_ff_v0")` |
|-------------|-------------------------------------------------------------------------|
| Actions     | Discrete(306), layout in envs/caverna_ff/actions.py                     |
| Agents      | `player_0` .. `player_{n-1}`, n = 1..4, v1 1..7 (default 2)             |
| Observation | Dict(observation=Box(0, 1, (FLAT_SIZE,)), action_mask=Box(0, 1, (306,))) |
| Rules       | docs/rules/caverna_ff.md A-B within Part E's v1; C        |

Observation: `eurogym.encoders.caverna_ff.encode_flat` (its docstring lists every entry), from the
observer's seat. The only hidden information is the RNG (round cards, face-down harvest markers
and movement cards are drawn from it when revealed); boards, goods, orcs, the reward board and
what is left in each stack are public.

Every decision is a step of the player who makes it, including orc-event decisions (bribe,
push, Cave-in stone, invasion ties by the cave owner) and the event-4 harvest choice. Rewards:
`win_loss` (+1 to each best score, tie-break fewer hostile orcs in the cave, spec B12) or
`score_margin` (/100). Solo (`ENGINE.solo_outcome`): `win_loss` is +1 with all four orcs
defeated or friendly at the end (B13), else -1; `score_margin` is the player's points / 100.

Options: num_players, seed, render_mode, reward_mode, max_decisions, solo_start_food (D03) and
data_overrides (the stand-in expansion data, see envs.caverna_ff.config).

caverna_ff_v1 (`eurogym.envs.make("caverna_ff_v1")`, `raw_env_v1`): the same game, but the
player houses every new animal (decisions `house` and `house_lift`, docs/caverna_ff.md E17)
instead of the automatic E1 rule; option auto_housing=True houses new animals automatically
without ever moving a housed one.

Version history:
* v0: the v1 subset of spec Part E with the gaps listed in docs/caverna_ff.md.
* v1: housing as the player's decisions (issue 13); twelve further base furnishing tiles, the
  short strips dealt at random with the yellow tiles of R5-R7, and the Dwelling Copy,
  Children's Dwelling, Battle Dog School, Camouflaged, Orc Miner, Orc Captain, Guest and Orc
  Worker Dwelling, the other eight traps, the supply-board extensions and the any-time
  rearrangement of animals, whose 44 actions follow v0's 306 (Discrete(350),
  docs/caverna_ff.md); the observation is
  `encode_flat_v1`: v0's entries (two more phases in the phase one-hot, shared by both ids)
  followed by the further tiles' supply, the pending tile one-hot and each seat's furnishings
  by id (FLAT_SIZE_V1); 1-7 players (rules A6 "Five to seven players", E22): the extra boards'
  spaces and the fifth reward row as 15 more actions (Discrete(365)) and the observation's
  block for relative seats 4-6 (V1_SEATS_X); the Office Room (rules E23): overhanging twin
  tiles and the 20 border cells as 61 more actions (TWIN_X, CELL_X, OFFICE: Discrete(426)) and
  the observation's border block (V1_BORDER).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eurogym.encoders.caverna_ff import FLAT_SIZE, FLAT_SIZE_V1, encode_flat, encode_flat_v1
from eurogym.envs.caverna_ff.invariants import check_invariants
from eurogym.envs.caverna_ff.render import describe_changes, render_ansi, render_rgb
from eurogym.envs.caverna_ff.rules import ENGINE, ENGINE_V1
from eurogym.envs.core.aec import EuroAECEnv
from eurogym.envs.core.registry import EnvSpec, register
from eurogym.envs.core.wrappers import wrap


class raw_env(EuroAECEnv):  # noqa: N801  (PettingZoo's naming convention)
    """The bare AEC env; illegal actions raise IllegalActionError (a ValueError)."""

    metadata = {**EuroAECEnv.metadata, "name": "caverna_ff_v0"}
    engine = ENGINE
    observation_size = FLAT_SIZE
    encode = staticmethod(encode_flat)
    render_ansi = staticmethod(render_ansi)
    describe_changes = staticmethod(describe_changes)
    render_rgb = staticmethod(render_rgb)
    score_scale = 0.01
    default_players = 2


class raw_env_v1(raw_env):  # noqa: N801
    """caverna_ff_v1's bare AEC env (the player houses animals)."""

    metadata = {**EuroAECEnv.metadata, "name": "caverna_ff_v1"}
    engine = ENGINE_V1
    observation_size = FLAT_SIZE_V1
    encode = staticmethod(encode_flat_v1)


def env(**kwargs: Any) -> EuroAECEnv:
    """raw_env wrapped in PettingZoo's standard wrappers (illegal move -> -1 and game over)."""
    return wrap(raw_env(**kwargs))


def env_v1(**kwargs: Any) -> EuroAECEnv:
    """raw_env_v1 wrapped like `env`."""
    return wrap(raw_env_v1(**kwargs))


_SPEC_V0 = EnvSpec(
    env_id="caverna_ff_v0",
    raw_env=raw_env,
    wrapped_env=env,
    engine=ENGINE,
    player_counts=ENGINE.player_counts,
    data_package="eurogym.envs.caverna_ff",
    data_files=("caverna_frantic_fiends.json",),
    check_invariants=check_invariants,
    private_fields=(),
    secret_fields=("rng",),  # cards and markers are drawn from it when revealed
    bad_option_cases=(
        (1, "solo_start_food", -1),
        (1, "solo_start_food", 11),
        (1, "solo_start_food", 1.0),
        (1, "solo_start_food", True),
        (1, "solo_start_food", "1"),
        (2, "data_overrides", 5),
        (2, "data_overrides", ["orc_gold"]),
        (2, "data_overrides", "no/such/file.json"),
        (2, "data_overrides", {"bogus": 1}),
        (2, "data_overrides", {"event_deck": [3, 2, 2]}),
        (2, "data_overrides", {"event_deck": [3.0, 2, 2, 1]}),
        (2, "data_overrides", {"push_cost": [{"gems": 1}] * 4}),
        (2, "data_overrides", {"push_cost": [1, 2, 3, 4]}),
        (2, "data_overrides", {"orc_gold": [1, 1, True, 2]}),
        (2, "data_overrides", {"bribe_goods": ["wood", 3, "ore", "food"]}),
        (2, "data_overrides", {"movement_cards": {"deck_1": [{"steps": [[2, 0]]}] * 9}}),
        (2, "data_overrides", {"movement_cards": {"deck_1": [{"steps": [5]}] * 9}}),
        (
            2,
            "data_overrides",
            {"movement_cards": {"deck_1": [{"steps": [[1, 0]], "spawn": ["left"]}] * 9}},
        ),
    ),
)
register(_SPEC_V0)
register(
    replace(
        _SPEC_V0,
        env_id="caverna_ff_v1",
        raw_env=raw_env_v1,
        wrapped_env=env_v1,
        engine=ENGINE_V1,
        player_counts=ENGINE_V1.player_counts,
        option_cases=(
            (2, {"auto_housing": True}),
            (1, {"auto_housing": True}),
            (3, {"supply_extensions": ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9"]}),
            (
                3,
                {
                    "long_strips": ["L3", "L6", "L7"],
                    "short_strips": ["R5", "R6", "R7"],
                    "orc_side": ["challenging", "standard", [9, 11, 13, 16]],
                },
            ),
            (
                # 7 seats: five reward rows (D10) and a handicap per seat (B2, B13)
                7,
                {
                    "long_strips": ["L7", "L1", "L5", "L2", "L6"],
                    "short_strips": ["R2", "R7", "R1", "R6", "R4"],
                    "orc_side": [
                        "standard",
                        "challenging",
                        [1, 1, 1, 1],
                        "standard",
                        [22, 22, 22, 22],
                        "challenging",
                        [5, 9, 11, 14],
                    ],
                },
            ),
        ),
        bad_option_cases=(
            *_SPEC_V0.bad_option_cases,
            (2, "auto_housing", 1),
            (2, "auto_housing", "yes"),
            (2, "supply_extensions", "S1"),
            (2, "supply_extensions", []),
            (2, "supply_extensions", ["S10"]),
            (2, "supply_extensions", ["S1", "S1"]),
            (2, "long_strips", ["L1"]),
            (2, "long_strips", ["L1", "L8"]),
            (2, "long_strips", ["L1", "L1"]),
            (2, "short_strips", "R1"),
            (2, "short_strips", ["R1", 2]),
            (2, "orc_side", "hard"),
            (2, "orc_side", ["standard"]),
            (2, "orc_side", ["standard", [7, 9, 11]]),
            (2, "orc_side", ["standard", [7, 9, 11, 23]]),
            (2, "orc_side", ["standard", [0, 9, 11, 14]]),
            (2, "data_overrides", {"supply_board": {"S1": {"tiles": [], "trap": "snare_trap"}}}),
            (
                2,
                "data_overrides",
                {"supply_board": {"S1": {"tiles": ["miner"], "trap": "trapdoor"}}},
            ),
        ),
    )
)
