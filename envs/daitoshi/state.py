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
    MAX_TRACK,
    NUM_ADVISORS,
    NUM_BASIC,
    NUM_CITIES_IN_PLAY,
    NUM_DISTRICTS,
    NUM_MARKET,
    NUM_MAYOR_CARDS,
    NUM_MM_SPACES,
    NUM_NATURE,
    NUM_RINGS,
    NUM_SLOTS,
    NUM_UPGRADES,
    QUALITY_COUNTS,
    UNIVERSITY_PER_MM,
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


def _component_fields() -> list[tuple[str, tuple[int, ...]]]:
    """Every component set has the shipped set's shapes (components.py checks the counts)."""
    shipped = load_components()
    return [(f"c_{name}", getattr(shipped, name).shape) for name in FIELDS]


LAYOUT = Layout(
    [
        *_component_fields(),
        ("num_players", ()),  # agents
        ("seats", ()),  # agents + the Mayor in solo
        ("solo", ()),
        ("payment_choice", ()),  # 1: the payer composes resource payments (§19), 0: E2
        ("draft", (NUM_BASIC,)),  # expert variant: 1 = revealed and not yet taken (§5.2)
        # city
        ("tile", (NUM_DISTRICTS, NUM_RINGS)),  # tile index (components) or EMPTY
        ("electrified", (NUM_DISTRICTS, NUM_RINGS)),
        ("ws_worker", (NUM_DISTRICTS, NUM_RINGS)),  # worker colour + 1 on the workshop, 0 empty
        ("tile_hex", (NUM_DISTRICTS, NUM_RINGS, 2)),  # hexes on a central / outer tile
        ("pile", (2, NUM_DISTRICTS)),  # secret: central and outer tile piles, top = last
        ("pile_n", (2,)),
        ("pile_top", (2,)),  # the visible top tile of each pile, EMPTY when empty
        ("tyc_d", (NUM_TYCOONS,)),  # tycoon district, EMPTY if unused
        ("tyc_s", (NUM_TYCOONS,)),  # tycoon space 0 left / 1 middle / 2 right
        # nature (§3.2)
        ("track_hex", (NUM_NATURE, MAX_TRACK, 2)),  # secret: hex ids, bottom first
        ("track_n", (NUM_NATURE, MAX_TRACK)),  # hexes on each space (public)
        ("discard", (NUM_NATURE, MAX_TRACK)),  # face-up discard piles, top = last
        ("discard_n", (NUM_NATURE,)),
        # market and Megamachine (§3.3-3.5)
        ("market", (NUM_MARKET,)),
        ("inv_pile", (3, max(QUALITY_COUNTS))),  # secret: face-down piles, top = last
        ("inv_pile_n", (3,)),
        ("uni", (UNIVERSITY_PER_MM,)),  # face-up university stack, top = last
        ("uni_n", ()),
        ("cities", (NUM_CITIES_IN_PLAY,)),
        ("mm_board", ()),
        ("mm_district", ()),
        ("mm_inv", (NUM_MM_SPACES,)),  # donated invention, EMPTY, or BLOCKED
        ("mm_up_tile", (NUM_UPGRADES,)),  # the upgrade tile on each upgrade space
        ("mm_up_done", (NUM_UPGRADES,)),  # 1 = installed in the workshop
        ("mm_worker", ()),  # worker colour + 1 on the Megamachine workshop
        # seats (§4)
        ("res", (MAX_SEATS, 4)),
        ("wealth", (MAX_SEATS,)),
        ("steam", (MAX_SEATS,)),
        ("vp", (MAX_SEATS,)),
        ("vp_end", (MAX_SEATS,)),
        ("chimney", (MAX_SEATS,)),  # -4..+4
        ("rep", (MAX_SEATS,)),  # level 1..4
        ("prestige", (MAX_SEATS,)),
        ("worm", (MAX_SEATS,)),
        ("pilgrim", (MAX_SEATS, NUM_NATURE)),  # 0 in the temple, else the space
        ("op_conflict", (MAX_SEATS, 4)),  # operation tiles on their conflict side
        ("prod_mark", (MAX_SEATS,)),  # tables.MARK_*
        ("subsidy", (MAX_SEATS,)),  # 1 while the tile is unused
        ("subsidy_on", (MAX_SEATS,)),  # activations free in this production turn
        ("activated", (MAX_SEATS, 3)),  # buildings activated in this production turn
        ("workers", (MAX_SEATS, 4)),  # by colour, on the factory
        ("slot_inv", (MAX_SEATS, NUM_SLOTS)),  # invention id or EMPTY
        ("slot_upper", (MAX_SEATS, NUM_SLOTS)),
        ("slot_pos", (MAX_SEATS, NUM_SLOTS)),  # progress marker
        ("rec", (MAX_SEATS, NUM_NATURE, MAX_TRACK)),  # exploration record stacks, top = last
        ("rec_n", (MAX_SEATS, NUM_NATURE)),
        ("flag", (MAX_SEATS, NUM_CITIES_IN_PLAY)),
        ("flag_time", (MAX_SEATS, NUM_CITIES_IN_PLAY)),  # `clock` when placed (§15)
        # the solo Mayor (§18)
        ("mayor_deck", (NUM_MAYOR_CARDS,)),  # secret order
        ("mayor_pos", ()),  # next card to reveal
        ("mayor_end", ()),  # cards in the draw part of the deck
        ("mayor_card", ()),  # face-up card, EMPTY before his first turn
        ("mayor_slot", (MAYOR_SLOTS,)),  # worker colour per slot, EMPTY
        ("mayor_rec", (MAYOR_RECORD,)),  # hex ids, oldest first
        ("mayor_inv", (2,)),  # inventions in his pile: non-university, university
        ("advisor", (NUM_ADVISORS,)),  # 1 = dealt to the Mayor (tables.ADVISOR_NAMES)
        ("bribe", ()),  # 1 while the solo bribe tile is unused
        ("bribe_step", ()),  # 0 ask, 1 declined this turn, 2 the card is already chosen
        ("mayor_alt", ()),  # the first of the 2 cards revealed by the bribe
        # flow
        ("phase", ()),
        ("actor", ()),
        ("step", ()),
        ("active", ()),  # whose turn it is
        ("start_player", ()),
        ("leader", ()),  # production leader, EMPTY outside production
        ("prod_i", ()),  # producers done, counting from the leader
        ("clock", ()),  # partnership event counter (§15)
        ("ended", ()),  # end of game triggered (§17.1)
        ("turns", ()),
        ("moved", ()),  # districts moved this city turn
        ("placed", ()),  # workers placed this city turn
        ("placed_mm", ()),
        ("action", ()),  # the action being taken, EMPTY
        ("picked", ()),  # Commit: inventions taken; Megamachine: the chosen slot
        ("pending_inv", ()),  # Commit: the invention waiting for its building
        ("pay_p", ()),  # the seat with a payment being settled (§19), EMPTY
        ("pay_need", (5,)),  # its units still to pay: food materials energy luxury, wealth
        ("stack_p", (STACK,)),
        ("stack_fx", (STACK,)),
        ("stack_n", ()),
        ("rng", (RNG_WORDS,)),
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
