"""Belfort state: one flat int64 buffer (see envs.core.flatstate) with these fields.

Seats are 0..N-1. Marker owners are seats, or in a 2-player game the non-players NP3 = 2 and
NP4 = 3 (§13); EMPTY (-1) means no marker. Index conventions are in tables.py.
The first block holds the rule parameters (config + data_overrides, see config.py), so a saved
state replays under exactly the numbers it was played with.
Kernels use the offsets exported below (`OWNER`, `RES`, ...); Python reads `state.owner`.
"""

from __future__ import annotations

from eurogym.envs.belfort.actions import NUM_ACTIONS, NUM_X_ACTIONS
from eurogym.envs.belfort.tables import (
    BLACKSMITH,
    COLUMN_SIZE,
    COPIES_PER_PROPERTY,
    DECK_SIZE,
    DISTRICT_POINTS,
    HAND_DISCARD,
    LOCKS,
    MARKET,
    MAX_CAMP_PLANKS,
    MAX_RECRUITER_PLANKS,
    MERCHANT_EXCHANGES,
    MERCHANT_VISITS,
    MONTHS,
    NP_MARKERS,
    NUM_DISTRICTS,
    NUM_GUILDS,
    NUM_PROPERTIES,
    NUM_SITES,
    RACE_POINTS,
    SCORING_MONTH,
    WORKERS_PER_COLOUR,
)
from eurogym.envs.belfort.tables import GNOME_STOCK as STOCK_AT_SETUP
from eurogym.envs.belfort.xtables import ASSISTANT_TOKENS, IMPS, NUM_ALL_GUILDS, NUM_ASSISTANTS
from eurogym.envs.core.flatstate import FlatState, Layout
from eurogym.envs.core.rng import RNG_WORDS

MAX_PLAYERS = 5
MAX_TAX_LEVELS = 16
EMPTY = -1
NP_FIRST = 2  # owner id of NP3 in a 2-player game; NP4 is 3

