"""Self-contained docs (issue 11): the rule citations in a game's code, data and tests (`§5.2`,
`Appendix A`, `D12`, ...) must name a section of that game's docs/rules/<game>.md, and the docs
users read must not point at the working specs outside the repository (users do not have them).

To cover another game, add a `Game` to GAMES; both tests pick it up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Game:
    """A game whose citations are checked.

    Attributes:
        name: the rules file is docs/rules/<name>.md.
        sources: files and folders (relative to the repo root) whose citations must resolve.
        engine_doc: the game's engine page under docs/.
        decision_prefixes: letters of the numbered decisions the code cites (D12, E3, ...).
    """

    name: str
    sources: tuple[str, ...]
    engine_doc: str
    decision_prefixes: str = "D"


GAMES = (
    Game(
        "kingdom_builder",
        ("envs/kingdom_builder", "tests/kingdom_builder", "encoders/kingdom_builder.py"),
        "kingdom_builder.md",
    ),
    Game(
        "belfort",
        # envs/core/ranking.py implements Belfort's tie demotion and cites its section.
        ("envs/belfort", "tests/belfort", "encoders/belfort.py", "envs/core/ranking.py"),
        "belfort.md",
        decision_prefixes="DE",
    ),
    Game(
        "daitoshi",
        ("envs/daitoshi", "tests/daitoshi", "encoders/daitoshi.py"),
        "daitoshi.md",
        decision_prefixes="DE",
    ),
    Game(
        "caverna_ff",
        ("envs/caverna_ff", "tests/caverna_ff", "encoders/caverna_ff.py"),
        "caverna_ff.md",
        decision_prefixes="ABDE",
    ),
)
# Docs that belong to no single game; each game's own pages are added per game below.
COMMON_DOCS = (
    "README.md",
    "Makefile",
    "pyproject.toml",
    "notebooks",
    "docs",
    "eurogym",
    "envs",
    "agents",
    "encoders",
    "benchmarks",
)
TEXT_SUFFIXES = (".py", ".md", ".json", ".ipynb", ".toml", "")
CITED_SUFFIXES = (".py", ".json")

SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)")
APPENDIX = re.compile(r"\bAppendix ([A-Z])\b")
HEADING = re.compile(r"^#{1,6}\s+(?:§\s*)?(\d+(?:\.\d+)*|Appendix [A-Z]|[A-Z]\.\d+)\b", re.M)
BOLD_LABEL = re.compile(r"\*\*([A-Z]\d+)\b")
OUTSIDE_REPO = re.compile(r"\.\./shared|shared/(?:rules|seeds|data)/")


def _files(paths: tuple[str, ...], suffixes: tuple[str, ...] | None = None) -> list[Path]:
    out: list[Path] = []
    for rel in paths:
        path = ROOT / rel
        found = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        out += [p for p in found if suffixes is None or p.suffix in suffixes]
    return out


def _citations(game: Game) -> dict[str, list[str]]:
    """Every cited label ('5.2', 'Appendix A', 'D12') -> the places citing it."""
    decision = re.compile(rf"\b([{game.decision_prefixes}]\d+)\b")
    cited: dict[str, list[str]] = {}
    for path in _files(game.sources, CITED_SUFFIXES):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            labels = SECTION.findall(line)
            labels += [f"Appendix {a}" for a in APPENDIX.findall(line)]
            labels += decision.findall(line)
            for label in labels:
                cited.setdefault(label, []).append(f"{path.relative_to(ROOT)}:{number}")
    return cited


def _defined(rules_text: str) -> set[str]:
    """Labels the rules file defines: section and appendix headings ('## §5 ...',
    '### §7.4 ...', '## Appendix A ...', '### B.1 ...') and bold decision labels ('**D8 ...')."""
    return set(HEADING.findall(rules_text)) | set(BOLD_LABEL.findall(rules_text))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_cited_sections_exist(game: Game) -> None:
    # Arrange
    rules = ROOT / "docs" / "rules" / f"{game.name}.md"
    cited = _citations(game)
    # Act
    defined = _defined(rules.read_text(encoding="utf-8"))
    missing = {label: where for label, where in cited.items() if label not in defined}
    # Assert: the scan found citations at all (a broken pattern would pass vacuously)
    assert len(cited) >= 10, f"only {sorted(cited)} cited in {game.sources}"
    assert not missing, "; ".join(f"{k} cited at {where[:3]}" for k, where in missing.items())


@pytest.mark.parametrize(
    "doc",
    sorted({*COMMON_DOCS, *(f"docs/{g.engine_doc}" for g in GAMES)}),
)
def test_docs_stay_inside_repo(doc: str) -> None:
    # Arrange
    files = _files((doc,), TEXT_SUFFIXES)
    # Act
    outside = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE_REPO.search(line)
    ]
    # Assert
    assert files, f"{doc} does not exist"
    assert not outside, f"references outside the repository: {outside}"
