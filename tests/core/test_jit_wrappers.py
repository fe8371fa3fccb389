"""eurogym.envs.core.jit's CPython wrappers on demand: `KERNEL` kernels (called by other
kernels) are compiled without numba's CPython wrapper, `ENTRY` kernels (called by Python) with
it, and a `KERNEL` kernel that Python calls anyway (a test, a notebook) gets its wrapper built
at that call, also when its machine code came from numba's cache. Tiny kernels in a temporary
package, each process with its own cache folder, so it compiles in seconds."""

from __future__ import annotations

from pathlib import Path

from tests.core.test_jit_extern import _run

LIB = """
from numba import njit
from eurogym.envs.core.jit import ENTRY, KERNEL


@njit(**KERNEL)
def inner(buf, i):
    if i >= buf.shape[0]:
        raise IndexError("inner: index past the end")
    buf[i] += 1
    return buf.sum()


@njit(**KERNEL)
def mark(buf):
    buf[0] = 7
    return True  # a literal return type: boxing it links numba's helpers into the wrapper


@njit(**ENTRY)
def outer(buf):
    total = 0
    for i in range(buf.shape[0]):
        total = inner(buf, i)
    return total
"""

RUN = """
import numba
import numpy as np
from eurogym.envs.core import jit
from wrap_pkg.lib import inner, mark, outer

def has_wrapper(kernel):
    cres = next(iter(kernel.overloads.values()))
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_cpython_wrapper_name) != 0

buf = np.zeros(4, np.int64)
print("outer", outer(buf))
inner.compile((numba.typeof(buf), numba.int64))  # from the cache in the 2nd run
print("wrappers", has_wrapper(outer), has_wrapper(inner))
print("inner", inner(buf, 1), inner(buf, 1), buf.tolist())
try:
    inner(buf, 9)
except IndexError as error:
    print("raised", error)
print("int32", inner(np.zeros(3, np.int32), 0))
print("mark", mark(np.zeros(2, np.int64)))
print("called", sorted(jit.PYTHON_CALLED))
print("cache_hits", sum(inner.stats.cache_hits.values()) + sum(outer.stats.cache_hits.values()))
"""


def test_inner_kernels_have_no_wrapper_and_still_run_from_python(tmp_path: Path) -> None:
    package = tmp_path / "wrap_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "lib.py").write_text(LIB)

    for run in range(2):  # compiled, then loaded from the cache in a fresh process
        seen = _run(tmp_path, RUN)  # a call through address 0 would kill the child
        assert seen["cache_hits"] == ("0" if run == 0 else "3")  # outer, inner (two types)
        assert seen["outer"] == "4"  # ones everywhere
        assert seen["wrappers"] == "True False"  # the saving: none compiled for `inner`
        assert seen["inner"] == "5 6 [1, 3, 1, 1]"
        assert seen["raised"] == "inner: index past the end"  # the kernel's error reaches Python
        assert seen["int32"] == "1"  # a second signature gets its own wrapper
        assert seen["mark"] == "True"
        assert seen["called"] == "['wrap_pkg.lib:inner', 'wrap_pkg.lib:mark']"


def test_the_kernels_python_calls_in_the_recorded_plans_are_entry_kernels() -> None:
    """Every kernel a game's first step or warmup calls from Python (the roots of its recorded
    compile plans) carries a cached wrapper: without one, every process would build it again."""
    from eurogym.envs.core import compile_ahead, jit
    from eurogym.envs.core.registry import list_envs

    missing = set()
    for env_id in list_envs():
        for warmup in (False, True):
            plan = compile_ahead.load_plan(env_id, warmup)
            for root in plan["roots"]:
                name = plan["nodes"][root]["kernel"]
                if jit._wrapperless(compile_ahead._kernel(name)):
                    missing.add(name)
    assert not missing, f"called from Python but declared KERNEL, not ENTRY: {sorted(missing)}"


INLINED_LIB = """
from numba import njit
from eurogym.envs.core.jit import INLINE, KERNEL


@njit(**INLINE)
def bump(buf, i, by):
    j = i % buf.shape[0]
    buf[j] += by
    return buf[j]


@njit(**KERNEL)
def twice(buf):
    return bump(buf, 1, 2) + bump(buf, 5, 3.5)  # two call sites, two argument types
"""

INLINED = """
import copy
import numpy as np
from numba.core import inline_closurecall
from eurogym.envs.core import jit

inside, copies = [], []
real_deepcopy, real_inline_ir = copy.deepcopy, inline_closurecall.InlineWorker.inline_ir
def counting_deepcopy(value, memo=None):
    copies.extend(inside)
    return real_deepcopy(value, memo)
def inline_ir(*args, **kwargs):
    inside.append(1)
    try:
        return real_inline_ir(*args, **kwargs)
    finally:
        inside.pop()
copy.deepcopy, inline_closurecall.InlineWorker.inline_ir = counting_deepcopy, inline_ir

from inline_pkg.lib import twice
buf = np.zeros(4)
print("value", twice(buf), buf.tolist())
print("patched", getattr(inline_closurecall.InlineWorker.inline_function, "eurogym_fresh", False))
print("copies", len(copies))
"""


def test_inlined_kernels_are_not_deep_copied_and_compute_the_same(tmp_path: Path) -> None:
    """`inline_without_copies`: each call site inlines its own freshly built IR (a shared one
    mutated by the first site would corrupt the second), with no deep copy of it."""
    package = tmp_path / "inline_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "lib.py").write_text(INLINED_LIB)
    seen = _run(tmp_path, INLINED)
    assert seen["value"] == "7.5 [0.0, 5.5, 0.0, 0.0]"  # 2, then 2 + 3.5 at the same cell
    assert seen["patched"] == "True"
    assert seen["copies"] == "0"
