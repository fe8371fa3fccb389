"""Rules of "The Expansion Expansion" and the promo guilds (spec §4.2, §6, §10.4, §11, §13,
Appendices B.2, C, D, E), each test named after the section it checks. Scenarios start from
a real expansion game and set fields by hand (helpers.refresh recomputes the mask)."""

from __future__ import annotations

import numpy as np
import pytest

from eurogym.envs.belfort import kernels
from eurogym.envs.belfort.actions import (
    A_AREA,
    A_ASSIST,
    A_CARD,
    A_DONE,
    A_DRAFT,
    A_EXPAND,
    A_GNOME,
    A_OPTION,
    A_PASS,
    A_PERMIT,
    A_PERMIT_PLACE,
    A_PLACE,
    A_RECLAIM,
    A_SITE,
    A_TAKE_CARD,
    NUM_ACTIONS,
    NUM_X_ACTIONS,
)
from eurogym.envs.belfort.config import guild_choices
from eurogym.envs.belfort.rules import ENGINE, score_table
from eurogym.envs.belfort.scoring import bonus_points, score_bonus
from eurogym.envs.belfort.state import (
    ASST_BOX,
    EMPTY,
    P_ACTIONS,
    P_DECORATE,
    P_DISCARD,
    P_DJINN_PICK,
    P_DJINN_SEASON,
    P_DRAFT,
    P_EXPAND_GNOME,
    P_EXPAND_PAY,
    P_GARGOYLE,
    P_GATE_REMOVE,
    P_GIANT,
    P_GOON,
    P_GORGON,
    P_HALFLING,
    P_HOB_MIX,
    P_LAWYERS,
    P_NHR_RETURN,
    P_NHR_TAKE,
    P_PLACEMENT,
    P_PLANNERS,
    P_SENTINEL_PAY,
    P_WHICH_ASST,
    State,
    XState,
)
from eurogym.envs.belfort.tables import (
    BANK,
    BLACKSMITH,
    DATA,
    GARDENS,
    GATEHOUSE,
    GOLD,
    INN,
    KEEP,
    LIBRARY,
    MARKET,
    METAL,
    PUB,
    SAWYERS,
    SITE_GATE,
    SITE_GUILD,
    SITE_KEEP,
    SITE_TYPE,
    SITE_WALL,
    STONE,
    TOWER,
    WOOD,
)
from eurogym.envs.belfort.xtables import (
    ALL_GUILD_NAMES,
    ASSISTANT_ASSUMED,
    CENTAUR,
    DJINN,
    G_ASSISTANTS,
    G_CLIPBOARD,
    G_DECORATORS,
    G_HANDYMEN,
    G_LAWYERS,
    G_NON_HUMAN,
    G_PLANNERS,
    G_SENTINELS,
    GARGOYLE,
    GIANT,
    GOON,
    GORGON,
    HALFLING,
    HOBGOBLIN,
    PIXIE,
)
from tests.belfort.helpers import act, clear_board, legal, new_state, refresh, start_actions_turn
from tests.belfort.round_helpers import seat_with_shield


def x_state(num_players: int = 3, seed: int = 0, **options) -> XState:
    """An expansion game at its first assistant draft (after the setup discards)."""
    options.setdefault("expansion", True)
    state = new_state(num_players, seed, **options)
    assert isinstance(state, XState)
    return state


def draft_all(state: XState) -> None:
    """Every seat drafts the lowest-numbered assistant left in the display."""
    while state.phase == P_DRAFT:
        act(state, A_DRAFT + int(np.flatnonzero(state.asst_holder == EMPTY)[0]))


def actions_turn(state: XState, seat: int, assistant: int = DJINN) -> None:
    """Seat `seat` in its actions turn holding `assistant` face up (everyone else holds one
    of the others, as after a draft), on a clear board."""
    clear_board(state)
    state.asst_holder[:] = ASST_BOX
    state.asst_down[:] = 0
    others = [a for a in range(10) if a != assistant]
    for p in range(state.num_players):
        state.asst_holder[assistant if p == seat else others.pop()] = p
    state.set("draft_left", 0)
    state.passed[: state.num_players] = 1
    state.avail[:] = 0
    start_actions_turn(state, seat)


def build_cards(state: XState, seat: int, **cards: int) -> None:
    """Give `seat` built property cards by type name, e.g. pub=1, keep=2."""
    from eurogym.envs.belfort.tables import PROPERTY_NAMES

    for name, count in cards.items():
        state.built[seat, PROPERTY_NAMES.index(name)] = count


# ----------------------------------------------------------------------------- setup


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_s4_2_setup_month_1_scores_6_permits_and_display(num_players: int) -> None:
    state = ENGINE.new_game(ENGINE.make_config(num_players, expansion=True), 3)
    assert state.month == 1  # the marker starts on month 1 (§4.2 step 1)
    competitors = 4 if num_players == 2 else num_players
    assert (state.score[:competitors] == 6).all()  # D30
    assert (state.permit_stack == (1 if num_players <= 3 else 2)).all()  # §4.2 step 4
    in_play = state.asst_holder != ASST_BOX
    assert in_play.sum() == num_players + 1 and (state.asst_holder[in_play] == EMPTY).all()
    draft = x_state(num_players, 3)
    assert draft.month == 2 and draft.phase == P_DRAFT  # round 1 is month 2


