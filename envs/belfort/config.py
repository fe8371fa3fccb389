"""Belfort options: player count, guild choice, the §14 rule switches, and `data_overrides`.

The manuals lost every property cost, guild cost, Trading Post price and the tax levels above
score 15 (spec D4, D6, D7, D9); the shipped data file carries `assumed` values for them. A user
with the real numbers passes them as `data_overrides` (a dict, or a path to a JSON file with the
same keys) and no code changes:

    envs.make("belfort_v0", data_overrides={
        "property_costs": {"keep": {"wood": 1, "stone": 3, "metal": 2}},
        "guild_costs": {"architects": {"wood": 1, "stone": 1}},
        "wall_cost": {"wood": 3, "stone": 3},
        "property_income": {"market": 1, "bank": 0},
        "trading_post": {"summer": {"buy": {"metal": 4}}},
        "tax_levels": [[0, 0], [6, 1], [11, 2], [21, 3]],   # [min score, gold], ascending
        "fees": {"gnome_hire": 3, "card_buy": 1, "recruiter": 2, "guild": 1, "hand_limit": 5},
    })

Each section is optional; a cost or price dict replaces only the resources it names.

With `expansion=True` (spec §4.2) or `promo_guilds=True` two more sections apply (the guild
costs above also take the new guilds' names):

        "assistant_values": {"centaur": {"spring": 1, "summer": 2, "autumn": 3}},  # X (D24)
        "djinn_y": {"autumn": 7},
        "lawyers_tiers": [[3, 1], [5, 2], [7, 3]],   # [gold, points] per tier (D25)

The assistants whose values the data file tags `assumed` are xtables.ASSISTANT_ASSUMED
(centaur, goon, gorgon, halfling); every assistant's X may be overridden the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import numpy as np

from eurogym.envs.belfort.state import MAX_AMOUNT, MAX_TAX_LEVELS
from eurogym.envs.belfort.tables import (
    DATA,
    GUILD_NAMES,
    NUM_DISTRICTS,
    PROPERTY_NAMES,
    RESOURCE_NAMES,
    TWO_PLAYER_INTERACTIVE,
)
from eurogym.envs.belfort.xtables import (
    ALL_GUILD_CATEGORY,
    ALL_GUILD_NAMES,
    ASSISTANT_NAMES,
    ASSISTANT_X,
    DJINN_Y,
    FULL_EXPANSION_ONLY,
    LAWYER_TIERS,
    PLAYABLE_NEW_GUILDS,
    PROMO_GUILD_NAMES,
)
from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.options import (
    check_bool,
    check_choice,
    check_names,
    check_players,
    reject_unknown,
)

PLAYER_COUNTS = (2, 3, 4, 5)
GUILD_MODES = ("beginner", "normal", "advanced")
THIEVES_VARIANTS = {"tile": 2, "rulebook": 3}  # D13
SEASONS = ("spring", "summer", "autumn")
OVERRIDE_SECTIONS = (
    "property_costs",
    "guild_costs",
    "wall_cost",
    "property_income",
    "trading_post",
    "tax_levels",
    "fees",
    "assistant_values",
    "djinn_y",
    "lawyers_tiers",
)
X_SECTIONS = ("assistant_values", "djinn_y", "lawyers_tiers")  # need expansion / promo_guilds
FEES = ("gnome_hire", "card_buy", "recruiter", "guild", "hand_limit", "blacksmith_metal")
OPTIONS = (
    "guild_mode",
    "guilds",
    "thieves_variant",
    "market_visits_cap",
    "data_overrides",
    "expansion",
    "promo_guilds",
)


@dataclass(frozen=True)
class Params:
    """The numbers the rules use that a user may replace (all arrays int64)."""

    prop_cost: np.ndarray  # [10, 4] W S M G per property type (Appendix A, D4)
    prop_income: np.ndarray  # [10] gold per built card per round (D2)
    guild_cost: np.ndarray  # [12, 4] (Appendix B, D6)
    wall_cost: np.ndarray  # [4] (§9.2, D5)
    buy_price: np.ndarray  # [3 seasons, 3 goods] (§9.3, D7)
    sell_price: np.ndarray  # [3, 3]
    tax_min: np.ndarray  # [levels] lowest score of each tax level, ascending (§3.4, D9)
    tax_gold: np.ndarray  # [levels]
    fees: np.ndarray  # [6] in FEES order
    xguild_cost: np.ndarray  # [8, 4] the guilds of Appendix B.2 (D6)
    asst_x: np.ndarray  # [10 assistants, 3 seasons] X (Appendix C, D24)
    djinn_y: np.ndarray  # [3] the Djinn's Y
    lawyers: np.ndarray  # [3 tiers, 2] gold paid, points gained (D25)


def default_params() -> Params:
    """The values shipped in data/belfort.json (sources: `python -m eurogym.envs.provenance`)."""

    def goods(d: dict[str, int]) -> list[int]:
        return [int(d.get(r, 0)) for r in RESOURCE_NAMES]

    costs = DATA["costs_and_fees"]
    guilds, base = DATA["guilds"], len(GUILD_NAMES)
    smith = DATA["properties"][0]["gnome_locks"][0]["price_gold"]
    prices = DATA["trading_post"]["prices"]
    levels = DATA["tax_table"]["levels"]
    return Params(
        prop_cost=np.array([goods(p["cost"]) for p in DATA["properties"]], np.int64),
        prop_income=np.array([p["income_gold"] for p in DATA["properties"]], np.int64),
        guild_cost=np.array([goods(g["build_cost"]) for g in guilds[:base]], np.int64),
        wall_cost=np.array(goods(DATA["walls"]["cost"]), np.int64),
        buy_price=np.array([goods(prices[s]["buy"])[:3] for s in SEASONS], np.int64),
        sell_price=np.array([goods(prices[s]["sell"])[:3] for s in SEASONS], np.int64),
        tax_min=np.array([lv["min_score"] for lv in levels], np.int64),
        tax_gold=np.array([lv["tax_gold"] for lv in levels], np.int64),
        fees=np.array(
            [
                costs["gnome_hire_gold"],
                costs["card_buy_gold"],
                costs["recruiter_desk_fee_gold"],
                costs["guild_placement_fee_gold"],
                costs["hand_limit"],
                smith,
            ],
            np.int64,
        ),
        xguild_cost=np.array([goods(g["build_cost"]) for g in guilds[base:]], np.int64),
        asst_x=ASSISTANT_X.copy(),
        djinn_y=DJINN_Y.copy(),
        lawyers=np.array([[t["gold"], t["points"]] for t in LAWYER_TIERS], np.int64),
    )


def _amount(where: str, value: Any) -> int:
    """A cost, price, income, fee or tax number: an int in [0, MAX_AMOUNT] (the state's
    bounds, so that a saved game loads again)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AMOUNT:
        raise ConfigError(
            f"data_overrides: {where} must be an int in [0, {MAX_AMOUNT}], got {value!r}"
        )
    return value


