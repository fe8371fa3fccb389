"""Checking a loaded state's component block (its leading `c_*` fields) against the component
validator.

Why: a state carries the compiled component set it was dealt with (components.py), and every
kernel reads rewards, lengths and indices from it without checks. A saved state is untrusted, so
its block must be one the component validator could have produced. Rather than restate each of
the validator's rules for the compiled arrays, the block is turned back into a component
document (`component_document`) and compiled again: the block is accepted only if the result
is identical, so it passes exactly the checks a component file passes (counts, ranges, effect
kinds, acyclic reward chains) and uses the compiler's canonical layout of the effect pool.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from eurogym.envs.core.errors import ConfigError, StateError
from eurogym.envs.daitoshi.components import (
    COLOR_KEYS,
    FIELDS,
    LIST_CAP,
    ROWS,
    Components,
    compile_components,
)
from eurogym.envs.daitoshi.tables import (
    ACTION_NAMES,
    ADVISOR_NAMES,
    CONDITIONS,
    DATA_CODES,
    FX_DISCARD_HEX,
    FX_PILGRIM,
    FX_VP,
    FX_VP_END,
    FX_WORKER,
    HEX_COUNTS,
    ICON_NAMES,
    LOSE,
    MAX_FX,
    NATURE_NAMES,
    NUM_BASIC,
    NUM_UNIVERSITY,
    PARAM,
    PARAM_SPAN,
    QUALITY_COUNTS,
    QUALITY_NAMES,
    RESOURCE_NAMES,
    SLOT_NAMES,
    UNIT,
)

_INVENTION_GROUPS = (("basic", NUM_BASIC), *zip(QUALITY_NAMES, QUALITY_COUNTS, strict=True))
_INVENTION_GROUPS += (("university", NUM_UNIVERSITY),)


class _BadBlock(Exception):
    """A block value that no component document can describe."""


def _effect(e: int) -> dict[str, Any]:
    """The document form of one encoded data effect (components._Compiler.effect inverted)."""
    code, param, n = e % PARAM, (e // PARAM) % PARAM_SPAN, e // UNIT
    if e < 0 or not 1 <= code < len(DATA_CODES):
        raise _BadBlock(f"effect {e} has no data code")
    out: dict[str, Any] = {"k": DATA_CODES[code], "n": n}
    if code in (FX_VP, FX_VP_END) and param == LOSE:
        out["n"] = -n
    elif code == FX_PILGRIM:
        out["track"] = _pick(NATURE_NAMES + ("any",), param, "pilgrim track")
    elif code == FX_WORKER:
        out["color"] = _pick(COLOR_KEYS + ("any",), param, "worker colour")
    elif code == FX_DISCARD_HEX:
        out["conflict"] = param == 1
    return out


def _pick(names: tuple[str, ...], index: int, what: str) -> str:
    if not 0 <= index < len(names):
        raise _BadBlock(f"{what} {index} is not one of {len(names)}")
    return names[index]


class _Reader:
    """Reads reward lists out of one block's effect pool."""

    def __init__(self, comp: Components):
        self.fx = comp.fx

    def effects(self, pair: np.ndarray) -> list[dict[str, Any]]:
        start, length = int(pair[0]), int(pair[1])
        if not (0 <= length <= LIST_CAP and 0 <= start and start + length <= MAX_FX):
            raise _BadBlock(f"reward list ({start}, {length}) lies outside the effect pool")
        return [_effect(int(e)) for e in self.fx[start : start + length]]


