"""Fixed Caverna + Frantic Fiends data (spec Parts A-B), read once from
data/caverna_frantic_fiends.json: the project's source data with each record's `src` tag renamed
`source` (a per-field tag object joined into one string), so `python -m eurogym.envs.provenance`
counts them; the values are unchanged. Stand-in values a user may replace live in config.py.

Index conventions used across the package:
* home board cells: flat `r * 6 + c` (0-23), rows 0-3 top to bottom, columns 0-2 forest and
  3-5 mountain (spec A2). `FOREST[cell]` is 1 for forest cells.
* goods (`res[p, g]`): wood, stone, ore, ruby, gold, food, grain, vegetable, then the animals
  sheep, boar, cattle, donkey, dog (13 in all; animals 8-12).
* tiles (`tile[p, cell]`): T_NONE, meadow, field (forest); cavern, tunnel, deep tunnel, ore
  mine, ruby mine (mountain). The pre-printed entry-level dwelling (3,3) and cavern (2,3) are
  caverns; the entry dwelling carries furnishing F_ENTRY.
* action spaces: the v1 list SPACE_NAMES (permanent FF spaces for 1-4 players, then the round
  cards with the FF replacements, spec B2-B3).
* orcs: letters A-D = 0-3 (spec B6).
"""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.data import load_component_data

DATA = load_component_data("eurogym.envs.caverna_ff", "caverna_frantic_fiends.json")