# Phases; `actor` is always the seat that decides.
(
    P_SETUP_DISCARD,  # §4.1 step 7: each player discards 2 of 5 (CARD), hidden until all chose
    P_NP_DWARF,  # §13 setup: the shield-1/2 holders put the NP Dwarves on guilds (guild SITE)
    P_PLACEMENT,  # §7.1: PLACE or PASS
    P_AREAS,  # §7.4: after passing, send each remaining worker to an area (AREA)
    P_CAMP,  # §8.2 step 6: King's Camp swap (SEAT) or none (DONE)
    P_ACTIONS,  # §9: the actions turn of `turn_player`
    P_DISCARD,  # discard `pending` cards (Library, Librarians', hand limit)
    P_INN,  # Inn plank: gain an Elf or a Dwarf (OPTION 0/1)
    P_RECRUIT,  # Recruiters': Elf, Dwarf or gnome (OPTION 0/1/2)
    P_LOCK,  # a free gnome (Tower, Recruiters'): which lock (GNOME)
    P_GATE_MARKER,  # Gatehouse lock: the extra marker's half (SITE)
    P_ARCH_SITE,  # Architects': the target site (SITE)
    P_ARCH_DISCOUNT,  # Architects': the discount (OPTION 0-3)
    P_STEAL,  # Thieves' / Bandits' (STEAL, DONE)
    P_SPIES_REVEAL,  # Spies': an opponent reveals a card (CARD)
    P_SPIES_TAKE,  # Spies': take one revealed card (SEAT)
    P_WIZ_FIRST,  # Wizards': first location (SITE) or DONE
    P_WIZ_SECOND,  # Wizards': second location (SITE)
    P_WIZ_GATE,  # Wizards': the half for a Gatehouse that received one marker (SITE)
    P_NP_PICK,  # §13: the controller picks the non-player's card (TAKE_CARD)
    P_NP_PLACE,  # §13: the non-player's marker (SITE)
    P_GAME_OVER,
) = range(22)
# Expansion phases (spec §6, Appendices C-E); only an XState reaches them.
(
    P_DRAFT,  # §6 step 2: take an assistant from the display (DRAFT), reverse turn order
    P_DJINN_SEASON,  # Djinn: whose season's values (OPTION 0-2, up to the current season)
    P_DJINN_MODE,  # Djinn: OPTION 0 = X metal, 1 = Y wood / stone / gold
    P_DJINN_PICK,  # Djinn: one of the Y goods (OPTION 0 wood, 1 stone, 2 gold)
    P_PIXIE,  # Pixie: the district to score (SITE of its guild spot)
    P_GARGOYLE,  # Gargoyle, end of turn: a card (TAKE_CARD column slot, or CARD t discards)
    P_EXPAND_PAY,  # E.3 red board with a choice (OPTION: Inn+Pool race, Market+Plaza mix)
    P_EXPAND_GNOME,  # Tower+Scriptorium red board: the gnome's lock (GNOME t)
    P_GATE_REMOVE,  # a removed Gatehouse gnome: which of your Gatehouse markers goes (SITE)
    P_PLANNERS,  # Planners' Guild: a permit (PERMIT t) or DONE
    P_LAWYERS,  # Lawyers' Guild: a tier (OPTION 0-2) or DONE
    P_CLIP_HIRE,  # Clipboard Makers' Guild: the cheap gnome (GNOME t) or DONE
    P_HOB_MIX,  # Hobgoblin: the 2 wood / stone off this build (OPTION w: w stone, 2 - w wood)
    P_WHICH_ASST,  # two assistants face up: which one turns down for the permit (DRAFT a)
    P_DECORATE,  # Decorators' Guild: one of your undecorated markers (SITE)
    P_NHR_RETURN,  # Non-Human Resources, end of turn: a worker back (OPTION 0 Elf, 1 Dwarf)
    P_CENTAUR_HIRE,  # Centaur's specialty: the discounted once-per-turn hire (GNOME t)
    P_SENTINEL_PAY,  # Sentinels': an opponent with fewer walls pays 1 (OPTION 0-3: W S M G)
    P_HALFLING,  # Collection, taxes: use the Halfling instead (OPTION 0) or pay (DONE)
    P_GIANT,  # on passing: a Giant token into an area as an Elf / Dwarf (AREA), or DONE
    P_GORGON,  # on passing: the Gorgon's district (SITE of its guild spot), or DONE
    P_NHR_TAKE,  # Non-Human Resources, on placement: a worker (OPTION 0 Elf, 1 Dwarf)
    P_GOON,  # Goon, as a placement: the occupied guild it joins (SITE of the guild spot)
    P_CENTAUR,  # §6 step 3: the lock the Centaur's token goes on (GNOME t)
    P_CENTAUR_GATE,  # the token on a Gatehouse lock: the extra marker's half (SITE)
    P_IMPS,  # Imps, as a placement: the plank of a built card for the next Imp (IMP)
    P_CENTAUR_UNDO,  # §11: the token leaves a Gatehouse lock: which Gatehouse marker goes (SITE)
) = range(P_GAME_OVER + 1, P_GAME_OVER + 28)
X_TURN_PHASES = (P_DJINN_SEASON, P_SENTINEL_PAY)  # first and last phase inside an actions turn
PHASE_NAMES = (
    "setup_discard",
    "np_dwarf",
    "placement",
    "areas",
    "kings_camp",
    "actions",
    "discard",
    "inn",
    "recruiters",
    "free_gnome",
    "gatehouse_marker",
    "architects_site",
    "architects_discount",
    "steal",
    "spies_reveal",
    "spies_take",
    "wizards_first",
    "wizards_second",
    "wizards_gatehouse",
    "np_pick",
    "np_place",
    "game_over",
    "draft",
    "djinn_season",
    "djinn_mode",
    "djinn_pick",
    "pixie",
    "gargoyle",
    "expand_pay",
    "expand_gnome",
    "gatehouse_remove",
    "planners",
    "lawyers",
    "clipboard_hire",
    "hobgoblin_mix",
    "which_assistant",
    "decorate",
    "nhr_return",
    "centaur_hire",
    "sentinel_pay",
    "halfling",
    "giant",
    "gorgon",
    "nhr_take",
    "goon",
    "centaur",
    "centaur_gatehouse",
    "imps",
    "centaur_undo",
)
# P_DISCARD continuations
THEN_ACTIONS, THEN_END_TURN, THEN_PLACEMENT = 0, 1, 2  # THEN_PLACEMENT: Library+Archives fee
# P_STEAL modes (scratch[0]): who is stealing what
STEAL_THIEVES, STEAL_BANDITS = 0, 1

