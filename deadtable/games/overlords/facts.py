"""What a seat knows of an Overlords game, as one small record its heuristic reads fast.

The heuristic (heuristic.py) scores each pick with the armies' counts, its own hand and picks, how much
of the game is left and, for a Lich King, what the other hands may hold. `OverlordsFacts` holds
exactly that, built without the view and without a determinization:

- public: every army whole (each card entered it face up in front of everyone, knowledge.py), the
  Hired Hands aside, every hand's size, the draw pile's size, the round;
- the seat's own: its hand and its picks this turn;
- what it knows of the hidden zones (`known`, by zone: the hands, the draw pile, the box), and how
  many cards of each kind it cannot place (`unseen`: the pool `knowledge.redeal` shuffles, as
  counts), of which `box_unseen` lie in the box of unused Hired Hands.

The Hired Hands aside and the hidden zones' part are worked out when first read (see
`OverlordsFacts`). So it is the same for
every state the seat cannot tell from this one (`OverlordsState.seat_facts`;
the conformance suite checks it on determinized samples, tests/overlords/test_facts.py on twins).

Compiled in the native build (deadtable/which_build.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.core.agent import StaleSeatInfo

from .cards import CardSet

if TYPE_CHECKING:
    from .state import OverlordsState


class OverlordsFacts:
    """One seat's knowledge; cards are kinds (indexes into `cards`), armies and hands by zone.

    The public fields and the seat's own are filled at once, but for the Hired Hands aside (`aside`:
    the heuristic never reads them). Those and what it knows of the hidden zones (`known`, `unseen`,
    `box_unseen`: the heuristic reads them only for a Lich King or a swap of hands) are worked out
    from the state on their first reading; so, like a lazy SeatInfo, the facts are good while their
    decision lasts: read later, those raise `StaleSeatInfo`. Two facts are
    equal when every field is (the lazy ones worked out then).
    """

    __slots__ = (
        "_aside", "_box_unseen", "_known", "_moves", "_state", "_unseen", "armies", "cards", "draw_size",
        "hand", "hand_sizes", "pending", "per_hand", "players", "round", "rounds", "seat", "teams",
    )  # fmt: skip

    def __init__(self, st: OverlordsState, seat: int) -> None:
        self.cards: CardSet = st.cards  # the static card data (shared by every state of the game)
        self.seat = seat
        self.players = st.players
        self.teams = st.teams
        self.round = st.round  # counted from 0: 0 is the opening round
        self.rounds = st.rounds
        self.per_hand = st.per_hand  # cards dealt to each hand in a round
        self.hand = list(st.hands[seat])  # the seat's own hand, sorted, its picks this turn included
        self.pending = list(st.pend[seat])  # the seat's own picks this turn, not yet revealed (OV-2)
        self.armies = [list(a) for a in st.armies]  # every army bottom to top, the dummy's last
        self.hand_sizes = [len(h) for h in st.hands]  # every hand's size, the dummy's last
        self.draw_size = len(st.draw)
        self._state = st
        self._moves = len(st.history)
        self._aside: list[list[int]] | None = None
        self._known: list[list[int]] | None = None
        self._unseen: list[int] | None = None
        self._box_unseen = -1

    def _live(self) -> OverlordsState:
        st = self._state
        if len(st.history) != self._moves:
            raise StaleSeatInfo("these facts were for an earlier move: the game has moved on")
        return st

    @property
    def aside(self) -> list[list[int]]:
        """Each seat's Hired Hands recruited, not yet activated (VII)."""
        out = self._aside
        if out is None:
            out = self._aside = [list(a) for a in self._live().aside]
        return out

    @property
    def known(self) -> list[list[int]]:
        """By zone (hands, the draw pile, the box): cards the seat knows are there (its own hand's
        zone empty)."""
        out = self._known
        if out is None:
            st = self._live()
            seat = self.seat
            out = self._known = [sorted(z) if i != seat else [] for i, z in enumerate(st.known[seat])]
        return out

    @property
    def unseen(self) -> list[int]:
        """By kind: cards in the other hands, the draw pile and the box the seat cannot place."""
        out = self._unseen
        if out is None:
            st = self._live()
            seat = self.seat
            mine = st.known[seat]
            out = [0] * st.cards.kinds
            for z in range(st.nh + 2):
                if z == seat:
                    continue
                for k in st.zone(z):
                    out[k] += 1
                for k in mine[z]:
                    out[k] -= 1
            self._unseen = out
        return out

    @property
    def box_unseen(self) -> int:
        """How many of the unseen cards lie in the box (only Hired Hands go there)."""
        if self._box_unseen < 0:
            st = self._live()
            self._box_unseen = len(st.box) - len(st.known[self.seat][st.nh + 1])
        return self._box_unseen

    def fields(self) -> tuple[object, ...]:
        """Every field, the lazy ones worked out: what equality compares."""
        return (
            self.cards, self.seat, self.players, self.teams, self.round, self.rounds, self.per_hand,
            self.hand, self.pending, self.armies, self.aside, self.hand_sizes, self.draw_size, self.known,
            self.unseen, self.box_unseen,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OverlordsFacts):
            return NotImplemented
        return self.fields() == other.fields()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, OverlordsFacts):
            return NotImplemented
        return self.fields() != other.fields()

    def __repr__(self) -> str:
        return f"OverlordsFacts{self.fields()!r}"
