"""The expert variant of spec §5.2 step 7 (seed: "VARIANTE PARA PERITOS"): as many basic
inventions as players are revealed and drafted in turn order, instead of dealt at random. A pick
does what the random deal does: L1, lower position, and the tycoon start of D13 (§5.2 step 8);
the neutral tycoon (§5.4) is placed after the draft. The default config is unchanged."""

import numpy as np
import pytest

from eurogym.encoders.daitoshi import encode_dict
from eurogym.envs.core.errors import ConfigError, IllegalActionError
from eurogym.envs.daitoshi.actions import A_DRAFT
from eurogym.envs.daitoshi.rules import ENGINE
from eurogym.envs.daitoshi.state import EMPTY, NEUTRAL, P_DRAFT, P_TURN
from eurogym.envs.daitoshi.tables import MIDDLE, NUM_BASIC, RIGHT
from tests.daitoshi.helpers import act, legal, new_state


def offered(state) -> list[int]:
    return [int(b) for b in np.flatnonzero(state.draft)]


def tycoon_start(state, b: int) -> int:
    """§5.2 step 8 (D13): the district whose inner tile basic invention b points to."""
    return int(np.flatnonzero(state.tile[:, 0] == state.c_inv_start[b])[0])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_s5_2_expert_reveals_as_many_basic_inventions_as_players(n):
    for seed in range(5):
        s = new_state(n, seed, expert=True)
        assert s.phase == P_DRAFT
        assert len(offered(s)) == n
        assert legal(s) == {A_DRAFT + b for b in offered(s)}
        assert (s.slot_inv[:n] == EMPTY).all()  # nothing is dealt before the draft


def test_s5_2_expert_draft_goes_in_turn_order_from_the_start_player():
    s = new_state(4, 3, expert=True)
    start = int(s.start_player)
    assert start == 3  # not seat 0, so seat order and turn order differ
    for i in range(3):
        assert s.phase == P_DRAFT and s.actor == (start + i) % 4
        act(s, A_DRAFT + offered(s)[-1])
    assert s.phase == P_TURN and s.actor == start  # the fourth pick was automatic


def test_s5_2_expert_pick_lands_in_l1_lower_and_sets_the_tycoon_start():
    for b in range(NUM_BASIC):
        s = new_state(4, 0, expert=True)
        p = int(s.actor)
        act(s, A_DRAFT + b)
        assert s.slot_inv[p, 0] == b and s.slot_upper[p, 0] == 0
        assert (s.slot_inv[p, 1:] == EMPTY).all()
        assert s.tyc_d[p] == tycoon_start(s, b) and s.tyc_s[p] == RIGHT
        assert s.draft[b] == 0 and A_DRAFT + b not in legal(s)  # gone for the next drafter


def test_s5_2_expert_last_pick_is_automatic():
    s = new_state(3, 1, expert=True)
    act(s, A_DRAFT + offered(s)[0])
    act(s, A_DRAFT + offered(s)[0])
    last = (int(s.start_player) + 2) % 3
    assert s.phase == P_TURN and s.draft.sum() == 0
    assert s.slot_inv[last, 0] != EMPTY
    assert s.tyc_d[last] == tycoon_start(s, int(s.slot_inv[last, 0]))
    assert sorted(s.slot_inv[:3, 0].tolist()) == sorted(set(s.slot_inv[:3, 0].tolist()))


def test_s5_4_expert_two_players_place_the_neutral_tycoon_after_the_draft():
    for seed in range(10):
        s = new_state(2, seed, expert=True)
        assert s.tyc_d[NEUTRAL] == EMPTY
        act(s, A_DRAFT + offered(s)[0])
        assert s.phase == P_TURN
        assert s.tyc_s[NEUTRAL] == MIDDLE
        assert s.tyc_d[NEUTRAL] not in s.tyc_d[:2].tolist()


def test_s5_2_expert_solo_player_takes_the_one_revealed_invention_and_the_mayor_none():
    """E9: the Mayor has no factory inventions (§18.1), so only the player's one is revealed,
    and a draft with one option resolves itself (E1)."""
    s = new_state(1, 0, expert=True)
    assert s.phase == P_TURN and s.actor == 0
    assert s.slot_inv[0, 0] != EMPTY and s.draft.sum() == 0
    assert (s.slot_inv[1] == EMPTY).all()
    assert s.tyc_d[0] == tycoon_start(s, int(s.slot_inv[0, 0]))
    assert s.tyc_d[NEUTRAL] not in (s.tyc_d[0], s.tyc_d[1])


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_s5_2_default_config_deals_at_random_as_before(n):
    s = new_state(n, 4)
    assert s == new_state(n, 4, expert=False)
    assert s.phase == P_TURN and s.draft.sum() == 0
    assert (s.slot_inv[:n, 0] != EMPTY).all()
    for p in range(n):
        assert s.tyc_d[p] == tycoon_start(s, int(s.slot_inv[p, 0]))


def test_s5_2_expert_draft_is_deterministic():
    def play(seed):
        s = new_state(3, seed, expert=True)
        act(s, A_DRAFT + offered(s)[-1])
        act(s, A_DRAFT + offered(s)[0])
        return s

    assert play(6) == play(6)
    assert len({tuple(offered(new_state(2, seed, expert=True))) for seed in range(20)}) > 1


def test_s5_2_expert_unrevealed_or_taken_invention_is_illegal_and_changes_nothing():
    s = new_state(3, 2, expert=True)
    hidden = next(b for b in range(NUM_BASIC) if s.draft[b] == 0)
    before = s.copy()
    with pytest.raises(IllegalActionError, match="draft"):
        act(s, A_DRAFT + hidden)
    assert s == before


def test_s5_2_expert_the_observation_shows_the_revealed_inventions_only():
    s = new_state(3, 2, expert=True)
    for me in range(3):
        rows = encode_dict(s, me)["draft"]
        assert [b for b in range(NUM_BASIC) if rows[b].any()] == offered(s)
        assert encode_dict(s, me)["turn"][P_DRAFT] == 1.0
    act(s, A_DRAFT + offered(s)[0])
    assert not encode_dict(s, 0)["draft"][int(s.slot_inv[s.start_player, 0])].any()


@pytest.mark.parametrize("option", ["expert", "payment_choice"])
def test_flags_must_be_booleans(option):
    with pytest.raises(ConfigError, match=option):
        ENGINE.make_config(2, **{option: 1})
