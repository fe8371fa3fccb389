"""Observation encoders: shape and range, seats relative to the observer, hidden information
(pile order, hexes on the tracks, the Mayor deck, the RNG) never encoded, public changes are."""

import numpy as np

from eurogym.encoders.daitoshi import FLAT_SIZE, SECTIONS, encode_dict, encode_flat, hist
from eurogym.envs.daitoshi.render import render_ansi, render_rgb
from eurogym.envs.daitoshi.rules import ENGINE
from eurogym.envs.daitoshi.state import C
from tests.daitoshi.helpers import give_hex, hex_id, new_state


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


def _reward_hist(s, h):
    out = np.zeros(21, np.float32)
    hist(s.buf, C["hex_reward"] + h * 2, out, 0)
    return out


def test_s3_2_hexes_off_the_tracks_show_their_conflict_rewards_per_place():
    """§3.2: a hex's conflict side is hidden only while it lies on a track; records, tiles and
    discard piles show theirs (the `hexes` section, seats relative to the observer)."""
    s = new_state(2, 0)
    assert not encode_dict(s, 0)["hexes"].any()
    h = give_hex(s, 1, "HX_FO_08")  # 1 food, 2 worm (the seed's Expand example)
    hexes = encode_dict(s, 0)["hexes"]
    assert hexes[1].any() and np.array_equal(hexes[1], _reward_hist(s, h))
    assert not hexes[0].any()
    assert np.array_equal(encode_dict(s, 1)["hexes"][0], hexes[1])  # relative seats
    s.rec_n[1, 1] = 0
    s.tile_hex[2, 1, 0] = h
    assert np.array_equal(encode_dict(s, 0)["hexes"][5 + 2 * 3 + 1], _reward_hist(s, h))
    s.tile_hex[2, 1, 0] = -1
    s.discard[1, 0] = h
    s.discard_n[1] = 1
    hexes = encode_dict(s, 0)["hexes"]
    assert np.array_equal(hexes[20 + 1], _reward_hist(s, h))  # the forest discard pile
    assert np.array_equal(hexes[24 + 1], _reward_hist(s, h))  # and its top hex


def test_solo_the_mayors_record_shows_its_conflict_rewards():
    s = new_state(1, 0)
    h = hex_id("HX_FO_08")
    s.mayor_rec[0] = h
    assert np.array_equal(encode_dict(s, 0)["hexes"][1], _reward_hist(s, h))
