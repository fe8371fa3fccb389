"""Daitoshi state: one flat int64 buffer (see envs.core.flatstate) with these fields.

The first block is the compiled component set (components.Components, copied in by deal.py),
so a saved state replays under exactly the components it was dealt with and kernels need no
other argument. Seats are 0..seats-1: the players, plus in the solo game the Mayor on seat 1.
Tycoons are indexed by seat, with the neutral tycoon at NEUTRAL. EMPTY (-1) marks an empty
place. Index conventions are in tables.py.

Flow: `step` is where the automatic turn procedure continues; `phase` is the decision being
asked of `actor`. Rewards are resolved through an effect stack (`stack_p` owner, `stack_fx`
encoded effect); an effect that needs a choice stops the resolution and asks its owner.
Kernels use the offsets exported below; Python reads `state.res` and so on.
"""

from __future__ import annotations

from eurogym.envs.core.flatstate import FlatState, Layout
from eurogym.envs.core.rng import RNG_WORDS
from eurogym.envs.daitoshi.actions import NUM_ACTIONS
from eurogym.envs.daitoshi.components import CHAIN_KINDS, FIELDS, LIST_CAP, load_components
from eurogym.envs.daitoshi.tables import (
    ACTION_NAMES,
    ANY,
    CHIMNEY_MAX,
    CONDITIONS,
    DATA_CODES,
    ICON_NAMES,
    INVENTION_TYPES,
    MARK_LEFT,
    MARK_RIGHT,
    MAX_FX,
    MAX_SLOT_TRACK,
    MAX_TRACK,
    NUM_ADVISORS,
    NUM_BASIC,
    NUM_CITIES,
    NUM_CITIES_IN_PLAY,
    NUM_DISTRICTS,
    NUM_HEXES,
    NUM_INVENTIONS,
    NUM_MARKET,
    NUM_MAYOR_CARDS,
    NUM_MEGAMACHINES,
    NUM_MM_SPACES,
    NUM_NATURE,
    NUM_RINGS,
    NUM_SLOTS,
    NUM_TILES,
    NUM_UNIVERSITY,
    NUM_UPGRADES,
    PARAM,
    PRESTIGE_MAX,
    QUALITY_COUNTS,
    REPUTATION_MAX,
    RES_CAP,
    UNIT,
    UNIVERSITY_PER_MM,
    WORKER_CAP,
    WORM_MAX,
)

MAX_SEATS = 5
NEUTRAL = 5  # tycoon index of the 2-player / solo neutral tycoon
NUM_TYCOONS = 6
MAYOR_SLOTS = 6
MAYOR_RECORD = 4
# Effect-stack depth, worst case over every file the validator accepts: the largest set of
# lists pushed at once is a 3-floor building activated by the leader (one progress entry per
# floor, and rows A twice, B and C of an upper invention per floor: 4 lists of LIST_CAP);
# resolving one of them nests at most one list per CHAIN_KINDS kind (the chains are acyclic),
# plus a progress step and its give-back-to-nature icon; FLOW_ENTRIES covers the turn's own
# entries below (partnership checks, explore, pilgrims, the final subsidy's progress).
FLOW_ENTRIES = 16
STACK = FLOW_ENTRIES + 3 * (1 + 4 * LIST_CAP) + len(CHAIN_KINDS) * LIST_CAP + 2
EMPTY = -1
BLOCKED = -2  # a Megamachine space under the blocker
# Bound of the counters the rules leave open (wealth, steam, VP, the partnership clock, turns):
# far above any game (a game ends once the nature tracks run out), far below int64 overflow.
COUNT_MAX = 10**6
# Bound of an encoded effect on the stack: any code, any param, n <= 30 (the data's largest n
# and more than any internal effect's).
STACK_FX_MAX = UNIT * 31 - 1