def test_s4_2_expansion_game_lasts_6_rounds_and_base_game_is_unchanged() -> None:
    state = x_state(4, 1)
    rng = np.random.default_rng(1)
    months = set()
    while not ENGINE.is_over(state):
        months.add(int(state.month))
        act(state, int(rng.choice(np.flatnonzero(state.mask))))
    assert months == {2, 3, 4, 5, 6, 7}
    base = ENGINE.new_game(ENGINE.make_config(4), 1)
    assert type(base) is State and base.mask.size == NUM_ACTIONS
    assert state.mask.size == NUM_X_ACTIONS


# ----------------------------------------------------------------------------- draft


def test_s6_draft_in_reverse_turn_order_leftover_gold_builds_up() -> None:
    """The seed's example: with 2 players, 3 assistants; the last in turn order drafts
    first; the leftover gets 1 gold, which stays and grows until someone takes the tile."""
    state = x_state(2, 5)
    assert state.actor == seat_with_shield(state, 2)  # reverse turn order
    display = [int(a) for a in np.flatnonzero(state.asst_holder == EMPTY)]
    first, second, leftover = display
    act(state, A_DRAFT + first)
    assert state.actor == seat_with_shield(state, 1) and A_DRAFT + first not in legal(state)
    act(state, A_DRAFT + second)
    assert state.phase == P_PLACEMENT and state.asst_gold[leftover] == 1
    assert state.asst_gold[[first, second]].tolist() == [0, 0]
    kernels.end_round(state.buf)  # §11: the tiles go back; the gold stays on the leftover
    refresh(state)
    assert state.asst_gold[leftover] == 1 and state.phase == P_DRAFT
    taker = state.actor
    gold = int(state.res[taker, GOLD])
    act(state, A_DRAFT + leftover)
    assert state.res[taker, GOLD] == gold + 1 and state.asst_gold[leftover] == 0
    act(state, A_DRAFT + first)
    assert state.asst_gold[second] == 1  # the new leftover


def test_s11_assistants_return_face_up_to_the_display_each_round() -> None:
    state = x_state(3, 2)
    rng = np.random.default_rng(2)
    seen = 0
    while not ENGINE.is_over(state):
        if state.phase == P_DRAFT and state.draft_left == state.num_players:
            in_play = state.asst_holder != ASST_BOX
            assert (state.asst_holder[in_play] == EMPTY).all() and not state.asst_down.any()
            seen += 1
        act(state, int(rng.choice(np.flatnonzero(state.mask))))
    assert seen == 6


# ----------------------------------------------------------------------------- assistants


def test_appC_djinn_points_for_metal_or_goods_earlier_season_allowed() -> None:
    state = x_state(3, 0)
    actions_turn(state, 0, DJINN)
    state.set("month", 6)  # autumn: X 3 / Y 7, or an earlier season's values
    state.score[0] = 10
    res = state.res[0].copy()
    refresh(state)
    act(state, A_ASSIST + DJINN)
    assert state.phase == P_DJINN_SEASON and state.asst_down[DJINN] == 1
    assert {A_OPTION, A_OPTION + 1, A_OPTION + 2} <= legal(state)
    act(state, A_OPTION + 0, A_OPTION + 1)  # spring values: 1 point for 3 goods
    assert state.score[0] == 9 and state.phase == P_DJINN_PICK
    act(state, A_OPTION + 0, A_OPTION + 2, A_OPTION + 2)  # wood, gold, gold
    assert state.phase == P_ACTIONS
    assert (state.res[0] - res).tolist() == [1, 0, 0, 2]
    assert A_ASSIST + DJINN not in legal(state)  # exhausted for the round


def test_appC_djinn_metal_costs_x_points_and_needs_them_D35() -> None:
    state = x_state(3, 0)
    actions_turn(state, 1, DJINN)
    state.set("month", 4)  # summer: X = 2
    state.score[1] = 2
    refresh(state)
    act(state, A_ASSIST + DJINN)
    assert legal(state) == {A_OPTION, A_OPTION + 1}  # autumn values are not yet allowed
    metal = int(state.res[1, METAL])
    act(state, A_OPTION + 1, A_OPTION + 0)
    assert state.score[1] == 0 and state.res[1, METAL] == metal + 2
    state.asst_down[DJINN] = 0
    refresh(state)
    assert A_ASSIST + DJINN not in legal(state)  # 0 points: not even spring's X = 1


def test_appC_gargoyle_takes_x_cards_at_end_of_turn_then_hand_limit() -> None:
    state = x_state(3, 0)
    actions_turn(state, 2, GARGOYLE)
    state.set("month", 5)  # summer: X = 2
    state.hand[2, PUB] = 4
    state.discard[:] = 0
    state.discard[KEEP] = 1
    refresh(state)
    act(state, A_ASSIST + GARGOYLE)
    assert state.garg_left == 2 and state.phase == P_ACTIONS  # nothing until the turn ends
    act(state, A_DONE)
    assert state.phase == P_GARGOYLE and A_CARD + KEEP in legal(state)
    column_card = int(state.column[0])
    act(state, A_CARD + KEEP, A_TAKE_CARD + 0)
    assert state.hand[2, KEEP] == 1 and state.hand[2, column_card] >= 1
    assert state.column[0] != EMPTY  # refilled after the last card
    assert state.phase == P_DISCARD and state.pending == 1  # 6 cards: down to 5


