"""One table held in memory: its stored row, the game state rebuilt from the record, the log.

A `LiveTable` never mutates a published state: each accepted action produces a new state (a clone
with the action applied) that replaces the old one, so views, bots and senders may hold a state
while the next action is being accepted.

The table's log is made only of what every seat may see (DESIGN.md, "Surfaces"): the game's own
narration, read from the spectator's view after each move (`LiveTable.tell`), and the table's notes
(away and back, out of time). No action's text ever enters it.

Every connection has its own queue of messages (`Conn`), drained by one writer task: the hub only
enqueues, so a connection that does not read slows down nobody but itself, and is dropped when its
queue is full. A state message waits in the queue as a promise: it is made when the writer takes it,
so the newest state supersedes an older unsent one, and carries every log entry since the last sent.
The hub wakes the seats' connections; the spectators' are woken by the table's `spectators` task
(spectators.py), after the seats.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from deadtable.core import Agent, Game, IllegalAction, RecordError, State, game
from deadtable.core.cardlists import PREDATES, recovering, unpinned
from deadtable.core.narration import NarrationLog
from deadtable.core.undo import UndoWindow
from deadtable.i18n import N_, Message, nmsg, render

from .chat import ChatLog
from .live_limits import DROPPED, SEND_QUEUE
from .localized import localized_view
from .rows import ActionRow, NoteRow, TableRow
from .spectators import Spectators

log = logging.getLogger("deadtable.server")

STORED_FAILS = N_("table {table}: stored action {i} ({action!r}) fails: {err}")
QUEUE_FULL = "too many messages waiting: the connection does not read them"

# What a connection's queue holds: a message ready to send, or a state message made when sent.
Outgoing = str | Callable[[], str]


def note_message(text: str) -> Message:
    """A stored log note: a message as JSON, or plain English text (older stored notes)."""
    if text.startswith("{"):
        try:
            data = json.loads(text)
            if isinstance(data, dict) and "msg" in data:
                return Message.from_json(data)
        except (ValueError, TypeError, KeyError):
            pass
    return Message(text)


def note_text(message: Message) -> str:
    """How a note is stored: the message as JSON, rendered in each reader's language."""
    return json.dumps(message.to_json(), ensure_ascii=False)


@dataclass(eq=False)
class Conn:
    """One WebSocket connected to a table, for a seat or (seat None) a spectator.

    Messages wait in `queue` (at most `limit`) for the connection's writer (`outgoing`); a state
    waits there at most once (`want_state`). `dropped` says why the server closes it, if it does,
    and `close_code` with which WebSocket close code (1008 for a misbehaving connection).
    """

    seat: int | None
    lang: str = "en"
    sent_log: int = 0
    alive: bool = True
    limit: int = SEND_QUEUE
    dropped: str | None = None
    close_code: int = DROPPED
    queue: deque[Outgoing] = field(default_factory=deque)
    state_queued: bool = False
    wakeup: asyncio.Event = field(default_factory=asyncio.Event)

    def put(self, item: Outgoing) -> None:
        """Queue a message; a connection whose queue is full is dropped (it does not read)."""
        if not self.alive:
            return
        if len(self.queue) >= self.limit:
            self.drop(QUEUE_FULL)
            return
        self.queue.append(item)
        self.wakeup.set()

    def want_state(self, make: Callable[[Conn], str]) -> None:
        """Queue the table's state, made by `make` when it is sent (once: the newest supersedes)."""
        if self.state_queued or not self.alive:
            return
        self.state_queued = True

        def newest() -> str:
            self.state_queued = False
            return make(self)

        self.put(newest)

    def drop(self, reason: str) -> None:
        """Stop sending; the writer closes the connection with `reason` (English, short)."""
        if self.dropped is None:
            self.dropped = reason
        self.alive = False
        self.queue.clear()
        self.wakeup.set()

    def end(self, last: str, reason: str, code: int) -> None:
        """Send `last` after what waits in the queue, then close with `code` and `reason`."""
        if not self.alive:
            return
        self.queue.append(last)
        self.dropped, self.close_code, self.alive = reason, code, False
        self.wakeup.set()

    async def outgoing(self) -> AsyncIterator[str]:
        """The messages to send, in order, until the connection ends or is dropped."""
        while True:
            while not self.queue:
                if not self.alive:
                    return
                self.wakeup.clear()
                await self.wakeup.wait()
            item = self.queue.popleft()
            yield item if isinstance(item, str) else item()


