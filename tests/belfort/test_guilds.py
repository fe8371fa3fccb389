"""Belfort base guilds activated in the Actions phase (spec Appendix B.1, §9.2, D13, D14).
Workers are put on guild planks by setting `guild_worker[d]`; `guilds=[...]` fixes which guild
lies in each district."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.belfort import kernels
from eurogym.envs.belfort.actions import (
    A_ACTIVATE,
    A_CARD,
    A_DONE,
    A_EXCHANGE,
    A_GNOME,
    A_OPTION,
    A_PLACE,
    A_SEAT,
    A_SELL,
    A_SITE,
    A_STEAL,
)
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.scoring import district_strengths
from eurogym.envs.belfort.state import (
    EMPTY,
    P_ACTIONS,
    P_ARCH_DISCOUNT,
    P_ARCH_SITE,
    P_DISCARD,
    P_LOCK,
    P_PLACEMENT,
    P_RECRUIT,
    P_SPIES_REVEAL,
    P_SPIES_TAKE,
    P_STEAL,
    P_WIZ_FIRST,
    P_WIZ_GATE,
    P_WIZ_SECOND,
    State,
)
from eurogym.envs.belfort.tables import (
    ARCHITECTS,
    BANDITS,
    BANK,
    BLACKSMITH,
    GOLD,
    GUILD_NAMES,
    INN,
    KEEP,
    LIBRARIANS,
    MARKET,
    MERCHANTS,
    METAL,
    NUM_SINGLE,
    NUM_SITES,
    PLANK_TYPES,
    PUB,
    RECRUITERS,
    SINGLE_TYPES,
    SITE_GATE,
    SITE_GUILD,
    SITE_KEEP,
    SITE_WALL,
    SPIES,
    STONE,
    THIEVES,
    TOWER,
    WIZARDS,
    WOOD,
    WORKERS_PER_COLOUR,
)
from tests.belfort.helpers import act, clear_board, legal, new_state, refresh, start_actions_turn

BASIC = ["merchants", "librarians", "architects", "recruiters", "sawyers"]
INTERACTIVE = ["thieves", "bandits", "spies", "wizards", "miners"]


def single_site(ptype: int, district: int) -> int:
    return district * NUM_SINGLE + SINGLE_TYPES.index(ptype)


def gate_site(g: int, half: int) -> int:
    return SITE_GATE + 2 * g + half


def steal(resource: int, seat: int) -> int:
    return A_STEAL + resource * 5 + seat


def district_of(s: State, guild: int) -> int:
    return int(np.flatnonzero(s.guild_of == guild)[0])


def guild_turn(guild: int, num_players: int = 3, res=(0, 0, 0, 0), guilds=None, **options):
    """Seat 0 (shield 1) at its actions turn with a worker on `guild`'s plank."""
    if guilds is None:
        guilds = BASIC if GUILD_NAMES[guild] in BASIC else INTERACTIVE
        if GUILD_NAMES[guild] not in guilds:
            guilds = [GUILD_NAMES[guild]] + [g for g in BASIC if g != GUILD_NAMES[guild]][:4]
    s = new_state(num_players, guilds=guilds, **options)
    clear_board(s)
    s.shield[:num_players] = np.arange(1, num_players + 1)
    s.res[:num_players] = 0
    s.res[0] = res
    d = district_of(s, guild)
    s.guild_worker[d] = 0
    start_actions_turn(s, 0)
    return s, d


def strengths(s: State) -> np.ndarray:
    out = np.zeros((s.num_players, 5), np.int64)
    district_strengths(s.buf, out)
    return out


# ----------------------------------------------------------------------------- Merchants'


def test_b1_merchants_two_exchanges_of_wood_or_stone_for_metal():
    s, d = guild_turn(MERCHANTS, res=(2, 2, 0, 0))
    assert A_EXCHANGE + WOOD not in legal(s)
    act(s, A_ACTIVATE + 5 + d)
    assert {A_EXCHANGE + WOOD, A_EXCHANGE + STONE} <= legal(s)
    act(s, A_EXCHANGE + WOOD, A_EXCHANGE + STONE)
    assert tuple(s.res[0]) == (1, 1, 2, 0)
    assert not {A_EXCHANGE + WOOD, A_EXCHANGE + STONE} & legal(s)  # up to twice


