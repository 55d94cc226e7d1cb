"""The shedding game on a 390x844 phone: when your turn comes, your hand (its first card) is on the
first screen, without scrolling."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import TURN_STYLED, new_table, open_page, shot

PLACES = """() => Object.fromEntries(['#board', '.zs-info', '.zs-seats', '.zs-prompt', '.zs-middle',
  '.zs-hand'].map((s) => { const n = document.querySelector(s);
  return [s, n ? Math.round(n.getBoundingClientRect().top + window.scrollY) : null]; }))"""


@pytest.mark.parametrize("players", [2, 4])
def test_the_hand_is_on_the_first_screen_of_a_phone(server: str, browser: Any, players: int) -> None:
    t = new_table(server, "zombie-shedding", seed=3, players=players)
    context, page, errors = open_page(browser, 390, 844)
    try:
        page.goto(server + t["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        page.wait_for_selector("#board .zs-hand button.zs-card")
        places = page.evaluate(PLACES)
        playable = page.locator("#board .zs-hand button.zs-card").first.bounding_box()
        assert playable is not None
        shot(page, f"zombie-shedding-phone-first-screen-{players}")
        assert page.evaluate("window.scrollY") == 0
        assert playable["y"] + playable["height"] / 2 <= 844, (places, playable)  # most of the card shows
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert not errors, errors
    finally:
        context.close()
