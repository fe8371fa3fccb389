"""Rule fixes from the review of caverna_ff_v0, one test per rule, named after its spec section:
animals frozen during orc events (D44), Adventure after a Mercenary reward (A6, B6), traps as
neighbours (B7), the invading orc's own hostage (B8), held orcs moving into freed orc rooms
(B9, D19), the Mercenary strength after a Cave-in (D43), bribes after a push (B8 step 2), the
sown field (A11), meadows over stables (A3, E11)."""

import numpy as np
import pytest

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_BRIBE,
    A_CELL,
    A_CONVERT,
    A_DONE,
    A_LOOT,
    A_OPTION,
    A_ORC,
    A_PUSH,
    A_REWARD,
    A_SOW_GRAIN,
)
from eurogym.envs.caverna_ff.board import single_ok, twin_ok
from eurogym.envs.caverna_ff.invariants import check_invariants
from eurogym.envs.caverna_ff.orcs import invade, reevaluate
from eurogym.envs.caverna_ff.rules import ENGINE
from eurogym.envs.caverna_ff.spaces import OP_EXPED, OP_SOW, SPACE_NAMES
from eurogym.envs.caverna_ff.stack import push_op
from eurogym.envs.caverna_ff.state import (
    D_ADULT,
    D_HOSTAGE,
    O_CAVE,
    O_DEFEATED,
    O_FOREST,
    O_FRIENDLY,
    O_HELD,
    P_CAVE_IN,
    P_LOOT,
    P_ORC,
    P_REWARD,
    P_SOW,
    P_SOW_CELL,
    ST_EVENT,
)
from eurogym.envs.caverna_ff.tables import (
    BOAR,
    ENTRANCE_CELL,
    ENTRY_DWELLING,
    F_CARPENTER,
    F_ORC_DWELLING,
    GRAIN,
    L_FIGHT,
    REWARD_NAMES,
    SHEEP,
    STONE,
    T_FIELD,
    T_MEADOW,
    TR_CAVE_IN,
    TR_NET,
    TR_TRAPDOOR,
    TW_MEADOW_FIELD,
    TWIN_CELLS,
    WOOD,
)
from eurogym.envs.core.testing import random_playout
from tests.caverna_ff.helpers import (
    ANYTIME,
    act,
    cell,
    house,
    legal,
    new_state,
    refresh,
    start_event,
    start_expedition,
)


def test_d44_pig_breeder_during_an_event_moves_no_housed_animal():
    """Seed p.11 'you cannot move your animals during an orc event' (D44): 1 sheep in a small
    pasture on (3,2); Orc B bribed to 0 in event 1, the Pig Breeder's 2 boars go into free
    room (the entry dwelling) and the sheep stays in its pasture."""
    s = new_state(2)
    s.set("start_player", 0)
    s.tile[0, ENTRANCE_CELL] = T_MEADOW
    s.pasture[0, ENTRANCE_CELL] = 1
    s.res[0, SHEEP] = 1
    house(s, 0)
    assert s.animal_at[0, ENTRANCE_CELL, 0] == 1
    s.bribe_good[0] = WOOD
    s.res[0, WOOD] = 8  # 1 left: the next orc step is a decision, the event pauses
    start_event(s, board=0, letter=1, card=0)
    assert s.phase == P_ORC and s.actor == 0
    act(s, *[A_BRIBE] * 7)
    assert s.phase == P_REWARD
    before = s.animal_at[0].copy()
    act(s, A_REWARD + REWARD_NAMES.index("pig_breeder"))
    assert s.stage == ST_EVENT and s.res[0, BOAR] == 2
    assert s.animal_at[0, ENTRANCE_CELL, 0] == 1  # the sheep did not move
    assert s.animal_at[0, ENTRY_DWELLING, 1] == 2  # the boars took free room
    assert (s.animal_at[0] >= before).all()


