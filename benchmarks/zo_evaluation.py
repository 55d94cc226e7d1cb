"""Fit the weights of Zombie Overlord's evaluation (deadtable/games/zombie_overlord/evaluation.py).

    .venv/bin/python benchmarks/zo_evaluation.py --games 1500 --seed 1

Plays seeded 2-player games between heuristic players that each make a random move with some
probability (0, 0.15 or 0.4, drawn per seat and game, so that both lopsided and close games occur),
keeps about one position in ten with the difference of the two seats' `features`, labelled with
who went on to win, and fits a logistic regression without intercept (the model is antisymmetric:
swapping the seats flips the sign) by Newton's method with a small L2 penalty. Games are split by
seed into fitting and held-out sets; it prints the held-out log-loss and accuracy of the fitted
weights beside those of the weights now in the code, then the WEIGHTS line to paste.
"""

from __future__ import annotations

import argparse
import random
import sys

import numpy as np
from rich.progress import track

import deadtable
from deadtable.core import seat_info
from deadtable.games.zombie_overlord.evaluation import FEATURES, WEIGHTS, features
from deadtable.games.zombie_overlord.heuristic import HeuristicAgent
from deadtable.games.zombie_overlord.state import ZOState

EPSILONS = (0.0, 0.15, 0.4)
KEEP = 0.1  # the share of positions kept


def positions(seed: int) -> tuple[list[list[float]], list[float]]:
    """Feature differences (seat 0 minus seat 1) of some positions of one game, and seat 0's result."""
    the_game = deadtable.game("zombie-overlord")
    state = the_game.new(2, seed)
    assert isinstance(state, ZOState)
    rng = random.Random(seed)
    eps = [rng.choice(EPSILONS) for _ in range(2)]
    agents = [HeuristicAgent(), HeuristicAgent()]
    rows: list[list[float]] = []
    while not state.is_terminal:
        if rng.random() < KEEP:
            a, b = features(state, 0), features(state, 1)
            rows.append([x - y for x, y in zip(a, b, strict=True)])
        p = state.current_player
        assert p is not None
        acts = state.legal_actions()
        if len(acts) > 1 and rng.random() < eps[p]:
            state.apply(acts[rng.randrange(len(acts))])
        else:
            state.apply(agents[p].act(seat_info(state), rng))
    winners = state.outcome().winners
    result = (1.0 / len(winners)) if 0 in winners else 0.0
    return rows, [result] * len(rows)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 50) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def quality(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    acc = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))
    return loss, acc


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--holdout", type=float, default=0.2, help="share of games held out")
    args = parser.parse_args(argv)
    fit_x: list[list[float]] = []
    fit_y: list[float] = []
    test_x: list[list[float]] = []
    test_y: list[float] = []
    cut = int(args.games * (1 - args.holdout))
    for i in track(range(args.games), description="games"):
        rows, labels = positions(args.seed * 1_000_003 + i)
        (fit_x if i < cut else test_x).extend(rows)
        (fit_y if i < cut else test_y).extend(labels)
    x, y = np.array(fit_x), np.array(fit_y)
    tx, ty = np.array(test_x), np.array(test_y)
    w = fit(x, y)
    now = quality(tx, ty, np.array(WEIGHTS))
    new = quality(tx, ty, w)
    print(f"{len(y)} positions fitted, {len(ty)} held out")
    print(f"held out, weights in the code: log-loss {now[0]:.4f}, accuracy {now[1]:.1%}")
    print(f"held out, fitted weights:      log-loss {new[0]:.4f}, accuracy {new[1]:.1%}")
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:18} {value:+.3f}")
    print("WEIGHTS = (\n    " + ", ".join(f"{v:.3f}" for v in w) + ",\n)  # fmt: skip")


if __name__ == "__main__":
    main(sys.argv[1:])
