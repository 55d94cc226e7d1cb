"""Every text the zombie shedding cards print is in every catalogue, in the card context.

The texts are each card's name and the words of its effects (made from the named effects of
data/cards.toml by `card_text.effect_text`), plus corporations and kinds. A card added to the
built-in list, or an effect worded differently, fails here until each language translates it.
"""

from __future__ import annotations

import pytest

from deadtable.games.zombie_shedding.card_text import CONTEXT, card, card_texts
from deadtable.games.zombie_shedding.cards import load
from deadtable.i18n import LANGUAGES
from deadtable.i18n.extract import load_catalogue

TEXTS = card_texts(load())


def test_the_card_texts_cover_every_card_and_effect() -> None:
    cards = load()
    assert len(TEXTS) > len(cards.cards)  # names, then effect texts, corporations and kinds
    assert {c.name for c in cards.cards} <= set(TEXTS)
    assert "protection: cancel a missed turn on you or a teammate" in TEXTS


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_card_text_is_translated(lang: str) -> None:
    catalogue = load_catalogue(lang)
    gaps = []
    for text in TEXTS:
        entry = catalogue.get(text, context=CONTEXT)
        if entry is None or entry.fuzzy or (lang != "en" and not entry.string):
            gaps.append(text)
    assert not gaps, f"the {lang} catalogue lacks these card texts (msgctxt {CONTEXT!r}): {gaps}"


def test_the_rulebook_names_are_used_in_russian() -> None:
    """The rulebook is Russian: its names for the named cards and the corporations."""
    expected = {
        "Screamer": "Крикун",
        "Lady Mimic": "Леди Мимика",
        "Don Lysar": "Дон Лысар",
        "Schemer": "Махинатор",
        "Thief": "Воришка",
        "Hide": "Скрыться",
        "Boomerang": "Бумеранг",
        "Star": "Звезда",
        "Umbrella": "Зонт",
        "Shield": "Щит",
        "Flask": "Колба",
    }
    assert {en: card(en, "ru") for en in expected} == expected


def test_an_unknown_card_text_stays_english() -> None:
    assert card("Some Homebrew Zombie", "ru") == "Some Homebrew Zombie"
