"""caverna_ff_v1: the player houses animals (spec A9; docs/caverna_ff.md E17). Housed animals
never move unless the player rearranges, new animals go where the player says, an animal with a
home is converted only when the player gives it up, and a donkey hauls the mine it was put on
(B4). caverna_ff_v0's automatic rule (E1) is kept where the contrast shows what v1 fixes."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_CELL,
    A_DONE,
    A_OPTION,
    A_REARRANGE,
    A_RUBY,
    A_SKIP,
    A_SPACE,
)
from eurogym.envs.caverna_ff.board import A_BOAR, A_DOG, A_DONKEY, A_SHEEP, rehouse
from eurogym.envs.caverna_ff.consistency import _check_flow as check_flow
from eurogym.envs.caverna_ff.housing import legal_units, rearrange_ok
from eurogym.envs.caverna_ff.ops import breed
from eurogym.envs.caverna_ff.orcs import take_cell
from eurogym.envs.caverna_ff.rules import ENGINE, ENGINE_V1
from eurogym.envs.caverna_ff.stack import OP_BRANCH_GROWTH
from eurogym.envs.caverna_ff.state import (
    O_CAVE,
    O_DEFEATED,
    P_HOUSE,
    P_HOUSE_LIFT,
    P_INVADE,
    P_PLACE,
    ST_END,
    ST_EVENT,
    ST_WORK,
    StateV1,
)
from eurogym.envs.caverna_ff.tables import (
    BOAR,
    CELLS,
    CELLS_ALL,
    DONKEY,
    ENTRANCE_CELL,
    ENTRY_DWELLING,
    FIRST_ANIMAL,
    FOOD,
    NUM_ANIMALS,
    ORE,
    RUBY,
    SHEEP,
    T_MEADOW,
    T_ORE_MINE,
    T_RUBY_MINE,
)
from eurogym.envs.core.errors import StateError
from tests.caverna_ff.helpers import ANYTIME, cell, legal, refresh

MEADOW = ENTRANCE_CELL


def game(engine=ENGINE_V1, **options):
    state = engine.new_game(engine.make_config(1, **options), 0)
    assert state.phase == P_PLACE and state.stack_n == 0
    return state


def issue_farm(s) -> None:
    """Issue 13's board: 3 sheep and 2 dogs on a meadow, 2 donkeys in the entry dwelling."""
    s.tile[0, MEADOW] = T_MEADOW
    s.res[0, FIRST_ANIMAL : FIRST_ANIMAL + NUM_ANIMALS] = 0
    s.animal_at[0] = 0
    s.res[0, SHEEP] = 3
    s.res[0, FIRST_ANIMAL + A_DOG] = 2
    s.res[0, DONKEY] = 2
    s.animal_at[0, MEADOW, A_SHEEP] = 3
    s.animal_at[0, MEADOW, A_DOG] = 2
    s.animal_at[0, ENTRY_DWELLING, A_DONKEY] = 2


def test_a9_v1_breeding_keeps_every_housed_animal_and_asks_about_the_newborns():
    s = game()
    issue_farm(s)
    food = int(s.res[0, FOOD])
    breed(s.buf, 0, 4)  # one lamb, one donkey foal; neither has free room
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_HOUSE and s.sub[0] == A_SHEEP
    assert legal(s) & {A_DONE, A_OPTION} == {A_DONE, A_OPTION}  # give up, or rearrange
    assert not legal(s) & {A_CELL + c for c in range(CELLS)}  # no unit has room
    ENGINE_V1.apply_action(s, A_DONE)
    assert s.phase == P_HOUSE and s.sub[0] == A_DONKEY
    ENGINE_V1.apply_action(s, A_DONE)
    assert s.phase == P_PLACE
    assert s.animal_at[0, MEADOW, A_SHEEP] == 3 and s.animal_at[0, MEADOW, A_DOG] == 2
    assert s.animal_at[0, ENTRY_DWELLING, A_DONKEY] == 2
    assert (s.res[0, SHEEP], s.res[0, DONKEY]) == (3, 2)
    assert s.res[0, FOOD] == food + 2  # the two newborns the player gave up (1 food each)


