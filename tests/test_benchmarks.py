"""`python -m benchmarks` (`make bench`) runs and prints its table; a tiny budget, so the rates are
meaningless here: what is checked is that every row and every judged target is there. The same for
`python -m benchmarks.abuse` (the online table under abuse), in a tiny configuration."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-P", "-m", "benchmarks", "--games", "carson-zoo", "--budget", "0.02", *args]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True)


def rows(out: str) -> dict[str, list[str]]:
    return {
        cells[0]: cells[1:]
        for line in out.splitlines()
        if line.startswith("| ") and not line.startswith("| game")
        for cells in [[c.strip() for c in line.strip("|").split("|")]]
    }


def test_the_table_has_every_variant_the_peers_and_the_targets() -> None:
    done = bench("--markdown")
    assert done.returncode == 0, done.stderr
    table = rows(done.stdout)
    assert {"carson-zoo 2p", "carson-zoo 3p", "carson-zoo 4p"} <= set(table)
    assert re.fullmatch(r"[\d,]+", table["carson-zoo 2p"][1])  # games/s, a number
    assert ">= 1,000 games/s" in table["carson-zoo 2p"][-1]
    assert "random play draws with random" in done.stderr
    assert "vs random" in table["carson-zoo 2p: greedy bots"][-1]  # benchmarks/bots.py
    assert re.search(r"targets met: \d of 3", done.stdout)  # 1,000 games/s, IS-MCTS vs hearts, bots vs random


def test_without_a_native_build_both_builds_falls_back_to_pure(tmp_path: Path) -> None:
    done = bench("--markdown", "--native", str(tmp_path), "--draw", "randrange")
    assert done.returncode == 0, done.stderr
    assert "no native build in" in done.stderr
    assert "random play draws with randrange" in done.stderr
    table = rows(done.stdout)
    pure, native = table["carson-zoo 2p"][1:3]
    assert re.fullmatch(r"[\d,]+", pure) and native == "-"
    assert "native not run" in done.stdout


def test_a_bad_draw_is_refused_with_the_choices() -> None:
    done = bench("--draw", "dice")
    assert done.returncode == 2
    assert "invalid choice: 'dice'" in done.stderr and "randrange" in done.stderr


def test_the_bots_benchmark_plays_each_games_bots_against_random_play() -> None:
    """`python -m benchmarks.bots`: a row per game at 2 players, its bot named, judged against 1/3."""
    cmd = [sys.executable, "-P", "-m", "benchmarks.bots", "--games", "carson-zoo,zombie-overlord"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [*cmd, "--budget", "0.02", "--markdown"], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    table = rows(done.stdout)
    assert set(table) == {"carson-zoo 2p: greedy bots", "zombie-overlord 2p: heuristic bots"}
    for games_s, actions_s, target in table.values():
        assert float(games_s.replace(",", "")) > 0 and re.fullmatch(r"[\d,]+", actions_s)
        assert re.fullmatch(r"vs random [\d,]+ games/s \d\.\d{3}x \(>= 1/3\) (PASS|FAIL)", target)
    assert re.search(r"targets met: \d of 2", done.stdout)


def test_the_abuse_benchmark_measures_the_baseline_and_reports_each_abuse() -> None:
    """`python -m benchmarks.abuse` in a tiny configuration, against a server it starts."""
    for module in ("fastapi", "uvicorn", "sqlalchemy", "alembic", "httpx", "websockets"):
        pytest.importorskip(
            module, reason="the online table needs the server extra: pip install 'deadtable[server]'"
        )
    cmd = [
        sys.executable,
        "-P",
        "-m",
        "benchmarks.abuse",
        "--scenarios",
        "baseline,spectators,hostile-strings",
        "--moves",
        "6",
        "--spectators",
        "5",
        "--duration",
        "8",
        "--setup",
        "8",
        "--markdown",
    ]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    head = next(line for line in done.stdout.splitlines() if line.startswith("| scenario"))
    assert [c.strip() for c in head.strip("|").split("|")] == [
        "scenario",
        "moves",
        "p50 ms",
        "p99 ms",
        "max ms",
        "player",
        "the server answered the abuser",
        "server log",
    ]
    table = {
        cells[0]: cells[1:]
        for line in done.stdout.splitlines()
        if line.startswith("| ") and not line.startswith("| scenario")
        for cells in [[c.strip() for c in line.strip("|").split("|")]]
    }
    assert list(table) == ["baseline", "spectators", "hostile-strings"]
    assert all(len(cells) == 7 for cells in table.values())
    moves, p50, p99, top, player = table["baseline"][:5]
    assert moves == "6/6" and player == "ok"
    assert all(re.fullmatch(r"\d+\.\d", x) for x in (p50, p99, top))
    assert "joined (101) x5" in table["spectators"][5]  # what the server answered the abuser
    assert "create" in table["hostile-strings"][5]
    for name in table:  # one progress line per scenario
        assert f"abuse: {name}: " in done.stderr


def test_the_abuse_benchmark_refuses_an_unknown_scenario() -> None:
    pytest.importorskip(
        "httpx", reason="the online table needs the server extra: pip install 'deadtable[server]'"
    )
    pytest.importorskip(
        "websockets", reason="the online table needs the server extra: pip install 'deadtable[server]'"
    )
    cmd = [sys.executable, "-P", "-m", "benchmarks.abuse", "--scenarios", "baseline,teapot"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "unknown scenario(s) teapot" in done.stderr and "slow-readers" in done.stderr


def test_fixed_games_plays_the_same_games_for_instruction_counts() -> None:
    """benchmarks/fixed_games.py: a fixed workload (valgrind counts it); the same games each run."""
    cmd = [sys.executable, "-P", "-m", "benchmarks.fixed_games"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    said = [
        subprocess.run([*cmd, *args], cwd=REPO, env=env, capture_output=True, text=True)
        for args in (
            ["random", "carson-zoo", "2p", "3"],
            ["random", "carson-zoo", "2p", "3"],
            ["heuristic", "zombie-overlord", "2p", "1"],
        )
    ]
    assert all(done.returncode == 0 for done in said), [d.stderr for d in said]
    first, again, bots = (done.stderr.strip() for done in said)
    assert first == again and re.fullmatch(r"3 games, \d+ actions", first)
    assert int(first.split()[2]) > 3 * 10  # a Carson City Zoo game takes dozens of moves
    assert re.fullmatch(r"1 games, \d+ actions", bots) and int(bots.split()[2]) > 0
