"""`python -m benchmarks.calibration` reviews positions of held-out games and bins them; a tiny
budget here, so the figures are meaningless: what is checked is that positions are reviewed, the
rows kept and resumed, and the reliability table printed with its verdict, its intervals by game
and the overall scores (the table itself: tests/test_reliability.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from benchmarks.calibration import selection

REPO = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-P", "-m", "benchmarks.calibration", *args]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)


def test_positions_are_reviewed_rows_kept_and_resumed(tmp_path: Path) -> None:
    args = ["--game", "zombie-shedding", "--games", "2", "--rate", "0.02", "--iterations", "4"]
    args += ["--min-count", "1", "--rows", str(tmp_path)]
    first = run(*args)
    assert first.returncode == 0, first.stderr
    rows = [json.loads(line) for line in (tmp_path / "zombie-shedding.jsonl").read_text().splitlines()]
    assert sorted(r["game"] for r in rows) == [0, 1]
    points = [p for r in rows for p in r["points"]]
    assert points and all(0 <= p[0] <= 1 and p[1] in (0.0, 0.5, 1.0) for p in points)
    assert "| estimate | games | positions |" in first.stdout and "95% CI (by game)" in first.stdout
    assert (
        ("PASS" in first.stdout or "FAIL" in first.stdout)
        and "Brier" in first.stdout
        and "ECE" in first.stdout
    )
    again = run(*args)  # every game is in the rows: nothing is played, the same table is printed
    assert again.returncode == 0 and "games," not in again.stderr
    assert again.stdout == first.stdout
    held = run(*args[:-2], "--rows", str(tmp_path), "--seed", "2", "--train-seed", "1", "--train-games", "2")
    assert held.returncode == 0, held.stderr
    assert "candidate maps fitted on 2 training games" in held.stdout  # seed 1's rows, judged on seed 2's
    assert "platt: held-out log-likelihood" in held.stdout and "isotonic: held-out" in held.stdout


def test_the_selection_check_pools_one_game_as_it_averages_it() -> None:
    per_game, pooled = selection("carson-zoo", 1, seed=9)
    assert 0.0 <= pooled <= 1.0 and per_game == pooled  # one game: the mean of one share is the share
    many = selection("carson-zoo", 6, seed=9)
    assert all(0.0 <= v <= 1.0 for v in many)
