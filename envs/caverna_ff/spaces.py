"""The v1 action spaces (spec A6, B2-B3, Part E) as small op programs run by kernels.py.

Each space is a list of ops `(code, arg)` executed in order by the acting person; an op that
needs a choice becomes a decision phase (state.PHASE_NAMES), an op with nothing possible is
skipped. Accumulation `ACC[s, g] = (x, y)`: add x when the space is empty, else y (spec 0).
"""

from __future__ import annotations

import numpy as np

from eurogym.envs.caverna_ff.tables import (
    DATA,
    GOOD_NAMES,
    NUM_GOODS,
    TW_CAVERN_CAVERN,
    TW_CAVERN_TUNNEL,
    TW_MEADOW_FIELD,
    TW_ORE_MINE,
)

(
    OP_NONE,
    OP_COLLECT,  # take the accumulated goods
    OP_GAIN,  # the space's fixed goods (GAIN[s])
    OP_TOKEN,  # take the starting-player token
    OP_TWIN,  # optional twin tile; arg = bit mask of TW_* kinds
    OP_SOW,  # optional sow (spec A11)
    OP_FORGE,  # unarmed person may forge; arg 0 = ore (max 8), 1 = wood (Armory, max 4)
    OP_EXPED,  # optional expedition of level arg (armed dwarf)
    OP_GROWTH,  # optional family growth
    OP_FURNISH,  # furnish a cavern; arg 1 = dwellings only
    OP_TRAP,  # place a trap; arg 1 = for free (Trapper)
    OP_HOUSEWORK,  # FF Housework: furnish xor trap xor nothing
    OP_WISH,  # FF Wish for Children: exactly one of furnish / trap / growth
    OP_URGENT,  # FF Urgent Wish: (furnish or trap, then may grow) xor 3 gold
    OP_GROWTH_OR_GOODS,  # 4p Growth: goods xor family growth
    OP_FARMING,  # Sheep/Donkey Farming: small pasture, large pasture, stable, each once
    OP_REFILL,  # FF refill mines (B3)
    OP_ORE_TRADE,  # Ore Trading: up to 3x 2 ore -> 2 gold + 1 food
    OP_RUBY_MINE,  # FF Ruby Mine Construction (ruby onto the mine if on a deep tunnel)
    OP_PER_ORE_MINE,  # +2 ore per ore mine (Ore Delivery)
    OP_RUBY_IF,  # +1 ruby if at least arg ruby mines
    OP_IMITATE,  # pay food, then use a space an opponent occupies
    OP_SINGLE,  # place a single tile (loot); arg = tile code
    OP_STABLE,  # place one free stable (loot)
    OP_PASTURE,  # loot pasture: arg 0 small for 1 wood, 1 large for 2 wood
    OP_BREED2,  # loot: breed up to 2 types
    OP_MARKET,  # 5-7 players' Weekly Market: buy each listed good at most once (A6)
    OP_EXTENSION,  # 7 players' Extension: 1 wood + meadow/field twin xor 1 stone + cavern/tunnel
) = range(28)

MF = 1 << TW_MEADOW_FIELD
CT = 1 << TW_CAVERN_TUNNEL
CC = 1 << TW_CAVERN_CAVERN
OM = 1 << TW_ORE_MINE