def test_appC_pixie_scores_a_district_with_its_points_D29() -> None:
    state = x_state(3, 0)
    actions_turn(state, 0, PIXIE)
    state.set("month", 7)  # autumn: 3 / 2 / 1
    state.owner[0:3] = [0, 0, 1]  # D1: seat 0 two markers, seat 1 one, seat 2 one
    state.owner[3] = 2
    before = state.score[:3].copy()
    refresh(state)
    act(state, A_ASSIST + PIXIE, A_SITE + SITE_GUILD + 0)
    # seat 0 first (3); seats 1 and 2 tie for second: both demoted to third, which the
    # 3-player table does not pay (D29)
    assert (state.score[:3] - before).tolist() == [3, 0, 0]
    state4 = x_state(4, 0)
    actions_turn(state4, 0, PIXIE)
    state4.set("month", 7)
    state4.owner[0:4] = [0, 0, 1, 2]
    state4.owner[4] = 2
    before = state4.score[:4].copy()
    refresh(state4)
    act(state4, A_ASSIST + PIXIE, A_SITE + SITE_GUILD + 0)
    # seats 0 and 2 tie for first: both get the 2nd place's 2 (D12); seat 1 drops to 3rd,
    # which 4 players are paid: 1
    assert (state4.score[:4] - before).tolist() == [2, 1, 2, 0]


# ----------------------------------------------------------------------------- permits


def test_appE_2_take_a_permit_turns_the_assistant_down_one_per_card() -> None:
    state = x_state(3, 0)
    actions_turn(state, 0, GIANT)  # an assistant whose specialty is not played: permit only
    build_cards(state, 0, pub=1, keep=1)
    refresh(state)
    permits = {a - A_PERMIT for a in legal(state) if A_PERMIT <= a < A_PERMIT + 10}
    assert permits == {PUB, KEEP}  # only for built cards (E.2)
    act(state, A_PERMIT + PUB)
    assert state.permits[0, PUB] == 1 and state.permit_stack[PUB] == 0
    assert state.asst_down[GIANT] == 1
    assert not any(A_PERMIT <= a < A_PERMIT + 10 for a in legal(state))  # one per assistant


def test_appE_3_permit_plank_fee_then_red_board_expands() -> None:
    """The seed's example: a Dwarf on the Pub permit's plank pays 1 Stone; in the actions turn
    2 Stone to the supply takes it back and the Pub is a Pub+Lodge."""
    state = x_state(3, 0)
    draft_all(state)
    p = state.actor
    state.built[p, PUB] = 1
    state.permits[p, PUB] = 1
    state.permit_stack[PUB] = 0
    state.res[p, STONE] = 3
    refresh(state)
    dwarf_on_pub = A_PERMIT_PLACE + 10 + PUB
    assert dwarf_on_pub in legal(state)
    act(state, dwarf_on_pub)
    assert state.res[p, STONE] == 2 and state.on_permit[p, PUB] == 1
    actions_turn(state, p, GIANT)
    state.on_permit[p, PUB] = 1
    refresh(state)
    assert A_DONE not in legal(state)  # the worker must come back (§9.1)
    act(state, A_EXPAND + PUB)
    assert state.res[p, STONE] == 0 and state.expanded[p, PUB] == 1
    assert state.on_permit[p].sum() == 0 and A_DONE in legal(state)


def test_appE_3_two_plank_permit_needs_both_workers_else_reclaim_without_effect() -> None:
    state = x_state(4, 0)
    actions_turn(state, 0, GIANT)
    state.built[0, MARKET] = 1
    state.permits[0, MARKET] = 1
    state.on_permit[0, MARKET] = 1
    state.res[0, :3] = [2, 2, 0]
    refresh(state)
    assert A_EXPAND + MARKET not in legal(state) and A_RECLAIM + MARKET in legal(state)
    act(state, A_RECLAIM + MARKET)
    assert state.on_permit[0].sum() == 0 and state.expanded[0].sum() == 0
    state.on_permit[0, MARKET] = 2
    refresh(state)
    act(state, A_EXPAND + MARKET)
    assert state.phase == P_EXPAND_PAY
    assert legal(state) == {A_OPTION, A_OPTION + 1, A_OPTION + 2}  # 2 wood/stone, any mix
    act(state, A_OPTION + 1)
    assert state.res[0, :2].tolist() == [1, 1] and state.expanded[0, MARKET] == 1


