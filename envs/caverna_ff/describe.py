"""Caverna: Frantic Fiends action descriptions in a player's words.

An action index means different things in different phases (an OPTION is a forge strength in
one phase and a number of dogs in another), so `describe(action, phase)` reads the phase, and
`describe_in_state(state, action)` also reads the working values of the decision (which twin
tile, which material, which branch of an either/or space, the bribe good) so that a player can
pick an action from its text alone. Both are plain Python: descriptions are for people.
"""

from __future__ import annotations

from eurogym.envs.caverna_ff.actions import (
    A_BRIBE,
    A_CELL,
    A_CELL_X,
    A_CONVERT,
    A_DONE,
    A_FURN,
    A_FURN_X,
    A_GOLD,
    A_LOOT,
    A_OFFICE,
    A_OPTION,
    A_ORC,
    A_PERSON,
    A_PUSH,
    A_REARRANGE,
    A_REWARD,
    A_REWARD_X,
    A_RUBY,
    A_SKIP,
    A_SOW_GRAIN,
    A_SOW_VEG,
    A_SPACE_X,
    A_TILE_X,
    A_TRAP,
    A_TRAP_X,
    A_TWIN,
    A_TWIN_X,
    NUM_ACTIONS_V1,
    X_HUNTING,
    X_PEACEFUL,
    X_SMITHING,
    X_TRADER,
)
from eurogym.envs.caverna_ff.effects import camouflaged_pick
from eurogym.envs.caverna_ff.spaces import (
    GAIN,
    MARKET_COST,
    MARKET_GOOD,
    NUM_SPACES_V0,
    SPACE_NAMES,
)
from eurogym.envs.caverna_ff.state import (
    CK_RUBY_MINE,
    CK_SINGLE,
    CK_SMALL_PASTURE,
    CK_STABLE,
    EMPTY,
    P_ARM,
    P_BRANCH,
    P_BREED,
    P_CAVE_IN,
    P_CELL,
    P_FARMING,
    P_FEED,
    P_FIGHT_DOGS,
    P_FIGHT_ORC,
    P_FINAL_TRADES,
    P_FORGE,
    P_FURN,
    P_FURN_CELL,
    P_HARVEST_CHOICE,
    P_HOUSE,
    P_HOUSE_LIFT,
    P_IMITATE,
    P_INVADE,
    P_LOOT,
    P_MARKET,
    P_ORC,
    P_ORE_TRADE,
    P_PLACE,
    P_REFILL,
    P_REWARD,
    P_SOLO_SAVE,
    P_SOW,
    P_SOW_CELL,
    P_SPACE_PICK,
    P_TRADE,
    P_TRAP,
    P_TRAP_CELL,
    P_TRAP_PICK,
    P_TWIN,
    P_TWIN_KIND,
    P_WARRIOR,
    P_WARRIOR_PAY,
    PICK_FORGER,
    State,
)
from eurogym.envs.caverna_ff.tables import (
    CELL_COL,
    CELL_ROW,
    CELLS,
    DATA,
    F_ENTRY,
    F_OFFICE,
    FOREST,
    FURN_COST,
    FURN_NAMES,
    FX_FIRST,
    FX_NAMES,
    GOOD_NAMES,
    LONG_STRIP_NAMES,
    LONG_STRIPS,
    LOOT_NAMES,
    NUM_FURN_ALL,
    NUM_ORCS,
    NUM_REWARD_SPACES,
    NUM_REWARDS,
    NUM_TRAPS,
    NUM_TWIN,
    ORC_SIDES,
    PUSH_NAMES,
    REWARD_NAMES,
    REWARD_STRIPS,
    TRAP_LOSS,
    TRAP_NAMES_ALL,
    TRAP_PAY_GOOD,
    TW_LARGE_PASTURE,
    TWIN_ALL_CELLS,
    TWIN_HALVES,
    WARRIOR_MATERIALS,
)

ORC_LETTERS = "ABCD"
TILE_NAMES = (
    "uncovered",
    "meadow",
    "field",
    "cavern",
    "tunnel",
    "deep tunnel",
    "ore mine",
    "ruby mine",
)
ANIMAL_TYPES = ("sheep", "boar", "cattle", "donkey")
# Branch contexts of the either/or spaces (kernels.BR_*), by sub[2].
BR_GROWTH, BR_HOUSEWORK, BR_WISH, BR_URGENT, BR_GROWTH_OR_GOODS, BR_BUILDER, BR_CAPTAIN = range(7)
BR_EXTENSION = 7
PERSON_ORC = 10  # cur_person >= 10: a friendly orc (kernels.PERSON_ORC)

