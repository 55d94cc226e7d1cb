"""The printed text of every card of a set, by the id views and action texts use (Game.card_texts).

Static and public: a card's title as printed and its ability text, in English; readers translate
both with the message context `CARD_CONTEXT` (names printed in English stay English).
"""

from __future__ import annotations

from typing import Any

from .cards import load


def card_texts(options: dict[str, Any]) -> dict[str, dict[str, str]]:
    """`{id: {"title": ..., "text": ...}}` for every card of the set the `cards` option loads."""
    cs = load(str(options.get("cards", "") or ""))
    return {c.name: {"title": c.title, "text": c.text} for c in cs.cards}