def test_b1_merchants_exchange_needs_the_wood_or_stone():
    s, d = guild_turn(MERCHANTS, res=(0, 1, 0, 0))
    act(s, A_ACTIVATE + 5 + d)
    assert A_EXCHANGE + WOOD not in legal(s) and A_EXCHANGE + STONE in legal(s)


def test_b1_merchants_give_3_extra_trading_post_visits_this_turn_only():
    s, d = guild_turn(MERCHANTS, res=(9, 0, 0, 0))
    act(s, A_ACTIVATE + 5 + d)
    sells = 0
    while A_SELL + WOOD in legal(s):
        act(s, A_SELL + WOOD)
        sells += 1
    assert sells == 4  # the normal visit + 3
    start_actions_turn(s, 0)
    assert s.visits == 1 and s.exchanges == 0


# ----------------------------------------------------------------------------- Librarians'


def test_b1_librarians_draw_3_then_discard_1_which_may_be_a_drawn_card():
    s, d = guild_turn(LIBRARIANS)
    s.hand[0, PUB] = 1
    top = [KEEP, TOWER, BANK]
    for i, t in enumerate(top):
        s.deck[s.deck_size - 1 - i] = t
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.hand[0].sum() == 4 and all(s.hand[0, t] == 1 for t in top)
    assert s.phase == P_DISCARD and s.pending == 1 and s.actor == 0
    act(s, A_CARD + TOWER)
    assert s.hand[0].sum() == 3 and s.hand[0, TOWER] == 0 and s.phase == P_ACTIONS


# ----------------------------------------------------------------------------- Architects'


def architect(res, guilds=None):
    s, d = guild_turn(ARCHITECTS, res=res, guilds=guilds)
    return s, d


def test_b1_architects_any_empty_site_at_cost_minus_one_metal_no_card_used():
    s, d = architect((1, 2, 0, 0))
    s.hand[0, BLACKSMITH] = 1
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase == P_ARCH_SITE
    site = single_site(BLACKSMITH, 4)
    assert A_SITE + site in legal(s)
    act(s, A_SITE + site)
    assert s.phase == P_ARCH_DISCOUNT
    assert legal(s) == {A_OPTION + 0}  # Blacksmith 1/2/1: only the metal discount fits
    act(s, A_OPTION + 0)
    assert s.owner[site] == 0 and tuple(s.res[0]) == (0, 0, 0, 0)
    assert s.hand[0, BLACKSMITH] == 1 and s.built[0].sum() == 0  # no card used or gained
    assert s.phase == P_ACTIONS


def test_b1_architects_wood_stone_discount_never_below_zero():
    # Pub costs 1 W / 3 S. "2 wood" takes 1 W (not -1); "wood + stone" leaves 0/2.
    s, d = architect((0, 3, 0, 0))
    act(s, A_ACTIVATE + 5 + d, A_SITE + single_site(PUB, 0))
    assert legal(s) == {A_OPTION + 1, A_OPTION + 2}
    act(s, A_OPTION + 2)
    assert tuple(s.res[0]) == (0, 1, 0, 0)


def test_b1_architects_two_stone_discount_on_a_wall():
    s, d = architect((3, 1, 0, 0))
    act(s, A_ACTIVATE + 5 + d)
    walls = {a for a in legal(s) if SITE_WALL <= a < SITE_GUILD}
    assert walls == set(range(SITE_WALL, SITE_GUILD))
    act(s, A_SITE + SITE_WALL + 3)
    assert legal(s) == {A_OPTION + 3}
    act(s, A_OPTION + 3)
    assert tuple(s.res[0]) == (0, 0, 0, 0) and s.owner[SITE_WALL + 3] == 0


