"""GET /healthz while the store's PostgreSQL is stopped: 503 with the reason, then ok again."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from deadtable.server import create_app

from .pg import Cluster, unavailable


def test_health_is_503_while_postgresql_is_stopped_and_ok_once_it_is_back() -> None:
    why = unavailable()
    if why:
        pytest.skip(why)
    cluster = Cluster()
    try:
        cluster.start()
        with TestClient(create_app(cluster.url, resume=False, test_client=True)) as client:
            assert client.get("/healthz").json() == {"status": "ok", "store": "ok"}
            cluster.stop()
            r = client.get("/healthz")
            assert r.status_code == 503
            body = r.json()
            assert body["status"] == "unavailable"
            assert body["store"] and "\n" not in body["store"] and len(body["store"]) <= 200
            assert client.get("/api/games").status_code == 200  # what needs no store still answers
            cluster.start()
            deadline = time.monotonic() + 20
            while (r := client.get("/healthz")).status_code != 200 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert r.json() == {"status": "ok", "store": "ok"}
    finally:
        cluster.remove()
