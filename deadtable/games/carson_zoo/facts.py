"""What a seat knows of a Carson City Zoo game, as one small record its heuristic reads fast.

Everything on this table is public but two things (RULINGS CZ-1): the covered lower card of each
stack, and which zoo cards are mutants. `ZooFacts` holds what every seat sees (the tops' values,
the pieces, the hands, how likely each top card is to be a mutant), never a covered card or a
mutant mark, so it is the same for every seat and for every state a seat cannot tell from this
one (`ZooState.seat_facts`; the conformance suite checks it on determinized samples).

Compiled in the native build (deadtable/which_build.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .board import CARDS_PER_VALUE, MUTANT_VALUES, ZOO_VALUES

if TYPE_CHECKING:
    from .state import ZooState

NO_CARD = -1  # a position's top when its stack is empty


class ZooFacts(NamedTuple):
    """One seat's knowledge: lists indexed by position (0..24) or by zoo value (0..4)."""

    seat: int
    players: int
    tops: list[int]  # the value of each position's top zoo card, NO_CARD when it has none (CZ-1)
    owner: list[int]  # the seat whose piece stands on each position, NOBODY when none
    piece_value: list[int]  # that piece's value (0 when none)
    mutant: list[bool]  # the piece has turned into a mutant (CZ-5)
    hands: list[list[int]]  # every seat's characters still in hand (public)
    mutant_odds: list[float]  # by zoo value: the chance that a top card of that value is its mutant


def mutant_odds(taken: list[int], found: list[int]) -> list[float]:
    """By zoo value, the chance that a given untaken card of that value is the value's mutant.

    One card of each value 0 to 3 is a mutant (CZ-2); until it is found, every card of that value
    not yet taken is equally likely to be it, whether on top or covered.

    >>> mutant_odds([0, 0, 1], [1])
    [0.125, 0.0, 0.1, 0.1, 0.0]
    """
    odds = [0.0] * len(ZOO_VALUES)
    for v in MUTANT_VALUES:
        left = CARDS_PER_VALUE - taken.count(v)
        if left > 0 and v not in found:
            odds[v] = 1.0 / left
    return odds


def facts(state: ZooState, seat: int) -> ZooFacts:
    """What `seat` knows of `state` (the same for every seat: only the seat differs)."""
    stacks = state.stacks
    return ZooFacts(
        seat,
        state.players,
        [s[-1] & 7 if s else NO_CARD for s in stacks],  # board.value: never the mutant mark
        list(state.owner),
        list(state.piece_value),
        list(state.mutant),
        [list(h) for h in state.hands],
        mutant_odds(state.taken_zoo, state.found_mutants),
    )