def test_b1_architects_property_gives_no_income_planks_or_locks():
    s, d = architect((1, 3, 0, 0))
    act(s, A_ACTIVATE + 5 + d, A_SITE + single_site(PUB, 1), A_OPTION + 1)
    assert s.owner[single_site(PUB, 1)] == 0 and s.built[0, PUB] == 0
    gold = s.res[0, GOLD]
    kernels.income_and_taxes(s.buf)  # score 0: no tax; the Pub's income coin is not yours
    assert s.res[0, GOLD] == gold
    s.res[0, GOLD] = 9
    refresh(s)
    assert A_GNOME + PUB not in legal(s)  # no lock to hire onto


def test_b1_architects_keep_takes_both_symbols():
    s, d = architect((1, 3, 1, 0))
    act(s, A_ACTIVATE + 5 + d, A_SITE + SITE_KEEP + 2, A_OPTION + 0)
    assert s.owner[SITE_KEEP + 2] == 0 and strengths(s)[0, 2] == 2


def test_b1_architects_gatehouse_either_half_of_an_empty_gatehouse():
    s, d = architect((2, 2, 0, 0))
    s.owner[gate_site(0, 0)] = 1
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    gates = {a - A_SITE for a in legal(s) if SITE_GATE <= a < SITE_WALL}
    assert gates == {gate_site(g, h) for g in range(1, 5) for h in range(2)}
    act(s, A_SITE + gate_site(3, 1), A_OPTION + 0)
    assert s.owner[gate_site(3, 1)] == 0 and strengths(s)[0, 4] == 1


def test_b1_architects_guild_is_owned_and_collects_fees():
    s, d = architect((2, 2, 0, 0), guilds=["architects", "miners", "bankers", "sawyers", "masons"])
    s.owner[SITE_GUILD + district_of(s, GUILD_NAMES.index("bankers"))] = 2
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    guilds = {a - A_SITE for a in legal(s) if SITE_GUILD <= a < NUM_SITES}
    owned = SITE_GUILD + district_of(s, GUILD_NAMES.index("bankers"))
    assert owned not in guilds and len(guilds) == 4
    miners = district_of(s, GUILD_NAMES.index("miners"))
    act(s, A_SITE + SITE_GUILD + miners)
    assert legal(s) == {A_OPTION + 0}  # 2/2/1 with no metal: only the metal discount fits
    act(s, A_OPTION + 0)
    assert s.owner[SITE_GUILD + miners] == 0 and tuple(s.res[0]) == (0, 0, 0, 0)
    # the owner receives another player's 1 G placement fee
    kernels.reset_workers(s.buf, 1)
    s.res[1, GOLD] = 1
    s.set("phase", P_PLACEMENT)
    s.set("turn_player", 1)
    s.set("actor", 1)
    refresh(s)
    act(s, A_PLACE + 5 + miners)
    assert s.res[1, GOLD] == 0 and s.res[0, GOLD] == 1


def test_b1_architects_is_lost_when_nothing_is_affordable():
    s, d = architect((0, 0, 0, 0))
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase == P_ACTIONS and A_DONE in legal(s)


def test_b1_architects_site_must_be_empty():
    s, d = architect((9, 9, 9, 0))
    s.owner[single_site(BANK, 0)] = 1
    s.owner[SITE_WALL] = 2
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    actions = legal(s)
    assert A_SITE + single_site(BANK, 0) not in actions and A_SITE + SITE_WALL not in actions
    assert A_SITE + single_site(BANK, 1) in actions


# ----------------------------------------------------------------------------- Recruiters'


def test_b1_recruiters_elf_dwarf_or_gnome_choice():
    s, d = guild_turn(RECRUITERS, res=(0, 0, 0, 5))
    s.built[0, INN] = 1
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase == P_RECRUIT and legal(s) == {A_OPTION + 0, A_OPTION + 1, A_OPTION + 2}
    stock = s.gnome_stock
    act(s, A_OPTION + 2)
    assert s.phase == P_LOCK and legal(s) == {A_GNOME + INN}
    act(s, A_GNOME + INN)
    assert s.gnomes[0, INN] == 1 and s.gnome_stock == stock - 1
    assert s.res[0, GOLD] == 5 and s.hired == 0  # free, and not the turn's hire