def test_appD_inn_pool_returns_a_worker_and_masters_follow_E_4() -> None:
    state = x_state(3, 0)
    actions_turn(state, 0, GIANT)
    state.built[0, INN] = 1
    state.built[0, PUB] = 1
    state.gnomes[0, PUB] = 1  # entitled to one Master Dwarf
    state.dwarves[0] = 1
    state.permits[0, INN] = 1
    state.on_permit[0, INN] = 2
    refresh(state)
    act(state, A_EXPAND + INN)
    assert state.phase == P_EXPAND_PAY
    act(state, A_OPTION + 1)  # the dwarf goes back to the supply
    assert state.dwarves[0] == 0 and state.expanded[0, INN] == 1
    kernels.reset_workers(state.buf, 0)
    assert state.avail[0, 3] == 0  # no dwarf left, so no Master Dwarf (E.4)


def test_appD_library_archives_fee_is_two_cards_to_the_discard_pile() -> None:
    state = x_state(3, 0)
    draft_all(state)
    p = state.actor
    state.built[p, LIBRARY] = 1
    state.permits[p, LIBRARY] = 1
    state.permit_stack[LIBRARY] = 0
    state.hand[p] = 0
    state.hand[p, BANK] = 2
    refresh(state)
    discard = int(state.discard[BANK])
    act(state, A_PERMIT_PLACE + LIBRARY)
    assert state.phase == P_DISCARD and state.pending == 2
    act(state, A_CARD + BANK, A_CARD + BANK)
    assert state.discard[BANK] == discard + 2 and state.phase == P_PLACEMENT
    assert state.actor != p or state.passed.sum() == state.num_players - 1
    state.hand[p] = 0
    state.on_permit[p, LIBRARY] = 0
    state.set("turn_player", p)
    state.set("actor", p)
    refresh(state)
    assert A_PERMIT_PLACE + LIBRARY not in legal(state)  # no cards, no fee


def test_appD_tower_scriptorium_gives_back_a_gnome_and_undoes_a_gatehouse_lock() -> None:
    state = x_state(3, 0)
    actions_turn(state, 0, GIANT)
    state.built[0, TOWER] = 1
    state.built[0, GATEHOUSE] = 1
    state.gnomes[0, GATEHOUSE] = 1
    state.set("gnome_stock", state.gnome_stock - 1)
    state.owner[SITE_GATE : SITE_GATE + 2] = 0  # both halves of G1 (the lock's marker)
    state.permits[0, TOWER] = 1
    state.on_permit[0, TOWER] = 1
    refresh(state)
    stock = int(state.gnome_stock)
    act(state, A_EXPAND + TOWER)
    assert state.phase == P_EXPAND_GNOME and legal(state) == {A_GNOME + GATEHOUSE}
    act(state, A_GNOME + GATEHOUSE)
    assert state.gnome_stock == stock + 1 and state.phase == P_GATE_REMOVE
    act(state, A_SITE + SITE_GATE + 1)
    assert state.owner[SITE_GATE : SITE_GATE + 2].tolist() == [0, EMPTY]
    assert state.phase == P_ACTIONS and state.expanded[0, TOWER] == 1


# ----------------------------------------------------------------------------- bonus scoring


def bonus(state: XState, seat: int, t: int) -> int:
    return int(bonus_points(state.buf, seat, t))


def test_appD_bonus_examples_from_the_seed() -> None:
    """Every worked example of the expansion's appendix (seed), with the assumed card costs
    (D4 chose them to satisfy these sums)."""
    state = x_state(4, 0)
    clear_board(state)
    s = 0
    state.res[s, GOLD] = 7
    assert bonus(state, s, BANK) == 2  # 7 gold: 2 points
    state.res[s, GOLD] = 30
    assert bonus(state, s, BANK) == 4  # at most 4
    build_cards(state, s, keep=2, blacksmith=1)
    assert bonus(state, s, BLACKSMITH) == 1  # 5 metal: 1 point
    state.built[s] = 0
    build_cards(state, s, gardens=1, bank=2)
    assert bonus(state, s, GARDENS) == 2  # 11 wood: 2 points
    state.built[s] = 0
    build_cards(state, s, pub=1, keep=1)
    assert bonus(state, s, PUB) == 1  # Blue's Pub+Lodge: 6 stone, 1 point
    build_cards(state, s, tower=1)
    assert bonus(state, s, PUB) == 1  # pub + tower + keep: 9 stone, 1 point
    state.owner[SITE_WALL : SITE_WALL + 4] = s
    assert bonus(state, s, GATEHOUSE) == 4  # 4 walls
    state.owner[:] = EMPTY
    state.owner[[0, 8, 16]] = s  # markers in D1, D2, D3
    assert bonus(state, s, KEEP) == 3
    state.hand[s] = 0
    state.hand[s, PUB] = 3
    assert bonus(state, s, LIBRARY) == 2  # 3 cards: 2 points (rounded up)
    state.dwarves[s], state.elves[s] = 3, 4
    state.gnomes[s] = 0
    state.gnomes[s, MARKET] = 5
    assert bonus(state, s, INN) == 3  # 3 dwarves, 4 elves, 5 gnomes: 3 sets
    state.owner[SITE_GUILD : SITE_GUILD + 2] = s
    assert bonus(state, s, MARKET) == 2  # 2 guilds
    state.permits[s] = 0
    state.permits[s, [PUB, KEEP, TOWER]] = 1
    assert bonus(state, s, TOWER) == 3  # 3 permits, expanded or not


