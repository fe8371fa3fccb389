"""The five-game solo campaign of Frantic Fiends (rules B13, seed pp. 14-15) as a wrapper that
chains five solo `caverna_ff_v1` games and carries the running total between them.

    campaign = SoloCampaign(side="standard", seed=7)
    state = campaign.start_game()              # game 1: a v1 solo state at its first decision
    while not campaign.game_over:
        campaign.step(my_policy(state))        # the engine's actions, as in any v1 game
    result = campaign.finish_game()            # points, won?, achievement met?, running total
    campaign.buy("wood", permanent=False)      # bonuses for the next game, paid in points
    state = campaign.start_game()              # game 2 ... up to game 5

What the wrapper does between games (the engine plays each game by the ordinary rules):
* Each game k (0-4) draws, from the campaign's own seeded generator, a supply-board extension,
  a long strip, a short strip and an achievement-card side that no earlier game of the
  campaign used, and gives the orcs the chosen side's strengths + 2k (easy 5/7/9/12 ... 13/15/
  17/20, hard 7/9/11/14 ... 15/17/19/22, the component data's `orc_strength_by_game`).
* A game is won when all four orcs are defeated or friendly at its end; a hostile orc left
  loses the whole campaign (no further game can start). The game's points are added to the
  running total, which after game 5 is the campaign score.
* After a game the player may buy bonuses for the next game from the running total (`buy`):
  one-time (the next game only) or permanent (double cost, every later game). Meeting the
  game's achievement gives a discount on the points spent after it; what is not used is lost.
* Bonuses apply at the next game's start: goods and animals arrive in the supply (animals
  are housed by the player's first housing decision, A9); a twin tile of the kind bought is
  placed by the player (or declined); a basic trap of the type bought is placed free on a
  cell the player chooses; a basic furnishing tile of the supply base (Carpenter, Stone Carver,
  Blacksmith) or an ordinary Dwelling is built free on the printed empty cavern, with its
  on-build effect. The start board has one empty cavern, so at most one of those two tile
  bonuses may be active for a game (`buy` refuses a second).

The eight achievement conditions are the component data's (one from the seed, seven
stand-ins, tagged so there); "all four orcs gone before the end of round 9" and "no hostile
orc ever invaded your cave" are judged on the states `step` passes through.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import A_CELL
from eurogym.envs.caverna_ff.helpers import build_furn, gain_goods
from eurogym.envs.caverna_ff.rules import ENGINE_V1
from eurogym.envs.caverna_ff.spaces import OP_TWIN
from eurogym.envs.caverna_ff.state import (
    D_ABSENT,
    O_CAVE,
    O_DEFEATED,
    O_FRIENDLY,
    P_PLACE,
    P_TRAP_CELL,
    StateV1,
)
from eurogym.envs.caverna_ff.tables import (
    DATA,
    EXT_NAMES,
    FARM_ANIMALS,
    FURN_COST,
    GOOD_NAMES,
    LONG_STRIP_NAMES,
    NUM_GOODS,
    SHEEP,
    SHORT_STRIP_NAMES,
    START_CAVERN,
    T_CAVERN,
    T_FIELD,
    T_MEADOW,
    T_TUNNEL,
    TRAP_NAMES,
    TWIN_HALVES,
    furn,
)
from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.rng import randint, seed_words

CAMPAIGN = DATA["solo_campaign"]
GAMES = CAMPAIGN["games"]
STRENGTHS = {
    "standard": CAMPAIGN["orc_strength_by_game"]["easy"],
    "challenging": CAMPAIGN["orc_strength_by_game"]["hard"],
}
ACHIEVEMENTS = {a["id"]: a for a in CAMPAIGN["achievements"]}
ACHIEVEMENT_IDS = tuple(ACHIEVEMENTS)
# the twin tiles a bonus may be (tables.TW_* order): an ore mine/deep tunnel twin goes on two
# tunnels, which no board has at a game's start, so it is not offered
TWIN_KINDS = ("meadow_field", "cavern_tunnel", "cavern_cavern")
_HALVES = [[T_MEADOW, T_FIELD], [T_CAVERN, T_TUNNEL], [T_CAVERN, T_CAVERN]]
assert TWIN_HALVES[: len(TWIN_KINDS)].tolist() == _HALVES
BASIC_TRAPS = tuple(x["id"] for x in DATA["supply_board"]["base"]["bottom_row_traps"])
BASIC_TILES = tuple(x["id"] for x in DATA["supply_board"]["base"]["middle_row"])


def _bonus_table() -> dict[str, int]:
    """Bonus name -> its one-time cost in points: goods by name, then "twin", "trap", "tile",
    "dwelling" (the data's bonus_table rows, seed p.14; permanent costs double)."""
    kinds = {
        "any twin tile": "twin",
        "basic trap from the supply base, free": "trap",
        "basic functional tile from the supply base, free": "tile",
        "ordinary dwelling": "dwelling",
    }
    table = {}
    for row in CAMPAIGN["bonus_table"]:
        for choice in row["choose_one_of"]:
            name = kinds.get(choice, choice)
            assert name in kinds.values() or name in GOOD_NAMES
            table[name] = int(row["once"])
    return table


BONUSES = _bonus_table()


@dataclass
class GameResult:
    """One finished campaign game: its points, whether all four orcs were beaten, the
    achievement drawn and whether it was met, the running total after it."""

    game: int
    points: int
    won: bool
    achievement: str
    achieved: bool
    running_total: int


@dataclass
class SoloCampaign:
    """Five solo caverna_ff_v1 games with a running total (module docstring)."""

    side: str = "standard"
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)  # further v1 options (auto_housing)

    def __post_init__(self) -> None:
        if self.side not in STRENGTHS:
            raise ConfigError(f"side must be one of {tuple(STRENGTHS)}, got {self.side!r}")
        reserved = {"orc_side", "supply_extensions", "long_strips", "short_strips"}
        if reserved & set(self.options):
            raise ConfigError(f"options may not set {sorted(reserved & set(self.options))}")
        ENGINE_V1.make_config(1, **self.options)  # fails early on a bad option
        self._rng = seed_words(self.seed)
        self.results: list[GameResult] = []
        self.running_total = 0
        self.lost = False
        self.state: StateV1 | None = None
        self.used: dict[str, list[int]] = {"ext": [], "long": [], "short": [], "ach": []}
        self.once: list[tuple[str, str | None]] = []  # bonuses for the next game only
        self.permanent: list[tuple[str, str | None]] = []
        self.discount = 0  # left from the last game's achievement
        self._achievement = ""
        self._orcs_gone_by_9 = False
        self._invaded = False
        self._traps: list[int] = []  # basic trap bonuses still to place this game

    # ---- playing ---------------------------------------------------------------------------

    @property
    def game(self) -> int:
        """Index (0-4) of the game being played or next to start."""
        return len(self.results)

    @property
    def game_over(self) -> bool:
        """The current game has ended (finish_game may score it)."""
        return self.state is not None and ENGINE_V1.is_over(self.state)

    @property
    def over(self) -> bool:
        """The campaign is over: lost, or five games played."""
        return self.lost or len(self.results) == GAMES

    def _draw(self, key: str, count: int) -> int:
        """One of `count` components not used by an earlier game (seed p.14: no reuse)."""
        left = [k for k in range(count) if k not in self.used[key]]
        pick = left[int(randint(self._rng, len(left)))]
        self.used[key].append(pick)
        return pick

    def start_game(self) -> StateV1:
        """Deal the next game (module docstring) and apply the bonuses bought for it."""
        if self.over:
            raise RuntimeError("the campaign is over")
        if self.state is not None:
            raise RuntimeError("finish the current game first (finish_game)")
        k = self.game
        ext = self._draw("ext", len(EXT_NAMES))
        long_strip = self._draw("long", len(LONG_STRIP_NAMES))
        short = self._draw("short", len(SHORT_STRIP_NAMES))
        self._achievement = ACHIEVEMENT_IDS[self._draw("ach", len(ACHIEVEMENT_IDS))]
        config = ENGINE_V1.make_config(
            1,
            orc_side=[STRENGTHS[self.side][k]],
            supply_extensions=[EXT_NAMES[ext]],
            long_strips=[LONG_STRIP_NAMES[long_strip]],
            short_strips=[SHORT_STRIP_NAMES[short]],
            **self.options,
        )
        self.state = ENGINE_V1.new_game(config, int(randint(self._rng, 2**31)))
        self._orcs_gone_by_9 = False
        self._invaded = False
        self._apply_bonuses(self.permanent + self.once)
        self.once = []
        self._observe()
        return self.state

    def step(self, action: int) -> None:
        """Apply the player's action to the current game (the engine's checked step)."""
        if self.state is None or self.game_over:
            raise RuntimeError("no game in progress")
        ENGINE_V1.apply_action(self.state, action)
        self._next_trap()
        self._observe()

    def _observe(self) -> None:
        """Track what the achievements judge along the game (orcs by round 9, invasions)."""
        s = self.state
        if (s.orc_state[0] == O_CAVE).any():
            self._invaded = True
        if s.round <= 9 and _orcs_beaten(s):
            self._orcs_gone_by_9 = True

    def finish_game(self) -> GameResult:
        """Score the finished game into the running total; a hostile orc left loses."""
        if not self.game_over:
            raise RuntimeError("the current game is not over")
        won, points = ENGINE_V1.solo_outcome(self.state)
        achieved = self.achievement_met(self._achievement)
        self.running_total += int(points)
        result = GameResult(
            self.game, int(points), won, self._achievement, achieved, self.running_total
        )
        self.results.append(result)
        self.lost = not won
        self.discount = int(ACHIEVEMENTS[self._achievement]["discount"]) if achieved else 0
        self.state = None
        return result

    # ---- achievements ----------------------------------------------------------------------

    def achievement_met(self, ach: str) -> bool:
        """The condition of achievement side `ach` on the current game (ids of the data)."""
        s = self.state
        res = s.res[0]
        if ach == "ach1a":
            return bool(res[SHEEP] >= 8)
        if ach == "ach1b":
            return self._orcs_gone_by_9
        if ach == "ach2a":
            return int(((s.trap[0] > 0) & (s.trap_active[0] == 0)).sum()) >= 3
        if ach == "ach2b":
            return int((s.orc_state[0] == O_FRIENDLY).sum()) >= 2
        if ach == "ach3a":
            return bool((s.weapon[0][s.dwarf[0] != D_ABSENT] >= 12).any())
        if ach == "ach3b":
            return int(s.begging[0]) == 0 and all(res[g] > 0 for g in FARM_ANIMALS)
        if ach == "ach4a":
            return bool(res[GOOD_NAMES.index("dog")] >= 6)
        if ach == "ach4b":
            return not self._invaded
        raise ValueError(f"unknown achievement {ach!r}")

    # ---- bonuses ---------------------------------------------------------------------------

    def bonus_cost(self, bonus: str, permanent: bool = False) -> int:
        """Points `bonus` costs, one-time or permanent (double), before any discount."""
        if bonus not in BONUSES:
            raise ConfigError(f"bonus must be one of {tuple(BONUSES)}, got {bonus!r}")
        return 2 * BONUSES[bonus] if permanent else BONUSES[bonus]

    def buy(self, bonus: str, choice: str | None = None, permanent: bool = False) -> int:
        """Buy `bonus` for the next game (or, permanent, every later game) from the running
        total, the achievement's discount first; returns the points paid. `choice` names the
        twin tile kind (TWIN_KINDS), the basic trap (BASIC_TRAPS) or the basic tile
        (BASIC_TILES) bought."""
        if self.over or not self.results or self.state is not None:
            raise RuntimeError("bonuses are bought between two games of a running campaign")
        cost = self.bonus_cost(bonus, permanent)
        options = {"twin": TWIN_KINDS, "trap": BASIC_TRAPS, "tile": BASIC_TILES}.get(bonus)
        if options is not None and choice not in options:
            raise ConfigError(f"{bonus} bonus needs choice from {options}, got {choice!r}")
        if options is None and choice is not None:
            raise ConfigError(f"{bonus} bonus takes no choice, got {choice!r}")
        furnishing = {b for b, _ in self.once + self.permanent} & {"tile", "dwelling"}
        if bonus in ("tile", "dwelling") and furnishing:
            raise ConfigError("one furnishing bonus per game: the start board has one cavern")
        used = min(self.discount, cost)
        if cost - used > self.running_total:
            raise ConfigError(f"{bonus} costs {cost - used} points, {self.running_total} left")
        self.discount -= used
        self.running_total -= cost - used
        (self.permanent if permanent else self.once).append((bonus, choice))
        return cost - used

    def _apply_bonuses(self, bonuses: list[tuple[str, str | None]]) -> None:
        """Give the bought bonuses at the start of a game (module docstring)."""
        s = self.state
        row = np.zeros(NUM_GOODS, np.int64)
        for bonus, _ in bonuses:
            if bonus in GOOD_NAMES:
                row[GOOD_NAMES.index(bonus)] += 1
        if row.any():
            gain_goods(s.buf, 0, row)  # animals then wait for the player's housing (A9)
        for bonus, choice in bonuses:
            if bonus in ("tile", "dwelling"):
                f = furn(choice if bonus == "tile" else "dwelling")
                s.res[0, :NUM_GOODS] += FURN_COST[f]  # free: its cost is handed over first
                build_furn(s.buf, 0, f, START_CAVERN, 0, 0)
            elif bonus == "twin":
                kernels.push_op(s.buf, OP_TWIN, 1 << TWIN_KINDS.index(choice), 0)
        kernels.advance(s.buf, s.mask)  # housing and twin tiles asked, then the placement
        self._traps = [TRAP_NAMES.index(c) for b, c in bonuses if b == "trap"]
        self._next_trap()

    def _next_trap(self) -> None:
        """A basic trap bonus, once the game's first placement is asked (the bonuses' other
        decisions done): its cell is the player's decision (P_TRAP_CELL, free)."""
        s = self.state
        if not self._traps or s.phase != P_PLACE:
            return
        t = self._traps.pop(0)
        s.set("pending_tile", t)
        s.set("free_trap", 1)
        s.set("phase", P_TRAP_CELL)
        s.set("actor", 0)
        kernels.compute_mask(s.buf, s.mask)
        if not s.mask[A_CELL : A_CELL + 24].any():  # no cell: the bonus is lost
            s.set("phase", P_PLACE)
            kernels.advance(s.buf, s.mask)


def _orcs_beaten(s: StateV1) -> bool:
    return bool(np.isin(s.orc_state[0], (O_DEFEATED, O_FRIENDLY)).all())
