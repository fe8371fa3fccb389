"""Fixed Belfort geometry and names (spec §2-3, Appendix A/B.1), read once from data/belfort.json.

Everything a user may want to change (costs, prices, taxes, incomes) is *not* here: it lives in
the state's parameter block, filled from the data file plus `data_overrides` (see params.py).

Index conventions used across the package:
* resources: W=0, S=1, M=2, G=3 (gold last, so `res[:, :3]` are the tradeable goods).
* property types 0..9 in data order: blacksmith, bank, market, gatehouse, keep, inn, library,
  pub, tower, gardens.
* base guilds 0..11 in data order (merchants .. wizards).
* sites: every place a marker can go, 70 in all (§3.1, D21):
    0-39  single property symbols, `district * 8 + k` with k indexing SINGLE_TYPES
    40-44 Keep sections (one per district; a Keep marker covers both symbols)
    45-54 Gatehouse halves, `45 + 2 * g + h`: gatehouse g joins districts g and g+1 (mod 5);
          half 0 lies in district g, half 1 in district g+1
    55-64 walls, `55 + 2 * district + w`
    65-69 guild spots, `65 + district`
* workers: kinds 0..3 = elf, master elf, dwarf, master dwarf; areas 0..3 = forest, quarry, mine,
  gold mine (§7.4).
"""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.data import load_component_data

DATA = load_component_data("eurogym.envs.belfort", "belfort.json")

WOOD, STONE, METAL, GOLD = range(4)
RESOURCE_NAMES = ("wood", "stone", "metal", "gold")
NUM_RESOURCES = 4

PROPERTY_NAMES = tuple(p["id"] for p in DATA["properties"])
NUM_PROPERTIES = len(PROPERTY_NAMES)
(BLACKSMITH, BANK, MARKET, GATEHOUSE, KEEP, INN, LIBRARY, PUB, TOWER, GARDENS) = range(
    NUM_PROPERTIES
)
assert PROPERTY_NAMES[GARDENS] == "gardens" and PROPERTY_NAMES[GATEHOUSE] == "gatehouse"
COPIES_PER_PROPERTY = DATA["components"]["copies_per_property_type"]
DECK_SIZE = DATA["components"]["property_cards_total"]

# Appendix A: locks per card, planks (and whether behind the lock), fixed by the game's text.
LOCKS = np.array([p["gnome_lock_count"] for p in DATA["properties"]], np.int64)
HAS_PLANK = np.array([int(p["plank"]["exists"]) for p in DATA["properties"]], np.int64)
PLANK_LOCKED = np.array(
    [int(p["plank"].get("behind_gnome_lock", False)) for p in DATA["properties"]], np.int64
)
PLANK_TYPES = tuple(int(t) for t in np.flatnonzero(HAS_PLANK))  # blacksmith bank inn library tower
LOCK_TYPES = tuple(int(t) for t in np.flatnonzero(LOCKS))

GUILD_NAMES = tuple(g["id"] for g in DATA["guilds"] if not g["expansion"])
NUM_GUILDS = len(GUILD_NAMES)
(
    MERCHANTS,
    LIBRARIANS,
    ARCHITECTS,
    RECRUITERS,
    SAWYERS,
    MASONS,
    MINERS,
    BANKERS,
    THIEVES,
    BANDITS,
    SPIES,
    WIZARDS,
) = range(NUM_GUILDS)
assert GUILD_NAMES[WIZARDS] == "wizards"
GUILD_CATEGORY = tuple(g["category"] for g in DATA["guilds"] if not g["expansion"])
TWO_PLAYER_INTERACTIVE = tuple(DATA["two_player"]["interactive_guilds_allowed"])

NUM_DISTRICTS = 5
SINGLE_TYPES = (BLACKSMITH, BANK, MARKET, INN, LIBRARY, PUB, TOWER, GARDENS)
NUM_SINGLE = len(SINGLE_TYPES)
SITE_SINGLE = 0
SITE_KEEP = SITE_SINGLE + NUM_DISTRICTS * NUM_SINGLE  # 40
SITE_GATE = SITE_KEEP + NUM_DISTRICTS  # 45
SITE_WALL = SITE_GATE + 2 * NUM_DISTRICTS  # 55
SITE_GUILD = SITE_WALL + 2 * NUM_DISTRICTS  # 65
NUM_SITES = SITE_GUILD + NUM_DISTRICTS  # 70

KIND_PROPERTY, KIND_WALL, KIND_GUILD = 0, 1, 2


