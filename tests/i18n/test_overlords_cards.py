"""Every Overlords card name, Monster type and ability text has a translation in every language.

The texts live in the card data (deadtable/games/overlords/data/cards.toml); card_text.py lists them
for the extractor in the message context "overlords:card". This test reads the built-in set itself,
so a card added to the file without a catalogue entry fails here, in every language. Names printed
in English on the cards (Monsters, Hired Hands, the Overlord card) stay English: there is no
Spanish or Russian rulebook to rename them; ability and scoring texts are translated.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from deadtable.games.overlords import card_text as card_text_module
from deadtable.games.overlords.card_text import CONTEXT, card_text
from deadtable.games.overlords.cards import load
from deadtable.i18n.extract import load_catalogue

CARDS = load()
NAMES = [*CARDS.names, *(t for t in CARDS.types if t != "Hired Hands"), CARDS.overlord_name]
TEXTS = [*CARDS.texts, CARDS.overlord_text]


def _marked() -> set[str]:
    """The texts card_text.py passes to pgettext (what the extractor sees)."""
    tree = ast.parse(Path(card_text_module.__file__).read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", "") == "pgettext"
            and all(isinstance(a, ast.Constant) for a in node.args)
        ):
            context, text = (ast.literal_eval(a) for a in node.args)
            assert context == CONTEXT
            out.add(text)
    return out


def test_the_marks_list_exactly_the_texts_of_the_card_file() -> None:
    assert _marked() == set(NAMES) | set(TEXTS)
    assert len(set(TEXTS)) == 15  # 7 Monster rules (Undead Warrior shared), 7 Hired Hands, Overlord
    assert {"Zombie", "Lich King", "Undead Warrior", "Overlord"} <= set(NAMES)


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_every_card_text_is_in_the_catalogue(lang: str) -> None:
    catalogue = load_catalogue(lang)
    lacking = []
    for text in [*NAMES, *TEXTS]:
        entry = catalogue.get(text, context=CONTEXT)
        if entry is None or entry.fuzzy or (lang != "en" and not entry.string):
            lacking.append(text)
    assert not lacking, f"the {lang} catalogue lacks these card texts (msgctxt {CONTEXT!r}): {lacking}"


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_ability_texts_are_translated_and_names_stay_as_printed(lang: str) -> None:
    for name in NAMES:
        assert card_text(name, lang) == name, (lang, name)
    for text in TEXTS:
        local = card_text(text, lang)
        assert local != text, (lang, text)
        # the numbers of the scoring rules survive the translation
        assert sorted(c for c in text if c.isdigit()) == sorted(c for c in local if c.isdigit()), (lang, text)
    for k in CARDS.hired_hands:  # a Hired Hand's text names the card as printed, in every language
        if CARDS.names[k] in CARDS.texts[k]:
            assert CARDS.names[k] in card_text(CARDS.texts[k], lang), (lang, CARDS.names[k])
    assert "Hired Hand" in card_text(CARDS.overlord_text, lang)


def test_examples_in_each_language() -> None:
    hydra = CARDS.texts[CARDS.kind("hydra")]
    assert card_text(hydra, "es").endswith("(5 o más) 25 puntos")
    assert card_text(hydra, "ru").endswith("(5 и больше) 25 очков")
    thief = CARDS.texts[CARDS.kind("thief")]
    assert (
        card_text(thief, "es")
        == "Al activar el Thief, cámbialo por la carta superior del ejército de cualquier rival."
    )
    assert (
        card_text(thief, "ru")
        == "Когда активирован Thief, обменяйте его на верхнюю карту армии любого соперника."
    )
    assert card_text("a card of my own file", "es") == "a card of my own file"  # shown as written