def test_s10_4_bonus_scores_every_fully_expanded_property_at_scoring() -> None:
    state = x_state(4, 0)
    clear_board(state)
    state.score[:4] = 0
    state.res[1, GOLD] = 9
    state.built[1, BANK] = 2
    state.permits[1, BANK] = 2
    state.expanded[1, BANK] = 2  # two Bank+Treasuries (D34): each scores
    state.built[2, BANK] = 1
    state.permits[2, BANK] = 1  # not expanded: no bonus
    state.res[2, GOLD] = 9
    score_bonus(state.buf)
    assert state.score[:4].tolist() == [0, 6, 0, 0]


# ----------------------------------------------------------------------------- guilds


def guild_turn(state: XState, guild: int, seat: int = 0) -> None:
    """`seat` in its actions turn with a worker on `guild` (put in D1)."""
    actions_turn(state, seat, GIANT)
    state.guild_of[0] = guild
    state.guild_worker[0] = seat
    refresh(state)


def test_appB_2_handymen_gain_one_wood_stone_metal() -> None:
    state = x_state(3, 0, promo_guilds=True)
    guild_turn(state, G_HANDYMEN)
    res = state.res[0].copy()
    act(state, 111 + 5)  # activate the D1 guild plank
    assert (state.res[0] - res).tolist() == [1, 1, 1, 0]


def test_appB_2_lawyers_buy_points_by_tier_D25() -> None:
    state = x_state(3, 0, promo_guilds=True)
    guild_turn(state, G_LAWYERS)
    state.res[0, GOLD] = 5
    state.score[0] = 10
    refresh(state)
    act(state, 111 + 5)
    assert state.phase == P_LAWYERS and legal(state) == {A_DONE, A_OPTION, A_OPTION + 1}
    act(state, A_OPTION + 1)
    assert state.res[0, GOLD] == 0 and state.score[0] == 12


def test_appB_2_clipboard_makers_card_visit_and_cheap_gnome() -> None:
    state = x_state(3, 0)
    guild_turn(state, G_CLIPBOARD)
    state.built[0, PUB] = 1
    state.res[0, GOLD] = 1
    refresh(state)
    hand, visits = int(state.hand[0].sum()), int(state.visits)
    act(state, 111 + 5)
    assert state.hand[0].sum() == hand + 1 and state.visits == visits + 1
    assert legal(state) == {A_DONE, A_GNOME + PUB}
    act(state, A_GNOME + PUB)
    assert state.gnomes[0, PUB] == 1 and state.res[0, GOLD] == 0
    assert state.hired == 0  # not the once-per-turn hire


def test_appB_2_planners_take_up_to_two_permits_without_an_assistant() -> None:
    state = x_state(4, 0)
    guild_turn(state, G_PLANNERS)
    build_cards(state, 0, pub=1, keep=1, bank=1)
    refresh(state)
    act(state, 111 + 5)
    assert state.phase == P_PLANNERS and A_DONE in legal(state)
    act(state, A_PERMIT + PUB, A_PERMIT + KEEP)
    assert state.phase == P_ACTIONS and state.permits[0].sum() == 2
    assert state.asst_down[GIANT] == 0  # no assistant used


def test_appB_2_guild_pools_by_option_and_two_player_rule_s13() -> None:
    assert "planners" in guild_choices(True, False) and "planners" not in guild_choices(False, True)
    assert {"handymen", "lawyers"} <= set(guild_choices(False, True))
    assert ALL_GUILD_NAMES[G_SENTINELS] in guild_choices(False, True)  # promo, interactive
    for seed in range(40):
        state = ENGINE.new_game(
            ENGINE.make_config(2, expansion=True, promo_guilds=True, guild_mode="advanced"), seed
        )
        names = [ALL_GUILD_NAMES[g] for g in state.guild_of]
        assert not {"thieves", "bandits", "spies", "sentinels"} & set(names)  # §13


def test_appE_2_an_assistant_without_a_ready_specialty_still_takes_a_permit() -> None:
    """The Centaur's specialty needs a hire it can discount; the tile can take a permit."""
    state = x_state(3, 0)
    actions_turn(state, 0, CENTAUR)
    build_cards(state, 0, pub=1)
    state.gnomes[0, PUB] = 1  # no empty lock: nothing to hire
    state.set("gnome_stock", state.gnome_stock - 1)
    refresh(state)
    assert A_ASSIST + CENTAUR not in legal(state) and A_PERMIT + PUB in legal(state)


# ----------------------------------------------------------------------------- options


def test_assumed_assistant_values_are_overridable_and_bad_ones_named() -> None:
    assert set(ASSISTANT_ASSUMED) == {"centaur", "goon", "gorgon", "halfling"}  # D24
    state = x_state(3, 0, data_overrides={"assistant_values": {"gargoyle": {"spring": 3}}})
    assert state.asst_x[GARGOYLE].tolist() == [3, 2, 3]
    from eurogym.envs.core.errors import ConfigError

    with pytest.raises(ConfigError, match="assistant_values.gargoyle has unknown names"):
        ENGINE.make_config(
            3, expansion=True, data_overrides={"assistant_values": {"gargoyle": {"winter": 3}}}
        )
    with pytest.raises(ConfigError, match="lawyers_tiers"):
        ENGINE.make_config(3, promo_guilds=True, data_overrides={"lawyers_tiers": [[1, 1]]})
    with pytest.raises(ConfigError, match="guilds"):
        ENGINE.make_config(3, guilds=["planners", "miners", "bankers", "spies", "thieves"])


