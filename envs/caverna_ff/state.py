"""Caverna: Frantic Fiends state: one flat int64 buffer (envs.core.flatstate) with these fields.

Seats are 0..N-1 in clockwise order; `actor` is always the seat that decides. Board arrays are
per player and per home-board cell (`r * 6 + c`, tables.py), then the Office Room's border
cells (ids 24-43, tables.CELLS_ALL wide; v0's JSON holds cells 0-23 only). Hidden
information is the RNG alone: round cards, face-down harvest markers and movement cards are
drawn from it when they are revealed, out of the public sets of what is left (`card_left`,
`markers_left`, `ev_dealt`), which is the same distribution as a shuffle at setup; everything
else is public.
Kernels use the offsets exported below; Python reads `state.tile` etc.
"""

from __future__ import annotations

from eurogym.envs.caverna_ff.actions import NUM_ACTIONS, NUM_ACTIONS_V1
from eurogym.envs.caverna_ff.spaces import ACC, NUM_SPACES, NUM_SPACES_V0
from eurogym.envs.caverna_ff.tables import (
    CELLS,
    CELLS_ALL,
    DECK_CARDS,
    EXT_MAX_TILES,
    F_ENTRY,
    FOREST,
    H_CHOICE,
    H_NONE,
    MAX_ORC_MARKER,
    MAX_TRAP_PICKS,
    MAX_WEAPON,
    NUM_ANIMALS,
    NUM_EXT,
    NUM_FURN,
    NUM_FURN_ALL,
    NUM_FX,
    NUM_GOODS,
    NUM_LONG_STRIPS,
    NUM_LOOT,
    NUM_ORCS,
    NUM_REWARD_SPACES,
    NUM_REWARDS,
    NUM_SHORT_STRIPS,
    NUM_TRAP_X,
    NUM_TRAPS,
    NUM_TRAPS_ALL,
    ORC_STRENGTH,
    T_NONE,
    T_RUBY_MINE,
    TW_LARGE_PASTURE,
)
from eurogym.envs.core.flatstate import FlatState, Layout
from eurogym.envs.core.rng import RNG_WORDS

# caverna_ff_v1 seats up to 7 players (rules B2); v0 plays 1-4. Both share one layout (the
# kernels' offsets), sized for 7: v0's bounds and JSON know only its 4 seats (`State`).
MAX_PLAYERS = 7
MAX_PLAYERS_V0 = 4
MAX_DWARFS = 6
MAX_ROUNDS = 12
STACK = 16  # pending ops (code, arg, player)
EMPTY = -1

# Field bounds (the LAYOUT's third elements, checked on load): what the rules and the component
# data allow, so no loaded value can index outside a table or make a count loop run long.
SEAT = (0, MAX_PLAYERS_V0 - 1)  # v0's bounds; v1 widens every seat bound (_V1_BOUNDS)
FLAG = (0, 1)
MAX_PUSH_COST = 20  # config.make_config's limit for a data override
MAX_ORC_GOLD = 10  # config.make_config's limit for a data override
UNLIMITED_COPIES = 99  # furn_left of the unlimited furnishings (Dwelling)
# Goods are unlimited in the rules (substitutes when tokens run out); 999 is far above any
# reachable count and keeps every sum inside int64 and every loop over a count short.
MAX_COUNT = 999
MAX_ACC = int(ACC.max())  # most goods one replenishment adds to one space
MAX_BEGGING = 14 * MAX_ROUNDS  # 5 adults and 4 friendly orcs unfed at every harvest
MAX_ORC_STRENGTH = int(ORC_STRENGTH.max())  # strength only ever goes down
# a large pasture stores 2 + its partner: v0's on the printed board, v1's also on the border
LAST_FOREST_CELL = int(FOREST[:CELLS].nonzero()[0].max())
LAST_FOREST_CELL_ALL = int(FOREST.nonzero()[0].max())
HOSTAGE_ORC = 10  # orc_hostage / cur_person 10 + o: friendly orc o (0-5: a dwarf)
MAX_OP_WORD = 100 * NUM_ORCS  # stack words: codes < 104, OP_REWARD's arg orc * 100 + strength
# caverna_ff_v1's stack words: also OP_RESTORE's arg (space + 1) * 16 + person + 1
MAX_OP_WORD_V1 = 16 * (NUM_SPACES + 1)

