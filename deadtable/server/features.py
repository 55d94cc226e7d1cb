"""How a table feature plugs into the hub: what the hub offers it, and the hooks the hub calls.

The hub (hub.py, with its bots and clocks in players.py) accepts actions, keeps connections, bots
and clocks. A table feature adds one thing a table can do: chat.py, takeback.py (taking back a
move), rematch.py ("Play again"), turns.py (turn-based deadlines), creator.py (recovering a lost
seat link) and hints.py. A feature never reaches into the hub's or the store's private parts; it
uses their public interfaces:

- The store (store.py): `transaction()`, `lock_table(...)`, `notify(...)`, `table_in(...)`, for
  the rows the feature keeps itself.
- The hub: `await hub.run(fn, *args)` runs blocking work (the store's calls) in the hub's database
  threads; `hub.spawn(coro)` starts a background task the hub owns (cancelled when it closes);
  `await hub.get(table_id)` the live table (loaded from the store if need be), `hub.tables` those
  held now; `hub.broadcast(lt)` queues the state for every connection of the table, and
  `hub.announce(lt, text)` a message the same for everyone (the spectators' after the seats');
  `hub.after_change(lt)` lets bots and clocks go on after a change; `hub.stop_clock(lt)`;
  `await hub.rebuild(lt)` rebuilds a table from the store after its record was rewritten;
  `await hub.refresh(table_id)` catches up with another process; `await hub.stand_in(...)`
  plays a stand-in move for a person out of time; `hub.clock()` is the wall clock.
- The live table (live_table.py), which holds a feature's state in memory (`chat`, `undo`,
  `armed`, `row`) under its `lock`.

A feature's messages come from the WebSocket route (routes/live.py), which calls the feature's
module. Where the hub itself must let a feature act, it calls the hooks of `TableFeature` on each of
`Hub.features` (by default `standard()`, and metrics.py's when the operator asks for metrics), in
order. Each hook does nothing unless overridden.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .hub import Hub
    from .live_table import LiveTable
    from .rows import TableRow


class TableFeature:
    """The hooks a table feature gives the hub; the defaults do nothing."""

    async def started(self, hub: Hub) -> None:
        """The application started (`Hub.start`): begin the feature's background work, with
        `hub.spawn` (a hook returns promptly)."""

    async def resting(self, hub: Hub) -> Collection[str]:
        """Unfinished tables the feature looks after in the store, with nothing to do in memory:
        `Hub.resume` leaves them unloaded at start."""
        return ()

    def arm_clock(self, hub: Hub, lt: LiveTable) -> bool:
        """The feature keeps `lt`'s move clock (arming it now if it wants one): True, and the hub
        arms no real-time clock of its own."""
        return False

    def refreshing(self, hub: Hub, lt: LiveTable, row: TableRow) -> bool:
        """Another process changed `lt`: take the feature's part of `row`, the table's stored row
        (`lt.row` is still the row held before). Called with the table's lock held, before the
        hub takes the seats, moves and notes. True when the state messages must be sent again."""
        return False

    async def refreshed(self, hub: Hub, lt: LiveTable) -> None:
        """`lt` caught up with another process's changes (its lock released)."""

    # What happened, for a feature that counts it (metrics.py); each returns at once.
    def moved(self, hub: Hub, lt: LiveTable, actor: str, seconds: float) -> None:
        """A move was accepted at `lt` (`actor`: "player", "bot" or "standby"), `seconds` after
        `Hub.act` was asked for it (the wait for the table's lock and the store's write)."""

    def refused(self, hub: Hub, code: str) -> None:
        """Something a client asked was refused: a WebSocket message (`code` as in the error
        message: "illegal", "stale", "slow-down"...) or a request over a limit per address."""

    def thought(self, hub: Hub, lt: LiveTable, agent: str, seconds: float) -> None:
        """A bot (`agent`) chose a move at `lt` in `seconds` (past `bot_time`, a random one)."""


def standard() -> tuple[TableFeature, ...]:
    """The features of every hub: their hooks, in the order the hub calls them."""
    from . import chat, creator, rematch, turns

    return (creator.FEATURE, rematch.FEATURE, turns.FEATURE, chat.FEATURE)
