"""benchmarks/hint_cost.py: it times one hint per decision with a choice, and prints every game."""

from __future__ import annotations

import math

import pytest

from benchmarks import hint_cost


def test_one_timing_per_decision_with_a_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint_cost, "MOVES_PER_GAME", 16)  # a hint (and the bot's move) is a search
    n, each, ratio, said = hint_cost.measure("zombie-shedding", 1)
    assert n == len(each) == len(said) > 0
    assert all(t >= 0 for t in each + said)
    assert ratio > 0 and math.isfinite(ratio)


def test_the_table_names_every_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hint_cost, "MOVES_PER_GAME", 4)
    hint_cost.main(["--games", "1"])
    out = capsys.readouterr().out
    for game_id in ("carson-zoo", "overlords", "zombie-overlord", "zombie-shedding"):
        assert game_id in out
