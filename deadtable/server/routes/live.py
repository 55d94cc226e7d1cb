"""WS /ws/tables/{id}: play or watch a table live (the messages are in protocol.py).

The connection says hello first (a seat and its token, or nothing for a spectator); then each
message goes to the handler of its type (`HANDLERS`). A refusal is answered with an error message
and the connection stays; a bug in a handler is logged and answered the same way.

After the hello, two tasks serve the connection: the reader (`_read`: one message at a time, within
the connection's budget, live_limits.py) and the writer (`_write`: drains the connection's queue,
`live_table.Conn`). Nothing else ever sends on the socket. A connection that floods, or does not read what
it is sent, is closed with code 1008 and a reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from deadtable.i18n import N_, Message, normalize

from .. import chat, hints, lessons, protocol, seat_access, takeback
from ..deps import hub_of, language_of
from ..hub import Hub
from ..live_limits import (
    CLOSE_TIMEOUT,
    COACH_BURST,
    COACH_PER_SECOND,
    COACH_READS_BURST,
    COACH_READS_PER_SECOND,
    DROPPED,
    FLOOD_FORGIVEN_PER_SECOND,
    FLOOD_REFUSALS,
    HINT_EVERY,
    LANG_BURST,
    LANG_PER_SECOND,
    MESSAGES_BURST,
    MESSAGES_PER_SECOND,
    SEND_TIMEOUT,
    UNDO_BURST,
    UNDO_PER_SECOND,
)
from ..live_table import Conn, LiveTable
from ..protocol import TokenBucket
from ..rematch import play_again
from ..store import NO_TABLE, Refused

log = logging.getLogger("deadtable.server")
router = APIRouter()
HELLO_TIMEOUT = 30.0
SAY_HELLO = N_(
    'say hello first: {"type": "hello", "seat": 0, "token": ...}'
)  # no parameters: braces as written
COACH_TOO_SOON = N_("the coach answers at most {rate} times a second: it will be asked again in a moment")
SLOW_DOWN = N_("too many messages: at most {rate} a second; wait a moment before the next")
FLOODING = "too many messages, too fast, for too long"
NOT_READING = "a message waited too long to leave: the connection does not read"


def _budget() -> TokenBucket:
    return TokenBucket(MESSAGES_PER_SECOND, MESSAGES_BURST)


def _lang_budget() -> TokenBucket:
    return TokenBucket(LANG_PER_SECOND, LANG_BURST)


def _undo_budget() -> TokenBucket:
    return TokenBucket(UNDO_PER_SECOND, UNDO_BURST)


def _hint_budget() -> TokenBucket:
    return TokenBucket(1.0 / HINT_EVERY, 1)


def _coach_budget() -> TokenBucket:
    return TokenBucket(COACH_PER_SECOND, COACH_BURST)


def _coach_reading() -> TokenBucket:
    return TokenBucket(COACH_READS_PER_SECOND, COACH_READS_BURST)


def _forgiveness() -> TokenBucket:
    return TokenBucket(FLOOD_FORGIVEN_PER_SECOND, FLOOD_REFUSALS)


@dataclass
class Session:
    """One connection after its hello: the socket, the hub, the table and the seat (None: watching).

    `busy` while a handler runs (the connection is never cut in the middle of one); the buckets are
    its budget of messages (protocol.TokenBucket)."""

    ws: WebSocket
    hub: Hub
    table: LiveTable
    conn: Conn
    busy: bool = False
    budget: TokenBucket = field(default_factory=_budget)
    lang_budget: TokenBucket = field(default_factory=_lang_budget)
    undo_budget: TokenBucket = field(default_factory=_undo_budget)
    hint_budget: TokenBucket = field(default_factory=_hint_budget)
    coach_budget: TokenBucket = field(default_factory=_coach_budget)
    coach_reading: TokenBucket = field(default_factory=_coach_reading)
    coached: tuple[tuple[int, str], Any, dict[str, Any]] | None = None  # the last coach answer and its state
    forgiveness: TokenBucket = field(default_factory=_forgiveness)

    @property
    def seat(self) -> int | None:
        return self.conn.seat

    def send(self, msg: dict[str, Any]) -> None:
        self.conn.put(json.dumps(msg, ensure_ascii=False))

    def acting_seat(self) -> int:
        if self.conn.seat is None:
            raise Refused("spectator", Message("spectators watch; they cannot act or come back"))
        return self.conn.seat

    def slow_down(self, rate: float) -> Refused:
        """The refusal of a message that came too fast; a connection that keeps at it is dropped."""
        if not self.forgiveness.take():
            self.conn.drop(FLOODING)
        return Refused("slow-down", Message(SLOW_DOWN, rate=int(rate)))


Handler = Callable[[Session, dict[str, Any]], Awaitable[None]]


async def on_ping(s: Session, msg: dict[str, Any]) -> None:
    s.send({"type": "pong"})


async def on_why(s: Session, msg: dict[str, Any]) -> None:
    s.send(seat_access.explain(s.table, s.seat, msg["action"], s.conn.lang))


async def on_lang(s: Session, msg: dict[str, Any]) -> None:
    if not s.lang_budget.take():  # each switch sends the whole state again
        raise s.slow_down(LANG_PER_SECOND)
    s.conn.lang = normalize(str(msg.get("lang"))) or s.conn.lang
    s.conn.sent_log = 0  # the whole log again, in the new language
    s.hub.send(s.table, s.conn)


async def on_hello(s: Session, msg: dict[str, Any]) -> None:
    raise Refused("hello-again", Message("you are already at the table"))


async def on_back(s: Session, msg: dict[str, Any]) -> None:
    await s.hub.come_back(s.table, s.acting_seat())


async def on_act(s: Session, msg: dict[str, Any]) -> None:
    await s.hub.act(s.table, s.acting_seat(), msg["action"], msg["index"])


async def on_chat(s: Session, msg: dict[str, Any]) -> None:
    await chat.say(s.hub, s.table, s.seat, msg["text"])


async def on_rematch(s: Session, msg: dict[str, Any]) -> None:
    await play_again(s.hub, s.table, s.seat, s.ws.app.state.limits.unfinished)


async def on_undo(s: Session, msg: dict[str, Any]) -> None:
    if not s.undo_budget.take():  # each undo replays the table's record
        raise s.slow_down(UNDO_PER_SECOND)
    await takeback.take_back(s.hub, s.table, s.seat, msg["index"])


async def on_hint(s: Session, msg: dict[str, Any]) -> None:
    if not s.hint_budget.take():  # each hint runs a bot
        raise Refused("hint-too-soon", hints.TOO_SOON.message(HINT_EVERY, seconds=HINT_EVERY))
    s.send(await hints.hint(s.table, s.seat, msg["index"], s.conn.lang))


async def on_coach(s: Session, msg: dict[str, Any]) -> None:
    asked = (msg["index"], s.conn.lang)
    # The same question about the same state (an undo makes a new one): the same answer, no bot.
    if s.coached is not None and s.coached[0] == asked and s.coached[1] is s.table.state:
        s.send(s.coached[2])
        return
    if not s.coach_reading.take():  # each answer reads the seat's view
        raise Refused("coach-too-soon", Message(COACH_TOO_SOON, rate=int(COACH_READS_PER_SECOND)))

    def may_think() -> None:  # a suggestion not kept runs a bot
        if not s.coach_budget.take():
            raise Refused("coach-too-soon", Message(COACH_TOO_SOON, rate=int(COACH_PER_SECOND)))

    said = await lessons.coach_message(s.table, s.seat, msg["index"], s.conn.lang, may_think)
    s.coached = (asked, s.table.state, said)
    s.send(said)


HANDLERS: dict[str, Handler] = {
    "ping": on_ping,
    "why": on_why,
    "lang": on_lang,
    "hello": on_hello,
    "back": on_back,
    "act": on_act,
    "chat": on_chat,
    "rematch": on_rematch,
    "undo": on_undo,
    "hint": on_hint,
    "coach": on_coach,
}


async def _receive(ws: WebSocket) -> dict[str, Any]:
    return dict(await ws.receive())


def _action_of(raw: dict[str, Any]) -> dict[str, Any]:
    """The action text a refused message carried, to echo back with the refusal ({} if none)."""
    try:
        msg = protocol.parse(raw)
    except Refused:
        return {}
    return {"action": msg["action"]} if isinstance(msg.get("action"), str) else {}


def _error_json(lang: str, code: str, message: Message, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message.render(lang), **extra}


async def _refuse(ws: WebSocket, lang: str, code: str, message: Message, close_code: int) -> None:
    """An error sent before the connection has its writer (to a refused hello), then the close;
    a client already gone is let go (a debug line)."""
    try:
        await ws.send_json(_error_json(lang, code, message))
        await ws.close(close_code)
    except (WebSocketDisconnect, RuntimeError):
        log.debug("a connection left before its refusal (%s) was sent", code)


async def _hello(ws: WebSocket, hub: Hub, lt: LiveTable, lang: str) -> Conn | None:
    """The connection the first message opens, or None (refused, answered and closed; or gone).

    A client may leave before its hello, or while its refusal is being answered: that is normal
    (a page closed, a network gone), worth a debug line, never a traceback."""
    try:
        try:
            raw = await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT)
        except TimeoutError:
            raise Refused("no-hello", Message(SAY_HELLO)) from None
        if raw["type"] == "websocket.disconnect":
            log.debug("table %s: a connection left before its hello", lt.id)
            return None
        first = protocol.parse(raw)
        if first.get("type") != "hello":
            raise Refused("no-hello", Message(SAY_HELLO))
        if isinstance(first.get("lang"), str):
            lang = normalize(first["lang"]) or lang
        seat = seat_access.authenticate(lt, first.get("seat"), first.get("token"))
    except Refused as err:
        await _refuse(ws, lang, err.code, err.msg, 4403)
        return None
    except (WebSocketDisconnect, RuntimeError):
        log.debug("table %s: a connection left before its hello", lt.id)
        return None
    return Conn(seat=seat, lang=lang)


async def _handle(s: Session, raw: dict[str, Any]) -> None:
    """One received message: within the budget, parsed, handled; a refusal is answered."""
    conn = s.conn
    try:
        if not s.budget.take():
            raise s.slow_down(MESSAGES_PER_SECOND)
        msg = protocol.parse(raw)
        await HANDLERS[msg["type"]](s, msg)
    except Refused as err:
        s.hub.refused(err.code)
        s.send(_error_json(conn.lang, err.code, err.msg, index=s.table.index, **_action_of(raw)))
    except (WebSocketDisconnect, RuntimeError):
        raise
    except Exception:  # a bug must not cost the player their connection
        log.exception("table %s: a message failed", s.table.id)
        message = Message("the server could not handle that message; the table is unchanged")
        s.send(_error_json(conn.lang, "internal", message))


async def _read(s: Session) -> None:
    """Handle the connection's messages until it closes or is dropped."""
    try:
        while s.conn.alive:
            raw = dict(await s.ws.receive())
            if raw["type"] == "websocket.disconnect":
                break
            s.busy = True
            try:
                await _handle(s, raw)
            finally:
                s.busy = False
    except (WebSocketDisconnect, RuntimeError):
        pass


