"""The notebooks run top to bottom in fast mode (EUROGYM_FAST=1), and are stored without
outputs so that diffs stay readable and no stale results are committed."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("sb3_contrib")
pytest.importorskip("matplotlib")

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
TIMEOUT_PER_CELL = 300


def test_notebooks_are_found() -> None:
    assert [p.name for p in NOTEBOOKS] == [
        "01_quickstart.ipynb",
        "02_train_maskable_ppo.ipynb",
        "03_agents_tournament.ipynb",
        "04_baselines.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_imports_only_the_installed_package(path: Path) -> None:
    """Users have `eurogym` installed, not the repository's folders on their path: a
    notebook importing `agents.x` instead of `eurogym.agents.x` works only from a checkout,
    and loads a second copy of every module it touches."""
    nb = nbformat.read(path, as_version=4)
    source = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "code")
    stray = re.findall(r"^\s*(?:from|import) (?:agents|envs|encoders|benchmarks)\b.*", source, re.M)
    assert not stray, f"{path.name}: import from eurogym instead: {stray}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_saved_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, (
                f"{path.name}: clear outputs"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_in_fast_mode(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EUROGYM_FAST", "1")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    repo = str(path.parents[1])
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [repo, os.environ.get("PYTHONPATH")]))
    )
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb,
        timeout=TIMEOUT_PER_CELL,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