# Decision phases.
(
    P_PLACE,  # work phase: an action space (SPACE)
    P_TWIN,  # a twin tile position (TWIN) or SKIP
    P_TWIN_KIND,  # Excavation: cavern/tunnel (OPTION 0) or cavern/cavern (OPTION 1)
    P_CELL,  # a cell for a single tile / stable / small pasture / ruby mine (CELL) or SKIP
    P_SOW,  # SOW_GRAIN, SOW_VEG, DONE
    P_FORGE,  # OPTION strength, or SKIP
    P_LOOT,  # LOOT or DONE
    P_FURN,  # FURN or SKIP
    P_FURN_CELL,  # CELL (an empty cavern)
    P_TRAP,  # TRAP or SKIP
    P_TRAP_CELL,  # CELL
    P_BRANCH,  # OPTION branch of an either/or space, or SKIP where the space allows
    P_FARMING,  # OPTION 0 small / 1 large pasture / 2 stable, or DONE
    P_ORE_TRADE,  # OPTION 0-3 trades
    P_FIGHT_ORC,  # ORC target
    P_FIGHT_DOGS,  # OPTION dogs spent
    P_REWARD,  # REWARD or GOLD
    P_ORC,  # orc event step 2: BRIBE, PUSH, DONE (then the orc moves)
    P_CAVE_IN,  # OPTION stone paid into a Cave-in
    P_HARVEST_CHOICE,  # event 4: OPTION 0 field+mining+feeding, 1 feeding+breeding
    P_IMITATE,  # Imitation: the opponent's space (SPACE)
    P_WARRIOR,  # Warrior Dwelling: OPTION 1-8 ore / 9-12 wood (E6), or SKIP
    P_FEED,  # feeding: CONVERT k food conversion (kernels.CONV_*) or DONE (beg for the rest)
    P_TRADE,  # Master Trader: OPTION material from, then to, then OPTION amount (or SKIP)
    P_SOLO_SAVE,  # solo: OPTION 0 pay 1 ruby to keep space `clear_pos`'s goods, SKIP = empty it
    P_REFILL,  # refill mines: CELL a mine to fill, or DONE
    P_BREED,  # loot 'breed up to 2 types': OPTION animal type (0 sheep .. 3 donkey), or DONE
    P_ARM,  # Supplier / Warrior Dwelling: OPTION k arms unarmed dwarf k (strength sub[0])
    P_WARRIOR_PAY,  # Warrior Dwelling cost: OPTION wood (1-6), then OPTION stone; ore = rest
    P_INVADE,  # invasion tie (B8): the owner picks the orc's cave cell (CELL) among the tied
    P_SOW_CELL,  # CELL: the empty field to sow (the kind chosen in P_SOW waits in pending_tile)
    P_FINAL_TRADES,  # before scoring (A13): RUBY / CONVERT any-time actions, or DONE
    P_GAME_OVER,
    # caverna_ff_v1 only, numbered after v0's phases so v0 states keep their numbers. Housing
    # (A9): CELL the unit for the unhoused animals of type sub[0], DONE keep the arrangement
    # (give them up; dogs stay with the dwarfs), OPTION 0 rearrange
    P_HOUSE,
    P_HOUSE_LIFT,  # rearranging: CELL a unit whose animals are taken out to be re-placed, SKIP
    # Explosive Trap / Poisoned Arrows (B7): ORC o picks the owner's hostile orc o, DONE stops
    P_TRAP_PICK,
    # Forger / Herald reward (B6): SPACE s whose actions are taken (sub[0] REWARD_* mode)
    P_SPACE_PICK,
    # Weekly Market (5-7 players, A6): OPTION k buys spaces.MARKET_GOOD[k] (each once), DONE
    P_MARKET,
) = range(38)
PHASE_NAMES = (
    "place",
    "twin_tile",
    "twin_kind",
    "cell",
    "sow",
    "forge",
    "loot",
    "furnish",
    "furnish_cell",
    "trap",
    "trap_cell",
    "branch",
    "farming",
    "ore_trade",
    "fight_orc",
    "fight_dogs",
    "reward",
    "orc_event",
    "cave_in",
    "harvest_choice",
    "imitate",
    "warrior_dwelling",
    "feed",
    "master_trader",
    "solo_save",
    "refill",
    "breed",
    "arm_dwarf",
    "warrior_pay",
    "invasion_tie",
    "sow_cell",
    "final_trades",
    "game_over",
    "house",
    "house_lift",
    "trap_pick",
    "space_pick",
    "market",
)
# Automatic flow stages (what `advance` does when no decision is pending).
ST_ROUND_START, ST_WORK, ST_EVENT, ST_HARVEST, ST_END = range(5)
# dwarf states
D_ABSENT, D_ADULT, D_NEWBORN, D_HOSTAGE = range(4)
# orc states
O_OUT, O_FOREST, O_HELD, O_CAVE, O_DEFEATED, O_FRIENDLY = range(6)
ORC_STATE_NAMES = ("not in play", "forest", "held", "cave", "defeated", "friendly")
# p_housing values
HOUSING_E1, HOUSING_CHOOSE, HOUSING_KEEP = range(3)
# what the cell-choice phase places (`cell_kind`)
CK_SINGLE, CK_SMALL_PASTURE, CK_STABLE, CK_RUBY_MINE = range(4)

