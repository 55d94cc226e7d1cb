"""Clients that do not read cannot slow anybody else down: a real server, raw sockets that never read.

Each connection has its own bounded queue and writer task (live_table.Conn): the hub only enqueues, so a
table's moves never wait on a socket. Twenty spectators whose sockets never read (a tiny receive
buffer, the handshake done, then silence) watch a table while moves are played at it and at another.

The server (uvicorn, in a thread) listens on a socket with a small send buffer, which its connections
inherit: without it Linux lets a few megabytes wait in the kernel for each socket before a send
blocks, and the test would need thousands of moves to get there.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .procs import recv_state
from .threaded import Server, handshake, serving

websockets_sync = pytest.importorskip("websockets.sync.client")

ANSWER_WITHIN = 1.0  # seconds from sending a move to receiving the state that holds it
STUCK = 20
PAUSE = 0.06  # between two moves: within a connection's budget of messages (live_limits.py)


def _stuck_spectator(port: int, table_id: str) -> socket.socket:
    """A WebSocket spectator that says hello, then never reads again."""
    s = handshake(port, table_id, receive_buffer=1024)
    payload = json.dumps({"type": "hello"}).encode()
    mask = os.urandom(4)
    s.sendall(
        bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    )
    return s


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    pytest.importorskip("uvicorn")
    with serving(tmp_path, send_buffer=4096) as running:
        yield running


def _play(server: Server, table: dict, moves: int) -> list[float]:
    """Play `moves` moves at a table of people (whoever is to act), timing each answer."""
    times = []
    socks = {}
    with contextlib.ExitStack() as stack:
        for seat in range(len(table["seats"])):
            url = f"{server.ws_base}/ws/tables/{table['id']}"
            ws = socks[seat] = stack.enter_context(websockets_sync.connect(url))
            ws.send(json.dumps({"type": "hello", "seat": seat, "token": table["seats"][seat]["token"]}))
        last = {seat: recv_state(ws) for seat, ws in socks.items()}
        for _ in range(moves):
            index = max(m["index"] for m in last.values())
            mover = next(s for s, m in last.items() if m["index"] == index and m["your_turn"])
            msg = last[mover]
            if msg["over"]:
                break
            time.sleep(PAUSE)
            start = time.monotonic()
            socks[mover].send(json.dumps({"type": "act", "action": msg["legal"][0], "index": index}))
            last[mover] = recv_state(socks[mover], index_at_least=index + 1, timeout=10)
            times.append(time.monotonic() - start)
            for seat, ws in socks.items():
                if seat != mover:
                    last[seat] = recv_state(ws, index_at_least=index + 1, timeout=10)
    return times


def test_spectators_that_never_read_slow_down_no_table(server):
    stuck: list[socket.socket] = []
    try:
        spec = {"game": "zombie-overlord", "players": 2, "seed": 4, "seats": [{"kind": "human"}] * 2}
        watched = server.post("/api/tables", spec)
        other = server.post("/api/tables", {**spec, "seed": 8})
        stuck = [_stuck_spectator(server.port, watched["id"]) for _ in range(STUCK)]
        # Enough moves for every state sent to the stuck sockets to fill their buffers many times.
        here = _play(server, watched, 90)
        there = _play(server, other, 30)
        assert len(here) >= 80, "the game ended too soon to fill the buffers"
        assert max(here) < ANSWER_WITHIN, f"a move at the watched table took {max(here):.2f} s"
        assert max(there) < ANSWER_WITHIN, f"a move at another table took {max(there):.2f} s"
    finally:
        for s in stuck:
            s.close()
