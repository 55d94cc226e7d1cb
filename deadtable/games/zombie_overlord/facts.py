"""What a seat knows of a Zombie Overlord game, as one small record its heuristic reads fast.

The heuristic (heuristic.py) reads a few public facts and its own hand: lives, bases, Discard Piles,
the Purchase Row, the Wasteland and who leads each Survivor, the turn's phase. `ZOFacts` holds
exactly those, as named fields, built without the rest of the view (no pending decision's text, no
note, no narration), and the costly ones (the bases, the lure leaders) only when read. Like the
view (RULINGS ALL-2) it never holds another seat's hand (only its size) nor the order of any deck,
so it is the same for every state the seat cannot tell from this one (`ZOState.seat_facts`; the
conformance suite checks it on determinized samples, and tests/zombie_overlord/test_facts.py on
twins).

Compiled in the native build (deadtable/which_build.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from deadtable.core.agent import StaleSeatInfo
from deadtable.core.memo import derived

from . import lure
from .cards import LURE_TYPES, CardSet
from .layout import ACTIVE, DAMAGE, KIND

if TYPE_CHECKING:
    from .layout import Slot
    from .state import ZOState

NOBODY = -1  # a Survivor's leader when no seat leads it
PHASE_BITS = (("purchase", 1), ("action", 2), ("attack", 4))  # ZOState.visited, as in the view
# The phases visited, by ZOState.visited's bits: the view's "visited" for each of the 8 values.
VISITED = tuple(tuple(ph for ph, bit in PHASE_BITS if bits & bit) for bits in range(8))


class SlotFacts(NamedTuple):
    """One Trap in a base, as the view's slot shows it."""

    trap: str  # the Trap's name
    type: str  # its lure type (the first, as the view's "type")
    active: bool
    damage: int
    destroy: int  # Defense to destroy it, Reinforcements included (the view's "defense"[0])
    deactivate: int  # Defense to deactivate it (the view's "defense"[1])
    barricade: bool


class SurvivorFacts(NamedTuple):
    """One Survivor in the Wasteland."""

    name: str
    lure: list[str]  # its lure types
    attack: int
    leader: int  # the seat with strictly the most lure points for it, else NOBODY


class TrapKind(NamedTuple):
    """What a slot's facts take from its Trap's card, by kind (`slot_kinds`)."""

    name: str
    type: str  # its first lure type
    barricade: bool


class SurvivorKind(NamedTuple):
    """A Survivor card as the Wasteland shows it, by kind (`survivor_kinds`): `ZOFacts.survivors`."""

    name: str
    lure: tuple[str, ...]  # its lure types
    types: tuple[int, ...]  # the same, as indices of LURE_TYPES
    attack: int