# Field bounds (the Layout's third elements). Loaded states are untrusted and the kernels
# index tables with field values, so every field has a range derived from the tables.
MIN_PLAYERS = min(STOCK_AT_SETUP)  # the player counts the data file has a gnome stock for
THIEVES_MAX_RANGE = (2, 3)  # config.THIEVES_VARIANTS: tile 2, rulebook 3 (D13)
# The largest cost, price, income, fee or tax number a config may set (config._amount). The
# shipped values are single digits; the cap keeps every sum the kernels form far inside int64.
MAX_AMOUNT = 1000
# Resources and gold are unlimited in the rules (§0); this is far above anything 7 rounds can
# yield with amounts <= MAX_AMOUNT (about 50 cards x 1000 income x 7 rounds, plus trades).
MAX_RESOURCES = 10**9
# Points one Scoring phase can give a competitor: first place in every district and race.
MAX_SCORING_POINTS = NUM_DISTRICTS * max(max(p) for p in DISTRICT_POINTS.values()) + 3 * max(
    RACE_POINTS
)
MAX_SCORE = MAX_SCORING_POINTS * int(SCORING_MONTH.sum())  # taxes only lower scores
# Trading Post visits in one turn: 1, plus one per filled Market lock, plus the Merchants'.
MAX_VISITS = 1 + int(LOCKS[MARKET]) * COPIES_PER_PROPERTY + MERCHANT_VISITS
SEAT = (EMPTY, MAX_PLAYERS - 1)  # a seat or EMPTY; check_state compares with num_players
CARD = (EMPTY, NUM_PROPERTIES - 1)  # a property card type or EMPTY
AMOUNT = (0, MAX_AMOUNT)
WORKERS = (0, WORKERS_PER_COLOUR)
FLAG = (0, 1)
GNOMES_AT_SETUP = (min(STOCK_AT_SETUP.values()), max(STOCK_AT_SETUP.values()))
COPIES = (0, COPIES_PER_PROPERTY)  # cards of one type
MAX_GNOMES_PER_TYPE = int(LOCKS.max()) * COPIES_PER_PROPERTY  # every lock of every copy
MAX_SMITH_BUYS = int(LOCKS[BLACKSMITH]) * COPIES_PER_PROPERTY  # one per Blacksmith lock

