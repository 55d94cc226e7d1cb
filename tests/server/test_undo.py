"""Taking a move back at the online table: the store drops the move in one transaction
(on SQLite and PostgreSQL), and over the WebSocket only the seat that moved may take back, only
within the window the game allows; every seat gets its view and the log again."""

from __future__ import annotations

from typing import Any

import pytest

from deadtable.server import live_table
from deadtable.server.store import Refused
from deadtable.server.takeback import remove_moves

from .conftest import create, next_of, next_state

TWO_PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def _move(seat: int, text: str) -> Any:
    def check(missing: list[Any]) -> tuple[int, str, None]:
        return seat, text, None  # (the store takes the check's word for the rules)

    return check


def test_the_store_drops_the_last_move_with_its_note_in_one_transaction(store):
    table_id, _ = store.create_table(
        game="zombie-overlord", players=2, seed=1, options={}, seat_specs=[("human", None, "")] * 2
    )
    for i, text in enumerate(["purchase", "play supply"]):
        store.accept(table_id, i, i, _move(0, text), "player")
    assert remove_moves(store, table_id, 2, 0, 0, '{"msg": "P1 took back a move"}') == 1
    row, actions, notes = store.load(table_id)  # type: ignore[misc]
    assert row.n_actions == 1 and row.undos == 1 and [a.text for a in actions] == ["purchase"]
    assert [(n.at_action, n.text) for n in notes] == [(1, '{"msg": "P1 took back a move"}')]
    for index, undos, seat in ((2, 1, 0), (1, 0, 0), (1, 1, 1)):  # moved on, undone since, not theirs
        with pytest.raises(Refused) as refused:
            remove_moves(store, table_id, index, undos, seat, "")
        assert refused.value.code == "undo-stale"
    # A process that has not seen the undo cannot add a move to the old record.
    with pytest.raises(Refused) as stale:
        store.accept(table_id, 1, 1, _move(0, "play supply"), "player", 0)
    assert stale.value.code == "stale"
    assert store.accept(table_id, 1, 1, _move(0, "play supply"), "player", 1) == 1


def test_a_stand_ins_move_is_not_the_persons_to_take_back(store):
    # Out of time, a stand-in bot plays one move for the person: taking it back would give the
    # clock back, so neither the store nor the rebuilt table's window allows it.
    table_id, _ = store.create_table(
        game="zombie-overlord", players=2, seed=2, options={}, seat_specs=[("human", None, "")] * 2
    )
    mover = live_table.build(*store.load(table_id)).state.current_player
    store.accept(table_id, 0, 0, _move(mover, "purchase"), "standby")
    with pytest.raises(Refused) as refused:
        remove_moves(store, table_id, 1, 0, mover, "")
    assert refused.value.code == "undo-stale"
    after_stand_in = live_table.build(*store.load(table_id))
    assert after_stand_in.undo.count(after_stand_in.state, mover) == 0
    store.accept(table_id, 1, 1, _move(mover, "play supply"), "player")
    rebuilt = live_table.build(*store.load(table_id))
    assert rebuilt.undo.count(rebuilt.state, mover) == 1  # the person's own move after it


def _hello(ws: Any, t: dict[str, Any], seat: int | None) -> None:
    hello: dict[str, Any] = {"type": "hello"}
    if seat is not None:
        hello |= {"seat": seat, "token": t["seats"][seat]["token"]}
    ws.send_json(hello)


def _log_texts(msg: dict[str, Any]) -> list[str]:
    return [e["text"] for e in msg["log"]]


def test_a_seat_takes_back_its_phase_choice_and_everyone_sees_it(client):
    t = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE)
    url = f"/ws/tables/{t['id']}"
    with (
        client.websocket_connect(url) as p0,
        client.websocket_connect(url) as p1,
        client.websocket_connect(url) as watcher,
    ):
        conns = {0: p0, 1: p1, None: watcher}
        for seat, ws in conns.items():
            _hello(ws, t, seat)
        first = {seat: next_state(ws) for seat, ws in conns.items()}
        mover = first[0]["to_act"]
        other = 1 - mover
        assert all(m["can_undo"] == 0 for m in first.values())
        conns[mover].send_json({"type": "undo", "index": 0})  # nothing to take back yet
        assert next_of(conns[mover], "error")["code"] == "undo-refused"
        conns[mover].send_json({"type": "act", "action": "purchase", "index": 0})
        after = {seat: next_state(ws, index=1) for seat, ws in conns.items()}
        assert after[mover]["can_undo"] == 1 and after[other]["can_undo"] == 0
        assert after[None]["can_undo"] == 0
        conns[other].send_json({"type": "undo", "index": 1})  # not their move
        assert next_of(conns[other], "error")["code"] == "undo-refused"
        watcher.send_json({"type": "undo", "index": 1})
        assert next_of(watcher, "error")["code"] == "undo-spectator"
        conns[mover].send_json({"type": "undo", "index": 0})  # an old index: stale
        assert next_of(conns[mover], "error")["code"] == "undo-stale"
        conns[mover].send_json({"type": "undo", "index": 1})
        back = {seat: next_state(ws) for seat, ws in conns.items()}
        for seat, msg in back.items():
            while msg["index"] != 0:  # (a state queued before the undo may come first)
                msg = next_state(conns[seat])
            assert msg["log_from"] == 0 and msg["can_undo"] == 0
            assert _log_texts(msg)[-1].endswith("took back a move")
            assert msg["view"] == first[seat]["view"] | {k: msg["view"][k] for k in ("log", "log_start")}
        assert back[mover]["legal"] == first[mover]["legal"]
    store = client.app.state.hub.store
    assert store.count_actions(t["id"]) == 0 and store.table(t["id"]).undos == 1


def test_the_undone_table_reloads_as_it_was_left(client):
    t = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE)
    url = f"/ws/tables/{t['id']}"
    with client.websocket_connect(url) as ws:
        _hello(ws, t, 0)
        msg = next_state(ws)
    mover = msg["to_act"]
    with client.websocket_connect(url) as ws:
        _hello(ws, t, mover)
        next_state(ws)
        for i, text in enumerate(["purchase", "play supply"]):
            ws.send_json({"type": "act", "action": text, "index": i})
            msg = next_state(ws, index=i + 1)
        assert msg["can_undo"] == 2
        ws.send_json({"type": "undo", "index": 2})
        msg = next_state(ws)
        assert msg["index"] == 1 and msg["can_undo"] == 1
    hub = client.app.state.hub
    hub.tables.clear()  # as after a restart: rebuilt from the store
    with client.websocket_connect(url) as ws:
        _hello(ws, t, mover)
        again = next_state(ws)
    assert again["index"] == 1 and again["can_undo"] == 1 and again["legal"] == msg["legal"]
    assert _log_texts(again) == _log_texts(msg)


def test_undo_needs_an_index(client):
    t = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        _hello(ws, t, 0)
        next_state(ws)
        ws.send_json({"type": "undo"})
        assert next_of(ws, "error")["code"] == "bad-index"