def test_s2_plank_counts_come_from_the_data_file() -> None:
    table = DATA["player_count"]
    for n in (2, 3, 4, 5):
        assert kernels.RECRUITER_PLANKS_BY_N[n] == table["recruiter_desk_planks"][str(n)]
        assert kernels.CAMP_PLANKS_BY_N[n] == table["kings_camp_planks"][str(n)]


def test_keep_site_is_two_symbols_for_chapel_districts() -> None:
    """Keep+Chapel counts districts with a marker: a Keep section is one district."""
    state = x_state(3, 0)
    clear_board(state)
    state.owner[SITE_KEEP + 2] = 1
    assert bonus(state, 1, KEEP) == 1
    assert bonus(state, 1, GARDENS) == 0  # no built cards: no wood in their costs


def test_appC_halfling_replaces_the_tax_by_season_D24() -> None:
    """Spring: half the tax (rounded down); summer: none; autumn: none and 1 gold."""
    for month, gold_change in ((3, -1), (5, 0), (7, 1)):  # score 15: tax 2 (spring pays 1)
        state = x_state(3, 0)
        draft_all(state)
        state.asst_holder[:] = ASST_BOX
        state.asst_holder[[HALFLING, DJINN, PIXIE]] = [1, 0, 2]
        clear_board(state)
        state.set("month", month)
        state.score[:3] = 15
        state.res[:3, GOLD] = 5
        state.passed[:3] = 1
        state.avail[:] = 0
        state.camp[:] = EMPTY
        state.recruiter[:] = EMPTY
        state.set("camp_pos", 0)
        kernels.next_camp(state.buf)  # no King's Camp workers: income and taxes
        refresh(state)
        assert state.phase == P_HALFLING and state.actor == 1
        assert state.res[[0, 2], GOLD].tolist() == [3, 3]  # the others paid 2
        act(state, A_OPTION)
        assert state.res[1, GOLD] == 5 + gold_change and state.score[1] == 15
        assert state.asst_down[HALFLING] == 1 and state.phase == P_ACTIONS
    state = x_state(3, 0)
    draft_all(state)
    state.asst_holder[:] = ASST_BOX
    state.asst_holder[[HALFLING, DJINN, PIXIE]] = [1, 0, 2]
    state.score[1], state.res[1, GOLD] = 15, 1
    state.camp[:] = EMPTY
    state.set("camp_pos", 0)
    kernels.next_camp(state.buf)
    refresh(state)
    act(state, A_DONE)  # pay as usual: 1 gold, and 1 point for the gold missing
    assert state.res[1, GOLD] == 0 and state.score[1] == 14 and state.asst_down[HALFLING] == 0


def test_appC_hobgoblin_builds_from_hand_cost_two_wood_or_stone_less() -> None:
    state = x_state(3, 0)
    actions_turn(state, 0, HOBGOBLIN)
    state.set("month", 2)  # spring: 1 property
    state.hand[0, PUB] = 2  # pub costs 1 W 3 S (assumed, D4)
    state.res[0] = [0, 2, 0, 0]
    refresh(state)
    pub_site = int(np.flatnonzero([SITE_TYPE[s] == PUB for s in range(70)])[0])
    assert A_SITE + pub_site not in legal(state)  # 1 W 3 S: unaffordable without it
    act(state, A_ASSIST + HOBGOBLIN)
    assert A_SITE + pub_site in legal(state)
    act(state, A_SITE + pub_site)
    assert state.phase == P_HOB_MIX and legal(state) == {A_OPTION + 1}  # 1 wood + 1 stone off
    act(state, A_OPTION + 1)
    assert state.res[0].tolist() == [0, 0, 0, 0] and state.built[0, PUB] == 1
    state.res[0] = [1, 3, 0, 0]
    refresh(state)
    act(state, A_SITE + pub_site + 8)  # the second Pub: full price (X = 1 in spring)
    assert state.phase == P_ACTIONS and state.res[0].tolist() == [0, 0, 0, 0]


def test_appB_2_assistants_guild_takes_the_leftover_on_placement() -> None:
    state = x_state(3, 0)
    draft_all(state)
    p = state.actor
    leftover = int(np.flatnonzero(state.asst_holder == EMPTY)[0])
    state.guild_of[0] = G_ASSISTANTS
    state.res[p, GOLD] = 5
    refresh(state)
    gold_on_tile = int(state.asst_gold[leftover])
    act(state, A_PLACE + 5)  # an elf on the D1 guild (1 gold fee to the supply)
    assert state.asst_holder[leftover] == p and state.asst_guild_seat == p
    assert state.res[p, GOLD] == 5 - 1 + gold_on_tile
    mine = [int(a) for a in np.flatnonzero(state.asst_holder == p)]
    actions_turn_keep = mine  # both face up: taking a permit asks which one turns down
    state.built[p, PUB] = 1
    state.set("turn_player", p)
    state.passed[:3] = 1
    state.avail[:] = 0
    state.guild_worker[:] = EMPTY
    kernels.begin_turn(state.buf)
    refresh(state)
    act(state, A_PERMIT + PUB)
    assert state.phase == P_WHICH_ASST
    assert legal(state) == {A_DRAFT + a for a in actions_turn_keep}
    act(state, A_DRAFT + leftover)
    assert state.asst_down[leftover] == 1 and state.permits[p, PUB] == 1
    kernels.return_assistants(state.buf)
    assert state.asst_guild_seat == EMPTY and state.asst_holder[leftover] == EMPTY


