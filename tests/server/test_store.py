"""The store, on SQLite and on a throwaway PostgreSQL: migrations, the record, serialized actions."""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

import deadtable
from deadtable.server import create_app, migrate
from deadtable.server.rows import Verdict
from deadtable.server.store import Refused, Store
from deadtable.server.takeback import remove_moves

from .conftest import create, next_state


def _table(store: Store) -> str:
    table_id, tokens = store.create_table(
        game="carson-zoo",
        players=2,
        seed=5,
        options={},
        seat_specs=[("human", None, "a"), ("human", None, "b")],
    )
    assert set(tokens) == {0, 1}
    return table_id


def test_migrations_create_the_schema_and_run_again_harmlessly(store):
    migrate.upgrade(store.engine)  # a second start changes nothing
    names = set(inspect(store.engine).get_table_names())
    assert {"dt_tables", "dt_seats", "dt_actions", "dt_notes", "alembic_version"} <= names


def test_accept_appends_in_order_and_refuses_a_stale_index(store):
    table_id = _table(store)
    state = deadtable.game("carson-zoo").new(2, 5)
    for i in range(3):
        action = state.legal_actions()[0]
        seat = state.current_player
        assert (
            store.accept(table_id, i, i, lambda missing, s=seat, a=action: (s, str(a), None), "player") == i
        )
        state.apply(action)
    with pytest.raises(Refused) as err:
        store.accept(table_id, 1, 3, lambda missing: (0, "x", None), "player")
    assert err.value.code == "stale"
    row, actions, _notes = store.load(table_id)
    assert row.n_actions == 3 and [a.text for a in actions] == [str(a) for a in state.history]


def test_a_refused_check_leaves_the_record_unchanged(store):
    table_id = _table(store)

    def refuse(missing):
        raise Refused("illegal", "no")

    with pytest.raises(Refused):
        store.accept(table_id, 0, 0, refuse, "player")
    assert store.count_actions(table_id) == 0 and store.table(table_id).n_actions == 0


def test_concurrent_actions_on_one_table_are_serialized(store):
    """Eight threads race to append move 0: exactly one wins, the others are told it is stale."""
    table_id = _table(store)
    barrier = threading.Barrier(8)
    results: list[str] = []

    def racer(k: int) -> None:
        def check(missing):
            return 0, f"racer {k}", None

        barrier.wait()
        try:
            store.accept(table_id, 0, 0, check, "player")
            results.append("won")
        except Refused as err:
            results.append(err.code)

    threads = [threading.Thread(target=racer, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["stale"] * 7 + ["won"]
    assert store.count_actions(table_id) == 1


def test_a_process_behind_the_record_catches_up_inside_the_transaction(store):
    table_id = _table(store)
    store.accept(table_id, 0, 0, lambda missing: (0, "first", None), "player")
    seen = []

    def check(missing):
        seen.extend(a.text for a in missing)
        return 1, "second", None

    store.accept(table_id, 1, 0, check, "player")  # this caller knew of no action yet
    assert seen == ["first"]


def test_notes_and_away_flags(store):
    table_id = _table(store)
    n1 = store.add_note(table_id, 0, "P2 left the table", away=(1, True))
    n2 = store.add_note(table_id, 0, "P2 is back", away=(1, False))
    assert n2 > n1
    row, _actions, notes = store.load(table_id)
    assert [n.text for n in notes] == ["P2 left the table", "P2 is back"] and not row.seats[1].away


def test_a_whole_game_through_the_app(db_url):
    with TestClient(create_app(db_url, test_client=True)) as client:
        t = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "greedy"}])
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": t["seats"][0]["token"]})
            while True:
                msg = next_state(ws, turn=True)
                if msg["over"]:
                    break
                ws.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"]})
        record = client.get(f"/tables/{t['id']}/record").json()
    # A new app on the same store rebuilds the finished table from its record.
    with TestClient(create_app(db_url, test_client=True)) as client:
        assert client.get(f"/tables/{t['id']}/record").json() == record
        assert client.get(f"/api/tables/{t['id']}").json()["status"] == "over"


def test_the_seat_to_act_is_kept_with_each_move_and_cleared_at_the_end(store):
    # What the lobby and "Your tables" read without loading a table (migration 0007).
    table_id, _ = store.create_table(
        game="carson-zoo", players=2, seed=5, options={}, seat_specs=[("human", None, "")] * 2, to_act=1
    )
    assert store.table(table_id).to_act == 1
    store.accept(table_id, 0, 0, lambda missing: Verdict(1, "a", None, 0), "player")
    assert store.table(table_id).to_act == 0
    store.accept(table_id, 1, 1, lambda missing: (0, "b", None), "player")  # a check that does not say
    assert store.table(table_id).to_act is None
    store.accept(table_id, 2, 2, lambda missing: Verdict(1, "c", None, 0), "player")
    assert remove_moves(store, table_id, 3, 0, 1, "") == 2  # seat 1 takes its move back: its turn again
    assert store.table(table_id).to_act == 1
    store.accept(table_id, 2, 2, lambda missing: Verdict(1, "c", {"scores": [1, 0]}, 0), "player", 1)
    row = store.table(table_id)
    assert row.status == "over" and row.to_act is None
    assert set(store.tables_by_id([table_id, "nosuch"])) == {table_id}
