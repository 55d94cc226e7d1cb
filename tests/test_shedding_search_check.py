"""benchmarks/shedding_search_check.py: the Duel's IS-MCTS spot check, played, resumed and re-read."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import shedding_search_check as check


def test_a_tiny_check_plays_each_seed_then_resumes_without_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = tmp_path / "check"
    args = ["--dir", str(where), "--seeds", "3,5", "--games", "2", "--iterations", "2"]
    assert check.main(args) == 0
    first = capsys.readouterr().out
    assert "seed 3: played" in first and "seed 5: played" in first
    assert check.rows_in(where / "ism3.csv") == 2 and check.rows_in(where / "ism5.csv") == 2
    assert "games: 4; cards:" in first
    assert "the first player wins the game:" in first and "of 4 games" in first
    # Run again: every seed already has its games, so nothing is played and the report is the same.
    assert check.main(args) == 0
    again = capsys.readouterr().out
    assert "played" not in again
    assert again.splitlines()[1:] == first.splitlines()[3:]
    # Any results file can be summarised the same way.
    assert check.main(["--rows", str(where / "ism3.csv"), str(where / "ism5.csv")]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == first.splitlines()[3:]


def test_no_files_and_no_play_is_a_clear_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main(["--dir", str(tmp_path), "--seeds", "7", "--no-play"]) == 1
    out = capsys.readouterr().out
    assert "seed 7: no" in out and "no rows" in out


def test_rows_in_counts_games_not_the_header(tmp_path: Path) -> None:
    f = tmp_path / "r.csv"
    assert check.rows_in(f) == 0
    f.write_text("game,seed\n0,1\n1,2\n")
    assert check.rows_in(f) == 2
