"""Observation encoders (encoders/belfort.py): layout, relative seats, hidden information,
value range, and the dict/flat agreement."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.encoders.belfort import (
    DICT_SPACES,
    ENTRY_OFFSETS,
    ENTRY_SHAPES,
    FLAT_SIZE,
    HAND_SCALE,
    HOT_WIDTH,
    NUM_OWNER_CHANNELS,
    PARAM_COL,
    PLAYER_COL,
    RES_SCALE,
    SCORE_SCALE,
    TURN_COL,
    encode_dict,
    encode_flat,
    plan,
)
from eurogym.envs.belfort.config import SEASONS, default_params
from eurogym.envs.belfort.rules import ENGINE
from eurogym.envs.belfort.state import (
    DECK,
    EMPTY,
    HAND,
    LAYOUT,
    MAX_PLAYERS,
    NUM_PLAYERS,
    P_ACTIONS,
    RNG,
    SCORE,
    SETUP_DISCARD,
    State,
)
from eurogym.envs.belfort.tables import BANK, DECK_SIZE, NUM_PROPERTIES, PUB, SEASON_OF_MONTH


def blank(num_players: int) -> State:
    """A hand-built state: default parameters, nothing on the board, no plank occupied."""
    s = State()
    s.set("num_players", num_players)
    p = default_params()
    s.prop_cost[:] = p.prop_cost
    s.guild_cost[:] = p.guild_cost
    s.buy_price[:] = p.buy_price
    s.sell_price[:] = p.sell_price
    s.set("tax_levels", len(p.tax_min))
    s.tax_min[: len(p.tax_min)] = p.tax_min
    s.tax_gold[: len(p.tax_gold)] = p.tax_gold
    for field in ("owner", "guild_worker", "np_dwarf", "recruiter", "camp", "column", "revealed"):
        getattr(s, field)[:] = EMPTY
    s.set("np_card", EMPTY)
    s.set("spies_user", EMPTY)
    return s


def random_states(num_players: int, seed: int, steps: int = 400):
    """Every state of a seeded random game (at most `steps` decisions)."""
    state = ENGINE.new_game(ENGINE.make_config(num_players), seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        yield state
        if ENGINE.is_over(state):
            return
        mask = ENGINE.legal_action_mask(state, ENGINE.current_player(state))
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(mask))))


def test_flat_is_the_dict_entries_concatenated_in_order() -> None:
    s = blank(4)
    s.owner[3], s.res[2, 1], s.hand[1, PUB] = 2, 6, 2
    flat, parts = encode_flat(s, 1), encode_dict(s, 1)
    assert flat.shape == (FLAT_SIZE,) and flat.dtype == np.float32
    assert list(parts) == list(ENTRY_SHAPES) == list(DICT_SPACES.spaces)
    assert np.array_equal(flat, np.concatenate([v.ravel() for v in parts.values()]))
    assert FLAT_SIZE == sum(v.size for v in parts.values())
    assert all(ENTRY_OFFSETS[k] + parts[k].size <= FLAT_SIZE for k in parts)


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_states_of_a_random_game_stay_in_the_declared_spaces(num_players: int) -> None:
    for state in random_states(num_players, seed=num_players):
        for me in range(num_players):
            parts = encode_dict(state, me)
            assert DICT_SPACES.contains(parts), me
            assert np.array_equal(encode_flat(state, me)[-5:], parts["params"][-5:])
            hot_words = state.buf[plan(num_players, me).hot_src]
            assert hot_words.min() >= -1 and hot_words.max() <= HOT_WIDTH - 2


def test_board_owners_are_relative_to_the_observer() -> None:
    s = blank(3)
    s.owner[5], s.owner[60] = 1, 2
    for me in range(3):
        board = encode_dict(s, me)["board"]
        assert board.shape == (70, NUM_OWNER_CHANNELS)
        assert board[5, (1 - me) % 3] == 1 and board[60, (2 - me) % 3] == 1
        assert board.sum() == 2
    assert encode_dict(s, 1)["board"][5, 0] == 1  # my own marker is always channel 0


def test_non_players_have_their_own_channels_in_two_player_games() -> None:
    s = blank(2)
    s.owner[40], s.owner[41], s.owner[0] = 2, 3, 1
    s.np_dwarf[:] = [4, 0]
    for me in range(2):
        d = encode_dict(s, me)
        assert d["board"][40, MAX_PLAYERS] == 1 and d["board"][41, MAX_PLAYERS + 1] == 1
        assert d["board"][0, 1 - me] == 1
        assert (
            d["guilds"][4, -2] == 1 and d["guilds"][0, -1] == 1 and d["guilds"][:, -2:].sum() == 2
        )


def test_guilds_planks_and_collection_board_use_relative_seats() -> None:
    s = blank(4)
    s.guild_of[:] = [0, 4, 8, 11, 2]
    s.guild_worker[3] = 2
    s.recruiter[:2] = [3, 0]
    s.recruiter_race[0] = 1
    s.camp[:2] = [1, 2]
    d = encode_dict(s, 2)
    assert (d["guilds"][np.arange(5), [0, 4, 8, 11, 2]] == 1).all()
    assert d["guilds"][3, 12 + 0] == 1  # seat 2 is me
    assert d["recruiter"][0, 1] == 1 and d["recruiter"][0, 5] == 1  # seat 3, a Dwarf
    assert d["recruiter"][1, 2] == 1 and d["recruiter"][2].sum() == 0  # seat 0 = me + 2
    assert d["camp"][0, 3] == 1 and d["camp"][1, 0] == 1


def test_player_rows_are_rotated_scaled_and_zero_beyond_num_players() -> None:
    s = blank(3)
    s.res[0] = [2, 4, 6, 10]
    s.score[:3] = [15, 0, 55]
    s.shield[:3] = [3, 1, 2]
    s.built[0, BANK] = 1
    s.res[3:] = 9  # words of absent seats are never shown
    s.score[3:] = 40
    players = encode_dict(s, 1)["players"]
    me0 = players[2]  # seat 0 seen by seat 1
    res, score, tax = PLAYER_COL["res"], PLAYER_COL["score"], PLAYER_COL["tax"]
    np.testing.assert_allclose(me0[res : res + 4], np.array([2, 4, 6, 10]) / RES_SCALE)
    assert me0[score] == pytest.approx(15 / SCORE_SCALE)
    assert me0[tax] == pytest.approx(0.2)  # 11-20: 2 G
    assert players[1, tax] == pytest.approx(0.6)  # score 55 pays 6 G (assumed table)
    assert me0[PLAYER_COL["built"] + BANK] == pytest.approx(1 / 5)
    assert me0[PLAYER_COL["shield"] + 2] == 1  # shield 3
    assert not players[3:].any()


def test_my_cards_show_only_my_hand_and_setup_discard() -> None:
    s = blank(3)
    s.hand[1, PUB] = 3
    s.setup_discard[1, BANK] = 2
    s.hand[0, BANK] = 5
    mine = encode_dict(s, 1)["my_cards"]
    assert mine[0, PUB] == pytest.approx(0.6) and mine[0].sum() == pytest.approx(0.6)
    assert mine[1, BANK] == pytest.approx(0.4) and mine[1].sum() == pytest.approx(0.4)


def test_hidden_fields_of_others_never_change_my_observation() -> None:
    rng = np.random.default_rng(0)
    for state in random_states(3, seed=7, steps=200):
        for me in range(3):
            before = encode_flat(state, me)
            other = state.copy()
            for seat in range(MAX_PLAYERS):
                if seat != me:  # which cards change, how many (public) stays
                    other.hand[seat] = rng.permutation(other.hand[seat])
                    other.setup_discard[seat] = rng.permutation(other.setup_discard[seat])
            other.deck[:] = rng.permutation(other.deck) + 1
            other.rng[:] = rng.integers(0, 2**40, other.rng.shape)
            assert np.array_equal(encode_flat(other, me), before)


def test_hand_sizes_are_public() -> None:
    """Appendix F: the number of cards each player holds is public, which cards is not."""
    state = ENGINE.new_game(ENGINE.make_config(3), 5)
    other = state.copy()
    other.hand[1, 0] += 1
    col = ENTRY_OFFSETS["players"] + ENTRY_SHAPES["players"][1] * 1 + PLAYER_COL["hand_size"]
    assert encode_flat(other, 0)[col] == encode_flat(state, 0)[col] + np.float32(1 / HAND_SCALE)


def test_my_hidden_fields_change_my_observation() -> None:
    state = ENGINE.new_game(ENGINE.make_config(4), 3)
    me = ENGINE.current_player(state)
    for field in ("hand", "setup_discard"):
        other = state.copy()
        getattr(other, field)[me, BANK] += 1
        assert not np.array_equal(encode_flat(other, me), encode_flat(state, me)), field


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_plans_never_read_secret_or_other_seats_private_words(num_players: int) -> None:
    width = NUM_PROPERTIES
    for me in range(num_players):
        p = plan(num_players, me)
        taxed = p.extra[p.extra[:, 2] == 0, 1]  # tax rows read a score; hand-size rows only
        read = set(p.src[:, p.scale != 0].ravel()) | set(p.hot_src) | set(SCORE + taxed)
        allowed_private = set(range(HAND + me * width, HAND + (me + 1) * width))
        allowed_private |= set(range(SETUP_DISCARD + me * width, SETUP_DISCARD + (me + 1) * width))
        private = set(range(HAND, HAND + MAX_PLAYERS * width))
        private |= set(range(SETUP_DISCARD, SETUP_DISCARD + MAX_PLAYERS * width))
        secret = set(range(DECK, DECK + DECK_SIZE)) | set(range(RNG, LAYOUT.size))
        assert not read & secret
        assert read & private == allowed_private
        assert NUM_PLAYERS in read


def test_turn_block_shows_phase_actor_and_current_season_prices() -> None:
    s = blank(3)
    s.set("phase", P_ACTIONS)
    s.set("actor", 2)
    s.set("turn_player", 2)
    s.set("month", 4)
    s.set("deck_size", DECK_SIZE)
    d = encode_dict(s, 2)
    turn = d["turn"]
    assert turn[TURN_COL["phase"] + P_ACTIONS] == 1 and turn[TURN_COL["month"] + 4] == 1
    assert turn[TURN_COL["actor"]] == 1 and turn[TURN_COL["turn_player"]] == 1  # me
    assert turn[TURN_COL["num_players"] + 1] == 1
    assert encode_dict(s, 0)["turn"][TURN_COL["actor"] + 2] == 1
    assert d["cards"][-1] == 1
    summer = SEASONS.index("summer")
    assert SEASON_OF_MONTH[3] == summer
    buy = d["params"][PARAM_COL["buy_price"] : PARAM_COL["buy_price"] + 3]
    np.testing.assert_allclose(buy, np.minimum(s.buy_price[summer] / 5, 1))


def test_column_and_revealed_cards_are_one_hot_and_empty_is_zero() -> None:
    s = blank(3)
    s.column[:] = [PUB, EMPTY, BANK]
    s.revealed[2] = PUB
    d = encode_dict(s, 0)
    assert d["column"][0, PUB] == 1 and d["column"][1].sum() == 0 and d["column"][2, BANK] == 1
    assert d["players"][2, PLAYER_COL["revealed"] + PUB] == 1
    assert d["players"][:, PLAYER_COL["revealed"] :][:, :NUM_PROPERTIES].sum() == 1
