"""Game records: a game as a JSON file of moves that anyone can replay bit for bit.

A record holds what is needed to play the game again from nothing: the env id, the player
count, the rule options and the seed (which fix the set-up and every chance event), and the
list of decisions. Each decision also carries the deciding seat and a description in words,
so a record can be read without the engine, and the final scores, so a replay can check it
reached the same end. The format (version 1):

    {
      "format": "eurogym-record", "version": 1, "package_version": "0.1.0",
      "env_id": "kingdom_builder_v0", "num_players": 3, "options": {}, "seed": 42,
      "seats": ["human", "mcts", "heuristic"],          # who played each seat (free text)
      "moves": [{"seat": 0, "action": 12, "description": "..."}, ...],
      "final_scores": [40.0, 31.0, 28.0]                  # null while the game is unfinished
    }

Records are files from outside the process, so `load_record` trusts nothing: it parses JSON
only (never pickle), checks every key's type and range, and raises RecordError (a ValueError)
naming the problem. `replay` checks each move is the recorded seat's and legal before it
applies it, so a tampered record fails with a message instead of reaching the kernels.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from eurogym.envs.core.errors import ConfigError
from eurogym.envs.core.registry import spec

FORMAT = "eurogym-record"
VERSION = 1
MAX_MOVES = 1_000_000  # far above any real game; bounds the work a hostile file can cause
MAX_BYTES = 64 * 2**20


class RecordError(ValueError):
    """A game record that cannot be loaded or does not replay; the message names the problem."""


def package_version() -> str:
    from eurogym import __version__

    return __version__


class Recorder:
    """Collects a game's moves as it is played and writes the record.

        recorder = Recorder("kingdom_builder_v0", num_players=2, seed=7, seats=["me", "mcts"])
        state = recorder.new_game()
        while not engine.is_over(state):
            recorder.apply(state, action)      # applies the action and records it
        recorder.save("game.json")

    `record(state, action)` records without applying, for loops that apply actions themselves.
    """

    def __init__(
        self,
        env_id: str,
        num_players: int,
        seed: int,
        options: dict[str, Any] | None = None,
        seats: Sequence[str] | None = None,
    ):
        self.env_id = env_id
        self.engine = spec(env_id).engine
        self.num_players = num_players
        self.seed = seed
        self.options = dict(options or {})
        default = [f"player_{i}" for i in range(num_players)]
        self.seats = list(seats) if seats is not None else default
        self.moves: list[dict[str, Any]] = []
        self.final_scores: list[float] | None = None

    def new_game(self) -> Any:
        """The game's initial state (the same one every replay of this record starts from)."""
        config = self.engine.make_config(self.num_players, **self.options)
        return self.engine.new_game(config, self.seed)

    def record(self, state: Any, action: int) -> None:
        """Note that the deciding seat of `state` chose `action` (call before applying it)."""
        self.moves.append(
            {
                "seat": int(self.engine.current_player(state)),
                "action": int(action),
                "description": self.engine.describe_action(state, int(action)),
            }
        )

    def apply(self, state: Any, action: int) -> None:
        """Record `action` and apply it to `state`; records the final scores at the end."""
        self.record(state, action)
        self.engine.apply_action(state, int(action))
        if self.engine.is_over(state):
            self.finish(state)

    def undo(self, count: int = 1) -> None:
        """Forget the last `count` moves (the caller rebuilds its state by `replay`)."""
        del self.moves[len(self.moves) - count :]
        self.final_scores = None

    def finish(self, state: Any) -> None:
        self.final_scores = [float(s) for s in self.engine.final_scores(state)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "package_version": package_version(),
            "env_id": self.env_id,
            "num_players": self.num_players,
            "options": _jsonable(self.options),
            "seed": self.seed,
            "seats": self.seats,
            "moves": self.moves,
            "final_scores": self.final_scores,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.to_json())
        return path


def _jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, np.generic):
        return value.item()
    return value


