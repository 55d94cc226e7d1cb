"""Real server processes: SIGKILL mid-game loses nothing; two processes share one PostgreSQL."""

from __future__ import annotations

import json

import pytest

import deadtable

websockets_sync = pytest.importorskip("websockets.sync.client")

from .procs import ServerProcess, recv_state  # noqa: E402


def _hello(ws, table: dict, seat: int) -> None:
    ws.send(json.dumps({"type": "hello", "seat": seat, "token": table["seats"][seat]["token"]}))


def _act(ws, msg: dict, k: int = 0) -> None:
    legal = msg["legal"]
    ws.send(json.dumps({"type": "act", "action": legal[k % len(legal)], "index": msg["index"]}))


def test_sigkill_mid_game_then_restart_and_every_table_continues(tmp_path):
    db = str(tmp_path / "tables.sqlite3")
    server = ServerProcess(db).start()
    try:
        vs_bot = server.post(
            "/api/tables",
            {
                "game": "carson-zoo",
                "seed": 11,
                "seats": [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}],
            },
        )
        friends = server.post(
            "/api/tables", {"game": "carson-zoo", "seed": 12, "players": 3, "seats": [{"kind": "human"}] * 3}
        )
        # The friends' table: a few moves by whoever is to act.
        for k in range(4):
            state = server.get(f"/api/tables/{friends['id']}")
            seat = state["to_act"]
            with websockets_sync.connect(f"{server.ws_base}/ws/tables/{friends['id']}") as ws:
                _hello(ws, friends, seat)
                msg = recv_state(ws)
                _act(ws, msg, k)
                recv_state(ws, index_at_least=msg["index"] + 1)
        friends_index = 4
        with websockets_sync.connect(f"{server.ws_base}/ws/tables/{vs_bot['id']}") as ws:
            _hello(ws, vs_bot, 0)
            for k in range(3):
                msg = recv_state(ws, turn=True)
                _act(ws, msg, k)
            seen = recv_state(ws, index_at_least=msg["index"] + 1)
            _act_after = seen["index"]
            # One more move in flight (the bot may be thinking on it) when the process dies.
            _act(ws, recv_state(ws, turn=True))
            server.kill()
    finally:
        server.stop()

    server = ServerProcess(db).start()
    try:
        assert server.get(f"/api/tables/{friends['id']}")["index"] == friends_index
        with websockets_sync.connect(f"{server.ws_base}/ws/tables/{vs_bot['id']}") as ws:
            _hello(ws, vs_bot, 0)
            msg = recv_state(ws)
            assert msg["index"] >= _act_after and msg["seat"] == 0
            k = 0
            while not msg["over"]:
                if not msg["your_turn"]:
                    msg = recv_state(ws, turn=True)
                    continue
                _act(ws, msg, k)
                k += 1
                msg = recv_state(ws, index_at_least=msg["index"] + 1)
        record = server.get(f"/tables/{vs_bot['id']}/record")
        final = deadtable.replay(record)
        assert final.is_terminal and final.view(0) == msg["view"]
        # The friends' table goes on from where it was.
        seat = server.get(f"/api/tables/{friends['id']}")["to_act"]
        with websockets_sync.connect(f"{server.ws_base}/ws/tables/{friends['id']}") as ws:
            _hello(ws, friends, seat)
            msg = recv_state(ws)
            assert msg["index"] == friends_index and msg["your_turn"]
            _act(ws, msg)
            assert recv_state(ws, index_at_least=friends_index + 1)["index"] == friends_index + 1
    finally:
        server.stop()


def test_two_processes_share_one_postgresql_and_a_table_is_played_through_both(pg_server):
    from .pg import fresh_database

    url = fresh_database(pg_server, "twoprocs")
    a = ServerProcess(url).start()
    b = ServerProcess(url).start()
    try:
        t = a.post(
            "/api/tables", {"game": "carson-zoo", "seed": 21, "seats": [{"kind": "human"}, {"kind": "human"}]}
        )
        with (
            websockets_sync.connect(f"{a.ws_base}/ws/tables/{t['id']}") as on_a,
            websockets_sync.connect(f"{b.ws_base}/ws/tables/{t['id']}") as on_b,
        ):
            _hello(on_a, t, 0)
            _hello(on_b, t, 1)
            conns = {0: on_a, 1: on_b}
            last = {0: recv_state(on_a), 1: recv_state(on_b)}
            index = 0
            k = 0
            while not last[0]["over"]:
                seat = last[0]["to_act"]
                mover = conns[seat]
                assert last[seat]["your_turn"]
                _act(mover, last[seat], k)
                k += 1
                index += 1
                # Both processes' clients see the move: one directly, the other through NOTIFY.
                last = {s: recv_state(conns[s], index_at_least=index) for s in (0, 1)}
                assert last[0]["index"] == last[1]["index"] == index
        assert last[1]["over"]
        rec_a, rec_b = a.get(f"/tables/{t['id']}/record"), b.get(f"/tables/{t['id']}/record")
        assert rec_a == rec_b and len(rec_a["actions"]) == index
        assert deadtable.replay(rec_a).is_terminal
    finally:
        a.stop()
        b.stop()
