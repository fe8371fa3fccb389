"""Game configuration: player count, expansions, board and card choice, and the rule flags for
the spec's §16 decisions that can reasonably be read another way."""

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
from eurogym.envs.kingdom_builder.boards import parse_section, read_board_file
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    ALL_SECTION_NAMES,
    BOARDS,
    CARD_EXPANSION,
    CARDS,
    CARDS_PER_GAME,
    EXPANSIONS,
    ISLAND_ROWS,
    ISLAND_SIDES,
    ISLAND_TILE_NAMES,
    SECTION_EXPANSION,
    SECTION_SIZE,
    SECTIONS_PER_GAME,
    STAND_IN_CARDS,
    TERRAIN_CODES,
    TILE_INDEX,
)

PLAYER_COUNTS = (2, 3, 4, 5)  # §1.1 (4 colours) + the Nomads 5th colour, as the issue asks
OPTIONS = (
    "expansions",
    "sections",
    "rotations",
    "cards",
    "board_file",
    "island_side",
    "start_player",
    "lords_zero_can_be_second",
    "in_game_cards_count_moves",
    "sword_includes_self",
    "sword_victim_chooses",
    "resettlement_tiles_per_step",
    "monastery_adjacency",
    "allow_stand_in_cards",
    "mayors_contiguous",
    "rovers_counts_moves",
)
MONASTERY_MODES = ("required", "if_possible")  # D29


@dataclass(frozen=True)
class Config:
    """Kingdom Builder base game options; build it with `make_config`, which checks them.

    Attributes:
        num_players: 2-5.
        expansions: names from tables.EXPANSIONS in play (issue 14); () is the base game.
        sections: 4 distinct section names (base or an enabled expansion's) for quadrants
            top-left, top-right, bottom-left, bottom-right (§2.3), or None for a random
            choice and order among the base and enabled expansions' sections.
        rotations: 4 values in {0, 180}, one per quadrant, or None for a fair coin each (D2).
        cards: 3 distinct Kingdom Builder card ids (§10, §11.3), base or of an enabled
            expansion, or None for a random draw from all of them.
        board_file: path of a JSON board file (envs/kingdom_builder/boards.py) whose section
            maps replace the shipped ones, or None.
        board_maps: the maps read from board_file, by section name (filled by make_config).
        island_side: the Island's side in play (§15.3), "tree_house" or "rope_bridge", or
            None for a fair coin from the game's seed. Island only.
        start_player: seat of the start player, or None for a random seat (§3.1 step 6).
        in_game_cards_count_moves: D21 - Shepherds and Ambassadors also pay for moved
            settlements (default True); False pays for builds only. Nomads only.
        sword_includes_self: D24 - the Sword removes one of the user's own settlements too
            (default True, the seed's literal text); False: opponents only. Nomads only.
        sword_victim_chooses: D24 - each Sword victim picks which of its settlements goes
            (the AEC turn passes to that seat for the choice); default False: the user
            picks every victim's settlement. Nomads only.
        resettlement_tiles_per_step: D51 - Resettlement judges every single step as a move
            (tiles taken and lost, in-game cards, Mayors and Rovers at each hex entered);
            default False: only where each settlement stops. Nomads only.
        monastery_adjacency: D29 - "required" (default; the seed has no "if possible"): the
            Monastery builds only next to your settlements; "if_possible": anywhere on canyon
            when no canyon hex touches yours. Crossroads only.
        lords_zero_can_be_second: D8 - a player with 0 settlements in a section can take Lords
            second place (default True); False requires at least 1 settlement for second too.
        allow_stand_in_cards: the Marshlands cards whose text is lost (§13.4) join the card
            pool and may be named, played by this engine's stand-in readings (cards.json
            `stand_in`, tagged stand-in); default False keeps them out (D49). Marshlands only.
        mayors_contiguous: D37 - Mayors marks a row only for 4 of the player's settlements
            side by side (default False: 4 anywhere on the row). Harvest only.
        rovers_counts_moves: D40 - Rovers also marks the sections settlements are moved into
            on the player's turn (default False: builds only). Harvest only.
    """

    num_players: int = 2
    expansions: tuple[str, ...] = ()
    sections: tuple[str, ...] | None = None
    rotations: tuple[int, ...] | None = None
    cards: tuple[str, ...] | None = None
    start_player: int | None = None
    lords_zero_can_be_second: bool = True
    in_game_cards_count_moves: bool = True
    sword_includes_self: bool = True
    sword_victim_chooses: bool = False
    resettlement_tiles_per_step: bool = False
    monastery_adjacency: str = "required"
    allow_stand_in_cards: bool = False
    mayors_contiguous: bool = False
    rovers_counts_moves: bool = False
    board_file: str | None = None
    board_maps: tuple = ()
    island_side: str | None = None

    @property
    def big_box(self) -> bool:
        """True if the game needs the Big Box state (an expansion or a board file)."""
        return bool(self.expansions) or self.board_file is not None