def test_a9_v1_auto_housing_keeps_the_issue_farm_and_converts_only_the_roomless_newborns():
    s = game(auto_housing=True)
    issue_farm(s)
    breed(s.buf, 0, 4)
    assert s.stack_n == 0  # nothing to ask
    assert s.animal_at[0, MEADOW, A_SHEEP] == 3 and s.animal_at[0, ENTRY_DWELLING, A_DONKEY] == 2
    assert (s.res[0, SHEEP], s.res[0, DONKEY]) == (3, 2)


def test_a9_v0_e1_rule_is_what_v1_replaces():
    """The contrast: v0's automatic re-placement gives the entry dwelling to the sheep and the
    donkeys become food (the score falls), which v1 never does on its own."""
    s = game(ENGINE)
    issue_farm(s)
    breed(s.buf, 0, 4)
    assert s.res[0, DONKEY] == 0


def donkey_and_two_mines(s) -> tuple[int, int]:
    ore_mine, ruby_mine = cell(0, 3), cell(1, 4)
    s.tile[0, ore_mine] = T_ORE_MINE
    s.tile[0, ruby_mine] = T_RUBY_MINE
    s.mine_goods[0, ore_mine] = 3
    s.mine_goods[0, ruby_mine] = 2
    s.res[0, DONKEY] += 1  # a new donkey, not yet housed
    rehouse(s.buf, 0)
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_HOUSE and s.sub[0] == A_DONKEY
    assert {A_CELL + ore_mine, A_CELL + ruby_mine} <= legal(s)
    return ore_mine, ruby_mine


def test_b4_v1_a_donkey_sent_to_the_chosen_mine_hauls_that_mines_goods():
    for chosen in (0, 1):
        s = game()
        mines = donkey_and_two_mines(s)
        assert "unhoused donkey" in ENGINE_V1.describe_action(s, A_CELL + mines[chosen])
        ENGINE_V1.apply_action(s, A_CELL + mines[chosen])
        assert s.animal_at[0, mines[chosen], A_DONKEY] == 1
        ore, ruby = int(s.res[0, ORE]), int(s.res[0, RUBY])
        kernels.mining_phase(s.buf, 0)
        hauled = (int(s.res[0, ORE]) - ore, int(s.res[0, RUBY]) - ruby)
        assert hauled == ((3, 0) if chosen == 0 else (0, 2))
        assert s.mine_goods[0, mines[1 - chosen]] == (2 if chosen == 0 else 3)


def test_a9_v1_rearranging_takes_a_unit_out_once_and_re_places_its_animals():
    s = game()
    issue_farm(s)
    s.res[0, SHEEP] += 1  # a fourth sheep: no room as the animals stand
    rehouse(s.buf, 0)
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_HOUSE and A_OPTION in legal(s)
    ENGINE_V1.apply_action(s, A_OPTION)
    assert s.phase == P_HOUSE_LIFT
    assert legal(s) >= {A_CELL + MEADOW, A_CELL + ENTRY_DWELLING}
    ENGINE_V1.apply_action(s, A_CELL + ENTRY_DWELLING)  # the donkeys come out
    # the sheep and the donkeys now compete for the entry dwelling: the player decides, and the
    # rearrangement is used up
    assert s.phase == P_HOUSE and s.sub[0] == A_SHEEP
    assert A_CELL + ENTRY_DWELLING in legal(s) and A_OPTION not in legal(s)
    ENGINE_V1.apply_action(s, A_DONE)  # give up the fourth sheep: the donkeys move back
    assert s.phase == P_PLACE
    assert s.animal_at[0, ENTRY_DWELLING, A_DONKEY] == 2 and s.res[0, SHEEP] == 3