def seat_label(row: TableRow, seat: int) -> str:
    """How the log and the lobby name a seat: "P2", or "P2 Ana" when it has a name."""
    name = row.seats[seat].name
    return f"P{seat + 1}" + (f" {name}" if name else "")


@dataclass(eq=False)
class LiveTable:
    row: TableRow
    game: Game
    state: State
    log: list[dict[str, Any]] = field(default_factory=list)
    narration: NarrationLog = field(default_factory=NarrationLog)  # the game's, since move 0
    move_seats: dict[int, int] = field(default_factory=dict)  # the seat of each move index
    last_note: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    spectators: Spectators = field(default_factory=Spectators)  # told by a task of their own
    agents: dict[str, Agent] = field(default_factory=dict)
    clock: asyncio.Task[None] | None = None
    deadline: float | None = None
    armed: int = -1  # turn-based: the move whose deadline was set or learnt (turns.py)
    leave_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    driving: bool = False
    last_used: float = 0.0  # time.monotonic() of the last change or connection (for unloading)
    version: int = 0  # bumped by every change the state messages show besides the state (`touch`)
    chat: ChatLog = field(default_factory=ChatLog)  # the last lines of the table's chat (chat.py)
    undo: UndoWindow = field(default_factory=UndoWindow)  # who may take back what (takeback.py)
    _seated: dict[int, int] = field(default_factory=dict)  # connections per seat
    # Messages are made once per state and shared: the views (per seat, language), the parts of a
    # message before the log, and the log since an entry (per start, language).
    _views_of: State | None = None
    _raw: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    _views: dict[tuple[int | None, str], str] = field(default_factory=dict)
    _heads_of: tuple[State | None, int, float | None] = (None, -1, None)
    _heads: dict[tuple[int | None, str], str] = field(default_factory=dict)
    _logs_to: int = -1
    _logs: dict[tuple[int, str], str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def index(self) -> int:
        return len(self.state.history)

    @property
    def has_human(self) -> bool:
        """A person holds a seat (a table of bots only plays while watched)."""
        return any(s.kind == "human" for s in self.row.seats)

    def label(self, seat: int) -> str:
        return seat_label(self.row, seat)

    def log_seat(self, idx: int) -> int | None:
        """The seat that took action `idx`."""
        return self.move_seats.get(idx)

    def touch(self) -> None:
        """Something the state messages show changed (seats, away, presence): make them anew."""
        self.version += 1

    # -- connections ------------------------------------------------------------------------
    def add_conn(self, conn: Conn) -> None:
        self.conns.add(conn)
        if conn.seat is not None:
            self._seated[conn.seat] = self._seated.get(conn.seat, 0) + 1
            self.touch()

    def remove_conn(self, conn: Conn) -> None:
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.seat is not None:
            self._seated[conn.seat] -= 1
            self.touch()

    def present(self, seat: int) -> bool:
        return self._seated.get(seat, 0) > 0

    def humans_present(self) -> bool:
        return any(n > 0 for n in self._seated.values())

    # -- building from the record -----------------------------------------------------------
    def add_actions(self, state: State, rows: list[ActionRow]) -> State:
        """`state` with the stored `rows` applied (a new state when there are any), told in the log."""
        if not rows:
            return state
        return self.catch_up(state.clone(), rows, [])

    def catch_up(self, state: State, rows: list[ActionRow], note_rows: list[NoteRow]) -> State:
        """Apply `rows` to `state` (in place) and tell them, with the notes between them in order."""
        # Notes and moves interleave in the log by the action index they happened at.
        pending = sorted((n for n in note_rows if n.id > self.last_note), key=lambda n: (n.at_action, n.id))
        j = 0
        for r in rows:
            while j < len(pending) and pending[j].at_action <= r.idx:
                self._note(pending[j])
                j += 1
            if r.idx != len(state.history):
                raise RecordError("table {table}: action {i} arrived out of order", table=self.id, i=r.idx)
            try:
                self.undo = self.undo.play(state, state.game.parse_action(state, r.text))
            except IllegalAction as err:
                failed = Message(STORED_FAILS, table=self.id, i=r.idx, action=r.text, err=err)
                if unpinned(state.game, self.row.options):  # stored before card lists were pinned
                    raise RecordError(PREDATES, reason=failed) from None
                raise RecordError(failed) from None
            if r.actor != "player":  # a bot's or a stand-in's move is not the person's to take back
                self.undo = UndoWindow(len(state.history))
            self.move_seats[r.idx] = r.seat
            self.tell(state.view(None), len(state.history))
        for n in pending[j:]:
            self._note(n)
        return state

    def adopt(self, fresh: LiveTable) -> None:
        """Take the state, record and log of `fresh`, built anew from the store after moves were
        taken back (takeback.py); connections, bots and clocks stay. Every connection gets the whole
        log again (the undone moves' narration is gone from it)."""
        self.row = fresh.row
        self.state, self.undo = fresh.state, fresh.undo
        self.log, self.narration, self.move_seats = fresh.log, fresh.narration, fresh.move_seats
        self.last_note = fresh.last_note
        self.armed = -1  # turn-based: the move the table is back at shows its deadline again (turns.py)
        for conn in self.conns:
            conn.sent_log = 0
        self.touch()

    def tell(self, view: Mapping[str, Any], at: int) -> None:
        """Add to the log what the game has told since the last time, from a spectator's `view`.

        The view shows the last entries of the game's narration, the first at index `log_start` of
        the whole narration since move 0 (an entry told at an index never changes): the entries at
        indexes not held yet are new. `at` is the number of moves played when they were told. The
        narration is the same for every seat, so every connection may read it.
        """
        lost = self.narration.lost
        new = self.narration.gather(view)
        if self.narration.lost > lost:
            log.warning(
                "table %s: %d narration entries were never read (more than a view shows in one move)",
                self.id,
                self.narration.lost - lost,
            )
            missing = nmsg(
                "({n} line of the game's narration was lost here)",
                "({n} lines of the game's narration were lost here)",
                self.narration.lost - lost,
            )
            self.log.append(log_entry(at, "note", None, missing))
        for entry in new:
            self.log.append(log_entry(at, "play", None, Message.from_json(entry)))

    @property
    def told(self) -> int:
        """How many entries of the game's narration this log has held (or lost), from move 0."""
        return len(self.narration) + self.narration.lost

    def add_notes(self, rows: list[NoteRow]) -> None:
        """The notes not in the log yet (stored after the last one it holds)."""
        for n in rows:
            if n.id > self.last_note:
                self._note(n)

    def _note(self, n: NoteRow) -> None:
        self.log.append(log_entry(n.at_action, "note", None, note_message(n.text)))
        self.last_note = max(self.last_note, n.id)

    # -- what a connection receives ---------------------------------------------------------
    def raw_view(self, seat: int | None) -> dict[str, Any]:
        """The engine's view of the current state for `seat`, made once per state."""
        if self._views_of is not self.state:
            self._views_of = self.state
            self._raw.clear()
            self._views.clear()
        view = self._raw.get(seat)
        if view is None:
            view = self._raw[seat] = self.state.view(seat)
        return view

    def _view_json(self, seat: int | None, lang: str) -> str:
        self.raw_view(seat)  # (clears the JSON made for an older state)
        key = (seat, lang)
        done = self._views.get(key)
        if done is None:
            done = self._views[key] = json.dumps(
                localized_view(self.raw_view(seat), lang), ensure_ascii=False
            )
        return done

    def _head(self, seat: int | None, lang: str) -> str:
        """The state message for `seat` in `lang` up to its log (an unclosed JSON object)."""
        stamp = self._heads_of
        if stamp[0] is not self.state or stamp[1] != self.version or stamp[2] != self.deadline:
            self._heads_of = (self.state, self.version, self.deadline)
            self._heads.clear()
        key = (seat, lang)
        head = self._heads.get(key)
        if head is None:
            head = self._heads[key] = self._make_head(seat, lang)
        return head

    def _make_head(self, seat: int | None, lang: str) -> str:
        st = self.state
        cur = st.current_player
        mine = seat is not None and cur == seat
        legal = st.legal_actions() if mine else []
        fields: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "game": self.game.id,
            "game_name": render(self.game.name, lang),
            "lang": lang,
            "index": len(st.history),
            "seat": seat,
            "to_act": cur,
            "your_turn": mine,
            "away": bool(seat is not None and self.row.seats[seat].away),
            "legal": [str(a) for a in legal],
            "actions": [{"text": str(a), **a.describe()} for a in legal],  # the same, as pieces
            # The legal actions one click on which commits more than a player would expect
            # (`Game.asks_first`): a page asks before sending one (js/confirm.js).
            "confirm": [str(a) for a in legal if self.game.asks_first(st, a)],
            "seats": [
                {**s.public(), "present": self.present(s.seat) if s.kind == "human" else True}
                for s in self.row.seats
            ],
            "deadline": self.deadline,
            "move_time": self.row.move_time,
            "over": st.is_terminal,
            "outcome": localized_view(st.outcome().to_json(), lang) if st.is_terminal else None,
            "rematch": self.row.rematch,  # the table "Play again" made (rematch.py), or None
            "can_undo": self.undo.count(st, seat),  # moves this seat may take back (takeback.py)
            "hints": self.row.hints,  # told to everyone: the seat to act may ask for a hint (hints.py)
        }
        return json.dumps(fields, ensure_ascii=False)[:-1] + ',"view":' + self._view_json(seat, lang)

    def _log_json(self, start: int, end: int, lang: str) -> str:
        if end != self._logs_to:
            self._logs_to = end
            self._logs.clear()
        key = (start, lang)
        done = self._logs.get(key)
        if done is None:
            done = self._logs[key] = json.dumps(
                [log_line(e, lang) for e in self.log[start:end]], ensure_ascii=False
            )
        return done

    def message(self, conn: Conn) -> str:
        """The state message for `conn`: its seat's view, and the log entries it has not had yet."""
        head = self._head(conn.seat, conn.lang)
        start, end = conn.sent_log, len(self.log)
        conn.sent_log = end
        return f'{head},"log_from":{start},"log":{self._log_json(start, end, conn.lang)}}}'