LAYOUT = Layout(
    [
        # parameters: the stand-in data a user may replace (config.py), fixed for the game
        ("p_push_cost", (4, NUM_GOODS), (0, MAX_PUSH_COST)),  # push cost per orc event board (D14)
        ("p_event_deck", (4,), (1, 3)),  # movement deck (1-3) per event board (D14)
        ("p_orc_gold", (NUM_ORCS,), (0, MAX_ORC_GOLD)),  # gold on the orc backs (D12)
        # movement cards: direction per step, -1 none (D15)
        ("p_card_steps", (3, 9, 3), (EMPTY, 3)),
        ("p_card_spawn", (9,), (0, 2)),  # deck-1 corner symbol: Orc D's top-row column (D16)
        ("num_players", (), (1, MAX_PLAYERS_V0)),
        ("rounds", (), (MAX_ROUNDS - 1, MAX_ROUNDS)),  # 12, or 11 with 1-2 players (D41)
        ("round", (), (1, MAX_ROUNDS)),  # 1..12
        ("stage", (), (ST_ROUND_START, ST_END)),
        ("phase", (), (P_PLACE, P_HOUSE_LIFT)),
        ("actor", (), SEAT),
        ("start_player", (), SEAT),
        ("turn", (), SEAT),  # the next seat to place in the work phase
        # round start: next space for the solo clearing, -1 = not begun
        ("clear_pos", (), (EMPTY, NUM_SPACES_V0 - 1)),
        # stacks drawn from at reveal time (public: what is left, not in which order)
        ("card_left", (NUM_SPACES,), FLAG),  # 1 = round card still in its stage's stack
        ("markers_left", (2,), (0, 4)),  # face-down harvest markers left: plain, orc
        # public board
        ("card", (MAX_ROUNDS,), (EMPTY, NUM_SPACES_V0 - 1)),  # revealed round cards (-1 not yet)
        ("marker", (MAX_ROUNDS,), (EMPTY, 1)),  # revealed harvest markers (-1 not yet / none)
        ("events_done", (), (0, 4)),
        ("bribe_good", (4,), (0, NUM_GOODS - 1)),  # the bribe token's good on each orc event board
        ("space_open", (NUM_SPACES,), FLAG),
        ("accum", (NUM_SPACES, NUM_GOODS), (0, MAX_ROUNDS * MAX_ACC)),
        ("occupant", (NUM_SPACES,), (EMPTY, MAX_PLAYERS_V0 - 1)),  # seat, -1
        ("furn_left", (NUM_FURN,), (0, UNLIMITED_COPIES)),  # copies left in the supply
        ("trap_left", (NUM_TRAPS,), (0, MAX_PLAYERS_V0)),
        ("reward_taken", (NUM_REWARD_SPACES,), (0, MAX_PLAYERS_V0)),  # seat + 1, 0 = free
        # players
        ("res", (MAX_PLAYERS, NUM_GOODS), (0, MAX_COUNT)),
        ("begging", (MAX_PLAYERS,), (0, MAX_BEGGING)),
        ("tile", (MAX_PLAYERS, CELLS_ALL), (T_NONE, T_RUBY_MINE)),
        # furnishing id + 1 on that cavern, 0 none
        ("furn", (MAX_PLAYERS, CELLS_ALL), (0, F_ENTRY + 1)),
        # 0 none, 1 small pasture, 2 + the partner cell for each cell of a large one
        ("pasture", (MAX_PLAYERS, CELLS_ALL), (0, 2 + LAST_FOREST_CELL)),
        ("stable", (MAX_PLAYERS, CELLS_ALL), FLAG),
        ("crop", (MAX_PLAYERS, CELLS_ALL), (0, 3)),  # goods on a sown field
        ("crop_kind", (MAX_PLAYERS, CELLS_ALL), FLAG),  # 0 grain, 1 vegetable
        # ore / rubies lying on a mine (spec B4)
        ("mine_goods", (MAX_PLAYERS, CELLS_ALL), (0, MAX_COUNT)),
        ("trap", (MAX_PLAYERS, CELLS_ALL), (0, NUM_TRAPS)),  # trap id + 1, 0 none
        ("trap_active", (MAX_PLAYERS, CELLS_ALL), FLAG),
        # where each animal is (D44)
        ("animal_at", (MAX_PLAYERS, CELLS_ALL, NUM_ANIMALS), (0, MAX_COUNT)),
        ("dwarf", (MAX_PLAYERS, MAX_DWARFS), (D_ABSENT, D_HOSTAGE)),  # D_* state
        ("weapon", (MAX_PLAYERS, MAX_DWARFS), (0, MAX_WEAPON)),
        ("dwarf_space", (MAX_PLAYERS, MAX_DWARFS), (-2, NUM_SPACES_V0 - 1)),  # space this round, -1
        ("supplier_left", (MAX_PLAYERS, 3), (0, 7)),  # rounds left of wood/stone/ruby supplier
        ("orc_state", (MAX_PLAYERS, NUM_ORCS), (O_OUT, O_FRIENDLY)),  # O_*
        # board cell (forest, trap or cave), -1
        ("orc_cell", (MAX_PLAYERS, NUM_ORCS), (EMPTY, CELLS - 1)),
        ("orc_str", (MAX_PLAYERS, NUM_ORCS), (0, MAX_ORC_STRENGTH)),
        # dwarf index, 10 + orc for an orc, -1
        ("orc_hostage", (MAX_PLAYERS, NUM_ORCS), (EMPTY, HOSTAGE_ORC + NUM_ORCS - 1)),
        # first round a friendly orc may work
        ("orc_ready", (MAX_PLAYERS, NUM_ORCS), (0, MAX_ROUNDS + 1)),
        # friendly orc's space this round, -1
        ("orc_space", (MAX_PLAYERS, NUM_ORCS), (-2, NUM_SPACES_V0 - 1)),
        # the current action (work phase, loot, rewards)
        # pending ops (code, arg, player), top = stack_n - 1
        ("stack", (STACK, 3), (0, MAX_OP_WORD)),
        ("stack_n", (), (0, STACK)),
        ("cur_space", (), (EMPTY, NUM_SPACES_V0 - 1)),
        # dwarf index, or 10 + orc for a friendly orc, -1
        ("cur_person", (), (EMPTY, HOSTAGE_ORC + NUM_ORCS - 1)),
        ("exp_left", (), (0, 4)),  # loot items still to choose
        ("exp_strength", (), (0, max(MAX_WEAPON, MAX_ORC_STRENGTH))),
        # bit sets of loot taken (two words), fight done flag
        ("exp_taken", (2,), (0, 2**NUM_LOOT - 1)),
        ("exp_mercenary", (), FLAG),  # 1: reward expedition (no fight, no weapon increase)
        ("sub", (4,), (-2, 2**CELLS - 1)),  # per-phase working values (documented in kernels)
        ("cell_kind", (), (CK_SINGLE, CK_RUBY_MINE)),
        ("twin_kind", (), (0, TW_LARGE_PASTURE)),
        # furnishing / trap id / crop kind chosen, waiting for its cell
        ("pending_tile", (), (0, NUM_FURN - 1)),
        ("free_trap", (), FLAG),
        ("sown", (2,), (0, 2)),  # grain / vegetable fields sown in this sow action
        ("farm_used", (), (0, 7)),  # bits: small, large, stable
        # person + 1 paid for out of order this turn, 0 none
        ("ruby_pick", (MAX_PLAYERS,), (0, HOSTAGE_ORC + NUM_ORCS)),
        # orc event
        ("ev", (), (EMPTY, 3)),  # event board 0-3 being resolved, -1
        ("ev_letter", (), (0, NUM_ORCS)),
        ("ev_seat", (), (0, MAX_PLAYERS_V0)),  # turn-order position being resolved
        ("ev_moving", (), (0, 3)),  # 1 while a move is in progress (cave-in decisions)
        # movement card of the active orc (deck row, card), -1
        ("ev_card", (), (EMPTY, DECK_CARDS - 1)),
        ("ev_step", (), (0, 3)),
        # 1 pushed this event; 2 into the cave or a holding trap: no step 3
        ("ev_pushed", (), (0, 2)),
        ("ev_dealt", (9,), FLAG),  # movement cards of the deck already dealt for this letter
        # active orc's strength before this event's bribe (D43)
        ("defeat_str", (), (0, MAX_ORC_STRENGTH)),
        # final re-evaluation: next orc * players + seat to re-evaluate
        ("final_next", (), (0, (NUM_ORCS + 1) * MAX_PLAYERS_V0)),
        ("harvest_kind", (), (H_NONE, H_CHOICE)),
        ("harvest_seat", (), (0, MAX_PLAYERS_V0)),
        ("harvest_pick", (MAX_PLAYERS,), FLAG),  # event 4 choices
        ("feed_seat", (), (0, MAX_PLAYERS_V0)),  # turn-order position being fed
        ("feed_started", (), FLAG),  # its field and mining phases are done
        ("working_used", (), FLAG),  # the Working Cave fed a dwarf in this feeding
        ("rng", (RNG_WORDS,), (0, 2**32 - 1)),
    ]
)