def passing_with(state: XState, assistant: int) -> int:
    """After the draft: the first placer holds `assistant` face up and has 1 Elf and 1 Dwarf
    left; returns that seat."""
    draft_all(state)
    p = state.actor
    others = [a for a in range(10) if a != assistant]
    state.asst_holder[:] = ASST_BOX
    for q in range(state.num_players):
        state.asst_holder[assistant if q == p else others.pop()] = q
    state.avail[p] = [1, 0, 1, 0]
    refresh(state)
    return p


def test_appC_giant_tokens_work_as_elves_or_dwarves_in_one_area_D37() -> None:
    state = x_state(3, 0)
    p = passing_with(state, GIANT)
    state.set("month", 7)  # autumn: 3 tokens
    refresh(state)
    act(state, A_PASS, A_AREA + 0 * 4 + 2, A_AREA + 2 * 4 + 2)  # elf and dwarf to the mine
    assert state.phase == P_GIANT and A_DONE in legal(state)
    act(state, A_AREA + 0 * 4 + 2)  # first token: the mine, as an elf
    assert A_DONE not in legal(state)  # all X tokens go, into the same area
    assert all(a - A_AREA in (0 * 4 + 2, 2 * 4 + 2) for a in legal(state))
    act(state, A_AREA + 2 * 4 + 2, A_AREA + 0 * 4 + 2)
    assert state.giant_tokens.tolist() == [2, 1] and state.giant_area == 2
    metal = int(state.res[p, METAL])
    for q in range(3):
        if q != p:
            state.passed[q] = 1
            state.avail[q] = 0
    kernels.next_placement(state.buf)  # everyone has passed: Collection
    # the mine: 1 elf + 2 token elves, 1 dwarf + 1 token dwarf: 2 pairs, +1 for most workers
    assert state.res[p, METAL] == metal + 3
    assert state.giant_area == EMPTY and state.giant_tokens.sum() == 0


def test_appC_gorgon_charges_builders_in_its_district_once_per_turn_D32() -> None:
    state = x_state(3, 0)
    p = passing_with(state, GORGON)
    act(state, A_PASS, A_AREA + 0 * 4 + 3, A_AREA + 2 * 4 + 3)
    assert state.phase == P_GORGON
    act(state, A_SITE + SITE_GUILD + 0)  # D1
    assert state.gorgon_district == 0 and state.asst_down[GORGON] == 1
    other = (p + 1) % 3
    state.set("month", 4)  # summer: X = 2
    state.asst_holder[GIANT] = EMPTY
    state.passed[:3] = 1
    state.avail[:] = 0
    state.area[:] = 0
    state.set("turn_player", other)
    kernels.begin_turn(state.buf)
    state.hand[other] = 0
    state.hand[other, PUB] = 2
    state.res[other] = [2, 6, 0, 2]
    refresh(state)
    pub_d1, pub_d2 = 5, 13  # the pub symbols of D1 and D2
    assert A_SITE + pub_d1 in legal(state)
    state.res[other, GOLD] = 1
    refresh(state)
    assert A_SITE + pub_d1 not in legal(state) and A_SITE + pub_d2 in legal(state)
    state.res[other, GOLD] = 2
    refresh(state)
    act(state, A_SITE + pub_d1)
    assert state.res[other].tolist() == [1, 3, 0, 0]  # the Pub (1 W 3 S) and 2 gold
    assert state.gorgon_used == 1  # once per turn: a second build there pays nothing more
    state.set("turn_player", p)
    kernels.begin_turn(state.buf)  # the Gorgon's holder gains X building there
    state.res[p] = [3, 3, 0, 0]
    refresh(state)
    act(state, A_SITE + SITE_WALL)  # a wall of D1 (3 W + 3 S)
    assert state.res[p].tolist() == [0, 0, 0, 2]


