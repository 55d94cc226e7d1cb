"""A piece you cannot play, by keyboard, in Chromium at a desktop and a phone size: it is
`aria-disabled`, never `disabled`, so it takes the focus (Tab and the arrow keys reach it) and a
screen reader reads it as unavailable; Enter or Space on it says why in words, shown under the board
and read out through the polite live region, and never makes a move.

Zombie Overlord's Purchase Row card you cannot afford says its cost (the server's reason, RULINGS
ZO-5), by keyboard and, opened large, by a tap; the shedding game's card that does not fit says why
and opens the card large, as a tap does.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import TURN_STYLED, new_table, open_page

# Seed 4: P1 starts with 4 purchase points in hand; Purchase Row slot 5's Trap costs 5.
ZO_UNAFFORDABLE = "#board .zo-row[data-probe='buy trap 5']"
SHEDDING_UNPLAYABLE = "#board .zs-hand button.zs-card[aria-disabled=true]"
HIDE_TOAST = """() => {
  const box = document.getElementById('toast');
  box.textContent = '';
  box.classList.add('hidden');
}"""
ANNOUNCED = "(words) => [...document.querySelectorAll('#announce p')].some((p) => p.textContent === words)"
FOCUSED = "(selector) => document.activeElement === document.querySelector(selector)"


def _tell(page: Any, selector: str, key: str) -> str:
    """Focus the piece at `selector`, press `key`, and return what the toast under the board says."""
    before = page.evaluate("() => window.deadtable.newest().index")
    page.evaluate(HIDE_TOAST)
    page.focus(selector)
    assert page.evaluate(FOCUSED, selector)  # a disabled button could not take the focus
    page.keyboard.press(key)
    page.wait_for_function("() => !document.getElementById('toast').classList.contains('hidden')")
    said = page.inner_text("#toast").strip()
    page.wait_for_function(ANNOUNCED, arg=said)
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.deadtable.newest().index") == before  # no move was made
    assert page.locator("#confirm-box").count() == 0
    return said


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_an_unaffordable_trap_says_its_cost_by_keyboard(
    server: str, browser: Any, width: int, height: int
) -> None:
    table = new_table(server, "zombie-overlord", seed=4, opponent="greedy")
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        page.wait_for_function("document.body.dataset.cardTexts === 'loaded'")
        card = page.locator(ZO_UNAFFORDABLE)
        assert card.get_attribute("aria-disabled") == "true" and card.get_attribute("disabled") is None
        assert card.get_attribute("data-actions") == "[]"
        cost = card.locator(".zo-cost").first.inner_text().strip()
        said = _tell(page, ZO_UNAFFORDABLE, "Enter")
        assert f"costs {cost}" in said, said
        assert _tell(page, ZO_UNAFFORDABLE, " ") == said
        # The arrow keys walk onto it as onto any piece (the larger card closed first).
        page.keyboard.press("Escape")
        page.focus(ZO_UNAFFORDABLE)
        page.keyboard.press("ArrowLeft")
        assert not page.evaluate(FOCUSED, ZO_UNAFFORDABLE)
        page.keyboard.press("ArrowRight")
        assert page.evaluate(FOCUSED, ZO_UNAFFORDABLE)
        # A tap (or a click) opens the card large with the same reason, and makes no move either.
        page.keyboard.press("Escape")
        page.locator(ZO_UNAFFORDABLE).click(force=True)  # aria-disabled: Playwright would wait
        page.wait_for_selector(".zo-details:not(.hidden) .zo-why")
        assert page.inner_text(".zo-details .zo-why").strip() == said
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_card_that_does_not_fit_says_why_by_keyboard(
    server: str, browser: Any, width: int, height: int
) -> None:
    table = new_table(server, "zombie-shedding", seed=3)
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        page.wait_for_selector(SHEDDING_UNPLAYABLE)
        said = _tell(page, SHEDDING_UNPLAYABLE, "Enter")
        assert said and said != "You cannot play this now."
        page.wait_for_selector("#board .zs-popover:not(.zs-hidden) .zs-why")
        assert page.inner_text("#board .zs-popover .zs-why").strip() == said
        assert not errors, errors
    finally:
        context.close()
