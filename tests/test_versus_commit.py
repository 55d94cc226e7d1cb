"""`python -m benchmarks.versus_commit REV`: the working tree against a commit, one row a game."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def test_a_row_a_game_with_both_ratios() -> None:
    if subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True).returncode:
        pytest.skip("not a git checkout: there is no commit to compare with")
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.versus_commit", "HEAD", "--budget", "0.05", "--rounds", "1"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    row = re.compile(r"[a-z-]+ +\d+\.\d\dx +(\d+\.\d\d|nan)x$")
    games = {line.split()[0] for line in done.stdout.splitlines() if row.match(line)}
    assert games >= {"carson-zoo", "overlords", "zombie-overlord", "zombie-shedding"}


def test_a_commit_git_does_not_know_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.versus_commit", "no-such-commit"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "cannot export 'no-such-commit'" in done.stderr and "Traceback" not in done.stderr