_TRAP_DATA = {t["id"]: t for t in DATA["traps"]}
_SPACES = {a["id"]: a for a in DATA["action_spaces_base"] + DATA["ff_action_spaces"]}
_SPACES.update({c["id"]: c for c in DATA["round_cards"]["cards"]})
_SPACE_TITLES = {
    "wish_for_children_ff": "Wish for Children",
    "urgent_wish_for_children_ff": "Urgent Wish for Children",
    # the 5-7 player boards (A6): which board a repeated space is on
    "hardware_rental": "Hardware Rental (5p)",
    "hardware_rental_6": "Hardware Rental (6-7p)",
    "fence_building": "Fence Building (5p)",
    "fence_building_6": "Fence Building (6-7p)",
    "imitation_5": "Imitation (5-7p)",
    "imitation_7": "Imitation (7p)",
}


def cell_name(cell: int) -> str:
    """Board coordinate: column letter a-f (a-c forest, d-f mountain), row 1-4 top to bottom;
    the Office Room's border cells (E23) are row 0 above, row 5 below, column z left of a and
    column g right of f."""
    r, c = int(CELL_ROW[int(cell)]), int(CELL_COL[int(cell)])
    return f"{'zabcdefg'[c + 1]}{r + 1}"


def cell_title(cell: int) -> str:
    return ("forest " if FOREST[int(cell)] else "mountain ") + cell_name(cell)


def _cell_of(a: int) -> int:
    """The cell a CELL or CELL_X action names, -1 for any other action."""
    if A_CELL <= a < A_FURN:
        return a - A_CELL
    if A_CELL_X <= a < A_OFFICE:
        return CELLS + a - A_CELL_X
    return -1


def _twin_of(a: int) -> int:
    """The twin placement a TWIN or TWIN_X action names, -1 for any other action."""
    if A_TWIN <= a < A_CELL:
        return a - A_TWIN
    if A_TWIN_X <= a < A_CELL_X:
        return NUM_TWIN + a - A_TWIN_X
    return -1


def goods_text(row: object) -> str:
    """'2 wood, 1 stone' for a goods row (zeros left out), '-' when empty."""
    parts = [f"{int(k)} {GOOD_NAMES[g]}" for g, k in enumerate(row) if k]  # type: ignore[arg-type]
    return ", ".join(parts) or "-"


def space_title(s: int) -> str:
    """Readable name of action space s, with the Armory/Ore Mining variants told apart."""
    key = SPACE_NAMES[s]
    title = _SPACE_TITLES.get(key) or _SPACES.get(key, _SPACES.get(key.removesuffix("_ff"), {}))
    title = title if isinstance(title, str) else title.get("name", key.replace("_", " "))
    for tag in ("_1_3", "_4_7"):
        if key.endswith(tag):
            title += f" ({tag[1:].replace('_', '-')}p)"
    if key.endswith("_4") and not key.endswith("_4_7"):
        title += " (4p)"
    return title


SPACE_TITLES = tuple(space_title(s) for s in range(len(SPACE_NAMES)))


def _pretty(name: str) -> str:
    return name.replace("_", " ")


def furn_title(f: int) -> str:
    """Furnishing name; the two Simple Dwellings are told apart by their cost."""
    if f == F_ENTRY:
        return "entry-level dwelling"
    if f >= FX_FIRST:  # caverna_ff_v1's further tiles
        return _pretty(FX_NAMES[f - FX_FIRST])
    name = FURN_NAMES[f]
    if name.startswith("simple_dwelling"):
        return f"simple dwelling ({goods_text(FURN_COST[f])})"
    return _pretty(name)


FURN_TITLES = tuple(furn_title(f) for f in range(NUM_FURN_ALL))  # index = furnishing id
TRAP_TITLES = tuple(_TRAP_DATA[t]["name"] for t in TRAP_NAMES_ALL)  # v0's four, then v1's

