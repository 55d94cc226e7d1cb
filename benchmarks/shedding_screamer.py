"""Zombie shedding game: is the Screamer worth holding?

The balance report (`deadtable report`, per hand) counts the points a seat kept in its hand; it
does not see the Screamer's finish, which takes 15 off the finisher's penalty score (never below
0, RULINGS ZS-2). This measures the whole effect: per hand of seeded Duel games between heuristic
bots, the penalty points each seat wrote to its score over that hand (points kept, minus the
finish), for the seat-hands that were dealt the Screamer against the rest, with Welch 95%
intervals; and how often the Screamer's holders finished the hand with it.

    PYTHONPATH=. .venv/bin/python benchmarks/shedding_screamer.py [games] [card file]

The Screamer is worth holding when its holders write fewer points a hand than the rest.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Sequence

import deadtable
from deadtable.core import seat_info
from deadtable.games.zombie_shedding import ShedState
from deadtable.games.zombie_shedding.heuristic import HeuristicAgent

Z95 = 1.96


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval.

    >>> mean_interval([1.0, 3.0])
    (2.0, 1.96)
    """
    n = len(values)
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return m, Z95 * math.sqrt(var / n)


def hands_of(seed: int, cards: str) -> list[tuple[bool, int, bool]]:
    """One seeded Duel game: per seat-hand (dealt the Screamer, points written, finished with it)."""
    state = deadtable.game("zombie-shedding").new(2, seed, mode="duel", cards=cards)
    assert isinstance(state, ShedState)
    screamer = state.cards.kind("Screamer")
    agents = [HeuristicAgent(), HeuristicAgent()]
    rngs = [random.Random(f"{seed}/{s}") for s in range(2)]
    out = []
    while not state.is_terminal:
        hand, opening, before = state.hand_no, state.opening, list(state.scores)
        p = state.current_player
        assert p is not None
        state.apply(agents[p].act(seat_info(state), rngs[p]))
        if state.hand_no != hand or state.is_terminal:
            last = state.last_hand
            for s in range(2):
                finished = last.get("finisher") == s and bool(last.get("finish_bonus"))
                out.append((screamer in opening[s], state.scores[s] - before[s], finished))
    return out


def main(games: int = 1000, cards: str = "") -> None:
    start = time.perf_counter()
    rows = [h for seed in range(games) for h in hands_of(seed, cards)]
    held = [float(w) for h, w, _ in rows if h]
    rest = [float(w) for h, w, _ in rows if not h]
    mh, eh = mean_interval(held)
    mr, er = mean_interval(rest)
    finished = sum(1 for h, _, f in rows if h and f)
    diff_half = math.sqrt(eh * eh + er * er)
    print(f"Duel, heuristic bots, {games} games ({cards or 'built-in cards'}), {len(rows)} seat-hands")
    print(f"dealt the Screamer: {mh:.2f} penalty points a hand (±{eh:.2f}), {len(held)} seat-hands")
    print(f"the rest:           {mr:.2f} penalty points a hand (±{er:.2f}), {len(rest)} seat-hands")
    print(f"difference: {mh - mr:+.2f} (±{diff_half:.2f})", end="; ")
    print(f"finished with it: {finished / len(held):.1%} of its hands")
    print(f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, sys.argv[2] if len(sys.argv) > 2 else "")
