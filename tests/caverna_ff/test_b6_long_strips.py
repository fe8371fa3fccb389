"""caverna_ff_v1's reward board (rules B6): the long strips L1-L7 dealt at random to the reward
rows (or chosen with `long_strips`), and the rewards of L3, L6 and L7 that v0's strips L1, L2,
L4, L5 lack: Mason, Cattle Breeder, Soldier, Forger; Pack Donkey, Grocer, Orc Doctor, Breeder;
Wanderers, Scavenger, Herald, Benefactor. Each test compares with what the rule excludes (the
Mercenary's level, an occupied against a free space, no orc room), so a wrong rule fails."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.encoders.caverna_ff import encode_flat_v1
from eurogym.envs.caverna_ff import kernels
from eurogym.envs.caverna_ff.actions import A_REWARD, A_SPACE, A_TWIN
from eurogym.envs.caverna_ff.orcs import defeat
from eurogym.envs.caverna_ff.render import render_ansi
from eurogym.envs.caverna_ff.rewards import benefactor_food, reward_kind
from eurogym.envs.caverna_ff.rules import ENGINE, ENGINE_V1
from eurogym.envs.caverna_ff.spaces import SPACE_NAMES
from eurogym.envs.caverna_ff.state import (
    D_ADULT,
    D_HOSTAGE,
    D_NEWBORN,
    EMPTY,
    O_DEFEATED,
    O_FRIENDLY,
    P_LOOT,
    P_SPACE_PICK,
    P_TWIN,
    P_TWIN_KIND,
    ST_WORK,
    StateV1,
)
from eurogym.envs.caverna_ff.tables import (
    DOG,
    F_ORC_DWELLING,
    GOOD_NAMES,
    LONG_STRIP_NAMES,
    REWARD_GAIN,
    REWARD_KIND_NAMES,
    REWARD_NAMES,
    STONE,
    T_CAVERN,
    WOOD,
)
from eurogym.envs.core.errors import ConfigError
from tests.caverna_ff.helpers import cell, legal

ORC_D = 3  # may claim any column 1-4
DRIFT, LOGGING = SPACE_NAMES.index("drift_mining"), SPACE_NAMES.index("logging")


def game(strips: list[str], seed: int = 0) -> StateV1:
    """A v1 game whose reward rows hold `strips` (one per player)."""
    return ENGINE_V1.new_game(ENGINE_V1.make_config(len(strips), long_strips=strips), seed)


def claim(s: StateV1, name: str, strength: int = 5) -> None:
    """Player 0 defeats Orc D (strength before the defeat `strength`) and takes reward `name`
    from the row whose strip carries it."""
    s.set("stack_n", 0)
    defeat(s.buf, 0, ORC_D, strength)
    kernels.advance(s.buf, s.mask)
    row = [int(k) for k in s.long_strip].index(REWARD_KIND_NAMES.index(name) // 4)
    ENGINE_V1.apply_action(s, A_REWARD + row * 4 + REWARD_KIND_NAMES.index(name) % 4)


def test_b6_v1_deals_n_distinct_long_strips_at_random_v0_keeps_l1_l2_l4_l5():
    seen = set()
    for seed in range(12):
        s = ENGINE_V1.new_game(ENGINE_V1.make_config(3), seed)
        rows = [int(k) for k in s.long_strip]
        assert len(set(rows[:3])) == 3 and rows[3] == EMPTY
        seen.update(rows[:3])
        assert [reward_kind(s.buf, r) // 4 for r in range(0, 12, 4)] == rows[:3]
    assert seen == set(range(len(LONG_STRIP_NAMES)))  # L3, L6 and L7 come up too
    v0 = ENGINE.new_game(ENGINE.make_config(4), 0)
    kinds = [REWARD_KIND_NAMES[reward_kind(v0.buf, r)] for r in range(16)]
    assert kinds == list(REWARD_NAMES)  # v0: L1, L2, L4, L5 as before


def test_b6_long_strips_and_short_strips_options_put_the_named_strips_on_the_rows():
    config = ENGINE_V1.make_config(2, long_strips=["L7", "L3"], short_strips=["R6", "R1"])
    s = ENGINE_V1.new_game(config, 5)
    assert s.long_strip.tolist() == [6, 2] + [EMPTY] * 5  # 7 seats' rows, 2 in play
    assert s.short_strip.tolist() == [5, 0] + [EMPTY] * 5
    t = s.copy()
    t.long_strip[1] = 1  # L2 instead of L3 in row 2: the observation tells them apart
    assert not np.array_equal(encode_flat_v1(s, 0), encode_flat_v1(t, 0))
    assert "strips L7 L3" in render_ansi(s) and "Soldier" in render_ansi(s)
    for bad in (["L1"], ["L1", "L1"], ["L1", "L8"], "L1 L2"):
        with pytest.raises(ConfigError, match="long_strips"):
            ENGINE_V1.make_config(2, long_strips=bad)
    with pytest.raises(ConfigError, match="short_strips"):
        ENGINE_V1.make_config(2, short_strips=["R1", "R9"])
    with pytest.raises(ConfigError, match="long_strips"):
        ENGINE.make_config(2, long_strips=["L1", "L2"])  # v0 has fixed strips


def test_b6_goods_rewards_of_l3_l6_l7_are_the_seed_amounts():
    def gain(name: str) -> dict[str, int]:
        row = REWARD_GAIN[REWARD_KIND_NAMES.index(name)]
        return {GOOD_NAMES[g]: int(k) for g, k in enumerate(row) if k}

    assert gain("mason") == {"stone": 3}
    assert gain("cattle_breeder") == {"cattle": 1}
    assert gain("pack_donkey") == {"donkey": 1}
    assert gain("grocer") == {"gold": 2, "food": 1}
    assert gain("breeder") == {"sheep": 1, "boar": 1, "cattle": 1, "donkey": 1, "dog": 1}
    assert gain("wanderers") == {"dog": 2}
    assert gain("scavenger") == {"wood": 1, "stone": 1, "ore": 1}
    s = game(["L7"])
    before = s.res[0].copy()
    claim(s, "scavenger")
    assert (s.res[0] - before)[[WOOD, STONE, 2]].tolist() == [1, 1, 1]
    t = game(["L7"])
    claim(t, "wanderers")  # dogs need no housing decision (D05)
    assert t.res[0, DOG] == 2


@pytest.mark.parametrize(("name", "level"), [("soldier", 3), ("mercenary", 4)])
def test_b6_soldier_is_a_level_3_expedition_at_the_defeated_orcs_strength(name, level):
    s = game(["L3" if name == "soldier" else "L1"])
    claim(s, name, strength=7)
    assert s.phase == P_LOOT
    assert (s.exp_left, s.exp_strength, s.exp_mercenary) == (level, 7, 1)  # no fight, no +1


def occupied_drift_mining(s: StateV1) -> None:
    """Player 1's dwarf took Drift Mining (and its stone) this round."""
    s.occupant[DRIFT] = 1
    s.dwarf_space[1, 0] = DRIFT
    s.accum[DRIFT, :] = 0


