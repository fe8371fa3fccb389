"""The five-game solo campaign (rules B13, seed pp. 14-15) as `campaign.SoloCampaign`: rising
orc strength, nothing reused between games, the running total, losing on a hostile orc,
bonuses bought with points (one-time and permanent) and the achievement discount. Games are
ended by hand (scenario tests: no random-game volume)."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.caverna_ff.actions import A_CELL
from eurogym.envs.caverna_ff.campaign import GAMES, STRENGTHS, SoloCampaign
from eurogym.envs.caverna_ff.rules import ENGINE_V1
from eurogym.envs.caverna_ff.state import (
    O_DEFEATED,
    O_FOREST,
    P_GAME_OVER,
    P_PLACE,
    P_TRAP_CELL,
    P_TWIN,
)
from eurogym.envs.caverna_ff.tables import (
    F_STONE_CARVER,
    ORE,
    SHEEP,
    START_CAVERN,
    STONE,
    T_FIELD,
    T_MEADOW,
    TR_NET,
    TW_MEADOW_FIELD,
    WOOD,
)
from eurogym.envs.core.errors import ConfigError


def end_game(c: SoloCampaign, won: bool = True, sheep: int = 0) -> None:
    """End the current game at once: every orc defeated (or Orc A still in the forest)."""
    s = c.state
    s.orc_state[0] = O_DEFEATED
    s.orc_cell[0] = -1
    s.orc_str[0] = 0
    if not won:
        s.orc_state[0, 0], s.orc_cell[0, 0] = O_FOREST, 0
    s.res[0, SHEEP] = sheep
    s.set("phase", P_GAME_OVER)
    assert c.game_over


@pytest.mark.parametrize("side", ["standard", "challenging"])
def test_b13_orcs_get_2_stronger_each_game_and_no_strip_extension_or_side_is_reused(side):
    c = SoloCampaign(side=side, seed=1)
    exts, longs, shorts = [], [], []
    for k in range(GAMES):
        s = c.start_game()
        assert s.p_orc_start[0].tolist() == STRENGTHS[side][k]
        assert s.orc_str[0, :3].tolist() == [x + 2 * k for x in STRENGTHS[side][0][:3]]
        assert s.res[0, 5] == 1  # 1 food in every game (seed p.14)
        exts.append(int(np.flatnonzero(s.supply_ext)[0]))
        longs.append(int(s.long_strip[0]))
        shorts.append(int(s.short_strip[0]))
        end_game(c)
        c.finish_game()
    for used in (exts, longs, shorts, c.used["ach"]):
        assert len(set(used)) == GAMES
    assert c.over and not c.lost
    with pytest.raises(RuntimeError):
        c.start_game()


def test_b13_a_hostile_orc_left_at_the_end_loses_the_whole_campaign():
    c = SoloCampaign(seed=2)
    c.start_game()
    end_game(c, won=False)
    result = c.finish_game()
    assert not result.won and c.lost and c.over
    with pytest.raises(RuntimeError):
        c.start_game()


def test_b13_points_carry_over_and_buy_bonuses_with_the_achievement_discount():
    c = SoloCampaign(seed=3)
    c.start_game()
    c._achievement = "ach1a"  # 8 sheep: a 5-point discount (the seed's example)
    end_game(c, sheep=8)
    points = ENGINE_V1.solo_outcome(c.state)[1]
    result = c.finish_game()
    assert result.achieved and result.points == points and c.running_total == points
    c.running_total = 100  # enough for the test's purchases
    assert c.buy("stone") == 10 - 5  # the discount first (seed example: 5 instead of 10)
    assert c.buy("wood") == 10  # the rest of the discount is gone
    assert c.buy("sheep", permanent=True) == 40  # permanent: double cost
    assert c.running_total == 100 - 5 - 10 - 40
    with pytest.raises(ConfigError, match="points"):
        c.buy("ruby", permanent=True)  # 60 > 45 left
    with pytest.raises(ConfigError):
        c.buy("gems")
    s = c.start_game()
    assert (s.res[0, STONE], s.res[0, WOOD], s.res[0, SHEEP]) == (1, 1, 1)
    end_game(c)
    c.finish_game()
    t = c.start_game()
    assert (t.res[0, STONE], t.res[0, WOOD], t.res[0, SHEEP]) == (0, 0, 1)  # permanent only


def test_b13_tile_and_trap_bonuses_are_free_and_placed_at_the_start():
    c = SoloCampaign(seed=4)
    c.start_game()
    end_game(c)
    c.finish_game()
    c.running_total = 200
    c.buy("tile", "stone_carver")
    c.buy("trap", "net_trap")
    with pytest.raises(ConfigError, match="one furnishing"):
        c.buy("dwelling")
    with pytest.raises(ConfigError, match="choice"):
        c.buy("twin", "castle")
    s = c.start_game()
    assert s.furn[0, START_CAVERN] == F_STONE_CARVER + 1
    assert (s.res[0, STONE], s.res[0, WOOD], s.res[0, ORE]) == (2, 0, 0)  # free, +2 stone
    assert s.phase == P_TRAP_CELL and s.pending_tile == TR_NET
    c.step(A_CELL + 7)  # the net trap on forest cell (1, 1), without paying wood and a boar
    assert s.trap[0, 7] == TR_NET + 1 and s.phase == P_PLACE
    assert (s.res[0, STONE], s.res[0, WOOD]) == (2, 0)


def test_b13_a_twin_tile_bonus_is_placed_by_the_player_at_the_start():
    c = SoloCampaign(seed=5)
    c.start_game()
    end_game(c)
    c.finish_game()
    c.running_total, c.discount = 80, 0  # whatever the drawn achievement gave
    with pytest.raises(ConfigError, match="choice"):
        c.buy("twin", "ore_mine_deep_tunnel")  # needs two tunnels: none at a game's start
    assert c.buy("twin", "meadow_field", permanent=True) == 80
    s = c.start_game()
    assert s.phase == P_TWIN and s.twin_kind == TW_MEADOW_FIELD
    c.step(int(np.flatnonzero(s.mask)[0]))  # the first legal position: over (3, 2) (D01)
    assert (s.tile[0] == T_MEADOW).sum() == 1 and (s.tile[0] == T_FIELD).sum() == 1
    assert s.phase == P_PLACE