def _offset(name: str) -> int:
    return LAYOUT.offset(name)


P_PUSH_COST, P_EVENT_DECK, P_ORC_GOLD, P_CARD_STEPS, P_CARD_SPAWN = map(
    _offset, ("p_push_cost", "p_event_deck", "p_orc_gold", "p_card_steps", "p_card_spawn")
)
NUM_PLAYERS, ROUNDS, ROUND, STAGE, PHASE, ACTOR = map(
    _offset, ("num_players", "rounds", "round", "stage", "phase", "actor")
)
START_PLAYER, TURN, CARD_LEFT, MARKERS_LEFT, CARD, MARKER = map(
    _offset, ("start_player", "turn", "card_left", "markers_left", "card", "marker")
)
EVENTS_DONE, BRIBE_GOOD, SPACE_OPEN, ACCUM, OCCUPANT = map(
    _offset, ("events_done", "bribe_good", "space_open", "accum", "occupant")
)
FURN_LEFT, TRAP_LEFT, REWARD_TAKEN, RES, BEGGING = map(
    _offset, ("furn_left", "trap_left", "reward_taken", "res", "begging")
)
TILE, FURN, PASTURE, STABLE, CROP, CROP_KIND, MINE_GOODS = map(
    _offset, ("tile", "furn", "pasture", "stable", "crop", "crop_kind", "mine_goods")
)
TRAP, TRAP_ACTIVE, ANIMAL_AT, DWARF, WEAPON, DWARF_SPACE, SUPPLIER_LEFT = map(
    _offset,
    ("trap", "trap_active", "animal_at", "dwarf", "weapon", "dwarf_space", "supplier_left"),
)
ORC_STATE, ORC_CELL, ORC_STR, ORC_HOSTAGE, ORC_READY, ORC_SPACE = map(
    _offset, ("orc_state", "orc_cell", "orc_str", "orc_hostage", "orc_ready", "orc_space")
)
STACK_AT, STACK_N, CUR_SPACE, CUR_PERSON, EXP_LEFT, EXP_STRENGTH, EXP_TAKEN = map(
    _offset,
    ("stack", "stack_n", "cur_space", "cur_person", "exp_left", "exp_strength", "exp_taken"),
)
EXP_MERCENARY, SUB, CELL_KIND, TWIN_KIND, PENDING_TILE, FREE_TRAP, SOWN, FARM_USED = map(
    _offset,
    (
        "exp_mercenary",
        "sub",
        "cell_kind",
        "twin_kind",
        "pending_tile",
        "free_trap",
        "sown",
        "farm_used",
    ),
)
EV, EV_LETTER, EV_SEAT, EV_MOVING, EV_CARD, EV_STEP, EV_PUSHED, EV_DEALT = map(
    _offset,
    (
        "ev",
        "ev_letter",
        "ev_seat",
        "ev_moving",
        "ev_card",
        "ev_step",
        "ev_pushed",
        "ev_dealt",
    ),
)
DEFEAT_STR, HARVEST_KIND, HARVEST_SEAT, HARVEST_PICK, RNG = map(
    _offset, ("defeat_str", "harvest_kind", "harvest_seat", "harvest_pick", "rng")
)
RUBY_PICK, CLEAR_POS = _offset("ruby_pick"), _offset("clear_pos")
FINAL_NEXT = _offset("final_next")
FEED_SEAT, FEED_STARTED, WORKING_USED = map(_offset, ("feed_seat", "feed_started", "working_used"))


