"""§10 the ten base Kingdom Builder cards, each on a small hand-built board with the expected
gold worked out by hand (and the reference twin held to the same numbers), including the seed
rulebook's worked examples (Farmers 6/6/4/10 -> 12, Lords 8/8/6/2 -> 12/12/6/0)."""

import pytest

from eurogym.envs.kingdom_builder import reference, rules
from eurogym.envs.kingdom_builder.scoring import score_card
from eurogym.envs.kingdom_builder.tables import CARD_NAMES, NEIGHBOURS
from tests.kingdom_builder.helpers import blank_game, hx, place


def gold(state, card):
    """Gold per seat from `card`, from the scoring kernel; the reference must agree."""
    kernel = [
        int(score_card(state.buf, NEIGHBOURS, p, CARD_NAMES.index(card)))
        for p in range(state.num_players)
    ]
    twin = [reference.score_card(state, p, card) for p in range(state.num_players)]
    assert kernel == twin, f"{card}: kernel {kernel} != reference {twin}"
    return kernel


def section_hexes(section):
    """The 100 hexes of quadrant `section` (§2.2: 0 top-left, 1 top-right, ...)."""
    r0, c0 = 10 * (section // 2), 10 * (section % 2)
    return [hx(r0 + i, c0 + j) for i in range(10) for j in range(10)]


def fill_sections(state, counts_by_section):
    """counts_by_section[s][p] settlements of player p in section s (terrain ignored)."""
    for s, counts in enumerate(counts_by_section):
        free = iter(section_hexes(s))
        for p, count in enumerate(counts):
            place(state, p, *[next(free) for _ in range(count)])


# ---------------------------------------------------------------- Fishermen, Miners, Workers

#   row 0: G G G G G          (0,1) touches water (1,1)
#   row 1:  G W W G G         (1,2) stands on water
#   row 2: G G G G G          (2,2) touches two water hexes; (0,4) touches none
WATER_FIELD = """
G G G G G
 G W W G G
G G G G G
"""


def test_s10_fishermen_none_on_water():
    # Arrange
    state = blank_game(terrain_rows=WATER_FIELD, fill="G")
    place(state, 0, (0, 1), (1, 2), (2, 2), (0, 4))
    # Act / Assert: (0,1) and (2,2) score 1 each; the one on water scores nothing
    assert gold(state, "fishermen") == [2, 0]


def test_s10_miners_one_per_settlement_next_to_mountain_none_on_it():
    # Arrange: the same shape with mountains instead of water (D16: none standing on one)
    state = blank_game(terrain_rows=WATER_FIELD.replace("W", "M"), fill="G")
    place(state, 0, (0, 1), (1, 2), (2, 2), (0, 4))
    place(state, 1, (1, 4))
    # Act / Assert
    assert gold(state, "miners") == [2, 0]


def test_s10_workers_castles_and_locations():
    # Arrange: castle (1,1), location (1,3); (1,2) touches both (counts once); (2,4) touches
    # the location; (0,5) touches nothing; player 1 stands on water (0,1) next to the castle
    state = blank_game(
        terrain_rows="""
        G W G G G G
         G K G L G G
        G G G G G G
        """,
        fill="G",
    )
    place(state, 0, (1, 2), (2, 4), (0, 5))
    place(state, 1, (0, 1))
    # Act / Assert
    assert gold(state, "workers") == [2, 1]


# ---------------------------------------------------------------- Merchants

# L1 = (2,2), K = (2,6), L2 = (6,2); castle (8,2) touches location (8,3) directly.
MERCHANT_FIELD = """
G G G G G G G G
 G G G G G G G G
G G L G G G K G
 G G G G G G G G
G G G G G G G G
 G G G G G G G G
G G L G G G G G
 G G G G G G G G
G G K L G G G G
"""


def test_s10_merchants_area_linking_two_specials():
    # Arrange: area (2,3)(2,4)(2,5) touches L1 and K
    state = blank_game(terrain_rows=MERCHANT_FIELD, fill="G")
    place(state, 0, (2, 3), (2, 4), (2, 5))
    # Act / Assert: 4 gold for each of the 2 linked special hexes
    assert gold(state, "merchants") == [8, 0]


def test_s10_merchants_each_special_hex_counts_once():
    # Arrange: a second, separate area (3,1)(4,1)(5,1) links L1 and L2
    state = blank_game(terrain_rows=MERCHANT_FIELD, fill="G")
    place(state, 0, (2, 3), (2, 4), (2, 5))
    place(state, 0, (3, 1), (4, 1), (5, 1))
    # Act / Assert: L1, K, L2 -> 12, not 16 (L1 is linked twice but scores once)
    assert gold(state, "merchants") == [12, 0]


def test_s10_merchants_needs_one_area_not_two_D9():
    # Arrange: player 0 touches L1 and K with two separate settlements; player 1 touches only
    # the castle (8,2), which itself touches the location (8,3)
    state = blank_game(terrain_rows=MERCHANT_FIELD, fill="G")
    place(state, 0, (2, 3), (2, 5))
    place(state, 1, (8, 1))
    # Act / Assert
    assert gold(state, "merchants") == [0, 0]


# ---------------------------------------------------------------- rows: Discoverers, Knights


def test_s10_discoverers_one_per_row():
    # Arrange: rows 0 (twice), 5 and 19
    state = blank_game(fill="G", terrain_rows="")
    place(state, 0, (0, 0), (0, 10), (5, 5), (19, 19))
    place(state, 1, (7, 7))
    # Act / Assert
    assert gold(state, "discoverers") == [3, 1]


def test_s10_knights_one_row_only():
    # Arrange: 4 on row 3, 3 on row 7 (across both sections); player 1: 2 and 2
    state = blank_game(fill="G", terrain_rows="")
    place(state, 0, (3, 0), (3, 5), (3, 12), (3, 19), (7, 1), (7, 2), (7, 15))
    place(state, 1, (10, 0), (10, 1), (12, 0), (12, 1))
    # Act / Assert: 2 x 4 (not 2 x 7); a tie between rows counts one row
    assert gold(state, "knights") == [8, 4]


# ---------------------------------------------------------------- areas: Hermits, Citizens


def test_s10_hermits_one_per_area_isolated_included():
    # Arrange: an area of 3, an area of 2 and an isolated settlement
    state = blank_game(fill="G", terrain_rows="")
    place(state, 0, (0, 0), (0, 1), (0, 2), (5, 5), (5, 6), (9, 9))
    # Act / Assert
    assert gold(state, "hermits") == [3, 0]


def test_s10_hermits_adjacency_follows_odd_r():
    # Arrange: odd rows sit half a hex right, so (1,1) and (3,1) both touch (2,2) (one
    # area for player 0), and (4,0) touches (5,0); (1,3) and (3,5) are apart (player 1: 3 areas)
    state = blank_game(fill="G", terrain_rows="")
    place(state, 0, (1, 1), (2, 2), (3, 1))
    place(state, 1, (1, 3), (3, 5), (5, 0), (4, 0))
    # Act / Assert
    assert gold(state, "hermits") == [1, 3]


def test_s10_citizens_half_of_largest_area_rounded_down():
    # Arrange: player 0 areas of 7 and 5; player 1 areas of 3 and 3
    state = blank_game(fill="G", terrain_rows="")
    place(state, 0, *[(0, c) for c in range(7)], *[(10, c) for c in range(5)])
    place(state, 1, (15, 0), (15, 1), (15, 2), (18, 10), (18, 11), (18, 12))
    # Act / Assert: 7 // 2 = 3; 3 // 2 = 1
    assert gold(state, "citizens") == [3, 1]


# ---------------------------------------------------------------- sections: Farmers, Lords


def test_s10_farmers_worked_example_scores_12():
    # Arrange: seed example: 6, 6, 4 and 10 settlements in the four sections
    state = blank_game(fill="G", terrain_rows="")
    fill_sections(state, [[6, 1], [6, 2], [4, 3], [10, 0]])
    # Act / Assert: the fewest is 4 -> 4 x 3 = 12; player 1 has none in section 3 -> 0
    assert gold(state, "farmers") == [12, 0]


@pytest.mark.parametrize("zero_can_be_second", [True, False])
def test_s10_lords_ties(zero_can_be_second):
    # Arrange: 4 players; section 0 holds 8/8/6/2 (seed example); the D8 flag cannot matter
    state = blank_game(4, fill="G", terrain_rows="", lords_zero_can_be_second=zero_can_be_second)
    fill_sections(state, [[8, 8, 6, 2], [], [], []])
    # Act / Assert: both leaders 12, next distinct count 6, the rest 0; empty sections pay 0
    assert gold(state, "lords") == [12, 12, 6, 0]


def test_s10_lords_tie_for_second():
    # Arrange: 5/3/3/0 in section 1
    state = blank_game(4, fill="G", terrain_rows="")
    fill_sections(state, [[], [5, 3, 3, 0], [], []])
    # Act / Assert
    assert gold(state, "lords") == [12, 6, 6, 0]


@pytest.mark.parametrize(
    ("zero_can_be_second", "expected"), [(True, [12, 6, 6]), (False, [12, 0, 0])]
)
def test_s10_lords_zero_can_be_second_D8(zero_can_be_second, expected):
    # Arrange: only player 0 has settlements, all in section 2
    state = blank_game(3, fill="G", terrain_rows="", lords_zero_can_be_second=zero_can_be_second)
    fill_sections(state, [[], [], [4], []])
    # Act / Assert: with the D8 flag the players with 0 are "second" in that one section
    assert gold(state, "lords") == expected


def test_s10_lords_over_several_sections():
    # Arrange: section 0: 8/8/6/2; section 1: 5/0/0/0; sections 2, 3 empty
    state = blank_game(4, fill="G", terrain_rows="")
    fill_sections(state, [[8, 8, 6, 2], [5, 0, 0, 0], [], []])
    # Act / Assert
    assert gold(state, "lords") == [24, 18, 12, 6]


def test_s10_score_table_uses_the_games_three_cards():
    # Arrange: cards Farmers, Lords, Hermits
    state = blank_game(2, fill="G", terrain_rows="", cards=("farmers", "lords", "hermits"))
    fill_sections(state, [[1, 0], [1, 0], [1, 0], [1, 2]])
    # Act
    table = rules.score_table(state)
    # Assert: columns in card order, castles last; player 1 has one area of 2 (adjacent)
    assert table[0].tolist() == [3, 12 * 3 + 6, 4, 0]
    assert table[1].tolist() == [0, 6 * 3 + 12, 1, 0]
