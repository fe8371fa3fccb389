"""eurogym.envs.core.compile_ahead: the second process that compiles a game's first step from
the other end of its call tree on a cold cache. Its speed is a benchmark row (the cold-start
rows of benchmarks/throughput.py); here: the plans it reads are sound, argument types survive
JSON, a stale plan entry is skipped instead of failing, and when it may start."""

from __future__ import annotations

import json

import numba
import pytest
from numba.core import types

from eurogym import envs
from eurogym.envs.core import compile_ahead


@pytest.mark.parametrize(
    "numba_type",
    [
        types.int64,
        types.uint32,
        types.boolean,
        types.float64,
        types.none,
        types.Omitted(None),
        types.Array(types.int64, 1, "C"),
        types.Array(types.int8, 2, "A"),
        types.Array(types.int64, 3, "C", readonly=True),
        types.UniTuple(types.int64, 3),
        types.Tuple((types.int64, types.Array(types.float32, 1, "C"))),
    ],
    ids=str,
)
def test_argument_types_survive_a_json_round_trip(numba_type) -> None:
    text = json.dumps(compile_ahead.encode_type(numba_type))
    assert compile_ahead.decode_type(json.loads(text)) == numba_type


def test_types_a_plan_cannot_hold_are_left_to_the_main_process() -> None:
    assert compile_ahead.encode_type(types.unicode_type) is None
    assert compile_ahead.encode_type(types.Tuple((types.int64, types.unicode_type))) is None
    with pytest.raises(ValueError, match="not a plan argument type"):
        compile_ahead.decode_type(["array", "object", 1, "C", False])


@pytest.mark.parametrize("warmup", [False, True], ids=["first step", "warmup"])
@pytest.mark.parametrize("env_id", envs.list_envs())
def test_every_game_ships_a_plan_naming_its_kernels(env_id: str, warmup: bool) -> None:
    """A kernel renamed or removed since the plan was recorded is skipped at run time (speed
    lost, nothing else); this catches it here. Record again with
    `python -m eurogym.envs.core.compile_ahead --record`."""
    plan = compile_ahead.load_plan(env_id, warmup)
    nodes = plan["nodes"]
    assert len(nodes) > 50  # a first step compiles most of a game
    for node in nodes:
        kernel = compile_ahead._kernel(node["kernel"])
        assert isinstance(kernel, numba.core.registry.CPUDispatcher), node["kernel"]
        for arg in node["args"] or ():
            compile_ahead.decode_type(arg)
        assert all(0 <= callee < len(nodes) for callee in node["calls"])
    # every kernel is reachable from the calls Python makes in the first step
    reached, todo = set(), list(plan["roots"])
    while todo:
        i = todo.pop()
        if i not in reached:
            reached.add(i)
            todo.extend(nodes[i]["calls"])
    assert reached == set(range(len(nodes)))


def test_the_helper_compiles_callees_first_and_skips_stale_entries() -> None:
    array = ["array", "int64", 1, "C", False]
    plan = {
        "roots": [0],
        "nodes": [
            {"kernel": "eurogym.envs.core.rng:shuffle", "args": [array, array, "int64"],
             "calls": [1, 2, 3, 4]},
            {"kernel": "eurogym.envs.core.rng:randint", "args": [array, "int64"], "calls": []},
            {"kernel": "eurogym.envs.core.rng:no_such_kernel", "args": [], "calls": []},
            {"kernel": "eurogym.envs.core.rng:shuffle", "args": ["float64"], "calls": []},
            {"kernel": "os.path:join", "args": [], "calls": []},  # not a kernel of ours
        ],
    }  # fmt: skip
    assert compile_ahead.compile_plan(plan) == 2


def test_no_helper_when_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(compile_ahead.SWITCH, "0")
    assert not compile_ahead.enabled()
    assert compile_ahead.start("belfort_v0") is None


def test_no_helper_on_one_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(compile_ahead.SWITCH, raising=False)
    monkeypatch.setattr(compile_ahead.os, "cpu_count", lambda: 1)
    assert not compile_ahead.enabled()
