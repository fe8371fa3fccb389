"""eurogym.envs.core.jit.drop_stale_kernels: numba's cache is dropped when any kernel source changes
(numba itself only notices edits to the kernel's own file), and kept otherwise."""

from eurogym.envs.core import jit


def _tree(tmp_path, monkeypatch):
    src = tmp_path / "envs"
    (src / "__pycache__").mkdir(parents=True)
    (src / "state.py").write_text("OFFSET = 1\n")
    monkeypatch.setattr(jit, "_ROOT", tmp_path)
    monkeypatch.setattr(jit, "_SOURCE_DIRS", (src,))
    monkeypatch.setattr(jit, "_STAMP", src / "__pycache__" / "kernel_sources.sha256")
    return src


def _cache(src):
    for name in ("kernels.run-1.py311.nbi", "kernels.run-1.py311.1.nbc"):
        (src / "__pycache__" / name).write_bytes(b"compiled")


def test_unchanged_sources_keep_the_cache(tmp_path, monkeypatch):
    src = _tree(tmp_path, monkeypatch)
    assert jit.drop_stale_kernels()  # no stamp yet: first run
    _cache(src)
    assert not jit.drop_stale_kernels()
    assert len(list(src.rglob("*.nb*"))) == 2


def test_an_edit_to_another_file_drops_the_cache(tmp_path, monkeypatch):
    src = _tree(tmp_path, monkeypatch)
    jit.drop_stale_kernels()
    _cache(src)
    (src / "state.py").write_text("OFFSET = 2\n")  # a layout change kernels.py imports
    assert jit.drop_stale_kernels()
    assert list(src.rglob("*.nb*")) == []
    assert not jit.drop_stale_kernels()