# Decisions (`phase`); `actor` decides.
(
    P_TURN,  # §6: production (PRODUCE) or a city-turn move (MOVE)
    P_PRODUCE,  # §7 step 2: SUBSIDY, ACTIVATE a building, or DONE
    P_WORKERS,  # §8.4: PLACE a worker on a workshop, or DONE
    P_EXPLORE_TH,  # §8.5 at the Town Hall: the land type and the order (EXPLORE)
    P_ACTION,  # §8.6: ACTION k, or DONE (no action)
    P_COMMIT,  # §9.2: a market SLOT (or DONE after the first)
    P_COMMIT_BUILDING,  # §9.2 step 4: the BUILDING for the invention just taken
    P_EXPAND,  # §9.3: a RING space, or RENOVATE
    P_ELECTRIFY,  # §9.4: a TILE
    P_TRADE,  # §9.5: TRADE city x k
    P_MEGA_SLOT,  # §9.6: the ready invention's FLOOR slot
    P_MEGA_SPACE,  # §9.6: the Megamachine space (MSPACE)
    P_PILGRIM,  # §12: the track of an `any` pilgrim advance (TYPE)
    P_WORKER,  # §10.4: a worker's colour (COLOR), or with full spaces make room (COLOR) / DONE
    P_DISCARD_HEX,  # §12: the record hex type to discard (TYPE)
    P_HEX_TO_TILE,  # §9.3 step 5: the record hex type to move onto the new tile (TYPE)
    P_FLAG,  # §15: the city for `partnership_any` (CITY)
    P_PROGRESS,  # §11.3: the occupied slot for one `progress` step (FLOOR)
    P_KEEP,  # §13 step 2: a worker colour to return (COLOR)
    P_CASH_IN,  # §15: cash in a flag whose condition is met (CITY), or no more (DONE)
    P_MM_ORDER,  # §16: the Megamachine workshop reward to take next (MSPACE 0 base, 1-3)
    P_BRIBE,  # §18.2 step 1: solo, before a Mayor turn: BRIBE or DONE
    P_BRIBE_CARD,  # §18.2 step 1: which of the 2 revealed Mayor cards he plays (MAYOR_CARD)
    P_DRAFT,  # §5.2 step 7, expert variant: the revealed basic invention to take (DRAFT)
    P_PAY,  # §19 "Payment": held units of the first unpaid resource to pay with wealth (WEALTH)
    P_GAME_OVER,
) = range(26)
PHASE_NAMES = (
    "turn",
    "produce",
    "workers",
    "explore_town_hall",
    "action",
    "commit",
    "commit_building",
    "expand",
    "electrify",
    "trade",
    "megamachine_slot",
    "megamachine_space",
    "pilgrim",
    "worker",
    "discard_hex",
    "hex_to_tile",
    "flag",
    "progress",
    "keep_workers",
    "cash_in",
    "megamachine_order",
    "bribe",
    "bribe_card",
    "draft",
    "payment",
    "game_over",
)

# Automatic procedure steps (`step`), run when the effect stack is empty.
(
    S_TURN,  # ask the active seat for its turn type (or play the Mayor's turn)
    S_PRODUCE,  # ask the next producer (`prod_i` counts from the leader)
    S_PRODUCE_END,  # §7 steps 3-5
    S_WORKERS,  # ask for worker placements
    S_EXPLORE,  # §8.5
    S_ACTION,  # §8.6
    S_COMMIT,  # after a Commit pick: ask for a second pick or finish
    S_CLEANUP,  # §8.7
    S_END_TURN,  # §13 steps 1-2
    S_NEXT,  # §13 step 3, §17.1-17.2: the trigger, then the next seat or final scoring
    S_FINAL,  # §17.3 after the unused subsidies resolved
    S_DRAFT,  # §5.2 step 7, expert variant: the next drafter in turn order, then §5.4
    S_COMMIT_BUILDING,  # §9.2 step 4: ask the building once the invention is paid for
    S_DONE,
) = range(14)


