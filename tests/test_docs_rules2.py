"""The rules documents are self-contained: every rule section the Daitoshi and Caverna code,
data, tests and engine docs cite (`§8.5`, `§17.3`, or letter-numbers such as `A7`, `B8`, `D44`,
`E12`) must exist in `docs/rules/<game>.md` as a heading or a bold label, so a reader following
a citation lands on the rule it names. A citation whose section is renamed or dropped from the
document makes this test fail and names it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Where each game's citations live, and the letters its letter-number citations use (other
# capitals followed by digits are component names: floors L1..R3, strips L1..L7, spaces S1..S6).
GAMES = {
    "daitoshi": (
        "envs/daitoshi",
        "tests/daitoshi",
        "encoders/daitoshi.py",
        "docs/daitoshi.md",
        "DE",
    ),
    "caverna_ff": (
        "envs/caverna_ff",
        "tests/caverna_ff",
        "encoders/caverna_ff.py",
        "docs/caverna_ff.md",
        "ABDE",
    ),
}

SECTION = r"\d+(?:\.\d+)?"
# `§8.5`, plus the end of a range written `§8.1-8.2` or `§6-§9`.
SECTION_CITE = re.compile(rf"§({SECTION})(?:\s*[-–]\s*§?({SECTION}))?")


def cited(game: str) -> set[str]:
    """Every section label cited in the game's code, data, encoder, tests and engine doc."""
    *places, letters = GAMES[game]
    label_cite = re.compile(rf"\b([{letters}]\d+)\b")
    found: set[str] = set()
    for place in places:
        path = ROOT / place
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in files:
            if file.suffix not in (".py", ".json", ".md"):
                continue
            text = file.read_text(encoding="utf-8")
            for first, last in SECTION_CITE.findall(text):
                found.update("§" + s for s in (first, last) if s)
            found.update(label_cite.findall(text))
    return found


def labels_in(text: str) -> set[str]:
    """Section labels a document defines: headings (`## §8 City turn`, `### A7 ...`) and bold
    labels (`**D13**`, `**E1 - ...**`); `§8.1` is not `§8`, nor `D44` `D4`."""
    label = rf"(§{SECTION}|[A-E]\d+)(?![\d.]*\d)"
    heads = re.findall(rf"^#+\s+{label}", text, re.MULTILINE)
    bold = re.findall(rf"\*\*{label}", text)
    return set(heads) | set(bold)


def defined(game: str) -> set[str]:
    """Section labels docs/rules/<game>.md defines."""
    return labels_in((ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_cited_sections_exist(game: str) -> None:
    """Each citation names a section of docs/rules/<game>.md."""
    citations = cited(game)
    assert len(citations) > 20  # the scan found the citations (a moved folder would pass)
    missing = sorted(citations - defined(game))
    assert not missing, f"docs/rules/{game}.md lacks sections cited by the code: {missing}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_docs_are_self_contained(game: str) -> None:
    """The rules document and the engine document point nowhere outside the repository."""
    for doc in (ROOT / "docs" / "rules" / f"{game}.md", ROOT / "docs" / f"{game}.md"):
        text = doc.read_text(encoding="utf-8")
        assert "shared/" not in text, f"{doc.relative_to(ROOT)} cites the outside shared/ folder"


def test_labels_are_exact() -> None:
    """A heading `§8.1` does not define `§8`, nor a bold `D44` define `D4`; inline mentions
    define nothing."""
    text = "## §8.1 Move\n**D44 Animal locations.** see §8 and D4\n### §17 End\n"
    assert labels_in(text) == {"§8.1", "D44", "§17"}
