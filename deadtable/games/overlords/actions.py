"""The actions of Overlords, each a small frozen value whose text is its stable form.

Cards are named by kind ("recruit minotaur"), never by copy; seats as p1..p4 and the 2-player
dummy as "dummy", the way the terminal shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.core import Action

DUMMY_NAME = "dummy"


def seat_name(seat: int, players: int) -> str:
    """p1..pN for seats, "dummy" for the dummy's army (index `players`)."""
    return DUMMY_NAME if seat >= players else f"p{seat + 1}"


@dataclass(frozen=True)
class Recruit(Action):
    """Recruit a card from your hand into your army (Hired Hands go aside), as a hidden pick (OV-2)."""

    card: str

    def __str__(self) -> str:
        return f"recruit {self.card}"


@dataclass(frozen=True)
class RecruitForDummy(Action):
    """The 2-player controller of the dummy recruits a Monster for the dummy's army (XIII)."""

    card: str

    def __str__(self) -> str:
        return f"recruit {self.card} for dummy"


@dataclass(frozen=True)
class Exchange(Action):
    """Team game: offer this card to your teammate; the cards change hands if both offer."""

    card: str

    def __str__(self) -> str:
        return f"exchange {self.card}"


@dataclass(frozen=True)
class NoExchange(Action):
    def __str__(self) -> str:
        return "no exchange"


@dataclass(frozen=True)
class Activate(Action):
    """Activate one of your Hired Hands at the beginning of the turn (VII)."""

    card: str

    def __str__(self) -> str:
        return f"activate {self.card}"


@dataclass(frozen=True)
class NoActivation(Action):
    def __str__(self) -> str:
        return "no activation"


@dataclass(frozen=True)
class LookAtArmy(Action):
    """Red Knight: look through this army pile (`target` is p1..p4 or dummy)."""

    target: str

    def __str__(self) -> str:
        return f"look at army {self.target}"


@dataclass(frozen=True)
class PutOnTop(Action):
    """Red Knight: place this card of the army you looked through on top of it."""

    card: str

    def __str__(self) -> str:
        return f"put {self.card} on top"


@dataclass(frozen=True)
class TakeFromPile(Action):
    """Blue Knight: take this card from the draw pile."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True)
class Steal(Action):
    """Thief: exchange the Thief for the top card of this opponent's army."""

    target: str

    def __str__(self) -> str:
        return f"steal from {self.target}"


@dataclass(frozen=True)
class PassTops(Action):
    """Sorcerer: every player passes their army's top card clockwise or counter-clockwise."""

    clockwise: bool

    def __str__(self) -> str:
        return "pass clockwise" if self.clockwise else "pass counter-clockwise"


@dataclass(frozen=True)
class Force(Action):
    """Medusa: `target` must recruit `card` this turn."""

    target: str
    card: str

    def __str__(self) -> str:
        return f"force {self.target} to recruit {self.card}"


@dataclass(frozen=True)
class SwapHands(Action):
    """Lich King: swap the hands of two players (your own included)."""

    first: str
    second: str

    def __str__(self) -> str:
        return f"swap hands {self.first} {self.second}"


@dataclass(frozen=True)
class NoSwap(Action):
    def __str__(self) -> str:
        return "no swap"


class ActionTable:
    """The per-kind actions of a card set, built once and shared (legal_actions is called each step).

    Actions are equal by value, so handing out the same object each time changes nothing else.
    """

    def __init__(self, slugs: tuple[str, ...]) -> None:
        self.slugs = slugs
        self.recruit = tuple(Recruit(s) for s in slugs)
        self.for_dummy = tuple(RecruitForDummy(s) for s in slugs)
        self.exchange = tuple(Exchange(s) for s in slugs)
        self.activate = tuple(Activate(s) for s in slugs)
        self.put_on_top = tuple(PutOnTop(s) for s in slugs)
        self.take = tuple(TakeFromPile(s) for s in slugs)
        self._seats: dict[int, SeatActions] = {}

    def seats(self, players: int) -> SeatActions:
        """The actions that name seats, for this player count (made on first use)."""
        out = self._seats.get(players)
        if out is None:
            out = self._seats[players] = SeatActions(players, self.slugs)
        return out


class SeatActions:
    """The Hired Hand actions that name a seat or the dummy (index `players`), per army or hand."""

    def __init__(self, players: int, slugs: tuple[str, ...]) -> None:
        names = [seat_name(z, players) for z in range(players + 1)]
        self.look_at = tuple(LookAtArmy(x) for x in names)
        self.steal = tuple(Steal(x) for x in names)
        self.force = tuple(tuple(Force(x, s) for s in slugs) for x in names[:players])
        pairs = [(a, b) for a in range(players) for b in range(a + 1, players)]
        self.swap = (*(SwapHands(names[a], names[b]) for a, b in pairs), NoSwap())


NO_EXCHANGE = NoExchange()
NO_ACTIVATION = NoActivation()
PASS_TOPS = (PassTops(True), PassTops(False))  # Sorcerer: clockwise, counter-clockwise
