"""Belfort state: one flat int64 buffer (see envs.core.flatstate) with these fields.

Seats are 0..N-1. Marker owners are seats, or in a 2-player game the non-players NP3 = 2 and
NP4 = 3 (§13); EMPTY (-1) means no marker. Index conventions are in tables.py.
The first block holds the rule parameters (config + data_overrides, see config.py), so a saved
state replays under exactly the numbers it was played with.
Kernels use the offsets exported below (`OWNER`, `RES`, ...); Python reads `state.owner`.
"""

from __future__ import annotations

from eurogym.envs.belfort.actions import NUM_ACTIONS
from eurogym.envs.belfort.tables import (
    COLUMN_SIZE,
    DECK_SIZE,
    MAX_CAMP_PLANKS,
    MAX_RECRUITER_PLANKS,
    NUM_DISTRICTS,
    NUM_GUILDS,
    NUM_PROPERTIES,
    NUM_SITES,
)
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
)
# P_DISCARD continuations
THEN_ACTIONS, THEN_END_TURN = 0, 1
# P_STEAL modes (scratch[0]): who is stealing what
STEAL_THIEVES, STEAL_BANDITS = 0, 1

LAYOUT = Layout(
    [
        # parameters (config.Params), fixed for the game
        ("num_players", ()),
        ("thieves_max", ()),  # D13: 2 (tile) or 3 (rulebook)
        ("market_cap", ()),  # D22: 1 = Markets give at most 2 extra visits
        ("prop_cost", (NUM_PROPERTIES, 4)),
        ("prop_income", (NUM_PROPERTIES,)),
        ("guild_cost", (NUM_GUILDS, 4)),
        ("wall_cost", (4,)),
        ("buy_price", (3, 3)),
        ("sell_price", (3, 3)),
        ("tax_levels", ()),
        ("tax_min", (MAX_TAX_LEVELS,)),
        ("tax_gold", (MAX_TAX_LEVELS,)),
        ("fees", (6,)),  # config.FEES order
        ("gnomes_total", ()),  # the stock at setup (§4.1 step 4)
        # board
        ("guild_of", (NUM_DISTRICTS,)),  # guild id in each district's guild spot
        ("owner", (NUM_SITES,)),
        ("guild_worker", (NUM_DISTRICTS,)),  # seat of the worker on each guild plank
        ("np_dwarf", (2,)),  # district of the NP3 / NP4 Dwarf (§13), EMPTY before setup
        ("np_markers", (2,)),  # markers left (D36)
        ("recruiter", (MAX_RECRUITER_PLANKS,)),  # seat on each Recruiter's Desk plank
        ("recruiter_race", (MAX_RECRUITER_PLANKS,)),  # 0 Elf, 1 Dwarf
        ("camp", (MAX_CAMP_PLANKS,)),  # seat on each King's Camp plank
        ("gnome_stock", ()),
        # players
        ("score", (MAX_PLAYERS + 2,)),  # NPs score too (§13), their points do not matter
        ("res", (MAX_PLAYERS, 4)),
        ("elves", (MAX_PLAYERS,)),  # owned, masters included
        ("dwarves", (MAX_PLAYERS,)),
        ("avail", (MAX_PLAYERS, 4)),  # workers by kind still to place this round
        ("area", (MAX_PLAYERS, 4, 4)),  # workers by kind in each resource area
        ("passed", (MAX_PLAYERS,)),
        ("built", (MAX_PLAYERS, NUM_PROPERTIES)),  # property cards built (in front of you)
        ("gnomes", (MAX_PLAYERS, NUM_PROPERTIES)),  # filled locks on those cards
        ("on_plank", (MAX_PLAYERS, NUM_PROPERTIES)),  # workers on those cards' planks
        ("shield", (MAX_PLAYERS,)),  # turn-order shield number, 1..N
        ("shield_down", (MAX_PLAYERS,)),  # §8.2 step 6, during the King's Camp only
        ("hand", (MAX_PLAYERS, NUM_PROPERTIES)),  # private: card counts by type
        ("setup_discard", (MAX_PLAYERS, NUM_PROPERTIES)),  # private until all have chosen
        # cards
        ("deck", (DECK_SIZE,)),  # secret; the top card is deck[deck_size - 1]
        ("deck_size", ()),
        ("column", (COLUMN_SIZE,)),  # the available column (card types, EMPTY)
        ("discard", (NUM_PROPERTIES,)),  # public discard pile, counts by type
        # flow
        ("month", ()),  # 1..7 (0 during setup)
        ("phase", ()),
        ("actor", ()),
        ("turn_player", ()),  # whose placement / actions turn it is
        ("camp_pos", ()),  # next King's Camp plank to resolve
        ("np_turn", ()),  # 0 = NP3, 1 = NP4
        ("np_card", ()),  # the card a non-player picked
        # the current actions turn
        ("visits", ()),  # Trading Post visits allowed (§9.3)
        ("buys", ()),  # Trading Post buys and sells made this turn (each <= visits)
        ("sells", ()),
        ("hired", ()),  # the once-per-turn gnome hire is used
        ("smith_used", ()),  # Blacksmith metal purchases this turn
        ("exchanges", ()),  # Merchants' exchanges left this turn
        ("pending", ()),  # cards still to discard in P_DISCARD
        ("then", ()),  # THEN_* after P_DISCARD
        ("scratch", (4,)),  # per-phase working values (documented in kernels)
        ("robbed", (MAX_PLAYERS,)),  # steal targets this activation
        ("revealed", (MAX_PLAYERS,)),  # Spies': the card type each opponent revealed
        ("spies_user", ()),
        ("rng", (RNG_WORDS,)),
    ]
)


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
