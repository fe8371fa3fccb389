"""Belfort property cards in the Actions phase (spec Appendix A, §9.1, D22): plank effects on
activation and the gnome-lock effects. Placement-side plank access is only spot-checked here."""

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
    A_OPTION,
    A_PLACE,
    A_SITE,
    A_SMITH,
)
from eurogym.envs.belfort.state import (
    P_ACTIONS,
    P_DISCARD,
    P_GATE_MARKER,
    P_INN,
    P_LOCK,
    P_PLACEMENT,
    State,
)
from eurogym.envs.belfort.tables import (
    BANK,
    BLACKSMITH,
    DWARF,
    ELF,
    GARDENS,
    GATEHOUSE,
    GOLD,
    INN,
    KEEP,
    LIBRARY,
    MARKET,
    MASTER_DWARF,
    MASTER_ELF,
    METAL,
    PLANK_TYPES,
    PUB,
    SITE_GATE,
    TOWER,
    WORKERS_PER_COLOUR,
)
from tests.belfort.helpers import act, clear_board, legal, new_state, refresh, start_actions_turn

GUILDS5 = ["merchants", "librarians", "architects", "miners", "bankers"]


def plank(ptype: int) -> int:
    return PLANK_TYPES.index(ptype)


def gate_site(g: int, half: int) -> int:
    return SITE_GATE + 2 * g + half


def board(num_players: int = 3, **options) -> State:
    s = new_state(num_players, guilds=GUILDS5, **options)
    clear_board(s)
    s.shield[:num_players] = np.arange(1, num_players + 1)
    s.res[:num_players] = 0
    return s


def with_worker(ptype: int, res=(0, 0, 0, 0), gnomes: int = 0) -> State:
    """Seat 0 has one built card of `ptype` with a worker on its plank, at its actions turn."""
    s = board()
    s.built[0, ptype] = 1
    s.gnomes[0, ptype] = gnomes
    s.on_plank[0, ptype] = 1
    s.res[0] = res
    start_actions_turn(s, 0)
    return s


def placement_turn(s: State, seat: int = 0) -> None:
    kernels.reset_workers(s.buf, seat)
    s.set("phase", P_PLACEMENT)
    s.set("turn_player", seat)
    s.set("actor", seat)
    refresh(s)


# ----------------------------------------------------------------------------- planks


def test_appendix_a_blacksmith_plank_gains_1_metal():
    s = with_worker(BLACKSMITH, res=(0, 0, 0, 0))
    act(s, A_ACTIVATE + plank(BLACKSMITH))
    assert tuple(s.res[0]) == (0, 0, 1, 0) and s.phase == P_ACTIONS


def test_appendix_a_bank_plank_gains_2_gold():
    s = with_worker(BANK, res=(0, 0, 0, 1))
    act(s, A_ACTIVATE + plank(BANK))
    assert tuple(s.res[0]) == (0, 0, 0, 3)


def test_appendix_a_open_planks_have_no_fee_locked_planks_cost_1_gold_at_placement():
    s = board()
    for t in (BLACKSMITH, BANK, LIBRARY, INN, TOWER):
        s.built[0, t] = 1
    placement_turn(s)
    actions = legal(s)
    assert {A_PLACE + plank(t) for t in (BLACKSMITH, BANK, LIBRARY)} <= actions
    assert A_PLACE + plank(INN) not in actions and A_PLACE + plank(TOWER) not in actions
    s.gnomes[0, INN] = 1
    s.gnomes[0, TOWER] = 1
    refresh(s)
    assert A_PLACE + plank(INN) not in legal(s)  # unlocked, but 0 gold for the 1 G fee
    s.res[0, GOLD] = 1
    refresh(s)
    assert {A_PLACE + plank(INN), A_PLACE + plank(TOWER)} <= legal(s)
    act(s, A_PLACE + 12 + plank(TOWER))
    assert s.res[0, GOLD] == 0 and s.on_plank[0, TOWER] == 1


