"""Card names as a player types them: the names a table shows, in any language, read back as ids.

Action texts name cards by id ("play lady-mimic"); a player who reads «Леди Мимика» or
"Rata de laboratorio" on the table types that instead. A game whose cards are shown translated
gives `Game.parse_action` a `TypedNames` built once with its card set; the typed text is read
with each shown name replaced by its id, without regard to case (and with ё read as е).

>>> names = TypedNames({"Леди Мимика": "lady-mimic", "Ходок": "walker", "Caminante": "walker"})
>>> names.read("play ходок + леди мимика"), names.read("PLAY caminante"), names.read("play walker")
('play walker + lady-mimic', 'play walker', 'play walker')
>>> TypedNames({"Trap": "a", "trap": "b"}).ids  # one name for two cards names neither
{}
"""

from __future__ import annotations

import re
from collections.abc import Mapping


def _fold(text: str) -> str:
    return " ".join(text.split()).lower().replace("ё", "е")


class TypedNames:
    """Shown names (any language) to the ids the action texts use; ambiguous names are left out."""

    __slots__ = ("_pattern", "ids")

    def __init__(self, shown: Mapping[str, str]) -> None:
        ids: dict[str, str] = {}
        clashes: set[str] = set()
        for name, card_id in shown.items():
            key = _fold(name)
            if not key or key in clashes:
                continue
            if ids.get(key, card_id) != card_id:
                clashes.add(key)
                del ids[key]
                continue
            ids[key] = card_id
        self.ids = {k: v for k, v in ids.items() if k != v}
        words = sorted(self.ids, key=len, reverse=True)  # "леди мимика" before "леди"
        alternatives = "|".join(re.escape(w) for w in words)
        self._pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])") if words else None

    def read(self, text: str) -> str:
        """`text` folded (spaces, case, ё) with every shown name replaced by its id."""
        folded = _fold(text)
        if self._pattern is None:
            return folded
        return self._pattern.sub(lambda m: self.ids[m.group(0)], folded)
