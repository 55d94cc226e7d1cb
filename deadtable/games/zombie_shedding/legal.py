"""What may be played, and the legal actions of every decision.

Hands are also kept as bit masks of kinds (`ShedState.masks`, see masks.py) and the card to match
as the mask of the kinds that fit on it (`CardSet.fit_masks`), so "which of my cards fit" is one
`&`, and the actions of a mask come from tables made once per card set (`CardSet.turn_plays`, ...).
The order is the deterministic one the contract asks: by kind, a card's combos right after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import actions as A
from .cards import CORPORATIONS
from .frames import F_DRAWN, F_NAME, F_RESPOND, F_TAKE, F_TARGET
from .masks import kinds_of

if TYPE_CHECKING:
    from deadtable.core import Action

    from .state import ShedState

NAMES = tuple(A.Name(c.lower()) for c in CORPORATIONS)
KEEP: Final = A.KEEP  # Final: compiled, read from a C static, not looked up in the module


def fits(st: ShedState, k: int) -> bool:
    """Number, corporation, a card's effect, or an event; anything before the first zombie."""
    mk = st.match_kind
    return mk < 0 or st.cards.playable[mk][st.match_corp][k]


def playable(st: ShedState, seat: int) -> int:
    """The mask of the kinds in `seat`'s hand that fit on the card to match."""
    mk = st.match_kind
    held = st.masks[seat]
    kinds = held if mk < 0 else st.cards.fit_masks[mk][st.match_corp] & held
    if kinds & st.cards.not_last_mask and len(st.hands[seat]) == 1:  # `not_last`: never the last card
        return 0
    return kinds


def turn_actions(st: ShedState, seat: int, kinds: int) -> list[Action]:
    """What `seat` may play on its turn, `kinds` being the mask of the kinds that fit."""
    cs = st.cards
    held = st.masks[seat]
    if held & cs.combo_mask:  # a combo card in hand: does it follow any card that fits?
        leads, bits = cs.combo_leads, cs.bits
        for c in cs.combo_kinds:
            if held & bits[c] and kinds & leads[c]:
                return play_actions(st, seat, kinds_of(kinds))
    return cs.turn_plays.get(kinds)


def play_actions(st: ShedState, seat: int, kinds: list[int]) -> list[Action]:
    """`play k` for each kind, and `play k + c` for each combo card c in hand that may follow k."""
    cs = st.cards
    slugs = cs.slugs
    hand = st.hands[seat]
    held = st.masks[seat]
    combos = [c for c in cs.combo_kinds if held & cs.bits[c]]
    if not combos:
        plays = cs.plays
        return [plays[k] for k in kinds]
    out: list[Action] = []
    for k in kinds:
        out.append(cs.plays[k])
        row = cs.combo_after[k]
        for c in combos:
            if row[c] and (c != k or hand.count(c) >= 2):
                out.append(A.play(slugs[k], slugs[c]))
    return out


def drawn_actions(st: ShedState, seat: int, k: int) -> list[Action]:
    """Asked whether or not the card fits, so being asked reveals nothing (RULINGS ZS-4)."""
    if not fits(st, k):
        return [KEEP]
    if st.masks[seat] & st.cards.combo_mask:
        return [*play_actions(st, seat, [k]), KEEP]
    return [st.cards.plays[k], KEEP]


def target_candidates(st: ShedState, seat: int) -> list[int]:
    """Opponents still in the hand (Thief and the Schemer act only on opponents)."""
    mode, out = st.mode, st.out
    return [v for v in range(st.players) if v != seat and v not in out and mode.opponents(seat, v)]


def decision_actions(st: ShedState) -> list[Action]:
    """The answers to the decision on top of the stack."""
    f = st.stack[-1]
    kind, seat = f.kind, f.seat
    cs = st.cards
    if kind == F_DRAWN:
        return drawn_actions(st, seat, f.parameter)
    if kind == F_RESPOND:
        if len(st.hands[seat]) == 1:  # a `not_last` protection card cannot answer as the last card
            return cs.responses.get(st.masks[seat] & cs.answer_masks[f.effect] & ~cs.not_last_mask)
        return cs.responses.get(st.masks[seat] & cs.answer_masks[f.effect])  # what answers this effect
    if kind == F_NAME:
        return list(NAMES)
    if kind == F_TARGET:
        return [A.Target(v) for v in target_candidates(st, seat)]
    if kind == F_TAKE:
        return cs.takes.get(st.masks[f.victim])
    return cs.gives.get(st.masks[seat])  # F_GIVE
