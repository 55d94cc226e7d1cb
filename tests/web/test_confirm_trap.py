"""A Zombie Overlord Trap's ability is asked before it is used, in Chromium at a desktop and a phone
size: one tap on the Trap in the hub enters the Action Phase (a step that shows nothing) and then
waits in the box, naming the Trap, before the ability is used (`Game.asks_first`); Cancel leaves the
Trap active and unused, with its ability still offered; "Make the move" uses it."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import httpx
import pytest

from .conftest import CONFIRM_ON, TURN_STYLED, open_page

# Seed 10, two seats: after these moves P2 is in the hub of its turn with two Traps placed last
# turn; the first (Purchase Row slot 4's, placed as "food-10") has an ability used once per turn.
SEED = 10
MOVES = [
    "end turn", "purchase", "play supply", "play supply", "buy trap 4", "play supply",
    "end purchasing", "end turn", "attack", "attack p2 with minion", "attack p2 with minion",
    "end attack", "end turn", "purchase", "play supply", "play supply", "play supply", "buy trap 3",
    "play supply", "end purchasing", "end turn", "attack", "end attack", "end turn", "action",
    "place food-10", "place food-02", "end actions",
]  # fmt: skip
MOVER = 1
USE = "use trap 1 once per turn"
TRAP = "#board .zo-player[data-seat='1'] .zo-base button.zo-trap"


def _play(server: str, table: dict[str, Any]) -> None:
    """Both seats' moves over their sockets, each waiting for the state it made."""
    from websockets.sync.client import connect

    url = server.replace("http", "ws") + f"/ws/tables/{table['id']}"
    state = httpx.get(f"{server}/api/tables/{table['id']}").json()
    with contextlib.ExitStack() as stack:
        sockets = []
        for seat, info in enumerate(table["seats"]):
            ws = stack.enter_context(connect(url))
            ws.send(json.dumps({"type": "hello", "seat": seat, "token": info["token"]}))
            sockets.append(ws)
        to_act = state["to_act"]
        for index, text in enumerate(MOVES):
            ws = sockets[to_act]
            ws.send(json.dumps({"type": "act", "action": text, "index": index}))
            while True:
                msg = json.loads(ws.recv(timeout=30))
                assert msg["type"] != "error", (text, msg)
                if msg["type"] == "state" and msg["index"] == index + 1:
                    to_act = msg["to_act"]
                    break
    assert to_act == MOVER


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_trap_tap_is_asked_and_cancel_keeps_the_trap(server, browser, width, height):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    spec = {"game": "zombie-overlord", "seed": SEED, "seats": seats}
    response = httpx.post(server + "/api/tables", json=spec)
    response.raise_for_status()
    table = response.json()
    _play(server, table)
    context, page, errors = open_page(browser, width, height)
    context.add_init_script(CONFIRM_ON)
    try:
        page.goto(server + table["seats"][MOVER]["link"])
        page.wait_for_function(TURN_STYLED)
        page.wait_for_function("document.body.dataset.cardTexts === 'loaded'")
        hub = len(MOVES)
        trap = page.locator(TRAP).first
        assert json.loads(trap.get_attribute("data-actions") or "[]") == ["action"]
        trap.click()
        # The Action Phase is entered at once (nothing shown); the ability waits for the answer.
        page.wait_for_selector("#confirm-box")
        assert page.evaluate("window.deadtable.newest().index") == hub + 1
        assert USE in page.evaluate("window.deadtable.newest().confirm")
        what = page.inner_text("#confirm-what")
        assert what.endswith("cannot be taken back. Make it?") and ":" in what, what
        assert "use trap" not in what  # the Trap's name, never the move's text
        page.click("#confirm-no")
        assert page.locator("#confirm-box").count() == 0
        page.wait_for_timeout(400)
        newest = page.evaluate("window.deadtable.newest()")
        assert newest["index"] == hub + 1 and USE in newest["legal"]
        assert "inactive" not in page.locator(TRAP).first.inner_text()
        # Again, on the Trap now in the Action Phase, and made.
        page.locator(TRAP).first.click()
        page.wait_for_selector("#confirm-box")
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.deadtable.newest().index > {hub + 1}")
        assert USE not in page.evaluate("window.deadtable.newest().legal")
        assert errors == []
    finally:
        context.close()
