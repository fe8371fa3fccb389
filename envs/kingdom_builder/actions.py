"""Kingdom Builder action layout: one flat Discrete(409) space, masked by phase.

    actions      meaning
    0 .. 399     hex h = row * 20 + col. Phase main: first mandatory placement on h.
                 Phase mandatory: next mandatory placement. Phase tile_origin: the settlement
                 on h is the one to move. Phase tile_target: build on / move to h.
    400 .. 407   use a location tile of type t = a - 400 (oracle, farm, oasis, tower, tavern,
                 barn, harbor, paddock), before or after the mandatory action (§7.1)
    408          end the turn (only after the mandatory action)

Games with expansions (BigBoxState) append, after 408:
    409 .. 412   use an expansion location tile: quarry, caravan, village, garden
    413 .. 423   use a nomad tile (§11.1): donation grass, canyon, desert, flower field,
                 forest, water, mountain, sword, treasure (never: it pays when taken),
                 outpost, resettlement
    424          stop: end a Quarry after its first wall, a resettling settlement's steps, or
                 the Resettlement tile
    425          the cave move (Queenie Caves, §15.2): choose a settlement next to a cave, then
                 an empty buildable hex next to any cave
    426 .. 433   use a Crossroads location tile (§12.3): forester's lodge, lighthouse,
                 barracks, crossroads (never: it is passive), city hall, fort, monastery,
                 wagon. Lighthouse, Wagon and Barracks then take one hex: an empty hex places
                 or moves the piece there, the piece's own hex takes it back to supply
    434 .. 438   choose the played card among the held ones (Crossroads tile, §12.3): grass,
                 canyon, desert, flower field, forest
    439 .. 442   use a Marshlands location tile (§13.3): canoe (never: it only reacts to
                 another player's turn, where a hex builds and 424 passes), fountain, refuge,
                 temple
    443, 444     the Canoe bonus and the Refuge bonus (§13.3, holding both tiles of the type)
    445, 446     play the revealed dual terrain card (§13.1) as swamp (2 settlements) or as its
                 other terrain (3 settlements)
    447 .. 454   use a Harvest location tile (§14.3): mountain station, scout cabin, bazaar,
                 water mill, palisade, university, cathedral, watchtower; after the Bazaar,
                 a tile action chooses the tile whose action it repeats
    455          the farm action (§14.1): build on an empty farmland hex next to yours
    456          Cathedral (§14.3): take one more village token (instead of building)
    457, 458     a silo (§14.2, after the last turn): build up to 3 settlements / move up to 3
                 (424 stops early or passes the silo)
    459 .. 508   an Island hex (Queenie Island, §15.3): island hex i = row * 10 + col of its
                 5 x 10 board, meaning what a main-board hex means in the same phase
    509, 510     use the Island's location tile: tree house, rope bridge (only the side in play)

New expansions append their actions at the end, so an existing Big Box game keeps its action
numbers (and plays bit for bit) when the next expansion is built.

A turn is a sequence of these small decisions, e.g. [400+5 barn, 57 origin, 61 destination,
12, 13, 33 mandatory, 408]. When "end the turn" is the only legal action the engine takes it
itself, so agents never face a forced single-choice step.
"""

from __future__ import annotations

from eurogym.envs.kingdom_builder.tables import (
    ALL_TILE_NAMES,
    COLS,
    ISLAND_COLS,
    ISLAND_HEXES,
    ISLAND_SIDES,
    ISLAND_TILE_NAMES,
    NOMAD_KINDS,
    NUM_ALL_TILE_TYPES,
    NUM_CARD_TERRAINS,
    NUM_HEXES,
    NUM_TILE_TYPES,
    TERRAIN_NAMES,
)

