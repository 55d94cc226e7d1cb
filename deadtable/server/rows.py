"""What the store holds, as the server reads it: a table's row with its seats, an action, a note,
and what `Store.accept`'s check says of an action (`Verdict`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    agent: str | None
    name: str
    token_hash: str | None
    away: bool = False

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "agent": self.agent,
            "name": self.name,
            "away": self.away,
            # A person's seat without a link: anyone may take it from the lobby (open_seats.py).
            "open": self.kind == "human" and self.token_hash is None,
        }


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    move_time: int
    leave_grace: int
    standby: str
    status: str
    n_actions: int
    outcome: dict[str, Any] | None
    created_at: str
    seats: list[SeatRow] = field(default_factory=list)
    seed_chosen: bool = False  # the creator chose the seed (and so may know every hidden card)
    rematch: str | None = None  # the table "Play again" made from this one (rematch.py)
    turn_based: bool = False  # the move time is hours or days, its deadline kept in the store (turns.py)
    deadline: int | None = None  # turn-based: when the move at `deadline_index` runs out (unix seconds)
    deadline_index: int | None = None
    creator_hash: str | None = None  # sha256 of the creator's secret (creator.py)
    undos: int = 0  # times moves were taken back: another process holding it reloads (takeback.py)
    hints: bool = False  # a casual table: the seat to act may ask the bot for a move (hints.py)
    to_act: int | None = None  # the seat to act, kept with each move; None: over, or not known


class Verdict(NamedTuple):
    """What `Store.accept`'s check says of an action it takes: who played it, its text, the
    outcome when it ended the game, and the seat to act after it (kept for readers that do not
    load the table: the lobby and "Your tables")."""

    seat: int
    text: str
    outcome: dict[str, Any] | None
    to_act: int | None = None


@dataclass
class ActionRow:
    idx: int
    seat: int
    text: str
    actor: str


@dataclass
class NoteRow:
    id: int
    at_action: int
    text: str
