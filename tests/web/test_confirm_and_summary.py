"""Asking before a move that commits more than one click suggests, and the summary of what happened
since your last move, in Chromium: an Overlords recruit waits for "Make the move" (Cancel drops it),
the setting is remembered; an ordinary move of Carson City Zoo, the shedding game and Zombie
Overlord goes at once (a Trap's ability is asked: test_confirm_trap.py); after the bots' moves the
summary beside the board tells them in words, never as action texts."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import CONFIRM_ON, TURN_STYLED, new_table, open_page
from .test_browser import ONE_MOVE, _click_a_move, _index, _wait_turn_or_over


def _seat_page(
    browser: Any, server: str, game: str, confirm: bool, seed: int = 4
) -> tuple[Any, Any, list[str]]:
    context, page, errors = open_page(browser, 1280, 800)
    if confirm:
        context.add_init_script(CONFIRM_ON)
    table = new_table(server, game, seed=seed, players=2, opponent="greedy")
    page.goto(server + table["seats"][0]["link"])
    page.wait_for_function(TURN_STYLED)
    return context, page, errors


def test_a_final_move_waits_for_its_confirmation(server, browser):
    context, page, errors = _seat_page(browser, server, "overlords", confirm=True)
    try:
        assert page.is_checked("#confirm-moves")
        before = _index(page)
        assert page.evaluate(ONE_MOVE)
        page.wait_for_selector("#confirm-box")
        assert page.evaluate("document.activeElement.id") == "confirm-yes"
        # The box names the card clicked, in the words the piece shows, never the move's text.
        what = page.inner_text("#confirm-what")
        assert what.endswith("cannot be taken back. Make it?") and ":" in what, what
        assert "recruit " not in what
        page.wait_for_timeout(300)
        assert _index(page) == before  # nothing sent yet
        page.click("#confirm-no")
        assert page.locator("#confirm-box").count() == 0
        page.wait_for_timeout(300)
        assert _index(page) == before
        # Again, and this time confirmed (Enter on the focused button).
        assert page.evaluate(ONE_MOVE)
        page.wait_for_selector("#confirm-box")
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
        assert page.locator("#confirm-box").count() == 0
        # Turned off, remembered: the next move goes at once, also after a reload.
        page.uncheck("#confirm-moves")
        assert page.evaluate("localStorage.getItem('deadtable.confirm')") == "off"
        assert _wait_turn_or_over(page)
        before = _index(page)
        _click_a_move(page, "overlords")
        page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
        assert page.locator("#confirm-box").count() == 0
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize(
    "game,seed,width,height",
    [("carson-zoo", 6, 1280, 800), ("zombie-shedding", 3, 390, 844), ("zombie-overlord", 3, 390, 844)],
)
def test_an_ordinary_move_goes_at_once(server, browser, game, seed, width, height):
    # Carson City Zoo and the shedding game declare no move worth a question; Zombie Overlord's
    # End Turn cannot be taken back (it draws), yet it is what a player expects from the button.
    context, page, errors = open_page(browser, width, height)
    context.add_init_script(CONFIRM_ON)
    try:
        table = new_table(server, game, seed=seed, players=2, opponent="greedy")
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        assert page.evaluate("window.deadtable.newest().confirm") == []
        before = _index(page)
        if game == "zombie-overlord":
            page.locator("#board [data-control='end turn']").first.click()
        else:
            _click_a_move(page, game)
        page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
        assert page.locator("#confirm-box").count() == 0
        assert errors == []
    finally:
        context.close()


def test_the_summary_tells_the_others_moves_in_words(server, browser):
    context, page, errors = _seat_page(browser, server, "carson-zoo", confirm=False, seed=6)
    try:
        for _ in range(2):
            assert _wait_turn_or_over(page)
            before = _index(page)
            _click_a_move(page, "carson-zoo")
            page.wait_for_function(f"Number(document.body.dataset.index) > {before + 1}")
        assert _wait_turn_or_over(page)
        page.wait_for_function("Number(document.body.dataset.since) > 0")
        box = page.locator("#since")
        assert box.is_visible()
        lines = box.locator("li").all_inner_texts()
        assert lines and all(line.strip() for line in lines)
        # The bot's move in the log's words ("P2 places ..."), never its action text ("place 3 a1").
        assert any("P2" in line for line in lines)
        assert not [line for line in lines if line.startswith(("place ", "move "))]
        # Your own move starts it again: after it, only what followed, and never your own move
        # (the bot's reply comes with it, and without motion both are drawn in one frame).
        for _ in range(3):
            before = _index(page)
            _click_a_move(page, "carson-zoo")
            page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
            if not _wait_turn_or_over(page):
                break
            page.wait_for_function("Number(document.body.dataset.since) <= 2")
            lines = box.locator("li").all_inner_texts()
            assert lines and not [line for line in lines if line.startswith("P1 ")], lines
        assert errors == []
    finally:
        context.close()


def test_your_own_move_is_never_in_the_summary_when_the_others_answer_at_once(server, browser):
    """Three bots answer your move within a frame: without motion the page draws the burst once, yet
    the summary of what the others did starts after your move (the log drawn up to its state)."""
    context, page, errors = open_page(browser, 1280, 800)
    try:
        table = new_table(server, "carson-zoo", seed=6, players=4, opponent="greedy")
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        box = page.locator("#since")
        for _ in range(6):
            if not _wait_turn_or_over(page):
                break
            before = _index(page)
            _click_a_move(page, "carson-zoo")
            page.wait_for_function(f"Number(document.body.dataset.index) > {before + 1}")
            if not _wait_turn_or_over(page):
                break
            lines = box.locator("li").all_inner_texts()
            assert lines and not [line for line in lines if line.startswith("P1 ")], lines
        assert errors == []
    finally:
        context.close()
