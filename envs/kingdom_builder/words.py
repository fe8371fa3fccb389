"""Kingdom Builder in words: names of players, hexes, cards and tiles, the current decision, and
one-line summaries of the rules a player needs at the table. Shared by the text and image views
and by the state-aware action descriptions, so they all say the same thing the same way.

Everything here reads public information only (never `hand` or `deck`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eurogym.envs.core.render import PLAYER_COLOUR_NAMES
from eurogym.envs.kingdom_builder.actions import (
    CANOE_BONUS,
    END_TURN,
    FARM_ACTION,
    HEX_ACTIONS,
    ISLAND_HEX_ACTIONS,
    ISLAND_TILE_ACTIONS,
    NOMAD_ACTIONS,
    REFUGE_BONUS,
    STOP,
    TILE_ACTIONS,
    X_NUM_ACTIONS,
    action_tile,
    describe,
    tile_action,
)
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    MANDATORY_SETTLEMENTS,
    PHASE_BAZAAR,
    PHASE_CANOE,
    PHASE_CHOOSE_CARD,
    PHASE_CHOOSE_DUAL,
    PHASE_FARM,
    PHASE_GAME_OVER,
    PHASE_MAIN,
    PHASE_MANDATORY,
    PHASE_SILO,
    PHASE_STEP,
    PHASE_SWORD,
    PHASE_TILE_ORIGIN,
    PHASE_TILE_TARGET,
    PIECE_NAMES,
    SILO_MOVES,
)
from eurogym.envs.kingdom_builder.tables import (
    ALL_TILE_NAMES,
    COLS,
    DUAL_CARDS,
    ISLAND_COLS,
    ISLAND_NEIGHBOURS,
    ISLAND_TILE_NAMES,
    NEIGHBOURS,
    NOMAD_KINDS,
    NUM_HEXES,
    SWAMP,
    TERRAIN_NAMES,
)

# One uppercase letter per location tile type for the 2-character board cells; lowercase
# letters are buildable terrain, so the two never clash (M mountain and K castle are unused).
# The Harvest tiles, past the free letters, take symbols that no first character uses.
TILE_LETTERS = {
    "oracle": "O",
    "farm": "F",
    "oasis": "A",
    "tower": "T",
    "tavern": "V",
    "barn": "B",
    "harbor": "H",
    "paddock": "P",
    "quarry": "Q",
    "caravan": "C",
    "village": "I",
    "garden": "G",
    "foresters_lodge": "L",
    "lighthouse": "E",
    "barracks": "R",
    "crossroads": "X",
    "city_hall": "Y",
    "fort": "D",
    "monastery": "S",
    "wagon": "W",
    "canoe": "U",
    "fountain": "J",
    "refuge": "Z",
    "temple": "%",
    "mountain_station": "^",
    "scout_cabin": "!",
    "bazaar": "$",
    "water_mill": "/",
    "palisade": "|",
    "university": "?",
    "cathedral": "+",
    "watchtower": "*",
    "tree_house": "#",
    "rope_bridge": "=",
}
# The second character of a nomad space: the tile lying on it (' ' once taken).
NOMAD_LETTERS = {
    "donation_grass": "g",
    "donation_canyon": "c",
    "donation_desert": "d",
    "donation_flower_field": "f",
    "donation_forest": "t",
    "donation_water": "w",
    "donation_mountain": "m",
    "sword": "S",
    "treasure": "$",
    "outpost": "O",
    "resettlement": "R",
}
NOMAD_SUMMARIES = {
    "sword": "remove 1 settlement of each player, yours too",
    "treasure": "3 gold when taken",
    "outpost": "one build ignores the adjacency rule",
    "resettlement": "move settlements 4 single steps in all",
}
# What a tile lets its holder do once per turn (§7), short enough for a legend line.
TILE_SUMMARIES = {
    "oracle": "build 1 on the played terrain",
    "farm": "build 1 on grass",
    "oasis": "build 1 on desert",
    "tower": "build 1 on the board edge",
    "tavern": "build 1 at the end of a line of 3 of yours",
    "barn": "move 1 of yours to the played terrain",
    "harbor": "move 1 of yours to water",
    "paddock": "move 1 of yours 2 hexes in a straight line",
    "quarry": "1-2 stone walls on the played terrain by yours",
    "caravan": "slide 1 of yours straight until blocked",
    "village": "build 1 next to 3 of yours",
    "garden": "build 1 on flower field",
    "foresters_lodge": "build 1 on forest",
    "lighthouse": "place, sail (1-3 water) or take back your ship",
    "barracks": "place or take back a warrior (it blocks)",
    "crossroads": "+1 card at turn end; choose which to play",
    "city_hall": "once: city hall on 7 hexes by yours",
    "fort": "draw a card, build 1 on its terrain",
    "monastery": "build 1 on canyon next to yours",
    "wagon": "place, drive (1-3) or take back your wagon",
    "canoe": "on others' turns: build 1 on swamp/water",
    "fountain": "build 1 next to exactly 1 of yours, no other's",
    "refuge": "move 1 of yours to a free neighbour hex",
    "temple": "remove 1 of yours; rebuild it next turn",
    "mountain_station": "build 1 next to a mountain",
    "scout_cabin": "2 scouts next to yours, yours this turn",
    "bazaar": "repeat another tile's action you hold",
    "water_mill": "build 1 next to water",
    "palisade": "move 1 of yours next to the rest of its area",
    "university": "build 1 next to a special hex",
    "cathedral": "take a token, or pay k tokens to build k",
    "watchtower": "build 1 next to another player",
    "tree_house": "move 1 of yours to forest",
    "rope_bridge": "move 1 of yours to canyon",
}
# Marshlands bonuses (§13.3): held with both tiles of a type.
BONUS_SUMMARIES = {
    "canoe": "build 1 on swamp or water",
    "fountain": "the Fountain may build on a mountain",
    "refuge": "jump 1 of yours to a line's first free hex",
    "temple": "the 1st mandatory settlement ignores adjacency",
}
MOVE_TILES = frozenset(
    {"barn", "harbor", "paddock", "caravan", "refuge", "palisade", "tree_house", "rope_bridge"}
)
# Where a tile builds or moves to, to complete "build a settlement on ..." (None: played card).
TILE_TERRAIN = {
    "oracle": None,
    "farm": "grass",
    "oasis": "desert",
    "tower": "the board edge",
    "tavern": "the end of a line of 3",
    "barn": None,
    "harbor": "water",
    "paddock": "a hex 2 steps away in a straight line",
    "quarry": None,
    "caravan": "the last free hex before an obstacle",
    "village": "a hex next to 3 of yours",
    "garden": "flower field",
    "foresters_lodge": "forest",
    "lighthouse": "water (ship)",
    "barracks": "a buildable hex (warrior)",
    "crossroads": None,
    "city_hall": "the centre of 7 free hexes",
    "fort": "the drawn card's terrain",
    "monastery": "canyon next to yours",
    "wagon": "buildable terrain or mountain (wagon)",
    "canoe": "swamp or water",
    "fountain": "a hex next to exactly 1 of yours and no other's",
    "refuge": "a free neighbour hex",
    "temple": "one of your settlements (removed, rebuilt next turn)",
    "mountain_station": "a hex next to a mountain",
    "scout_cabin": "next to yours, water and mountains too",
    "bazaar": None,
    "water_mill": "a hex next to water",
    "palisade": "a hex next to the rest of its settlement area",
    "university": "a hex next to a castle, location, nomad space, palace or silo",
    "cathedral": None,
    "watchtower": "a hex next to another player's settlement",
    "tree_house": "forest",
    "rope_bridge": "canyon",
}
PIECE_TILES = frozenset({"lighthouse", "barracks", "wagon", "city_hall"})
# Crossroads task cards (§12.4): gold to every player meeting one at the end.
TASK_SUMMARIES = {
    "home_country": "a terrain area filled by yours only",
    "fortress": "one of yours ringed by 6 of yours",
    "road": "7 of yours in an unbroken diagonal line",
    "place_of_refuge": "a special hex ringed by yours",
    "advance": "7 of yours on one board edge",
    "compass_points": "yours on all 4 board edges",
}
# The gold each Kingdom Builder card pays at game end (§10), in one short line.
CARD_SUMMARIES = {
    "fishermen": "1 gold per settlement next to water",
    "miners": "1 gold per settlement next to a mountain",
    "workers": "1 gold per settlement next to a castle or location",
    "merchants": "4 gold per castle/location joined to another by your area",
    "discoverers": "1 gold per row with a settlement of yours",
    "knights": "2 gold per settlement in your fullest row",
    "hermits": "1 gold per separate area of your settlements",
    "citizens": "1 gold per 2 settlements in your largest area",
    "farmers": "3 gold per settlement in your weakest quadrant",
    "lords": "per quadrant: 12 gold to the most settlements, 6 to the next",
    "families": "during play: 2 gold for 3 mandatory builds in a straight line",
    "shepherds": "during play: 2 gold per placement with no empty same-terrain neighbour",
    "ambassadors": "during play: 1 gold per placement next to another player",
    "geologists": "STAND-IN: 2 gold per mountain group next to yours",
    "messengers": "STAND-IN: gold = longest shortest path (hexes) in one of your areas",
    "noblewomen": "STAND-IN: 2 gold per palace next to yours",
    "vassals": "STAND-IN: 1 gold per settlement next to another section",
    "scouts": "STAND-IN: 1 gold per settlement next to the terrain removed at set-up",
    "rovers": "during play: 1 gold per section you built in this turn",
    "mayors": "4 gold per row you marked (4 of yours on a row: mark it)",
}
PHASE_WORDS = (
    "main step",
    "mandatory action",
    "tile: choose the target hex",
    "tile: choose the settlement to move",
    "game over",
    "Sword: choose the settlement to remove",
    "Resettlement: choose the next step",
    "Crossroads: choose the card to play",
)


def title(name: str) -> str:
    """'flower_field' -> 'Flower field', 'oracle' -> 'Oracle'."""
    return name.replace("_", " ").capitalize()


def terrain_word(code: int) -> str:
    """'flower field' for terrain code 3: the name a player says."""
    return TERRAIN_NAMES[code].replace("_", " ")


def player_name(player: int) -> str:
    """'player 1 (blue)': the seat number the glyphs use and its colour in the image."""
    return f"player {player} ({PLAYER_COLOUR_NAMES[player]})"


def hex_name(hex_id: int) -> str:
    """'row 4, col 7' for hex 87, the labels printed around the board; 'island row 1, col 2'
    for an island hex (NUM_HEXES + 12, §15.3)."""
    if hex_id >= NUM_HEXES:
        row, col = divmod(int(hex_id) - NUM_HEXES, ISLAND_COLS)
        return f"island row {row}, col {col}"
    row, col = divmod(int(hex_id), COLS)
    return f"row {row}, col {col}"


def terrain_of(state: Any, hex_id: int) -> int:
    """The terrain code of hex number `hex_id` (main board or island)."""
    if hex_id >= NUM_HEXES:
        return int(state.island_terrain[hex_id - NUM_HEXES])
    return int(state.terrain[hex_id])


TILE_KEYS = ALL_TILE_NAMES + ISLAND_TILE_NAMES  # tile type -> name; the Island's after (§15.3)


def tile_name(tile: int) -> str:
    """'Oracle' for tile type 0."""
    return title(TILE_KEYS[tile])


def nomad_name(kind: int) -> str:
    """'Donation (water)', 'Sword', ... for nomad tile kind `kind`."""
    name = NOMAD_KINDS[kind]
    if name.startswith("donation_"):
        return f"Donation ({terrain_word_of(name.removeprefix('donation_'))})"
    return title(name)


def terrain_word_of(name: str) -> str:
    return name.replace("_", " ")


def nomad_summary(kind: int) -> str:
    name = NOMAD_KINDS[kind]
    if name.startswith("donation_"):
        return f"build 3 on {terrain_word_of(name.removeprefix('donation_'))}"
    return NOMAD_SUMMARIES[name]


def card_word(card: int) -> str:
    """A terrain card: its terrain, or 'swamp/grass' for a Marshlands dual card (§13.1)."""
    if card >= DUAL_CARDS:
        return f"swamp/{terrain_word(card - DUAL_CARDS)}"
    return terrain_word(card)


def played_terrain(state: Any) -> str:
    """The terrain of the played card, or 'no card' when the deck ran out (§5, D11); a dual
    card shows how it is played once chosen (§13.1)."""
    played = int(state.played)
    if played == EMPTY:
        return "no card"
    if played < DUAL_CARDS:
        return terrain_word(played)
    choice = int(state.dual_swamp)
    if choice == EMPTY:
        return card_word(played)
    half = "swamp" if choice == 1 else terrain_word(played - DUAL_CARDS)
    return f"{half} (the {card_word(played)} card)"


def tile_destination(state: Any, tile: int) -> str:
    """Where a tile builds or moves to: its fixed terrain or place, else the played terrain."""
    fixed = TILE_TERRAIN[TILE_KEYS[tile]]
    return fixed if fixed is not None else played_terrain(state)


def decision(state: Any) -> str:
    """The decision the state waits for and who makes it, in words, e.g.
    'player 1 (blue): mandatory action, build settlement 2 of 3 on grass'."""
    phase = int(state.phase)
    if phase == PHASE_GAME_OVER:
        return "the game is over"
    who = player_name(int(state.cur))
    nomad = int(getattr(state, "active_nomad", EMPTY))
    if int(getattr(state, "cave_move", 0)) == 1:
        if phase == PHASE_TILE_ORIGIN:
            return f"{who}: cave move, choose your settlement next to a cave"
        return f"{who}: cave move, choose the empty hex next to a cave to move it to"
    if phase == PHASE_SWORD:
        return f"{who}: Sword, choose the settlement of {player_name(state.sword_next)} to remove"
    if phase == PHASE_STEP:
        return (
            f"{who}: Resettlement, step the settlement at {hex_name(state.selected)} "
            f"({state.action_left} step(s) left) or stop it there"
        )
    if nomad != EMPTY and phase == PHASE_TILE_ORIGIN:
        return f"{who}: Resettlement, choose a settlement to move ({state.action_left} left)"
    if nomad != EMPTY:
        return f"{who}: {nomad_name(nomad)}, choose the hex to build on ({state.action_left} left)"
    if phase == PHASE_CHOOSE_CARD:
        return f"{who}: Crossroads, choose which of your cards to play this turn"
    if phase == PHASE_CHOOSE_DUAL:
        return (
            f"{who}: play the {card_word(int(state.played))} card as 2 settlements on swamp "
            f"or 3 on {terrain_word(int(state.played) - DUAL_CARDS)}"
        )
    if phase == PHASE_CANOE:
        return (
            f"{who}: Canoe, build 1 settlement on swamp or water during "
            f"{player_name(int(state.canoe_from))}'s turn, or pass"
        )
    if phase == PHASE_FARM:
        return f"{who}: farm action, choose the empty farmland hex next to yours to build on"
    if phase == PHASE_SILO:
        return f"{who}: {_silo_words(state)}"
    if phase == PHASE_BAZAAR:
        return f"{who}: Bazaar tile, choose the tile whose action to repeat"
    if phase == PHASE_MANDATORY:
        total = int(getattr(state, "mandatory_total", MANDATORY_SETTLEMENTS))
        done = total - int(state.mandatory_left)
        total = done + _to_build(state)  # fewer than 3 when the supply runs out (§5)
        return (
            f"{who}: mandatory action, build settlement {done + 1} of {total} "
            f"on {played_terrain(state)} (next to your own if possible)"
        )
    if phase in (PHASE_TILE_TARGET, PHASE_TILE_ORIGIN):
        tile = int(state.active_tile)
        where = tile_destination(state, tile)
        if phase == PHASE_TILE_ORIGIN:
            return f"{who}: {tile_name(tile)} tile, choose which settlement to move to {where}"
        if TILE_KEYS[tile] in MOVE_TILES:
            origin = hex_name(state.selected)
            return f"{who}: {tile_name(tile)} tile, move the settlement from {origin} to {where}"
        if TILE_KEYS[tile] == "quarry":
            return f"{who}: Quarry tile, choose the hex for a stone wall ({where})"
        if TILE_KEYS[tile] == "temple":
            return f"{who}: Temple tile, choose your settlement to park on it until next turn"
        if int(getattr(state, "bonus_active", 0)) and TILE_KEYS[tile] == "canoe":
            return f"{who}: Canoe bonus, choose the swamp or water hex to build on"
        if TILE_KEYS[tile] in PIECE_TILES:
            return (
                f"{who}: {tile_name(tile)} tile, {TILE_SUMMARIES[TILE_KEYS[tile]]}: choose "
                "the hex (your piece's own hex takes it back)"
            )
        if TILE_KEYS[tile] == "scout_cabin":
            return f"{who}: Scout Cabin tile, choose the hex for a scout ({where})"
        if TILE_KEYS[tile] == "cathedral":
            return (
                f"{who}: Cathedral tile, build on {played_terrain(state)} paying 1 village "
                f"token each ({int(state.tokens[state.cur])} held), take a token, or stop"
            )
        if TILE_KEYS[tile] == "fort" and int(state.fort_card) != EMPTY:
            where = f"{card_word(int(state.fort_card))}, the card the Fort drew"
        return f"{who}: {tile_name(tile)} tile, choose the hex to build on ({where})"
    usable = [
        tile_name(t)
        for t in range(len(ALL_TILE_NAMES))
        if tile_action(t) < len(state.mask) and state.mask[tile_action(t)]
    ]
    usable += [
        nomad_name(k)
        for k in range(len(NOMAD_KINDS))
        if NOMAD_ACTIONS + k < len(state.mask) and state.mask[NOMAD_ACTIONS + k]
    ]
    usable += [  # Marshlands bonuses (§13.3), the Harvest farm action (§14.1)
        name
        for name, action in (
            ("Canoe bonus", CANOE_BONUS),
            ("Refuge bonus", REFUGE_BONUS),
            ("farm action", FARM_ACTION),
        )
        if action < len(state.mask) and state.mask[action]
    ]
    tiles = f" ({', '.join(usable)})" if usable else ""
    if state.mandatory_done:
        return f"{who}: use a location tile{tiles}, or end the turn"
    count = _to_build(state)
    first = f", or use a location tile first{tiles}" if usable else ""
    if _dead_card(state):
        return (
            f"{who}: start the mandatory action (no empty {played_terrain(state)} hex is left: "
            f"the card is removed and replaced, §5){first}"
        )
    return (
        f"{who}: start the mandatory action (build {count} settlement{'s' * (count != 1)} "
        f"on {played_terrain(state)}){first}"
    )


def _silo_words(state: Any) -> str:
    """The silo decision (§14.2): choose build or move, the settlement to move, or the hex."""
    silo = hex_name(int(state.silo_hex[state.silo_active]))
    left = int(state.silo_left)
    if int(state.silo_mode) == EMPTY:
        return f"silo at {silo}: build up to 3 settlements or move up to 3 of yours, or pass"
    if int(state.silo_mode) == SILO_MOVES and int(state.selected) == EMPTY:
        return f"silo at {silo}: choose a settlement to move ({left} move(s) left), or stop"
    if int(state.silo_mode) == SILO_MOVES:
        return f"silo at {silo}: move the settlement from {hex_name(state.selected)} next to yours"
    return f"silo at {silo}: build next to yours ({left} left), or stop"


def _dead_card(state: Any) -> bool:
    """The mandatory action is pending but an extra action filled its terrain (§5): starting
    it (the END_TURN action) replaces the card."""
    played = int(state.played)
    if played >= DUAL_CARDS:  # a dual card is dead when neither half has a hex (§13.1)
        halves = (SWAMP, played - DUAL_CARDS) if int(state.dual_swamp) == EMPTY else ()
        terrains = halves or (SWAMP if int(state.dual_swamp) == 1 else played - DUAL_CARDS,)
    else:
        terrains = (played,)
    empty = (np.isin(state.terrain, terrains) & (state.owner == EMPTY)).any()
    if int(getattr(state, "island_side", EMPTY)) != EMPTY:  # the Island's hexes too (§15.3)
        empty = (
            empty or (np.isin(state.island_terrain, terrains) & (state.island_owner == EMPTY)).any()
        )
    return int(state.phase) == PHASE_MAIN and not state.mandatory_done and not empty


def _to_build(state: Any) -> int:
    """Settlements the mandatory action still builds: the ones left, capped by the supply."""
    return min(int(state.mandatory_left), int(state.supply[state.cur]))


def tiles_gained(state: Any, player: int, hex_id: int) -> list[int]:
    """Tile types `player` would take by arriving on `hex_id` (§7.2, D7): one from each adjacent
    location hex that still has tiles and that the player never took from."""
    gained = []
    if hex_id >= NUM_HEXES:  # the Island's location hex (§15.3)
        near = ISLAND_NEIGHBOURS[hex_id - NUM_HEXES]
        if state.island_location in near and state.island_tiles_left > 0:
            if not state.island_taken[player]:
                gained.append(len(ALL_TILE_NAMES) + int(state.island_side))
        return gained
    for n in NEIGHBOURS[hex_id]:
        slot = int(state.slot_of_hex[n]) if n >= 0 else EMPTY
        if slot != EMPTY and state.tiles_left[slot] > 0 and not state.ever_taken[player, slot]:
            gained.append(int(state.slot_type[slot]))
    return gained


def describe_in_state(state: Any, action: int) -> str:
    """What `action` does in `state`, in a player's words, e.g. 'build a settlement on grass at
    row 4, col 7 and take the Farm tile', 'use the Oracle tile (build 1 on the played terrain:
    grass)', 'move the settlement from row 2, col 3 to water at row 5, col 1'."""
    phase = int(state.phase)
    if not 0 <= action < min(len(state.mask), X_NUM_ACTIONS) or phase == PHASE_GAME_OVER:
        return describe(action, phase)
    if action == END_TURN and _dead_card(state):
        return f"start the mandatory action: replace the dead {played_terrain(state)} card (§5)"
    if action == END_TURN:
        return "end the turn"
    island_hex = ISLAND_HEX_ACTIONS <= action < ISLAND_TILE_ACTIONS
    if action >= ISLAND_TILE_ACTIONS:  # §15.3 Tree House / Rope Bridge
        name = ISLAND_TILE_NAMES[action - ISLAND_TILE_ACTIONS]
        return f"use the {title(name)} tile ({TILE_SUMMARIES[name]})"
    if (
        action >= TILE_ACTIONS
        and not island_hex
        and action_tile(action) < 0
        and not NOMAD_ACTIONS <= action < STOP
    ):
        return describe(action, phase)  # stop, cave move, choose a card
    if NOMAD_ACTIONS <= action < STOP:
        kind = action - NOMAD_ACTIONS
        return f"use the nomad tile {nomad_name(kind)} ({nomad_summary(kind)})"
    if action >= TILE_ACTIONS and not island_hex:
        tile = action_tile(action)
        summary = TILE_SUMMARIES[TILE_KEYS[tile]]
        if TILE_TERRAIN[TILE_KEYS[tile]] is None and TILE_KEYS[tile] != "bazaar":
            summary += f": {played_terrain(state)}"
        verb = "repeat the action of" if phase == PHASE_BAZAAR else "use"
        return f"{verb} the {tile_name(tile)} tile ({summary})"
    hex_id = NUM_HEXES + action - ISLAND_HEX_ACTIONS if island_hex else action - HEX_ACTIONS
    where = f"{terrain_word(terrain_of(state, hex_id))} at {hex_name(hex_id)}"
    if phase == PHASE_SWORD:
        return f"remove the settlement of {player_name(state.sword_next)} at {hex_name(hex_id)}"
    if int(getattr(state, "cave_move", 0)) == 1 and phase == PHASE_TILE_ORIGIN:
        return f"move the settlement at {hex_name(hex_id)} (cave move)"
    if int(getattr(state, "cave_move", 0)) == 1:
        return f"move the settlement from {hex_name(state.selected)} to {where} (cave move)"
    if phase == PHASE_STEP:
        return f"step the settlement from {hex_name(state.selected)} to {where}"
    if phase == PHASE_TILE_ORIGIN and int(getattr(state, "active_nomad", EMPTY)) != EMPTY:
        return f"resettle the settlement at {hex_name(hex_id)}"
    if phase == PHASE_TILE_ORIGIN:
        return f"move the settlement at {hex_name(hex_id)} ({tile_name(state.active_tile)} tile)"
    if phase == PHASE_TILE_TARGET and int(state.active_tile) == ALL_TILE_NAMES.index("quarry"):
        return f"put a stone wall on {where} (Quarry tile)"
    if phase == PHASE_TILE_TARGET and TILE_KEYS[int(state.active_tile)] in PIECE_TILES:
        return _describe_piece(state, hex_id, where)
    if phase == PHASE_TILE_TARGET and TILE_KEYS[int(state.active_tile)] == "scout_cabin":
        return f"put a scout on {where} (Scout Cabin tile)"
    if phase == PHASE_TILE_TARGET and TILE_KEYS[int(state.active_tile)] == "temple":
        return f"park the settlement at {hex_name(hex_id)} on the Temple tile (rebuilt next turn)"
    gained = tiles_gained(state, int(state.cur), hex_id)
    taking = "".join(f" and take the {tile_name(t)} tile" for t in gained)
    if phase == PHASE_TILE_TARGET and int(getattr(state, "active_nomad", EMPTY)) != EMPTY:
        return f"build a settlement on {where}{taking} ({nomad_name(state.active_nomad)})"
    if phase == PHASE_CANOE:
        return f"build a settlement on {where}{taking} (Canoe, on another player's turn)"
    if phase == PHASE_FARM:
        return f"build a settlement on {where}{taking} (farm action)"
    if phase == PHASE_SILO and int(state.silo_mode) == SILO_MOVES and state.selected == EMPTY:
        return f"move the settlement at {hex_name(hex_id)} (silo)"
    if phase == PHASE_SILO and int(state.silo_mode) == SILO_MOVES:
        return f"move the settlement from {hex_name(state.selected)} to {where}{taking} (silo)"
    if phase == PHASE_SILO:
        return f"build a settlement on {where}{taking} (silo)"
    if phase == PHASE_TILE_TARGET:
        tile = int(state.active_tile)
        if TILE_KEYS[tile] in MOVE_TILES:
            return f"move the settlement from {hex_name(state.selected)} to {where}{taking}"
        return f"build a settlement on {where}{taking} ({tile_name(tile)} tile)"
    return f"build a settlement on {where}{taking}"


def _describe_piece(state: Any, hex_id: int, where: str) -> str:
    """A hex chosen for Lighthouse, Wagon, Barracks or City Hall (§12.3)."""
    tile = TILE_KEYS[int(state.active_tile)]
    gained = tiles_gained(state, int(state.cur), hex_id)
    taking = "".join(f" and take the {tile_name(t)} tile" for t in gained)
    if tile == "city_hall":
        return f"place your city hall on {hex_name(hex_id)} and its 6 neighbours{taking}"
    if int(state.owner[hex_id]) == int(state.cur):
        return f"take your {PIECE_NAMES[int(state.piece[hex_id])]} at {hex_name(hex_id)} back"
    kind = {"lighthouse": "ship", "wagon": "wagon", "barracks": "warrior"}[tile]
    on_board = (state.owner == state.cur) & (state.piece == PIECE_NAMES.index(kind))
    if kind != "warrior" and on_board.any():
        return f"move your {kind} to {where}{taking}"
    return f"place a {kind} on {where}{taking}"
