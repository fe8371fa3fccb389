"""caverna_ff_v1's alignment cards (rules B2 step 4 of the players' set-up, seed p.3): the
standard side 5/7/9/12, the challenging side 7/9/11/14 for everyone, or per seat (the seed's
handicap: only experienced players take the challenging side), and any start strengths up to
the strongest marker (the solo campaign's, B13). Option `orc_side`."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.encoders.caverna_ff import encode_flat_v1
from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import A_LOOT
from eurogym.envs.caverna_ff.render import render_ansi
from eurogym.envs.caverna_ff.rules import ENGINE, ENGINE_V1
from eurogym.envs.caverna_ff.state import (
    O_FOREST,
    ST_EVENT,
    StateV1,
)
from eurogym.envs.caverna_ff.tables import L_FIGHT, NUM_ORCS
from eurogym.envs.core.errors import ConfigError, StateError
from tests.caverna_ff.helpers import legal, refresh

STANDARD, CHALLENGING = [5, 7, 9, 12], [7, 9, 11, 14]


def game(n: int = 2, **options) -> StateV1:
    return ENGINE_V1.new_game(ENGINE_V1.make_config(n, **options), 3)


def test_b2_standard_side_is_the_default_and_the_challenging_side_is_7_9_11_14():
    s = game()
    assert s.p_orc_start[:2].tolist() == [STANDARD] * 2
    assert s.orc_str[:2, :3].tolist() == [STANDARD[:3]] * 2
    t = game(orc_side="challenging")
    assert t.p_orc_start[:2].tolist() == [CHALLENGING] * 2
    assert t.orc_str[:2, :3].tolist() == [CHALLENGING[:3]] * 2
    u = s.copy()  # the same state but Orc D's start: told apart by the observation only
    u.p_orc_start[1, 3] = 14
    assert not np.array_equal(encode_flat_v1(s, 0), encode_flat_v1(u, 0))


def test_b2_handicap_gives_each_seat_its_own_alignment_card():
    s = game(3, orc_side=["challenging", "standard", [9, 11, 13, 16]])
    assert s.orc_str[0, :3].tolist() == CHALLENGING[:3]
    assert s.orc_str[1, :3].tolist() == STANDARD[:3]
    assert s.orc_str[2, :3].tolist() == [9, 11, 13]
    text = render_ansi(s)
    assert "alignment card: challenging side A 7/B 9/C 11/D 14" in text
    assert "alignment card: start strengths A 9/B 11/C 13/D 16" in text
    for bad in ("hard", ["standard"], ["standard", [5, 7, 9]], ["standard", [5, 7, 9, 23]]):
        with pytest.raises(ConfigError, match="orc_side"):
            ENGINE_V1.make_config(2, orc_side=bad)
    with pytest.raises(ConfigError, match="orc_side"):
        ENGINE.make_config(2, orc_side="challenging")  # v0 plays the standard side


@pytest.mark.parametrize(("side", "d"), [("standard", 12), ("challenging", 14)])
def test_b8_orc_d_enters_after_event_2_with_its_seats_start_strength(side, d):
    s = game(orc_side=["standard", side])
    s.set("stage", ST_EVENT)
    s.set("ev", 1)
    s.set("events_done", 1)
    s.set("ev_letter", NUM_ORCS)  # every letter done: event 2 ends, Orc D enters
    s.set("ev_seat", 0)
    s.set("stack_n", 0)
    kernels.advance(s.buf, s.mask)
    assert s.orc_state[:2, 3].tolist() == [O_FOREST, O_FOREST]
    assert s.orc_str[:2, 3].tolist() == [12, d]


@pytest.mark.parametrize(("side", "fight"), [("standard", True), ("challenging", False)])
def test_b5_a_challenging_orc_a_needs_strength_7_to_be_fought(side, fight):
    s = game(1, orc_side=side)
    s.weapon[0, 0] = 6  # beats Orc A's 5, not its 7
    s.set("cur_person", 0)
    s.set("stack_n", 0)
    kernels.start_expedition(s.buf, 0, 1, 6, 0)
    refresh(s)
    assert (A_LOOT + L_FIGHT in legal(s)) == fight


def test_b6_a_strength_above_the_seats_start_is_rejected_on_load():
    s = game(orc_side=["challenging", "standard"])
    s.orc_str[0, 0] = 7  # the challenging seat's Orc A may be at 7
    ENGINE_V1.from_json(s.to_json())
    s.orc_str[1, 0] = 7  # the standard seat's may not
    with pytest.raises(StateError, match="orc_str"):
        ENGINE_V1.from_json(s.to_json())
