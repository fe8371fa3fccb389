"""What orcs may legitimately do to a player's animals in one engine step (spec B8, D23, D24),
read from the states before and after it, for the housing audit of random v1 games
(test_random_v1.py). The engine keeps no record of an orc's path, so the cells it may have
entered are every cell on a path the rules allow that ends where the orc ended: an optional
push (8 directions, D38) and then the rest of any card of the event's deck from any step
(a move paused at a Cave-in resumes mid-card), each card step by the blocked-step table
(tables.NEXT). Entering a cell loses every animal on it and on the pasture it belongs to;
an orc settling on a mine sends that mine's donkey back to the supply. Both are counted as
upper bounds (what may have been there), so the audit never blames an orc's legal work.
Nothing else an orc does removes an animal: animals on any other tile it occupies are
re-housed or given up by their player (D23 in v1, E17)."""

from __future__ import annotations

import numpy as np

from eurogym.envs.caverna_ff.board import A_DONKEY
from eurogym.envs.caverna_ff.state import O_CAVE, O_FOREST, O_HELD
from eurogym.envs.caverna_ff.tables import (
    CAVE,
    COLS,
    ENTRANCE_CELL,
    FIRST_ANIMAL,
    NEXT,
    NUM_ANIMALS,
    NUM_ORCS,
    PUSH_DELTA,
    T_ORE_MINE,
    T_RUBY_MINE,
)

FOREST_STATES = (O_FOREST, O_HELD)


def push_targets(cell: int) -> list[int]:
    """Cells a push may move an orc on `cell` to (D38): a forest cell in any of 8 directions,
    or the cave (CAVE) by a push to the right from the entrance."""
    r, c = divmod(cell, COLS)
    targets = []
    for dr, dc in PUSH_DELTA:
        if cell == ENTRANCE_CELL and (dr, dc) == (0, 1):
            targets.append(CAVE)
        elif 0 <= r + dr < 4 and 0 <= c + dc < 3:
            targets.append((r + dr) * COLS + c + dc)
    return targets


def card_paths(start: int, cards: np.ndarray) -> list[tuple[int, ...]]:
    """Every cell sequence a move from `start` may enter: each card of the deck ([card, step]
    directions, -1 none) from each of its steps, stopped after any step (a trap may end it)."""
    paths: list[tuple[int, ...]] = [()]
    for card in cards:
        for first in range(len(card)):
            cell, path = start, ()
            for d in card[first:]:
                if d < 0:
                    break
                cell = int(NEXT[cell, d])
                path = (*path, cell)
                paths.append(path)
                if cell == CAVE:
                    break
    return paths


def event_boards(before, after) -> list[int]:
    """The orc event boards (0-3) resolved, wholly or in part, during the step: the one under
    way before it and every one begun later (one decision can end a round, run its event and
    go on into the next round)."""
    first = int(before.ev) if before.ev >= 0 else int(before.events_done)
    last = int(after.ev) if after.ev >= 0 else int(after.events_done) - 1
    return list(range(first, last + 1))


def may_walk(before, after, q: int, o: int) -> bool:
    """Could orc o of q have taken its event steps (B8: letter by letter, each letter in turn
    order from the start player) during this step? Within one event, only if the resolution
    pointer (letter, turn position) reached it; an event begun or ended within the step lets
    any orc have walked."""
    if before.ev < 0 or after.ev < 0 or before.ev != after.ev:
        return bool(event_boards(before, after))
    n = int(before.num_players)
    key = o * n + (q - int(before.start_player)) % n
    first = int(before.ev_letter) * n + int(before.ev_seat)
    return first <= key <= int(after.ev_letter) * n + int(after.ev_seat)


