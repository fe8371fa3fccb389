"""§15.3 the Queenie Island: a separate 5-row board reached only when a placement under
"adjacent if possible" has no adjacent candidate, adjacency there once settled, the Tree House
and Rope Bridge tiles, island rows for Knights, Discoverers and Mayors (§2.2), no section for
Farmers and Lords, main-board edges for Tower (D47); plus its set-up, options and board files."""

import json

import numpy as np
import pytest

from eurogym.encoders.kingdom_builder import X_FLAT_SIZE, encode_flat
from eurogym.envs.core.errors import ConfigError, StateError
from eurogym.envs.kingdom_builder import rules
from eurogym.envs.kingdom_builder.actions import ISLAND_HEX_ACTIONS, ISLAND_TILE_ACTIONS
from eurogym.envs.kingdom_builder.crossroads import meets_task
from eurogym.envs.kingdom_builder.harvest import MAYORS_GOLD
from eurogym.envs.kingdom_builder.invariants import check_invariants, check_state
from eurogym.envs.kingdom_builder.kernels import move
from eurogym.envs.kingdom_builder.render import render_ansi
from eurogym.envs.kingdom_builder.scoring import score_card, score_castles
from eurogym.envs.kingdom_builder.state import EMPTY, PHASE_TILE_TARGET
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    BOARDS,
    ISLAND_COLS,
    ISLAND_HEXES,
    ISLAND_ROWS,
    ISLAND_SIDES,
    ISLAND_TERRAIN,
    NEIGHBOURS,
    NUM_HEXES,
    ROWS,
    TASK_NAMES,
    X_NEIGHBOURS,
)
from tests.kingdom_builder.helpers import (
    act,
    blank_game,
    cells,
    code,
    give_tile,
    hx,
    legal_hexes,
    place,
    refresh,
    tile_action,
)

ISLAND = ("island",)
# A drawn island: grass, a forest pair, a canyon pair; location (2,4), castle (1,5).
ISLAND_MAP = """
G G G G G G G G G G
 G G G G G K G G G G
G G G G L G T T G G
 G G G G G G G G G G
C C G G G G G G G G
"""


def ii(row, col):
    """Island hex i of (row, col)."""
    return row * ISLAND_COLS + col


def island_action(row, col):
    return ISLAND_HEX_ACTIONS + ii(row, col)


def island_game(
    players=2, terrain_rows=None, *, side="tree_house", played="G", expansions=ISLAND, **kw
):
    """blank_game with the Island on, its side `side` and the map ISLAND_MAP."""
    state = blank_game(players, terrain_rows, expansions=expansions, played=played, **kw)
    state.set("island_side", ISLAND_SIDES.index(f"island_{side}"))
    letters = "".join(ISLAND_MAP.split())
    state.island_terrain[:] = [code(ch) for ch in letters]
    state.set("island_location", ii(2, 4))
    state.set("custom_board", 1)  # a drawn map: check_state does not re-deal it
    return refresh(state)


def on_island(state, player, *pairs):
    for r, c in pairs:
        assert state.island_owner[ii(r, c)] == EMPTY
        state.island_owner[ii(r, c)] = player
        state.supply[player] -= 1
    refresh(state)


def legal_island(state):
    block = state.mask[ISLAND_HEX_ACTIONS : ISLAND_HEX_ACTIONS + ISLAND_HEXES]
    return {divmod(int(i), ISLAND_COLS) for i in np.flatnonzero(block)}


def island_grass(state):
    return {
        divmod(i, ISLAND_COLS)
        for i in range(ISLAND_HEXES)
        if state.island_terrain[i] == code("G") and state.island_owner[i] == EMPTY
    }


# A board of mountains with a grass patch at rows 10-11 and forest at (15,15), (15,16).
PATCH = ["M M M M M M M M M M"] * 10 + [
    "M M M M M G G M M M",
    " M M M M M G G M M M",
    "M M M M M M M M M M",
    " M M M M M M M M M M",
    "M M M M M M M M M M",
    " M M M M M M M M M M M M M M M T T",
]


