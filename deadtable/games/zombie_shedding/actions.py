"""The actions of the zombie shedding game: small frozen values whose text is their form.

Cards are named by kind (their slug), never by copy: two copies of a card in hand are one choice.
Drawing is not an action: a player whose turn comes with no card that fits draws at once
(RULINGS ZS-4) and then chooses `play` or `keep`; with nothing left to draw the turn passes.

>>> str(Play("lady-mimic")), str(Play("brute", "don-lysar")), str(Target(1)), str(Name("star"))
('play lady-mimic', 'play brute + don-lysar', 'target p2', 'name star')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from deadtable.core import Action

# Slots: the rules read a played card's fields on every move, and a slot is read without a lookup
# in the instance's dict.


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from hand: on your turn, a drawn card, or protection when asked.

    With `combo`, a combo card (Lady Mimic, Don Lysar) whose condition the first card meets is
    played too, once the first card's effects are over: the choice is made with the first play,
    so no later question shows who holds a combo card.
    """

    card: str
    combo: str = ""

    def __str__(self) -> str:
        return f"play {self.card} + {self.combo}" if self.combo else f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the card just drawn although it fits; the turn passes (RULINGS ZS-4)."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Let an effect aimed at you (or at a teammate) happen without protection."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Name(Action):
    """Name the corporation the next card must match (the Schemer's first effect)."""

    corporation: str

    def __str__(self) -> str:
        return f"name {self.corporation}"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Choose the opponent an effect acts on (Thief, the Schemer's second effect)."""

    seat: int

    def __str__(self) -> str:
        return f"target p{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take this card from the hand you are looking at (Thief)."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give this card from your hand (Thief, the Schemer's second effect)."""

    card: str

    def __str__(self) -> str:
        return f"give {self.card}"


KEEP, DECLINE = Keep(), Decline()


@cache
def play(slug: str, combo: str = "") -> Play:
    return Play(slug, combo)


@cache
def take(slug: str) -> Take:
    return Take(slug)


@cache
def give(slug: str) -> Give:
    return Give(slug)
