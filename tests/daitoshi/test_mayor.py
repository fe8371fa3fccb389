"""The solo Mayor automa (spec §18): his turns are played by the environment between the
player's turns; tycoon-space choice, worker order, the 4-hex record, his production turn and
the solo result (the player wins only with strictly more VP)."""

import numpy as np
import pytest

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.daitoshi import env as daitoshi_env
from eurogym.envs.daitoshi.actions import A_ACTIVATE, A_BRIBE, A_DONE, A_MAYOR_CARD
from eurogym.envs.daitoshi.effects import explore_hex, resolve
from eurogym.envs.daitoshi.mayor import (
    MAYOR,
    draw_card,
    mayor_turn,
    place_workers,
    take_action,
    tycoon_space,
)
from eurogym.envs.daitoshi.rules import ENGINE, score_table
from eurogym.envs.daitoshi.state import EMPTY, NEUTRAL, P_BRIBE, P_BRIBE_CARD, P_PRODUCE, P_TURN
from eurogym.envs.daitoshi.tables import (
    AD_MAGISTRATE,
    AD_PATRON,
    AD_SCHOLAR,
    AD_TREASURER,
    LEFT,
    MARK_LEFT,
    MIDDLE,
    RIGHT,
)
from tests.daitoshi.helpers import (
    act,
    build,
    city,
    district_of,
    inv,
    legal,
    move,
    new_state,
    place_at,
    start_turn,
)


def solo(seed=0):
    s = new_state(1, seed)
    assert s.seats == 2 and s.num_players == 1
    return s


def test_s18_1_solo_setup_mayor_on_seat_1_with_neutral_tycoon_and_the_human_starting():
    s = solo()
    assert s.start_player == 0 and s.actor == 0 and s.phase == P_TURN
    assert s.tyc_d[MAYOR] != EMPTY and s.tyc_s[MAYOR] == RIGHT
    assert s.tyc_d[NEUTRAL] != EMPTY and s.tyc_s[NEUTRAL] == MIDDLE
    assert s.steam[MAYOR] == 0 and s.slot_inv[MAYOR].tolist() == [EMPTY] * 8
    assert s.res[MAYOR].tolist() == [1, 1, 1, 1] and s.wealth[MAYOR] == 1


def test_s18_2_the_mayors_whole_turn_runs_inside_the_env_between_the_players_turns():
    s = solo()
    act(s, move(1, 2))
    while not (s.phase == P_TURN and s.actor == 0):
        act(s, A_DONE if A_DONE in legal(s) else min(legal(s)))
    assert s.turns == 2  # the Mayor's turn happened without a decision of his
    assert s.mayor_card != EMPTY


def test_s18_2_tycoon_space_right_without_matching_workers():
    s = solo()
    d = district_of(s, "IN_INVENT")  # yellow
    s.mayor_slot[:] = [0, 1, EMPTY, EMPTY, EMPTY, EMPTY]  # blue, green
    assert tycoon_space(s.buf, d) == RIGHT


def test_s18_2_tycoon_space_middle_with_enough_workshops_else_left():
    s = solo()
    d = district_of(s, "IN_INVENT")
    for t in range(6):
        if t != MAYOR:
            s.tyc_d[t] = EMPTY if s.tyc_d[t] == d else s.tyc_d[t]
    s.set("mm_district", (d + 1) % 5)
    s.mayor_slot[:] = [2, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]  # one yellow, one workshop
    assert tycoon_space(s.buf, d) == MIDDLE
    place_at(s, 0, d, MIDDLE)
    assert tycoon_space(s.buf, d) == LEFT  # middle taken
    s.mayor_slot[:2] = [2, 2]  # two yellows, one workshop: left
    s.tyc_d[0] = EMPTY
    assert tycoon_space(s.buf, d) == LEFT


def test_s18_2_the_mayors_record_holds_at_most_4_hexes():
    s = solo()
    for _ in range(5):
        explore_hex(s.buf, MAYOR, 1)
        resolve(s.buf)
    assert (s.mayor_rec != EMPTY).sum() == 4
    assert s.discard_n[1] == 1  # the 5th forest hex was discarded
    assert (s.mayor_slot != EMPTY).sum() == 5  # a worker per hex, no water or coal
    assert s.chimney[MAYOR] == 0 and s.steam[MAYOR] == 0