def component_document(comp: Components) -> dict[str, Any]:
    """A component document that compiles to `comp` if `comp` came from the compiler (ids are
    made up: the block does not keep them). Raises _BadBlock for values no document gives."""
    r = _Reader(comp)
    inner_ids = [f"T{k}" for k in range(5)]
    tiles: dict[str, list[dict[str, Any]]] = {"inner": [], "central": [], "outer": []}
    for k in range(15):
        ring = ("inner", "central", "outer")[k // 5]
        t: dict[str, Any] = {"id": f"T{k}"}
        if ring == "inner":
            action = int(comp.tile_action[k])
            t["action"] = _pick(ACTION_NAMES + ("joker",), action, "tile action")
            colour = int(comp.tile_color[k])
            t["worker_color"] = "any" if action == 5 else _pick(COLOR_KEYS, colour, "colour")
            explore = int(comp.tile_explore[k])
            t["explore"] = (
                ["river", "any_land"] if action == 5 else [_pick(NATURE_NAMES, explore, "nature")]
            )
        else:
            t["hex_spaces"] = int(comp.tile_hexes[k])
        t["workshop"] = {
            side: {"gain": r.effects(comp.tile_ws[k, s]), "pay": r.effects(comp.tile_pay[k, s])}
            for s, side in enumerate(("unelectrified", "electrified"))
        }
        t["electrify"] = {
            "cost_energy": int(comp.tile_el_cost[k]),
            "gain": r.effects(comp.tile_el_gain[k]),
        }
        tiles[ring].append(t)

    inventions: dict[str, list[dict[str, Any]]] = {}
    k = 0
    for name, count in _INVENTION_GROUPS:
        group = []
        for _ in range(count):
            inv: dict[str, Any] = {
                "id": f"I{k}",
                "vp": int(comp.inv_vp[k]),
                "rows": {row: r.effects(comp.inv_rows[k, i]) for i, row in enumerate(ROWS)},
            }
            if name in QUALITY_NAMES:
                inv["cost_food"] = int(comp.inv_cost[k])
            if name == "basic":
                inv["start_district"] = inner_ids[_index(comp.inv_start[k], 5, "start district")]
            if name == "university":
                inv["megamachine"] = int(comp.inv_mm[k]) + 1
            group.append(inv)
            k += 1
        inventions[name] = group

    hexes: dict[str, list[dict[str, Any]]] = {}
    k = 0
    for name, count in zip(NATURE_NAMES, HEX_COUNTS, strict=True):
        hexes[name] = [{"conflict_reward": r.effects(comp.hex_reward[k + i])} for i in range(count)]
        k += count

    tracks: dict[str, dict[str, Any]] = {}
    for t, name in enumerate(NATURE_NAMES):
        length = _index(comp.nat_len[t], comp.nat_mult.shape[1] + 1, "track length")
        doubles = comp.nat_double[t]
        tracks[name] = {
            "spaces": length,
            "scoring": {"multiplier_by_space": [int(m) for m in comp.nat_mult[t, :length]]},
            "double_spaces": {
                key: [s + 1 for s in np.flatnonzero(doubles == players).tolist()]
                for key, players in (("3+", 3), ("4", 4))
                if (doubles == players).any()
            },
        }
        if t == 0:
            tracks[name]["empty_at_start_by_players"] = {
                str(p): int(comp.river_empty[p]) for p in range(1, 5)
            }

    cities = [
        {
            "trade_cost_steam": int(comp.city_cost[i]),
            "rewards": [_effect(int(e)) for e in comp.city_rew[i]],
            "partnership": {
                "condition": _pick(CONDITIONS, int(comp.city_cond[i]), "condition"),
                "reward": r.effects(comp.city_prew[i]),
            },
        }
        for i in range(len(comp.city_cost))
    ]

    boards = []
    for b in range(len(comp.mm_base)):
        ids = [f"S{i}" for i in range(comp.mm_space.shape[1])]
        boards.append(
            {
                "workshop_base": r.effects(comp.mm_base[b]),
                "spaces": [
                    {"id": ids[i], "gain": r.effects(comp.mm_space[b, i])} for i in range(len(ids))
                ],
                "upgrade_slots": {
                    key: [ids[i] for i in np.flatnonzero(comp.mm_link[b, u]).tolist()]
                    for u, key in enumerate(("a", "b", "c"))
                },
                "blocked": {
                    key: [ids[i] for i in np.flatnonzero(comp.mm_block[b, players]).tolist()]
                    for key, players in (("2", 2), ("3", 3))
                },
                "university_inventions": [
                    f"I{_index(u, len(comp.inv_type), 'invention')}" for u in comp.mm_uni[b]
                ],
            }
        )

    prestige_len = _index(comp.prestige_len[0], len(comp.prestige), "prestige track length")
    worm_len = _index(comp.worm_len[0], len(comp.worm) + 1, "worm track length")
    slot_tracks = {}
    for s, name in enumerate(SLOT_NAMES):
        length = _index(comp.slot_len[s], comp.slot_track.shape[1] + 1, "slot track length")
        slot_tracks[name] = [
            _pick(ICON_NAMES, int(i), "slot icon") for i in comp.slot_track[s, :length]
        ]

    cards = [
        {
            "district": inner_ids[_index(comp.card_district[i], 5, "card district")],
            "land_hex": _pick(NATURE_NAMES, int(comp.card_land[i]), "card land"),
            "resource_priority": [
                _pick(RESOURCE_NAMES, int(x), "resource") for x in comp.card_prio[i]
            ],
            "production": r.effects(comp.card_prod[i]),
        }
        for i in range(len(comp.card_district))
    ]

    return {
        "district_tiles": tiles,
        "inventions": inventions,
        "nature_hexes": hexes,
        "nature_tracks": tracks,
        "cities": cities,
        "megamachines": {
            "boards": boards,
            "upgrade_tiles": [{"gain": r.effects(g)} for g in comp.up_gain],
        },
        "prestige_track": {
            "spaces": [{"gain": r.effects(comp.prestige[i + 1])} for i in range(prestige_len)]
        },
        "worm_track": {"spaces": [{"gain": r.effects(comp.worm[i])} for i in range(worm_len)]},
        "factory": {
            "slot_tracks": {"tracks": slot_tracks},
            "buildings": [
                {"steam_cost": {"normal": int(c[0]), "conflict": int(c[1])}}
                for c in comp.building_steam
            ],
        },
        "solo": {"mayor_cards": cards, "advisors": [{"name": n} for n in ADVISOR_NAMES]},
    }


def _index(value: Any, size: int, what: str) -> int:
    v = int(value)
    if not 0 <= v < size:
        raise _BadBlock(f"{what} {v} is outside 0..{size - 1}")
    return v


def block_components(buf: np.ndarray) -> Components:
    """The Components whose arrays are the state buffer's leading `c_*` fields (copies)."""
    from eurogym.envs.daitoshi.state import LAYOUT

    return Components(**{name: LAYOUT.view(buf, f"c_{name}").copy() for name in FIELDS})


def check_component_block(buf: np.ndarray) -> None:
    """Raise StateError unless the state's `c_*` fields are a component set the validator
    accepts, laid out exactly as the compiler lays it out. Blocks already accepted are
    remembered by digest (most loads carry the same set), which makes a repeat check ~1000x
    cheaper than recompiling."""
    from eurogym.envs.daitoshi.state import LAYOUT

    digest = hashlib.blake2b(buf[: LAYOUT.offset("num_players")].tobytes()).digest()
    if digest in _ACCEPTED:
        return
    _check_block(buf)
    if len(_ACCEPTED) >= _REMEMBERED:
        _ACCEPTED.clear()
    _ACCEPTED.add(digest)


_ACCEPTED: set[bytes] = set()
_REMEMBERED = 64


def _check_block(buf: np.ndarray) -> None:
    comp = block_components(buf)
    try:
        compiled = compile_components(component_document(comp))
    except (_BadBlock, ConfigError) as err:
        raise StateError(
            f"daitoshi: state fields c_* are not a valid component set: {err}"
        ) from None
    for name in FIELDS:
        if not np.array_equal(getattr(compiled, name), getattr(comp, name)):
            where = np.flatnonzero(getattr(compiled, name).ravel() != getattr(comp, name).ravel())
            raise StateError(
                f"daitoshi: state field c_{name} is not a compiled component set (entry "
                f"{int(where[0])} is {int(getattr(comp, name).flat[where[0]])}, the validator "
                f"gives {int(getattr(compiled, name).flat[where[0]])})"
            )
