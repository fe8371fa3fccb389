"""The Belfort engine: set-up, the checked step, scores, JSON. Usable without PettingZoo;
`ENGINE` implements envs.core.engine.Engine."""

from __future__ import annotations

import numpy as np

from eurogym.envs.belfort import kernels, xkernels
from eurogym.envs.belfort.actions import (
    A_ACTIVATE,
    A_CARD,
    A_PASS,
    A_PLACE,
    A_SEAT,
    A_STEAL,
    A_TAKE_CARD,
    NUM_ACTIONS,
    NUM_PLANKS,
    PLANK_RECRUITER,
    TAKE_DECK,
    describe,
    site_words,
)
from eurogym.envs.belfort.config import OPTIONS, PLAYER_COUNTS, Config, make_config
from eurogym.envs.belfort.deal import deal_game
from eurogym.envs.belfort.invariants import check_invariants, check_state
from eurogym.envs.belfort.scoring import BREAKDOWN, competitors, score_breakdown
from eurogym.envs.belfort.state import (
    EMPTY,
    MAX_PLAYERS,
    NP_FIRST,
    P_ACTIONS,
    P_GAME_OVER,
    P_NP_DWARF,
    P_NP_PICK,
    P_NP_PLACE,
    P_SETUP_DISCARD,
    P_SPIES_TAKE,
    P_WIZ_FIRST,
    P_WIZ_SECOND,
    PHASE_NAMES,
    State,
    XState,
)
from eurogym.envs.belfort.tables import (
    GOLD,
    METAL,
    PROPERTY_NAMES,
    RESOURCE_NAMES,
    SITE_GUILD,
    SITE_KIND,
    SITE_TYPE,
    SITE_WALL,
    STONE,
    WOOD,
)
from eurogym.envs.belfort.xtables import ALL_GUILD_NAMES
from eurogym.envs.core.engine import FlatEngine


def new_game(config: Config, seed: int) -> State:
    """Set up a game (§4.1, §13); `seed` fixes every random choice (guilds, deck order,
    shields) through the state's own RNG. The first decision is seat 0's setup discard."""
    return deal_game(config, seed)


def tiebreak_value(state: State) -> np.ndarray:
    """§12: wood + stone + 2 x metal + gold per seat."""
    res = state.res[: state.num_players]
    return res[:, WOOD] + res[:, STONE] + 2 * res[:, METAL] + res[:, GOLD]


def final_scores(state: State) -> np.ndarray:
    """Points per seat plus the §12 tie-break as a fraction (< 1), so the highest value wins
    and equal values share the victory."""
    n = state.num_players
    return state.score[:n].astype(np.float64) + tiebreak_value(state) / 1000.0


def score_table(state: State) -> np.ndarray:
    """int64[competitors, 8]: the points each competitor would score now per district and
    race (columns scoring.BREAKDOWN); rows 2-3 are the non-players in a 2-player game."""
    out = np.zeros((competitors(state.buf), len(BREAKDOWN)), np.int64)
    score_breakdown(state.buf, out)
    return out


class BelfortEngine(FlatEngine):
    """The Engine for Belfort: this module's set-up and scores, with the checked step, masks
    and JSON shared by every game (FlatEngine)."""

    name = "belfort_v0"
    game = "belfort"
    num_actions = NUM_ACTIONS
    player_counts = PLAYER_COUNTS
    max_players = MAX_PLAYERS
    state_type = State
    state_types = (State, XState)
    phase_names = PHASE_NAMES
    game_over_phase = P_GAME_OVER
    options = OPTIONS

    make_config = staticmethod(make_config)
    new_game = staticmethod(new_game)
    describe = staticmethod(describe)
    check_state = staticmethod(check_state)
    check_invariants = staticmethod(check_invariants)

    def describe_action(self, state: State, action: int) -> str:
        """`describe(action, phase)` plus what only the state knows: the card in a column
        slot, a guild's name, a build's cost, which non-player acts, a revealed card, the
        markers a Wizards' swap moves."""
        text = super().describe_action(state, action)
        a, phase = int(action), int(state.phase)
        if phase in (P_NP_DWARF, P_NP_PICK, P_NP_PLACE):
            i = int(state.np_dwarf[0] != EMPTY) if phase == P_NP_DWARF else int(state.np_turn)
            text = text.replace("the non-player", f"NP{NP_FIRST + i + 1}")
        if phase == P_WIZ_SECOND:
            first = int(state.scratch[0])
            return (
                f"Wizards': swap {site_words(first)}{_holder(state, first)}"
                f" with {site_words(a)}{_holder(state, a)}"
            )
        if phase == P_WIZ_FIRST and a < A_PLACE:
            return text + _holder(state, a)
        detail = _state_detail(state, a)
        ends = " (ends your turn)"
        if text.endswith(ends):  # keep the consequence last
            return text[: -len(ends)] + detail + ends
        return text + detail

    def describe_public(self, state: State, action: int) -> str:
        """`describe_action` as every other seat may read it: a setup discard stays hidden
        until all players have chosen (§4.1 step 7), so it names no card; every other action
        of Belfort is seen by the whole table (hand-limit discards go face up, a card
        revealed to the Spies' user is shown)."""
        if int(state.phase) == P_SETUP_DISCARD:
            self._require_state(state)
            return "discard a card from the starting hand (hidden until all have chosen)"
        return self.describe_action(state, action)

    def final_scores(self, state: State) -> np.ndarray:
        """Points plus the §12 tie-break per seat (module `final_scores`); a state of another
        game raises TypeError instead of being read with this game's field names."""
        self._require_state(state)
        return final_scores(state)

    @staticmethod
    def compute_mask(state: State) -> np.ndarray:
        mask = np.zeros(state.NUM_ACTIONS, np.int8)
        (xkernels if isinstance(state, XState) else kernels).compute_mask(state.buf, mask)
        return mask

    @staticmethod
    def run_kernel(state: State, action: int) -> None:
        # A base-game state never reaches the expansion's own kernels (x_step, x_mask), so
        # it calls the base kernels directly: numba then compiles the expansion's kernels only
        # for an expansion game, which keeps the base game's cold start (docs/cold_start.md).
        if isinstance(state, XState):
            xkernels.apply_action(state.buf, state.mask, action)
        else:
            kernels.step(state.buf, action)
            kernels.compute_mask(state.buf, state.mask)

    def options_of(self, state: State) -> dict[str, bool]:
        """The options of an XState's game (`expansion`, `promo_guilds`); none for the base
        game."""
        self._require_state(state)
        if not isinstance(state, XState):
            return {}
        return {"expansion": bool(state.expansion), "promo_guilds": bool(state.promo)}


