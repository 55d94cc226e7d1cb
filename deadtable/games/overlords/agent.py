"""placeholder"""

from __future__ import annotations

import random

from deadtable.core import Action, SeatInfo


class HeuristicAgent:
    name = "heuristic"

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        return seat_info.legal_actions[0]
