"""Who moves when a person does not: a table's bots, the stand-in at an away seat, move clocks.

A mixin of `Hub` (hub.py), which holds the tables, the store and the worker threads these use. A
bot thinks in a worker thread on a copy of the position, within `bot_time` seconds; past that a
random legal move is played. A real-time move clock (`move_time` seconds) runs here, unless a
feature keeps the table's clock (`TableFeature.arm_clock`: a turn-based table's deadline is kept in
the store and swept by turns.py, which calls `stand_in` too).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, cast

from deadtable.agents import make_agent
from deadtable.core import Agent, seat_info
from deadtable.i18n import N_, Message

from .live_table import LiveTable, note_text
from .rows import NoteRow
from .store import Refused, Store

if TYPE_CHECKING:
    from .features import TableFeature
    from .hub import Hub

log = logging.getLogger("deadtable.server")
OUT_OF_TIME = N_("{who} ran out of time; a bot played one move for them")


class BotsAndClocks:
    """The bots' and clocks' half of `Hub`: it provides what is declared here."""

    store: Store
    stopping: bool
    bot_time: float
    bot_pace: float
    _bots: ThreadPoolExecutor
    features: tuple[TableFeature, ...]
    run: Callable[..., Awaitable[Any]]
    spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any]]
    loaded: Callable[[LiveTable], bool]
    broadcast: Callable[[LiveTable], None]
    refresh: Callable[[str], Awaitable[None]]
    act: Callable[..., Awaitable[int]]

    def after_change(self, lt: LiveTable) -> None:
        if not self.loaded(lt) or self.stopping:  # unloaded meanwhile, or the server stops:
            return  # whoever loads it again carries on
        self.arm_clock(lt)
        if not lt.driving and self._bot_for(lt) is not None:
            lt.driving = True
            self.spawn(self._drive(lt))

    def _bot_for(self, lt: LiveTable) -> tuple[str, str] | None:
        """(agent name, actor) when a program must act now, else None."""
        st = lt.state
        cur = st.current_player
        if cur is None or not (lt.conns or lt.has_human):  # bots alone play only for an audience
            return None
        srow = lt.row.seats[cur]
        if srow.kind == "bot":
            return srow.agent or "random", "bot"
        if srow.away and lt.humans_present():
            return lt.row.standby, "standby"
        return None

    async def _drive(self, lt: LiveTable) -> None:
        try:
            while True:
                who = self._bot_for(lt)
                if who is None:
                    return
                if not lt.has_human:  # paced, to be watched (and not to spin a core)
                    wait = lt.last_used + self.bot_pace - time.monotonic()
                    if wait > 0:
                        await asyncio.sleep(wait)
                        continue
                st = lt.state
                seat = st.current_player
                assert seat is not None
                text = await self._think(lt, who[0], st)
                try:
                    await self.act(lt, seat, text, len(st.history), who[1])
                except Refused as err:
                    if err.code in ("restarting", "closed"):  # the server stops, or its operator
                        return  # closed the table: nothing to say
                    if err.code != "stale":
                        log.warning("bot at table %s seat %d refused: %s", lt.id, seat, err.message)
                        return
                    await self.refresh(lt.id)
        finally:
            lt.driving = False

    def _agent(self, lt: LiveTable, name: str) -> Agent:
        agent = lt.agents.get(name)
        if agent is None:
            agent = lt.agents[name] = make_agent(name, lt.game)
        return agent

    async def _think(self, lt: LiveTable, name: str, st: Any) -> str:
        """The bot's choice within `bot_time` seconds; past that, a random legal action."""
        seed = f"{lt.row.seed}/{len(st.history)}/bot"
        rng = random.Random(seed)
        agent = self._agent(lt, name)
        # The thread gets a copy of the position and a generator of its own: past the timeout the
        # table moves on while the thread may still be reading, and must never see a half-applied
        # move (or share the fallback's draws).
        position = st.clone()

        def think() -> str:
            return str(agent.act(seat_info(position), random.Random(seed)))

        started = time.perf_counter()
        try:
            chosen = str(await asyncio.wait_for(self.run(think, pool=self._bots), self.bot_time))
        except TimeoutError:
            log.warning(
                "bot %s at table %s took over %.1fs; playing a random move", name, lt.id, self.bot_time
            )
            actions = st.legal_actions()
            chosen = str(actions[rng.randrange(len(actions))])
        for feature in self.features:
            feature.thought(cast("Hub", self), lt, name, time.perf_counter() - started)
        return chosen

    def stop_clock(self, lt: LiveTable) -> None:
        """Stop the clock of the current move (a real-time one is cancelled) and forget its
        deadline: the table moved on, or was rebuilt."""
        if lt.clock is not None:
            lt.clock.cancel()
            lt.clock = None
        lt.deadline = None

    def arm_clock(self, lt: LiveTable) -> None:
        """Start the move clock when a person (not away) is to act and the table has one."""
        hub = cast("Hub", self)
        if any(feature.arm_clock(hub, lt) for feature in self.features):  # turns.py: turn-based
            return
        st = lt.state
        cur = st.current_player
        if lt.row.move_time <= 0 or cur is None or lt.clock is not None:
            return
        srow = lt.row.seats[cur]
        if srow.kind != "human" or srow.away:
            return
        lt.deadline = time.time() + lt.row.move_time
        lt.touch()
        lt.clock = self.spawn(self._clock(lt, len(st.history), cur))

    async def _clock(self, lt: LiveTable, index: int, seat: int) -> None:
        """The move time ran out: the stand-in bot plays this one move for the person, who keeps
        the seat (only leaving the table hands it to a bot for longer)."""
        await asyncio.sleep(lt.row.move_time)
        if lt.index != index or lt.state.current_player != seat or lt.row.seats[seat].away:
            return
        lt.clock, lt.deadline = None, None
        await self.stand_in(lt, index, seat)

    async def stand_in(self, lt: LiveTable, index: int, seat: int) -> bool:
        """`seat` ran out of time at move `index`: noted in the log, the stand-in bot plays that one
        move (real-time clocks here, turn-based deadlines in turns.py). Whether it was played."""
        played = False
        note = note_text(Message(OUT_OF_TIME, who=lt.label(seat)))
        note_id = await self.run(lambda: self.store.add_note(lt.id, index, note))
        async with lt.lock:
            lt.add_notes([NoteRow(note_id, index, note)])
            lt.touch()
        st = lt.state
        if len(st.history) == index and st.current_player == seat and not lt.row.seats[seat].away:
            text = await self._think(lt, lt.row.standby, st)
            try:
                await self.act(lt, seat, text, index, "standby")
                played = True
            except Refused as err:  # the person moved meanwhile (stale), or another process did
                if err.code != "stale":
                    log.warning("stand-in at table %s seat %d refused: %s", lt.id, seat, err.message)
                    self.broadcast(lt)
                else:
                    await self.refresh(lt.id)
        else:
            self.broadcast(lt)
        self.after_change(lt)
        return played
