"""Hostile-state fuzzing: mutate real game states and check the engine either rejects them on
load or plays on safely.

Why: saved states and game records are files from outside the process. A state that passes
`engine.from_json` reaches numba kernels, which do no bounds checking, so one bad value can write
past the state buffer or loop forever. This module makes such states (one or several fields set to
hostile values) and runs each in a separate worker process with a deadline, so a segfault or a
hang is reported as a failure of that case instead of killing the test run.

Half the cases also forge the mask (set it to what the rules give the edited fields), so the
consistency checks, not just the stored mask, must catch a bad edit. Each case must end in one
of two ways:
  * "rejected": `from_json` raised StateError;
  * "played": up to `steps` random legal actions, with the invariants checked as it goes and the
    observation, ansi view and scores computed, all without an error.
Anything else ("error", "crash", "hang") is a failure.

    python -m eurogym.envs.core.fuzz kingdom_builder_v0 --cases 500

runs the suite for one env and prints a summary (the test suite runs it for every env).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

HOSTILE_VALUES = (-1, -2, 9, 10**6, 2**40, -(2**40), 2**62)
ENGINE_STEPS = 200
INVARIANT_EVERY = 10  # decisions between invariant checks while a case plays (and at its end)


@dataclass(frozen=True)
class Case:
    """One mutated state: `text` is its JSON, `edits` says what was changed (for the report)."""

    index: int
    edits: str
    text: str
    seed: int
    forge_mask: bool = False  # replace the stored mask by the one the rules give the edit


@dataclass(frozen=True)
class Outcome:
    index: int
    status: str  # rejected | played | error | crash | hang
    detail: str

    @property
    def ok(self) -> bool:
        return self.status in ("rejected", "played")


def sample_states(env_id: str, count: int, seed: int) -> list[Any]:
    """`count` states from seeded random games of `env_id`, taken at random points of play
    (including the start and the end), over every player count the game supports and its
    declared rule-option cases."""
    from eurogym.envs.core.registry import spec

    entry = spec(env_id)
    engine = entry.engine
    configs = [(n, {}) for n in engine.player_counts] + list(entry.option_cases)
    rng = np.random.default_rng(seed)
    states = []
    for k in range(count):
        players, options = configs[k % len(configs)]
        config = engine.make_config(players, **options)
        state = engine.new_game(config, int(rng.integers(2**32)))
        trail = [state.copy()]
        while not engine.is_over(state) and len(trail) < 5000:
            legal = np.flatnonzero(engine.legal_action_mask(state, engine.current_player(state)))
            engine.apply_action(state, int(rng.choice(legal)))
            trail.append(state.copy())
        pick = 0 if k % 7 == 0 else len(trail) - 1 if k % 7 == 1 else rng.integers(len(trail))
        states.append(trail[int(pick)])
    return states


def mutations(env_id: str, states: list[Any], count: int, seed: int) -> list[Case]:
    """`count` cases: each takes one of `states` and sets one field entry (60%) or 2-6 entries
    to values just outside the field's bounds, far outside them, the hostile constants, or
    random values inside them (which only the consistency checks can catch)."""
    rng = np.random.default_rng(seed)
    cases = []
    for index in range(count):
        state = states[index % len(states)]
        layout = state.LAYOUT
        data = json.loads(state.to_json())
        edits = []
        for _ in range(1 if rng.random() < 0.6 else int(rng.integers(2, 7))):
            name = str(rng.choice(list(layout.fields)))
            shape = np.shape(data["fields"][name])  # the JSON's (caverna_ff_v0 cuts seats)
            value = _hostile_value(rng, layout.bounds[name], np.asarray(data["fields"][name]))
            if shape:
                where = tuple(int(rng.integers(n)) for n in shape)
                target = data["fields"][name]
                for i in where[:-1]:
                    target = target[i]
                target[where[-1]] = value
                edits.append(f"{name}{list(where)}={value}")
            else:
                data["fields"][name] = value
                edits.append(f"{name}={value}")
        forge = bool(rng.random() < 0.5)
        seed_ = int(rng.integers(2**32))
        cases.append(Case(index, ", ".join(edits), json.dumps(data), seed_, forge))
    return cases


def in_bounds_forgeries(env_id: str, count: int, seed: int, steps: int) -> dict[str, int]:
    """The forger who also writes the rules' mask: `count` of `sample_states`, each with 1-3
    field entries set inside their bounds (a random value, or one off the current one), the
    mask recomputed by the rules once `check_state` passed, then loaded with `from_json`. Only
    `check_state` and the invariants stand between such a state and the kernels: each must be
    rejected or play `steps` random steps keeping the invariants, with every seat's observation,
    the ansi view and the scores computable (anything else escapes as an exception).

    Returns {"rejected": n, "played": m}. Runs in this process: call it in a subprocess, since
    a crash is what it looks for.
    """
    from eurogym.envs.core.errors import StateError
    from eurogym.envs.core.registry import spec

    entry = spec(env_id)
    engine = entry.engine
    states = sample_states(env_id, 24, seed)
    rng = np.random.default_rng(seed)
    counts = {"rejected": 0, "played": 0}
    for k in range(count):
        state = states[k % len(states)].copy()
        layout = state.LAYOUT
        names = list(layout.fields)
        for _ in range(int(rng.integers(1, 4))):
            name = names[int(rng.integers(len(names)))]
            view = layout.view(state.buf, name).reshape(-1)
            i = int(rng.integers(view.size))
            lo, hi = layout.bounds[name]
            near = int(view[i] + rng.choice((-1, 1)))
            if rng.random() < 0.5 and hi - lo < 1000:
                view[i] = int(rng.integers(lo, hi + 1))
            else:
                view[i] = min(max(near, lo), hi)
        try:
            engine.check_state(state)  # the mask kernel runs only on what passes
            state.mask[:] = engine.compute_mask(state)
            loaded = engine.from_json(state.to_json())
        except StateError:
            counts["rejected"] += 1
            continue
        play = np.random.default_rng(k)
        for _ in range(steps):
            if engine.is_over(loaded):
                break
            engine.apply_action(loaded, int(play.choice(np.flatnonzero(loaded.mask))))
            engine.check_invariants(loaded)
        _look(entry, loaded)
        counts["played"] += 1
    return counts


def _hostile_value(rng: np.random.Generator, bounds: Any, current: np.ndarray) -> int:
    kind = rng.integers(5)
    if kind == 0 or bounds is None:
        return int(rng.choice(HOSTILE_VALUES))
    lo, hi = bounds
    if kind == 1:
        return int(lo - 1 if rng.random() < 0.5 else hi + 1)
    if kind == 2:
        return int(rng.integers(lo, hi + 1))
    if kind == 3 and current.size:
        return int(current.flat[int(rng.integers(current.size))] + rng.choice((-1, 1)))
    return int(rng.choice((lo, hi)))


def play_case(env_id: str, case: Case, steps: int = ENGINE_STEPS) -> Outcome:
    """Load `case` and play it in this process (the worker's job)."""
    from eurogym.envs.core.errors import StateError
    from eurogym.envs.core.registry import spec

    entry = spec(env_id)
    engine = entry.engine
    try:
        text = _forged(engine, case.text) if case.forge_mask else case.text
        state = engine.from_json(text)
    except StateError as err:
        return Outcome(case.index, "rejected", str(err)[:200])
    except Exception as err:  # any other exception on load is a failure to report
        return Outcome(case.index, "error", f"load raised {type(err).__name__}: {err}"[:300])
    rng = np.random.default_rng(case.seed)
    try:
        _look(entry, state)
        for step in range(steps):
            if engine.is_over(state):
                break
            legal = np.flatnonzero(engine.legal_action_mask(state, engine.current_player(state)))
            if legal.size == 0:
                return Outcome(case.index, "error", f"no legal action at step {step}")
            engine.apply_action(state, int(rng.choice(legal)))
            if step % INVARIANT_EVERY == INVARIANT_EVERY - 1:
                entry.check_invariants(state)
        entry.check_invariants(state)
        _look(entry, state)
    except Exception as err:
        return Outcome(case.index, "error", f"{type(err).__name__}: {err}"[:300])
    return Outcome(case.index, "played", f"{step + 1} steps")


def _forged(engine: Any, text: str) -> str:
    """`text` with its mask replaced by the legal actions the rules compute for its fields, as
    a forger who edits a saved state would do, so the edit is not caught by the mask check
    alone. The mask is computed only for a state that passes every check before it."""
    from eurogym.envs.core.errors import StateError

    state = engine.parse_state(text)
    engine.check_state(state)
    try:
        engine.check_invariants(state)
    except AssertionError as err:
        raise StateError(f"invariant: {err}") from None
    data = json.loads(text)
    data["mask"] = base64.b64encode(engine.compute_mask(state).tobytes()).decode("ascii")
    return json.dumps(data)


def _look(entry: Any, state: Any) -> None:
    """Everything a user can compute from a state: observations, the ansi view, scores."""
    engine = entry.engine
    for seat in range(len(engine.final_scores(state))):
        entry.raw_env.encode(state, seat)
    entry.raw_env.render_ansi(state)


def run_cases(
    env_id: str, cases: list[Case], case_timeout: float = 30.0, start_timeout: float = 900.0
) -> list[Outcome]:
    """Run `cases` in worker processes, one after another; a worker that crashes or passes
    `case_timeout` seconds on one case is replaced and the next case goes on in a new one.
    `start_timeout` covers the worker's import and (cold) kernel compile."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "cases.jsonl")
        with open(path, "w") as f:
            for case in cases:
                f.write(json.dumps(case.__dict__) + "\n")
        outcomes: dict[int, Outcome] = {}
        start = 0
        while start < len(cases):
            start = _run_worker(env_id, path, start, cases, outcomes, case_timeout, start_timeout)
    return [outcomes[c.index] for c in cases]


def _run_worker(env_id, path, start, cases, outcomes, case_timeout, start_timeout) -> int:
    """One worker from case `start`; returns the index to continue from."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "eurogym.envs.core.fuzz", env_id, "--worker", path, str(start)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_pump, args=(proc.stdout, lines), daemon=True).start()
    stderr: list[str] = []
    threading.Thread(target=_pump_list, args=(proc.stderr, stderr), daemon=True).start()
    current = start
    timeout = start_timeout
    try:
        while current < len(cases):
            try:
                line = lines.get(timeout=timeout)
            except queue.Empty:
                outcomes[current] = Outcome(current, "hang", f"no answer in {timeout:.0f} s")
                return current + 1
            if line is None:  # the worker died
                proc.wait()
                detail = f"worker exited with {proc.returncode}: {''.join(stderr)[-300:]}"
                outcomes[current] = Outcome(current, "crash", detail)
                return current + 1
            if line.startswith("ready"):
                timeout = case_timeout
                continue
            result = json.loads(line)
            outcomes[result["index"]] = Outcome(**result)
            current = result["index"] + 1
        return current
    finally:
        proc.kill()
        proc.wait()


def _pump(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def _pump_list(stream, out: list[str]) -> None:
    for line in stream:
        out.append(line)


def _worker(env_id: str, path: str, start: int) -> None:
    from eurogym.envs.core.registry import spec

    engine = spec(env_id).engine
    state = engine.new_game(engine.make_config(engine.player_counts[0]), 0)
    # Compile (or load) every kernel a case can reach before the first deadline: a clean state
    # through the whole case path, its mask forged too (under load a cold compile met mid-case
    # took longer than the case deadline and was reported as a hang).
    play_case(env_id, Case(-1, "warm-up", engine.to_json(state), 0, forge_mask=True))
    print("ready", flush=True)
    with open(path) as f:
        for i, line in enumerate(f):
            if i < start:
                continue
            outcome = play_case(env_id, Case(**json.loads(line)))
            print(json.dumps(outcome.__dict__), flush=True)


def fuzz(
    env_id: str, count: int, seed: int = 0, base_states: int = 12
) -> list[tuple[Case, Outcome]]:
    """The whole suite for one env: sample states, mutate them, run every case."""
    cases = mutations(env_id, sample_states(env_id, base_states, seed), count, seed)
    return list(zip(cases, run_cases(env_id, cases), strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("env_id")
    parser.add_argument("--cases", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--worker", nargs=2, metavar=("CASES_FILE", "START"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.worker:
        _worker(args.env_id, args.worker[0], int(args.worker[1]))
        return 0
    results = fuzz(args.env_id, args.cases, args.seed)
    print(f"{args.env_id}: {len(results)} cases: {summary(results)}")
    for case, outcome in results:
        if not outcome.ok:
            print(f"  case {case.index} [{case.edits}] {outcome.status}: {outcome.detail}")
    return 0 if all(o.ok for _, o in results) else 1


def summary(results: list[tuple[Case, Outcome]]) -> dict[str, int]:
    """How many cases ended in each status."""
    counts: dict[str, int] = {}
    for _, outcome in results:
        counts[outcome.status] = counts.get(outcome.status, 0) + 1
    return counts


if __name__ == "__main__":
    sys.exit(main())
