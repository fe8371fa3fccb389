"""Round-flow scenario builders shared by test_rounds.py, test_scoring.py and test_config.py:
fix the turn order, give players exact workers, run a whole Placement phase (passes and area
choices) so the engine itself resolves the Collection, and finish an actions turn so the
round's end (NP turns, Scoring, next month) runs through the engine."""

from __future__ import annotations

import numpy as np

from eurogym.envs.belfort.actions import A_AREA, A_DONE, A_PASS
from eurogym.envs.belfort.state import P_ACTIONS, P_AREAS, P_PLACEMENT, State
from eurogym.envs.belfort.tables import DWARF, ELF, MASTER_DWARF, MASTER_ELF
from tests.belfort.helpers import act, clear_board, legal, refresh, start_actions_turn


def seat_with_shield(state: State, k: int) -> int:
    return int(np.flatnonzero(state.shield[: state.num_players] == k)[0])


def set_shields(state: State, shields: list[int]) -> None:
    """Give seat i shield shields[i]; in Placement the shield-1 holder is to act."""
    state.shield[: len(shields)] = shields
    if state.phase == P_PLACEMENT:
        first = seat_with_shield(state, 1)
        state.set("turn_player", first)
        state.set("actor", first)
    refresh(state)


def set_workers(
    state: State,
    seat: int,
    elf: int = 0,
    master_elf: int = 0,
    dwarf: int = 0,
    master_dwarf: int = 0,
) -> None:
    """The workers `seat` still has to place this round (kinds in tables.py order)."""
    state.avail[seat] = [0, 0, 0, 0]
    state.avail[seat, ELF] = elf
    state.avail[seat, MASTER_ELF] = master_elf
    state.avail[seat, DWARF] = dwarf
    state.avail[seat, MASTER_DWARF] = master_dwarf
    refresh(state)


def quiet_round(state: State) -> None:
    """Empty board, no workers to place, score 0 (no tax), no income: only what a test adds
    happens in the Collection."""
    clear_board(state)
    state.avail[:] = 0
    state.score[:] = 0
    refresh(state)


def run_placement(
    state: State,
    areas: dict[int, list[tuple[int, int]]] | None = None,
    places: dict[int, list[int]] | None = None,
) -> None:
    """Play the Placement phase to its end: each seat makes its `places` actions in its turns,
    then passes and sends its remaining workers to `areas` as (kind, area) pairs (unplanned
    workers go to the first legal area)."""
    areas = {k: list(v) for k, v in (areas or {}).items()}
    places = {k: list(v) for k, v in (places or {}).items()}
    while state.phase in (P_PLACEMENT, P_AREAS):
        p = state.actor
        if state.phase == P_PLACEMENT:
            act(state, places[p].pop(0) if places.get(p) else A_PASS)
        elif areas.get(p):
            kind, area = areas[p].pop(0)
            act(state, A_AREA + kind * 4 + area)
        else:  # a worker the test did not plan for: the first legal area
            act(state, min(legal(state)))


def end_last_turn(state: State) -> None:
    """Put the holder of the last shield at the start of their actions turn and end it, so the
    engine runs the end of the round (NP turns in 2-player games, Scoring, next month)."""
    n = state.num_players
    start_actions_turn(state, seat_with_shield(state, n))
    assert state.phase == P_ACTIONS
    act(state, A_DONE)
