"""§15 Queenies 1 and 2: the Capital (§15.1, D45) and the Caves (§15.2, D46), on the dealt
boards (set-up) and on small ASCII boards (odd rows drawn half a hex right)."""

import numpy as np

from eurogym.envs.kingdom_builder import rules
from eurogym.envs.kingdom_builder.actions import CAVE_MOVE
from eurogym.envs.kingdom_builder.queenies import hex_distance
from eurogym.envs.kingdom_builder.state import EMPTY, PHASE_MAIN, PHASE_TILE_ORIGIN
from eurogym.envs.kingdom_builder.tables import CASTLE, MOUNTAIN, SECTION_NAMES
from tests.kingdom_builder.helpers import (
    act,
    blank_game,
    cells,
    finish_turn,
    hx,
    legal_hexes,
    place,
    refresh,
    stack_deck,
)


def quadrant(h):
    return 2 * (h // 200) + h % 20 // 10


# ---------------------------------------------------------------- §15.1 Capital


def test_s15_1_capitals_go_on_a_castle_of_the_oracle_and_harbor_sections_D45():
    config = rules.make_config(
        2,
        expansions=("capital",),
        sections=("oracle", "farm", "harbor", "tower"),
        rotations=(0, 0, 0, 0),
    )
    seen = set()
    for seed in range(30):
        state = rules.new_game(config, seed)
        capitals = state.capital_hex.tolist()
        assert EMPTY not in capitals and (state.terrain[capitals] == CASTLE).all()
        assert sorted(quadrant(h) for h in capitals) == [0, 2]  # Oracle TL, Harbor BL
        seen.add(capitals[0])
    assert len(seen) == 2  # either of the Oracle's two castles (random, D45)
    no_capital = rules.make_config(
        2, expansions=("capital",), sections=("farm", "oasis", "tower", "barn")
    )
    assert (rules.new_game(no_capital, 0).capital_hex == EMPTY).all()


def test_s15_1_capital_pays_1_per_settlement_within_2_hexes_and_stays_a_castle():
    # Arrange: the capital on the castle (2,2); settlements at distance 1, 2, 2 and 3
    state = blank_game(
        terrain_rows="""
        G G G G G G G
         G G G G G G G
        G G K G G G G
        """,
        fill="G",
        expansions=("capital",),
    )
    state.capital_hex[0] = hx(2, 2)
    place(state, 0, (2, 3), (2, 4), (0, 2), (2, 5))
    assert [hex_distance(hx(2, 2), hx(*rc)) for rc in ((2, 3), (2, 4), (0, 2), (2, 5))] == [
        1, 2, 2, 3,
    ]  # fmt: skip
    # Act
    table = rules.score_table(state)
    # Assert: 3 capital gold; the castle still pays its 3 gold (§8)
    assert table[0, 5] == 3 and table[0, 3] == 3  # column 5: capitals
    assert table[1, 5] == 0


# ---------------------------------------------------------------- §15.2 Caves


def test_s15_2_caves_on_mountains_three_hexes_from_every_special_hex_D46():
    config = rules.make_config(3, expansions=("caves", "nomads"))
    for seed in range(25):
        state = rules.new_game(config, seed)
        specials = np.flatnonzero(state.terrain >= CASTLE)
        for k, cave in enumerate(state.cave_hex.tolist()):
            section = SECTION_NAMES[state.sections[k]] if state.sections[k] < 8 else ""
            if section == "oasis":  # the Oasis has no mountain at all
                assert cave == EMPTY
            if cave == EMPTY:
                continue
            assert state.terrain[cave] == MOUNTAIN and quadrant(cave) == k
            assert min(hex_distance(cave, int(s)) for s in specials) >= 3


# Caves at (1,1) and (1,5); mountains elsewhere are plain mountains.
CAVE_FIELD = """
G G G G G G G G
 G M G G G M G G
G G G G G G G G
"""


def cave_game():
    state = blank_game(terrain_rows=CAVE_FIELD, fill="G", expansions=("caves",), played="G")
    state.cave_hex[0] = hx(1, 1)
    state.cave_hex[1] = hx(1, 5)
    stack_deck(state, "GGGG")
    return refresh(state)


def test_s15_2_cave_move_from_next_to_a_cave_to_next_to_any_cave():
    # Arrange: (0,1) touches the cave (1,1); (2,7) touches none
    state = cave_game()
    place(state, 0, (0, 1), (2, 7))
    place(state, 1, (0, 5))
    # Act / Assert
    assert state.mask[CAVE_MOVE]
    act(state, CAVE_MOVE)
    assert state.phase == PHASE_TILE_ORIGIN and legal_hexes(state) == cells((0, 1))
    act(state, (0, 1))
    # every empty buildable hex next to either cave; (0,5) is taken, (0,1) is the mover's own
    assert legal_hexes(state) == cells(
        (0, 2), (1, 0), (1, 2), (2, 1), (2, 2),  # around (1,1)
        (0, 6), (1, 4), (1, 6), (2, 5), (2, 6),  # around (1,5)
    )  # fmt: skip
    act(state, (1, 6))
    # Assert: moved; once per turn
    assert state.owner[hx(1, 6)] == 0 and state.owner[hx(0, 1)] == EMPTY
    assert state.phase == PHASE_MAIN and not state.mask[CAVE_MOVE]


def test_s15_2_cave_move_is_once_per_turn_and_back_next_turn():
    state = cave_game()
    place(state, 0, (0, 1))
    place(state, 1, (2, 5))
    act(state, CAVE_MOVE, (0, 1), (0, 2))
    assert not state.mask[CAVE_MOVE]
    finish_turn(state)
    assert state.cur == 1 and state.mask[CAVE_MOVE]  # player 1's settlement touches (1,5)


def test_s15_2_no_cave_move_without_a_settlement_next_to_a_cave():
    state = cave_game()
    place(state, 0, (2, 7))
    assert not state.mask[CAVE_MOVE]
