"""Game state stored as one contiguous int64 buffer plus an int8 legal-action mask.

Why one buffer: a numba call costs ~0.3 us per array argument, so an engine step that passes
one buffer instead of twenty named arrays is ~10x cheaper to dispatch, and `copy()` is a
single memcpy. Each game declares its fields once in a `Layout`; Python code reads them as
named views (`state.owner`), kernels slice the buffer with the layout's integer offsets.
Copy, equality and JSON all derive from that one field list, so a new field is one line.
"""

from __future__ import annotations

import base64
import json
import math
from typing import ClassVar

import numpy as np

from eurogym.envs.core.errors import StateError

Bounds = tuple[int, int]


class Layout:
    """Field name -> (offset, shape) inside a flat int64 buffer, in declaration order.

    Each field may declare inclusive bounds `(lo, hi)` as a third element: every value of a
    loaded state must lie inside them (`FlatState.check_bounds`). They are the first line of
    defence for the kernels, which index tables with field values: a game's bounds must be
    tight enough that no value inside them can make a kernel index outside its arrays.
    Checks that depend on other fields (a seat below num_players, a phase's pending fields)
    belong to the game's `check_state`.
    """

    def __init__(self, fields: list[tuple]):
        self.fields: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.bounds: dict[str, Bounds | None] = {}
        offset = 0
        for name, shape, *rest in fields:
            if name in self.fields:
                raise ValueError(f"duplicate state field {name!r}")
            self.fields[name] = (offset, tuple(shape))
            self.bounds[name] = tuple(rest[0]) if rest else None
            offset += math.prod(shape)
        self.size = offset

    def offset(self, name: str) -> int:
        return self.fields[name][0]

    def view(self, buf: np.ndarray, name: str) -> np.ndarray:
        offset, shape = self.fields[name]
        size = math.prod(shape)
        return buf[offset : offset + size].reshape(shape)