# Inclusive bounds of the component block's values, as wide as the component validator allows
# (components.py); blockcheck.py then checks a loaded block entry by entry against the validator.
_DATA_FX_MAX = len(DATA_CODES) - 1 + PARAM * ANY + UNIT * 30  # code, param <= ANY, n <= 30
_LIST = (0, MAX_FX)  # (start, len) pairs into the effect pool
_COMPONENT_BOUNDS: dict[str, tuple[int, int]] = {
    "fx": (0, _DATA_FX_MAX),
    "inv_type": (0, len(INVENTION_TYPES) - 1),
    "inv_cost": (0, len(QUALITY_COUNTS)),
    "inv_vp": (0, 20),
    "inv_rows": _LIST,
    "inv_start": (EMPTY, NUM_DISTRICTS - 1),
    "inv_mm": (EMPTY, NUM_MEGAMACHINES - 1),
    "tile_color": (EMPTY, ANY),
    "tile_explore": (EMPTY, ANY),
    "tile_action": (EMPTY, len(ACTION_NAMES)),  # the last is the Town Hall's joker
    "tile_ws": _LIST,
    "tile_pay": _LIST,
    "tile_el_cost": (2, 4),
    "tile_el_gain": _LIST,
    "tile_hexes": (0, 2),
    "hex_nature": (0, NUM_NATURE - 1),
    "hex_reward": _LIST,
    "city_cost": (0, 9),
    "city_rew": (1, _DATA_FX_MAX),
    "city_cond": (0, len(CONDITIONS) - 1),
    "city_prew": _LIST,
    "mm_base": _LIST,
    "mm_space": _LIST,
    "mm_link": (0, 1),
    "mm_block": (0, 1),
    "mm_uni": (NUM_INVENTIONS - NUM_UNIVERSITY, NUM_INVENTIONS - 1),
    "up_gain": _LIST,
    "prestige": _LIST,
    "prestige_len": (1, PRESTIGE_MAX),
    "worm": _LIST,
    "worm_len": (4, WORM_MAX),
    "slot_track": (0, len(ICON_NAMES) - 1),
    "slot_len": (2, MAX_SLOT_TRACK),
    "nat_len": (3, MAX_TRACK),
    "nat_mult": (0, 50),
    "nat_double": (0, MAX_SEATS - 1),
    "river_empty": (0, MAX_TRACK - 2),
    "building_steam": (0, 9),
    "card_district": (0, NUM_DISTRICTS - 1),
    "card_land": (1, NUM_NATURE - 1),
    "card_prio": (0, 3),
    "card_prod": _LIST,
}


def _component_fields() -> list[tuple]:
    """Every component set has the shipped set's shapes (components.py checks the counts)."""
    shipped = load_components()
    return [(f"c_{name}", getattr(shipped, name).shape, _COMPONENT_BOUNDS[name]) for name in FIELDS]


