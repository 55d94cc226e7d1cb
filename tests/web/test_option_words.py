"""Options in words, in Chromium: the lobby's choices, the rules panel and the replay page say each
option and its value in the reader's language ("Round limit: no limit"), never the option's name and
raw value (`rounds = 0`); and the lobby offers only the player counts and choices a game accepts
together (the zombie shedding game's 3 versus 3 only with 6 players, Overlords' teams with 4)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from deadtable.i18n import translator

from .conftest import open_page

CODES = ("rounds =", "catch_up", "misfits =", "hired_hands", " = ")


def _page(browser: Any, lang: str) -> tuple[Any, Any, list[str]]:
    context, page, errors = open_page(browser, 1280, 800)
    context.add_init_script(f"localStorage.setItem('deadtable.lang', '{lang}')")
    return context, page, errors


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_the_rules_panel_and_the_replay_say_options_in_words(server, browser, lang):
    tr = translator(lang)
    created = httpx.post(
        server + "/api/tables",
        json={
            "game": "zombie-overlord",
            "players": 2,
            "seed": 3,
            "options": {"rounds": 3, "catch_up": 0},
            "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}],
        },
    ).json()
    context, page, errors = _page(browser, lang)
    try:
        page.goto(server + created["spectate"])
        page.click("#rules-button")
        page.wait_for_function(f"document.body.dataset.rules === '{lang}'")
        panel = page.inner_text("#rules-in-force")
        assert f"{tr._('Round limit')}: 3" in panel
        assert f"{tr._('Extra life for later players')}: {tr._('none (the printed set-up)')}" in panel
        assert f"{tr._('Card file')}: {tr._('the built-in set')}" in panel
        assert not [c for c in CODES if c in panel], panel
        # The finished game's replay lists the same options, in words.
        page.wait_for_function("document.body.dataset.over === 'yes'", timeout=120_000)
        page.goto(server + f"/replay/{created['id']}")
        page.wait_for_function(f"document.body.dataset.options === '{lang}'")
        page.click("#table-options summary")
        replay = page.inner_text("#table-options")
        assert tr._("Options at this table") in replay and f"{tr._('Round limit')}: 3" in replay
        assert not [c for c in CODES if c in replay], replay
        assert errors == []
    finally:
        context.close()


def test_the_lobby_says_choices_in_words_and_offers_only_what_fits(server, browser):
    tr = translator("es")
    context, page, errors = _page(browser, "es")
    try:
        page.goto(server + "/")
        page.wait_for_selector("#seats .seat-row")
        page.select_option("#game", "zombie-shedding")
        page.wait_for_selector("[data-option='teams']")
        teams = page.locator("[data-option='teams'] option")
        assert tr._("3 versus 3") in teams.all_inner_texts()
        assert tr._("Duel (2 players)") in page.locator("[data-option='mode'] option").all_inner_texts()
        disabled = (
            "(sel) => [...document.querySelector(sel).options].filter((o) => o.disabled).map((o) => o.value)"
        )
        page.select_option("#players", "4")
        assert "3v3" in page.evaluate(disabled, "[data-option='teams']")
        assert "duel" in page.evaluate(disabled, "[data-option='mode']")
        page.select_option("#players", "6")
        assert "3v3" not in page.evaluate(disabled, "[data-option='teams']")
        page.select_option("[data-option='teams']", "3v3")
        # Back to 4 players: 3 versus 3 no longer fits, and the nearest choice that does is taken.
        page.select_option("#players", "4")
        assert page.eval_on_selector("[data-option='teams']", "(s) => s.value") != "3v3"
        page.click("#create-button")
        page.wait_for_url("**/t/*")  # the table was made: what the lobby offered fits
        # Overlords: teams only with 4 players.
        page.goto(server + "/")
        page.wait_for_selector("#seats .seat-row")
        page.select_option("#game", "overlords")
        page.select_option("#players", "3")
        assert page.is_disabled("[data-option='teams']")
        page.select_option("#players", "4")
        assert page.is_enabled("[data-option='teams']")
        assert errors == []
    finally:
        context.close()


def test_rules_asked_before_the_catalogue_arrives_come_in_the_readers_language(server, browser):
    created = httpx.post(
        server + "/api/tables",
        json={"game": "carson-zoo", "players": 2, "seed": 5, "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()
    context, page, errors = _page(browser, "ru")
    held: list[Any] = []
    page.route("**/i18n/ru.json", lambda route: held.append(route))  # the catalogue is held back
    try:
        page.goto(server + created["seats"][0]["link"], wait_until="domcontentloaded")
        page.wait_for_function("document.getElementById('rules-button') !== null")
        page.click("#rules-button")  # before the page knows its language
        for _ in range(200):  # the held request reaches this thread's handler
            if held:
                break
            page.wait_for_timeout(25)
        assert held, "the catalogue was not asked for"
        assert page.evaluate("document.body.dataset.rules") is None  # nothing drawn without it
        held[0].continue_()
        page.wait_for_function("document.body.dataset.rules !== undefined")
        assert page.evaluate("document.body.dataset.rules") == "ru"
        assert translator("ru")._("Options at this table") in page.inner_text("#rules-in-force")
        assert errors == []
    finally:
        context.close()
