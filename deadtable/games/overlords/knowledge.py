"""What each seat knows of the hidden zones, and determinize built on exactly that.

`known[p][z]` is a multiset of cards seat p knows to be in zone z (a hand, the dummy's hand, the
draw pile, the box of unused Hired Hands). It grows when p passes a hand on (p knew all of it),
when Medusa or Lich King flip hands face up, when a teammate receives p's exchanged card, when a
Blue Knight shows p the draw pile; it shrinks when a card is seen leaving the zone. Armies are not
here: every card enters an army face up in front of everyone, so they are public.

A deal spreads the draw pile over the hands unseen, so what p knew of it (a Blue Knight's look, the
Blue Knight seen going back) no longer places a card in one zone; but a Hired Hand p knew in the
pile is still in a hand or the pile, never in the box. `in_play[p]` keeps that: how many of each
Hired Hand p knows to be in the hands and the draw pile at least (`deal_known`), one fewer when one
is seen leaving them (`left_play`).

`redeal` keeps p's own hand and everything in `known[p]` fixed, pools the rest of every hidden zone
in sorted order, shuffles it with the caller's generator and deals it back into the same zones and
sizes (unused Hired Hands only into the box); the other seats' pending hidden choices are redrawn
from their new hands. The result depends only on p's information.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from deadtable.core.chance import shuffle  # Fisher-Yates on rng.random(): the same draws as before

if TYPE_CHECKING:
    from .state import OverlordsState


def msub(have: list[int], take: list[int]) -> list[int]:
    """Sorted multiset difference `have - take` (both sorted); cards of `take` not in `have` are ignored.

    >>> msub([1, 1, 2, 3], [1, 3, 4])
    [1, 2]
    """
    out: list[int] = []
    j, n = 0, len(take)
    for k in have:
        while j < n and take[j] < k:
            j += 1
        if j < n and take[j] == k:
            j += 1
        else:
            out.append(k)
    return out


def all_but_one_of_each(cards: list[int]) -> list[int]:
    """What is still certain of a hand after one unknown card left it.

    >>> all_but_one_of_each([1, 1, 1, 4, 6, 6])
    [1, 1, 6]
    """
    out: list[int] = []
    prev = None
    for c in sorted(cards):
        if c == prev:
            out.append(c)
        prev = c
    return out


def flip_hands(st: OverlordsState, seats: list[int]) -> None:
    """Medusa, Lich King: these hands are turned face up; everyone at the table sees them (VII)."""
    for row in st.known:
        for s in seats:
            row[s] = list(st.hands[s])
    for s in seats:
        st.known[s][s] = []


def swap_hands(st: OverlordsState, a: int, b: int) -> None:
    """Lich King swaps two hands: knowledge (and the Overlord card) travel with them."""
    st.hands[a], st.hands[b] = st.hands[b], st.hands[a]
    for row in st.known:
        row[a], row[b] = row[b], row[a]
    st.known[a][a] = []
    st.known[b][b] = []
    st.known[a][b] = list(st.hands[b])  # a held that hand a moment ago
    st.known[b][a] = list(st.hands[a])
    if st.overlord in (a, b):
        st.overlord = b if st.overlord == a else a


def exchange(st: OverlordsState, a: int, b: int, x: int, y: int) -> None:
    """Teammates a and b swap x (from a) and y (from b); the opponents do not see which cards."""
    st.hands[a].remove(x)
    st.hands[b].remove(y)
    st.hands[a].append(y)
    st.hands[b].append(x)
    st.hands[a].sort()
    st.hands[b].sort()
    for o in range(st.players):
        if o not in (a, b):
            # One unseen card left each hand: of each kind, one copy may have been that card.
            st.known[o][a] = all_but_one_of_each(st.known[o][a])
            st.known[o][b] = all_but_one_of_each(st.known[o][b])
    for me, other, gave, got in ((a, b, x, y), (b, a, y, x)):
        row = st.known[me][other]
        if got in row:
            row.remove(got)
        row.append(gave)
        row.sort()


def mmax(a: list[int], b: list[int]) -> list[int]:
    """Sorted multiset union, keeping the larger count of each card (both sorted).

    >>> mmax([1, 1, 3], [1, 2, 3, 3])
    [1, 1, 2, 3, 3]
    """
    return sorted(a + msub(b, a))


def deal_known(st: OverlordsState) -> None:
    """Before a deal: the Hired Hands each seat knows in a hand or the draw pile stay in play."""
    hired = st.cards.hired
    for p, row in enumerate(st.known):
        seen = [k for z in range(st.nh + 1) for k in (st.hands[z] if z == p else row[z]) if hired[k]]
        if seen:
            st.in_play[p] = mmax(st.in_play[p], sorted(seen))


def left_play(st: OverlordsState, kind: int) -> None:
    """A Hired Hand was seen leaving the hands and the draw pile (recruited, taken with a Blue Knight)."""
    for row in st.in_play:
        if kind in row:
            row.remove(kind)


def redeal(st: OverlordsState, out: OverlordsState, p: int, rng: random.Random) -> None:
    """Fill `out` (a copy of `st`) with hidden cards drawn from what seat `p` cannot see."""
    hired = st.cards.hired
    mine = st.known[p]
    zones = [z for z in range(st.nh) if z != p] + [st.draw_zone]
    sizes: list[int] = []
    pool: list[int] = []
    for z in zones:
        # The pool is sorted below, so a zone nothing of which is known goes in as it lies.
        unknown = msub(sorted(st.zone(z)), sorted(mine[z])) if mine[z] else st.zone(z)
        sizes.append(len(unknown))
        pool.extend(unknown)
    box_unknown = msub(st.box, sorted(mine[st.box_zone])) if mine[st.box_zone] else st.box
    pool.extend(box_unknown)
    pool.sort()
    hh = [k for k in pool if hired[k]]
    if st.in_play[p]:
        # Hired Hands p knows are in play but cannot place (those it can are not in the pool).
        located = sorted(k for z in zones for k in mine[z] if hired[k])
        located = sorted(located + [k for k in st.hands[p] if hired[k]])
        hh = msub(hh, msub(st.in_play[p], located))  # never into the box
    shuffle(hh, rng)
    to_box = sorted(hh[: len(box_unknown)])
    rest = pool  # the pool less the cards going to the box (removing a first copy keeps it sorted)
    for k in to_box:
        rest.remove(k)
    shuffle(rest, rng)
    at = 0
    for z, n in zip(zones, sizes, strict=True):
        if z >= st.players:  # the dummy's hand and the draw pile: nobody knows their order
            if mine[z]:
                cards = sorted(mine[z] + rest[at : at + n])
                shuffle(cards, rng)
            else:
                cards = rest[at : at + n]  # `rest` is shuffled: its order is already uniform
        else:
            cards = sorted(mine[z] + rest[at : at + n])
        at += n
        if z == st.draw_zone:
            out.draw = cards
        else:
            out.hands[z] = cards
    out.box = sorted(mine[st.box_zone] + to_box)
    # What the other seats know is theirs, not p's: give them what p knows (their view of p's own
    # hand follows from public events and p's own hand, so it stays).
    for q in range(st.players):
        if q == p:
            continue
        row = out.known[q]
        for z in range(st.nh + 2):
            if z != p:
                row[z] = [] if z == q else list(mine[z])
        out.in_play[q] = list(st.in_play[p])
    _redraw_pending(out, p, rng)


def _redraw_pending(out: OverlordsState, p: int, rng: random.Random) -> None:
    """Other seats' hidden commits this turn are unseen (OV-2): draw them again from their new hands."""
    from .rules import EXCHANGE, KEEP, NONE, RECRUIT, dummy_options, own_options

    if out.phase == RECRUIT:
        for q in range(out.players):
            if q == p:
                continue
            picks, out.pend[q] = len(out.pend[q]), []
            for _ in range(picks):
                options = own_options(out, q)
                out.pend[q].append(options[rng.randrange(len(options))])
            if q == out.controller and out.pend_dummy >= 0:
                options = dummy_options(out, q)
                out.pend_dummy = options[rng.randrange(len(options))]
    elif out.phase == EXCHANGE:
        for q in range(out.players):
            if q != p and out.exch[q] != NONE:
                options = [KEEP, *sorted(set(out.hands[q]))]
                out.exch[q] = options[rng.randrange(len(options))]
