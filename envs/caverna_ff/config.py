"""Caverna: Frantic Fiends options: player count, solo starting food (D03), and
`data_overrides` for the stand-in expansion data (spec D12, D14-D16), so real component data
can be dropped in without code changes:

    envs.make("caverna_ff_v0", num_players=2, data_overrides={
        "push_cost": [{"wood": 1}, {"stone": 1}, {"ore": 1}, {"food": 2}],  # per event board
        "event_deck": [3, 2, 2, 1],                                         # movement deck
        "orc_gold": [1, 1, 2, 2],                                           # A-D
        "bribe_goods": ["wood", "stone", "ore", "food", "grain", "gold"],   # the 6 tokens
        "movement_cards": {"deck_1": [{"steps": [[1, 0]], "spawn": "left"}, ...], ...},
    })

A JSON file path with the same keys works too. Each key is optional. caverna_ff_v1 also takes
"supply_board": {"S1": {"tiles": ["cuddle_room", ...], "trap": "trapdoor"}, ...}, the contents
of any of the nine supply-board extensions (stand-ins, spec D34): at most 4 tiles each, from
tables.EXT_TILE_NAMES, no tile on two extensions, and the nine single-copy traps
(tables.EXT_TRAP_NAMES) one per extension.

caverna_ff_v1 (`make_config_v1`) adds `auto_housing` (default False: the player houses every
new animal, spec A9 and docs/caverna_ff.md E17; True: new animals go into free room
automatically without moving housed ones, the rest converted, so the score is never lower
than keeping the current arrangement) and `supply_extensions` (default None: one random
extension of the supply board per player, rules B2; a list of extension names "S1".."S9", each
at most once, deals exactly those, e.g. all nine for a supply holding every tile), and
`long_strips` / `short_strips` (default None: the reward board's strips dealt at random, one
long strip per reward row and a short strip beside it, as many rows as players, rules B6; a
list of exactly min(num_players, 5) distinct names from "L1".."L7" / "R1".."R7" puts those on
the rows in that order), and `orc_side` (default "standard": every alignment card on its
5/7/9/12 side; "challenging": 7/9/11/14 for all, rules B2; a list with one entry per seat,
each "standard", "challenging" or four start strengths A-D from 1 to 22 (the strongest
strength marker), for the rules' handicap, where only experienced players take the
challenging side, and for the solo campaign's stronger orcs, B13).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from eurogym.envs.caverna_ff.state import (
    HOUSING_CHOOSE,
    HOUSING_E1,
    HOUSING_KEEP,
    MAX_ORC_GOLD,
    MAX_PUSH_COST,
)
from eurogym.envs.caverna_ff.tables import (
    BRIBE_GOODS,
    CARD_SPAWN,
    CARD_STEPS,
    DATA,
    DECK_CARDS,
    EVENT_DECK,
    EVENT_PUSH_COST,
    EXT_FURN,
    EXT_MAX_TILES,
    EXT_NAMES,
    EXT_TILE_NAMES,
    EXT_TRAP,
    EXT_TRAP_NAMES,
    FURN_NAMES,
    FX_NAMES,
    GOOD_NAMES,
    LONG_STRIP_NAMES,
    MAX_ORC_MARKER,
    MAX_REWARD_ROWS,
    ORC_GOLD,
    ORC_SIDES,
    SHORT_STRIP_NAMES,
    SOLO_START_FOOD,
    SPAWN_CELLS,
    TRAP_NAMES_ALL,
)
from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.options import check_bool, check_int, check_players, reject_unknown

PLAYER_COUNTS = (1, 2, 3, 4)
PLAYER_COUNTS_V1 = (1, 2, 3, 4, 5, 6, 7)  # caverna_ff_v1 seats 5-7 too (rules B2)
_ANY_TILE = (*FURN_NAMES, "entry", *FX_NAMES)  # furnishing names by id (tables)
OPTIONS = ("solo_start_food", "data_overrides")
OPTIONS_V1 = (
    *OPTIONS,
    "auto_housing",
    "supply_extensions",
    "long_strips",
    "short_strips",
    "orc_side",
)
OVERRIDE_KEYS = ("push_cost", "event_deck", "orc_gold", "bribe_goods", "movement_cards")
OVERRIDE_KEYS_V1 = (*OVERRIDE_KEYS, "supply_board")
_DIRS = {(-1, 0): 0, (1, 0): 1, (0, -1): 2, (0, 1): 3}


@dataclass(frozen=True)
class Config:
    """Validated options; build with `make_config`."""

    num_players: int
    solo_start_food: int
    push_cost: np.ndarray  # [4 boards, 13 goods]
    event_deck: np.ndarray  # [4]
    orc_gold: np.ndarray  # [4]
    bribe_goods: np.ndarray  # good indices of the 6 tokens
    card_steps: np.ndarray  # [3, 9, 3]
    card_spawn: np.ndarray  # [3, 9]
    housing: int = HOUSING_E1  # state.HOUSING_*: v0's E1 rule, v1's choices or auto_housing
    supply_ext: tuple[int, ...] = ()  # v1: the extensions dealt (tables.EXT_NAMES); () random
    # v1: each extension's furnishing ids (-1 padded) and trap id
    ext_furn: np.ndarray = field(default_factory=EXT_FURN.copy)
    ext_trap: np.ndarray = field(default_factory=EXT_TRAP.copy)
    # v1: the reward rows' long and short strips (tables.LONG_STRIP_NAMES, SHORT_STRIP_NAMES)
    # in row order; () random
    long_strips: tuple[int, ...] = ()
    short_strips: tuple[int, ...] = ()
    # v1: each seat's orc start strengths A-D (option orc_side); empty: the standard side
    orc_start: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), np.int64))


def _int(where: str, value: Any, lo: int, hi: int) -> int:
    return check_int(f"data_overrides.{where}", value, lo, hi)


def _good(where: str, name: Any) -> int:
    if not isinstance(name, str) or name not in GOOD_NAMES:
        raise ConfigError(f"data_overrides.{where}: unknown good {name!r}; known: {GOOD_NAMES}")
    return GOOD_NAMES.index(name)


def _step(where: str, step: Any) -> int:
    """The direction index of a unit step [dr, dc]."""
    if (
        not isinstance(step, (list, tuple))
        or len(step) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in step)
        or tuple(step) not in _DIRS
    ):
        raise ConfigError(f"data_overrides.{where} step {step!r} is not a unit step")
    return _DIRS[tuple(step)]


def _cards(given: Any) -> tuple[np.ndarray, np.ndarray]:
    steps = CARD_STEPS.copy()
    spawn = CARD_SPAWN.copy()
    if not isinstance(given, dict):
        raise ConfigError("data_overrides.movement_cards must be a dict deck_1..deck_3 -> cards")
    for key, cards in given.items():
        if key not in ("deck_1", "deck_2", "deck_3"):
            raise ConfigError(f"data_overrides.movement_cards: unknown deck {key!r}")
        d = int(key[-1]) - 1
        if not isinstance(cards, list) or len(cards) != DECK_CARDS:
            raise ConfigError(f"data_overrides.movement_cards.{key} must list {DECK_CARDS} cards")
        for i, card in enumerate(cards):
            where = f"movement_cards.{key}[{i}]"
            card_steps = card.get("steps") if isinstance(card, dict) else None
            if not isinstance(card_steps, list) or len(card_steps) != d + 1:
                raise ConfigError(f"data_overrides.{where} needs {d + 1} steps")
            for s, step in enumerate(card_steps):
                steps[d, i, s] = _step(where, step)
            side = card.get("spawn", "left")
            if not isinstance(side, str) or side not in SPAWN_CELLS:
                raise ConfigError(f"data_overrides.{where}.spawn must be left/center/right")
            spawn[d, i] = SPAWN_CELLS[side]
    return steps, spawn


def load_overrides(
    overrides: dict[str, Any] | str | Path | None, keys: tuple[str, ...] = OVERRIDE_KEYS
) -> dict[str, Any]:
    if overrides is None:
        return {}
    if isinstance(overrides, (str, Path)):
        try:
            overrides = json.loads(Path(overrides).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ConfigError(f"data_overrides file {overrides!s}: {exc}") from None
    if not isinstance(overrides, dict):
        raise ConfigError("data_overrides must be a dict or a JSON file path")
    unknown = sorted(set(overrides) - set(keys))
    if unknown:
        raise ConfigError(f"data_overrides: unknown keys {unknown}; known: {keys}")
    return overrides


def make_config(
    num_players: int = 2, *, _player_counts: tuple[int, ...] = PLAYER_COUNTS, **options: Any
) -> Config:
    """A validated Config from `solo_start_food` (D03) and `data_overrides` (module docstring);
    a bad value or type, or an unknown option name, raises ConfigError naming the option.
    `_player_counts` is the version's (make_config_v1 passes v1's 1-7)."""
    reject_unknown("caverna_ff", options, OPTIONS)
    num_players = check_players(num_players, _player_counts)
    solo_start_food = check_int(
        "solo_start_food", options.get("solo_start_food", SOLO_START_FOOD), 0, 10
    )
    over = load_overrides(options.get("data_overrides"))
    push = EVENT_PUSH_COST.copy()
    if "push_cost" in over:
        if not isinstance(over["push_cost"], list) or len(over["push_cost"]) != 4:
            raise ConfigError("data_overrides.push_cost must list 4 cost dicts")
        push[:] = 0
        for b, cost in enumerate(over["push_cost"]):
            if not isinstance(cost, dict):
                raise ConfigError(f"data_overrides.push_cost[{b}] must be a dict good -> amount")
            for g, k in cost.items():
                push[b, _good("push_cost", g)] = _int(f"push_cost[{b}].{g}", k, 0, MAX_PUSH_COST)
    deck = EVENT_DECK.copy()
    if "event_deck" in over:
        if not isinstance(over["event_deck"], list) or len(over["event_deck"]) != 4:
            raise ConfigError("data_overrides.event_deck must list 4 deck numbers")
        deck[:] = [_int("event_deck", k, 1, 3) for k in over["event_deck"]]
    gold = ORC_GOLD.copy()
    if "orc_gold" in over:
        if not isinstance(over["orc_gold"], list) or len(over["orc_gold"]) != 4:
            raise ConfigError("data_overrides.orc_gold must list 4 amounts")
        gold[:] = [_int("orc_gold", k, 0, MAX_ORC_GOLD) for k in over["orc_gold"]]
    bribe = BRIBE_GOODS.copy()
    if "bribe_goods" in over:
        names = over["bribe_goods"]
        if not isinstance(names, list) or len(names) < DATA["bribe_tokens"]["used"]:
            raise ConfigError("data_overrides.bribe_goods must list at least 4 goods")
        bribe = np.array([_good("bribe_goods", g) for g in names], np.int64)
    steps, spawn = (CARD_STEPS, CARD_SPAWN)
    if "movement_cards" in over:
        steps, spawn = _cards(over["movement_cards"])
    return Config(num_players, solo_start_food, push, deck, gold, bribe, steps, spawn)


def make_config_v1(num_players: int = 2, **options: Any) -> Config:
    """caverna_ff_v1's Config: `make_config`'s options plus `auto_housing` (module docstring)."""
    reject_unknown("caverna_ff_v1", options, OPTIONS_V1)
    auto = check_bool("auto_housing", options.pop("auto_housing", False))
    ext = _extensions(options.pop("supply_extensions", None))
    players = check_players(num_players, PLAYER_COUNTS_V1)
    rows = min(players, MAX_REWARD_ROWS)  # one reward row per player, at most 5 (B2, D10)
    long_strips = _strips("long_strips", options.pop("long_strips", None), LONG_STRIP_NAMES, rows)
    short = _strips("short_strips", options.pop("short_strips", None), SHORT_STRIP_NAMES, rows)
    orc_start = _orc_sides(options.pop("orc_side", "standard"), players)
    # a copy: the caller's dict keeps its "supply_board"
    over = dict(load_overrides(options.pop("data_overrides", None), OVERRIDE_KEYS_V1))
    ext_furn, ext_trap = _supply_board(over.pop("supply_board", {}))
    config = make_config(
        num_players, _player_counts=PLAYER_COUNTS_V1, data_overrides=over, **options
    )
    return replace(
        config,
        housing=HOUSING_KEEP if auto else HOUSING_CHOOSE,
        supply_ext=ext,
        ext_furn=ext_furn,
        ext_trap=ext_trap,
        long_strips=long_strips,
        short_strips=short,
        orc_start=orc_start,
    )


def _orc_sides(given: Any, n: int) -> np.ndarray:
    """`orc_side`: each seat's orc start strengths A-D [n, 4] (module docstring)."""

    def side(where: str, value: Any) -> list[int]:
        if isinstance(value, str) and value in ORC_SIDES:
            return list(ORC_SIDES[value])
        if isinstance(value, (list, tuple)) and len(value) == 4:
            return [check_int(where, k, 1, MAX_ORC_MARKER) for k in value]
        raise ConfigError(
            f"{where} must be one of {tuple(ORC_SIDES)} or 4 start strengths A-D (1-"
            f"{MAX_ORC_MARKER}), got {value!r}"
        )

    if isinstance(given, str):
        return np.array([side("orc_side", given)] * n, np.int64)
    if not isinstance(given, (list, tuple)) or len(given) != n:
        raise ConfigError(
            f"orc_side must be a side name or a list of one side per seat ({n}), got {given!r}"
        )
    return np.array([side(f"orc_side[{p}]", v) for p, v in enumerate(given)], np.int64)


