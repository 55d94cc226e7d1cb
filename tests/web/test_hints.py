"""Hints at casual tables in Chromium: the lobby's "Hints (casual table)" box makes a
table where everyone reads that hints are on; the person to act clicks "Hint", the bot's move is
written under the board and the piece that leads to it is outlined. A table without hints shows
neither. Once on a 1280x800 desktop, once on a 390x844 phone."""

from __future__ import annotations

import httpx
import pytest

from .conftest import open_page, shot

HINTED = """() => [...document.querySelectorAll('#board .hinted')]
  .map((n) => JSON.parse(n.dataset.actions))"""


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_hint_is_written_under_the_board_and_its_piece_outlined(server, browser, width, height):
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(server + "/")
        page.wait_for_selector("#seats .seat-row")
        page.select_option("#game", "zombie-overlord")
        page.check("#hints")
        page.click("#create-button")
        page.wait_for_url("**/t/*#seat=0&token=*")
        table_id = page.url.split("/t/")[1].split("#")[0]
        assert httpx.get(f"{server}/api/tables/{table_id}").json()["hints"] is True
        page.wait_for_selector("#hint-bar .hint-on")
        assert "Hints are on at this table" in page.inner_text("#hint-bar")
        page.wait_for_function("() => document.body.dataset.turn === 'yes'")
        page.wait_for_selector("#hint-button")
        assert page.locator("#board .hinted").count() == 0
        page.click("#hint-button")
        page.wait_for_selector("#hint-text")
        hint = page.evaluate("() => window.deadtable.newest()")
        text = page.inner_text("#hint-text")
        action = page.get_attribute("#hint-text", "data-action")
        assert action in hint["legal"]
        assert text.startswith("The search bot (IS-MCTS) would play: ")  # the strongest bot, named
        assert f"“{action}”" not in text  # in words
        page.wait_for_function("() => document.querySelectorAll('#board .hinted').length > 0")
        marked = page.evaluate(HINTED)
        assert all(action in actions for actions in marked)
        assert len(marked) < page.locator("#board [data-actions]").count()  # the move's pieces, not all
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot(page, f"hint-{width}")
        assert not errors, errors
    finally:
        context.close()


def test_a_table_without_hints_shows_no_hint_button(server, browser):
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}]
    made = httpx.post(server + "/api/tables", json={"game": "zombie-overlord", "seed": 2, "seats": seats})
    made.raise_for_status()
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(server + made.json()["seats"][0]["link"])
        page.wait_for_function("() => document.body.dataset.turn === 'yes'")
        page.wait_for_selector("#undo-bar")  # the page's own bars are drawn
        assert page.locator("#hint-button").count() == 0
        assert page.inner_text("#hint-bar").strip() == ""
        assert not errors, errors
    finally:
        context.close()
