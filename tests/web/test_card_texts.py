"""Card names and ability texts in the reader's language: the browser looks them up in the
catalogue's message contexts ("<game-id>:card"), so a Russian reader sees "Крикун" for Screamer,
and Overlords card texts in Russian while the names printed in English stay English."""

from __future__ import annotations

from typing import Any

import httpx

from deadtable.i18n import translator

from .conftest import new_table, shot
from .test_languages import _new_page


def _titles(page: Any) -> list[str]:
    return [
        str(x)
        for x in page.eval_on_selector_all("button.card .title", "(ns) => ns.map((n) => n.textContent)")
    ]


def _subs(page: Any) -> list[str]:
    return [
        str(x) for x in page.eval_on_selector_all("button.card .sub", "(ns) => ns.map((n) => n.textContent)")
    ]


def test_a_zombie_shedding_hand_in_russian_shows_translated_card_names_and_effects(server, browser):
    # Seed 2, two players: seat 0 opens with Screamer in hand (checked in the next test too).
    created = new_table(server, "zombie-shedding", 2, players=2)
    page = _new_page(browser, "ru-RU")
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function("document.documentElement.lang === 'ru'")
        page.wait_for_selector("button.card .title")
        titles = _titles(page)
        assert "Крикун" in titles and "Screamer" not in titles
        assert "Шатун" in titles and "Shambler" not in titles
        tr = translator("ru")
        effect = tr.pgettext("zombie-shedding:card", "any zombie of 3 points or less may follow it")
        assert effect != "any zombie of 3 points or less may follow it"
        assert effect in _subs(page)
        shot(page, "table-zombie-shedding-ru")
        page.select_option("#lang", "en")  # and back in English at once
        page.wait_for_function(
            "[...document.querySelectorAll('button.card .title')].some((n) => n.textContent === 'Screamer')"
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
        page.wait_for_selector("button.card .title")
        tr = translator("ru")
        english = "Set of 2 = 7 points. Otherwise 2 points each"  # Orthrus, in seat 0's hand (seed 1)
        russian = tr.pgettext("overlords:card", english)
        assert russian != english
        page.wait_for_function(
            "([w]) => [...document.querySelectorAll('button.card .sub')].some((n) => n.textContent === w)",
            arg=[russian],
        )
        assert english not in _subs(page)
        assert "Orthrus" in _titles(page)  # the name is printed in English and stays so (the catalogue says)
        shot(page, "table-overlords-ru")
        assert page.errors == []
    finally:
        page.context.close()
