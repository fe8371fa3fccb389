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
    BUILDING_NAMES,
    COLOR_NAMES,
    MAX_WEALTH_SWAP,
    NATURE_NAMES,
    NUM_BASIC,
    NUM_UPGRADES,
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
WORKSHOP_NAMES = ("inner", "central", "outer", "Megamachine")
ACTION_WORDS = ("Commit", "Expand/Renovate", "Electrify", "Trade", "Megamachine")
MARKET_WORDS = ("common", "common", "innovative", "innovative", "brilliant")


def describe(action: int, phase: int = -1) -> str:
    """An action in the words a player would use in `phase` (state.PHASE_NAMES): the same
    index means different things in different decisions (MSPACE 1 is Megamachine space S2
    when donating but upgrade a when ordering the workshop rewards; COLOR is a worker gained,
    or one returned). Without a phase (-1) it names the range. The engine's state-aware
    `describe_action` (rules.py) adds the rewards and costs the state knows."""
    from eurogym.envs.daitoshi import state as st  # state.py imports NUM_ACTIONS from here

    a = int(action)
    if not 0 <= a < NUM_ACTIONS:
        return f"<out of range {a}>"
    text = _in_phase(a, phase, st)
    return text if text is not None else _by_range(a)


def _in_phase(a: int, phase: int, st) -> str | None:  # noqa: ANN001 (the state module)
    """The phase's reading of `a`, or None where the range's own name says it."""
    if a == A_DONE:
        return {
            st.P_PRODUCE: "stop producing",
            st.P_WORKERS: "place no more workers",
            st.P_ACTION: "take no action",
            st.P_COMMIT: "finish Commit with one invention",
            st.P_WORKER: "decline the worker",
            st.P_CASH_IN: "cash in no (more) flags",
            st.P_BRIBE: "no bribe: keep the bribe tile",
        }.get(phase)
    if A_FLOOR <= a < A_MSPACE:
        slot = SLOT_NAMES[a - A_FLOOR]
        if phase == st.P_MEGA_SLOT:
            return f"donate the ready invention on floor {slot} to the Megamachine"
        if phase == st.P_PROGRESS:
            return f"advance floor {slot}'s progress marker"
    if A_MSPACE <= a < A_TYPE:
        i = a - A_MSPACE
        if phase == st.P_MEGA_SPACE:
            return f"put it on Megamachine space S{i + 1}"
        if phase == st.P_MM_ORDER and i <= NUM_UPGRADES:
            part = "base" if i == 0 else f"upgrade {'abc'[i - 1]}"
            return f"take the Megamachine workshop's {part} reward next"
    if A_TYPE <= a < A_COLOR:
        nature = NATURE_NAMES[a - A_TYPE]
        article = f"{'an' if nature[0] == 'u' else 'a'} {nature}"
        return {
            st.P_PILGRIM: f"advance your {nature} pilgrim",
            st.P_DISCARD_HEX: f"give {article} hex from your record back to nature",
            st.P_HEX_TO_TILE: f"move {article} hex from your record onto the new tile",
        }.get(phase)
    if A_COLOR <= a < A_CITY:
        colour = COLOR_NAMES[a - A_COLOR]
        if phase == st.P_KEEP:
            return f"return a {colour} worker to the supply"
        if phase == st.P_WORKER:
            return f"take a {colour} worker (factory full: return a {colour} one to make room)"
    if A_CITY <= a < A_BRIBE:
        j = a - A_CITY
        if phase == st.P_FLAG:
            return f"place a partnership flag on city {j}"
        if phase == st.P_CASH_IN:
            return f"cash in your flag on city {j}"
    return None


def _by_range(a: int) -> str:
    """The action range's own meaning (each range belongs to one kind of decision)."""
    if a == A_PRODUCE:
        return "take a production turn"
    if a < A_SUBSIDY:
        dist, space = divmod(a - A_MOVE, 3)
        return (
            f"city turn: move your tycoon {dist + 1} district{'s' if dist else ''} to the "
            f"{SPACE_NAMES[space]} space"
        )
    if a == A_SUBSIDY:
        return "use the government subsidy"
    if a < A_PLACE:
        return f"activate building {BUILDING_NAMES[a - A_ACTIVATE]}"
    if a < A_EXPLORE:
        color, ws = divmod(a - A_PLACE, 4)
        return f"place a {COLOR_NAMES[color]} worker on the {WORKSHOP_NAMES[ws]} workshop"
    if a < A_ACTION:
        land, order = divmod(a - A_EXPLORE, 2)
        first = ("river", NATURE_NAMES[land + 1])[order]
        return f"explore river + {NATURE_NAMES[land + 1]}, {first} hex first"
    if a < A_SLOT:
        return f"take the {ACTION_WORDS[a - A_ACTION]} action"
    if a < A_BUILDING:
        m = a - A_SLOT
        return f"commit the {MARKET_WORDS[m]} invention in market slot {m}"
    if a < A_RING:
        return f"put the invention in building {BUILDING_NAMES[a - A_BUILDING]}"
    if a < A_RENOVATE:
        d, ring = divmod(a - A_RING, 2)
        return f"expand district D{d} with a new {RING_NAMES[ring + 1]} tile"
    if a == A_RENOVATE:
        return "renovate"
    if a < A_TRADE:
        d, ring = divmod(a - A_TILE, 3)
        return f"electrify the {RING_NAMES[ring]} tile of district D{d}"
    if a < A_FLOOR:
        city, k = divmod(a - A_TRADE, 5)
        return f"trade {k + 1} luxury with city {city}"
    if a < A_MSPACE:
        return f"floor slot {SLOT_NAMES[a - A_FLOOR]}"
    if a < A_TYPE:
        return f"Megamachine space S{a - A_MSPACE + 1} (or workshop reward {a - A_MSPACE})"
    if a < A_COLOR:
        return f"nature type {NATURE_NAMES[a - A_TYPE]}"
    if a < A_CITY:
        return f"worker colour {COLOR_NAMES[a - A_COLOR]}"
    if a < A_BRIBE:
        return f"city {a - A_CITY}"
    if a == A_BRIBE:
        return "use the bribe tile: reveal 2 Mayor cards and choose the one he plays"
    if a < A_DONE:
        return f"the Mayor plays the {('first', 'second')[a - A_MAYOR_CARD]} revealed card"
    if a == A_DONE:
        return "done"
    if a < A_WEALTH:
        return f"draft basic invention {a - A_DRAFT}"
    k = a - A_WEALTH
    return f"pay {k} held unit{'' if k == 1 else 's'} with wealth instead"


assert NUM_ACTIONS == 151
