"""Supply Run plays on every surface with nothing of deadtable changed: the terminal (in this process
and in a fresh one), simulate, the online table over HTTP and the WebSocket, and a browser.

Each surface finds what the game brings in its package (deadtable/core/parts.py): its rulebook, its
renderer, its bots.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import deadtable
from deadtable.cli.main import cli
from deadtable.core import Game, Record, replay


def _hand(game: Game, players: int, seed: int, seat: int) -> list[int]:
    state: Any = game.new(players, seed)
    return list(state.hands[seat])


def test_the_terminal_plays_it_to_the_end(installed: Game, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    typed = ["bid 99"] + [f"bid {card}" for card in _hand(installed, 3, 11, 0)]
    args = ["play", "supply-run", "--players", "3", "--bots", "heuristic,random", "--seed", "11"]
    result = CliRunner().invoke(
        cli, [*args, "--ask-always", "--record", str(record)], input="\n".join(typed) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "you hold no run card 99" in result.output  # the game's own reason (explain_illegal)
    assert "Game over" in result.output and "Winner" in result.output
    assert "The drop is shared out" in result.output
    final = replay(Record.load(record))
    assert final.is_terminal and final.players == 3 and len(final.history) == 18


def test_the_command_plays_it_in_a_fresh_process(installed: Game, tmp_path: Path) -> None:
    """A new Python process finds the game by its entry point alone (PYTHONPATH, conftest.py)."""
    command = [sys.executable, "-c", "from deadtable.cli.main import main; main()"]
    listed = subprocess.run([*command, "games"], capture_output=True, text=True, timeout=120, check=True)
    assert "supply-run" in listed.stdout and "Supply Run" in listed.stdout
    typed = "".join(f"bid {card}\n" for card in _hand(installed, 2, 12, 0))
    args = ["play", "supply-run", "--bots", "heuristic", "--seed", "12", "--ask-always"]
    played = subprocess.run(
        [*command, *args, "--record", str(tmp_path / "game.json")],
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "Game over" in played.stdout, played.stdout[-2000:]
    assert replay(Record.load(tmp_path / "game.json")).is_terminal


def test_the_rules_command_shows_the_rulebook_of_its_package(installed: Game) -> None:
    result = CliRunner().invoke(cli, ["rules", "supply-run", "--no-pager"])
    assert result.exit_code == 0, result.output
    assert "The highest run card takes the crate" in result.output  # texts/rules.en.md
    assert "SR-4" in result.output and "SR-H1" in result.output  # its rulings and readings


def test_simulate_writes_a_row_per_game(installed: Game, tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    args = ["simulate", "supply-run", "--games", "6", "--agents", "heuristic,random", "--seed", "3"]
    result = CliRunner().invoke(
        cli, [*args, "--players", "2", "--workers", "2", "--out", str(out), "--quiet"]
    )
    assert result.exit_code == 0, result.output
    assert "Win rate by agent" in result.output
    rows = list(csv.DictReader(out.read_text().splitlines()))
    assert len(rows) == 6 and all(row["actions"] == "12" for row in rows)  # six rounds, two run cards each
    assert {row["agent_s0"] for row in rows} == {"heuristic", "random"}


# -- the online table --------------------------------------------------------------------------


@pytest.fixture
def client(installed: Game, tmp_path: Path) -> Any:
    pytest.importorskip("fastapi", reason="the online table needs the server extra")
    from fastapi.testclient import TestClient

    from deadtable.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.sqlite3'}", test_client=True)) as c:
        c.app.state.hub.bot_pace = 0.0
        yield c


def _state_message(ws: Any, index: int) -> dict[str, Any]:
    for _ in range(500):
        msg = ws.receive_json()
        if msg["type"] == "error":
            raise AssertionError(f"the table refused a move: {msg}")
        if msg["type"] == "state" and msg["index"] >= index and (msg["your_turn"] or msg["over"]):
            return msg  # type: ignore[no-any-return]
    raise AssertionError("no state arrived")


def test_the_online_table_plays_it_against_a_bot(client: Any) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert "heuristic" in games["supply-run"]["agents"]
    renderer = client.get(games["supply-run"]["renderer"])  # web/renderer.js, served from the package
    assert renderer.status_code == 200 and "export function render" in renderer.text
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "heuristic"}]
    created = client.post("/api/tables", json={"game": "supply-run", "seed": 4, "seats": seats})
    assert created.status_code == 201, created.text
    table = created.json()
    moves = 0
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": table["seats"][0]["token"]})
        msg = _state_message(ws, 0)
        while not msg["over"]:
            # Each legal action in structured form beside its text: a run card of the seat's hand.
            assert msg["actions"][0]["kind"] == "bid" and msg["actions"][0]["card"] in msg["view"]["hand"]
            assert msg["view"]["hand"] and msg["view"]["bid_down"].count(True) <= 1
            ws.send_json({"type": "act", "action": msg["legal"][-1], "index": msg["index"]})
            moves += 1
            msg = _state_message(ws, msg["index"] + 1)
    assert moves == 6
    final = deadtable.replay(client.get(f"/tables/{table['id']}/record").json())
    assert msg["view"] == final.view(0) and msg["outcome"]["scores"] == list(final.outcome().scores)


def test_the_online_table_serves_the_rulebook_of_its_package(client: Any) -> None:
    rules = client.get("/api/rules/supply-run").json()
    assert rules["markdown"] and "The highest run card takes the crate" in rules["markdown"]
    assert [r["id"] for r in rules["rulings"] if r["id"].startswith("SR-")] == [
        f"SR-{i}" for i in range(1, 7)
    ]
    assert [r["id"] for r in rules["readings"]] == ["SR-H1"]
    spanish = client.get("/api/rules/supply-run?lang=es").json()
    assert spanish["readings"][0]["lang"] == "es" and spanish["rules_lang"] == "en"  # with a note
