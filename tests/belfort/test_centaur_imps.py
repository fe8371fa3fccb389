"""The Centaur and the Imps (spec Appendix C, §6 step 3, §11) and E.4's Masters at once, each
test named after the section it checks. Scenarios start from a real expansion game and set
fields by hand (helpers.refresh recomputes the mask), so the whole invariants kernel does not
apply (hand-built cards break card conservation); its token part (token_violation) runs after
the steps that move tokens."""

from __future__ import annotations

import numpy as np

from eurogym.envs.belfort import kernels
from eurogym.envs.belfort.actions import (
    A_ASSIST,
    A_DONE,
    A_DRAFT,
    A_GNOME,
    A_IMP,
    A_OPTION,
    A_PERMIT,
    A_PLACE,
    A_SITE,
)
from eurogym.envs.belfort.invariants import token_violation
from eurogym.envs.belfort.render_text import render_ansi
from eurogym.envs.belfort.state import (
    ASST_BOX,
    EMPTY,
    P_ACTIONS,
    P_CENTAUR,
    P_CENTAUR_GATE,
    P_CENTAUR_HIRE,
    P_CENTAUR_UNDO,
    P_DRAFT,
    P_GAME_OVER,
    P_IMPS,
    P_INN,
    P_NHR_TAKE,
    P_PLACEMENT,
    XState,
)
from eurogym.envs.belfort.tables import (
    BANK,
    DWARF,
    ELF,
    GATEHOUSE,
    GOLD,
    INN,
    MARKET,
    MASTER_DWARF,
    PLANK_TYPES,
    PUB,
    SITE_GATE,
    TOWER,
)
from eurogym.envs.belfort.xtables import CENTAUR, DJINN, G_NON_HUMAN, GARGOYLE, GIANT, IMPS
from tests.belfort.helpers import act, legal, refresh
from tests.belfort.test_expansion import actions_turn, draft_all, x_state


def centaur_draft(built: dict[int, int]) -> tuple[XState, int]:
    """A 3-player draft whose first drafter (returned) has `built` cards {type: count} and
    picks from a display holding the Centaur, the Djinn, the Gargoyle and the Giant."""
    state = x_state(3, 0)
    state.asst_holder[:] = ASST_BOX
    state.asst_holder[[CENTAUR, DJINN, GARGOYLE, GIANT]] = EMPTY
    p = state.actor
    state.built[p] = 0
    state.gnomes[p] = 0
    for t, count in built.items():
        state.built[p, t] = count
    refresh(state)
    return state, p


def test_s6_3_appC_centaur_token_fills_an_empty_lock_at_once_not_a_gnome() -> None:
    state, p = centaur_draft({PUB: 1})
    act(state, A_DRAFT + CENTAUR)
    assert state.phase == P_CENTAUR and state.actor == p
    assert legal(state) == {A_GNOME + PUB}  # only an empty lock of a built card
    act(state, A_GNOME + PUB)
    assert token_violation(state.buf, state.phase == P_DRAFT) == 0
    assert state.centaur_lock == PUB and state.gnomes[p, PUB] == 0  # not a Gnome (§10.2)
    assert state.phase == P_DRAFT and state.actor != p  # the draft goes on
    draft_all(state)
    assert state.phase == P_PLACEMENT
    assert state.avail[p, MASTER_DWARF] == 1  # the Pub lock counts as filled: a Master Dwarf
    # the token holds the only lock: no gnome can be hired onto it
    assert not kernels.lock_free(state.buf, p, PUB)
    # §11: the token goes back with the tile; the lock is locked again, the Master is lost
    kernels.end_round(state.buf)
    refresh(state)
    assert state.centaur_lock == EMPTY and state.phase == P_DRAFT
    kernels.reset_workers(state.buf, p)
    assert state.avail[p, MASTER_DWARF] == 0


def test_s6_3_appC_centaur_without_an_empty_lock_keeps_its_token() -> None:
    state, p = centaur_draft({PUB: 1})
    state.gnomes[p, PUB] = 1
    state.set("gnome_stock", state.gnome_stock - 1)
    refresh(state)
    act(state, A_DRAFT + CENTAUR)
    assert state.phase == P_DRAFT and state.centaur_lock == EMPTY


