"""Component sets: a Daitoshi component JSON (the shipped stand-in `data/daitoshi.json`, or a
user's replacement with the same shape) validated and compiled into flat int64 arrays.

Why compile: the numba kernels read every reward from these arrays, which deal.py copies into
the state buffer, so a saved state replays under exactly the components it was dealt with.
Every reward list becomes a (start, length) pair into one effect pool `fx` of encoded effects
(tables.FX_*, `code + 32 * param + 4096 * n`).

The seed lost all component contents (spec §20 #2): the shipped set is a **stand-in** that keeps
the seed's counts, cost ranges and reward kinds. A replacement must keep the seed's counts (20
common, 32 innovative, 20 brilliant, 24 university, 4 basic inventions; 5/5/5 district tiles;
64 hexes 19/15/15/15; 18 cities; 4 Megamachines; 16 Mayor cards) because they are the board's
geometry; errors name the offending field, e.g. `inventions.common[3].rows.A[0].k`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from eurogym.envs.core.data import load_component_data
from eurogym.envs.core.errors import ConfigError
from eurogym.envs.daitoshi.tables import (
    ACTION_NAMES,
    ADVISOR_NAMES,
    ANY,
    CONDITIONS,
    CONFLICT_PENALTY,
    DATA_CODES,
    EXPAND_COST,
    FX_DISCARD_HEX,
    FX_P_ACTIVATE,
    FX_P_ANY,
    FX_P_CREATE,
    FX_PILGRIM,
    FX_VP,
    FX_VP_END,
    FX_WORKER,
    HEX_COUNTS,
    ICON_NAMES,
    LOSE,
    MARKET_QUALITY,
    MAX_FX,
    MAX_SLOT_TRACK,
    MAX_TRACK,
    NATURE_NAMES,
    NUM_BASIC,
    NUM_CITIES,
    NUM_FLAGS,
    NUM_HEXES,
    NUM_INVENTIONS,
    NUM_MAYOR_CARDS,
    NUM_MEGAMACHINES,
    NUM_MM_SPACES,
    NUM_TILES,
    NUM_UNIVERSITY,
    NUM_UPGRADES,
    PARAM,
    PRESTIGE_MAX,
    QUALITY_COUNTS,
    QUALITY_NAMES,
    RENOVATE_COST,
    REPUTATION_MAX,
    REPUTATION_VP,
    RES_CAP,
    RESOURCE_NAMES,
    SLOT_NAMES,
    START_RES,
    START_STEAM,
    START_WEALTH,
    TRADE_MAX,
    UNIT,
    UNIVERSITY_PER_MM,
    WORKER_CAP,
    WORM_MAX,
)

COLOR_KEYS = ("blue", "green", "yellow", "red")
ROWS = ("A", "B", "C")
LIST_CAP = 8  # longest reward list accepted
# Reward lists pushed while another list resolves (spec §19 "Termination"): a city's
# partnership reward (partnership_activate, cash-in), a prestige or worm space (prestige,
# worm), a hex's conflict reward (discard_hex with conflict). The file is rejected if these
# kinds feed each other in a cycle, so a chain nests at most len(CHAIN_KINDS) lists deep;
# state.STACK is sized from that and LIST_CAP.
CHAIN_KINDS = ("city", "prestige", "worm", "hex")


@dataclass(frozen=True)
class Components:
    """One compiled component set (all int64 arrays; shapes in `FIELDS`)."""

    fx: np.ndarray
    inv_type: np.ndarray  # 0 basic, 1 common, 2 innovative, 3 brilliant, 4 university
    inv_cost: np.ndarray  # food
    inv_vp: np.ndarray
    inv_rows: np.ndarray  # [100, 3 rows, (start, len)]
    inv_start: np.ndarray  # basic: district tile (inner index) its middle resource points to
    inv_mm: np.ndarray  # university: Megamachine index
    tile_color: np.ndarray  # inner tiles: worker colour 0-3 or ANY (Town Hall)
    tile_explore: np.ndarray  # inner tiles: nature type, or ANY = river + a land of choice
    tile_action: np.ndarray  # inner tiles: action 0-4, or 5 = joker
    tile_ws: np.ndarray  # [15, side, (start, len)] workshop gain, unelectrified / electrified
    tile_pay: np.ndarray  # [15, side, (start, len)] workshop cost
    tile_el_cost: np.ndarray  # energy
    tile_el_gain: np.ndarray  # [15, (start, len)]
    tile_hexes: np.ndarray  # hex spaces (central 1, outer 2)
    hex_nature: np.ndarray
    hex_reward: np.ndarray  # [64, (start, len)] conflict reward
    city_cost: np.ndarray  # steam
    city_rew: np.ndarray  # [18, 5] one encoded effect each
    city_cond: np.ndarray  # index into tables.CONDITIONS
    city_prew: np.ndarray  # [18, (start, len)] partnership reward
    mm_base: np.ndarray  # [4, (start, len)]
    mm_space: np.ndarray  # [4, 6, (start, len)]
    mm_link: np.ndarray  # [4, 3 upgrade spaces, 6] 1 = linked
    mm_block: np.ndarray  # [4, players 0..4, 6] 1 = covered by the blocker
    mm_uni: np.ndarray  # [4, 6] university invention ids
    up_gain: np.ndarray  # [3, (start, len)]
    prestige: np.ndarray  # [PRESTIGE_MAX + 1, (start, len)], index = space
    prestige_len: np.ndarray  # [1]
    worm: np.ndarray  # [WORM_MAX, (start, len)]
    worm_len: np.ndarray  # [1]
    slot_track: np.ndarray  # [8, MAX_SLOT_TRACK] icon codes (tables.ICON_NAMES)
    slot_len: np.ndarray  # [8]
    nat_len: np.ndarray  # [4] track spaces
    nat_mult: np.ndarray  # [4, MAX_TRACK] scoring multiplier by pilgrim space
    nat_double: np.ndarray  # [4, MAX_TRACK] fewest players for a double stack (0 = never)
    river_empty: np.ndarray  # [5] river spaces empty at start by player count
    building_steam: np.ndarray  # [3, normal / conflict]
    card_district: np.ndarray  # [16] inner tile index
    card_land: np.ndarray  # [16] nature type
    card_prio: np.ndarray  # [16, 4] resource priority
    card_prod: np.ndarray  # [16, (start, len)]


FIELDS = tuple(f.name for f in fields(Components))


def component_block(components: Components) -> np.ndarray:
    """All arrays flattened in FIELDS order: the state's leading `c_*` block, copied into a new
    game with one slice assignment."""
    return np.concatenate([getattr(components, name).ravel() for name in FIELDS])


class _Compiler:
    """Walks one component document, appending reward lists to the effect pool."""

    def __init__(self, doc: dict[str, Any]):
        self.doc = doc
        self.pool: list[int] = []

    def get(self, obj: Any, key: str | int, where: str) -> Any:
        try:
            return obj[key]
        except (KeyError, IndexError, TypeError):
            raise ConfigError(f"component file: missing field {where}") from None

    def items(self, obj: Any, key: str, where: str, count: int | None = None) -> list[Any]:
        value = self.get(obj, key, where)
        if not isinstance(value, list):
            raise ConfigError(f"component file: {where} must be a list")
        if count is not None and len(value) != count:
            raise ConfigError(
                f"component file: {where} must have {count} entries, has {len(value)}"
            )
        return value

    def number(self, value: Any, where: str, lo: int = 0, hi: int = 99) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ConfigError(
                f"component file: {where} must be an int in {lo}..{hi}, got {value!r}"
            )
        return value

    def choice(self, value: Any, options: tuple[str, ...], where: str) -> int:
        if value not in options:
            raise ConfigError(f"component file: {where} must be one of {options}, got {value!r}")
        return options.index(value)

    def effect(self, e: Any, where: str, allow: tuple[str, ...] = ()) -> int:
        if not isinstance(e, dict):
            raise ConfigError(f"component file: {where} must be an object with 'k'")
        code = self.choice(e.get("k"), DATA_CODES[1:] + allow, f"{where}.k") + 1
        if code >= len(DATA_CODES):
            raise ConfigError(f"component file: {where}.k {e.get('k')!r} is not allowed here")
        param = 0
        if code in (FX_VP, FX_VP_END):  # a negative n loses VP (the seed's red numbers)
            n = self.number(e.get("n", 1), f"{where}.n", -30, 30)
            if n < 0:
                param, n = LOSE, -n
        else:
            n = self.number(e.get("n", 1), f"{where}.n", 0, 30)
        if code == FX_PILGRIM:
            param = self.choice(e.get("track"), NATURE_NAMES + ("any",), f"{where}.track")
        elif code == FX_WORKER:
            param = self.choice(e.get("color"), COLOR_KEYS + ("any",), f"{where}.color")
        elif code == FX_DISCARD_HEX:
            conflict = e.get("conflict", False)
            if not isinstance(conflict, bool):
                raise ConfigError(f"component file: {where}.conflict must be true or false")
            param = int(conflict)
        elif code in (FX_P_ANY, FX_P_CREATE, FX_P_ACTIVATE):
            n = 1
        return code + PARAM * param + UNIT * n

    def effects(self, lst: Any, where: str, cities: bool = False) -> tuple[int, int]:
        """Append a reward list to the pool; returns (start, len)."""
        if not isinstance(lst, list) or len(lst) > LIST_CAP:
            raise ConfigError(f"component file: {where} must be a list of at most {LIST_CAP}")
        start = len(self.pool)
        for i, e in enumerate(lst):
            code = self.effect(e, f"{where}[{i}]")
            if not cities and code % PARAM in (FX_P_CREATE, FX_P_ACTIVATE):
                raise ConfigError(
                    f"component file: {where}[{i}].k: partnership_create/_activate appear only "
                    "in a city's trade rewards"
                )
            self.pool.append(code)
        if len(self.pool) > MAX_FX:
            raise ConfigError(f"component file: more than {MAX_FX} effects in all")
        return start, len(lst)


# Values the engine hard-wires (tables.py) although the file describes them: a file may leave
# them out, but one that gives another value is rejected rather than silently ignored.
FIXED_FIELDS: tuple[tuple[str, Any], ...] = (
    ("reputation_track.levels", list(range(1, REPUTATION_MAX + 1))),
    ("reputation_track.vp_value", [int(v) for v in REPUTATION_VP[1:]]),
    *((f"player_start.{r}", START_RES) for r in RESOURCE_NAMES),
    ("player_start.wealth", START_WEALTH),
    ("player_start.steam", START_STEAM),
    ("player_start.vp", 0),
    ("player_start.chimney", 0),
    ("player_start.reputation_level", 1),
    ("player_start.pilgrims", {"river_temple": 1, "land_temple": 3}),
    ("player_start.partnership_flags_in_reserve", NUM_FLAGS),
    ("district_tiles.expand_cost_materials.central", int(EXPAND_COST[1])),
    ("district_tiles.expand_cost_materials.outer", int(EXPAND_COST[2])),
    ("district_tiles.renovate_cost_materials.value", RENOVATE_COST),
    (
        "megamachines.contribute_cost.pay",
        [{"k": r, "n": 1} for r in RESOURCE_NAMES] + [{"k": "wealth", "n": 1}],
    ),
    ("market.slots", {q: int((MARKET_QUALITY == i).sum()) for i, q in enumerate(QUALITY_NAMES)}),
    ("factory.storage_cap.value", RES_CAP),
    ("factory.worker_capacity.normal", int(WORKER_CAP[0])),
    ("factory.worker_capacity.conflict", int(WORKER_CAP[1])),
    ("final_scoring.conflict_penalty_per_tile.value", -CONFLICT_PENALTY),
)


def _check_fixed_fields(doc: dict[str, Any]) -> None:
    """Reject a FIXED_FIELDS value that differs from the engine's (an absent one is fine)."""
    for path, expected in FIXED_FIELDS:
        value: Any = doc
        for key in path.split("."):
            if not isinstance(value, dict) or key not in value:
                break
            value = value[key]
        else:
            if value != expected:
                raise ConfigError(
                    f"component file: {path} is fixed by the engine at {expected!r}, got "
                    f"{value!r} (this field is not read from the file)"
                )


