"""Expedition fights (spec B5) and the reward board (B6): the seed's fight example, the column
rules, shared spaces and the gold alternative."""

import pytest

from eurogym.envs.caverna_ff import env as caverna_env
from eurogym.envs.caverna_ff.actions import (
    A_DONE,
    A_GOLD,
    A_LOOT,
    A_OPTION,
    A_ORC,
    A_REWARD,
    A_SKIP,
)
from eurogym.envs.caverna_ff.rules import ENGINE, score_table
from eurogym.envs.caverna_ff.state import (
    O_CAVE,
    O_DEFEATED,
    O_FOREST,
    O_FRIENDLY,
    O_HELD,
    P_FIGHT_DOGS,
    P_FIGHT_ORC,
    P_REWARD,
)
from eurogym.envs.caverna_ff.tables import (
    DOG,
    FOOD,
    GRAIN,
    L_FIGHT,
    L_TRAP,
    LOOT_NAMES,
    REWARD_NAMES,
    VEG,
)
from tests.caverna_ff.helpers import act, house, legal, new_state, refresh, start_expedition

FIGHT = A_LOOT + L_FIGHT


def fight_state(weapon=4, dogs=3, players=1):
    s = new_state(players)
    s.weapon[0, 0] = weapon
    s.res[0, DOG] = dogs
    house(s, 0)
    start_expedition(s, 0, 0, level=1)
    return s


@pytest.mark.parametrize("spent,weapon_after", [(1, 0), (2, 2), (3, 3)])
def test_b5_fight_example_weapon_4_three_dogs_vs_orc_a_5(spent, weapon_after):
    """Seed p.6: W=4 + 3 dogs vs Orc A (5). Spend 1 dog: the weapon is lost and there is no
    +1; 2 dogs: 1, then +1 = 2; 3 dogs: 2, then +1 = 3."""
    s = fight_state()
    assert FIGHT in legal(s)
    act(s, FIGHT)
    assert s.phase == P_FIGHT_ORC and A_ORC + 0 in legal(s)
    act(s, A_ORC + 0)
    assert s.phase == P_FIGHT_DOGS
    assert legal(s) == {A_OPTION + 1, A_OPTION + 2, A_OPTION + 3}  # 0 dogs: 4 - 5 < 0
    act(s, A_OPTION + spent)
    assert s.weapon[0, 0] == weapon_after
    assert s.res[0, DOG] == 3 - spent and s.animal_at[0, :, 4].sum() == 3 - spent
    assert s.orc_state[0, 0] == O_DEFEATED and s.phase == P_REWARD  # reward after the +1


def test_b5_fight_needs_weapon_plus_dogs_at_least_the_strength():
    s = fight_state(weapon=2, dogs=2)  # 4 < 5
    assert FIGHT not in legal(s)
    s = fight_state(weapon=2, dogs=3)
    assert FIGHT in legal(s)


def test_b5_orc_d_cannot_be_fought_before_round_7():
    s = fight_state(weapon=14, dogs=0)
    s.orc_state[0, 3] = 1
    s.orc_cell[0, 3] = 0
    s.orc_str[0, 3] = 12
    refresh(s)
    act(s, FIGHT)
    assert A_ORC + 3 not in legal(s)
    s = fight_state(weapon=14, dogs=0)
    s.orc_state[0, 3] = 1
    s.orc_cell[0, 3] = 0
    s.orc_str[0, 3] = 12
    s.set("round", 7)
    refresh(s)
    act(s, FIGHT)
    assert A_ORC + 3 in legal(s)


def test_b5_fight_must_be_the_last_loot_item():
    s = fight_state(weapon=5, dogs=0)
    start_expedition(s, 0, 0, level=3)
    act(s, FIGHT, A_ORC + 0, A_OPTION + 0)  # 5 - 5 = 0: unarmed, no +1
    assert s.weapon[0, 0] == 0 and s.phase == P_REWARD


def test_b5_new_loot_items_have_their_minimum_strengths():
    assert LOOT_NAMES[L_TRAP] == "place_trap"
    s = fight_state(weapon=4, dogs=0)
    assert A_LOOT + L_TRAP not in legal(s)  # place a trap needs 5 (seed)
    s = fight_state(weapon=5, dogs=0)
    assert A_LOOT + L_TRAP in legal(s)


