"""`python -m benchmarks` (`make bench`) runs and prints its table; a tiny budget, so the rates are
meaningless here: what is checked is that every row and every judged target is there."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

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
    assert re.search(r"targets met: \d of 2", done.stdout)  # 1,000 games/s and IS-MCTS vs hearts


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
