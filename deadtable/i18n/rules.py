"""The rulebooks shipped with deadtable, by game and language, and the house rulings of each game.

The texts live in `deadtable/i18n/rules/<game-id>.<lang>.md`, copied from the project's rulebooks
(the originals and their faithful translations); a game may also ship its own under
`<its package>/rules/<lang>.md`, which wins. Where a language has no rulebook the English one is
shown with a note saying so. The rulings (RULINGS.md) are shipped as `RULINGS.en.md`, with
`RULINGS.<lang>.md` translating some of them; a ruling without a translation is shown in English.
Each game's house readings beyond the rulings (RULINGS ZO-14: ZO-H1, OV-H1, ZS-H1, CZ-H1, ...) are
shipped the same way as `READINGS.<lang>.md`.

>>> text = rules_text("carson-zoo", "ru")
>>> text.lang, text.note is None
('ru', True)
>>> rules_text("overlords", "es").lang, str(rules_text("overlords", "es").note)
('en', 'There is no rulebook for this game in this language; here it is in English.')
>>> [r.id for r in rulings("carson-zoo")][:3]
['CZ-1', 'CZ-2', 'CZ-3']
>>> rulings("carson-zoo", "es")[0].text.startswith("Las cartas de zoo")
True
>>> [r.id for r in readings("zombie-shedding")][:2], readings("overlords", "ru")[0].lang
(['ZS-H1', 'ZS-H2'], 'ru')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from .catalog import DEFAULT, LANGUAGES, normalize
from .message import N_, Message

# Which rulings belong to which game (RULINGS.md sections); ALL-n apply to every game.
RULING_PREFIX = {"carson-zoo": "CZ", "overlords": "OV", "zombie-overlord": "ZO", "zombie-shedding": "ZS"}
_RULING = re.compile(r"^- ([A-Z]{2,3}-H?\d+) ")  # a ruling (ZO-3) or a house reading (ZO-H1)


@dataclass(frozen=True)
class RulesText:
    """A rulebook as Markdown; `lang` is the language it is in, `note` says why if not the one asked."""

    game: str
    lang: str
    markdown: str
    note: Message | None = None


@dataclass(frozen=True)
class Ruling:
    id: str
    text: str
    lang: str


def _folder() -> Traversable:
    return resources.files("deadtable.i18n").joinpath("rules")


def _game_folder(game_id: str) -> Traversable | None:
    """`<game package>/rules/` when the game ships its own rule texts."""
    package = "deadtable.games." + game_id.replace("-", "_")
    try:
        folder = resources.files(package).joinpath("rules")
    except (ModuleNotFoundError, TypeError):
        return None
    return folder if folder.is_dir() else None


def _read(game_id: str, lang: str) -> str | None:
    own = _game_folder(game_id)
    for path in ([own.joinpath(f"{lang}.md")] if own else []) + [_folder().joinpath(f"{game_id}.{lang}.md")]:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


def languages(game_id: str) -> list[str]:
    """The languages this game's rulebook is shipped in."""
    return [lang for lang in LANGUAGES if _read(game_id, lang) is not None]


def known_games() -> list[str]:
    """Game ids with a rulebook shipped here (a game can be read about before it is installed)."""
    names = {p.name.split(".")[0] for p in _folder().iterdir() if p.name.endswith(".md")}
    return sorted(n for n in names if n not in ("RULINGS", "READINGS"))


def rules_text(game_id: str, lang: str | None) -> RulesText | None:
    """The rulebook of `game_id` in `lang`, else in English with a note; None when there is none."""
    code = normalize(lang) or DEFAULT
    text = _read(game_id, code)
    if text is not None:
        return RulesText(game_id, code, _strip_comment(text))
    english = _read(game_id, DEFAULT)
    if english is None:
        found = languages(game_id)
        if not found:
            return None
        english = _read(game_id, found[0])
        assert english is not None
        return RulesText(
            game_id, found[0], _strip_comment(english), Message(NO_RULEBOOK_OTHER, shown=LANGUAGES[found[0]])
        )
    return RulesText(game_id, DEFAULT, _strip_comment(english), Message(NO_RULEBOOK))


NO_RULEBOOK = N_("There is no rulebook for this game in this language; here it is in English.")
NO_RULEBOOK_OTHER = N_("There is no rulebook for this game in this language; here it is in {shown}.")


def _strip_comment(text: str) -> str:
    return re.sub(r"\A<!--.*?-->\s*", "", text, flags=re.S)


@cache
def _entries(kind: str, lang: str) -> dict[str, str]:
    """The entries of `<kind>.<lang>.md` (RULINGS or READINGS) by id, each joined onto one line."""
    path = _folder().joinpath(f"{kind}.{lang}.md")
    if not path.is_file():
        return {}
    out: dict[str, str] = {}
    current: str | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _RULING.match(line)
        if match:
            current = match.group(1)
            out[current] = line[match.end() :].strip()
        elif current and line.startswith("  ") and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    return out


def _rulings(lang: str) -> dict[str, str]:
    return _entries("RULINGS", lang)


def rulings(game_id: str, lang: str | None = None) -> list[Ruling]:
    """The house rulings of a game (its own, then ALL-n), in `lang` where translated."""
    code = normalize(lang) or DEFAULT
    prefix = RULING_PREFIX.get(game_id)
    english = _rulings(DEFAULT)
    local = _rulings(code)
    ids = [i for i in english if prefix and i.startswith(prefix + "-")] + [
        i for i in english if i.startswith("ALL-")
    ]
    return [Ruling(i, local[i], code) if i in local else Ruling(i, english[i], DEFAULT) for i in ids]


def ruling(ruling_id: str, lang: str | None = None) -> Ruling | None:
    """One ruling or house reading by id (e.g. "ZO-10", "ZS-H3"), in `lang` where translated."""
    code = normalize(lang) or DEFAULT
    kind = "READINGS" if re.match(r"^[A-Z]{2,3}-H\d", ruling_id) else "RULINGS"
    for source in (code, DEFAULT):
        text = _entries(kind, source).get(ruling_id)
        if text is not None:
            return Ruling(ruling_id, text, source)
    return None


def readings(game_id: str, lang: str | None = None) -> list[Ruling]:
    """The house readings of a game (RULINGS ZO-14: ZO-H1, OV-H1, ...), in `lang` where translated.

    The rulebooks are silent on these points and the game reads them so; they are shipped as
    `READINGS.<lang>.md`, in the same format as the rulings.
    """
    code = normalize(lang) or DEFAULT
    prefix = RULING_PREFIX.get(game_id)
    if prefix is None:
        return []
    english = _entries("READINGS", DEFAULT)
    local = _entries("READINGS", code)
    ids = [i for i in english if i.startswith(prefix + "-H")]
    return [Ruling(i, local[i], code) if i in local else Ruling(i, english[i], DEFAULT) for i in ids]
