"""A built wheel installs one top-level package, and a non-editable install plays every game
with its own folder, HOME and every cache location the user has read-only (numba then caches
the kernels in a private temp folder instead of failing with "no locator available").

The install test compiles every game's kernels from scratch in the child process (its cache
folder is new), a few minutes on a 2-core machine.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
STEPS = 30  # decisions played per game: enough to run the first round's kernels

PLAY = f"""
import os, sys
import numpy as np
import numba
import eurogym
from eurogym.envs.core import jit
target = sys.argv[1]
assert eurogym.__file__.startswith(target), eurogym.__file__
try:
    open(os.path.join(target, "eurogym", "probe"), "w").close()
    print("WRITABLE")  # the test's premise failed: the install folder is not read-only
except OSError:
    pass
rng = np.random.default_rng(0)
for env_id in eurogym.list_envs():
    env = eurogym.make(env_id)
    env.reset(seed=0)
    steps = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if steps == {STEPS}:
            break
    print("played", env_id, steps)
print("cache", numba.config.CACHE_DIR, jit.KERNEL["cache"])
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of a clean copy of the repository (the build writes build/ and egg-info)."""
    source = tmp_path_factory.mktemp("source")
    junk = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache")
    shutil.copytree(
        REPO, source, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*junk, "runs", "*.nb?")
    )
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
        + ["-w", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("eurogym-*.whl")
    return built


def test_the_wheel_installs_only_the_eurogym_package(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (dist_info,) = {name.split("/")[0] for name in names if ".dist-info/" in name}
        record = archive.read(f"{dist_info}/RECORD").decode().splitlines()
        top_level = archive.read(f"{dist_info}/top_level.txt").decode().split()
    assert top_level == ["eurogym"]
    assert {name.split("/")[0] for name in names} == {"eurogym", dist_info}
    assert {line.split("/")[0] for line in record if line} == {"eurogym", dist_info}
    for package in ("envs", "encoders", "agents", "benchmarks"):
        assert f"eurogym/{package}/__init__.py" in names
    assert "eurogym/envs/warmup.py" in names
    assert any(name.startswith("eurogym/envs/caverna_ff/data/") for name in names)
    assert "eurogym/envs/caverna_ff/compile_plan.json" in names  # read by compile_ahead


def _set_writable(root: Path, writable: bool) -> None:
    """Add or remove every write bit under `root`, itself included."""
    for path in [root, *root.rglob("*")]:
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode):
            continue
        bits = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
        path.chmod((mode | stat.S_IWUSR) if writable else (mode & ~bits))


def _without_privileges() -> list[str]:
    """A command prefix under which permission bits hold: root ignores them, so as root the
    child runs with every capability dropped (still uid 0, so the interpreter under /root
    stays reachable, but a folder without write bits is read-only to it)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: a read-only folder cannot be simulated")
    return [setpriv, "--bounding-set=-all", "--inh-caps=-all", "--"]


def test_a_read_only_install_plays_every_game(wheel: Path, tmp_path: Path) -> None:
    import eurogym

    target, home, temp, cwd = (tmp_path / name for name in ("site", "home", "tmp", "cwd"))
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target)]
        + [str(wheel)],
        check=True,
        capture_output=True,
    )
    for folder in (home, temp, cwd):
        folder.mkdir(mode=0o700)
    installed = sorted(target.rglob("*"))
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}
    env.update(PYTHONPATH=str(target), HOME=str(home), TMPDIR=str(temp))
    _set_writable(target, False)
    _set_writable(home, False)
    try:
        done = subprocess.run(
            _without_privileges() + [sys.executable, "-c", PLAY, str(target)],
            cwd=cwd,  # empty: the source tree is not importable from here
            env=env,
            capture_output=True,
            text=True,
            timeout=3600,
        )
    finally:
        _set_writable(target, True)
        _set_writable(home, True)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "WRITABLE" not in done.stdout
    assert "cannot cache" not in done.stderr and "no locator" not in done.stderr
    announced_packages = set()
    for env_id in eurogym.list_envs():  # the order PLAY plays them in
        assert f"played {env_id} {STEPS}" in done.stdout
        # one notice per game package: ids of one game (caverna_ff_v0, v1) share its kernels
        package = eurogym.envs.spec(env_id).data_package
        expected = 0 if package in announced_packages else 1
        announced_packages.add(package)
        assert done.stderr.count(f"compiling {env_id} kernels") == expected
    cache_line = done.stdout.splitlines()[-1].split()
    cache = Path(cache_line[1])
    assert cache_line[2] == "True" and cache.parent == temp, done.stdout
    assert len(list(cache.rglob("*.nbi"))) > 10  # the kernels were cached there
    assert sorted(target.rglob("*")) == installed  # nothing was written into the install
