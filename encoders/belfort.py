"""Belfort observation encoders (hidden information filtered here, spec Appendix F).

Everything is seen by player `me` with seats rotated: relative seat k is seat (me + k) % n, so
index 0 is always "mine"; relative seats k >= n encode as zeros. Marker owners also have the
non-player channels NP3 / NP4 (owner ids 2 and 3 in a 2-player game, see state.py).

Never read: which cards are in another seat's `hand` or `setup_discard`, the `deck` order and
`rng`. How many cards each seat holds is public at the table and is encoded.

`encode_dict` entries (all float32 in [0, 1]; "/x" is the scale; every scale is above the
largest value 10,000 random games reach, see tests/belfort/test_encoders.py, so nothing is
clipped in practice; values above x would clip to 1):
    board      [70, 7]   owner of each site (tables.py site ids): relative seats 0-4, NP3, NP4
    guilds     [5, 19]   per district: guild one-hot (12), relative seat of the worker on its
                         plank (5), NP3 / NP4 Dwarf stands here (2); a new guild (B.2)
                         encodes in the `expansion` entry
    recruiter  [3, 6]    per Recruiter's Desk plank: relative seat one-hot (5), race is Dwarf
    camp       [5, 5]    per King's Camp plank: relative seat one-hot
    players    [5, 77]   per relative seat, columns in PLAYER_COLUMNS order: resources W S M G
                         /100, score /200, elves /7, dwarves /7, available workers by kind /7 (4),
                         workers by area x kind /7 (16), passed, built cards by type /5 (10),
                         gnomes by type /10 (10), workers on card planks by type /5 (10), shield
                         one-hot 1..5 (5), shield down, robbed this activation, card revealed to
                         the Spies one-hot (10), hand size /20, tax due at the current score /10
    my_cards   [2, 10]   my hand by type /5, my setup discard by type /5
    column     [3, 10]   card type in each available-column slot, one-hot
    cards      [11]      discard pile by type /5, deck size /50
    turn       [76]      TURN_COLUMNS: num_players one-hot 2..5 (4), month one-hot 0..7 (8),
                         base phase one-hot (22), actor relative seat (5; column 0 = I am to act),
                         turn player (5), Spies' user (5), King's Camp plank to resolve /5,
                         non-player turn /2, non-player's card one-hot (10), cards to
                         discard /20, discard continuation /2, visits /16, buys made /16, sells
                         made /16, gnome hired, Blacksmith metal bought
                         /5, Merchants' exchanges left /2, scratch (value + 1) /71 (4), gnome
                         stock /22, non-player markers left /12 (2)
    params     [117]     PARAM_COLUMNS: property cost W S M G /5 (10 x 4), property income /3
                         (10), guild cost /5 (12 x 4), wall cost /5 (4), buy and sell price of W
                         S M in the current season /5 (3 + 3), fees /5 (6, config.FEES order),
                         thieves' maximum /3, market cap flag, gnomes at setup /22

An expansion or promo-guild game (XState) appends one more entry (X_FLAT_SIZE in all):
    expansion  [535]     X_COLUMNS: expansion and promo flags (2), expansion phase one-hot
                         (27), new guild in each district one-hot (5 x 8), per assistant
                         (10 x 9): held by relative seat (5), in the display, not in this
                         game, face down, gold on the tile /7; per relative seat (5 x 30):
                         permits /5, expanded /5 and workers on permit planks /10 by type;
                         permit stack by type /2 (10), seats still to draft /5, Gargoyle
                         cards due /10, Djinn goods or Planners' permits left /10, Djinn
                         season one-hot (3); parameters: new guild costs /5 (32), assistant
                         X by season /10 (30), Djinn Y /10 (3), Lawyers' gold /10 and points
                         /10 (6); the Giant's tokens as Elves / Dwarves /3 (2) and their
                         area one-hot (4), the Gorgon's district one-hot (5) and whether it
                         charged this turn, Hobgoblin builds left /10, who took the leftover
                         with the Assistants' Guild (5), the permit waiting for a choice of
                         assistant one-hot (10), the Hobgoblin's site (value + 1) /71,
                         decoration coins per site /2 (70; a Keep section can hold 2), the
                         property type whose lock holds the Centaur's token one-hot (10; the
                         holder is in the assistants' rows), per Imp token (2 x 15): the
                         relative seat whose card it stands on (5) and the card type (10)
Everything about assistants and permits is public (Appendix F), so all of it is encoded.

`encode_flat` is these entries flattened and concatenated in the order above (FLAT_SIZE, or
X_FLAT_SIZE for an XState).

How: every feature is either a scaled copy of one buffer word or a one-hot of one word, so per
(num_players, me) a cached plan lists source offsets, scales and output positions, and a call
is one gather, one scatter and the tax lookup: about a dozen numpy calls.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from gymnasium import spaces
from numba import njit

from eurogym.envs.belfort import tables
from eurogym.envs.belfort.state import (
    ACTOR,
    AREA,
    ASST_BOX,
    ASST_DOWN,
    ASST_GOLD,
    ASST_GUILD_SEAT,
    ASST_HOLDER,
    ASST_X,
    AVAIL,
    BASE_SIZE,
    BUILT,
    BUY_PRICE,
    BUYS,
    CAMP,
    CAMP_POS,
    CENTAUR_LOCK,
    COLUMN,
    DECK_SIZE_AT,
    DECORATED,
    DISCARD,
    DJINN_Y,
    DRAFT_LEFT,
    DWARVES,
    ELVES,
    EMPTY,
    EXCHANGES,
    EXPANDED,
    EXPANSION,
    FEES,
    GARG_LEFT,
    GIANT_AREA,
    GIANT_TOKENS,
    GNOME_STOCK,
    GNOMES,
    GNOMES_TOTAL,
    GORGON_DISTRICT,
    GORGON_USED,
    GUILD_COST,
    GUILD_OF,
    GUILD_WORKER,
    HAND,
    HIRED,
    HOB_LEFT,
    IMP_SEAT,
    IMP_TYPE,
    LAWYER_GOLD,
    LAWYER_POINTS,
    MARKET_CAP,
    MAX_IMPS,
    MAX_PLAYERS,
    MONTH,
    NP_CARD,
    NP_DWARF,
    NP_FIRST,
    NP_MARKERS,
    NP_TURN,
    NUM_PLAYERS,
    ON_PERMIT,
    ON_PLANK,
    OWNER,
    P_GAME_OVER,
    PASSED,
    PENDING,
    PERMIT_STACK,
    PERMITS,
    PHASE,
    PHASE_NAMES,
    PROMO,
    PROP_COST,
    PROP_INCOME,
    RECRUITER,
    RECRUITER_RACE,
    RES,
    REVEALED,
    ROBBED,
    SCORE,
    SCRATCH,
    SELL_PRICE,
    SELLS,
    SETUP_DISCARD,
    SHIELD,
    SHIELD_DOWN,
    SMITH_USED,
    SPIES_USER,
    TAX_GOLD,
    TAX_LEVELS,
    TAX_MIN,
    THEN,
    THIEVES_MAX,
    TURN_PLAYER,
    VISITS,
    WALL_COST,
    X_COUNT,
    X_PERMIT,
    X_SEASON,
    X_SITE,
    XGUILD_COST,
    State,
)
from eurogym.envs.belfort.tables import (
    COLUMN_SIZE,
    COPIES_PER_PROPERTY,
    DECK_SIZE,
    MAX_CAMP_PLANKS,
    MAX_RECRUITER_PLANKS,
    MONTHS,
    NUM_DISTRICTS,
    NUM_GUILDS,
    NUM_PROPERTIES,
    NUM_RESOURCES,
    NUM_SITES,
    SEASON_OF_MONTH,
    WORKERS_PER_COLOUR,
)
from eurogym.envs.belfort.xtables import NUM_ALL_GUILDS, NUM_ASSISTANTS
from eurogym.envs.core.jit import ENTRY

NUM_OWNER_CHANNELS = MAX_PLAYERS + 2  # relative seats, then NP3 and NP4
NUM_KINDS = NUM_AREAS = 4
# Scales sit well above the largest values 10,000 random games per configuration reach
# (docs/belfort.md), so the encoding never clips: gold and goods 100 (seen: 24 and 36), scores
# 200 (seen: 80), hands 20 (seen: 12), gnomes on one card type 10 (the rules' maximum).
RES_SCALE, SCORE_SCALE, TAX_SCALE, HAND_SCALE = 100.0, 200.0, 10.0, 20.0
COST_SCALE, INCOME_SCALE, VISIT_SCALE = 5.0, 3.0, 16.0
GNOME_SCALE = 22.0  # the largest stock (5 players)
GNOMES_PER_TYPE = 10  # every lock of every copy: 5 Markets x 2 locks
NUM_BASE_PHASES = P_GAME_OVER + 1  # the expansion's phases encode in its own entry
SCRATCH_SCALE = NUM_SITES + 1.0  # scratch holds at most a site id, or EMPTY

PLAYER_COLUMNS = (
    ("res", NUM_RESOURCES),
    ("score", 1),
    ("elves", 1),
    ("dwarves", 1),
    ("avail", NUM_KINDS),
    ("area", NUM_AREAS * NUM_KINDS),
    ("passed", 1),
    ("built", NUM_PROPERTIES),
    ("gnomes", NUM_PROPERTIES),
    ("on_plank", NUM_PROPERTIES),
    ("shield", MAX_PLAYERS),
    ("shield_down", 1),
    ("robbed", 1),
    ("revealed", NUM_PROPERTIES),
    ("hand_size", 1),
    ("tax", 1),
)
TURN_COLUMNS = (
    ("num_players", 4),
    ("month", MONTHS + 1),
    ("phase", NUM_BASE_PHASES),
    ("actor", MAX_PLAYERS),
    ("turn_player", MAX_PLAYERS),
    ("spies_user", MAX_PLAYERS),
    ("camp_pos", 1),
    ("np_turn", 1),
    ("np_card", NUM_PROPERTIES),
    ("pending", 1),
    ("then", 1),
    ("visits", 1),
    ("buys", 1),
    ("sells", 1),
    ("hired", 1),
    ("smith_used", 1),
    ("exchanges", 1),
    ("scratch", 4),
    ("gnome_stock", 1),
    ("np_markers", 2),
)
PARAM_COLUMNS = (
    ("prop_cost", NUM_PROPERTIES * 4),
    ("prop_income", NUM_PROPERTIES),
    ("guild_cost", NUM_GUILDS * 4),
    ("wall_cost", 4),
    ("buy_price", 3),
    ("sell_price", 3),
    ("fees", 6),
    ("thieves_max", 1),
    ("market_cap", 1),
    ("gnomes_total", 1),
)


def _width(columns: tuple[tuple[str, int], ...]) -> int:
    return sum(size for _, size in columns)


def _starts(columns: tuple[tuple[str, int], ...]) -> dict[str, int]:
    offsets = np.cumsum([0] + [size for _, size in columns])
    return {name: int(o) for (name, _), o in zip(columns, offsets[:-1], strict=True)}


ENTRY_SHAPES: dict[str, tuple[int, ...]] = {
    "board": (NUM_SITES, NUM_OWNER_CHANNELS),
    "guilds": (NUM_DISTRICTS, NUM_GUILDS + MAX_PLAYERS + 2),
    "recruiter": (MAX_RECRUITER_PLANKS, MAX_PLAYERS + 1),
    "camp": (MAX_CAMP_PLANKS, MAX_PLAYERS),
    "players": (MAX_PLAYERS, _width(PLAYER_COLUMNS)),
    "my_cards": (2, NUM_PROPERTIES),
    "column": (COLUMN_SIZE, NUM_PROPERTIES),
    "cards": (NUM_PROPERTIES + 1,),
    "turn": (_width(TURN_COLUMNS),),
    "params": (_width(PARAM_COLUMNS),),
}
ENTRY_OFFSETS: dict[str, int] = {}
_o = 0
for _name, _shape in ENTRY_SHAPES.items():
    ENTRY_OFFSETS[_name] = _o
    _o += math.prod(_shape)
FLAT_SIZE = _o
# a list, not a dict: gymnasium sorts dict keys, and the flat order is the declared one
DICT_SPACES = spaces.Dict(
    [(name, spaces.Box(0.0, 1.0, shape, np.float32)) for name, shape in ENTRY_SHAPES.items()]
)
NUM_X_GUILDS = NUM_ALL_GUILDS - NUM_GUILDS
NUM_X_PHASES = len(PHASE_NAMES) - NUM_BASE_PHASES
ASST_ROW = MAX_PLAYERS + 4  # holder seat (5), in the display, in play, face down, gold
X_SEAT_ROW = 3 * NUM_PROPERTIES  # permits, expanded, workers on permit planks
X_COLUMNS = (
    ("flags", 2),
    ("phase", NUM_X_PHASES),
    ("guilds", NUM_DISTRICTS * NUM_X_GUILDS),
    ("assistants", NUM_ASSISTANTS * ASST_ROW),
    ("seats", MAX_PLAYERS * X_SEAT_ROW),
    ("permit_stack", NUM_PROPERTIES),
    ("draft_left", 1),
    ("garg_left", 1),
    ("x_count", 1),
    ("x_season", 3),
    ("xguild_cost", NUM_X_GUILDS * 4),
    ("asst_x", NUM_ASSISTANTS * 3),
    ("djinn_y", 3),
    ("lawyers", 6),
    ("giant_tokens", 2),
    ("giant_area", 4),
    ("gorgon_district", NUM_DISTRICTS),
    ("gorgon_used", 1),
    ("hob_left", 1),
    ("asst_guild_seat", MAX_PLAYERS),
    ("x_permit", NUM_PROPERTIES),
    ("x_site", 1),
    ("decorated", NUM_SITES),
    ("centaur_lock", NUM_PROPERTIES),
    ("imps", MAX_IMPS * (MAX_PLAYERS + NUM_PROPERTIES)),
)
X_COL = _starts(X_COLUMNS)
X_OFFSET = FLAT_SIZE
X_FLAT_SIZE = FLAT_SIZE + _width(X_COLUMNS)
X_SMALL_SCALE = 10.0  # assistant values, Djinn and Lawyers' numbers, Gargoyle cards
PLAYER_COL = _starts(PLAYER_COLUMNS)
TURN_COL = _starts(TURN_COLUMNS)
PARAM_COL = _starts(PARAM_COLUMNS)


HOT_WIDTH = len(PHASE_NAMES) + 2  # one-hot words hold -2 (ASST_BOX) .. 33 (phases, the largest)
# out has one spare slot, after the plan's last value, that absorbs one-hots of absent values


class _Plan:
    """Where each output value comes from, for one (num_players, me).

    Linear: out[i] = min(buf[src[season, i]] * scale[i] + offset[i], 1). `src` has one row per
    season (only the Trading Post prices differ); scale 0 blanks one-hot slots and seats
    beyond num_players. Extra rows: the tax due at a seat's score and its hand size, both
    computed per call, for the seats in the game.
    One-hot: word j at buf[hot_src[j]] with value v sets out[table[row[j] + v]] = 1; the table
    folds in the relative-seat mapping, shifts, strides and absent seats (they hit the spare
    slot at index `size`).
    A valid state keeps every one-hot word within -1 .. HOT_WIDTH - 2.
    """

    def __init__(self, num_players: int, me: int, size: int) -> None:
        self.n, self.me, self.size = num_players, me, size
        self.src = np.zeros((3, size + 1), np.int64)
        self.scale = np.zeros(size + 1, np.float32)
        self.offset = np.zeros(size + 1, np.float32)
        self.hot_src: list[int] = []
        self.table: list[np.ndarray] = []
        self.extra_rows: list[tuple[int, int, int]] = []  # (pos, seat, 0 tax / 1 hand size)
        # owner id -> relative channel (relative seats, then NP3 and NP4 in a 2-player game)
        self.channel = {owner: (owner - me) % num_players for owner in range(num_players)}
        if num_players == 2:
            self.channel.update({NP_FIRST: MAX_PLAYERS, NP_FIRST + 1: MAX_PLAYERS + 1})

    def seat(self, k: int) -> tuple[int, bool]:
        """Absolute seat of relative seat k, and whether it is in the game."""
        return (self.me + k) % self.n, k < self.n

    def linear(
        self, pos: int, src: int, count: int, scale: float, shift: int = 0, season: int = 0
    ) -> None:
        """`count` consecutive words; `season` is the source stride between seasons."""
        span = slice(pos, pos + count)
        for s in range(3):
            self.src[s, span] = np.arange(src, src + count) + s * season
        self.scale[span] = scale
        self.offset[span] = shift * scale

    def one_hot(
        self,
        pos: int,
        src: int,
        size: int,
        stride: int = 1,
        shift: int = 0,
        seat: bool = False,
        active: bool = True,
    ) -> None:
        """One-hot of the word at `src`; `seat` words hold owner ids, shown relative to me."""
        table = np.full(HOT_WIDTH, self.size, np.int64)
        for value in range(-2, HOT_WIDTH - 2):
            v = self.channel.get(value, -1) if seat else value - shift
            if active and 0 <= v < size:
                table[value + 2] = pos + v * stride
        self.hot_src.append(src)
        self.table.append(table)

    def tax(self, pos: int, seat: int) -> None:
        """The tax due at `seat`'s score, looked up in the state's tax table per call."""
        self.extra_rows.append((pos, seat, 0))

    def hand_size(self, pos: int, seat: int) -> None:
        """How many cards `seat` holds (public), summed per call."""
        self.extra_rows.append((pos, seat, 1))

    def compile(self) -> _Plan:
        """Freeze the one-hot lists into arrays for the vectorised encoder."""
        self.hot_src = np.array(self.hot_src, np.int64)
        self.hot_row = np.arange(len(self.table), dtype=np.int64) * HOT_WIDTH + 2
        self.table = np.concatenate(self.table)
        self.extra = np.array(self.extra_rows, np.int64).reshape(-1, 3)
        return self


def _plan_board(p: _Plan) -> None:
    base = ENTRY_OFFSETS["board"]
    for s in range(NUM_SITES):
        p.one_hot(base + s * NUM_OWNER_CHANNELS, OWNER + s, NUM_OWNER_CHANNELS, seat=True)
    base, row = ENTRY_OFFSETS["guilds"], ENTRY_SHAPES["guilds"][1]
    for d in range(NUM_DISTRICTS):
        p.one_hot(base + d * row, GUILD_OF + d, NUM_GUILDS)
        p.one_hot(base + d * row + NUM_GUILDS, GUILD_WORKER + d, MAX_PLAYERS, seat=True)
    for i in range(2):  # np_dwarf[i] is a district: the hot row is that district's
        p.one_hot(base + NUM_GUILDS + MAX_PLAYERS + i, NP_DWARF + i, NUM_DISTRICTS, stride=row)
    base, row = ENTRY_OFFSETS["recruiter"], ENTRY_SHAPES["recruiter"][1]
    for j in range(MAX_RECRUITER_PLANKS):
        p.one_hot(base + j * row, RECRUITER + j, MAX_PLAYERS, seat=True)
        p.linear(base + j * row + MAX_PLAYERS, RECRUITER_RACE + j, 1, 1.0)
    base = ENTRY_OFFSETS["camp"]
    for j in range(MAX_CAMP_PLANKS):
        p.one_hot(base + j * MAX_PLAYERS, CAMP + j, MAX_PLAYERS, seat=True)


def _plan_players(p: _Plan) -> None:
    row = ENTRY_SHAPES["players"][1]
    per_worker = 1.0 / WORKERS_PER_COLOUR
    for k in range(MAX_PLAYERS):
        seat, active = p.seat(k)
        on = float(active)
        col = {name: ENTRY_OFFSETS["players"] + k * row + c for name, c in PLAYER_COL.items()}
        p.linear(col["res"], RES + seat * NUM_RESOURCES, NUM_RESOURCES, on / RES_SCALE)
        p.linear(col["score"], SCORE + seat, 1, on / SCORE_SCALE)
        p.linear(col["elves"], ELVES + seat, 1, on * per_worker)
        p.linear(col["dwarves"], DWARVES + seat, 1, on * per_worker)
        p.linear(col["avail"], AVAIL + seat * NUM_KINDS, NUM_KINDS, on * per_worker)
        p.linear(col["area"], AREA + seat * 16, 16, on * per_worker)
        p.linear(col["passed"], PASSED + seat, 1, on)
        by_type = seat * NUM_PROPERTIES
        p.linear(col["built"], BUILT + by_type, NUM_PROPERTIES, on / COPIES_PER_PROPERTY)
        p.linear(col["gnomes"], GNOMES + by_type, NUM_PROPERTIES, on / GNOMES_PER_TYPE)
        p.linear(col["on_plank"], ON_PLANK + by_type, NUM_PROPERTIES, on / COPIES_PER_PROPERTY)
        p.one_hot(col["shield"], SHIELD + seat, MAX_PLAYERS, shift=1, active=active)
        p.linear(col["shield_down"], SHIELD_DOWN + seat, 1, on)
        p.linear(col["robbed"], ROBBED + seat, 1, on)
        p.one_hot(col["revealed"], REVEALED + seat, NUM_PROPERTIES, active=active)
        if active:
            p.tax(col["tax"], seat)
            p.hand_size(col["hand_size"], seat)
    base = ENTRY_OFFSETS["my_cards"]
    mine = p.me * NUM_PROPERTIES
    p.linear(base, HAND + mine, NUM_PROPERTIES, 1.0 / COPIES_PER_PROPERTY)
    p.linear(base + NUM_PROPERTIES, SETUP_DISCARD + mine, NUM_PROPERTIES, 1.0 / COPIES_PER_PROPERTY)


def _plan_cards_and_turn(p: _Plan) -> None:
    for j in range(COLUMN_SIZE):
        p.one_hot(ENTRY_OFFSETS["column"] + j * NUM_PROPERTIES, COLUMN + j, NUM_PROPERTIES)
    base = ENTRY_OFFSETS["cards"]
    p.linear(base, DISCARD, NUM_PROPERTIES, 1.0 / COPIES_PER_PROPERTY)
    p.linear(base + NUM_PROPERTIES, DECK_SIZE_AT, 1, 1.0 / DECK_SIZE)
    col = {name: ENTRY_OFFSETS["turn"] + c for name, c in TURN_COL.items()}
    p.one_hot(col["num_players"], NUM_PLAYERS, 4, shift=2)
    p.one_hot(col["month"], MONTH, MONTHS + 1)
    p.one_hot(col["phase"], PHASE, len(PHASE_NAMES))
    for name, src in (("actor", ACTOR), ("turn_player", TURN_PLAYER), ("spies_user", SPIES_USER)):
        p.one_hot(col[name], src, MAX_PLAYERS, seat=True)
    p.linear(col["camp_pos"], CAMP_POS, 1, 1.0 / MAX_CAMP_PLANKS)
    p.linear(col["np_turn"], NP_TURN, 1, 1.0 / 2)  # 0 NP3, 1 NP4, 2 both done
    p.one_hot(col["np_card"], NP_CARD, NUM_PROPERTIES)
    p.linear(col["pending"], PENDING, 1, 1.0 / HAND_SCALE)
    p.linear(col["then"], THEN, 1, 1.0 / 2)
    p.linear(col["visits"], VISITS, 1, 1.0 / VISIT_SCALE)
    p.linear(col["buys"], BUYS, 1, 1.0 / VISIT_SCALE)
    p.linear(col["sells"], SELLS, 1, 1.0 / VISIT_SCALE)
    for name, src in (("hired", HIRED),):
        p.linear(col[name], src, 1, 1.0)
    p.linear(col["smith_used"], SMITH_USED, 1, 1.0 / COPIES_PER_PROPERTY)
    p.linear(col["exchanges"], EXCHANGES, 1, 1.0 / 2)
    p.linear(col["scratch"], SCRATCH, 4, 1.0 / SCRATCH_SCALE, shift=1)
    p.linear(col["gnome_stock"], GNOME_STOCK, 1, 1.0 / GNOME_SCALE)
    p.linear(col["np_markers"], NP_MARKERS, 2, 1.0 / tables.NP_MARKERS)


def _plan_params(p: _Plan) -> None:
    col = {name: ENTRY_OFFSETS["params"] + c for name, c in PARAM_COL.items()}
    p.linear(col["prop_cost"], PROP_COST, NUM_PROPERTIES * 4, 1.0 / COST_SCALE)
    p.linear(col["prop_income"], PROP_INCOME, NUM_PROPERTIES, 1.0 / INCOME_SCALE)
    p.linear(col["guild_cost"], GUILD_COST, NUM_GUILDS * 4, 1.0 / COST_SCALE)
    p.linear(col["wall_cost"], WALL_COST, 4, 1.0 / COST_SCALE)
    p.linear(col["buy_price"], BUY_PRICE, 3, 1.0 / COST_SCALE, season=3)
    p.linear(col["sell_price"], SELL_PRICE, 3, 1.0 / COST_SCALE, season=3)
    p.linear(col["fees"], FEES, 6, 1.0 / COST_SCALE)
    p.linear(col["thieves_max"], THIEVES_MAX, 1, 1.0 / 3)
    p.linear(col["market_cap"], MARKET_CAP, 1, 1.0)
    p.linear(col["gnomes_total"], GNOMES_TOTAL, 1, 1.0 / GNOME_SCALE)


def _plan_expansion(p: _Plan) -> None:
    """The `expansion` entry (module docstring): all public assistant and permit facts."""
    col = {name: X_OFFSET + c for name, c in X_COL.items()}
    p.linear(col["flags"], EXPANSION, 1, 1.0)
    p.linear(col["flags"] + 1, PROMO, 1, 1.0)
    p.one_hot(col["phase"], PHASE, NUM_X_PHASES, shift=NUM_BASE_PHASES)
    for d in range(NUM_DISTRICTS):
        p.one_hot(col["guilds"] + d * NUM_X_GUILDS, GUILD_OF + d, NUM_X_GUILDS, shift=NUM_GUILDS)
    for a in range(NUM_ASSISTANTS):
        row = col["assistants"] + a * ASST_ROW
        p.one_hot(row, ASST_HOLDER + a, MAX_PLAYERS, seat=True)
        p.one_hot(row + MAX_PLAYERS, ASST_HOLDER + a, 1, shift=EMPTY)  # in the display
        p.one_hot(row + MAX_PLAYERS + 1, ASST_HOLDER + a, 1, shift=ASST_BOX)  # not in play
        p.linear(row + MAX_PLAYERS + 2, ASST_DOWN + a, 1, 1.0)
        p.linear(row + MAX_PLAYERS + 3, ASST_GOLD + a, 1, 1.0 / MONTHS)
    for k in range(MAX_PLAYERS):
        seat, active = p.seat(k)
        on = float(active)
        row = col["seats"] + k * X_SEAT_ROW
        by_type = seat * NUM_PROPERTIES
        p.linear(row, PERMITS + by_type, NUM_PROPERTIES, on / COPIES_PER_PROPERTY)
        p.linear(row + NUM_PROPERTIES, EXPANDED + by_type, NUM_PROPERTIES, on / COPIES_PER_PROPERTY)
        p.linear(row + 2 * NUM_PROPERTIES, ON_PERMIT + by_type, NUM_PROPERTIES, on / 10)
    p.linear(col["permit_stack"], PERMIT_STACK, NUM_PROPERTIES, 1.0 / 2)
    p.linear(col["draft_left"], DRAFT_LEFT, 1, 1.0 / MAX_PLAYERS)
    p.linear(col["garg_left"], GARG_LEFT, 1, 1.0 / X_SMALL_SCALE)
    p.linear(col["x_count"], X_COUNT, 1, 1.0 / X_SMALL_SCALE)
    p.one_hot(col["x_season"], X_SEASON, 3)
    p.linear(col["xguild_cost"], XGUILD_COST, NUM_X_GUILDS * 4, 1.0 / COST_SCALE)
    p.linear(col["asst_x"], ASST_X, NUM_ASSISTANTS * 3, 1.0 / X_SMALL_SCALE)
    p.linear(col["djinn_y"], DJINN_Y, 3, 1.0 / X_SMALL_SCALE)
    p.linear(col["lawyers"], LAWYER_GOLD, 3, 1.0 / X_SMALL_SCALE)
    p.linear(col["lawyers"] + 3, LAWYER_POINTS, 3, 1.0 / X_SMALL_SCALE)
    p.linear(col["giant_tokens"], GIANT_TOKENS, 2, 1.0 / 3)
    p.one_hot(col["giant_area"], GIANT_AREA, 4)
    p.one_hot(col["gorgon_district"], GORGON_DISTRICT, NUM_DISTRICTS)
    p.linear(col["gorgon_used"], GORGON_USED, 1, 1.0)
    p.linear(col["hob_left"], HOB_LEFT, 1, 1.0 / X_SMALL_SCALE)
    p.one_hot(col["asst_guild_seat"], ASST_GUILD_SEAT, MAX_PLAYERS, seat=True)
    p.one_hot(col["x_permit"], X_PERMIT, NUM_PROPERTIES)
    p.linear(col["x_site"], X_SITE, 1, 1.0 / SCRATCH_SCALE, shift=1)
    p.linear(col["decorated"], DECORATED, NUM_SITES, 1.0 / 2)
    p.one_hot(col["centaur_lock"], CENTAUR_LOCK, NUM_PROPERTIES)
    for i in range(MAX_IMPS):
        row = col["imps"] + i * (MAX_PLAYERS + NUM_PROPERTIES)
        p.one_hot(row, IMP_SEAT + i, MAX_PLAYERS, seat=True)
        p.one_hot(row + MAX_PLAYERS, IMP_TYPE + i, NUM_PROPERTIES)


@functools.lru_cache(maxsize=64)
def plan(num_players: int, me: int, expansion: bool = False) -> _Plan:
    """The cached gather/scatter plan for observer `me` in a `num_players` game (with the
    `expansion` entry for an XState)."""
    if not 2 <= num_players <= MAX_PLAYERS or not 0 <= me < num_players:
        raise ValueError(f"no Belfort observer {me} in a {num_players}-player game")
    p = _Plan(num_players, me, X_FLAT_SIZE if expansion else FLAT_SIZE)
    _plan_board(p)
    _plan_players(p)
    _plan_cards_and_turn(p)
    _plan_params(p)
    if expansion:
        _plan_expansion(p)
    return p.compile()


def encode_flat(state: State, me: int) -> np.ndarray:
    """float32[FLAT_SIZE] (or [X_FLAT_SIZE] for an expansion / promo-guild state) in [0, 1]:
    the `encode_dict` entries flattened, as seen by `me`."""
    buf = state.buf
    p = plan(int(buf[NUM_PLAYERS]), me, buf.shape[0] > BASE_SIZE)
    out = np.empty(p.size + 1, np.float32)
    _fill(buf, p.src, p.scale, p.offset, p.hot_src, p.hot_row, p.table, p.extra, out)
    return out[: p.size]


@njit(**ENTRY)
def _fill(buf, src, scale, offset, hot_src, hot_row, table, extra, out):
    """The plan applied to one state (see _Plan): linear words, one-hots, then per seat the
    tax due at its score and its hand size (extra rows: position, seat, kind 0 tax / 1 hand)."""
    month = min(max(buf[MONTH], 1), MONTHS)
    row = SEASON_OF_MONTH[month - 1]
    for i in range(out.shape[0]):
        v = buf[src[row, i]] * scale[i] + offset[i]
        out[i] = v if v < 1.0 else 1.0
    for j in range(hot_src.shape[0]):
        out[table[hot_row[j] + buf[hot_src[j]]]] = 1.0
    for k in range(extra.shape[0]):
        pos, seat = extra[k, 0], extra[k, 1]
        if extra[k, 2] == 0:
            tax = 0
            for level in range(buf[TAX_LEVELS]):
                if buf[SCORE + seat] >= buf[TAX_MIN + level]:
                    tax = buf[TAX_GOLD + level]
            v = tax / TAX_SCALE
        else:
            size = 0
            for t in range(NUM_PROPERTIES):
                size += buf[HAND + seat * NUM_PROPERTIES + t]
            v = size / HAND_SCALE
        out[pos] = v if v < 1.0 else 1.0


def encode_dict(state: State, me: int) -> dict[str, np.ndarray]:
    """The observation of `me` as named arrays (module docstring; DICT_SPACES, plus the
    `expansion` entry for an expansion / promo-guild state)."""
    flat = encode_flat(state, me)
    parts = {
        name: flat[ENTRY_OFFSETS[name] : ENTRY_OFFSETS[name] + math.prod(shape)].reshape(shape)
        for name, shape in ENTRY_SHAPES.items()
    }
    if flat.size > FLAT_SIZE:
        parts["expansion"] = flat[FLAT_SIZE:]
    return parts