def test_d44_random_games_never_move_animals_inside_an_event():
    """Within an orc event a cell gains animals of a type only as far as the supply gained them:
    nothing housed is moved (seed p.11, D44); losses (orcs entering, occupied rooms) only
    lower counts."""
    for seed in range(6):
        state = ENGINE.new_game(ENGINE.make_config(2), seed)
        prev = {"at": state.animal_at.copy(), "res": state.res.copy(), "ev": False}

        def check(st, prev=prev, seed=seed):
            in_event = st.stage == ST_EVENT and st.ev >= 0
            if prev["ev"] and in_event:
                grown = np.maximum(0, st.animal_at - prev["at"]).sum(axis=1)  # [player, type]
                gained = np.maximum(0, st.res[:, 8:13] - prev["res"][:, 8:13])
                assert (grown <= gained).all(), (seed, grown, gained)
            prev["at"], prev["res"], prev["ev"] = st.animal_at.copy(), st.res.copy(), in_event

        random_playout(ENGINE, state, np.random.default_rng(seed), check)


def test_a6_adventure_keeps_its_second_expedition_after_a_mercenary_reward():
    """A6 Adventure: 'up to two level-1 expeditions'. Round 7, weapon 10 fights Orc D (8),
    takes the Mercenary (B6) and ends it: the second expedition still happens, by the same
    dwarf (weapon 10 - 8 = 2, +1 = 3), as a normal expedition."""
    s = new_state(1)
    s.set("round", 7)
    s.orc_state[0, 3] = O_FOREST
    s.orc_cell[0, 3] = 0
    s.orc_str[0, 3] = 8
    s.weapon[0, 0] = 10
    s.set("cur_space", SPACE_NAMES.index("adventure"))
    start_expedition(s, 0, 0, level=1)
    push_op(s.buf, OP_EXPED, 1, 0)  # Adventure's second expedition waits on the stack
    act(s, A_LOOT + L_FIGHT, A_ORC + 3, A_OPTION + 0)
    assert s.phase == P_REWARD
    act(s, A_REWARD + REWARD_NAMES.index("mercenary"))
    assert s.phase == P_LOOT and s.exp_mercenary == 1 and s.exp_strength == 8
    act(s, A_DONE)
    assert s.phase == P_LOOT and s.exp_mercenary == 0
    assert s.exp_left == 1 and s.exp_strength == 3 and s.cur_person == 0


def twin_index(a: int, b: int) -> int:
    """Placement index of a twin tile with half A on cell a and half B on cell b."""
    return next(i for i, (x, y) in enumerate(TWIN_CELLS) if x == a and y == b)


def test_b7_later_tiles_may_be_placed_next_to_a_lone_trap():
    """Seed p.5: a trap 'need not be adjacent to the cave entrance or another tile. You may,
    however, place future tiles adjacent to the trap' (B7). A lone trap on (0,0): single and
    twin tiles may touch it, the trap cell itself stays blocked, the entrance stays open."""
    s = new_state(1)
    s.trap[0, cell(0, 0)] = TR_TRAPDOOR + 1
    s.trap_active[0, cell(0, 0)] = 1
    buf = s.buf
    assert single_ok(buf, 0, T_MEADOW, cell(0, 1)) and single_ok(buf, 0, T_FIELD, cell(1, 0))
    assert not single_ok(buf, 0, T_MEADOW, cell(0, 0))  # nothing is built on a trap
    assert not single_ok(buf, 0, T_MEADOW, cell(2, 1))  # touches neither trap nor tile
    assert single_ok(buf, 0, T_MEADOW, ENTRANCE_CELL)
    assert twin_ok(buf, 0, TW_MEADOW_FIELD, twin_index(cell(0, 1), cell(0, 2)))
    assert not twin_ok(buf, 0, TW_MEADOW_FIELD, twin_index(cell(1, 1), cell(1, 2)))


def test_e11_a_meadow_may_cover_a_stable_a_field_may_not():
    """A3: a stable stands on an uncovered forest cell, a meadow or a pasture, never a field;
    the data's single field needs 'no stable on it' and the single meadow does not (E11):
    a meadow, single or the meadow half of a twin, may go on a stable's cell, a field never."""
    s = new_state(1)
    s.tile[0, ENTRANCE_CELL] = T_MEADOW
    st = cell(2, 2)
    s.stable[0, st] = 1
    buf = s.buf
    assert single_ok(buf, 0, T_MEADOW, st) and not single_ok(buf, 0, T_FIELD, st)
    assert twin_ok(buf, 0, TW_MEADOW_FIELD, twin_index(st, cell(2, 1)))
    assert not twin_ok(buf, 0, TW_MEADOW_FIELD, twin_index(cell(2, 1), st))


