"""Every message the code uses is in every catalogue, translated, with the same placeholders.

The messages are found by Babel's extractor over deadtable/ (see deadtable.i18n.extract for the
keywords: gettext calls, N_, Message, nmsg and the error classes). Packages still being written by
other sessions are listed in PENDING until their texts go through the catalogue; every
other file is checked, so new code cannot add an untranslated message unnoticed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deadtable.i18n import LANGUAGES
from deadtable.i18n.extract import PACKAGE, Found, extract, load_catalogue, missing

# Still to convert: remove an entry once its texts are in the catalogues.
PENDING: tuple[str, ...] = ()

PLACEHOLDER = re.compile(r"{([^{}]*)}")


def _checked_paths() -> list[Path]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if not any(rel == p or rel.startswith(p + "/") for p in PENDING):
            out.append(path)
    return out


@pytest.fixture(scope="module")
def extracted() -> tuple[list[Found], list[str]]:
    return extract(_checked_paths())


def test_the_extractor_finds_the_converted_code(extracted: tuple[list[Found], list[str]]) -> None:
    found, _problems = extracted
    ids = {f.key for f in found}
    assert "{where} has no zoo card left to capture (CZ-3)" in ids  # an IllegalAction reason
    assert "Game over" in ids  # a CLI text
    assert ("{n} point", "{n} points") in ids  # a plural
    assert len(ids) > 100


def test_no_untranslatable_fstring_messages(extracted: tuple[list[Found], list[str]]) -> None:
    _found, problems = extracted
    assert problems == [], "use a message id with {placeholders} and parameters, not an f-string"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_catalogue_has_every_message(lang: str, extracted: tuple[list[Found], list[str]]) -> None:
    found, _problems = extracted
    gaps = missing(found, lang)
    listed = "\n".join(f"{f.path.relative_to(PACKAGE.parent)}:{f.line}: {f.key!r}" for f in gaps)
    assert not gaps, (
        f"the {lang} catalogue lacks these messages (python -m deadtable.i18n.extract --update, "
        f"then translate):\n{listed}"
    )


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_translations_keep_the_placeholders(lang: str) -> None:
    catalogue = load_catalogue(lang)
    checked = 0
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            got = set(PLACEHOLDER.findall(text))
            assert got <= wanted, f"{lang}: {text!r} uses placeholders {got - wanted} unknown to {ids[0]!r}"
            if isinstance(message.id, str):
                assert got == wanted, f"{lang}: {text!r} drops {wanted - got} of {ids[0]!r}"
        checked += 1
    assert checked > 100


def test_plural_messages_have_every_form() -> None:
    for lang in ("es", "ru"):
        catalogue = load_catalogue(lang)
        plurals = [m for m in catalogue if m.id and not isinstance(m.id, str)]
        assert plurals
        for m in plurals:
            assert len(m.string) == catalogue.num_plurals and all(m.string), (lang, m.id)


def test_terms_the_cards_print_in_english_stay_english() -> None:
    """The Spanish rulebook keeps Trap, Survivor, Minion, Supply, ... in English; so do we."""
    kept = ("Trap", "Survivor", "Minion", "Supply", "Scavenger", "Wasteland", "Hired Hand")
    for lang in ("es", "ru"):
        for message in load_catalogue(lang):
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [message.string] if isinstance(message.string, str) else list(message.string)
            for term in kept:
                if any(term in i for i in ids):
                    assert all(term in s for s in strings), (lang, term, message.id)
