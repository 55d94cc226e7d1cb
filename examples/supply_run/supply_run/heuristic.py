"""A heuristic Supply Run player: a run card as strong in its hand as the crate is among the crates.

It reads only its seat's view (the crate turned up, the crates taken, its own hand). The crates
left are known (SR-2: all six minus those taken and the one turned up); the crate's place among
them, from the smallest (0) to the largest (1), picks the card at the same place in the hand, so
a large crate gets a strong card and a small one is given up cheaply.
"""

from __future__ import annotations

import random

from deadtable.core import Action, SeatInfo

from .actions import Bid
from .state import CRATES


class HeuristicAgent:
    name = "heuristic"

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        view = seat_info.view
        return Bid(pick(view["hand"], view["crate"], [c for taken in view["taken"] for c in taken]))


def pick(hand: list[int], crate: int, taken: list[int]) -> int:
    """The card of `hand` (sorted) at the crate's place among the crates not yet taken.

    >>> pick([2, 5, 9], 6, [1])  # the largest crate left: the strongest card
    9
    >>> pick([2, 5, 9], 1, [6])  # the smallest: the weakest
    2
    """
    left = sorted(c for c in CRATES if c not in taken)
    place = left.index(crate) / (len(left) - 1) if len(left) > 1 else 1.0
    return hand[round(place * (len(hand) - 1))]
