"""Mines hold goods (spec B3, B4): construction and refills put goods on the tile, only a mine
with a donkey hauls in the mining phase, goods on mines score nothing; the FF harvest schedule
and feeding rates (B11)."""

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import A_CELL, A_CONVERT, A_DONE, A_SPACE, A_TWIN
from eurogym.envs.caverna_ff.rules import score_table
from eurogym.envs.caverna_ff.scoring import BREAKDOWN
from eurogym.envs.caverna_ff.spaces import SPACE_NAMES
from eurogym.envs.caverna_ff.state import D_NEWBORN, O_FRIENDLY, P_CELL, P_FEED, P_REFILL, P_TWIN
from eurogym.envs.caverna_ff.tables import (
    DONKEY,
    F_SLAUGHTERING,
    FOOD,
    GRAIN,
    H_FEED_ARMED2,
    H_FEED_ONE,
    H_MINING_FEEDING,
    H_NORMAL,
    ORE,
    RUBY,
    SHEEP,
    T_DEEP,
    T_ORE_MINE,
    T_RUBY_MINE,
    T_TUNNEL,
)
from tests.caverna_ff.helpers import act, cell, house, legal, new_state, refresh


def open_card(s, name):
    sp = SPACE_NAMES.index(name)
    s.space_open[sp] = 1
    s.occupant[sp] = -1
    refresh(s)
    return A_SPACE + sp


def test_b3_ore_mine_construction_puts_the_3_ore_on_the_mine_not_in_the_supply():
    s = new_state(1)
    s.tile[0, cell(0, 3)] = s.tile[0, cell(0, 4)] = T_TUNNEL
    a = open_card(s, "ore_mine_construction_ff")
    ore = s.res[0, ORE]
    act(s, a)
    assert s.phase == P_TWIN
    act(s, A_TWIN + cell(0, 3) * 4 + 0)  # ore mine left, deep tunnel right
    assert s.tile[0, cell(0, 3)] == T_ORE_MINE and s.tile[0, cell(0, 4)] == T_DEEP
    assert s.mine_goods[0, cell(0, 3)] == 3 and s.res[0, ORE] == ore


def test_b3_ruby_mine_on_a_deep_tunnel_holds_its_ruby_on_an_ordinary_tunnel_none():
    for tile, rubies in ((T_DEEP, 1), (T_TUNNEL, 0)):
        s = new_state(1)
        s.tile[0, cell(1, 3)] = tile
        a = open_card(s, "ruby_mine_construction_ff")
        act(s, a)
        assert s.phase == P_CELL
        act(s, A_CELL + cell(1, 3))
        assert s.tile[0, cell(1, 3)] == T_RUBY_MINE
        assert s.mine_goods[0, cell(1, 3)] == rubies and s.res[0, RUBY] == 0


def test_b3_refill_2_ore_into_up_to_2_ore_mines_and_1_ruby_into_up_to_2_ruby_mines():
    s = new_state(1)
    for c in (cell(0, 3), cell(0, 4), cell(0, 5)):
        s.tile[0, c] = T_ORE_MINE
    for c in (cell(1, 3), cell(1, 4), cell(1, 5)):
        s.tile[0, c] = T_RUBY_MINE
    s.mine_goods[0, cell(0, 3)] = 5  # mines need not be empty, no cap
    start_refill(s)
    assert legal(s) == {A_CELL + c for c in (3, 4, 5, 9, 10, 11)} | {A_DONE}
    act(s, A_CELL + cell(0, 3), A_CELL + cell(0, 5))  # two ore mines: no third
    assert not {A_CELL + c for c in (3, 4, 5)} & legal(s)
    act(s, A_CELL + cell(1, 4), A_CELL + cell(1, 5))  # two ruby mines: nothing left, ends
    assert s.phase != P_REFILL
    assert list(s.mine_goods[0, 3:6]) == [7, 0, 2]
    assert list(s.mine_goods[0, 9:12]) == [0, 1, 1]


def start_refill(s):
    s.set("stack_n", 0)
    kernels.push_op(s.buf, kernels.OP_REFILL, 0, 0)
    kernels.advance(s.buf, s.mask)


def test_b3_refill_is_optional():
    s = new_state(1)
    s.tile[0, cell(0, 3)] = T_ORE_MINE
    start_refill(s)
    assert s.phase == P_REFILL
    act(s, A_DONE)
    assert s.mine_goods[0, cell(0, 3)] == 0


def test_b4_mining_example_one_donkey_hauls_only_its_own_mine():
    """Seed p.12: an ore mine with 3 ore and a ruby mine with 1 ruby but one donkey: only the
    mine the donkey stands in is emptied."""
    s = new_state(1)
    s.tile[0, cell(0, 3)] = T_ORE_MINE
    s.mine_goods[0, cell(0, 3)] = 3
    s.tile[0, cell(1, 3)] = T_RUBY_MINE
    s.mine_goods[0, cell(1, 3)] = 1
    s.res[0, DONKEY] = 1
    house(s, 0)
    assert s.animal_at[0, cell(0, 3), 3] == 1  # auto-housing: first mine in cell order (E1)
    kernels.mining_phase(s.buf, 0)
    assert s.res[0, ORE] == 3 and s.res[0, RUBY] == 0
    assert s.mine_goods[0, cell(0, 3)] == 0 and s.mine_goods[0, cell(1, 3)] == 1


