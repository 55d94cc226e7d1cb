"""`python -m benchmarks.knows` plays the new determinization against the old, seats alternating,
and keeps each game's row; a tiny search budget here, so the rate is meaningless: what is checked
is that the games are played, the rows kept and resumed, and the interval printed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-P", "-m", "benchmarks.knows", *args]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)


def test_games_are_played_seats_alternating_rows_kept_and_resumed(tmp_path: Path) -> None:
    args = [
        "--game",
        "zombie-shedding",
        "--games",
        "2",
        "--agent",
        "ismcts:iterations=3",
        "--rows",
        str(tmp_path),
    ]
    first = run(*args)
    assert first.returncode == 0, first.stderr
    assert "zombie-shedding" in first.stdout and "new vs old determinization" in first.stdout
    assert "95% CI" in first.stdout
    rows = [json.loads(line) for line in (tmp_path / "zombie-shedding.jsonl").read_text().splitlines()]
    assert sorted(r["new_seat"] for r in rows) == [0, 1] and all(r["moves"] > 0 for r in rows)
    again = run(*args)  # every game is in the rows: nothing is played, the same figure is printed
    assert again.returncode == 0 and "played" not in again.stderr
    assert again.stdout.splitlines()[-1] == first.stdout.splitlines()[-1]


def test_a_game_without_an_old_sampler_is_refused() -> None:
    out = run("--game", "carson-zoo")
    assert out.returncode != 0 and "invalid choice" in out.stderr


def test_at_three_players_the_new_seat_rotates_and_the_rows_say_the_mode(tmp_path: Path) -> None:
    args = ["--game", "zombie-shedding", "--players", "3", "--mode", "blitz", "--games", "3"]
    first = run(*args, "--agent", "ismcts:iterations=3", "--rows", str(tmp_path))
    assert first.returncode == 0, first.stderr
    assert "at 3 players (blitz), a fair share 33.3%" in first.stdout
    rows = [json.loads(line) for line in (tmp_path / "zombie-shedding.jsonl").read_text().splitlines()]
    assert sorted(r["new_seat"] for r in rows) == [0, 1, 2]
    assert all(r["players"] == 3 and r["mode"] == "blitz" for r in rows)
    # The 2-player Duel's rows are not these: asked for the Duel, the same folder plays them anew.
    duel = run(
        "--game", "zombie-shedding", "--games", "1", "--agent", "ismcts:iterations=3", "--rows", str(tmp_path)
    )
    assert duel.returncode == 0 and "1/1 played" in duel.stderr
    refused = run("--game", "zombie-overlord", "--players", "3", "--mode", "blitz")
    assert refused.returncode != 0 and "is for --game zombie-shedding alone" in refused.stderr
