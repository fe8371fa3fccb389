"""Daitoshi options: the player count and the component set.

The shipped components are a **stand-in** set (spec §20 #2: the seed lost every tile, card and
board content). A user with the real contents passes a replacement JSON file of the same shape
as `envs/daitoshi/data/daitoshi.json`:

    envs.make("daitoshi_v0", num_players=3, components="my_daitoshi.json")

It is validated when the config is made; a bad file raises ConfigError naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.options import check_bool, check_choice, check_players, reject_unknown
from eurogym.envs.daitoshi.components import Components, component_block, load_components
from eurogym.envs.daitoshi.tables import DIFFICULTIES

PLAYER_COUNTS = (1, 2, 3, 4)
OPTIONS = ("components", "difficulty", "expert", "payment_choice")


@dataclass(frozen=True)
class Config:
    """Daitoshi options (spec §5, §18); build it with `make_config`, which checks them.

    Attributes:
        num_players: 1-4 agents; 1 is the solo game against the Mayor automa (seat 1, played by
            the environment), 2 adds the neutral tycoon (§5.4).
        components: None for the shipped stand-in set, or a path to a replacement JSON file.
        difficulty: solo only: "apprentice" | "standard" | "veteran" | "master" deals 0-3
            random advisors to the Mayor (§18.1).
        expert: the expert variant of §5.2 step 7: as many basic inventions as players are
            revealed and drafted in turn order, instead of dealt at random.
        payment_choice: the payer decides how many held resource units to pay with wealth
            instead (spec §19 "Payment", §4); False pays the named resource first and wealth
            only for the shortfall, with no decision (E2, fewer decisions per game).
    """

    num_players: int = 2
    components: str | Path | None = None
    difficulty: str = "apprentice"
    expert: bool = False
    payment_choice: bool = True
    compiled: Components = field(default_factory=load_components, compare=False, repr=False)
    block: np.ndarray = field(default=None, compare=False, repr=False)  # see component_block

    def __post_init__(self) -> None:
        if self.block is None:
            object.__setattr__(self, "block", component_block(self.compiled))

    @property
    def seats(self) -> int:
        """Seats at the table: the players, plus the Mayor in the solo game."""
        return 2 if self.num_players == 1 else self.num_players


def make_config(num_players: int = 2, **options: Any) -> Config:
    """A validated Config; a bad value or type, or an unknown option name, raises ConfigError
    naming the option (unknown names list the valid ones)."""
    reject_unknown("daitoshi", options, OPTIONS)
    num_players = check_players(num_players, PLAYER_COUNTS)
    difficulty = check_choice("difficulty", options.get("difficulty", "apprentice"), DIFFICULTIES)
    if difficulty != "apprentice" and num_players != 1:
        raise ConfigError("difficulty (the Mayor's advisors) applies to the solo game only")
    path = options.get("components")
    if path is not None and not isinstance(path, (str, Path)):
        raise ConfigError(f"components must be a path to a JSON file or None, got {path!r}")
    try:
        compiled = load_components(path)
    except ConfigError as err:
        raise ConfigError(f"components: {err}") from None
    return Config(
        num_players=num_players,
        components=path,
        difficulty=difficulty,
        expert=check_bool("expert", options.get("expert", False)),
        payment_choice=check_bool("payment_choice", options.get("payment_choice", True)),
        compiled=compiled,
    )
