"""The reliability table of benchmarks/calibration.py (`benchmarks.reliability`): bins by tenths of
the estimate, a verdict on the point estimate, and intervals resampled by game, since the positions
of one game share its outcome."""

from __future__ import annotations

import random

import pytest

from benchmarks.reliability import TOLERANCE, reliability
from deadtable.sim.stats import wilson


def honest_games(games: int, per_game: int, seed: int) -> list[list[tuple[float, float]]]:
    """Seeded games whose positions' estimates are the true chance of the game's one outcome: a
    game draws its chance, its outcome from it, and its positions' estimates near that chance."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        chance = rng.random()
        won = 1.0 if rng.random() < chance else 0.0
        out.append([(min(1.0, max(0.0, chance + rng.uniform(-0.02, 0.02))), won) for _ in range(per_game)])
    return out


def test_bins_judge_the_gap_on_the_point_estimate_only_with_enough_positions() -> None:
    close = [[(0.55, 1.0)]] * 11 + [[(0.55, 0.0)]] * 9  # estimate 55%, observed 55%: one position a game
    far = [[(0.15, 1.0)]] * 10 + [[(0.15, 0.0)]] * 10  # estimate 15%, observed 50%
    table = reliability(close + far, min_count=20, resamples=200)
    assert {b.bin: b.verdict for b in table.bins} == {1: "FAIL", 5: "PASS"} and not table.passed
    assert {b.bin: (b.games, b.positions) for b in table.bins} == {1: (20, 20), 5: (20, 20)}
    table = reliability(close + far[:5], min_count=20, resamples=200)
    assert {b.bin: b.verdict for b in table.bins} == {1: "few", 5: "PASS"} and table.passed
    gap = next(b for b in table.bins if b.bin == 5)
    assert gap.observed - gap.mean == pytest.approx(gap.gap) and abs(gap.gap) <= TOLERANCE


def test_positions_that_share_a_game_widen_the_interval_as_a_coin_per_position_would_not() -> None:
    # The same outcomes, once one position a game and once each game's position repeated 8 times:
    # by position the second looks 8 times bigger, by game it holds the same information.
    single = honest_games(400, 1, seed=3)
    repeated = [g * 8 for g in single]
    one = {b.bin: b for b in reliability(single, resamples=400, seed=1).bins}
    eight = {b.bin: b for b in reliability(repeated, resamples=400, seed=1).bins}
    for b in one:
        assert eight[b].positions == 8 * one[b].positions and eight[b].games == one[b].games
        assert eight[b].gap == pytest.approx(one[b].gap)
        width = one[b].high - one[b].low
        assert eight[b].high - eight[b].low == pytest.approx(width)  # the same games: the same interval
        lo, hi = wilson(eight[b].observed * eight[b].positions, eight[b].positions)
        assert hi - lo < 0.6 * width  # a coin per position would claim about sqrt(8) times narrower


def test_an_honest_estimate_holds_the_diagonal_and_a_skewed_one_does_not() -> None:
    honest = honest_games(3000, 2, seed=5)
    table = reliability(honest, resamples=300)
    assert table.passed and all(b.holds_diagonal for b in table.bins)
    skewed = [[(e * 0.6 + 0.2, w) for e, w in g] for g in honest]  # the estimate pulled to the middle
    table = reliability(skewed, resamples=300)
    assert not table.passed and not all(b.holds_diagonal for b in table.bins)
    assert table.ece > reliability(honest, resamples=10).ece


def test_brier_and_ece_are_the_known_values_and_the_bootstrap_is_seeded() -> None:
    games = [[(0.2, 0.0), (0.2, 1.0)], [(0.9, 1.0)], [(0.9, 0.0)], []]
    table = reliability(games, min_count=1, resamples=100, seed=7)
    assert table.games == 3 and table.positions == 4  # a game without a position adds nothing
    assert table.brier == pytest.approx((0.04 + 0.64 + 0.01 + 0.81) / 4)
    assert table.ece == pytest.approx((2 * 0.3 + 2 * 0.4) / 4)  # |0.5 - 0.2| and |0.5 - 0.9|
    assert table.brier_interval[0] <= table.brier <= table.brier_interval[1]
    assert reliability(games, min_count=1, resamples=100, seed=7) == table
    assert reliability(games, min_count=1, resamples=100, seed=8) != table


def test_a_bin_of_games_all_won_keeps_an_interval_as_wide_as_its_games_allow() -> None:
    # Every resample of 5 won games is won: the bootstrap alone would claim a certain gap.
    table = reliability([[(0.85, 1.0)]] * 5, min_count=1, resamples=100)
    (only,) = table.bins
    assert only.gap == pytest.approx(0.15) and only.low < 0.0 <= only.high and only.holds_diagonal
