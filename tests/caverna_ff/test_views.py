"""Views of Caverna: Frantic Fiends (issue 12): the 120-column text view with a legend and the
decider named, phase-aware action descriptions, describe_changes and the labelled picture."""

from __future__ import annotations

import functools
import re

import numpy as np
import pytest

from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import (
    A_BRIBE,
    A_CELL,
    A_CONVERT,
    A_DONE,
    A_FURN,
    A_LOOT,
    A_OPTION,
    A_PERSON,
    A_REWARD,
    A_RUBY,
    NUM_ACTIONS,
)
from eurogym.envs.caverna_ff.describe import describe
from eurogym.envs.caverna_ff.orcs import defeat
from eurogym.envs.caverna_ff.render import describe_changes, render_ansi, render_rgb
from eurogym.envs.caverna_ff.rules import ENGINE
from eurogym.envs.caverna_ff.state import (
    P_ARM,
    P_BREED,
    P_ORC,
    P_PLACE,
    P_TRADE,
    P_WARRIOR,
    P_WARRIOR_PAY,
    PHASE_NAMES,
    ST_WORK,
    State,
)
from eurogym.envs.caverna_ff.tables import (
    CATTLE,
    F_WARRIOR,
    L_BREED2,
    ORE,
    REWARD_NAMES,
    SHEEP,
    STONE,
    T_MEADOW,
    WOOD,
)
from tests.caverna_ff.helpers import act, cell, house, new_state, start_event, start_expedition

BARE = re.compile(r"^\s*\d+\s*$|\boption \d+\b")
PLAYER_COUNTS = (1, 2, 3, 4)


VARIANTS = {
    "": {},
    "overrides": {"data_overrides": {"bribe_goods": ["gold"] * 6, "push_cost": [{"food": 3}] * 4}},
    "no_food": {"solo_start_food": 0},
}


@functools.cache
def _game(num_players: int, seed: int, variant: str = "") -> tuple[State, ...]:
    """Every state of one random game with the options VARIANTS[variant] (mostly the
    decision's own actions, now and then an any-time trade), so the views meet most phases."""
    rng = np.random.default_rng(seed)
    state = ENGINE.new_game(ENGINE.make_config(num_players, **VARIANTS[variant]), seed)
    states = [state.copy()]
    while not ENGINE.is_over(state):
        legal = np.flatnonzero(state.mask)
        own = [a for a in legal if not (A_RUBY <= a < A_PERSON or a >= A_CONVERT)]
        pool = own if own and rng.random() < 0.93 else legal
        ENGINE.apply_action(state, int(rng.choice(pool)))
        states.append(state.copy())
    return tuple(states)


def _random_states() -> list[State]:
    states: list[State] = []
    for n in PLAYER_COUNTS:
        states += _game(n, n)
    return states + list(_game(2, 7, "overrides")) + list(_game(1, 5, "no_food"))


def _special_states() -> list[State]:
    """Decisions random games rarely reach: breeding picks, the Warrior Dwelling's payment and
    arming, the Supplier's choice of dwarf, the Master Trader's three steps."""
    out = []
    s = new_state(1)
    for c in (cell(0, 0), cell(0, 1), cell(0, 2)):
        s.tile[0, c] = T_MEADOW
        s.pasture[0, c] = 1
        s.stable[0, c] = 1
    s.res[0, SHEEP] = 2
    s.res[0, SHEEP + 1] = 2
    s.res[0, CATTLE] = 2
    house(s, 0)
    s.weapon[0, 0] = 14
    start_expedition(s, 0, 0, level=1)
    act(s, A_LOOT + L_BREED2)
    assert s.phase == P_BREED
    out.append(s.copy())
    s = new_state(1)
    s.res[0, WOOD], s.res[0, STONE], s.res[0, ORE] = 4, 4, 6
    s.set("stack_n", 0)
    kernels.push_op(s.buf, kernels.OP_FURNISH, 10, 0)
    kernels.advance(s.buf, s.mask)
    act(s, A_FURN + F_WARRIOR, A_CELL + cell(2, 3))
    assert s.phase == P_WARRIOR_PAY
    out.append(s.copy())
    act(s, A_OPTION + 2)
    assert s.phase == P_WARRIOR_PAY
    out.append(s.copy())
    act(s, A_OPTION + 3)
    assert s.phase == P_WARRIOR
    out.append(s.copy())
    act(s, A_OPTION + 1)
    assert s.phase == P_ARM
    out.append(s.copy())
    s = new_state(4)
    s.res[0, WOOD] = 5
    s.set("stack_n", 0)
    defeat(s.buf, 0, 3, 5)
    kernels.advance(s.buf, s.mask)
    act(s, A_REWARD + REWARD_NAMES.index("master_trader"))
    for step in (A_OPTION + 0, A_OPTION + 1):
        assert s.phase == P_TRADE
        out.append(s.copy())
        act(s, step)
    assert s.phase == P_TRADE
    out.append(s.copy())
    return out


@pytest.fixture(scope="module")
def states() -> list[State]:
    return _random_states() + _special_states()


def test_ansi_fits_120_columns_names_the_decider_and_has_a_legend(states):
    for state in states:
        text = render_ansi(state)
        widest = max(len(line) for line in text.splitlines())
        assert widest <= 120, (PHASE_NAMES[state.phase], widest)
        assert "Legend" in text and "sh sheep" in text
        if ENGINE.is_over(state):
            assert "Game over" in text
        else:
            assert f"Decision by player {state.actor} " in text
            assert f"round {state.round} of" in text


