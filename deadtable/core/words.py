"""Reading numbers out of typed text: ASCII digits only.

`str.isdigit()` accepts superscripts (`²`, one key on AZERTY keyboards) that `int()` refuses, and
`int()` accepts other scripts' digits (`٢`) that no action text is written with; either way a
parser that trusts them crashes or reads an action the player did not type. Every parser that
expects a number asks `number()`.

>>> number("12"), number("²"), number("٢"), number(""), number("-1"), number("1_0")
(12, None, None, None, None, None)
"""

from __future__ import annotations

_DIGITS = frozenset("0123456789")


def is_number(word: str) -> bool:
    """Whether `word` is written with ASCII digits only (at least one)."""
    return bool(word) and all(c in _DIGITS for c in word)


def number(word: str) -> int | None:
    """`word` as a non-negative integer when it is ASCII digits only, else None."""
    return int(word) if is_number(word) else None
