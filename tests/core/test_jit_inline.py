"""`INLINE` kernels stay what envs/core/jit.py says they are: kernels with a single caller.

numba types an INLINE kernel's body again at every call site, so an INLINE kernel that gains
callers makes the cold start slower instead of faster (docs/cold_start.md). This test reads the
sources (no compiling): a new call site to an INLINE kernel from another kernel fails it, with
the fix named (call it from the same kernel, or make it a plain KERNEL).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME_DIRS = sorted(p for p in (ROOT / "envs").iterdir() if (p / "kernels.py").exists())
MAX_SITES = 2  # two call sites in the same caller: still one copy per compiled kernel


def kernel_calls(package: Path) -> tuple[set[str], dict[str, list[str]]]:
    """The package's INLINE kernels, and for every kernel the kernels that call it (one entry
    per call site), read from the njit-decorated functions of its modules."""
    kernels: dict[str, ast.FunctionDef] = {}
    inline: set[str] = set()
    for path in sorted(package.glob("*.py")):
        for node in ast.parse(path.read_text()).body:
            if not isinstance(node, ast.FunctionDef):
                continue
            decorators = [ast.unparse(d) for d in node.decorator_list]
            if any("njit" in d for d in decorators):
                kernels[node.name] = node
                if any("INLINE" in d for d in decorators):
                    inline.add(node.name)
    callers: dict[str, list[str]] = defaultdict(list)
    for name, node in kernels.items():
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
                if sub.func.id in kernels:
                    callers[sub.func.id].append(name)
    return inline, callers


def compiled_caller(name: str, inline: set[str], callers: dict[str, list[str]]) -> str:
    """The kernel numba compiles that `name`'s body ends up in: its caller, or, when that is
    INLINE too, that one's, and so on."""
    while name in inline and len(set(callers[name])) == 1:
        name = callers[name][0]
    return name


@pytest.mark.parametrize("package", GAME_DIRS, ids=lambda p: p.name)
def test_inline_kernels_have_one_caller(package: Path) -> None:
    inline, callers = kernel_calls(package)
    for name in sorted(inline):
        sites = callers[name]
        assert sites, f"{package.name}.{name} is INLINE but no kernel calls it"
        compiled = {compiled_caller(c, inline, callers) for c in sites}
        assert len(compiled) == 1 and len(sites) <= MAX_SITES, (
            f"{package.name}.{name} is INLINE but called from {sorted(sites)}: numba would "
            "type its body once per call site; make it a plain KERNEL or keep one caller"
        )


def test_caverna_uses_inline_kernels() -> None:
    """The cold-start work relies on them (docs/cold_start.md); a revert shows here."""
    inline, _ = kernel_calls(ROOT / "envs" / "caverna_ff")
    assert {"run_op", "work_step", "forced", "any_anytime", "still_decidable"} <= inline
