"""Placeholder replaced below."""

from __future__ import annotations

import random

from deadtable.core import Action, SeatInfo


def evaluate(state: object, player: int) -> float:
    return 0.0


class HeuristicAgent:
    name = "heuristic"

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        return seat_info.legal_actions[0]