def test_s15_3_island_hexes_touch_only_island_hexes():
    main, island = X_NEIGHBOURS[:NUM_HEXES], X_NEIGHBOURS[NUM_HEXES:]
    assert main.max() < NUM_HEXES  # no main-board hex has an island neighbour
    assert ((island == -1) | (island >= NUM_HEXES)).all()  # nor the reverse
    assert (island >= 0).sum() > 0 and X_NEIGHBOURS.shape[0] == NUM_HEXES + ISLAND_HEXES


def test_s15_3_island_legal_only_when_no_candidate_is_adjacent():
    # Arrange: player 0 touches the main grass patch
    state = island_game(terrain_rows=PATCH)
    place(state, 0, (10, 4))
    # Assert: adjacent grass exists, so the island is not reachable
    assert legal_hexes(state) == cells((10, 5)) and legal_island(state) == set()
    # Arrange: the same board, player 0's settlement far from every grass hex
    state = island_game(terrain_rows=PATCH)
    place(state, 0, (0, 0))
    # Assert: no adjacent candidate: every grass hex is legal, the island's included
    assert legal_hexes(state) == cells((10, 5), (10, 6), (11, 5), (11, 6))
    assert legal_island(state) == island_grass(state)


def test_s15_3_island_settlements_make_adjacency_possible_there():
    # Arrange: player 0 on the island only; the main grass touches nothing of theirs
    state = island_game(terrain_rows=PATCH)
    on_island(state, 0, (3, 1))
    # Assert: adjacent if possible now means next to the island settlement
    assert legal_hexes(state) == set()
    assert legal_island(state) == {(2, 1), (2, 2), (3, 0), (3, 2), (4, 2)}  # (4,1) is canyon
    # Act: build there; the next mandatory placement stays adjacent
    act(state, island_action(2, 1))
    assert state.island_owner[ii(2, 1)] == 0 and state.supply[0] == 38
    assert (2, 0) in legal_island(state) and legal_hexes(state) == set()
    # Arrange: a main-board settlement next to grass as well: both adjacent sets are legal
    place(state, 0, (10, 4))
    assert legal_hexes(state) == cells((10, 5)) and (2, 0) in legal_island(state)


def test_s15_3_island_counts_for_the_no_legal_hex_exception():
    # Arrange: no empty grass on the main board at all, grass on the island (§5)
    state = island_game(terrain_rows=["M"], fill="M")
    # Assert: the grass card stays the played card; its settlements go to the island
    assert state.played == code("G") and legal_island(state) == island_grass(state)


@pytest.mark.parametrize("side,terrain", [("tree_house", "T"), ("rope_bridge", "C")])
def test_s15_3_island_tile_moves_onto_its_terrain_adjacent_if_possible(side, terrain):
    # Arrange: player 0 holds the side's tile (taken on an earlier turn), one settlement on
    # the main board, one on the island next to island hexes of the tile's terrain
    state = island_game(terrain_rows=PATCH, side=side)
    place(state, 0, (0, 0))
    near = (2, 5) if terrain == "T" else (3, 1)
    on_island(state, 0, near, (1, 4))  # (1,4) keeps the tile: it touches the location
    state.island_taken[0] = state.island_holding[0] = 1
    state.set("island_tiles_left", 1)
    refresh(state)
    action = ISLAND_TILE_ACTIONS + ISLAND_SIDES.index(f"island_{side}")
    assert state.mask[action]
    # Act: use the tile; both settlements may move
    act(state, action)
    assert legal_hexes(state) == cells((0, 0)) and legal_island(state) == {near, (1, 4)}
    act(state, (0, 0))
    assert state.phase == PHASE_TILE_TARGET
    # Assert: adjacent if possible: the island hexes of that terrain next to `near`
    targets = {(2, 6)} if terrain == "T" else {(4, 1)}
    assert legal_hexes(state) == set() and legal_island(state) == targets
    (row, col) = next(iter(targets))
    act(state, island_action(row, col))
    assert state.owner[hx(0, 0)] == EMPTY and state.island_owner[ii(row, col)] == 0
    assert state.island_used[0] == 1 and not state.mask[action]  # once per turn


