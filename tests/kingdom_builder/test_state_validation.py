"""Validated loading (issue 11): `ENGINE.from_json` accepts only states the kernels can run
safely and raises StateError naming the field for anything else; the engine refuses other
games' states with TypeError and hands out read-only masks.

The crash repros from the issue run in subprocesses, so a regression kills a child process
(and fails its test) instead of the test run."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from eurogym.envs.core.errors import StateError
from eurogym.envs.core.registry import spec
from eurogym.envs.kingdom_builder.actions import END_TURN
from eurogym.envs.kingdom_builder.config import PLAYER_COUNTS
from eurogym.envs.kingdom_builder.env import raw_env
from eurogym.envs.kingdom_builder.invariants import check_state
from eurogym.envs.kingdom_builder.kernels import BARN, ORACLE
from eurogym.envs.kingdom_builder.rules import ENGINE
from eurogym.envs.kingdom_builder.state import (
    EMPTY,
    LAYOUT,
    PHASE_GAME_OVER,
    PHASE_MAIN,
    PHASE_TILE_ORIGIN,
    PHASE_TILE_TARGET,
    State,
)
from eurogym.envs.kingdom_builder.tables import LOCATION

REPO = Path(__file__).resolve().parents[2]
CONFIGS = [(n, {}) for n in PLAYER_COUNTS] + list(spec("kingdom_builder_v0").option_cases)
SECOND_TURN = 3  # first-legal decisions from the deal to the start of the second turn
# The suggested first game (§3.1) but with the oracle section, which has one location hex: its
# second slot stays unused.
SECTIONS = ("oracle", "paddock", "oasis", "farm")

# Shared by the subprocess scripts: a 3-player state a few decisions into the game.
_PRELUDE = """
import json
import numpy as np
from eurogym.envs.core.errors import StateError
from eurogym.envs.core.registry import spec
from eurogym.envs.kingdom_builder.rules import ENGINE
state = ENGINE.new_game(ENGINE.make_config(3), 5)
for _ in range(7):
    ENGINE.apply_action(state, int(np.flatnonzero(state.mask)[0]))
text = ENGINE.to_json(state)

def edited(name, value, index=0):
    data = json.loads(text)
    if isinstance(data["fields"][name], list):
        target = data["fields"][name]
        while isinstance(target[0], list):
            target = target[0]
        target[index] = value
    else:
        data["fields"][name] = value
    return json.dumps(data)

def rejected(load, *args):
    try:
        load(*args)
    except StateError as err:
        return "StateError"
    except TypeError as err:
        return "TypeError"
    return "accepted"