def test_s18_2_production_turn_when_no_action_is_possible_and_the_human_produces_too():
    s = solo()
    s.res[MAYOR] = 0
    s.wealth[MAYOR] = 0
    s.vp[MAYOR] = 0
    s.track_n[:, :3] = 0
    s.slot_inv[0, 0] = 0  # BA_1 for the human
    start_turn(s, 0)
    act(s, move(1, 2))
    while not (s.phase == P_PRODUCE or (s.phase == P_TURN and s.actor == 0)):
        act(s, A_DONE if A_DONE in legal(s) else min(legal(s)))
    # no resources: no action is possible for him anywhere, so he leads a production turn
    assert s.phase == P_PRODUCE and s.actor == 0 and s.leader == MAYOR
    assert s.res[MAYOR].sum() == 0
    steam = int(s.steam[0])
    act(s, A_ACTIVATE)  # as a non-leader: row A once (2 steam) for 2 steam
    assert s.steam[0] == steam
    assert s.prod_mark[MAYOR] == MARK_LEFT
    assert s.vp[MAYOR] == 2 and s.res[MAYOR].sum() == 3  # the card's production row
    assert s.pilgrim[MAYOR].sum() == 2


def test_s7_4_s18_3_the_mayor_leading_production_cashes_in_production_leader():
    """§7 step 4: the leader's `production:leader` check; §18.3: he always cashes in. CT_10
    (production:leader -> 2 pilgrim advances) adds 2 advances to his own 2."""
    s = solo()
    s.res[MAYOR] = 0
    s.wealth[MAYOR] = 0
    s.track_n[:, :3] = 0
    s.slot_inv[0, 0] = 0
    s.cities[0] = city("CT_10")
    s.flag[MAYOR, 0] = 1  # placed before the production turn (flag_time 0 < clock)
    start_turn(s, 0)
    act(s, move(1, 2))
    while not (s.phase == P_PRODUCE or (s.phase == P_TURN and s.actor == 0)):
        act(s, A_DONE if A_DONE in legal(s) else min(legal(s)))
    assert s.leader == MAYOR
    act(s, A_DONE)  # the human does not produce
    assert s.prod_mark[MAYOR] == MARK_LEFT
    assert s.flag[MAYOR, 0] == 0  # cashed in: the flag is back in his reserve
    assert s.pilgrim[MAYOR].sum() == 2 + 2


@pytest.mark.parametrize("mode", ["win_loss", "score_margin"])
def test_s18_5_the_player_wins_only_with_strictly_more_vp_than_the_mayor(mode):
    env = daitoshi_env.raw_env(num_players=1, seed=0, reward_mode=mode)
    env.reset()
    env.state_.vp[:2] = [30, 30]
    env.state_.steam[0] = 5  # the §17.4 steam tie-break does not count against the Mayor
    rewards = env._final_rewards()
    assert ENGINE.solo_outcome(env.state_) == (False, 0.0)
    assert rewards["player_0"] == (-1.0 if mode == "win_loss" else 0.0)
    env.state_.vp[:2] = [31, 30]
    assert ENGINE.solo_outcome(env.state_) == (True, 1.0)
    assert env._final_rewards()["player_0"] == (1.0 if mode == "win_loss" else pytest.approx(0.01))
    env.state_.vp[:2] = [20, 30]
    assert env._final_rewards()["player_0"] == (-1.0 if mode == "win_loss" else pytest.approx(-0.1))
    assert np.all(np.isfinite(list(rewards.values())))


def play_until(s, phase):
    while s.phase != phase:
        act(s, A_DONE if A_DONE in legal(s) else min(legal(s)))


