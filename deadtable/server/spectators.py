"""A table's spectators are told its newest state by a task of their own, never on a player's path.

Every connection has its own queue and writer (live_table.Conn), so a socket that does not read
holds nobody. But all the writers share one event loop: were the writers of two thousand
spectators woken with the seats' after a move, the mover's own answer would wait in line behind
their sends. So the hub wakes only the seats' writers itself (`Hub.broadcast`), and a table's
spectators are woken by `Spectators`, one background task per table:

- it starts one turn of the event loop after the seats were woken, so the seats' writers go first;
- it wakes `batch` spectators and lets the loop turn (their writers send, and the players'
  messages come in), so a player waits behind one batch's sends at most;
- while the table's lock is held (a move being stored, a seat coming back), it waits: the change,
  which is about to give the spectators a newer state anyway, never competes with them;
- after each batch it rests `rest` times as long as the loop's turn with the batch's sends took:
  a crowd takes at most a share of the event loop (1 / (1 + rest)) however fast the players move,
  and the process is never busy for long at a time, so a player's message finds it ready.

A chat line is the same for everyone and goes the same way (`say`): the seats' writers at once,
the spectators' by the table's task, in its next round over them, before the state if that changed
too. A spectator that joined after the line was queued needs it not from that round: its chat
history, read from the store after it joined (chat.send_history), holds the line (and should the
round reach it too, the line comes twice with one id, and the page shows it once).

A spectator is told "the newest state", made when its writer sends it (`Conn.want_state`): a state
that changed again before a spectator's turn came is sent once, as it is now, and a change during
a round over the spectators starts another round after it. So every spectator ends at the latest
state, and a slow reader's queue holds one state at most (it is dropped when its queue fills with
other messages, or a send takes too long: routes/live.py). Only what a spectator may see is ever
made for it: its message is the table's message for seat None (`LiveTable.message`), whenever it
is sent.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from .live_limits import SPECTATOR_BATCH, SPECTATOR_REST

if TYPE_CHECKING:
    from .live_table import LiveTable

Spawn = Callable[[Coroutine[Any, Any, None]], "asyncio.Task[None]"]


class Spectators:
    """The spectators of one table: what they have not been told yet, and the task telling them."""

    def __init__(self, batch: int = SPECTATOR_BATCH, rest: float = SPECTATOR_REST) -> None:
        self.batch = max(1, batch)
        self.rest = rest
        self.stale = False  # the state changed since the round under way began
        self.said: list[str] = []  # messages for every spectator (chat lines) for the next round
        self.task: asyncio.Task[None] | None = None
        self.rounds = 0  # rounds over every spectator begun so far

    def tell(self, lt: LiveTable, spawn: Spawn) -> None:
        """The table's state changed: its spectators are told, after the seats, by the table's task
        (started with `spawn` unless it runs already)."""
        self.stale = True
        self._wake(lt, spawn)

    def say(self, lt: LiveTable, spawn: Spawn, text: str) -> None:
        """`text`, a message the same for everyone (a chat line), goes to every spectator the same
        way: after the seats, by the table's task."""
        self.said.append(text)
        self._wake(lt, spawn)

    def _wake(self, lt: LiveTable, spawn: Spawn) -> None:
        if self.task is None:
            self.task = spawn(self._run(lt))

    async def _run(self, lt: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        try:
            await asyncio.sleep(0)  # the seats' writers, woken just now, go first
            while self.stale or self.said:
                stale, said = self.stale, self.said
                self.stale, self.said = False, []
                self.rounds += 1
                watching = [c for c in lt.conns if c.seat is None]
                for start in range(0, len(watching), self.batch):
                    if lt.lock.locked():  # a change is being made (a move stored): it goes first
                        async with lt.lock:
                            pass
                    for conn in watching[start : start + self.batch]:
                        for text in said:
                            conn.put(text)
                        if stale:
                            conn.want_state(lt.message)
                    began = loop.time()
                    await asyncio.sleep(0)  # the batch's writers send (before this task goes on)
                    await asyncio.sleep((loop.time() - began) * self.rest)
        finally:
            self.task = None