class ZOFacts:
    """One seat's knowledge; lists indexed by seat unless said.

    The cheap fields are filled at once. The hand, the hand sizes, the Purchase Row, each base, the
    lure points, the Wasteland (its Survivors alone, or with their leaders) and the Discard Piles are
    worked out from the state on their first reading (a decision at the turn's hub or most pending
    choices read none of them), so, like a
    lazy SeatInfo, the facts are good while their decision lasts: read later, they raise
    `StaleSeatInfo`. Two facts are equal when every field is (the lazy ones worked out then).
    """

    __slots__ = (
        "_bases", "_discards", "_hand", "_hand_counts", "_lure_points", "_moves", "_purchase_row", "_state",
        "_survivors", "_wasteland", "alive", "attack_bonus", "card_file", "cards", "life", "pending", "phase",
        "players", "seat", "visited",
    )  # fmt: skip

    def __init__(self, s: ZOState, seat: int) -> None:
        self.seat = seat
        self.players = s.players
        self.card_file: str = s.options.get("cards", "")  # the game's card file ("" = the built-in set)
        self.cards: CardSet = s.cs  # the card list the game was dealt with (public: every seat has it)
        self.pending = bool(s.pending)  # a decision (a card's choice) waits for an answer
        self.phase: str = s.phase or "choose"  # "choose" at the turn's hub, else the phase's name
        self.visited = list(VISITED[s.visited])  # phases visited this turn
        self.attack_bonus = s.bonus
        self.life = list(s.life)
        self.alive = list(s.alive)
        self._state = s
        self._moves = len(s.history)
        self._bases: list[list[SlotFacts] | None] | None = None  # by seat, each when first read
        self._discards: list[list[str]] | None = None
        self._lure_points: list[list[int]] | None = None
        self._wasteland: list[SurvivorFacts] | None = None
        self._survivors: list[SurvivorKind] | None = None
        self._hand: list[str] | None = None
        self._hand_counts: list[int] | None = None
        self._purchase_row: list[str | None] | None = None

    def _live(self) -> ZOState:
        s = self._state
        if len(s.history) != self._moves:
            raise StaleSeatInfo("these facts were for an earlier move: the game has moved on")
        return s

    @property
    def hand(self) -> list[str]:
        """The seat's own hand, card names."""
        out = self._hand
        if out is None:
            s = self._live()
            names = s.cs.names
            out = self._hand = [names[k] for k in s.hand[self.seat]]
        return out

    @property
    def hand_counts(self) -> list[int]:
        """The size of every seat's hand (never the cards)."""
        out = self._hand_counts
        if out is None:
            out = self._hand_counts = [len(h) for h in self._live().hand]
        return out

    @property
    def purchase_row(self) -> list[str | None]:
        """The Purchase Row by slot: each Trap's name, None for an empty slot."""
        out = self._purchase_row
        if out is None:
            s = self._live()
            names = s.cs.names
            out = self._purchase_row = [names[k] if k >= 0 else None for k in s.row]
        return out

    @property
    def bases(self) -> list[list[SlotFacts]]:
        """Every seat's base, slot by slot."""
        return [self.base(q) for q in range(self.players)]

    def base(self, q: int) -> list[SlotFacts]:
        """Seat `q`'s base, slot by slot (worked out for that seat alone: a decision often reads
        only its own)."""
        known = self._bases
        if known is None:
            known = self._bases = [None] * self.players
        out = known[q]
        if out is None:
            s = self._live()
            kinds = slot_kinds(s.cs)
            out = known[q] = [slot_facts(s, sl, kinds) for sl in s.base[q]]
        return out

    @property
    def discards(self) -> list[list[str]]:
        """Every seat's Discard Pile, card names, bottom first."""
        out = self._discards
        if out is None:
            s = self._live()
            names = s.cs.names
            out = self._discards = [[names[k] for k in d] for d in s.discard]
        return out

    @property
    def lure_points(self) -> list[list[int]]:
        """By seat, then by lure type (LURE_TYPES): each active Trap counts 1."""
        out = self._lure_points
        if out is None:
            s = self._live()
            out = self._lure_points = [s.lure_points(q) for q in range(s.players)]
        return out

    @property
    def wasteland(self) -> list[SurvivorFacts]:
        """The Survivors in the Wasteland, each with its leader."""
        out = self._wasteland
        if out is None:
            s = self._live()
            leaders = lure.leaders(s, self.lure_points)  # NOBODY where no seat leads
            out = self._wasteland = [
                SurvivorFacts(w.name, list(w.lure), w.attack, q)
                for w, q in zip(self.survivors, leaders, strict=True)
            ]
        return out

    @property
    def survivors(self) -> list[SurvivorKind]:
        """The Survivors in the Wasteland without their leaders (`wasteland` works those out)."""
        out = self._survivors
        if out is None:
            s = self._live()
            kinds = survivor_kinds(s.cs)
            out = self._survivors = [kinds[k] for k in s.wasteland]
        return out

    def fields(self) -> tuple[object, ...]:
        """Every field, the lazy ones worked out: what equality compares."""
        return (
            self.seat, self.players, self.card_file, self.pending, self.phase, self.visited,
            self.attack_bonus, self.life, self.alive, self.hand, self.hand_counts, self.discards,
            self.bases, self.lure_points, self.purchase_row, self.wasteland,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ZOFacts):
            return NotImplemented
        return self.fields() == other.fields()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, ZOFacts):
            return NotImplemented
        return self.fields() != other.fields()

    def __repr__(self) -> str:
        return f"ZOFacts{self.fields()!r}"


def facts(s: ZOState, seat: int) -> ZOFacts:
    """What `seat` knows of `s`, for its heuristic (the same facts as its view, fewer of them)."""
    return ZOFacts(s, seat)


_TRAP_KINDS: dict[int, tuple[Any, Any]] = {}
_SURVIVOR_KINDS: dict[int, tuple[Any, Any]] = {}


def slot_kinds(cs: CardSet) -> list[TrapKind]:
    """Every kind's `TrapKind`, made once per card list (a decision reads several bases)."""
    return derived(_TRAP_KINDS, cs, _trap_kinds)


def _trap_kinds(cs: CardSet) -> list[TrapKind]:
    return [TrapKind(c.name, LURE_TYPES[c.lure[0]] if c.lure else "", c.barricade) for c in cs.cards]


def survivor_kinds(cs: CardSet) -> list[SurvivorKind]:
    """Every kind's `SurvivorKind`, made once per card list."""
    return derived(_SURVIVOR_KINDS, cs, _survivor_kinds)


def _survivor_kinds(cs: CardSet) -> list[SurvivorKind]:
    return [SurvivorKind(c.name, tuple(LURE_TYPES[t] for t in c.lure), c.lure, c.attack) for c in cs.cards]


def slot_facts(s: ZOState, sl: Slot, kinds: list[TrapKind] | None = None) -> SlotFacts:
    """One slot of a base (layout.Slot) as facts; `kinds`, when the caller holds them, is
    `slot_kinds(s.cs)`."""
    t = (kinds or slot_kinds(s.cs))[sl[KIND]]
    destroy, deactivate = s.defense(sl)
    return SlotFacts(t.name, t.type, bool(sl[ACTIVE]), sl[DAMAGE], destroy, deactivate, t.barricade)
