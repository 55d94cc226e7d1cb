"""Reading the project's Markdown: its fenced code blocks, its links and the paths it names.

The docs tests collect the examples and the paths from README.md and docs/**/*.md themselves, so a
page's example is the example that runs, never a copy kept in a test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The fenced code blocks a page may hold, and the comment that marks one the tests cannot run
# (a server that keeps running, `make run`, a run of many minutes), with its reason.
FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[\w-]*)\s*$")
NOT_RUN = re.compile(r"<!--\s*not run:\s*(?P<reason>.+?)\s*-->")
LINK = re.compile(r"!?\[[^\]]*\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE_SPAN = re.compile(r"`(?P<text>[^`\n]+)`")
PATH_LIKE = re.compile(r"^[\w.\-/]+$")
# A generated page's commands rewrite the committed page itself (and play for minutes):
# tests/test_figures_pages.py runs each generator with small arguments into a scratch folder.
GENERATED = ROOT / "docs" / "figures"
GENERATED_NOT_RUN = "the command that writes this generated page; tests/test_figures_pages.py runs it small"
EXTENSIONS = (".py", ".md", ".toml", ".json", ".yml", ".yaml", ".png", ".cfg", ".po", ".jsonl", ".js")


@dataclass(frozen=True)
class Block:
    """One fenced code block: its language, its text, its line in the page, and why it is not run."""

    page: Path
    line: int
    lang: str
    text: str
    not_run: str | None

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def pages() -> list[Path]:
    """README.md and every page of the documentation site."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a page, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i][len(opening["indent"]) :])
            i += 1
        marker = NOT_RUN.search(lines[start - 1]) if start > 0 else None
        reason = marker["reason"] if marker else None
        if reason is None and page.is_relative_to(GENERATED):
            reason = GENERATED_NOT_RUN
        found.append(Block(page, start + 1, opening["lang"], "\n".join(body) + "\n", reason))
        i += 1
    return found


def prose(page: Path) -> str:
    """A page's text without its fenced code blocks (whose words are commands, not references)."""
    kept: list[str] = []
    inside = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line) or (inside and line.strip() == "```"):
            inside = not inside
            continue
        if not inside:
            kept.append(line)
    return "\n".join(kept)


def links(page: Path) -> list[str]:
    """The relative link and image targets of a page (web addresses and anchors left out)."""
    targets = []
    for match in LINK.finditer(prose(page)):
        target = match["target"]
        if "://" in target or target.startswith(("#", "mailto:")):
            continue
        targets.append(target.split("#", 1)[0])
    return targets


def named_paths(text: str) -> list[str]:
    """The repository paths a text names in code spans: `deadtable/core/undo.py`, `pyproject.toml`.

    A span is a path when it is one word of path characters that has a folder in it or a file
    extension; a span with a placeholder (`<game>`, `*`) is a pattern, not a path, and is left out.
    """
    found = []
    for match in CODE_SPAN.finditer(text):
        span = match["text"].strip()
        if not PATH_LIKE.match(span) or span.startswith(("-", ".", "/")) or "://" in span:
            continue
        if "/" in span or span.endswith(EXTENSIONS):
            found.append(span)
    return found


@cache
def file_names() -> frozenset[str]:
    """The names of the repository's files, for a page that names one alone (`chat.py`)."""
    folders = ("deadtable", "tests", "benchmarks", "examples", "docs")
    return frozenset(path.name for folder in folders for path in (ROOT / folder).rglob("*"))


@cache
def generated() -> frozenset[str]:
    """The top-level folders a build or a run makes, which .gitignore keeps out of the repository
    (`build/native`, `test-artifacts/`): a page may name them though a checkout has none yet."""
    lines = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().strip("/") for line in lines if line.strip().endswith("/"))


def resolves(path: str, page: Path | None = None) -> bool:
    """Whether a named path exists: from the repository's root, the package, a game's package, or
    (for a link) the page's own folder; a file named alone, anywhere in the repository; a path in a
    folder that a build makes, always."""
    if path.split("/", 1)[0] in generated():
        return True
    if "/" not in path and path in file_names():
        return True
    roots = [ROOT, ROOT / "deadtable", *sorted((ROOT / "deadtable" / "games").iterdir())]
    if page is not None:
        roots.insert(0, page.parent)
    return any((root / path).exists() for root in roots)
