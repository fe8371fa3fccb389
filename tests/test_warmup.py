"""The warmup's scheduling of games over worker processes (envs/warmup.py), with stand-in work:
what each worker ran is recorded as marker files, since the workers are separate processes."""

from __future__ import annotations

import io
import time
from pathlib import Path

from tqdm import tqdm

from eurogym.envs import warmup


def _mark(unit: list[str], what: str) -> None:
    folder, name = unit[0].rsplit("/", 1)
    Path(folder, f"{what}-{name}").touch()


def fake_warm(unit: list[str]) -> int:
    """Warm a stand-in game: "slow" takes 5 s, any other returns at once."""
    if unit[0].endswith("slow"):
        time.sleep(5)
    _mark(unit, "warmed")
    return 1


def fake_assist(unit: list[str]) -> int:
    """An assistant that would outlast every game."""
    _mark(unit, "assist-started")
    time.sleep(60)
    _mark(unit, "assist-finished")
    return 1


def test_a_free_worker_assists_the_game_still_warming_and_is_stopped_with_it(
    tmp_path: Path,
) -> None:
    units = [[f"{tmp_path}/slow"], [f"{tmp_path}/fast"]]
    with tqdm(total=2, file=io.StringIO()) as bar:
        warmup._warm_in_workers(units, 2, bar, fake_warm, fake_assist)
        assert bar.n == 2
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == ["assist-started-slow", "warmed-fast", "warmed-slow"]


def test_a_workers_error_reaches_the_caller(tmp_path: Path) -> None:
    units = [[f"{tmp_path}/missing-folder/fast"]]
    try:
        with tqdm(total=1, file=io.StringIO()) as bar:
            warmup._warm_in_workers(units, 2, bar, fake_warm, fake_assist)
    except FileNotFoundError as error:
        assert "warmed-fast" in str(error)
    else:
        raise AssertionError("the worker's FileNotFoundError was swallowed")
