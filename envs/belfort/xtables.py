"""Fixed tables of "The Expansion Expansion" (spec §4.2, Appendices B.2, C, D, E), read once
from data/belfort.json, next to the base game's tables.py.

Index conventions (on top of tables.py):
* guilds 0..11 are the base guilds; 12..16 the expansion guilds (assistants, clipboard_makers,
  decorators, non_human_resources, planners) and 17..19 the promo guilds (handymen, lawyers,
  sentinels), in data order. `GUILD_OF` may hold any of the 20 in an expansion state.
* assistants 0..9 in data order: centaur, djinn, gargoyle, giant, goon, gorgon, halfling,
  hobgoblin, imps, pixie.
* permits are named by the property type they expand (tables.py order), so "permit t" is
  the permit of property type t.
"""

from __future__ import annotations

import re

import numpy as np

from eurogym.envs.belfort.tables import DATA, PROPERTY_NAMES, RESOURCE_NAMES

SEASONS = ("spring", "summer", "autumn")

ALL_GUILD_NAMES = tuple(g["id"] for g in DATA["guilds"])
NUM_ALL_GUILDS = len(ALL_GUILD_NAMES)
ALL_GUILD_CATEGORY = tuple(g["category"] for g in DATA["guilds"])
X_GUILD_NAMES = tuple(g["id"] for g in DATA["guilds"] if g["expansion"] and not g["promo"])
PROMO_GUILD_NAMES = tuple(g["id"] for g in DATA["guilds"] if g["promo"])
FULL_EXPANSION_ONLY = tuple(DATA["setup"]["guild_selection"]["expansion_only_guilds"])
(
    G_ASSISTANTS,
    G_CLIPBOARD,
    G_DECORATORS,
    G_NON_HUMAN,
    G_PLANNERS,
    G_HANDYMEN,
    G_LAWYERS,
    G_SENTINELS,
) = (ALL_GUILD_NAMES.index(g) for g in X_GUILD_NAMES + PROMO_GUILD_NAMES)
assert ALL_GUILD_NAMES[G_SENTINELS] == "sentinels" and ALL_GUILD_NAMES[G_PLANNERS] == "planners"
# The new guilds this engine plays. The others are left out of every guild pool (and
# rejected by the `guilds` option) until they are built: see docs/rules/belfort.md.
PLAYABLE_NEW_GUILDS = (
    G_ASSISTANTS,
    G_CLIPBOARD,
    G_DECORATORS,
    G_NON_HUMAN,
    G_PLANNERS,
    G_HANDYMEN,
    G_LAWYERS,
    G_SENTINELS,
)
_NEW = [g for g in DATA["guilds"] if g["expansion"]]
X_GUILD_GAIN = np.array(
    [[g.get("gain", {}).get(r, 0) for r in RESOURCE_NAMES] for g in DATA["guilds"]], np.int64
)
CLIPBOARD_DRAW = DATA["guilds"][G_CLIPBOARD]["draw"]
CLIPBOARD_VISITS = DATA["guilds"][G_CLIPBOARD]["extra_visits"]
CLIPBOARD_HIRE_GOLD = DATA["guilds"][G_CLIPBOARD]["gnome_hire_gold"]
PLANNERS_PERMITS = DATA["guilds"][G_PLANNERS]["permits"]
DECORATOR_MARKERS = DATA["guilds"][G_DECORATORS]["markers"]
LAWYER_TIERS = DATA["guilds"][G_LAWYERS]["tiers"]
SENTINEL_GOLD = DATA["guilds"][G_SENTINELS]["gain_gold"]  # assumed (D25): overridable, config.py

# Assistants (Appendix C)
ASSISTANT_NAMES = tuple(a["id"] for a in DATA["assistants"])
NUM_ASSISTANTS = len(ASSISTANT_NAMES)
(
    CENTAUR,
    DJINN,
    GARGOYLE,
    GIANT,
    GOON,
    GORGON,
    HALFLING,
    HOBGOBLIN,
    IMPS,
    PIXIE,
) = range(NUM_ASSISTANTS)
assert ASSISTANT_NAMES[PIXIE] == "pixie" and ASSISTANT_NAMES[GOON] == "goon"
ASSISTANT_TOKENS = np.array([a["tokens"] for a in DATA["assistants"]], np.int64)
DISPLAY_SIZE = {int(k): v for k, v in DATA["player_count"]["assistants_in_display"].items()}
LEFTOVER_GOLD = DATA["assistant_rules"]["leftover_gold_per_round"]