def _strips(option: str, names: Any, known: tuple[str, ...], n: int) -> tuple[int, ...]:
    """`long_strips` / `short_strips`: None (dealt at random) or one distinct name of `known`
    per reward row, one row per player and at most 5 (rules B6, B2 step 5)."""
    if names is None:
        return ()
    if (
        not isinstance(names, (list, tuple))
        or len(names) != n
        or any(not isinstance(x, str) or x not in known for x in names)
        or len(set(names)) != len(names)
    ):
        raise ConfigError(
            f"{option} must be None or a list of {n} distinct names from {known} "
            f"(one per reward row: one per player, at most 5), got {names!r}"
        )
    return tuple(known.index(x) for x in names)


def _supply_board(given: Any) -> tuple[np.ndarray, np.ndarray]:
    """The extensions' contents: the component data's stand-ins (D34) with the extensions a
    `data_overrides` "supply_board" names replaced (module docstring)."""
    furn, trap = EXT_FURN.copy(), EXT_TRAP.copy()
    if not isinstance(given, dict):
        raise ConfigError("data_overrides.supply_board must be a dict S1..S9 -> contents")
    for key, ext in given.items():
        where = f"data_overrides.supply_board.{key}"
        if key not in EXT_NAMES:
            raise ConfigError(f"data_overrides.supply_board: unknown extension {key!r}")
        tiles = ext.get("tiles") if isinstance(ext, dict) else None
        if (
            not isinstance(tiles, list)
            or len(tiles) > EXT_MAX_TILES
            or any(not isinstance(t, str) or t not in EXT_TILE_NAMES for t in tiles)
        ):
            raise ConfigError(
                f"{where}.tiles must list at most {EXT_MAX_TILES} of {EXT_TILE_NAMES}"
            )
        if ext.get("trap") not in EXT_TRAP_NAMES:
            raise ConfigError(f"{where}.trap must be one of {EXT_TRAP_NAMES}")
        e = EXT_NAMES.index(key)
        furn[e] = -1
        furn[e, : len(tiles)] = [_ANY_TILE.index(t) for t in tiles]
        trap[e] = TRAP_NAMES_ALL.index(ext["trap"])
    ids = furn[furn >= 0]
    if len(set(ids.tolist())) != ids.size:
        raise ConfigError("data_overrides.supply_board: a tile is on two extensions")
    if sorted(trap.tolist()) != sorted(TRAP_NAMES_ALL.index(t) for t in EXT_TRAP_NAMES):
        raise ConfigError("data_overrides.supply_board: each extension trap must be on one")
    return furn, trap


def _extensions(names: Any) -> tuple[int, ...]:
    """`supply_extensions`: None (random, one per player) or distinct names from EXT_NAMES."""
    if names is None:
        return ()
    if (
        not isinstance(names, (list, tuple))
        or not names
        or any(not isinstance(x, str) or x not in EXT_NAMES for x in names)
        or len(set(names)) != len(names)
    ):
        raise ConfigError(
            f"supply_extensions must be None or a list of distinct names from {EXT_NAMES}, "
            f"got {names!r}"
        )
    return tuple(sorted(EXT_NAMES.index(x) for x in names))