async def _send_text(ws: WebSocket, text: str) -> None:
    try:
        await ws.send_text(text)
    except UnicodeEncodeError:  # an unpaired surrogate that came in some other way: never a crash
        await ws.send_text(text.encode("utf-8", "replace").decode("utf-8"))


async def _write(s: Session, reader: asyncio.Task[None]) -> None:
    """Send what the connection's queue holds, in order; close a dropped connection."""
    conn = s.conn
    try:
        async for text in conn.outgoing():
            async with asyncio.timeout(SEND_TIMEOUT):  # (no task per message, as wait_for would make)
                await _send_text(s.ws, text)
    except TimeoutError:
        conn.drop(NOT_READING)
    except Exception:  # the socket is gone: the reader sees it too
        conn.alive = False
        return
    if conn.dropped is None:
        return
    if conn.close_code == DROPPED:
        log.info("table %s: dropped a connection (seat %s): %s", s.table.id, conn.seat, conn.dropped)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(s.ws.close(conn.close_code, conn.dropped), CLOSE_TIMEOUT)
    if not s.busy:  # (a handler at work finishes first; the reader stops after it)
        reader.cancel()


@router.websocket("/ws/tables/{table_id}")
async def play(ws: WebSocket, table_id: str) -> None:
    try:
        await ws.accept()
    except (WebSocketDisconnect, RuntimeError):
        log.debug("a connection left before it was accepted")
        return
    hub = hub_of(ws)
    lang = language_of(ws)
    lt = await hub.get(table_id[:64])
    if lt is None:
        await _refuse(ws, lang, "no-table", Message(NO_TABLE, table=table_id[:64]), 4404)
        return
    conn = await _hello(ws, hub, lt, lang)
    if conn is None:
        return
    lt = await hub.get(lt.id) or lt  # (unloaded while the hello was awaited: the one held now)
    session = Session(ws, hub, lt, conn)
    await hub.join(lt, conn)
    await chat.send_history(hub, lt, conn)
    reader = asyncio.ensure_future(_read(session))
    writer = asyncio.ensure_future(_write(session, reader))
    try:
        await asyncio.wait([reader])
    finally:
        conn.alive = False
        conn.wakeup.set()
        reader.cancel()
        # In its own task: the handler itself may be cancelled once the socket is gone.
        hub.spawn(hub.leave(lt, conn))
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(writer, CLOSE_TIMEOUT)
        if ws.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), CLOSE_TIMEOUT)
