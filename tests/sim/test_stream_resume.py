"""`deadtable simulate` streams rows to its file as games finish and resumes an interrupted run.

The interruption is simulated in this process: a chunk of games raises KeyboardInterrupt (what
Ctrl-C does) after some chunks were written. Memory is checked by structure, not time: the rows a
run holds alive at any moment are at most a chunk's, whatever the number of games.
"""

from __future__ import annotations

import csv
import gc
import weakref
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deadtable.cli.simulate import simulate
from deadtable.core import DeadtableError
from deadtable.sim import Plan, backends, run
from deadtable.sim.output import RowFile
from deadtable.sim.runner import play_chunk

ARGS = ["carson-zoo", "--agents", "random,greedy:samples=2", "--seed", "5", "--workers", "1", "--quiet"]
GAMES = 12
PLAN = Plan("carson-zoo", 2, ("random", "greedy:samples=2"), seed=5)


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return sorted(csv.DictReader(f), key=lambda r: int(r["game"]))


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, chunks: int) -> list[list[int]]:
    """Make the run's chunks raise KeyboardInterrupt once `chunks` of them have played."""
    played: list[list[int]] = []
    real = play_chunk

    def chunk(plan: Plan, indices: list[int]) -> list[dict[str, Any]]:
        if len(played) == chunks:
            raise KeyboardInterrupt
        played.append(indices)
        return real(plan, indices)

    monkeypatch.setattr(backends, "play_chunk", chunk)
    return played


def test_an_interrupted_run_resumes_with_only_the_missing_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "r.csv"
    runner = CliRunner()
    before = _interrupt_after(monkeypatch, chunks=5)
    cut = runner.invoke(simulate, [*ARGS, "--games", str(GAMES), "--out", str(out)])
    assert cut.exit_code == 130, cut.output
    assert "with --resume plays the rest" in " ".join(cut.output.split())
    kept = _rows(out)
    assert [int(r["game"]) for r in kept] == [i for c in before for i in c]  # written as they finished
    assert 0 < len(kept) < GAMES

    with out.open("a", encoding="utf-8") as f:  # a row half-written when the process died
        f.write("99,1234")
    after = _interrupt_after(monkeypatch, chunks=10**6)
    resumed = runner.invoke(simulate, [*ARGS, "--games", str(GAMES), "--out", str(out), "--resume"])
    assert resumed.exit_code == 0, resumed.output
    said = " ".join(resumed.output.split())  # the console wraps long lines
    assert f"{len(kept)} of {GAMES} games are there" in said
    assert sorted(i for c in after for i in c) == list(range(len(kept), GAMES))  # only the missing

    whole = run(PLAN, GAMES, workers=1)  # the same games as an uninterrupted run, seed for seed
    got = _rows(out)
    assert [int(r["game"]) for r in got] == list(range(GAMES))
    assert [int(r["seed"]) for r in got] == [r["seed"] for r in whole]
    assert [float(r["score_s0"]) for r in got] == [float(r["score_s0"]) for r in whole]
    assert f"│ {GAMES} │" in said  # the summary counts every game's seats, the kept ones too


def test_resuming_refuses_a_run_with_other_options(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    runner = CliRunner()
    assert runner.invoke(simulate, [*ARGS, "--games", "4", "--out", str(out)]).exit_code == 0
    other = [a if a != "5" else "6" for a in ARGS]  # another base seed
    refused = runner.invoke(simulate, [*other, "--games", "8", "--out", str(out), "--resume"])
    assert isinstance(refused.exception, DeadtableError)
    assert "seed: 5 -> 6" in str(refused.exception)
    assert len(_rows(out)) == 4  # left as it was
    no_record = tmp_path / "other.csv"
    no_record.write_text(out.read_text())
    refused = runner.invoke(simulate, [*ARGS, "--games", "8", "--out", str(no_record), "--resume"])
    assert isinstance(refused.exception, DeadtableError) and "plan.json" in str(refused.exception)


def test_resuming_a_finished_parquet_run_adds_games(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="Parquet needs the sim extra (pyarrow)")
    from deadtable.sim.results import read

    out = tmp_path / "r.parquet"
    runner = CliRunner()
    assert runner.invoke(simulate, [*ARGS, "--games", "4", "--out", str(out)]).exit_code == 0
    more = runner.invoke(simulate, [*ARGS, "--games", "6", "--out", str(out), "--resume"])
    assert more.exit_code == 0, more.output
    assert "4 of 6 games are there, 2 to play" in " ".join(more.output.split())
    rows = sorted(read(out), key=lambda r: int(r["game"]))
    assert [r["game"] for r in rows] == list(range(6))
    assert not (tmp_path / "r.parquet.partial.csv").exists()
    whole = run(PLAN, 6, workers=1)
    assert [(r["seed"], r["score_s0"], r["agent_s0"]) for r in rows] == [
        (r["seed"], r["score_s0"], r["agent_s0"]) for r in whole
    ]


class _Row(dict[str, Any]):
    """A row that a weak reference can follow (a plain dict cannot)."""


def test_a_run_holds_at_most_a_chunk_of_rows_however_many_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    alive: list[weakref.ref[_Row]] = []
    most = 0

    def chunk(plan: Plan, indices: list[int]) -> list[dict[str, Any]]:
        nonlocal most
        gc.collect()
        most = max(most, sum(r() is not None for r in alive))
        rows = [_Row(game=i, seed=plan.game_seed(i), players=2, agent_s0="a", agent_s1="b") for i in indices]
        for r in rows:
            r.update(win_s0=1.0, win_s1=0.0, actions=3)
        alive.extend(weakref.ref(r) for r in rows)
        return list(rows)

    monkeypatch.setattr(backends, "play_chunk", chunk)
    games = 400
    plan = Plan("carson-zoo", 2, ("a", "b"))
    rows = RowFile(tmp_path / "r.csv", plan, games).open(resume=False)
    for got in backends.stream(plan, rows.missing(), workers=1):
        rows.add(got)
    rows.close()
    biggest = max(len(c) for c in backends.cut(range(games), 1))
    assert len(alive) == games and 0 < most <= biggest < games
    assert rows.tally.games == games and rows.tally.by_agent()[0].wins == games
    assert len(_rows(tmp_path / "r.csv")) == games
