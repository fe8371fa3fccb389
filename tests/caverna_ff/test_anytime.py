"""Rubies and food conversions at any time (spec A7 "Rubies, any time", A12 "Food conversions
any time", A10 Beer Parlor): RUBY and CONVERT actions at every decision of the deciding player,
applied in place with the same decision left pending; the limits of E12 (tiles only where the
flow re-asks the decision, no animals during an orc event, D44) and E3 (Working Cave at feeding
only)."""

import numpy as np
import pytest

from eurogym import envs
from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_CELL,
    A_CONVERT,
    A_DONE,
    A_FURN,
    A_PUSH,
    A_RUBY,
    A_SKIP,
    A_SPACE,
    A_TRAP,
)
from eurogym.envs.caverna_ff.rules import ENGINE
from eurogym.envs.caverna_ff.spaces import OP_FURNISH, OP_TRAP, SPACE_NAMES
from eurogym.envs.caverna_ff.state import (
    P_CELL,
    P_FEED,
    P_FINAL_TRADES,
    P_FURN,
    P_ORC,
    P_PLACE,
    P_TRAP_CELL,
    ST_END,
)
from eurogym.envs.caverna_ff.tables import (
    BOAR,
    CATTLE,
    DOG,
    F_BEER,
    F_CARPENTER,
    F_STONE_CARVER,
    F_WORKING,
    FOOD,
    GOLD,
    GRAIN,
    RUBY,
    SHEEP,
    STONE,
    T_MEADOW,
    TR_NET,
    VEG,
    WOOD,
)
from eurogym.envs.core.errors import IllegalActionError
from tests.caverna_ff.helpers import (
    ANYTIME,
    act,
    cell,
    house,
    legal,
    new_state,
    refresh,
    start_event,
)

R_WOOD, R_SHEEP, R_CATTLE, R_MEADOW = A_RUBY + 0, A_RUBY + 5, A_RUBY + 10, A_RUBY + 11
C_GRAIN, C_VEG, C_SHEEP, C_BOAR = A_CONVERT + 0, A_CONVERT + 1, A_CONVERT + 2, A_CONVERT + 3
C_WORKING_WOOD, C_BEER_FOOD, C_BEER_GOLD = A_CONVERT + 12, A_CONVERT + 15, A_CONVERT + 16
CAVERN = cell(2, 3)  # the pre-printed cavern


def at_decision(s, code, arg):
    """Put the actor into the decision op (code, arg) opens, as inside a space's program."""
    s.set("stack_n", 0)
    assert kernels.run_op(s.buf, code, arg, s.actor)
    refresh(s)


def harvest_now(s, round_=5):
    s.set("round", round_)
    s.set("stack_n", 0)
    kernels.start_harvest(s.buf)
    kernels.advance(s.buf, s.mask)


def test_a7_ruby_trade_while_choosing_a_furnishing_keeps_the_decision_pending():
    """A7 rubies any time: mid-action (choosing a furnishing) 1 ruby -> 1 wood makes the
    Stone Carver (1 wood) affordable; the furnishing decision stays pending."""
    s = new_state(1)
    s.res[0, WOOD] = 0
    s.res[0, STONE] = 1
    s.res[0, RUBY] = 1
    at_decision(s, OP_FURNISH, 10)  # a furnishing that may be declined
    assert s.phase == P_FURN and A_FURN + F_CARPENTER in legal(s)
    assert A_FURN + F_STONE_CARVER not in legal(s) and R_WOOD in legal(s)
    sub = s.sub.copy()
    act(s, R_WOOD)
    assert s.res[0, WOOD] == 1 and s.res[0, RUBY] == 0
    assert s.phase == P_FURN and s.actor == 0 and np.array_equal(s.sub, sub)
    assert A_FURN + F_STONE_CARVER in legal(s)


def test_e12_tile_trades_only_where_the_flow_reasks_the_decision():
    """E12: a single tile from rubies needs its own cell decision; offered at the placement
    (and feeding), not inside an op such as choosing a furnishing."""
    s = new_state(1)
    s.tile[0, cell(3, 2)] = T_MEADOW  # a meadow next to the entrance: more meadows fit
    s.res[0, RUBY] = 2
    s.res[0, STONE] = 1
    refresh(s)
    assert s.phase == P_PLACE and R_MEADOW in legal(s)
    at_decision(s, OP_FURNISH, 10)
    assert s.phase == P_FURN and R_MEADOW not in legal(s) and R_WOOD in legal(s)


def test_a7_tile_trade_at_feeding_then_feeding_goes_on():
    """A7 at feeding: 1 ruby -> a meadow asks for its cell, then the feeding is asked again."""
    s = new_state(1)
    s.res[0, FOOD] = 0
    s.res[0, RUBY] = 2
    harvest_now(s)
    assert s.phase == P_FEED and R_MEADOW in legal(s)
    act(s, R_MEADOW)
    assert s.phase == P_CELL and A_CELL + cell(3, 2) in legal(s)
    act(s, A_CELL + cell(3, 2))
    assert s.tile[0, cell(3, 2)] == T_MEADOW and s.phase == P_FEED and s.res[0, RUBY] == 1


