"""The terminal accepts the card names the player sees, in Russian and Spanish.

`--lang ru` shows «Кусака» where the action text says "play biter": typing «play кусака» (any
case, ё or е) works as well as the id, and so do the Spanish names and the corporations named
with the Schemer.
"""

from __future__ import annotations

import pytest

from deadtable.core import IllegalAction
from deadtable.games.zombie_shedding import GAME
from deadtable.games.zombie_shedding.actions import Name, Play
from deadtable.games.zombie_shedding.card_text import card, typed_names
from deadtable.games.zombie_shedding.cards import load

from .position import position

CARDS = load()
TYPED = typed_names(CARDS.names, CARDS.slugs)


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_every_card_is_read_by_the_name_shown_in_each_language(lang: str) -> None:
    shown = {c.slug: card(c.name, lang) for c in CARDS.cards}
    if lang != "en":
        assert sum(name.lower() != slug for slug, name in shown.items()) > len(CARDS.cards) // 2
    for slug, name in shown.items():
        assert TYPED.read(f"play {name}") == f"play {slug}", (lang, name)
        assert TYPED.read(f"PLAY {name.upper()}") == f"play {slug}", (lang, name)


def test_a_russian_name_plays_the_card() -> None:
    st = position(hands=[["Biter", "Brute"], ["Walker"]], match="Shambler", deck=["Hide"] * 5)
    assert GAME.parse_action(st, "play Кусака") == Play("biter")
    assert GAME.parse_action(st, "play  КУСАКА ") == Play("biter")
    assert GAME.parse_action(st, "play biter") == Play("biter")  # the id still works


def test_a_spanish_name_plays_the_card_and_its_combo() -> None:
    st = position(hands=[["Brute", "Don Lysar"], ["Blob"]], match="Shambler", deck=["Hide"] * 5)
    assert "play brute + don-lysar" in {str(a) for a in st.legal_actions()}
    brute, don = card("Brute", "es"), card("Don Lysar", "es")
    assert brute == "Bruto"
    assert GAME.parse_action(st, f"play {brute} + {don}") == Play("brute", "don-lysar")
    assert GAME.parse_action(st, f"play {card('Brute', 'ru')} + дон лысар") == Play("brute", "don-lysar")


def test_ye_and_yo_are_one_letter() -> None:
    names = {card(c.name, "ru"): c.slug for c in CARDS.cards if "ё" in card(c.name, "ru").lower()}
    for name, slug in names.items():
        assert TYPED.read(f"play {name.lower().replace('ё', 'е')}") == f"play {slug}"


def test_the_corporation_is_named_in_the_reader_s_words() -> None:
    assert TYPED.read("name Зонт") == "name umbrella"
    assert TYPED.read("name estrella") == "name star"
    assert Name("umbrella") in {Name(c) for c in ("star", "umbrella", "shield", "flask")}


def test_a_name_not_in_hand_is_still_refused_by_the_rules() -> None:
    st = position(hands=[["Biter", "Brute"], ["Walker"]], match="Shambler", deck=["Hide"] * 5)
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(st, "play Ходок")  # Walker: a real card, not in this hand
    assert "walker" in str(info.value).lower()
