"""A small cache of things derived from an object that has no room for them (a card set's tables).

Keyed by the object's identity and holding the object itself, so an id reused after the object is
gone never returns another object's tables; bounded, so a long-lived process that loads card file
after card file (a server, a "what if" study) keeps only the newest few.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
LIMIT = 8  # card sets kept per cache: a process rarely plays more than two at once


def derived(cache: dict[int, tuple[Any, Any]], obj: object, make: Callable[[Any], T]) -> T:
    """`make(obj)`, made once per object while it is among the `LIMIT` newest in `cache`.

    >>> cache: dict[int, tuple[Any, Any]] = {}
    >>> key = ("a",)
    >>> derived(cache, key, len) is derived(cache, key, len), len(cache)
    (True, 1)
    """
    hit = cache.get(id(obj))
    if hit is None or hit[0] is not obj:
        while len(cache) >= LIMIT:
            del cache[next(iter(cache))]  # the oldest
        hit = cache[id(obj)] = (obj, make(obj))
    return hit[1]