def test_b1_seed_example_blacksmith_then_recruiters_dwarf():
    """Seed: Amarelo activates his Blacksmith worker (1 Metal), then his Recruiters' worker and
    takes a Dwarf."""
    s, d = guild_turn(RECRUITERS)
    s.built[0, BLACKSMITH] = 1
    s.on_plank[0, BLACKSMITH] = 1
    refresh(s)
    act(s, A_ACTIVATE + PLANK_TYPES.index(BLACKSMITH))
    assert s.res[0, METAL] == 1
    act(s, A_ACTIVATE + 5 + d)
    assert legal(s) == {A_OPTION + 0, A_OPTION + 1, A_OPTION + 2}  # the Blacksmith lock is free
    act(s, A_OPTION + 1)
    assert s.dwarves[0] == 4 and s.elves[0] == 3 and A_DONE in legal(s)


def test_b1_recruiters_gnome_only_when_workers_are_used_up():
    s, d = guild_turn(RECRUITERS)
    s.elves[0] = s.dwarves[0] = WORKERS_PER_COLOUR
    s.built[0, MARKET] = 1
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert legal(s) == {A_OPTION + 2}


def test_b1_recruiters_nothing_possible_is_lost():
    s, d = guild_turn(RECRUITERS)
    s.elves[0] = s.dwarves[0] = WORKERS_PER_COLOUR
    s.built[0, MARKET] = 1
    s.set("gnome_stock", 0)
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase == P_ACTIONS and A_DONE in legal(s)


# ----------------------------------------------------------------------------- resource guilds


@pytest.mark.parametrize(
    "name,gain",
    [
        ("sawyers", (4, 0, 0, 0)),
        ("masons", (0, 4, 0, 0)),
        ("miners", (0, 0, 2, 0)),
        ("bankers", (0, 0, 0, 3)),
    ],
)
def test_b1_resource_guilds_gain(name, gain):
    s, d = guild_turn(GUILD_NAMES.index(name), res=(1, 1, 1, 1))
    act(s, A_ACTIVATE + 5 + d)
    assert tuple(s.res[0]) == tuple(1 + g for g in gain) and s.phase == P_ACTIONS


# ----------------------------------------------------------------------------- Thieves'


def thieves(num_players=4, **options):
    s, d = guild_turn(THIEVES, num_players=num_players, **options)
    for q in range(1, num_players):
        s.res[q] = (5, 5, 5, 5)
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase == P_STEAL
    return s


def test_b1_thieves_steal_only_gold_never_from_yourself():
    s = thieves()
    s.res[0] = (5, 5, 5, 5)
    refresh(s)
    assert legal(s) == {A_DONE} | {steal(GOLD, q) for q in (1, 2, 3)}


def test_b1_d13_thieves_up_to_2_gold_from_one_player():
    s = thieves()
    act(s, steal(GOLD, 2), steal(GOLD, 2))
    assert s.res[0, GOLD] == 2 and s.res[2, GOLD] == 3
    assert s.phase == P_ACTIONS  # nothing left to take


def test_b1_d13_thieves_rulebook_variant_takes_3_from_one_player():
    s = thieves(thieves_variant="rulebook")
    act(s, steal(GOLD, 1), steal(GOLD, 1))
    assert steal(GOLD, 1) in legal(s) and steal(GOLD, 2) not in legal(s)
    act(s, steal(GOLD, 1))
    assert s.res[0, GOLD] == 3 and s.res[1, GOLD] == 2 and s.phase == P_ACTIONS


def test_b1_thieves_1_gold_from_each_of_up_to_3_players():
    s = thieves()
    act(s, steal(GOLD, 1), steal(GOLD, 3))
    assert legal(s) == {A_DONE, steal(GOLD, 2)}  # no second coin from 1 or 3
    act(s, steal(GOLD, 2))
    assert tuple(s.res[:4, GOLD]) == (3, 4, 4, 4) and s.phase == P_ACTIONS