def _season_row(values: dict) -> list[int]:
    """One assistant's main seasonal number X for spring, summer, autumn. Two tiles have words,
    not numbers (their icons were lost, D24): the Goon's extra gold on top of the guild fee
    ("normal guild fee + 1 gold" -> 1) and the Halfling's gold gained instead of the tax
    ("pay nothing and gain 1 gold" -> 1); the words themselves are the rule (kernels)."""
    row = []
    for s in SEASONS:
        v = values[s]
        if isinstance(v, int):
            row.append(v)
        else:
            found = re.search(r"(?:\+|gain)\s*(\d+)", v)
            row.append(int(found.group(1)) if found else 0)
    return row


def _main_values(a: dict) -> dict:
    first = next(iter(a["seasonal_values"].values()))
    return first if a["id"] != "pixie" else {s: first[s][0] for s in SEASONS}


ASSISTANT_X = np.array([_season_row(_main_values(a)) for a in DATA["assistants"]], np.int64)
DJINN_Y = np.array(_season_row(DATA["assistants"][DJINN]["seasonal_values"]["Y"]), np.int64)
# Which assistants' numbers are `assumed` in the data (overridable, config.ASSISTANT_VALUES)
ASSISTANT_ASSUMED = tuple(
    a["id"] for a in DATA["assistants"] if "assumed" in str(a["seasonal_values_source"])
)
PIXIE_POINTS = np.array(
    [DATA["scoring"]["pixie_points"][s] for s in SEASONS], np.int64
)  # [season, place]

# Permits and expansions (Appendix D), one row per property type t
_PERMITS = {p["property"]: p for p in DATA["expansion_permits"]}
PERMITS_PER_TYPE = {int(k): v for k, v in DATA["setup"]["expansion"]["permits_per_type"].items()}
PERMIT_PLANKS = np.array([_PERMITS[t]["planks"] for t in PROPERTY_NAMES], np.int64)
PERMIT_FEE = np.array(
    [[_PERMITS[t]["plank_fee"].get(r, 0) for r in RESOURCE_NAMES] for t in PROPERTY_NAMES],
    np.int64,
)
PERMIT_FEE_CARDS = np.array(
    [_PERMITS[t]["plank_fee"].get("property_cards", 0) for t in PROPERTY_NAMES], np.int64
)
RED_BOARD = np.array(
    [[_PERMITS[t]["red_board_cost"].get(r, 0) for r in RESOURCE_NAMES] for t in PROPERTY_NAMES],
    np.int64,
)
RED_WORKER = np.array(
    [_PERMITS[t]["red_board_cost"].get("elf_or_dwarf", 0) for t in PROPERTY_NAMES], np.int64
)
RED_WOOD_OR_STONE = np.array(
    [_PERMITS[t]["red_board_cost"].get("wood_or_stone", 0) for t in PROPERTY_NAMES], np.int64
)
RED_GNOME = np.array(
    [_PERMITS[t]["red_board_cost"].get("gnome", 0) for t in PROPERTY_NAMES], np.int64
)
BONUS_PER = np.array([_PERMITS[t]["bonus_params"]["per"] for t in PROPERTY_NAMES], np.int64)
BONUS_OF = tuple(_PERMITS[t]["bonus_params"]["of"] for t in PROPERTY_NAMES)
# what each bonus counts, as codes for the scoring kernel (data names in this order)
BONUS_KINDS = (
    "gold_held",
    "wood_in_built_card_costs",
    "stone_in_built_card_costs",
    "metal_in_built_card_costs",
    "walls_owned",
    "guilds_owned",
    "districts_with_own_marker",
    "min(dwarves,elves,gnomes)",
    "cards_in_hand",
    "permits_owned",
)
(
    BK_GOLD,
    BK_COST_WOOD,
    BK_COST_STONE,
    BK_COST_METAL,
    BK_WALLS,
    BK_GUILDS,
    BK_DISTRICTS,
    BK_SETS,
    BK_CARDS,
    BK_PERMITS,
) = range(len(BONUS_KINDS))
BONUS_KIND = np.array([BONUS_KINDS.index(k) for k in BONUS_OF], np.int64)
BONUS_MAX = np.array(
    [_PERMITS[t]["bonus_params"].get("max_points", 0) for t in PROPERTY_NAMES], np.int64
)
BONUS_ROUND_UP = np.array(
    [int(_PERMITS[t]["bonus_params"].get("rounding") == "up") for t in PROPERTY_NAMES], np.int64
)
EXPANSION_NAMES = tuple(_PERMITS[t]["expansion_name_en"] for t in PROPERTY_NAMES)

START_SCORE = DATA["setup"]["starting_score"]["expansion"]  # D30
START_MONTH = 1  # §4.2 step 1: the marker starts on month 1, so round 1 is month 2