BASE_FIELDS = [
    # parameters (config.Params), fixed for the game
    ("num_players", (), (MIN_PLAYERS, MAX_PLAYERS)),
    ("thieves_max", (), THIEVES_MAX_RANGE),  # D13: 2 (tile) or 3 (rulebook)
    ("market_cap", (), FLAG),  # D22: 1 = Markets give at most 2 extra visits
    ("prop_cost", (NUM_PROPERTIES, 4), AMOUNT),
    ("prop_income", (NUM_PROPERTIES,), AMOUNT),
    ("guild_cost", (NUM_GUILDS, 4), AMOUNT),
    ("wall_cost", (4,), AMOUNT),
    ("buy_price", (3, 3), AMOUNT),
    ("sell_price", (3, 3), AMOUNT),
    ("tax_levels", (), (1, MAX_TAX_LEVELS)),
    ("tax_min", (MAX_TAX_LEVELS,), AMOUNT),
    ("tax_gold", (MAX_TAX_LEVELS,), AMOUNT),
    ("fees", (6,), AMOUNT),  # config.FEES order
    # the stock at setup (§4.1 step 4)
    ("gnomes_total", (), GNOMES_AT_SETUP),
    # board
    # guild id in each district's guild spot
    ("guild_of", (NUM_DISTRICTS,), (0, NUM_GUILDS - 1)),
    ("owner", (NUM_SITES,), SEAT),
    ("guild_worker", (NUM_DISTRICTS,), SEAT),  # seat of the worker on each guild plank
    # district of the NP3 / NP4 Dwarf (§13), EMPTY before setup
    ("np_dwarf", (2,), (EMPTY, NUM_DISTRICTS - 1)),
    ("np_markers", (2,), (0, NP_MARKERS)),  # markers left (D36)
    ("recruiter", (MAX_RECRUITER_PLANKS,), SEAT),  # seat on each Recruiter's Desk plank
    ("recruiter_race", (MAX_RECRUITER_PLANKS,), FLAG),  # 0 Elf, 1 Dwarf
    ("camp", (MAX_CAMP_PLANKS,), SEAT),  # seat on each King's Camp plank
    ("gnome_stock", (), (0, GNOMES_AT_SETUP[1])),
    # players
    # NPs score too (§13), their points do not matter
    ("score", (MAX_PLAYERS + 2,), (0, MAX_SCORE)),
    ("res", (MAX_PLAYERS, 4), (0, MAX_RESOURCES)),
    ("elves", (MAX_PLAYERS,), WORKERS),  # owned, masters included
    ("dwarves", (MAX_PLAYERS,), WORKERS),
    ("avail", (MAX_PLAYERS, 4), WORKERS),  # workers by kind still to place this round
    ("area", (MAX_PLAYERS, 4, 4), WORKERS),  # workers by kind in each resource area
    ("passed", (MAX_PLAYERS,), FLAG),
    ("built", (MAX_PLAYERS, NUM_PROPERTIES), COPIES),  # property cards built (in front of you)
    # filled locks on those cards
    ("gnomes", (MAX_PLAYERS, NUM_PROPERTIES), (0, MAX_GNOMES_PER_TYPE)),
    ("on_plank", (MAX_PLAYERS, NUM_PROPERTIES), COPIES),  # workers on those cards' planks
    ("shield", (MAX_PLAYERS,), (0, MAX_PLAYERS)),  # turn-order shield number, 1..N
    ("shield_down", (MAX_PLAYERS,), FLAG),  # §8.2 step 6, during the King's Camp only
    ("hand", (MAX_PLAYERS, NUM_PROPERTIES), COPIES),  # private: card counts by type
    # private until all have chosen
    ("setup_discard", (MAX_PLAYERS, NUM_PROPERTIES), (0, HAND_DISCARD)),
    # cards
    # secret; the top card is deck[deck_size - 1]
    ("deck", (DECK_SIZE,), (0, NUM_PROPERTIES - 1)),
    ("deck_size", (), (0, DECK_SIZE)),
    ("column", (COLUMN_SIZE,), CARD),  # the available column (card types, EMPTY)
    ("discard", (NUM_PROPERTIES,), COPIES),  # public discard pile, counts by type
    # flow
    ("month", (), (0, MONTHS)),  # 1..7 (0 during setup)
    ("phase", (), (0, P_GAME_OVER)),
    ("actor", (), SEAT),
    ("turn_player", (), (0, MAX_PLAYERS - 1)),  # whose placement / actions turn it is
    ("camp_pos", (), (0, MAX_CAMP_PLANKS)),  # next King's Camp plank to resolve
    ("np_turn", (), (0, 2)),  # 0 = NP3, 1 = NP4, 2 = both done this round
    ("np_card", (), CARD),  # the card a non-player picked
    # the current actions turn
    ("visits", (), (0, MAX_VISITS)),  # Trading Post visits allowed (§9.3)
    # Trading Post buys and sells made this turn (each <= visits)
    ("buys", (), (0, MAX_VISITS)),
    ("sells", (), (0, MAX_VISITS)),
    ("hired", (), FLAG),  # the once-per-turn gnome hire is used
    ("smith_used", (), (0, MAX_SMITH_BUYS)),  # Blacksmith metal purchases this turn
    ("exchanges", (), (0, MERCHANT_EXCHANGES)),  # Merchants' exchanges left this turn
    ("pending", (), (0, DECK_SIZE)),  # cards still to discard in P_DISCARD
    ("then", (), (THEN_ACTIONS, THEN_END_TURN)),  # THEN_* after P_DISCARD
    # per-phase working values (documented in kernels)
    ("scratch", (4,), (EMPTY, NUM_SITES - 1)),
    ("robbed", (MAX_PLAYERS,), FLAG),  # steal targets this activation
    ("revealed", (MAX_PLAYERS,), CARD),  # Spies': the card type each opponent revealed
    ("spies_user", (), SEAT),
    ("rng", (RNG_WORDS,), (0, 2**32 - 1)),
]
LAYOUT = Layout(BASE_FIELDS)


def _offset(name: str) -> int:
    return LAYOUT.offset(name)