def test_b1_thieves_may_stop_early():
    s = thieves()
    act(s, steal(GOLD, 1), A_DONE)
    assert s.res[0, GOLD] == 1 and s.phase == P_ACTIONS


def test_b1_thieves_nobody_with_gold_is_lost():
    s, d = guild_turn(THIEVES, num_players=3)
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase == P_ACTIONS


# ----------------------------------------------------------------------------- Bandits'


def bandits(num_players=4):
    s, d = guild_turn(BANDITS, num_players=num_players)
    for q in range(1, num_players):
        s.res[q] = (5, 5, 5, 5)
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase == P_STEAL
    return s


def test_b1_bandits_never_steal_gold():
    s = bandits()
    assert not {steal(GOLD, q) for q in range(4)} & legal(s)
    assert {steal(r, q) for r in (WOOD, STONE, METAL) for q in (1, 2, 3)} <= legal(s)


def test_b1_bandits_1_metal_from_one_player_ends_the_steal():
    s = bandits()
    act(s, steal(METAL, 3))
    assert s.res[0, METAL] == 1 and s.res[3, METAL] == 4 and s.phase == P_ACTIONS


def test_b1_bandits_up_to_2_wood_stone_any_mix_from_one_player():
    s = bandits()
    act(s, steal(WOOD, 1))
    assert steal(METAL, 1) not in legal(s)  # metal only as the single steal
    act(s, steal(STONE, 1))
    assert tuple(s.res[0, :3]) == (1, 1, 0) and tuple(s.res[1, :3]) == (4, 4, 5)
    assert s.phase == P_ACTIONS


def test_b1_bandits_1_wood_or_stone_from_each_of_up_to_3_players():
    s = bandits()
    act(s, steal(WOOD, 1), steal(STONE, 2))
    assert legal(s) == {A_DONE, steal(WOOD, 3), steal(STONE, 3)}
    act(s, steal(WOOD, 3))
    assert tuple(s.res[0, :3]) == (2, 1, 0) and s.phase == P_ACTIONS


# ----------------------------------------------------------------------------- Spies'


def test_b1_d14_spies_each_opponent_with_cards_reveals_by_their_own_choice_then_you_take_one():
    s, d = guild_turn(SPIES, num_players=4)
    s.hand[0, INN] = 1
    s.hand[1, PUB] = 1
    s.hand[1, BANK] = 1
    s.hand[3, KEEP] = 2
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    # seat 1 decides which card to reveal: the actor is the opponent
    assert s.phase == P_SPIES_REVEAL and ENGINE.current_player(s) == 1
    assert legal(s) == {A_CARD + PUB, A_CARD + BANK}
    assert not ENGINE.legal_action_mask(s, 0).any()
    act(s, A_CARD + BANK)
    # seat 2 has no cards and is skipped (D14)
    assert s.phase == P_SPIES_REVEAL and ENGINE.current_player(s) == 3
    assert legal(s) == {A_CARD + KEEP}
    act(s, A_CARD + KEEP)
    assert s.phase == P_SPIES_TAKE and ENGINE.current_player(s) == 0
    assert legal(s) == {A_SEAT + 1, A_SEAT + 3}
    act(s, A_SEAT + 1)
    assert s.hand[0, BANK] == 1 and s.hand[1, BANK] == 0 and s.hand[1, PUB] == 1
    assert s.hand[3, KEEP] == 2  # the other revealed card goes back to its owner
    assert s.phase == P_ACTIONS and s.actor == 0 and s.turn_player == 0


def test_b1_d14_spies_with_no_opponent_holding_cards_does_nothing():
    s, d = guild_turn(SPIES, num_players=3)
    s.hand[0, INN] = 2
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase == P_ACTIONS and s.actor == 0 and s.hand[0, INN] == 2


# ----------------------------------------------------------------------------- Wizards'


def wizards(num_players=3):
    s, d = guild_turn(WIZARDS, num_players=num_players)
    return s, d