def test_appendix_a_planks_of_cards_in_hand_are_not_usable():
    s = board()
    s.hand[0, BLACKSMITH] = 1
    s.hand[0, BANK] = 1
    placement_turn(s)
    assert not {a for a in legal(s) if A_PLACE <= a < A_PLACE + 24 and (a - A_PLACE) % 12 < 5}


@pytest.mark.parametrize("race", [0, 1])
def test_appendix_a_inn_plank_gains_an_elf_or_a_dwarf_of_your_choice(race):
    s = with_worker(INN, gnomes=1)
    act(s, A_ACTIVATE + plank(INN))
    assert s.phase == P_INN and s.actor == 0
    assert legal(s) == {A_OPTION + 0, A_OPTION + 1}
    elves, dwarves = s.elves[0], s.dwarves[0]
    act(s, A_OPTION + race)
    assert (s.elves[0], s.dwarves[0]) == (elves + (race == 0), dwarves + (race == 1))
    assert s.phase == P_ACTIONS and A_DONE in legal(s)


def test_appendix_a_inn_plank_offers_only_a_race_left_in_your_supply():
    s = with_worker(INN, gnomes=1)
    s.elves[0] = WORKERS_PER_COLOUR  # all 7 Elves already yours
    refresh(s)
    act(s, A_ACTIVATE + plank(INN))
    assert legal(s) == {A_OPTION + 1}
    act(s, A_OPTION + 1)
    assert s.elves[0] == 7 and s.dwarves[0] == 4


def test_appendix_a_inn_plank_is_lost_when_both_races_are_used_up():
    s = with_worker(INN, gnomes=1)
    s.elves[0] = WORKERS_PER_COLOUR
    s.dwarves[0] = WORKERS_PER_COLOUR
    refresh(s)
    act(s, A_ACTIVATE + plank(INN))
    assert s.phase == P_ACTIONS and A_DONE in legal(s)
    assert s.elves[0] == 7 and s.dwarves[0] == 7 and s.on_plank[0, INN] == 0


def test_appendix_a_library_plank_draws_2_then_discards_any_2():
    s = with_worker(LIBRARY)
    s.hand[0, PUB] = 1
    s.deck[s.deck_size - 1] = KEEP
    s.deck[s.deck_size - 2] = TOWER
    size = s.deck_size
    act(s, A_ACTIVATE + plank(LIBRARY))
    assert s.deck_size == size - 2
    assert s.hand[0, KEEP] == 1 and s.hand[0, TOWER] == 1
    assert s.phase == P_DISCARD and s.actor == 0 and s.pending == 2
    assert legal(s) == {A_CARD + PUB, A_CARD + KEEP, A_CARD + TOWER}
    discard = s.discard.copy()
    act(s, A_CARD + KEEP, A_CARD + PUB)  # a drawn card and an old one
    assert s.hand[0].sum() == 1 and s.hand[0, TOWER] == 1
    assert s.discard[KEEP] == discard[KEEP] + 1 and s.discard[PUB] == discard[PUB] + 1
    assert s.phase == P_ACTIONS and s.actor == 0 and s.turn_player == 0


def test_appendix_a_tower_plank_puts_a_free_gnome_on_your_empty_lock():
    s = with_worker(TOWER, gnomes=1, res=(0, 0, 0, 3))
    s.built[0, PUB] = 1
    s.built[0, MARKET] = 1
    refresh(s)
    stock = s.gnome_stock
    act(s, A_ACTIVATE + plank(TOWER))
    assert s.phase == P_LOCK and s.actor == 0
    assert legal(s) == {A_GNOME + PUB, A_GNOME + MARKET}  # the Tower's own lock is full
    act(s, A_GNOME + PUB)
    assert s.gnomes[0, PUB] == 1 and s.gnome_stock == stock - 1
    assert s.res[0, GOLD] == 3  # free
    assert A_GNOME + MARKET in legal(s)  # the once-per-turn hire is still available


def test_appendix_a_tower_plank_then_hire_is_still_allowed_and_paid():
    s = with_worker(TOWER, gnomes=1, res=(0, 0, 0, 3))
    s.built[0, PUB] = 1
    s.built[0, GARDENS] = 1
    refresh(s)
    act(s, A_ACTIVATE + plank(TOWER), A_GNOME + PUB, A_GNOME + GARDENS)
    assert s.gnomes[0, GARDENS] == 1 and s.res[0, GOLD] == 0 and s.hired == 1


