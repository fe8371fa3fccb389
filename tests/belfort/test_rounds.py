"""Round flow (spec §4.1 setup, §7 placement, §8 collection, §13 two-player rules), played
through the engine's own decisions: workers go out by PLACE / PASS / AREA actions and the
engine resolves the Collection (areas, Recruiter's Desk, King's Camp, income and taxes)."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.belfort.actions import (
    A_AREA,
    A_CARD,
    A_DONE,
    A_PASS,
    A_PLACE,
    A_SEAT,
    A_SITE,
    A_TAKE_CARD,
    NUM_PLANKS,
    PLANK_CAMP,
    PLANK_RECRUITER,
    TAKE_DECK,
)
from eurogym.envs.belfort.kernels import tax_of
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.state import (
    EMPTY,
    P_ACTIONS,
    P_AREAS,
    P_CAMP,
    P_NP_DWARF,
    P_NP_PICK,
    P_NP_PLACE,
    P_PLACEMENT,
    P_SETUP_DISCARD,
)
from eurogym.envs.belfort.tables import (
    BANK,
    BLACKSMITH,
    DECK_SIZE,
    DWARF,
    ELF,
    FOREST,
    GARDENS,
    GATEHOUSE,
    GOLD,
    GOLD_MINE,
    GUILD_CATEGORY,
    GUILD_NAMES,
    INN,
    KEEP,
    LIBRARY,
    MASTER_DWARF,
    MASTER_ELF,
    METAL,
    MINE,
    NUM_PROPERTIES,
    PUB,
    QUARRY,
    SITE_GUILD,
    SITE_KEEP,
    SITES_OF_TYPE,
    STONE,
    TOWER,
    WOOD,
)
from tests.belfort.helpers import act, legal, new_state, refresh
from tests.belfort.round_helpers import (
    end_last_turn,
    quiet_round,
    run_placement,
    seat_with_shield,
    set_shields,
    set_workers,
)

RED, YELLOW, PURPLE, BLUE = range(4)


def place(race: int, plank: int) -> int:
    """PLACE action: race 0 Elf / 1 Dwarf; planks 0-4 Blacksmith, Bank, Inn, Library, Tower;
    5-9 the guilds of D1..D5; 10 Recruiter's Desk; 11 King's Camp."""
    return A_PLACE + race * NUM_PLANKS + plank


def area(kind: int, where: int) -> int:
    return A_AREA + kind * 4 + where


PLANK_OF = {BLACKSMITH: 0, BANK: 1, INN: 2, LIBRARY: 3, TOWER: 4}
GUILD_PLANK = 5  # + district


def collection_state(num_players: int = 4, seed: int = 0):
    """Month 1 Placement, seats in shield order 1..N, empty board, nobody holds workers."""
    s = new_state(num_players, seed)
    quiet_round(s)
    set_shields(s, list(range(1, num_players + 1)))
    return s


# ------------------------------------------------------------ §8.2 steps 1-4: resource areas


def test_s8_2_forest_seed_example_master_2_wood_two_elves_2_plus_bonus():
    """Seed: Red's Master Elf collects 2 Wood; Yellow's two Elves collect 2 and the bonus Wood
    (a Master counts as 1 Elf for the bonus)."""
    s = collection_state()
    set_workers(s, RED, master_elf=1)
    set_workers(s, YELLOW, elf=2)
    before = s.res[:4].copy()
    run_placement(s, {RED: [(MASTER_ELF, FOREST)], YELLOW: [(ELF, FOREST)] * 2})
    gained = s.res[:4] - before
    assert list(gained[:, WOOD]) == [2, 3, 0, 0]
    assert gained[:, [STONE, METAL, GOLD]].sum() == 0
    assert s.phase == P_ACTIONS


def test_s8_2_quarry_seed_example_tie_gives_nobody_the_bonus():
    """Seed: Blue and Red collect 1 Stone each with one Dwarf; tied, so no bonus."""
    s = collection_state()
    set_workers(s, BLUE, dwarf=1)
    set_workers(s, RED, dwarf=1)
    before = s.res[:4].copy()
    run_placement(s, {BLUE: [(DWARF, QUARRY)], RED: [(DWARF, QUARRY)]})
    assert list((s.res[:4] - before)[:, STONE]) == [1, 0, 0, 1]


def test_s8_2_mine_seed_example_master_dwarf_pairs_twice_plus_bonus():
    """Seed: Yellow's Elf + Dwarf give 1 Metal; Purple's Master Dwarf + 2 Elves give 2 Metal,
    plus the bonus for most workers (3 against 2)."""
    s = collection_state()
    set_workers(s, YELLOW, elf=1, dwarf=1)
    set_workers(s, PURPLE, elf=2, master_dwarf=1)
    before = s.res[:4].copy()
    run_placement(
        s,
        {
            YELLOW: [(ELF, MINE), (DWARF, MINE)],
            PURPLE: [(ELF, MINE), (ELF, MINE), (MASTER_DWARF, MINE)],
        },
    )
    assert list((s.res[:4] - before)[:, METAL]) == [0, 1, 3, 0]


def test_s8_2_gold_mine_seed_example_masters_2_each_tie_no_bonus():
    """Seed: Blue's two workers give 2 Gold; Red's two Master Elves give 4 Gold; 2 workers
    each is a tie, so nobody gets the bonus."""
    s = collection_state()
    set_workers(s, BLUE, elf=1, dwarf=1)
    set_workers(s, RED, master_elf=2)
    before = s.res[:4].copy()
    run_placement(
        s,
        {BLUE: [(ELF, GOLD_MINE), (DWARF, GOLD_MINE)], RED: [(MASTER_ELF, GOLD_MINE)] * 2},
    )
    assert list((s.res[:4] - before)[:, GOLD]) == [4, 0, 0, 2]


def test_s8_1_master_counts_one_worker_for_the_bonus_so_master_vs_elf_is_a_tie():
    s = collection_state(3)
    set_workers(s, 0, master_elf=1)
    set_workers(s, 1, elf=1)
    before = s.res[:3].copy()
    run_placement(s, {0: [(MASTER_ELF, FOREST)], 1: [(ELF, FOREST)]})
    assert list((s.res[:3] - before)[:, WOOD]) == [2, 1, 0]


def test_s8_2_quarry_master_dwarf_strength_2_and_strict_most_bonus():
    s = collection_state(3)
    set_workers(s, 0, dwarf=1, master_dwarf=1)
    set_workers(s, 2, dwarf=1)
    before = s.res[:3].copy()
    run_placement(s, {0: [(DWARF, QUARRY), (MASTER_DWARF, QUARRY)], 2: [(DWARF, QUARRY)]})
    assert list((s.res[:3] - before)[:, STONE]) == [4, 0, 1]


def test_s8_2_d16_mine_bonus_counts_unpaired_workers():
    """D16: 3 unpaired Elves make no Metal but are the most workers in the Mine."""
    s = collection_state(3)
    set_workers(s, 0, elf=3)
    set_workers(s, 1, elf=1, dwarf=1)
    before = s.res[:3].copy()
    run_placement(s, {0: [(ELF, MINE)] * 3, 1: [(ELF, MINE), (DWARF, MINE)]})
    assert list((s.res[:3] - before)[:, METAL]) == [1, 1, 0]


def test_s8_2_d16_mine_bonus_counts_dwarves_too():
    """D16: 3 Dwarves alone (no pair, no Metal) beat an Elf + Dwarf pair for the bonus."""
    s = collection_state(3)
    set_workers(s, 1, dwarf=3)
    set_workers(s, 2, elf=1, dwarf=1)
    before = s.res[:3].copy()
    run_placement(s, {1: [(DWARF, MINE)] * 3, 2: [(ELF, MINE), (DWARF, MINE)]})
    assert list((s.res[:3] - before)[:, METAL]) == [0, 1, 1]


def test_s8_2_tie_for_most_blocks_the_bonus_even_with_a_smaller_third():
    s = collection_state(3)
    set_workers(s, 0, elf=3)
    set_workers(s, 1, dwarf=3)
    set_workers(s, 2, elf=1)
    before = s.res[:3].copy()
    run_placement(
        s, {0: [(ELF, GOLD_MINE)] * 3, 1: [(DWARF, GOLD_MINE)] * 3, 2: [(ELF, GOLD_MINE)]}
    )
    assert list((s.res[:3] - before)[:, GOLD]) == [3, 3, 1]


def test_s8_2_workers_return_after_collection():
    s = collection_state(3)
    set_workers(s, 0, elf=2)
    run_placement(s, {0: [(ELF, FOREST), (ELF, MINE)]})
    assert s.area.sum() == 0


# ------------------------------------------------------------ §8.2 step 5: Recruiter's Desk


@pytest.mark.parametrize("race", [0, 1])
def test_s8_2_recruiters_desk_gives_a_worker_of_the_same_type_for_2_gold(race):
    s = collection_state(3)
    set_workers(s, 0, elf=1 - race, dwarf=race)
    gold_before = s.res[:3, GOLD].copy()
    act(s, place(race, PLANK_RECRUITER))
    assert s.res[0, GOLD] == gold_before[0] - 2  # §7.2: 2 G to the supply
    assert list(s.res[1:3, GOLD]) == list(gold_before[1:3])
    run_placement(s)
    assert (s.elves[0], s.dwarves[0]) == ((4, 3) if race == 0 else (3, 4))


def test_s8_2_recruiters_desk_gives_nothing_when_all_7_are_owned():
    s = collection_state(3)
    s.elves[0] = 7
    set_workers(s, 0, elf=1)
    act(s, place(0, PLANK_RECRUITER))
    run_placement(s)
    assert (s.elves[0], s.dwarves[0]) == (7, 3)


@pytest.mark.parametrize("n,planks", [(2, 1), (3, 1), (4, 2), (5, 3)])
def test_s2_recruiters_desk_plank_count(n, planks):
    s = collection_state(n)
    for p in range(n):
        set_workers(s, p, elf=3)
        s.res[p, GOLD] = 20
    refresh(s)
    taken = 0
    for _ in range(3 * n):
        if s.phase != P_PLACEMENT:
            break
        if place(0, PLANK_RECRUITER) in legal(s):
            act(s, place(0, PLANK_RECRUITER))
            taken += 1
        else:
            act(s, place(0, PLANK_CAMP) if place(0, PLANK_CAMP) in legal(s) else A_PASS)
            if s.phase == P_AREAS:
                while s.phase == P_AREAS:
                    act(s, area(ELF, FOREST))
    assert taken == planks


# ------------------------------------------------------------ §8.2 step 6: King's Camp


def camp_example_state():
    """Seed shields: Red 1, Purple 2, Blue 3, Yellow 4. Red places elsewhere first, then
    Yellow takes Camp plank 1 and Red plank 2."""
    s = collection_state(4)
    set_shields(s, [1, 4, 2, 3])  # Red, Yellow, Purple, Blue
    set_workers(s, RED, elf=2)
    set_workers(s, YELLOW, elf=1)
    assert s.actor == RED
    act(s, place(0, PLANK_RECRUITER))  # Red
    act(s, A_PASS)  # Purple (no workers)
    act(s, A_PASS)  # Blue
    assert s.actor == YELLOW
    act(s, place(0, PLANK_CAMP))
    assert s.camp[0] == YELLOW  # the lowest empty plank
    assert s.actor == RED
    act(s, place(0, PLANK_CAMP))
    assert s.camp[1] == RED
    run_placement(s)
    assert s.phase == P_CAMP and s.actor == YELLOW
    return s


def test_s8_2_kings_camp_seed_example_yellow_takes_1_red_takes_2():
    s = camp_example_state()
    assert legal(s) == {A_SEAT + RED, A_SEAT + PURPLE, A_SEAT + BLUE, A_DONE}
    act(s, A_SEAT + RED)
    assert list(s.shield[:4]) == [4, 1, 2, 3]
    assert s.phase == P_CAMP and s.actor == RED
    # Red cannot take shield 1 back: Yellow turned it face down
    assert legal(s) == {A_SEAT + PURPLE, A_SEAT + BLUE, A_DONE}
    act(s, A_SEAT + PURPLE)
    assert list(s.shield[:4]) == [2, 1, 4, 3]
    # after the Camp every shield is face up again, the planks are free, Yellow acts first
    assert list(s.shield_down[:4]) == [0, 0, 0, 0]
    assert list(s.camp) == [EMPTY] * len(s.camp)
    assert s.phase == P_ACTIONS and s.actor == YELLOW


def test_s8_2_d19_kings_camp_swap_is_optional_and_own_shield_turns_down():
    s = camp_example_state()
    act(s, A_DONE)  # Yellow keeps 4, which is now face down
    assert list(s.shield[:4]) == [1, 4, 2, 3]
    assert s.actor == RED
    assert legal(s) == {A_SEAT + PURPLE, A_SEAT + BLUE, A_DONE}
    act(s, A_DONE)
    assert list(s.shield[:4]) == [1, 4, 2, 3]
    assert s.phase == P_ACTIONS and s.actor == RED
    assert list(s.shield_down[:4]) == [0, 0, 0, 0]


def test_s8_2_kings_camp_new_order_governs_the_actions_phase():
    s = camp_example_state()
    act(s, A_SEAT + RED)
    act(s, A_SEAT + PURPLE)
    order = []
    while s.phase == P_ACTIONS and len(order) < 4:
        order.append(s.actor)
        act(s, A_DONE)
    assert order == [YELLOW, RED, BLUE, PURPLE]


# ------------------------------------------------------------ §8.2 step 7: income and taxes

INCOME = {  # Appendix A / D2 reading B: one coin on Bank, Gatehouse, Inn, Pub, Tower, Gardens
    BLACKSMITH: 0,
    BANK: 1,
    2: 0,  # Market
    GATEHOUSE: 1,
    KEEP: 0,
    INN: 1,
    LIBRARY: 0,
    PUB: 1,
    TOWER: 1,
    GARDENS: 1,
}


def run_income(s):
    run_placement(s)
    assert s.phase == P_ACTIONS


@pytest.mark.parametrize("ptype", range(NUM_PROPERTIES))
def test_s8_2_step7_income_per_built_card_type(ptype):
    s = collection_state(3)
    s.built[0, ptype] = 2
    s.hand[1, ptype] = 2  # cards in hand give nothing
    gold = s.res[:3, GOLD].copy()
    run_income(s)
    assert list(s.res[:3, GOLD] - gold) == [2 * INCOME[ptype], 0, 0]


def test_s8_2_step7_seed_example_keep_gatehouse_tower_income_2_then_tax_2_at_score_15():
    s = collection_state(3)
    s.built[0, [KEEP, GATEHOUSE, TOWER]] = 1
    s.score[0] = 15
    s.res[0, GOLD] = 0
    run_income(s)
    assert (s.res[0, GOLD], s.score[0]) == (0, 15)


@pytest.mark.parametrize(
    "score,gold,after_gold,after_score",
    [
        (15, 5, 3, 15),  # pays 2 in full
        (15, 1, 0, 14),  # pays what it can, 1 point for the 1 gold short
        (15, 0, 0, 13),
        (6, 0, 0, 5),
        (5, 0, 0, 5),  # 0-5 pays nothing
        (10, 3, 2, 10),
        (11, 3, 1, 11),
        (0, 0, 0, 0),
    ],
)
def test_s8_2_step7_unpaid_gold_costs_one_point_each_only_the_shortfall(
    score, gold, after_gold, after_score
):
    s = collection_state(3)
    s.score[0] = score
    s.res[0, GOLD] = gold
    run_income(s)
    assert (s.res[0, GOLD], s.score[0]) == (after_gold, after_score)


def test_s8_2_step7_income_is_paid_before_the_tax():
    s = collection_state(3)
    s.built[0, PUB] = 1
    s.score[0] = 8  # tax 1
    s.res[0, GOLD] = 0
    run_income(s)
    assert (s.res[0, GOLD], s.score[0]) == (0, 8)


def test_d11_score_never_drops_below_zero():
    s = new_state(3, data_overrides={"tax_levels": [[0, 3]]})
    quiet_round(s)
    s.score[0] = 1
    s.res[0, GOLD] = 0
    run_income(s)
    assert (s.res[0, GOLD], s.score[0]) == (0, 0)


@pytest.mark.parametrize(
    "score,tax",
    [
        (0, 0),
        (5, 0),
        (6, 1),
        (10, 1),
        (11, 2),
        (15, 2),
        (20, 2),
        (21, 3),
        (30, 3),
        (31, 4),
        (50, 5),
        (51, 6),
        (90, 9),
        (91, 10),
        (200, 10),
    ],
)
def test_s3_4_tax_table(score, tax):
    s = new_state(3)
    assert tax_of(s.buf, score) == tax
    # and the formula of §3.4
    formula = 0 if score <= 5 else 1 if score <= 10 else min(10, 1 + -(-(score - 10) // 10))
    assert formula == tax


# ------------------------------------------------------------ §7 placement


def placement_state(num_players: int = 3):
    s = collection_state(num_players)
    for p in range(num_players):
        set_workers(s, p, elf=2, dwarf=2)
    return s


def test_s7_2_guild_fee_unowned_to_supply():
    s = placement_state()
    gold = s.res[:3, GOLD].copy()
    act(s, place(1, GUILD_PLANK + 0))
    assert list(s.res[:3, GOLD] - gold) == [-1, 0, 0]
    assert s.guild_worker[0] == 0


def test_s7_2_guild_fee_to_the_owner():
    s = placement_state()
    s.owner[SITE_GUILD + 2] = 1
    refresh(s)
    gold = s.res[:3, GOLD].copy()
    act(s, place(0, GUILD_PLANK + 2))
    assert list(s.res[:3, GOLD] - gold) == [-1, 1, 0]


def test_s7_2_guild_fee_nothing_if_you_own_it_and_then_legal_with_no_gold():
    s = placement_state()
    s.owner[SITE_GUILD + 4] = 0
    s.res[0, GOLD] = 0
    refresh(s)
    assert place(0, GUILD_PLANK + 4) in legal(s)
    assert place(0, GUILD_PLANK + 3) not in legal(s)  # unowned: 1 G needed
    act(s, place(0, GUILD_PLANK + 4))
    assert s.res[0, GOLD] == 0


def test_s7_1_a_guild_plank_holds_one_worker():
    s = placement_state()
    act(s, place(0, GUILD_PLANK + 1))
    assert place(0, GUILD_PLANK + 1) not in legal(s)
    assert place(1, GUILD_PLANK + 1) not in legal(s)


def test_s7_1_player_with_no_gold_cannot_pay_fees():
    s = placement_state()
    s.res[0, GOLD] = 0
    s.built[0, [INN, BLACKSMITH]] = 1
    s.gnomes[0, INN] = 1
    refresh(s)
    moves = legal(s)
    assert place(0, PLANK_RECRUITER) not in moves  # 2 G
    assert place(0, PLANK_OF[INN]) not in moves  # 1 G
    assert all(place(0, GUILD_PLANK + d) not in moves for d in range(5))
    assert place(0, PLANK_CAMP) in moves  # free
    assert place(0, PLANK_OF[BLACKSMITH]) in moves  # free
    s.res[0, GOLD] = 1
    refresh(s)
    assert place(0, PLANK_RECRUITER) not in legal(s)
    assert place(0, PLANK_OF[INN]) in legal(s)


def test_s7_2_locked_inn_and_tower_planks_need_a_gnome_and_cost_1_gold():
    """Seed example: Blacksmith and Inn built, the Inn not unlocked -> only the Blacksmith."""
    s = placement_state()
    s.built[0, [BLACKSMITH, INN, TOWER]] = 1
    refresh(s)
    moves = legal(s)
    assert place(0, PLANK_OF[BLACKSMITH]) in moves
    assert place(0, PLANK_OF[INN]) not in moves
    assert place(0, PLANK_OF[TOWER]) not in moves
    s.gnomes[0, INN] = 1
    s.gnomes[0, TOWER] = 1
    refresh(s)
    gold = s.res[0, GOLD]
    act(s, place(1, PLANK_OF[INN]))
    assert s.res[0, GOLD] == gold - 1
    assert s.on_plank[0, INN] == 1
    for _ in range(2):  # seats 1 and 2 pass
        act(s, A_PASS)
        while s.phase == P_AREAS:
            act(s, min(legal(s)))
    assert s.actor == 0
    act(s, place(0, PLANK_OF[TOWER]))
    assert s.on_plank[0, TOWER] == 1 and s.res[0, GOLD] == gold - 2


def test_s7_2_cards_in_hand_have_no_planks_and_others_cards_neither():
    s = placement_state()
    s.hand[0, [BLACKSMITH, BANK, LIBRARY]] = 1
    s.built[1, [BLACKSMITH, BANK, LIBRARY]] = 1
    refresh(s)
    moves = legal(s)
    for t in (BLACKSMITH, BANK, LIBRARY):
        assert place(0, PLANK_OF[t]) not in moves
        assert place(1, PLANK_OF[t]) not in moves


def test_s7_1_a_property_plank_holds_one_worker_per_built_card():
    s = placement_state()
    s.built[0, BANK] = 2
    refresh(s)
    act(s, place(0, PLANK_OF[BANK]))
    act(s, A_PASS)
    while s.phase == P_AREAS:
        act(s, min(legal(s)))
    while s.actor != 0:
        act(s, A_PASS)
        while s.phase == P_AREAS:
            act(s, min(legal(s)))
    assert place(0, PLANK_OF[BANK]) in legal(s)  # the second card's plank
    act(s, place(0, PLANK_OF[BANK]))
    assert s.on_plank[0, BANK] == 2
    while s.actor != 0:
        act(s, A_PASS)
        while s.phase == P_AREAS:
            act(s, min(legal(s)))
    assert place(0, PLANK_OF[BANK]) not in legal(s)


def test_s7_2_kings_camp_lowest_plank_and_one_worker_per_player():
    s = placement_state(3)
    act(s, place(0, PLANK_CAMP))  # seat 0
    act(s, place(1, PLANK_CAMP))  # seat 1
    assert list(s.camp[:2]) == [0, 1]
    assert s.actor == 2
    act(s, A_PASS)
    while s.phase == P_AREAS:
        act(s, min(legal(s)))
    assert s.actor == 0
    moves = legal(s)
    assert place(0, PLANK_CAMP) not in moves and place(1, PLANK_CAMP) not in moves
    assert place(0, PLANK_RECRUITER) in moves


def test_s7_1_pass_sends_workers_to_areas_with_d15_restrictions():
    s = placement_state(3)
    set_workers(s, 0, elf=1, master_elf=1, dwarf=1, master_dwarf=1)
    act(s, A_PASS)
    assert s.phase == P_AREAS and s.actor == 0
    moves = legal(s)
    for kind in (ELF, MASTER_ELF):
        assert {area(kind, a) for a in (FOREST, MINE, GOLD_MINE)} <= moves
        assert area(kind, QUARRY) not in moves  # an Elf never goes to the Quarry
    for kind in (DWARF, MASTER_DWARF):
        assert {area(kind, a) for a in (QUARRY, MINE, GOLD_MINE)} <= moves
        assert area(kind, FOREST) not in moves  # a Dwarf never goes to the Forest
    assert A_PASS not in moves
    assert all(a < A_PLACE or a >= A_PASS + 1 for a in moves)  # no placing after passing
    act(s, area(ELF, FOREST), area(MASTER_ELF, MINE), area(DWARF, QUARRY))
    assert s.phase == P_AREAS  # all remaining workers must go
    act(s, area(MASTER_DWARF, GOLD_MINE))
    assert s.phase == P_PLACEMENT and s.actor == 1
    assert s.passed[0] == 1


def test_s7_1_a_passed_player_gets_no_more_turns():
    s = placement_state(3)
    act(s, A_PASS)
    while s.phase == P_AREAS:
        act(s, min(legal(s)))
    seen = []
    while s.phase in (P_PLACEMENT, P_AREAS):
        if s.phase == P_PLACEMENT:
            seen.append(s.actor)
            moves = legal(s)
            camp = [m for m in moves if A_PLACE <= m < A_PASS]
            act(s, camp[0] if camp else A_PASS)
        else:
            act(s, min(legal(s)))
    assert 0 not in seen
    assert seen[:4] == [1, 2, 1, 2]


def test_s7_1_a_player_with_no_workers_must_pass():
    s = placement_state(3)
    set_workers(s, 0)
    assert legal(s) == {A_PASS}
    act(s, A_PASS)
    assert s.phase == P_PLACEMENT and s.actor == 1


def test_e1_normal_worker_goes_to_a_plank_before_a_master():
    s = placement_state(3)
    set_workers(s, 0, elf=1, master_elf=1)
    act(s, place(0, PLANK_RECRUITER))
    assert list(s.avail[0]) == [0, 1, 0, 0]
    act(s, A_PASS)  # seat 1
    while s.phase == P_AREAS:
        act(s, min(legal(s)))
    act(s, A_PASS)  # seat 2
    while s.phase == P_AREAS:
        act(s, min(legal(s)))
    act(s, place(0, PLANK_CAMP))  # now the Master has to go
    assert list(s.avail[0]) == [0, 0, 0, 0]


def test_s13_two_player_guild_with_an_np_dwarf_is_blocked():
    s = placement_state(2)
    s.np_dwarf[:] = [0, 2]
    refresh(s)
    moves = legal(s)
    for race in (0, 1):
        assert place(race, GUILD_PLANK + 0) not in moves
        assert place(race, GUILD_PLANK + 2) not in moves
        assert place(race, GUILD_PLANK + 1) in moves and place(race, GUILD_PLANK + 4) in moves


# ------------------------------------------------------------ §13 two-player non-players


def after_setup_discards(num_players: int, seed: int = 0):
    s = ENGINE.new_game(ENGINE.make_config(num_players), seed)
    while s.phase == P_SETUP_DISCARD:
        act(s, A_CARD + int(np.flatnonzero(s.hand[s.actor])[0]))
    return s


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_s13_setup_np_dwarves_on_different_guilds_by_shield_1_then_2(seed):
    s = after_setup_discards(2, seed)
    assert s.phase == P_NP_DWARF
    assert s.actor == seat_with_shield(s, 1)
    assert legal(s) == {A_SITE + SITE_GUILD + d for d in range(5)}
    act(s, A_SITE + SITE_GUILD + 3)
    assert s.phase == P_NP_DWARF and s.actor == seat_with_shield(s, 2)
    assert legal(s) == {A_SITE + SITE_GUILD + d for d in (0, 1, 2, 4)}
    act(s, A_SITE + SITE_GUILD + 0)
    assert list(s.np_dwarf) == [3, 0]
    assert s.month == 1 and s.phase == P_PLACEMENT


def np_turn_state(shields=(1, 2)):
    """A 2-player game at the end of the Actions phase, empty board, known column."""
    s = new_state(2)
    quiet_round(s)
    s.shield[:2] = shields
    s.column[:] = [PUB, KEEP, GARDENS]
    end_last_turn(s)
    return s


@pytest.mark.parametrize("shields", [(1, 2), (2, 1)])
def test_s13_np_turn_after_actions_controlled_by_shield_holders(shields):
    s = np_turn_state(shields)
    np3_controller, np4_controller = seat_with_shield(s, 1), seat_with_shield(s, 2)
    assert s.phase == P_NP_PICK and s.actor == np3_controller
    assert legal(s) == {A_TAKE_CARD + i for i in range(3)} | {A_TAKE_CARD + TAKE_DECK}
    discard = s.discard.copy()
    act(s, A_TAKE_CARD + 0)  # the Pub
    assert s.phase == P_NP_PLACE and s.actor == np3_controller
    assert legal(s) == {A_SITE + int(x) for x in SITES_OF_TYPE[PUB] if x >= 0}
    assert s.column[0] != EMPTY  # refilled
    pub_site = int(SITES_OF_TYPE[PUB][2])
    act(s, A_SITE + pub_site)
    assert s.owner[pub_site] == 2  # NP3
    assert s.np_markers[0] == 11
    assert s.discard[PUB] == discard[PUB] + 1  # the card is discarded
    assert s.phase == P_NP_PICK and s.actor == np4_controller
    act(s, A_TAKE_CARD + 1)  # the Keep: both symbols of a section, 2 markers
    assert legal(s) == {A_SITE + SITE_KEEP + d for d in range(5)}
    act(s, A_SITE + SITE_KEEP + 4)
    assert s.owner[SITE_KEEP + 4] == 3 and s.np_markers[1] == 10
    assert s.month == 2 and s.phase == P_PLACEMENT


def test_s13_np_pick_from_the_deck_top():
    s = np_turn_state()
    top = int(s.deck[s.deck_size - 1])
    size = s.deck_size
    act(s, A_TAKE_CARD + TAKE_DECK)
    assert s.deck_size == size - 1
    assert s.phase == P_NP_PLACE
    assert legal(s) == {A_SITE + int(x) for x in SITES_OF_TYPE[top] if x >= 0}


def test_s13_d23_unplaceable_card_is_discarded_and_nothing_placed():
    s = np_turn_state()
    for x in SITES_OF_TYPE[PUB]:
        if x >= 0:
            s.owner[x] = 0
    owners = s.owner.copy()
    discard = s.discard[PUB]
    act(s, A_TAKE_CARD + 0)
    assert s.phase == P_NP_PICK and s.actor == seat_with_shield(s, 2)  # NP4's turn
    assert s.discard[PUB] == discard + 1
    assert s.np_markers[0] == 12
    assert np.array_equal(s.owner, owners)


def test_s13_d23_np_markers_limited_to_12_a_keep_needs_two():
    s = np_turn_state()
    s.np_markers[0] = 1
    act(s, A_TAKE_CARD + 1)  # Keep with 1 marker left: discarded
    assert s.phase == P_NP_PICK and s.actor == seat_with_shield(s, 2)
    assert all(s.owner[SITE_KEEP + d] == EMPTY for d in range(5))
    assert s.np_markers[0] == 1
    s2 = np_turn_state()
    s2.np_markers[0] = 0
    act(s2, A_TAKE_CARD + 0)  # Pub with no markers left: discarded
    assert s2.phase == P_NP_PICK and s2.actor == seat_with_shield(s2, 2)
    assert s2.np_markers[0] == 0
    s3 = np_turn_state()
    s3.np_markers[0] = 2
    act(s3, A_TAKE_CARD + 1)
    act(s3, A_SITE + SITE_KEEP)
    assert s3.np_markers[0] == 0 and s3.owner[SITE_KEEP] == 2


def test_s13_np_dwarves_move_clockwise_and_the_guild_owner_gains_1_gold():
    s = new_state(2)
    quiet_round(s)
    s.np_dwarf[:] = [4, 1]
    s.owner[SITE_GUILD + 0] = 1  # NP3's Dwarf lands on D1 (from D5)
    s.owner[SITE_GUILD + 2] = 1  # NP4's Dwarf lands on D3
    s.owner[SITE_GUILD + 1] = 0  # left by NP4: no gold
    s.column[:] = [PUB, KEEP, GARDENS]
    gold = s.res[:2, GOLD].copy()
    end_last_turn(s)
    while s.phase in (P_NP_PICK, P_NP_PLACE):
        act(s, min(legal(s)))
    assert list(s.np_dwarf) == [0, 2]
    assert list(s.res[:2, GOLD] - gold) == [0, 2]
    assert s.month == 2


# ------------------------------------------------------------ §4.1 setup


@pytest.mark.parametrize("n,gnomes", [(2, 9), (3, 14), (4, 18), (5, 22)])
def test_s4_1_setup_counts(n, gnomes):
    s = ENGINE.new_game(ENGINE.make_config(n), 5)
    assert s.phase == P_SETUP_DISCARD and s.actor == 0 and s.month == 0
    assert s.gnome_stock == gnomes
    for p in range(n):
        assert list(s.res[p]) == [1, 1, 1, 5]
        assert (s.elves[p], s.dwarves[p]) == (3, 3)
        assert s.hand[p].sum() == 5
        assert s.score[p] == 0
    assert sorted(s.shield[:n]) == list(range(1, n + 1))
    assert all(c != EMPTY for c in s.column) and len(s.column) == 3
    assert s.deck_size == DECK_SIZE - 3 - 5 * n
    # every card is somewhere: 5 copies of each type
    total = s.hand[:n].sum(axis=0) + np.bincount(s.deck[: s.deck_size], minlength=10)
    total += np.bincount(s.column, minlength=10)
    assert list(total) == [5] * NUM_PROPERTIES
    if n == 2:
        assert list(s.np_markers) == [12, 12]


def test_s4_1_d31_setup_discards_are_hidden_until_all_chose():
    s = ENGINE.new_game(ENGINE.make_config(3), 2)
    hands = s.hand[:3].copy()
    for p in range(3):
        assert s.actor == p
        held = {A_CARD + int(t) for t in np.flatnonzero(s.hand[p])}
        assert legal(s) == held
        for _ in range(2):
            t = int(np.flatnonzero(s.hand[p])[0])
            act(s, A_CARD + t)
        if p < 2:
            assert s.setup_discard[p].sum() == 2
            assert s.discard.sum() == 0  # still hidden
            assert s.phase == P_SETUP_DISCARD
    assert s.discard.sum() == 6
    assert s.setup_discard.sum() == 0
    assert list(s.hand[:3].sum(axis=1)) == [3, 3, 3]
    assert list(s.discard) == list(hands.sum(axis=0) - s.hand[:3].sum(axis=0))
    assert s.month == 1 and s.phase == P_PLACEMENT
    assert s.actor == seat_with_shield(s, 1)


def categories(s) -> dict[str, int]:
    out = {"basic": 0, "resource": 0, "interactive": 0}
    for g in s.guild_of:
        out[GUILD_CATEGORY[int(g)]] += 1
    return out


SEEDS = range(40)


@pytest.mark.parametrize("n", [3, 4, 5, 2])
def test_s4_1_beginner_guilds_3_resource_2_basic(n):
    for seed in SEEDS:
        s = ENGINE.new_game(ENGINE.make_config(n, guild_mode="beginner"), seed)
        assert len(set(s.guild_of)) == 5
        assert categories(s) == {"basic": 2, "resource": 3, "interactive": 0}


@pytest.mark.parametrize("n", [3, 4, 5])
def test_s4_1_normal_guilds_1_resource_2_basic_2_interactive(n):
    seen = set()
    for seed in SEEDS:
        s = ENGINE.new_game(ENGINE.make_config(n, guild_mode="normal"), seed)
        assert len(set(s.guild_of)) == 5
        assert categories(s) == {"basic": 2, "resource": 1, "interactive": 2}
        seen.update(int(g) for g in s.guild_of)
    assert len(seen) == 12  # random: every guild shows up over the seeds


def test_s4_1_advanced_guilds_5_distinct_from_all():
    seen = set()
    for seed in SEEDS:
        s = ENGINE.new_game(ENGINE.make_config(4, guild_mode="advanced"), seed)
        assert len(set(s.guild_of)) == 5
        seen.update(int(g) for g in s.guild_of)
    assert len(seen) == 12


@pytest.mark.parametrize("mode", ["normal", "advanced"])
def test_s13_d40_two_player_guilds_no_interactive_but_wizards(mode):
    wizards = GUILD_NAMES.index("wizards")
    for seed in SEEDS:
        s = ENGINE.new_game(ENGINE.make_config(2, guild_mode=mode), seed)
        assert len(set(s.guild_of)) == 5
        inter = [int(g) for g in s.guild_of if GUILD_CATEGORY[int(g)] == "interactive"]
        assert set(inter) <= {wizards}
        if mode == "normal":  # D40: 1 resource + 2 basic + wizards + 1 more basic/resource
            c = categories(s)
            assert inter == [wizards]
            assert c["resource"] >= 1 and c["basic"] >= 2


def test_s4_1_guilds_option_fixes_them_per_district():
    names = ["wizards", "miners", "architects", "bankers", "spies"]
    for seed in (0, 1):
        s = ENGINE.new_game(ENGINE.make_config(3, guilds=names), seed)
        assert [GUILD_NAMES[int(g)] for g in s.guild_of] == names


def test_s4_1_guild_order_is_random_over_districts():
    firsts = {
        int(ENGINE.new_game(ENGINE.make_config(3, guild_mode="beginner"), seed).guild_of[0])
        for seed in SEEDS
    }
    assert len(firsts) >= 4


def test_d40_two_player_advanced_draws_5_from_basic_resource_and_wizards():
    wizards = GUILD_NAMES.index("wizards")
    without = sum(
        wizards not in ENGINE.new_game(ENGINE.make_config(2, guild_mode="advanced"), seed).guild_of
        for seed in SEEDS
    )
    assert without > 0