def _check_expansions(value: Any) -> tuple[str, ...]:
    """Distinct names from EXPANSIONS, in EXPANSIONS order."""
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ConfigError(
            f"expansions must be a list of names from {list(EXPANSIONS)}, got {value!r}"
        )
    unknown = [v for v in value if not isinstance(v, str) or v not in EXPANSIONS]
    if unknown:
        raise ConfigError(f"expansions: unknown {unknown}; choose from {list(EXPANSIONS)}")
    if len(set(value)) != len(value):
        raise ConfigError(f"expansions: names repeat in {list(value)}")
    return tuple(e for e in EXPANSIONS if e in value)


def _enabled(expansion: str, expansions: tuple[str, ...]) -> bool:
    return expansion == "base" or expansion in expansions


def _check_members(
    name: str,
    chosen: tuple[str, ...],
    known: tuple[str, ...],
    of: tuple[str, ...],
    expansions: tuple[str, ...],
) -> None:
    """ConfigError for a chosen section/card whose expansion is not enabled."""
    for item in chosen:
        expansion = of[known.index(item)]
        if not _enabled(expansion, expansions):
            raise ConfigError(
                f"{name}: {item!r} belongs to expansion {expansion!r}, which is not enabled "
                f"(expansions={list(expansions)})"
            )


def _unplayable_hint(name: str, value: Any, known: tuple[str, ...], data: dict) -> None:
    """A clearer ConfigError for a section/card the data knows but this engine cannot play."""
    if isinstance(value, (list, tuple)):
        for item in value:
            if isinstance(item, str) and item not in known and item in data:
                raise ConfigError(
                    f"{name}: {item!r} ({data[item]}) cannot be played: its expansion is not "
                    f"implemented or its text/map is unavailable (D48, D49)"
                )


def _board_maps(path: Any) -> tuple:
    """The board file's maps as ((name, (terrain, tiles)), ...), each checked (boards.py)."""
    boards = read_board_file(path)
    maps = []
    for name, entry in boards.items():
        if name not in BOARDS["boards"]:
            raise ConfigError(
                f"board_file {str(path)!r}: unknown section {name!r}; "
                f"known: {list(BOARDS['boards'])}"
            )
        if name in ISLAND_SIDES:  # the Island's sides: 5 rows, their own tiles (§15.3)
            rows, index = ISLAND_ROWS, {tile: 0 for tile in ISLAND_TILE_NAMES}
        elif name in ALL_SECTION_NAMES:
            rows, index = SECTION_SIZE, TILE_INDEX
        else:
            raise ConfigError(
                f"board_file {str(path)!r}: section {name!r} belongs to an expansion that is "
                f"not implemented yet ({BOARDS['boards'][name]['expansion']})"
            )
        where = f"board_file {str(path)!r}"
        expected = BOARDS["boards"][name]
        maps.append((name, parse_section(name, entry, TERRAIN_CODES, expected, index, where, rows)))
    return tuple(maps)


