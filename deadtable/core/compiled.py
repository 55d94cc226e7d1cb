"""What the compiled games share: a `State` base whose fields are native, and moves of cards.

This module is compiled with the games' rules (deadtable/native.py, one mypyc group), so a game's
call of `take_first` is a direct C call and `CompiledState`'s fields are native attributes of every
subclass; interpreted, it is plain Python and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .chance import Chance
from .state import Action, Listener, State

if TYPE_CHECKING:
    from .game import Game


class CompiledState(State):
    """`State` for a game whose state is compiled: the base class's fields, declared again, so that a
    compiled (mypyc) build keeps them as native attributes rather than in the instance dict (`State`
    itself stays interpreted: interpreted games subclass it)."""

    __slots__ = ()
    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    history: list[Action]
    rng: Chance
    listeners: list[Listener]

    # The two calls a simulation makes of the base class for every move and every event
    # (deadtable/sim/loop.py), compiled here: the same code as `State`'s.
    def apply_quietly(self, action: Action) -> None:
        """`State.apply_quietly`: carry out a trusted action; the listeners hear only `emit`."""
        self.history.append(action)
        self._apply(action)

    def emit(self, kind: str, **data: Any) -> None:
        """`State.emit`: tell the listeners (statistics, logs) that something happened."""
        for listener in self.listeners:
            listener(kind, data)


def take_first(zone: list[int], kind: int) -> None:
    """Take the first card of `kind` out of `zone`, which holds one.

    Found and popped by index: compiled, this loop is cheaper than `zone.remove(kind)`, a method
    call through the list type.
    """
    i = 0
    while zone[i] != kind:
        i += 1
    zone.pop(i)


def trimmed(log: list[Any], shown: int, slack: int) -> int:
    """Trim a game's log once it holds `shown + slack` entries or more: its front goes and the last
    `shown` entries (what a view shows) stay. Returns how many went (0 on most calls), which the
    game adds to its `log_dropped`. A larger `slack` trims in one go now and then rather than one
    entry at every move, which keeps an append cheap; a game whose log grows at every move tests
    the length first, so that an append costs no call.

    >>> log = list(range(5))
    >>> trimmed(log, 2, 3), log
    (3, [3, 4])
    >>> trimmed(log, 2, 3), log
    (0, [3, 4])
    """
    if len(log) < shown + slack:
        return 0
    dropped = len(log) - shown
    del log[:dropped]
    return dropped