def _goods_into(where: str, row: np.ndarray, given: Any, names: tuple[str, ...]) -> None:
    if not isinstance(given, dict):
        raise ConfigError(f"data_overrides: {where} must be a dict of {list(names)}")
    for key, value in given.items():
        if key not in names:
            raise ConfigError(f"data_overrides: {where} has unknown resource {key!r}; use {names}")
        row[names.index(key)] = _amount(f"{where}.{key}", value)


def _by_name(where: str, given: Any, known: tuple[str, ...]) -> dict[int, Any]:
    if not isinstance(given, dict):
        raise ConfigError(f"data_overrides: {where} must be a dict keyed by name")
    unknown = [k for k in given if k not in known]
    if unknown:
        raise ConfigError(f"data_overrides: {where} has unknown names {unknown}; known: {known}")
    return {known.index(k): v for k, v in given.items()}


def load_overrides(overrides: dict[str, Any] | str | Path | None) -> dict[str, Any]:
    """The overrides as a dict; a str or Path is read as a JSON file."""
    if overrides is None:
        return {}
    if isinstance(overrides, (str, Path)):
        path = Path(overrides)
        try:
            overrides = json.loads(path.read_text(encoding="utf-8"))
        except OSError as err:
            raise ConfigError(f"data_overrides: cannot read {path}: {err}") from None
        except json.JSONDecodeError as err:
            raise ConfigError(f"data_overrides: {path} is not valid JSON: {err}") from None
    if not isinstance(overrides, dict):
        raise ConfigError("data_overrides must be a dict or a path to a JSON file")
    unknown = set(overrides) - set(OVERRIDE_SECTIONS)
    if unknown:
        raise ConfigError(
            f"data_overrides: unknown section(s) {sorted(unknown)}; known: {OVERRIDE_SECTIONS}"
        )
    return overrides


