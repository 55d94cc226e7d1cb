"""WS /ws/tables/{id}: play or watch a table live (the messages are in protocol.py).

The connection says hello first (a seat and its token, or nothing for a spectator); then each
message goes to the handler of its type (`HANDLERS`). A refusal is answered with an error message
and the connection stays; a bug in a handler is logged and answered the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from deadtable.i18n import N_, Message, normalize

from .. import protocol
from ..deps import hub_of, language_of
from ..hub import Hub
from ..live import Conn, LiveTable
from ..store import NO_TABLE, Refused

log = logging.getLogger("deadtable.server")
router = APIRouter()
HELLO_TIMEOUT = 30.0
SAY_HELLO = N_(
    'say hello first: {"type": "hello", "seat": 0, "token": ...}'
)  # no parameters: braces as written


@dataclass
class Session:
    """One connection after its hello: the socket, the hub, the table and the seat (None: watching)."""

    ws: WebSocket
    hub: Hub
    table: LiveTable
    conn: Conn

    @property
    def seat(self) -> int | None:
        return self.conn.seat

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send_json(msg)

    def acting_seat(self) -> int:
        if self.conn.seat is None:
            raise Refused("spectator", Message("spectators watch; they cannot act or come back"))
        return self.conn.seat


Handler = Callable[[Session, dict[str, Any]], Awaitable[None]]


async def on_ping(s: Session, msg: dict[str, Any]) -> None:
    await s.send({"type": "pong"})


async def on_why(s: Session, msg: dict[str, Any]) -> None:
    await s.send(s.hub.explain(s.table, s.seat, msg["action"], s.conn.lang))


async def on_lang(s: Session, msg: dict[str, Any]) -> None:
    s.conn.lang = normalize(str(msg.get("lang"))) or s.conn.lang
    s.conn.sent_log = 0  # the whole log again, in the new language
    async with s.table.lock:
        await s.hub.send(s.table, s.conn)


async def on_hello(s: Session, msg: dict[str, Any]) -> None:
    raise Refused("hello-again", Message("you are already at the table"))


async def on_back(s: Session, msg: dict[str, Any]) -> None:
    await s.hub.come_back(s.table, s.acting_seat())


async def on_act(s: Session, msg: dict[str, Any]) -> None:
    await s.hub.act(s.table, s.acting_seat(), msg["action"], msg["index"])


HANDLERS: dict[str, Handler] = {
    "ping": on_ping,
    "why": on_why,
    "lang": on_lang,
    "hello": on_hello,
    "back": on_back,
    "act": on_act,
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


async def _error(ws: WebSocket, lang: str, code: str, message: Message, **extra: Any) -> None:
    await ws.send_json({"type": "error", "code": code, "message": message.render(lang), **extra})


async def _hello(ws: WebSocket, hub: Hub, lt: LiveTable, lang: str) -> Conn | None:
    """The connection the first message opens, or None (refused, answered and closed)."""
    try:
        try:
            first = protocol.parse(await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT))
        except TimeoutError:
            raise Refused("no-hello", Message(SAY_HELLO)) from None
        if first.get("type") != "hello":
            raise Refused("no-hello", Message(SAY_HELLO))
        if isinstance(first.get("lang"), str):
            lang = normalize(first["lang"]) or lang
        seat = hub.authenticate(lt, first.get("seat"), first.get("token"))
    except Refused as err:
        await _error(ws, lang, err.code, err.msg)
        await ws.close(4403)
        return None
    except (WebSocketDisconnect, RuntimeError):
        return None
    return Conn(seat=seat, send=ws.send_text, lang=lang)


@router.websocket("/ws/tables/{table_id}")
async def play(ws: WebSocket, table_id: str) -> None:
    await ws.accept()
    hub = hub_of(ws)
    lang = language_of(ws)
    lt = await hub.get(table_id[:64])
    if lt is None:
        await _error(ws, lang, "no-table", Message(NO_TABLE, table=table_id[:64]))
        await ws.close(4404)
        return
    conn = await _hello(ws, hub, lt, lang)
    if conn is None:
        return
    session = Session(ws, hub, lt, conn)
    await hub.join(lt, conn)
    try:
        while True:
            raw = dict(await ws.receive())
            if raw["type"] == "websocket.disconnect":
                break
            try:
                msg = protocol.parse(raw)
                await HANDLERS[msg["type"]](session, msg)
            except Refused as err:
                await _error(ws, conn.lang, err.code, err.msg, index=lt.index, **_action_of(raw))
            except (WebSocketDisconnect, RuntimeError):
                raise
            except Exception:  # a bug must not cost the player their connection
                log.exception("table %s: a message failed", lt.id)
                message = Message("the server could not handle that message; the table is unchanged")
                await _error(ws, conn.lang, "internal", message)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        conn.alive = False
        # In its own task: the handler itself may be cancelled once the socket is gone.
        hub._spawn(hub.leave(lt, conn))
        if ws.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await ws.close()