HEX_ACTIONS = 0
TILE_ACTIONS = NUM_HEXES
END_TURN = TILE_ACTIONS + NUM_TILE_TYPES
NUM_ACTIONS = END_TURN + 1
X_TILE_ACTIONS = NUM_ACTIONS  # tile type 8 <= t < FIRST_CR_TILE is action X_TILE_ACTIONS + t - 8
# Tile types 8..11 (Nomads) use the block at X_TILE_ACTIONS; from FIRST_CR_TILE on
# (Crossroads), the block at CR_TILE_ACTIONS, after the Nomads and Caves actions.
FIRST_CR_TILE = ALL_TILE_NAMES.index("foresters_lodge")
NOMAD_ACTIONS = X_TILE_ACTIONS + FIRST_CR_TILE - NUM_TILE_TYPES
STOP = NOMAD_ACTIONS + len(NOMAD_KINDS)
CAVE_MOVE = STOP + 1
CR_TILE_ACTIONS = CAVE_MOVE + 1
# Marshlands tiles (§13.3) from FIRST_MS_TILE on use the block at MS_TILE_ACTIONS, after the
# Crossroads card choice.
FIRST_MS_TILE = ALL_TILE_NAMES.index("canoe")
CHOOSE_CARD = CR_TILE_ACTIONS + FIRST_MS_TILE - FIRST_CR_TILE
MS_TILE_ACTIONS = CHOOSE_CARD + NUM_CARD_TERRAINS
FIRST_HV_TILE = ALL_TILE_NAMES.index("mountain_station")  # Harvest (§14.3)
CANOE_BONUS = MS_TILE_ACTIONS + FIRST_HV_TILE - FIRST_MS_TILE
REFUGE_BONUS = CANOE_BONUS + 1
CHOOSE_SWAMP = REFUGE_BONUS + 1  # the dual card as swamp; CHOOSE_SWAMP + 1: its other terrain
CHOOSE_OTHER = CHOOSE_SWAMP + 1
# Harvest tiles (§14.3) from FIRST_HV_TILE on use the block at HV_TILE_ACTIONS, after the dual
# card choice; then the farm action, the Cathedral's token, and the silo choice (§14).
HV_TILE_ACTIONS = CHOOSE_OTHER + 1
FARM_ACTION = HV_TILE_ACTIONS + NUM_ALL_TILE_TYPES - FIRST_HV_TILE
TAKE_TOKEN = FARM_ACTION + 1
SILO_BUILD = TAKE_TOKEN + 1
SILO_MOVE = SILO_BUILD + 1
ISLAND_HEX_ACTIONS = SILO_MOVE + 1  # the Island (§15.3): hex i is ISLAND_HEX_ACTIONS + i
ISLAND_TILE_ACTIONS = ISLAND_HEX_ACTIONS + ISLAND_HEXES  # + ISLAND_SIDES index
X_NUM_ACTIONS = ISLAND_TILE_ACTIONS + len(ISLAND_SIDES)


def tile_action(tile: int) -> int:
    """The action that uses location tile type `tile` (base or expansion)."""
    if tile < NUM_TILE_TYPES:
        return TILE_ACTIONS + tile
    if tile < FIRST_CR_TILE:
        return X_TILE_ACTIONS + tile - NUM_TILE_TYPES
    if tile < FIRST_MS_TILE:
        return CR_TILE_ACTIONS + tile - FIRST_CR_TILE
    if tile < FIRST_HV_TILE:
        return MS_TILE_ACTIONS + tile - FIRST_MS_TILE
    return HV_TILE_ACTIONS + tile - FIRST_HV_TILE


def action_tile(action: int) -> int:
    """The tile type an action uses, or -1 if it uses none."""
    if TILE_ACTIONS <= action < END_TURN:
        return action - TILE_ACTIONS
    if X_TILE_ACTIONS <= action < NOMAD_ACTIONS:
        return action - X_TILE_ACTIONS + NUM_TILE_TYPES
    if CR_TILE_ACTIONS <= action < CHOOSE_CARD:
        return action - CR_TILE_ACTIONS + FIRST_CR_TILE
    if MS_TILE_ACTIONS <= action < CANOE_BONUS:
        return action - MS_TILE_ACTIONS + FIRST_MS_TILE
    if HV_TILE_ACTIONS <= action < FARM_ACTION:
        return action - HV_TILE_ACTIONS + FIRST_HV_TILE
    return -1


