"""The house rule: code, tests and docs say what is and why, never which work changed it.

History belongs in CHANGELOG.md alone. This scans the text files of deadtable/, tests/, docs/ and
README.md (CHANGELOG.md is not scanned; a file holding a NUL byte or not UTF-8 is binary and
skipped) for three marks of work history:

- an issue number or a work round named by an ordinal: `WORK`, which finds what
  ``grep -rniE`` finds with the same alternatives (the word for an issue followed by a number,
  with or without "#", and "first" to "sixth" followed by the word for a round). A game's own
  rounds are written "round 1" or "the opening round", which it does not match;
- a commit hash: `HASH`, 7 to 12 hex digits (git's short form) or 40 (the whole hash), standing
  alone, with at least one digit and one letter;
- a date of work: `DATE`, a year from 2000 on, month and day (YYYY-MM-DD).

Exempt, each for its reason:

- the kept card lists: every file under a `data/history/` folder (its index.toml records the
  commit and date each list was released with, on purpose: a card list's history is a feature)
  and a game's built-in list whose text is one of them (`data/history/<its SHA-256>.toml` exists):
  its text is pinned by its hash, so it cannot change without becoming another list;
- a hash that begins the SHA-256 of a kept card list (messages and docs name a list by its first
  hex digits), a colour (``#`` before it) and a Python binary literal (``0b`` and bits);
- a line starting with `STAMP` ("Measured on commit", after any Markdown quote, list or emphasis
  marker): a figure in docs/figures carries the commit it was measured on, on purpose;
- gettext's header fields `GETTEXT_DATES` in .po files, which its tools write;
- a copy of a publisher's rulebook (a file that begins with `RULEBOOK_COPY`), for `WORK`'s
  ordinal rounds only: those rounds are the game's, in the publisher's words.

The patterns below are built from pieces, so this file does not match itself.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ROOTS = ("deadtable", "tests", "docs", "README.md")
SKIPPED_DIRS = {"__pycache__", "node_modules", ".pytest_cache", ".mypy_cache", ".ruff_cache"}

_ISSUE = "iss" + "ue"
_ROUND = "rou" + "nd"
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
# Matched against lower-cased text (as grep -i does; an IGNORECASE pattern is several times slower).
WORK = re.compile(rf"{_ISSUE} #?[0-9]|(?P<ordinal>(?:{'|'.join(_ORDINALS)}) {_ROUND})")
HASH = re.compile(r"(?<![0-9A-Za-z_#])(?:[0-9a-f]{7,12}|[0-9a-f]{40})(?![0-9A-Za-z_])")
DATE = re.compile(r"(?<![0-9])20[0-9]{2}-[01][0-9]-[0-3][0-9](?![0-9])")
STAMP = "Measured on" + " commit"
GETTEXT_DATES = ('"POT-Creation-' + "Date:", '"PO-Revision-' + "Date:")
RULEBOOK_COPY = "<!-- Copied from " + "rules/"


# Files still being rewritten (repository paths): remove an entry once its text says what is.
def _kept_list_hashes() -> frozenset[str]:
    """The SHA-256 of every kept card list (the names of the data/history/*.toml files)."""
    return frozenset(
        p.stem
        for p in (REPO / "deadtable").rglob("data/history/*.toml")
        if re.fullmatch("[0-9a-f]{64}", p.stem)
    )


KEPT = _kept_list_hashes()


def _is_kept_list(path: Path, text: str) -> bool:
    if "history" in path.parts[:-1] and path.parent.parent.name == "data":
        return True
    if path.suffix != ".toml" or not (path.parent / "history").is_dir():
        return False
    sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return (path.parent / "history" / f"{sha}.toml").is_file()


def _text_files(root: Path) -> Iterator[Path]:
    if root.is_file():
        yield root
        return
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).parts
        if path.is_file() and not any(p in SKIPPED_DIRS or p.startswith(".") for p in rel):
            yield path


def _read(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _commit_like(token: str) -> bool:
    has_both = re.search("[0-9]", token) is not None and re.search("[a-f]", token) is not None
    binary_literal = re.fullmatch("0b[01]+", token) is not None
    kept = any(sha.startswith(token) for sha in KEPT)
    return has_both and not binary_literal and not kept


def findings(line: str, rulebook: bool = False) -> list[str]:
    """What in one line marks work history: each finding as "what: the text found"."""
    if line.lstrip(" >-*_").startswith(STAMP) or line.startswith(GETTEXT_DATES):
        return []
    out = []
    for m in WORK.finditer(line.lower()):
        if not (rulebook and m.group("ordinal")):
            out.append(f"an {_ISSUE} or work {_ROUND}: {m.group()}")
    out += [f"a commit hash: {m.group()}" for m in HASH.finditer(line) if _commit_like(m.group())]
    out += [f"a date of work: {m.group()}" for m in DATE.finditer(line)]
    return out


def _scan(path: Path) -> list[str]:
    text = _read(path)
    if (
        text is None
        or not (WORK.search(text.lower()) or HASH.search(text) or DATE.search(text))
        or _is_kept_list(path, text)
    ):
        return []
    rulebook = text.startswith(RULEBOOK_COPY)
    rel = path.relative_to(REPO).as_posix()
    return [
        f"{rel}:{n}: {f}" for n, line in enumerate(text.splitlines(), 1) for f in findings(line, rulebook)
    ]


@pytest.mark.parametrize("root", ROOTS)
def test_no_work_history(root: str) -> None:
    top = REPO / root
    if not top.exists():
        pytest.skip(f"{root} is not in this copy of the project")
    found = [line for path in _text_files(top) for line in _scan(path)]
    assert not found, "work history (it belongs in CHANGELOG.md; say what is and why):\n" + "\n".join(found)


def test_the_patterns_find_work_history_and_leave_the_rest() -> None:
    work = [
        f"see {_ISSUE} 25",
        f"({_ISSUE.capitalize()} #24 audit)",
        f"since the fifth {_ROUND}",
        "the search of commit " + "5a0b" + "674",
        "merged at " + "880e" + "bec" + " on " + "2026-" + "12-04",
    ]
    for line in work:
        assert findings(line), line
    assert len(findings(work[-1])) == 2
    kept = min(KEPT)  # any kept list: the first by name
    clean = [
        f"{_ROUND} 1, then the opening {_ROUND}; {_ROUND}s = 12",
        "a colour #a1b2" + "c3d4, a binary literal " + "0b101" + "1010, a seed " + "1234" + "56789",
        f"the kept list {kept[:12]} and its whole name {kept}",
        "e3b0c44298fc1c14, a 16-digit prefix of a SHA-256, is not a commit",
        "1999-12-31 23:59 UTC",
        STAMP + " " + "5a0b" + "674, 03:10 UTC",
        GETTEXT_DATES[0] + " " + "2026-" + "11-29 16:37+0000",
    ]
    for line in clean:
        assert not findings(line), (line, findings(line))
    assert not findings(f"At the end of the first {_ROUND}", rulebook=True)
    assert findings(f"At the end of the first {_ROUND}")
