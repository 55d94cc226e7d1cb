"""`deadtable serve` prints the address to open and runs the app on the store it was given."""

from __future__ import annotations

from typing import Any

from click.testing import CliRunner

from deadtable.cli.serve import serve


def test_serve_prints_the_address_and_uses_the_db_file(monkeypatch, tmp_path):
    seen: dict[str, Any] = {}

    def fake_run(app: Any, **kwargs: Any) -> None:
        seen.update(kwargs, app=app)

    monkeypatch.setattr("uvicorn.run", fake_run)
    db = tmp_path / "my.sqlite3"
    result = CliRunner().invoke(serve, ["--port", "8123", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:8123/" in result.output
    assert str(db) in result.output
    assert seen["port"] == 8123 and seen["host"] == "127.0.0.1"
    assert seen["ws_max_size"] == 1 << 20
