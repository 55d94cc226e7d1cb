"""The online table leaks nothing: seat 0 receives the same bytes in twin games.

Twin games (twins.py) differ only in what seat 0 cannot see. Each is played at a real table of the
server (every seat a person with its own WebSocket, the moves sent by the seat that makes them), and
everything seat 0 can read is collected after every move: the state messages of its WebSocket and
the HTTP answers about the table (its summary, rules, cards, record and replay), and for a game with a
guided first game, the coach's answer after the last move (the tables have hints). The two collections
must be equal, byte for byte, once the table's own id (random) and its creation time are set aside.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "fastapi", reason="the online table needs the server extra: pip install 'deadtable[server]'"
)

from fastapi.testclient import TestClient

from deadtable.agents.coach import lesson
from deadtable.core.undo import UndoWindow
from deadtable.server import create_app
from deadtable.server.routes import tables as table_routes

from .twins import SEAT, Twin, every_twin

MOVES = 60
HTTP = ("", "/rules", "/cards", "/record", "/replay/0")


class _Seed:
    """Stands for the `secrets` module where the server draws a table's seed: this one, unchosen."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def randbits(self, bits: int) -> int:
        return self.seed


def _same_for_every_table(text: str, table_id: str) -> str:
    data = json.loads(text)
    if isinstance(data, dict):
        data.pop("created_at", None)
    return json.dumps(data, sort_keys=True, ensure_ascii=False).replace(table_id, "<table>")


def _received(ws: Any, index: int) -> str:
    """The raw text of the next state message at `index` or later; a refusal fails the test."""
    for _ in range(1000):
        text = ws.receive_text()
        msg = json.loads(text)
        if msg["type"] == "error":
            raise AssertionError(f"the table refused a move: {msg}")
        if msg["type"] == "state" and msg["index"] >= index:
            return str(text)
    raise AssertionError("no state arrived")


def _read_at_table(client: TestClient, twin: Twin, second: bool) -> list[str]:
    actions = twin.actions(second)
    players = twin.variant.players
    created = client.post("/api/tables", json={**twin.table_spec(), "hints": True})
    assert created.status_code == 201, created.text
    table_id = created.json()["id"]
    tokens = [s["token"] for s in created.json()["seats"]]
    state = twin.starting_state(second)
    window = UndoWindow()  # who may take back a move (deadtable/core/undo.py)
    read: list[str] = []

    def http() -> None:
        for path in HTTP:
            r = client.get(f"/api/tables/{table_id}{path}")
            read.append(f"{path} {r.status_code} " + _same_for_every_table(r.text, table_id))

    with contextlib.ExitStack() as stack:
        sockets: dict[int, Any] = {}
        for seat in [*range(1, players), SEAT]:  # seat 0 last: it reads the table with everyone there
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{table_id}"))
            ws.send_json({"type": "hello", "seat": seat, "token": tokens[seat]})
            sockets[seat] = ws
        read.append(_same_for_every_table(_received(sockets[SEAT], 0), table_id))
        http()
        for i, text in enumerate(actions):
            actor = state.current_player
            assert actor is not None
            sockets[actor].send_json({"type": "act", "action": text, "index": i})
            if actor != SEAT:
                _received(sockets[actor], i + 1)
            read.append(_same_for_every_table(_received(sockets[SEAT], i + 1), table_id))
            read.append(_same_for_every_table(client.get(f"/api/tables/{table_id}").text, table_id))
            window = window.play(state, state.game.parse_action(state, text))
        # The coach of a guided game (a table with hints, server/lessons.py) tells seat 0 the same:
        # what it decides, the rules met in its log, and at its turn the bot's move from its own view.
        if lesson(twin.game) is not None:
            sockets[SEAT].send_json({"type": "coach", "index": len(actions)})
            read.append(_same_for_every_table(_coach(sockets[SEAT]), table_id))
        # An undo twin: the seat to act takes back its last move when the game allows it, and seat 0
        # reads the table after it (the log says who took a move back, never which).
        actor = state.current_player
        if actor is not None and window.count(state, actor):
            sockets[actor].send_json({"type": "undo", "index": len(actions)})
            read.append(_same_for_every_table(_received_at(sockets[SEAT], len(actions) - 1), table_id))
        http()
    return read


def _coach(ws: Any) -> str:
    """The raw text of the next coach message; a refusal fails the test."""
    for _ in range(1000):
        text = ws.receive_text()
        msg = json.loads(text)
        if msg["type"] == "error":
            raise AssertionError(f"the coach refused: {msg}")
        if msg["type"] == "coach":
            return str(text)
    raise AssertionError("no coach message arrived")


def _received_at(ws: Any, index: int) -> str:
    """The raw text of the next state message at exactly `index` (an undo moves the index back)."""
    for _ in range(1000):
        text = _received(ws, 0)
        if json.loads(text)["index"] == index:
            return text
    raise AssertionError("no state arrived")


@pytest.mark.parametrize("twin", every_twin(7, MOVES))
def test_twin_tables_send_seat_0_the_same_bytes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, twin: Twin
) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.sqlite3'}", test_client=True)) as client:
        monkeypatch.setattr(twin.game, "new", twin.patched_new())
        monkeypatch.setattr(table_routes, "secrets", _Seed(twin.seed))
        first = _read_at_table(client, twin, second=False)
        monkeypatch.setattr(table_routes, "secrets", _Seed(twin.second_seed))
        second = _read_at_table(client, twin, second=True)
    coached = int(lesson(twin.game) is not None)
    assert len(first) == len(second)
    assert len(first) - (2 * twin.moves + 1 + 2 * len(HTTP) + coached) in (0, 1)
    for i, (a, b) in enumerate(zip(first, second, strict=True)):
        assert a == b, f"seat 0 read different things after move {(i - 1 - len(HTTP)) // 2}"
