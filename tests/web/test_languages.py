"""The browser in Spanish and Russian: the language follows Accept-Language, the switch changes it
and is remembered, the table and its rules panel (with the house rulings in force) are translated."""

from __future__ import annotations

from typing import Any

import httpx

from .conftest import shot


def _new_page(browser: Any, locale: str) -> Any:
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale=locale, reduced_motion="reduce"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def _text(page: Any, selector: str) -> str:
    return str(page.locator(selector).first.inner_text())


def test_lobby_language_defaults_from_accept_language_and_the_switch_is_remembered(server, browser):
    page = _new_page(browser, "es-ES")
    try:
        page.goto(server + "/")
        page.wait_for_function("document.documentElement.lang === 'es'")
        assert _text(page, "#create h2") == "Nueva mesa"
        assert _text(page, "#create-button") == "Crear y jugar"
        page.wait_for_selector("#game option", state="attached")
        shot(page, "lobby-es")
        page.select_option("#lang", "ru")
        page.wait_for_function("document.documentElement.lang === 'ru'")
        assert _text(page, "#create h2") == "Новый стол"
        page.wait_for_function("document.querySelector('.seat-row .kind option').textContent === 'человек'")
        page.reload()  # remembered in this browser, although it still asks for Spanish
        page.wait_for_function("document.documentElement.lang === 'ru'")
        assert _text(page, "#create-button") == "Создать и играть"
        assert page.evaluate("localStorage.getItem('deadtable.lang')") == "ru"
        page.wait_for_selector("#game option", state="attached")
        page.select_option("#game", "zombie-shedding")  # the options' labels in the language too
        assert _text(page, "label[for='opt-mode']") == "Режим"
        shot(page, "lobby-ru")
        assert "deadtable_lang=ru" in page.evaluate("document.cookie")
        assert page.errors == []
    finally:
        page.context.close()


CASES = {
    "es": {
        "actions": "Tus acciones",
        "rules": "Reglas",
        "in_force": "Resoluciones de la casa en vigor",
        "refused": "No está permitido: ",
    },
    "ru": {
        "actions": "Ваши действия",
        "rules": "Правила",
        "in_force": "Действующие домашние уточнения правил",
        "refused": "Нельзя: ",
    },
}


def test_a_table_and_its_rules_panel_in_spanish_and_russian(server, browser):
    # A Carson City Zoo table against a bot, played from the seat's link.
    created = httpx.post(
        server + "/api/tables",
        json={
            "game": "carson-zoo",
            "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}],
        },
    ).json()
    page = _new_page(browser, "en-US")
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function("document.body.dataset.turn === 'yes'")
        assert _text(page, "#actions-panel h2") == "Your actions"
        # One move, so that the bot answers and the log tells both.
        before = int(page.evaluate("document.body.dataset.index"))
        page.locator(".hand button.char:not([disabled],[aria-disabled=true])").first.click()
        page.locator(".cell.target").first.click()
        page.wait_for_function(f"Number(document.body.dataset.index) >= {before + 2}")
        for lang, words in CASES.items():
            page.select_option("#lang", lang)
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            page.wait_for_function(f"window.deadtable.state() && window.deadtable.state().lang === '{lang}'")
            assert _text(page, "#actions-panel h2") == words["actions"]
            assert _text(page, "#rules-button") == words["rules"]
            # The log comes from the server in this language: the game's narration, as the view tells it.
            page.wait_for_function(
                "() => { const s = window.deadtable.state(); const told = s.view.log;"
                " const shown = [...document.querySelectorAll('#log li.play')].map((li) => li.textContent);"
                " return told.length > 0 && shown.slice(-told.length).join('|') === told.join('|'); }"
            )
            # A character onto a cell with a character on it: the server says why not, in this language.
            page.locator(".hand button.char:not([disabled],[aria-disabled=true])").first.click()
            page.locator(".cell:has(.piece)").first.click()
            page.wait_for_function(
                "([w]) => document.getElementById('hint').textContent.startsWith(w)", arg=[words["refused"]]
            )
            hint = _text(page, "#hint")
            assert "(CZ-" in hint  # the rule it breaks
            page.locator(".hand button.char.selected").first.click()  # unselect
            page.click("#rules-button")
            page.wait_for_function(f"document.body.dataset.rules === '{lang}'")
            rules = _text(page, "#rules-text")
            assert len(rules) > 500
            assert "CZ-1" in _text(page, "#rulings-list") or page.locator("#rulings-list li").count() > 0
            shot(page, f"table-carson-zoo-{lang}")
            page.click("#rules-close")
        assert page.errors == []
    finally:
        page.context.close()

    # A Zombie Overlord table with its house-rule option (ZO-10, the round limit) changed.
    created = httpx.post(
        server + "/api/tables",
        json={
            "game": "zombie-overlord",
            "players": 2,
            "seed": 5,
            "options": {"rounds": 12},
            "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}],
        },
    ).json()
    for lang, words in CASES.items():
        page = _new_page(browser, lang)
        try:
            page.goto(server + created["spectate"])
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            page.click("#rules-button")
            page.wait_for_function(f"document.body.dataset.rules === '{lang}'")
            panel = _text(page, "#rules-in-force")
            assert words["in_force"] in panel
            # In words ("Round limit: 12"), never the option's name and raw value (`rounds = 12`).
            assert "ZO-10" in panel and ": 12" in panel and "rounds" not in panel
            assert page.locator("#rules-in-force li.changed[data-option='rounds']").count() == 1
            shot(page, f"rules-zombie-overlord-{lang}")
            assert page.errors == []
        finally:
            page.context.close()
