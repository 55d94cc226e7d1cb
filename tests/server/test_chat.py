"""The table chat: stored on both stores, seats write, spectators read, text stays text,
refusals (too long, too fast, spectator) coded and in the reader's language, the last lines to a
newcomer, and the lines still there after the server starts again."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadtable.i18n import Message
from deadtable.server import chat, create_app, db
from deadtable.server.chat import CHAT_KEPT, CHAT_MOST, MAX_CHAT, TOO_LONG, too_fast
from deadtable.server.store import Store

from .conftest import create, next_of, next_state

MARKUP = '<img src=x onerror="alert(1)"><b>hi</b> & bye'


def _two_people(store: Store) -> str:
    table_id, _tokens = store.create_table(
        game="carson-zoo",
        players=2,
        seed=5,
        options={},
        seat_specs=[("human", None, "a"), ("human", None, "b")],
    )
    return table_id


def test_lines_are_stored_in_order_and_the_last_ones_read_back(store):
    table_id = _two_people(store)
    other = _two_people(store)
    written = [chat.add_line(store, table_id, k % 2, f"line {k}") for k in range(CHAT_KEPT + 3)]
    chat.add_line(store, other, 0, "elsewhere")
    assert [w.id for w in written] == sorted(w.id for w in written)
    last = chat.last_lines(store, table_id)
    assert [line.text for line in last] == [f"line {k}" for k in range(3, CHAT_KEPT + 3)]
    assert [line.seat for line in last[:2]] == [1, 0]
    assert [line.text for line in chat.last_lines(store, other)] == ["elsewhere"]
    # A second store on the same database (another process, or one after a restart) reads the same.
    again = Store(db.make_engine(str(store.engine.url.render_as_string(hide_password=False))))
    try:
        assert chat.last_lines(again, table_id, 2) == last[-2:]
    finally:
        again.engine.dispose()


def test_a_chat_log_merges_lines_once_and_in_order():
    log = chat.ChatLog()
    a, b, c = (chat.ChatLine(i, 0, str(i), "") for i in (1, 2, 3))
    assert log.merge([c, a]) == [a, c]
    assert log.merge([a, b, c]) == [b]
    assert log.lines == [a, b, c]


def _hello(ws: Any, t: dict[str, Any], seat: int | None, lang: str = "en") -> dict[str, Any]:
    hello: dict[str, Any] = {"type": "hello", "lang": lang}
    if seat is not None:
        hello |= {"seat": seat, "token": t["seats"][seat]["token"]}
    ws.send_json(hello)
    return next_state(ws)


def test_seats_write_everyone_reads_and_markup_stays_text(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    url = f"/ws/tables/{t['id']}"
    with (
        client.websocket_connect(url) as p0,
        client.websocket_connect(url) as p1,
        client.websocket_connect(url) as watcher,
    ):
        _hello(p0, t, 0)
        _hello(p1, t, 1)
        _hello(watcher, t, None)
        p0.send_json({"type": "chat", "text": "  " + MARKUP + "  "})
        for ws in (p0, p1, watcher):
            msg = next_of(ws, "chat")
            assert not msg["history"] and len(msg["lines"]) == 1
            assert msg["lines"][0]["seat"] == 0 and msg["lines"][0]["text"] == MARKUP  # trimmed, as written
        # A spectator reads, never writes.
        watcher.send_json({"type": "chat", "text": "hello from the rail"})
        refusal = next_of(watcher, "error")
        assert refusal["code"] == "chat-spectator"
        p1.send_json({"type": "chat", "text": "x" * MAX_CHAT})
        assert next_of(p0, "chat")["lines"][0]["text"] == "x" * MAX_CHAT
    assert [line.text for line in chat.last_lines(client.app.state.hub.store, t["id"])] == [
        MARKUP,
        "x" * MAX_CHAT,
    ]


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_too_long_and_too_fast_are_refused_in_the_readers_language(client, lang):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        _hello(ws, t, 0, lang)
        ws.send_json({"type": "chat", "text": "y" * (MAX_CHAT + 1)})
        err = next_of(ws, "error")
        long_text = Message(TOO_LONG, most=MAX_CHAT, size=MAX_CHAT + 1)
        assert err["code"] == "chat-too-long" and err["message"] == long_text.render(lang)
        for k in range(CHAT_MOST):
            ws.send_json({"type": "chat", "text": f"line {k}"})
            assert next_of(ws, "chat")["lines"][0]["text"] == f"line {k}"
        ws.send_json({"type": "chat", "text": "one more"})
        err = next_of(ws, "error")
        assert err["code"] == "chat-slow"
        # (the first of the lines leaves the 10 s window within 10 seconds: 9 or 10 unless slow)
        assert err["message"] in {too_fast(s).render(lang) for s in range(1, 11)}
        if lang != "en":  # translated, not the English sentence
            assert err["message"] not in {too_fast(s).render("en") for s in range(1, 11)}
    stored = chat.last_lines(client.app.state.hub.store, t["id"])
    assert [line.text for line in stored] == [f"line {k}" for k in range(CHAT_MOST)]  # no refused line


def test_a_newcomer_gets_the_last_lines_and_they_outlive_the_server(sqlite_url):
    with TestClient(create_app(sqlite_url, test_client=True)) as client:
        t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            _hello(ws, t, 1)
            for text in ("good luck", "have fun"):
                ws.send_json({"type": "chat", "text": text})
                next_of(ws, "chat")
    with (
        TestClient(create_app(sqlite_url, test_client=True)) as client,
        client.websocket_connect(f"/ws/tables/{t['id']}") as ws,
    ):
        _hello(ws, t, None)
        history = next_of(ws, "chat")
    assert history["history"] and [(x["seat"], x["text"]) for x in history["lines"]] == [
        (1, "good luck"),
        (1, "have fun"),
    ]