def test_s18_2_bribe_is_offered_before_each_mayor_turn_until_used():
    s = solo(4)
    act(s, move(1, 2))
    play_until(s, P_BRIBE)
    assert s.actor == 0 and legal(s) == {A_BRIBE, A_DONE}
    act(s, A_DONE)  # keep it: the Mayor plays with a normal draw
    assert s.bribe == 1 and s.turns == 2 and s.phase == P_TURN
    act(s, move(1, 2))
    play_until(s, P_BRIBE)
    deck, pos = s.mayor_deck.copy(), int(s.mayor_pos)
    act(s, A_BRIBE)
    assert s.phase == P_BRIBE_CARD and legal(s) == {A_MAYOR_CARD, A_MAYOR_CARD + 1}
    first, second = int(deck[pos]), int(deck[pos + 1])
    assert (s.mayor_alt, s.mayor_card) == (first, second)
    act(s, A_MAYOR_CARD)  # the first revealed card is the one he plays
    assert s.bribe == 0 and s.mayor_card == first and s.mayor_pos == pos + 2
    while not ENGINE.is_over(s):
        assert s.phase not in (P_BRIBE, P_BRIBE_CARD)  # once per game
        act(s, A_DONE if A_DONE in legal(s) else min(legal(s)))


def test_s18_1_difficulty_deals_advisors_and_the_treasurer_adds_2_wealth():
    for seed in range(30):
        s = ENGINE.new_game(ENGINE.make_config(1, difficulty="master"), seed)
        assert s.advisor.sum() == 3
        assert s.wealth[MAYOR] == 1 + 2 * s.advisor[AD_TREASURER]
    assert ENGINE.new_game(ENGINE.make_config(1), 0).advisor.sum() == 0
    with pytest.raises(ConfigError, match="solo"):
        ENGINE.make_config(2, difficulty="veteran")
    with pytest.raises(ConfigError, match="difficulty"):
        ENGINE.make_config(1, difficulty="legend")


def test_s18_5_magistrate_and_patron_change_the_mayors_score():
    s = solo()
    s.pilgrim[MAYOR] = [0, 9, 0, 0]  # forest x10
    s.track_n[1] = 0
    s.mayor_inv[:] = [0, 1]
    base = score_table(s)[MAYOR]
    s.advisor[AD_PATRON] = 1
    s.advisor[AD_MAGISTRATE] = 1
    bonus = score_table(s)[MAYOR]
    assert bonus[1] - base[1] == 10  # one more university on the forest track
    assert bonus[0] - base[0] == 10


def test_s18_4_scholar_adds_2_vp_after_his_commit():
    s = solo()
    s.advisor[AD_SCHOLAR] = 1
    s.res[MAYOR] = [3, 0, 0, 0]
    s.vp[MAYOR] = 0
    s.market[:] = [inv("CO_01"), EMPTY, EMPTY, EMPTY, EMPTY]
    take_action(s.buf, 0, int(s.tyc_d[MAYOR]))
    resolve(s.buf)
    assert s.vp[MAYOR] == 1 + 1 + 2  # CO_01: row B 1 VP, its 1 VP, the Scholar's 2
    assert s.mayor_inv[0] == 1


def test_s18_2_an_exhausted_deck_is_reshuffled_with_the_card_just_discarded():
    """§18.2 step 1: discard the previous face-up card, reveal; when the deck is empty the
    discards are reshuffled, the card discarded at this reveal too (E7)."""
    s = solo()
    s.set("mayor_card", 5)
    s.set("mayor_pos", 16)  # every card drawn
    draw_card(s.buf)
    assert s.mayor_end == 16 and sorted(s.mayor_deck.tolist()) == list(range(16))
    assert s.mayor_pos == 1 and s.mayor_card == s.mayor_deck[0]
    seen = set()
    for seed in range(40):  # the discarded card can come up first
        t = solo(seed)
        t.set("mayor_card", 5)
        t.set("mayor_pos", 16)
        draw_card(t.buf)
        seen.add(int(t.mayor_card))
    assert 5 in seen


def test_s18_2_bribe_the_first_revealed_card_stays_out_of_a_reshuffle():
    """§18.2 step 1 with the bribe: the first of the 2 revealed cards is still on the table
    when the deck runs out before the second, so it is not reshuffled."""
    s = solo()
    s.set("mayor_alt", 3)
    s.set("mayor_card", 3)
    s.set("mayor_pos", 16)
    draw_card(s.buf)
    assert s.mayor_end == 15 and 3 not in s.mayor_deck[:15].tolist()
    assert s.mayor_card != 3