class FlatState:
    """Base class: subclasses set LAYOUT, NUM_ACTIONS and GAME (the env id used in JSON)."""

    LAYOUT: ClassVar[Layout]
    NUM_ACTIONS: ClassVar[int]
    GAME: ClassVar[str]

    __slots__ = ("buf", "mask")

    def __init__(self, buf: np.ndarray | None = None, mask: np.ndarray | None = None):
        self.buf = np.zeros(self.LAYOUT.size, np.int64) if buf is None else buf
        self.mask = np.zeros(self.NUM_ACTIONS, np.int8) if mask is None else mask

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Give each declared field a property: array fields read as writable views into the
        buffer, scalar fields as ints."""
        super().__init_subclass__(**kwargs)
        if "LAYOUT" in cls.__dict__:
            for name, (offset, shape) in cls.LAYOUT.fields.items():
                setattr(
                    cls,
                    name,
                    property(_field_getter(offset, shape), doc=f"state field {name}{shape}"),
                )

    def set(self, name: str, value: int) -> None:
        """Write a scalar field (scenario set-up in tests and tools)."""
        self.buf[self.LAYOUT.offset(name)] = value

    def copy(self) -> FlatState:
        """An independent copy (two memcpys); mutate it freely for search."""
        return type(self)(self.buf.copy(), self.mask.copy())

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and np.array_equal(self.buf, other.buf)
            and np.array_equal(self.mask, other.mask)
        )

    __hash__ = None  # mutable

    def nbytes(self) -> int:
        """Bytes copied by `copy()`."""
        return self.buf.nbytes + self.mask.nbytes

    def to_json(self) -> str:
        """Bit-exact JSON: named fields as lists (readable), plus the mask."""
        fields = {name: self.LAYOUT.view(self.buf, name).tolist() for name in self.LAYOUT.fields}
        mask = base64.b64encode(self.mask.tobytes()).decode("ascii")
        return json.dumps({"game": self.GAME, "fields": fields, "mask": mask})

    @classmethod
    def from_json(cls, text: str) -> FlatState:
        """Inverse of `to_json`, for untrusted text: checks the JSON's structure, that every
        value is a plain integer of the field's shape and within its declared bounds, and the
        mask's encoding. Raises StateError (a ValueError) naming what is wrong. It does not
        check that fields agree with each other: the engine's `from_json` does that too."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as err:
            raise StateError(f"state JSON does not parse: {err}") from None
        if not isinstance(data, dict):
            raise StateError(f"state JSON must be an object, got {type(data).__name__}")
        if data.get("game") != cls.GAME:
            raise StateError(f"state JSON is for game {data.get('game')!r}, expected {cls.GAME!r}")
        fields = data.get("fields")
        if not isinstance(fields, dict):
            raise StateError("state JSON has no 'fields' object")
        missing = set(cls.LAYOUT.fields) - set(fields)
        extra = set(fields) - set(cls.LAYOUT.fields)
        if missing or extra:
            raise StateError(
                f"state JSON fields differ: missing {sorted(missing)}, extra {sorted(extra)}"
            )
        state = cls()
        for name, (_, shape) in cls.LAYOUT.fields.items():
            values = _int_array(fields[name], shape, name)
            cls.LAYOUT.view(state.buf, name)[...] = values
        state.check_bounds()
        mask_text = data.get("mask")
        if not isinstance(mask_text, str):
            raise StateError("state JSON has no 'mask' string")
        try:
            raw = base64.b64decode(mask_text, validate=True)
        except ValueError:
            raise StateError("state mask is not valid base64") from None
        mask = np.frombuffer(raw, dtype=np.int8)
        if mask.shape != (cls.NUM_ACTIONS,):
            raise StateError(f"state mask has {mask.size} entries, expected {cls.NUM_ACTIONS}")
        if not np.isin(mask, (0, 1)).all():
            raise StateError("state mask holds values other than 0 and 1")
        state.mask[:] = mask
        return state

    def check_bounds(self) -> None:
        """Raise StateError naming the first field value outside the layout's bounds."""
        for name, bounds in self.LAYOUT.bounds.items():
            if bounds is None:
                continue
            values = self.LAYOUT.view(self.buf, name)
            lo, hi = bounds
            bad = np.flatnonzero((values < lo) | (values > hi))
            if bad.size:
                index = [int(i) for i in np.unravel_index(bad[0], values.shape)]
                where = f"{name}{index}" if values.ndim else name
                raise StateError(
                    f"{self.GAME}: state field {where} = {int(values.flat[bad[0]])} "
                    f"is outside [{lo}, {hi}]"
                )


_INT64 = (-(2**63), 2**63 - 1)


def _int_array(value: object, shape: tuple[int, ...], name: str) -> np.ndarray:
    """`value` as an int64 array of `shape`, accepting only (nested lists of) plain ints."""
    if not shape:
        if isinstance(value, list):
            raise StateError(f"state field {name!r} has the wrong shape, expected a scalar")
        items = [value]
    else:
        if not isinstance(value, list):
            raise StateError(f"state field {name!r} must be a list of shape {shape}")
        items = _flatten(value, shape, name)
    for item in items:
        if type(item) is not int:
            raise StateError(
                f"state field {name!r} holds {item!r} ({type(item).__name__}); integers only"
            )
        if not _INT64[0] <= item <= _INT64[1]:
            raise StateError(f"state field {name!r} holds {item}, outside int64")
    return np.array(items, np.int64).reshape(shape)


def _flatten(value: list, shape: tuple[int, ...], name: str) -> list:
    if len(value) != shape[0]:
        raise StateError(f"state field {name!r} has the wrong shape, expected {shape}")
    if len(shape) == 1:
        return value
    out: list = []
    for row in value:
        if not isinstance(row, list):
            raise StateError(f"state field {name!r} has the wrong shape, expected {shape}")
        out += _flatten(row, shape[1:], name)
    return out


def _field_getter(offset: int, shape: tuple[int, ...]):
    if shape == ():
        return lambda self: int(self.buf[offset])
    end = offset + math.prod(shape)
    if len(shape) == 1:
        return lambda self: self.buf[offset:end]
    return lambda self: self.buf[offset:end].reshape(shape)
