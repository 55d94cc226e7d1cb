"""Overlords for 2 players, in Chromium at a desktop and a phone size: the seat that plays the dummy
this turn holds 9 cards where the rules deal 8 (it took the top card of the dummy's hand, rulebook
XIII), and the board says why beside the prompt while it recruits for itself and for the dummy; on
the next turn, when the other seat plays the dummy, the note is gone."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import TURN_STYLED, new_table, open_page
from .test_browser import _wait_turn_or_over

NOTE = "#board .ovl-prompt .ovl-dummy-note"
HAND = "#board .ovl-mine .ovl-card"


def _recruit(page: Any) -> None:
    before = page.evaluate("Number(document.body.dataset.index)")
    page.locator("#board .ovl-mine .ovl-card.playable").first.click()
    page.wait_for_function(f"Number(document.body.dataset.index) > {before}")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_dummys_extra_card_is_explained(server: str, browser: Any, width: int, height: int) -> None:
    table = new_table(server, "overlords", seed=3, opponent="greedy")
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        page.wait_for_selector(NOTE)
        assert page.evaluate("window.deadtable.state().view.dummy_controller") == 0
        assert page.locator(HAND).count() == 9
        assert "one card more" in page.inner_text(NOTE)
        assert page.locator(NOTE).is_visible()
        _recruit(page)  # your own recruit; the dummy's comes next, still explained
        assert _wait_turn_or_over(page)
        assert "recruit-for-dummy" in {a["kind"] for a in page.evaluate("window.deadtable.newest().actions")}
        assert page.locator(NOTE).count() == 1
        _recruit(page)
        assert _wait_turn_or_over(page)  # the next turn: the other seat plays the dummy
        assert page.evaluate("window.deadtable.state().view.dummy_controller") == 1
        assert page.locator(NOTE).count() == 0
        assert not errors, errors
    finally:
        context.close()
