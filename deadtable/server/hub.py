"""The tables this process serves: accepting actions, telling every connection, bots and clocks.

Everything that touches the database or thinks (bots) runs in worker threads, so the event loop
only moves messages. Per table, an asyncio lock orders this process's changes; across processes
the database orders them (see `Store.accept`) and PostgreSQL NOTIFY tells the other processes.

Telling a connection only puts a message in its queue (`Conn`): no socket is ever awaited here,
least of all while a table is locked. After a change the seats are told at once and the
spectators by the table's own task, a batch at a time (spectators.py): a crowd of spectators never
stands between a player and the answer to their move. At most `max_live` tables stay in memory:
one with no connection, bot or clock, unused for `idle_unload` seconds (or sooner when over the
limit), is unloaded, and `get` loads it again from the store. A table of bots only plays while somebody
watches it, one move every `bot_pace` seconds at most (the limits: live_limits.py).

Table features (chat, taking back, "Play again", turn-based deadlines, creator tokens, hints) plug
in through the hub's public methods and the hooks of `features.TableFeature`, which the hub calls
on each of `features` (features.py says which is which): it calls a feature only through them.

On SIGTERM (serving.py) `stop` finishes the moves being written, refuses new ones and tells every
connection that the server is restarting; the web table reconnects by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from deadtable.core import DeadtableError, IllegalAction
from deadtable.core.cardlists import PIN, unpinned
from deadtable.core.undo import UndoWindow
from deadtable.i18n import N_, Message

from .features import TableFeature, standard
from .live_limits import BOT_PACE, IDLE_UNLOAD, MAX_LIVE, SWEEP_EVERY
from .live_table import Conn, LiveTable, build, note_text
from .players import BotsAndClocks
from .rows import ActionRow, NoteRow, Verdict
from .seat_access import GAME_OVER, NOT_YOUR_TURN
from .store import Refused, Store

log = logging.getLogger("deadtable.server")
T = TypeVar("T")
BACK = N_("{who} is back")
RESTARTING = N_("the server is restarting; the table reconnects by itself in a moment")
RESTART_CLOSE = 1012  # WebSocket close code: service restart


class Hub(BotsAndClocks):
    def __init__(
        self,
        store: Store,
        *,
        bot_time: float = 5.0,
        db_threads: int = 8,
        max_live: int = MAX_LIVE,
        idle_unload: float = IDLE_UNLOAD,
        bot_pace: float = BOT_PACE,
        clock: Callable[[], float] = time.time,
        features: Sequence[TableFeature] | None = None,
    ) -> None:
        self.store = store
        self.bot_time = bot_time
        self.max_live = max_live
        self.idle_unload = idle_unload
        self.bot_pace = bot_pace
        self.clock = clock  # the wall clock of turn-based deadlines (turns.py); tests move it on
        self.features = tuple(standard() if features is None else features)
        self.tables: dict[str, LiveTable] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._db = ThreadPoolExecutor(db_threads, thread_name_prefix="dt-db")
        self._bots = ThreadPoolExecutor(2, thread_name_prefix="dt-bot")
        self._tasks: set[asyncio.Task[Any]] = set()
        self.stopping = False  # the server is stopping (`stop`): no more moves are accepted
        self.in_flight = 0  # moves being accepted now (`act`)

    async def run(self, fn: Callable[..., T], *args: Any, pool: ThreadPoolExecutor | None = None) -> T:
        """`fn(*args)` in a worker thread (the hub's database threads unless `pool` is given), its
        result or its exception: blocking work (the store's calls) never runs on the event loop."""
        return await asyncio.get_running_loop().run_in_executor(pool or self._db, fn, *args)

    def spawn(self, coro: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Run `coro` in the background, as a task the hub keeps until it ends (and cancels when
        the hub closes). Its exception, if any, ends only that task."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def start(self) -> None:
        """The application started: each feature begins its background work, and the unfinished
        tables go on (`resume`)."""
        for feature in self.features:
            await feature.started(self)
        await self.resume()

    async def stop(self) -> None:
        """The server is stopping (SIGTERM, serving.py): from now on no move is accepted (a move is
        refused with the code "restarting"), the moves being written are finished (each table's
        lock taken once, after those waiting for it), and every connection is told that the
        server is restarting and closed with code 1012; the web table reconnects by itself. No
        seat is marked away: its player comes back when the server does."""
        self.stopping = True
        for lt in list(self.tables.values()):
            self.stop_clock(lt)
            for task in lt.leave_tasks.values():
                task.cancel()
            lt.leave_tasks.clear()
        for lt in list(self.tables.values()):
            async with lt.lock:  # the moves in flight at this table are written
                pass
        for lt in list(self.tables.values()):
            for conn in list(lt.conns):
                self.tell_restarting(conn)

    def tell_restarting(self, conn: Conn) -> None:
        """Tell `conn` the server is restarting (in its language), then close it."""
        text = Message(RESTARTING).render(conn.lang)
        last = json.dumps({"type": "restarting", "message": text}, ensure_ascii=False)
        conn.end(last, "restarting", RESTART_CLOSE)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for lt in self.tables.values():
            for t in [lt.clock, *lt.leave_tasks.values()]:
                if t is not None:
                    t.cancel()
        self._db.shutdown(wait=False, cancel_futures=True)
        self._bots.shutdown(wait=False, cancel_futures=True)

    # -- loading ------------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable | None:
        lt = self.tables.get(table_id)
        if lt is not None:
            return lt
        if self._sweeper is None:
            self._sweeper = self.spawn(self._sweep())
        if table_id in self._loading:
            return await self._loading[table_id]
        fut: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = fut
        try:
            lt = await self.run(self._load, table_id)
            if lt is not None:
                lt.last_used = time.monotonic()
                self.tables[table_id] = lt
                self.unload_idle(keep=lt)
            fut.set_result(lt)
            return lt
        except BaseException as err:
            fut.set_exception(err)
            fut.exception()  # mark retrieved
            raise
        finally:
            del self._loading[table_id]

    def _load(self, table_id: str) -> LiveTable | None:
        found = self.store.load(table_id)
        if found is None:
            return None
        stored = found[0]
        lt = build(*found)
        if unpinned(lt.game, stored.options) and lt.state.options.get(PIN):
            # Stored before card lists were pinned, and rebuilt with the list whose cards play its
            # moves (today's, or an earlier kept one: live_table.build): from now on it is played with
            # that list, so the store says so (a later retune then leaves it alone).
            pinned = self.store.pin_card_list(table_id, lt.state.options[PIN])
            if pinned is not None:
                lt.row.options = pinned
        return lt

    def unloadable(self, lt: LiveTable) -> bool:
        """Nothing holds the table in memory: no connection, bot, clock, pending leave or change."""
        return not (lt.conns or lt.driving or lt.clock or lt.leave_tasks or lt.lock.locked())

    def unload_idle(self, keep: LiveTable | None = None) -> list[str]:
        """Unload the tables idle for `idle_unload` seconds, and while over `max_live`, the least
        recently used of those nothing holds (never `keep`). The store keeps everything: `get` loads
        them again. Returns the ids unloaded."""
        now = time.monotonic()
        free = sorted(
            (lt for lt in self.tables.values() if lt is not keep and self.unloadable(lt)),
            key=lambda lt: lt.last_used,
        )
        gone = []
        for lt in free:
            if len(self.tables) <= self.max_live and now - lt.last_used < self.idle_unload:
                break
            del self.tables[lt.id]
            gone.append(lt.id)
        if len(self.tables) > self.max_live:
            log.warning("%d tables in use, over the limit of %d", len(self.tables), self.max_live)
        return gone

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(SWEEP_EVERY, max(self.idle_unload / 4, 0.01)))
            self.unload_idle()

    def loaded(self, lt: LiveTable) -> bool:
        """`lt` is the table this hub holds for its id (not a copy since unloaded)."""
        return self.tables.get(lt.id) is lt

    async def resume(self) -> None:
        """After a start (or a crash): every unfinished table where a bot is to act goes on
        (a table of bots only waits for somebody to watch it). A turn-based table waiting for a
        person, its deadline in the store, stays unloaded: the sweeper keeps its clock (a feature's
        `resting` tables, turns.py)."""
        resting: set[str] = set()
        for feature in self.features:
            resting.update(await feature.resting(self))
        for table_id in await self.run(self.store.unfinished):
            if table_id in resting:
                continue
            try:
                lt = await self.get(table_id)
            except DeadtableError as err:
                log.error("table %s cannot be rebuilt from its record: %s", table_id, err)
                continue
            if lt is not None:
                self.after_change(lt)

    async def refresh(self, table_id: str) -> None:
        """Another process changed this table: catch up from the store and tell our connections."""
        lt = self.tables.get(table_id)
        if lt is None:
            return
        async with lt.lock:
            found = await self.run(self.store.load, table_id, lt.index, lt.last_note)
            if found is None:
                return
            row, rows, note_rows = found
            if row.undos != lt.row.undos:  # its record was rewritten: moves taken back (takeback.py)
                await self.rebuild(lt)
                row, rows, note_rows = lt.row, [], []
            changed = bool(rows or note_rows) or [s.away for s in row.seats] != [s.away for s in lt.row.seats]
            for feature in self.features:
                changed = feature.refreshing(self, lt, row) or changed
            lt.row.seats = row.seats
            lt.row.status, lt.row.n_actions, lt.row.outcome = row.status, row.n_actions, row.outcome
            lt.state = lt.catch_up(lt.state.clone(), rows, note_rows) if rows else lt.state
            lt.add_notes(note_rows)
            lt.touch()
            if rows:
                self.stop_clock(lt)
            if changed:
                self.broadcast(lt)
        for feature in self.features:
            await feature.refreshed(self, lt)
        self.arm_clock(lt)

    async def rebuild(self, lt: LiveTable) -> None:
        """Rebuild `lt` from the store after its record was rewritten (moves taken back,
        takeback.py), and send every connection its view and the whole log again; connections,
        bots and clocks stay. The caller holds the table's lock."""
        found = await self.run(self.store.load, lt.id)
        if found is None:
            return
        lt.adopt(await self.run(build, *found))
        self.stop_clock(lt)
        self.broadcast(lt)

    # -- connections -----------------------------------------------------------------------
    async def join(self, lt: LiveTable, conn: Conn) -> None:
        if self.stopping:
            self.tell_restarting(conn)
            return
        lt.add_conn(conn)
        lt.last_used = time.monotonic()
        seat = conn.seat
        if seat is not None:
            task = lt.leave_tasks.pop(seat, None)
            if task is not None:
                task.cancel()
            if lt.row.seats[seat].away:
                await self.set_away(lt, seat, False, Message(BACK, who=lt.label(seat)))
        self.send(lt, conn)
        self.after_change(lt)

    async def leave(self, lt: LiveTable, conn: Conn) -> None:
        lt.remove_conn(conn)
        lt.last_used = time.monotonic()
        seat = conn.seat
        if self.stopping or seat is None or lt.present(seat) or lt.state.is_terminal:
            return  # (stopping: the player comes back when the server does)
        if lt.row.seats[seat].away:
            return
        if lt.row.turn_based:  # people come and go at a turn-based table: its clock is the deadline
            return
        if lt.row.leave_grace <= 0:
            await self._left(lt, seat)
        else:
            old = lt.leave_tasks.pop(seat, None)
            if old is not None:
                old.cancel()
            lt.leave_tasks[seat] = self.spawn(self._leave_later(lt, seat))
        self.broadcast(lt)

    async def _leave_later(self, lt: LiveTable, seat: int) -> None:
        await asyncio.sleep(lt.row.leave_grace)
        lt.leave_tasks.pop(seat, None)
        if not lt.present(seat) and not lt.row.seats[seat].away and not lt.state.is_terminal:
            await self._left(lt, seat)

    async def _left(self, lt: LiveTable, seat: int) -> None:
        await self.set_away(
            lt,
            seat,
            True,
            Message(
                "{who} left the table; a bot ({bot}) plays for them until they come back",
                who=lt.label(seat),
                bot=lt.row.standby,
            ),
        )
        self.after_change(lt)

    async def set_away(self, lt: LiveTable, seat: int, away: bool, message: Message) -> None:
        note = note_text(message)
        note_id = await self.run(lambda: self.store.add_note(lt.id, lt.index, note, away=(seat, away)))
        async with lt.lock:
            lt.row.seats[seat].away = away
            lt.add_notes([NoteRow(note_id, lt.index, note)])
            lt.touch()
            self.broadcast(lt)

    def send(self, lt: LiveTable, conn: Conn) -> None:
        """Queue the table's state for `conn` (made when its writer sends it: the newest wins)."""
        conn.want_state(lt.message)

    def broadcast(self, lt: LiveTable) -> None:
        """Queue the table's state for every connection: the seats' at once, the spectators' by the
        table's own task, in batches after the seats (spectators.py), so a crowd never delays a player."""
        watched = False
        for c in list(lt.conns):
            if c.seat is None:
                watched = True
            else:
                c.want_state(lt.message)
        if watched:
            lt.spectators.tell(lt, self.spawn)

    def announce(self, lt: LiveTable, text: str) -> None:
        """Queue `text`, a message the same for everyone (a chat line), for every connection: the
        seats' at once, the spectators' by the table's own task after the seats (spectators.py)."""
        watched = False
        for c in list(lt.conns):
            if c.seat is None:
                watched = True
            else:
                c.put(text)
        if watched:
            lt.spectators.say(lt, self.spawn, text)

    # -- actions ----------------------------------------------------------------------------
    async def act(self, lt: LiveTable, seat: int, text: str, index: int | None, actor: str = "player") -> int:
        """Accept `text` for `seat` at move `index` (None: whatever the current move is); while the
        server stops, refused with the code "restarting" (`stop` waits for those begun before)."""
        if self.stopping:
            raise Refused("restarting", Message(RESTARTING))
        self.in_flight += 1
        started = time.perf_counter()
        try:
            idx = await self._act(lt, seat, text, index, actor)
        except Refused as err:
            if err.code == "closed":  # by the operator (upkeep.py): the row and its note say so
                await self.refresh(lt.id)
            raise
        finally:
            self.in_flight -= 1
        for feature in self.features:
            feature.moved(self, lt, actor, time.perf_counter() - started)
        return idx

    def refused(self, code: str) -> None:
        """A client's message or request was refused (routes/live.py, deps.py): the features hear it."""
        for feature in self.features:
            feature.refused(self, code)

    async def _act(self, lt: LiveTable, seat: int, text: str, index: int | None, actor: str) -> int:
        if actor == "player" and lt.row.seats[seat].away:
            await self.set_away(lt, seat, False, Message(BACK, who=lt.label(seat)))
        async with lt.lock:
            base = lt.state
            holder: dict[str, Any] = {}

            def check(missing: list[ActionRow]) -> Verdict:
                st = lt.add_actions(base, missing) if missing else base
                holder["caught_up"] = st
                if st.is_terminal:
                    raise Refused("over", Message(GAME_OVER))
                cur = st.current_player
                if cur != seat:
                    raise Refused("not-your-turn", Message(NOT_YOUR_TURN, who=lt.label(cur or 0)))
                try:
                    action = st.game.parse_action(st, text)
                except IllegalAction as err:
                    raise Refused("illegal", err.message) from None
                new = st.clone()
                window = lt.undo.play(new, action)  # applies it, and follows the undo window
                # Only a person's own moves may be taken back, never a stand-in's (takeback.py).
                holder["undo"] = window if actor == "player" else UndoWindow(window.at)
                holder["new"] = new
                outcome = new.outcome().to_json() if new.is_terminal else None
                return Verdict(seat, str(action), outcome, new.current_player)

            try:
                idx = await self.run(
                    self.store.accept, lt.id, index, base and len(base.history), check, actor, lt.row.undos
                )
            except Refused:
                if "caught_up" in holder and holder["caught_up"] is not base:
                    lt.state = holder["caught_up"]
                raise
            new = holder["new"]
            lt.state, lt.undo = new, holder["undo"]
            lt.last_used = time.monotonic()
            lt.row.n_actions = len(new.history)
            if new.is_terminal:
                lt.row.status = "over"
            lt.move_seats[idx] = seat
            lt.tell(lt.raw_view(None), lt.index)  # the spectator's view: read once, sent to all
            self.stop_clock(lt)
            self.broadcast(lt)
        self.after_change(lt)
        return idx

    async def come_back(self, lt: LiveTable, seat: int) -> None:
        if lt.row.seats[seat].away:
            await self.set_away(lt, seat, False, Message(BACK, who=lt.label(seat)))
            self.after_change(lt)
        else:
            for c in list(lt.conns):
                if c.seat == seat:
                    self.send(lt, c)

    async def wait_idle(self, lt: LiveTable, timeout: float = 10.0) -> None:
        """For tests: until no bot is thinking at this table."""
        end = time.monotonic() + timeout
        while lt.driving and time.monotonic() < end:
            await asyncio.sleep(0.005)
        with contextlib.suppress(Exception):
            await asyncio.sleep(0)
