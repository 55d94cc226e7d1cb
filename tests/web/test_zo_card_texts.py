"""Zombie Overlord in the browser: card titles and ability texts instead of card ids.

The view keeps its ids ("ammo-07", "supply"); the renderer looks them up once per table and language
in GET /api/tables/{id}/cards. Names printed in English stay English; ability texts are translated.
"""

from __future__ import annotations

from typing import Any

from deadtable.core import game as find_game
from deadtable.i18n import translator

from .conftest import new_table, shot
from .test_languages import _new_page


def _all(page: Any, selector: str) -> list[str]:
    found = page.eval_on_selector_all(selector, "(ns) => ns.map((n) => n.textContent)")
    return [str(x) for x in found]


def test_zombie_overlord_shows_card_titles_and_translated_texts(server, browser):
    # Seed 3, two players: the Purchase Row is ammo-07, food-03, medicine-02, medicine-05, food-05;
    # seat 0 holds Supply and a Minion; the Wasteland shows Pharmacist, Camp Counselor, Stunt Driver.
    created = new_table(server, "zombie-overlord", 3, players=2)
    english = find_game("zombie-overlord").card_texts({})
    assert english is not None
    ammo = english["ammo-07"]["text"]
    russian = translator("ru").pgettext("zombie-overlord:card", ammo)
    assert ammo and russian != ammo
    page = _new_page(browser, "ru-RU")
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function("document.documentElement.lang === 'ru'")
        page.wait_for_function(
            "([w]) => [...document.querySelectorAll('button.card .sub')].some((n) => n.textContent === w)",
            arg=[russian],
        )
        titles = _all(page, "button.card .title")
        assert "AMMO" in titles and "ammo-07" not in titles
        assert "Supply" in titles and "supply" not in titles  # printed in English, stays English
        assert "Pharmacist" in titles and "pharmacist" not in titles
        assert ammo not in _all(page, "button.card .sub")
        shot(page, "table-zombie-overlord-ru")
        page.select_option("#lang", "en")  # the English texts once the language switches
        page.wait_for_function(
            "([w]) => [...document.querySelectorAll('button.card .sub')].some((n) => n.textContent === w)",
            arg=[ammo],
        )
        assert page.errors == []
    finally:
        page.context.close()