def test_b4_goods_left_on_mines_score_nothing():
    s = new_state(1)
    s.tile[0, cell(0, 3)] = T_ORE_MINE
    before = score_table(s)[0].sum()
    s.mine_goods[0, cell(0, 3)] = 9
    assert score_table(s)[0].sum() == before


def test_b8_occupied_mine_loses_goods_and_donkey_and_gets_no_refill():
    from eurogym.envs.caverna_ff.orcs import invade

    s = new_state(1)
    s.tile[0, cell(0, 3)] = T_ORE_MINE
    s.mine_goods[0, cell(0, 3)] = 4
    s.res[0, DONKEY] = 1
    house(s, 0)
    invade(s.buf, 0, 0)
    assert s.orc_cell[0, 0] == cell(0, 3)
    assert s.mine_goods[0, cell(0, 3)] == 0 and s.res[0, DONKEY] == 0
    start_refill(s)
    assert s.phase != P_REFILL  # the occupied mine cannot be refilled: no question
    assert s.mine_goods[0, cell(0, 3)] == 0
    assert score_table(s)[0][BREAKDOWN.index("pastures_mines")] == 0


def test_b11_feeding_rates_by_harvest_kind():
    s = new_state(1)
    s.weapon[0, 0] = 3
    s.dwarf[0, 2] = D_NEWBORN
    s.orc_state[0, 0] = O_FRIENDLY
    need = {k: kernels.food_need(s.buf, 0, k) for k in (H_NORMAL, H_FEED_ONE, H_FEED_ARMED2)}
    assert need == {
        H_NORMAL: 2 + 2 + 1 + 1,
        H_FEED_ONE: 1 + 1 + 1 + 1,
        H_FEED_ARMED2: 2 + 1 + 1 + 1,
    }


def test_b11_harvest_schedule_orc_markers_on_3_and_6_and_two_hidden():
    for n in (1, 2, 3, 4):
        s = new_state(n, seed=n)
        assert list(s.markers_left) == [3 if n <= 2 else 4, 2]
        rounds = [r for r in range(1, 13) if not (n <= 2 and r == 9)]  # D41
        drawn = [kernels.draw_marker(s.buf, r) for r in rounds]
        assert drawn[2] == 1 and rounds[5] == 6 and drawn[5] == 1
        assert all(m == -1 for r, m in zip(rounds, drawn, strict=True) if r in (1, 2, 4, 5))
        late = drawn[6:]
        assert late.count(1) == 2 and late.count(0) == (3 if n <= 2 else 4)


def test_b11_round_3_event_harvest_is_mining_and_feeding_only():
    s = new_state(1)
    s.set("round", 3)
    s.marker[2] = 1
    s.set("events_done", 1)
    assert kernels.harvest_kind_of_round(s.buf) == H_MINING_FEEDING


def harvest_now(s, round_=5):
    s.set("round", round_)
    s.set("stack_n", 0)
    kernels.start_harvest(s.buf)
    kernels.advance(s.buf, s.mask)


def test_a12_feeding_the_player_converts_then_begs_for_the_rest():
    s = new_state(1)
    s.res[0, FOOD] = 0
    s.res[0, GRAIN] = 1
    harvest_now(s)
    assert s.phase == P_FEED and legal(s) == {A_CONVERT + 0, A_DONE}  # grain -> 1 food
    act(s, A_CONVERT + 0)  # nothing else to convert: the rest is begged automatically
    assert s.res[0, GRAIN] == 0 and s.res[0, FOOD] == 0
    assert s.begging[0] == 3  # 2 adults eat 4, 1 paid


def test_a12_done_accepts_begging_with_goods_left():
    s = new_state(1)
    s.res[0, FOOD] = 0
    s.res[0, GRAIN] = 2
    harvest_now(s)
    act(s, A_DONE)
    assert s.res[0, GRAIN] == 2 and s.begging[0] == 4


def test_a12_nothing_to_convert_begs_automatically():
    s = new_state(1)
    s.res[0, FOOD] = 1
    harvest_now(s)
    assert s.begging[0] == 3 and s.round == 6


def test_a10_slaughtering_cave_adds_one_food_per_animal_converted():
    s = new_state(1)
    s.res[0, FOOD] = 0
    s.res[0, SHEEP] = 1
    house(s, 0)
    s.furn[0, cell(2, 3)] = F_SLAUGHTERING + 1
    harvest_now(s)
    act(s, A_CONVERT + 2)  # sheep -> 1 food, +1; 2 of the 4 owed are begged
    assert s.res[0, SHEEP] == 0 and s.begging[0] == 2
