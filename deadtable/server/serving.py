"""Running the online table as a server process: its socket, TLS, its store checked, a graceful stop.

`deadtable serve` (and `python -m deadtable.server`) check what an operator can get wrong before
anything starts, and say it in one line naming the fix (`HostingError`): a certificate or key that
cannot be read, a port in use, a store that cannot be reached.

On SIGTERM (or a first Ctrl-C) the server stops gracefully (`Graceful`): the hub accepts no more
moves, finishes writing those in flight, tells every connected player that the server is
restarting (a {"type": "restarting"} message; the web table reconnects by itself to the same
seat), closes their connections with code 1012 ("service restart"), and the process exits 0. A
second Ctrl-C stops at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import ssl
import threading
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from types import FrameType
from typing import Any

import uvicorn
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from deadtable.core import DeadtableError
from deadtable.i18n import Message

from . import collector, db

log = logging.getLogger("deadtable.server")
STOP_TIMEOUT = 15.0  # seconds the moves in flight may take to be written before the process goes on
CONNECTIONS_TIMEOUT = 10.0  # seconds uvicorn waits for the connections left before it closes them
WS_MAX_SIZE = 1 << 20


class HostingError(DeadtableError):
    """A mistake of the operator's, in one line that names the fix (shown by the command)."""


@dataclass(frozen=True)
class Listen:
    """Where and how the server listens."""

    host: str = "127.0.0.1"
    port: int = 8000
    certfile: str | None = None
    keyfile: str | None = None

    @property
    def scheme(self) -> str:
        return "https" if self.certfile else "http"

    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}/"


def shown_url(url: str) -> str:
    """A store's URL as printed: without the user and password.

    >>> shown_url("postgresql+psycopg://ana:secret@db.example/tables")
    'db.example/tables'
    """
    return url.split("@")[-1] if "@" in url else url


def check_tls(listen: Listen) -> None:
    """The certificate and key load together, or a HostingError says which and why."""
    if listen.keyfile and not listen.certfile:
        raise HostingError(Message("--keyfile needs --certfile: give both, a certificate and its key"))
    if not listen.certfile:
        return
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(listen.certfile, listen.keyfile)
    # (an SSLError is an OSError too: the one about the files' contents comes first)
    except ssl.SSLError as err:
        raise HostingError(
            Message(
                "cannot use the certificate {certfile} with the key {keyfile} ({why}); give "
                "--certfile the PEM certificate and --keyfile its own private key",
                certfile=listen.certfile,
                keyfile=listen.keyfile or listen.certfile,
                why=str(err.reason or err),
            )
        ) from None
    except OSError as err:
        which = getattr(err, "filename", None) or listen.certfile
        why = err.strerror or str(err)
        raise HostingError(
            Message(
                "cannot read {file}: {why}; give --certfile and --keyfile the PEM files of the "
                "certificate (with its chain) and of its private key",
                file=str(which),
                why=why,
            )
        ) from None


def bind(listen: Listen) -> socket.socket:
    """The listening socket, or a HostingError when the port is taken or the address is not ours."""
    try:
        infos = socket.getaddrinfo(listen.host, listen.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as err:
        raise HostingError(
            Message("cannot listen on {host}: {why}; check --host", host=listen.host, why=str(err.strerror))
        ) from None
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as err:
        sock.close()
        if err.errno in (98, 48, 10048):  # EADDRINUSE (Linux, macOS, Windows)
            raise HostingError(
                Message(
                    "port {port} on {host} is in use (another server?); stop it or choose another "
                    "port with --port",
                    port=listen.port,
                    host=listen.host,
                )
            ) from None
        raise HostingError(
            Message(
                "cannot listen on {host} port {port}: {why}; check --host and --port",
                host=listen.host,
                port=listen.port,
                why=str(err.strerror or err),
            )
        ) from None
    sock.set_inheritable(True)
    return sock


def store_problem(url: str) -> str | None:
    """Why the store at `url` does not answer a trivial query, in one line; None when it does."""
    engine = db.make_engine(url)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except SQLAlchemyError as err:
        cause = getattr(err, "orig", None) or err
        return str(cause).strip().splitlines()[0][:300] if str(cause).strip() else type(cause).__name__
    finally:
        engine.dispose()
    return None


def check_store(url: str) -> None:
    """The store answers, or a HostingError names it and says what to check."""
    why = store_problem(url)
    if why is not None:
        raise HostingError(
            Message(
                "cannot reach the store {store}: {why}; check --db (or DEADTABLE_DATABASE_URL) and "
                "that the database is running and readable",
                store=shown_url(url),
                why=why,
            )
        )


class Graceful(uvicorn.Server):
    """uvicorn's server, stopping gracefully on SIGTERM or a first Ctrl-C: `on_stop` runs (the
    hub's `stop`), then uvicorn closes what is left and runs the application's shutdown. The
    signal is not raised again afterwards: a stop asked for is a normal end, exit status 0."""

    def __init__(self, config: uvicorn.Config, on_stop: Callable[[], Awaitable[None]]) -> None:
        super().__init__(config)
        self.on_stop = on_stop
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping: asyncio.Task[None] | None = None

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().serve(sockets)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        collector.settle()  # started: what start-up made is frozen (collector.py)

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        before = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.stopping is not None or self.loop is None:
            if sig == signal.SIGINT:  # a second Ctrl-C: at once
                self.should_exit = self.force_exit = True
            return
        self.loop.call_soon_threadsafe(self.begin_stop)

    def begin_stop(self) -> None:
        if self.stopping is None:
            self.stopping = asyncio.ensure_future(self.stop())

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(self.on_stop(), STOP_TIMEOUT)
        except Exception:
            log.exception("the graceful stop did not finish; stopping anyway")
        finally:
            self.should_exit = True


def serve_metrics(metrics: Any, host: str, port: int) -> None:
    """Serve `metrics` (metrics.Metrics) at http://host:port/metrics in a thread of their own."""
    from prometheus_client import start_http_server

    try:
        start_http_server(port, addr=host, registry=metrics.registry)
    except OSError as err:
        if err.errno in (98, 48, 10048):
            raise HostingError(
                Message(
                    "port {port} on {host} is in use (another server?); choose another with --metrics-port",
                    port=port,
                    host=host,
                )
            ) from None
        raise HostingError(
            Message(
                "cannot serve the metrics on {host} port {port}: {why}; check --metrics-host and "
                "--metrics-port",
                host=host,
                port=port,
                why=str(err.strerror or err),
            )
        ) from None


async def stop_tables(app: Any) -> None:
    """The application's part of a graceful stop: its hub's `stop` (hub.py)."""
    hub = getattr(app.state, "hub", None)
    if hub is not None:
        await hub.stop()


def prepare(listen: Listen, url: str) -> socket.socket:
    """Check what the operator gave (the certificate and key, the store) and take the port: the
    listening socket, or a HostingError."""
    check_tls(listen)
    check_store(url)
    return bind(listen)


def serve_app(app: Any, listen: Listen, sock: socket.socket) -> None:
    """Run `app` on `sock` (from `prepare`) until a signal stops it."""
    config = uvicorn.Config(
        app,
        host=listen.host,
        port=listen.port,
        log_level="warning",
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=False,
        proxy_headers=False,  # the application's own middleware (proxy.py) reads them
        ssl_certfile=listen.certfile,
        ssl_keyfile=listen.keyfile,
        timeout_graceful_shutdown=int(CONNECTIONS_TIMEOUT),
    )
    try:
        Graceful(config, lambda: stop_tables(app)).run(sockets=[sock])
    finally:
        sock.close()
