"""eurogym.envs.core.jit: numba's cache is dropped when any kernel source changes (numba itself
only notices edits to the kernel's own file) and kept otherwise, wherever it lives; read-only
sources fall back to a user cache folder, then to no cache; calls between kernels compile once
per plain argument types; a cold env is announced once."""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path

import numba
import numpy as np
import pytest
from numba.core.caching import _CacheLocator

from eurogym.envs.core import jit


def _tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    src = tmp_path / "envs"
    src.mkdir()
    (src / "state.py").write_text("OFFSET = 1\n")
    monkeypatch.setattr(jit, "_ROOT", tmp_path)
    monkeypatch.setattr(jit, "_SOURCE_DIRS", (src,))
    for name in ("KERNEL", "ENTRY", "INLINE"):  # choose_cache_dir may turn caching off
        monkeypatch.setattr(jit, name, dict(cache=True))
    return src


def _cache(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("kernels.run-1.py311.nbi", "kernels.run-1.py311.1.nbc"):
        (folder / name).write_bytes(b"compiled")


@pytest.mark.parametrize("cache_dir", [False, True], ids=["in-tree", "NUMBA_CACHE_DIR"])
def test_unchanged_sources_keep_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache_dir: bool
) -> None:
    src = _tree(tmp_path, monkeypatch)
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path / "cache") if cache_dir else "")
    assert jit.drop_stale_kernels()  # no stamp yet: first run
    _cache(jit.cache_folder(src))
    assert not jit.drop_stale_kernels()
    assert len(list(jit.cache_folder(src).glob("*.nb*"))) == 2


@pytest.mark.parametrize("cache_dir", [False, True], ids=["in-tree", "NUMBA_CACHE_DIR"])
def test_an_edit_to_another_file_drops_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache_dir: bool
) -> None:
    src = _tree(tmp_path, monkeypatch)
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path / "cache") if cache_dir else "")
    jit.drop_stale_kernels()
    _cache(jit.cache_folder(src))
    (src / "state.py").write_text("OFFSET = 2\n")  # a layout change kernels.py imports
    assert jit.drop_stale_kernels()
    assert list(jit.cache_folder(src).glob("*.nb*")) == []
    assert not jit.drop_stale_kernels()


def test_cache_folder_is_the_one_numba_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))
    for name in ("KERNEL", "ENTRY", "INLINE"):  # choose_cache_dir may turn caching off
        monkeypatch.setattr(jit, name, dict(cache=True))
    folder = Path(jit.__file__).parent
    expected = _CacheLocator.get_suitable_cache_subpath(jit.__file__)
    assert jit.cache_folder(folder) == tmp_path / expected
    assert expected == f"core_{hashlib.sha1(os.path.abspath(folder).encode()).hexdigest()}"


def _read_only(monkeypatch: pytest.MonkeyPatch, writable: set[Path]) -> None:
    """Pretend only folders under `writable` can be written (root ignores permission bits)."""
    monkeypatch.setattr(
        jit, "_writable", lambda folder: any(folder.is_relative_to(w) for w in writable)
    )
    monkeypatch.setattr(jit, "_private", lambda folder: True)


@pytest.fixture
def fresh_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """choose_cache_dir on a fake source tree with no NUMBA_CACHE_DIR, HOME in tmp_path."""
    _tree(tmp_path, monkeypatch)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(numba.config, "CACHE_DIR", "")
    return tmp_path


def test_writable_sources_keep_numbas_default(fresh_config: Path) -> None:
    assert jit.choose_cache_dir() is None
    assert numba.config.CACHE_DIR == "" and "NUMBA_CACHE_DIR" not in os.environ