def _card_showing(s, d):
    """A Mayor card whose district is d, or None."""
    cards = np.flatnonzero(s.c_card_district == s.tile[d, 0])
    return int(cards[0]) if len(cards) else None


def _mayor_turn_with_card(s, d0, card):
    s.tyc_d[MAYOR] = d0
    s.set("mayor_card", card)
    s.set("bribe_step", 2)  # the card is already chosen: no draw
    mayor_turn(s.buf, np.zeros(8, np.int64))
    return int(s.tyc_d[MAYOR])


def test_s18_2_district_search_tries_the_cards_district_first_then_d1():
    """§18.2 step 2: candidates are the card's district (if it is d1 or d2), then d1, then d2;
    he can act everywhere here, so the first candidate is taken."""
    s = solo(0)
    s.res[MAYOR] = 9
    s.wealth[MAYOR] = 9
    s.mayor_rec[:2] = [s.track_hex[1, 0, 0], s.track_hex[2, 0, 0]]  # hexes for Expand
    tried = 0
    for d0 in range(5):
        d1, d2 = (d0 + 1) % 5, (d0 + 2) % 5
        on_d2, elsewhere = _card_showing(s, d2), _card_showing(s, (d0 + 3) % 5)
        if on_d2 is None or elsewhere is None:
            continue
        t = s.copy()
        assert _mayor_turn_with_card(t, d0, on_d2) == d2  # the card's district first
        t = s.copy()
        assert _mayor_turn_with_card(t, d0, elsewhere) == d1  # not d1 / d2: d1 first
        tried += 1
    assert tried > 0


def test_s18_2_district_search_falls_back_to_d2_when_d1_allows_no_action():
    """§18.2 step 2: with only 1 luxury he can act only at Trade (or the Town Hall); from two
    districts before Trade, the card's district and d1 allow nothing, so he goes to d2."""
    for seed in range(20):
        s = solo(seed)
        trade = district_of(s, "IN_TRADE")
        d0, d1 = (trade - 2) % 5, (trade - 1) % 5
        card = _card_showing(s, d1)
        if d1 == district_of(s, "IN_TOWNHALL") or card is None:
            continue
        s.res[MAYOR] = [0, 0, 0, 1]
        s.wealth[MAYOR] = 0
        assert _mayor_turn_with_card(s, d0, card) == trade
        return
    pytest.fail("no seed with a usable layout")


def test_s18_2_workers_go_megamachine_first_in_slot_order_at_the_town_hall():
    """§18.2 step 3 workers: workshops Megamachine, outer, central, inner; his workers from
    his slots left to right (any colour at the Town Hall)."""
    s = solo()
    d = district_of(s, "IN_TOWNHALL")
    s.set("mm_district", d)
    s.mayor_slot[:] = [0, 1, 2, EMPTY, EMPTY, EMPTY]  # blue, green, yellow
    place_workers(s.buf, d, np.zeros(8, np.int64))
    assert s.mm_worker == 0 + 1  # the first slot's blue on the Megamachine
    assert s.ws_worker[d, 0] == 1 + 1  # then green on the inner workshop
    assert s.mayor_slot.tolist() == [EMPTY, EMPTY, 2, EMPTY, EMPTY, EMPTY]


def test_s18_2_workers_fill_the_outer_then_the_central_workshop_before_the_inner():
    """§18.2 step 3 workers: with 2 matching workers and 3 workshops the inner one stays
    empty."""
    s = solo()
    d = district_of(s, "IN_TRADE")
    colour = int(s.c_tile_color[s.tile[d, 0]])
    build(s, d, 1)
    build(s, d, 2)
    s.set("mm_district", (d + 1) % 5)
    s.res[MAYOR] = 9
    s.wealth[MAYOR] = 9  # every workshop cost payable
    s.mayor_slot[:] = [colour, colour, EMPTY, EMPTY, EMPTY, EMPTY]
    place_workers(s.buf, d, np.zeros(8, np.int64))
    assert s.ws_worker[d].tolist() == [0, colour + 1, colour + 1]