def test_b8_reevaluating_orc_keeps_the_tile_housing_its_own_hostage():
    """B8 ties: prefer a space housing a dwarf. Orc A holds dwarf 1 in the entry dwelling (0
    points); a Carpenter (0 points, no room) on the lower cavern ties by category and points.
    Re-evaluating, the orc's own hostage still lives in the entry dwelling, so it stays and
    keeps the same hostage."""
    s = new_state(1)
    s.furn[0, cell(2, 3)] = F_CARPENTER + 1
    invade(s.buf, 0, 0)
    assert s.orc_cell[0, 0] == ENTRY_DWELLING and s.orc_hostage[0, 0] == 1
    reevaluate(s.buf, 0, 0, False)
    assert s.orc_cell[0, 0] == ENTRY_DWELLING and s.orc_hostage[0, 0] == 1
    assert s.dwarf[0, 1] == D_HOSTAGE and s.dwarf[0, 0] == D_ADULT


def test_d19_held_orc_moves_into_an_orc_dwelling_freed_by_a_defeat():
    """B9, D19: 'building/freeing an orc room before then makes it move in at once'. Orc B
    occupies the only Orc Dwelling, Orc A is held in a Net Trap; bribing Orc B to 0 in an
    event frees the room and Orc A moves in, usable from the next round."""
    s = new_state(1)
    s.furn[0, cell(2, 3)] = F_ORC_DWELLING + 1
    s.orc_state[0, 1] = O_CAVE
    s.orc_cell[0, 1] = cell(2, 3)
    s.orc_str[0, 1] = 2
    s.trap[0, cell(1, 0)] = TR_NET + 1
    s.trap_active[0, cell(1, 0)] = 1
    s.orc_state[0, 0] = O_HELD
    s.orc_cell[0, 0] = cell(1, 0)
    s.res[0] = 0
    s.bribe_good[0] = WOOD
    s.res[0, WOOD] = 2
    start_event(s, board=0, letter=1, card=0)
    assert s.phase == P_ORC
    act(s, A_BRIBE, A_BRIBE)
    assert s.orc_state[0, 1] == O_DEFEATED
    assert s.orc_state[0, 0] == O_FRIENDLY and s.orc_ready[0, 0] == s.round + 1
    assert s.trap_active[0, cell(1, 0)] == 0


def test_d43_mercenary_strength_after_a_pushed_cave_in_is_the_strength_before_the_bribe():
    """D43: the reward strength is 'the strength before that bribe'. Orc A (5) pushed onto a
    Cave-in, 2 stone paid (5 -> 3), then bribed to 0: the reward uses 3, not 5."""
    s = new_state(1)
    s.trap[0, cell(1, 0)] = TR_CAVE_IN + 1
    s.trap_active[0, cell(1, 0)] = 1
    s.res[0] = 0
    s.res[0, STONE] = 2
    s.bribe_good[0] = WOOD
    s.res[0, WOOD] = 4  # 1 for the push (event board 1), 3 to bribe
    start_event(s, board=0, letter=0, card=0)
    act(s, A_PUSH + 4)  # south onto the Cave-in
    assert s.phase == P_CAVE_IN
    act(s, A_OPTION + 2)
    assert s.phase == P_ORC and s.orc_str[0, 0] == 3
    act(s, A_BRIBE, A_BRIBE, A_BRIBE)
    assert s.phase == P_REWARD and s.sub[1] == 3


def test_b8_bribes_stay_possible_after_a_push_into_the_cave():
    """B8 step 2 'bribe and/or push'; bribing is allowed for orcs in the cave (seed p.10). After
    a push into the cave the player may still bribe; DONE then skips step 3 (D38)."""
    s = new_state(1)
    s.orc_cell[0, 0] = ENTRANCE_CELL
    s.res[0] = 0
    s.bribe_good[0] = WOOD
    s.res[0, WOOD] = 2
    start_event(s, board=0, letter=0, card=0)
    act(s, A_PUSH + 2)  # east into the cave
    assert s.orc_state[0, 0] == O_CAVE and s.phase == P_ORC
    assert legal(s) - ANYTIME == {A_BRIBE, A_DONE}
    act(s, A_BRIBE)
    assert s.orc_str[0, 0] == 4


