"""Setup (spec §4.1, §13): parameters into the state, guild choice, deck, shields, the 5-card
deal. Runs once per game, so it is plain Python; every random choice draws from the state's
own RNG (envs.core.rng) so the seed fixes the whole game."""

from __future__ import annotations

import numpy as np

from eurogym.envs.belfort import kernels, xkernels
from eurogym.envs.belfort.config import THIEVES_VARIANTS, Config, guild_choices
from eurogym.envs.belfort.kernels import draw_to_hand, refill_column
from eurogym.envs.belfort.state import ASST_BOX, EMPTY, P_SETUP_DISCARD, State, XState
from eurogym.envs.belfort.tables import (
    COPIES_PER_PROPERTY,
    DATA,
    DECK_SIZE,
    GNOME_STOCK,
    HAND_DEAL,
    NP_MARKERS,
    NUM_DISTRICTS,
    NUM_PROPERTIES,
    RESOURCE_NAMES,
    START_WORKERS,
    TWO_PLAYER_INTERACTIVE,
)
from eurogym.envs.belfort.xtables import (
    ALL_GUILD_CATEGORY,
    ALL_GUILD_NAMES,
    DISPLAY_SIZE,
    NUM_ASSISTANTS,
    PERMITS_PER_TYPE,
    START_MONTH,
    START_SCORE,
)
from eurogym.envs.core.rng import randint, seed_words, shuffle

START_RES = [DATA["setup"]["starting_resources"][r] for r in RESOURCE_NAMES]
_SELECTION = DATA["setup"]["guild_selection"]


def _pick(rng: np.ndarray, pool: list[int], count: int) -> list[int]:
    """`count` distinct guilds drawn at random from `pool` (removed from it)."""
    chosen = []
    for _ in range(count):
        chosen.append(pool.pop(int(randint(rng, len(pool)))))
    return chosen


def choose_guilds(
    mode: str, num_players: int, rng: np.ndarray, names: tuple[str, ...] | None = None
) -> list[int]:
    """§4.1 step 2 (2 players: §13 and D40), in random district order. `names` is the pool
    (config.guild_choices; default the 12 base guilds): the new guilds join by category."""
    pool = [ALL_GUILD_NAMES.index(g) for g in (names or ALL_GUILD_NAMES[:12])]
    by_cat = {
        cat: [g for g in pool if ALL_GUILD_CATEGORY[g] == cat]
        for cat in ("basic", "resource", "interactive")
    }
    wizards = ALL_GUILD_NAMES.index(TWO_PLAYER_INTERACTIVE[0])
    if mode == "beginner":
        guilds = _pick(rng, by_cat["resource"], _SELECTION["beginner"]["resource"])
        guilds += _pick(rng, by_cat["basic"], _SELECTION["beginner"]["basic"])
    elif mode == "normal" and num_players == 2:  # D40
        guilds = _pick(rng, by_cat["resource"], 1) + _pick(rng, by_cat["basic"], 2) + [wizards]
        guilds += _pick(rng, by_cat["basic"] + by_cat["resource"], 1)
    elif mode == "normal":
        normal = _SELECTION["normal"]
        guilds = _pick(rng, by_cat["resource"], normal["resource"])
        guilds += _pick(rng, by_cat["basic"], normal["basic"])
        guilds += _pick(rng, by_cat["interactive"], normal["interactive"])
    elif num_players == 2:  # advanced, D40: 5 drawn from the Basic, Resource and Wizards' guilds
        guilds = _pick(rng, by_cat["basic"] + by_cat["resource"] + [wizards], NUM_DISTRICTS)
    else:
        guilds = _pick(rng, pool, NUM_DISTRICTS)
    order = np.array(guilds, np.int64)
    shuffle(rng, order, len(order))  # one guild per district, random order (§4.1)
    return [int(g) for g in order]


