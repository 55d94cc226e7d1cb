"""Taking moves back: which of a seat's latest moves may be undone, and undoing them.

A seat may take back its own moves since the start of its turn as long as they revealed nothing to
anyone. The game decides what a move shows (`Game.reveals_nothing`, False unless the game says so:
when unsure, nothing is undoable); on top of the game's word, three things always end the window,
whatever the game says:

- a chance step: the state's chance generator moved (a shuffle, a random card, a die);
- another seat's turn or answer: after the move, the seat that made it is no longer the one to act
  (a decision passed to another seat, or the turn ended); a move by any other seat closes it too;
- a move the game does not vouch for (a card drawn or seen, a hidden card taken).

`UndoWindow` follows a game move by move (`play`), so a server or a terminal knows at any time how
many moves the seat to act could take back (`count`). Undoing is not a reverse step: records are
deterministic for a seed (RULINGS ALL-1), so the game without its last `n` moves is the record
truncated and replayed (`take_back`), and the result is the very state those moves started from.

>>> import deadtable
>>> state = deadtable.game("zombie-overlord").new(2, seed=3)
>>> window = UndoWindow()
>>> window = window.play(state, state.game.parse_action(state, "purchase"))
>>> window.count(state, state.current_player)
1
>>> earlier = take_back(state.record(), 1)
>>> earlier.actions
[]
"""

from __future__ import annotations

from dataclasses import dataclass

from .record import Record
from .state import Action, State


@dataclass(frozen=True, slots=True)
class UndoWindow:
    """How many of `seat`'s latest moves may be taken back, known after `at` moves of the game.

    Frozen: a server publishes it beside the state it belongs to, and replaces both together.
    """

    at: int = 0
    seat: int | None = None
    moves: int = 0

    def play(self, state: State, action: Action) -> UndoWindow:
        """Carry out `action` (legal now, from `legal_actions()` or `parse_action`) on `state` in
        place, and return the window after it."""
        seat = state.current_player
        quiet = seat is not None and state.game.reveals_nothing(state, action)
        chance = state.rng.getstate()
        state.apply_trusted(action)
        at = len(state.history)
        if not quiet or state.rng.getstate() != chance or state.current_player != seat:
            return UndoWindow(at)
        held = self.moves if self.seat == seat and self.at == at - 1 else 0
        return UndoWindow(at, seat, held + 1)

    def count(self, state: State, seat: int | None) -> int:
        """How many moves `seat` may take back in `state` (0 unless it is the seat to act)."""
        if seat is None or seat != self.seat or self.at != len(state.history):
            return 0
        return self.moves if state.current_player == seat else 0


def follow(record: Record) -> tuple[State, UndoWindow]:
    """The game a record reaches, replayed with its undo window (legality re-checked)."""
    from .errors import IllegalAction, RecordError
    from .record import REPLAY_FAILED
    from .registry import game as find_game

    state = find_game(record.game).new(record.players, record.seed, **record.options)
    window = UndoWindow()
    for number, text in enumerate(record.actions, start=1):
        try:
            action = state.game.parse_action(state, text)
        except IllegalAction as err:
            raise RecordError(REPLAY_FAILED, number=number, text=text, reason=err) from None
        window = window.play(state, action)
    return state, window


def take_back(record: Record, moves: int) -> Record:
    """`record` without its last `moves` actions (the caller checked the window allows it).

    >>> take_back(Record("carson-zoo", 2, 1, {}, ["a", "b", "c"]), 2).actions
    ['a']
    """
    if not 0 <= moves <= len(record.actions):
        raise ValueError(f"cannot take back {moves} of {len(record.actions)} moves")
    kept = record.actions[: len(record.actions) - moves]
    return Record(record.game, record.players, record.seed, dict(record.options), kept)


def undone(state: State, window: UndoWindow, seat: int, moves: int = 1) -> tuple[State, UndoWindow]:
    """The game after `seat` took back its last `moves` moves, and its window.

    Raises ValueError when the window does not allow it. The state is the record truncated and
    replayed (`follow`), never a reverse step; `replay` would reach the same (RULINGS ALL-1).
    """
    allowed = window.count(state, seat)
    if moves < 1 or moves > allowed:
        raise ValueError(f"seat {seat} may take back {allowed} moves, not {moves}")
    return follow(take_back(state.record(), moves))


__all__ = ["UndoWindow", "follow", "take_back", "undone"]
