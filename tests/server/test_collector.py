"""The garbage collector of a server process (collector.py): once started, what start-up made is
frozen and full collections are spaced out. Checked in a process of its own (the tests' own
collector is left as it is), and through the server's start-up in a thread, with `settle` counted."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from deadtable.server import collector, serving

SETTLE = """
import gc
from deadtable.server import collector
before = gc.get_threshold()
collector.settle()
print(gc.get_freeze_count(), *before, *gc.get_threshold())
"""


def test_settle_freezes_what_start_up_made_and_spaces_full_collections() -> None:
    done = subprocess.run([sys.executable, "-c", SETTLE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    frozen, *thresholds = (int(word) for word in done.stdout.split())
    before, after = thresholds[:3], thresholds[3:]
    assert frozen > 10_000  # the modules imported, at least
    assert after == [before[0], before[1], collector.FULL_AFTER] and before[2] < collector.FULL_AFTER


def test_the_server_settles_its_collector_once_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    from deadtable.server import create_app

    settled: list[bool] = []
    monkeypatch.setattr(collector, "settle", lambda: settled.append(True))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    app = create_app(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    server = serving.Graceful(uvicorn.Config(app, log_level="warning"), lambda: serving.stop_tables(app))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not (server.started and settled):  # (settled just after uvicorn says it started)
            assert time.monotonic() < deadline, f"started {server.started}, settled {settled}"
            time.sleep(0.02)
        time.sleep(0.1)
        assert settled == [True]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