"""


def _run(script: str) -> list[str]:
    """Run the prelude plus `script` in a fresh interpreter; its stdout lines."""
    code = _PRELUDE + textwrap.dedent(script)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    return done.stdout.split()


def test_every_field_declares_bounds():
    for name, bounds in LAYOUT.bounds.items():
        assert bounds is not None, name
        assert bounds[0] <= bounds[1], name


def test_out_of_range_values_in_every_field_are_rejected_in_a_subprocess():
    # issue 11: one field at -1, 9, 10**6 or +-2**40 used to load and then segfault a kernel
    results = _run(
        """
        from eurogym.envs.kingdom_builder.state import LAYOUT
        for name, (lo, hi) in LAYOUT.bounds.items():
            for value in (lo - 1, hi + 1, -2**40, 2**40, 2**62):
                print(name, value, rejected(ENGINE.from_json, edited(name, value)))
        """
    )
    lines = [results[i : i + 3] for i in range(0, len(results), 3)]
    assert len(lines) == 5 * len(LAYOUT.fields)
    assert [line for line in lines if line[2] != "StateError"] == []


def test_in_range_but_inconsistent_values_are_rejected_in_a_subprocess():
    # seats beyond num_players, a pending move without its settlement, a card out of nowhere
    results = _run(
        """
        cases = [
            ("cur", 3), ("start_player", 4), ("owner", 3), ("phase", 3),
            ("phase", 2), ("selected", 0), ("active_tile", 5), ("played", -1),
            ("deck_size", 0), ("discard", 5), ("hand", 4), ("supply", 40),
        ]
        for name, value in cases:
            print(rejected(ENGINE.from_json, edited(name, value)))
        """
    )
    assert results == ["StateError"] * 12


def test_other_games_states_raise_type_error_in_a_subprocess():
    # issue 11: a Belfort state passed to this engine segfaulted
    results = _run(
        """
        from eurogym.envs.belfort.state import State as BelfortState
        other = BelfortState()
        for call in (
            lambda: ENGINE.apply_action(other, 0),
            lambda: ENGINE.legal_action_mask(other, 0),
            lambda: ENGINE.current_player(other),
            lambda: ENGINE.is_over(other),
            lambda: ENGINE.final_scores(other),
            lambda: ENGINE.describe_action(other, 0),
            lambda: ENGINE.to_json(other),
            lambda: ENGINE.validate(other),
            lambda: ENGINE.playout(other, np.array([1, 2, 3, 4], np.int64)),
        ):
            print(rejected(call))
        print(rejected(ENGINE.from_json, other.to_json()))
        """
    )
    assert results == ["TypeError"] * 9 + ["StateError"]


def test_written_masks_cannot_reach_the_kernels_in_a_subprocess():
    # issue 11: ones written into the returned mask made the kernels accept illegal actions
    results = _run(
        """
        import base64
        mask = ENGINE.legal_action_mask(state, ENGINE.current_player(state))
        try:
            mask[:] = 1
            print("writable")
        except ValueError:
            print("read-only")
        data = json.loads(text)
        data["mask"] = base64.b64encode(np.ones(state.mask.size, np.int8).tobytes()).decode()
        print(rejected(ENGINE.from_json, json.dumps(data)))
        """
    )
    assert results == ["read-only", "StateError"]


@pytest.mark.parametrize(
    "text",
    [
        "[1, 2]",
        "3",
        '"state"',
        "null",
        "{not json",
        '{"game": "kingdom_builder_v0"}',
    ],
)
def test_malformed_json_raises_state_error(text):
    with pytest.raises(StateError):
        ENGINE.from_json(text)


@pytest.mark.parametrize("value", [1.0, 1.5, "1", True, None, [1]])
def test_non_integer_values_raise_state_error(value):
    data = json.loads(ENGINE.to_json(_game()))
    data["fields"]["cur"] = value
    with pytest.raises(StateError, match="cur"):
        ENGINE.from_json(json.dumps(data))


def test_a_missing_field_or_mask_raises_state_error():
    data = json.loads(ENGINE.to_json(_game()))
    del data["fields"]["turn"]
    with pytest.raises(StateError, match="turn"):
        ENGINE.from_json(json.dumps(data))
    data = json.loads(ENGINE.to_json(_game()))
    del data["mask"]
    with pytest.raises(StateError, match="mask"):
        ENGINE.from_json(json.dumps(data))


def test_a_mask_with_an_extra_legal_action_is_rejected():
    state = _game()
    state.mask[END_TURN] = 1  # the mandatory action is not done: ending the turn is illegal
    with pytest.raises(StateError, match="mask"):
        ENGINE.from_json(state.to_json())


def _game(num_players: int = 3, steps: int = 0, seed: int = 5, **options) -> State:
    """A seeded game of the suggested sections after `steps` first-legal decisions."""
    options.setdefault("sections", SECTIONS)
    state = ENGINE.new_game(ENGINE.make_config(num_players, **options), seed)
    for _ in range(steps):
        ENGINE.apply_action(state, int(np.flatnonzero(state.mask)[0]))
    return state


def _settled_hex(state: State) -> int:
    return int(np.flatnonzero(state.owner != EMPTY)[0])


def _empty_hex(state: State) -> int:
    return int(np.flatnonzero(state.owner == EMPTY)[0])


def _unused_slot(state: State) -> int:
    return int(np.flatnonzero(state.slot_hex == EMPTY)[0])


def _non_location_hex(state: State) -> int:
    return int(np.flatnonzero(state.terrain != LOCATION)[0])


def _put(name: str, index: Any, value: Any) -> Callable[[State], None]:
    """An edit writing `value` at `index` of field `name` (None: a scalar field); either may be
    a function of the state."""

    def edit(state: State) -> None:
        where = index(state) if callable(index) else index
        new = value(state) if callable(value) else value
        if where is None:
            state.set(name, new)
        else:
            getattr(state, name)[where] = new

    return edit


def _tile_in_use(phase: int, tile: int, selected: Any = EMPTY) -> Callable[[State], None]:
    """An edit putting a tile in use as the engine would, apart from what the case breaks."""

    def edit(state: State) -> None:
        state.set("phase", phase)
        state.set("active_tile", tile)
        state.tile_used[state.cur, tile] = 1
        state.set("selected", selected(state) if callable(selected) else selected)

    return edit


def _without_tile_used(state: State) -> None:
    _tile_in_use(PHASE_TILE_ORIGIN, BARN)(state)
    state.tile_used[state.cur] = 0


def _played_card_discarded(state: State) -> None:
    state.discard[state.played] += 1
    state.set("played", EMPTY)


def _next_seat(state: State) -> int:
    return (state.cur + 1) % state.num_players


# (field the error must name, edit of a 3-player state at the start of its second turn); each
# edit stays inside the layout's bounds, so only check_state can see it
RULES = [
    ("cur", _put("cur", None, 3)),  # not a seat of 3
    ("cur", _put("turn", None, lambda s: s.turn + 1)),  # the turn is another seat's
    ("start_player", _put("start_player", None, 4)),
    ("owner", _put("owner", _settled_hex, 3)),
    ("sections", _put("sections", 1, lambda s: s.sections[0])),
    ("terrain", _put("sections", 0, 4)),  # an unused section: the board differs
    ("terrain", _put("terrain", 0, lambda s: (s.terrain[0] + 1) % 7)),
    ("rotations", _put("rotations", 2, 90)),
    ("cards", _put("cards", 2, lambda s: s.cards[0])),
    ("slot_of_hex", _put("slot_of_hex", _non_location_hex, 0)),
    ("slot_type", _put("slot_type", 0, lambda s: (s.slot_type[0] + 1) % 8)),
    ("tiles_left", _put("tiles_left", _unused_slot, 2)),
    ("holding", _put("holding", lambda s: (0, _unused_slot(s)), 1)),
    ("supply", _put("supply", 4, 40)),  # a seat not in the game
    ("hand", _put("hand", 3, 0)),
    ("hand", _put("hand", lambda s: s.cur, 0)),  # the player to act holds a card
    ("tile_new", _put("tile_new", lambda s: (_next_seat(s), 0), 1)),
    ("end_triggered", _put("end_triggered", None, 1)),
    ("deck", _put("deck", lambda s: s.deck_size, 0)),
    ("deck", _put("deck", 0, EMPTY)),
    ("discard", _put("discard", 0, lambda s: s.discard[0] + 1)),
    ("turn", _put("turn", None, lambda s: s.turn + 30 * s.num_players)),  # right seat, too late
    ("phase", _put("phase", None, PHASE_GAME_OVER)),  # before the end is triggered
    ("played", _played_card_discarded),  # the pending mandatory action needs a card
    ("mandatory_done", _put("mandatory_left", None, 0)),
    ("mandatory_left", _put("mandatory_left", None, 1)),  # phase main, not started
    ("active_tile", _put("phase", None, PHASE_TILE_TARGET)),
    ("active_tile", _tile_in_use(PHASE_TILE_ORIGIN, ORACLE)),
    ("active_tile", _put("active_tile", None, BARN)),  # in phase main
    ("tile_used", _without_tile_used),
    ("selected", _tile_in_use(PHASE_TILE_TARGET, BARN)),  # no settlement chosen
    ("selected", _tile_in_use(PHASE_TILE_TARGET, BARN, _empty_hex)),
    ("selected", _tile_in_use(PHASE_TILE_TARGET, ORACLE, _settled_hex)),
    ("rng", _put("rng", slice(None), 0)),
]


@pytest.mark.parametrize("field,edit", RULES, ids=[f"{f}-{i}" for i, (f, _) in enumerate(RULES)])
def test_check_state_names_the_inconsistent_field(field, edit):
    state = _game(steps=SECOND_TURN)
    assert (state.phase, state.turn, state.mandatory_done) == (PHASE_MAIN, 2, 0)
    check_state(state)
    edit(state)
    state.check_bounds()
    with pytest.raises(StateError, match=f"field {field}"):
        check_state(state)


@pytest.mark.parametrize("game", range(30))
def test_valid_states_of_random_games_round_trip(game):
    """No false rejections: every state met in 30 random games (each player count and option
    case) loads back equal to itself."""
    num_players, options = CONFIGS[game % len(CONFIGS)]
    state = ENGINE.new_game(ENGINE.make_config(num_players, **options), 1000 + game)
    rng = np.random.default_rng(game)
    while True:
        assert ENGINE.from_json(ENGINE.to_json(state)) == state
        if ENGINE.is_over(state):
            break
        ENGINE.apply_action(state, int(rng.choice(np.flatnonzero(state.mask))))


def test_loaded_state_plays_observes_and_renders():
    state = ENGINE.from_json(ENGINE.to_json(_game(steps=10)))
    for seat in range(state.num_players):
        raw_env.encode(state, seat)
    raw_env.render_ansi(state)
    assert ENGINE.final_scores(state).shape == (state.num_players,)