def apply_overrides(params: Params, overrides: dict[str, Any]) -> Params:
    """A copy of `params` with `overrides` (already loaded) applied; raises ConfigError naming
    the bad entry."""
    p = Params(**{f.name: getattr(params, f.name).copy() for f in fields(Params)})
    for t, cost in _by_name(
        "property_costs", overrides.get("property_costs", {}), PROPERTY_NAMES
    ).items():
        _goods_into(f"property_costs.{PROPERTY_NAMES[t]}", p.prop_cost[t], cost, RESOURCE_NAMES)
    guild_costs = _by_name("guild_costs", overrides.get("guild_costs", {}), ALL_GUILD_NAMES)
    for g, cost in guild_costs.items():
        row = p.guild_cost[g] if g < len(GUILD_NAMES) else p.xguild_cost[g - len(GUILD_NAMES)]
        _goods_into(f"guild_costs.{ALL_GUILD_NAMES[g]}", row, cost, RESOURCE_NAMES)
    if "wall_cost" in overrides:
        _goods_into("wall_cost", p.wall_cost, overrides["wall_cost"], RESOURCE_NAMES)
    incomes = _by_name("property_income", overrides.get("property_income", {}), PROPERTY_NAMES)
    for t, gold in incomes.items():
        p.prop_income[t] = _amount(f"property_income.{PROPERTY_NAMES[t]}", gold)
    for s, table in _by_name("trading_post", overrides.get("trading_post", {}), SEASONS).items():
        if not isinstance(table, dict) or set(table) - {"buy", "sell"}:
            raise ConfigError(f"data_overrides: trading_post.{SEASONS[s]} takes 'buy' and 'sell'")
        for side, target in (("buy", p.buy_price), ("sell", p.sell_price)):
            if side in table:
                where = f"trading_post.{SEASONS[s]}.{side}"
                _goods_into(where, target[s], table[side], RESOURCE_NAMES[:3])
    if "tax_levels" in overrides:
        levels = overrides["tax_levels"]
        if (
            not isinstance(levels, list)
            or not levels
            or any(not isinstance(lv, (list, tuple)) or len(lv) != 2 for lv in levels)
        ):
            raise ConfigError("data_overrides: tax_levels must be a list of [min_score, gold]")
        mins = [_amount(f"tax_levels[{i}][0]", lv[0]) for i, lv in enumerate(levels)]
        golds = [_amount(f"tax_levels[{i}][1]", lv[1]) for i, lv in enumerate(levels)]
        if mins[0] != 0 or any(b <= a for a, b in zip(mins, mins[1:], strict=False)):
            raise ConfigError("data_overrides: tax_levels must start at score 0 and ascend")
        if len(levels) > MAX_TAX_LEVELS:
            raise ConfigError(f"data_overrides: tax_levels has at most {MAX_TAX_LEVELS} levels")
        p = Params(**{**p.__dict__, "tax_min": np.array(mins, np.int64)})
        p = Params(**{**p.__dict__, "tax_gold": np.array(golds, np.int64)})
    for i, value in _by_name("fees", overrides.get("fees", {}), FEES).items():
        p.fees[i] = _amount(f"fees.{FEES[i]}", value)
    if p.fees[FEES.index("hand_limit")] < 1:
        raise ConfigError("data_overrides: fees.hand_limit must be at least 1")
    values = _by_name("assistant_values", overrides.get("assistant_values", {}), ASSISTANT_NAMES)
    for a, by_season in values.items():
        where = f"assistant_values.{ASSISTANT_NAMES[a]}"
        for s, x in _by_name(where, by_season, SEASONS).items():
            p.asst_x[a, s] = _amount(f"{where}.{SEASONS[s]}", x)
    for s, y in _by_name("djinn_y", overrides.get("djinn_y", {}), SEASONS).items():
        p.djinn_y[s] = _amount(f"djinn_y.{SEASONS[s]}", y)
    if "lawyers_tiers" in overrides:
        tiers = overrides["lawyers_tiers"]
        if (
            not isinstance(tiers, list)
            or len(tiers) != len(p.lawyers)
            or any(not isinstance(t, (list, tuple)) or len(t) != 2 for t in tiers)
        ):
            raise ConfigError(
                f"data_overrides: lawyers_tiers must be {len(p.lawyers)} pairs [gold, points]"
            )
        for i, (paid, points) in enumerate(tiers):
            p.lawyers[i] = (
                _amount(f"lawyers_tiers[{i}][0]", paid),
                _amount(f"lawyers_tiers[{i}][1]", points),
            )
    return p


