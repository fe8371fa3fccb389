"""Daitoshi's fixed geometry and vocabulary (spec §2-§4, §16): the numbers the rules hard-wire,
as opposed to component contents, which come from a component-set JSON (components.py).

Index conventions used everywhere (state, kernels, actions, encoders):
* resources 0-3: food, materials, energy, luxury (the effect codes FOOD..LUXURY are 1-4);
* nature types 0-3: river, forest, mountain, underground (worker colour = nature index, D10:
  blue, green, yellow, red);
* districts 0-4 clockwise, rings 0 inner / 1 central / 2 outer;
* tycoon spaces 0 left / 1 middle / 2 right;
* buildings 0-2 L / M / R; floor slots 0-7: L1 L2 L3 M1 M2 R1 R2 R3;
* market slots 0-1 common, 2-3 innovative, 4 brilliant.
"""

from __future__ import annotations

import numpy as np

RESOURCE_NAMES = ("food", "materials", "energy", "luxury")
NATURE_NAMES = ("river", "forest", "mountain", "underground")
COLOR_NAMES = ("blue", "green", "yellow", "red")
RING_NAMES = ("inner", "central", "outer")
SPACE_NAMES = ("left", "middle", "right")
BUILDING_NAMES = ("L", "M", "R")
SLOT_NAMES = ("L1", "L2", "L3", "M1", "M2", "R1", "R2", "R3")
ACTION_NAMES = ("commit_invention", "expand_renovate", "electrify", "trade", "megamachine")
QUALITY_NAMES = ("common", "innovative", "brilliant")
INVENTION_TYPES = ("basic", "common", "innovative", "brilliant", "university")

NUM_NATURE = 4
ANY = 4  # "any" colour / track / land, and the Town Hall's worker colour
NUM_DISTRICTS = 5
NUM_RINGS = 3
NUM_SLOTS = 8
BUILDING_FIRST_SLOT = np.array([0, 3, 5], np.int64)
BUILDING_FLOORS = np.array([3, 2, 3], np.int64)
NUM_MARKET = 5
MARKET_QUALITY = np.array([0, 0, 1, 1, 2], np.int64)  # market slot -> quality (0 common)
NUM_CITIES_IN_PLAY = 5
NUM_MM_SPACES = 6
NUM_UPGRADES = 3
NUM_FLAGS = 5
TRADE_MAX = 5

# tycoon spaces (§8.2, seed): steam cost and capacity
SPACE_STEAM = np.array([2, 1, 0], np.int64)
SPACE_CAPACITY = np.array([1, 1, 4], np.int64)
LEFT, MIDDLE, RIGHT = 0, 1, 2
FREE_MOVE = 2  # districts moved for free (§8.1); each further one costs 1 steam
EXPAND_COST = np.array([0, 2, 4], np.int64)  # by ring (§3.1, D12)
EXPAND_HEXES = np.array([0, 1, 2], np.int64)
RENOVATE_COST = 3
MEGA_WEALTH = 1  # the Megamachine's own wealth unit (§9.6)

# player factory (§4, seed)
RES_CAP = 9
# §19 "Payment": at most this many held units of one resource can be paid with wealth instead,
# since a resource is held 0..RES_CAP (the WEALTH action range is 0..MAX_WEALTH_SWAP)
MAX_WEALTH_SWAP = RES_CAP
START_STEAM = 7
START_RES = 1
START_WEALTH = 1
WORKER_CAP = np.array([6, 2], np.int64)  # normal / workers tile in conflict
STEAM_PER_ARROW = np.array([3, 2], np.int64)  # normal / steam-engine tile in conflict
CHIMNEY_MAX = 4  # positions -4..+4 (D7)
PROGRESS_K = np.array([[1, 2], [0, 1]], np.int64)  # [tile in conflict][leader]
REPUTATION_MAX = 4
REPUTATION_VP = np.array([0, 2, 3, 5, 7], np.int64)  # by level 1..4 (seed)
WORKERS_PER_COLOR = 15  # supply limit (D28)
CONFLICT_AT = 2  # hexes of one type that flip its operation tile (§13)
CONFLICT_PENALTY = 5  # VP per operation tile in conflict at the end (§17.3)
# operation tile of each nature type (D8): river steam engine, forest workers, mountain building
# costs, underground production progress
OP_STEAM, OP_WORKERS, OP_BUILDING, OP_PROGRESS = 0, 1, 2, 3

# production marker (§4)
MARK_LEFT, MARK_MIDDLE, MARK_RIGHT = 0, 1, 2