def compile_components(doc: dict[str, Any]) -> Components:
    """Validate `doc` and compile it; raises ConfigError naming the first bad field."""
    _check_fixed_fields(doc)
    c = _Compiler(doc)
    out: dict[str, np.ndarray] = {}

    def zeros(*shape: int) -> np.ndarray:
        return np.zeros(shape, np.int64)

    # district tiles (§3.1)
    tiles = c.get(doc, "district_tiles", "district_tiles")
    inner = c.items(tiles, "inner", "district_tiles.inner", 5)
    inner_ids = [c.get(t, "id", f"district_tiles.inner[{i}].id") for i, t in enumerate(inner)]
    all_tiles = [("inner", i, t) for i, t in enumerate(inner)]
    all_tiles += [
        (ring, i, t)
        for ring in ("central", "outer")
        for i, t in enumerate(c.items(tiles, ring, f"district_tiles.{ring}", 5))
    ]
    out["tile_color"] = np.full(NUM_TILES, -1, np.int64)
    out["tile_explore"] = np.full(NUM_TILES, -1, np.int64)
    out["tile_action"] = np.full(NUM_TILES, -1, np.int64)
    out["tile_ws"] = zeros(NUM_TILES, 2, 2)
    out["tile_pay"] = zeros(NUM_TILES, 2, 2)
    out["tile_el_cost"] = zeros(NUM_TILES)
    out["tile_el_gain"] = zeros(NUM_TILES, 2)
    out["tile_hexes"] = zeros(NUM_TILES)
    joker = 0
    actions_seen: dict[int, int] = {}
    for k, (ring, i, t) in enumerate(all_tiles):
        w = f"district_tiles.{ring}[{i}]"
        if ring == "inner":
            action = c.choice(
                c.get(t, "action", f"{w}.action"), ACTION_NAMES + ("joker",), f"{w}.action"
            )
            if action == 4:
                raise ConfigError(
                    f"component file: {w}.action: the Megamachine is not a district action"
                )
            if action in actions_seen:  # §3.1: the Town Hall and the four action districts
                raise ConfigError(
                    f"component file: {w}.action {t['action']!r} is already the action of "
                    f"district_tiles.inner[{actions_seen[action]}]; each inner tile has its own"
                )
            actions_seen[action] = i
            out["tile_action"][k] = action
            # §3.1: any colour at the Town Hall only; every other district has one colour
            out["tile_color"][k] = c.choice(
                c.get(t, "worker_color", f"{w}.worker_color"),
                ("any",) if action == 5 else COLOR_KEYS,
                f"{w}.worker_color",
            )
            if action == 5:
                out["tile_color"][k] = ANY
            explore = c.items(t, "explore", f"{w}.explore")
            if action == 5:
                joker += 1
                if explore != ["river", "any_land"]:
                    raise ConfigError(
                        f"component file: {w}.explore: the Town Hall explores ['river', 'any_land']"
                    )
                out["tile_explore"][k] = ANY
            else:
                if len(explore) != 1:
                    raise ConfigError(f"component file: {w}.explore must name one nature type")
                out["tile_explore"][k] = c.choice(explore[0], NATURE_NAMES, f"{w}.explore[0]")
        else:
            out["tile_hexes"][k] = c.number(
                c.get(t, "hex_spaces", f"{w}.hex_spaces"),
                f"{w}.hex_spaces",
                1 if ring == "central" else 2,
                1 if ring == "central" else 2,
            )
        ws = c.get(t, "workshop", f"{w}.workshop")
        for side, name in enumerate(("unelectrified", "electrified")):
            wsd = c.get(ws, name, f"{w}.workshop.{name}")
            out["tile_ws"][k, side] = c.effects(
                c.get(wsd, "gain", f"{w}.workshop.{name}.gain"), f"{w}.workshop.{name}.gain"
            )
            pay = wsd.get("pay", []) if isinstance(wsd, dict) else []
            for j, e in enumerate(pay if isinstance(pay, list) else [None]):
                kind = e.get("k") if isinstance(e, dict) else None
                if kind not in RESOURCE_NAMES + ("steam", "wealth"):
                    raise ConfigError(
                        f"component file: {w}.workshop.{name}.pay[{j}].k must be a resource, "
                        "steam or wealth"
                    )
            out["tile_pay"][k, side] = c.effects(pay, f"{w}.workshop.{name}.pay")
        el = c.get(t, "electrify", f"{w}.electrify")
        out["tile_el_cost"][k] = c.number(
            c.get(el, "cost_energy", f"{w}.electrify.cost_energy"),
            f"{w}.electrify.cost_energy",
            2,
            4,
        )
        out["tile_el_gain"][k] = c.effects(
            c.get(el, "gain", f"{w}.electrify.gain"), f"{w}.electrify.gain"
        )
        kinds = [e.get("k") for e in el["gain"]]
        if "prestige" not in kinds or len(kinds) < 2:  # §9.4 step 3
            raise ConfigError(
                f"component file: {w}.electrify.gain must hold at least 1 prestige plus one "
                f"other reward, got {kinds}"
            )
    if joker != 1:
        raise ConfigError(
            "component file: district_tiles.inner needs exactly one Town Hall (action 'joker')"
        )

    # inventions (§11)
    inv = c.get(doc, "inventions", "inventions")
    groups = [
        ("basic", NUM_BASIC, 0),
        *(
            (q, n, i + 1)
            for i, (q, n) in enumerate(zip(QUALITY_NAMES, QUALITY_COUNTS, strict=True))
        ),
        ("university", NUM_UNIVERSITY, 4),
    ]
    out["inv_type"] = zeros(NUM_INVENTIONS)
    out["inv_cost"] = zeros(NUM_INVENTIONS)
    out["inv_vp"] = zeros(NUM_INVENTIONS)
    out["inv_rows"] = zeros(NUM_INVENTIONS, 3, 2)
    out["inv_start"] = np.full(NUM_INVENTIONS, -1, np.int64)
    out["inv_mm"] = np.full(NUM_INVENTIONS, -1, np.int64)
    inv_ids: dict[str, int] = {}
    k = 0
    for name, count, kind in groups:
        for i, t in enumerate(c.items(inv, name, f"inventions.{name}", count)):
            w = f"inventions.{name}[{i}]"
            inv_ids[str(c.get(t, "id", f"{w}.id"))] = k
            out["inv_type"][k] = kind
            if 1 <= kind <= 3:
                out["inv_cost"][k] = c.number(
                    c.get(t, "cost_food", f"{w}.cost_food"), f"{w}.cost_food", kind, kind
                )
            out["inv_vp"][k] = c.number(c.get(t, "vp", f"{w}.vp"), f"{w}.vp", 0, 20)
            rows = c.get(t, "rows", f"{w}.rows")
            for r, row in enumerate(ROWS):
                out["inv_rows"][k, r] = c.effects(
                    c.get(rows, row, f"{w}.rows.{row}"), f"{w}.rows.{row}"
                )
            if kind == 0:
                start = c.get(t, "start_district", f"{w}.start_district")
                out["inv_start"][k] = c.choice(start, tuple(inner_ids), f"{w}.start_district")
            if kind == 4:
                out["inv_mm"][k] = (
                    c.number(c.get(t, "megamachine", f"{w}.megamachine"), f"{w}.megamachine", 1, 4)
                    - 1
                )
            k += 1

    # nature hexes (§3.2)
    hexes = c.get(doc, "nature_hexes", "nature_hexes")
    out["hex_nature"] = zeros(NUM_HEXES)
    out["hex_reward"] = zeros(NUM_HEXES, 2)
    k = 0
    for t, name in enumerate(NATURE_NAMES):
        for i, h in enumerate(c.items(hexes, name, f"nature_hexes.{name}", HEX_COUNTS[t])):
            w = f"nature_hexes.{name}[{i}]"
            out["hex_nature"][k] = t
            out["hex_reward"][k] = c.effects(
                c.get(h, "conflict_reward", f"{w}.conflict_reward"), f"{w}.conflict_reward"
            )
            k += 1

    # nature tracks (§3.2, §17.3)
    tracks = c.get(doc, "nature_tracks", "nature_tracks")
    out["nat_len"] = zeros(4)
    out["nat_mult"] = zeros(4, MAX_TRACK)
    out["nat_double"] = zeros(4, MAX_TRACK)
    out["river_empty"] = zeros(5)
    for t, name in enumerate(NATURE_NAMES):
        w = f"nature_tracks.{name}"
        tr = c.get(tracks, name, w)
        length = c.number(c.get(tr, "spaces", f"{w}.spaces"), f"{w}.spaces", 3, MAX_TRACK)
        out["nat_len"][t] = length
        mult = c.items(
            c.get(tr, "scoring", f"{w}.scoring"),
            "multiplier_by_space",
            f"{w}.scoring.multiplier_by_space",
            length,
        )
        for i, m in enumerate(mult):
            out["nat_mult"][t, i] = c.number(m, f"{w}.scoring.multiplier_by_space[{i}]", 0, 50)
        doubles = tr.get("double_spaces", {}) if isinstance(tr, dict) else {}
        if not isinstance(doubles, dict):
            raise ConfigError(f"component file: {w}.double_spaces must be an object")
        for key in doubles:
            if key not in ("3+", "4"):
                raise ConfigError(
                    f"component file: {w}.double_spaces.{key} is not a player mark; use '3+' or '4'"
                )
            if t == 0 and doubles[key]:  # §5.1 step 5: river spaces get 1 hex each
                raise ConfigError(
                    f"component file: {w}.double_spaces.{key}: river spaces hold single hexes"
                )
        for key, players in (("3+", 3), ("4", 4)):
            for j, s in enumerate(
                c.items(doubles, key, f"{w}.double_spaces.{key}") if key in doubles else []
            ):
                s = c.number(s, f"{w}.double_spaces.{key}[{j}]", 1, length)
                out["nat_double"][t, s - 1] = players
        if t == 0:
            empty = c.get(tr, "empty_at_start_by_players", f"{w}.empty_at_start_by_players")
            for p in range(1, 5):
                out["river_empty"][p] = c.number(
                    c.get(empty, str(p), f"{w}.empty_at_start_by_players.{p}"),
                    f"{w}.empty_at_start_by_players.{p}",
                    0,
                    length - 2,
                )
    for t, name in enumerate(NATURE_NAMES):
        for p in range(1, 5):
            spaces = out["nat_len"][t] - (out["river_empty"][p] if t == 0 else 0)
            need = spaces + sum(
                1 for s in range(out["nat_len"][t]) if 0 < out["nat_double"][t, s] <= p
            )
            if need > HEX_COUNTS[t]:
                raise ConfigError(
                    f"component file: nature_tracks.{name} needs {need} hexes with {p} players, "
                    f"only {HEX_COUNTS[t]} exist"
                )

    # cities (§3.4, §15)
    cities = c.items(doc, "cities", "cities", NUM_CITIES)
    out["city_cost"] = zeros(NUM_CITIES)
    out["city_rew"] = zeros(NUM_CITIES, TRADE_MAX)
    out["city_cond"] = zeros(NUM_CITIES)
    out["city_prew"] = zeros(NUM_CITIES, 2)
    for i, city in enumerate(cities):
        w = f"cities[{i}]"
        out["city_cost"][i] = c.number(
            c.get(city, "trade_cost_steam", f"{w}.trade_cost_steam"), f"{w}.trade_cost_steam", 0, 9
        )
        for j, e in enumerate(c.items(city, "rewards", f"{w}.rewards", TRADE_MAX)):
            out["city_rew"][i, j] = c.effect(e, f"{w}.rewards[{j}]")
        part = c.get(city, "partnership", f"{w}.partnership")
        out["city_cond"][i] = c.choice(
            c.get(part, "condition", f"{w}.partnership.condition"),
            CONDITIONS,
            f"{w}.partnership.condition",
        )
        out["city_prew"][i] = c.effects(
            c.get(part, "reward", f"{w}.partnership.reward"), f"{w}.partnership.reward"
        )

    # Megamachines (§3.5, §9.6)
    mms = c.get(doc, "megamachines", "megamachines")
    boards = c.items(mms, "boards", "megamachines.boards", NUM_MEGAMACHINES)
    out["mm_base"] = zeros(NUM_MEGAMACHINES, 2)
    out["mm_space"] = zeros(NUM_MEGAMACHINES, NUM_MM_SPACES, 2)
    out["mm_link"] = zeros(NUM_MEGAMACHINES, NUM_UPGRADES, NUM_MM_SPACES)
    out["mm_block"] = zeros(NUM_MEGAMACHINES, 5, NUM_MM_SPACES)
    out["mm_uni"] = zeros(NUM_MEGAMACHINES, UNIVERSITY_PER_MM)
    for b, board in enumerate(boards):
        w = f"megamachines.boards[{b}]"
        out["mm_base"][b] = c.effects(
            c.get(board, "workshop_base", f"{w}.workshop_base"), f"{w}.workshop_base"
        )
        spaces = c.items(board, "spaces", f"{w}.spaces", NUM_MM_SPACES)
        ids = [c.get(s, "id", f"{w}.spaces[{i}].id") for i, s in enumerate(spaces)]
        for i, s in enumerate(spaces):
            out["mm_space"][b, i] = c.effects(
                c.get(s, "gain", f"{w}.spaces[{i}].gain"), f"{w}.spaces[{i}].gain"
            )
        links = c.get(board, "upgrade_slots", f"{w}.upgrade_slots")
        for u, key in enumerate(("a", "b", "c")):
            for j, sid in enumerate(c.items(links, key, f"{w}.upgrade_slots.{key}")):
                out["mm_link"][b, u, c.choice(sid, tuple(ids), f"{w}.upgrade_slots.{key}[{j}]")] = 1
        blocked = c.get(board, "blocked", f"{w}.blocked")
        for key, counts in (("2", (1, 2)), ("3", (3,))):
            for j, sid in enumerate(c.items(blocked, key, f"{w}.blocked.{key}")):
                for p in counts:
                    out["mm_block"][b, p, c.choice(sid, tuple(ids), f"{w}.blocked.{key}[{j}]")] = 1
        for j, uid in enumerate(
            c.items(board, "university_inventions", f"{w}.university_inventions", UNIVERSITY_PER_MM)
        ):
            idx = inv_ids.get(uid, -1)
            if idx < 0 or out["inv_type"][idx] != 4:
                raise ConfigError(
                    f"component file: {w}.university_inventions[{j}] {uid!r} is not a "
                    "university invention"
                )
            if out["inv_mm"][idx] != b:  # §3.3: the chosen board's 6 university inventions
                raise ConfigError(
                    f"component file: {w}.university_inventions[{j}] {uid!r} belongs to "
                    f"Megamachine {out['inv_mm'][idx] + 1} (its megamachine field), not {b + 1}"
                )
            out["mm_uni"][b, j] = idx
        for u in range(NUM_UPGRADES):
            if all(out["mm_link"][b, u] | out["mm_block"][b, 2]):
                raise ConfigError(
                    f"component file: {w}: upgrade {'abc'[u]} is complete at setup under the "
                    "2p blocker"
                )
    ups = c.items(mms, "upgrade_tiles", "megamachines.upgrade_tiles", NUM_UPGRADES)
    out["up_gain"] = np.array(
        [
            c.effects(
                c.get(u, "gain", f"megamachines.upgrade_tiles[{i}].gain"),
                f"megamachines.upgrade_tiles[{i}].gain",
            )
            for i, u in enumerate(ups)
        ],
        np.int64,
    )

    # prestige track and railway (§3.6, §14)
    pre = c.items(c.get(doc, "prestige_track", "prestige_track"), "spaces", "prestige_track.spaces")
    if not 1 <= len(pre) <= PRESTIGE_MAX:
        raise ConfigError(
            f"component file: prestige_track.spaces must have 1..{PRESTIGE_MAX} spaces"
        )
    out["prestige"] = zeros(PRESTIGE_MAX + 1, 2)
    for i, s in enumerate(pre):
        out["prestige"][i + 1] = c.effects(
            c.get(s, "gain", f"prestige_track.spaces[{i}].gain"), f"prestige_track.spaces[{i}].gain"
        )
    out["prestige_len"] = np.array([len(pre)], np.int64)
    worm = c.items(c.get(doc, "worm_track", "worm_track"), "spaces", "worm_track.spaces")
    if not 4 <= len(worm) <= WORM_MAX:
        raise ConfigError(f"component file: worm_track.spaces must have 4..{WORM_MAX} spaces")
    out["worm"] = zeros(WORM_MAX, 2)
    for i, s in enumerate(worm):
        out["worm"][i] = c.effects(
            c.get(s, "gain", f"worm_track.spaces[{i}].gain"), f"worm_track.spaces[{i}].gain"
        )
    out["worm_len"] = np.array([len(worm)], np.int64)

    # factory (§4, §11.3)
    factory = c.get(doc, "factory", "factory")
    tracks = c.get(
        c.get(factory, "slot_tracks", "factory.slot_tracks"), "tracks", "factory.slot_tracks.tracks"
    )
    out["slot_track"] = zeros(len(SLOT_NAMES), MAX_SLOT_TRACK)
    out["slot_len"] = zeros(len(SLOT_NAMES))
    for s, name in enumerate(SLOT_NAMES):
        w = f"factory.slot_tracks.tracks.{name}"
        icons = c.items(tracks, name, w)
        if not 2 <= len(icons) <= MAX_SLOT_TRACK or icons[0] != "start" or icons[-1] != "D":
            raise ConfigError(
                f"component file: {w} must start with 'start', end with 'D', at most "
                f"{MAX_SLOT_TRACK} spaces"
            )
        for i, icon in enumerate(icons):
            out["slot_track"][s, i] = c.choice(icon, ICON_NAMES, f"{w}[{i}]")
        for icon in ("U", "M"):  # §11.3; spec data check: one U and one M per track
            if icons.count(icon) != 1:
                raise ConfigError(
                    f"component file: {w} must have exactly one {icon!r} icon, has "
                    f"{icons.count(icon)}"
                )
        out["slot_len"][s] = len(icons)
    buildings = c.items(factory, "buildings", "factory.buildings", 3)
    out["building_steam"] = zeros(3, 2)
    for b, bd in enumerate(buildings):
        w = f"factory.buildings[{b}].steam_cost"
        cost = c.get(bd, "steam_cost", w)
        out["building_steam"][b] = [
            c.number(c.get(cost, side, f"{w}.{side}"), f"{w}.{side}", 0, 9)
            for side in ("normal", "conflict")
        ]

    # solo Mayor cards (§18)
    cards = c.items(c.get(doc, "solo", "solo"), "mayor_cards", "solo.mayor_cards", NUM_MAYOR_CARDS)
    out["card_district"] = zeros(NUM_MAYOR_CARDS)
    out["card_land"] = zeros(NUM_MAYOR_CARDS)
    out["card_prio"] = zeros(NUM_MAYOR_CARDS, 4)
    out["card_prod"] = zeros(NUM_MAYOR_CARDS, 2)
    for i, card in enumerate(cards):
        w = f"solo.mayor_cards[{i}]"
        out["card_district"][i] = c.choice(
            c.get(card, "district", f"{w}.district"), tuple(inner_ids), f"{w}.district"
        )
        out["card_land"][i] = (
            c.choice(c.get(card, "land_hex", f"{w}.land_hex"), NATURE_NAMES[1:], f"{w}.land_hex")
            + 1
        )
        prio = c.items(card, "resource_priority", f"{w}.resource_priority", 4)
        out["card_prio"][i] = [
            c.choice(r, RESOURCE_NAMES, f"{w}.resource_priority[{j}]") for j, r in enumerate(prio)
        ]
        if sorted(out["card_prio"][i]) != [0, 1, 2, 3]:
            raise ConfigError(f"component file: {w}.resource_priority must name each resource once")
        out["card_prod"][i] = c.effects(
            c.get(card, "production", f"{w}.production"), f"{w}.production"
        )
    advisors = c.items(c.get(doc, "solo", "solo"), "advisors", "solo.advisors", len(ADVISOR_NAMES))
    for i, advisor in enumerate(advisors):
        name = c.get(advisor, "name", f"solo.advisors[{i}].name")
        if name != ADVISOR_NAMES[i]:
            raise ConfigError(
                f"component file: solo.advisors[{i}].name must be {ADVISOR_NAMES[i]!r} (advisor "
                f"effects are coded by name), got {name!r}"
            )
    if all(d == int(np.flatnonzero(out["tile_action"][:5] == 5)[0]) for d in out["card_district"]):
        raise ConfigError(
            "component file: solo.mayor_cards: at least one card must show a district "
            "other than the Town Hall"
        )

    _check_reward_chains(doc)

    fx = np.zeros(MAX_FX, np.int64)
    fx[: len(c.pool)] = c.pool
    out["fx"] = fx
    return Components(**out)


