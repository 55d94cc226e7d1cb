"""What a seat knows of an Overlords game, as one small record its heuristic reads fast.

The heuristic (agent.py) scores each pick with the armies' counts, its own hand and picks, how much
of the game is left and, for a Lich King, what the other hands may hold. `OverlordsFacts` holds
exactly that, built without the view and without a determinization:

- public: every army whole (each card entered it face up in front of everyone, knowledge.py), the
  Hired Hands aside, every hand's size, the draw pile's size, the round;
- the seat's own: its hand and its picks this turn;
- what it knows of the hidden zones (`known`, by zone: the hands, the draw pile, the box), and how
  many cards of each kind it cannot place (`unseen`: the pool `knowledge.redeal` shuffles, as
  counts), of which `box_unseen` lie in the box of unused Hired Hands.

So it is the same for every state the seat cannot tell from this one (`OverlordsState.seat_facts`;
the conformance suite checks it on determinized samples, tests/overlords/test_facts.py on twins).

Compiled in the native build (deadtable/which_build.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .cards import CardSet  # at run time: a compiled NamedTuple reads its fields' types then

if TYPE_CHECKING:
    from .state import OverlordsState


class OverlordsFacts(NamedTuple):
    """One seat's knowledge; cards are kinds (indexes into `cards`), armies and hands by zone."""

    cards: CardSet  # the static card data (shared by every state of the game)
    seat: int
    players: int
    teams: bool
    round: int  # 0 for the first round
    rounds: int
    per_hand: int  # cards dealt to each hand in a round
    hand: list[int]  # the seat's own hand, sorted, its picks this turn included
    pending: list[int]  # the seat's own picks this turn, not yet revealed (OV-2)
    armies: list[list[int]]  # every army bottom to top, the dummy's last
    aside: list[list[int]]  # each seat's Hired Hands recruited and not yet activated (VII)
    hand_sizes: list[int]  # every hand's size, the dummy's last
    draw_size: int
    known: list[list[int]]  # by zone (hands, the draw pile, the box): cards the seat knows are there
    unseen: list[int]  # by kind: cards in the other hands, the draw pile and the box it cannot place
    box_unseen: int  # how many of those lie in the box (only Hired Hands go there)


def facts(st: OverlordsState, seat: int) -> OverlordsFacts:
    """What `seat` knows of `st`, for its heuristic (no card it cannot see: see the module doc)."""
    mine = st.known[seat]
    unseen = [0] * st.cards.kinds
    for z in range(st.nh + 2):
        if z == seat:
            continue
        for k in st.zone(z):
            unseen[k] += 1
        for k in mine[z]:
            unseen[k] -= 1
    box_zone = st.nh + 1
    return OverlordsFacts(
        st.cards,
        seat,
        st.players,
        st.teams,
        st.round,
        st.rounds,
        st.per_hand,
        list(st.hands[seat]),
        list(st.pend[seat]),
        [list(a) for a in st.armies],
        [list(a) for a in st.aside],
        [len(h) for h in st.hands],
        len(st.draw),
        [sorted(z) if i != seat else [] for i, z in enumerate(mine)],
        unseen,
        len(st.box) - len(mine[box_zone]),
    )
