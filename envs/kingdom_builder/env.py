"""Kingdom Builder (base game; Nomads, Crossroads, Marshlands, Harvest, Capital, Caves and the
Island) as a PettingZoo AEC environment.

| Import      | `from eurogym.envs.kingdom_builder.env import env`, or `eurogym.make(...)`       |
|-------------|-----------------------------------------------------------------------------------|
| Actions     | Discrete(409); Discrete(511) with `expansions` or `board_file`               |
| Agents      | `player_0` .. `player_{n-1}`, n = 2..5 (default 4)                           |
| Observation | Dict(observation=Box(0, 1, (6942,)), action_mask=Box(0, 1, (409,), int8));  |
|             | (32214,) and (511,) with `expansions` or `board_file` (X_FLAT_SIZE)          |
| Rules       | docs/rules/kingdom_builder.md §1-15, decisions §16                           |

Observation: `eurogym.encoders.kingdom_builder.encode_flat` (its docstring lists every entry): 17
spatial planes (terrain, settlements relative to the observer, location tiles), then seat and
game scalars. Another player's terrain card and the deck order are never included.

Legal actions mask: `observation["action_mask"]` and `infos[agent]["action_mask"]`; all
zeros for an agent that is not to act.

Action space (envs/kingdom_builder/actions.py): 0-399 a hex (row*20+col) whose meaning
depends on the phase (mandatory placement, tile target, settlement to move), 400-407 use a
location tile (oracle, farm, oasis, tower, tavern, barn, harbor, paddock), 408 end the turn.
A forced "end turn" is taken automatically.

Rewards: at game end, `reward_mode="win_loss"` gives +1 to every player with the most gold
and -1 to the rest; `"score_margin"` gives (own gold - best opponent's gold) / 100.

Options: num_players, seed, render_mode ("human" | "ansi" | "rgb_array"), reward_mode, max_decisions
and the rule options of `eurogym.envs.kingdom_builder.config.Config` (expansions, sections,
rotations, cards, board_file, island_side, start_player, lords_zero_can_be_second,
in_game_cards_count_moves, sword_includes_self, sword_victim_chooses,
resettlement_tiles_per_step, monastery_adjacency, allow_stand_in_cards, mayors_contiguous,
rovers_counts_moves).

Expansions: `expansions=(...)` in any combination of "nomads" (§11: nomad spaces and the 15
nomad tiles, the Quarry with its stone walls, Caravan, Village, Garden, Families, Shepherds,
Ambassadors, on the real sourced maps), "crossroads" (§12: wagons, ships, warriors, city halls,
the 8 locations and the 6 task cards, on STAND-IN maps: the 4 Crossroads section maps are
unavailable, so the data holds maps designed for this engine, tagged `stand-in` and counted by
`python -m eurogym.envs.provenance`), "marshlands" (§13: swamp and the 5 dual terrain cards,
palaces, the Temple, Refuge, Canoe and Fountain locations with their bonuses, the Canoe
reaction on other players' turns, on STAND-IN maps too: the 4 Marshlands section maps are
unavailable), "harvest" (§14: farmland and the farm action, silos resolved after the last turn,
the Mountain Station, Water Mill, Watchtower, University, Palisade and Cathedral locations with
the village token bank, the Scout Cabin with the shared scouts, the Bazaar, the Rovers and
Mayors cards, on STAND-IN maps as well), "capital" (§15.1), "caves" (§15.2) and "island" (§15.3:
a separate 5-row board reached only when no candidate hex is next to yours, with the Tree House
or Rope Bridge, `island_side=` or a coin from the seed; on STAND-IN maps of both sides, tagged
`stand-in` in boards.json; its engine limits are listed in the rules file). Not
implemented, and refused with ConfigError when named: the four Harvest cards whose
text is lost (§14.4, D49), and the Marshlands Kingdom Builder cards (their text is lost, §13.4,
D49) unless `allow_stand_in_cards=True` (then Geologists, Messengers, Noblewomen, Vassals and
Scouts play STAND-IN readings, tagged `stand-in` in cards.json; Captains has no reading and
stays out);
docs/rules/kingdom_builder.md "Not implemented" has the full list. `board_file=` loads section
maps from the documented JSON format (rules §2.4), so a user with the real boards can replace
any playable section's map, the Crossroads, Marshlands and Harvest stand-ins first.

Version history:
* v0: base game, 2-5 players, all 8 base sections and 10 base cards; later in v0 (the base game
  unchanged bit for bit): Nomads, Capital, Caves and board files; then Crossroads (games of
  the earlier expansions unchanged bit for bit: new actions and fields are appended); then
  Marshlands (likewise: the earlier expansions keep their action numbers); then Harvest
  (likewise: actions 447-458 appended, earlier games replay bit for bit); then the Island
  (likewise: actions 459-510 appended).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from eurogym.encoders.kingdom_builder import FLAT_SIZE, X_FLAT_SIZE, encode_flat
from eurogym.envs.core.aec import EuroAECEnv
from eurogym.envs.core.registry import EnvSpec, register
from eurogym.envs.core.wrappers import wrap
from eurogym.envs.kingdom_builder.invariants import check_invariants
from eurogym.envs.kingdom_builder.render import describe_changes, render_ansi, render_rgb
from eurogym.envs.kingdom_builder.rules import ENGINE


class raw_env(EuroAECEnv):  # noqa: N801  (PettingZoo's naming convention)
    """The bare AEC env; illegal actions raise IllegalActionError (a ValueError)."""

    metadata = {**EuroAECEnv.metadata, "name": "kingdom_builder_v0"}
    engine = ENGINE
    observation_size = FLAT_SIZE
    encode = staticmethod(encode_flat)
    render_ansi = staticmethod(render_ansi)
    render_rgb = staticmethod(render_rgb)
    describe_changes = staticmethod(describe_changes)
    score_scale = 0.01
    default_players = 4

    def __init__(self, *args: Any, **kwargs: Any):
        """As EuroAECEnv; with expansions or a board file the action space has 511 actions
        and the observation X_FLAT_SIZE values (the base game keeps 409 and 6942)."""
        super().__init__(*args, **kwargs)
        if self.config.big_box:
            n = self.engine.num_actions_for(self.config)
            self.observation_size = X_FLAT_SIZE
            self._zero_mask = np.zeros(n, np.int8)
            obs_space = spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (X_FLAT_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            self.observation_spaces = {a: obs_space for a in self.possible_agents}
            self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}


def env(**kwargs: Any) -> EuroAECEnv:
    """raw_env wrapped in PettingZoo's standard wrappers (illegal move -> -1 and game over)."""
    return wrap(raw_env(**kwargs))


