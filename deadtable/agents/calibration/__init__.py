"""Calibration maps: the review's raw winning chance turned into the chance actually observed.

The review's raw estimate (`deadtable.agents.review`) is the seat's share of wins in heuristic
playouts from determinizations of what it knows. The playouts are not the real game (a sample of
the hidden cards is not the real hands, and a heuristic meeting a sample does not play as it does
at the real table), so the raw estimate can be off in a systematic way; benchmarks/calibration.py
measures by how much. So a game may carry a **calibration map**: a monotone mapping fitted on
*training* games (by Platt scaling, `fit_platt`, two parameters, the default; or by isotonic
regression, `fit`), never on the games a table is judged on, stored in the game's own package as
`data/calibration.json` (found through the game, `deadtable.core.parts`) with the command that
made it, the seeds it was trained on, and the players and options it applies to (`for_state`: a
map of the 2-player Duel says nothing of a Marathon).
The review shows the calibrated chance; a game or
variant without a map shows the raw one.

A map is a list of knots (raw, calibrated), both increasing (not strictly) and inside [0, 1]; a
chance between two knots is interpolated linearly, one outside them takes the nearest knot's value.
The isotonic fit adds a pseudo-observation of half a win at each end of the range (weight `ANCHOR_WEIGHT`),
pooled with the lowest and the highest block: a block of a few lost games never claims a certain
loss, nor one of a few won games a certain win.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deadtable.core import State

PLATT_KNOTS = 101  # a Platt curve tabulated every 0.01 of the raw chance
EDGE = 0.005  # raw chances are read inside [EDGE, 1 - EDGE] by the Platt fit (logit of 0 is infinite)
RIDGE = 1e-6  # keeps Newton's step defined when every point has the same raw chance
ANCHOR_WEIGHT = 1.0  # the pseudo-observations of half a win at raw chances 0 and 1


@dataclass(frozen=True)
class CalibrationMap:
    """A monotone map of [0, 1] into [0, 1] given by knots (see the module doc)."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    def __post_init__(self) -> None:
        if not self.xs or len(self.xs) != len(self.ys):
            raise ValueError("a calibration map needs as many raw values as calibrated ones, at least one")
        for seq in (self.xs, self.ys):
            if any(not 0.0 <= v <= 1.0 for v in seq) or any(a > b for a, b in itertools.pairwise(seq)):
                raise ValueError("a calibration map's knots must increase inside [0, 1]")

    def __call__(self, p: float) -> float:
        """The calibrated chance of a raw chance `p`.

        >>> m = CalibrationMap((0.2, 0.6), (0.1, 0.5))
        >>> m(0.0), round(m(0.4), 6), m(0.6), m(1.0)
        (0.1, 0.3, 0.5, 0.5)
        """
        xs, ys = self.xs, self.ys
        i = bisect.bisect_right(xs, p)
        if i == 0:
            return ys[0]
        if i == len(xs):
            return ys[-1]
        x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
        return y0 if x1 == x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)


def fit(points: list[tuple[float, float]]) -> CalibrationMap:
    """The isotonic (non-decreasing) least-squares fit of outcomes on raw chances, as a map.

    Pool adjacent violators over the points sorted by raw chance, with the two anchors of the
    module doc; each pooled block becomes one knot (the mean raw chance of its points, its mean
    outcome counting the anchor).

    >>> m = fit([(0.1, 0.0), (0.2, 1.0), (0.3, 0.0), (0.9, 1.0)])
    >>> [(round(x, 3), round(y, 3)) for x, y in zip(m.xs, m.ys, strict=True)]
    [(0.1, 0.25), (0.25, 0.5), (0.9, 0.75)]
    """
    # (raw chance, outcome, weight, whether the raw chance counts): the anchors weigh in the
    # outcome only, so a knot stays where its points are.
    data = [(x, y, 1.0, 1.0) for x, y in sorted(points)]
    data = [(0.0, 0.5, ANCHOR_WEIGHT, 0.0), *data, (1.0, 0.5, ANCHOR_WEIGHT, 0.0)]
    blocks: list[list[float]] = []  # [weight, sum of outcomes, points, sum of their raw chances]
    for x, y, w, counts in data:
        blocks.append([w, y * w, counts, x * counts])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][0] >= blocks[-1][1] / blocks[-1][0]:
            last = blocks.pop()
            for k in range(4):
                blocks[-1][k] += last[k]
    knots = [(b[3] / b[2], b[1] / b[0]) for b in blocks if b[2]]
    return CalibrationMap(
        tuple(min(1.0, max(0.0, x)) for x, _ in knots), tuple(min(1.0, max(0.0, y)) for _, y in knots)
    )