def test_b6_forger_takes_the_actions_of_an_occupied_space_then_the_action_goes_on():
    s = game(["L3", "L1"])
    occupied_drift_mining(s)
    space, person = int(s.cur_space), int(s.cur_person)
    claim(s, "forger")
    assert s.phase == P_SPACE_PICK
    spaces = {a - A_SPACE for a in legal(s) if a < A_TWIN}
    assert spaces == {DRIFT}  # occupied, its twin tile possible; no free space
    assert "Forger" in ENGINE_V1.describe_action(s, A_SPACE + DRIFT)
    ENGINE_V1.apply_action(s, A_SPACE + DRIFT)
    assert s.phase in (P_TWIN, P_TWIN_KIND)  # Drift Mining's cavern/tunnel twin
    assert s.occupant[DRIFT] == 1  # the space stays the other player's
    while s.phase in (P_TWIN, P_TWIN_KIND):
        ENGINE_V1.apply_action(s, int(np.flatnonzero(s.mask)[0]))
    assert (int(s.cur_space), int(s.cur_person)) == (space, person)  # OP_RESTORE


def test_b6_herald_takes_a_free_spaces_actions_without_a_person():
    s = game(["L7", "L1"])
    occupied_drift_mining(s)
    s.weapon[0, 0] = 8  # the acting dwarf is armed: still no expedition (E21)
    wood = int(s.res[0, WOOD] + s.accum[LOGGING, WOOD])
    claim(s, "herald")
    assert s.phase == P_SPACE_PICK
    spaces = {a - A_SPACE for a in legal(s) if a < A_TWIN}
    assert LOGGING in spaces and DRIFT not in spaces  # free spaces only
    ENGINE_V1.apply_action(s, A_SPACE + LOGGING)
    assert s.res[0, WOOD] == wood and s.accum[LOGGING, WOOD] == 0
    assert s.phase != P_LOOT and s.occupant[LOGGING] == EMPTY


@pytest.mark.parametrize("room", [True, False])
def test_b6_orc_doctor_puts_the_extra_orc_into_a_free_orc_room_usable_this_round(room):
    s = game(["L6"])
    if room:
        s.tile[0, cell(1, 3)], s.furn[0, cell(1, 3)] = T_CAVERN, F_ORC_DWELLING + 1
    assert s.stage == ST_WORK
    claim(s, "orc_doctor")
    if room:
        assert s.orc_state[0, ORC_D] == O_FRIENDLY and s.orc_ready[0, ORC_D] == s.round
    else:  # "if you have an uninhabited orc dwelling": nothing without one
        assert s.orc_state[0, ORC_D] == O_DEFEATED


def test_b6_benefactor_feeds_adults_2_newborns_and_friendly_orcs_1_not_hostages():
    s = game(["L7"])
    s.dwarf[0, :4] = (D_ADULT, D_ADULT, D_NEWBORN, D_HOSTAGE)
    s.orc_state[0, 0], s.orc_cell[0, 0] = O_FRIENDLY, -1
    assert benefactor_food(s.buf, 0) == 2 + 2 + 1 + 1
    food = int(s.res[0, 5])
    claim(s, "benefactor")
    assert s.res[0, 5] == food + 6
