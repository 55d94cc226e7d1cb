"""The shedding game on a desktop, in Chromium: clicking a card of your hand that cannot be played
right as the pointer reaches it (the hover preview's question to the server still on its way)
opens the card large with the reason it cannot be played, as a tap on a phone does."""

from __future__ import annotations

from typing import Any

from .conftest import TURN_STYLED, new_table, open_page

UNPLAYABLE = "#board .zs-hand button.zs-card[aria-disabled=true]"
RACE = """(selector) => {
  const node = document.querySelector(selector);
  node.dispatchEvent(new MouseEvent('mouseenter'));
  node.dispatchEvent(new PointerEvent('pointerup', { pointerType: 'mouse', bubbles: true }));
}"""


def test_an_unplayable_card_clicked_at_once_opens_with_its_reason(server: str, browser: Any) -> None:
    t = new_table(server, "zombie-shedding", seed=3)
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(server + t["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        page.wait_for_selector(UNPLAYABLE)
        # The pointer arrives and clicks before the server answered the hover's question.
        page.evaluate(RACE, UNPLAYABLE)
        page.wait_for_selector("#board .zs-popover:not(.zs-hidden) .zs-why")
        assert page.inner_text("#board .zs-popover .zs-why").strip()
        assert not errors, errors
    finally:
        context.close()