def _site_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per site: district, property type (-1 for walls/guilds), kind, markers it carries."""
    district = np.zeros(NUM_SITES, np.int64)
    ptype = np.full(NUM_SITES, -1, np.int64)
    kind = np.zeros(NUM_SITES, np.int64)
    weight = np.ones(NUM_SITES, np.int64)
    for d in range(NUM_DISTRICTS):
        for k, t in enumerate(SINGLE_TYPES):
            district[SITE_SINGLE + d * NUM_SINGLE + k] = d
            ptype[SITE_SINGLE + d * NUM_SINGLE + k] = t
        district[SITE_KEEP + d], ptype[SITE_KEEP + d] = d, KEEP
        weight[SITE_KEEP + d] = 2  # a Keep fills both symbols of its section (§9.2)
        for h in range(2):
            district[SITE_GATE + 2 * d + h] = (d + h) % NUM_DISTRICTS
            ptype[SITE_GATE + 2 * d + h] = GATEHOUSE
            district[SITE_WALL + 2 * d + h] = d
            kind[SITE_WALL + 2 * d + h] = KIND_WALL
        district[SITE_GUILD + d] = d
        kind[SITE_GUILD + d] = KIND_GUILD
    return district, ptype, kind, weight


SITE_DISTRICT, SITE_TYPE, SITE_KIND, SITE_WEIGHT = _site_tables()
# every site that can take a property of type t: SITES_OF_TYPE[t, :SITE_COUNT[t]]
SITE_COUNT = np.array([(SITE_TYPE == t).sum() for t in range(NUM_PROPERTIES)], np.int64)
SITES_OF_TYPE = np.full((NUM_PROPERTIES, int(SITE_COUNT.max())), -1, np.int64)
for _t in range(NUM_PROPERTIES):
    _s = np.flatnonzero(SITE_TYPE == _t)
    SITES_OF_TYPE[_t, : len(_s)] = _s


def site_name(site: int) -> str:
    """Human name of a site, e.g. 'D2.pub', 'D1.keep', 'G3.b', 'D4.wall.1', 'D5.guild'."""
    if site < SITE_KEEP:
        d, k = divmod(site - SITE_SINGLE, NUM_SINGLE)
        return f"D{d + 1}.{PROPERTY_NAMES[SINGLE_TYPES[k]]}"
    if site < SITE_GATE:
        return f"D{site - SITE_KEEP + 1}.keep"
    if site < SITE_WALL:
        g, h = divmod(site - SITE_GATE, 2)
        return f"G{g + 1}.{'ab'[h]}"
    if site < SITE_GUILD:
        d, w = divmod(site - SITE_WALL, 2)
        return f"D{d + 1}.wall.{w + 1}"
    return f"D{site - SITE_GUILD + 1}.guild"


# Workers and areas (§7.4, §8.1, D15).
ELF, MASTER_ELF, DWARF, MASTER_DWARF = range(4)
WORKER_KIND_NAMES = ("elf", "master_elf", "dwarf", "master_dwarf")
FOREST, QUARRY, MINE, GOLD_MINE = range(4)
AREA_NAMES = ("forest", "quarry", "mine", "gold_mine")
# AREA_ACCEPTS[area, kind]: D15 - the Forest takes Elves only, the Quarry Dwarves only.
AREA_ACCEPTS = np.array([[1, 1, 0, 0], [0, 0, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]], np.int64)
WORKERS_PER_COLOUR = DATA["components"]["elves_per_colour"]  # 7 of each race (D39)
MASTERS_PER_COLOUR = DATA["components"]["master_capable_elves_per_colour"]  # 5 (D39)
START_WORKERS = DATA["setup"]["starting_elves"]  # 3 Elves and 3 Dwarves

MONTHS = len(DATA["calendar"]["months"])  # 7 rounds in the base game
SEASON_OF_MONTH = np.array(
    [("spring", "summer", "autumn").index(m["season"]) for m in DATA["calendar"]["months"]],
    np.int64,
)
SCORING_MONTH = np.array([int(m["scoring"]) for m in DATA["calendar"]["months"]], np.int64)

GNOME_STOCK = {int(k): v for k, v in DATA["player_count"]["gnomes_in_stock"].items()}
RECRUITER_PLANKS = {int(k): v for k, v in DATA["player_count"]["recruiter_desk_planks"].items()}
CAMP_PLANKS = {int(k): v for k, v in DATA["player_count"]["kings_camp_planks"].items()}
MAX_RECRUITER_PLANKS = max(RECRUITER_PLANKS.values())
MAX_CAMP_PLANKS = max(CAMP_PLANKS.values())
DISTRICT_POINTS = {int(k): v for k, v in DATA["scoring"]["district_points"].items()}
RACE_POINTS = tuple(DATA["scoring"]["race_points"])
NP_RACE = DATA["two_player"]["np_race_counts"]
NP_MARKERS = DATA["two_player"]["np_markers"]
HAND_DEAL = DATA["setup"]["hand_deal"]
HAND_DISCARD = DATA["setup"]["hand_discard"]
COLUMN_SIZE = DATA["setup"]["available_column_size"]

# Plank fees and effects fixed by the seed text (Appendix A, B.1).
PLANK_FEE_GOLD = np.array(
    [
        p["plank"].get("fee", {}).get("gold", 0) if p["plank"]["exists"] else 0
        for p in DATA["properties"]
    ],
    np.int64,
)
BLACKSMITH_PLANK_METAL = 1  # "gain 1 Metal" (the datum has no number field; seed text)
BANK_PLANK_GOLD = DATA["properties"][BANK]["plank"]["gain_gold"]
LIBRARY_DRAW = DATA["properties"][LIBRARY]["plank"]["draw"]
LIBRARY_DISCARD = DATA["properties"][LIBRARY]["plank"]["discard"]
_BASE_GUILDS = [g for g in DATA["guilds"] if not g["expansion"]]
MERCHANT_EXCHANGES = _BASE_GUILDS[MERCHANTS]["exchanges"]
MERCHANT_VISITS = _BASE_GUILDS[MERCHANTS]["extra_visits"]
LIBRARIANS_DRAW = _BASE_GUILDS[LIBRARIANS]["draw"]
LIBRARIANS_DISCARD = _BASE_GUILDS[LIBRARIANS]["discard"]
STEAL_SPREAD_PLAYERS = _BASE_GUILDS[THIEVES]["spread_max_players"]
BANDITS_ONE_PLAYER_WS = 2  # "up to 2 Wood/Stone (any mix)" from one player
NP_DWARF_MOVE_GOLD = DATA["two_player"]["np_dwarf_move_gold"]
MAX_MARKET_VISITS_CAPPED = 2  # D22 literal reading: Markets give the 2nd and 3rd visit only