def load_record(source: str | Path | dict) -> dict[str, Any]:
    """A validated record from a path, JSON text or an already parsed dict. Raises RecordError
    naming the first problem; the engine's config checks run too (bad options, player count)."""
    if isinstance(source, dict):
        data = source
    else:
        text = _read(source)
        try:
            data = json.loads(text)
        except ValueError as err:
            raise RecordError(f"record is not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise RecordError(f"record must be a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a eurogym record (format {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"record version {data.get('version')!r} is not supported ({VERSION})")
    env_id = _field(data, "env_id", str)
    try:
        entry = spec(env_id)
    except ConfigError as err:
        raise RecordError(f"record env_id: {err}") from None
    num_players = _field(data, "num_players", int)
    if num_players not in entry.engine.player_counts:
        raise RecordError(
            f"record num_players {num_players} is not one of {entry.engine.player_counts}"
        )
    options = _field(data, "options", dict)
    seed = _field(data, "seed", int)
    if not 0 <= seed < 2**64:
        raise RecordError(f"record seed {seed} is outside [0, 2**64)")
    seats = data.get("seats")
    if seats is not None and (
        not isinstance(seats, list)
        or len(seats) != num_players
        or not all(isinstance(s, str) for s in seats)
    ):
        raise RecordError(f"record seats must be {num_players} strings")
    moves = _field(data, "moves", list)
    if len(moves) > MAX_MOVES:
        raise RecordError(f"record has {len(moves)} moves, more than {MAX_MOVES}")
    for i, move in enumerate(moves):
        if not isinstance(move, dict):
            raise RecordError(f"record move {i} must be an object")
        for key in ("seat", "action"):
            if type(move.get(key)) is not int:
                raise RecordError(f"record move {i}: '{key}' must be an integer")
        if "description" in move and not isinstance(move["description"], str):
            raise RecordError(f"record move {i}: 'description' must be a string")
    scores = data.get("final_scores")
    if scores is not None and (
        not isinstance(scores, list)
        or len(scores) != num_players
        or not all(type(s) in (int, float) for s in scores)
    ):
        raise RecordError(f"record final_scores must be null or {num_players} numbers")
    try:
        entry.engine.make_config(num_players, **_options(options))
    except (ConfigError, TypeError) as err:
        raise RecordError(f"record options: {err}") from None
    return data


def _read(source: str | Path) -> str:
    """The record's text: a Path is a file; a str is JSON text if it starts like JSON or
    names no file, else the file it names."""
    if isinstance(source, str) and (source.lstrip()[:1] in ("{", "[") or not _is_file(source)):
        return source
    path = Path(source)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise RecordError(f"record file {path} is larger than {MAX_BYTES} bytes")
        return path.read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(f"cannot read record {path}: {err}") from None
    except UnicodeDecodeError:
        raise RecordError(f"record file {path} is not UTF-8 text") from None


def _is_file(text: str) -> bool:
    try:
        return len(text) < 4096 and Path(text).is_file()
    except (OSError, ValueError):
        return False


def _field(data: dict, key: str, kind: type) -> Any:
    value = data.get(key)
    if type(value) is not kind:
        raise RecordError(f"record '{key}' must be {kind.__name__}, got {value!r}"[:200])
    return value


def _options(options: dict[str, Any]) -> dict[str, Any]:
    """JSON lists back to the tuples the configs expect."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}


def replay(record: str | Path | dict) -> Iterator[Any]:
    """The states of a recorded game: the initial state, then the state after each move (each
    a fresh copy). Raises RecordError at the first move that is not the deciding seat's or is
    illegal, and at the end if the final scores differ from the recorded ones."""
    data = load_record(record)
    engine = spec(data["env_id"]).engine
    config = engine.make_config(data["num_players"], **_options(data["options"]))
    state = engine.new_game(config, data["seed"])
    yield state.copy()
    for i, move in enumerate(data["moves"]):
        if engine.is_over(state):
            raise RecordError(f"record move {i}: the game is already over")
        seat = engine.current_player(state)
        if move["seat"] != seat:
            raise RecordError(
                f"record move {i}: recorded seat {move['seat']}, but seat {seat} decides"
            )
        action = move["action"]
        mask = engine.legal_action_mask(state, seat)
        if not 0 <= action < mask.shape[0] or not mask[action]:
            raise RecordError(
                f"record move {i}: action {action} is illegal here "
                f"({engine.describe_action(state, action) if 0 <= action < mask.shape[0] else '?'})"
            )
        engine.apply_action(state, action)
        yield state.copy()
    scores = data.get("final_scores")
    if scores is not None:
        if not engine.is_over(state):
            raise RecordError("record has final scores but its moves do not end the game")
        replayed = [float(s) for s in engine.final_scores(state)]
        if replayed != [float(s) for s in scores]:
            raise RecordError(f"record final scores {scores} differ from the replay's {replayed}")
