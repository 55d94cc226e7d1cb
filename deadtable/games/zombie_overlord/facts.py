"""What a seat knows of a Zombie Overlord game, as one small record its heuristic reads fast.

The heuristic (agent.py) reads a few public facts and its own hand: lives, bases, Discard Piles,
the Purchase Row, the Wasteland and who leads each Survivor, the turn's phase. `ZOFacts` holds
exactly those, as named fields, built without the rest of the view (no pending decision's text, no
note, no narration). Like the view (RULINGS ALL-2) it never holds another seat's hand (only its
size) nor the order of any deck, so it is the same for every state the seat cannot tell from this
one (`ZOState.seat_facts`; the conformance suite checks it on determinized samples, and
tests/zombie_overlord/test_facts.py on twins).

Compiled in the native build (deadtable/which_build.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import lure
from .cards import LURE_TYPES
from .layout import ACTIVE, DAMAGE, KIND

if TYPE_CHECKING:
    from .layout import Slot
    from .state import ZOState

NOBODY = -1  # a Survivor's leader when no seat leads it
PHASE_BITS = (("purchase", 1), ("action", 2), ("attack", 4))  # ZOState.visited, as in the view


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


class ZOFacts(NamedTuple):
    """One seat's knowledge; lists indexed by seat unless said."""

    seat: int
    players: int
    card_file: str  # the game's card file ("" = the built-in set): the cards' static facts
    pending: bool  # a decision (a card's choice) waits for an answer
    phase: str  # "choose" at the turn's hub, else "purchase", "action" or "attack"
    visited: list[str]  # the phases already visited this turn
    attack_bonus: int
    life: list[int]
    alive: list[bool]
    hand: list[str]  # the seat's own hand, card names
    hand_counts: list[int]  # the size of every seat's hand (never the cards)
    discards: list[list[str]]
    bases: list[list[SlotFacts]]
    lure_points: list[list[int]]  # by seat, then by lure type (LURE_TYPES)
    purchase_row: list[str | None]  # by slot, None where empty
    wasteland: list[SurvivorFacts]


def facts(s: ZOState, seat: int) -> ZOFacts:
    """What `seat` knows of `s`, for its heuristic (the same facts as its view, fewer of them)."""
    cards = s.cs.cards
    names = s.cs.names
    players = range(s.players)
    points = [s.lure_points(q) for q in players]
    leaders = lure.leaders(s, points)
    return ZOFacts(
        seat,
        s.players,
        s.options.get("cards", ""),
        bool(s.pending),
        s.phase or "choose",
        [ph for ph, bit in PHASE_BITS if s.visited & bit],
        s.bonus,
        list(s.life),
        list(s.alive),
        [names[k] for k in s.hand[seat]],
        [len(h) for h in s.hand],
        [[names[k] for k in d] for d in s.discard],
        [[slot_facts(s, sl) for sl in s.base[q]] for q in players],
        points,
        [names[k] if k >= 0 else None for k in s.row],
        [
            SurvivorFacts(
                cards[k].name, [LURE_TYPES[t] for t in cards[k].lure], cards[k].attack, NOBODY if q < 0 else q
            )
            for k, q in zip(s.wasteland, leaders, strict=True)
        ],
    )


def slot_facts(s: ZOState, sl: Slot) -> SlotFacts:
    """One slot of a base (layout.Slot) as facts."""
    c = s.cs.cards[sl[KIND]]
    destroy, deactivate = s.defense(sl)
    return SlotFacts(
        c.name, LURE_TYPES[c.lure[0]], bool(sl[ACTIVE]), sl[DAMAGE], destroy, deactivate, c.barricade
    )
