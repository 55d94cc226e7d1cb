"""Hints at casual tables: the table option in the store (SQLite and PostgreSQL, migration
0006), carried over by "Play again", and the WebSocket message: only the seat to act, only with
hints on, at the move it saw, at most one per HINT_EVERY seconds, answered to that connection."""

from __future__ import annotations

from typing import Any

from alembic import command
from sqlalchemy import inspect

from deadtable.agents.hint import hint_bot, info_for, suggest, words
from deadtable.server import db, migrate
from deadtable.server.rematch import make_rematch
from deadtable.server.store import Store

from .conftest import create, next_of, next_state

TWO_PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def _columns(engine: Any) -> set[str]:
    return {c["name"] for c in inspect(engine).get_columns("dt_tables")}


def _table(store: Store, **extra: Any) -> str:
    seats = [("human", None, "Ann"), ("human", None, "Bo")]
    table_id, _ = store.create_table(
        game="carson-zoo", players=2, seed=1, options={}, seat_specs=seats, **extra
    )
    return table_id


def _hints(store: Store, table_id: str) -> bool:
    row = store.table(table_id)
    assert row is not None
    return row.hints


def test_a_store_from_before_hints_is_upgraded_in_place_and_back(db_url: str) -> None:
    engine = db.make_engine(db_url)
    try:
        migrate.upgrade(engine, "0005")
        assert "hints" not in _columns(engine)
        store = Store(engine)
        older = _table(store)  # made before the column existed
        migrate.upgrade(engine)
        assert "hints" in _columns(engine)
        casual, plain = _table(store, hints=True), _table(store)
        assert [_hints(store, t) for t in (older, casual, plain)] == [False, True, False]
        cfg = migrate.alembic_config()
        with engine.connect() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0005")
            conn.commit()
        assert "hints" not in _columns(engine)
    finally:
        engine.dispose()


def test_play_again_keeps_the_hints_setting(store: Store) -> None:
    for hints in (True, False):
        table_id = _table(store, hints=hints)
        store.accept(table_id, 0, 0, lambda _missing: (0, "pass", {"scores": [1, 0]}), "player")
        assert _hints(store, make_rematch(store, table_id, 9)) is hints


# -- over the WebSocket ---------------------------------------------------------------------------
def _hello(ws: Any, t: dict[str, Any], seat: int | None) -> None:
    hello: dict[str, Any] = {"type": "hello"}
    if seat is not None:
        hello |= {"seat": seat, "token": t["seats"][seat]["token"]}
    ws.send_json(hello)


def test_the_api_and_every_state_say_whether_hints_are_on(client: Any) -> None:
    on = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE, hints=True)
    off = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE)
    assert client.get(f"/api/tables/{on['id']}").json()["hints"] is True
    assert client.get(f"/api/tables/{off['id']}").json()["hints"] is False
    for t, hints in ((on, True), (off, False)):
        with client.websocket_connect(f"/ws/tables/{t['id']}") as watcher:
            _hello(watcher, t, None)
            assert next_state(watcher)["hints"] is hints  # spectators are told too


def test_hints_off_is_refused(client: Any) -> None:
    t = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        _hello(ws, t, 0)
        mover = next_state(ws)["to_act"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        _hello(ws, t, mover)
        next_state(ws)
        ws.send_json({"type": "hint", "index": 0})
        assert next_of(ws, "error")["code"] == "hints-off"


def test_only_the_seat_to_act_gets_a_hint_a_legal_action_for_it_alone(client: Any) -> None:
    t = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE, hints=True)
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
        conns[other].send_json({"type": "hint", "index": 0})
        assert next_of(conns[other], "error")["code"] == "hint-not-your-turn"
        watcher.send_json({"type": "hint", "index": 0})
        assert next_of(watcher, "error")["code"] == "hint-spectator"
        conns[mover].send_json({"type": "hint", "index": 0})
        hint = next_of(conns[mover], "hint")
        assert hint["index"] == 0 and hint["action"] in first[mover]["legal"]
        state = client.app.state.hub.tables[t["id"]].state  # the bot's move from the seat's info
        info = info_for(state, 0)
        action = suggest(info, state.game, 0)
        assert hint["action"] == str(action)
        said = "; ".join(m.render("en") for m in words(info, state.game, action, 0))
        assert said, "the move is said in the game's words"
        bot = hint_bot(state.game, 2, state.options)
        assert bot == "ismcts"  # Zombie Overlord's search beats its heuristic at 2 players
        assert hint["text"] == f"The search bot (IS-MCTS) would play: {said}"  # in words, which bot
        conns[mover].send_json({"type": "hint", "index": 0})  # at once again: too soon
        assert next_of(conns[mover], "error")["code"] == "hint-too-soon"
        for ws in (conns[other], watcher):  # the hint went to the asking connection alone
            ws.send_json({"type": "ping"})
            answer = next(m for m in iter(ws.receive_json, None) if m["type"] not in ("state", "chat"))
            assert answer["type"] == "pong"


def test_a_hint_for_a_move_the_table_has_left_is_refused(client: Any) -> None:
    t = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE, hints=True)
    url = f"/ws/tables/{t['id']}"
    with client.websocket_connect(url) as ws:
        _hello(ws, t, 0)
        mover = next_state(ws)["to_act"]
    with client.websocket_connect(url) as ws:
        _hello(ws, t, mover)
        next_state(ws)
        ws.send_json({"type": "act", "action": "purchase", "index": 0})
        assert next_state(ws, index=1)["to_act"] == mover
        ws.send_json({"type": "hint", "index": 0})
        assert next_of(ws, "error")["code"] == "hint-stale"


def test_the_answer_is_in_the_connections_language(client: Any) -> None:
    t = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE, hints=True)
    url = f"/ws/tables/{t['id']}"
    with client.websocket_connect(url) as ws:
        _hello(ws, t, 0)
        mover = next_state(ws)["to_act"]
    texts = {}
    for lang in ("en", "es", "ru"):
        with client.websocket_connect(url) as ws:
            ws.send_json({"type": "hello", "seat": mover, "token": t["seats"][mover]["token"], "lang": lang})
            next_state(ws)
            ws.send_json({"type": "hint", "index": 0})
            hint = next_of(ws, "hint")
            assert hint["action"] in ("attack", "purchase")  # the search's first move (a phase)
            assert f"“{hint['action']}”" not in hint["text"]  # said in words
            texts[lang] = hint["text"]
    assert len(set(texts.values())) == 3  # translated, not English three times


def test_a_hint_needs_an_index(client: Any) -> None:
    t = create(client, game="zombie-overlord", seed=2, seats=TWO_PEOPLE, hints=True)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        _hello(ws, t, 0)
        next_state(ws)
        ws.send_json({"type": "hint"})
        assert next_of(ws, "error")["code"] == "bad-index"