def test_a12_food_conversion_outside_feeding_pays_imitations_food():
    """A12 conversions any time: with no food, Imitation (3 players: 4 food) is not offered;
    2 vegetables -> 4 food at the placement decision make it legal, same person still placing."""
    s = new_state(3)
    me = s.actor
    imitation = SPACE_NAMES.index("imitation")
    other_space = SPACE_NAMES.index("logging")
    s.occupant[other_space] = (me + 1) % 3
    s.res[me, FOOD] = 0
    s.res[me, VEG] = 2
    refresh(s)
    assert A_SPACE + imitation not in legal(s) and C_VEG in legal(s)
    person = s.cur_person
    act(s, C_VEG)
    assert s.phase == P_PLACE and s.actor == me and s.cur_person == person
    assert A_SPACE + imitation not in legal(s)  # 2 food: not yet
    act(s, C_VEG)
    assert s.res[me, FOOD] == 4 and s.res[me, VEG] == 0
    assert A_SPACE + imitation in legal(s)


def test_a12_d44_orc_event_conversion_pays_the_push_but_animals_are_frozen():
    """Event board 4 pushes cost 2 food (D14): converting 2 grain during the orc step makes the
    push legal. Animals are not converted nor gained during an orc event (D44, E12)."""
    s = new_state(1)
    s.res[0, FOOD] = 0
    s.res[0, GRAIN] = 2
    s.res[0, SHEEP] = 2
    s.res[0, RUBY] = 1
    s.res[0, STONE] = 0
    house(s, 0)
    start_event(s, board=3, letter=0, card=0)
    assert s.phase == P_ORC
    assert not any(A_PUSH <= a < A_PUSH + 8 for a in legal(s))
    assert C_GRAIN in legal(s) and R_WOOD in legal(s)
    assert C_SHEEP not in legal(s) and R_SHEEP not in legal(s) and R_CATTLE not in legal(s)
    act(s, C_GRAIN, C_GRAIN)
    assert s.phase == P_ORC and s.res[0, FOOD] == 2
    assert any(A_PUSH <= a < A_PUSH + 8 for a in legal(s))


def test_a10_beer_parlor_exchanges_two_grain_for_three_gold_or_four_food():
    s = new_state(1)
    s.res[0, GRAIN] = 4
    refresh(s)
    assert C_BEER_FOOD not in legal(s) and C_BEER_GOLD not in legal(s)  # no Beer Parlor
    s.furn[0, CAVERN] = F_BEER + 1
    refresh(s)
    assert {C_BEER_FOOD, C_BEER_GOLD} <= legal(s)
    food, gold = s.res[0, FOOD], s.res[0, GOLD]
    act(s, C_BEER_GOLD)
    assert s.res[0, GRAIN] == 2 and s.res[0, GOLD] == gold + 3 and s.phase == P_PLACE
    act(s, C_BEER_FOOD)
    assert s.res[0, GRAIN] == 0 and s.res[0, FOOD] == food + 4
    assert C_BEER_FOOD not in legal(s) and C_BEER_GOLD not in legal(s)


def test_e3_working_cave_feeds_a_dwarf_at_feeding_only():
    """The Working Cave's text says 'each feeding': not an any-time conversion."""
    s = new_state(1)
    s.furn[0, CAVERN] = F_WORKING + 1
    s.res[0, WOOD] = 1
    s.res[0, FOOD] = 0
    refresh(s)
    assert C_WORKING_WOOD not in legal(s)
    harvest_now(s)
    assert s.phase == P_FEED and C_WORKING_WOOD in legal(s)


def test_a7_trades_are_only_the_deciding_players():
    """Only the player who decides gets ruby trades and conversions; the others' masks are
    empty however rich they are."""
    s = new_state(2)
    other = 1 - s.actor
    s.res[:, RUBY] = 3
    s.res[:, GRAIN] = 3
    refresh(s)
    assert ENGINE.legal_action_mask(s, other).sum() == 0
    mine = ENGINE.legal_action_mask(s, s.actor)
    assert mine[R_WOOD] and mine[C_GRAIN]


@pytest.mark.parametrize(
    "action",
    [A_CONVERT + 4, C_WORKING_WOOD, C_BEER_GOLD, R_CATTLE],  # no cattle, cave, parlor, food
)
def test_a12_impossible_conversion_is_rejected_and_the_state_is_unchanged(action):
    s = new_state(1)
    s.res[0, FOOD] = 0
    s.res[0, RUBY] = 1
    s.res[0, GRAIN] = 2
    s.res[0, WOOD] = 2
    refresh(s)
    before = s.buf.copy()
    mask = s.mask.copy()
    with pytest.raises(IllegalActionError):
        ENGINE.apply_action(s, action)
    assert np.array_equal(s.buf, before) and np.array_equal(s.mask, mask)
    assert s.res[0, CATTLE] == 0


