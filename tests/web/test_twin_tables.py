"""The browser table leaks nothing: seat 0's page reads the same in twin games.

Twin games (tests/surfaces/twins.py) differ only in what seat 0 cannot see. For one twin of each
game, both games are played at real tables of a live server: seat 0's page is open in Chromium, and
every move is sent by its seat over its own WebSocket. After every move the page's whole text, and
the state of its buttons, must be the same in both games (the table's random id set aside).
"""

from __future__ import annotations

import contextlib
import difflib
import json
from typing import Any

import httpx
import pytest

import deadtable
from deadtable.server.routes import tables as table_routes

from ..surfaces.test_server_twins import _Seed
from ..surfaces.twins import SEAT, Twin, hidden_moves, redealt
from .conftest import shot

MOVES = 30
READ_PAGE = """() => {
  const buttons = [...document.querySelectorAll('button')]
    .map(b => (b.disabled || b.ariaDisabled ? '-' : '+') + b.innerText);
  return document.body.innerText + '\\n' + buttons.join('|');
}"""


def _pick() -> list[pytest.param]:
    chosen = {
        "carson-zoo": "2p",
        "overlords": "3p",
        "zombie-overlord": "2p",
        "zombie-shedding": "alliances-2v2",
    }
    out = []
    for g in deadtable.games():
        v = next(v for v in g.variants() if v.name == chosen.get(g.id, v.name))
        twins = hidden_moves(g, v, 7, MOVES, most=1) or [redealt(g, v, 7, MOVES)]
        out += [pytest.param(t, id=f"{g.id}-{v.name}-{t.kind}") for t in twins]
    return out


def _play(server: str, page: Any, twin: Twin, second: bool) -> list[str]:
    from websockets.sync.client import connect

    actions = twin.actions(second)
    players = twin.variant.players
    created = httpx.post(server + "/api/tables", json=twin.table_spec())
    assert created.status_code == 201, created.text
    table = created.json()
    table_id = table["id"]
    ws_url = server.replace("http", "ws") + f"/ws/tables/{table_id}"
    with contextlib.ExitStack() as stack:
        sockets = []
        for seat in range(players):
            ws = stack.enter_context(connect(ws_url))
            ws.send(json.dumps({"type": "hello", "seat": seat, "token": table["seats"][seat]["token"]}))
            sockets.append(ws)
            _read_until(ws, 0)
        read = _moves(page, server, table, twin, actions, sockets, second)
    shot(page, f"twin-{twin.game.id}-{'second' if second else 'first'}")
    return read


def _read_until(ws: Any, index: int) -> None:
    """Read `ws` up to the state at `index`; a refusal fails the test."""
    while True:
        msg = json.loads(ws.recv(timeout=30))
        assert msg["type"] != "error", msg
        if msg["type"] == "state" and msg["index"] >= index:
            return


def _moves(
    page: Any,
    server: str,
    table: dict[str, Any],
    twin: Twin,
    actions: list[str],
    sockets: list[Any],
    second: bool,
) -> list[str]:
    table_id = table["id"]
    page.goto(server + table["seats"][SEAT]["link"])
    page.wait_for_function("document.body.dataset.index === '0'")
    # The game's stylesheet arrives after the first state is drawn; innerText follows the layout.
    page.wait_for_function("document.body.dataset.gameStyle === 'loaded'")
    if twin.game.id in ("zombie-overlord", "overlords"):  # the card texts too (GET /cards), or a
        page.wait_for_function("!!document.body.dataset.cardTexts")  # page reads a placeholder
    state = twin.starting_state(second)
    read = [page.evaluate(READ_PAGE).replace(table_id, "<table>")]
    for i, text in enumerate(actions):
        actor = state.current_player
        assert actor is not None
        sockets[actor].send(json.dumps({"type": "act", "action": text, "index": i}))
        for ws in sockets:  # every seat reads its table, as a browser would
            _read_until(ws, i + 1)
        page.wait_for_function(f"document.body.dataset.index === '{i + 1}'")
        read.append(page.evaluate(READ_PAGE).replace(table_id, "<table>"))
        state.apply(state.game.parse_action(state, text))
    return read


@pytest.mark.parametrize("twin", _pick())
def test_twin_tables_read_the_same_in_the_browser(
    server: str, page: Any, monkeypatch: pytest.MonkeyPatch, twin: Twin
) -> None:
    monkeypatch.setattr(twin.game, "new", twin.patched_new())
    monkeypatch.setattr(table_routes, "secrets", _Seed(twin.seed))
    first = _play(server, page, twin, second=False)
    monkeypatch.setattr(table_routes, "secrets", _Seed(twin.second_seed))
    second = _play(server, page, twin, second=True)
    assert len(first) == len(second) == twin.moves + 1
    for i, (a, b) in enumerate(zip(first, second, strict=True)):
        diff = "\n".join(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm="", n=1))
        assert a == b, f"seat 0's page read differently after move {i}:\n{diff}"
    assert not page.errors
