"""The translators' glossaries: one word per term, per language (`glossary.<lang>.toml`).

Each language's glossary lists the rulebooks' terms first (per game), then one choice for every
term the rulebooks lack (the dummy, a hand and a game, recruiting, luring, ...). Translators read it
before writing a message; tests/i18n/test_glossary.py reads it too and fails when a catalogue, a
ruling or a reading says a term another way. A term:

- `en`: the English word as the message ids write it, matched at the start of a word and without
  regard to case ("recruit" also finds "recruits", "recruited"); or `ids`, the exact message ids
  the term covers when the English word is ambiguous (a shedding game's "hand" is a round).
- `use`: the word to write; `forms`: the stems an inflected translation holds (one of them must
  appear in the translation of every message that has the term); `avoid`: stems or patterns that
  must not appear in those translations (a `re:` prefix makes one a regular expression).
- `label`: the term in English words, for a reader, where `en` is a pattern or `ids` a list.
- `source`: "rulebook" (the game's rulebook in this language chose it) or "ours"; `game`: the game
  the term belongs to ("all" for every game); `skip`: message ids, card contexts (msgctxt) or
  rulings ("ZS-*") where the English word means something else; `note`: why, for the next
  translator.

    python -m deadtable.i18n.glossary ru      # the Russian glossary, one line a term

>>> terms = glossary("ru")
>>> dummy = next(t for t in terms if t.use in ("болван", "jugador fantasma"))
>>> dummy.use, dummy.holds("за болвана играет"), dummy.avoided("армия фантома")
('болван', True, 'фантом')
>>> next(t for t in glossary("es") if t.use in ("болван", "jugador fantasma")).use
'jugador fantasma'
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class Term:
    en: str
    use: str
    label: str
    forms: tuple[str, ...]
    avoid: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()
    game: str = "all"
    source: str = "ours"
    note: str = ""
    _patterns: tuple[re.Pattern[str], ...] = field(default=(), repr=False, compare=False)
    _avoid: tuple[tuple[str, re.Pattern[str]], ...] = field(default=(), repr=False, compare=False)

    def covers(self, msgid: str, context: str | None = None, entry: str | None = None) -> bool:
        """Whether the message `msgid` (in card context `context`) speaks of this term.

        `entry` is a ruling's id when `msgid` is a ruling's English text; a skip ending in `*`
        ("ZS-*") passes over the rulings of one game.
        """
        if msgid in self.skip or (context is not None and context in self.skip):
            return False
        if entry is not None and any(s.endswith("*") and entry.startswith(s[:-1]) for s in self.skip):
            return False
        if self.ids:
            return msgid in self.ids
        return bool(self.en) and _word(self.en).search(msgid) is not None

    def holds(self, text: str) -> bool:
        """Whether `text` says the term the glossary's way (one of the forms, any ending)."""
        return any(p.search(text) for p in self._patterns)

    def avoided(self, text: str) -> str | None:
        """The first avoided word `text` uses, or None."""
        for shown, pattern in self._avoid:
            if pattern.search(text):
                return shown
        return None


@cache
def _word(stem: str) -> re.Pattern[str]:
    """A stem at the start of a word (not inside one), any case."""
    if stem.startswith("re:"):
        return re.compile(stem[3:], re.IGNORECASE)
    return re.compile(r"(?<![\w-])" + re.escape(stem), re.IGNORECASE)


@cache
def glossary(lang: str) -> tuple[Term, ...]:
    """The glossary of `lang` ("es", "ru"); empty for a language without one (English)."""
    path = resources.files("deadtable.i18n").joinpath(f"glossary.{lang}.toml")
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for raw in data.get("term", []):
        forms = tuple(raw.get("forms") or [raw["use"]])
        avoid = tuple(raw.get("avoid", ()))
        out.append(
            Term(
                en=raw.get("en", ""),
                use=raw["use"],
                label=raw.get("label") or raw.get("en") or " | ".join(raw.get("ids", ())),
                forms=forms,
                avoid=avoid,
                ids=tuple(raw.get("ids", ())),
                skip=tuple(raw.get("skip", ())),
                game=raw.get("game", "all"),
                source=raw.get("source", "ours"),
                note=raw.get("note", ""),
                _patterns=tuple(_word(f) for f in forms),
                _avoid=tuple((a.removeprefix("re:"), _word(a)) for a in avoid),
            )
        )
    return tuple(out)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    for lang in args or ["es", "ru"]:
        # The rulebooks' words first, game by game, then the project's own choices.
        for t in sorted(glossary(lang), key=lambda t: (t.source != "rulebook", t.game)):
            avoid = [a for a in t.avoid if not a.startswith("re:")]
            shown = f"  (not: {', '.join(avoid)})" if avoid else ""
            print(f"{lang} [{t.game}, {t.source}] {t.label} → {t.use}{shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
