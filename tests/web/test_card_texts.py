"""Card names and ability texts in the reader's language: the browser looks them up in the
catalogue's message contexts ("<game-id>:card"), so a Russian reader sees "Крикун" for Screamer,
and Overlords card texts in Russian while the names printed in English stay English."""

from __future__ import annotations

from typing import Any

import httpx

from deadtable.i18n import translator

from .conftest import new_table, shot
from .test_languages import _new_page

# The cards of your hand, as each game's renderer draws them: their titles and their texts.
SHEDDING_TITLE = ".zs-hand .zs-card .zs-title"
SHEDDING_TEXT = ".zs-hand .zs-card .zs-fx > span"
OVERLORDS_TITLE = ".ovl-mine .ovl-piece .ovl-title"
OVERLORDS_TEXT = ".ovl-mine .ovl-piece .ovl-text"


def _texts(page: Any, selector: str) -> list[str]:
    return [str(x) for x in page.eval_on_selector_all(selector, "(ns) => ns.map((n) => n.textContent)")]


def test_a_zombie_shedding_hand_in_russian_shows_translated_card_names_and_effects(server, browser):
    # Seed 2, two players: seat 0 opens with Screamer in hand (checked in the next test too).
    created = new_table(server, "zombie-shedding", 2, players=2)
    page = _new_page(browser, "ru-RU")
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function("document.documentElement.lang === 'ru'")
        page.wait_for_selector(SHEDDING_TITLE)
        titles = _texts(page, SHEDDING_TITLE)
        assert "Крикун" in titles and "Screamer" not in titles
        assert "Шатун" in titles and "Shambler" not in titles
        tr = translator("ru")
        effect = tr.pgettext("zombie-shedding:card", "any zombie of 3 points or less may follow it")
        assert effect != "any zombie of 3 points or less may follow it"
        assert effect in _texts(page, SHEDDING_TEXT)
        shot(page, "table-zombie-shedding-ru")
        page.select_option("#lang", "en")  # and back in English at once
        page.wait_for_function(
            "([s]) => [...document.querySelectorAll(s)].some((n) => n.textContent === 'Screamer')",
            arg=[SHEDDING_TITLE],
        )
        assert page.errors == []
    finally:
        page.context.close()


def test_an_overlords_hand_in_russian_shows_translated_card_texts(server, browser):
    created = httpx.post(
        server + "/api/tables",
        json={
            "game": "overlords",
            "players": 3,
            "seed": 1,
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "agent": "random"},
                {"kind": "bot", "agent": "random"},
            ],
        },
    ).json()
    page = _new_page(browser, "ru-RU")
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function("document.documentElement.lang === 'ru'")
        page.wait_for_selector(OVERLORDS_TITLE)
        tr = translator("ru")
        english = "Set of 2 = 7 points. Otherwise 2 points each"  # Orthrus, in seat 0's hand (seed 1)
        russian = tr.pgettext("overlords:card", english)
        assert russian != english
        page.wait_for_function(
            "([s, w]) => [...document.querySelectorAll(s)].some((n) => n.textContent === w)",
            arg=[OVERLORDS_TEXT, russian],
        )
        assert english not in _texts(page, OVERLORDS_TEXT)
        # The name is printed in English and stays so (the catalogue says).
        assert "Orthrus" in _texts(page, OVERLORDS_TITLE)
        shot(page, "table-overlords-ru")
        assert page.errors == []
    finally:
        page.context.close()