def test_ansi_lists_every_legal_action_with_its_description(states):
    for state in states[::7]:
        text = render_ansi(state).replace("\n    ", " ")  # undo the wrapping
        for a in np.flatnonzero(state.mask):
            assert f"[{a}] " in text


def test_every_legal_action_has_a_distinct_description_in_words(states):
    seen_phases = set()
    for state in states:
        legal = [int(a) for a in np.flatnonzero(state.mask)]
        texts = [ENGINE.describe_action(state, a) for a in legal]
        for a, text in zip(legal, texts, strict=True):
            assert text and not BARE.search(text), (PHASE_NAMES[state.phase], a, text)
        assert len(set(texts)) == len(texts), (PHASE_NAMES[state.phase], texts)
        if legal:
            seen_phases.add(PHASE_NAMES[state.phase])
    for phase in ("breed", "warrior_pay", "warrior_dwelling", "arm_dwarf", "master_trader"):
        assert phase in seen_phases


def test_phase_only_descriptions_are_never_a_bare_number():
    for phase in range(len(PHASE_NAMES)):
        for a in range(NUM_ACTIONS):
            text = describe(a, phase)
            assert text and not BARE.search(text), (PHASE_NAMES[phase], a, text)


def test_the_orc_event_shows_the_active_orc_its_card_the_bribe_good_and_the_push_cost():
    s = new_state(2)
    s.bribe_good[1] = ORE
    s.p_push_cost[1] = 0
    s.p_push_cost[1, STONE] = 2
    s.res[0, ORE] = 1
    start_event(s, board=1, letter=1, card=0)
    assert s.phase == P_ORC
    seat = s.actor
    text = render_ansi(s)
    assert "Orc event 2 of 4" in text
    assert f"active orc: player {seat}'s orc B" in text
    assert "movement card: " in text and "push cost: 2 stone" in text
    assert "bribe: 1 ore" in text
    assert "bribe orc B with 1 ore" in ENGINE.describe_action(s, A_BRIBE)


def test_the_header_names_the_harvest_that_ends_this_round_not_the_last_one():
    s = new_state(2)
    s.set("round", 4)
    s.set("stage", ST_WORK)
    s.set("harvest_kind", 1)  # round 3's normal harvest is still stored
    assert "harvest at the end of this round: feed 1 each" in render_ansi(s)


def test_the_person_being_placed_is_named():
    s = new_state(2)
    assert s.phase == P_PLACE
    assert "placing dwarf 1" in render_ansi(s)


def test_board_contents_are_shown():
    s = new_state(1)
    s.tile[0, cell(0, 0)] = T_MEADOW
    s.pasture[0, cell(0, 0)] = 2
    s.stable[0, cell(0, 0)] = 1
    s.animal_at[0, cell(0, 0), 0] = 3
    s.tile[0, cell(1, 1)] = 2  # field
    s.crop[0, cell(1, 1)] = 2
    s.crop_kind[0, cell(1, 1)] = 1
    s.tile[0, cell(0, 4)] = 6  # ore mine
    s.mine_goods[0, cell(0, 4)] = 3
    text = render_ansi(s)
    assert "Meadow +St P2" in text and "3sh" in text and "2veg" in text and "3ore" in text
    assert "Reward board" in text and "Master Trader" in text and "Supply" in text


def test_the_rng_is_never_shown_and_changes_nothing(states):
    s = states[40].copy()
    s.rng[:] = (987654321, 123456789, 55555, 424242)
    other = s.copy()
    other.rng[:] = (1, 2, 3, 4)
    for viewer in (None, *range(s.num_players)):
        text = render_ansi(s, viewer)
        assert "987654321" not in text and "424242" not in text
        assert text == render_ansi(other, viewer)
    assert np.array_equal(render_rgb(s), render_rgb(other))


def test_the_viewer_is_marked_as_you():
    s = new_state(3)
    assert "player 2 (white) (you)" in render_ansi(s, viewer=2)
    assert "(you)" not in render_ansi(s)


def test_describe_changes_tells_an_orc_move_and_nothing_for_no_change():
    s = new_state(1)
    s.bribe_good[0] = STONE
    s.res[0, STONE] = 1  # a bribe is possible: the event waits for the player
    start_event(s, board=0, letter=0, card=0)
    assert s.phase == P_ORC
    before = s.copy()
    assert describe_changes(before, s) == []
    act(s, A_DONE)
    lines = describe_changes(before, s)
    assert any("player 0's orc A moved from forest a1 to" in line for line in lines), lines


def test_describe_changes_tells_a_new_round():
    game = _game(2, 2)
    for before, after in zip(game, game[1:], strict=False):
        if after.round != before.round:
            lines = describe_changes(before, after)
            assert any(line.startswith(f"round {after.round} began") for line in lines)
            return
    pytest.fail("no new round in the game")


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_rgb_is_wide_readable_and_differs_between_states(num_players):
    game = _game(num_players, num_players)
    first, later = render_rgb(game[0]), render_rgb(game[len(game) // 2])
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert first.shape[1] >= 800 and later.shape[1] >= 800
    assert first.shape != later.shape or not np.array_equal(first, later)
