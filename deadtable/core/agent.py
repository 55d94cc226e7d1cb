"""The Agent protocol: a player that is a program sees only what its seat may know.

An agent is handed a `SeatInfo`: its seat's view, the legal actions, and `sample(rng)`, which draws
full states consistent with everything the seat has seen. Nothing it hands out was drawn from a
hidden card: the view is the seat's own (`State.view`), and every sample is a determinization
(`State.determinize`), which depends only on the seat's information; so an agent cannot cheat,
whatever it does with what it is given.

A SeatInfo costs what its agent uses (`seat_info`). The view is built on its first reading, and
without the narration (the log retold in words, a large part of a view's cost, which no bot reads);
an agent that wants the log reads `narrated_view`. Nothing is determinized until the agent samples,
and each sample is drawn from the real state directly: as `determinize` depends only on the seat's
information, that has the same law, and gives the very same states, as drawing from a
determinization drawn up front, the way the info was first built (the conformance suite checks
this property per game; tests/core/test_seat_info.py checks that bots play the same games). The
info holds the real state in a private slot, for the length of one decision: once the game moves
on, it refuses to be read (`StaleSeatInfo`); `seat_info(state, rng)` builds one that outlives it.

A heuristic that reads a few public facts and its own hand reads `facts()` (`State.seat_facts`,
the game's cheapest record of what the seat knows, checked like the view by the conformance suite)
instead of the whole view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from .errors import StaleSeatInfo
from .state import LOG, NARRATION, Action, State

__all__ = ["Agent", "Chooser", "SeatInfo", "StaleSeatInfo", "seat_info"]


class SeatInfo:
    """What one seat may know at one decision: its view, the legal actions, and a sampler."""

    __slots__ = (
        "_facts",
        "_moves",
        "_narrated",
        "_sampler",
        "_state",
        "_view",
        "game_id",
        "legal_actions",
        "players",
        "seat",
    )

    def __init__(
        self,
        game_id: str,
        seat: int,
        players: int,
        view: dict[str, Any] | None,
        legal_actions: tuple[Action, ...],
        _sampler: Callable[[random.Random], State] | None,
        _facts: Callable[[], Any] | None = None,
    ) -> None:
        """Everything given up front: a view (with or without its narration), a sampler that
        draws only from what the seat knows, and where its facts come from (what
        `seat_info(state, rng)` builds; without `_facts`, the facts are the view). Without a
        view and a sampler, only `decision` makes one: it reads them from the live state."""
        self.game_id = game_id
        self.seat = seat
        self.players = players
        self.legal_actions = legal_actions
        self._narrated: dict[str, Any] | None = view
        self._view: dict[str, Any] | None = None
        self._sampler: Callable[[random.Random], State] | None = _sampler
        self._facts = _facts
        self._state: State | None = None
        self._moves = 0

    @classmethod
    def lazy(
        cls, state: State, legal_actions: tuple[Action, ...] | None = None, seat: int | None = None
    ) -> SeatInfo:
        """The info of the seat to act in `state`, built as it is read (see the module doc).

        `legal_actions` and `seat`, when the caller already holds them, must be
        `state.legal_actions()` and `state.current_player`: asking a state again costs a call."""
        if seat is None:
            seat = state.current_player
            if seat is None:
                raise ValueError("the game is over: nobody is to act")
        legal = tuple(state.legal_actions()) if legal_actions is None else legal_actions
        return SeatInfo.decision(state, state.game.id, seat, state.players, legal)

    @staticmethod
    def decision(
        state: State, game_id: str, seat: int, players: int, legal_actions: tuple[Action, ...]
    ) -> SeatInfo:
        """`lazy`, from what a caller playing whole games holds already (simulate's loop,
        deadtable/sim/loop.py): the game's id and seat count, the seat to act in `state` and its
        legal actions, exactly `state.legal_actions()`."""
        info = SeatInfo(game_id, seat, players, None, legal_actions, None)
        info._state = state
        info._moves = len(state.history)
        return info

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view without its narration (the keys NARRATION of `State.view`)."""
        view = self._view
        if view is None:
            told = self._narrated
            if told is not None:
                view = {k: v for k, v in told.items() if k not in NARRATION} if LOG in told else told
            else:
                view = self._live().view(self.seat, narration=False)
            self._view = view
        return view

    @property
    def narrated_view(self) -> dict[str, Any]:
        """The seat's whole view, its narration included (`State.view(seat)`), for agents that read
        the log."""
        view = self._narrated
        if view is None:
            view = self._narrated = self._live().view(self.seat)
        return view

    def facts(self) -> Any:
        """What this seat knows, in its game's cheapest form (`State.seat_facts`): for a heuristic
        that reads a few public facts and its own hand, without building a whole view. Like the
        view, it never holds a card the seat cannot see (the conformance suite checks it)."""
        if self._sampler is not None:
            return self._facts() if self._facts is not None else self.view
        return self._live().seat_facts(self.seat)

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with what this seat knows (a fresh copy each call)."""
        if self._sampler is not None:
            return self._sampler(rng)
        return self._live().determinize(self.seat, rng)

    def _live(self) -> State:
        """The real state, while the decision lasts; else StaleSeatInfo."""
        state = self._state
        if state is None or len(state.history) != self._moves:
            raise StaleSeatInfo("this SeatInfo was for an earlier move: the game has moved on")
        return state


class Agent(Protocol):
    """A player that is a program. One that reads nothing but the legal actions may also offer
    `choose(legal_actions, rng)`, returning what `act` would for them (`Chooser`): a loop that
    plays whole games (simulate's, deadtable/sim/loop.py) then hands it no SeatInfo at all."""

    name: str

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        """The action to take, one of `seat_info.legal_actions`."""
        ...


class Heuristic:
    """A game's `heuristic` bot: it decides from what its seat knows (`SeatInfo.facts`), and takes
    a move that is the only one without asking. A game's heuristic writes `decide`."""

    name = "heuristic"

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        actions = seat_info.legal_actions
        if len(actions) == 1:
            return actions[0]
        return self.decide(seat_info.facts(), actions, rng)

    def decide(self, facts: Any, actions: tuple[Action, ...], rng: random.Random) -> Action:
        """The action to take, one of `actions` (two or more), from the seat's `facts`."""
        raise NotImplementedError


# An agent's `choose`, if it has one (see Agent): the legal actions in, one of them out.
Chooser = Callable[[tuple[Action, ...], random.Random], Action]


def seat_info(state: State, rng: random.Random | None = None) -> SeatInfo:
    """What the seat to act may know of `state`, packaged for an agent.

    Without `rng`, the info is built as it is read (`SeatInfo.lazy`): it costs what the agent
    uses, and is good for this decision only. With `rng`, everything is drawn up front, the way
    the info was always built: the view with its narration, and one determinization drawn from
    `rng`, from which every sample is drawn; it never holds the real state, so it stays good
    after the game moves on. Both give the same samples for the same generator.
    """
    if rng is None:
        return SeatInfo.lazy(state)
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
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
        _facts=lambda: hidden_free.seat_facts(seat),
    )
