"""Caverna: Frantic Fiends renderers: a text status and an RGB picture of every home board.
Both show only public information (never the face-down cards/markers, the deck or the RNG)."""

from __future__ import annotations

import numpy as np

from eurogym.envs.caverna_ff.actions import describe
from eurogym.envs.caverna_ff.rules import score_table
from eurogym.envs.caverna_ff.spaces import SPACE_NAMES
from eurogym.envs.caverna_ff.state import ORC_STATE_NAMES, PHASE_NAMES, State
from eurogym.envs.caverna_ff.tables import (
    CELLS,
    COLS,
    FURN_NAMES,
    GOOD_NAMES,
    HARVEST_NAMES,
    NUM_ORCS,
    ROWS,
    T_CAVERN,
    TRAP_NAMES,
)
from eurogym.envs.core.render import OUTLINE, PLAYER_COLOURS

TILE_GLYPHS = ".mFCtdOR"  # none meadow field cavern tunnel deep ore-mine ruby-mine
F_GLYPH = "H"  # a furnished cavern


def _cell_text(state: State, p: int, c: int) -> str:
    """Three characters: tile (or H furnished), overlay (pasture/stable/trap/crop), orc."""
    t = int(state.tile[p, c])
    glyph = F_GLYPH if t == T_CAVERN and state.furn[p, c] else TILE_GLYPHS[t]
    overlay = " "
    if state.trap[p, c]:
        overlay = "x" if state.trap_active[p, c] else "_"
    elif state.pasture[p, c]:
        overlay = "#"
    elif state.stable[p, c]:
        overlay = "s"
    elif state.crop[p, c]:
        overlay = str(int(state.crop[p, c]))
    orc = " "
    for o in range(NUM_ORCS):
        if state.orc_state[p, o] in (1, 2, 3) and state.orc_cell[p, o] == c:
            orc = "ABCD"[o]
    return glyph + overlay + orc


def render_ansi(state: State) -> str:
    """Round, phase and actor, open spaces with goods and occupants, then per player: the
    4x6 board (forest | mountain), goods, dwarfs, orcs and the score so far."""
    rnd = int(state.round)
    lines = [
        f"round {rnd}  phase {PHASE_NAMES[state.phase]}  actor {state.actor}  "
        f"start player {state.start_player}  harvest {HARVEST_NAMES[state.harvest_kind]}"
    ]
    spaces = []
    for s in np.flatnonzero(state.space_open):
        goods = ",".join(f"{int(k)}{GOOD_NAMES[g][:2]}" for g, k in enumerate(state.accum[s]) if k)
        occ = int(state.occupant[s])
        spaces.append(f"{SPACE_NAMES[s]}[{goods}]" + (f"@{occ}" if occ >= 0 else ""))
    lines.append("spaces: " + " ".join(spaces))
    scores = score_table(state).sum(axis=1)
    for p in range(state.num_players):
        lines.append(f"player {p}  score {int(scores[p])}  begging {int(state.begging[p])}")
        for r in range(ROWS):
            row = [_cell_text(state, p, r * COLS + c) for c in range(COLS)]
            lines.append("  " + " ".join(row[:3]) + " | " + " ".join(row[3:]))
        goods = " ".join(f"{GOOD_NAMES[g]}={int(k)}" for g, k in enumerate(state.res[p]) if k)
        lines.append(f"  goods: {goods or '-'}")
        dwarfs = [
            f"w{int(w)}" + "?NH"[int(s) - 1]
            for s, w in zip(state.dwarf[p], state.weapon[p], strict=True)
            if s
        ]
        lines.append("  dwarfs: " + " ".join(dwarfs))
        orcs = [
            f"{'ABCD'[o]}:{ORC_STATE_NAMES[state.orc_state[p, o]]}/{int(state.orc_str[p, o])}"
            for o in range(NUM_ORCS)
        ]
        lines.append("  orcs: " + " ".join(orcs))
        furn = [FURN_NAMES[f - 1] if f <= len(FURN_NAMES) else "entry" for f in state.furn[p] if f]
        traps = [TRAP_NAMES[t - 1] for t in state.trap[p] if t]
        lines.append(f"  furnishings: {', '.join(furn)}  traps: {', '.join(traps) or '-'}")
    if state.phase != len(PHASE_NAMES) - 1:
        legal = [describe(a) for a in np.flatnonzero(state.mask)[:12]]
        lines.append("legal: " + "; ".join(legal))
    return "\n".join(lines)


TILE_COLOURS = np.array(
    [
        (70, 110, 50),  # uncovered forest/mountain (mountain cells are greyed below)
        (150, 200, 90),  # meadow
        (190, 150, 80),  # field
        (150, 130, 110),  # cavern
        (120, 110, 100),  # tunnel
        (90, 80, 75),  # deep tunnel
        (90, 90, 120),  # ore mine
        (160, 50, 70),  # ruby mine
    ],
    np.uint8,
)
CELL = 24


def render_rgb(state: State) -> np.ndarray:
    """uint8[H, W, 3]: each player's 4x6 board side by side; furnished caverns are lighter,
    traps a dark cross, orcs a square in the orc colour of that player."""
    n = state.num_players
    width = n * (COLS * CELL + CELL)
    image = np.full((ROWS * CELL + 8, width, 3), 255, np.uint8)
    for p in range(n):
        x0 = p * (COLS * CELL + CELL)
        for c in range(CELLS):
            r, col = divmod(c, COLS)
            t = int(state.tile[p, c])
            colour = TILE_COLOURS[t].astype(np.int64)
            if t == 0 and col >= 3:
                colour = np.array((60, 60, 60))
            if state.furn[p, c]:
                colour = np.minimum(colour + 60, 255)
            y, x = r * CELL, x0 + col * CELL
            image[y : y + CELL, x : x + CELL] = colour
            image[y, x : x + CELL] = OUTLINE
            image[y : y + CELL, x] = OUTLINE
            if state.trap[p, c]:
                for k in range(4, CELL - 4):
                    image[y + k, x + k] = (20, 20, 20)
                    image[y + k, x + CELL - 1 - k] = (20, 20, 20)
        for o in range(NUM_ORCS):
            if state.orc_state[p, o] in (1, 2, 3):
                r, col = divmod(int(state.orc_cell[p, o]), COLS)
                y, x = r * CELL + 4 + 4 * o // 2, x0 + col * CELL + 4 + 8 * (o % 2)
                image[y : y + 6, x : x + 6] = (200, 30, 30)
        image[ROWS * CELL + 2 : ROWS * CELL + 8, x0 : x0 + COLS * CELL] = PLAYER_COLOURS[p]
    return image