def test_s11_appC_centaur_lock_on_a_gatehouse_marker_and_its_undo() -> None:
    """The token on a Gatehouse lock puts the extra marker at once; at the end of the round
    its holder removes one of their Gatehouse markers (any Gatehouse, their choice)."""
    state, p = centaur_draft({GATEHOUSE: 1})
    state.owner[:] = EMPTY
    state.owner[SITE_GATE] = p  # half a of Gatehouse G1
    state.owner[SITE_GATE + 4] = p  # half a of G3
    state.owner[SITE_GATE + 5] = p  # and its half b
    refresh(state)
    act(state, A_DRAFT + CENTAUR, A_GNOME + GATEHOUSE)
    assert state.phase == P_CENTAUR_GATE and legal(state) == {A_SITE + SITE_GATE + 1}
    act(state, A_SITE + SITE_GATE + 1)
    assert token_violation(state.buf, state.phase == P_DRAFT) == 0
    assert state.owner[SITE_GATE + 1] == p and state.phase == P_DRAFT
    draft_all(state)
    kernels.end_round(state.buf)  # month 2: no scoring; §11
    refresh(state)
    assert state.phase == P_CENTAUR_UNDO and state.actor == p
    in_play = state.asst_holder != ASST_BOX
    assert state.centaur_lock == EMPTY and (state.asst_holder[in_play] == EMPTY).all()
    assert legal(state) == {A_SITE + SITE_GATE + h for h in (0, 1, 4, 5)}
    act(state, A_SITE + SITE_GATE + 4)
    assert token_violation(state.buf, state.phase == P_DRAFT) == 0
    assert state.owner[SITE_GATE + 4] == EMPTY
    assert (state.owner[SITE_GATE + np.array([0, 1, 5])] == p).all()
    assert state.phase == P_DRAFT and state.month == 3  # then the next round


def test_s11_centaur_undo_is_not_asked_after_the_last_round() -> None:
    state, p = centaur_draft({GATEHOUSE: 1})
    state.owner[:] = EMPTY
    state.owner[SITE_GATE] = p
    refresh(state)
    act(state, A_DRAFT + CENTAUR, A_GNOME + GATEHOUSE, A_SITE + SITE_GATE + 1)
    draft_all(state)
    state.set("month", 7)
    kernels.end_round(state.buf)
    assert state.phase == P_GAME_OVER and state.centaur_lock == EMPTY


def test_appC_centaur_specialty_discounts_the_once_per_turn_hire_D24() -> None:
    state = x_state(3, 0)
    actions_turn(state, 0, CENTAUR)
    state.built[0, MARKET] = 1
    state.res[0, GOLD] = 2  # spring: the hire costs 3 - 1
    refresh(state)
    assert A_GNOME + MARKET not in legal(state)  # the normal hire costs 3
    assert A_ASSIST + CENTAUR in legal(state)
    act(state, A_ASSIST + CENTAUR)
    assert state.phase == P_CENTAUR_HIRE and legal(state) == {A_GNOME + MARKET}
    act(state, A_GNOME + MARKET)
    assert state.res[0, GOLD] == 0 and state.gnomes[0, MARKET] == 1 and state.hired == 1
    assert state.asst_down[CENTAUR] == 1 and state.phase == P_ACTIONS
    assert state.visits == 2  # the Market lock's visit at once
    state.res[0, GOLD] = 9
    state.built[0, PUB] = 1
    refresh(state)
    assert A_GNOME + PUB not in legal(state)  # that was the once-per-turn hire
    assert A_PERMIT + PUB not in legal(state)  # and the Centaur is exhausted


def test_appC_centaur_discount_follows_the_season_and_its_override() -> None:
    state = x_state(3, 0, data_overrides={"assistant_values": {"centaur": {"summer": 3}}})
    actions_turn(state, 0, CENTAUR)
    state.set("month", 4)  # summer
    state.built[0, MARKET] = 1
    state.res[0, GOLD] = 0  # 3 - 3: free
    refresh(state)
    act(state, A_ASSIST + CENTAUR, A_GNOME + MARKET)
    assert state.res[0, GOLD] == 0 and state.gnomes[0, MARKET] == 1


def imps_placement(month: int) -> tuple[XState, int, int]:
    """After the draft: the first placer p holds the Imps face up; another seat q has a Bank,
    an Inn with its gnome (the plank unlocked) and a Tower without (locked). Returns the
    state, p and q."""
    state = x_state(3, 0)
    draft_all(state)
    p = state.actor
    q = (p + 1) % 3
    others = [a for a in range(10) if a != IMPS]
    state.asst_holder[:] = ASST_BOX
    for seat in range(3):
        state.asst_holder[IMPS if seat == p else others.pop()] = seat
    state.set("month", month)
    state.built[:] = 0
    state.gnomes[:] = 0
    state.built[q, [BANK, INN, TOWER]] = 1
    state.gnomes[q, INN] = 1
    state.set("gnome_stock", state.gnome_stock - 1)
    state.res[p, GOLD] = 5
    state.res[q, GOLD] = 0
    refresh(state)
    return state, p, q


def imp(q: int, t: int) -> int:
    return A_IMP + q * 5 + PLANK_TYPES.index(t)


