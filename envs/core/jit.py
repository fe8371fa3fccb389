"""Compile options shared by every numba kernel, kept in one place (STYLE: KERNEL), where numba
caches them, and the guard that keeps that cache honest.

`cache=True` writes compiled kernels next to their sources (`__pycache__`), so a second process
starts in about a second instead of compiling for a minute. This module is imported by every
kernel module before its first `@njit` decorator runs, which is when numba picks a function's
cache location, so the choice below is made in time:

* a source tree or an install we can write to: numba's default, `__pycache__` beside the sources;
* `NUMBA_CACHE_DIR` set by the user and writable: that directory (numba's own setting);
* otherwise (a read-only site-packages, a system install): a per-user cache directory,
  `$XDG_CACHE_HOME/eurogym/numba` or `~/.cache/eurogym/numba`, else a private directory under the
  temp dir. It is exported as `NUMBA_CACHE_DIR` (so worker processes agree) and set in
  `numba.config.CACHE_DIR` (numba read the environment when it was imported). Without this numba
  raises "cannot cache function ... no locator available" at the first kernel call;
* nothing writable at all: the kernels run uncached (compiled again in every process) after one
  logged warning.

numba specializes a kernel for every literal argument it is called with from another kernel:
`decide(buf, P_LOOT, p)` and `decide(buf, P_FEED, p)` were two compiles of `decide`, 31 in all
for Caverna's `decide`, 285 signatures for its 175 kernels. No kernel here needs a literal
argument (none calls `numba.literally` or indexes a heterogeneous tuple with an argument), so
`unliteral_kernel_calls` makes numba type such calls with the plain types: one compile per
kernel and argument types, about a fifth less compile time (docs/cold_start.md). It wraps
numba's `Dispatcher.get_call_template` (the hook that compiles a callee for its caller's
argument types) and changes nothing for functions outside this package.

numba compiles every kernel into a module of its own and links into it a copy of every kernel it
calls, which LLVM then optimises and turns into machine code again: a big kernel reached through
many small ones is compiled many times over. `INLINE` kernels (numba's `inline="always"`) are
not compiled on their own when another kernel calls them: numba types their body inside the
caller. Caverna marks so the kernels called from one place (or two places of the same caller),
which took its cold start from about 50 s to about 35 s (docs/cold_start.md); inlining more than
that made it slower, because numba's front end grows faster than linearly with a kernel's size.
A kernel Python calls directly is still compiled on its own at that call.

numba also compiles a CPython wrapper with every kernel (unboxing its arguments from Python
objects), about 15% of a cold compile, although only the few kernels Python calls use it.
`KERNEL` kernels are compiled without it (numba's `no_cpython_wrapper`); the kernels Python
calls are declared `ENTRY` and keep it. `lazy_python_wrappers` keeps a `KERNEL` kernel callable
from Python all the same (tests call inner kernels): its wrapper-less machine code is never
registered as the Python entry, and its first Python call builds the wrapper then
(tests/core/test_jit_wrappers.py checks the recorded plans' Python-called kernels are `ENTRY`).

`extern_kernel_calls` goes further for the game packages in `EXTERN_PACKAGES` (Caverna and
Kingdom Builder): a kernel calling one of their big kernels calls that kernel's one compiled
copy by a process-wide symbol (llvmlite's `add_symbol`, as numba does for its own C helpers)
instead of linking its code in, so LLVM optimises and generates each big kernel once, not once per
module that reaches it: Caverna's LLVM time fell from about 30 to 9 CPU s, its cold first step
by a third (docs/cold_start.md). numba names a compiled function with a per-process counter,
so the symbol is derived from the module, name and argument types instead; a caller loaded
from the cache first compiles or loads each callee it calls this way (numba's `reload_init`
hook, run before it loads the caller's machine code), which registers the symbol; a kernel
loaded from the cache passes those hooks on to the kernels that link it in later. Small
kernels stay linked, where LLVM inlines them into their callers (warm speed).

numba keys a cached kernel on its own file only: a kernel compiled against an older state layout
(offsets imported from state.py) would load silently after state.py changes. `drop_stale_kernels`
runs once per process, on the first import of this module (before any kernel is compiled or
loaded): it hashes every source file under envs/ and encoders/ and, when the hash differs from
the one left by the last run, deletes the cached kernels of those folders wherever they are
cached (in-tree or in the cache directory) so they are compiled afresh.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import importlib
import logging
import os
import stat
import sys
import tempfile
from pathlib import Path

import numba

# numba versions whose internals the patches below were written and tested against (they
# replace or wrap `BaseContext.insert_user_function`, `_DispatcherBase.add_overload` and
# `_compile_for_args`, `InlineWorker.inline_function`, and use a code library's `_reload_init`).
TESTED_NUMBA_VERSIONS = ((0, 68),)


def numba_internals_tested(version: str | None = None) -> bool:
    """Whether this numba (or `version`) is one the patches of this module were tested with.
    Any other keeps numba's own behaviour (wrappers for every kernel, linked callees, copied
    inlined code): the kernels then compile more slowly but behave the same, rather than
    depending on internals that may have changed."""
    parts = (version or numba.__version__).split(".")
    try:
        return (int(parts[0]), int(parts[1])) in TESTED_NUMBA_VERSIONS
    except (IndexError, ValueError):
        return False


extern_calls_supported = numba_internals_tested  # the name test_jit_extern.py checks


# no_cfunc_wrapper: numba otherwise also compiles a C-callable wrapper of every kernel, used
# only when a kernel is passed around as a first-class function value, which none is; a few
# percent of every cold compile (docs/cold_start.md).
# A kernel Python calls: compiled with numba's CPython wrapper (argument unboxing), cached.
ENTRY = dict(cache=True, no_cfunc_wrapper=True)
# A kernel other kernels call: no CPython wrapper, which they never use (about 15% of a cold
# compile); if Python calls it anyway (a test), `lazy_python_wrappers` builds one then.
KERNEL = dict(ENTRY, no_cpython_wrapper=numba_internals_tested())
# a kernel with a single caller: its body is typed inside the caller (see the docstring); with
# the wrapper, since a kernel compiled on its own is one Python calls
INLINE = dict(ENTRY, inline="always")

LOG = logging.getLogger("eurogym")
# abspath, not resolve(): numba names a kernel's cache folder after its file's abspath
_ROOT = Path(os.path.abspath(__file__)).parents[2]
_SOURCE_DIRS = (_ROOT / "envs", _ROOT / "encoders")
_STAMP_NAME = "kernel_sources.sha256"
_NOTICED: set[str] = set()  # env ids `notice_if_cold` has checked in this process
_PACKAGE = __name__.split(".")[0] + "."  # "eurogym.": whose kernels `unliteral_kernel_calls` covers


def unliteral_kernel_calls() -> None:
    """Make calls between this package's kernels compile once per plain argument types
    instead of once per literal value (see the module docstring). Idempotent."""
    from numba.core import dispatcher, types

    numba_get_call_template = dispatcher.Dispatcher.get_call_template
    if getattr(numba_get_call_template, "eurogym_unliteral", False):
        return

    def get_call_template(self, args, kws):
        if self.py_func.__module__.startswith(_PACKAGE):
            args = tuple(types.unliteral(a) for a in args)
            kws = {k: types.unliteral(v) for k, v in kws.items()}
        return numba_get_call_template(self, args, kws)

    get_call_template.eurogym_unliteral = True
    dispatcher.Dispatcher.get_call_template = get_call_template


# ---- CPython wrappers on demand --------------------------------------------------------------

# the kernels of this process that Python called although they are not ENTRY kernels
PYTHON_CALLED: set[str] = set()


def _wrapperless(dispatcher) -> bool:
    """Whether `dispatcher` is a `KERNEL` kernel: compiled without either wrapper (numba's own
    `@overload` functions set only `no_cpython_wrapper`)."""
    options = getattr(dispatcher, "targetoptions", None) or {}
    return bool(options.get("no_cpython_wrapper") and options.get("no_cfunc_wrapper"))


def _python_entry(dispatcher, cres):
    """A CPython wrapper for the compiled kernel `cres`, in a library of its own that calls the
    kernel's machine code by its symbol (as `extern_kernel_calls` does): what numba would have
    compiled with the kernel, built at its first call from Python instead."""
    from llvmlite import binding
    from numba.core.compiler_lock import global_compiler_lock

    fndesc, context = cres.fndesc, dispatcher.targetctx
    with global_compiler_lock:
        address = cres.library.get_pointer_to_function(fndesc.llvm_func_name)
        binding.add_symbol(fndesc.llvm_func_name, address)
        library = context.codegen().create_library(f"{fndesc.qualname}.python_wrapper")
        release_gil = bool(dispatcher.targetoptions.get("nogil"))
        with context.push_code_library(library):  # boxing may link numba's helpers in
            context.create_cpython_wrapper(
                library, fndesc, cres.environment, cres.call_helper, release_gil=release_gil
            )
        return context.get_executable(library, fndesc, cres.environment)


def lazy_python_wrappers() -> None:
    """Let `KERNEL` kernels (no CPython wrapper) be called from Python all the same: numba
    would register their wrapper-less machine code as the Python entry (a call would jump to
    address 0), so their overloads stay out of the dispatcher's Python-call table and the first
    Python call per argument types builds the wrapper (`_python_entry`, not cached: tests
    calling an inner kernel pay a few milliseconds per process). Idempotent; numba's own
    functions are untouched."""
    from numba.core import dispatcher

    if not numba_internals_tested():
        return
    base = dispatcher._DispatcherBase
    numba_add_overload, numba_compile_for_args = base.add_overload, base._compile_for_args
    if getattr(numba_add_overload, "eurogym_lazy", False):
        return

    def add_overload(self, cres):
        if not _wrapperless(self):
            return numba_add_overload(self, cres)
        self.overloads[tuple(cres.signature.args)] = cres

    def _compile_for_args(self, *args, **kws):
        entry = numba_compile_for_args(self, *args, **kws)
        if not _wrapperless(self):
            return entry
        made = self.__dict__.setdefault("_eurogym_python_entries", {})
        if id(entry) in made:  # a re-entry (numba retries with literal arguments)
            return made[id(entry)]
        found = [item for item in self.overloads.items() if item[1].entry_point is entry]
        if not found:
            raise RuntimeError(f"{self.py_func.__qualname__}: compiled overload not found")
        args_types, cres = found[0]
        python_entry = _python_entry(self, cres)
        self._insert([a._code for a in args_types], python_entry, cres.objectmode)
        made[id(entry)] = made[id(python_entry)] = python_entry
        PYTHON_CALLED.add(f"{self.py_func.__module__}:{self.py_func.__qualname__}")
        return python_entry

    add_overload.eurogym_lazy = True
    base.add_overload, base._compile_for_args = add_overload, _compile_for_args


# ---- inlining without copying the inlined code ---------------------------------------------


class _FreshIR:
    """Stands in for the `copy` module in numba's inliner: `deepcopy` returns its argument
    while `active` (the IR being inlined was built for this one call), else copies."""

    active = False

    def __getattr__(self, name: str):
        return getattr(copy, name)

    def deepcopy(self, value, memo=None):
        return value if self.active else copy.deepcopy(value, memo)


def inline_without_copies() -> None:
    """Let numba inline `INLINE` kernels without deep-copying their code twice per call site.

    numba's `InlineWorker.inline_function` builds the callee's IR afresh for each call site,
    then `inline_ir` deep-copies it (it mutates its input) and deep-copies it again to return an
    untouched version, which `InlineInlinables` (the pass that inlines `inline="always"`
    kernels) throws away. Both copies are of IR nobody else holds; `copy.deepcopy` over IR
    objects was three quarters of that pass (Kingdom Builder's first step: 4.7 -> 1.1 CPU s;
    docs/cold_start.md). Other callers of `inline_ir` (numba's overload inlining) still copy.
    Idempotent; only on TESTED_NUMBA_VERSIONS."""
    from numba.core import inline_closurecall

    worker = inline_closurecall.InlineWorker
    if not numba_internals_tested() or getattr(worker.inline_function, "eurogym_fresh", False):
        return
    fresh = _FreshIR()
    inline_closurecall.copy = fresh

    def inline_function(self, caller_ir, block, i, function, arg_typs=None):
        callee_ir = self.run_untyped_passes(function)
        fresh.active = True  # numba compiles under its global lock: one inlining at a time
        try:
            return self.inline_ir(
                caller_ir, block, i, callee_ir, function.__code__.co_freevars, arg_typs=arg_typs
            )
        finally:
            fresh.active = False

    inline_function.eurogym_fresh = True
    worker.inline_function = inline_function


# ---- calls that do not link the callee's code -------------------------------------------------

# Game packages whose big kernels are called by address instead of linked into every caller, and
# the smallest kernel (CPython bytecode bytes) so treated: smaller ones stay linked, where LLVM
# can inline them into their callers.
# A clean-clone CI run on 2026-12-02 crashed with these on (a cached kernel forgot a callee
# it calls by symbol); `_keep_reload_init_of_cached_kernels` fixes that (test_jit_extern.py).
EXTERN_PACKAGES: tuple[str, ...] = ("eurogym.envs.caverna_ff.", "eurogym.envs.kingdom_builder.")
EXTERN_MIN_BYTECODE = 160
_RELOADERS: dict[tuple, functools.partial] = {}


def _extern_dispatcher(fndesc):
    """The kernel `fndesc` was compiled from, if its callers should call it by address."""
    if not fndesc.modname.startswith(EXTERN_PACKAGES):
        return None
    module = sys.modules.get(fndesc.modname)
    kernel = getattr(module, fndesc.qualname, None)
    py_func = getattr(kernel, "py_func", None)
    if py_func is None or kernel.targetoptions.get("inline") == "always":
        return None
    return kernel if len(py_func.__code__.co_code) >= EXTERN_MIN_BYTECODE else None


def extern_symbol(modname: str, qualname: str, argtypes: tuple) -> str:
    """The process-wide symbol a kernel's callers call it by: the same in every process (numba's
    own names carry a per-process counter), so a cached caller finds a callee compiled later."""
    key = f"{modname}.{qualname}{argtypes}".encode()
    return f"eurogym.kernel.{qualname}.{hashlib.sha1(key).hexdigest()[:20]}"


def load_extern_kernel(modname: str, qualname: str, argtypes: tuple) -> None:
    """Compile or load from the cache the callee a cached caller calls by address, which
    registers its symbol (numba runs this before it loads the caller's machine code)."""
    getattr(importlib.import_module(modname), qualname).compile(argtypes)


def _extern_call(fndesc, symbol: str, reload: functools.partial):
    """numba's call of a compiled kernel (`numba.core.imputils.user_function`) by symbol,
    without linking the callee's code into the caller."""
    from numba.core import cgutils, imputils

    def imp(context, builder, sig, args):
        context.active_code_library._reload_init.add(reload)
        fnty = context.call_conv.get_function_type(fndesc.restype, fndesc.argtypes)
        fn = cgutils.get_or_insert_function(builder.module, fnty, symbol)
        context.call_conv.decorate_function(
            fn, fndesc.args, fndesc.argtypes, noalias=fndesc.noalias
        )
        status, retval = context.call_conv.call_function(
            builder, fn, fndesc.restype, fndesc.argtypes, args
        )
        with cgutils.if_unlikely(builder, status.is_error):
            context.call_conv.return_status_propagate(builder, status)
        retval = imputils.fix_returning_optional(context, builder, sig, status, retval)
        return imputils.impl_ret_new_ref(context, builder, fndesc.restype, retval)

    imp.signature = fndesc.argtypes
    imp.libs = ()
    return imp


def extern_kernel_calls() -> None:
    """Make calls to the big kernels of EXTERN_PACKAGES call the callee's one compiled copy by
    address instead of linking its code into the caller (see the module docstring), on the
    numba versions of TESTED_NUMBA_VERSIONS. Idempotent."""
    from llvmlite import binding
    from numba.core import base

    if not numba_internals_tested():
        LOG.debug("numba %s: calls by symbol off (untested version)", numba.__version__)
        return
    numba_insert = base.BaseContext.insert_user_function
    if getattr(numba_insert, "eurogym_extern", False):
        return

    def insert_user_function(self, func, fndesc, libs=()):
        if len(libs) != 1 or _extern_dispatcher(fndesc) is None:
            return numba_insert(self, func, fndesc, libs)
        argtypes = tuple(fndesc.argtypes)
        symbol = extern_symbol(fndesc.modname, fndesc.qualname, argtypes)
        binding.add_symbol(symbol, libs[0].get_pointer_to_function(fndesc.llvm_func_name))
        key = (fndesc.modname, fndesc.qualname, argtypes)
        reload = _RELOADERS.setdefault(key, functools.partial(load_extern_kernel, *key))
        impl = _extern_call(fndesc, symbol, reload)
        self._defns[func].append(impl, impl.signature)

    insert_user_function.eurogym_extern = True
    base.BaseContext.insert_user_function = insert_user_function
    _keep_reload_init_of_cached_kernels()


def _keep_reload_init_of_cached_kernels() -> None:
    """Give a kernel loaded from the cache its library's `reload_init` back.

    numba stores a kernel's reload functions beside its machine code, but the library it
    rebuilds from the cache starts with none. A kernel compiled later in that process links
    that library in and inherits its (empty) reload functions, so its own cache entry forgets
    the callees the linked code calls by symbol: a third process loading it from the cache
    before those callees ran there called an unresolved symbol and died (SIGSEGV; the CI crash
    of 2026-12-02, reproduced in tests/core/test_jit_extern.py)."""
    from numba.core import compiler

    numba_rebuild = compiler.CompileResult._rebuild.__func__
    if getattr(numba_rebuild, "eurogym_extern", False):
        return

    def _rebuild(cls, target_context, *payload):
        result = numba_rebuild(cls, target_context, *payload)
        for reload in result.reload_init or ():
            if isinstance(reload, functools.partial) and reload.func is load_extern_kernel:
                reload = _RELOADERS.setdefault(reload.args, reload)  # one per callee
            result.library._reload_init.add(reload)
        return result

    _rebuild.eurogym_extern = True
    compiler.CompileResult._rebuild = classmethod(_rebuild)


def sources_digest() -> str:
    """sha256 over the path and content of every .py file the kernels can depend on."""
    digest = hashlib.sha256()
    for folder in _SOURCE_DIRS:
        for path in sorted(folder.rglob("*.py")):
            digest.update(str(path.relative_to(_ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def source_folders() -> list[Path]:
    """Every folder holding kernel sources (numba caches each module's kernels per folder)."""
    folders = {path.parent for root in _SOURCE_DIRS for path in root.rglob("*.py")}
    return sorted(folders)


def cache_folder(folder: Path) -> Path | None:
    """Where numba caches the kernels of the modules in `folder`: `folder/__pycache__`, or the
    sub-folder of `numba.config.CACHE_DIR` that numba derives from the folder's path (the
    parent folder's name and a sha1 of the path, as numba's `get_suitable_cache_subpath`);
    None when the kernels run uncached."""
    if not KERNEL["cache"]:
        return None
    if not numba.config.CACHE_DIR:
        return folder / "__pycache__"
    path = os.path.abspath(folder)
    hashed = hashlib.sha1(path.encode()).hexdigest()
    return Path(os.path.abspath(numba.config.CACHE_DIR)) / f"{os.path.basename(path)}_{hashed}"


def cache_location() -> str:
    """Where the kernels are cached, for messages."""
    if not KERNEL["cache"]:
        return "none (kernels are compiled in every process)"
    return numba.config.CACHE_DIR or f"__pycache__ folders under {_ROOT}"


def _writable(folder: Path) -> bool:
    """Can numba write its cache in `folder` (created if missing)? The same test numba makes."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def _private(folder: Path) -> bool:
    """Is `folder` ours alone? Cached kernels are machine code numba loads and runs, so a
    folder in a shared temp dir must not be one another user could have planted files in."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return False
    return (
        stat.S_ISDIR(info.st_mode)
        and info.st_uid == os.getuid()
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def user_cache_candidates() -> list[Path]:
    """The per-user folders tried, in order, when the sources' folders are read-only."""
    candidates = []
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        candidates.append(Path(xdg) / "eurogym" / "numba")
    candidates.append(Path.home() / ".cache" / "eurogym" / "numba")
    return candidates


def choose_cache_dir() -> str | None:
    """Pick where the kernels are cached (see the module docstring) and tell numba. Returns the
    cache directory set, None for numba's default (in-tree, or the user's NUMBA_CACHE_DIR), or
    "" when caching is off. Must run before the first `@njit(cache=True)` decorator."""
    user_dir = os.environ.get("NUMBA_CACHE_DIR")
    if user_dir and _writable(Path(user_dir)):
        return None
    if not user_dir and all(_writable(folder / "__pycache__") for folder in source_folders()):
        return None
    if os.name == "posix":
        temp = Path(tempfile.gettempdir()) / f"eurogym-numba-{os.getuid()}"
    else:
        temp = Path(tempfile.gettempdir()) / "eurogym-numba"
    for folder in user_cache_candidates() + [temp]:
        if _writable(folder) and (folder != temp or os.name != "posix" or _private(folder)):
            if user_dir:
                LOG.warning("eurogym: NUMBA_CACHE_DIR=%s is read-only; using %s", user_dir, folder)
            os.environ["NUMBA_CACHE_DIR"] = str(folder)
            numba.config.CACHE_DIR = str(folder)
            return str(folder)
    for options in (KERNEL, ENTRY, INLINE):
        options["cache"] = False
    LOG.warning(
        "eurogym: no writable folder for numba's kernel cache (%s and %s are read-only); "
        "kernels are compiled again in every process. Set NUMBA_CACHE_DIR to a writable folder.",
        _ROOT,
        ", ".join(str(c) for c in user_cache_candidates()),
    )
    return ""


def drop_stale_kernels() -> bool:
    """Delete numba's cached kernels of envs/ and encoders/ if any source changed since the
    stamp was written; returns whether it deleted. A cache that cannot be written is left
    alone (numba then cannot write it either)."""
    stamp_folder = cache_folder(_SOURCE_DIRS[0])
    if stamp_folder is None:
        return False
    stamp = stamp_folder / _STAMP_NAME
    digest = sources_digest()
    try:
        if stamp.exists() and stamp.read_text() == digest:
            return False
        for folder in source_folders():
            cached = cache_folder(folder)
            if cached is None or not cached.is_dir():
                continue
            for pattern in ("*.nbi", "*.nbc"):
                for path in cached.glob(pattern):
                    path.unlink(missing_ok=True)
        stamp_folder.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    except OSError:
        return False
    return True


def notice_if_cold(env_id: str, package: str) -> bool:
    """Log one line (logger "eurogym", level WARNING) the first time in this process an env is
    made while numba's cache holds none of the kernels of its game package (a module name);
    returns whether it did. Called by `eurogym.make`.

    Logging, not print or warnings: it reaches stderr without any set-up (logging's last-resort
    handler), as one line, and can be silenced or redirected like any library's log;
    `warnings.warn` would become an exception under `-W error` and stop `make` itself.
    """
    if env_id in _NOTICED:
        return False
    _NOTICED.add(env_id)
    if is_cached(package_folder(package)):
        return False
    LOG.warning(
        "eurogym: compiling %s kernels (first use, up to about a minute on 2 cores; "
        "run `python -m eurogym.envs.warmup` to do it ahead)",
        env_id,
    )
    return True


def package_folder(package: str) -> Path:
    """The folder of the package `package` (a module name), where its kernels' sources are."""
    return Path(os.path.abspath(importlib.import_module(package).__file__)).parent


def is_cached(folder: Path) -> bool:
    """Does numba's cache hold any kernel of the modules in `folder`? Cheap (one directory
    listing): after `drop_stale_kernels`, an empty cache means the first call compiles."""
    cached = cache_folder(folder)
    if cached is None:
        return False
    try:
        return any(entry.name.endswith(".nbi") for entry in os.scandir(cached))
    except OSError:
        return False


unliteral_kernel_calls()
extern_kernel_calls()
lazy_python_wrappers()
inline_without_copies()
choose_cache_dir()
drop_stale_kernels()