PROGRAMS: dict[str, list[tuple[int, int]]] = {
    "drift_mining": [(OP_COLLECT, 0), (OP_TWIN, CT)],
    "logging": [(OP_COLLECT, 0), (OP_EXPED, 1)],
    "armory_1_3": [(OP_COLLECT, 0), (OP_FORGE, 1)],
    "excavation": [(OP_COLLECT, 0), (OP_TWIN, CT | CC)],
    "supplies": [(OP_GAIN, 0)],
    "clearing": [(OP_COLLECT, 0), (OP_TWIN, MF)],
    "starting_player": [(OP_TOKEN, 0), (OP_COLLECT, 0), (OP_GAIN, 0)],
    "ore_mining_ff_1_3": [(OP_COLLECT, 0), (OP_REFILL, 0)],
    "sustenance": [(OP_COLLECT, 0), (OP_GAIN, 0), (OP_TWIN, MF)],
    "ruby_mining": [(OP_COLLECT, 0), (OP_RUBY_IF, 1)],
    "housework_ff": [(OP_GAIN, 0), (OP_HOUSEWORK, 0)],
    "slash_and_burn": [(OP_TWIN, MF), (OP_SOW, 0)],
    "strip_mining": [(OP_COLLECT, 0), (OP_GAIN, 0)],
    "forest_exploration": [(OP_COLLECT, 0), (OP_GAIN, 0)],
    "imitation": [(OP_IMITATE, 4)],
    "imitation_ff": [(OP_IMITATE, 2)],
    "drift_mining_4": [(OP_COLLECT, 0), (OP_TWIN, CT)],
    "logging_ff": [(OP_COLLECT, 0), (OP_EXPED, 1)],
    "armory_4_7": [(OP_COLLECT, 0), (OP_FORGE, 1)],
    "excavation_4": [(OP_COLLECT, 0), (OP_TWIN, CT | CC)],
    "growth": [(OP_GROWTH_OR_GOODS, 0)],
    "clearing_4": [(OP_COLLECT, 0), (OP_TWIN, MF)],
    "starting_player_4": [(OP_TOKEN, 0), (OP_COLLECT, 0), (OP_GAIN, 0)],
    "ore_mining_ff_4_7": [(OP_COLLECT, 0), (OP_REFILL, 0)],
    "sustenance_4": [(OP_COLLECT, 0), (OP_TWIN, MF)],
    # round cards (stage order), FF replacements in place (spec B2)
    "blacksmithing": [(OP_FORGE, 0), (OP_EXPED, 3)],
    "sheep_farming": [(OP_FARMING, 0), (OP_COLLECT, 0)],
    "ore_mine_construction_ff": [(OP_TWIN, OM), (OP_EXPED, 2)],
    "wish_for_children_ff": [(OP_WISH, 0)],
    "donkey_farming": [(OP_FARMING, 0), (OP_COLLECT, 0)],
    "ruby_mine_construction_ff": [(OP_RUBY_MINE, 0)],
    "ore_delivery": [(OP_COLLECT, 0), (OP_PER_ORE_MINE, 0)],
    "family_life": [(OP_GROWTH, 0), (OP_SOW, 0)],
    "exploration": [(OP_EXPED, 4)],
    "adventure": [(OP_FORGE, 0), (OP_EXPED, 1), (OP_EXPED, 1)],
    "ore_trading": [(OP_ORE_TRADE, 0)],
    "ruby_delivery": [(OP_COLLECT, 0), (OP_RUBY_IF, 2)],
    "urgent_wish_for_children_ff": [(OP_URGENT, 0)],
    # caverna_ff_v1's 5-7 player boards (A6, docs/rules/caverna_ff.md A6.1), after v0's
    # spaces so every v0 space keeps its number. Fence Building is a farming space whose
    # stable is already used (OP_FARMING's arg: the items used, bit 2 the stable).
    "depot": [(OP_COLLECT, 0)],
    "weekly_market": [(OP_GAIN, 0), (OP_MARKET, 0)],
    "small_drift_mining": [(OP_TWIN, CT), (OP_GAIN, 0)],
    "hardware_rental": [(OP_EXPED, 2), (OP_SOW, 0)],
    "hardware_rental_6": [(OP_GAIN, 0), (OP_EXPED, 2), (OP_SOW, 0)],
    "fence_building": [(OP_COLLECT, 0), (OP_FARMING, 4)],
    "fence_building_6": [(OP_COLLECT, 0), (OP_FARMING, 4)],
    "imitation_5": [(OP_IMITATE, 0)],
    "large_depot": [(OP_COLLECT, 0)],
    "extension": [(OP_EXTENSION, 0)],
    "imitation_7": [(OP_IMITATE, 0)],
}
SPACE_NAMES = tuple(PROGRAMS)
NUM_SPACES = len(SPACE_NAMES)
# caverna_ff_v0's spaces (1-4 players): the first NUM_SPACES_V0; its action space and JSON
# know only these (actions.A_SPACE_X numbers the rest, state.State trims its JSON)
NUM_SPACES_V0 = SPACE_NAMES.index("depot")
MAX_OPS = 3
PROGRAM = np.zeros((NUM_SPACES, MAX_OPS, 2), np.int64)
for _s, _name in enumerate(SPACE_NAMES):
    for _i, (_code, _arg) in enumerate(PROGRAMS[_name]):
        PROGRAM[_s, _i] = (_code, _arg)