def _chain_kind(e: dict[str, Any]) -> str | None:
    """The CHAIN_KINDS list an effect pushes when it resolves, if any."""
    k = e.get("k")
    if k == "partnership_activate":
        return "city"
    if k in ("prestige", "worm"):
        return k
    if k == "discard_hex" and e.get("conflict", False):
        return "hex"
    return None


def _check_reward_chains(doc: dict[str, Any]) -> None:
    """Reject a file whose nested reward lists feed each other in a cycle (spec §19: the
    reward-trigger graph has no cycle): such a chain would never end, or overflow the effect
    stack. Called after validation, so every field read here exists and is well-formed."""
    lists: dict[str, list[tuple[str, list[Any]]]] = {
        "city": [
            (f"cities[{i}].partnership.reward", c["partnership"]["reward"])
            for i, c in enumerate(doc["cities"])
        ],
        "prestige": [
            (f"prestige_track.spaces[{i}].gain", s["gain"])
            for i, s in enumerate(doc["prestige_track"]["spaces"])
        ],
        "worm": [
            (f"worm_track.spaces[{i}].gain", s["gain"])
            for i, s in enumerate(doc["worm_track"]["spaces"])
        ],
        "hex": [
            (f"nature_hexes.{t}[{i}].conflict_reward", h["conflict_reward"])
            for t in NATURE_NAMES
            for i, h in enumerate(doc["nature_hexes"][t])
        ],
    }
    edges: dict[str, dict[str, str]] = {kind: {} for kind in CHAIN_KINDS}
    for kind, named in lists.items():
        for where, lst in named:
            for j, e in enumerate(lst):
                nxt = _chain_kind(e)
                if nxt is not None and nxt not in edges[kind]:
                    edges[kind][nxt] = f"{where}[{j}]"

    def visit(kind: str, path: list[str]) -> None:
        for nxt, where in edges[kind].items():
            if nxt in path:
                cycle = " -> ".join(path[path.index(nxt) :] + [nxt])
                raise ConfigError(
                    f"component file: {where}.k makes a reward chain cycle ({cycle}); nested "
                    "rewards must not lead back to themselves (spec §19)"
                )
            visit(nxt, path + [nxt])

    for kind in CHAIN_KINDS:
        visit(kind, [kind])


def load_components(path: str | Path | None = None) -> Components:
    """The shipped stand-in set (path None) or a replacement JSON file, compiled."""
    if path is None:
        return compile_components(load_component_data("eurogym.envs.daitoshi", "daitoshi.json"))
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise ConfigError(f"component file: cannot read {path}: {err}") from None
    except json.JSONDecodeError as err:
        raise ConfigError(f"component file: {path} is not valid JSON: {err}") from None
    if not isinstance(doc, dict):
        raise ConfigError("component file: the top level must be an object")
    return compile_components(doc)