def test_b1_wizards_swap_two_property_symbols_of_the_same_type_cards_stay():
    s, d = wizards()
    s.owner[single_site(PUB, 0)] = 1
    s.owner[single_site(PUB, 3)] = 2
    s.owner[single_site(BANK, 1)] = 0
    s.built[1, PUB] = 1
    s.built[2, PUB] = 1
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase == P_WIZ_FIRST and A_DONE in legal(s)
    act(s, A_SITE + single_site(PUB, 0))
    assert s.phase == P_WIZ_SECOND
    second = {a - A_SITE for a in legal(s)}
    assert second == {single_site(PUB, k) for k in range(1, 5)}  # same type only
    act(s, A_SITE + single_site(PUB, 3))
    assert s.owner[single_site(PUB, 0)] == 2 and s.owner[single_site(PUB, 3)] == 1
    assert s.built[1, PUB] == 1 and s.built[2, PUB] == 1  # cards never move
    assert s.phase == P_ACTIONS


def test_b1_wizards_a_marker_may_move_to_an_empty_symbol_but_two_empties_is_no_swap():
    s, d = wizards()
    s.owner[single_site(TOWER, 2)] = 0
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    first = {a - A_SITE for a in legal(s) if a != A_DONE}
    assert single_site(BANK, 0) not in first  # no Bank marker anywhere: nothing to swap
    assert single_site(TOWER, 0) in first and single_site(TOWER, 2) in first
    act(s, A_SITE + single_site(TOWER, 4))
    assert {a - A_SITE for a in legal(s)} == {single_site(TOWER, 2)}
    act(s, A_SITE + single_site(TOWER, 2))
    assert s.owner[single_site(TOWER, 4)] == 0 and s.owner[single_site(TOWER, 2)] == EMPTY


def test_b1_wizards_swapping_guild_symbols_swaps_guild_ownership():
    s, d = wizards()
    s.owner[SITE_GUILD + 0] = 1
    s.owner[SITE_GUILD + 4] = 2
    refresh(s)
    act(s, A_ACTIVATE + 5 + d, A_SITE + SITE_GUILD + 0)
    assert {a - A_SITE for a in legal(s)} == {SITE_GUILD + k for k in range(1, 5)}
    act(s, A_SITE + SITE_GUILD + 4)
    assert s.owner[SITE_GUILD + 0] == 2 and s.owner[SITE_GUILD + 4] == 1
    # fees follow ownership: seat 1 places on guild D1 and pays its new owner, seat 2
    kernels.reset_workers(s.buf, 1)
    s.res[1, GOLD] = 1
    s.res[2, GOLD] = 0
    s.guild_worker[:] = EMPTY
    s.set("phase", P_PLACEMENT)
    s.set("turn_player", 1)
    s.set("actor", 1)
    refresh(s)
    act(s, A_PLACE + 5 + 0)
    assert s.res[1, GOLD] == 0 and s.res[2, GOLD] == 1


def test_b1_wizards_swap_walls_and_keep_sections_but_not_across_kinds():
    s, d = wizards()
    s.owner[SITE_WALL + 0] = 1
    s.owner[SITE_KEEP + 1] = 2
    refresh(s)
    act(s, A_ACTIVATE + 5 + d, A_SITE + SITE_WALL + 0)
    assert {a - A_SITE for a in legal(s)} == set(range(SITE_WALL + 1, SITE_GUILD))
    act(s, A_SITE + SITE_WALL + 9)
    assert s.owner[SITE_WALL + 9] == 1 and s.owner[SITE_WALL] == EMPTY
    assert strengths(s)[1, 4] == 1 and strengths(s)[1, 0] == 0


def test_b1_wizards_keep_sections_swap_both_symbols():
    s, d = wizards()
    s.owner[SITE_KEEP + 1] = 2
    refresh(s)
    act(s, A_ACTIVATE + 5 + d, A_SITE + SITE_KEEP + 1)
    assert {a - A_SITE for a in legal(s)} == {SITE_KEEP + k for k in (0, 2, 3, 4)}
    act(s, A_SITE + SITE_KEEP + 4)
    assert strengths(s)[2, 4] == 2 and strengths(s)[2, 1] == 0


