"""Zombie Overlord actions: small frozen values whose text is the command a person types.

Actions name kinds, not copies ("play supply", "place ammo-03", "attack p2 with mechanic"); seats
are written p1..p4 and base slots and Purchase Row slots count from 1. Every constructor is cached,
so the engine hands out the same objects again instead of building new ones on every move.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from deadtable.core import Action

# The hub of a turn: the three middle phases in any order, as often as wanted, then End Turn.
PHASES = ("purchase", "action", "attack")

# Slots: the compiled rules read an action's fields on every move (attack.apply, turn.buy), and a
# slot is a member descriptor found on the type, not a lookup in the instance's dict.


@dataclass(frozen=True, slots=True)
class Step(Action):
    """A word with no argument: "purchase", "end purchasing", "end turn", "skip", ..."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card of a kind from hand: "play supply", "play scavenger", "play power down"."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy the Trap in Purchase Row slot `slot` (1-5), or the top Action card, or a Scavenger."""

    what: str  # trap | action | scavenger
    slot: int = 0

    def __str__(self) -> str:
        return f"buy trap {self.slot}" if self.what == "trap" else f"buy {self.what}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place a Trap from hand in the base; `over` (1-5) replaces that Trap when the base is full."""

    card: str
    over: int = 0

    def __str__(self) -> str:
        return f"place {self.card} over {self.over}" if self.over else f"place {self.card}"


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use the ability of an active Trap in your base: once per turn, or its Combo."""

    slot: int
    keyword: str  # "once per turn" | "combo"

    def __str__(self) -> str:
        return f"use trap {self.slot} {self.keyword}"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """One Minion (or a banished Scavenger) against one target: life points, or Trap `slot`."""

    card: str  # a Minion kind's name, or "scavenger" (banished for attack points)
    seat: int
    slot: int = 0

    def __str__(self) -> str:
        target = f"p{self.seat + 1} trap {self.slot}" if self.slot else f"p{self.seat + 1}"
        if self.card == "scavenger":
            return f"banish scavenger at {target}"
        return f"attack {target} with {self.card}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """The answer to a pending decision: "discard supply", "banish minion from discard", ..."""

    verb: str
    card: str = ""
    seat: int = -1
    slot: int = 0
    zone: str = ""

    def __str__(self) -> str:
        parts = [self.verb]
        if self.seat >= 0:
            parts.append(f"p{self.seat + 1}")
        if self.slot:
            parts.append(f"trap {self.slot}")
        if self.card:
            parts.append(self.card)
        if self.zone:
            parts.append(f"from {self.zone}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Repair(Action):
    """Discard a random card from hand to reactivate a malfunctioning Trap in your base."""

    slot: int

    def __str__(self) -> str:
        return f"repair trap {self.slot}"


step = cache(Step)
play = cache(Play)
buy = cache(Buy)
place = cache(Place)
use = cache(Use)
attack = cache(Attack)
pick = cache(Pick)
repair = cache(Repair)

END = {"purchase": step("end purchasing"), "action": step("end actions"), "attack": step("end attack")}
ENTER = {p: step(p) for p in PHASES}
END_TURN = step("end turn")
SKIP = step("skip")