def test_s15_3_island_tile_taken_next_to_its_location_and_lost_for_good():
    # Arrange: player 0's first settlement goes to the island next to the location (2,4)
    state = island_game(terrain_rows=["M"], fill="M")
    # Act: build at (2,3), next to the location
    act(state, island_action(2, 3))
    # Assert: one of the 2 tiles taken, new this turn (usable from the next turn, §7.1)
    assert state.island_taken[0] == state.island_holding[0] == state.island_new[0] == 1
    assert state.island_tiles_left == 1 and not state.mask[ISLAND_TILE_ACTIONS]
    # Act: as if taken on an earlier turn; the mandatory action goes on next to it
    state.island_new[0] = 0
    refresh(state)
    act(state, island_action(2, 2), island_action(2, 1))
    # Act: the Tree House moves the settlement at (2,3) away from the location
    assert state.mask[ISLAND_TILE_ACTIONS]
    act(state, ISLAND_TILE_ACTIONS, island_action(2, 3))
    assert legal_island(state) == {(2, 6), (2, 7)}  # no forest next to the others
    act(state, island_action(2, 7))
    # Assert: no settlement of player 0 touches the location: the tile is lost (§7.3) and
    # never taken again from that hex (D7)
    assert state.island_holding[0] == 0 and state.island_taken[0] == 1
    assert state.island_tiles_left == 1
    check_invariants(state)
    check_state(state)


def test_s15_3_tower_uses_main_board_edges_only_D47():
    # Arrange: player 0 holds a Tower tile; no settlement touches an edge hex
    board = ["G"] * 5 + ["G G G G G L"]
    state = island_game(terrain_rows=board, fill="G", locations={(5, 5): "tower"})
    place(state, 0, (10, 10))
    give_tile(state, 0, (5, 5))
    act(state, tile_action("tower"))
    # Assert: edge hexes of the main board only, never the island's border
    rows_cols = [divmod(h, 20) for h in legal_hexes(state)]
    assert legal_island(state) == set() and len(rows_cols) == 4 * 19
    assert all(r in (0, 19) or c in (0, 19) for r, c in rows_cols)


def _score(state, player, card):
    return int(score_card(state.buf, X_NEIGHBOURS, player, ALL_CARD_NAMES.index(card)))


def test_s15_3_scoring_island_rows_count_for_knights_and_discoverers_not_sections():
    # Arrange: player 0 has 2 on main row 3 (one per top section), 1 in each bottom
    # section, and 3 on island row 1 and 1 on island row 3
    state = island_game(terrain_rows=["G"], fill="G")
    place(state, 0, (3, 2), (3, 12), (13, 2), (13, 12))
    on_island(state, 0, (1, 1), (1, 2), (1, 3), (3, 8))
    # Assert: Knights takes the fullest row, here an island row (2 x 3)
    assert _score(state, 0, "knights") == 6
    # Discoverers: main rows 3 and 13, island rows 1 and 3
    assert _score(state, 0, "discoverers") == 4
    # Farmers: the island is no section: the fewest in a section is 1
    assert _score(state, 0, "farmers") == 3
    # Hermits: 4 areas on the board, 2 on the island; Citizens: the largest (3) // 2
    assert _score(state, 0, "hermits") == 6 and _score(state, 0, "citizens") == 1
    # Lords: player 1 with 0 everywhere; player 0 first in each of the 4 sections only
    assert _score(state, 0, "lords") == 4 * 12


