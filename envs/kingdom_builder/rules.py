"""The Kingdom Builder engine: set-up (§3), the checked step, scores (§9), JSON. Usable
without PettingZoo; `ENGINE` implements envs.core.engine.Engine.

A base game is a `State` with 409 actions; a game with expansions or a board file is a
`BigBoxState` (the base fields, then the expansion fields) with 511 actions. The engine takes
both; JSON tells them apart by their field set."""

from __future__ import annotations

import numpy as np

from eurogym.envs.core.engine import FlatEngine, action_index
from eurogym.envs.core.rng import seed_words
from eurogym.envs.kingdom_builder import kernels
from eurogym.envs.kingdom_builder.actions import NUM_ACTIONS, X_NUM_ACTIONS, describe
from eurogym.envs.kingdom_builder.config import OPTIONS, PLAYER_COUNTS, Config, make_config
from eurogym.envs.kingdom_builder.deal import RANDOM, deal_game
from eurogym.envs.kingdom_builder.invariants import check_invariants, check_state
from eurogym.envs.kingdom_builder.playout import playout
from eurogym.envs.kingdom_builder.scoring import score_breakdown
from eurogym.envs.kingdom_builder.state import (
    MAX_PLAYERS,
    PHASE_GAME_OVER,
    X_PHASE_NAMES,
    BigBoxState,
    State,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    ALL_SECTION_NAMES,
    ALL_TILE_NAMES,
    CARD_EXPANSION,
    CARDS_PER_GAME,
    DECK_COUNTS,
    EXPANSIONS,
    ISLAND_TILE_NAMES,
    NEIGHBOURS,
    NOMAD_COUNTS,
    SECTION_EXPANSION,
    SECTIONS_PER_GAME,
    STAND_IN_CARDS,
    STONE_WALLS,
    TILES_PER_HEX,
    X_NEIGHBOURS,
    island_maps,
    section_maps,
)
from eurogym.envs.kingdom_builder.words import describe_in_state

_TILES_PER_HEX = np.array([TILES_PER_HEX[name] for name in ALL_TILE_NAMES], np.int64)
_DECK_COUNTS = np.array(DECK_COUNTS, np.int64)
_NOMAD_COUNTS = np.array(NOMAD_COUNTS, np.int64)
_MAPS = section_maps()
_ISLAND_MAPS = island_maps()
_NO_EXPANSIONS = np.zeros(len(EXPANSIONS), np.int64)


def deal_tables(config: Config) -> tuple:
    """The tables deal.deal_game reads: section maps (the board file's where it has them),
    tiles per hex, deck, nomad tiles, stone walls."""
    terrain, tiles = section_maps(dict(config.board_maps)) if config.board_maps else _MAPS
    island = island_maps(dict(config.board_maps)) if config.board_maps else _ISLAND_MAPS
    return (terrain, tiles, _TILES_PER_HEX, _DECK_COUNTS, _NOMAD_COUNTS, STONE_WALLS, *island)


def _indices(names: tuple[str, ...] | None, known: tuple[str, ...], count: int) -> np.ndarray:
    """Chosen names as indices, or `count` RANDOM markers when the config leaves them open."""
    return np.array([known.index(x) for x in names] if names else [RANDOM] * count, np.int64)


def _pool(
    of: tuple[str, ...], expansions: tuple[str, ...], skip: tuple[str, ...] = (), names=()
) -> np.ndarray:
    """Indices of the sections or cards a random set-up may draw: base and enabled expansions
    (§2.3, §3.1 step 4: all KB cards of every enabled expansion go in one pool), except the
    names in `skip` (the stand-in cards unless allowed, §13.4)."""
    return np.array(
        [
            i
            for i, e in enumerate(of)
            if (e == "base" or e in expansions) and not (skip and names[i] in skip)
        ],
        np.int64,
    )


def new_game(config: Config, seed: int) -> State:
    """Set up a game (§3.1, §3.2). `seed` fixes every random choice (sections, rotations,
    cards, deck order, nomad tiles, start player) through the state's own RNG; see
    deal.deal_game. A config with expansions or a board file gives a BigBoxState."""
    options = (
        config.num_players,
        _indices(config.sections, ALL_SECTION_NAMES, SECTIONS_PER_GAME),
        np.array(config.rotations or [RANDOM] * SECTIONS_PER_GAME, np.int64),
        _indices(config.cards, ALL_CARD_NAMES, CARDS_PER_GAME),
        RANDOM if config.start_player is None else config.start_player,
        int(config.lords_zero_can_be_second),
        _pool(SECTION_EXPANSION, config.expansions),
        _pool(
            CARD_EXPANSION,
            config.expansions,
            () if config.allow_stand_in_cards else STAND_IN_CARDS,
            ALL_CARD_NAMES,
        ),
        np.array([int(e in config.expansions) for e in EXPANSIONS], np.int64)
        if config.big_box
        else _NO_EXPANSIONS,
        int(config.board_file is not None),
        int(config.in_game_cards_count_moves),
        int(config.sword_includes_self),
        int(config.monastery_adjacency == "if_possible"),
        RANDOM if config.island_side is None else ISLAND_TILE_NAMES.index(config.island_side),
    )
    state = BigBoxState() if config.big_box else State()
    state.rng[:] = seed_words(seed)
    deal_game(state.buf, NEIGHBOURS, state.mask, deal_tables(config), options)
    if config.big_box:  # rule flags with no effect on the set-up (D37, D40, D24, D51)
        state.set("mayors_contiguous", int(config.mayors_contiguous))
        state.set("rovers_counts_moves", int(config.rovers_counts_moves))
        state.set("sword_victim_chooses", int(config.sword_victim_chooses))  # D24
        state.set("resettlement_tiles_per_step", int(config.resettlement_tiles_per_step))
    return state


