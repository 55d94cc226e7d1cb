"""A tiny game of secret sequential commits (matching pennies), built on the core contract only.

Seat 0 commits heads or tails face down, then seat 1 does, then both are shown: seat 1 wins if
they match. Seat 1's view never shows seat 0's pending commit, like Overlords recruiting.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from deadtable.core import Action, Game, Outcome, State

SIDES = ("heads", "tails")


@dataclass(frozen=True)
class Commit(Action):
    side: str

    def __str__(self) -> str:
        return f"commit {self.side}"


class PenniesState(State):
    picks: list[str | None]

    @property
    def current_player(self) -> int | None:
        for seat, pick in enumerate(self.picks):
            if pick is None:
                return seat
        return None

    def legal_actions(self) -> list[Action]:
        return [] if self.current_player is None else [Commit(s) for s in SIDES]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Commit)
        seat = self.current_player
        assert seat is not None
        self.picks[seat] = action.side

    def outcome(self) -> Outcome:
        match = self.picks[0] == self.picks[1]
        return Outcome.from_scores([0, 1] if match else [1, 0])

    def view(self, player: int | None, *, narration: bool = True) -> dict[str, Any]:
        over = self.current_player is None
        shown = [
            p if (over or i == player) else (None if p is None else "hidden")
            for i, p in enumerate(self.picks)
        ]
        return {"picks": shown, "current_player": self.current_player}

    def determinize(self, player: int, rng: random.Random) -> PenniesState:
        other: PenniesState = self._determinized_copy(rng)
        if self.current_player is not None:
            for i, p in enumerate(self.picks):
                if i != player and p is not None:
                    other.picks[i] = SIDES[rng.randrange(2)]
        return other

    def _copy_into(self, other: Any) -> None:
        other.picks = list(self.picks)

    def key(self) -> Hashable:
        return tuple(self.picks)


class Pennies(Game):
    id = "toy-pennies"
    name = "Secret pennies"

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = PenniesState()
        state._init_base(self, players, seed, options)
        state.picks = [None] * players
        return state

    def render_view(self, view: dict[str, Any], *, lang: str = "en") -> str:
        return str(view)


PENNIES = Pennies()
