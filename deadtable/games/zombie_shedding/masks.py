"""Sets of card kinds as bit masks (bit k for kind k), and the action lists a mask gives.

A hand is kept as the mask of the kinds it holds beside its list of cards, and the card to match
as the mask of the kinds that fit on it, so "which of my cards fit" is one `&` (see `legal.py`).

>>> kinds_of(mask_of([True, False, False, True, False, True]))
[0, 3, 5]
>>> lists = ActionLists(("a", "b", "c", "d", "e"), ("z",))
>>> lists(0b10110)
['b', 'c', 'e', 'z']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

T = TypeVar("T")
MEMO_LIMIT = 1 << 15  # masks kept per table (a few MB at most)


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

    The answer for a mask is made once and kept in `memo` (a hot loop may read it directly);
    the masks that occur are few, and the memo is emptied should it ever grow past a bound.
    """

    __slots__ = ("each", "memo", "then")

    def __init__(self, each: tuple[T, ...], then: tuple[T, ...] = ()) -> None:
        self.each, self.then = each, then
        self.memo: dict[int, tuple[T, ...]] = {}

    def __call__(self, mask: int) -> list[T]:
        done = self.memo.get(mask)
        if done is None:
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            each = self.each
            done = self.memo[mask] = (*(each[k] for k in kinds_of(mask)), *self.then)
        return [*done]
