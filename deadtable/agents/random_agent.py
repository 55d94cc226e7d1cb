"""The random player: a legal action drawn uniformly with the agent's own generator."""

from __future__ import annotations

import random

from deadtable.core import Action, SeatInfo


class RandomAgent:
    name = "random"

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        return self.choose(seat_info.legal_actions, rng)

    def choose(self, legal_actions: tuple[Action, ...], rng: random.Random) -> Action:
        """`act` from the legal actions alone (core.agent.Chooser): it reads nothing else."""
        return legal_actions[rng.randrange(len(legal_actions))]
