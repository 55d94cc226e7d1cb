"""A reliability table whose intervals know that the positions of one game share its outcome.

benchmarks/calibration.py reviews several positions of each game; each is a point (the estimated
winning chance, the seat's share of the win at the end). The points of one game are not
independent: they end in the same outcome, and a game's positions near each other have near
estimates. So an interval that counts every point as a separate coin (Wilson) is too narrow. Here
every interval is a **cluster bootstrap**: the games are resampled with replacement (`resamples`
times, from a seeded generator), each drawn game bringing all its points, and the 2.5% and 97.5%
points of the resampled statistic are the interval. A bin's resamples cannot leave a rate of 0 or 1
(a bin whose games were all won is won in every resample), so a bin's interval is widened to hold
at least the Wilson interval of its win rate counted as if it had one position per game.

Per tenth of the estimate (`BINS`), the table gives the games and the positions that fall in it,
the mean estimate, the observed win rate and the gap (observed - estimate), with the gap's 95%
interval. A bin of at least `min_count` positions **passes** when its gap, the point estimate, is
within `TOLERANCE` (the issue's 5 points); the interval is shown beside it (whether it holds 0, the
diagonal) so a reader can tell a gap from noise, but it does not decide the verdict. Over all
points: the Brier score (the mean squared error of the estimate against the outcome) and the
expected calibration error (ECE: the bins' absolute gaps weighted by their positions), each with
its interval by game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from deadtable.sim.stats import wilson

BINS = 10
TOLERANCE = 0.05  # the "within 5 points"
RESAMPLES = 1000  # bootstrap resamples of the games
CONFIDENCE = 0.95

Point = tuple[float, float]  # (estimated chance, the seat's share of the win at the end)


def bin_of(estimate: float) -> int:
    """The tenth of the range an estimate falls in (1.0 goes with the last).

    >>> bin_of(0.0), bin_of(0.349), bin_of(0.35), bin_of(1.0)
    (0, 3, 3, 9)
    """
    return min(BINS - 1, max(0, int(estimate * BINS)))


@dataclass(frozen=True)
class Sums:
    """What a set of points adds up to in one bin: count, sum of estimates, sum of outcomes."""

    count: int = 0
    estimates: float = 0.0
    outcomes: float = 0.0

    def __add__(self, other: Sums) -> Sums:
        return Sums(
            self.count + other.count, self.estimates + other.estimates, self.outcomes + other.outcomes
        )

    @property
    def gap(self) -> float:
        """Observed win rate minus mean estimate (0 for an empty bin)."""
        return (self.outcomes - self.estimates) / self.count if self.count else 0.0


@dataclass(frozen=True)
class GameSums:
    """One game's points, summed per bin, with its squared errors (the Brier score's numerator)."""

    bins: dict[int, Sums]
    squared: float
    count: int


def summarize(points: Sequence[Point]) -> GameSums:
    bins: dict[int, Sums] = {}
    squared = 0.0
    for estimate, outcome in points:
        b = bin_of(estimate)
        bins[b] = bins.get(b, Sums()) + Sums(1, estimate, outcome)
        squared += (estimate - outcome) ** 2
    return GameSums(bins, squared, len(points))


@dataclass(frozen=True)
class Bin:
    bin: int
    games: int  # games with at least one point in the bin
    positions: int
    mean: float  # mean estimate
    observed: float  # observed win rate
    gap: float  # observed - mean
    low: float  # the gap's 95% interval by game (cluster bootstrap)
    high: float
    verdict: str  # "PASS", "FAIL" (|gap| > TOLERANCE), or "few" (fewer than min_count positions)

    @property
    def holds_diagonal(self) -> bool:
        """Whether the gap's interval holds 0: the estimate is not shown to be off in this bin."""
        return self.low <= 0.0 <= self.high


@dataclass(frozen=True)
class Reliability:
    bins: list[Bin]
    games: int
    positions: int
    brier: float
    brier_interval: tuple[float, float]
    ece: float
    ece_interval: tuple[float, float]

    @property
    def passed(self) -> bool:
        """Every bin with enough positions within TOLERANCE (on the point estimate)."""
        return all(b.verdict != "FAIL" for b in self.bins)

    @property
    def judged(self) -> int:
        return sum(b.verdict != "few" for b in self.bins)


def ece_of(per_bin: dict[int, Sums]) -> float:
    """Expected calibration error: the bins' |gap| weighted by their share of the points.

    >>> round(ece_of({0: Sums(2, 0.2, 0.0), 9: Sums(2, 1.9, 2.0)}), 6)
    0.075
    """
    total = sum(s.count for s in per_bin.values())
    return sum(s.count * abs(s.gap) for s in per_bin.values()) / total if total else 0.0