register(
    EnvSpec(
        env_id="kingdom_builder_v0",
        raw_env=raw_env,
        wrapped_env=env,
        engine=ENGINE,
        player_counts=ENGINE.player_counts,
        data_package="eurogym.envs.kingdom_builder",
        data_files=("boards.json", "cards.json"),
        check_invariants=check_invariants,
        private_fields=("hand",),
        secret_fields=("deck", "rng"),
        option_cases=(
            (3, {"lords_zero_can_be_second": False}),
            (4, {"expansions": ("nomads",)}),
            (3, {"expansions": ("capital",), "sections": ("oracle", "harbor", "farm", "tower")}),
            (3, {"expansions": ("caves",)}),
            (
                5,
                {
                    "expansions": (
                        "nomads",
                        "crossroads",
                        "marshlands",
                        "harvest",
                        "capital",
                        "caves",
                    )
                },
            ),
            (3, {"expansions": ("island",)}),
            (
                5,
                {
                    "expansions": (
                        "nomads",
                        "crossroads",
                        "marshlands",
                        "harvest",
                        "capital",
                        "caves",
                        "island",
                    )
                },
            ),
            (2, {"expansions": ("island", "nomads"), "island_side": "rope_bridge"}),
            (
                3,
                {
                    "expansions": ("harvest",),
                    "sections": (
                        "scout_cabin_mountain_station",
                        "bazaar_water_mill",
                        "palisade_university",
                        "cathedral_watchtower",
                    ),
                    "cards": ("rovers", "mayors", "lords"),
                },
            ),
            (
                2,
                {
                    "expansions": ("harvest", "crossroads"),
                    "cards": ("rovers", "mayors", "hermits"),
                    "mayors_contiguous": True,
                    "rovers_counts_moves": True,
                },
            ),
            (
                3,
                {
                    "expansions": ("marshlands",),
                    "sections": ("temple", "refuge", "canoe", "fountain"),
                },
            ),
            (
                4,
                {
                    "expansions": ("marshlands",),
                    "allow_stand_in_cards": True,
                    "cards": ("messengers", "noblewomen", "scouts"),
                },
            ),
            (4, {"expansions": ("crossroads",)}),
            (
                2,
                {
                    "expansions": ("crossroads",),
                    "sections": (
                        "lighthouse_foresters_lodge",
                        "barracks_crossroads",
                        "city_hall_fort",
                        "monastery_wagon",
                    ),
                    "monastery_adjacency": "if_possible",
                },
            ),  # fmt: skip
            (
                3,
                {
                    "expansions": ("nomads",),
                    "in_game_cards_count_moves": False,
                    "sword_includes_self": False,
                },
            ),
            (
                4,
                {
                    "expansions": ("nomads",),
                    "sword_victim_chooses": True,
                    "resettlement_tiles_per_step": True,
                },
            ),
            (
                2,
                {
                    "expansions": ["nomads"],
                    "sections": ("quarry", "caravan", "village", "garden"),
                    "cards": ("families", "shepherds", "ambassadors"),
                },
            ),
        ),
        bad_option_cases=(
            (3, "expansions", "nomads"),
            (3, "expansions", ("nomad",)),
            (3, "expansions", ("nomads", "nomads")),
            (3, "sections", ("bazaar_water_mill", "tavern", "oasis", "farm")),  # needs Harvest
            (3, "cards", ("rovers", "lords", "farmers")),  # needs Harvest
            (3, "sections", ("city_hall_fort", "tavern", "oasis", "farm")),
            (3, "monastery_adjacency", "sometimes"),
            (3, "monastery_adjacency", "if_possible"),  # needs Crossroads
            (3, "island_side", "tree_house"),  # needs the Island
            (3, "island_side", "bridge"),
            (3, "cards", ("homesteaders", "lords", "farmers")),  # text lost (§14.4, D49)
            (3, "mayors_contiguous", True),  # needs Harvest
            (3, "rovers_counts_moves", "no"),
            (3, "sections", ("canoe", "tavern", "oasis", "farm")),  # needs Marshlands
            (3, "expansions", None),
            (3, "board_file", 5),
            (3, "board_file", "/nonexistent/kingdom_builder_boards.json"),
            (3, "sections", ("quarry", "tavern", "oasis", "farm")),
            (3, "sections", ("temple", "tavern", "oasis", "farm")),
            (3, "cards", ("families", "lords", "farmers")),
            (3, "cards", ("geologists", "lords", "farmers")),
            (3, "sections", "oracle"),
            (3, "sections", 5),
            (3, "sections", ("tavern", "paddock", "oasis")),
            (3, "sections", ("quarry", "paddock", "oasis", "farm")),
            (3, "sections", (1, 2, 3, 4)),
            (3, "rotations", (0, 90, 0, 0)),
            (3, "rotations", (0.0, 180, 0, 0)),
            (3, "rotations", (True, 0, 0, 0)),
            (3, "rotations", 180),
            (3, "cards", "fishermen"),
            (3, "cards", ("lords", "farmers", "shepherds")),
            (3, "cards", 3),
            (3, "start_player", 3),
            (3, "start_player", -1),
            (3, "start_player", 1.0),
            (3, "start_player", True),
            (3, "start_player", "0"),
            (3, "lords_zero_can_be_second", 1),
            (3, "lords_zero_can_be_second", "yes"),
            (3, "lords_zero_can_be_second", None),
            (3, "in_game_cards_count_moves", 0),
            (3, "in_game_cards_count_moves", False),  # needs Nomads
            (3, "sword_includes_self", "no"),
            (3, "sword_includes_self", False),  # needs Nomads
            (3, "sword_victim_chooses", True),  # needs Nomads
            (3, "resettlement_tiles_per_step", 1),
            (3, "allow_stand_in_cards", 1),
            (3, "allow_stand_in_cards", True),  # needs Marshlands
            (3, "cards", ("captains", "lords", "farmers")),  # no stand-in reading at all
        ),
    )
)
