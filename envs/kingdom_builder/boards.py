"""The section map format, shared by the shipped `data/boards.json` and a user's `board_file=`.

A board file is JSON: `{"boards": {NAME: SECTION, ...}}` where NAME is a known section name
(`python -c "from eurogym.envs.kingdom_builder.tables import ALL_SECTION_NAMES; print(...)"`)
and SECTION is an object with
    rows       10 strings of 10 terrain letters (G C D F T S A W M K L N P O, spec §1.2), in
               the stored orientation; odd rows are shifted half a hex right (odd-r, §2.1);
               the Island's two sides (island_tree_house, island_rope_bridge, §15.3) have
               5 rows of 10
    specials   one object per castle/location/nomad/palace/silo hex: {"row", "col", "kind"}
               with kind in castle, location, nomad_space, palace, silo, and for a location
               also "location": the location tile type on that hex (e.g. "quarry")
    source     where the map comes from (optional in a user file; shipped maps cite theirs)
Every other key is ignored. The loader checks the shape, the letters, that each special agrees
with its letter, that location types belong to the section (boards.json `location_types`),
and the structural counts the spec gives per section (location hexes, castles, nomad
spaces, palaces, silos). A map in a board file replaces the shipped (or stand-in) map of that
section; errors are ConfigError naming the file, section and field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from eurogym.envs.core.errors import ConfigError

SECTION_SIZE = 10
SPECIAL_KINDS = {"castle": "K", "location": "L", "nomad_space": "N", "palace": "P", "silo": "O"}
# boards.json count keys checked per section, by the letter they count.
COUNT_KEYS = {
    "location_hexes": "L",
    "castle_hexes": "K",
    "nomad_spaces": "N",
    "palace_hexes": "P",
    "silo_hexes": "O",
}


def parse_section(
    name: str,
    entry: Any,
    codes: dict[str, int],
    expected: dict[str, Any],
    tile_index: dict[str, int],
    where: str,
    num_rows: int = SECTION_SIZE,
) -> tuple[np.ndarray, np.ndarray]:
    """(terrain int64[R, 10], tile type int64[R, 10] with -1 off location hexes) of one
    section map (R = num_rows: 10, or 5 for the Island, §15.3), checked against `expected`
    (the section's shipped boards.json entry: its location types and structural counts).
    Raises ConfigError naming `where`.name.field."""
    at = f"{where}: section {name!r}"
    if not isinstance(entry, dict):
        raise ConfigError(f"{at} must be an object with 'rows' and 'specials'")
    rows = entry.get("rows")
    if (
        not isinstance(rows, list)
        or len(rows) != num_rows
        or any(not isinstance(r, str) or len(r) != SECTION_SIZE for r in rows)
    ):
        raise ConfigError(f"{at} field 'rows' must be {num_rows} strings of {SECTION_SIZE}")
    terrain = np.empty((num_rows, SECTION_SIZE), np.int64)
    for i, row in enumerate(rows):
        for j, letter in enumerate(row):
            if letter not in codes:
                raise ConfigError(
                    f"{at} field 'rows'[{i}][{j}] = {letter!r} is not a terrain letter "
                    f"({''.join(codes)})"
                )
            terrain[i, j] = codes[letter]
    tiles = np.full((num_rows, SECTION_SIZE), -1, np.int64)
    specials = entry.get("specials")
    if not isinstance(specials, list):
        raise ConfigError(f"{at} field 'specials' must be a list of objects")
    allowed = expected.get("location_types") or []
    seen = set()
    for k, special in enumerate(specials):
        field = f"{at} field 'specials'[{k}]"
        if not isinstance(special, dict):
            raise ConfigError(f"{field} must be an object")
        r, c, kind = special.get("row"), special.get("col"), special.get("kind")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (r, c)) or not (
            0 <= r < num_rows and 0 <= c < SECTION_SIZE
        ):
            raise ConfigError(
                f"{field} needs int 'row' in 0..{num_rows - 1} and 'col' in 0..9, got {r!r}, {c!r}"
            )
        if kind not in SPECIAL_KINDS:
            raise ConfigError(f"{field} 'kind' must be one of {sorted(SPECIAL_KINDS)}")
        if rows[r][c] != SPECIAL_KINDS[kind]:
            raise ConfigError(
                f"{field} is a {kind} but rows[{r}][{c}] is {rows[r][c]!r}, "
                f"not {SPECIAL_KINDS[kind]!r}"
            )
        seen.add((r, c))
        if kind == "location":
            location = special.get("location")
            if location not in allowed:
                raise ConfigError(
                    f"{field} 'location' = {location!r}; section {name!r} has {allowed}"
                )
            tiles[r, c] = tile_index[location]
    for i, row in enumerate(rows):
        for j, letter in enumerate(row):
            if letter in SPECIAL_KINDS.values() and (i, j) not in seen:
                raise ConfigError(
                    f"{at} field 'rows'[{i}][{j}] = {letter!r} has no 'specials' entry"
                )
    for key, letter in COUNT_KEYS.items():
        want = expected.get(key)
        if isinstance(want, int):
            got = sum(row.count(letter) for row in rows)
            if got != want:
                raise ConfigError(f"{at} field 'rows' has {got} {letter!r} hexes; {key} is {want}")
    for location in allowed:
        if not (tiles == tile_index[location]).any():
            raise ConfigError(f"{at} field 'specials' has no {location!r} location hex")
    return terrain, tiles


def read_board_file(path: Any) -> dict[str, Any]:
    """The `boards` object of a board file (see the module docstring); ConfigError if the file
    cannot be read or is not that shape."""
    if not isinstance(path, (str, Path)):
        raise ConfigError(f"board_file must be a path (str), got {path!r}")
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise ConfigError(f"board_file {str(path)!r} cannot be read: {err.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ConfigError(f"board_file {str(path)!r} is not JSON: {err}") from None
    boards = data.get("boards") if isinstance(data, dict) else None
    if not isinstance(boards, dict) or not boards:
        raise ConfigError(f"board_file {str(path)!r} field 'boards' must be a non-empty object")
    return boards