@dataclass(frozen=True)
class Config:
    """Belfort base-game options (spec §0, §4.1, §13, §14); build it with `make_config`, which
    checks them.

    Attributes:
        num_players: 2-5 (2 adds the two non-player colours of §13).
        guild_mode: "beginner" | "normal" | "advanced" (§4.1 step 2; 2 players: D40).
        guilds: 5 distinct base guild ids, one per district D1..D5, instead of a random choice.
        thieves_variant: "tile" (steal up to 2 G, default) or "rulebook" (3 G) - D13.
        market_visits_cap: D22. False (default): every filled Market lock adds a visit. True:
            the literal reading, Markets give at most your 2nd and 3rd visit.
        data_overrides: replacement costs/prices/taxes (module docstring), or a JSON file path.
        expansion: "The Expansion Expansion" (§4.2): 6 rounds from month 1, scores from 6,
            assistants, permits and expansions, the new guilds in the pools.
        promo_guilds: the promo guilds (Appendix B.2) join the pools.
    """

    num_players: int = 4
    guild_mode: str = "normal"
    guilds: tuple[str, ...] | None = None
    thieves_variant: str = "tile"
    market_visits_cap: bool = False
    data_overrides: Any = None
    expansion: bool = False
    promo_guilds: bool = False
    params: Params = field(default_factory=default_params, compare=False, repr=False)


def make_config(num_players: int = 4, **options: Any) -> Config:
    """A validated Config; a bad value or type, or an unknown option name, raises ConfigError
    naming the option (unknown names list the valid ones)."""
    reject_unknown("belfort", options, OPTIONS)
    n = check_players(num_players, PLAYER_COUNTS)
    expansion = check_bool("expansion", options.get("expansion", False))
    promo = check_bool("promo_guilds", options.get("promo_guilds", False))
    guilds = options.get("guilds")
    if guilds is not None:
        guilds = check_names("guilds", guilds, guild_choices(expansion, promo), NUM_DISTRICTS)
        banned = [
            g
            for g in guilds
            if ALL_GUILD_CATEGORY[ALL_GUILD_NAMES.index(g)] == "interactive"
            and g not in TWO_PLAYER_INTERACTIVE
        ]
        if n == 2 and banned:
            raise ConfigError(
                f"guilds: {banned} not allowed with 2 players (§13: the only interactive "
                f"guild allowed is {TWO_PLAYER_INTERACTIVE})"
            )
    overrides = load_overrides(options.get("data_overrides"))
    needs_x = [k for k in X_SECTIONS if k in overrides]
    if needs_x and not (expansion or promo):
        raise ConfigError(
            f"data_overrides: {needs_x} apply only with expansion=True or promo_guilds=True"
        )
    return Config(
        num_players=n,
        guild_mode=check_choice("guild_mode", options.get("guild_mode", "normal"), GUILD_MODES),
        guilds=guilds,
        thieves_variant=check_choice(
            "thieves_variant", options.get("thieves_variant", "tile"), tuple(THIEVES_VARIANTS)
        ),
        market_visits_cap=check_bool("market_visits_cap", options.get("market_visits_cap", False)),
        data_overrides=options.get("data_overrides"),
        expansion=expansion,
        promo_guilds=promo,
        params=apply_overrides(default_params(), overrides),
    )


def guild_choices(expansion: bool, promo: bool) -> tuple[str, ...]:
    """The guilds a game with these options may use (§4.1 step 2, B.2): the base 12, plus the
    new guilds the engine plays (xtables.PLAYABLE_NEW_GUILDS) that the options bring in; the
    Assistants' and Planners' only with the full expansion."""
    names = list(GUILD_NAMES)
    for g in PLAYABLE_NEW_GUILDS:
        name = ALL_GUILD_NAMES[g]
        is_promo = name in PROMO_GUILD_NAMES
        if (promo if is_promo else expansion) and (expansion or name not in FULL_EXPANSION_ONLY):
            names.append(name)
    return tuple(names)