def test_a9_v1_no_animal_with_a_home_is_converted_unasked():
    """States from random v1 games: one more animal of each farm type arrives. If a unit had
    room for it, it is housed or the player is asked; housed animals never leave their cells."""
    rng = np.random.default_rng(5)
    room = np.zeros(CELLS_ALL, np.int64)  # a kernel array: every cell, the border too
    checked = 0
    for seed in range(3):
        s = ENGINE_V1.new_game(ENGINE_V1.make_config(2), seed)
        while not ENGINE_V1.is_over(s) and s.round < 9:
            if s.phase == P_PLACE and s.stack_n == 0:
                p = int(s.actor)
                for a in range(4):
                    t = s.copy()
                    assert isinstance(t, StateV1)
                    before = t.animal_at[p].copy()
                    t.res[p, FIRST_ANIMAL + a] += 1
                    homes = legal_units(t.buf, p, a, room)
                    rehouse(t.buf, p)
                    kernels.advance(t.buf, t.mask)
                    kept = t.res[p, FIRST_ANIMAL + a] == s.res[p, FIRST_ANIMAL + a] + 1
                    if homes:
                        assert kept or t.phase == P_HOUSE, (seed, a)
                    assert (t.animal_at[p] >= before).all()
                    checked += 1
            ENGINE_V1.apply_action(s, int(rng.choice(np.flatnonzero(s.mask))))
    assert checked > 50


def test_e17_housing_waits_behind_a_final_invasion_tie_and_the_state_stays_valid():
    """An any-time ruby trade for a donkey at the final re-evaluation's invasion tie (D26, E5):
    the donkey's housing waits behind the tie, and the flow check accepts that state (it once
    rejected it: 'ops pending at invasion_tie'; the hand-made board here fails other checks,
    so the flow check is called alone), but no other op pending there."""
    s = game()
    s.tile[0, cell(1, 3)] = s.tile[0, cell(1, 4)] = T_RUBY_MINE  # equally preferred (D26)
    s.orc_state[0, 0] = O_CAVE
    s.orc_cell[0, 0] = cell(1, 3)
    s.orc_state[0, 1:3] = O_DEFEATED
    s.set("stage", ST_END)
    s.set("round", 12)  # the flow leaves round at 12 at the end (consistency)
    s.set("stack_n", 0)
    s.res[0, RUBY] = 1
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_INVADE
    ENGINE_V1.apply_action(s, A_RUBY + 7)  # 1 ruby -> 1 donkey
    assert s.phase == P_INVADE and s.stack_n == 1 and s.res[0, DONKEY] == 1
    check_flow(s, 1)
    other = s.copy()
    other.stack[0, 0] = OP_BRANCH_GROWTH
    with pytest.raises(StateError, match="ops pending"):
        check_flow(other, 1)
    ENGINE_V1.apply_action(s, A_CELL + cell(1, 4))
    assert s.phase == P_HOUSE and s.sub[0] == A_DONKEY  # then the donkey is housed


def housed_donkey_and_two_mines(s) -> tuple[int, int]:
    """A donkey already housed on the ore mine; the ruby mine beside it is free."""
    ore_mine, ruby_mine = cell(0, 3), cell(1, 4)
    s.tile[0, ore_mine] = T_ORE_MINE
    s.tile[0, ruby_mine] = T_RUBY_MINE
    s.mine_goods[0, ore_mine] = 3
    s.mine_goods[0, ruby_mine] = 2
    s.res[0, DONKEY] = 1
    s.animal_at[0, ore_mine, A_DONKEY] = 1
    refresh(s)
    return ore_mine, ruby_mine