NUM_PLAYERS, THIEVES_MAX, MARKET_CAP = map(_offset, ("num_players", "thieves_max", "market_cap"))
PROP_COST, PROP_INCOME, GUILD_COST, WALL_COST = map(
    _offset, ("prop_cost", "prop_income", "guild_cost", "wall_cost")
)
BUY_PRICE, SELL_PRICE, TAX_LEVELS, TAX_MIN, TAX_GOLD = map(
    _offset, ("buy_price", "sell_price", "tax_levels", "tax_min", "tax_gold")
)
FEES, GNOMES_TOTAL = map(_offset, ("fees", "gnomes_total"))
GUILD_OF, OWNER, GUILD_WORKER, NP_DWARF, NP_MARKERS = map(
    _offset, ("guild_of", "owner", "guild_worker", "np_dwarf", "np_markers")
)
RECRUITER, RECRUITER_RACE, CAMP, GNOME_STOCK = map(
    _offset, ("recruiter", "recruiter_race", "camp", "gnome_stock")
)
SCORE, RES, ELVES, DWARVES, AVAIL, AREA, PASSED = map(
    _offset, ("score", "res", "elves", "dwarves", "avail", "area", "passed")
)
BUILT, GNOMES, ON_PLANK, SHIELD, SHIELD_DOWN = map(
    _offset, ("built", "gnomes", "on_plank", "shield", "shield_down")
)
HAND, SETUP_DISCARD, DECK, DECK_SIZE_AT, COLUMN, DISCARD = map(
    _offset, ("hand", "setup_discard", "deck", "deck_size", "column", "discard")
)
MONTH, PHASE, ACTOR, TURN_PLAYER, CAMP_POS, NP_TURN, NP_CARD = map(
    _offset, ("month", "phase", "actor", "turn_player", "camp_pos", "np_turn", "np_card")
)
VISITS, BUYS, SELLS = map(_offset, ("visits", "buys", "sells"))
HIRED, SMITH_USED, EXCHANGES, PENDING, THEN = map(
    _offset, ("hired", "smith_used", "exchanges", "pending", "then")
)
SCRATCH, ROBBED, REVEALED, SPIES_USER, RNG = map(
    _offset, ("scratch", "robbed", "revealed", "spies_user", "rng")
)


class State(FlatState):
    """One Belfort game. `copy()`, `to_json()`, `State.from_json()` come from LAYOUT."""

    __slots__ = ()
    LAYOUT = LAYOUT
    GAME = "belfort_v0"
    NUM_ACTIONS = NUM_ACTIONS


# ----------------------------------------------------------------------------- expansion
# An `expansion=True` or `promo_guilds=True` game is an XState: the base fields at the same
# offsets (some with wider bounds), then the fields below. The base game keeps its own,
# shorter layout and action space, so its saved states and golden games are unchanged; the
# kernels tell the two apart by the buffer's length (`is_x`).
ASST_BOX = -2  # an assistant not in this game (asst_holder); EMPTY = in the display
MAX_GIANT_TOKENS = int(ASSISTANT_TOKENS.max())
MAX_IMPS = int(ASSISTANT_TOKENS[IMPS])
NHR_WORKERS = 3  # the Non-Human Resources Guild's "any 3 Elves/Dwarves" (B.2)
MAX_X_SCORE = 10**6  # bonus scoring, the Pixie and the Lawyers' add to the base maximum
_WIDER = {
    "guild_of": (0, NUM_ALL_GUILDS - 1),
    "score": (0, MAX_X_SCORE),
    "month": (0, MONTHS),
    "phase": (0, P_CENTAUR_UNDO),
    "then": (THEN_ACTIONS, THEN_PLACEMENT),
    "visits": (0, MAX_VISITS + 1),  # + the Clipboard Makers' visit
    "buys": (0, MAX_VISITS + 1),
    "sells": (0, MAX_VISITS + 1),
}
X_FIELDS = [
    (name, shape, _WIDER[name]) if name in _WIDER else (name, shape, *rest)
    for name, shape, *rest in BASE_FIELDS
] + [
    ("expansion", (), FLAG),  # 1 = The Expansion Expansion (0 = base game + promo guilds)
    ("promo", (), FLAG),  # 1 = the promo guilds join the pools
    ("xguild_cost", (NUM_ALL_GUILDS - NUM_GUILDS, 4), AMOUNT),  # guilds 12.. (D6)
    ("asst_x", (NUM_ASSISTANTS, 3), AMOUNT),  # X per assistant and season (App. C, D24)
    ("djinn_y", (3,), AMOUNT),  # the Djinn's Y
    ("lawyer_gold", (3,), AMOUNT),  # Lawyers' tiers (D25, assumed)
    ("lawyer_points", (3,), AMOUNT),
    # assistants: EMPTY in the display, ASST_BOX not in play, else the seat holding it
    ("asst_holder", (NUM_ASSISTANTS,), (ASST_BOX, MAX_PLAYERS - 1)),
    ("asst_down", (NUM_ASSISTANTS,), FLAG),  # exhausted (face down) this round
    ("asst_gold", (NUM_ASSISTANTS,), (0, MONTHS)),  # leftover gold lying on the tile
    ("draft_left", (), (0, MAX_PLAYERS)),  # seats still to draft; the next has this shield
    # permits (App. D, E): the public stack, and per seat and property type
    ("permit_stack", (NUM_PROPERTIES,), (0, 2)),
    ("permits", (MAX_PLAYERS, NUM_PROPERTIES), COPIES),  # tucked under built cards
    ("expanded", (MAX_PLAYERS, NUM_PROPERTIES), COPIES),  # of those, fully expanded
    ("on_permit", (MAX_PLAYERS, NUM_PROPERTIES), (0, 2 * COPIES_PER_PROPERTY)),  # workers
    # the current actions turn
    ("garg_left", (), AMOUNT),  # cards the Gargoyle still gives at the end of this turn
    ("x_count", (), AMOUNT),  # Djinn goods still to pick / Planners' permits still to take
    ("x_season", (), (0, 2)),  # the Djinn's chosen season
    ("hob_left", (), AMOUNT),  # builds from hand the Hobgoblin still discounts this turn
    ("x_site", (), (EMPTY, NUM_SITES - 1)),  # the site whose Hobgoblin discount is chosen
    ("x_permit", (), (EMPTY, NUM_PROPERTIES - 1)),  # the permit waiting for P_WHICH_ASST
    ("asst_guild_seat", (), SEAT),  # who took the leftover with the Assistants' Guild
    ("giant_tokens", (2,), (0, MAX_GIANT_TOKENS)),  # Giant tokens placed as Elves / Dwarves
    ("giant_area", (), (EMPTY, 3)),  # the resource area holding them
    ("gorgon_district", (), (EMPTY, NUM_DISTRICTS - 1)),  # where the Gorgon's token stands
    ("gorgon_used", (), FLAG),  # the Gorgon charged or paid in this actions turn
    ("decorated", (NUM_SITES,), (0, 2)),  # gold coins under the markers of a site (D27)
    # workers taken with the Non-Human Resources Guild, owed back at the end of the turn
    ("nhr_owed", (MAX_PLAYERS,), (0, NHR_WORKERS)),
    ("sentinel_asked", (), (0, MAX_PLAYERS - 1)),  # Sentinels': opponents asked so far
    ("goon_district", (), (EMPTY, NUM_DISTRICTS - 1)),  # the guild the Goon's token joined
    # the property type whose gnome lock holds the Centaur's token (its holder's card)
    ("centaur_lock", (), (EMPTY, NUM_PROPERTIES - 1)),
    # each Imp token on a plank: the seat owning the card and the card's type (EMPTY: on
    # its tile); the Imps' holder activates them in their actions turn
    ("imp_seat", (MAX_IMPS,), SEAT),
    ("imp_type", (MAX_IMPS,), CARD),
]
XLAYOUT = Layout(X_FIELDS)
BASE_SIZE = LAYOUT.size


