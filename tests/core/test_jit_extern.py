"""eurogym.envs.core.jit's calls by symbol (`EXTERN_PACKAGES`): a caller's compiled module
calls a big callee's one compiled copy instead of linking its code in, and a caller loaded from
numba's cache in a fresh process, before its callee was ever called there, still finds it (an
unresolved symbol would abort that process). Tiny kernels in a temporary package, so it
compiles in seconds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LIB = """
from numba import njit
from eurogym.envs.core.jit import KERNEL


@njit(**KERNEL)
def callee(buf, k):
    total = 0
    for i in range(buf.shape[0]):
        total += buf[i] * 3 - k if buf[i] > k else -1
    if total < 0:
        raise ValueError("negative total")
    return total
"""

MAIN = """
from numba import njit
from eurogym.envs.core.jit import KERNEL
from extern_pkg.lib import callee


@njit(**KERNEL)
def caller(buf):
    return callee(buf, 1) + callee(buf, 2)
"""

RUN = """
import numpy as np
from eurogym.envs.core import jit
jit.EXTERN_PACKAGES = ("extern_pkg.",)
jit.EXTERN_MIN_BYTECODE = 0
from extern_pkg.main import caller
print("value", caller(np.arange(5, dtype=np.int64)))
try:
    caller(np.zeros(3, np.int64))
except ValueError as error:
    print("raised", error)
print("cache_hits", sum(caller.stats.cache_hits.values()))
module = caller.overloads[caller.signatures[0]].library._final_module
print("declares", any(f.is_declaration and f.name.startswith("eurogym.kernel.callee.")
                      for f in module.functions))
"""


def _run(tmp_path: Path, script: str = RUN, *args: str) -> dict[str, str]:
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(tmp_path), "NUMBA_CACHE_DIR": str(tmp_path / "c")},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(line.split(" ", 1) for line in done.stdout.splitlines())


def test_a_cached_caller_finds_its_callee_in_a_fresh_process(tmp_path: Path) -> None:
    package = tmp_path / "extern_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "lib.py").write_text(LIB)
    (package / "main.py").write_text(MAIN)
    expected = sum(3 * x - 1 if x > 1 else -1 for x in range(5))
    expected += sum(3 * x - 2 if x > 2 else -1 for x in range(5))

    compiled = _run(tmp_path)
    assert compiled["value"] == str(expected)
    assert compiled["raised"] == "negative total"  # the callee's error reaches Python
    assert compiled["cache_hits"] == "0"
    assert compiled["declares"] == "True"  # called by symbol, not linked in

    loaded = _run(tmp_path)  # a new process: the caller comes from the cache
    assert loaded["cache_hits"] == "1"
    assert loaded["value"] == str(expected)
    assert loaded["raised"] == "negative total"


def test_calls_by_symbol_only_on_the_numba_versions_they_were_tested_with() -> None:
    """Other numba versions keep numba's own linking instead of patching internals that may
    have changed (slower to compile, same behaviour)."""
    from eurogym.envs.core import jit

    assert jit.extern_calls_supported("0.68.1")
    assert not jit.extern_calls_supported("0.69.0")
    assert not jit.extern_calls_supported("1.0")
    assert not jit.extern_calls_supported("dev")


WRAPPED = """
from numba import njit
from eurogym.envs.core.jit import KERNEL
from extern_pkg.lib import callee


@njit(**KERNEL)
def wrap(buf):
    return callee(buf, 1)
"""

TOP = """
from numba import njit
from eurogym.envs.core.jit import KERNEL
from extern_pkg.wrapped import wrap


@njit(**KERNEL)
def top(buf):
    return wrap(buf) + 1
"""

RUN_CHAIN = """
import sys
import numpy as np
from eurogym.envs.core import jit
jit.EXTERN_PACKAGES = ("extern_pkg.",)
from extern_pkg import lib, wrapped
jit.EXTERN_MIN_BYTECODE = len(lib.callee.py_func.__code__.co_code)  # callee by symbol,
assert len(wrapped.wrap.py_func.__code__.co_code) < jit.EXTERN_MIN_BYTECODE  # wrap linked
buf = np.arange(5, dtype=np.int64)
if "wrap" in sys.argv:
    print("wrap", wrapped.wrap(buf))
if "top" in sys.argv:
    from extern_pkg.top import top
    print("top", top(buf))
    print("top_hits", sum(top.stats.cache_hits.values()))
"""


def test_a_kernel_linking_a_cached_kernel_keeps_its_callees_by_symbol(tmp_path: Path) -> None:
    """The CI crash of 2026-12-02: `wrap` (linked into its callers) calls `callee` by symbol.
    A process loads `wrap` from the cache and compiles `top`, which links `wrap` in; a third
    process loads `top` from the cache first thing. numba rebuilt the cached `wrap` without its
    reload hooks, so `top`'s cache entry forgot `callee` and the third process called an
    unresolved symbol (SIGSEGV)."""
    package = tmp_path / "extern_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "lib.py").write_text(LIB)
    (package / "wrapped.py").write_text(WRAPPED)
    (package / "top.py").write_text(TOP)
    expected = sum(3 * x - 1 if x > 1 else -1 for x in range(5))

    assert _run(tmp_path, RUN_CHAIN, "wrap")["wrap"] == str(expected)  # compiles and caches
    second = _run(tmp_path, RUN_CHAIN, "wrap", "top")  # wrap from the cache, top compiled
    assert second["top"] == str(expected + 1) and second["top_hits"] == "0"
    third = _run(tmp_path, RUN_CHAIN, "top")  # top from the cache, nothing else run before
    assert third["top"] == str(expected + 1) and third["top_hits"] == "1"