# caverna_ff_v0's JSON: the layout's fields cut to v0's 4 seats, 38 spaces and 16 reward
# spaces, so a v0 state reads and writes exactly as before v1 seated 7 players. What is cut
# holds the values every v0 game keeps there (`_V0_PAD`: an empty seat's, a closed space's).
# Per-seat fields and the value every entry of a seat beyond num_players keeps (deal.py);
# consistency.py checks them, v0's JSON cuts them to its 4 seats.
SEAT_FIELDS = {
    name: (EMPTY if name in ("orc_hostage", "dwarf_space", "orc_space") else 0)
    for name in (
        "res",
        "begging",
        "tile",
        "furn",
        "pasture",
        "stable",
        "crop",
        "crop_kind",
        "mine_goods",
        "trap",
        "trap_active",
        "animal_at",
        "dwarf",
        "weapon",
        "dwarf_space",
        "supplier_left",
        "orc_state",
        "orc_cell",
        "orc_str",
        "orc_hostage",
        "orc_ready",
        "orc_space",
        "ruby_pick",
        "harvest_pick",
    )
}
# per field, the lengths of its leading axes v0 keeps: seats, and for the board arrays the
# printed cells (the Office Room's border cells are v1's, rules E23)
CELL_FIELDS = tuple(n for n, (_, shape) in LAYOUT.fields.items() if shape[1:2] == (CELLS_ALL,))
_V0_CUT = {
    **{name: (MAX_PLAYERS_V0,) for name in SEAT_FIELDS},
    **{name: (MAX_PLAYERS_V0, CELLS) for name in CELL_FIELDS},
    **{name: (NUM_SPACES_V0,) for name in ("card_left", "space_open", "accum", "occupant")},
    "reward_taken": (NUM_REWARDS,),
}
_V0_PAD = {**SEAT_FIELDS, "occupant": EMPTY}
LAYOUT_V0_JSON = Layout(
    [
        (
            name,
            (*_V0_CUT[name], *shape[len(_V0_CUT[name]) :]) if name in _V0_CUT else shape,
            LAYOUT.bounds[name],
        )
        for name, (_, shape) in LAYOUT.fields.items()
    ]
)


