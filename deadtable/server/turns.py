"""Turn-based tables: a move time of hours or days, its deadline kept in the store.

A real-time table's clock is an asyncio sleep in the process that holds the table (players.py). A
turn-based table's clock is a row in the store instead: when a person is to act, the deadline of
that move (`dt_tables.deadline`, unix seconds) is written with the move's index
(`deadline_index`), once, by whichever process arms it first (`arm`: a conditional update). Nothing
in memory waits for it, so an idle turn-based table is unloaded like any other, and the deadline
survives a SIGKILL or a restart.

ONE sweeper per process (`sweep_forever`, every `SWEEP_TURNS_EVERY` seconds and at start-up)
looks for the deadlines that passed at tables still at that move (`due`). For each, it first
claims the deadline (`claim`: a compare-and-set that pushes it `CLAIM_LEASE` seconds on), so of
two processes on one PostgreSQL only one goes on; then it loads the table and the stand-in bot
plays that one move for the person, who keeps the seat (as at a real-time table). The move itself
goes through `Store.accept` at the claimed index: if the person moved meanwhile, it is stale and
nothing is played. A process that dies after claiming leaves a deadline `CLAIM_LEASE` seconds
later, which the next sweep (of any process) claims again.

Time comes from `Hub.clock` (time.time by default), so tests move it on without sleeping.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection
from typing import TYPE_CHECKING, Final

from sqlalchemy import and_, or_, select, update

from deadtable.i18n import N_, Message

from .db import tables
from .features import TableFeature
from .store import Store

if TYPE_CHECKING:
    from .hub import Hub
    from .live_table import LiveTable

log = logging.getLogger("deadtable.server")

HOUR: Final = 3600
TURN_LEAST: Final = HOUR  # a turn-based move time is at least an hour ...
TURN_MOST: Final = 30 * 24 * HOUR  # ... and at most 30 days
SWEEP_TURNS_EVERY: Final = 30.0  # seconds between two looks for turn-based deadlines that passed
CLAIM_LEASE: Final = 300  # seconds a claimed deadline is pushed on (retried after, if not played)
DUE_MOST: Final = 100  # deadlines handled per sweep (the next sweep takes the rest)
REAL_TIME_MOST: Final = 86_400  # a real-time move time is at most a day (in seconds)
TURN_RANGE = N_(
    "a turn-based table's move time is from {least} to {most} seconds (1 hour to 30 days), not {given}"
)
REAL_TIME_RANGE = N_(
    "a real-time table's move time is from 0 (no clock) to {most} seconds; "
    "for longer, make the table turn-based"
)


def move_time_problem(move_time: int, turn_based: bool) -> Message | None:
    """Why `move_time` (seconds) does not suit the table's kind, or None.

    >>> move_time_problem(2 * 86_400, True) is None, move_time_problem(60, True) is None
    (True, False)
    >>> move_time_problem(0, False) is None, move_time_problem(2 * 86_400, False) is None
    (True, False)
    """
    if turn_based and not TURN_LEAST <= move_time <= TURN_MOST:
        return Message(TURN_RANGE, least=TURN_LEAST, most=TURN_MOST, given=move_time)
    if not turn_based and not 0 <= move_time <= REAL_TIME_MOST:
        return Message(REAL_TIME_RANGE, most=REAL_TIME_MOST)
    return None


def arm(store: Store, table_id: str, index: int, deadline: int) -> int | None:
    """The deadline of move `index` at `table_id`: `deadline` if none was set for that move yet
    (and the table is still at it), else the one set before; None if the table moved on."""
    with store.transaction() as conn:
        conn.execute(
            update(tables)
            .where(
                tables.c.id == table_id,
                tables.c.status == "playing",
                tables.c.n_actions == index,
                or_(tables.c.deadline_index.is_(None), tables.c.deadline_index != index),
            )
            .values(deadline=deadline, deadline_index=index)
        )
        row = conn.execute(
            select(tables.c.deadline, tables.c.deadline_index, tables.c.n_actions).where(
                tables.c.id == table_id
            )
        ).first()
    if row is None or row.deadline_index != index or row.n_actions != index:
        return None
    return int(row.deadline) if row.deadline is not None else None


def due(store: Store, now: int, most: int = DUE_MOST) -> list[tuple[str, int, int]]:
    """(table id, move index, deadline) of the turn-based tables whose move's deadline passed."""
    with store.transaction() as conn:
        rows = conn.execute(
            select(tables.c.id, tables.c.deadline_index, tables.c.deadline)
            .where(
                tables.c.deadline <= now,
                tables.c.turn_based.is_(True),
                tables.c.status == "playing",
                tables.c.deadline_index == tables.c.n_actions,
            )
            .order_by(tables.c.deadline)
            .limit(most)
        )
        return [(r.id, int(r.deadline_index), int(r.deadline)) for r in rows]