def test_e12_committed_trap_cost_cannot_be_converted_away():
    """Net Trap (3 wood + 1 boar) chosen, its cell pending: the only boar may not be eaten
    (the trap could no longer be paid); a second boar may."""
    s = new_state(1)
    s.res[0, WOOD] = 3
    s.res[0, BOAR] = 1
    house(s, 0)
    at_decision(s, OP_TRAP, 0)
    act(s, A_TRAP + TR_NET)
    assert s.phase == P_TRAP_CELL and C_BOAR not in legal(s)
    s.res[0, BOAR] = 2
    house(s, 0)
    refresh(s)
    assert C_BOAR in legal(s)
    act(s, C_BOAR)
    assert s.phase == P_TRAP_CELL and s.res[0, BOAR] == 1 and legal(s) - ANYTIME


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_a7_a12_rich_random_games_keep_invariants(num_players):
    """Random play with plenty of rubies, grain, gold and a Beer Parlor (lots of any-time
    actions): goods never negative, animals recorded, the mask never empty, the game ends."""
    spec = envs.spec("caverna_ff_v0")
    for seed in range(6):
        s = new_state(num_players, seed=seed)
        for p in range(num_players):
            s.res[p, RUBY] = 8
            s.res[p, GRAIN] = 4
            s.res[p, GOLD] = 6
            s.furn[p, CAVERN] = F_BEER + 1
        refresh(s)
        rng = np.random.default_rng(seed)
        steps = 0
        while not ENGINE.is_over(s):
            act(s, int(rng.choice(np.flatnonzero(s.mask))))
            spec.check_invariants(s)
            steps += 1
            assert steps < 5000


def final_state(num_players: int = 1):
    """The last harvest is over and no orc is in a cave: the game is about to be scored."""
    s = new_state(num_players)
    s.set("stage", ST_END)
    s.set("stack_n", 0)
    return s


def test_a13_any_time_actions_may_still_be_used_before_scoring():
    """A13: "Anytime conversions (Beer Parlor etc.) may still be used before scoring": with a
    Beer Parlor and 2 grain the player is asked before scoring, 2 grain -> 3 gold raises the
    score by 2 (grain 1 -> gold 3), and DONE scores the game."""
    s = final_state()
    s.furn[0, CAVERN] = F_BEER + 1
    s.res[0, GRAIN] = 2
    s.res[0, RUBY] = 0
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_FINAL_TRADES and s.actor == 0
    assert A_DONE in legal(s) and A_CONVERT + 16 in legal(s)  # Beer Parlor -> 3 gold
    before = ENGINE.final_scores(s)[0]
    act(s, A_CONVERT + 16)
    assert s.phase == P_FINAL_TRADES and s.res[0, GOLD] == 3 and s.res[0, GRAIN] == 0
    assert ENGINE.final_scores(s)[0] == pytest.approx(before + 2)
    act(s, A_DONE)
    assert ENGINE.is_over(s)


def test_a13_players_trade_in_turn_order_and_are_skipped_with_nothing_to_trade():
    """A13: each player in turn order from the start player; a player with no possible
    any-time action is not asked."""
    s = final_state(3)
    s.set("start_player", 1)
    for p in range(3):
        s.res[p, GRAIN] = 0
        s.res[p, VEG] = 0
        s.res[p, RUBY] = 0
        s.res[p, GOLD] = 0
        s.res[p, SHEEP : DOG + 1] = 0
        s.animal_at[p] = 0
    s.res[0, GRAIN] = 1
    s.res[2, RUBY] = 1
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_FINAL_TRADES and s.actor == 2  # seat 1 starts but has nothing
    act(s, A_DONE)
    assert s.phase == P_FINAL_TRADES and s.actor == 0
    act(s, A_DONE)
    assert ENGINE.is_over(s)


def test_e2_a12_a_person_with_no_legal_space_is_asked_while_a_trade_is_possible():
    """E2 with A12: a person with no legal space is still asked while any-time actions are
    possible (a conversion may pay a space's food cost, e.g. Imitation); SKIP, the decision's
    own answer, leaves the person at home. With nothing to trade the person stays home without
    a decision, as before."""
    s = new_state(2)
    p = s.actor
    s.occupant[:] = 1 - p  # every action space taken by the other player
    s.res[p, RUBY] = 1
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_PLACE and s.actor == p
    assert legal(s) - ANYTIME == {A_SKIP} and A_RUBY + 0 in legal(s)  # 1 ruby -> 1 wood
    person = int(s.cur_person)
    act(s, A_SKIP)
    assert s.dwarf_space[p, person] == -2  # at home this round
    q = new_state(2)
    p = q.actor
    q.occupant[:] = 1 - p
    q.res[p, RUBY] = q.res[p, GRAIN] = q.res[p, VEG] = q.res[p, GOLD] = 0
    q.res[p, SHEEP : DOG + 1] = 0
    q.animal_at[p] = 0
    first_round = int(q.round)
    kernels.advance(q.buf, q.mask)  # nobody can place or trade: the work phase just ends
    assert q.round > first_round