def test_a9_v1_rearranging_at_will_sends_a_housed_donkey_to_the_mine_the_player_wants():
    """B4: a donkey hauls only its own mine; A9: the board can be rearranged any time. Four
    steps: REARRANGE, empty the ore mine, stop emptying, house the donkey on the ruby mine."""
    s = game()
    ore_mine, ruby_mine = housed_donkey_and_two_mines(s)
    assert s.phase == P_PLACE and A_REARRANGE in legal(s)
    assert "rearrange" in ENGINE_V1.describe_action(s, A_REARRANGE)
    ENGINE_V1.apply_action(s, A_REARRANGE)
    assert s.phase == P_HOUSE_LIFT and A_SKIP in legal(s) and A_CELL + ore_mine in legal(s)
    ENGINE_V1.apply_action(s, A_CELL + ore_mine)  # nothing else housed: the emptying ends
    assert s.phase == P_HOUSE and s.sub[0] == A_DONKEY
    assert {A_CELL + ore_mine, A_CELL + ruby_mine} <= legal(s) and A_OPTION not in legal(s)
    ENGINE_V1.apply_action(s, A_CELL + ruby_mine)
    assert s.phase == P_PLACE and s.animal_at[0, ruby_mine, A_DONKEY] == 1
    assert s.animal_at[0, ore_mine].sum() == 0 and s.res[0, DONKEY] == 1
    assert A_REARRANGE not in legal(s)  # once per decision: no loop
    ore, ruby = int(s.res[0, ORE]), int(s.res[0, RUBY])
    t = s.copy()
    kernels.mining_phase(t.buf, 0)
    assert (int(t.res[0, ORE]) - ore, int(t.res[0, RUBY]) - ruby) == (0, 2)
    space = min(a for a in legal(s) if A_SPACE <= a < A_SPACE + 38)
    ENGINE_V1.apply_action(s, space)  # the decision is answered: the next one may rearrange
    assert s.rearranged == 0


def test_a9_v1_rearranging_starts_with_keep_the_arrangement():
    """SKIP at once keeps every animal where it is and asks the placement again."""
    s = game()
    issue_farm(s)
    refresh(s)
    before, res, own = s.animal_at.copy(), s.res.copy(), legal(s)
    ENGINE_V1.apply_action(s, A_REARRANGE)
    assert s.phase == P_HOUSE_LIFT
    ENGINE_V1.apply_action(s, A_SKIP)
    assert s.phase == P_PLACE and (s.animal_at == before).all() and (s.res == res).all()
    assert legal(s) == own - {A_REARRANGE}


def test_a9_v1_rearranging_empties_several_units_so_two_units_swap_their_animals():
    """2 sheep in the entry dwelling, 2 boars in a small pasture: emptying both lets the boars
    take the dwelling; the sheep then have one home left, the pasture, and go there."""
    s = game()
    pasture = cell(2, 2)
    s.tile[0, pasture] = T_MEADOW
    s.pasture[0, pasture] = 1
    s.res[0, FIRST_ANIMAL : FIRST_ANIMAL + NUM_ANIMALS] = 0
    s.animal_at[0] = 0
    s.res[0, SHEEP] = s.res[0, BOAR] = 2
    s.animal_at[0, ENTRY_DWELLING, A_SHEEP] = 2
    s.animal_at[0, pasture, A_BOAR] = 2
    refresh(s)
    ENGINE_V1.apply_action(s, A_REARRANGE)
    ENGINE_V1.apply_action(s, A_CELL + pasture)
    own = legal(s) - ANYTIME  # the sheep and boars may still be converted
    assert s.phase == P_HOUSE_LIFT and own == {A_SKIP, A_CELL + ENTRY_DWELLING}
    ENGINE_V1.apply_action(s, A_CELL + ENTRY_DWELLING)
    assert s.phase == P_HOUSE and s.sub[0] == A_BOAR  # nothing left to empty: house them
    assert {A_CELL + pasture, A_CELL + ENTRY_DWELLING} <= legal(s)
    ENGINE_V1.apply_action(s, A_CELL + ENTRY_DWELLING)
    assert s.phase == P_PLACE
    assert s.animal_at[0, ENTRY_DWELLING, A_BOAR] == 2 and s.animal_at[0, pasture, A_SHEEP] == 2
    assert s.res[0, SHEEP] == s.res[0, BOAR] == 2  # nothing converted