def test_appB_2_decorators_markers_count_one_and_a_half_D27() -> None:
    """Decorate 2 markers; in a district, 3 markers with one decorated count 3.5 (seed)."""
    state = x_state(3, 0)
    guild_turn(state, G_DECORATORS)
    state.owner[[0, 1, 2]] = 0  # seat 0: three markers in D1
    state.owner[[3, 4, 5]] = 1  # seat 1: three markers in D1
    state.owner[SITE_KEEP + 1] = 0  # and a Keep section in D2 (two markers)
    refresh(state)
    act(state, 111 + 5)
    assert state.phase == P_DECORATE
    assert {a - A_SITE for a in legal(state)} == {0, 1, 2, SITE_KEEP + 1}
    act(state, A_SITE + 0)
    assert A_SITE + 0 not in legal(state)  # one coin per marker
    act(state, A_SITE + SITE_KEEP + 1)
    assert state.phase == P_ACTIONS and state.decorated[[0, SITE_KEEP + 1]].tolist() == [1, 1]
    table = score_table(state)  # D1: seat 0's 3.5 beats seat 1's 3: no tie
    assert table[:3, 0].tolist() == [5, 3, 0]
    state.decorated[0] = 0
    assert score_table(state)[:3, 0].tolist() == [3, 3, 0]  # a 3-3 tie: both 2nd (D12)


def test_appB_2_non_human_resources_lend_three_workers_for_the_round_D26() -> None:
    state = x_state(3, 0)
    draft_all(state)
    p = state.actor
    state.guild_of[0] = G_NON_HUMAN
    state.elves[p], state.dwarves[p] = 6, 3  # the supply holds 1 Elf and 4 Dwarves
    kernels.reset_workers(state.buf, p)
    state.res[p, GOLD] = 5
    refresh(state)
    act(state, A_PLACE + 5)  # an elf on the D1 guild: on placement, 3 workers
    assert state.phase == P_NHR_TAKE and legal(state) == {A_OPTION, A_OPTION + 1}
    act(state, A_OPTION)  # the last Elf of the supply
    assert legal(state) == {A_OPTION + 1}
    act(state, A_OPTION + 1, A_OPTION + 1)
    assert state.phase == P_PLACEMENT and state.nhr_owed[p] == 3
    assert (state.elves[p], state.dwarves[p]) == (7, 5)
    assert state.avail[p, 0] + state.avail[p, 1] == 6 and state.avail[p, 2] == 5  # placeable now
    # end of p's actions turn: 3 workers go back, any mix (here 3 Elves)
    actions_turn(state, p, GIANT)
    state.nhr_owed[p] = 3
    refresh(state)
    act(state, A_DONE)
    assert state.phase == P_NHR_RETURN
    act(state, A_OPTION, A_OPTION, A_OPTION)
    assert state.elves[p] == 4 and state.nhr_owed[p] == 0 and state.phase != P_NHR_RETURN


def test_appB_2_sentinels_players_with_fewer_walls_pay_the_user_D25() -> None:
    state = x_state(3, 0, promo_guilds=True, expansion=False)
    clear_board(state)
    user = 0
    order = [(user + i) % 3 for i in range(3)]
    state.shield[:3] = [order.index(q) + 1 for q in range(3)]  # user shield 1, then 1, 2
    state.guild_of[0] = G_SENTINELS
    state.guild_worker[0] = user
    state.owner[SITE_WALL : SITE_WALL + 2] = user  # the user has 2 walls
    state.owner[SITE_WALL + 2] = 2  # seat 2 has 1 (fewer), seat 1 none
    state.res[:3] = [[0, 0, 0, 0], [0, 0, 1, 0], [3, 0, 0, 0]]
    state.passed[:3] = 1
    state.avail[:] = 0
    start_actions_turn(state, user)
    act(state, 111 + 5)
    assert state.res[user, GOLD] == 1  # (1) 1 gold
    assert state.phase == P_SENTINEL_PAY and state.actor == 1 and legal(state) == {A_OPTION + 2}
    act(state, A_OPTION + 2)  # seat 1 pays its only Metal
    assert state.actor == 2 and legal(state) == {A_OPTION}
    act(state, A_OPTION)
    assert state.phase == P_ACTIONS and state.actor == user
    assert state.res[user].tolist() == [1, 0, 1, 1] and state.res[1:3].sum() == 2


def test_appC_goon_joins_an_occupied_guild_and_both_resolve_it_D38() -> None:
    state = x_state(3, 0)
    p = passing_with(state, GOON)
    other = (p + 1) % 3
    state.guild_of[0] = SAWYERS  # gain 4 Wood
    state.guild_worker[0] = other
    state.set("month", 2)  # spring: the guild fee (1 G to the unowned guild's supply) + 1 G
    state.res[p, GOLD] = 2
    refresh(state)
    assert A_ASSIST + GOON in legal(state)
    act(state, A_ASSIST + GOON)
    assert state.phase == P_GOON and legal(state) == {A_SITE + SITE_GUILD + 0}
    act(state, A_SITE + SITE_GUILD + 0)
    assert state.res[p, GOLD] == 0 and state.goon_district == 0 and state.asst_down[GOON] == 1
    assert state.phase == P_PLACEMENT and state.actor != p  # it was p's placement
    # p's actions turn: the Goon token must be resolved like a worker, for p's benefit
    state.passed[:3] = 1
    state.avail[:] = 0
    state.set("turn_player", p)
    kernels.begin_turn(state.buf)
    refresh(state)
    assert A_DONE not in legal(state) and 111 + 5 in legal(state)
    wood = int(state.res[p, WOOD])
    act(state, 111 + 5)
    assert state.res[p, WOOD] == wood + 4 and state.goon_district == EMPTY
    assert state.guild_worker[0] == other  # the other worker is still there for its owner
