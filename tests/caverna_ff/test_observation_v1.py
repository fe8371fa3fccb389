"""caverna_ff_v1's observation shows its further tiles (rules A10, F0; docs/caverna_ff.md
"Observation"): which are still in the supply, which one is pending, and which each seat has
built. v0's encoding of the same entries could not tell these states apart (its supply entries
cover v0's 27 tiles and its pending entry reads 1 for every further tile), so each test
checks that v0's encoder gives equal vectors where v1's differ; v0's observation itself is
unchanged (`encode_flat` is v1's prefix)."""

from __future__ import annotations

import numpy as np

from eurogym import envs
from eurogym.encoders.caverna_ff import (
    FLAT_SIZE,
    FLAT_SIZE_V1,
    FURN_OBS,
    FX_OBS,
    PLANE_NAMES,
    TRAP_X_ENTRIES,
    V1_BORDER,
    V1_SCALARS,
    V1_SEATS_X,
    encode_flat,
    encode_flat_v1,
)
from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import A_CELL, A_FURN_X
from eurogym.envs.caverna_ff.rules import ENGINE_V1
from eurogym.envs.caverna_ff.spaces import OP_FURNISH
from eurogym.envs.caverna_ff.state import P_FURN, P_FURN_CELL, StateV1
from eurogym.envs.caverna_ff.tables import (
    BORDER_CELLS,
    CELLS,
    EXT_NAMES,
    F_BUILDER,
    F_OFFICE,
    F_TRADER,
    F_WORK_ROOM,
    FX_FIRST,
    NUM_EXT,
    NUM_FURN_ALL,
    NUM_FX,
    NUM_LONG_STRIPS,
    NUM_TRAP_X,
    NUM_TRAPS_ALL,
    START_CAVERN,
    STONE,
    T_MEADOW,
    WOOD,
)
from eurogym.envs.vector.engine import BatchedEngine
from tests.conformance.cases import played_states


def game(num_players: int = 2) -> StateV1:
    """A v1 game whose supply holds every extension (rules B2), every tile on offer."""
    config = ENGINE_V1.make_config(num_players, supply_extensions=list(EXT_NAMES))
    return ENGINE_V1.new_game(config, 0)


def test_v1_observation_is_v0s_entries_then_the_further_tiles():
    # then 5-7 players' block (E22), then the Office Room's border cells (E23)
    assert FLAT_SIZE_V1 == FLAT_SIZE + V1_SCALARS + V1_SEATS_X + V1_BORDER
    assert FURN_OBS == NUM_FURN_ALL - 1 and FX_OBS == NUM_FX - 1  # the Office Room: V1_BORDER
    traps = NUM_EXT + NUM_TRAP_X * (1 + TRAP_X_ENTRIES) + NUM_TRAPS_ALL + 1 + 4 + 1  # B7
    strips_sides = 4 * NUM_LONG_STRIPS + 2 + 4 * 4  # B6 long strips, space_pick, B2 sides
    assert V1_SCALARS == FX_OBS + FURN_OBS + 4 * FURN_OBS + traps + strips_sides
    assert envs.spec("caverna_ff_v1").raw_env.observation_size == FLAT_SIZE_V1
    assert envs.spec("caverna_ff_v0").raw_env.observation_size == FLAT_SIZE
    for state in played_states("caverna_ff_v1", 2, seed=4, every=29):
        for me in range(2):
            obs = encode_flat_v1(state, me)
            assert obs.shape == (FLAT_SIZE_V1,) and obs.min() >= 0.0 and obs.max() <= 1.0
            assert np.array_equal(obs[:FLAT_SIZE], encode_flat(state, me))


def test_a10_f0_observation_shows_each_further_tiles_availability():
    """Two states differing only in one further tile still being in the supply (the Office
    Room's entry is in the border block, second to last)."""
    for x in range(NUM_FX):
        a, b = game(), game()
        a.furn_left_x[x], b.furn_left_x[x] = 1, 0
        assert np.array_equal(encode_flat(a, 0), encode_flat(b, 0))  # v0's entries: blind
        diff = np.flatnonzero(encode_flat_v1(a, 0) != encode_flat_v1(b, 0))
        assert diff.tolist() == [FLAT_SIZE + x if x < FX_OBS else FLAT_SIZE_V1 - 2]


