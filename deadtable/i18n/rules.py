"""The rulebooks shipped with deadtable, by game and language, and the house rulings of each game.

Each game ships its own texts in its package (`deadtable.core.parts`), found through the game:
`texts/rules.<lang>.md`, its rulebook (the original and its faithful translations); `texts/RULINGS.<lang>.md`,
its house rulings (RULINGS.md's section for that game, `RULINGS.en.md` the English, the others
translating some of them; a ruling without a translation is shown in English); and
`texts/READINGS.<lang>.md`, its house readings beyond the rulings (RULINGS ZO-14: ZO-H1, OV-H1, ...),
the same way. The rulings of every game (ALL-n) are shipped here, in `rules/RULINGS.<lang>.md`.
Where a language has no rulebook the English one is shown with a note saying so. A game's rulings
and readings carry ids of its own prefix (`ruling_prefix`), read from its files: nothing here
lists the games.

>>> text = rules_text("carson-zoo", "ru")
>>> text.lang, text.note is None
('ru', True)
>>> rules_text("overlords", "es").lang, str(rules_text("overlords", "es").note)
('en', 'There is no rulebook for this game in this language; here it is in English.')
>>> [r.id for r in rulings("carson-zoo")][:3], ruling_prefix("carson-zoo")
(['CZ-1', 'CZ-2', 'CZ-3'], 'CZ')
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
    """The texts of every game: the rulings that apply to all (ALL-n)."""
    return resources.files("deadtable.i18n").joinpath("rules")


def _game_folder(game_id: str) -> Traversable | None:
    """The installed game's `texts/` folder (`deadtable.core.parts`), or None (no such game)."""
    from deadtable.core import DeadtableError, game
    from deadtable.core.parts import files

    try:
        folder = files(game(game_id), "texts")
    except (DeadtableError, ModuleNotFoundError, TypeError):
        return None
    return folder if folder.is_dir() else None


def _read(game_id: str, lang: str) -> str | None:
    own = _game_folder(game_id)
    path = own.joinpath(f"rules.{lang}.md") if own is not None else None
    return path.read_text(encoding="utf-8") if path is not None and path.is_file() else None


def languages(game_id: str) -> list[str]:
    """The languages this game's rulebook is shipped in."""
    return [lang for lang in LANGUAGES if _read(game_id, lang) is not None]


def known_games() -> list[str]:
    """The installed games that ship a rulebook, by id."""
    from deadtable.core import games

    return [g.id for g in games() if languages(g.id)]


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


def entries(text: str) -> dict[str, str]:
    r"""The rulings (or readings) of a RULINGS/READINGS Markdown text by id, each joined onto one line.

    >>> entries("# Title\n\n- XX-1 One\n  two.\n- XX-H1 Three.\n")
    {'XX-1': 'One two.', 'XX-H1': 'Three.'}
    """
    out: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        match = _RULING.match(line)
        if match:
            current = match.group(1)
            out[current] = line[match.end() :].strip()
        elif current and line.startswith("  ") and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    return out


@cache
def _entries(kind: str, lang: str, game_id: str | None = None) -> dict[str, str]:
    """The entries of `<kind>.<lang>.md` (RULINGS or READINGS) of a game, or of all games (None)."""
    folder = _folder() if game_id is None else _game_folder(game_id)
    path = folder.joinpath(f"{kind}.{lang}.md") if folder is not None else None
    if path is None or not path.is_file():
        return {}
    return entries(path.read_text(encoding="utf-8"))


def _translated(english: dict[str, str], local: dict[str, str], code: str) -> list[Ruling]:
    """Each English entry, in the language `code` where `local` translates it."""
    return [Ruling(i, local[i], code) if i in local else Ruling(i, t, DEFAULT) for i, t in english.items()]


def ruling_prefix(game_id: str) -> str | None:
    """The prefix of the game's ruling ids ("ZO" for ZO-1 and ZO-H1), from its own texts; None when
    it ships no rulings."""
    found = [*_entries("RULINGS", DEFAULT, game_id), *_entries("READINGS", DEFAULT, game_id)]
    return found[0].split("-")[0] if found else None


def rulings(game_id: str, lang: str | None = None) -> list[Ruling]:
    """The house rulings of a game (its own, then ALL-n), in `lang` where translated."""
    code = normalize(lang) or DEFAULT
    english = {**_entries("RULINGS", DEFAULT, game_id), **_entries("RULINGS", DEFAULT)}
    local = {**_entries("RULINGS", code, game_id), **_entries("RULINGS", code)}
    return [
        Ruling(i, local[i], code) if i in local else Ruling(i, text, DEFAULT) for i, text in english.items()
    ]


def ruling(ruling_id: str, lang: str | None = None) -> Ruling | None:
    """One ruling or house reading by id (e.g. "ZO-10", "ZS-H3"), in `lang` where translated."""
    from deadtable.core import games

    code = normalize(lang) or DEFAULT
    kind = "READINGS" if re.match(r"^[A-Z]{2,3}-H\d", ruling_id) else "RULINGS"
    owners = [None, *(g.id for g in games() if ruling_prefix(g.id) == ruling_id.split("-")[0])]
    for source in (code, DEFAULT):
        for owner in owners:
            text = _entries(kind, source, owner).get(ruling_id)
            if text is not None:
                return Ruling(ruling_id, text, source)
    return None


def readings(game_id: str, lang: str | None = None) -> list[Ruling]:
    """The house readings of a game (RULINGS ZO-14: ZO-H1, OV-H1, ...), in `lang` where translated.

    The rulebooks are silent on these points and the game reads them so; each game ships them as
    `texts/READINGS.<lang>.md`, in the same format as the rulings.
    """
    code = normalize(lang) or DEFAULT
    english = _entries("READINGS", DEFAULT, game_id)
    local = _entries("READINGS", code, game_id)
    return [
        Ruling(i, local[i], code) if i in local else Ruling(i, text, DEFAULT) for i, text in english.items()
    ]
