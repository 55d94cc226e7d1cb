"""The simulate, report and tournament commands, end to end on small runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from deadtable.cli.report_cmd import report_cmd
from deadtable.cli.simulate import simulate
from deadtable.cli.tournament import tournament_cmd
from deadtable.core import DeadtableError


def test_simulate_prints_rates_and_writes_rows(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    args = ["carson-zoo", "--games", "6", "--agents", "random,greedy:samples=2", "--seed", "3"]
    result = CliRunner().invoke(simulate, [*args, "--workers", "1", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "Win rate by agent" in result.output and "95% CI" in result.output
    assert "Mean game length" in result.output
    assert len(out.read_text().splitlines()) == 7


def test_bad_input_is_a_clear_error_not_a_traceback(tmp_path: Path) -> None:
    runner = CliRunner()
    bad_agent = runner.invoke(simulate, ["carson-zoo", "--agents", "random,wizard", "--quiet"])
    assert isinstance(bad_agent.exception, DeadtableError) and "wizard" in str(bad_agent.exception)
    bad_game = runner.invoke(simulate, ["chess", "--quiet"])
    assert bad_game.exit_code == 2 and "no game 'chess'" in bad_game.output
    bad_option = runner.invoke(simulate, ["carson-zoo", "-o", "speed=9", "--quiet"])
    assert isinstance(bad_option.exception, DeadtableError)
    bad_out = runner.invoke(simulate, ["carson-zoo", "--out", str(tmp_path / "r.txt"), "--quiet"])
    assert isinstance(bad_out.exception, DeadtableError)


def test_report_writes_html(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the report needs the sim extra (matplotlib)")
    rows = tmp_path / "r.csv"
    runner = CliRunner()
    runner.invoke(simulate, ["carson-zoo", "--games", "4", "--workers", "1", "--out", str(rows), "--quiet"])
    result = runner.invoke(report_cmd, [str(rows)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "r.html").read_text().count("data:image/png") >= 3


def test_tournament_prints_openskill_ratings() -> None:
    pytest.importorskip("openskill", reason="ratings need the sim extra (openskill)")
    args = ["carson-zoo", "--agents", "random,greedy:samples=2,ismcts:iterations=20", "--games", "4"]
    result = CliRunner().invoke(tournament_cmd, [*args, "--workers", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "openskill" in result.output and "mu" in result.output
    lines = [line for line in result.output.splitlines() if "greedy" in line or "random" in line]
    assert lines and "greedy" in lines[0]  # greedy rates above random
