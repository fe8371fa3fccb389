"""Setup by player count (spec §5.1-§5.4): empty river spaces, land double stacks, the
Megamachine blockers, the neutral tycoon, and the Megamachine token's district."""

import numpy as np
import pytest

from eurogym.envs.daitoshi.state import BLOCKED, EMPTY, NEUTRAL
from eurogym.envs.daitoshi.tables import MIDDLE
from tests.daitoshi.helpers import new_state

SEEDS = range(6)
RIVER_SPACES = 19
LAND_SPACES = 10


@pytest.mark.parametrize("n,empty", [(1, 8), (2, 8), (3, 4), (4, 0)])
def test_s5_3_river_spaces_nearest_the_temple_start_empty_by_player_count(n, empty):
    """§5.3: 8 / 8 / 4 / 0 empty river spaces (nearest the temple) with 1 / 2 / 3 / 4 players;
    every other river space holds a single hex."""
    for seed in SEEDS:
        s = new_state(n, seed)
        assert s.track_n[0, :empty].tolist() == [0] * empty
        assert s.track_n[0, empty:RIVER_SPACES].tolist() == [1] * (RIVER_SPACES - empty)


@pytest.mark.parametrize("n,doubles", [(1, set()), (2, set()), (3, {4, 8}), (4, {2, 4, 6, 8, 9})])
def test_s5_1_land_spaces_get_double_stacks_by_player_count(n, doubles):
    """§5.1 step 5 / §5.3: land spaces marked 3+ (4, 8) hold 2 hexes from 3 players, those
    marked 4 (2, 6, 9) from 4 players; every other land space holds 1."""
    for seed in SEEDS:
        s = new_state(n, seed)
        for t in (1, 2, 3):
            expected = [2 if space in doubles else 1 for space in range(1, LAND_SPACES + 1)]
            assert s.track_n[t, :LAND_SPACES].tolist() == expected


@pytest.mark.parametrize("n,blocked", [(1, 2), (2, 2), (3, 1), (4, 0)])
def test_s5_1_megamachine_blockers_by_player_count(n, blocked):
    """§5.1 step 9: the 2p side covers 2 spaces (2 players and solo), the 3p side 1 space,
    none with 4 players; the covered spaces are the board's own."""
    for seed in SEEDS:
        s = new_state(n, seed)
        covered = np.flatnonzero(s.mm_inv == BLOCKED)
        assert len(covered) == blocked
        assert covered.tolist() == np.flatnonzero(s.c_mm_block[s.mm_board, n]).tolist()
        assert all(s.mm_inv[i] == EMPTY for i in range(6) if i not in covered)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_s5_4_the_neutral_tycoon_with_1_or_2_players_on_a_free_district_middle_space(n):
    """§5.4: with 1-2 players a neutral tycoon stands on the middle space of a district that
    holds no other tycoon; with 3-4 players there is none."""
    for seed in SEEDS:
        s = new_state(n, seed)
        if n >= 3:
            assert s.tyc_d[NEUTRAL] == EMPTY
            continue
        d = s.tyc_d[NEUTRAL]
        assert d != EMPTY and s.tyc_s[NEUTRAL] == MIDDLE
        assert d not in s.tyc_d[: s.seats].tolist()


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_s5_1_the_megamachine_token_never_starts_on_the_town_hall(n):
    """§5.1 step 7 (D34): the token goes to a drawn card's district, redrawn on the Town
    Hall."""
    town_hall = None
    for seed in range(40):
        s = new_state(n, seed)
        town_hall = int(np.flatnonzero(s.c_tile_action[s.tile[:, 0]] == 5)[0])
        assert s.mm_district != town_hall
    assert town_hall is not None