# What choosing a hex means in each phase (main, mandatory, tile_target, tile_origin, game_over),
# without the state; words.describe_in_state adds the terrain, the tile and the tiles gained.
_HEX_WORDS = (
    "build a settlement at {where} (starts the mandatory action)",
    "build a settlement at {where}",
    "build or move the tile's settlement to {where}",
    "move the settlement at {where} (choose where next)",
    "{where} (the game is over)",
    "remove the settlement at {where} (Sword)",
    "step the resettling settlement to {where}",
    "{where} (choose a card first)",
    "{where} (choose how to play the dual card first)",
    "build a settlement at {where} (Canoe, on another player's turn)",
    "build or move a settlement at {where} (silo, after the last turn)",
    "build a settlement at {where} (farm action, on farmland)",
    "{where} (choose the tile to repeat first)",
)


def hex_action(row: int, col: int) -> int:
    return HEX_ACTIONS + row * COLS + col


def describe(action: int, phase: int) -> str:
    """The action in words for a decision in `phase`, e.g. 'build a settlement at row 4, col 7',
    'use the Oracle tile', 'end the turn'. The engine's describe_action says more from the state
    (terrain, tile, origin of a move): see words.describe_in_state."""
    if not 0 <= action < X_NUM_ACTIONS:
        return f"out-of-range action {action}"
    if action < TILE_ACTIONS:
        row, col = divmod(action - HEX_ACTIONS, COLS)
        return _HEX_WORDS[min(phase, len(_HEX_WORDS) - 1)].format(where=f"row {row}, col {col}")
    if ISLAND_HEX_ACTIONS <= action < ISLAND_TILE_ACTIONS:
        row, col = divmod(action - ISLAND_HEX_ACTIONS, ISLAND_COLS)
        where = f"island row {row}, col {col}"
        return _HEX_WORDS[min(phase, len(_HEX_WORDS) - 1)].format(where=where)
    if action >= ISLAND_TILE_ACTIONS:
        name = ISLAND_TILE_NAMES[action - ISLAND_TILE_ACTIONS].replace("_", " ")
        return f"use the {name.title()} tile (the Island)"
    if action == END_TURN:
        return "end the turn"
    if action_tile(action) >= 0:
        name = ALL_TILE_NAMES[action_tile(action)].replace("_", " ")
        return f"use the {name.title()} tile"
    if action == CANOE_BONUS:
        return "use the Canoe bonus (build on an empty swamp or water hex)"
    if action == REFUGE_BONUS:
        return "use the Refuge bonus (move a settlement to the first free hex in a line)"
    if action == CHOOSE_SWAMP:
        return "play the dual card as swamp (2 settlements)"
    if action == CHOOSE_OTHER:
        return "play the dual card as its other terrain (3 settlements)"
    if action == FARM_ACTION:
        return "take the farm action (build on an empty farmland hex next to yours)"
    if action == TAKE_TOKEN:
        return "take one more village token (Cathedral)"
    if action == SILO_BUILD:
        return "use the silo to build up to 3 settlements next to yours"
    if action == SILO_MOVE:
        return "use the silo to move up to 3 of your settlements next to your others"
    if CHOOSE_CARD <= action < MS_TILE_ACTIONS:
        return f"play the {TERRAIN_NAMES[action - CHOOSE_CARD]} card (Crossroads)"
    if NOMAD_ACTIONS <= action < STOP:
        kind = NOMAD_KINDS[action - NOMAD_ACTIONS].replace("_", " ")
        return f"use the nomad tile {kind}"
    if action == STOP:
        return "stop (end the current multi-step action)"
    return "start the cave move (move a settlement next to a cave to a hex next to a cave)"