# Effect encoding: one int64 = code + 32 * param + 4096 * n (n >= 0, param < 128). `param` is
# a track, colour, conflict flag, city slot, floor slot, condition or tile position.
(
    FX_NONE,
    FX_FOOD,
    FX_MATERIALS,
    FX_ENERGY,
    FX_LUXURY,
    FX_WEALTH,
    FX_STEAM,
    FX_WATER,
    FX_COAL,
    FX_VP,
    FX_VP_END,
    FX_REPUTATION,
    FX_SCORE_REP,
    FX_PRESTIGE,
    FX_WORM,
    FX_PILGRIM,
    FX_WORKER,
    FX_DISCARD_HEX,
    FX_P_ANY,
    FX_P_CREATE,
    FX_P_ACTIVATE,
    FX_PROGRESS,
    # internal codes, never in component data
    FX_ADVANCE,  # param slot: one progress step of that slot's marker, resolving its icon
    FX_CHECK,  # param condition: partnership cash-ins for that condition (§15)
    FX_EXPLORE,  # param nature type: take, record and gain one hex (§8.5)
    FX_HEX_TO_TILE,  # param tile position d*3+ring: move one record hex onto it (§9.3 step 5)
    FX_KEEP_WORKERS,  # return workers until 2 remain (§13 step 2)
    FX_MM_REWARDS,  # param bits: Megamachine workshop rewards left (0 base, 1-3 upgrades)
) = range(28)
PARAM = 32
PARAM_SPAN = 128
UNIT = PARAM * PARAM_SPAN
# param of `vp` / `vp_end`: the seed's red number, lose n VP ("Se o número for vermelho, perde
# os pontos"); a file writes it as a negative n, and the encoding keeps n >= 0
LOSE = 1
DATA_CODES = (
    "",
    "food",
    "materials",
    "energy",
    "luxury",
    "wealth",
    "steam",
    "water",
    "coal",
    "vp",
    "vp_end",
    "reputation",
    "score_reputation",
    "prestige",
    "worm",
    "pilgrim",
    "worker",
    "discard_hex",
    "partnership_any",
    "partnership_create",
    "partnership_activate",
    "progress",
)
FX_NAMES = DATA_CODES[1:] + (
    "advance",
    "partnership_check",
    "explore",
    "hex_to_tile",
    "keep_workers",
    "megamachine_rewards",
)

# partnership conditions (§15; data vocabulary.partnership_conditions)
CONDITIONS = (
    "action:commit_invention",
    "action:expand_renovate",
    "action:electrify",
    "action:trade",
    "action:megamachine",
    "explore:river",
    "explore:forest",
    "explore:mountain",
    "explore:underground",
    "production:leader",
    "production:activate3",
    "workers:place2",
    "workers:megamachine",
    "tycoon:left",
    "tycoon:right",
    "move:3plus",
)
C_ACTION = 0  # + action index
C_EXPLORE = 5  # + nature type
C_LEADER, C_ACTIVATE3, C_PLACE2, C_WORKERS_MM, C_TYCOON_LEFT, C_TYCOON_RIGHT, C_MOVE3 = range(9, 16)

# slot-track icons (§11.3)
ICON_NAMES = ("start", "-", "U", "M", "S", "N", "D")
I_START, I_BLANK, I_UPGRADE, I_READY, I_SCORE, I_NATURE, I_DOUBLE = range(7)

# component-set sizes (seed counts, §2)
QUALITY_COUNTS = (20, 32, 20)
NUM_BASIC = 4
NUM_UNIVERSITY = 24
UNIVERSITY_PER_MM = 6
NUM_INVENTIONS = NUM_BASIC + sum(QUALITY_COUNTS) + NUM_UNIVERSITY  # 100
HEX_COUNTS = (19, 15, 15, 15)
NUM_HEXES = sum(HEX_COUNTS)  # 64
NUM_TILES = 15  # inner 0-4, central 5-9, outer 10-14
NUM_CITIES = 18
NUM_MEGAMACHINES = 4
NUM_MAYOR_CARDS = 16
MAX_TRACK = 19  # longest nature track (river)
MAX_SLOT_TRACK = 12
PRESTIGE_MAX = 30
WORM_MAX = 30
MAX_FX = 1400  # effect pool size

# solo advisors (§18.1; data solo.advisors, effects coded by name in this order)
ADVISOR_NAMES = (
    "Treasurer",  # +2 wealth at the start
    "Urbanist",  # +2 VP after each Expand
    "Engineer",  # +1 prestige after each Electrify
    "Diplomat",  # +2 VP after each Trade
    "Scholar",  # +2 VP after each Commit
    "Foreman",  # +1 VP per worker he places
    "Abbot",  # 3 pilgrim advances in his production turns
    "Magistrate",  # +10 VP at final scoring
    "Industrialist",  # +1 of his top-priority resource in his production turns
    "Patron",  # forest scored with 1 more university invention
)
NUM_ADVISORS = len(ADVISOR_NAMES)
(
    AD_TREASURER,
    AD_URBANIST,
    AD_ENGINEER,
    AD_DIPLOMAT,
    AD_SCHOLAR,
    AD_FOREMAN,
    AD_ABBOT,
    AD_MAGISTRATE,
    AD_INDUSTRIALIST,
    AD_PATRON,
) = range(NUM_ADVISORS)
DIFFICULTIES = ("apprentice", "standard", "veteran", "master")  # advisors dealt: 0-3
