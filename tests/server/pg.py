"""A throwaway PostgreSQL server on loopback for the store's tests (skipped when not installed).

initdb refuses to run as root, so as root the cluster is made and started as the `postgres` user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


def _bindir() -> Path | None:
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(candidate, "initdb").exists() and Path(candidate, "pg_ctl").exists():
            return Path(candidate)
    found = shutil.which("initdb")
    return Path(found).resolve().parent if found and shutil.which("pg_ctl") else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def unavailable() -> str | None:
    """Why no throwaway PostgreSQL can start here, or None when it can."""
    if _bindir() is None:
        return (
            "PostgreSQL server binaries (initdb, pg_ctl) are not installed; "
            ".ci/install-system-packages installs them"
        )
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install 'deadtable[postgresql]')"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no `postgres` user to run initdb as"
    return None


class Cluster:
    """A throwaway PostgreSQL cluster in a temp dir, on loopback; `stop` and `start` it again
    (a test of what the server does while its database is down)."""

    def __init__(self) -> None:
        bindir = _bindir()
        assert bindir is not None
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="deadtable-pg-"))
        self.data, self.sock = self.root / "data", self.root / "sock"
        self.sock.mkdir()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            for p in (self.root, self.sock):
                os.chown(p, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self.port = free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        initdb = str(bindir / "initdb")
        self._run([initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8"], check=True)

    def _run(self, command: list[str], *, check: bool) -> None:
        subprocess.run(
            [*self.prefix, *command], check=check, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def start(self) -> None:
        opts = (
            f"-p {self.port} -k {self.sock} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        )
        pg_ctl = str(self.bindir / "pg_ctl")
        log = str(self.root / "log")
        self._run([pg_ctl, "-D", str(self.data), "-o", opts, "-w", "-l", log, "start"], check=True)
        deadline = time.monotonic() + 20
        import psycopg

        while True:
            try:
                psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres").close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        pg_ctl = str(self.bindir / "pg_ctl")
        self._run([pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"], check=False)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@contextlib.contextmanager
def throwaway_postgresql() -> Iterator[str]:
    """Start a cluster in a temp dir; yield its SQLAlchemy URL; stop and delete it afterwards."""
    cluster = Cluster()
    try:
        cluster.start()
        yield cluster.url
    finally:
        cluster.remove()


def fresh_database(url: str, name: str) -> str:
    """A new empty database on the throwaway server; its URL."""
    import psycopg

    base = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + f"/{name}"