S_WISH = SPACE_NAMES.index("wish_for_children_ff")
S_URGENT = SPACE_NAMES.index("urgent_wish_for_children_ff")
S_FAMILY_LIFE = SPACE_NAMES.index("family_life")
S_EXPLORATION = SPACE_NAMES.index("exploration")
S_RUBY_MINING = SPACE_NAMES.index("ruby_mining")
NOT_IMITABLE = np.array(
    [int(n.startswith(("starting_player", "imitation"))) for n in SPACE_NAMES], np.int64
)

_BY_ID = {a["id"]: a for a in DATA["action_spaces_base"]}
_BY_ID.update({a["id"]: a for a in DATA["ff_action_spaces"]})
_BY_ID.update({c["id"]: c for c in DATA["round_cards"]["cards"]})
for _new in ("ore_mine_construction_ff", "ruby_mine_construction_ff"):
    _BY_ID[_new] = {**_BY_ID[_new.removesuffix("_ff")], **_BY_ID[_new]}
_BY_ID["wish_for_children_ff"] = _BY_ID["wish_for_children"]
_BY_ID["urgent_wish_for_children_ff"] = _BY_ID["urgent_wish_for_children"]

ACC = np.zeros((NUM_SPACES, NUM_GOODS, 2), np.int64)
GAIN = np.zeros((NUM_SPACES, NUM_GOODS), np.int64)
for _s, _name in enumerate(SPACE_NAMES):
    _entry = _BY_ID[_name]
    for _g, (_x, _y) in _entry.get("accumulation", {}).items():
        ACC[_s, GOOD_NAMES.index(_g)] = (_x, _y)
    for _op in _entry.get("ops", []):
        if isinstance(_op, dict) and isinstance(_op.get("gain"), dict) and "if" not in _op:
            for _g, _n in _op["gain"].items():
                GAIN[_s, GOOD_NAMES.index(_g)] += _n
        if isinstance(_op, dict) and "xor" in _op and _name == "growth":
            for _g, _n in _op["xor"][0]["gain"].items():
                GAIN[_s, GOOD_NAMES.index(_g)] += _n
GAIN[S_URGENT] = 0
GAIN[S_URGENT, GOOD_NAMES.index("gold")] = 3  # the 3-gold branch (spec B3)
IS_ACCUMULATING = (ACC.sum(axis=(1, 2)) > 0).astype(np.int64)

# Imitation's food cost by space and player count (A6: the base space and the FF card, and
# the 5-7 player boards' imitation_5 / imitation_7); 0 where the space is not in play.
IMITATE_COST = np.zeros((NUM_SPACES, 8), np.int64)
for _s, _name in enumerate(SPACE_NAMES):
    for _n, _food in _BY_ID[_name].get("cost_food_by_players", {}).items():
        IMITATE_COST[_s, int(_n)] = _food

# Weekly Market (A6): the goods it sells, each at most once per visit, and their gold prices,
# in the data's order (OPTION k buys good MARKET_GOOD[k]).
_MARKET = next(
    op["optional_buy_each_once"]
    for op in _BY_ID["weekly_market"]["ops"]
    if isinstance(op, dict) and "optional_buy_each_once" in op
)
MARKET_GOOD = np.array([GOOD_NAMES.index(g) for g in _MARKET], np.int64)
MARKET_COST = np.array(list(_MARKET.values()), np.int64)
NUM_MARKET = len(MARKET_GOOD)
S_EXTENSION = SPACE_NAMES.index("extension")

# Round cards (A4, B2): stage of each card space (0 = not a stage card), the solo fixed order.
_FF_CARD = DATA["ff_round_card_replacements"]
CARD_STAGE = np.zeros(NUM_SPACES, np.int64)
for _k in range(1, 5):
    for _c in DATA["round_cards"][f"stage_{_k}"]["cards"]:
        CARD_STAGE[SPACE_NAMES.index(_FF_CARD.get(_c, _c))] = _k
_SOLO = DATA["round_cards"]["solo_order"]
SOLO_ORDER = np.array(
    [
        SPACE_NAMES.index(_FF_CARD.get(_SOLO[str(r)], _SOLO[str(r)])) if str(r) in _SOLO else -1
        for r in range(1, 13)
    ],
    np.int64,
)


def permanent_spaces(num_players: int) -> list[int]:
    """The FF permanent spaces for this player count (JSON permanent_spaces_by_players)."""
    names = DATA["permanent_spaces_by_players"][str(num_players)]["frantic_fiends"]
    return [SPACE_NAMES.index(n) for n in names]
