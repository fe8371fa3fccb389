"""Slow, obvious pure-Python twins of the subtle Kingdom Builder kernels (§6.2 placement
targets, Tavern and Paddock targets, the legal-action mask, the ten base cards and castles),
written from the rules spec, not from kernels.py/scoring.py. Imported by tests only
(tests/kingdom_builder/test_kernels_vs_reference.py); no numba, no shared geometry helpers.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Collection
from typing import Any

from eurogym.envs.kingdom_builder.tables import CARD_NAMES, TERRAIN_CODES, TILE_NAMES

ROWS = COLS = 20
EMPTY = -1
BUILDABLE = "buildable"  # target filter: any buildable terrain (§1.2)
BUILDABLE_CODES = frozenset(TERRAIN_CODES[c] for c in "GCDFTSA")
# Special hexes: castle, location, nomad space, palace, silo.
SPECIAL_CODES = frozenset(TERRAIN_CODES[c] for c in "KLNPO")
WATER, MOUNTAIN, CASTLE = TERRAIN_CODES["W"], TERRAIN_CODES["M"], TERRAIN_CODES["K"]
GRASS, DESERT = TERRAIN_CODES["G"], TERRAIN_CODES["D"]

# §2.1 axial directions E, W, NE, NW, SE, SW as (dq, dr).
AXIAL_DIRECTIONS = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))

# Phases and action layout as documented in state.py / actions.py.
PHASE_MAIN, PHASE_MANDATORY, PHASE_TILE_TARGET, PHASE_TILE_ORIGIN, PHASE_GAME_OVER = range(5)
NUM_HEXES = ROWS * COLS
TILE_ACTIONS = NUM_HEXES
END_TURN = TILE_ACTIONS + len(TILE_NAMES)
MOVE_TILES = ("barn", "harbor", "paddock")


# ---------------------------------------------------------------- geometry (§2)


def neighbours(h: int) -> list[int]:
    """The on-board neighbours of hex h, straight from the odd-r table of §2.1."""
    r, c = divmod(h, COLS)
    if r % 2 == 0:
        steps = ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0))
    else:
        steps = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1))
    out = []
    for dr, dc in steps:
        rr, cc = r + dr, c + dc
        if 0 <= rr < ROWS and 0 <= cc < COLS:
            out.append(rr * COLS + cc)
    return out


def to_axial(h: int) -> tuple[int, int]:
    r, c = divmod(h, COLS)
    return c - (r - (r & 1)) // 2, r


def from_axial(q: int, r: int) -> int | None:
    """Hex id of axial (q, r), or None off the 20x20 board."""
    c = q + (r - (r & 1)) // 2
    if 0 <= r < ROWS and 0 <= c < COLS:
        return r * COLS + c
    return None


def step(h: int, direction: tuple[int, int], k: int) -> int | None:
    """The hex k steps from h in a straight line (§2.2), or None if it is off the board."""
    q, r = to_axial(h)
    return from_axial(q + k * direction[0], r + k * direction[1])


def is_edge(h: int) -> bool:
    """§2.2: outer border of the assembled board (corners belong to two edges)."""
    r, c = divmod(h, COLS)
    return r in (0, ROWS - 1) or c in (0, COLS - 1)


def section_of(h: int) -> int:
    r, c = divmod(h, COLS)
    return 2 * (r // 10) + (c // 10)


def _arrays(state: Any) -> tuple[list[int], list[int]]:
    return [int(x) for x in state.terrain], [int(x) for x in state.owner]


# ---------------------------------------------------------------- targets (§6.2, §7.4)


def placement_targets(
    state: Any,
    player: int,
    target: int | str,
    edge_only: bool = False,
    lifted: int | None = None,
) -> set[int]:
    """§6.2, mode `if_possible`: C = empty hexes passing the filter (terrain code or BUILDABLE,
    edge hexes only for Tower); A = those next to the player's settlements. A if non-empty,
    else C. `lifted` is a settlement being moved: it is taken off the board first (D4) and
    may not come back to its own hex."""
    terrain, owner = _arrays(state)
    if lifted is not None:
        owner[lifted] = EMPTY
    candidates = set()
    for h in range(NUM_HEXES):
        if owner[h] != EMPTY or h == lifted:
            continue
        ok = terrain[h] in BUILDABLE_CODES if target == BUILDABLE else terrain[h] == target
        if ok and (is_edge(h) or not edge_only):
            candidates.add(h)
    adjacent = {h for h in candidates if any(owner[n] == player for n in neighbours(h))}
    return adjacent if adjacent else candidates


def tavern_targets(state: Any, player: int) -> set[int]:
    """§7.4 Tavern: find every run of 3 of the player's settlements along one axis and take
    the hexes just beyond both of its ends, when empty and buildable."""
    terrain, owner = _arrays(state)
    out = set()
    for h in range(NUM_HEXES):
        if owner[h] != player:
            continue
        for d in AXIAL_DIRECTIONS:
            run = [step(h, d, k) for k in range(3)]
            if any(x is None or owner[x] != player for x in run):
                continue
            for end in (step(h, d, 3), step(h, d, -1)):
                if end is not None and owner[end] == EMPTY and terrain[end] in BUILDABLE_CODES:
                    out.add(end)
    return out


def paddock_targets(state: Any, origin: int) -> set[int]:
    """§7.4 Paddock: exactly 2 steps in one of the six directions, over anything, onto an
    empty buildable hex; no adjacency rule."""
    terrain, owner = _arrays(state)
    out = set()
    for d in AXIAL_DIRECTIONS:
        dest = step(origin, d, 2)
        if dest is not None and owner[dest] == EMPTY and terrain[dest] in BUILDABLE_CODES:
            out.add(dest)
    return out


def tile_targets(state: Any, player: int, tile: str, origin: int | None = None) -> set[int]:
    """Destinations of one base location action (§7.4); `origin` for the move tiles."""
    played = int(state.played)
    if tile in ("oracle", "barn"):
        if played == EMPTY:
            return set()
        return placement_targets(state, player, played, lifted=origin if tile == "barn" else None)
    if tile == "farm":
        return placement_targets(state, player, GRASS)
    if tile == "oasis":
        return placement_targets(state, player, DESERT)
    if tile == "tower":
        return placement_targets(state, player, BUILDABLE, edge_only=True)
    if tile == "tavern":
        return tavern_targets(state, player)
    if tile == "harbor":
        return placement_targets(state, player, WATER, lifted=origin)
    if tile == "paddock":
        return paddock_targets(state, origin)
    raise ValueError(f"unknown tile {tile!r}")


def move_origins(state: Any, player: int, tile: str) -> set[int]:
    """Settlements of the player that the move tile could move somewhere."""
    own = [h for h in range(NUM_HEXES) if int(state.owner[h]) == player]
    return {h for h in own if tile_targets(state, player, tile, origin=h)}


def usable_copies(state: Any, player: int, tile: str) -> int:
    """§7.1: copies held minus copies taken this turn minus copies used this turn."""
    t = TILE_NAMES.index(tile)
    held = sum(
        1
        for s in range(len(state.slot_hex))
        if int(state.slot_hex[s]) != EMPTY
        and int(state.slot_type[s]) == t
        and int(state.holding[player, s])
    )
    return held - int(state.tile_new[player, t]) - int(state.tile_used[player, t])


def can_use_tile(state: Any, player: int, tile: str) -> bool:
    """§7.1: a usable copy, and a legal target (build tiles also need a settlement in supply)."""
    if usable_copies(state, player, tile) <= 0:
        return False
    if tile in MOVE_TILES:
        return bool(move_origins(state, player, tile))
    return int(state.supply[player]) > 0 and bool(tile_targets(state, player, tile))


def legal_actions(state: Any) -> set[int]:
    """The set of legal actions of the player to act (actions.py layout), phase by phase."""
    phase, player = int(state.phase), int(state.cur)
    if phase == PHASE_GAME_OVER:
        return set()
    if phase == PHASE_MANDATORY:
        return placement_targets(state, player, int(state.played))
    tile = TILE_NAMES[int(state.active_tile)] if int(state.active_tile) != EMPTY else None
    if phase == PHASE_TILE_ORIGIN:
        return move_origins(state, player, tile)
    if phase == PHASE_TILE_TARGET:
        origin = int(state.selected) if tile in MOVE_TILES else None
        return tile_targets(state, player, tile, origin)
    actions = set()
    if int(state.mandatory_done):
        actions.add(END_TURN)
    else:
        actions |= placement_targets(state, player, int(state.played))
    for t, name in enumerate(TILE_NAMES):
        if can_use_tile(state, player, name):
            actions.add(TILE_ACTIONS + t)
    return actions


# ---------------------------------------------------------------- scoring (§8, §10)


def settlement_areas(owner: list[int], player: int) -> list[set[int]]:
    """§2.5: maximal connected groups of the player's settlements (breadth-first search)."""
    seen: set[int] = set()
    areas = []
    for start in range(NUM_HEXES):
        if owner[start] != player or start in seen:
            continue
        area = {start}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            for n in neighbours(h):
                if owner[n] == player and n not in area:
                    area.add(n)
                    queue.append(n)
        seen |= area
        areas.append(area)
    return areas


