"""`deadtable serve` prints the address to open and runs the app on the store it was given."""

from __future__ import annotations

from typing import Any

from click.testing import CliRunner

from deadtable.cli.serve import serve


def test_serve_prints_the_address_and_uses_the_db_file(monkeypatch, tmp_path):
    seen: dict[str, Any] = {}

    def fake_run(app: Any, listen: Any, sock: Any) -> None:
        seen.update(app=app, listen=listen, address=sock.getsockname())
        sock.close()

    monkeypatch.setattr("deadtable.server.serving.serve_app", fake_run)
    db = tmp_path / "my.sqlite3"
    result = CliRunner().invoke(serve, ["--port", "0", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:0/" in result.output
    assert str(db) in result.output
    assert seen["listen"].port == 0 and seen["listen"].host == "127.0.0.1"
    assert seen["address"][0] == "127.0.0.1"  # the socket was bound before the app runs
    assert seen["app"].state.limits.trusted_proxies == ("127.0.0.1", "::1")
