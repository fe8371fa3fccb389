"""The invariant checker used by the random-game tests must catch each kind of broken state
(a checker that never fires would make those tests vacuous)."""

import pytest

from eurogym.envs.belfort.invariants import check_invariants
from eurogym.envs.belfort.state import P_PLACEMENT
from eurogym.envs.belfort.tables import MARKET, SITE_GATE
from tests.belfort.helpers import new_state


def breakers():
    def negative_gold(s):
        s.res[0, 3] = -1

    def gnome_vanishes(s):
        s.set("gnome_stock", s.gnome_stock - 1)

    def gnome_without_lock(s):
        s.set("gnome_stock", s.gnome_stock - 1)
        s.gnomes[0, MARKET] = 1

    def eighth_elf(s):
        s.elves[1] = 8

    def card_vanishes(s):
        s.set("deck_size", s.deck_size - 1)

    def gatehouse_two_owners(s):
        s.owner[SITE_GATE] = 0
        s.owner[SITE_GATE + 1] = 1

    def over_hand_limit(s):
        s.hand[2, 0] += 6
        s.set("deck_size", s.deck_size - 6)

    def no_legal_action(s):
        s.mask[:] = 0

    return [
        (negative_gold, "negative resources"),
        (gnome_vanishes, "gnomes not conserved"),
        (gnome_without_lock, "more gnomes than locks"),
        (eighth_elf, "more than 7 workers"),
        (card_vanishes, "property cards not conserved"),
        (gatehouse_two_owners, "Gatehouse with two owners"),
        (over_hand_limit, "hand limit"),
        (no_legal_action, "no legal action"),
    ]


@pytest.mark.parametrize("breaker,message", breakers(), ids=lambda x: getattr(x, "__name__", ""))
def test_checker_names_each_broken_invariant(breaker, message):
    state = new_state(3, seed=4)
    assert state.phase == P_PLACEMENT
    check_invariants(state)
    breaker(state)
    with pytest.raises(AssertionError, match=message):
        check_invariants(state)


def test_non_player_markers_are_counted_in_two_player_games():
    state = new_state(2, seed=1)
    check_invariants(state)
    state.owner[0] = 2  # an NP3 marker appears without leaving NP3's supply
    with pytest.raises(AssertionError, match="non-player markers"):
        check_invariants(state)