def _x_offset(name: str) -> int:
    return XLAYOUT.offset(name)


EXPANSION, PROMO, XGUILD_COST, ASST_X, DJINN_Y = map(
    _x_offset, ("expansion", "promo", "xguild_cost", "asst_x", "djinn_y")
)
LAWYER_GOLD, LAWYER_POINTS, ASST_HOLDER, ASST_DOWN, ASST_GOLD, DRAFT_LEFT = map(
    _x_offset,
    ("lawyer_gold", "lawyer_points", "asst_holder", "asst_down", "asst_gold", "draft_left"),
)
PERMIT_STACK, PERMITS, EXPANDED, ON_PERMIT = map(
    _x_offset, ("permit_stack", "permits", "expanded", "on_permit")
)
GARG_LEFT, X_COUNT, X_SEASON = map(_x_offset, ("garg_left", "x_count", "x_season"))
HOB_LEFT, X_SITE, X_PERMIT, ASST_GUILD_SEAT = map(
    _x_offset, ("hob_left", "x_site", "x_permit", "asst_guild_seat")
)
NHR_OWED, SENTINEL_ASKED, GOON_DISTRICT = map(
    _x_offset, ("nhr_owed", "sentinel_asked", "goon_district")
)
CENTAUR_LOCK, IMP_SEAT, IMP_TYPE = map(_x_offset, ("centaur_lock", "imp_seat", "imp_type"))
GIANT_TOKENS, GIANT_AREA, GORGON_DISTRICT, GORGON_USED, DECORATED = map(
    _x_offset, ("giant_tokens", "giant_area", "gorgon_district", "gorgon_used", "decorated")
)
assert BASE_SIZE == EXPANSION  # every base field keeps its offset


class XState(State):
    """A Belfort game with the expansion and/or the promo guilds (XLAYOUT, Discrete(279))."""

    __slots__ = ()
    LAYOUT = XLAYOUT
    NUM_ACTIONS = NUM_X_ACTIONS
