"""Configuration (config.py, spec §2.3, §3.1, D2, D8): choices are honoured, bad ones rejected
at construction with a message naming the option."""

import numpy as np
import pytest

from eurogym import envs
from eurogym.envs.core.errors import ConfigError
from eurogym.envs.kingdom_builder.config import make_config
from eurogym.envs.kingdom_builder.rules import new_game
from eurogym.envs.kingdom_builder.tables import CARD_NAMES, SECTION_NAMES, SECTION_TERRAIN


def test_s03_configured_sections_rotations_cards_and_start_are_used():
    config = make_config(
        3,
        sections=("tavern", "paddock", "oasis", "farm"),
        rotations=(0, 180, 0, 0),
        cards=("fishermen", "knights", "merchants"),
        start_player=2,
    )
    state = new_game(config, 0)
    board = state.terrain.reshape(20, 20)
    assert (board[:10, :10] == SECTION_TERRAIN[SECTION_NAMES.index("tavern")]).all()
    assert (board[:10, 10:] == SECTION_TERRAIN[SECTION_NAMES.index("paddock")][::-1, ::-1]).all()
    assert [CARD_NAMES[c] for c in state.cards] == ["fishermen", "knights", "merchants"]
    assert state.start_player == 2 and state.cur == 2


def test_s02_3_random_setup_uses_4_distinct_sections_and_both_rotations():
    seen_rotations = set()
    for seed in range(40):
        state = new_game(make_config(2), seed)
        assert len(set(state.sections.tolist())) == 4 and len(set(state.cards.tolist())) == 3
        seen_rotations |= set(state.rotations.tolist())
        # 2 tiles on each location hex; Oracle/Harbor have 1 hex, the others 2 (§1.1)
        assert (state.tiles_left[state.slot_hex >= 0] == 2).all()
        assert np.count_nonzero(state.slot_hex >= 0) == sum(
            1 if SECTION_NAMES[s] in ("oracle", "harbor") else 2 for s in state.sections
        )
    assert seen_rotations == {0, 180}


@pytest.mark.parametrize(
    "options,message",
    [
        ({"sections": ("tavern", "paddock", "oasis")}, "sections"),
        ({"sections": ("tavern", "tavern", "oasis", "farm")}, "distinct"),
        ({"sections": ("quarry", "paddock", "oasis", "farm")}, "not enabled"),  # Nomads: not base
        ({"rotations": (0, 90, 0, 0)}, "rotations"),
        ({"cards": ("lords", "farmers", "shepherds")}, "cards"),
        ({"start_player": 4}, "start_player"),
        ({"lord_flag": True}, "unknown kingdom_builder option"),
    ],
)
def test_invalid_config_is_rejected_at_construction(options, message):
    with pytest.raises(ConfigError, match=message):
        envs.make("kingdom_builder_v0", num_players=3, **options)


def test_d8_flag_reaches_the_state():
    assert new_game(make_config(2, lords_zero_can_be_second=False), 0).lords_zero_can_be_second == 0
    assert new_game(make_config(2), 0).lords_zero_can_be_second == 1


@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_env_renders_in_both_modes(mode):
    env = envs.make("kingdom_builder_v0", num_players=2, render_mode=mode, seed=0)
    env.reset()
    frame = env.render()
    if mode == "ansi":
        assert isinstance(frame, str) and "DECISION  player" in frame
    else:
        assert frame.ndim == 3 and frame.shape[2] == 3 and frame.dtype == np.uint8