def test_s2_2_s15_3_mayors_marks_an_island_row_as_a_row_of_its_own():
    # Arrange: Harvest and the Island with Mayors; no grass on the main board (§5), player
    # 0 has 3 settlements on island row 0 (all grass)
    state = island_game(
        terrain_rows=["M"], fill="M", expansions=("harvest",) + ISLAND,
        cards=("mayors", "knights", "lords"),
    )  # fmt: skip
    on_island(state, 0, (0, 0), (0, 2), (0, 4))
    assert (state.mayor_row == EMPTY).all() and state.mayor_row.shape == (ROWS + ISLAND_ROWS,)
    # Act: the 4th settlement on that island row
    act(state, island_action(0, 5))
    # Assert: island row 0 is marked with a supply settlement (§2.2, §14.4), no board row
    assert state.mayor_row[ROWS + 0] == 0 and (state.mayor_row[:ROWS] == EMPTY).all()
    assert state.supply[0] == 40 - 4 - 1
    assert _score(state, 0, "mayors") == MAYORS_GOLD and _score(state, 1, "mayors") == 0
    check_invariants(state)
    check_state(state)
    # Act: player 1 brings a 4th settlement to island row 4 by a move (the move kernel)
    on_island(state, 1, (4, 2), (4, 3), (4, 4), (3, 9))
    move(state.buf, NEIGHBOURS, 1, NUM_HEXES + ii(3, 9), NUM_HEXES + ii(4, 6))
    refresh(state)
    assert state.mayor_row[ROWS + 4] == 1 and state.mayor_row[ROWS + 3] == EMPTY
    # Assert: the views show the island rows' marks
    assert "Mayors rows (row:player) island 0:0 island 4:1" in render_ansi(state)
    marks = encode_flat(state, 1)[X_FLAT_SIZE - ISLAND_ROWS * 5 :].reshape(ISLAND_ROWS, 5)
    assert marks[0].tolist() == [0, 1, 0, 0, 0] and marks[4].tolist() == [1, 0, 0, 0, 0]
    # Assert: without the Island no island row can be marked
    other = blank_game(2, expansions=("harvest",), cards=("mayors", "knights", "lords"))
    other.mayor_row[ROWS] = 0
    other.supply[0] -= 1
    with pytest.raises(StateError, match="field mayor_row"):
        check_state(other)


HARVEST_ISLAND = ("harvest",) + ISLAND
# mountains, a location hex at (5,5) and one grass hex beside it, for its holder's settlement
ONE_LOCATION = ["M"] * 5 + ["M M M M G L"]


def holding_game(tile):
    """Harvest and the Island on ONE_LOCATION: player 0 at (5,4) holds a `tile` tile from (5,5)
    (taken on an earlier turn)."""
    state = island_game(
        terrain_rows=ONE_LOCATION, fill="M", expansions=HARVEST_ISLAND, locations={(5, 5): tile}
    )
    place(state, 0, (5, 4))
    give_tile(state, 0, (5, 5))
    return state


def test_s14_3_s15_3_university_reaches_the_island_adjacent_if_possible():
    # Arrange: player 0 holds a University; no empty main-board hex qualifies
    state = holding_game("university")
    act(state, tile_action("university"))
    # Assert: no adjacent candidate: every empty island hex next to the island's castle or
    # location is legal (§14.3 with §15.3)
    specials = [NUM_HEXES + ii(1, 5), NUM_HEXES + ii(2, 4)]
    near = {int(n) for h in specials for n in X_NEIGHBOURS[h] if n >= 0} - set(specials)
    assert legal_hexes(state) == set()
    assert legal_island(state) == {divmod(n - NUM_HEXES, ISLAND_COLS) for n in near}
    # Arrange: the same with a settlement of player 0 at island (3,4)
    state = holding_game("university")
    on_island(state, 0, (3, 4))
    act(state, tile_action("university"))
    # Assert: adjacent if possible: the qualifying hexes next to it ((3,5) touches no special)
    assert legal_island(state) == {(2, 5), (3, 3)}
    act(state, island_action(3, 3))
    assert state.island_owner[ii(3, 3)] == 0 and state.supply[0] == 40 - 3
    check_invariants(state)


