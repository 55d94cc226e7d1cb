"""Play again: one new table however many ask at once (on both stores), the same seats,
kinds, names and options with a new seed, and each person's link opening their own seat there."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from sqlalchemy import inspect

from deadtable.games.zombie_shedding.cards import BUILTINS
from deadtable.server import chat, db, migrate
from deadtable.server.limits import Limits
from deadtable.server.rematch import make_rematch
from deadtable.server.store import Refused, Store

from .conftest import create, next_of, next_state


def _finished(store: Store) -> tuple[str, dict[int, str]]:
    table_id, tokens = store.create_table(
        game="zombie-shedding",
        players=3,
        seed=5,
        options={"mode": "blitz"},
        seat_specs=[("human", None, "Ann"), ("bot", "greedy", "greedy"), ("human", None, "Bo")],
        move_time=60,
        leave_grace=12,
        standby="random",
    )

    def over(missing: list[Any]) -> tuple[int, str, dict[str, Any]]:
        return 0, "pass", {"scores": [1, 0, 0]}  # (the store takes any check's word for the end)

    store.accept(table_id, 0, 0, over, "player")
    return table_id, tokens


def test_many_asking_at_once_make_one_table_with_the_same_seats_and_a_new_seed(store):
    table_id, _tokens = _finished(store)
    made: list[str] = []
    errors: list[BaseException] = []

    def ask(k: int) -> None:
        try:
            made.append(make_rematch(store, table_id, 1000 + k))
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=ask, args=(k,)) for k in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors and len(made) == 6 and len(set(made)) == 1
    old, new = store.table(table_id), store.table(made[0])
    assert old is not None and new is not None and old.rematch == new.id
    assert len(store.list_tables(status="playing")) == 1  # the new one, and only it
    assert new.seed in range(1000, 1006) and not new.seed_chosen and new.status == "playing"
    assert (new.game, new.players) == (old.game, old.players)
    # The same options, and the card list a game dealt now gets (deadtable.core.cardlists).
    assert new.options == {**old.options, "card_list": BUILTINS.current_sha}
    assert (new.move_time, new.leave_grace, new.standby) == (60, 12, "random")
    assert [(s.kind, s.agent, s.name, s.token_hash) for s in new.seats] == [
        (s.kind, s.agent, s.name, s.token_hash) for s in old.seats
    ]
    assert new.rematch is None and new.n_actions == 0


def test_a_store_from_before_chat_and_rematch_is_upgraded_in_place(db_url):
    engine = db.make_engine(db_url)
    try:
        migrate.upgrade(engine, "0002")
        old = Store(engine)
        table_id, _tokens = _finished(old)  # made by this version's code on the older schema
        migrate.upgrade(engine)
        names = set(inspect(engine).get_table_names())
        assert "dt_chat" in names
        assert "rematch" in {c["name"] for c in inspect(engine).get_columns("dt_tables")}
        store = Store(engine)
        assert store.table(table_id).rematch is None  # type: ignore[union-attr]
        chat.add_line(store, table_id, 0, "still here")
        new_id = make_rematch(store, table_id, 9)
        assert store.table(table_id).rematch == new_id  # type: ignore[union-attr]
    finally:
        engine.dispose()


def test_a_game_in_progress_has_no_rematch(store):
    table_id, _tokens = store.create_table(
        game="carson-zoo",
        players=2,
        seed=5,
        options={},
        seat_specs=[("human", None, ""), ("human", None, "")],
    )
    with pytest.raises(Refused) as refused:
        make_rematch(store, table_id, 1)
    assert refused.value.code == "rematch-not-over"
    assert store.table(table_id).rematch is None and len(store.list_tables()) == 1  # type: ignore[union-attr]


def _hello(ws: Any, t: dict[str, Any], seat: int | None, token: str | None = None) -> None:
    hello: dict[str, Any] = {"type": "hello"}
    if seat is not None:
        hello |= {"seat": seat, "token": token or t["seats"][seat]["token"]}
    ws.send_json(hello)


def test_play_again_over_the_websocket_carries_every_link_over(client):
    t = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    url = f"/ws/tables/{t['id']}"
    with (
        client.websocket_connect(url) as p0,
        client.websocket_connect(url) as p1,
        client.websocket_connect(url) as watcher,
    ):
        conns = {0: p0, 1: p1}
        for seat, ws in conns.items():
            _hello(ws, t, seat)
        _hello(watcher, t, None)
        last = {seat: next_state(ws) for seat, ws in conns.items()}
        conns[0].send_json({"type": "rematch"})  # not yet
        assert next_of(conns[0], "error")["code"] == "rematch-not-over"
        while not last[0]["over"]:
            seat = last[0]["to_act"]
            conns[seat].send_json(
                {"type": "act", "action": last[seat]["legal"][0], "index": last[seat]["index"]}
            )
            index = last[0]["index"] + 1
            last = {s: next_state(ws, index=index) for s, ws in conns.items()}
        assert last[0]["rematch"] is None
        watcher.send_json({"type": "rematch"})
        assert next_of(watcher, "error")["code"] == "rematch-spectator"
        p1.send_json({"type": "rematch"})
        told = {s: next_state(ws, index=last[0]["index"]) for s, ws in conns.items()}
        new_id = told[0]["rematch"]
        assert new_id and told[1]["rematch"] == new_id and next_state(watcher, over=True)["rematch"] == new_id
        p0.send_json({"type": "rematch"})  # the second click: the same table
        p0.send_json({"type": "ping"})
        next_of(p0, "pong")
    store = client.app.state.hub.store
    assert store.table(t["id"]).rematch == new_id
    assert [r.id for r in store.list_tables(status="playing")] == [new_id]
    summary = client.get(f"/api/tables/{t['id']}").json()
    assert summary["rematch"] == new_id
    new = client.get(f"/api/tables/{new_id}").json()
    assert [(s["kind"], s["name"]) for s in new["seats"]] == [("human", "Ann"), ("human", "Bo")]
    assert "seed" not in new and store.table(new_id).seed != 7  # drawn anew, never shown
    # Each old link opens its own seat at the new table, and no other seat.
    with client.websocket_connect(f"/ws/tables/{new_id}") as ws:
        _hello(ws, t, 1)
        state = next_state(ws)
        assert state["seat"] == 1 and state["index"] == 0 and state["rematch"] is None
    with client.websocket_connect(f"/ws/tables/{new_id}") as ws:
        _hello(ws, t, 1, token=t["seats"][0]["token"])
        assert next_of(ws, "error")["code"] == "bad-token"


def test_no_rematch_beyond_the_servers_unfinished_tables(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "greedy"}])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        _hello(ws, t, 0)
        msg = next_state(ws, turn=True)
        while not msg["over"]:
            ws.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"]})
            msg = next_state(ws, turn=True, index=msg["index"] + 1)
        create(client)  # one unfinished table elsewhere, and the server holds at most one
        client.app.state.limits = Limits(unfinished=1)
        ws.send_json({"type": "rematch"})
        err = next_of(ws, "error")
    assert err["code"] == "rematch-full" and "1 unfinished tables" in err["message"]
    assert client.app.state.hub.store.table(t["id"]).rematch is None
