"""Loading component data shipped inside each game package, keeping every datum's source tag.

A *datum* is any JSON object with a "source" key, or a field `<name>` with a sibling
`<name>_source` (a string, or a dict of strings for the parts of `<name>`). Its tag is the
weakest source it cites, in the order seed > public > assumed > stand-in, so a card whose
scoring rests partly on a project decision counts as `assumed`, never as `seed`. A `derived`
datum is computed from other data items (which carry their own tags). A datum whose source
is `unavailable` (e.g. a board map nobody could recover) is a placeholder the engine must not
use. `python -m eurogym.envs.provenance` reports the counts.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

TAGS = ("seed", "public", "derived", "assumed", "stand-in", "unavailable")
UNSOURCED = ("assumed", "stand-in", "unavailable")
SIBLING = "_source"


@dataclass(frozen=True)
class Datum:
    """One tagged item of component data: where it sits in the file and what backs it."""

    file: str
    path: str
    tag: str
    source: str


def load_component_data(package: str, filename: str) -> dict[str, Any]:
    """Parse `package/data/filename` (shipped with the package, never read from shared/)."""
    text = resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")
    return json.loads(text)


def classify_source(source: str) -> str:
    """The weakest tag a source string cites; raises ValueError if it cites none."""
    lowered = source.lower()
    if lowered.startswith("derived"):
        return "derived"  # computed from other data items, which carry their own tags
    if lowered.startswith("unavailable"):
        return "unavailable"
    if "stand-in" in lowered:
        return "stand-in"
    if "assumed" in lowered:
        return "assumed"
    if "public" in lowered:
        return "public"
    if "seed" in lowered:
        return "seed"
    raise ValueError(f"unrecognised source tag {source!r}")


def iter_data(filename: str, data: Any, path: str = "") -> Iterator[Datum]:
    """Every tagged datum in a loaded JSON document, depth first."""
    if isinstance(data, dict):
        source = data.get("source")
        if isinstance(source, str):
            label = data.get("id") or data.get("name")
            where = f"{path}[{label}]" if label and path else str(label or path or "<root>")
            yield Datum(filename, where, classify_source(source), source)
        for key, value in data.items():
            where = f"{path}.{key}" if path else key
            if key.endswith(SIBLING):  # "<name>_source" tags the sibling field <name>
                named = where[: -len(SIBLING)]
                tags = value.items() if isinstance(value, dict) else [("", value)]
                for part, text in tags:
                    if isinstance(text, str):
                        label = f"{named}.{part}" if part else named
                        yield Datum(filename, label, classify_source(text), text)
            elif key != "source":
                yield from iter_data(filename, value, where)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from iter_data(filename, value, f"{path}[{i}]")