def test_s14_3_s15_3_bazaar_repeats_the_island_tile_d42():
    # Arrange: player 0 holds the Bazaar and the Tree House, the latter used this turn
    state = holding_game("bazaar")
    on_island(state, 0, (2, 5), (1, 4))  # (1,4) keeps the tile: it touches the location
    state.island_taken[0] = state.island_holding[0] = state.island_used[0] = 1
    state.set("island_tiles_left", 1)
    refresh(state)
    assert not state.mask[ISLAND_TILE_ACTIONS]
    # Act: the Bazaar offers the Tree House's action again (D42: used or not)
    act(state, tile_action("bazaar"))
    assert state.mask[ISLAND_TILE_ACTIONS] and not state.mask[ISLAND_TILE_ACTIONS + 1]
    act(state, ISLAND_TILE_ACTIONS)
    assert state.bazaar_active == 1 and legal_island(state) == {(2, 5), (1, 4)}
    act(state, island_action(2, 5))
    assert legal_island(state) == {(2, 6), (2, 7)}  # the forest, none next to (1,4)
    act(state, island_action(2, 7))
    # Assert: moved; the Tree House was not spent again
    assert state.island_owner[ii(2, 7)] == 0 and state.island_owner[ii(2, 5)] == EMPTY
    assert state.island_used[0] == 1 and state.bazaar_active == 0
    check_invariants(state)
    check_state(state)


def test_s12_4_s15_3_fortress_and_place_of_refuge_count_on_the_island():
    # Arrange: no castle or location on the main board; player 0 rings island (3,2), player
    # 1 rings the island castle (1,5)
    state = island_game(terrain_rows=["M"], fill="M", expansions=("crossroads",) + ISLAND)
    on_island(state, 0, (3, 2), (2, 2), (2, 3), (3, 1), (3, 3), (4, 2), (4, 3))
    on_island(state, 1, (0, 5), (0, 6), (1, 4), (1, 6), (2, 5), (2, 6))
    # Assert: §12.4 met there (§15.3: other cards and their hexes count as anywhere else)
    fortress, refuge = TASK_NAMES.index("fortress"), TASK_NAMES.index("place_of_refuge")
    met = [[bool(meets_task(state.buf, NEIGHBOURS, p, t)) for t in (fortress, refuge)]
           for p in (0, 1)]  # fmt: skip
    assert met == [[True, False], [False, True]]
    # Act: one hex of the ring left empty: the Fortress is no longer met
    state.island_owner[ii(4, 3)] = EMPTY
    assert not meets_task(state.buf, NEIGHBOURS, 0, fortress)


def test_s15_3_scoring_island_castle_and_cards_score_normally():
    state = island_game(terrain_rows=["G"], fill="G")
    on_island(state, 0, (1, 4))  # next to the castle (1,5) and the location (2,4)
    assert int(score_castles(state.buf, X_NEIGHBOURS, 0)) == 3
    assert _score(state, 0, "workers") == 1
    assert _score(state, 0, "merchants") == 8  # one area touching both island specials
    table = rules.score_table(state)
    assert table[0, 3] == 3  # castles column


def test_s15_3_island_side_option_map_and_location_from_the_seed():
    sides = set()
    for seed in range(12):
        state = rules.new_game(rules.make_config(2, expansions=ISLAND), seed)
        side = int(state.island_side)
        sides.add(side)
        assert (state.island_terrain == ISLAND_TERRAIN[side].ravel()).all()
        assert state.island_tiles_left == 2 and (state.island_owner == EMPTY).all()
    assert sides == {0, 1}  # a fair coin when island_side is not given
    state = rules.new_game(rules.make_config(3, expansions=ISLAND, island_side="rope_bridge"), 5)
    assert state.island_side == 1
    base = rules.new_game(rules.make_config(3, expansions=("nomads",)), 5)
    assert base.island_side == EMPTY and (base.island_owner == EMPTY).all()


