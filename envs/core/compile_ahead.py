"""A second process that compiles a game's kernels while the first one does, from the other end
of the first step's call graph, so a cold first step uses two cores instead of one.

Why: numba compiles one kernel at a time in a process (a global compiler lock, and the GIL), and
a game's first step reaches almost all of its kernels: Caverna's compiles about 190, most of
them under `flow.advance`, about 35 s on one core. Both processes write numba's on-disk cache,
and numba looks a kernel up in that cache the moment a caller first needs it, so a kernel the
other process has finished is loaded (milliseconds) instead of compiled. The main process
compiles depth first in call order (a kernel's first callee first); the helper walks the same
call graph depth first with every kernel's calls in reverse order, so the two work on different
kernels until they meet.

The helper must know which kernels the first step compiles, with which argument types and which
kernel calls which, before anything is compiled: the graph is recorded ahead, in a process with
an empty cache, and shipped beside each game as `compile_plan.json`. The file also holds each
env's warmup graph (the whole `eurogym.envs.warmup.warm`: key "<env id> (warmup)"), which a
warmup worker left without a game walks the same way to help a game still warming:

    python -m eurogym.envs.core.compile_ahead --record              # every registered env
    python -m eurogym.envs.core.compile_ahead --record caverna_ff_v1

A plan only decides what the helper compiles early. A stale plan (a kernel renamed, other
argument types) makes it compile less or compile a signature nobody uses; the main process
compiles whatever it still needs as before, so it costs speed, never correctness
(tests/core/test_compile_ahead.py checks that the shipped plans name existing kernels).

`eurogym.make` starts the helper (`start`) only when the game's kernels are not cached yet (the
same test that prints "compiling ... kernels"), the machine has two or more cores, numba
compiles and caches, and `EUROGYM_COMPILE_AHEAD` is not "0". The warmup CLI does not start
it (it builds its envs without `make`): its worker processes already split the games between
the cores, and a worker with no game left walks a warmup plan itself.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import numba
from numba.core import types

LOG = logging.getLogger("eurogym")
PLAN_NAME = "compile_plan.json"
SWITCH = "EUROGYM_COMPILE_AHEAD"  # "0" turns the helper off
_MODULE = __spec__.name if __spec__ else __name__  # the real name, also when run with -m
_PACKAGE = _MODULE.split(".")[0] + "."  # "eurogym.": only our kernels go into a plan
_HELPERS: list[subprocess.Popen] = []  # started by this process (`wait`)
_STARTED: set[str] = set()  # game packages a helper was started for in this process

# ---- argument types as JSON ---------------------------------------------------------------

_SCALARS = {
    str(t): t
    for t in (
        types.boolean, types.none, types.float32, types.float64,
        types.int8, types.int16, types.int32, types.int64,
        types.uint8, types.uint16, types.uint32, types.uint64,
    )
}  # fmt: skip
_OMITTED_NONE = "omitted(default=None)"


def encode_type(t: Any) -> Any:
    """A JSON value for the argument types a plan can hold (scalars, arrays of scalars,
    tuples of those, an omitted default of None); None for any other, whose kernel the helper
    leaves to the main process."""
    if str(t) in _SCALARS or str(t) == _OMITTED_NONE:
        return str(t)
    if isinstance(t, types.Array) and str(t.dtype) in _SCALARS:
        return ["array", str(t.dtype), t.ndim, t.layout, not t.mutable]
    if isinstance(t, types.BaseTuple) and not isinstance(t, types.BaseNamedTuple):
        items = [encode_type(item) for item in t.types]
        return None if None in items else ["tuple", items]
    return None


def decode_type(value: Any) -> Any:
    """The numba type `encode_type` wrote as `value`; ValueError for anything else."""
    if isinstance(value, str) and value in _SCALARS:
        return _SCALARS[value]
    if value == _OMITTED_NONE:
        return types.Omitted(None)
    if isinstance(value, list) and len(value) == 5 and value[0] == "array":
        _, dtype, ndim, layout, readonly = value
        if dtype in _SCALARS and ndim in (1, 2, 3, 4) and layout in ("C", "F", "A"):
            return types.Array(_SCALARS[dtype], ndim, layout, readonly=bool(readonly))
    if isinstance(value, list) and len(value) == 2 and value[0] == "tuple":
        return types.BaseTuple.from_types([decode_type(item) for item in value[1]])
    raise ValueError(f"not a plan argument type: {value!r}")


# ---- recording ----------------------------------------------------------------------------


def record(env_id: str, warmup: bool = False) -> dict:
    """The call graph of `env_id`'s first step (make, reset, observe, one step at up to 4
    players), or with `warmup` of the warmup's whole game and option cases
    (`eurogym.envs.warmup.warm`), as this process compiles it: `{"nodes": [...], "roots":
    [...]}`, a node
    `{"kernel": "module:name", "args": [encode_type] or None, "calls": [node indices]}` per
    kernel of this package and argument types, its calls in the order numba typed them
    (already compiled callees included), and the roots in the order Python first called them.
    Meaningful only in a process whose numba cache is empty: a kernel loaded from the cache is
    not typed, so its calls would be missing."""
    import numpy as np
    from numba.core import dispatcher, sigutils

    from eurogym.envs.core.registry import make, spec

    nodes: list[dict] = []
    index: dict[tuple, int] = {}
    roots: list[int] = []
    compiling: list[int | None] = []  # the kernels being compiled, innermost last
    numba_compile = dispatcher.Dispatcher.compile

    def compile(self, sig):  # numba resolves every call of a kernel through this
        func = self.py_func
        node = None
        if func.__module__.startswith(_PACKAGE):
            argtypes = sigutils.normalize_signature(sig)[0]
            key = (func.__module__, func.__qualname__, tuple(argtypes))
            if key not in index:
                args = [encode_type(t) for t in argtypes]
                index[key] = len(nodes)
                nodes.append(
                    {
                        "kernel": f"{func.__module__}:{func.__qualname__}",
                        "args": None if None in args else args,
                        "calls": [],
                    }
                )
            node = index[key]
            caller = next((c for c in reversed(compiling) if c is not None), None)
            calls = roots if caller is None else nodes[caller]["calls"]
            if node not in calls and node != caller:
                calls.append(node)
        compiling.append(node)
        try:
            return numba_compile(self, sig)
        finally:
            compiling.pop()

    dispatcher.Dispatcher.compile = compile
    try:
        if warmup:
            from eurogym.envs.warmup import warm

            warm(env_id)
            return {"nodes": nodes, "roots": roots}
        players = min(4, max(spec(env_id).engine.player_counts))
        env = make(env_id, num_players=players)
        env.reset(seed=0)
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    finally:
        dispatcher.Dispatcher.compile = numba_compile
    return {"nodes": nodes, "roots": roots}


def plan_path(env_id: str) -> Path:
    """Where `env_id`'s game keeps its plans (one file per game package, keyed by env id)."""
    from eurogym.envs.core import jit
    from eurogym.envs.core.registry import spec

    return jit.package_folder(spec(env_id).data_package) / PLAN_NAME


