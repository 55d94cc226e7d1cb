"""The random player: a legal action drawn uniformly with the agent's own generator."""

from __future__ import annotations

import random

from deadtable.core import Action, SeatInfo


class RandomAgent:
    name = "random"

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        actions = seat_info.legal_actions
        return actions[rng.randrange(len(actions))]