def fit_platt(points: list[tuple[float, float]]) -> CalibrationMap:
    """Platt scaling: outcome = sigmoid(a * logit(raw) + b), fitted by maximum likelihood (Newton's
    method), tabulated as `PLATT_KNOTS` knots. Two parameters, so a few hundred points fit it
    without the steps an isotonic fit learns from noise; monotone since `a` is kept at least 0.

    >>> m = fit_platt([(0.2, 0.0), (0.2, 1.0), (0.8, 1.0), (0.8, 1.0), (0.8, 0.0), (0.8, 1.0)])
    >>> round(m(0.2), 2), round(m(0.8), 2)
    (0.5, 0.75)
    """
    data = [(_logit(x), y) for x, y in points]
    a, b = 1.0, 0.0
    for _ in range(50):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for x, y in data:
            q = _sigmoid(a * x + b)
            w = q * (1.0 - q)
            g0 += (q - y) * x
            g1 += q - y
            h00 += w * x * x
            h01 += w * x
            h11 += w
        h00 += RIDGE
        h11 += RIDGE
        det = h00 * h11 - h01 * h01
        if det <= 0.0:
            break
        da = (h11 * g0 - h01 * g1) / det
        db = (h00 * g1 - h01 * g0) / det
        a, b = max(0.0, a - da), b - db
        if abs(da) + abs(db) < 1e-10:
            break
    xs = tuple(i / (PLATT_KNOTS - 1) for i in range(PLATT_KNOTS))
    return CalibrationMap(xs, tuple(_sigmoid(a * _logit(x) + b) for x in xs))


def log_likelihood(the_map: Callable[[float], float], points: list[tuple[float, float]]) -> float:
    """The log-likelihood of the outcomes when each raw chance is read through `the_map`.

    >>> round(log_likelihood(lambda p: p, [(0.5, 1.0), (0.5, 0.0)]), 4)
    -1.3863
    """
    total = 0.0
    for x, y in points:
        q = min(1.0 - EDGE, max(EDGE, the_map(x)))
        total += y * math.log(q) + (1.0 - y) * math.log(1.0 - q)
    return total


def _logit(p: float) -> float:
    p = min(1.0 - EDGE, max(EDGE, p))
    return math.log(p / (1.0 - p))


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


FITS = {"platt": fit_platt, "isotonic": fit}


def path_of(game_id: str) -> Path:
    """Where the map of `game_id` is kept: `data/calibration.json` in the game's package."""
    from deadtable.core import game
    from deadtable.core.parts import files

    return Path(str(files(game(game_id), "data", "calibration.json")))


def save(game_id: str, the_map: CalibrationMap, made_by: dict[str, Any]) -> Path:
    """Write the map of `game_id` with what made it (`made_by`: command, seeds, sample size)."""
    out = path_of(game_id)
    body = {
        **made_by,
        "knots": [[round(x, 4), round(y, 4)] for x, y in zip(the_map.xs, the_map.ys, strict=True)],
    }
    out.write_text(json.dumps(body, indent=1) + "\n")
    load.cache_clear()
    about.cache_clear()
    return out


@cache
def about(game_id: str) -> dict[str, Any] | None:
    """The stored map file of `game_id` as a dict, or None when the game has none."""
    path = path_of(game_id)
    if not path.exists():
        return None
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@cache
def load(game_id: str) -> CalibrationMap | None:
    """The calibration map of `game_id`, or None when the game has none (its chances stay raw)."""
    data = about(game_id)
    if data is None:
        return None
    knots = data["knots"]
    return CalibrationMap(tuple(float(x) for x, _ in knots), tuple(float(y) for _, y in knots))


def for_state(state: State) -> CalibrationMap | None:
    """The map for the game `state` is a position of, if it was fitted on that game: the same game,
    number of players and options (the map file's `players` and `variants`), else None."""
    data = about(state.game.id)
    if data is None or data.get("players") != state.players or state.options not in data.get("variants", []):
        return None
    return load(state.game.id)