def waiting(store: Store) -> list[str]:
    """The turn-based tables waiting for a person with their deadline set: nothing to do in
    memory until it passes (or somebody opens them)."""
    with store.transaction() as conn:
        rows = conn.execute(
            select(tables.c.id).where(
                tables.c.turn_based.is_(True),
                tables.c.status == "playing",
                tables.c.deadline_index == tables.c.n_actions,
                tables.c.deadline.is_not(None),
            )
        )
        return [r.id for r in rows]


def claim(store: Store, table_id: str, index: int, deadline: int, lease_until: int) -> bool:
    """Take the passed deadline of move `index` (it must still read `deadline`): True for exactly
    one caller, across threads and processes; the deadline becomes `lease_until`."""
    with store.transaction() as conn:
        result = conn.execute(
            update(tables)
            .where(
                and_(
                    tables.c.id == table_id,
                    tables.c.status == "playing",
                    tables.c.n_actions == index,
                    tables.c.deadline_index == index,
                    tables.c.deadline == deadline,
                )
            )
            .values(deadline=lease_until)
        )
        return bool(result.rowcount == 1)


def wants_deadline(lt: LiveTable) -> int | None:
    """The seat of the person a turn-based table waits for (a bot's move needs no clock)."""
    seat = lt.state.current_player
    if seat is None or lt.row.seats[seat].kind != "human" or lt.row.move_time <= 0:
        return None
    return seat


def arm_later(hub: Hub, lt: LiveTable) -> None:
    """Set (or learn) the deadline of the current move of a turn-based table, in the background;
    the state messages then show it. Nothing waits for it in memory."""
    index = lt.index
    if wants_deadline(lt) is None or lt.armed == index:
        return
    lt.armed = index
    if lt.row.deadline_index == index and lt.row.deadline is not None:
        lt.deadline = float(lt.row.deadline)  # loaded with the table
        lt.touch()
        return
    proposed = int(hub.clock()) + lt.row.move_time
    hub.spawn(_arm(hub, lt, index, proposed))


async def _arm(hub: Hub, lt: LiveTable, index: int, proposed: int) -> None:
    stored = await hub.run(arm, hub.store, lt.id, index, proposed)
    if stored is None or lt.index != index:
        return
    lt.row.deadline, lt.row.deadline_index = stored, index
    lt.deadline = float(stored)
    lt.touch()
    hub.broadcast(lt)


async def sweep(hub: Hub) -> int:
    """Play a stand-in move at every turn-based table whose deadline passed; how many were played."""
    now = int(hub.clock())
    played = 0
    for table_id, index, deadline in await hub.run(due, hub.store, now):
        if not await hub.run(claim, hub.store, table_id, index, deadline, now + CLAIM_LEASE):
            continue  # another process (or sweep) took it
        try:
            lt = await hub.get(table_id)
            if lt is None:
                continue
            if lt.index < index:
                await hub.refresh(table_id)
            seat = wants_deadline(lt)
            if lt.index != index or seat is None:
                continue
            if await hub.stand_in(lt, index, seat):
                played += 1
        except Exception:  # one broken table never stops the others' clocks
            log.exception("turn-based table %s: the stand-in move failed", table_id)
    return played


async def sweep_forever(hub: Hub, every: float = SWEEP_TURNS_EVERY) -> None:
    """The process's one turn-based clock: a sweep at start-up, then one every `every` seconds."""
    while True:
        try:
            await sweep(hub)
        except Exception:
            log.exception("the turn-based sweep failed; trying again in %.0f s", every)
        await asyncio.sleep(every)


class TurnBased(TableFeature):
    """The hub's hooks: a turn-based table's clock is kept here, in the store, and swept."""

    async def started(self, hub: Hub) -> None:
        hub.spawn(sweep_forever(hub))  # also the deadlines that passed while the server was down

    async def resting(self, hub: Hub) -> Collection[str]:
        return await hub.run(waiting, hub.store)

    def arm_clock(self, hub: Hub, lt: LiveTable) -> bool:
        if not lt.row.turn_based:
            return False
        arm_later(hub, lt)
        return True


FEATURE = TurnBased()
