"""The server measured: started here (with a log file, a memory cap and a store of its own, restarted
when it dies or freezes) or a running one at --url; whether it answers, and what its log gained."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter

import httpx

from ..load import start_server

QUIET = ("ERROR:    Exception in ASGI application", "During handling of the above", "The above exception")
EXCEPTION_LINE = re.compile(r"([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Group))\b")


class Server:
    """The server measured: started here (with a log file and a memory cap) or at --url."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path: str | None = None
        self.db_path: str | None = None
        self.started = args.url is None
        self.base = args.url.rstrip("/") if args.url else ""
        if self.started:
            self.start()

    def start(self) -> None:
        where = tempfile.mkdtemp(prefix="deadtable-abuse-")
        self.log_path = os.path.join(where, "server.log")
        self.db_path = os.path.join(where, "tables.sqlite3")  # removed at the end; the log stays
        with open(self.log_path, "wb") as log:
            self.proc, self.base = start_server(self.db_path, stderr=log, memory_mb=self.args.server_memory)
        print(f"abuse: server pid {self.proc.pid} at {self.base}, log {self.log_path}", file=sys.stderr)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None
        if self.db_path is not None:
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(OSError):
                    os.remove(self.db_path + suffix)
            self.db_path = None

    def restart(self) -> None:
        """A new server on a new store (the log of the old one stays)."""
        self.stop()
        self.start()

    def log_size(self) -> int:
        return os.path.getsize(self.log_path) if self.log_path else 0

    def log_since(self, mark: int) -> str:
        """The tracebacks the log gained since `mark`: how many, and their exception types."""
        if not self.log_path:
            return ""
        with open(self.log_path, "rb") as f:
            f.seek(mark)
            text = f.read(64 << 20).decode(errors="replace")
        kinds: Counter[str] = Counter()
        other: Counter[str] = Counter()
        last: str | None = None  # the exception that ended the incident being read
        previous = ""
        for line in text.splitlines():
            if line.startswith("Traceback (most recent call last)"):
                chained = previous.startswith(("During handling of the above", "The above exception"))
                if not chained and last is not None:
                    kinds[last] += 1
                    last = None
                last = last or "?"
            elif last is not None and (m := EXCEPTION_LINE.match(line)):
                last = m.group(1).rsplit(".", 1)[-1]
            elif line[:1].strip() and not line.startswith(QUIET) and not EXCEPTION_LINE.match(line):
                other[re.sub(r"table \S+", "table …", line)[:90]] += 1  # a log line of its own
            if line.strip():
                previous = line
        if last is not None:
            kinds[last] += 1
        n = sum(kinds.values())
        words = [f"{n} traceback(s): " + ", ".join(tally(kinds))] if n else []
        return "; ".join(words + [f"{line!r} x{k}" for line, k in other.most_common(3)])

    def healthy(self, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc is not None and self.proc.poll() is not None:
                return False
            try:
                if httpx.get(self.base + "/api/games", timeout=2, trust_env=False).status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        return False


def tally(c: Counter[str]) -> list[str]:
    """Each kind once, most common first, with its count when more than one.

    >>> tally(Counter(["201", "500", "201"]))
    ['201 x2', '500']
    """
    return [k if n == 1 else f"{k} x{n}" for k, n in c.most_common()]
