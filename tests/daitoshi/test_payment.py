"""Payment composition (spec §19 decision table, row "Payment"; §4, §10.1): the payer chooses how
many units of each resource to pay with wealth instead, even while holding the resource (seed:
wealth "pode ser gasto em substituição de qualquer outro recurso"); the Megamachine's own wealth
unit is fixed. Asked one resource at a time, only where there is a real choice.
`payment_choice=False` keeps E2 (named resource first, wealth for the shortfall), and the Mayor
always pays that way (§18.3)."""

import numpy as np
import pytest

from eurogym.envs.core.errors import IllegalActionError
from eurogym.envs.daitoshi.actions import (
    A_ACTION,
    A_BUILDING,
    A_FLOOR,
    A_MSPACE,
    A_PLACE,
    A_SLOT,
    A_TRADE,
    A_WEALTH,
)
from eurogym.envs.daitoshi.effects import pay_cost
from eurogym.envs.daitoshi.rules import ENGINE
from eurogym.envs.daitoshi.state import (
    BLOCKED,
    EMPTY,
    P_COMMIT_BUILDING,
    P_MEGA_SPACE,
    P_PAY,
)
from tests.daitoshi.helpers import (
    act,
    begin_action,
    build,
    city,
    clear_tycoons,
    district_of,
    inv,
    legal,
    move,
    new_state,
    place_at,
    start_turn,
    tile,
)

COMMIT, MEGA, TRADE = 0, 4, 3
FOOD, MATERIALS, ENERGY, LUXURY = range(4)


def swaps(*ks: int) -> set[int]:
    return {A_WEALTH + k for k in ks}


def commit_setup(food: int, wealth: int, **options):
    """Seat 0 at the Commit district, an innovative invention (2 food) in market slot 2."""
    s = new_state(2, 0, **options)
    s.market[2] = inv("IV_01")
    s.res[0] = [food, 0, 0, 0]
    s.wealth[0] = wealth
    begin_action(s, 0, district_of(s, "IN_INVENT"))
    act(s, A_ACTION + COMMIT)
    return s


def test_s19_payment_worked_example_holding_food_and_paying_with_wealth():
    s = commit_setup(food=3, wealth=2)
    act(s, A_SLOT + 2)  # 2 food
    assert s.phase == P_PAY and s.actor == 0
    assert legal(s) == swaps(0, 1, 2)
    assert s.res[0, FOOD] == 3 and s.wealth[0] == 2  # nothing is paid before the choice
    act(s, A_WEALTH + 2)  # both units with wealth although 3 food are held
    assert s.res[0, FOOD] == 3 and s.wealth[0] == 0
    assert s.phase == P_COMMIT_BUILDING  # then the Commit goes on


def test_s19_payment_mixed_wealth_and_resource():
    s = commit_setup(food=3, wealth=2)
    act(s, A_SLOT + 2, A_WEALTH + 1)
    assert s.res[0, FOOD] == 2 and s.wealth[0] == 1


def test_s19_no_choice_without_wealth():
    s = commit_setup(food=3, wealth=0)
    act(s, A_SLOT + 2)
    assert s.phase == P_COMMIT_BUILDING
    assert s.res[0, FOOD] == 1 and s.wealth[0] == 0


def test_s19_no_choice_without_the_resource():
    s = commit_setup(food=0, wealth=3)
    act(s, A_SLOT + 2)
    assert s.phase == P_COMMIT_BUILDING
    assert s.res[0, FOOD] == 0 and s.wealth[0] == 1


def test_s19_a_shortfall_is_always_wealth_and_only_spare_wealth_is_offered():
    s = commit_setup(food=1, wealth=3)
    act(s, A_SLOT + 2)  # 2 food, 1 held: 1 unit must be wealth, the held one may be
    assert legal(s) == swaps(0, 1)
    act(s, A_WEALTH + 0)
    assert s.res[0, FOOD] == 0 and s.wealth[0] == 2
    act(s, A_BUILDING + 0)


def test_e2_payment_choice_false_pays_the_named_resource_first():
    s = commit_setup(food=3, wealth=2, payment_choice=False)
    act(s, A_SLOT + 2)
    assert s.phase == P_COMMIT_BUILDING
    assert s.res[0, FOOD] == 1 and s.wealth[0] == 2


def test_s19_choice_at_a_resource_with_several_units_trade_luxury():
    s = new_state(2, 0)
    s.cities[0] = city("CT_01")
    s.res[0] = [0, 0, 0, 4]
    s.wealth[0] = 2
    begin_action(s, 0, district_of(s, "IN_TRADE"))
    act(s, A_ACTION + TRADE, A_TRADE + 0 * 5 + 2)  # 3 luxury
    assert s.phase == P_PAY and legal(s) == swaps(0, 1, 2)
    act(s, A_WEALTH + 2)
    assert s.res[0, LUXURY] == 4 - 1 and s.wealth[0] == 0


