"""Undo after a phase ended by itself, in Chromium: a Zombie Overlord seat buys the last Trap it can
afford, the page leaves the Purchase Phase at once (nothing else is left to do in it), and Undo takes
that step back. The page stays where the seat went back to: it does not leave the phase again by
itself (which took the Undo back at once, and filled the log with notes). The purchase showed a new
card in the Purchase Row, so there is nothing more to take back: the button is disabled."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from .conftest import open_page

# Seed 2: after entering the Purchase Phase and playing the four Supplies, "buy trap 1" leaves
# nothing to buy; "end purchasing" is the one move left.
MOVES = ["purchase", "play supply", "play supply", "play supply", "play supply", "buy trap 1"]
SEND = "(text) => window.deadtable.send({type: 'act', action: text, index: window.deadtable.newest().index})"
NOTES = "() => (document.getElementById('log').textContent.match(/took back a move/g) || []).length"


def _newest(page: Any) -> int:
    return int(page.evaluate("() => window.deadtable.newest().index"))


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_undo_after_the_phase_ended_by_itself_stays_undone(server, browser, width, height):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    response = httpx.post(server + "/api/tables", json={"game": "zombie-overlord", "seed": 2, "seats": seats})
    response.raise_for_status()
    t = response.json()
    mover = httpx.get(f"{server}/api/tables/{t['id']}").json()["to_act"]
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(server + t["seats"][mover]["link"])
        page.wait_for_function("() => document.body.dataset.turn === 'yes'")
        for number, text in enumerate(MOVES, start=1):
            page.evaluate(SEND, text)
            page.wait_for_function(f"() => window.deadtable.newest().index >= {number}")
        # The phase is left by the page itself: one move more than were sent.
        left = len(MOVES) + 1
        page.wait_for_function(f"() => window.deadtable.state().index === {left}")
        assert page.evaluate("() => window.deadtable.newest().legal").count("end purchasing") == 0
        page.wait_for_function("() => !document.getElementById('undo-button').disabled")
        page.click("#undo-button")
        page.wait_for_function(f"() => window.deadtable.state().index === {left - 1}")
        page.wait_for_function(f"() => ({NOTES})() === 1")
        page.wait_for_timeout(1500)  # time enough for the page to have left the phase again
        assert _newest(page) == left - 1
        assert page.evaluate(NOTES) == 1
        assert page.evaluate("() => window.deadtable.newest().legal") == ["end purchasing"]
        assert page.is_disabled("#undo-button")
        assert page.locator("#board [data-control='end purchasing']").count() == 1
        assert not errors, errors
    finally:
        context.close()