def reward_state(orc: int, players: int = 4):
    s = new_state(players)
    s.set("stack_n", 0)
    from eurogym.envs.caverna_ff import kernels
    from eurogym.envs.caverna_ff.orcs import defeat

    defeat(s.buf, 0, orc, 5)
    kernels.advance(s.buf, s.mask)
    assert s.phase == P_REWARD and s.actor == 0
    return s


def rewards(s):
    return {REWARD_NAMES[a - A_REWARD] for a in legal(s) if A_REWARD <= a < A_GOLD}


def test_b6_reward_columns_a1_b2_c3_d4():
    assert rewards(reward_state(0)) == {"farmer", "lumberjack", "miner_reward", "goldsmith"}
    assert len(rewards(reward_state(1))) == 8
    assert len(rewards(reward_state(2))) == 12
    assert len(rewards(reward_state(3))) == 16


def test_b6_merchant_example_orc_b_takes_grain_and_vegetable():
    """Seed p.8: defeat Orc B, put the marker on the Merchant (column 2): +1 grain, +1 veg."""
    s = reward_state(1)
    act(s, A_REWARD + REWARD_NAMES.index("merchant"))
    assert s.res[0, GRAIN] == 1 and s.res[0, VEG] == 1
    assert s.reward_taken[REWARD_NAMES.index("merchant")] == 1


def test_b6_spaces_are_shared_and_gold_is_forced_when_none_is_free():
    s = reward_state(0)
    for name in ("farmer", "lumberjack", "miner_reward", "goldsmith"):
        s.reward_taken[REWARD_NAMES.index(name)] = 2
    refresh(s)
    assert legal(s) == {A_GOLD}
    food = s.res[0, FOOD]
    act(s, A_GOLD)
    assert s.res[0, 4] == 1 and s.res[0, FOOD] == food  # Orc A's back: 1 gold (D12)


def test_b6_only_the_first_n_strips_are_in_play():
    assert rewards(reward_state(0, players=2)) == {"farmer", "lumberjack"}
    assert rewards(reward_state(0, players=1)) == {"farmer"}


def test_b6_mercenary_is_a_level_4_expedition_at_the_removed_strength_without_fight():
    s = reward_state(3)  # Orc D, strength before defeat 5 (set by reward_state)
    act(s, A_REWARD + REWARD_NAMES.index("mercenary"))
    assert s.exp_left == 4 and s.exp_strength == 5 and s.exp_mercenary == 1
    assert FIGHT not in legal(s)
    act(s, A_DONE)


def test_b6_master_trader_converts_any_amount_of_one_material_into_another():
    s = reward_state(3)
    s.res[0, 0] = 5  # wood
    stone = s.res[0, 1]
    act(s, A_REWARD + REWARD_NAMES.index("master_trader"))
    assert legal(s) == {A_OPTION + 0, A_SKIP}
    act(s, A_OPTION + 0)  # from wood
    assert legal(s) == {A_OPTION + 1, A_OPTION + 2}
    act(s, A_OPTION + 1, A_OPTION + 3)  # to stone, 3 of them
    assert s.res[0, 0] == 2 and s.res[0, 1] == stone + 3


@pytest.mark.parametrize(
    "orcs,won",
    [
        ((O_DEFEATED, O_FRIENDLY, O_DEFEATED, O_FRIENDLY), True),
        ((O_DEFEATED,) * 4, True),
        ((O_DEFEATED, O_DEFEATED, O_DEFEATED, O_FOREST), False),
        ((O_FRIENDLY, O_HELD, O_FRIENDLY, O_FRIENDLY), False),
        ((O_CAVE, O_DEFEATED, O_DEFEATED, O_DEFEATED), False),
    ],
)
def test_b13_solo_is_won_with_every_orc_defeated_or_friendly_and_margin_is_the_score(orcs, won):
    s = new_state(1)
    s.orc_state[0] = orcs
    points = score_table(s)[0].sum()
    assert ENGINE.solo_outcome(s) == (won, float(points))
    env = caverna_env.raw_env(num_players=1, seed=0, reward_mode="win_loss")
    env.state_ = s
    assert env._final_rewards() == {"player_0": 1.0 if won else -1.0}
    env = caverna_env.raw_env(num_players=1, seed=0, reward_mode="score_margin")
    env.state_ = s
    assert env._final_rewards() == {"player_0": pytest.approx(points / 100)}


def test_solo_outcome_rejects_a_foreign_state():
    with pytest.raises(TypeError):
        ENGINE.solo_outcome(object())