def percentile(values: list[float], q: float) -> float:
    """The q-quantile of `values` (linear interpolation between order statistics).

    >>> percentile([0.0, 1.0, 2.0, 3.0, 4.0], 0.25), percentile([5.0], 0.9)
    (1.0, 5.0)
    """
    xs = sorted(values)
    k = (len(xs) - 1) * q
    lo = math.floor(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def reliability(
    games: Sequence[Sequence[Point]], min_count: int = 30, resamples: int = RESAMPLES, seed: int = 0
) -> Reliability:
    """The reliability table of `games` (each a list of its points; see the module doc).

    >>> r = reliability([[(0.05, 0.0), (0.15, 0.0)], [(0.95, 1.0)]], min_count=1, resamples=50)
    >>> [(b.bin, b.games, b.positions, b.observed) for b in r.bins], r.passed
    ([(0, 1, 1, 0.0), (1, 1, 1, 0.0), (9, 1, 1, 1.0)], False)
    """
    sums = [summarize(g) for g in games]
    sums = [s for s in sums if s.count]
    totals: dict[int, Sums] = {}
    games_in: dict[int, int] = {}
    for s in sums:
        for b, part in s.bins.items():
            totals[b] = totals.get(b, Sums()) + part
            games_in[b] = games_in.get(b, 0) + 1
    positions = sum(s.count for s in sums)
    brier = sum(s.squared for s in sums) / positions if positions else 0.0
    gaps: dict[int, list[float]] = {b: [] for b in totals}
    briers: list[float] = []
    eces: list[float] = []
    rng = random.Random(seed)
    n = len(sums)
    for _ in range(resamples if n else 0):
        drawn: dict[int, list[float]] = {}  # bin -> [count, estimates, outcomes]
        squared = 0.0
        count = 0
        for _ in range(n):
            g = sums[rng.randrange(n)]
            squared += g.squared
            count += g.count
            for b, part in g.bins.items():
                acc = drawn.get(b)
                if acc is None:
                    drawn[b] = [part.count, part.estimates, part.outcomes]
                else:
                    acc[0] += part.count
                    acc[1] += part.estimates
                    acc[2] += part.outcomes
        briers.append(squared / count)
        per_bin = {b: Sums(int(c), e, o) for b, (c, e, o) in drawn.items()}
        eces.append(ece_of(per_bin))
        for b, s in per_bin.items():
            gaps[b].append(s.gap)
    tail = (1.0 - CONFIDENCE) / 2
    bins = []
    for b in sorted(totals):
        t = totals[b]
        verdict = "few" if t.count < min_count else ("PASS" if abs(t.gap) <= TOLERANCE + 1e-12 else "FAIL")
        boot = gaps[b] or [t.gap]
        mean = t.estimates / t.count
        observed = t.outcomes / t.count
        floor_low, floor_high = wilson(observed * games_in[b], games_in[b])
        bins.append(
            Bin(
                bin=b,
                games=games_in[b],
                positions=t.count,
                mean=mean,
                observed=observed,
                gap=t.gap,
                low=min(percentile(boot, tail), floor_low - mean),
                high=max(percentile(boot, 1 - tail), floor_high - mean),
                verdict=verdict,
            )
        )
    return Reliability(
        bins=bins,
        games=n,
        positions=positions,
        brier=brier,
        brier_interval=interval(briers, brier),
        ece=ece_of(totals),
        ece_interval=interval(eces, ece_of(totals)),
    )


def interval(values: list[float], fallback: float) -> tuple[float, float]:
    tail = (1.0 - CONFIDENCE) / 2
    return (percentile(values, tail), percentile(values, 1 - tail)) if values else (fallback, fallback)


def markdown(r: Reliability, title: str) -> str:
    """The table as the docs show it, with the verdict and the overall scores under it."""
    lines = [
        "| estimate | games | positions | mean estimate | observed win rate | gap | gap's 95% CI (by game) "
        "| CI holds 0 | within 5 points |",
        "|---|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for b in r.bins:
        lines.append(
            f"| {b.bin / BINS:.1f}-{(b.bin + 1) / BINS:.1f} | {b.games} | {b.positions} | {b.mean:.1%} "
            f"| {b.observed:.1%} | {b.gap:+.1%} | {b.low:+.1%} to {b.high:+.1%} "
            f"| {'yes' if b.holds_diagonal else 'no'} | {b.verdict} |"
        )
    judged = f"{r.judged} of {len(r.bins)} bins judged"
    lines.append(
        f"{title}: {'PASS' if r.passed else 'FAIL'} ({judged}); {r.positions} positions of {r.games} games; "
        f"Brier {r.brier:.4f} ({r.brier_interval[0]:.4f}-{r.brier_interval[1]:.4f}), "
        f"ECE {r.ece:.1%} ({r.ece_interval[0]:.1%}-{r.ece_interval[1]:.1%}); 95% intervals by game"
    )
    return "\n".join(lines)
