"""benchmarks/ismcts_strength.py times each agent's moves in CPU seconds while playing the very
games the simulator plays (the same seeds, agents and moves), and prints the CPU per move."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from benchmarks.ismcts_strength import cpu_per_move, play_timed
from deadtable.sim import Plan
from deadtable.sim.runner import play_game

REPO = Path(__file__).resolve().parent.parent
SMALL = ("ismcts:iterations=20", "greedy")


def test_a_timed_game_is_the_simulators_game_with_each_seats_cpu() -> None:
    plan = Plan("carson-zoo", 2, SMALL, seed=3)
    for index in range(2):
        timed, plain = play_timed(plan, index), play_game(plan, index)
        shared = {k for k in timed if k in plain}
        assert {"winners", "win_s0", "win_s1", "score_s0", "score_s1", "agent_s0"} <= shared
        assert {k: timed[k] for k in shared} == {k: plain[k] for k in shared}
        assert timed["moves_s0"] + timed["moves_s1"] == plain["actions"]
        assert timed["build"] in ("native", "pure")
        for s in range(2):
            assert 0 < timed[f"choices_s{s}"] <= timed[f"moves_s{s}"] and timed[f"cpu_s{s}"] >= 0.0


def test_the_run_keeps_timed_rows_resumes_and_prints_the_cpu_per_move(tmp_path: Path) -> None:
    cmd = [sys.executable, "-P", "benchmarks/ismcts_strength.py", "strength", "--game", "carson-zoo"]
    cmd += [
        "--games",
        "2",
        "--agent",
        SMALL[0],
        "--opponent",
        "greedy",
        "--workers",
        "1",
        "--rows",
        str(tmp_path),
    ]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    first = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr
    rows = [json.loads(line) for line in (tmp_path / "carson-zoo.jsonl").read_text().splitlines()]
    assert sorted(r["game"] for r in rows) == [0, 1] and {r["agent_s1"] for r in rows} == set(SMALL)
    timed = cpu_per_move(rows, SMALL[0])
    assert (
        timed is not None and f"{timed[0]:.3f} s CPU a move" in first.stdout and "vs greedy" in first.stdout
    )
    assert {r["build"] for r in rows} <= {"native", "pure"}
    again = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and "0 to play" in again.stderr and "s CPU a move" in again.stdout


def test_rows_without_timings_say_so() -> None:
    assert cpu_per_move([{"agent_s0": "ismcts", "win_s0": 1.0, "agent_s1": "greedy"}], "ismcts") is None


def test_a_cell_plays_one_search_seat_against_the_heuristic_at_every_other_seat(tmp_path: Path) -> None:
    cmd = [sys.executable, "-P", "benchmarks/ismcts_strength.py", "strength", "--game", "carson-zoo"]
    cmd += ["--cell", "3p", "--games", "3", "--agent", "ismcts:iterations=4", "--workers", "1"]
    cmd += ["--rows", str(tmp_path)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "carson-zoo         3p ismcts:iterations=4 vs heuristic" in done.stdout
    assert "fair share 33.3%, target" in done.stdout
    rows = sorted(
        (json.loads(line) for line in (tmp_path / "carson-zoo.jsonl").read_text().splitlines()),
        key=lambda r: r["game"],
    )
    assert [r["cell"] for r in rows] == ["3p"] * 3 and {r["players"] for r in rows} == {3}
    seats = [next(s for s in range(3) if r[f"agent_s{s}"] == "ismcts:iterations=4") for r in rows]
    assert seats == [0, 2, 1]  # the search seat rotates
    assert all(sum(r[f"agent_s{s}"] == "heuristic" for s in range(3)) == 2 for r in rows)
    wrong = subprocess.run([*cmd[:6], "--cell", "9p"], cwd=REPO, env=env, capture_output=True, text=True)
    assert wrong.returncode == 2 and "carson-zoo has no cell '9p'; its cells: 2p, 3p, 4p" in wrong.stderr
    assert "Traceback" not in wrong.stderr