def score_columns(state: State) -> int:
    """Columns of score_table: 3 cards and castles, plus in-game gold, capitals and task cards
    in a Big Box game."""
    return CARDS_PER_GAME + (4 if isinstance(state, BigBoxState) else 1)


def score_table(state: State) -> np.ndarray:
    """int64[P, 4]: each player's gold from the 3 game cards and from castles; a Big Box game
    adds a 5th column, the gold scored during play (Treasure, Families, Shepherds,
    Ambassadors; in-game cards score 0 in their own column at the end, §11.3), a 6th, the
    capitals (§15.1), and a 7th, the Crossroads task cards (§12.4)."""
    out = np.zeros((state.num_players, score_columns(state)), np.int64)
    score_breakdown(state.buf, X_NEIGHBOURS, out)  # the main board's, then the Island's
    return out


def final_scores(state: State) -> np.ndarray:
    """Total gold per player (§9); meaningful at any time, final once the game is over."""
    return score_table(state).sum(axis=1).astype(np.float64)


class KingdomBuilderEngine(FlatEngine):
    """The Engine for Kingdom Builder: this module's set-up and scores, with the checked step, masks
    and JSON shared by every game (FlatEngine)."""

    name = "kingdom_builder_v0"
    game = "kingdom_builder"
    num_actions = NUM_ACTIONS  # a base game's; a Big Box game's states carry X_NUM_ACTIONS
    player_counts = PLAYER_COUNTS
    max_players = MAX_PLAYERS
    state_type = State
    state_types = (State, BigBoxState)
    phase_names = X_PHASE_NAMES
    game_over_phase = PHASE_GAME_OVER
    options = OPTIONS
    decider_field = "cur"

    make_config = staticmethod(make_config)
    new_game = staticmethod(new_game)
    describe = staticmethod(describe)
    check_state = staticmethod(check_state)
    check_invariants = staticmethod(check_invariants)

    def final_scores(self, state: State) -> np.ndarray:
        """Total gold per seat (module `final_scores`). Only for this game's states: the
        scoring kernels read the buffer at this layout's offsets."""
        self._require_state(state)
        return final_scores(state)

    def playout(self, state: State, rng_words: np.ndarray, max_decisions: int = -1) -> int:
        """The optional fast random playout used by agents.mcts (playout.playout), for this
        game's states only."""
        self._require_state(state)
        return playout(state, rng_words, max_decisions)

    def describe_action(self, state: State, action: int) -> str:
        """The action in a player's words, using the state: the terrain of the hex, the tile in
        use, the settlement being moved and the tiles the move gains (words.describe_in_state)."""
        self._require_state(state)
        return describe_in_state(state, action_index(action))

    def num_actions_for(self, config: Config) -> int:
        """Size of the action space of games with `config` (409, or 511 with expansions)."""
        return X_NUM_ACTIONS if config.big_box else NUM_ACTIONS

    def options_of(self, state: State) -> dict[str, tuple[str, ...]]:
        """The `expansions` of a BigBoxState's game; none for the base game. A game dealt from
        a board file has no such options: TypeError."""
        self._require_state(state)
        if not isinstance(state, BigBoxState):
            return {}
        if state.custom_board:
            raise TypeError("a Kingdom Builder game on a board file has no options to deal again")
        played = state.expansions
        return {"expansions": tuple(name for i, name in enumerate(EXPANSIONS) if played[i])}

    @staticmethod
    def compute_mask(state: State) -> np.ndarray:
        mask = np.zeros(state.mask.shape[0], np.int8)
        kernels.compute_mask(state.buf, NEIGHBOURS, mask)
        return mask

    @staticmethod
    def run_kernel(state: State, action: int) -> None:
        kernels.apply_action(state.buf, NEIGHBOURS, state.mask, action)


ENGINE = KingdomBuilderEngine()
# The same interface as module functions, next to new_game.
current_player = ENGINE.current_player
is_over = ENGINE.is_over
legal_action_mask = ENGINE.legal_action_mask
apply_action = ENGINE.apply_action
