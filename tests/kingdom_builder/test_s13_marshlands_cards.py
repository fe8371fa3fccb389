"""§13.4 The Marshlands Kingdom Builder cards, whose text is lost: off by default (D49), and
behind allow_stand_in_cards=True this engine's stand-in readings (tagged `stand-in` in
cards.json), with the Scouts set-up effect, whose text is known (§13.6)."""

import numpy as np

from eurogym.envs.core.data import iter_data
from eurogym.envs.kingdom_builder import marshlands, rules
from eurogym.envs.kingdom_builder.invariants import check_invariants, check_state
from eurogym.envs.kingdom_builder.render import render_ansi
from eurogym.envs.kingdom_builder.scoring import score_card
from eurogym.envs.kingdom_builder.state import EMPTY
from eurogym.envs.kingdom_builder.tables import (
    ALL_CARD_NAMES,
    CARDS,
    DECK_COUNTS,
    DUAL_CARDS,
    NEIGHBOURS,
    STAND_IN_CARDS,
)
from tests.kingdom_builder.helpers import blank_game, place

# Two mountain groups (M), grass elsewhere; palaces (P) at (2,6) and (2,9).
BOARD = """
G G G G G G G G G G
 G M M G G G G G G G
G G G G G M P G G P
 G G G G G G G G G G
"""


def game():
    return blank_game(terrain_rows=BOARD, fill="G", expansions=("marshlands",))


def config(**options):
    return rules.make_config(4, expansions=("marshlands",), **options)


def test_s13_4_lost_cards_stay_out_of_the_random_pool_by_default_D49():
    drawn = set()
    for seed in range(40):
        drawn |= {ALL_CARD_NAMES[c] for c in rules.new_game(config(), seed).cards}
    assert not drawn & set(STAND_IN_CARDS)
    allowed = set()
    for seed in range(40):
        state = rules.new_game(config(allow_stand_in_cards=True), seed)
        allowed |= {ALL_CARD_NAMES[c] for c in state.cards}
    assert allowed & set(STAND_IN_CARDS)


def test_s13_4_stand_in_readings_are_tagged_stand_in_for_provenance():
    tags = {d.path: d.tag for d in iter_data("cards.json", CARDS)}
    for name in STAND_IN_CARDS:
        i = [c["id"] for c in CARDS["kingdom_builder_cards"]].index(name)
        assert tags[f"kingdom_builder_cards[{i}].stand_in"] == "stand-in"
    assert "captains" not in ALL_CARD_NAMES  # no reading survives: never playable


def test_s13_4_geologists_stand_in_counts_each_mountain_group_once():
    state = game()
    place(state, 0, (0, 1), (0, 2), (2, 1))  # three settlements next to the same group
    assert marshlands.score_geologists(state.buf, NEIGHBOURS, 0, 2) == 2
    place(state, 0, (2, 4))  # next to the second group (the mountain at (2,5))
    assert marshlands.score_geologists(state.buf, NEIGHBOURS, 0, 2) == 4
    card = ALL_CARD_NAMES.index("geologists")
    assert score_card(state.buf, NEIGHBOURS, 0, card) == 4


def test_s13_4_messengers_stand_in_is_the_longest_path_in_one_area():
    state = game()
    place(state, 0, (0, 5), (0, 6), (0, 7), (0, 8))  # one area, 3 steps end to end: 4 hexes
    place(state, 0, (3, 0))  # a lone settlement: 1
    card = ALL_CARD_NAMES.index("messengers")
    assert score_card(state.buf, NEIGHBOURS, 0, card) == 4
    assert score_card(state.buf, NEIGHBOURS, 1, card) == 0


def test_s13_4_noblewomen_stand_in_counts_each_palace_once():
    state = game()
    place(state, 0, (2, 7), (1, 6), (3, 6))  # all three next to the palace at (2,6)
    card = ALL_CARD_NAMES.index("noblewomen")
    assert score_card(state.buf, NEIGHBOURS, 0, card) == 2
    place(state, 0, (2, 8))  # also next to (2,9)
    assert score_card(state.buf, NEIGHBOURS, 0, card) == 4


def test_s13_4_vassals_stand_in_counts_settlements_along_section_seams():
    state = game()
    place(state, 0, (9, 3), (4, 9), (5, 5))  # (9,3) touches row 10, (4,9) column 10
    card = ALL_CARD_NAMES.index("vassals")
    assert score_card(state.buf, NEIGHBOURS, 0, card) == 2


def test_s13_6_scouts_set_up_removes_one_terrain_and_s13_4_pays_next_to_it():
    options = {"allow_stand_in_cards": True, "cards": ("scouts", "lords", "knights")}
    for seed in range(3):
        state = rules.new_game(config(**options), seed)
        removed = int(state.scouts_terrain)
        assert removed != EMPTY
        assert state.removed[removed] == DECK_COUNTS[removed] and state.xremoved[removed] == 1
        cards = np.concatenate([state.deck, state.xdeck, state.hand, [state.played]])
        cards = cards[cards != EMPTY]
        assert not ((cards == removed) | (cards == DUAL_CARDS + removed)).any()
        check_state(state)
        check_invariants(state)
    plain = ("lords", "knights", "farmers")
    other = rules.new_game(config(allow_stand_in_cards=True, cards=plain), 0)
    assert other.scouts_terrain == EMPTY and not other.removed.any()
    state.owner[:] = EMPTY
    h = int(np.flatnonzero(state.terrain == removed)[0])
    n = int([x for x in NEIGHBOURS[h] if x >= 0 and state.terrain[x] != removed][0])
    state.owner[n] = 0
    card = ALL_CARD_NAMES.index("scouts")
    assert score_card(state.buf, NEIGHBOURS, 0, card) == 1


def test_s13_4_views_mark_stand_in_cards_as_stand_ins():
    cards = ("geologists", "vassals", "lords")
    state = rules.new_game(config(allow_stand_in_cards=True, cards=cards), 1)
    text = render_ansi(state)
    assert text.count("STAND-IN") == 2
