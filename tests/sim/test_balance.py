"""The balance tools (sim/balance.py, the report's Balance section, `deadtable whatif`) on small,
constructed or seeded inputs whose answers are known."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deadtable.cli.whatif import whatif
from deadtable.core import DeadtableError
from deadtable.sim import balance as B
from deadtable.sim.events import DEALER_WON, EventStats
from deadtable.sim.stats import Rate, card_stats

NULL_CARDS = 48  # about the number of cards tested at once in a real set


def constructed_rows(games: int = 600, seed: int = 5) -> list[dict[str, Any]]:
    """Two-player games where "ace" goes to the winner 75% of the time, "dud" to the loser 75% of
    the time, and NULL_CARDS other cards to either seat at random; seat 0 moves first and wins 60%."""
    rng = random.Random(seed)
    rows = []
    for g in range(games):
        winner = 0 if rng.random() < 0.6 else 1
        row: dict[str, Any] = {"game": g, "seed": g, "players": 2, "first": 0, "actions": 10}
        for s in range(2):
            row[f"agent_s{s}"] = "bot"
            row[f"win_s{s}"] = 1.0 if s == winner else 0.0
            row[f"score_s{s}"] = row[f"win_s{s}"]
        row[f"card|buy|ace|s{winner if rng.random() < 0.75 else 1 - winner}"] = 1.0
        row[f"card|buy|dud|s{1 - winner if rng.random() < 0.75 else winner}"] = 1.0
        for k in range(NULL_CARDS):
            row[f"card|buy|null-{k:02d}|s{rng.randrange(2)}"] = 1.0
        rows.append(row)
    return rows


def test_holm_adjusts_step_down_and_never_lowers_a_p_value() -> None:
    ps = [0.01, 0.04, 0.03, 0.5]
    adjusted = B.holm(ps)
    # By hand: sorted 0.01 x4 = 0.04, 0.03 x3 = 0.09, 0.04 x2 = 0.08 -> 0.09 (monotone), 0.5 x1.
    assert adjusted == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert all(a >= p for a, p in zip(adjusted, ps, strict=True))
    # One p of 0.01 among fifty cards is not a finding: 50 x 0.01 = 0.5.
    assert B.holm([0.01] + [0.9] * 49)[0] == pytest.approx(0.5)


def test_flags_the_strong_and_the_weak_card_and_keeps_the_null_cards_quiet() -> None:
    runs_with_a_null_flag = runs_with_a_raw_null_finding = 0
    for seed in range(20):
        flagged = B.flag_cards(card_stats(constructed_rows(seed=seed)))["buy"]
        verdict = {f.label: f.flag for f in flagged}
        assert verdict["ace"] == "strong" and verdict["dud"] == "weak"
        nulls = [f for f in flagged if f.label.startswith("null-")]
        assert len(nulls) == NULL_CARDS and all(f.p_holm >= f.p for f in nulls)
        runs_with_a_null_flag += any(f.flag for f in nulls)
        runs_with_a_raw_null_finding += any(f.p < B.ALPHA for f in nulls)
    # Holm keeps the chance of any false flag in a run near 5% (1 run in 20 expected); testing
    # 48 cards at 5% each, uncorrected, finds something in almost every run.
    assert runs_with_a_null_flag <= 3
    assert runs_with_a_raw_null_finding >= 15


def test_first_player_rate_and_families_from_the_rows() -> None:
    rows = constructed_rows()
    first = B.first_player(rows)
    assert first is not None and first.trials == len(rows)
    lo, hi = first.ci
    assert lo < 0.6 < hi  # the constructed first seat wins 60%
    assert B.first_player([{k: v for k, v in r.items() if k != "first"} for r in rows[:3]]) is None
    # The null-NN cards are the only family (ace and dud have no number), so every seat bought
    # mostly that family, and those seats won every game once.
    (null,) = B.families(rows)
    assert null.label == "null" and null.trials == 2 * len(rows) and null.rate == 0.5


def test_difference_is_newcombes_interval() -> None:
    d, lo, hi = B.difference(Rate("a", 30, 50), Rate("b", 20, 50))
    assert d == pytest.approx(0.2) and lo < 0.2 < hi
    same = B.difference(Rate("a", 25, 50), Rate("b", 25, 50))
    assert same[0] == 0 and same[1] == pytest.approx(-same[2])


def test_per_hand_columns_from_events_and_their_rates() -> None:
    stats = EventStats(2)
    # Hand 1: seat 0 deals, opens with two Thieves and a Brute; seat 1 goes out first.
    stats(
        "hand_end",
        {"dealer": 0, "out": [1], "points": [9, 0], "opening": [["Thief", "Thief", "Brute"], ["Hide"]]},
    )
    # Hand 2: seat 1 deals and goes out first, again with a Hide.
    stats("hand_end", {"dealer": 1, "out": [1], "points": [4, 0], "opening": [["Brute"], ["Hide", "Brute"]]})
    cols = stats.columns()
    assert cols[DEALER_WON] == 1.0
    assert cols["hand|Thief|held"] == 1.0  # two copies in one hand count once
    assert cols["hand|Hide|won"] == 2.0 and cols["hand|Brute|held"] == 3.0 and cols["hand|Brute|won"] == 1.0
    assert cols["hand|Brute|points"] == 13.0
    row = {"players": 2, "ev_hand_end": 2.0, **cols}
    rates = {f.label: f for f in B.hand_cards([row])}
    assert rates["Hide"].holders.rate == 1.0 and rates["Hide"].others.rate == 0.0
    assert rates["Brute"].holders.wins == 1 and rates["Brute"].others.trials == 1
    dealer = B.dealer_hands([row])
    assert dealer is not None and (dealer.wins, dealer.trials) == (1.0, 2)


def test_whatif_same_file_changes_nothing_and_a_changed_file_is_compared(tmp_path: Path) -> None:
    from deadtable.games.zombie_overlord.cards import DATA

    same = tmp_path / "same.toml"
    same.write_text(DATA.read_text(encoding="utf-8"), encoding="utf-8")
    args = ["zombie-overlord", "--games", "8", "--workers", "1", "--quiet", "--top", "3"]
    result = CliRunner().invoke(whatif, [*args, "--cards", str(same), "--out", str(tmp_path / "w")])
    assert result.exit_code == 0, result.output
    assert "the first player" in result.output and "+0.0%" in result.output
    assert "-0.0%" not in result.output.replace("- +", "")  # every difference is zero
    assert (tmp_path / "w-shipped.csv").read_text() == (tmp_path / "w-changed.csv").read_text()
    weaker = tmp_path / "weak.toml"
    weaker.write_text(DATA.read_text(encoding="utf-8").replace("life = 50", "life = 20"), encoding="utf-8")
    result = CliRunner().invoke(whatif, [*args, "--cards", str(weaker), "--out", str(tmp_path / "v")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "v-shipped.csv").read_text() != (tmp_path / "v-changed.csv").read_text()
    assert "Mean game length" in result.output


def test_whatif_refuses_to_compare_nothing() -> None:
    result = CliRunner().invoke(whatif, ["zombie-overlord", "--quiet"])
    assert isinstance(result.exception, DeadtableError)


def test_report_has_the_balance_section_with_both_flags() -> None:
    pytest.importorskip("matplotlib", reason="the report needs the sim extra (matplotlib)")
    from deadtable.sim.report import render

    page = render(constructed_rows(), lang="en")
    assert "Balance" in page and "Holm" in page
    assert "<tr class='strong'><td>ace</td>" in page and "<tr class='weak'><td>dud</td>" in page