LAYOUT = Layout(
    [
        *_component_fields(),
        ("num_players", (), (1, MAX_SEATS - 1)),  # agents
        ("seats", (), (2, MAX_SEATS - 1)),  # agents + the Mayor in solo
        ("solo", (), (0, 1)),
        ("payment_choice", (), (0, 1)),  # 1: the payer composes resource payments (§19), 0: E2
        ("draft", (NUM_BASIC,), (0, 1)),  # expert variant: 1 = revealed and not yet taken (§5.2)
        # city
        # tile index (components) or EMPTY
        ("tile", (NUM_DISTRICTS, NUM_RINGS), (EMPTY, NUM_TILES - 1)),
        ("electrified", (NUM_DISTRICTS, NUM_RINGS), (0, 1)),
        # worker colour + 1 on the workshop, 0 empty
        ("ws_worker", (NUM_DISTRICTS, NUM_RINGS), (0, NUM_NATURE)),
        # hexes on a central / outer tile
        ("tile_hex", (NUM_DISTRICTS, NUM_RINGS, 2), (EMPTY, NUM_HEXES - 1)),
        # secret: central and outer tile piles, top = last
        ("pile", (2, NUM_DISTRICTS), (0, NUM_TILES - 1)),
        ("pile_n", (2,), (0, NUM_DISTRICTS)),
        # the visible top tile of each pile, EMPTY when empty
        ("pile_top", (2,), (EMPTY, NUM_TILES - 1)),
        ("tyc_d", (NUM_TYCOONS,), (EMPTY, NUM_DISTRICTS - 1)),  # tycoon district, EMPTY if unused
        ("tyc_s", (NUM_TYCOONS,), (0, 2)),  # tycoon space 0 left / 1 middle / 2 right
        # nature (§3.2)
        # secret: hex ids, bottom first
        ("track_hex", (NUM_NATURE, MAX_TRACK, 2), (0, NUM_HEXES - 1)),
        ("track_n", (NUM_NATURE, MAX_TRACK), (0, 2)),  # hexes on each space (public)
        # face-up discard piles, top = last
        ("discard", (NUM_NATURE, MAX_TRACK), (0, NUM_HEXES - 1)),
        ("discard_n", (NUM_NATURE,), (0, MAX_TRACK)),
        # market and Megamachine (§3.3-3.5)
        ("market", (NUM_MARKET,), (EMPTY, NUM_INVENTIONS - 1)),
        # secret: face-down piles, top = last
        ("inv_pile", (3, max(QUALITY_COUNTS)), (0, NUM_INVENTIONS - 1)),
        ("inv_pile_n", (3,), (0, max(QUALITY_COUNTS))),
        # face-up university stack, top = last
        ("uni", (UNIVERSITY_PER_MM,), (0, NUM_INVENTIONS - 1)),
        ("uni_n", (), (0, UNIVERSITY_PER_MM)),
        ("cities", (NUM_CITIES_IN_PLAY,), (0, NUM_CITIES - 1)),
        ("mm_board", (), (0, NUM_MEGAMACHINES - 1)),
        ("mm_district", (), (0, NUM_DISTRICTS - 1)),
        # donated invention, EMPTY, or BLOCKED
        ("mm_inv", (NUM_MM_SPACES,), (BLOCKED, NUM_INVENTIONS - 1)),
        # the upgrade tile on each upgrade space
        ("mm_up_tile", (NUM_UPGRADES,), (0, NUM_UPGRADES - 1)),
        ("mm_up_done", (NUM_UPGRADES,), (0, 1)),  # 1 = installed in the workshop
        ("mm_worker", (), (0, NUM_NATURE)),  # worker colour + 1 on the Megamachine workshop
        # seats (§4)
        ("res", (MAX_SEATS, 4), (0, RES_CAP)),
        ("wealth", (MAX_SEATS,), (0, COUNT_MAX)),
        ("steam", (MAX_SEATS,), (0, COUNT_MAX)),
        ("vp", (MAX_SEATS,), (-COUNT_MAX, COUNT_MAX)),
        ("vp_end", (MAX_SEATS,), (-COUNT_MAX, COUNT_MAX)),
        ("chimney", (MAX_SEATS,), (-CHIMNEY_MAX, CHIMNEY_MAX)),  # -4..+4
        ("rep", (MAX_SEATS,), (0, REPUTATION_MAX)),  # level 1..4
        ("prestige", (MAX_SEATS,), (0, PRESTIGE_MAX)),
        ("worm", (MAX_SEATS,), (0, WORM_MAX - 1)),
        ("pilgrim", (MAX_SEATS, NUM_NATURE), (0, MAX_TRACK)),  # 0 in the temple, else the space
        ("op_conflict", (MAX_SEATS, 4), (0, 1)),  # operation tiles on their conflict side
        ("prod_mark", (MAX_SEATS,), (MARK_LEFT, MARK_RIGHT)),  # tables.MARK_*
        ("subsidy", (MAX_SEATS,), (0, 1)),  # 1 while the tile is unused
        ("subsidy_on", (MAX_SEATS,), (0, 1)),  # activations free in this production turn
        ("activated", (MAX_SEATS, 3), (0, 1)),  # buildings activated in this production turn
        ("workers", (MAX_SEATS, 4), (0, int(WORKER_CAP.max()))),  # by colour, on the factory
        ("slot_inv", (MAX_SEATS, NUM_SLOTS), (EMPTY, NUM_INVENTIONS - 1)),  # invention id or EMPTY
        ("slot_upper", (MAX_SEATS, NUM_SLOTS), (0, 1)),
        ("slot_pos", (MAX_SEATS, NUM_SLOTS), (0, MAX_SLOT_TRACK - 1)),  # progress marker
        # exploration record stacks, top = last
        ("rec", (MAX_SEATS, NUM_NATURE, MAX_TRACK), (0, NUM_HEXES - 1)),
        ("rec_n", (MAX_SEATS, NUM_NATURE), (0, MAX_TRACK)),
        ("flag", (MAX_SEATS, NUM_CITIES_IN_PLAY), (0, 1)),
        ("flag_time", (MAX_SEATS, NUM_CITIES_IN_PLAY), (0, COUNT_MAX)),  # `clock` when placed (§15)
        # the solo Mayor (§18)
        ("mayor_deck", (NUM_MAYOR_CARDS,), (0, NUM_MAYOR_CARDS - 1)),  # secret order
        ("mayor_pos", (), (0, NUM_MAYOR_CARDS)),  # next card to reveal
        ("mayor_end", (), (NUM_MAYOR_CARDS, NUM_MAYOR_CARDS)),  # cards in the draw part of the deck
        # face-up card, EMPTY before his first turn
        ("mayor_card", (), (EMPTY, NUM_MAYOR_CARDS - 1)),
        ("mayor_slot", (MAYOR_SLOTS,), (EMPTY, NUM_NATURE - 1)),  # worker colour per slot, EMPTY
        ("mayor_rec", (MAYOR_RECORD,), (EMPTY, NUM_HEXES - 1)),  # hex ids, oldest first
        # inventions in his pile: non-university, university
        ("mayor_inv", (2,), (0, sum(QUALITY_COUNTS))),
        ("advisor", (NUM_ADVISORS,), (0, 1)),  # 1 = dealt to the Mayor (tables.ADVISOR_NAMES)
        ("bribe", (), (0, 1)),  # 1 while the solo bribe tile is unused
        ("bribe_step", (), (0, 2)),  # 0 ask, 1 declined this turn, 2 the card is already chosen
        # the first of the 2 cards revealed by the bribe
        ("mayor_alt", (), (EMPTY, NUM_MAYOR_CARDS - 1)),
        # flow
        ("phase", (), (0, P_GAME_OVER)),
        ("actor", (), (0, MAX_SEATS - 2)),
        ("step", (), (0, S_DONE)),
        ("active", (), (0, MAX_SEATS - 2)),  # whose turn it is
        ("start_player", (), (0, MAX_SEATS - 2)),
        ("leader", (), (EMPTY, MAX_SEATS - 2)),  # production leader, EMPTY outside production
        ("prod_i", (), (0, MAX_SEATS - 1)),  # producers done, counting from the leader
        ("clock", (), (1, COUNT_MAX)),  # partnership event counter (§15)
        ("ended", (), (0, 1)),  # end of game triggered (§17.1)
        ("turns", (), (0, COUNT_MAX)),
        ("moved", (), (0, NUM_DISTRICTS)),  # districts moved this city turn
        ("placed", (), (0, NUM_RINGS + 1)),  # workers placed this city turn
        ("placed_mm", (), (0, 1)),
        ("action", (), (EMPTY, len(ACTION_NAMES) - 1)),  # the action being taken, EMPTY
        # Commit: inventions taken; Megamachine: the chosen slot
        ("picked", (), (0, NUM_SLOTS - 1)),
        # Commit: the invention waiting for its building
        ("pending_inv", (), (0, NUM_INVENTIONS - 1)),
        ("pay_p", (), (EMPTY, MAX_SEATS - 2)),  # the seat with a payment being settled (§19), EMPTY
        # its units still to pay: food materials energy luxury, wealth
        ("pay_need", (5,), (0, LIST_CAP * 30)),
        ("stack_p", (STACK,), (0, MAX_SEATS - 2)),
        ("stack_fx", (STACK,), (0, STACK_FX_MAX)),
        ("stack_n", (), (0, STACK)),
        ("rng", (RNG_WORDS,), (0, 2**32 - 1)),
    ]
)


