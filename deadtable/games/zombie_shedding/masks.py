"""Sets of card kinds as bit masks (bit k for kind k), and the action lists a mask gives.

A hand is kept as the mask of the kinds it holds beside its list of cards, and the card to match
as the mask of the kinds that fit on it, so "which of my cards fit" is one `&` (see `legal.py`).

>>> kinds_of(mask_of([True, False, False, True, False, True]))
[0, 3, 5]
>>> lists = ActionLists(("a", "b", "c", "d", "e"), ("z",))
>>> lists.get(0b10110)
['b', 'c', 'e', 'z']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

T = TypeVar("T")


def mask_of(flags: Iterable[object]) -> int:
    """The mask of the true flags (bit k for the k-th)."""
    return sum(1 << k for k, flag in enumerate(flags) if flag)


def kinds_of(mask: int) -> list[int]:
    """The kinds whose bits are set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class ActionLists(Generic[T]):
    """`each[k]` for every kind k of a mask, lowest first, then `then`: a new list each call.

    A mask holds few kinds (the cards that fit, the protection held, a hand), so its bits are read
    one at a time, lowest first: compiled, that is a few machine operations a kind, cheaper than
    any table lookup by the mask (a dictionary would make an integer object of it first).
    """

    __slots__ = ("each", "then")

    def __init__(self, each: tuple[T, ...], then: tuple[T, ...] = ()) -> None:
        self.each, self.then = each, then

    def get(self, mask: int) -> list[T]:
        """The list for `mask` (a method, not `__call__`: compiled, a method call is direct)."""
        each = self.each
        out: list[T] = []
        while mask:
            low = mask & -mask
            out.append(each[low.bit_length() - 1])
            mask ^= low
        if self.then:
            out.extend(self.then)
        return out