def test_appC_imps_take_any_players_unlocked_planks_and_fees_go_to_the_owner() -> None:
    state, p, q = imps_placement(month=6)  # autumn: X = 2
    assert A_ASSIST + IMPS in legal(state)
    act(state, A_ASSIST + IMPS)
    assert state.phase == P_IMPS and state.asst_down[IMPS] == 1
    assert legal(state) == {imp(q, BANK), imp(q, INN)}  # the Tower's plank is locked
    act(state, imp(q, INN))
    assert state.res[p, GOLD] == 4 and state.res[q, GOLD] == 1  # the Inn's fee to its owner
    assert legal(state) == {imp(q, BANK)}  # the Inn's plank is occupied now
    act(state, imp(q, BANK))
    assert token_violation(state.buf, state.phase == P_DRAFT) == 0
    assert state.phase == P_PLACEMENT and state.actor != p  # that was p's placement
    # the owner cannot put a worker on the occupied planks
    kernels.reset_workers(state.buf, q)
    state.set("turn_player", q)
    state.set("actor", q)
    refresh(state)
    for race in range(2):
        for t in (BANK, INN):
            assert A_PLACE + race * 12 + PLANK_TYPES.index(t) not in legal(state)


def test_appC_imps_are_activated_by_their_holder_who_gets_the_effect() -> None:
    state, p, q = imps_placement(month=6)
    act(state, A_ASSIST + IMPS, imp(q, INN), imp(q, BANK))
    gold, elves = int(state.res[p, GOLD]), int(state.elves[p])
    state.passed[:3] = 1
    state.avail[:] = 0
    state.set("turn_player", p)
    kernels.begin_turn(state.buf)
    refresh(state)
    assert A_DONE not in legal(state)  # Imps are activated like workers (§9.1)
    assert {imp(q, INN), imp(q, BANK)} <= legal(state)
    act(state, imp(q, BANK))
    assert state.res[p, GOLD] == gold + 2 and state.res[q, GOLD] == 1
    act(state, imp(q, INN))
    assert state.phase == P_INN and state.actor == p
    act(state, A_OPTION)  # an Elf of p's colour
    assert state.elves[p] == elves + 1 and state.phase == P_ACTIONS
    assert (state.imp_seat == EMPTY).all() and A_DONE in legal(state)
    assert token_violation(state.buf, state.phase == P_DRAFT) == 0


def test_appC_imps_x_is_one_in_spring_and_imps_leave_with_the_round_s11() -> None:
    state, p, q = imps_placement(month=2)  # spring: X = 1
    act(state, A_ASSIST + IMPS, imp(q, INN))
    assert state.phase == P_PLACEMENT and (state.imp_seat != EMPTY).sum() == 1
    kernels.return_assistants(state.buf)  # §11: Imps still on planks leave them
    assert (state.imp_seat == EMPTY).all() and (state.imp_type == EMPTY).all()


def test_invariants_catch_tokens_left_after_the_round() -> None:
    state, p, q = imps_placement(month=2)
    act(state, A_ASSIST + IMPS, imp(q, INN))
    assert token_violation(state.buf, False) == 0
    state.asst_holder[IMPS] = EMPTY  # the tile went back but the Imp stayed
    assert token_violation(state.buf, False) == 22
    state, p = centaur_draft({PUB: 1})
    act(state, A_DRAFT + CENTAUR, A_GNOME + PUB)
    assert token_violation(state.buf, False) == 0
    state.asst_holder[CENTAUR] = EMPTY  # the tile went back but the lock was not undone
    assert token_violation(state.buf, False) == 21


def test_views_show_the_centaur_token_and_the_imps() -> None:
    state, p, q = imps_placement(month=6)
    act(state, A_ASSIST + IMPS, imp(q, INN))
    state.set("centaur_lock", PUB)
    state.asst_holder[CENTAUR] = q
    state.built[q, PUB] = 1
    text = render_ansi(state)
    assert f"Centaur token on a gnome lock of player {q}'s pub" in text
    assert f"Imp on the plank of player {q}'s inn" in text


def test_appE_4_a_non_human_resources_worker_is_a_master_at_once_when_due() -> None:
    """E.4: entitled to more Masters than you have workers, a gained worker is promoted at
    once; the Non-Human Resources' workers are placeable at once, so it shows."""
    state = x_state(3, 0)
    draft_all(state)
    p = state.actor
    state.guild_of[0] = G_NON_HUMAN
    state.built[p, PUB] = 2
    state.gnomes[p, PUB] = 2
    state.set("gnome_stock", state.gnome_stock - 2)
    state.elves[p], state.dwarves[p] = 3, 1  # entitled to 2 Master Dwarves, holding 1 Dwarf
    kernels.reset_workers(state.buf, p)
    assert state.avail[p].tolist() == [3, 0, 0, 1]
    state.res[p, GOLD] = 5
    refresh(state)
    act(state, A_PLACE + 5)  # an elf on the D1 guild
    assert state.phase == P_NHR_TAKE
    act(state, A_OPTION + 1)  # a Dwarf: the second Master Dwarf
    assert state.avail[p, MASTER_DWARF] == 2 and state.avail[p, DWARF] == 0
    act(state, A_OPTION + 1, A_OPTION)  # a third Dwarf (no Pub left for it) and an Elf
    assert state.avail[p, MASTER_DWARF] == 2 and state.avail[p, DWARF] == 1
    assert state.avail[p, ELF] == 3  # 2 left after the guild's worker, + 1 (no Gardens)
    assert token_violation(state.buf, state.phase == P_DRAFT) == 0