def test_a10_observation_shows_which_further_tile_is_pending():
    """Choosing the Work Room or the Builder to furnish: v0's pending scalar is 1 for both."""
    obs = {}
    for f in (F_WORK_ROOM, F_BUILDER):
        s = game(1)
        s.res[0, WOOD] = s.res[0, STONE] = 5
        s.set("stack_n", 0)
        assert kernels.run_op(s.buf, OP_FURNISH, 10, 0)
        kernels.compute_mask(s.buf, s.mask)
        assert s.phase == P_FURN
        ENGINE_V1.apply_action(s, A_FURN_X + f - FX_FIRST)
        assert s.phase == P_FURN_CELL and s.pending_tile == f
        assert s.mask[A_CELL + START_CAVERN]
        obs[f] = (encode_flat(s, 0), encode_flat_v1(s, 0))
    assert np.array_equal(obs[F_WORK_ROOM][0], obs[F_BUILDER][0])
    base = FLAT_SIZE + FX_OBS
    for f in (F_WORK_ROOM, F_BUILDER):
        assert obs[f][1][base + f] == 1.0
        assert obs[f][1][base : base + FURN_OBS].sum() == 1.0


def test_a10_observation_shows_whose_board_holds_a_further_tile():
    """The Trader on my board or on my opponent's: the same points in the planes, told apart
    by the seat's furnishings by id (relative seats: mine first)."""
    mine, theirs = game(), game()
    mine.furn[0, START_CAVERN] = F_TRADER + 1
    theirs.furn[1, START_CAVERN] = F_TRADER + 1
    for s in (mine, theirs):
        s.furn_left_x[F_TRADER - FX_FIRST] = 0
    assert np.array_equal(encode_flat(mine, 0)[FLAT_SIZE:], encode_flat(theirs, 0)[FLAT_SIZE:])
    seats = FLAT_SIZE + FX_OBS + FURN_OBS
    for s, owner in ((mine, 0), (theirs, 1)):
        for me in range(2):
            rows = encode_flat_v1(s, me)[seats : seats + 4 * FURN_OBS].reshape(4, FURN_OBS)
            rel = (owner - me) % 2
            assert rows[rel, F_TRADER] > 0 and rows[1 - rel, F_TRADER] == 0
            assert rows[2:].sum() == 0  # seats beyond the table encode as zeros


def test_batched_v1_games_encode_as_the_v1_env():
    batch = BatchedEngine("caverna_ff_v1", 2, num_players=2, parallel=False)
    batch.reset(3)
    assert batch.obs.shape == (2, FLAT_SIZE_V1)
    for i in range(2):
        state = batch.view(i)
        me = ENGINE_V1.current_player(state)
        assert np.array_equal(batch.obs[i], encode_flat_v1(state, me))


def test_e23_observation_shows_the_office_rooms_border_cells_by_relative_seat():
    """A meadow on seat 1's border cell 24 (above a1): seen in the border block at that
    seat's relative place, nowhere else; the earlier entries are as without the border."""
    plain, office = game(), game()
    for s in (plain, office):
        s.furn[1, START_CAVERN] = F_OFFICE + 1
        s.furn_left_x[F_OFFICE - FX_FIRST] = 0
        s.set("office_seat", 2)
        s.tile[1, 0] = T_MEADOW
    office.tile[1, CELLS] = T_MEADOW
    size = len(PLANE_NAMES) * BORDER_CELLS + 1
    meadow = PLANE_NAMES.index(f"tile_{T_MEADOW}") * BORDER_CELLS  # border cell 24: index 0
    for me in range(2):
        a, b = encode_flat_v1(plain, me), encode_flat_v1(office, me)
        start = FLAT_SIZE_V1 - V1_BORDER + (1 - me) % 2 * size
        assert np.flatnonzero(a != b).tolist() == [start, start + meadow]  # no tile -> meadow
        assert a[start + size - 1] == b[start + size - 1] == 1.0  # that seat built it
        assert np.array_equal(a[: FLAT_SIZE_V1 - V1_BORDER], b[: FLAT_SIZE_V1 - V1_BORDER])
