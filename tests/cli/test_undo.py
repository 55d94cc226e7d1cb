"""`undo` in `deadtable play`: the seat's last move is taken back while the game allows
it (the record keeps only the moves that stood), otherwise the terminal says why not."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from deadtable.cli.main import cli
from deadtable.core import Record


def _play(tmp_path: Path, typed: list[str], *lang: str) -> tuple[str, Record]:
    record = tmp_path / "game.json"
    args = [*lang, "play", "zombie-overlord", "--seed", "2", "--seat", "1,2", "--record", str(record)]
    result = CliRunner().invoke(cli, args, input="\n".join([*typed, "q"]) + "\n")
    assert result.exit_code == 0, result.output
    return result.output, Record.load(record)


def test_undo_takes_back_phase_choices_then_says_why_not(tmp_path: Path) -> None:
    out, record = _play(tmp_path, ["purchase", "play supply", "undo", "undo", "undo"])
    assert out.count("took back a move") == 2
    assert "Nothing to take back" in out  # the third: the turn had only two moves
    assert record.actions == []


def test_a_final_move_cannot_be_taken_back(tmp_path: Path) -> None:
    # Buying an Action card shows the top of the face-down Action deck (RULINGS ZO-5): final.
    out, record = _play(tmp_path, ["purchase", "play supply", "play supply", "buy action", "undo"])
    assert "Nothing to take back" in out and "took back" not in out
    assert record.actions == ["purchase", "play supply", "play supply", "buy action"]


def test_undo_in_spanish(tmp_path: Path) -> None:
    out, record = _play(tmp_path, ["purchase", "deshacer", "deshacer"], "--lang", "es")
    assert "deshizo una jugada" in out and "Nada que deshacer" in out
    assert record.actions == []