_LOOT_TEXT = {
    "all_weapons_plus1": "+1 strength to all weapons",
    "ore2": "2 ore",
    "gold2": "2 gold",
    "furnish_cavern": "furnish a cavern",
    "stable": "a free stable",
    "tunnel": "a tunnel tile",
    "small_pasture": "a small pasture (1 wood)",
    "large_pasture": "a large pasture (2 wood)",
    "meadow": "a meadow tile",
    "dwelling_2w2s": "a dwelling for 2 wood 2 stone",
    "field": "a field tile",
    "sow": "sow",
    "cavern": "a cavern tile",
    "breed2": "breed up to 2 animal types",
    "fight_orc": "fight an orc",
    "place_trap": "place a trap",
    "refill_mines": "refill mines",
}
LOOT_TITLES = tuple(_LOOT_TEXT.get(n, f"1 {n}") for n in LOOT_NAMES)
_REWARD_EFFECT = {x["id"]: x["effect"] for s in REWARD_STRIPS for x in LONG_STRIPS[s]}
_REWARD_NAME = {x["id"]: x["name"] for s in REWARD_STRIPS for x in LONG_STRIPS[s]}
REWARD_TITLES = tuple(f"{_REWARD_NAME[r]} ({_REWARD_EFFECT[r]})" for r in REWARD_NAMES)
# every strip's rewards by kind (strip * 4 + column, L1-L7): caverna_ff_v1 deals the rows' strips
REWARD_KIND_TITLES = tuple(
    f"{x['name']} ({x['effect']})" for k in LONG_STRIP_NAMES for x in LONG_STRIPS[k]
)


def alignment_text(state: State, p: int) -> str:
    """Seat p's alignment card in caverna_ff_v1 (option orc_side, rules B2): its side, or the
    start strengths when they are neither side (the solo campaign's stronger orcs)."""
    start = [int(k) for k in state.p_orc_start[p]]
    names = [side for side, values in ORC_SIDES.items() if values == start]
    label = f"{names[0]} side " if names else "start strengths "
    return label + "/".join(f"{ORC_LETTERS[o]} {k}" for o, k in enumerate(start))