def plan_key(env_id: str, warmup: bool = False) -> str:
    """The key of `env_id`'s first-step plan, or of its warmup plan, in its game's plan file."""
    return f"{env_id} (warmup)" if warmup else env_id


def write_plans(env_ids: list[str]) -> list[Path]:
    """Record each env's first-step and warmup plans, each in a fresh process with an empty
    cache, and write each game's plan file once (other env ids already in it are kept)."""
    plans_at: dict[Path, dict] = {}
    for env_id in env_ids:
        path = plan_path(env_id)
        if path not in plans_at:
            plans_at[path] = json.loads(path.read_text()) if path.exists() else {}
        for warmup in (False, True):
            with tempfile.TemporaryDirectory(prefix="eurogym-plan-") as cache:
                done = subprocess.run(
                    [sys.executable, "-m", _MODULE, "--print", env_id]
                    + (["--warmup"] if warmup else []),
                    env={**os.environ, "NUMBA_CACHE_DIR": cache, SWITCH: "0"},
                    capture_output=True,
                    text=True,
                    check=True,
                )
            plans_at[path][plan_key(env_id, warmup)] = json.loads(done.stdout)
    for path, plans in plans_at.items():
        path.write_text(_dumps(plans))
    return list(plans_at)


def _dumps(plans: dict[str, dict]) -> str:
    """The plans as JSON with one kernel per line (small diffs when a plan is recorded again)."""
    lines = ["{"]
    for n, (env_id, plan) in enumerate(sorted(plans.items())):
        lines.append(f"{json.dumps(env_id)}: {{")
        lines.append(f'"roots": {json.dumps(plan["roots"])},')
        lines.append('"nodes": [')
        nodes = [json.dumps(node, sort_keys=True) for node in plan["nodes"]]
        lines.append(",\n".join(nodes))
        lines.append("]}" + ("," if n < len(plans) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---- the helper process -------------------------------------------------------------------


def load_plan(env_id: str, warmup: bool = False) -> dict:
    """`env_id`'s recorded call graph of its first step or its warmup (`record`), or an empty
    one when its game ships none."""
    path = plan_path(env_id)
    empty = {"nodes": [], "roots": []}
    if not path.exists():
        return empty
    return json.loads(path.read_text()).get(plan_key(env_id, warmup), empty)


def _kernel(name: str) -> Any:
    module, qualname = name.split(":")
    if not module.startswith(_PACKAGE):
        raise ValueError(f"not a kernel of this package: {name}")
    return getattr(importlib.import_module(module), qualname)


def compile_plan(plan: dict) -> int:
    """Compile (or load from the cache) the kernels of the call graph `plan` depth first with
    the calls in reverse order (the main process compiles them in call order), each kernel
    after its callees; returns how many compiled or loaded. A node whose kernel or types no
    longer exist is skipped (the main process compiles it)."""
    nodes = plan["nodes"]
    done: set[int] = set()
    compiled = 0

    def visit(i: int) -> None:
        nonlocal compiled
        if i in done:
            return
        done.add(i)
        for callee in reversed(nodes[i]["calls"]):
            visit(callee)
        if nodes[i]["args"] is None:
            return
        try:
            _kernel(nodes[i]["kernel"]).compile(
                tuple(decode_type(t) for t in nodes[i]["args"])
            )
            compiled += 1
        except Exception as err:  # a stale plan entry; the main process compiles it
            LOG.debug("compile ahead: skipped %s: %s", nodes[i]["kernel"], err)

    for root in reversed(plan["roots"]):
        visit(root)
    return compiled


def enabled() -> bool:
    """Whether `start` may start a helper in this process (see the module docstring)."""
    from eurogym.envs.core import jit

    return (
        os.environ.get(SWITCH, "1") != "0"
        and (os.cpu_count() or 1) >= 2
        and not numba.config.DISABLE_JIT
        and bool(jit.KERNEL.get("cache"))
    )


def start(env_id: str) -> subprocess.Popen | None:
    """Start the helper for `env_id` (once per game package and process) when `enabled` and
    the game ships a plan; returns it, or None. Called by `eurogym.make` on a cold cache."""
    from eurogym.envs.core.registry import spec

    package = spec(env_id).data_package
    if package in _STARTED or not enabled() or not load_plan(env_id)["nodes"]:
        return None
    _STARTED.add(package)
    root = str(Path(os.path.abspath(importlib.import_module(_PACKAGE[:-1]).__file__)).parents[1])
    path = os.pathsep.join(filter(None, (root, os.environ.get("PYTHONPATH"))))
    helper = subprocess.Popen(
        [sys.executable, "-m", _MODULE, env_id],
        env={**os.environ, "PYTHONPATH": path, SWITCH: "0"},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _HELPERS.append(helper)
    return helper


def wait() -> int:
    """Wait for the helpers this process started (the cold-start benchmark counts their CPU);
    returns how many there were."""
    count = len(_HELPERS)
    while _HELPERS:
        _HELPERS.pop().wait()
    return count


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("env_ids", nargs="*", help="env ids (default with --record: all)")
    parser.add_argument("--record", action="store_true", help="record and write the plans")
    parser.add_argument("--print", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--warmup", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.record:
        from eurogym.envs.core.registry import list_envs

        for path in write_plans(args.env_ids or list_envs()):
            print("wrote", path)
    elif args.print:
        (env_id,) = args.env_ids
        print(json.dumps(record(env_id, args.warmup)))
    else:
        for env_id in args.env_ids:
            compile_plan(load_plan(env_id))


if __name__ == "__main__":
    main()
