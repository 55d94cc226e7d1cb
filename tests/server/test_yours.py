"""Your tables and a lost seat link (routes/yours.py, creator.py): the status of a browser's
tables leaks nothing (no token, no unchosen seed, no hidden card), takes a bounded list and answers
bad ids clearly; only the creator issues seat links, and a new link shuts the old one out."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadtable.server import turns
from deadtable.server.routes.yours import STATUS_CALLS, STATUS_MOST

from .conftest import create, next_of, next_state


def _people(client: TestClient, **spec: Any) -> dict[str, Any]:
    return create(
        client, seed=None, players=2, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}], **spec
    )


def _status(client: TestClient, ids: list[Any]) -> Any:
    return client.post("/api/tables/status", json={"ids": ids})


def _hello(ws: Any, table: dict[str, Any], seat: int, token: str | None = None) -> None:
    ws.send_json({"type": "hello", "seat": seat, "token": token or table["seats"][seat]["token"]})


# -- creating: real-time or turn-based -------------------------------------------------------------
def test_a_table_is_real_time_or_turn_based_with_a_move_time_that_fits(client: TestClient) -> None:
    day = 24 * turns.HOUR
    made = _people(client, turn_based=True, move_time=day)
    summary = client.get(f"/api/tables/{made['id']}").json()
    assert summary["turn_based"] is True and summary["move_time"] == day
    assert client.get(f"/api/tables/{_people(client, move_time=30)['id']}").json()["turn_based"] is False
    for bad in (
        {"turn_based": True, "move_time": 60},
        {"turn_based": True, "move_time": 0},
        {"turn_based": False, "move_time": 2 * day},
    ):
        r = client.post("/api/tables", json={"game": "carson-zoo", **bad})
        assert r.status_code == 400 and "move time" in r.json()["detail"], (bad, r.text)
    r = client.post("/api/tables", json={"game": "carson-zoo", "turn_based": True, "move_time": 31 * day})
    assert r.status_code == 422


# -- the status of your tables ----------------------------------------------------------------------
def test_the_status_says_whose_turn_and_the_deadline_and_leaks_no_secret(client: TestClient) -> None:
    made = _people(client, turn_based=True, move_time=6 * turns.HOUR)
    other = _people(client)
    r = _status(client, [made["id"], "nosuchtable", other["id"], made["id"]])
    assert r.status_code == 200
    got = r.json()["tables"]
    assert [t["id"] for t in got] == [made["id"], "nosuchtable", other["id"]]  # each once, in order
    mine, missing, second = got
    assert missing == {"id": "nosuchtable", "found": False}
    assert mine["found"] and not mine["over"] and mine["turn_based"]
    assert mine["to_act"] in (0, 1) and mine["to_act_label"].startswith(f"P{mine['to_act'] + 1}")
    assert [s["name"] for s in mine["seats"]] == ["Ann", ""]
    assert second["deadline"] is None  # no clock
    text = r.text
    for table in (made, other):  # no secret of any kind
        assert table["creator"] not in text
        for s in table["seats"]:
            assert s["token"] not in text
    assert "seed" not in json.dumps(got) and "token" not in text and "view" not in mine


def test_the_status_shows_a_turn_based_deadline_once_armed(client: TestClient) -> None:
    made = _people(client, turn_based=True, move_time=6 * turns.HOUR)
    with client.websocket_connect(f"/ws/tables/{made['id']}") as ws:
        _hello(ws, made, 0)
        for _ in range(20):
            state = next_state(ws)
            if state["deadline"] is not None:
                break
    assert state["deadline"] > 0
    entry = _status(client, [made["id"]]).json()["tables"][0]
    assert entry["deadline"] == state["deadline"]


def test_the_status_takes_a_bounded_list_of_ids_and_refuses_bad_ones_clearly(client: TestClient) -> None:
    assert _status(client, ["x"] * (STATUS_MOST + 1)).status_code == 422
    assert _status(client, ["x"] * STATUS_MOST).status_code == 200
    for bad in ([""], ["a" * 65], [3], [None], "abc"):
        r = _status(client, bad)  # type: ignore[arg-type]
        assert r.status_code == 422 and r.json()["detail"].startswith("the request is not valid"), bad
    assert client.post("/api/tables/status", json={}).status_code == 422


def test_a_client_asking_too_often_is_told_when_to_try_again(client: TestClient) -> None:
    for _ in range(STATUS_CALLS):
        assert _status(client, ["x"]).status_code == 200
    r = _status(client, ["x"])
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    assert "too many status requests" in r.json()["detail"]


# -- a lost seat link -----------------------------------------------------------------------------
def test_only_the_creator_issues_a_seat_link_and_the_old_one_stops_working(client: TestClient) -> None:
    made = _people(client)
    table = made["id"]
    wrong = client.post(f"/api/tables/{table}/seats/1/link", json={"creator": made["seats"][1]["token"]})
    assert wrong.status_code == 403 and "creator" in wrong.json()["detail"]
    assert client.post(f"/api/tables/{table}/creator", json={"creator": "nope"}).status_code == 403
    assert client.post(f"/api/tables/{table}/creator", json={"creator": made["creator"]}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as old:
        _hello(old, made, 1)
        assert next_state(old)["seat"] == 1
        r = client.post(f"/api/tables/{table}/seats/1/link", json={"creator": made["creator"]})
        assert r.status_code == 200
        fresh = r.json()
        assert fresh["token"] != made["seats"][1]["token"]
        assert fresh["link"] == f"/t/{table}#seat=1&token={fresh['token']}"
        closed = False  # the connection on the old link is closed
        try:
            for _ in range(50):
                old.receive_json()
        except Exception:
            closed = True
        assert closed
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        _hello(ws, made, 1)
        assert next_of(ws, "error")["code"] == "bad-token"
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        _hello(ws, made, 1, fresh["token"])
        assert next_state(ws)["seat"] == 1
    with client.websocket_connect(f"/ws/tables/{table}") as ws:  # the other seat's link still works
        _hello(ws, made, 0)
        assert next_state(ws)["seat"] == 0


def test_a_seat_link_for_a_bot_or_no_seat_or_no_table_is_refused_clearly(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    creator = {"creator": made["creator"]}
    bot = client.post(f"/api/tables/{made['id']}/seats/1/link", json=creator)
    assert bot.status_code == 400 and "seat 1" in bot.json()["detail"]
    assert client.post(f"/api/tables/{made['id']}/seats/7/link", json=creator).status_code == 404
    assert client.post(f"/api/tables/{made['id']}/seats/-1/link", json=creator).status_code == 404
    assert client.post("/api/tables/nosuch/seats/0/link", json=creator).status_code == 404
    assert client.post(f"/api/tables/{made['id']}/seats/0/link", json={"creator": ""}).status_code == 422


def test_another_process_learns_the_new_link_and_closes_the_old_ones_connection(sqlite_url: str) -> None:
    """The change reaches a process that did not make it (PostgreSQL's NOTIFY calls `refresh`)."""
    import asyncio

    from deadtable.server import db, migrate
    from deadtable.server.creator import rotate_seat
    from deadtable.server.hub import Hub
    from deadtable.server.live_table import Conn
    from deadtable.server.seat_access import authenticate
    from deadtable.server.store import Refused, Store, hash_token

    engine = db.make_engine(sqlite_url)
    migrate.upgrade(engine)
    store = Store(engine)
    table_id, tokens = store.create_table(
        game="carson-zoo",
        players=2,
        seed=3,
        options={},
        seat_specs=[("human", None, ""), ("human", None, "")],
        creator_hash=hash_token("made it"),
    )

    async def scenario() -> tuple[Conn, Conn, str]:
        hub = Hub(store)
        try:
            lt = await hub.get(table_id)
            assert lt is not None
            old, other = Conn(seat=1), Conn(seat=0)
            await hub.join(lt, old)
            await hub.join(lt, other)
            fresh = rotate_seat(store, table_id, "made it", 1)  # as another process would
            await hub.refresh(table_id)
            assert authenticate(lt, 1, fresh) == 1
            with pytest.raises(Refused) as refused:
                authenticate(lt, 1, tokens[1])
            assert refused.value.code == "bad-token"
            return old, other, fresh
        finally:
            await hub.close()

    try:
        old, other, _fresh = asyncio.run(scenario())
        assert not old.alive and "replaced" in (old.dropped or "")
        assert other.alive
    finally:
        engine.dispose()


# -- answered from the store: the seat to act is kept with each move (migration 0007) -----------------
def test_the_status_of_a_table_not_in_memory_comes_from_its_row_without_loading_it(
    client: TestClient,
) -> None:
    made = _people(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{made['id']}") as ws:
        _hello(ws, made, 0)
        first = next_state(ws)
        seat = 0 if first["your_turn"] else 1
        if seat == 1:  # seat 1 is to act: play its move through its own connection
            ws.close()
            with client.websocket_connect(f"/ws/tables/{made['id']}") as ws1:
                _hello(ws1, made, 1)
                msg = next_state(ws1, turn=True)
                ws1.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"]})
                next_state(ws1, index=msg["index"] + 1)
        else:
            ws.send_json({"type": "act", "action": first["legal"][0], "index": first["index"]})
            next_state(ws, index=first["index"] + 1)
    lt = hub.tables[made["id"]]
    expected = lt.state.current_player
    assert lt.index == 1 and expected is not None
    hub.tables.pop(made["id"])  # as the idle sweep unloads it (no connection holds it now)
    got = _status(client, [made["id"]]).json()["tables"][0]
    assert got["found"] and not got["over"] and got["index"] == 1
    assert got["to_act"] == expected and got["to_act_label"].startswith(f"P{expected + 1}")
    assert made["id"] not in hub.tables  # answered from its stored row: nothing was loaded
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[made["id"]]["to_act"] == expected  # the lobby says whose turn it is too


def test_a_table_whose_seat_to_act_is_not_stored_is_loaded_to_answer(client: TestClient) -> None:
    from sqlalchemy import update

    from deadtable.server import db

    made = _people(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    expected = hub.tables[made["id"]].state.current_player
    with hub.store.engine.begin() as conn:  # as a table made before 0007
        conn.execute(update(db.tables).where(db.tables.c.id == made["id"]).values(to_act=None))
    hub.tables.pop(made["id"])
    got = _status(client, [made["id"]]).json()["tables"][0]
    assert got["found"] and got["to_act"] == expected
    assert made["id"] in hub.tables  # it had to be loaded to know


def test_the_lobby_keeps_a_turn_based_table_waiting_for_its_deadline_past_a_day(
    client: TestClient,
) -> None:
    from datetime import timedelta

    from sqlalchemy import update

    from deadtable.server import db

    slow = _people(client, turn_based=True, move_time=3 * 24 * turns.HOUR)
    quiet = _people(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    old = db.now() - timedelta(hours=30)
    with hub.store.engine.begin() as conn:
        for table in (slow, quiet):
            conn.execute(
                update(db.tables).where(db.tables.c.id == table["id"]).values(updated_at=old, created_at=old)
            )
        # the slow table waits for its person's move (its deadline armed, as turns.arm does)
        conn.execute(
            update(db.tables)
            .where(db.tables.c.id == slow["id"])
            .values(deadline_index=0, deadline=int(db.now().timestamp()) + 3600)
        )
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert slow["id"] in listed  # a stand-in moves for it at the deadline: it is not abandoned
    assert quiet["id"] not in listed
