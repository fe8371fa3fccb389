"""Game configuration: player count, board and card choice, and the rule flags for the spec's
§16 decisions that can reasonably be read another way."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.options import (
    check_bool,
    check_int,
    check_names,
    check_players,
    is_int,
    reject_unknown,
)
from eurogym.envs.kingdom_builder.tables import (
    CARD_NAMES,
    CARDS_PER_GAME,
    SECTION_NAMES,
    SECTIONS_PER_GAME,
)

PLAYER_COUNTS = (2, 3, 4, 5)  # §1.1 (4 colours) + the Nomads 5th colour, as the issue asks
OPTIONS = ("sections", "rotations", "cards", "start_player", "lords_zero_can_be_second")


@dataclass(frozen=True)
class Config:
    """Kingdom Builder base game options; build it with `make_config`, which checks them.

    Attributes:
        num_players: 2-5.
        sections: 4 distinct base section names for quadrants top-left, top-right, bottom-left,
            bottom-right (§2.3), or None for a random choice and order.
        rotations: 4 values in {0, 180}, one per quadrant, or None for a fair coin each (D2).
        cards: 3 distinct Kingdom Builder card ids (§10), or None for a random draw.
        start_player: seat of the start player, or None for a random seat (§3.1 step 6).
        lords_zero_can_be_second: D8 - a player with 0 settlements in a section can take Lords
            second place (default True); False requires at least 1 settlement for second too.
    """

    num_players: int = 2
    sections: tuple[str, ...] | None = None
    rotations: tuple[int, ...] | None = None
    cards: tuple[str, ...] | None = None
    start_player: int | None = None
    lords_zero_can_be_second: bool = True


def make_config(num_players: int = 2, **options: Any) -> Config:
    """A validated Config; a bad value or type, or an unknown option name, raises ConfigError
    naming the option (unknown names list the valid ones)."""
    reject_unknown("kingdom_builder", options, OPTIONS)
    n = check_players(num_players, PLAYER_COUNTS)
    sections = options.get("sections")
    if sections is not None:
        sections = check_names("sections", sections, SECTION_NAMES, SECTIONS_PER_GAME)
    rotations = options.get("rotations")
    if rotations is not None:
        if (
            not isinstance(rotations, (list, tuple))
            or len(rotations) != SECTIONS_PER_GAME
            or any(not is_int(r) or r not in (0, 180) for r in rotations)
        ):
            raise ConfigError(
                f"rotations must be {SECTIONS_PER_GAME} ints in (0, 180), got {rotations!r}"
            )
        rotations = tuple(int(r) for r in rotations)
    cards = options.get("cards")
    if cards is not None:
        cards = check_names("cards", cards, CARD_NAMES, CARDS_PER_GAME)
    start = options.get("start_player")
    if start is not None:
        start = check_int("start_player", start, 0, n - 1)
    return Config(
        num_players=n,
        sections=sections,
        rotations=rotations,
        cards=cards,
        start_player=start,
        lords_zero_can_be_second=check_bool(
            "lords_zero_can_be_second", options.get("lords_zero_can_be_second", True)
        ),
    )
