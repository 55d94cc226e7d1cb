"""The actions of the zombie shedding game: small frozen values whose text is their form.

Cards are named by kind (their slug), never by copy: two copies of a card in hand are one choice.

>>> str(Play("lady-mimic")), str(Draw()), str(Target(1)), str(Name("star"))
('play lady-mimic', 'draw', 'target p2', 'name star')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from deadtable.core import Action


@dataclass(frozen=True)
class Play(Action):
    """Play a card from hand: on your turn, a drawn card, a combo, or protection when asked."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Draw(Action):
    """No card in hand fits: draw one (RULINGS ZS-4)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass(Action):
    """No card fits and there is nothing left to draw: the turn passes."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Keep(Action):
    """Keep the card just drawn although it fits; the turn passes (RULINGS ZS-4)."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class EndTurn(Action):
    """Decline a combo play and end the turn."""

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class Decline(Action):
    """Let an effect aimed at you (or at a teammate) happen without protection."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True)
class Name(Action):
    """Name the corporation the next card must match (the Schemer's first effect)."""

    corporation: str

    def __str__(self) -> str:
        return f"name {self.corporation}"


@dataclass(frozen=True)
class Target(Action):
    """Choose the opponent an effect acts on (Thief, the Schemer's second effect)."""

    seat: int

    def __str__(self) -> str:
        return f"target p{self.seat + 1}"


@dataclass(frozen=True)
class Take(Action):
    """Take this card from the hand you are looking at (Thief)."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True)
class Give(Action):
    """Give this card from your hand (Thief, the Schemer's second effect)."""

    card: str

    def __str__(self) -> str:
        return f"give {self.card}"


DRAW, PASS, KEEP, END_TURN, DECLINE = Draw(), Pass(), Keep(), EndTurn(), Decline()


@cache
def play(slug: str) -> Play:
    return Play(slug)


@cache
def take(slug: str) -> Take:
    return Take(slug)


@cache
def give(slug: str) -> Give:
    return Give(slug)