def test_b1_wizards_gatehouse_receiving_one_marker_lets_you_choose_its_half():
    s, d = wizards()
    s.owner[gate_site(0, 1)] = 1  # G1 half b (in D2)
    s.owner[gate_site(2, 0)] = 2  # G3 both halves seat 2
    s.owner[gate_site(2, 1)] = 2
    refresh(s)
    act(s, A_ACTIVATE + 5 + d, A_SITE + gate_site(0, 0))
    # Gatehouses are named by their first half
    assert {a - A_SITE for a in legal(s)} == {gate_site(g, 0) for g in range(1, 5)}
    act(s, A_SITE + gate_site(2, 0))
    # G1 received two markers of seat 2, G3 one marker of seat 1: its half is chosen
    assert s.owner[gate_site(0, 0)] == 2 and s.owner[gate_site(0, 1)] == 2
    assert s.phase == P_WIZ_GATE and s.actor == 0
    assert legal(s) == {A_SITE + gate_site(2, 0), A_SITE + gate_site(2, 1)}
    act(s, A_SITE + gate_site(2, 1))
    assert s.owner[gate_site(2, 1)] == 1 and s.owner[gate_site(2, 0)] == EMPTY
    assert s.phase == P_ACTIONS


def test_b1_wizards_two_single_marker_gatehouses_ask_twice():
    s, d = wizards()
    s.owner[gate_site(1, 0)] = 1
    s.owner[gate_site(4, 1)] = 2
    refresh(s)
    act(s, A_ACTIVATE + 5 + d, A_SITE + gate_site(1, 0), A_SITE + gate_site(4, 0))
    assert s.phase == P_WIZ_GATE
    act(s, A_SITE + gate_site(1, 1))
    assert s.phase == P_WIZ_GATE
    act(s, A_SITE + gate_site(4, 1))
    assert s.owner[gate_site(1, 1)] == 2 and s.owner[gate_site(1, 0)] == EMPTY
    assert s.owner[gate_site(4, 1)] == 1 and s.owner[gate_site(4, 0)] == EMPTY
    assert s.phase == P_ACTIONS


def test_b1_wizards_may_decline_and_is_lost_on_an_empty_board():
    s, d = wizards()
    s.owner[SITE_WALL] = 1
    refresh(s)
    act(s, A_ACTIVATE + 5 + d, A_DONE)
    assert s.phase == P_ACTIONS and s.owner[SITE_WALL] == 1
    s2, d2 = wizards()
    act(s2, A_ACTIVATE + 5 + d2)
    assert s2.phase == P_ACTIONS


# ----------------------------------------------------------------------------- illegal actions


@pytest.mark.parametrize(
    "guild,phase_name,action",
    [
        (THIEVES, "steal", A_STEAL + METAL * 5 + 1),  # Thieves take gold only
        (BANDITS, "steal", A_STEAL + GOLD * 5 + 1),  # Bandits never take gold
        (WIZARDS, "wizards_first", A_SITE + gate_site(0, 1)),  # Gatehouses by their first half
        (RECRUITERS, "recruiters", A_DONE),  # a choice must be made
    ],
)
def test_b1_illegal_sub_decisions_raise_naming_the_phase_and_change_nothing(
    guild, phase_name, action
):
    s, d = guild_turn(guild, num_players=4)
    s.res[1] = (3, 3, 3, 3)
    s.owner[SITE_WALL] = 1
    s.owner[gate_site(0, 1)] = 1
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.phase != P_ACTIONS
    before = s.buf.copy()
    with pytest.raises(ValueError, match=phase_name) as err:
        act(s, action)
    assert str(action) in str(err.value)
    assert (s.buf == before).all()


def test_b1_d14_an_opponent_cannot_be_skipped_by_the_spies_user():
    s, d = guild_turn(SPIES, num_players=3)
    s.hand[1, PUB] = 1
    refresh(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.actor == 1
    for action in (A_DONE, A_SEAT + 1, A_CARD + BANK):
        with pytest.raises(ValueError, match="spies_reveal"):
            act(s, action)
