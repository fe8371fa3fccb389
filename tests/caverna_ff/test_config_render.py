"""Config validation and data_overrides (stand-in data replaceable, issue 5), encoders and
renderers."""

import numpy as np
import pytest

from eurogym import envs
from eurogym.encoders.caverna_ff import FLAT_SIZE, PLANES_SHAPE, encode_flat, encode_planes
from eurogym.envs.caverna_ff.render import render_ansi, render_rgb
from eurogym.envs.caverna_ff.rules import ENGINE
from eurogym.envs.core.errors import ConfigError
from tests.caverna_ff.helpers import new_state


@pytest.mark.parametrize(
    "kwargs",
    [
        {"num_players": 5},
        {"num_players": 0},
        {"solo_start_food": -1},
        {"data_overrides": {"bogus": 1}},
        {"data_overrides": {"event_deck": [3, 2, 2]}},
        {"data_overrides": {"push_cost": [{"gems": 1}] * 4}},
        {"data_overrides": {"movement_cards": {"deck_1": [{"steps": [[2, 0]]}] * 9}}},
    ],
)
def test_bad_options_raise_config_error(kwargs):
    n = kwargs.pop("num_players", 2)
    with pytest.raises(ConfigError):
        ENGINE.make_config(n, **kwargs)


def test_data_overrides_replace_the_stand_ins_in_the_state():
    s = new_state(
        2,
        data_overrides={
            "push_cost": [{"gold": 2}] * 4,
            "event_deck": [1, 1, 1, 1],
            "orc_gold": [3, 3, 3, 3],
            "bribe_goods": ["ore"] * 6,
        },
    )
    assert (s.p_push_cost[:, 4] == 2).all() and (s.p_event_deck == 1).all()
    assert (s.p_orc_gold == 3).all() and (s.bribe_good == 2).all()


def test_encoders_shapes_range_and_planes_in_flat():
    s = new_state(3)
    flat = encode_flat(s, 1)
    planes = encode_planes(s, 1)
    assert flat.shape == (FLAT_SIZE,) and planes.shape == PLANES_SHAPE
    assert flat.min() >= 0 and flat.max() <= 1
    assert np.array_equal(flat[: planes.size], planes.ravel())
    # my board first: the entry dwelling plane of relative seat 0 is seat 1's
    assert planes[8].reshape(-1)[21] == 1  # furnished


def test_only_the_rng_is_hidden_and_it_does_not_change_the_observation():
    s = new_state(2)
    other = s.copy()
    other.rng[:] = (1, 2, 3, 4)
    assert np.array_equal(encode_flat(s, 0), encode_flat(other, 0))
    assert envs.spec("caverna_ff_v0").secret_fields == ("rng",)


def test_renderers():
    s = new_state(2)
    text = render_ansi(s)
    assert "round 1" in text and "player 1" in text
    img = render_rgb(s)
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    env = envs.make("caverna_ff_v0", num_players=2, seed=1, render_mode="ansi")
    env.reset()
    assert "round" in env.render()
