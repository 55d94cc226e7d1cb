"""What a seat knows of a zombie shedding game, as one small record its heuristic reads fast.

The heuristic (heuristic.py) reads its own hand, every hand's size, who is out, the teams, the
direction of play, the card to match, the decision on top, and the kinds of the cards it has not
seen. `ShedFacts` holds exactly those, as card kinds and seats (the heuristic reads the card set's
tables for what a kind is), built without the view: no card dict, no text, no narration.

Which cards a seat has not seen is known to every seat (all cards, less its hand and the cards
played); only where they lie (the deck, which other hand) is hidden, and another seat's drawn card
is not shown to it, as in the view (RULINGS ALL-2). So the facts are the same for every state the
seat cannot tell from this one (`ShedState.seat_facts`; the conformance suite checks it on
determinized samples, tests/zombie_shedding/test_heuristic.py on twins).

Compiled in the native build (deadtable/which_build.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import rules
from .cards import CardSet  # at run time: a compiled NamedTuple reads its fields' types then

if TYPE_CHECKING:
    from .state import ShedState

NOBODY = -1  # a decision's victim when it has none
UNSHOWN = -1  # the drawn card of a decision that is not this seat's


class Pending(NamedTuple):
    """The decision on top of the stack, as the view's "pending" shows it to the seat."""

    kind: str  # rules.FRAME_NAMES: "drawn", "respond", "name", "target", "take", "give", ...
    seat: int  # who answers it
    card: int  # "drawn": the kind drawn, shown to its seat only (else UNSHOWN)
    effect: str  # the effect answered ("next_draws", ...), "" when none
    actor: int  # the seat whose card has the effect (the seat itself when none)
    victim: int  # the seat it hits, NOBODY when none
    draws: int  # cards to draw for "next_draws", else 1 (the view's "count")


class ShedFacts(NamedTuple):
    """One seat's knowledge; card kinds index `cards`' tables, lists are by seat unless said."""

    cards: CardSet
    match_kind: int  # the card to match, -1 when none
    match_corp: int  # its corporation (or the one named)
    kinds: tuple[int, ...]  # the kinds of every card the seat has not seen, sorted
    seat: int
    players: int
    teams: tuple[int, ...] | None  # each seat's team in Alliances, else None
    out: list[int]  # the seats out of this hand
    hand_sizes: list[int]
    direction: int  # 1 clockwise, -1 counter-clockwise
    hand: list[int]  # the seat's own hand, sorted kinds
    pending: Pending | None


def pending(st: ShedState, player: int) -> Pending | None:
    """The decision on top, as `view._pending` shows it to `player`."""
    if not st.stack or st.over:
        return None
    f = st.stack[-1]
    kind, seat = f[0], f[1]
    card, effect, actor, victim, draws = UNSHOWN, "", seat, NOBODY, 1
    if kind == rules.F_DRAWN:
        if player == seat:
            card = f[5]
    elif kind in (rules.F_TARGET, rules.F_RESPOND, rules.F_TAKE, rules.F_GIVE):
        effect = rules.EFFECT_NAMES[f[2]]
        actor = f[3] if f[3] >= 0 else seat
        victim = f[4] if f[4] >= 0 else NOBODY
        if f[2] == rules.E_DRAWS:
            draws = f[5]
    return Pending(rules.FRAME_NAMES[kind], seat, card, effect, actor, victim, draws)


def facts(st: ShedState, player: int) -> ShedFacts:
    """What `player` knows of `st`; the unseen cards are the pool `view.redeal` deals from."""
    pool = list(st.deck)
    for h, held in enumerate(st.hands):
        if h != player:
            pool.extend(held)
    pool.sort()
    mode = st.mode
    return ShedFacts(
        st.cards,
        st.match_kind,
        st.match_corp,
        tuple(pool),
        player,
        st.players,
        tuple(mode.team_of) if mode.teams else None,
        list(st.out),
        [len(h) for h in st.hands],
        1 if st.direction > 0 else -1,
        sorted(st.hands[player]),
        pending(st, player),
    )
