"""The greedy player: one ply of lookahead on the game's own evaluation, averaged over samples.

It never sees the real state: each candidate action is tried on states sampled from its seat's
information (`SeatInfo.sample`), so hidden cards are guessed, not read.
"""

from __future__ import annotations

import random

from deadtable.core import Action, SeatInfo, game
from deadtable.i18n import N_


class GreedyAgent:
    name = "greedy"

    def __init__(self, samples: int = 6) -> None:
        if samples < 1:
            raise ValueError(N_("greedy needs at least one sample"))
        self.samples = samples

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        actions = seat_info.legal_actions
        if len(actions) == 1:
            return actions[0]
        the_game = game(seat_info.game_id)
        seat = seat_info.seat
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            sample = seat_info.sample(rng)
            for i, action in enumerate(actions):
                after = sample.clone()
                after.apply_trusted(action)
                totals[i] += the_game.evaluate(after, seat)
        best = max(totals)
        # Ties are broken at random so the agent does not always favour the first listed action.
        choices = [a for a, t in zip(actions, totals, strict=True) if t >= best - 1e-9]
        return choices[rng.randrange(len(choices))]
