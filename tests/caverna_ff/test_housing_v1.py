"""caverna_ff_v1: the player houses animals (spec A9; docs/caverna_ff.md E17). Housed animals
never move unless the player rearranges, new animals go where the player says, an animal with a
home is converted only when the player gives it up, and a donkey hauls the mine it was put on
(B4). caverna_ff_v0's automatic rule (E1) is kept where the contrast shows what v1 fixes."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import A_CELL, A_DONE, A_OPTION, A_RUBY
from eurogym.envs.caverna_ff.board import A_DOG, A_DONKEY, A_SHEEP, rehouse
from eurogym.envs.caverna_ff.consistency import _check_flow as check_flow
from eurogym.envs.caverna_ff.housing import legal_units
from eurogym.envs.caverna_ff.ops import breed
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
    StateV1,
)
from eurogym.envs.caverna_ff.tables import (
    CELLS,
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
from tests.caverna_ff.helpers import cell, legal

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
    room = np.zeros(CELLS, np.int64)
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
