"""Every Zombie Overlord card name and ability text has a translation in every language.

Card texts live in the card data (data/core.toml, or built from an ability's effect), so the code
extractor cannot see them: this test reads the built-in set and asks each catalogue for every text
in the message context CARD_CONTEXT. Names printed in English on the cards stay English; ability
texts are translated, keeping the keywords the Spanish rulebook keeps (Once Per Turn, When Placed,
Combo, Barricade).
"""

from __future__ import annotations

import pytest

from deadtable.games.zombie_overlord.cards import CARD_CONTEXT, card_texts, load
from deadtable.games.zombie_overlord.text import ability_text, title
from deadtable.i18n import translator
from deadtable.i18n.extract import load_catalogue

CARDS = load("")
KEYWORDS = ("Once Per Turn", "When Placed", "Combo", "Barricade")
KEPT = ("Barricade.",)  # a keyword alone: the same in every language


def test_the_set_has_names_and_ability_texts() -> None:
    texts = card_texts(CARDS)
    assert len(texts) > 100
    assert "Mechanic" in texts and "AMMO" in texts
    assert any(t.startswith("When Placed:") for t in texts)


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_every_card_text_is_in_the_catalogue(lang: str) -> None:
    catalogue = load_catalogue(lang)
    lacking = []
    for text in card_texts(CARDS):
        entry = catalogue.get(text, context=CARD_CONTEXT)
        if entry is None or entry.fuzzy or (lang != "en" and not entry.string):
            lacking.append(text)
    assert not lacking, f"the {lang} catalogue lacks these card texts (msgctxt {CARD_CONTEXT!r}): {lacking}"


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_ability_texts_are_translated_and_names_stay_as_printed(lang: str) -> None:
    tr = translator(lang)
    for card in CARDS.cards:
        assert title(card, tr) == card.title  # printed in English, and no rulebook renames them
        if not card.text:
            continue
        local = ability_text(card, tr)
        assert local != card.text or card.text in KEPT, (lang, card.title)
        for keyword in KEYWORDS:
            assert (keyword in card.text) == (keyword in local), (lang, card.title, keyword, local)