@pytest.mark.parametrize("why", ["no_stock", "no_lock"])
def test_appendix_a_tower_plank_is_lost_without_a_gnome_or_an_empty_lock(why):
    s = with_worker(TOWER, gnomes=1)
    if why == "no_stock":
        s.built[0, PUB] = 1
        s.set("gnome_stock", 0)
    refresh(s)
    act(s, A_ACTIVATE + plank(TOWER))
    assert s.phase == P_ACTIONS and A_DONE in legal(s) and s.gnomes[0].sum() == 1


# ----------------------------------------------------------------------------- gnome locks


def test_appendix_a_blacksmith_lock_buys_1_metal_for_1_gold_once_per_turn():
    s = board()
    s.built[0, BLACKSMITH] = 1
    s.gnomes[0, BLACKSMITH] = 1
    s.res[0] = (0, 0, 0, 3)
    start_actions_turn(s, 0)
    assert A_SMITH in legal(s)
    act(s, A_SMITH)
    assert tuple(s.res[0]) == (0, 0, 1, 2)
    assert A_SMITH not in legal(s)
    start_actions_turn(s, 0)  # next turn: available again
    assert A_SMITH in legal(s)


def test_d22_two_blacksmith_locks_allow_two_metal_purchases_per_turn():
    s = board()
    s.built[0, BLACKSMITH] = 2
    s.gnomes[0, BLACKSMITH] = 2
    s.res[0] = (0, 0, 0, 5)
    start_actions_turn(s, 0)
    act(s, A_SMITH, A_SMITH)
    assert tuple(s.res[0]) == (0, 0, 2, 3) and A_SMITH not in legal(s)


def test_appendix_a_blacksmith_purchase_needs_the_lock_and_1_gold():
    s = board()
    s.built[0, BLACKSMITH] = 1
    s.res[0] = (0, 0, 0, 3)
    start_actions_turn(s, 0)
    assert A_SMITH not in legal(s)  # no gnome on the lock
    s.gnomes[0, BLACKSMITH] = 1
    s.res[0, GOLD] = 0
    refresh(s)
    assert A_SMITH not in legal(s)


def test_appendix_a_blacksmith_purchase_is_not_a_trading_post_visit():
    s = board()
    s.built[0, BLACKSMITH] = 1
    s.gnomes[0, BLACKSMITH] = 1
    s.res[0] = (0, 0, 0, 5)
    start_actions_turn(s, 0)
    act(s, A_SMITH)
    assert s.buys == 0 and A_BUY + METAL in legal(s)


@pytest.mark.parametrize("ptype,master", [(PUB, MASTER_DWARF), (GARDENS, MASTER_ELF)])
def test_appendix_a_pub_and_gardens_locks_give_a_master_from_the_next_placement(ptype, master):
    s = board()
    s.built[0, ptype] = 1
    s.res[0] = (0, 0, 0, 3)
    start_actions_turn(s, 0)
    act(s, A_GNOME + ptype)
    kernels.reset_workers(s.buf, 0)  # start of the next Placement
    normal = DWARF if ptype == PUB else ELF
    assert s.avail[0, master] == 1 and s.avail[0, normal] == 2
    assert s.avail[0].sum() == 6  # still 3 Elves + 3 Dwarves, one of them a Master


def test_appendix_a_masters_are_capped_by_workers_owned():
    s = board()
    s.built[0, PUB] = 5
    s.gnomes[0, PUB] = 5
    kernels.reset_workers(s.buf, 0)
    assert s.avail[0, MASTER_DWARF] == 3 and s.avail[0, DWARF] == 0


