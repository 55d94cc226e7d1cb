"""Win rates with Wilson intervals, card statistics, CSV and Parquet files, the HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deadtable.core import DeadtableError
from deadtable.sim import Plan, by_agent, by_seat, card_stats, run, wilson
from deadtable.sim.results import read, write


def _rows() -> list[dict[str, Any]]:
    """Six hand-made 2-player games: whoever buys the Dragon wins."""
    rows = []
    for i in range(6):
        dragon = i % 2
        row: dict[str, Any] = {"game": i, "seed": i, "players": 2, "winners": str(dragon), "actions": 10 + i}
        for s in range(2):
            row[f"agent_s{s}"] = ("a", "b")[(s + i) % 2]
            row[f"score_s{s}"] = 5 if s == dragon else 1
            row[f"rank_s{s}"] = 1 if s == dragon else 2
            row[f"win_s{s}"] = 1.0 if s == dragon else 0.0
        row[f"card|buy|Dragon|s{dragon}"] = 1
        row[f"card|buy|Dragon|s{dragon}|points"] = 4
        row["card|buy|Rat|s0"] = 2
        row["ev_round_end"] = 3
        rows.append(row)
    return rows


def test_wilson_is_the_textbook_interval() -> None:
    lo, hi = wilson(1985.5, 2000)
    assert 0.9879 < lo < 0.9881 and 0.995 < hi < 0.996
    assert wilson(5, 10)[0] == pytest.approx(1 - wilson(5, 10)[1])


def test_rates_by_agent_and_seat() -> None:
    rows = _rows()
    agents = {r.label: r for r in by_agent(rows)}
    seats = {r.label: r for r in by_seat(rows)}
    assert agents["a"].trials == 6 and agents["a"].wins == 6  # a always holds the Dragon's seat
    assert seats["seat 0"].wins == 3 and seats["seat 1"].wins == 3


def test_card_stats_show_the_strong_card() -> None:
    stats = {(c.kind, c.card): c for c in card_stats(_rows())}
    dragon, rat = stats[("buy", "Dragon")], stats[("buy", "Rat")]
    assert dragon.holder_wins == 1.0 and dragon.others_win == 0.0 and dragon.holders == 6
    assert dragon.fields == {"points": 4.0} and dragon.per_game == 1.0
    assert rat.per_game == 2.0 and rat.holder_wins == 0.5


def test_csv_round_trip(tmp_path: Path) -> None:
    rows = run(Plan("carson-zoo", 2, ("random", "random"), seed=1), 4, workers=1)
    path = write(rows, tmp_path / "r.csv")
    back = read(path)
    assert back == rows


def test_parquet_round_trip(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="Parquet needs the sim extra (pyarrow)")
    rows = _rows()
    rows[0]["card|buy|Rat|s1"] = 1  # a column only one game has: the others get 0
    back = read(write(rows, tmp_path / "r.parquet"))
    assert back[0]["card|buy|Rat|s1"] == 1 and back[1]["card|buy|Rat|s1"] == 0
    assert [r["win_s0"] for r in back] == [r["win_s0"] for r in rows]


def test_reading_something_else_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.csv"
    bad.write_text("a,b\n1,2\n")
    with pytest.raises(DeadtableError, match="no simulation rows"):
        read(bad)
    with pytest.raises(DeadtableError, match="no results file"):
        read(tmp_path / "missing.csv")


def test_report_is_one_self_contained_page() -> None:
    pytest.importorskip("matplotlib", reason="the report's plots need the sim extra (matplotlib)")
    from deadtable.sim.report import render

    page = render(_rows(), title="Dragons", source="r.csv")
    assert page.startswith("<!doctype html>") and "Dragons" in page
    assert page.count("data:image/png;base64,") >= 4
    assert "<h3>buy</h3>" in page and "Dragon" in page and "<tr class='strong'>" not in page  # 6 < 10 holders
    assert "http://" not in page and "https://" not in page and "<script" not in page