ROWS, COLS, CELLS = 4, 6, 24
# The Office Room's border (rules A3, E23): the cells just outside the printed board where an
# overhanging twin tile's outer half lies, ids CELLS.. in the order 6 above row 0 (columns
# 0-5), 6 below row 3, 4 left of column 0 (rows 0-3), 4 right of column 5. Every per-cell
# state array is CELLS_ALL wide (the row stride); loops run to CELLS unless the player owns
# the Office Room (board.board_cells), so the other boards cost nothing more.
BORDER_CELLS = 20
CELLS_ALL = CELLS + BORDER_CELLS
CELL_ROW = np.array(
    [c // COLS for c in range(CELLS)] + [-1] * 6 + [ROWS] * 6 + list(range(ROWS)) * 2, np.int64
)
CELL_COL = np.array(
    [c % COLS for c in range(CELLS)] + list(range(COLS)) * 2 + [-1] * ROWS + [COLS] * ROWS,
    np.int64,
)
# forest: the printed columns 0-2 and the border cells beside them (above, below, left)
FOREST = np.array([int(CELL_COL[c] < 3) for c in range(CELLS_ALL)], np.int64)
ENTRANCE_CELL = 3 * COLS + 2  # forest (3,2), the only way into the cave (D02)
ENTRY_DWELLING = 3 * COLS + 3  # (3,3)
START_CAVERN = 2 * COLS + 3  # (2,3)


def cell_at(r: int, c: int) -> int:
    """The cell id of row r, column c (border rows -1 and ROWS, columns -1 and COLS), -1 if
    neither a board nor a border cell (the corners)."""
    for k in range(CELLS_ALL):
        if CELL_ROW[k] == r and CELL_COL[k] == c:
            return k
    return -1


GOOD_NAMES = (
    "wood",
    "stone",
    "ore",
    "ruby",
    "gold",
    "food",
    "grain",
    "vegetable",
    "sheep",
    "boar",
    "cattle",
    "donkey",
    "dog",
)
NUM_GOODS = len(GOOD_NAMES)
WOOD, STONE, ORE, RUBY, GOLD, FOOD, GRAIN, VEG, SHEEP, BOAR, CATTLE, DONKEY, DOG = range(NUM_GOODS)
FIRST_ANIMAL = SHEEP
NUM_ANIMALS = 5  # sheep boar cattle donkey dog, `res[:, FIRST_ANIMAL + a]`
FARM_ANIMALS = (SHEEP, BOAR, CATTLE, DONKEY)

T_NONE, T_MEADOW, T_FIELD, T_CAVERN, T_TUNNEL, T_DEEP, T_ORE_MINE, T_RUBY_MINE = range(8)

# Bonus symbols gained when a cell is first covered (spec A2): cell -> good, amount.
BONUS = np.zeros((CELLS_ALL, NUM_GOODS), np.int64)  # none on the border
for _b in DATA["geometry"]["bonus_spaces"]:
    _r, _c = _b["cell"]
    for _g, _n in _b["gain"].items():
        BONUS[_r * COLS + _c, GOOD_NAMES.index(_g)] += _n

# Orthogonal neighbours (up, down, left, right); -1 outside. Forest and mountain touch only
# across the entrance (D01). A printed edge cell's neighbour outside is its border cell, which
# counts only once a tile lies on it (E23); border cells touch their board cell and the border
# cells beside them on the same edge and side.
NEIGHBOURS = np.full((CELLS_ALL, 4), -1, np.int64)
for _cell in range(CELLS_ALL):
    for _k, (_dr, _dc) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
        _n = cell_at(int(CELL_ROW[_cell]) + _dr, int(CELL_COL[_cell]) + _dc)
        if _n >= 0 and FOREST[_n] == FOREST[_cell] or (_cell < CELLS and 0 <= _n < CELLS):
            NEIGHBOURS[_cell, _k] = _n

# Twin placements: `cell * 4 + k`, k = 0 right (A left), 1 right (A right), 2 down (A top),
# 3 down (A bottom). TWIN_CELLS[i] = (cell of half A, cell of half B) or (-1, -1).
NUM_TWIN = CELLS * 4
TWIN_CELLS = np.full((NUM_TWIN, 2), -1, np.int64)
for _cell in range(CELLS):
    _r, _c = divmod(_cell, COLS)
    if _c + 1 < COLS and (_c + 1 < 3) == (_c < 3):
        TWIN_CELLS[_cell * 4 + 0] = (_cell, _cell + 1)
        TWIN_CELLS[_cell * 4 + 1] = (_cell + 1, _cell)
    if _r + 1 < ROWS:
        TWIN_CELLS[_cell * 4 + 2] = (_cell, _cell + COLS)
        TWIN_CELLS[_cell * 4 + 3] = (_cell + COLS, _cell)
# Overhanging twin placements (the Office Room, E23): border cell b's row 2 * b has half A on
# the board cell beside it and half B on b, row 2 * b + 1 the other way round. Placement
# indices run on from the printed ones: NUM_TWIN + j is TWIN_X_CELLS[j] (TWIN_ALL_CELLS).
NUM_TWIN_X = 2 * BORDER_CELLS
TWIN_X_CELLS = np.full((NUM_TWIN_X, 2), -1, np.int64)
for _b in range(BORDER_CELLS):
    _out = CELLS + _b
    _in = next(int(n) for n in NEIGHBOURS[_out] if 0 <= n < CELLS)
    TWIN_X_CELLS[2 * _b] = (_in, _out)
    TWIN_X_CELLS[2 * _b + 1] = (_out, _in)
TWIN_ALL_CELLS = np.concatenate([TWIN_CELLS, TWIN_X_CELLS])
NUM_TWIN_ALL = NUM_TWIN + NUM_TWIN_X
OFFICE_GOLD = 2  # the Office Room: +2 gold for each overhanging twin tile (spec A10)

# Twin tile kinds (spec A3): halves A and B.
TW_MEADOW_FIELD, TW_CAVERN_TUNNEL, TW_CAVERN_CAVERN, TW_ORE_MINE, TW_LARGE_PASTURE = range(5)
TWIN_HALVES = np.array(
    [
        [T_MEADOW, T_FIELD],
        [T_CAVERN, T_TUNNEL],
        [T_CAVERN, T_CAVERN],
        [T_ORE_MINE, T_DEEP],
        [T_MEADOW, T_MEADOW],
    ],
    np.int64,
)

# Furnishings of v1 (spec Part E): the 17 base tiles, the FF orange ones, then the yellows of the
# short strips R1-R4 (index order = action order).
_BASE = {f["id"]: f for f in DATA["furnishings_base"]}
_FF = {f["id"]: f for f in DATA["furnishings_ff"]}
V1 = DATA["v1_subset"]
SHORT_STRIPS = DATA["reward_board"]["short_strips"]
YELLOW_NAMES = tuple(t for s in V1["reward_short_strips"] for t in SHORT_STRIPS[s])
FURN_NAMES = tuple(V1["furnishings_base"]) + tuple(V1["furnishings_ff"][:2]) + YELLOW_NAMES
assert V1["furnishings_ff"][:2] == ["orc_dwelling", "warrior_dwelling"]
NUM_FURN = len(FURN_NAMES)
F_ENTRY = NUM_FURN  # the pre-printed entry-level dwelling, not a supply tile
_FURN = [{**_BASE, **_FF}[n] for n in FURN_NAMES]


def _cost(f: dict) -> list[int]:
    cost = f["cost"]
    if "any_material" in cost:  # Warrior Dwelling: 8 materials, >= 1 each (handled in kernels)
        return [1, 1, 1] + [0] * (NUM_GOODS - 3)
    return [int(cost.get(g, 0)) for g in GOOD_NAMES]


# caverna_ff_v1's further base tiles (spec A10, Part E "full version adds"), in action order:
# their ids follow F_ENTRY (F_ENTRY + 1 + k), so v0's ids, cell values and actions stay as they
# were; the per-id tables below hold v0's tiles, the entry dwelling, then these.
FX_NAMES = (
    "work_room",
    "miner",
    "quarry",
    "breeding_cave",
    "mining_cave",
    "additional_dwelling",
    "dog_school",
    "seam",
    "trader",
    "peaceful_cave",
    "guest_room",
    "builder",
    # the yellow tiles of the short strips R5-R7 (rules B6): on the supply only while their
    # strip is in play (deal.py deals the short strips at random, seed p.2 step 5c)
    *(t for s in ("R5", "R6", "R7") for t in SHORT_STRIPS[s]),
    # Frantic Fiends tiles of the supply extensions (rules F14-F21), one copy each (F0)
    "dwelling_copy",
    "childrens_dwelling",
    "battle_dog_school",
    "camouflaged_dwelling",
    "orc_miner_dwelling",
    "orc_captain_dwelling",
    "guest_dwelling",
    "orc_worker_dwelling",
    # the Office Room (rules A10, E23): last, so every earlier id and FURN_X action stays
    "office_room",
)
NUM_FX = len(FX_NAMES)
FX_FIRST = NUM_FURN + 1
NUM_FURN_ALL = FX_FIRST + NUM_FX  # ids 0..NUM_FURN_ALL-1; F_ENTRY is not a supply tile
_FX = [{**_BASE, **_FF}[n] for n in FX_NAMES]
_ALL = _FURN + [None] + _FX


def _col(get, entry: int) -> np.ndarray:
    return np.array([entry if f is None else get(f) for f in _ALL], np.int64)


FURN_COST = np.array([[0] * NUM_GOODS if f is None else _cost(f) for f in _ALL], np.int64)
FURN_POINTS = _col(lambda f: f["points"], 0)
# the Additional Dwelling's room ("6th dwarf only") is one room, for the 6th dwarf (board.can_grow)
FURN_ROOM = _col(lambda f: 1 if isinstance(f["room_dwarfs"], str) else f["room_dwarfs"], 2)
FURN_ORC_ROOM = _col(lambda f: f["room_orcs"], 0)
FURN_IS_DWELLING = _col(lambda f: int(f["color"] == "orange"), 1)
FURN_IS_YELLOW = _col(lambda f: int(f["color"] == "yellow"), 0)
FURN_UNLIMITED = _col(lambda f: int(f["copies"] == "unlimited"), 0)
FURN_PER_PLAYER = _col(lambda f: int(f["copies"] == 7), 0)
WARRIOR_MATERIALS = 8


def furn(name: str) -> int:
    return FURN_NAMES.index(name)


(
    F_DWELLING,
    F_SIMPLE_A,
    F_SIMPLE_B,
    F_CUDDLE,
    F_BREAKFAST,
    F_STUBBLE,
    F_CARPENTER,
    F_STONE_CARVER,
    F_BLACKSMITH,
    F_WOOD_SUPPLIER,
    F_STONE_SUPPLIER,
    F_RUBY_SUPPLIER,
    F_SLAUGHTERING,
    F_COOKING,
    F_WORKING,
    F_MIXED,
    F_COUPLE,
    F_ORC_DWELLING,
    F_WARRIOR,
) = [furn(n) for n in FURN_NAMES[:19]]
(
    F_WORK_ROOM,
    F_MINER,
    F_QUARRY,
    F_BREEDING_CAVE,
    F_MINING_CAVE,
    F_ADDITIONAL,
    F_DOG_SCHOOL,
    F_SEAM,
    F_TRADER,
    F_PEACEFUL,
    F_GUEST,
    F_BUILDER,
    F_BLACKSMITHING_PARLOR,
    F_TREASURE_CHAMBER,
    F_HUNTING_PARLOR,
    F_MAIN_STORAGE,
    F_FOOD_CHAMBER,
    F_STONE_STORAGE,
    F_DWELLING_COPY,
    F_CHILDRENS,
    F_BATTLE_DOG_SCHOOL,
    F_CAMOUFLAGED,
    F_ORC_MINER,
    F_ORC_CAPTAIN,
    F_GUEST_DWELLING,
    F_ORC_WORKER,
    F_OFFICE,
) = range(FX_FIRST, NUM_FURN_ALL)
ORC_MINER_BONUS = 1  # Orc Miner Dwelling: +1 ore when its orc hauls an ore mine (F18)
CAMOUFLAGE_MAX_WEAPON = 3  # Camouflaged Dwelling: armed dwarfs up to this strength (F17)
BATTLE_DOG_FACTOR = 2  # Battle Dog School: each dog counts double in a fight (B5, F16)
TRADER_GOLD = 2  # Trader: 2 gold -> 1 wood + 1 stone + 1 ore (spec A10)
# Hunting Parlor: 2 boars -> 2 gold + 2 food; Blacksmithing Parlor: 1 ruby + 1 ore -> 2 gold +
# 1 food (spec A10, any time before scoring)
HUNTING_BOARS, HUNTING_GOLD, HUNTING_FOOD = 2, 2, 2
SMITHING_GOLD, SMITHING_FOOD = 2, 1
# The short strips of the reward board (rules B6), R1-R7, and the two yellow tiles each carries
# (furnishing ids: v0's for R1-R4, v1's further ids for R5-R7).
SHORT_STRIP_NAMES = tuple(SHORT_STRIPS)
NUM_SHORT_STRIPS = len(SHORT_STRIP_NAMES)
_ANY_ID = FURN_NAMES + ("entry",) + FX_NAMES
STRIP_YELLOWS = np.array(
    [[_ANY_ID.index(t) for t in SHORT_STRIPS[s]] for s in SHORT_STRIP_NAMES], np.int64
)
F_WEAVING, F_MILKING, F_STATE, F_BEER = (
    furn(n) for n in ("weaving_parlor", "milking_parlor", "state_parlor", "beer_parlor")
)
F_WEAPON_STORAGE, F_TRAP_CHAMBER, F_FAMILY_HALL, F_DOG_HALL = (
    furn(n) for n in ("weapon_storage", "trap_chamber", "family_hall", "dog_hall")
)
# Suppliers: goods at the start of each of the next k rounds (spec A10).
SUPPLIER_ROUNDS = {
    F_WOOD_SUPPLIER: (WOOD, 7),
    F_STONE_SUPPLIER: (STONE, 5),
    F_RUBY_SUPPLIER: (RUBY, 4),
}

# Traps (spec B7), in action order: v0's four (TRAP t), then caverna_ff_v1's further eight
# (TRAP_X k = trap NUM_TRAPS + k, in the order of the rules' table), so v0's ids stay.
TRAP_NAMES = tuple(V1["traps"])
NUM_TRAPS = len(TRAP_NAMES)
TRAP_X_NAMES = (
    "snare_trap",
    "stone_trap",
    "poisoned_food",
    "steel_trap",
    "bear_trap",
    "explosive_trap",
    "poisoned_arrows",
    "permanent_trap",
)
NUM_TRAP_X = len(TRAP_X_NAMES)
TRAP_NAMES_ALL = TRAP_NAMES + TRAP_X_NAMES
NUM_TRAPS_ALL = len(TRAP_NAMES_ALL)
_TRAPS = {t["id"]: t for t in DATA["traps"]}
assert sorted(TRAP_NAMES_ALL) == sorted(_TRAPS)
TRAP_COST = np.array(
    [[int(_TRAPS[t]["cost"].get(g, 0)) for g in GOOD_NAMES] for t in TRAP_NAMES_ALL], np.int64
)
TK_LETHAL, TK_HOLDING, TK_DEBILITATING = range(3)
TRAP_KIND = np.array(
    [("lethal", "holding", "debilitating").index(_TRAPS[t]["type"]) for t in TRAP_NAMES_ALL],
    np.int64,
)
TRAP_MAX = np.array([_TRAPS[t]["params"].get("max_strength", 99) for t in TRAP_NAMES_ALL], np.int64)
TRAP_COPIES_BASIC = np.array([int(_TRAPS[t]["basic"]) for t in TRAP_NAMES_ALL], np.int64)
# What a debilitating trap does when it triggers (spec B7): TE_PAY its owner pays 0..max of a
# good, -1 strength each (Cave-in, Poisoned Food); TE_HALVE strength -> ceil(strength / 2)
# (Steel, Bear Trap); TE_PICKS its owner picks hostile orcs, -loss each (Explosive Trap,
# Poisoned Arrows); TE_FLAT -loss to every entering orc, never flips (Permanent Trap).
TE_NONE, TE_PAY, TE_HALVE, TE_PICKS, TE_FLAT = range(5)


def _effect(params: dict) -> tuple[int, int, int, int]:
    """(effect, good paid, most paid or picks, strength lost) of a trap's `params`."""
    if "pay_good" in params:
        top = params["max_pay"] if params["max_pay"] is not None else 99
        return TE_PAY, GOOD_NAMES.index(params["pay_good"]), top, 1
    if params.get("halve_round_up"):
        return TE_HALVE, 0, 0, 0
    if "picks" in params:
        return TE_PICKS, 0, params["picks"], params["per_pick"]
    if params.get("permanent"):
        return TE_FLAT, 0, 0, params["flat"]
    return TE_NONE, 0, 0, 0


_EFFECTS = np.array([_effect(_TRAPS[t]["params"]) for t in TRAP_NAMES_ALL], np.int64)
TRAP_EFFECT, TRAP_PAY_GOOD, TRAP_PAY_MAX, TRAP_LOSS = (_EFFECTS[:, k].copy() for k in range(4))
TRAP_PICKS = TRAP_PAY_MAX  # a TE_PICKS trap's number of picks (same column)
MAX_TRAP_PICKS = int(TRAP_PICKS[TRAP_EFFECT == TE_PICKS].max())
CAVE_IN_MAX_PAY = _TRAPS["cave_in"]["params"]["max_pay"]
TRAP_INACTIVE_POINTS = 2
TR_SPEAR, TR_CAVE_IN, TR_NET, TR_TRAPDOOR = (
    TRAP_NAMES.index(t) for t in ("spear_trap", "cave_in", "net_trap", "trapdoor")
)
(
    TR_SNARE,
    TR_STONE,
    TR_POISONED_FOOD,
    TR_STEEL,
    TR_BEAR,
    TR_EXPLOSIVE,
    TR_ARROWS,
    TR_PERMANENT,
) = range(NUM_TRAPS, NUM_TRAPS_ALL)

# The supply board (spec B2 step 4; contents stand-in D34): a base piece every game holds and
# nine extensions S1-S9, one dealt at random per player in caverna_ff_v1 (deal.py), each with
# furnishing tiles in its top and middle rows and one single-copy trap in its bottom row. Tiles
# this version does not build (EXT_UNBUILT) are left off the supply.
SUPPLY = DATA["supply_board"]
EXT_NAMES = tuple(SUPPLY["extensions"])
NUM_EXT = len(EXT_NAMES)
EXT_UNBUILT: tuple[str, ...] = ()
SUPPLY_BASE_FURN = tuple(x["id"] for row in ("top_row", "middle_row") for x in SUPPLY["base"][row])
# Expedition loot (spec A8, B5), in action order.
LOOT = DATA["expedition_loot_base"] + DATA["expedition_loot_ff"]
LOOT_NAMES = tuple(x["id"] for x in LOOT)
NUM_LOOT = len(LOOT_NAMES)
LOOT_MIN = np.array([x["min"] for x in LOOT], np.int64)
LOOT_GAIN = np.array(
    [[int(x.get("gain", {}).get(g, 0)) for g in GOOD_NAMES] for x in LOOT], np.int64
)
L_ALL_WEAPONS, L_FURNISH, L_STABLE, L_TUNNEL, L_SMALL_PASTURE, L_LARGE_PASTURE = (
    LOOT_NAMES.index(n)
    for n in (
        "all_weapons_plus1",
        "furnish_cavern",
        "stable",
        "tunnel",
        "small_pasture",
        "large_pasture",
    )
)
L_MEADOW, L_DWELLING, L_FIELD, L_SOW, L_CAVERN, L_BREED2 = (
    LOOT_NAMES.index(n) for n in ("meadow", "dwelling_2w2s", "field", "sow", "cavern", "breed2")
)
L_FIGHT, L_TRAP, L_REFILL = (
    LOOT_NAMES.index(n) for n in ("fight_orc", "place_trap", "refill_mines")
)
MAX_WEAPON = DATA["weapons"]["max_strength"]
MAX_FORGE_ORE = DATA["weapons"]["forge_ore"]["max_forged"]
BLACKSMITH_DISCOUNT = DATA["weapons"]["forge_ore"]["blacksmith_discount_ore"]

# Orcs (spec B2, B6).
NUM_ORCS = 4
ORC_START = np.array(
    [r * COLS + c for r, c in (DATA["orcs"]["start"][k] for k in "ABC")] + [-1], np.int64
)
ORC_STRENGTH = np.array([DATA["alignment"]["standard"][k] for k in "ABCD"], np.int64)
# the alignment card's sides (rules B2, seed p.3): A-D start strengths of each side
ORC_SIDES = {
    side: [DATA["alignment"][side][k] for k in "ABCD"] for side in ("standard", "challenging")
}
# the strongest strength marker (seed: markers up to 21/22, for the solo campaign's orcs)
MAX_ORC_MARKER = max(int(k.split("/")[1]) for k in DATA["alignment"]["strength_markers"])
ORC_GOLD = np.array([DATA["orcs"]["gold_on_back"][k] for k in "ABCD"], np.int64)  # stand-in D12
ORC_MAX_COLUMN = np.array([max(DATA["orcs"]["reward_columns"][k]) for k in "ABCD"], np.int64)
ORC_D_FIGHT_ROUND = DATA["orcs"]["fightable_from_round"]["D"]
SPAWN_CELLS = {"left": 0, "center": 1, "right": 2}

# Movement cards (stand-in D15): deck k has 9 cards of k steps; a step is a direction code.
DIR_UP, DIR_DOWN, DIR_LEFT, DIR_RIGHT = range(4)
_DIRS = {(-1, 0): DIR_UP, (1, 0): DIR_DOWN, (0, -1): DIR_LEFT, (0, 1): DIR_RIGHT}
DECK_CARDS = 9
CARD_STEPS = np.full((3, DECK_CARDS, 3), -1, np.int64)  # [deck-1, card, step] -> dir or -1
CARD_SPAWN = np.zeros((3, DECK_CARDS), np.int64)  # top-row column for Orc D (D16)
for _d in range(3):
    for _i, _card in enumerate(DATA["movement_cards"][f"deck_{_d + 1}"]):
        for _s, _step in enumerate(_card["steps"]):
            CARD_STEPS[_d, _i, _s] = _DIRS[tuple(_step)]
        CARD_SPAWN[_d, _i] = SPAWN_CELLS[_card["spawn"]]

# Push directions (D38): 8 neighbours, index order N, NE, E, SE, S, SW, W, NW.
PUSH_DELTA = np.array(
    [[-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1]], np.int64
)
PUSH_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def _next_table() -> np.ndarray:
    """NEXT[cell, dir] for forest cells (spec B8 step 3): the cell an orc reaches by one card
    step, with the blocked-step rule (illegal -> down, else right); CAVE (-2) = the cave."""
    nxt = np.full((CELLS, 4), -1, np.int64)
    for cell in range(CELLS):
        r, c = divmod(cell, COLS)
        if c >= 3:
            continue
        for d, (dr, dc) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
            for ddr, ddc in ((dr, dc), (1, 0), (0, 1)):  # the card step, then down, then right
                r2, c2 = r + ddr, c + ddc
                if cell == ENTRANCE_CELL and (ddr, ddc) == (0, 1):
                    nxt[cell, d] = CAVE
                    break
                if 0 <= r2 < ROWS and 0 <= c2 < 3:
                    nxt[cell, d] = r2 * COLS + c2
                    break
    return nxt


CAVE = -2
NEXT = _next_table()
assert (NEXT[FOREST[:CELLS] == 1] != -1).all()  # never stuck (spec audit: fallback always works)

# Orc event boards (spec B8, stand-ins D14): deck, push cost, harvest kind.
EVENT_DECK = np.array([b["movement_deck"] for b in DATA["orc_event_boards"]], np.int64)
EVENT_PUSH_COST = np.array(
    [[int(b["push_cost"].get(g, 0)) for g in GOOD_NAMES] for b in DATA["orc_event_boards"]],
    np.int64,
)
BRIBE_GOODS = np.array([GOOD_NAMES.index(g) for g in DATA["bribe_tokens"]["goods"]], np.int64)
BRIBE_TOKENS_USED = DATA["bribe_tokens"]["used"]

# Harvest kinds (spec B11).
(
    H_NONE,
    H_NORMAL,
    H_MINING_FEEDING,
    H_FEED_ONE,
    H_FEED_ARMED2,
    H_CHOICE,
) = range(6)
HARVEST_NAMES = (
    "none",
    "normal",
    "mining+feeding",
    "feed 1 each",
    "feed armed 2/others 1",
    "choice",
)
EVENT_HARVEST = np.array([H_MINING_FEEDING, H_NORMAL, H_FEED_ARMED2, H_CHOICE], np.int64)

# Reward board (spec B6): the seven long strips L1-L7, 4 reward spaces each (columns 1-4). A
# reward space of the board is `row * 4 + column` (REWARD r); what it gives is its reward kind
# `strip * 4 + column` over all seven strips, the strip being the row's: caverna_ff_v0's rows
# hold L1, L2, L4, L5 (the v1 subset, V0_ROW_STRIP), caverna_ff_v1 deals them at random
# (state.long_strip, deal.deal_long_strips).
LONG_STRIPS = dict(DATA["reward_board"]["long_strips"])
LONG_STRIP_NAMES = tuple(LONG_STRIPS)
NUM_LONG_STRIPS = len(LONG_STRIP_NAMES)
assert all([x["column"] for x in LONG_STRIPS[k]] == [1, 2, 3, 4] for k in LONG_STRIP_NAMES)
REWARD_STRIPS = tuple(V1["reward_long_strips"])
V0_ROW_STRIP = np.array([LONG_STRIP_NAMES.index(k) for k in REWARD_STRIPS], np.int64)
REWARD_NAMES = tuple(x["id"] for s in REWARD_STRIPS for x in LONG_STRIPS[s])  # v0's spaces
NUM_REWARDS = len(REWARD_NAMES)
# caverna_ff_v1: up to 5 reward rows (one per player; 5 long strips with 5-7 players, rules B2
# step 5 and D10), so 20 reward spaces; v0's 16 are the first
MAX_REWARD_ROWS = int(max(DATA["reward_board"]["strips_by_players"].values()))
NUM_REWARD_SPACES = 4 * MAX_REWARD_ROWS
REWARD_KIND_NAMES = tuple(x["id"] for s in LONG_STRIP_NAMES for x in LONG_STRIPS[s])
NUM_REWARD_KINDS = len(REWARD_KIND_NAMES)
REWARD_GAIN = np.array(  # per reward kind
    [
        [int(x.get("gain", {}).get(g, 0)) for g in GOOD_NAMES]
        for s in LONG_STRIP_NAMES
        for x in LONG_STRIPS[s]
    ],
    np.int64,
)
REWARD_COLUMN = np.array([i % 4 for i in range(NUM_REWARD_SPACES)], np.int64)
(
    RW_MERCENARY,
    RW_FOREMAN,
    RW_CASANOVA,
    RW_SUPPLIER,
    RW_TRAPPER,
    RW_BEGGAR_KING,
    RW_MASTER_TRADER,
    RW_SOLDIER,
    RW_FORGER,
    RW_ORC_DOCTOR,
    RW_HERALD,
    RW_BENEFACTOR,
) = (
    REWARD_KIND_NAMES.index(n)
    for n in (
        "mercenary",
        "foreman",
        "casanova",
        "supplier",
        "trapper",
        "beggar_king",
        "master_trader",
        "soldier",
        "forger",
        "orc_doctor",
        "herald",
        "benefactor",
    )
)
MERCENARY_LEVEL, SOLDIER_LEVEL = 4, 3  # their expeditions' levels (spec B6)
# Benefactor: food per adult dwarf, per newborn and per friendly orc (spec B6)
BENEFACTOR_ADULT, BENEFACTOR_OTHER = 2, 1
SUPPLIER_STRENGTH = 5

# Food conversions (spec A12, D04).
FOOD_VALUE = np.zeros(NUM_GOODS, np.int64)
for _g in ("sheep", "donkey", "boar", "cattle", "grain", "vegetable", "ruby"):
    FOOD_VALUE[GOOD_NAMES.index(_g)] = DATA["food_conversions"][_g]
START_FOOD = tuple(DATA["starting_food"]["by_turn_position"])
SOLO_START_FOOD = DATA["starting_food"]["solo_ff"]
SOLO_CLEAR_AT = DATA["solo_base"]["accumulation_clear_threshold"]
BEGGING_POINTS = -3
REFILL = DATA["refill_mines"]
REFILL_ORE, REFILL_ORE_MINES = REFILL["ore_per_ore_mine"], REFILL["max_ore_mines"]
REFILL_RUBY, REFILL_RUBY_MINES = REFILL["ruby_per_ruby_mine"], REFILL["max_ruby_mines"]


def _ext_tiles(ext: dict) -> list[str]:
    return [t for t in ext["top"] + ext["middle"] if t not in EXT_UNBUILT]


# furnishing ids (v0's, then v1's further ones) on each extension, -1 padded; its trap's id
_EXT_MAX = max(len(_ext_tiles(e)) for e in SUPPLY["extensions"].values())
EXT_FURN = np.full((NUM_EXT, _EXT_MAX), -1, np.int64)
for _e, _ext in enumerate(SUPPLY["extensions"].values()):
    for _k, _t in enumerate(_ext_tiles(_ext)):
        EXT_FURN[_e, _k] = _ANY_ID.index(_t)
EXT_TRAP = np.array(
    [TRAP_NAMES_ALL.index(e["trap"]) for e in SUPPLY["extensions"].values()], np.int64
)
EXT_MAX_TILES = _EXT_MAX
# what an extension may carry (a `data_overrides` "supply_board" is checked against these): the
# furnishings that are neither on the base piece nor yellow (the yellows lie on the reward
# board's short strips), and the single-copy traps
EXT_TILE_NAMES = tuple(
    n
    for k, n in enumerate(_ANY_ID)
    if n != "entry" and n not in SUPPLY_BASE_FURN and not FURN_IS_YELLOW[k]
)
EXT_TRAP_NAMES = tuple(t for k, t in enumerate(TRAP_NAMES_ALL) if not TRAP_COPIES_BASIC[k])
EXT_TILE_IDS = np.array([_ANY_ID.index(n) for n in EXT_TILE_NAMES], np.int64)
EXT_TRAP_IDS = np.array([TRAP_NAMES_ALL.index(t) for t in EXT_TRAP_NAMES], np.int64)
