"""benchmarks/review_cost.py: it times each game's review and compares the flags of two budgets."""

from __future__ import annotations

import pytest

from benchmarks import review_cost
from deadtable.agents.review import Decision


def _decision(move: int, loss: float, flag: str | None, chance: float) -> Decision:
    return Decision(move, 2, "x", [], chance, "y", chance + loss, 8, loss, flag)


def test_agreement_counts_same_flags_and_flagged_moves() -> None:
    a = [
        _decision(1, 0.0, None, 0.5),
        _decision(2, 0.12, "mistake", 0.4),
        _decision(3, 0.06, "inaccuracy", 0.3),
    ]
    b = [
        _decision(1, 0.0, None, 0.4),
        _decision(2, 0.25, "blunder", 0.4),
        _decision(3, 0.07, "inaccuracy", 0.3),
    ]
    seen = review_cost.Agreement()
    seen.add(a, b)
    assert (seen.decisions, seen.same, seen.flagged, seen.flagged_same) == (3, 2, 2, 1)
    assert seen.loss_gap == pytest.approx(0.14) and seen.chance_gap == pytest.approx(0.1)
    assert "67%" in seen.line("a vs b")


def test_the_comparison_prints_both_agreements(capsys: pytest.CaptureFixture[str]) -> None:
    review_cost.main(["--only", "carson-zoo", "--compare", "--every", "4"])
    out = capsys.readouterr().out
    assert "carson-zoo" in out
    assert "cheap vs thorough" in out and "thorough vs thorough seed 1" in out
