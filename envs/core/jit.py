"""Compile options shared by every numba kernel, kept in one place (STYLE: KERNEL), and the guard
that keeps numba's on-disk cache honest.

`cache=True` writes compiled kernels to `__pycache__`, so a second process starts fast. numba keys
a cached kernel on its own file only: a kernel compiled against an older state layout (offsets
imported from state.py) would load silently after state.py changes. `drop_stale_kernels` runs once
per process, on the first import of this module (before any kernel is compiled or loaded): it
hashes every source file under envs/ and encoders/ and, when the hash differs from the one left
by the last run, deletes the cached kernels there so they are compiled afresh.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

KERNEL = dict(cache=True)

_ROOT = Path(__file__).resolve().parents[2]
_SOURCE_DIRS = (_ROOT / "envs", _ROOT / "encoders")
_STAMP = _ROOT / "envs" / "__pycache__" / "kernel_sources.sha256"


def sources_digest() -> str:
    """sha256 over the path and content of every .py file the kernels can depend on."""
    digest = hashlib.sha256()
    for folder in _SOURCE_DIRS:
        for path in sorted(folder.rglob("*.py")):
            digest.update(str(path.relative_to(_ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def drop_stale_kernels() -> bool:
    """Delete numba's cached kernels under envs/ and encoders/ if any source changed since the
    stamp was written; returns whether it deleted. A read-only install is left alone (numba
    then cannot write its cache either)."""
    digest = sources_digest()
    try:
        if _STAMP.exists() and _STAMP.read_text() == digest:
            return False
        for folder in _SOURCE_DIRS:
            for pattern in ("*.nbi", "*.nbc"):
                for cached in folder.rglob(pattern):
                    cached.unlink(missing_ok=True)
        _STAMP.parent.mkdir(exist_ok=True)
        _STAMP.write_text(digest)
    except OSError:
        return False
    return True


drop_stale_kernels()
