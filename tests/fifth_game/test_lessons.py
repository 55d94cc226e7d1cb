"""A game without a lesson (Supply Run brings none) plays as before: the coach has nothing to say,
the lobby's "Learn to play" does not list it, and asking for its lesson is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.agents.coach import coach, lesson
from deadtable.core import Game

pytest.importorskip("fastapi", reason="the online table needs the server extra")

from fastapi.testclient import TestClient

from deadtable.server import create_app


def test_a_game_without_a_lesson_has_a_quiet_coach(installed: Game, tmp_path: Path) -> None:
    assert lesson(installed) is None
    state = installed.new(2, 3)
    assert coach(installed, state.view(0), state.legal_actions(), False, "en") == {"lesson": False}
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.sqlite3'}", test_client=True)) as client:
        listed = client.get("/api/lessons").json()
        assert "supply-run" not in [entry["game"] for entry in listed]
        refused = client.post("/api/lessons/supply-run")
        assert refused.status_code == 404
        assert refused.json()["detail"] == "Supply Run has no guided first game"