def cost_words(cost: np.ndarray) -> str:
    """'2 wood + 1 metal', or 'free' (cost: W S M G amounts)."""
    parts = [f"{int(n)} {RESOURCE_NAMES[r]}" for r, n in enumerate(cost) if n]
    return " + ".join(parts) or "free"


def site_cost(state: State, site: int) -> np.ndarray:
    """W S M G cost of building on a site: its property card, a wall, or its guild (§9.2)."""
    if SITE_KIND[site] == 0:
        return state.prop_cost[SITE_TYPE[site]]
    if site < SITE_GUILD:
        return state.wall_cost
    g = int(state.guild_of[site - SITE_GUILD])
    base = len(state.guild_cost)
    return state.guild_cost[g] if g < base else state.xguild_cost[g - base]  # B.2's guilds


def _guild_label(state: State, district: int) -> str:
    return f" ({ALL_GUILD_NAMES[state.guild_of[district]]})"


def _holder(state: State, site: int) -> str:
    """' (empty)', ' (player 2's marker)' or ' (NP3's marker)' for a site."""
    owner = int(state.owner[site])
    if owner == EMPTY:
        return " (empty)"
    if state.num_players == 2 and owner >= NP_FIRST:
        return f" (NP{owner + 1}'s marker)"
    return f" (player {owner}'s marker)"


def _state_detail(state: State, a: int) -> str:
    """The state-dependent suffix of a description ('' when there is none)."""
    phase = int(state.phase)
    if phase == P_ACTIONS and a < A_PLACE:
        guild = _guild_label(state, a - SITE_GUILD) if a >= SITE_GUILD else ""
        kind = (
            "" if a >= SITE_WALL else f" with a {PROPERTY_NAMES[SITE_TYPE[a]]} card from your hand"
        )
        return f"{guild}{kind}, cost {cost_words(site_cost(state, a))}"
    if phase == P_NP_DWARF and a >= SITE_GUILD and a < A_PLACE:
        return _guild_label(state, a - SITE_GUILD)
    if A_PLACE <= a < A_PASS or A_ACTIVATE <= a < A_CARD:
        plank = (a - A_PLACE) % NUM_PLANKS if a < A_PASS else a - A_ACTIVATE
        return _guild_label(state, plank - 5) if 5 <= plank < PLANK_RECRUITER else ""
    if A_TAKE_CARD <= a < A_SEAT:
        slot = a - A_TAKE_CARD
        card = int(state.column[slot]) if slot != TAKE_DECK else EMPTY
        return f": {PROPERTY_NAMES[card]}" if card != EMPTY else ""
    if phase == P_SPIES_TAKE and A_SEAT <= a < A_STEAL:
        card = int(state.revealed[a - A_SEAT])
        return f": {PROPERTY_NAMES[card]}" if card != EMPTY else ""
    return ""


ENGINE = BelfortEngine()
# The same interface as module functions, next to new_game.
current_player = ENGINE.current_player
is_over = ENGINE.is_over
legal_action_mask = ENGINE.legal_action_mask
apply_action = ENGINE.apply_action
