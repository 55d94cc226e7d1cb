"""The replay page draws a game's board with the game's own stylesheet, as the table page does: an
Overlords game against a random bot is played to the end, and its replay shows the armies laid out
(a grid of armies, each army's head a row of parts), not the unstyled run of words
"P1Team A (P1+P3)top card…". On a desktop and on a 390x844 phone."""

from __future__ import annotations

from typing import Any

from .conftest import new_table, open_page, shot
from .test_review_page import _play_to_the_end


def test_the_replay_page_loads_the_games_stylesheet(server: str, browser: Any) -> None:
    t = new_table(server, "overlords", seed=1)
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(server + t["seats"][0]["link"])
        _play_to_the_end(page)
    finally:
        context.close()
    for width, height in ((1280, 800), (390, 844)):
        context, page, errors = open_page(browser, width, height)
        try:
            page.goto(f"{server}/replay/{t['id']}")
            page.wait_for_selector("#board .ovl-army-head")
            page.wait_for_function("() => document.body.dataset.gameStyle === 'loaded'")
            assert page.get_attribute("#game-style", "href") == "/games/overlords/renderer.css"
            assert (
                page.eval_on_selector("#board .ovl-army-head", "n => getComputedStyle(n).display") == "flex"
            )
            assert page.eval_on_selector("#board .ovl-armies", "n => getComputedStyle(n).display") == "grid"
            page.click("#last")
            page.wait_for_selector("#result:not(.hidden)")
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            shot(page, f"replay-overlords-{width}x{height}")
            assert not errors, errors
        finally:
            context.close()