def test_d44_v1_no_rearranging_during_an_orc_event_nor_without_the_players_housing():
    """Animals cannot move during an orc event (D44); auto_housing and v0 keep no housing
    decisions, so they have no REARRANGE (v0's action space ends before it)."""
    s = game()
    housed_donkey_and_two_mines(s)
    assert rearrange_ok(s.buf, 0)
    s.set("stage", ST_EVENT)
    assert not rearrange_ok(s.buf, 0)
    s.set("stage", ST_WORK)
    s.res[0, DONKEY] = 0
    s.animal_at[0] = 0
    assert not rearrange_ok(s.buf, 0)  # nothing housed, nothing to rearrange
    auto = game(auto_housing=True)
    housed_donkey_and_two_mines(auto)
    assert not rearrange_ok(auto.buf, 0) and A_REARRANGE not in legal(auto)
    assert A_REARRANGE >= ENGINE.num_actions


def test_e17_v1_the_end_of_an_orc_event_moves_no_housed_animal():
    """v0 re-places every animal when an event ends (E1: the lone donkey goes to the first
    mine by cell order); v1 leaves the player's arrangement as it is (it once ran E1 too)."""
    for engine, moved in ((ENGINE, True), (ENGINE_V1, False)):
        s = game(engine)
        ore_mine, ruby_mine = cell(0, 3), cell(1, 4)
        s.tile[0, ore_mine] = T_ORE_MINE
        s.tile[0, ruby_mine] = T_RUBY_MINE
        s.res[0, DONKEY] = 1
        s.animal_at[0] = 0
        s.animal_at[0, ruby_mine, A_DONKEY] = 1
        s.set("stage", ST_EVENT)
        s.set("ev", 0)
        s.set("ev_letter", 4)  # every letter resolved: the event ends
        s.set("stack_n", 0)
        kernels.advance(s.buf, s.mask)
        assert s.events_done == 1 and s.res[0, DONKEY] == 1
        assert s.animal_at[0, ore_mine if moved else ruby_mine, A_DONKEY] == 1


def test_d23_v1_animals_on_a_tile_an_orc_occupies_are_re_housed_not_eaten():
    """D23: animals housed on an occupied tile must be re-housed or converted. v1 asks the
    player (even mid-event: only free room, no housed animal moves, D44); v0 eats them (E4)."""
    for engine in (ENGINE, ENGINE_V1):
        s = game(engine)
        stables = cell(1, 0), cell(1, 1)
        for c in stables:
            s.tile[0, c] = T_MEADOW
            s.stable[0, c] = 1  # room for one animal of any type
        s.res[0, FIRST_ANIMAL : FIRST_ANIMAL + NUM_ANIMALS] = 0
        s.animal_at[0] = 0
        s.res[0, SHEEP] = 2
        s.animal_at[0, ENTRY_DWELLING, A_SHEEP] = 2
        food = int(s.res[0, FOOD])
        s.set("stage", ST_EVENT)
        s.orc_state[0, 0] = O_CAVE
        take_cell(s.buf, 0, 0, ENTRY_DWELLING)
        kernels.advance(s.buf, s.mask)
        if engine is ENGINE:
            assert s.res[0, SHEEP] == 0 and s.res[0, FOOD] == food + 2
            continue
        assert s.phase == P_HOUSE and s.sub[0] == A_SHEEP and s.res[0, SHEEP] == 2
        own = legal(s) - ANYTIME
        assert own == {A_CELL + stables[0], A_CELL + stables[1], A_DONE}  # no lift mid-event
        ENGINE_V1.apply_action(s, A_CELL + stables[1])  # the other sheep has one home left
        assert s.animal_at[0, stables[0], A_SHEEP] == s.animal_at[0, stables[1], A_SHEEP] == 1
        assert s.res[0, SHEEP] == 2 and s.res[0, FOOD] == food
