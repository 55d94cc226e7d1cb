"""Which messages the code uses, and which catalogues lack them (Babel's extractor over deadtable/).

    python -m deadtable.i18n.extract            # list what each catalogue lacks
    python -m deadtable.i18n.extract --update   # add the missing ids to each deadtable.po (empty msgstr)
    python -m deadtable.i18n.extract deadtable/games/overlords --update --domain overlords

A message is anything passed as a literal to one of `KEYWORDS`: the gettext calls, the markers
`N_` / `N_plural` / `Message` / `nmsg` (and `note_n`, a plural log entry), and the error classes,
whose first argument is a message id (`IllegalAction("{where} holds a mutant (CZ-3)", where=...)`).
An f-string there cannot be translated and is reported as a problem. `tests/i18n/` runs `missing()`
and fails on any gap.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable
from contextlib import redirect_stderr
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from .catalog import DOMAIN, LANGUAGES, read_catalogue

PACKAGE = Path(__file__).resolve().parent.parent
ERRORS = ("DeadtableError", "IllegalAction", "OptionError", "UnknownGame", "CardDataError", "RecordError")
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "gettext": None,
    "N_": None,
    "Message": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "n_": (1, 2),
    "nmsg": (1, 2),
    "plural_form": (1, 2),
    "N_plural": (1, 2),  # a plural id kept in a constant, counted where it is used
    "note_n": (1, 2),  # a game's log entry, made a message only when read (zombie shedding)
    "_each_seat_n": (1, 2),  # the same entries made once per seat and count (zombie shedding)
    **dict.fromkeys(ERRORS),
}

MsgKey = str | tuple[str, str]


@dataclass(frozen=True)
class Found:
    """One use of a message in the code."""

    key: MsgKey
    path: Path
    line: int
    context: str | None = None  # msgctxt, from pgettext


def extract(paths: Iterable[Path]) -> tuple[list[Found], list[str]]:
    """Messages in the Python files under `paths`, and the f-strings that cannot be translated."""
    found: list[Found] = []
    problems: list[str] = []
    for root in paths:
        files = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for file in files:
            warnings = io.StringIO()
            with redirect_stderr(warnings):
                entries = extract_from_file("python", str(file), keywords=KEYWORDS, comment_tags=("i18n:",))
            for line, message, _comments, context in entries:
                if isinstance(message, str):
                    key: MsgKey = message
                else:
                    parts = [m for m in message if m]
                    key = parts[0] if len(parts) == 1 else (parts[0], parts[1])
                found.append(Found(key, file, line, context))
            problems.extend(w for w in warnings.getvalue().splitlines() if "warning" in w)
    return found, problems


def load_catalogue(lang: str) -> Catalog:
    """Every .po file of `lang` merged (see `catalog.po_files`), read afresh from the source tree."""
    read_catalogue.cache_clear()
    merged = read_catalogue(lang)
    return merged if merged is not None else Catalog(locale=lang, domain=DOMAIN)


def missing(found: Iterable[Found], lang: str) -> list[Found]:
    """Uses of messages the catalogue of `lang` lacks (for English: lacks the id at all)."""
    catalogue = load_catalogue(lang)
    out = []
    for item in found:
        msgid = item.key if isinstance(item.key, str) else item.key[0]
        entry = catalogue.get(msgid, context=item.context)
        if entry is None or entry.fuzzy or (lang != "en" and not _translated(entry.string)):
            out.append(item)
    return out


def _translated(string: str | tuple[str, ...] | list[str] | None) -> bool:
    if string is None:
        return False
    if isinstance(string, str):
        return bool(string)
    return all(bool(s) for s in string)


def update(found: Iterable[Found], domain: str = DOMAIN) -> dict[str, int]:
    """Add every id no catalogue of a language has to its `<domain>.po` (created when absent).

    Translations are left empty (plural ids keep their forms); returns the counts added.
    """
    added: dict[str, int] = {}
    items = list(found)
    for lang in LANGUAGES:
        merged = load_catalogue(lang)
        path = PACKAGE / "i18n" / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        if path.exists():
            with path.open("rb") as fp:
                catalogue = read_po(fp, locale=lang, domain=DOMAIN)
        else:
            catalogue = Catalog(locale=lang, domain=DOMAIN, project="deadtable", charset="utf-8")
        count = 0
        for item in items:
            msgid = item.key
            key = msgid if isinstance(msgid, str) else msgid[0]
            if (
                merged.get(key, context=item.context) is None
                and catalogue.get(key, context=item.context) is None
            ):
                where = str(item.path.relative_to(PACKAGE.parent))
                catalogue.add(
                    msgid,
                    string="" if isinstance(msgid, str) else ("",) * catalogue.num_plurals,
                    locations=[(where, item.line)],
                    context=item.context,
                )
                count += 1
        if count:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as fp:
                write_po(fp, catalogue, width=100, omit_header=False, sort_output=False)
        added[lang] = count
    return added


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deadtable.i18n.extract", description=__doc__)
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders (default: deadtable/)")
    parser.add_argument("--update", action="store_true", help="add missing ids to each language's .po")
    parser.add_argument(
        "--domain",
        default=DOMAIN,
        help="with --update: the file that takes the new ids, <domain>.po (default: %(default)s);"
        " each game or area may keep its own, e.g. --domain overlords",
    )
    args = parser.parse_args(argv)
    found, problems = extract([p.resolve() for p in args.paths] or [PACKAGE])
    for problem in problems:
        print(problem)
    if args.update:
        for lang, count in update(found, args.domain).items():
            print(f"{lang}: {count} new message ids")
        return 0
    gaps = 0
    for lang in LANGUAGES:
        for item in missing(found, lang):
            gaps += 1
            print(f"{lang}: {item.path.relative_to(PACKAGE.parent)}:{item.line}: {item.key!r}")
    return 1 if gaps or problems else 0


if __name__ == "__main__":
    sys.exit(main())
