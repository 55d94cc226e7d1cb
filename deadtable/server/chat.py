"""The table chat: the seats write, everyone at the table reads, text only.

A line is stored before anybody is told of it (`add_line`: one transaction, which on PostgreSQL
also NOTIFYs the other server processes), so a line somebody has read survives a SIGKILL, and the
other processes' connections get it when they catch up (`catch_up`, which `Hub.refresh` calls
through the hook `Chat.refreshed`).

A line is plain text: at most `MAX_CHAT` characters, without control characters (protocol.py
refuses those for every message), never markup: the browser puts it in the page as text
(static/js/chat.js). Each seat writes at most `CHAT_MOST` lines per `CHAT_WINDOW` seconds (per
server process). A newcomer gets the last `CHAT_KEPT` lines; the store keeps every line. Muting a
seat is the reader's own choice, kept in their browser.

Sent to a connection: {"type": "chat", "lines": [{"id", "seat", "text", "at"}, ...],
"history": true for the lines a newcomer gets, false for new ones}.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import insert, select

from deadtable.i18n import N_, Message, nmsg

from . import db
from .db import chat
from .features import TableFeature
from .store import Refused, Store
from .throttle import SlidingWindow

if TYPE_CHECKING:
    from .hub import Hub
    from .live_table import Conn, LiveTable

MAX_CHAT: Final = 300  # characters in one line
CHAT_KEPT: Final = 50  # lines a newcomer gets (and a live table holds)
CHAT_MOST: Final = 5  # lines one seat may write ...
CHAT_WINDOW: Final = 10.0  # ... in this many seconds

TOO_LONG = N_("a chat line is at most {most} characters (this one has {size})")
EMPTY = N_("a chat line needs some text")
SPECTATOR = N_("spectators read the chat; only the seats write in it")


@dataclass(frozen=True)
class ChatLine:
    id: int
    seat: int
    text: str
    at: str  # ISO 8601, UTC

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "text": self.text, "at": self.at}


def too_fast(seconds: int) -> Message:
    """The refusal of a line written within `seconds` of the seat's budget coming back."""
    return nmsg(
        "you are writing too fast: wait {n} second before the next line",
        "you are writing too fast: wait {n} seconds before the next line",
        seconds,
    )


def checked_text(text: Any) -> str:
    """The line to store (trimmed), or Refused: not text, empty or too long (protocol.parse)."""
    if not isinstance(text, str) or not text.strip():
        raise Refused("chat-empty", Message(EMPTY))
    line = text.strip()
    if len(line) > MAX_CHAT:
        raise Refused("chat-too-long", Message(TOO_LONG, most=MAX_CHAT, size=len(line)))
    return line


# -- the store ------------------------------------------------------------------------------------
def add_line(store: Store, table_id: str, seat: int, text: str) -> ChatLine:
    """Store one line (and tell the other processes), in one transaction."""
    stamp = db.now()
    with store.transaction() as conn:
        result = conn.execute(insert(chat).values(table_id=table_id, seat=seat, text=text, at=stamp))
        store.notify(conn, table_id)
    key = result.inserted_primary_key
    assert key is not None
    return ChatLine(int(key[0]), seat, text, stamp.isoformat())


def last_lines(store: Store, table_id: str, most: int = CHAT_KEPT) -> list[ChatLine]:
    """The table's last `most` lines, oldest first."""
    with store.transaction() as conn:
        rows = conn.execute(
            select(chat.c.id, chat.c.seat, chat.c.text, chat.c.at)
            .where(chat.c.table_id == table_id)
            .order_by(chat.c.id.desc())
            .limit(most)
        ).all()
    return [ChatLine(r.id, r.seat, r.text, r.at.isoformat() if r.at else "") for r in reversed(rows)]


# -- in memory, per live table ----------------------------------------------------------------
def _window() -> SlidingWindow:
    return SlidingWindow(CHAT_MOST, CHAT_WINDOW)


@dataclass(eq=False)
class ChatLog:
    """A live table's last lines (by id, at most `CHAT_KEPT`) and its seats' writing budget.

    `loaded` once read from the store (the first time somebody joins or writes)."""

    lines: list[ChatLine] = field(default_factory=list)
    loaded: bool = False
    window: SlidingWindow = field(default_factory=_window)

    def merge(self, lines: Iterable[ChatLine]) -> list[ChatLine]:
        """Add the lines not held yet; returns those, oldest first."""
        known = {line.id for line in self.lines}
        new = sorted((line for line in lines if line.id not in known), key=lambda line: line.id)
        if new:
            self.lines = sorted([*self.lines, *new], key=lambda line: line.id)[-CHAT_KEPT:]
        return new


def message(lines: Iterable[ChatLine], *, history: bool = False) -> str:
    return json.dumps(
        {"type": "chat", "history": history, "lines": [line.to_json() for line in lines]}, ensure_ascii=False
    )


# -- what the hub does ------------------------------------------------------------------------
async def _ensure_loaded(hub: Hub, lt: LiveTable, *, again: bool = False) -> None:
    if again or not lt.chat.loaded:
        lt.chat.merge(await hub.run(last_lines, hub.store, lt.id))
        lt.chat.loaded = True


async def send_history(hub: Hub, lt: LiveTable, conn: Conn) -> None:
    """A newcomer's last lines of the chat (after the table's state), read from the store again:
    another process may have stored some while nobody here was listening."""
    await _ensure_loaded(hub, lt, again=True)
    if lt.chat.lines:  # (a table nobody wrote at sends nothing)
        conn.put(message(lt.chat.lines, history=True))


def _tell(hub: Hub, lt: LiveTable, lines: list[ChatLine]) -> None:
    """New lines to everyone at the table: a line never wakes a crowd of spectators on the path of
    the seats' messages (`Hub.announce`)."""
    if lines:
        hub.announce(lt, message(lines))


async def say(hub: Hub, lt: LiveTable, seat: int | None, text: Any) -> None:
    """`seat` writes `text`: checked, within the seat's budget, stored, then sent to everyone."""
    if seat is None:
        raise Refused("chat-spectator", Message(SPECTATOR))
    line = checked_text(text)
    key = str(seat)
    wait = lt.chat.window.wait(key)
    if wait > 0:
        raise Refused("chat-slow", too_fast(max(1, math.ceil(wait))))
    lt.chat.window.add(key)
    try:
        await _ensure_loaded(hub, lt)
        stored = await hub.run(add_line, hub.store, lt.id, seat, line)
    except BaseException:
        lt.chat.window.release(key)
        raise
    _tell(hub, lt, lt.chat.merge([stored]))


async def catch_up(hub: Hub, lt: LiveTable) -> None:
    """Lines another process stored for this table: to this process's connections."""
    if lt.chat.loaded and lt.conns:
        _tell(hub, lt, lt.chat.merge(await hub.run(last_lines, hub.store, lt.id)))


class Chat(TableFeature):
    """The hub's hook: lines another process stored reach this process's connections."""

    async def refreshed(self, hub: Hub, lt: LiveTable) -> None:
        await catch_up(hub, lt)


FEATURE = Chat()