def _own(owner: list[int], player: int) -> list[int]:
    return [h for h in range(NUM_HEXES) if owner[h] == player]


def _next_to(terrain: list[int], h: int, codes: Collection[int]) -> bool:
    return any(terrain[n] in codes for n in neighbours(h))


def fishermen(terrain: list[int], owner: list[int], player: int) -> int:
    """1 per settlement next to water; none for a settlement standing on water."""
    return sum(
        1 for h in _own(owner, player) if terrain[h] != WATER and _next_to(terrain, h, {WATER})
    )


def miners(terrain: list[int], owner: list[int], player: int) -> int:
    """1 per settlement next to a mountain; none for one standing on a mountain."""
    return sum(
        1
        for h in _own(owner, player)
        if terrain[h] != MOUNTAIN and _next_to(terrain, h, {MOUNTAIN})
    )


def workers(terrain: list[int], owner: list[int], player: int) -> int:
    """1 per settlement next to a castle or location (or another special hex)."""
    return sum(1 for h in _own(owner, player) if _next_to(terrain, h, SPECIAL_CODES))


def merchants(terrain: list[int], owner: list[int], player: int) -> int:
    """4 per special hex H such that one area touches H and another special hex (D9)."""
    linked: set[int] = set()
    for area in settlement_areas(owner, player):
        touched = {n for h in area for n in neighbours(h) if terrain[n] in SPECIAL_CODES}
        if len(touched) >= 2:
            linked |= touched
    return 4 * len(linked)


