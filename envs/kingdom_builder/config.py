"""Game configuration: player count, board and card choice, and the rule flags for the spec's
§16 decisions that can reasonably be read another way."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.kingdom_builder.tables import (
    CARD_NAMES,
    CARDS_PER_GAME,
    SECTION_NAMES,
    SECTIONS_PER_GAME,
)

PLAYER_COUNTS = (2, 3, 4, 5)  # §1.1 (4 colours) + the Nomads 5th colour, as the issue asks


@dataclass(frozen=True)
class Config:
    """Kingdom Builder base game options.

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

    def validate(self) -> None:
        if self.num_players not in PLAYER_COUNTS:
            raise ConfigError(
                f"num_players must be one of {PLAYER_COUNTS}, got {self.num_players!r}"
            )
        if self.sections is not None:
            _check_choice("sections", self.sections, SECTION_NAMES, SECTIONS_PER_GAME)
        if self.rotations is not None:
            if len(self.rotations) != SECTIONS_PER_GAME or any(
                r not in (0, 180) for r in self.rotations
            ):
                raise ConfigError(
                    f"rotations must be {SECTIONS_PER_GAME} values in (0, 180), "
                    f"got {self.rotations!r}"
                )
        if self.cards is not None:
            _check_choice("cards", self.cards, CARD_NAMES, CARDS_PER_GAME)
        if self.start_player is not None and not 0 <= self.start_player < self.num_players:
            raise ConfigError(
                f"start_player must be a seat 0..{self.num_players - 1}, got {self.start_player!r}"
            )


def _check_choice(option: str, chosen: tuple[str, ...], known: tuple[str, ...], count: int) -> None:
    unknown = [c for c in chosen if c not in known]
    if unknown:
        raise ConfigError(f"{option}: unknown or unavailable {unknown}; choose from {list(known)}")
    if len(chosen) != count or len(set(chosen)) != count:
        raise ConfigError(f"{option}: need {count} distinct names, got {list(chosen)}")


def make_config(num_players: int = 2, **options: Any) -> Config:
    """A validated Config; unknown option names raise ConfigError listing the valid ones."""
    valid = {f.name for f in fields(Config)} - {"num_players"}
    unknown = set(options) - valid
    if unknown:
        raise ConfigError(
            f"unknown kingdom_builder option(s) {sorted(unknown)}; valid: {sorted(valid)}"
        )
    for key in ("sections", "rotations", "cards"):
        if options.get(key) is not None:
            options[key] = tuple(options[key])
    config = Config(num_players=num_players, **options)
    config.validate()
    return config