def entered_cells(before, after, q: int) -> set[int]:
    """Cells of q's board an orc of q may have entered during the step from `before` to
    `after`, with the pasture partners of those cells (the whole pasture is lost, B8)."""
    boards = event_boards(before, after)
    if not boards:
        return set()  # orcs only walk during an orc event
    decks = {int(before.p_event_deck[ev]) - 1 for ev in boards}
    cards = np.concatenate([before.p_card_steps[d] for d in sorted(decks)])
    cells: set[int] = set()
    for o in range(NUM_ORCS):
        if before.orc_state[q, o] not in FOREST_STATES:
            continue
        start = int(before.orc_cell[q, o])
        end_state, end = int(after.orc_state[q, o]), int(after.orc_cell[q, o])
        if (end_state, end) == (before.orc_state[q, o], start) and not may_walk(
            before, after, q, o
        ):
            continue  # neither moved nor had its turn: it walked no path back to its cell
        starts = [(start, ())] + [(t, (t,)) for t in push_targets(start)]
        for cell, pushed in starts:
            moves = [()] if cell == CAVE else card_paths(cell, cards)
            for move in moves:
                path = pushed + move
                last = path[-1] if path else start
                if end_state in FOREST_STATES:
                    ok = last == end  # it stands where its path ended
                elif end_state == O_CAVE:  # it stepped or was pushed in, or event 4 ends
                    ok = last == CAVE or 3 in boards  # (every forest orc invades, B8)
                else:  # defeated or befriended: by a bribe after its push, or on a trap
                    ok = not move or before.trap[q, last] > 0
                if ok:
                    cells.update(x for x in path if x >= 0)
    for x in list(cells):
        partner = int(before.pasture[q, x]) - 2
        if partner >= 0:
            cells.add(partner)
    return cells


def orc_losses(before, after, q: int) -> np.ndarray:
    """The most animals (per type, board.A_* order) of player q that orcs may have removed in
    this step: every animal on the cells an orc may have entered (not only what is missing
    there after the step: animals an orc drove off a cave tile may be re-housed onto a
    pasture an orc emptied earlier in the same step) and every animal unhoused before the
    step (housed there in the step before an orc came), and a donkey for each mine an orc newly
    occupies (D24: its goods and donkey go back to the supply)."""
    lost = np.zeros(NUM_ANIMALS, np.int64)
    entered = entered_cells(before, after, q)
    for x in entered:
        lost += before.animal_at[q, x]
    if entered:  # animals unhoused before the step may have been housed there first
        lost += before.res[q, FIRST_ANIMAL : FIRST_ANIMAL + NUM_ANIMALS]
        lost -= before.animal_at[q].sum(axis=0)
    for o in range(NUM_ORCS):
        c = int(after.orc_cell[q, o])
        if after.orc_state[q, o] != O_CAVE:
            continue
        if before.orc_state[q, o] == O_CAVE and before.orc_cell[q, o] == c:
            continue  # stayed on its tile
        if before.tile[q, c] in (T_ORE_MINE, T_RUBY_MINE):
            lost[A_DONKEY] += 1  # its one donkey, maybe housed there earlier in the step
    return lost


def orcs_moved(before, after, q: int) -> bool:
    """Did an orc of q change state or cell in the step?"""
    return bool(
        (before.orc_state[q] != after.orc_state[q]).any()
        or (before.orc_cell[q] != after.orc_cell[q]).any()
    )


def orcs_acted(before, after, q: int) -> bool:
    """`orcs_moved`, or could an orc of q in the forest have walked in this step (`may_walk`),
    on a path that may end where it began?"""
    if orcs_moved(before, after, q):
        return True
    return any(
        before.orc_state[q, o] in FOREST_STATES and may_walk(before, after, q, o)
        for o in range(NUM_ORCS)
    )


def orc_touched(before, after, q: int) -> set[int]:
    """Cells whose room orcs of q may have changed during the step: the cells they may have
    entered (emptied) and the cave tiles they took or left (an occupied tile gives no room)."""
    cells = entered_cells(before, after, q)
    for o in range(NUM_ORCS):
        for state in (before, after):
            if state.orc_state[q, o] == O_CAVE:
                cells.add(int(state.orc_cell[q, o]))
    return cells
