"""Fixtures for the hosting tests: a throwaway PostgreSQL, a test certificate, two `deadtable serve`
processes on it, and the shipped nginx site or Caddyfile in front of them (each skipped with the
reason when what it needs is not installed; .ci/install-system-packages installs it all)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip(
    "fastapi", reason="the online table needs the server extra: pip install 'deadtable[server]'"
)

from tests.server.pg import fresh_database

from .deployed import Certificate, Proxy, Serve, nginx_binary

# Tables one address may create per window, per process: small, to reach it. The processes are
# shared by the tests, so each test's clients come from loopback addresses of its own.
CREATE_LIMIT = 3


@pytest.fixture(scope="session")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> Certificate:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed (.ci/install-system-packages installs it)")
    return Certificate(tmp_path_factory.mktemp("certificate")).make()


@dataclass
class Site:
    """The proxy, the two processes behind it, and the database they share."""

    proxy: Proxy
    processes: list[Serve]
    db: str


@pytest.fixture(scope="session")
def processes(pg_server: str) -> Iterator[tuple[list[Serve], str]]:
    """Two `deadtable serve` processes on one new database, shared by the nginx and Caddy tests
    (each proxy in front of both, one module at a time); the database's URL. They start at once
    on the empty database, as a host's service manager starts them: one makes the store's tables
    while the other waits (the migration's lock, tests/server/test_migrate_at_once.py)."""
    db = fresh_database(pg_server, "hosting")
    both = [Serve(db, create_limit=CREATE_LIMIT) for _ in range(2)]
    try:
        for p in both:
            p.launch()
        for p in both:
            p.ready()
        yield both, db
    finally:
        for p in both:
            p.stop()


def _site(
    kind: str, folder: Path, processes: tuple[list[Serve], str], certificate: Certificate
) -> Iterator[Site]:
    both, db = processes
    proxy = Proxy(kind, folder, certificate, [p.port for p in both])
    try:
        proxy.start()
        for p in both:  # one restarted by an earlier module may still be starting
            p.ready()
        yield Site(proxy, both, db)
    finally:
        proxy.stop()


@pytest.fixture(scope="module")
def nginx_site(
    tmp_path_factory: pytest.TempPathFactory, processes: tuple[list[Serve], str], certificate: Certificate
) -> Iterator[Site]:
    if nginx_binary() is None:
        pytest.skip("nginx is not installed (.ci/install-system-packages installs it)")
    yield from _site("nginx", tmp_path_factory.mktemp("nginx"), processes, certificate)


@pytest.fixture(scope="module")
def caddy_site(
    tmp_path_factory: pytest.TempPathFactory, processes: tuple[list[Serve], str], certificate: Certificate
) -> Iterator[Site]:
    if shutil.which("caddy") is None:
        pytest.skip("caddy is not installed (.ci/install-system-packages installs it)")
    yield from _site("caddy", tmp_path_factory.mktemp("caddy"), processes, certificate)
