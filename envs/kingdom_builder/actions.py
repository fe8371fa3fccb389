"""Kingdom Builder action layout: one flat Discrete(409) space, masked by phase.

    actions      meaning
    0 .. 399     hex h = row * 20 + col. Phase main: first mandatory placement on h.
                 Phase mandatory: next mandatory placement. Phase tile_origin: the settlement
                 on h is the one to move. Phase tile_target: build on / move to h.
    400 .. 407   use a location tile of type t = a - 400 (oracle, farm, oasis, tower, tavern,
                 barn, harbor, paddock), before or after the mandatory action (§7.1)
    408          end the turn (only after the mandatory action)

A turn is a sequence of these small decisions, e.g. [400+5 barn, 57 origin, 61 destination,
12, 13, 33 mandatory, 408]. When "end the turn" is the only legal action the engine takes it
itself, so agents never face a forced single-choice step.
"""

from __future__ import annotations

from eurogym.envs.kingdom_builder.tables import COLS, NUM_HEXES, NUM_TILE_TYPES, TILE_NAMES

HEX_ACTIONS = 0
TILE_ACTIONS = NUM_HEXES
END_TURN = TILE_ACTIONS + NUM_TILE_TYPES
NUM_ACTIONS = END_TURN + 1

# What choosing a hex means in each phase (main, mandatory, tile_target, tile_origin, game_over),
# without the state; words.describe_in_state adds the terrain, the tile and the tiles gained.
_HEX_WORDS = (
    "build a settlement at {where} (starts the mandatory action)",
    "build a settlement at {where}",
    "build or move the tile's settlement to {where}",
    "move the settlement at {where} (choose where next)",
    "{where} (the game is over)",
)


def hex_action(row: int, col: int) -> int:
    return HEX_ACTIONS + row * COLS + col


def describe(action: int, phase: int) -> str:
    """The action in words for a decision in `phase`, e.g. 'build a settlement at row 4, col 7',
    'use the Oracle tile', 'end the turn'. The engine's describe_action says more from the state
    (terrain, tile, origin of a move): see words.describe_in_state."""
    if not 0 <= action < NUM_ACTIONS:
        return f"out-of-range action {action}"
    if action < TILE_ACTIONS:
        row, col = divmod(action - HEX_ACTIONS, COLS)
        return _HEX_WORDS[phase].format(where=f"row {row}, col {col}")
    if action < END_TURN:
        return f"use the {TILE_NAMES[action - TILE_ACTIONS].capitalize()} tile"
    return "end the turn"
