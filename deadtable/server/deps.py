"""What every route of the online table needs: the hub, the reader's language, a table or a 404."""

from __future__ import annotations

from fastapi import HTTPException, Request, WebSocket

from deadtable.core import DeadtableError
from deadtable.i18n import Message, negotiate, normalize

from .hub import Hub
from .live import LiveTable
from .store import NO_TABLE

LANG_COOKIE = "deadtable_lang"


def language_of(conn: Request | WebSocket) -> str:
    """The language to answer in: ?lang=, else the deadtable_lang cookie, else Accept-Language."""
    for asked in (conn.query_params.get("lang"), conn.cookies.get(LANG_COOKIE)):
        code = normalize(asked)
        if code:
            return code
    return negotiate(conn.headers.get("accept-language"))


def hub_of(conn: Request | WebSocket) -> Hub:
    """The hub of the application serving `conn` (a FastAPI dependency)."""
    hub: Hub = conn.app.state.hub
    return hub


def fail(status: int, message: Message, lang: str) -> HTTPException:
    return HTTPException(status, message.render(lang))


async def table_or_404(hub: Hub, table_id: str, lang: str = "en") -> LiveTable:
    try:
        lt = await hub.get(table_id[:64])
    except DeadtableError as err:
        message = Message("table {table} cannot be rebuilt: {err}", table=table_id, err=err)
        raise fail(500, message, lang) from None
    if lt is None:
        raise fail(404, Message(NO_TABLE, table=table_id), lang)
    return lt
