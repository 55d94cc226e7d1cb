"""`deadtable review`: a table, a chart and a JSON file; clear errors for a bad record or seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deadtable.cli.main import cli, main
from deadtable.cli.review_cmd import sparkline
from tests.agents.test_review import played_record


def refused(monkeypatch, capsys, *args: str) -> str:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("sys.argv", ["deadtable", "review", *args])
    with pytest.raises(SystemExit) as exc:
        main()
    said = capsys.readouterr()
    assert exc.value.code == 2
    assert "Traceback" not in said.out + said.err
    return said.out + said.err


def test_help_explains_the_estimates() -> None:
    result = CliRunner().invoke(cli, ["review", "--help"])
    assert result.exit_code == 0
    for word in ("--seat", "--iterations", "--workers", "--json", "blunder", "winning chance"):
        assert word in result.output


def test_a_small_review_prints_the_table_the_chart_and_writes_json(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    played_record("zombie-shedding", 3, moves=14).save(record)
    out = tmp_path / "review.json"
    args = ["review", str(record), "--seat", "2", "--iterations", "8", "--workers", "1", "--quiet"]
    result = CliRunner().invoke(cli, [*args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["seat"] == 1 and data["decisions"]
    first = data["decisions"][0]
    assert first["played"] in result.output  # the action's text
    assert "Winning chance after each move played" in result.output
    # A 2-player shedding game is a Duel, which ships a calibration map: the review says so.
    assert data["calibrated"] is True and "The chances are calibrated" in result.output
    assert data["bot"] == "heuristic" and "played on to the end by the game's heuristic bot" in result.output
    assert sparkline([d["played_chance"] for d in data["decisions"]]) in result.output
    spanish = CliRunner().invoke(cli, ["--lang", "es", *args])
    assert spanish.exit_code == 0 and "jugada" in spanish.output.lower()
    assert "calibradas" in spanish.output
    assert "bot heurístico" in spanish.output  # which bot played the samples on, in words


def test_sparkline_spans_the_range() -> None:
    assert sparkline([0.0, 0.25, 0.5, 1.0, 1.7, -1.0]) == "▁▃▅██▁"


def test_bad_record_path_and_seat_out_of_range_are_clear_errors(tmp_path: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    said = refused(monkeypatch, capsys, str(tmp_path / "missing.json"), "--seat", "1")
    assert "cannot read" in said
    record = tmp_path / "g.json"
    played_record("zombie-shedding", 3, moves=4).save(record)
    assert "seat must be 1 to 2" in refused(monkeypatch, capsys, str(record), "--seat", "3")
    assert "seat must be 1 to 2" in refused(monkeypatch, capsys, str(record), "--seat", "0")
    not_json = tmp_path / "x.json"
    not_json.write_text("{")
    assert "not a JSON record" in refused(monkeypatch, capsys, str(not_json), "--seat", "1")
