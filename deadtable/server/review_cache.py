"""Post-game reviews at the online table: computed off the event loop, few at once, kept in memory.

A review (`deadtable.agents.review`) of a seat opens when the game is over, for any seat, to seats
and spectators alike: by then the record (and its seed) is public (GET /tables/{id}/record), and a
review only uses what that seat knew at each of its decisions, so it tells nobody anything the
record does not. A seat that names its token gets its own seat by default; a token that is not the
seat's is refused, so a link never shows another seat's review as "yours".

The budget is small (`SERVER_ITERATIONS` playouts per decision, in one thread), at most
`REVIEWS_AT_ONCE` reviews run at a time (others wait their turn), a client may start at most
`REVIEWS_PER_WINDOW` new reviews per `REVIEW_WINDOW` seconds (a cached one is free), and the last
`REVIEWS_CACHED` reviews are kept by (table, seat). A review runs in a worker thread: the event loop
goes on serving the tables (the search holds the GIL only in slices).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any, Final

from deadtable.agents.review import SERVER_ITERATIONS, review
from deadtable.core import Record

REVIEWS_AT_ONCE: Final = 1
REVIEWS_CACHED: Final = 32
REVIEWS_PER_WINDOW: Final = 6
REVIEW_WINDOW: Final = 600.0


class Reviews:
    """The reviews made so far, by (table id, seat), and the gate that lets few run at once."""

    def __init__(self, most: int = REVIEWS_CACHED, at_once: int = REVIEWS_AT_ONCE) -> None:
        self.most = most
        self.iterations = SERVER_ITERATIONS
        self.made = 0  # how many reviews were computed (tests count them)
        self._gate = asyncio.Semaphore(at_once)
        self._kept: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._making: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}

    def kept(self, table_id: str, seat: int) -> dict[str, Any] | None:
        return self._kept.get((table_id, seat))

    async def of(self, table_id: str, seat: int, record: Record) -> dict[str, Any]:
        """The review (JSON) of `seat` (from 0) at finished table `table_id`, whose record is `record`."""
        key = (table_id, seat)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        if key in self._making:  # another request is making it: wait for that one
            return await asyncio.shield(self._making[key])
        future = asyncio.ensure_future(self._make(record, seat))
        self._making[key] = future
        try:
            made = await asyncio.shield(future)
        finally:
            del self._making[key]
        self._kept[key] = made
        while len(self._kept) > self.most:
            self._kept.popitem(last=False)
        return made

    async def _make(self, record: Record, seat: int) -> dict[str, Any]:
        async with self._gate:
            self.made += 1
            done = await asyncio.to_thread(review, record, seat, iterations=self.iterations, seed=0)
            return done.to_json()