def discoverers(terrain: list[int], owner: list[int], player: int) -> int:
    """1 per horizontal row holding at least one settlement."""
    return len({h // COLS for h in _own(owner, player)})


def knights(terrain: list[int], owner: list[int], player: int) -> int:
    """2 per settlement on the single fullest row."""
    rows = Counter(h // COLS for h in _own(owner, player))
    return 2 * max(rows.values(), default=0)


def hermits(terrain: list[int], owner: list[int], player: int) -> int:
    """1 per settlement area."""
    return len(settlement_areas(owner, player))


def citizens(terrain: list[int], owner: list[int], player: int) -> int:
    """1 per 2 settlements of the largest area, rounded down."""
    return max((len(a) for a in settlement_areas(owner, player)), default=0) // 2


def _section_counts(owner: list[int]) -> list[Counter]:
    counts = [Counter() for _ in range(4)]
    for h in range(NUM_HEXES):
        if owner[h] != EMPTY:
            counts[section_of(h)][owner[h]] += 1
    return counts


def farmers(terrain: list[int], owner: list[int], player: int) -> int:
    """3 per settlement in the section where the player has the fewest (0 there gives 0)."""
    return 3 * min(c[player] for c in _section_counts(owner))


def lords(owner: list[int], player: int, num_players: int, lords_zero: bool) -> int:
    """Per section: 12 to everyone tied for the most (needs >= 1), 6 to everyone tied at the
    next lower count among the seats (a seat with 0 qualifies only with the D8 flag); a
    section where nobody has a settlement pays nothing."""
    gold = 0
    for section in _section_counts(owner):
        counts = [section[p] for p in range(num_players)]
        top = max(counts)
        if top == 0:
            continue  # no first, hence no second
        if counts[player] == top:
            gold += 12
            continue
        second = max(c for c in counts if c < top)
        if counts[player] == second and (second > 0 or lords_zero):
            gold += 6
    return gold


CARD_FUNCTIONS = {
    "fishermen": fishermen,
    "miners": miners,
    "workers": workers,
    "merchants": merchants,
    "discoverers": discoverers,
    "knights": knights,
    "hermits": hermits,
    "citizens": citizens,
    "farmers": farmers,
}
assert set(CARD_FUNCTIONS) | {"lords"} == set(CARD_NAMES)


def score_card(state: Any, player: int, card: str | int) -> int:
    """Gold of one Kingdom Builder card (§10) for `player` on the board of `state`."""
    name = CARD_NAMES[card] if isinstance(card, int) else card
    terrain, owner = _arrays(state)
    if name == "lords":
        num_players = int(state.num_players)
        return lords(owner, player, num_players, bool(state.lords_zero_can_be_second))
    return CARD_FUNCTIONS[name](terrain, owner, player)


def score_castles(state: Any, player: int) -> int:
    """§8: 3 per castle hex with at least one of the player's settlements next to it."""
    terrain, owner = _arrays(state)
    castles = [h for h in range(NUM_HEXES) if terrain[h] == CASTLE]
    return 3 * sum(1 for k in castles if any(owner[n] == player for n in neighbours(k)))