def log_entry(i: int, kind: str, seat: int | None, message: Message) -> dict[str, Any]:
    """One line of a table's log: its message, and the English text ("text_<lang>" caches others).

    `kind` is "play" (the game's narration, told when `i` moves had been played) or "note" (the
    table's: away, back, out of time; noted when `i` moves had been played)."""
    return {"i": i, "kind": kind, "seat": seat, "msg": message, "text": str(message)}


def log_line(entry: dict[str, Any], lang: str) -> dict[str, Any]:
    """A table log entry as sent: its message rendered in `lang` (each rendering is kept)."""
    key = "text" if lang == "en" else "text_" + lang
    text = entry.get(key)
    if text is None:
        text = entry[key] = entry["msg"].render(lang)
    return {"i": entry["i"], "kind": entry["kind"], "seat": entry["seat"], "text": text}


def build(row: TableRow, rows: list[ActionRow], note_rows: list[NoteRow]) -> LiveTable:
    """The live table from its stored record: a new game, every stored action re-applied and told.

    A table stored before card lists were pinned whose moves fail with today's built-in list is
    built again with each earlier kept list, the newest first (`cardlists.recovering`); the first with
    which every move is legal is the one it was dealt with, and the table's row is pinned to it
    (the hub then writes that pin into the store). The first failure is raised when none fits."""
    return recovering(
        game(row.game), row.options, lambda options: _build(replace(row, options=options), rows, note_rows)
    )


def _build(row: TableRow, rows: list[ActionRow], note_rows: list[NoteRow]) -> LiveTable:
    the_game = game(row.game)
    state = the_game.new(row.players, row.seed, **row.options)
    lt = LiveTable(row=row, game=the_game, state=state)
    lt.tell(state.view(None), 0)
    lt.state = lt.catch_up(state, rows, note_rows)
    return lt