def test_appendix_a_gatehouse_lock_puts_a_marker_on_the_empty_half_of_your_gatehouse():
    s = board()
    s.built[0, GATEHOUSE] = 1
    s.owner[gate_site(2, 0)] = 0  # seat 0's Gatehouse G3, half a
    s.owner[gate_site(4, 1)] = 1  # someone else's Gatehouse G5
    s.res[0] = (0, 0, 0, 3)
    start_actions_turn(s, 0)
    act(s, A_GNOME + GATEHOUSE)
    assert s.phase == P_GATE_MARKER and s.actor == 0
    assert legal(s) == {A_SITE + gate_site(2, 1)}
    act(s, A_SITE + gate_site(2, 1))
    assert s.owner[gate_site(2, 1)] == 0 and s.phase == P_ACTIONS
    assert s.res[0, GOLD] == 0 and s.hired == 1


def test_appendix_a_gatehouse_lock_chooses_among_your_half_filled_gatehouses():
    s = board()
    s.built[0, GATEHOUSE] = 2
    s.owner[gate_site(0, 1)] = 0
    s.owner[gate_site(3, 0)] = 0
    s.owner[gate_site(1, 0)] = 0  # full Gatehouse G2: no empty half
    s.owner[gate_site(1, 1)] = 0
    s.res[0] = (0, 0, 0, 3)
    start_actions_turn(s, 0)
    act(s, A_GNOME + GATEHOUSE)
    assert legal(s) == {A_SITE + gate_site(0, 0), A_SITE + gate_site(3, 1)}


def test_appendix_a_gatehouse_lock_has_no_effect_without_a_half_filled_gatehouse_of_yours():
    s = board()
    s.built[0, GATEHOUSE] = 1
    s.owner[gate_site(0, 0)] = 0  # full
    s.owner[gate_site(0, 1)] = 0
    s.owner[gate_site(1, 0)] = 2  # another player's half-filled Gatehouse
    s.res[0] = (0, 0, 0, 3)
    start_actions_turn(s, 0)
    owners = s.owner.copy()
    act(s, A_GNOME + GATEHOUSE)
    assert s.phase == P_ACTIONS and (s.owner == owners).all() and s.gnomes[0, GATEHOUSE] == 1


def test_appendix_a_gatehouse_lock_via_the_tower_plank_also_places_the_marker():
    s = with_worker(TOWER, gnomes=1)
    s.built[0, GATEHOUSE] = 1
    s.owner[gate_site(4, 1)] = 0
    refresh(s)
    act(s, A_ACTIVATE + plank(TOWER), A_GNOME + GATEHOUSE)
    assert s.phase == P_GATE_MARKER and legal(s) == {A_SITE + gate_site(4, 0)}
    act(s, A_SITE + gate_site(4, 0))
    assert s.owner[gate_site(4, 0)] == 0


@pytest.mark.parametrize("ptype", [INN, TOWER])
def test_appendix_a_inn_and_tower_locks_unlock_their_planks(ptype):
    s = board()
    s.built[0, ptype] = 1
    s.res[0] = (0, 0, 0, 4)
    start_actions_turn(s, 0)
    act(s, A_GNOME + ptype)
    placement_turn(s)
    assert A_PLACE + plank(ptype) in legal(s)


def test_appendix_a_one_plank_per_unlocked_card():
    s = board()
    s.built[0, INN] = 2
    s.gnomes[0, INN] = 1  # only one of the two Inns is unlocked
    s.on_plank[0, INN] = 1
    s.res[0, GOLD] = 5
    placement_turn(s)
    assert A_PLACE + plank(INN) not in legal(s)


def test_appendix_a_lock_counts_bank_and_keep_none_market_two():
    s = board()
    s.res[0] = (0, 0, 0, 9)
    s.built[0, MARKET] = 1
    s.gnomes[0, MARKET] = 1
    start_actions_turn(s, 0)
    assert A_GNOME + MARKET in legal(s)  # the Market's second lock
    act(s, A_GNOME + MARKET)
    start_actions_turn(s, 0)
    assert A_GNOME + MARKET not in legal(s)


def test_d39_masters_are_capped_at_5_per_race():
    s = board()
    s.built[0, PUB] = 6
    s.gnomes[0, PUB] = 6
    s.dwarves[0] = 7
    kernels.reset_workers(s.buf, 0)
    assert s.avail[0, MASTER_DWARF] == 5 and s.avail[0, DWARF] == 2
