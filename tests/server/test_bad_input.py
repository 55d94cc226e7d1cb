"""Bad input never crashes a table: each gets a clear error; the table and its record are unchanged."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import create, next_of, next_state


@pytest.fixture
def table(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    hub = client.app.state.hub
    lt = hub.tables[t["id"]]
    seat = lt.state.current_player
    return {"t": t, "id": t["id"], "lt": lt, "seat": seat, "other": 1 - seat, "hub": hub}


def _unchanged(client, table, index: int = 0) -> None:
    lt = table["lt"]
    assert lt.index == index
    assert table["hub"].store.count_actions(table["id"]) == index
    assert client.get(f"/api/tables/{table['id']}").json()["index"] == index


def _refused_hello(client, path: str, hello, code: str, words: str) -> None:
    with client.websocket_connect(path) as ws:
        if hello is not None:
            if isinstance(hello, bytes):
                ws.send_bytes(hello)
            else:
                ws.send_json(hello)
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == code, err
        assert words in err["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code in (4403, 4404)


def test_unknown_table(client, table):
    _refused_hello(client, "/ws/tables/no-such-table", None, "no-table", "no table 'no-such-table'")
    _unchanged(client, table)


def test_unknown_seat_forged_missing_token_and_bot_seat(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    path = f"/ws/tables/{t['id']}"
    token = t["seats"][0]["token"]
    _refused_hello(client, path, {"type": "hello", "seat": 5, "token": token}, "no-seat", "no seat 5")
    _refused_hello(client, path, {"type": "hello", "seat": "0", "token": token}, "bad-seat", "number")
    _refused_hello(client, path, {"type": "hello", "seat": 0}, "no-token", "secret token")
    _refused_hello(
        client, path, {"type": "hello", "seat": 0, "token": token[:-2] + "xx"}, "bad-token", "does not belong"
    )
    _refused_hello(client, path, {"type": "hello", "seat": 1, "token": token}, "bot-seat", "played by a bot")
    _refused_hello(client, path, {"type": "act", "action": "pass", "index": 0}, "no-hello", "hello first")
    _refused_hello(client, path, b"\x00\xff", "binary", "binary")


def test_another_seats_token_does_not_work(client, table):
    t = table["t"]
    _refused_hello(
        client,
        f"/ws/tables/{table['id']}",
        {"type": "hello", "seat": 0, "token": t["seats"][1]["token"]},
        "bad-token",
        "does not belong to seat 0",
    )


def _seated(client, table, seat):
    ws = client.websocket_connect(f"/ws/tables/{table['id']}")
    conn = ws.__enter__()
    conn.send_json({"type": "hello", "seat": seat, "token": table["t"]["seats"][seat]["token"]})
    return ws, conn, next_state(conn)


@pytest.mark.parametrize(
    "send, code, words",
    [
        ({"type": "act", "action": "fly to the moon", "index": 0}, "illegal", "fly to the moon"),
        ({"type": "act", "action": "place 9 a1", "index": 0}, "illegal", "9"),
        ({"type": "act", "action": "", "index": 0}, "bad-action", "action"),
        ({"type": "act", "action": 42, "index": 0}, "bad-action", "action"),
        ({"type": "act", "action": "pass"}, "bad-index", "index"),
        ({"type": "act", "action": "pass", "index": "0"}, "bad-index", "index"),
        ({"type": "act", "action": "x" * 1000, "index": 0}, "bad-action", "at most"),
        ({"type": "dance"}, "bad-type", "unknown message type"),
        ({"type": "hello", "seat": 0, "token": "t"}, "hello-again", "already"),
        ("not json {", "not-json", "JSON object"),
        ("[1, 2, 3]", "not-json", "JSON object"),
        ("[" * 100_000, "too-large", "too large"),
        ("x" * 200_000, "too-large", "too large"),
        (b"\x00\x01binary", "binary", "binary"),
    ],
)
def test_bad_messages_from_the_seat_to_act(client, table, send, code, words):
    ws, conn, _ = _seated(client, table, table["seat"])
    try:
        if isinstance(send, bytes):
            conn.send_bytes(send)
        elif isinstance(send, str):
            conn.send_text(send)
        else:
            conn.send_json(send)
        err = next_of(conn, "error")
        assert err["code"] == code and words in err["message"], err
        _unchanged(client, table)
        # The connection and the table still work.
        conn.send_json({"type": "ping"})
        assert next_of(conn, "pong") == {"type": "pong"}
    finally:
        ws.__exit__(None, None, None)


def test_acting_out_of_turn_is_refused(client, table):
    ws, conn, _msg = _seated(client, table, table["other"])
    try:
        legal = [str(a) for a in table["lt"].state.legal_actions()]
        conn.send_json({"type": "act", "action": legal[0], "index": 0})
        err = next_of(conn, "error")
        assert err["code"] == "not-your-turn" and "not your turn" in err["message"]
        _unchanged(client, table)
    finally:
        ws.__exit__(None, None, None)


def test_spectators_cannot_act(client, table):
    with client.websocket_connect(f"/ws/tables/{table['id']}") as conn:
        conn.send_json({"type": "hello"})
        next_state(conn)
        legal = [str(a) for a in table["lt"].state.legal_actions()]
        conn.send_json({"type": "act", "action": legal[0], "index": 0})
        err = next_of(conn, "error")
        assert err["code"] == "spectator"
    _unchanged(client, table)


def test_a_replayed_or_stale_action_is_refused(client, table):
    ws, conn, msg = _seated(client, table, table["seat"])
    try:
        action = msg["legal"][0]
        conn.send_json({"type": "act", "action": action, "index": 0})
        assert next_state(conn)["index"] == 1
        before = table["lt"].state.key()
        conn.send_json({"type": "act", "action": action, "index": 0})  # the same message again
        err = next_of(conn, "error")
        assert err["code"] == "stale" and "move 0" in err["message"] and "move 1" in err["message"]
        conn.send_json({"type": "act", "action": action, "index": 7})  # from the future
        assert next_of(conn, "error")["code"] == "stale"
        assert table["lt"].state.key() == before
        _unchanged(client, table, index=1)
    finally:
        ws.__exit__(None, None, None)
