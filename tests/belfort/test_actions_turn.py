"""Belfort Actions phase (spec §9.1-§9.3, D17, D18, D22): building properties, walls and
guilds, mandatory activation, the Trading Post, the gnome hire, the card buy that ends the
turn, the end-of-turn hand limit, and illegal actions. Property planks/locks are in
test_properties.py, guild effects in test_guilds.py.

Every scenario starts from `turn_state`: a cleared board, seat 0 holding shield 1 and about to
take its actions turn, seats' resources set explicitly."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.belfort import kernels
from eurogym.envs.belfort.actions import (
    A_ACTIVATE,
    A_BUY,
    A_CARD,
    A_DONE,
    A_GNOME,
    A_PLACE,
    A_SELL,
    A_SITE,
    A_TAKE_CARD,
    NUM_ACTIONS,
    TAKE_DECK,
)
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.scoring import district_strengths
from eurogym.envs.belfort.state import EMPTY, P_ACTIONS, P_DISCARD, P_PLACEMENT, State
from eurogym.envs.belfort.tables import (
    BANK,
    BANKERS,
    BLACKSMITH,
    DATA,
    GATEHOUSE,
    GOLD,
    INN,
    KEEP,
    LIBRARY,
    MARKET,
    METAL,
    MINERS,
    NUM_SINGLE,
    NUM_SITES,
    PLANK_TYPES,
    PROPERTY_NAMES,
    PUB,
    SINGLE_TYPES,
    SITE_GATE,
    SITE_GUILD,
    SITE_KEEP,
    SITE_KIND,
    SITE_TYPE,
    SITE_WALL,
    STONE,
    TOWER,
    WOOD,
)
from tests.belfort.helpers import (
    act,
    clear_board,
    guild_site,
    legal,
    new_state,
    refresh,
    start_actions_turn,
)

GUILDS5 = ["merchants", "librarians", "architects", "miners", "bankers"]


# ----------------------------------------------------------------------------- local helpers


def single_site(ptype: int, district: int) -> int:
    """The single property symbol of `ptype` in district D(district+1)."""
    return district * NUM_SINGLE + SINGLE_TYPES.index(ptype)


def gate_site(g: int, half: int) -> int:
    return SITE_GATE + 2 * g + half


def plank(ptype: int) -> int:
    """Plank index (0-4) of a property card type in PLACE / ACTIVATE."""
    return PLANK_TYPES.index(ptype)


def board(num_players: int = 3, **options) -> State:
    """Cleared board, shields 1..N to seats 0..N-1, nobody holds anything."""
    s = new_state(num_players, guilds=options.pop("guilds", GUILDS5), **options)
    clear_board(s)
    s.shield[:num_players] = np.arange(1, num_players + 1)
    s.res[:num_players] = 0
    return s


def turn_state(res=(0, 0, 0, 0), num_players: int = 3, **options) -> State:
    s = board(num_players, **options)
    s.res[0] = res
    start_actions_turn(s, 0)
    return s


def data_cost(ptype: int) -> np.ndarray:
    cost = DATA["properties"][ptype]["cost"]
    return np.array([cost.get(r, 0) for r in ("wood", "stone", "metal", "gold")])


def property_sites(actions: set[int]) -> set[int]:
    return {a - A_SITE for a in actions if a < NUM_SITES and SITE_KIND[a] == 0}


def strengths(s: State) -> np.ndarray:
    out = np.zeros((s.num_players, 5), np.int64)
    district_strengths(s.buf, out)
    return out


# ------------------------------------------------------------------------ §9.2 build a property


@pytest.mark.parametrize("ptype", [t for t in SINGLE_TYPES])
def test_s9_2_build_property_from_hand_on_any_empty_symbol_of_its_type_at_printed_cost(ptype):
    s = turn_state(res=(9, 9, 9, 9))
    s.hand[0, ptype] = 1
    refresh(s)
    expected = {single_site(ptype, d) for d in range(5)}
    assert property_sites(legal(s)) == expected
    site = single_site(ptype, 2)
    act(s, A_SITE + site)
    assert s.owner[site] == 0
    assert (s.res[0] == np.array([9, 9, 9, 9]) - data_cost(ptype)).all()
    assert s.hand[0, ptype] == 0 and s.built[0, ptype] == 1  # hand -> built (§9.2)
    assert s.phase == P_ACTIONS and s.actor == 0  # building does not end the turn


def test_s9_2_property_costs_are_the_appendix_a_data_costs():
    s = board()
    for t in range(len(PROPERTY_NAMES)):
        assert (s.prop_cost[t] == data_cost(t)).all(), PROPERTY_NAMES[t]
    # Appendix A (assumed D4) as printed in the spec table, W/S/M
    spec = {
        BLACKSMITH: (1, 2, 1),
        BANK: (4, 1, 1),
        MARKET: (2, 2, 1),
        GATEHOUSE: (2, 2, 0),
        KEEP: (1, 3, 2),
        INN: (3, 1, 1),
        LIBRARY: (2, 1, 1),
        PUB: (1, 3, 0),
        TOWER: (1, 3, 1),
    }
    for t, wsm in spec.items():
        assert tuple(s.prop_cost[t, :3]) == wsm and s.prop_cost[t, GOLD] == 0


def test_s9_2_an_occupied_symbol_cannot_be_built_on():
    s = turn_state(res=(9, 9, 9, 9))
    s.hand[0, BANK] = 1
    s.owner[single_site(BANK, 0)] = 1
    refresh(s)
    assert property_sites(legal(s)) == {single_site(BANK, d) for d in range(1, 5)}
    with pytest.raises(ValueError):
        act(s, A_SITE + single_site(BANK, 0))


def test_s9_2_no_matching_empty_symbol_means_the_card_cannot_be_built():
    s = turn_state(res=(9, 9, 9, 9))
    s.hand[0, PUB] = 1
    for d in range(5):
        s.owner[single_site(PUB, d)] = 1 + d % 2
    refresh(s)
    assert property_sites(legal(s)) == set()


def test_s9_2_cannot_build_a_property_without_its_card():
    s = turn_state(res=(9, 9, 9, 9))
    s.hand[0, BANK] = 1  # a Bank card does not build a Blacksmith
    refresh(s)
    sites = property_sites(legal(s))
    assert sites and all(SITE_TYPE[x] == BANK for x in sites)


@pytest.mark.parametrize("short", [WOOD, STONE, METAL])
def test_s9_2_cannot_build_a_property_one_resource_short(short):
    s = turn_state()
    s.hand[0, KEEP] = 1
    cost = data_cost(KEEP)
    s.res[0] = cost
    refresh(s)
    assert A_SITE + SITE_KEEP in legal(s)
    s.res[0, short] -= 1
    refresh(s)
    assert property_sites(legal(s)) == set()


def test_s9_2_keep_fills_both_symbols_of_a_section():
    s = turn_state(res=(9, 9, 9, 9))
    s.hand[0, KEEP] = 2
    refresh(s)
    assert property_sites(legal(s)) == {SITE_KEEP + d for d in range(5)}
    act(s, A_SITE + SITE_KEEP + 3)
    assert s.owner[SITE_KEEP + 3] == 0
    assert strengths(s)[0, 3] == 2  # two markers in D4
    assert (s.res[0] == 9 - data_cost(KEEP)).all()
    assert A_SITE + SITE_KEEP + 3 not in legal(s)  # the section is full


def test_s9_2_gatehouse_only_on_a_gatehouse_with_both_halves_empty_and_builder_owns_it():
    s = turn_state(res=(9, 9, 9, 9))
    s.hand[0, GATEHOUSE] = 2
    s.owner[gate_site(0, 1)] = 1  # G1 is someone else's
    refresh(s)
    expected = {gate_site(g, h) for g in range(1, 5) for h in range(2)}
    assert property_sites(legal(s)) == expected
    act(s, A_SITE + gate_site(1, 1))  # G2.b lies in D3
    assert s.owner[gate_site(1, 1)] == 0 and s.built[0, GATEHOUSE] == 1
    assert strengths(s)[0, 2] == 1 and strengths(s)[0, 1] == 0
    # the other half of a Gatehouse is never built on, not even by its owner (D21)
    assert A_SITE + gate_site(1, 0) not in legal(s)
    assert property_sites(legal(s)) == {gate_site(g, h) for g in (2, 3, 4) for h in range(2)}


# ----------------------------------------------------------------------------- walls and guilds


def test_s9_2_wall_costs_3_wood_3_stone_needs_no_card_and_is_unlimited():
    s = turn_state(res=(6, 6, 0, 0))
    assert {a for a in legal(s) if a < NUM_SITES} == set(range(SITE_WALL, SITE_GUILD))
    act(s, A_SITE + SITE_WALL + 4)
    assert s.owner[SITE_WALL + 4] == 0 and tuple(s.res[0]) == (3, 3, 0, 0)
    act(s, A_SITE + SITE_WALL + 5)  # a second wall in the same turn (no limit)
    assert tuple(s.res[0]) == (0, 0, 0, 0)
    assert strengths(s)[0, 2] == 2 and s.built[0].sum() == 0


@pytest.mark.parametrize("res", [(3, 2, 9, 9), (2, 3, 9, 9)])
def test_s9_2_wall_needs_the_full_3w_3s(res):
    s = turn_state(res=res)
    assert not {a for a in legal(s) if SITE_WALL <= a < SITE_GUILD}


def test_s9_2_guild_build_only_unowned_at_its_cost_and_then_owned():
    s = turn_state(res=(9, 9, 9, 9))
    miners = guild_site(s, MINERS)
    bankers = guild_site(s, BANKERS)
    s.owner[bankers] = 1
    refresh(s)
    guilds = {a for a in legal(s) if SITE_GUILD <= a < NUM_SITES}
    assert miners in guilds and bankers not in guilds and len(guilds) == 4
    cost = s.guild_cost[MINERS].copy()
    act(s, A_SITE + miners)
    assert s.owner[miners] == 0
    assert (s.res[0] == 9 - cost).all()
    assert s.built[0].sum() == 0 and s.hand[0].sum() == 0  # no card involved


def test_s9_2_fixed_costs_and_fees_of_the_actions_phase():
    """Walls 3W+3S (seed), guilds 2W+2S+1M (assumed D6), hire 3 G, card 1 G, Blacksmith metal
    1 G, hand limit 5 (seed)."""
    s = board()
    assert tuple(s.wall_cost) == (3, 3, 0, 0)
    assert all(tuple(c) == (2, 2, 1, 0) for c in s.guild_cost)
    fees = dict(
        zip(
            ("gnome_hire", "card_buy", "recruiter", "guild", "hand_limit", "smith"),
            s.fees,
            strict=True,
        )
    )
    assert fees == {
        "gnome_hire": 3,
        "card_buy": 1,
        "recruiter": 2,
        "guild": 1,
        "hand_limit": 5,
        "smith": 1,
    }


def test_s9_2_guild_cost_is_needed():
    s = turn_state()
    s.res[0] = s.guild_cost[MINERS]
    refresh(s)
    assert A_SITE + guild_site(s, MINERS) in legal(s)
    s.res[0, METAL] -= 1
    refresh(s)
    assert not {a for a in legal(s) if SITE_GUILD <= a < NUM_SITES}


def test_s9_2_guild_owner_receives_other_players_placement_fees_and_pays_none():
    s = turn_state(res=(9, 9, 9, 9))
    d = int(np.flatnonzero(s.guild_of == MINERS)[0])
    act(s, A_SITE + SITE_GUILD + d)
    s.res[0, GOLD] = 0
    s.res[1, GOLD] = 3
    # back to a Placement turn of seat 1, then of seat 0
    kernels.reset_workers(s.buf, 0)
    kernels.reset_workers(s.buf, 1)
    s.set("phase", P_PLACEMENT)
    s.set("turn_player", 1)
    s.set("actor", 1)
    refresh(s)
    act(s, A_PLACE + 0 * 12 + 5 + d)  # seat 1's Elf on the Miners' Guild
    assert s.res[1, GOLD] == 2 and s.res[0, GOLD] == 1
    s.guild_worker[d] = EMPTY
    s.set("turn_player", 0)
    s.set("actor", 0)
    s.set("phase", P_PLACEMENT)
    s.res[0, GOLD] = 0
    refresh(s)
    assert A_PLACE + 5 + d in legal(s)  # the owner places with 0 gold: no fee
    act(s, A_PLACE + 5 + d)
    assert s.res[0, GOLD] == 0 and s.guild_worker[d] == 0


# ----------------------------------------------------------------------------- §9.1 activation


def test_s9_1_interleaved_actions_build_trade_build():
    s = turn_state(res=(1, 2, 1, 0))
    s.hand[0, BLACKSMITH] = 2
    s.res[0] = (1, 2, 2, 0)
    refresh(s)
    act(s, A_SITE + single_site(BLACKSMITH, 0))
    assert tuple(s.res[0]) == (0, 0, 1, 0)
    act(s, A_SELL + METAL)
    assert tuple(s.res[0]) == (0, 0, 0, 1)
    s.res[0] = (1, 2, 1, 1)
    refresh(s)
    act(s, A_SITE + single_site(BLACKSMITH, 1))
    assert s.built[0, BLACKSMITH] == 2 and s.phase == P_ACTIONS


def test_s9_1_a_worker_on_a_property_plank_must_be_activated_before_done_or_a_card_buy():
    s = board()
    s.built[0, BLACKSMITH] = 1
    s.on_plank[0, BLACKSMITH] = 1
    s.res[0, GOLD] = 5
    start_actions_turn(s, 0)
    actions = legal(s)
    assert A_DONE not in actions
    assert not {a for a in actions if A_TAKE_CARD <= a < A_TAKE_CARD + 4}
    assert A_ACTIVATE + plank(BLACKSMITH) in actions
    with pytest.raises(ValueError):
        act(s, A_DONE)
    act(s, A_ACTIVATE + plank(BLACKSMITH))
    assert s.on_plank[0, BLACKSMITH] == 0
    actions = legal(s)
    assert A_DONE in actions and A_TAKE_CARD + TAKE_DECK in actions
    assert A_ACTIVATE + plank(BLACKSMITH) not in actions  # each worker exactly once


def test_s9_1_every_placed_worker_including_guild_workers_is_activated_once():
    s = board()
    s.built[0, BANK] = 2
    s.on_plank[0, BANK] = 2
    d = int(np.flatnonzero(s.guild_of == MINERS)[0])
    s.guild_worker[d] = 0
    start_actions_turn(s, 0)
    act(s, A_ACTIVATE + plank(BANK))
    assert A_DONE not in legal(s) and A_ACTIVATE + plank(BANK) in legal(s)
    act(s, A_ACTIVATE + plank(BANK))
    assert A_DONE not in legal(s) and A_ACTIVATE + plank(BANK) not in legal(s)
    act(s, A_ACTIVATE + 5 + d)
    assert s.guild_worker[d] == EMPTY and A_DONE in legal(s)
    assert tuple(s.res[0]) == (0, 0, 2, 4)  # 2 x Bank 2 G, Miners' 2 M


def test_s9_1_another_players_guild_worker_is_not_yours_to_activate():
    s = board()
    s.guild_worker[0] = 1
    start_actions_turn(s, 0)
    assert not {a for a in legal(s) if A_ACTIVATE <= a < A_CARD} and A_DONE in legal(s)


# ----------------------------------------------------------------------------- §9.3 Trading Post


def test_s9_3_seed_example_sell_1_metal_for_1_gold_then_buy_1_wood_in_spring():
    """Seed: 'Amarelo vende 1 metal ... por 1 Ouro, então usa o Ouro para comprar 1 Madeira'."""
    s = turn_state(res=(0, 0, 1, 0))
    assert s.month in (1, 2, 3)
    assert A_BUY + WOOD not in legal(s)  # no gold yet
    act(s, A_SELL + METAL)
    assert tuple(s.res[0]) == (0, 0, 0, 1)
    act(s, A_BUY + WOOD)
    assert tuple(s.res[0]) == (1, 0, 0, 0)
    # the single visit is used up: no second buy or sell
    s.res[0] = (5, 5, 5, 9)
    refresh(s)
    assert not {a for a in legal(s) if A_BUY <= a < A_SELL + 3}


def test_s9_3_a_visit_is_one_buy_and_one_sell_in_either_order():
    s = turn_state(res=(3, 3, 3, 9))
    act(s, A_BUY + STONE)
    actions = legal(s)
    assert not {a for a in actions if A_BUY <= a < A_SELL}  # a second buy needs a second visit
    assert {A_SELL + r for r in range(3)} <= actions
    act(s, A_SELL + WOOD)
    assert not {a for a in legal(s) if A_BUY <= a < A_SELL + 3}
    assert tuple(s.res[0]) == (2, 4, 3, 9 - 1 + 1)


def test_s9_3_two_sells_need_two_visits():
    s = turn_state(res=(3, 3, 3, 0))
    act(s, A_SELL + WOOD)
    assert not {a for a in legal(s) if A_SELL <= a < A_SELL + 3}
    assert A_BUY + WOOD in legal(s)  # the same visit may still buy


def test_s9_3_a_visit_may_be_split_by_other_actions():
    s = board()
    s.built[0, BANK] = 1
    s.on_plank[0, BANK] = 1
    s.res[0] = (0, 0, 1, 0)
    start_actions_turn(s, 0)
    act(s, A_SELL + METAL, A_ACTIVATE + plank(BANK))
    assert A_BUY + WOOD in legal(s)  # the single visit's buy is still unused
    act(s, A_BUY + WOOD)
    assert tuple(s.res[0]) == (1, 0, 0, 2)


SPEC_PRICES = {  # §9.3 table: season -> (buy W, S, M), (sell W, S, M)
    0: ((1, 1, 2), (1, 1, 1)),
    1: ((2, 2, 3), (1, 1, 1)),
    2: ((3, 3, 4), (1, 1, 1)),
}
SEASON_OF = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2, 7: 2}  # §3.3 Spring 1-3, Summer 4-5, Autumn 6-7


@pytest.mark.parametrize("month", range(1, 8))
@pytest.mark.parametrize("resource", [WOOD, STONE, METAL])
def test_s9_3_buy_and_sell_at_the_seasons_prices(month, resource):
    s = turn_state(res=(2, 2, 2, 10))
    s.set("month", month)
    refresh(s)
    buy, sell = SPEC_PRICES[SEASON_OF[month]]
    assert s.buy_price[SEASON_OF[month], resource] == buy[resource]
    act(s, A_BUY + resource)
    assert s.res[0, GOLD] == 10 - buy[resource] and s.res[0, resource] == 3
    act(s, A_SELL + resource)
    assert s.res[0, GOLD] == 10 - buy[resource] + sell[resource] and s.res[0, resource] == 2


def test_s9_3_cannot_buy_without_the_price_in_gold():
    s = turn_state(res=(0, 0, 0, 3))
    s.set("month", 7)  # Autumn: metal costs 4
    refresh(s)
    actions = legal(s)
    assert A_BUY + METAL not in actions and A_BUY + WOOD in actions and A_BUY + STONE in actions


def test_s9_3_gold_is_never_traded_and_you_sell_only_what_you_have():
    s = turn_state(res=(0, 0, 0, 9))
    actions = legal(s)
    assert not {a for a in actions if A_SELL <= a < A_SELL + 3}
    # the action space has exactly three goods on each side, gold is not one of them
    assert A_SELL - A_BUY == 3 and A_SELL + 3 == A_BUY + 6


def test_s9_3_unused_visits_are_lost_each_turn_has_one_again():
    s = turn_state(res=(3, 3, 3, 3))
    s.res[1] = (3, 3, 3, 3)
    act(s, A_DONE)
    assert s.turn_player == 1 and s.visits == 1 and s.buys == 0
    act(s, A_SELL + WOOD)
    assert not {a for a in legal(s) if A_SELL <= a < A_SELL + 3}


def count_sells(s: State) -> int:
    """Sell wood until no sell is legal: the number of visits left."""
    n = 0
    while A_SELL + WOOD in legal(s):
        act(s, A_SELL + WOOD)
        n += 1
    return n


@pytest.mark.parametrize(
    "markets,locks,cap,visits",
    [
        (1, 1, False, 2),
        (1, 2, False, 3),
        (2, 4, False, 5),
        (2, 3, False, 4),
        (2, 4, True, 3),
        (1, 2, True, 3),
        (1, 1, True, 2),
    ],
)
def test_s9_3_d22_each_market_lock_adds_a_visit_and_the_cap_switch(markets, locks, cap, visits):
    s = board(market_visits_cap=cap)
    s.built[0, MARKET] = markets
    s.gnomes[0, MARKET] = locks
    s.res[0] = (20, 0, 0, 0)
    start_actions_turn(s, 0)
    assert count_sells(s) == visits


def test_s9_3_a_market_lock_hired_this_turn_adds_a_visit_at_once():
    s = turn_state(res=(5, 0, 0, 3))
    s.built[0, MARKET] = 1
    refresh(s)
    act(s, A_GNOME + MARKET)
    assert s.gnomes[0, MARKET] == 1
    assert count_sells(s) == 2


def test_s9_3_d22_market_cap_stops_a_hired_third_market_lock():
    s = board(market_visits_cap=True)
    s.built[0, MARKET] = 2
    s.gnomes[0, MARKET] = 2
    s.res[0] = (9, 0, 0, 3)
    start_actions_turn(s, 0)
    act(s, A_GNOME + MARKET)
    assert s.gnomes[0, MARKET] == 3
    assert count_sells(s) == 3


# ----------------------------------------------------------------------------- §9.2 hire a gnome


def test_s9_2_seed_example_hire_a_gnome_onto_the_inn_lock_for_3_gold_unlocks_the_plank():
    """Seed: Amarelo pays 3 gold, takes a gnome from the stock onto his Inn's empty lock; the
    Inn plank is available from the next Placement phase."""
    s = turn_state(res=(0, 0, 0, 4))
    s.built[0, INN] = 1
    refresh(s)
    stock = s.gnome_stock
    kernels.reset_workers(s.buf, 0)
    s.set("phase", P_PLACEMENT)
    refresh(s)
    assert A_PLACE + plank(INN) not in legal(s)  # behind the lock
    start_actions_turn(s, 0)
    act(s, A_GNOME + INN)
    assert s.gnomes[0, INN] == 1 and s.gnome_stock == stock - 1 and s.res[0, GOLD] == 1
    s.set("phase", P_PLACEMENT)
    refresh(s)
    assert A_PLACE + plank(INN) in legal(s) and A_PLACE + 12 + plank(INN) in legal(s)
    act(s, A_PLACE + plank(INN))
    assert s.on_plank[0, INN] == 1 and s.res[0, GOLD] == 0  # 1 G fee at placement


def test_s9_2_hire_is_once_per_turn():
    s = turn_state(res=(0, 0, 0, 9))
    s.built[0, INN] = 1
    s.built[0, PUB] = 1
    refresh(s)
    assert {A_GNOME + INN, A_GNOME + PUB} <= legal(s)
    act(s, A_GNOME + PUB)
    assert not {a for a in legal(s) if A_GNOME <= a < A_BUY}
    act(s, A_DONE, A_DONE, A_DONE)  # round the table
    # a later turn may hire again (here the next round's turn of seat 0 is simulated)
    start_actions_turn(s, 0)
    assert A_GNOME + INN in legal(s)


@pytest.mark.parametrize("case", ["no_lock", "full_locks", "no_stock", "two_gold"])
def test_s9_2_hire_needs_an_empty_lock_a_gnome_in_stock_and_3_gold(case):
    s = turn_state(res=(0, 0, 0, 9))
    if case == "no_lock":
        s.built[0, BANK] = 1
        s.built[0, KEEP] = 1  # Bank and Keep have no gnome lock
    else:
        s.built[0, MARKET] = 1
        s.gnomes[0, MARKET] = 2 if case == "full_locks" else 0
    if case == "no_stock":
        s.set("gnome_stock", 0)
    if case == "two_gold":
        s.res[0, GOLD] = 2
    refresh(s)
    assert not {a for a in legal(s) if A_GNOME <= a < A_BUY}


def test_s9_2_hire_fills_only_locks_of_built_cards_not_cards_in_hand():
    s = turn_state(res=(0, 0, 0, 9))
    s.hand[0, INN] = 1
    s.built[0, PUB] = 1
    s.gnomes[0, PUB] = 1
    refresh(s)
    assert not {a for a in legal(s) if A_GNOME <= a < A_BUY}


# ----------------------------------------------------------------------------- §9.2 buy a card


def test_s9_2_buying_a_column_card_costs_1_gold_refills_the_column_and_ends_the_turn():
    s = turn_state(res=(0, 0, 0, 2))
    col = s.column.copy()
    top = s.deck[s.deck_size - 1]
    size = s.deck_size
    act(s, A_TAKE_CARD + 1)
    assert s.hand[0, col[1]] == 1 and s.hand[0].sum() == 1
    assert s.res[0, GOLD] == 1
    assert s.column[1] == top and s.column[0] == col[0] and s.column[2] == col[2]
    assert s.deck_size == size - 1
    assert s.turn_player == 1 and s.actor == 1 and s.phase == P_ACTIONS


def test_s9_2_seed_example_buy_the_deck_top_blind_ends_the_turn():
    """Seed: none of the 3 column cards appeal, Amarelo pays 1 gold and draws a Keep from the
    deck; the card buy is always the last action of a turn."""
    s = turn_state(res=(0, 0, 0, 1))
    s.deck[s.deck_size - 1] = KEEP
    col = s.column.copy()
    act(s, A_TAKE_CARD + TAKE_DECK)
    assert s.hand[0, KEEP] == 1 and s.res[0, GOLD] == 0
    assert (s.column == col).all()
    assert s.turn_player == 1


def test_s9_2_card_buy_needs_1_gold():
    s = turn_state(res=(5, 5, 5, 0))
    assert not {a for a in legal(s) if A_TAKE_CARD <= a < A_TAKE_CARD + 4}
    assert A_DONE in legal(s)


def test_s9_2_done_ends_the_turn_and_the_last_player_ends_the_phase():
    s = turn_state(res=(0, 0, 0, 0))
    act(s, A_DONE)
    assert s.turn_player == 1 and s.phase == P_ACTIONS
    act(s, A_DONE)
    assert s.turn_player == 2
    month = s.month
    act(s, A_DONE)
    assert s.month == month + 1 and s.phase == P_PLACEMENT


def test_d18_buying_from_an_empty_deck_reshuffles_the_discard_pile():
    s = turn_state(res=(0, 0, 0, 1))
    s.set("deck_size", 0)
    s.discard[:] = 0
    s.discard[PUB] = 3
    refresh(s)
    assert A_TAKE_CARD + TAKE_DECK in legal(s)
    act(s, A_TAKE_CARD + TAKE_DECK)
    assert s.hand[0, PUB] == 1
    assert s.discard.sum() == 0 and s.deck_size == 2
    assert (s.deck[:2] == PUB).all()


def test_d18_column_refill_draws_from_the_reshuffled_discard_pile():
    s = turn_state(res=(0, 0, 0, 1))
    s.set("deck_size", 0)
    s.discard[:] = 0
    s.discard[TOWER] = 1
    refresh(s)
    taken = s.column[0]
    act(s, A_TAKE_CARD + 0)
    assert s.hand[0, taken] == 1 and s.column[0] == TOWER and s.discard.sum() == 0


def test_d18_deck_and_discard_both_empty_nothing_to_take_and_column_stays_short():
    s = turn_state(res=(0, 0, 0, 1))
    s.set("deck_size", 0)
    s.discard[:] = 0
    refresh(s)
    assert A_TAKE_CARD + TAKE_DECK not in legal(s)
    taken = s.column[2]
    act(s, A_TAKE_CARD + 2)
    assert s.hand[0, taken] == 1 and s.column[2] == EMPTY
    # the empty slot cannot be bought from
    start_actions_turn(s, 0)
    s.res[0, GOLD] = 1
    refresh(s)
    assert A_TAKE_CARD + 2 not in legal(s) and A_TAKE_CARD + 0 in legal(s)


# ----------------------------------------------------------------------------- hand limit, D17


def test_s9_2_hand_limit_discard_down_to_5_at_the_end_of_your_own_turn():
    s = turn_state()
    s.hand[0, PUB] = 4
    s.hand[0, BANK] = 3
    refresh(s)
    before = s.discard.copy()
    act(s, A_DONE)
    assert s.phase == P_DISCARD and s.actor == 0 and s.pending == 2
    assert legal(s) == {A_CARD + PUB, A_CARD + BANK}
    act(s, A_CARD + BANK, A_CARD + BANK)
    assert s.hand[0].sum() == 5 and s.hand[0, BANK] == 1
    assert s.discard[BANK] == before[BANK] + 2  # discards go to the public pile
    assert s.turn_player == 1 and s.phase == P_ACTIONS


def test_s9_2_hand_limit_is_not_checked_during_the_turn_or_for_other_players():
    s = turn_state(res=(9, 9, 9, 9))
    s.hand[0, PUB] = 7
    s.hand[1, BANK] = 8
    refresh(s)
    act(s, A_SITE + single_site(PUB, 0))  # still acting with 6 cards
    assert s.phase == P_ACTIONS
    act(s, A_DONE, A_CARD + PUB)
    assert s.turn_player == 1 and s.phase == P_ACTIONS and s.hand[1].sum() == 8


def test_s9_2_hand_limit_counts_the_card_just_bought():
    s = turn_state(res=(0, 0, 0, 1))
    s.hand[0, PUB] = 5
    refresh(s)
    act(s, A_TAKE_CARD + 0)
    assert s.phase == P_DISCARD and s.pending == 1 and s.actor == 0


def test_d17_library_lock_draws_at_end_of_turn_before_the_hand_limit():
    s = board()
    s.built[0, LIBRARY] = 2
    s.gnomes[0, LIBRARY] = 2  # D22: one card per lock
    s.hand[0, PUB] = 4
    start_actions_turn(s, 0)
    s.deck[s.deck_size - 1] = KEEP
    s.deck[s.deck_size - 2] = TOWER
    act(s, A_DONE)
    assert s.hand[0, KEEP] == 1 and s.hand[0, TOWER] == 1
    assert s.phase == P_DISCARD and s.pending == 1  # 6 cards -> discard 1
    act(s, A_CARD + KEEP)  # may discard a card just drawn
    assert s.turn_player == 1


def test_d17_library_lock_draw_without_overflow_needs_no_discard():
    s = board()
    s.built[0, LIBRARY] = 1
    s.gnomes[0, LIBRARY] = 1
    s.hand[0, PUB] = 4
    start_actions_turn(s, 0)
    act(s, A_DONE)
    assert s.hand[0].sum() == 5 and s.turn_player == 1 and s.phase == P_ACTIONS


def test_d17_library_lock_also_draws_after_a_card_buy():
    s = board()
    s.built[0, LIBRARY] = 1
    s.gnomes[0, LIBRARY] = 1
    s.hand[0, PUB] = 4
    s.res[0, GOLD] = 1
    start_actions_turn(s, 0)
    act(s, A_TAKE_CARD + TAKE_DECK)
    assert s.hand[0].sum() == 6 and s.phase == P_DISCARD and s.pending == 1


# ----------------------------------------------------------------------------- illegal actions


def illegal_raises(s: State, action: int) -> None:
    before = s.buf.copy()
    mask = s.mask.copy()
    with pytest.raises(ValueError) as err:
        act(s, action)
    text = str(err.value)
    assert str(action) in text and "'actions'" in text
    assert (s.buf == before).all() and (s.mask == mask).all()


def test_s9_illegal_actions_raise_naming_action_and_phase_and_leave_the_state_unchanged():
    s = board()
    s.built[0, BLACKSMITH] = 1
    s.on_plank[0, BLACKSMITH] = 1
    s.hand[0, PUB] = 1
    s.owner[single_site(PUB, 0)] = 2
    s.res[0] = (1, 3, 0, 0)
    start_actions_turn(s, 0)
    for action in (
        A_DONE,  # worker still on a plank
        A_TAKE_CARD + 0,  # no gold, and the worker
        A_SITE + single_site(PUB, 0),  # occupied
        A_SITE + single_site(BANK, 0),  # no card
        A_SITE + SITE_WALL,  # 3W+3S missing
        A_BUY + WOOD,  # no gold
        A_SELL + METAL,  # no metal
        A_GNOME + BLACKSMITH,  # no gold for the hire
        A_ACTIVATE + plank(BANK),  # nobody on the Bank
        A_PLACE,  # a Placement action
        A_CARD + PUB,  # a discard outside a discard decision
    ):
        illegal_raises(s, action)
    assert A_SITE + single_site(PUB, 1) in legal(s)  # the state still works
    before = s.buf.copy()
    for action in (-1, NUM_ACTIONS):
        with pytest.raises(ValueError, match="actions"):
            ENGINE.apply_action(s, action)
    assert (s.buf == before).all()