def _write_params(state: State, config: Config) -> None:
    p = config.params
    state.set("num_players", config.num_players)
    state.set("thieves_max", THIEVES_VARIANTS[config.thieves_variant])
    state.set("market_cap", int(config.market_visits_cap))
    state.prop_cost[:] = p.prop_cost
    state.prop_income[:] = p.prop_income
    state.guild_cost[:] = p.guild_cost
    state.wall_cost[:] = p.wall_cost
    state.buy_price[:] = p.buy_price
    state.sell_price[:] = p.sell_price
    levels = len(p.tax_min)
    state.set("tax_levels", levels)
    state.tax_min[:levels] = p.tax_min
    state.tax_gold[:levels] = p.tax_gold
    state.fees[:] = p.fees
    if isinstance(state, XState):
        state.set("expansion", int(config.expansion))
        state.set("promo", int(config.promo_guilds))
        state.xguild_cost[:] = p.xguild_cost
        state.asst_x[:] = p.asst_x
        state.djinn_y[:] = p.djinn_y
        state.lawyer_gold[:] = p.lawyers[:, 0]
        state.lawyer_points[:] = p.lawyers[:, 1]


def _expansion_setup(state: XState, n: int, rng: np.ndarray) -> None:
    """§4.2: the calendar on month 1, scores at 6 (D30), the public permit stack (1 of each
    type with 2-3 players, 2 with 4-5) and N+1 random assistants face up in the display."""
    state.set("month", START_MONTH)
    state.score[: 4 if n == 2 else n] = START_SCORE
    state.permit_stack[:] = PERMITS_PER_TYPE[n]
    order = np.arange(NUM_ASSISTANTS, dtype=np.int64)
    shuffle(rng, order, NUM_ASSISTANTS)
    state.asst_holder[order[: DISPLAY_SIZE[n]]] = EMPTY


def deal_game(config: Config, seed: int) -> State:
    """A new game at the first decision (the setup discards, §4.1 step 7)."""
    n = config.num_players
    state = XState() if config.expansion or config.promo_guilds else State()
    state.rng[:] = seed_words(seed)
    rng = state.rng
    _write_params(state, config)
    if config.guilds is not None:
        guilds = [ALL_GUILD_NAMES.index(g) for g in config.guilds]
    elif isinstance(state, XState):
        names = guild_choices(config.expansion, config.promo_guilds)
        guilds = choose_guilds(config.guild_mode, n, rng, names)
    else:
        guilds = choose_guilds(config.guild_mode, n, rng)
    state.guild_of[:] = guilds
    if isinstance(state, XState):
        state.asst_holder[:] = ASST_BOX
        for name in (
            "x_site",
            "x_permit",
            "asst_guild_seat",
            "giant_area",
            "gorgon_district",
            "goon_district",
            "centaur_lock",
        ):
            state.set(name, EMPTY)
        state.imp_seat[:] = EMPTY
        state.imp_type[:] = EMPTY
    if config.expansion:
        _expansion_setup(state, n, rng)
    for name in ("owner", "guild_worker", "np_dwarf", "recruiter", "camp", "column", "revealed"):
        getattr(state, name)[:] = EMPTY
    state.set("np_card", EMPTY)
    state.set("spies_user", EMPTY)
    state.set("gnome_stock", GNOME_STOCK[n])
    state.set("gnomes_total", GNOME_STOCK[n])
    if n == 2:
        state.np_markers[:] = NP_MARKERS
    state.res[:n] = START_RES
    state.elves[:n] = START_WORKERS
    state.dwarves[:n] = START_WORKERS
    deck = np.repeat(np.arange(NUM_PROPERTIES, dtype=np.int64), COPIES_PER_PROPERTY)
    shuffle(rng, deck, DECK_SIZE)
    state.deck[:] = deck
    state.set("deck_size", DECK_SIZE)
    refill_column(state.buf)  # §4.1 step 3: reveal the column
    shields = np.arange(1, n + 1, dtype=np.int64)  # §4.1 step 8
    shuffle(rng, shields, n)
    state.shield[:n] = shields
    for p in range(n):  # §4.1 step 7: deal 5 each
        draw_to_hand(state.buf, p, HAND_DEAL)
    state.set("phase", P_SETUP_DISCARD)
    state.set("actor", 0)
    # The base game's own mask kernel, so a base game never compiles the expansion's kernels.
    (xkernels if isinstance(state, XState) else kernels).compute_mask(state.buf, state.mask)
    return state
