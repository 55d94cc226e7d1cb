"""`core.memo.derived`: tables made once per card set, and only the newest few kept."""

from __future__ import annotations

from typing import Any

from deadtable.core.memo import LIMIT, derived
from deadtable.games.overlords.cards import load
from deadtable.games.overlords.heuristic import tables


def test_the_same_object_gets_the_same_tables_and_the_cache_stays_bounded() -> None:
    cache: dict[int, tuple[Any, Any]] = {}
    made: list[object] = []

    def make(obj: object) -> list[object]:
        made.append(obj)
        return [obj]

    objs = [object() for _ in range(LIMIT * 3)]
    first = derived(cache, objs[0], make)
    assert derived(cache, objs[0], make) is first and made == [objs[0]]
    for o in objs[1:]:
        derived(cache, o, make)
    assert len(cache) == LIMIT  # the oldest were dropped
    assert [pair[0] for pair in cache.values()] == objs[-LIMIT:]
    assert derived(cache, objs[0], make) is not first  # made again once dropped
    assert made.count(objs[0]) == 2


def test_overlords_tables_follow_the_card_set() -> None:
    cards = load()
    assert tables(cards) is tables(cards)