def test_b8_bribes_stay_possible_after_a_push_into_a_holding_trap_and_the_move_is_skipped():
    """B8 step 2: an orc pushed into a holding trap may still be bribed; its move (step 3) is
    skipped, so DONE leaves it held rather than breaking free."""
    s = new_state(1)
    s.trap[0, cell(1, 0)] = TR_NET + 1
    s.trap_active[0, cell(1, 0)] = 1
    s.res[0] = 0
    s.bribe_good[0] = WOOD
    s.res[0, WOOD] = 2
    start_event(s, board=0, letter=0, card=0)
    act(s, A_PUSH + 4)  # south into the Net Trap
    assert s.orc_state[0, 0] == O_HELD and s.phase == P_ORC
    assert legal(s) - ANYTIME == {A_BRIBE, A_DONE}
    act(s, A_DONE)
    assert s.orc_state[0, 0] == O_HELD and s.orc_cell[0, 0] == cell(1, 0)


def sowing_state(grain: int):
    """A solo state at a sowing step (A11) with two empty fields and `grain` grain."""
    s = new_state(1)
    f1, f2 = cell(2, 0), cell(2, 1)
    s.tile[0, f1] = s.tile[0, f2] = T_FIELD
    s.res[0, GRAIN] = grain
    s.set("stack_n", 0)
    push_op(s.buf, OP_SOW, 0, 0)
    kernels.advance(s.buf, s.mask)
    return s, f1, f2


def test_a11_the_player_chooses_which_empty_field_to_sow():
    """A11 sowing, with every sub-choice the player's (orcs destroy crops per cell, B8): with
    two empty fields a CELL picks the field; with one left the choice is forced."""
    s, f1, f2 = sowing_state(grain=2)
    assert s.phase == P_SOW
    act(s, A_SOW_GRAIN)
    assert s.phase == P_SOW_CELL and legal(s) - ANYTIME == {A_CELL + f1, A_CELL + f2}
    act(s, A_CELL + f2)
    assert s.crop[0, f2] == 3 and s.crop[0, f1] == 0 and s.res[0, GRAIN] == 1
    assert s.phase == P_SOW
    act(s, A_SOW_GRAIN)  # one empty field left: no cell decision
    assert s.crop[0, f1] == 3 and s.phase != P_SOW_CELL


def test_a11_a12_the_seed_of_the_field_being_chosen_cannot_be_eaten_first():
    """A11 with A12's any-time conversions: while the field is being chosen the sown grain is
    already committed, so converting the last grain to food is not offered (it would leave the
    sowing unpaid); with a second grain the conversion is offered."""
    s, f1, f2 = sowing_state(grain=1)
    act(s, A_SOW_GRAIN)
    assert s.phase == P_SOW_CELL and A_CONVERT + 0 not in legal(s)  # CONVERT 0: 1 grain
    s.res[0, GRAIN] = 2
    refresh(s)
    assert A_CONVERT + 0 in legal(s)


def test_invariants_catch_animals_over_capacity_and_inconsistent_orcs_and_dwarfs():
    """Issue 'animals housed or converted', 'dwarfs and orcs conserved': the invariant kernel
    flags animals over a unit's capacity (A9), Orc D in play before event 2 (B8), a defeated
    orc still on a cell (B6), and a gap in the dwarf slots."""
    s = new_state(1)
    check_invariants(s)
    s.tile[0, ENTRANCE_CELL] = T_MEADOW
    s.pasture[0, ENTRANCE_CELL] = 1
    s.res[0, SHEEP] = 3
    s.animal_at[0, ENTRANCE_CELL, 0] = 3  # a small pasture holds 2
    with pytest.raises(AssertionError, match="over capacity"):
        check_invariants(s)
    s = new_state(1)
    s.orc_state[0, 3] = O_FOREST
    s.orc_cell[0, 3] = cell(0, 0)
    s.orc_str[0, 3] = 12
    with pytest.raises(AssertionError, match="Orc D"):
        check_invariants(s)
    s = new_state(1)
    s.orc_state[0, 0] = O_DEFEATED
    s.orc_str[0, 0] = 0
    with pytest.raises(AssertionError, match="defeated or friendly orc with a cell"):
        check_invariants(s)
    s = new_state(1)
    s.dwarf[0, 3] = D_ADULT
    with pytest.raises(AssertionError, match="without gaps"):
        check_invariants(s)
