"""The replays of finished tables: every step's spectator view, built once, off the event loop.

A replay asks for one step at a time, and rebuilding a state means playing the record from move 0:
so the views of every step of a table are made in one pass (`replay_states`) in a worker thread and
kept for the last `most` tables asked for (least recently used out). They are kept in English, as
the game makes them; each request renders its own language (`localized.localized_view`).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from deadtable.core import Record, replay_states

from .cardsets import shown


@dataclass(frozen=True)
class Step:
    view: dict[str, Any]  # the spectator's view after this many actions
    over: bool
    outcome: dict[str, Any] | None


def steps_of(record: Record) -> list[Step]:
    """Every step of a recorded game: the start, then after each action."""
    out = []
    for state in replay_states(record):
        view = state.view(None)
        if "card_file" in view:  # an uploaded card file by its name, not its path on the server
            view = {**view, "card_file": shown(view["card_file"])}
        outcome = state.outcome().to_json() if state.is_terminal else None
        out.append(Step(view, state.is_terminal, outcome))
    return out


class Replays:
    """The steps of the last `most` finished tables replayed, by table id."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.builds = 0  # how many times a table's steps were made (tests count them)
        self._kept: OrderedDict[str, list[Step]] = OrderedDict()
        self._building: dict[str, asyncio.Future[list[Step]]] = {}

    async def steps(self, table_id: str, record: Record) -> list[Step]:
        """The steps of finished table `table_id`, whose record is `record`."""
        kept = self._kept.get(table_id)
        if kept is not None:
            self._kept.move_to_end(table_id)
            return kept
        if table_id in self._building:  # another request is making them: wait for it
            return await asyncio.shield(self._building[table_id])
        self.builds += 1
        future = asyncio.ensure_future(asyncio.to_thread(steps_of, record))
        self._building[table_id] = future
        try:
            made = await asyncio.shield(future)
        finally:
            del self._building[table_id]
        self._kept[table_id] = made
        while len(self._kept) > self.most:
            self._kept.popitem(last=False)
        return made
