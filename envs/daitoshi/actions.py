"""Daitoshi's flat action space: Discrete(151). Every decision of spec §19 that this engine asks
is one step of the player who makes it; multi-part choices are sequences of these small
actions, and which range is legal depends on the phase (`state.phase`, state.PHASE_NAMES).

Ranges (name, meaning):
* 0 PRODUCE: take a production turn (§7; your production marker is on `middle`).
* 1-15 MOVE: `1 + (districts - 1) * 3 + space`: a city turn, moving your tycoon 1-5 districts
  clockwise onto tycoon space 0 left / 1 middle / 2 right (§8.1-8.2).
* 16 SUBSIDY: use your government subsidy in this production turn (§7).
* 17-19 ACTIVATE b: activate building L / M / R (§7).
* 20-35 PLACE: `20 + colour * 4 + workshop`: one of your workers of colour blue / green /
  yellow / red on the workshop of your district's inner / central / outer tile or (3) the
  Megamachine's (§8.4).
* 36-41 EXPLORE: `36 + (land - 1) * 2 + order`: at the Town Hall, the land type (forest,
  mountain, underground) and 0 = river first / 1 = land first (§8.5).
* 42-46 ACTION k: commit, expand/renovate, electrify, trade, Megamachine (§8.6, §9).
* 47-51 SLOT m: a market slot (0-1 common, 2-3 innovative, 4 brilliant) for Commit (§9.2).
* 52-54 BUILDING b: the building that receives the invention just taken (§9.2 step 4).
* 55-64 RING: `55 + district * 2 + ring - 1`: the central (ring 1) or outer (2) space to
  Expand (§9.3).
* 65 RENOVATE (§9.3).
* 66-80 TILE: `66 + district * 3 + ring`: the tile to Electrify (§9.4).
* 81-105 TRADE: `81 + city * 5 + k - 1`: trade with city slot 0-4 delivering k luxury (§9.5).
* 106-113 FLOOR s: a floor slot L1..R3: the ready invention to donate (§9.6), or where one
  `progress` step goes (§11.3).
* 114-119 MSPACE i: the Megamachine invention space (§9.6); or the Megamachine workshop reward
  to take next (0 its base, 1-3 the upgrades on spaces a-c, §16).
* 120-123 TYPE t: a nature type (river, forest, mountain, underground): a pilgrim's track, a
  record hex to discard or to move onto a new tile.
* 124-127 COLOR c: a worker colour: the colour of a gained `any` worker, a worker returned to
  make room, or one returned when the workers tile flips (§10.4, §13).
* 128-132 CITY c: the city slot for `partnership_any`, or the flag to cash in (§15).
* 133 BRIBE: solo, before a Mayor turn: use the bribe tile (§18.2 step 1).
* 134-135 MAYOR_CARD: solo, after the bribe: the first or second revealed Mayor card.
* 136 DONE: stop producing / placing, take no action, finish Commit after one invention,
  decline a worker, no (more) cash-ins, keep the bribe tile.
* 137-140 DRAFT b: expert variant setup: take revealed basic invention b (0-3) into L1 (§5.2
  step 7).
* 141-150 WEALTH k: pay k of the units of the resource being paid that you hold with wealth
  instead (on top of the wealth that covers a shortfall; spec §19 "Payment", §4).
"""

from __future__ import annotations

from eurogym.envs.daitoshi.tables import (
    ACTION_NAMES,
    BUILDING_NAMES,
    COLOR_NAMES,
    MAX_WEALTH_SWAP,
    NATURE_NAMES,
    NUM_BASIC,
    RING_NAMES,
    SLOT_NAMES,
    SPACE_NAMES,
)