def mega_setup(res, wealth):
    s = new_state(2, 0)
    s.set("mm_board", 0)
    s.mm_inv[:] = [EMPTY, BLOCKED, EMPTY, EMPTY, BLOCKED, EMPTY]
    d = district_of(s, "IN_ELECTRIFY")
    s.set("mm_district", d)
    s.slot_pos[0, 0] = 4  # L1's M icon: ready
    s.res[0] = res
    s.wealth[0] = wealth
    begin_action(s, 0, d)
    act(s, A_ACTION + MEGA, A_FLOOR + 0)
    assert s.phase == P_MEGA_SPACE
    return s


def test_s19_the_megamachine_wealth_unit_is_never_a_choice():
    s = mega_setup([1, 1, 1, 1], wealth=1)
    act(s, A_MSPACE + 0)  # the only wealth is the Megamachine's own unit: no question
    assert s.phase != P_PAY
    assert s.res[0].tolist() == [0, 0, 0, 0] and s.wealth[0] == 0
    s = mega_setup([1, 1, 1, 1], wealth=2)
    act(s, A_MSPACE + 0)
    assert s.phase == P_PAY and legal(s) == swaps(0, 1)  # food; never 2: 1 unit is reserved
    act(s, A_WEALTH + 0)  # food as named; 1 spare wealth left for materials
    assert s.phase == P_PAY and legal(s) == swaps(0, 1)
    act(s, A_WEALTH + 0, A_WEALTH + 0, A_WEALTH + 0)  # materials, energy, luxury as named
    assert s.phase != P_PAY
    assert s.res[0].tolist() == [0, 0, 0, 0] and s.wealth[0] == 1


def test_s19_megamachine_payment_exact_counts():
    """Starting from 1 food, 1 materials, 1 energy, 1 luxury and 2 wealth: the food paid with
    wealth leaves 1 food, and the rest plus the wealth unit are paid as named."""
    s = mega_setup([1, 1, 1, 1], wealth=2)
    vp = int(s.vp[0])
    act(s, A_MSPACE + 0, A_WEALTH + 1)
    assert s.vp[0] == vp + 5 and s.rep[0] == 3  # S1 of board 1, after the payment
    assert s.res[0].tolist() == [1, 0, 0, 0] and s.wealth[0] == 0


def test_s19_a_shortfall_elsewhere_in_the_cost_limits_the_swap():
    s = mega_setup([1, 0, 1, 1], wealth=2)  # materials short: 1 wealth + the unit
    act(s, A_MSPACE + 0)
    assert s.phase != P_PAY
    assert s.res[0].tolist() == [0, 0, 0, 0] and s.wealth[0] == 0
    s = mega_setup([1, 0, 1, 1], wealth=3)
    act(s, A_MSPACE + 0)
    assert s.phase == P_PAY and legal(s) == swaps(0, 1)
    act(s, A_WEALTH + 1)  # food with wealth: none spare for energy and luxury
    assert s.res[0].tolist() == [1, 0, 0, 0] and s.wealth[0] == 0


def test_s19_a_workshop_pay_cost_is_a_payment_too():
    s = new_state(2, 0)
    clear_tycoons(s, 0)
    d = district_of(s, "IN_ELECTRIFY")  # blue workers
    s.pile[0, int(s.pile_n[0]) - 1] = tile("CE_4")  # pay 1 food: 3 VP
    build(s, d, 1)
    s.workers[0] = [1, 0, 0, 0]
    s.res[0] = [1, 0, 0, 0]
    s.wealth[0] = 1
    place_at(s, 0, (d - 1) % 5, 2)
    start_turn(s, 0)
    act(s, move(1, 1), A_PLACE + 0 * 4 + 1)
    assert s.phase == P_PAY and legal(s) == swaps(0, 1)
    act(s, A_WEALTH + 1)
    assert s.res[0, FOOD] == 1 and s.wealth[0] == 0 and s.vp[0] == 3
    assert s.ws_worker[d, 1] == 1 and s.phase != P_PAY


def test_s19_more_wealth_than_allowed_is_illegal_and_changes_nothing():
    s = commit_setup(food=3, wealth=1)
    act(s, A_SLOT + 2)
    assert legal(s) == swaps(0, 1)
    before = s.copy()
    with pytest.raises(IllegalActionError, match="payment"):
        act(s, A_WEALTH + 2)
    assert s == before


def test_s18_3_the_mayor_pays_the_named_resource_first_without_a_choice():
    s = new_state(1, 0)
    s.res[1] = [3, 0, 0, 0]
    s.wealth[1] = 2
    pay_cost(s.buf, 1, 2, 0, 0, 0, 0)
    assert s.res[1, FOOD] == 1 and s.wealth[1] == 2 and s.pay_p == EMPTY


def test_s19_random_games_meet_payment_decisions_and_end():
    asked = 0
    for seed in range(10):
        s = new_state(3, seed)
        rng = np.random.default_rng(seed)
        while not ENGINE.is_over(s):
            asked += s.phase == P_PAY
            ENGINE.apply_action(s, int(rng.choice(np.flatnonzero(s.mask))))
    assert asked > 0