def make_config(num_players: int = 2, **options: Any) -> Config:
    """A validated Config; a bad value or type, or an unknown option name, raises ConfigError
    naming the option (unknown names list the valid ones)."""
    reject_unknown("kingdom_builder", options, OPTIONS)
    n = check_players(num_players, PLAYER_COUNTS)
    expansions = _check_expansions(options.get("expansions", ()))
    sections = options.get("sections")
    if isinstance(sections, (list, tuple)):
        sides = [x for x in sections if isinstance(x, str) and x in ISLAND_SIDES]
        if sides:
            raise ConfigError(
                f"sections: {sides[0]!r} is a side of the Island (§15.3), not a section of the "
                "board: use expansions=('island',) and island_side="
            )
    if sections is not None:
        _unplayable_hint("sections", sections, ALL_SECTION_NAMES, {
            k: f"expansion {b['expansion']}, map {b['status']}" for k, b in BOARDS["boards"].items()
        })  # fmt: skip
        sections = check_names("sections", sections, ALL_SECTION_NAMES, SECTIONS_PER_GAME)
        _check_members("sections", sections, ALL_SECTION_NAMES, SECTION_EXPANSION, expansions)
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
        _unplayable_hint("cards", cards, ALL_CARD_NAMES, {
            c["id"]: f"expansion {c['expansion']}, confidence {c.get('confidence')}"
            for c in CARDS["kingdom_builder_cards"]
        })  # fmt: skip
        cards = check_names("cards", cards, ALL_CARD_NAMES, CARDS_PER_GAME)
        _check_members("cards", cards, ALL_CARD_NAMES, CARD_EXPANSION, expansions)
    stand_ins = check_bool("allow_stand_in_cards", options.get("allow_stand_in_cards", False))
    if stand_ins and "marshlands" not in expansions:
        raise ConfigError(
            "allow_stand_in_cards=True needs expansions=('marshlands',) (its cards' text is lost)"
        )
    lost = [c for c in cards or () if c in STAND_IN_CARDS]
    if lost and not stand_ins:
        raise ConfigError(
            f"cards: {lost} cannot be played: their text is lost (§13.4, D49); "
            "allow_stand_in_cards=True plays this engine's stand-in readings"
        )
    nomad_flags = {}
    for name in ("in_game_cards_count_moves", "sword_includes_self"):
        nomad_flags[name] = check_bool(name, options.get(name, True))
        if not nomad_flags[name] and "nomads" not in expansions:
            raise ConfigError(f"{name}=False needs expansions=('nomads',) (a Nomads rule)")
    for name in ("sword_victim_chooses", "resettlement_tiles_per_step"):
        nomad_flags[name] = check_bool(name, options.get(name, False))
        if nomad_flags[name] and "nomads" not in expansions:
            raise ConfigError(f"{name}=True needs expansions=('nomads',) (a Nomads rule)")
    monastery = options.get("monastery_adjacency", "required")
    if monastery not in MONASTERY_MODES:
        raise ConfigError(
            f"monastery_adjacency must be one of {MONASTERY_MODES}, got {monastery!r}"
        )
    if monastery != "required" and "crossroads" not in expansions:
        raise ConfigError(
            "monastery_adjacency needs expansions=('crossroads',) (a Crossroads rule)"
        )
    harvest_flags = {}
    for name in ("mayors_contiguous", "rovers_counts_moves"):
        harvest_flags[name] = check_bool(name, options.get(name, False))
        if harvest_flags[name] and "harvest" not in expansions:
            raise ConfigError(f"{name}=True needs expansions=('harvest',) (a Harvest rule)")
    side = options.get("island_side")
    if side is not None:
        if side not in ISLAND_TILE_NAMES:
            raise ConfigError(
                f"island_side must be one of {list(ISLAND_TILE_NAMES)} or None, got {side!r}"
            )
        if "island" not in expansions:
            raise ConfigError("island_side needs expansions=('island',) (the Queenie Island)")
    board_file = options.get("board_file")
    board_maps = () if board_file is None else _board_maps(board_file)
    start = options.get("start_player")
    if start is not None:
        start = check_int("start_player", start, 0, n - 1)
    return Config(
        num_players=n,
        expansions=expansions,
        sections=sections,
        rotations=rotations,
        cards=cards,
        start_player=start,
        lords_zero_can_be_second=check_bool(
            "lords_zero_can_be_second", options.get("lords_zero_can_be_second", True)
        ),
        **nomad_flags,
        monastery_adjacency=monastery,
        allow_stand_in_cards=stand_ins,
        **harvest_flags,
        board_file=None if board_file is None else str(board_file),
        board_maps=board_maps,
        island_side=side,
    )
