"""Server processes for the tests that kill and restart them, or run two at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

import httpx

from .pg import free_port


class ServerProcess:
    """`python -m deadtable.server`, or with `cli` the `deadtable serve` command, with `args` more."""

    def __init__(
        self,
        db: str,
        port: int | None = None,
        *,
        cli: bool = False,
        args: Sequence[str] = (),
        tls: bool = False,
    ) -> None:
        self.db = db
        self.port = port or free_port()
        self.cli = cli
        self.args = list(args)
        self.tls = tls
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        program = ["deadtable.cli.main", "serve"] if self.cli else ["deadtable.server"]
        return [sys.executable, "-m", *program, "--port", str(self.port), "--db", self.db, *self.args]

    def start(self) -> ServerProcess:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        out, err = subprocess.DEVNULL, subprocess.PIPE
        self.proc = subprocess.Popen(self.command(), env=env, stdout=out, stderr=err)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"the server exited: {err}")
            try:
                if httpx.get(self.base + "/api/games", timeout=1, verify=False).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start in 60 s")

    def terminate(self, timeout: float = 30) -> int:
        """SIGTERM, as a service manager stops it: the exit status once it has stopped."""
        assert self.proc is not None
        self.proc.terminate()
        return self.proc.wait(timeout)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs at all."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        r = httpx.post(self.base + path, json=body, timeout=10, verify=False)
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]

    def get(self, path: str) -> Any:
        return httpx.get(self.base + path, timeout=10, verify=False).json()


def recv_state(
    ws: Any, *, turn: bool | None = None, index_at_least: int = 0, timeout: float = 20
) -> dict[str, Any]:
    """The next state message from a `websockets` client matching the conditions."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError("no matching state arrived in time")
        msg = json.loads(ws.recv(timeout=left))
        if msg["type"] == "error":
            raise AssertionError(f"server error: {msg}")
        if msg["type"] != "state" or msg["index"] < index_at_least:
            continue
        if turn is not None and not (msg["your_turn"] == turn or msg["over"]):
            continue
        return msg  # type: ignore[no-any-return]