def reward_titles(state: State) -> tuple[str, ...]:
    """What each reward space r (row * 4 + column) gives in this game: v0's fixed strips L1,
    L2, L4, L5; caverna_ff_v1's rows hold the strips dealt (`long_strip`), "-" for a row not in
    play."""
    if "long_strip" not in state.LAYOUT.fields:
        return REWARD_TITLES
    strips = [int(k) for k in state.long_strip]
    return tuple(
        REWARD_KIND_TITLES[strips[r // 4] * 4 + r % 4] if strips[r // 4] >= 0 else "-"
        for r in range(NUM_REWARD_SPACES)  # v1: up to 5 rows (B2 step 5)
    )


RUBY_TRADE_TEXT = (
    "1 ruby -> 1 wood",
    "1 ruby -> 1 stone",
    "1 ruby -> 1 ore",
    "1 ruby -> 1 grain",
    "1 ruby -> 1 vegetable",
    "1 ruby -> 1 sheep",
    "1 ruby -> 1 boar",
    "1 ruby -> 1 donkey",
    "1 ruby -> 1 dog",
    "1 ruby -> 2 food",
    "1 ruby + 1 food -> 1 cattle",
    "1 ruby -> a meadow tile",
    "1 ruby -> a field tile",
    "1 ruby -> a tunnel tile",
    "2 rubies -> a cavern tile",
)
CONVERSION_TEXT = (
    "1 grain -> 1 food",
    "1 vegetable -> 2 food",
    "1 sheep -> 1 food",
    "1 boar -> 2 food",
    "1 cattle -> 3 food",
    "1 donkey -> 1 food",
    "2 donkeys -> 3 food",
    "1 ruby -> 2 food",
    "2 gold -> 1 food",
    "3 gold -> 2 food",
    "4 gold -> 3 food",
    "Cooking Cave: 1 grain + 1 vegetable -> 5 food",
    "Working Cave: 1 wood feeds a dwarf",
    "Working Cave: 1 stone feeds a dwarf",
    "Working Cave: 2 ore feed a dwarf",
    "Beer Parlor: 2 grain -> 4 food",
    "Beer Parlor: 2 grain -> 3 gold",
)


def person_title(person: int) -> str:
    return (
        f"friendly orc {ORC_LETTERS[person - PERSON_ORC]}"
        if person >= PERSON_ORC
        else (f"dwarf {person + 1}")
    )


def _anytime(a: int) -> str | None:
    """The ruby trades and food conversions, offered at every decision."""
    if A_RUBY <= a < A_PERSON:
        return "ruby trade: " + RUBY_TRADE_TEXT[a - A_RUBY]
    if A_CONVERT <= a < A_FURN_X:
        return "convert " + CONVERSION_TEXT[a - A_CONVERT]
    return None


_OPTION_TEXT = {
    P_TWIN_KIND: ("twin tile cavern + tunnel", "twin tile cavern + cavern"),
    P_HARVEST_CHOICE: ("harvest: field, mining and feeding", "harvest: feeding and breeding"),
    P_FARMING: ("build a small pasture", "build a large pasture", "build a stable"),
    P_MARKET: tuple(
        f"buy 1 {GOOD_NAMES[g]} for {k} gold" for g, k in zip(MARKET_GOOD, MARKET_COST, strict=True)
    ),
    P_SOLO_SAVE: ("pay 1 ruby to keep the space's goods",),
    P_HOUSE: ("rearrange: take animals out of a unit to house them again",),
}


def _option(k: int, phase: int) -> str:
    """OPTION k without the decision's working values (see describe_in_state for those)."""
    texts = _OPTION_TEXT.get(phase, ())
    if k < len(texts):
        return texts[k]
    if phase == P_FORGE:
        return f"forge a weapon of strength {k}"
    if phase == P_ORE_TRADE:
        return f"trade {2 * k} ore for {2 * k} gold and {k} food" if k else "trade no ore"
    if phase == P_FIGHT_DOGS:
        return f"fight using {k} dog{'s' * (k != 1)}"
    if phase == P_CAVE_IN:
        return f"pay {k} stone into the Cave-in"
    if phase == P_WARRIOR:
        return f"arm a dwarf with {k} ore" if k <= 8 else f"arm a dwarf with {k - 8} wood"
    if phase == P_BREED:
        return f"breed {ANIMAL_TYPES[k]}" if k < 4 else f"breed type {k}"
    if phase == P_ARM:
        return f"arm dwarf {k + 1}"
    if phase == P_BRANCH:
        return (
            (
                "furnish a cavern / family growth / take the goods",
                "place a trap / grow",
                "grow / take 3 gold",
            )[k]
            if k < 3
            else f"branch {k}"
        )
    if phase == P_TRADE:
        return f"Master Trader: {GOOD_NAMES[k]} / amount {k}" if k < 3 else f"trade {k}"
    if phase == P_WARRIOR_PAY:
        return f"Warrior Dwelling: pay {k} (wood, then stone)"
    return f"choice {k} of {_pretty(PHASE_WORDS.get(phase, 'this step'))}"


def _cell(c: int, phase: int) -> str:
    where = cell_title(c)
    return {
        P_CELL: f"place on {where}",
        P_SOW_CELL: f"sow the field at {where}",
        P_FURN_CELL: f"furnish the cavern at {where}",
        P_TRAP_CELL: f"set the trap on {where}",
        P_REFILL: f"refill the mine at {where}",
        P_INVADE: f"the orc takes the cave cell {where}",
        P_HOUSE: f"house the new animals in the unit at {where}",
        P_HOUSE_LIFT: f"take the animals out of the unit at {where}",
    }.get(phase, f"cell {where}")


def _twin(i: int, kind: int | None) -> str:
    a, b = (int(x) for x in TWIN_ALL_CELLS[i])
    if kind is None:
        return f"twin tile: first half on {cell_name(a)}, second on {cell_name(b)}"
    if kind == TW_LARGE_PASTURE:
        return f"large pasture on {cell_name(a)} + {cell_name(b)}"
    ha, hb = (TILE_NAMES[int(t)] for t in TWIN_HALVES[kind])
    return f"{ha} on {cell_title(a)}, {hb} on {cell_name(b)}"


def describe(action: int, phase: int = -1) -> str:
    """What action index `action` does in decision phase `phase` (state.PHASE_NAMES)."""
    a = int(action)
    if not 0 <= a < NUM_ACTIONS_V1:
        return f"<out of range {a}>"
    if a == A_OFFICE:
        return f"furnish {FURN_TITLES[F_OFFICE]}"
    if _cell_of(a) >= CELLS:  # the Office Room's border (E23)
        return _cell(_cell_of(a), phase)
    if _twin_of(a) >= NUM_TWIN:
        return _twin(_twin_of(a), None) + " (overhanging: +2 gold)"
    if a >= A_REWARD_X:  # the fifth reward row (5-7 players)
        return f"reward space {NUM_REWARDS + a - A_REWARD_X} (row 5, column {a - A_REWARD_X + 1})"
    if a >= A_SPACE_X:  # the 5-7 player boards' spaces
        title = SPACE_TITLES[a - A_SPACE_X + NUM_SPACES_V0]
        return f"imitate {title}" if phase == P_IMITATE else f"go to {title}"
    if a == A_REARRANGE:
        return "rearrange your animals: choose units to empty, then house their animals again"
    if a >= A_TRAP_X:
        return f"place a {TRAP_TITLES[a - A_TRAP_X + NUM_TRAPS]}"
    if a >= A_TILE_X:
        k = a - A_TILE_X
        if k == X_TRADER:
            return "Trader: buy 1 wood, 1 stone and 1 ore for 2 gold"
        if k == X_HUNTING:
            return "Hunting Parlor: 2 boars for 2 gold and 2 food"
        if k == X_SMITHING:
            return "Blacksmithing Parlor: 1 ruby and 1 ore for 2 gold and 1 food"
        return f"Peaceful Cave: trade dwarf {k - X_PEACEFUL}'s weapon for food"
    if a >= A_FURN_X:
        return f"furnish {FURN_TITLES[a - A_FURN_X + FX_FIRST]}"
    anytime = _anytime(a)
    if anytime:
        return anytime
    if a < A_TWIN:
        if phase == P_IMITATE:
            return f"imitate {SPACE_TITLES[a]}"
        return f"go to {SPACE_TITLES[a]}"
    if a < A_CELL:
        return _twin(a - A_TWIN, None)
    if a < A_FURN:
        return _cell(a - A_CELL, phase)
    if a < A_TRAP:
        return f"furnish {FURN_TITLES[a - A_FURN]}"
    if a < A_LOOT:
        return f"place a {TRAP_TITLES[a - A_TRAP]}"
    if a < A_OPTION:
        return f"loot: {LOOT_TITLES[a - A_LOOT]}"
    if a < A_PUSH:
        return _option(a - A_OPTION, phase)
    if a < A_REWARD:
        return f"push the orc {PUSH_NAMES[a - A_PUSH]}"
    if a < A_GOLD:
        return f"reward {REWARD_TITLES[a - A_REWARD]}"
    if a < A_ORC:
        return {
            A_GOLD: "take the orc's gold instead of a reward",
            A_BRIBE: "bribe the orc (-1 strength)",
            A_SOW_GRAIN: "sow grain",
            A_SOW_VEG: "sow a vegetable",
        }[a]
    if a < A_RUBY:
        if phase == P_TRAP_PICK:
            return f"pick orc {ORC_LETTERS[a - A_ORC]} (it loses strength)"
        return f"fight orc {ORC_LETTERS[a - A_ORC]}"
    if a < A_SKIP:
        k = a - A_PERSON
        who = f"dwarf {k + 1}" if k < 6 else f"friendly orc {ORC_LETTERS[k - 6]}"
        return f"pay 1 ruby to place {who} next"
    if a == A_SKIP:
        return SKIP_TEXT.get(phase, "skip this step")
    return DONE_TEXT.get(phase, "done")


SKIP_TEXT = {
    P_PLACE: "stay home (no space can be used)",
    P_TWIN: "place no twin tile",
    P_TWIN_KIND: "place no tile",
    P_CELL: "place nothing",
    P_FORGE: "forge no weapon",
    P_FURN: "furnish nothing",
    P_TRAP: "place no trap",
    P_BRANCH: "do neither",
    P_SOLO_SAVE: "let the space be emptied",
    P_TRADE: "trade no materials",
    P_WARRIOR: "arm no dwarf",
    P_HOUSE_LIFT: "take out no (more) animals: keep the rest of the arrangement",
}
DONE_TEXT = {
    P_SOW: "stop sowing",
    P_LOOT: "take no more loot",
    P_FARMING: "stop farming",
    P_MARKET: "buy nothing more",
    P_ORC: "let the orc move",
    P_FEED: "finish feeding (beg for the missing food)",
    P_FINAL_TRADES: "finish trading (score the game)",
    P_REFILL: "stop refilling",
    P_BREED: "breed the chosen types",
    P_HOUSE: "keep the arrangement (give up the unhoused animals; dogs stay with the dwarfs)",
    P_TRAP_PICK: "make no more picks",
}
PHASE_WORDS = {
    P_PLACE: "place a person on an action space",
    P_TWIN: "place a twin tile",
    P_TWIN_KIND: "choose the twin tile (Excavation)",
    P_CELL: "choose a cell",
    P_SOW: "sow grain or vegetables",
    P_FORGE: "forge a weapon",
    P_LOOT: "choose expedition loot",
    P_FURN: "choose a furnishing tile",
    P_FURN_CELL: "choose the cavern to furnish",
    P_TRAP: "choose a trap",
    P_TRAP_CELL: "choose the trap's cell",
    P_BRANCH: "choose a branch of the action",
    P_FARMING: "fence pastures / build stables",
    P_ORE_TRADE: "trade ore (Ore Trading)",
    P_FIGHT_ORC: "choose the orc to fight",
    P_FIGHT_DOGS: "choose how many dogs join the fight",
    P_REWARD: "choose a reward (or the orc's gold)",
    P_ORC: "orc event: bribe or push the orc",
    P_CAVE_IN: "pay stone into the Cave-in",
    P_HARVEST_CHOICE: "choose the harvest (orc event 4)",
    P_IMITATE: "choose the space to imitate",
    P_WARRIOR: "arm a dwarf (Warrior Dwelling)",
    P_FEED: "feed the family (convert food, then done)",
    P_TRADE: "Master Trader: trade materials 1:1",
    P_SOLO_SAVE: "keep a full accumulating space's goods?",
    P_REFILL: "choose mines to refill",
    P_BREED: "choose up to 2 animal types to breed",
    P_ARM: "choose the dwarf to arm",
    P_WARRIOR_PAY: "pay the Warrior Dwelling",
    P_INVADE: "choose the cave cell an orc invades",
    P_SOW_CELL: "choose the field to sow",
    P_FINAL_TRADES: "last trades before scoring",
    P_HOUSE: "house new animals",
    P_HOUSE_LIFT: "choose a unit to rearrange",
    P_TRAP_PICK: "pick an orc for the Explosive Trap / Poisoned Arrows",
    P_SPACE_PICK: "choose the action space whose actions the Forger / Herald takes",
    P_MARKET: "Weekly Market: buy goods (each at most once)",
}


def _sub(state: State, k: int) -> int:
    return int(state.sub[k])


def describe_in_state(state: State, action: int) -> str:
    """describe(action, phase) completed with what the current decision is about: the twin
    tile's halves, the tile/pasture/stable of a cell choice, the branch of an either/or space,
    forge and warrior costs, the bribe good, Master Trader's steps."""
    a = int(action)
    phase = int(state.phase)
    p = int(state.actor)
    if A_SPACE_X <= a < A_REWARD_X:  # a 5-7 player board's space: as SPACE (below)
        return _space_in_state(state, a - A_SPACE_X + NUM_SPACES_V0, phase)
    if A_REWARD_X <= a < A_TWIN_X:  # the fifth reward row
        return f"reward {reward_titles(state)[NUM_REWARDS + a - A_REWARD_X]}"
    border = _cell_of(a) >= CELLS or _twin_of(a) >= NUM_TWIN  # the Office Room's (E23)
    if _anytime(a) or not (0 <= a < A_FURN_X or border):
        return describe(a, phase)
    if a < A_TWIN and phase in (P_SPACE_PICK, P_IMITATE):
        return _space_in_state(state, a, phase)
    if phase == P_TWIN and _twin_of(a) >= 0:
        text = _twin(_twin_of(a), int(state.twin_kind))
        if _twin_of(a) >= NUM_TWIN and int(state.twin_kind) != TW_LARGE_PASTURE:
            text += " (overhanging: +2 gold)"
        if int(state.twin_kind) == TW_LARGE_PASTURE:
            text += f" ({_sub(state, 1)} wood)"
        return text
    if phase == P_CELL and _cell_of(a) >= 0:
        return f"{_cell_kind_text(state)} on {cell_title(_cell_of(a))}"
    if phase == P_SOW_CELL and _cell_of(a) >= 0:
        crop = "a vegetable" if int(state.pending_tile) else "grain"
        return f"sow {crop} on the field at {cell_name(_cell_of(a))}"
    if phase == P_FURN_CELL and _cell_of(a) >= 0:
        return f"build {FURN_TITLES[int(state.pending_tile)]} on cavern {cell_name(_cell_of(a))}"
    if phase == P_TRAP_CELL and _cell_of(a) >= 0:
        return f"set the {TRAP_TITLES[int(state.pending_tile)]} on {cell_title(_cell_of(a))}"
    if phase == P_TRAP_PICK and A_ORC <= a < A_RUBY:
        q, t = a - A_ORC, int(state.ev_trap) - 1
        strength = int(state.orc_str[p, q])
        after = max(0, strength - int(TRAP_LOSS[t]))
        end = "defeated" if after == 0 else str(after)
        return f"{TRAP_TITLES[t]}: pick orc {ORC_LETTERS[q]} (strength {strength} -> {end})"
    if A_REWARD <= a < A_GOLD and "long_strip" in state.LAYOUT.fields:  # v1's dealt strips
        return f"reward {reward_titles(state)[a - A_REWARD]}"
    if phase == P_INVADE and _cell_of(a) >= 0:
        orc = ORC_LETTERS[_sub(state, 0)]
        return f"orc {orc} invades the cave at {cell_name(_cell_of(a))}"
    if phase == P_PLACE and A_PERSON <= a < A_SKIP and a - A_PERSON < 6:
        if camouflaged_pick(state.buf, p, a - A_PERSON):  # F17: no ruby
            return f"place dwarf {a - A_PERSON + 1} next (Camouflaged Dwelling, free)"
    if A_OPTION <= a < A_PUSH:
        text = _option_in_state(state, a - A_OPTION, phase, p)
        if text:
            return text
    if phase == P_ORC and a == A_BRIBE:
        good = GOOD_NAMES[int(state.bribe_good[int(state.ev)])]
        return f"bribe orc {ORC_LETTERS[int(state.ev_letter)]} with 1 {good} (-1 strength)"
    if phase == P_ORC and A_PUSH <= a < A_REWARD:
        cost = goods_text(state.p_push_cost[int(state.ev)])
        return f"push orc {ORC_LETTERS[int(state.ev_letter)]} {PUSH_NAMES[a - A_PUSH]} ({cost})"
    if phase == P_REWARD and a == A_GOLD:
        gold = int(state.p_orc_gold[_sub(state, 0)])
        return f"take orc {ORC_LETTERS[_sub(state, 0)]}'s {gold} gold instead of a reward"
    if phase == P_SOLO_SAVE and a == A_SKIP:
        return f"let {SPACE_TITLES[int(state.clear_pos)]} be emptied"
    if phase == P_HOUSE and (_cell_of(a) >= 0 or a == A_DONE):
        kind = (*ANIMAL_TYPES, "dogs")[_sub(state, 0)]
        if a == A_DONE:
            fate = "stay with the dwarfs" if kind == "dogs" else "are converted to food"
            return f"keep the arrangement: the unhoused {kind} {fate}"
        return f"house the unhoused {kind} in the unit at {cell_title(_cell_of(a))}"
    return describe(a, phase)


def _space_in_state(state: State, s: int, phase: int) -> str:
    """Space s as the answer of a placement, an Imitation (its food) or a Forger / Herald."""
    if phase == P_SPACE_PICK:  # v1's Forger / Herald (B6)
        who = "Forger" if _sub(state, 0) == PICK_FORGER else "Herald"
        return f"{who}: take the actions of {SPACE_TITLES[s]}"
    if phase == P_IMITATE:
        return f"imitate {SPACE_TITLES[s]} (pay {_sub(state, 0)} food)"
    return f"go to {SPACE_TITLES[s]}"


def _cell_kind_text(state: State) -> str:
    kind = int(state.cell_kind)
    if kind == CK_SINGLE:
        return f"place a {TILE_NAMES[int(state.pending_tile)]}"
    if kind == CK_RUBY_MINE:
        return "build a ruby mine"
    if kind == CK_SMALL_PASTURE:
        return f"fence a small pasture ({_sub(state, 1)} wood)"
    if kind == CK_STABLE:
        return f"build a stable ({_sub(state, 1)} stone)"
    return "place"


def _option_in_state(state: State, k: int, phase: int, p: int) -> str | None:
    """OPTION k with the decision's working values, or None where the phase alone says it."""
    if phase == P_FORGE:
        material = "wood" if _sub(state, 0) == 1 else "ore"
        return f"forge a strength-{k} weapon (paid in {material})"
    if phase == P_BRANCH:
        return _branch_text(state, k)
    if phase == P_TRADE:
        src, dst = _sub(state, 1), _sub(state, 2)
        if src < 0:
            return f"Master Trader: trade away {GOOD_NAMES[k]}"
        if dst < 0:
            return f"Master Trader: turn {GOOD_NAMES[src]} into {GOOD_NAMES[k]}"
        return f"Master Trader: trade {k} {GOOD_NAMES[src]} for {k} {GOOD_NAMES[dst]}"
    if phase == P_WARRIOR_PAY:
        wood = _sub(state, 2)
        if wood < 0:
            return f"Warrior Dwelling: pay {k} wood (stone and ore next)"
        return f"Warrior Dwelling: pay {wood} wood, {k} stone, {WARRIOR_MATERIALS - wood - k} ore"
    if phase == P_ARM:
        return f"arm dwarf {k + 1} with strength {_sub(state, 0)}"
    if phase == P_SOLO_SAVE:
        return f"pay 1 ruby to keep the goods on {SPACE_TITLES[int(state.clear_pos)]}"
    if phase == P_FIGHT_DOGS:
        orc = _sub(state, 0)
        strength = int(state.orc_str[p, orc])
        return f"fight orc {ORC_LETTERS[orc]} (strength {strength}) with {k} dog{'s' * (k != 1)}"
    if phase == P_CAVE_IN:
        orc = ORC_LETTERS[int(state.ev_letter)]
        t = int(state.trap[p, int(state.orc_cell[p, int(state.ev_letter)])]) - 1
        good, trap = GOOD_NAMES[TRAP_PAY_GOOD[t]], TRAP_TITLES[t]
        return f"pay {k} {good} into the {trap} (orc {orc} -{k})" if k else f"pay no {good}"
    return None


def _branch_text(state: State, k: int) -> str:
    ctx = _sub(state, 2)
    if ctx == BR_GROWTH:
        return "family growth"
    if ctx == BR_CAPTAIN:  # F19
        return f"Orc Captain: 1 more {GOOD_NAMES[k]}"
    if ctx == BR_BUILDER:  # F12
        ore = ("pay as printed", "1 ore instead of 1 wood", "1 ore instead of 1 stone")
        return ore[k] if k < 3 else "1 ore instead of 1 wood and 1 ore instead of 1 stone"
    if ctx == BR_EXTENSION:  # A6
        return ("1 wood and a meadow/field twin tile", "1 stone and a cavern/tunnel twin tile")[k]
    if ctx == BR_GROWTH_OR_GOODS:
        space = int(state.cur_space)
        return f"take {goods_text(GAIN[space])}" if k == 0 else "family growth"
    if k == 0:
        return "furnish a cavern" + (" (then may grow)" if ctx == BR_URGENT else "")
    if k == 1:
        return "place a trap" + (" (then may grow)" if ctx == BR_URGENT else "")
    return "take 3 gold" if ctx == BR_URGENT else "family growth"


def decision_text(state: State) -> str:
    """The pending decision in words, with its subject (the person placed, the active orc)."""
    phase = int(state.phase)
    words = PHASE_WORDS.get(phase, "game over")
    person = int(state.cur_person)
    if phase == P_PLACE and person != EMPTY:
        return f"{words}: placing {person_title(person)}"
    if phase == P_TRAP_PICK:
        picks = int(state.ev_picks)
        return f"{TRAP_TITLES[int(state.ev_trap) - 1]}: {picks} pick{'s' * (picks != 1)} left"
    if phase == P_CAVE_IN and int(state.ev) >= 0:  # the Cave-in, or v1's Poisoned Food
        p, o = int(state.actor), int(state.ev_letter) % NUM_ORCS
        t = int(state.trap[p, int(state.orc_cell[p, o])]) - 1
        good = GOOD_NAMES[TRAP_PAY_GOOD[t]]
        return f"pay {good} into the {TRAP_TITLES[t]} (orc {ORC_LETTERS[o]})"
    if phase in (P_ORC, P_CAVE_IN) and int(state.ev) >= 0:
        return f"{words} (orc {ORC_LETTERS[int(state.ev_letter) % NUM_ORCS]})"
    if phase == P_CELL:
        return f"choose where to {_cell_kind_text(state)}"
    if phase in (P_FURN, P_TRAP, P_LOOT, P_FIGHT_ORC) and int(state.cur_space) >= 0:
        return f"{words} ({SPACE_TITLES[int(state.cur_space)]})"
    return words
