"""Every action text Supply Run can offer: the fixed space of deadtable.rl (a part of the package).

One "bid CARD" for every run card of the deck for that many players (SR-1: 1 to 6 x players).

>>> action_space(2, {})[:2], len(action_space(4, {}))
(['bid 1', 'bid 2'], 24)
"""

from __future__ import annotations

from typing import Any

from .actions import Bid
from .state import HAND


def action_space(players: int, options: dict[str, Any]) -> list[str]:
    """The texts, by card, in a fixed order."""
    return [str(Bid(card)) for card in range(1, HAND * players + 1)]
