"""Marathon's evaluation: each seat's projected score against the best of the others.

A Marathon is won by the lowest penalty score when someone reaches the target (RULINGS ZS-2), and
every seat plays for itself: what a position is worth to a seat is how its score will compare with
the best other seat's, not with the others' average (which a seat far behind drags down). Mid-hand,
a seat's projected score is its score plus the zombie points it holds, weighed by the chance that
someone else goes out first, the chance of going out first taken to fall by a factor `E` with each
card held (`out_first`). Just after a deal (an empty discard pile) the hands are a fresh draw that
no decision made them: the projection is the scores alone, so a search whose rollouts cross into
the next hand reads the hand just scored, not the luck of the next deal.

>>> [round(p, 3) for p in out_first([1, 4, 4])]
[0.909, 0.045, 0.045]
>>> [round(p, 1) for p in projected([10, 20, 5], [[3, 5], [], [9]], [True, False, True], False)]
[15.8, 20.0, 7.4]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import ShedState

E = math.e  # how much less likely a seat is to go out first with one card more
SCALE = 3.0  # the margin over the best other seat, in targets, times this: the tanh's argument


def out_first(sizes: list[int]) -> list[float]:
    """The chance that each of the seats holding `sizes` cards goes out first (fewer cards, likelier)."""
    weights = [E ** (-size) for size in sizes]
    total = sum(weights)
    return [w / total for w in weights]


def projected(
    scores: list[int], hands: list[list[int]], active: list[bool], discard_empty: bool
) -> list[float]:
    """Each seat's score with the points of its hand (`hands`: each card's points) weighed by the
    chance that another seat goes out first; the scores alone just after a deal."""
    if discard_empty:
        return [float(s) for s in scores]
    seats = [s for s in range(len(scores)) if active[s]]
    chances = out_first([len(hands[s]) for s in seats])
    out = [float(s) for s in scores]
    for s, chance in zip(seats, chances, strict=True):
        out[s] += sum(hands[s]) * (1.0 - chance)
    return out


def standing_all(state: ShedState) -> list[float]:
    """Each seat's value in -1..1 in an unfinished Marathon: tanh of how far its projected score is
    below the best other seat's, in targets (`SCALE`); the game's result once over."""
    n = state.players
    if state.over:
        winners = state.outcome().winners
        return [1.0 if p in winners else -1.0 for p in range(n)]
    points = state.cards.points
    hands = [[points[k] for k in hand] for hand in state.hands]
    active = [state.active(s) for s in range(n)]
    scores = [state.scores[state.mode.team_of[s]] for s in range(n)]
    mine = projected(scores, hands, active, not state.discard)
    target = state.mode.target
    values: list[float] = []
    for s in range(n):
        best_other = min(mine[o] for o in range(n) if o != s)
        values.append(math.tanh(SCALE * (best_other - mine[s]) / target))
    return values