class _StateV0Json(FlatState):
    """caverna_ff_v0's JSON form (LAYOUT_V0_JSON): `State.to_json` / `from_json` go through it."""

    __slots__ = ()
    LAYOUT = LAYOUT_V0_JSON
    GAME = "caverna_ff_v0"
    NUM_ACTIONS = NUM_ACTIONS


class State(FlatState):
    """One Caverna: Frantic Fiends game. `copy()` comes from LAYOUT; v0's `to_json()` and
    `from_json()` read and write its 4-seat form (LAYOUT_V0_JSON)."""

    __slots__ = ()
    LAYOUT = LAYOUT
    GAME = "caverna_ff_v0"
    NUM_ACTIONS = NUM_ACTIONS

    def to_json(self) -> str:
        """Bit-exact JSON of v0's 4 seats, 38 spaces and 16 reward spaces (the rest is fixed)."""
        short = _StateV0Json(mask=self.mask)
        for name in LAYOUT.fields:
            cut = LAYOUT_V0_JSON.view(short.buf, name)
            cut[...] = LAYOUT.view(self.buf, name)[tuple(slice(0, k) for k in cut.shape)]
        return short.to_json()

    @classmethod
    def from_json(cls, text: str) -> State:
        """Inverse of `to_json`, checked like FlatState.from_json; the cut part is filled with
        the values every v0 game keeps there."""
        short = _StateV0Json.from_json(text)
        state = cls(mask=short.mask.copy())
        for name in LAYOUT.fields:
            full = LAYOUT.view(state.buf, name)
            full[...] = _V0_PAD.get(name, 0)
            cut = LAYOUT_V0_JSON.view(short.buf, name)
            full[tuple(slice(0, k) for k in cut.shape)] = cut
        return state


