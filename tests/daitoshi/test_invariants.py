"""The invariants kernel (issue 4: resources within 0..9, worker capacity, tiles and hexes
conserved) accepts random games and names each broken invariant."""

import numpy as np
import pytest

from eurogym.envs.core.testing import random_playout
from eurogym.envs.daitoshi.invariants import MESSAGES, check_invariants, first_violation
from eurogym.envs.daitoshi.rules import ENGINE
from tests.daitoshi.helpers import new_state


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_games_keep_the_invariants(n):
    for seed in range(20):
        s = new_state(n, seed)
        random_playout(ENGINE, s, np.random.default_rng(seed), check_invariants)
        assert ENGINE.is_over(s)


@pytest.mark.parametrize(
    "edit,message",
    [
        (lambda s: s.res.__setitem__((0, 2), 10), "a resource outside 0..9"),
        (lambda s: s.wealth.__setitem__(1, -1), "negative wealth"),
        (lambda s: s.workers.__setitem__((0, 1), 7), "capacity"),
        (lambda s: s.pile_n.__setitem__(0, 4), "district tiles not conserved"),
        (
            lambda s: (
                s.rec.__setitem__((0, 0, 0), s.track_hex[1, 0, 0]) or s.rec_n.__setitem__((0, 0), 1)
            ),
            "nature hex",
        ),
        (
            lambda s: s.tyc_s.__setitem__(slice(0, 2), 0) or s.tyc_d.__setitem__(slice(0, 2), 3),
            "tycoon space",
        ),
        (lambda s: s.rep.__setitem__(0, 5), "reputation"),
        (  # counts still right, but one central tile twice and another gone
            lambda s: s.pile.__setitem__((0, 0), s.pile[0, 1]),
            "district tiles not conserved",
        ),
        (lambda s: s.market.__setitem__(0, s.slot_inv[0, 0]), "inventions not conserved"),
        (lambda s: s.market.__setitem__(4, -1), "inventions not conserved"),  # lost
        (lambda s: s.uni.__setitem__(0, s.uni[1]), "inventions not conserved"),
        (lambda s: s.slot_inv.__setitem__((1, 0), -1), "inventions not conserved"),  # a basic
    ],
)
def test_each_broken_invariant_is_named(edit, message):
    s = new_state(2, 0)
    assert first_violation(s.buf, s.mask) == 0
    edit(s)
    with pytest.raises(AssertionError, match=message):
        check_invariants(s)
    assert message in MESSAGES[first_violation(s.buf, s.mask)]


def test_solo_the_mayors_pile_counts_the_inventions_he_took():
    """Issue 4 (inventions conserved): an invention the solo Mayor took is in his pile."""
    s = new_state(1, 0)
    s.market[0] = -1
    assert "inventions" in MESSAGES[first_violation(s.buf, s.mask)]
    s.mayor_inv[0] = 1
    check_invariants(s)


def test_s0_negative_vp_is_a_legal_state():
    """§0: VP are an integer the engine stores; red VP numbers lose points (E6)."""
    s = new_state(2, 0)
    s.vp[0] = -13
    check_invariants(s)


def test_determinization_keeps_the_view_and_the_invariants():
    from eurogym.encoders.daitoshi import encode_flat
    from eurogym.envs.daitoshi.determinize import resample_hidden

    rng = np.random.default_rng(0)
    for n in (1, 3):
        s = new_state(n, 7)
        play = np.random.default_rng(7)
        for _ in range(30):
            ENGINE.apply_action(s, int(play.choice(np.flatnonzero(s.mask))))
        sample = s.copy()
        resample_hidden(sample, 0, rng)
        check_invariants(sample)
        assert np.array_equal(encode_flat(sample, 0), encode_flat(s, 0))
        assert np.array_equal(sample.mask, s.mask)
        assert not np.array_equal(sample.track_hex, s.track_hex)