def test_read_only_sources_cache_under_the_users_cache_folder(
    fresh_config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = fresh_config / "home"
    _read_only(monkeypatch, {home})
    expected = home / ".cache" / "eurogym" / "numba"
    assert jit.choose_cache_dir() == str(expected)
    assert numba.config.CACHE_DIR == str(expected) == os.environ["NUMBA_CACHE_DIR"]
    assert jit.KERNEL["cache"]


def test_xdg_cache_home_comes_first(fresh_config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(fresh_config / "xdg"))
    _read_only(monkeypatch, {fresh_config / "xdg", fresh_config / "home"})
    assert jit.choose_cache_dir() == str(fresh_config / "xdg" / "eurogym" / "numba")


def test_read_only_home_falls_back_to_a_temp_folder(
    fresh_config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jit.tempfile, "gettempdir", lambda: str(fresh_config / "tmp"))
    _read_only(monkeypatch, {fresh_config / "tmp"})
    chosen = jit.choose_cache_dir()
    assert chosen is not None and Path(chosen).parent == fresh_config / "tmp"


def test_a_read_only_numba_cache_dir_is_replaced(
    fresh_config: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(fresh_config / "ro"))
    _read_only(monkeypatch, {fresh_config / "home"})
    with caplog.at_level(logging.WARNING, logger="eurogym"):
        chosen = jit.choose_cache_dir()
    assert chosen == str(fresh_config / "home" / ".cache" / "eurogym" / "numba")
    assert "read-only" in caplog.text


def test_nothing_writable_runs_uncached_with_one_warning(
    fresh_config: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _read_only(monkeypatch, set())
    with caplog.at_level(logging.WARNING, logger="eurogym"):
        assert jit.choose_cache_dir() == ""
    assert not any(options["cache"] for options in (jit.KERNEL, jit.ENTRY, jit.INLINE))
    assert len(caplog.records) == 1 and "compiled again in every process" in caplog.text
    assert jit.cache_folder(fresh_config / "envs") is None
    assert not jit.drop_stale_kernels()


def test_a_temp_folder_another_user_could_write_is_refused(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    assert not jit._private(shared)
    assert jit._private(tmp_path / "mine")


def _kernel_pair(module: str) -> tuple:
    """A kernel defined as if in `module`, and a caller passing it two different literals."""

    def callee(buf, k):
        buf[0] += k
        return k

    callee.__module__ = module
    callee = numba.njit(callee)

    @numba.njit
    def caller(buf):
        return callee(buf, 3) + callee(buf, 4)

    return callee, caller


@pytest.mark.skipif(numba.config.DISABLE_JIT, reason="no compiling with NUMBA_DISABLE_JIT=1")
def test_calls_between_kernels_compile_once_per_plain_types() -> None:
    """A literal argument (a phase constant) does not give a kernel a signature of its own;
    functions outside the package keep numba's literal specializations."""
    buf = np.zeros(1, np.int64)
    ours, caller = _kernel_pair("eurogym.envs.probe")
    assert caller(buf) == 7 and buf[0] == 7
    assert ours.signatures == [(numba.types.Array(numba.types.int64, 1, "C"), numba.types.int64)]
    theirs, caller = _kernel_pair("somebody_else")
    caller(buf)
    assert len(theirs.signatures) == 2
    assert all(isinstance(sig[1], numba.types.Literal) for sig in theirs.signatures)


def test_a_cold_env_is_announced_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(jit, "_NOTICED", set())
    monkeypatch.setattr(jit, "cache_folder", lambda folder: tmp_path / folder.name)
    with caplog.at_level(logging.WARNING, logger="eurogym"):
        assert jit.notice_if_cold("belfort_v0", "eurogym.envs.belfort")
        assert not jit.notice_if_cold("belfort_v0", "eurogym.envs.belfort")
    assert caplog.text.count("compiling belfort_v0 kernels") == 1
    assert "python -m eurogym.envs.warmup" in caplog.text
    _cache(tmp_path / "belfort")
    monkeypatch.setattr(jit, "_NOTICED", set())
    assert not jit.notice_if_cold("belfort_v0", "eurogym.envs.belfort")
