"""Observation encoders: shape and range, seats relative to the observer, hidden information
(pile order, hexes on the tracks, the Mayor deck, the RNG) never encoded, public changes are."""

import numpy as np

from encoders.daitoshi import FLAT_SIZE, SECTIONS, encode_dict, encode_flat
from envs.daitoshi.render import render_ansi, render_rgb
from envs.daitoshi.rules import ENGINE
from tests.daitoshi.helpers import new_state


def played(n, seed, steps):
    s = new_state(n, seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if ENGINE.is_over(s):
            break
        ENGINE.apply_action(s, int(rng.choice(np.flatnonzero(s.mask))))
    return s


def test_flat_observation_is_float32_in_0_1_with_the_documented_size():
    for n in (1, 2, 3, 4):
        s = played(n, n, 40)
        for me in range(n):
            obs = encode_flat(s, me)
            assert obs.shape == (FLAT_SIZE,) and obs.dtype == np.float32
            assert obs.min() >= 0.0 and obs.max() <= 1.0


def test_dict_sections_match_the_flat_vector():
    s = played(3, 0, 30)
    parts = encode_dict(s, 1)
    assert list(parts) == [name for name, _ in SECTIONS]
    flat = np.concatenate([v.ravel() for v in parts.values()])
    assert np.array_equal(flat, encode_flat(s, 1))


def test_seats_are_relative_to_the_observer():
    s = played(3, 2, 25)
    s.vp[:3] = [10, 40, 70]
    assert encode_dict(s, 1)["players"][0, 8] == np.float32(40 / 150)
    assert encode_dict(s, 2)["players"][0, 8] == np.float32(70 / 150)
    assert encode_dict(s, 2)["players"][1, 8] == np.float32(10 / 150)


def test_hidden_piles_track_hexes_and_mayor_deck_do_not_change_the_observation():
    s = played(1, 5, 20)
    before = encode_flat(s, 0)
    other = s.copy()
    other.inv_pile[:] = other.inv_pile[:, ::-1]
    other.pile[:, :-1] = 0
    other.track_hex[:] = 63 - other.track_hex
    other.mayor_deck[:] = other.mayor_deck[::-1]
    assert np.array_equal(encode_flat(other, 0), before)


def test_public_changes_do_change_the_observation():
    s = played(2, 5, 20)
    before = encode_flat(s, 0)
    s.rec_n[1, 2] += 1
    assert not np.array_equal(encode_flat(s, 0), before)


def test_renderers_show_the_game():
    s = played(1, 3, 30)
    text = render_ansi(s)
    assert "Mayor" in text and "river" in text and "Megamachine" in text
    image = render_rgb(s)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 5
