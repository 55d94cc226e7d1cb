"""One careless or hostile client cannot take the server down: budgets, bounded queues, unloading.

The limits are in deadtable/server/live_limits.py; the Hub takes its own as keyword arguments.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from deadtable.server import protocol
from deadtable.server.live_limits import DROPPED, LANG_BURST, MESSAGES_BURST
from deadtable.server.live_table import Conn
from deadtable.server.store import Refused

from .conftest import create, next_of, next_state


def _spectate(client, t: dict[str, Any], lang: str = "en"):
    ws = client.websocket_connect(f"/ws/tables/{t['id']}")
    conn = ws.__enter__()
    conn.send_json({"type": "hello", "lang": lang})
    return ws, conn


# -- what a client sends ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        '{"type": "act", "action": "place 3 \\ud800", "index": 0}',  # an unpaired surrogate
        '{"type": "why", "action": "pass\\u0000"}',  # NUL
        '{"type": "hello", "seat": 0, "token": "ab\\udfffcd"}',
        '{"type": "lang", "lang": "es\\u001b[31m"}',  # a terminal escape
        '{"type": "ping", "extra": ["x\\u0085"]}',  # a C1 control, deep inside
        '{"type": "ping", "\\ud83d": 1}',  # in a key
    ],
)
def test_texts_with_control_characters_or_lone_surrogates_are_refused(text):
    with pytest.raises(Refused) as refused:
        protocol.parse({"type": "websocket.receive", "text": text})
    assert refused.value.code == "bad-text" and "U+" in refused.value.message


def test_printable_texts_of_any_language_pass():
    msg = protocol.parse(
        {"type": "websocket.receive", "text": '{"type": "lang", "lang": "ру 🎲 \\ud83c\\udfb2"}'}
    )
    assert msg["lang"] == "ру 🎲 🎲"


def test_a_lone_surrogate_is_answered_and_the_connection_stays(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    ws, conn = _spectate(client, t)
    try:
        next_state(conn)
        conn.send_text('{"type": "why", "action": "\\ud800"}')
        err = next_of(conn, "error")
        assert err["code"] == "bad-text" and "action" not in err
        conn.send_json({"type": "ping"})
        assert next_of(conn, "pong") == {"type": "pong"}
    finally:
        ws.__exit__(None, None, None)


def test_a_flooding_client_is_told_to_slow_down_then_closed(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    ws, conn = _spectate(client, t)
    try:
        next_state(conn)
        for _ in range(300):
            conn.send_json({"type": "ping"})
        pongs, slow = 0, 0
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                msg = conn.receive_json()
                pongs += msg["type"] == "pong"
                slow += msg.get("code") == "slow-down"
        assert closed.value.code == DROPPED
        assert MESSAGES_BURST <= pongs < 120 and slow > 0
    finally:
        ws.__exit__(None, None, None)


def test_language_switches_have_their_own_smaller_budget(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    ws, conn = _spectate(client, t)
    try:
        next_state(conn)
        for k in range(LANG_BURST + 2):
            conn.send_json({"type": "lang", "lang": "es" if k % 2 else "ru"})
        conn.send_json({"type": "ping"})
        codes = []
        while True:
            msg = conn.receive_json()
            if msg["type"] == "pong":
                break
            codes.append(msg.get("code"))
        assert codes.count("slow-down") == 2
        conn.send_json({"type": "ping"})  # the connection stays
        assert next_of(conn, "pong") == {"type": "pong"}
    finally:
        ws.__exit__(None, None, None)


# -- what the server sends -------------------------------------------------------------------------
def test_a_connection_whose_queue_is_full_is_dropped_and_holds_nothing():
    async def run() -> Conn:
        conn = Conn(seat=None, limit=4)
        for k in range(4):
            conn.put(f"message {k}")
        assert conn.alive and len(conn.queue) == 4
        conn.put("one too many")
        return conn

    conn = asyncio.run(run())
    assert not conn.alive and conn.dropped and not conn.queue
    conn.put("after")
    assert not conn.queue


def test_a_state_waits_once_and_is_made_when_sent_with_every_log_line_since():
    made: list[int] = []

    def make(conn: Conn) -> str:
        made.append(len(made))
        return f"state {len(made)}"

    async def run() -> list[str]:
        conn = Conn(seat=None)
        conn.put("first")
        conn.want_state(make)
        conn.want_state(make)  # supersedes nothing new: the one waiting will be the newest
        conn.put("error")
        conn.want_state(make)  # still waiting: not queued twice
        assert len(conn.queue) == 3 and made == []
        out = []
        async for text in conn.outgoing():
            out.append(text)
            if len(out) == 3:
                conn.want_state(make)  # sent already: a new one waits
            if len(out) == 4:
                conn.alive = False
        return out

    assert asyncio.run(run()) == ["first", "state 1", "error", "state 2"]


def test_a_move_builds_each_view_once_for_every_spectator(client, monkeypatch):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    hub = client.app.state.hub
    lt = hub.tables[t["id"]]
    mover = lt.state.current_player
    calls: list[int | None] = []
    cls = type(lt.state)
    real = cls.view

    def counted(self, player, **kw):
        calls.append(player)
        return real(self, player, **kw)

    watchers = [_spectate(client, t, "es" if k % 2 else "en") for k in range(50)]
    try:
        for _ws, c in watchers:
            next_state(c)
        monkeypatch.setattr(cls, "view", counted)
        client.portal.call(hub.act, lt, mover, str(lt.state.legal_actions()[0]), 0)
        seen = [next_state(c, index=1) for _ws, c in watchers]
    finally:
        for ws, _c in watchers:
            ws.__exit__(None, None, None)
    assert calls.count(None) == 1, calls
    assert [m["view"] for m in seen[:2]] == [seen[2]["view"], seen[3]["view"]]
    assert seen[0]["lang"] == "en" and seen[1]["lang"] == "es"


# -- tables in memory ------------------------------------------------------------------------------
def test_idle_tables_are_unloaded_beyond_the_limit_and_come_back_intact(client):
    hub = client.app.state.hub
    hub.max_live = 2
    first = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    ws, conn = _spectate(client, first)
    lt = hub.tables[first["id"]]
    try:
        opening = next_state(conn)
        seat = lt.state.current_player
        client.portal.call(hub.act, lt, seat, str(lt.state.legal_actions()[0]), 0)
        before = next_state(conn, index=1)
        others = [create(client, seats=[{"kind": "human"}, {"kind": "human"}]) for _ in range(3)]
        assert first["id"] in hub.tables, "a watched table stays"
    finally:
        ws.__exit__(None, None, None)
    for _ in range(200):
        if not lt.conns:
            break
        time.sleep(0.01)
    for _ in range(2):  # the least recently used go first
        create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    assert len(hub.tables) <= 2 and first["id"] not in hub.tables
    assert others[0]["id"] not in hub.tables
    # Asked for, it is loaded again from the store, the same.
    assert client.get(f"/api/tables/{first['id']}").json()["index"] == 1
    again = hub.tables[first["id"]]
    assert again is not lt and again.state.view(None) == lt.state.view(None)
    assert [e["text"] for e in again.log] == [e["text"] for e in lt.log]
    ws, conn = _spectate(client, first)
    try:
        msg = next_state(conn)
        assert msg["view"] == before["view"] and msg["log"] == opening["log"] + before["log"]
    finally:
        ws.__exit__(None, None, None)


def test_a_table_idle_long_enough_is_unloaded(client):
    hub = client.app.state.hub
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    assert client.portal.call(hub.unload_idle) == []
    hub.idle_unload = 0.0
    assert client.portal.call(hub.unload_idle) == [t["id"]]
    assert client.get(f"/api/tables/{t['id']}").status_code == 200 and t["id"] in hub.tables


# -- tables of bots only ---------------------------------------------------------------------------
BOTS = [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]


def test_bots_alone_play_only_while_watched_and_paced(client):
    hub = client.app.state.hub
    hub.bot_pace = 0.1
    t = create(client, seats=BOTS)
    lt = hub.tables[t["id"]]
    time.sleep(0.3)
    assert lt.index == 0 and not lt.driving, "nobody watches: no move"
    ws, conn = _spectate(client, t)
    try:
        start = time.monotonic()
        msg = next_state(conn, index=4)
        elapsed = time.monotonic() - start
    finally:
        ws.__exit__(None, None, None)
    assert msg["index"] == 4 and elapsed >= 3 * 0.1
    client.portal.call(hub.wait_idle, lt)
    stopped = lt.index
    time.sleep(0.3)
    assert lt.index == stopped and not lt.driving, "the last watcher left: no more moves"
    client.portal.call(hub.resume)
    time.sleep(0.3)
    assert lt.index == stopped and not lt.driving, "resume() does not drive unwatched bots"


def test_a_person_against_a_bot_is_not_paced(client):
    hub = client.app.state.hub
    hub.bot_pace = 5.0
    t = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    ws = client.websocket_connect(f"/ws/tables/{t['id']}")
    conn = ws.__enter__()
    try:
        conn.send_json({"type": "hello", "seat": 0, "token": t["seats"][0]["token"]})
        start = time.monotonic()
        for _ in range(3):
            msg = next_state(conn, turn=True)
            conn.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"]})
        next_state(conn, turn=True, index=msg["index"] + 2)
    finally:
        ws.__exit__(None, None, None)
    assert time.monotonic() - start < 5.0