A_PRODUCE = 0
A_MOVE = 1
A_SUBSIDY = A_MOVE + 15  # 16
A_ACTIVATE = A_SUBSIDY + 1  # 17
A_PLACE = A_ACTIVATE + 3  # 20
A_EXPLORE = A_PLACE + 16  # 36
A_ACTION = A_EXPLORE + 6  # 42
A_SLOT = A_ACTION + 5  # 47
A_BUILDING = A_SLOT + 5  # 52
A_RING = A_BUILDING + 3  # 55
A_RENOVATE = A_RING + 10  # 65
A_TILE = A_RENOVATE + 1  # 66
A_TRADE = A_TILE + 15  # 81
A_FLOOR = A_TRADE + 25  # 106
A_MSPACE = A_FLOOR + 8  # 114
A_TYPE = A_MSPACE + 6  # 120
A_COLOR = A_TYPE + 4  # 124
A_CITY = A_COLOR + 4  # 128
A_BRIBE = A_CITY + 5  # 133
A_MAYOR_CARD = A_BRIBE + 1  # 134
A_DONE = A_MAYOR_CARD + 2  # 136
A_DRAFT = A_DONE + 1  # 137
A_WEALTH = A_DRAFT + NUM_BASIC  # 141
NUM_ACTIONS = A_WEALTH + MAX_WEALTH_SWAP + 1  # 151
WORKSHOP_NAMES = ("inner", "central", "outer", "megamachine")


def describe(action: int, phase: int = -1) -> str:
    """Human-readable name of an action index."""
    a = int(action)
    if not 0 <= a < NUM_ACTIONS:
        return f"<out of range {a}>"
    if a == A_PRODUCE:
        return "production turn"
    if a < A_SUBSIDY:
        dist, space = divmod(a - A_MOVE, 3)
        return f"move {dist + 1} to {SPACE_NAMES[space]} space"
    if a == A_SUBSIDY:
        return "use subsidy"
    if a < A_PLACE:
        return f"activate building {BUILDING_NAMES[a - A_ACTIVATE]}"
    if a < A_EXPLORE:
        color, ws = divmod(a - A_PLACE, 4)
        return f"place {COLOR_NAMES[color]} worker on {WORKSHOP_NAMES[ws]} workshop"
    if a < A_ACTION:
        land, order = divmod(a - A_EXPLORE, 2)
        return f"explore river + {NATURE_NAMES[land + 1]}, {('river', 'land')[order]} first"
    if a < A_SLOT:
        return f"action {ACTION_NAMES[a - A_ACTION]}"
    if a < A_BUILDING:
        return f"market slot {a - A_SLOT}"
    if a < A_RING:
        return f"building {BUILDING_NAMES[a - A_BUILDING]}"
    if a < A_RENOVATE:
        d, ring = divmod(a - A_RING, 2)
        return f"expand district {d} {RING_NAMES[ring + 1]}"
    if a == A_RENOVATE:
        return "renovate"
    if a < A_TRADE:
        d, ring = divmod(a - A_TILE, 3)
        return f"electrify district {d} {RING_NAMES[ring]}"
    if a < A_FLOOR:
        city, k = divmod(a - A_TRADE, 5)
        return f"trade with city {city}, {k + 1} luxury"
    if a < A_MSPACE:
        return f"floor {SLOT_NAMES[a - A_FLOOR]}"
    if a < A_TYPE:
        return f"megamachine space S{a - A_MSPACE + 1}"
    if a < A_COLOR:
        return f"nature {NATURE_NAMES[a - A_TYPE]}"
    if a < A_CITY:
        return f"colour {COLOR_NAMES[a - A_COLOR]}"
    if a < A_BRIBE:
        return f"city {a - A_CITY}"
    if a == A_BRIBE:
        return "use the bribe tile"
    if a < A_DONE:
        return f"Mayor card {('first', 'second')[a - A_MAYOR_CARD]}"
    if a == A_DONE:
        return "done"
    if a < A_WEALTH:
        return f"draft basic invention {a - A_DRAFT}"
    return f"pay {a - A_WEALTH} held unit(s) with wealth instead"


assert NUM_ACTIONS == 151
