"""On a 390x844 phone, at every decision of a game of each game, something the player can play is on
the screen without the player scrolling (the page brings a decision's first piece into view when the
board is taller than the screen: js/inview.js); the header keeps to one row, and Undo is within reach
(in the bar that stays at the bottom of the screen).

Each game is played by clicking its pieces against a random bot, seat 0 a person: Carson City Zoo
to its end, the others for their first `DECISIONS` decisions (the whole games of the three others
are checked the same way on the phone by their own tests: test_zombie_shedding_table.py,
test_overlords_table.py, test_zombie_overlord_table.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import TURN_STYLED, new_table, open_page, playable_on_the_first_screen
from .test_browser import _click_a_move, _wait_turn_or_over

WIDTH, HEIGHT = 390, 844
DECISIONS = 12
CAP = {"carson-zoo": 40}  # a whole game: each seat places or moves a dozen times at most

ANY_PLAYABLE = "() => !!document.querySelector('#board [data-actions]:not([disabled],[aria-disabled=true])')"
HEADER = "() => document.querySelector('header.top').getBoundingClientRect().height"
UNDO_IN_REACH = """() => {
  const b = document.getElementById('undo-button');
  if (!b) return null;
  const r = b.getBoundingClientRect();
  return r.bottom <= window.innerHeight && r.top >= 0;
}"""
# The language switch on a phone's table: the language's code, the whole of it shown, inside the
# screen; each option keeps the language's full name as its name.
LANGUAGE_SWITCH = """() => {
  const s = document.getElementById('lang');
  const r = s.getBoundingClientRect();
  return { shown: s.options[s.selectedIndex].textContent, names: [...s.options].map((o) => o.ariaLabel),
           inside: r.right <= window.innerWidth && r.left >= 0, cut: s.scrollWidth > s.clientWidth + 1 };
}"""


@pytest.mark.parametrize("game", ["carson-zoo", "zombie-shedding", "overlords", "zombie-overlord"])
def test_something_playable_is_on_the_first_screen_at_every_decision(
    server: str, browser: Any, game: str
) -> None:
    table = new_table(server, game, seed=5, players=2, opponent="random")
    context, page, errors = open_page(browser, WIDTH, HEIGHT)
    try:
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        assert page.evaluate(HEADER) <= 64  # one row (a 44-pixel control and its padding)
        switch = page.evaluate(LANGUAGE_SWITCH)
        assert switch == {
            "shown": "EN",
            "names": ["English", "Español", "Русский"],
            "inside": True,
            "cut": False,
        }
        decisions = 0
        while decisions < CAP.get(game, DECISIONS) and _wait_turn_or_over(page):
            page.wait_for_function("document.body.dataset.moving !== 'yes'")
            if not page.evaluate(ANY_PLAYABLE):  # the page is carrying a click's several moves on
                page.wait_for_timeout(200)
                continue
            playable_on_the_first_screen(page, f"{game}-{decisions}")
            assert page.evaluate(UNDO_IN_REACH), (game, decisions)
            before = page.evaluate("Number(document.body.dataset.index)")
            _click_a_move(page, game)
            page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
            decisions += 1
        assert decisions >= min(CAP.get(game, DECISIONS), 6)
        assert not errors, errors
    finally:
        context.close()


# A finger held on a piece: pointerdown, then (after `hold` ms) pointerup and the click that ends a tap.
PRESS = """([selector, phase]) => {
  const node = document.querySelector(selector);
  const r = node.getBoundingClientRect();
  const at = { pointerType: 'touch', isPrimary: true, bubbles: true, clientX: r.x + 8, clientY: r.y + 8 };
  if (phase === 'down') node.dispatchEvent(new PointerEvent('pointerdown', at));
  else {
    node.dispatchEvent(new PointerEvent('pointerup', at));
    const click = { bubbles: true, detail: 1, clientX: at.clientX, clientY: at.clientY };
    node.dispatchEvent(new MouseEvent('click', click));
  }
}"""
CARDS = {
    "zombie-shedding": ("#board .zs-hand button.zs-card.zs-playable", "#board .zs-popover:not(.zs-hidden)"),
    "overlords": ("#board .ovl-mine .ovl-card.playable", ".ovl-pop"),
    "zombie-overlord": ("#board .zo-hand.playable", ".zo-details:not(.hidden)"),
}


@pytest.mark.parametrize("game", sorted(CARDS))
def test_a_long_press_shows_a_playable_card_large_and_plays_nothing(
    server: str, browser: Any, game: str
) -> None:
    card, large = CARDS[game]
    table = new_table(server, game, seed=3, players=2, opponent="greedy")
    size = {"width": WIDTH, "height": HEIGHT}
    context = browser.new_context(viewport=size, reduced_motion="reduce", has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        page.wait_for_selector(card)
        before = page.evaluate("window.deadtable.newest().index")
        page.evaluate(PRESS, [card, "down"])
        page.wait_for_timeout(700)
        page.evaluate(PRESS, [card, "up"])
        page.wait_for_selector(large)
        page.wait_for_timeout(400)
        assert page.evaluate("window.deadtable.newest().index") == before  # the press played nothing
        assert page.evaluate("document.body.dataset.moving") != "yes"
        assert not errors, errors
    finally:
        context.close()
