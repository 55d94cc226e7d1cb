"""The Agent protocol: a player that is a program sees only what its seat may know.

An agent is handed a `SeatInfo`: its seat's view, the legal actions, and `sample(rng)`, which draws
full states consistent with everything the seat has seen. The sampler never holds the real state:
`seat_info` determinizes once, up front, and keeps only that copy, which already lacks every hidden
card the seat has not seen. Because `determinize` depends only on the seat's information (see
`State.determinize`), sampling from that copy has the same law as sampling from the real state.
So an agent cannot cheat, whatever it does with what it holds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .state import Action, State


@dataclass(frozen=True)
class SeatInfo:
    game_id: str
    seat: int
    players: int
    view: dict[str, Any]
    legal_actions: tuple[Action, ...]
    _sampler: Callable[[random.Random], State]

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with what this seat knows (a fresh copy each call)."""
        return self._sampler(rng)


class Agent(Protocol):
    name: str

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        """The action to take, one of `seat_info.legal_actions`."""
        ...


def seat_info(state: State, rng: random.Random | None = None) -> SeatInfo:
    """What the seat to act may know of `state`, packaged for an agent.

    `rng` draws the one determinization the sampler keeps; by default it is derived from the
    game's seed and length, so play stays reproducible.
    """
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    if rng is None:
        rng = random.Random(f"{state.seed}/{len(state.history)}/{seat}")
    hidden_free = state.determinize(seat, rng)

    def sampler(r: random.Random) -> State:
        return hidden_free.determinize(seat, r)

    return SeatInfo(
        game_id=state.game.id,
        seat=seat,
        players=state.players,
        view=state.view(seat),
        legal_actions=tuple(state.legal_actions()),
        _sampler=sampler,
    )