def _offset(name: str) -> int:
    return LAYOUT.offset(name)


C = {name: _offset(f"c_{name}") for name in FIELDS}
NUM_PLAYERS, SEATS, SOLO, PAYMENT_CHOICE, DRAFT = map(
    _offset, ("num_players", "seats", "solo", "payment_choice", "draft")
)
TILE, ELECTRIFIED, WS_WORKER, TILE_HEX = map(
    _offset, ("tile", "electrified", "ws_worker", "tile_hex")
)
PILE, PILE_N, PILE_TOP, TYC_D, TYC_S = map(
    _offset, ("pile", "pile_n", "pile_top", "tyc_d", "tyc_s")
)
TRACK_HEX, TRACK_N, DISCARD, DISCARD_N = map(
    _offset, ("track_hex", "track_n", "discard", "discard_n")
)
MARKET, INV_PILE, INV_PILE_N, UNI, UNI_N, CITIES = map(
    _offset, ("market", "inv_pile", "inv_pile_n", "uni", "uni_n", "cities")
)
MM_BOARD, MM_DISTRICT, MM_INV, MM_UP_TILE, MM_UP_DONE, MM_WORKER = map(
    _offset, ("mm_board", "mm_district", "mm_inv", "mm_up_tile", "mm_up_done", "mm_worker")
)
RES, WEALTH, STEAM, VP, VP_END, CHIMNEY, REP = map(
    _offset, ("res", "wealth", "steam", "vp", "vp_end", "chimney", "rep")
)
PRESTIGE, WORM, PILGRIM, OP_CONFLICT, PROD_MARK = map(
    _offset, ("prestige", "worm", "pilgrim", "op_conflict", "prod_mark")
)
SUBSIDY, SUBSIDY_ON, ACTIVATED, WORKERS = map(
    _offset, ("subsidy", "subsidy_on", "activated", "workers")
)
SLOT_INV, SLOT_UPPER, SLOT_POS, REC, REC_N, FLAG, FLAG_TIME = map(
    _offset, ("slot_inv", "slot_upper", "slot_pos", "rec", "rec_n", "flag", "flag_time")
)
MAYOR_DECK, MAYOR_POS, MAYOR_END, MAYOR_CARD, MAYOR_SLOT, MAYOR_REC, MAYOR_INV = map(
    _offset,
    ("mayor_deck", "mayor_pos", "mayor_end", "mayor_card", "mayor_slot", "mayor_rec", "mayor_inv"),
)
PHASE, ACTOR, STEP, ACTIVE, START_PLAYER, LEADER, PROD_I = map(
    _offset, ("phase", "actor", "step", "active", "start_player", "leader", "prod_i")
)
CLOCK, ENDED, TURNS, MOVED, PLACED, PLACED_MM = map(
    _offset, ("clock", "ended", "turns", "moved", "placed", "placed_mm")
)
ACTION, PICKED, PENDING_INV, PAY_P, PAY_NEED = map(
    _offset, ("action", "picked", "pending_inv", "pay_p", "pay_need")
)
ADVISOR, BRIBE, BRIBE_STEP, MAYOR_ALT = map(
    _offset, ("advisor", "bribe", "bribe_step", "mayor_alt")
)
STACK_P, STACK_FX, STACK_N, RNG = map(_offset, ("stack_p", "stack_fx", "stack_n", "rng"))


class State(FlatState):
    """One Daitoshi game. `copy()`, `to_json()`, `State.from_json()` come from LAYOUT."""

    __slots__ = ()
    LAYOUT = LAYOUT
    GAME = "daitoshi_v0"
    NUM_ACTIONS = NUM_ACTIONS