def test_s15_3_config_errors_name_the_problem(tmp_path):
    with pytest.raises(ConfigError, match="island_side needs expansions"):
        rules.make_config(2, island_side="tree_house")
    with pytest.raises(ConfigError, match="island_side must be one of"):
        rules.make_config(2, expansions=ISLAND, island_side="bridge")
    with pytest.raises(ConfigError, match="side of the Island"):
        rules.make_config(
            2, expansions=ISLAND, sections=("island_tree_house", "tavern", "oasis", "farm")
        )
    path = tmp_path / "island.json"
    rows = ["G" * 10] * ISLAND_ROWS
    path.write_text(json.dumps({"boards": {"island_tree_house": {"rows": rows, "specials": []}}}))
    with pytest.raises(ConfigError, match="island_tree_house.*location_hexes is 1"):
        rules.make_config(2, expansions=ISLAND, board_file=str(path))
    path.write_text(json.dumps({"boards": {"island_tree_house": {"rows": ["G" * 10] * 10}}}))
    with pytest.raises(ConfigError, match="'rows' must be 5 strings of 10"):
        rules.make_config(2, expansions=ISLAND, board_file=str(path))


def test_s15_3_board_file_replaces_the_stand_in_island(tmp_path):
    entry = dict(BOARDS["boards"]["island_tree_house"])
    rows = [row.replace("W", "G") for row in entry["rows"]]  # no shore water
    path = tmp_path / "island.json"
    data = {"boards": {"island_tree_house": {"rows": rows, "specials": entry["specials"]}}}
    path.write_text(json.dumps(data))
    config = rules.make_config(2, expansions=ISLAND, island_side="tree_house", board_file=str(path))
    state = rules.new_game(config, 0)
    assert not (state.island_terrain == code("W")).any() and state.custom_board == 1
    check_state(state)


def test_s15_3_views_show_the_island():
    from eurogym.encoders.kingdom_builder import ISLAND_SCALARS, X_FLAT_SIZE, encode_flat
    from eurogym.envs.kingdom_builder import render_image
    from eurogym.envs.kingdom_builder.render import render_ansi
    from eurogym.envs.kingdom_builder.render_image import render_rgb

    state = island_game(terrain_rows=["M"], fill="M")
    on_island(state, 1, (0, 2))
    text = render_ansi(state)
    assert "ISLAND (island row, col" in text and "# Tree house: move 1 of yours to forest" in text
    assert "start the mandatory action (build 3 settlements on grass)" in text  # §5: live
    assert " 0 g+g+1 g+g+" in text  # island row 0: legal grass marked, player 1's settlement
    state.island_taken[1] = state.island_holding[1] = 1  # player 1 (at (0,2)) holds the tile
    state.set("island_tiles_left", 1)
    assert "tiles: Tree house x1" in render_ansi(state)
    without = blank_game(2, expansions=("nomads",))
    assert render_rgb(state).shape[0] > render_rgb(without).shape[0]  # the island drawn below
    legend = render_image._legend_entries(state)
    assert "Tree house (on the Island): move 1 of yours to forest" in legend
    assert not any("Island" in line for line in render_image._legend_entries(without))
    obs = encode_flat(state, 0)
    block = obs[X_FLAT_SIZE - ISLAND_SCALARS :]
    per_hex = (len(block) - 25) // ISLAND_HEXES
    # island hex (0,2): grass, and a settlement of the seat after the viewer (relative 1)
    assert block[ii(0, 2) * per_hex + 0] == 1 and block[ii(0, 2) * per_hex + 9 + 1] == 1
    assert obs[X_FLAT_SIZE - ISLAND_SCALARS :].sum() > 0
    assert not encode_flat(without, 0)[X_FLAT_SIZE - ISLAND_SCALARS :].any()
