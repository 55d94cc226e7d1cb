"""Undo in Chromium: in a Zombie Overlord turn a person plays a Supply from hand by
clicking it, takes it back with the Undo button (or Ctrl+Z), and the card is in hand again, for the
mover and for the other person at the table; the button is enabled only when the server says so.
Once on a 1280x800 desktop, once on a 390x844 phone."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from .conftest import open_page, shot

# The Supplies the hand shows: its pieces are grouped by kind ("Supply ×4").
SUPPLIES = """() => [...document.querySelectorAll('#board .zo-hand')]
  .filter((n) => /Supply/.test((n.querySelector('.title') || {}).textContent || ''))
  .reduce((sum, n) => sum + Number((/×(\\d+)/.exec(n.textContent) || [0, 1])[1]), 0)"""


def _two_people(server: str) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    response = httpx.post(server + "/api/tables", json={"game": "zombie-overlord", "seed": 2, "seats": seats})
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


def _index(page: Any) -> int:
    return int(page.evaluate("() => window.deadtable.newest().index"))


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_supply_played_and_taken_back_goes_back_to_hand(server, browser, width, height):
    t = _two_people(server)
    mover = httpx.get(f"{server}/api/tables/{t['id']}").json()["to_act"]
    mine_ctx, mine, mine_errors = open_page(browser, width, height)
    other_ctx, other, other_errors = open_page(browser, 1280, 800)
    try:
        mine.goto(server + t["seats"][mover]["link"])
        other.goto(server + t["seats"][1 - mover]["link"])
        for p in (mine, other):
            p.wait_for_selector("#undo-button")
            assert p.is_disabled("#undo-button")  # nothing played yet
        mine.wait_for_function("() => document.body.dataset.turn === 'yes'")
        in_hand = mine.evaluate(SUPPLIES)
        assert in_hand >= 1
        # The Supply is clicked as a person would: the table enters the Purchase Phase and plays it.
        supply = mine.locator("#board .zo-hand", has_text="Supply").first
        supply.click()
        menu = mine.locator(".zo-menu [data-action='play supply']")
        if menu.count():
            menu.first.click()
        played_one = f"() => ({SUPPLIES})() === {in_hand - 1} && document.body.dataset.turn === 'yes'"
        mine.wait_for_function(played_one)
        played = _index(mine)
        assert played >= 1
        mine.wait_for_function("() => !document.getElementById('undo-button').disabled")
        other.wait_for_function(f"() => window.deadtable.newest().index === {played}")
        assert other.is_disabled("#undo-button")  # the other seat cannot take back another's move
        theirs = "() => window.deadtable.send({ type: 'undo', index: window.deadtable.newest().index })"
        other.evaluate(theirs)
        other.wait_for_selector("#undo-bar .undo-note.error")  # refused by the server, in words
        assert "no move of yours" in other.inner_text("#undo-bar")
        assert mine.inner_text("#undo-bar").strip() == "Undo"  # the button alone: no note yet
        shot(mine, f"undo-before-{width}")
        mine.click("#undo-button")
        mine.wait_for_function(f"() => window.deadtable.state().index === {played - 1}")
        mine.wait_for_function(f"() => ({SUPPLIES})() === {in_hand}")
        for p in (mine, other):
            p.wait_for_function(f"() => window.deadtable.state().index === {played - 1}")
            p.wait_for_function("() => /took back a move/.test(document.getElementById('log').textContent)")
        assert "Supply" not in mine.inner_text("#log").split("took back a move")[-1]
        assert mine.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot(mine, f"undo-after-{width}")
        # Ctrl+Z takes back the rest of the turn (entering the phase), then there is nothing left.
        while _index(mine) > 0:
            before = _index(mine)
            mine.wait_for_function("() => !document.getElementById('undo-button').disabled")
            mine.keyboard.press("Control+z")
            mine.wait_for_function(f"() => window.deadtable.newest().index === {before - 1}")
        mine.wait_for_function("() => document.getElementById('undo-button').disabled")
        assert not mine_errors and not other_errors, mine_errors + other_errors
    finally:
        mine_ctx.close()
        other_ctx.close()