# caverna_ff_v1's state: v0's fields plus its rule option at the end, so every offset is
# shared and v0 states (and their JSON) stay as they were. Kernels read it as `housing(buf)`.
# v1's furnishing ids run past the entry dwelling (tables.FX_NAMES): wider bounds, same offsets.
_V1_BOUNDS = {
    "furn": (0, NUM_FURN_ALL),
    "pending_tile": (0, NUM_FURN_ALL - 1),
    "begging": (0, 16 * MAX_ROUNDS),  # a 6th dwarf (Additional Dwelling): 6 adults, 4 orcs
    "phase": (P_PLACE, P_MARKET),
    # 5-7 players (rules B2): seats up to 6, the 5-7 player boards' spaces
    "num_players": (1, MAX_PLAYERS),
    "actor": (0, MAX_PLAYERS - 1),
    "start_player": (0, MAX_PLAYERS - 1),
    "turn": (0, MAX_PLAYERS - 1),
    "occupant": (EMPTY, MAX_PLAYERS - 1),
    "trap_left": (0, MAX_PLAYERS),
    "reward_taken": (0, MAX_PLAYERS),
    "ev_seat": (0, MAX_PLAYERS),
    "final_next": (0, (NUM_ORCS + 1) * MAX_PLAYERS),
    "harvest_seat": (0, MAX_PLAYERS),
    "feed_seat": (0, MAX_PLAYERS),
    "clear_pos": (EMPTY, NUM_SPACES - 1),
    "dwarf_space": (-2, NUM_SPACES - 1),
    "orc_space": (-2, NUM_SPACES - 1),
    "cur_space": (EMPTY, NUM_SPACES - 1),
    "trap": (0, NUM_TRAPS_ALL),  # v1's further traps (tables.TRAP_X_NAMES)
    # 4/5: a multi-pick trap is resolved, the move (4) or the bribe step after a push (5) goes
    # on once its defeats' rewards are taken (orcs.resume_after_trap)
    "ev_moving": (0, 5),
    "stack": (0, MAX_OP_WORD_V1),
    # the challenging side, a handicap or the solo campaign's stronger orcs (option orc_side)
    "orc_str": (0, MAX_ORC_MARKER),
    "exp_strength": (0, max(MAX_WEAPON, MAX_ORC_MARKER)),
    "defeat_str": (0, MAX_ORC_MARKER),
    "pasture": (0, 2 + LAST_FOREST_CELL_ALL),  # a large pasture on the border (E23)
    "sub": (-2, 2**CELLS_ALL - 1),  # a refill's chosen mines may lie on the border (E23)
}
LAYOUT_V1 = Layout(
    [
        *(
            (name, shape, _V1_BOUNDS.get(name, LAYOUT.bounds[name]))
            if LAYOUT.bounds[name]
            else (name, shape)
            for name, (_, shape) in LAYOUT.fields.items()
        ),
        # who houses animals (A9): HOUSING_CHOOSE the player, HOUSING_KEEP automatically
        # without moving housed animals (auto_housing); HOUSING_E1 (v0's rule) never in v1
        ("p_housing", (), (HOUSING_E1, HOUSING_KEEP)),
        # copies left of v1's further furnishing tiles (tables.FX_NAMES, spec A10)
        ("furn_left_x", (NUM_FX,), (0, 1)),
        # the short strip (tables.SHORT_STRIP_NAMES) beside each reward row in play, -1 none;
        # dealt at random (rules B6), so which yellow tiles are on the supply varies
        ("short_strip", (MAX_PLAYERS,), (EMPTY, NUM_SHORT_STRIPS - 1)),
        # the supply board's extensions in play (tables.EXT_NAMES, rules B2): one per player
        # dealt at random, or the `supply_extensions` option's
        ("supply_ext", (NUM_EXT,), FLAG),
        # parameter: each extension's furnishing ids (-1 padded) and trap id, the stand-in
        # contents of the component data or a `data_overrides` "supply_board" (config.py)
        ("p_ext_furn", (NUM_EXT, EXT_MAX_TILES), (EMPTY, NUM_FURN_ALL - 1)),
        ("p_ext_trap", (NUM_EXT,), (0, NUM_TRAPS_ALL - 1)),
        # copies left of v1's further traps (tables.TRAP_X_NAMES), single copies (B7)
        ("trap_left_x", (NUM_TRAP_X,), FLAG),
        # an Explosive Trap / Poisoned Arrows being resolved (B7): its trap id + 1 (0 none), the
        # picks left, and each orc's strength before the trap (the reward strength, D43)
        ("ev_trap", (), (0, NUM_TRAPS_ALL)),
        ("ev_picks", (), (0, MAX_TRAP_PICKS)),
        ("pick_str", (NUM_ORCS,), (0, MAX_ORC_MARKER)),
        # the long strip (tables.LONG_STRIP_NAMES) of each reward row in play, -1 none; dealt at
        # random (rules B6) or the `long_strips` option's
        ("long_strip", (MAX_PLAYERS,), (EMPTY, NUM_LONG_STRIPS - 1)),
        # parameter: each seat's orc start strengths A-D, its alignment card's side (rules B2:
        # standard 5/7/9/12 or challenging 7/9/11/14, per seat for a handicap) or any strengths
        # up to the strongest marker (the solo campaign's, B13); option `orc_side`
        ("p_orc_start", (MAX_PLAYERS, NUM_ORCS), (0, MAX_ORC_MARKER)),
        # seat + 1 of the player who used REARRANGE (spec A9) at the pending decision, 0 none:
        # once per decision, cleared by the next answer that is not a housing decision (E17)
        ("rearranged", (), (0, MAX_PLAYERS)),
        # seat + 1 of the Office Room's builder, 0 none (rules A10, E23): only that board has
        # border cells, so every other board's loops stop at the printed 24 cells (speed)
        ("office_seat", (), (0, MAX_PLAYERS)),
    ]
)
P_HOUSING = LAYOUT_V1.offset("p_housing")
FURN_LEFT_X = LAYOUT_V1.offset("furn_left_x")
SHORT_STRIP = LAYOUT_V1.offset("short_strip")
SUPPLY_EXT, TRAP_LEFT_X, EV_TRAP, EV_PICKS, PICK_STR = map(
    LAYOUT_V1.offset, ("supply_ext", "trap_left_x", "ev_trap", "ev_picks", "pick_str")
)
LONG_STRIP = LAYOUT_V1.offset("long_strip")
P_ORC_START = LAYOUT_V1.offset("p_orc_start")
REARRANGED = LAYOUT_V1.offset("rearranged")
OFFICE_SEAT = LAYOUT_V1.offset("office_seat")
# P_SPACE_PICK's sub[0]: whose actions the reward takes (rules B6)
PICK_FORGER, PICK_HERALD = 1, 2


class StateV1(State):
    """A caverna_ff_v1 game: v0's layout plus `p_housing`, its own id in JSON."""

    __slots__ = ()
    LAYOUT = LAYOUT_V1
    GAME = "caverna_ff_v1"
    NUM_ACTIONS = NUM_ACTIONS_V1
    to_json = FlatState.to_json  # every seat, space and reward space
    from_json = classmethod(FlatState.from_json.__func__)
