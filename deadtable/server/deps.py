"""What every route of the online table needs: the hub, the reader's language, a table or a 404."""

from __future__ import annotations

import math
import re
from typing import Any

from fastapi import HTTPException, Request, WebSocket

from deadtable.core import DeadtableError
from deadtable.i18n import N_, Message, Plural, negotiate, normalize

from .hub import Hub
from .live_table import LiveTable
from .store import NO_TABLE
from .throttle import SlidingWindow

LANG_COOKIE = "deadtable_lang"
# C0 control characters (NUL, tab, newline...), DEL, and the halves of a surrogate pair, which JSON's
# \u escapes can send alone though they are no characters (no encoding can store one).
NOT_TEXT = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")
NOT_TEXT_MESSAGE = N_("{field} holds a control character or half of a surrogate pair: send plain text")


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


def refuse_control_text(value: Any, field: str) -> None:
    """Raise a `DeadtableError` (answered 400) if any text in `value`, nested, is not plain text.

    >>> try:
    ...     refuse_control_text({"name": "Ann", "seats": [{"name": "B\\x00b"}]}, "body")
    ... except DeadtableError as err:
    ...     print(str(err).split(" holds")[0])
    body.seats.0.name
    """
    if isinstance(value, str):
        if NOT_TEXT.search(value):
            raise DeadtableError(NOT_TEXT_MESSAGE, field=field)
    elif isinstance(value, dict):
        for k, v in value.items():
            refuse_control_text(k, field)
            refuse_control_text(v, f"{field}.{k}")
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            refuse_control_text(v, f"{field}.{i}")


def client_may(request: Request, window: SlidingWindow, message_id: Plural, lang: str) -> str:
    """The client's address, if `window` lets it go on now (the attempt counts at once, so requests
    racing one another cannot pass the check together); else 429 with Retry-After.

    `message_id` tells what it did too often, with {most}, {window} and {seconds}; its form is
    chosen by the seconds to wait ("через 1 секунду", "через 5 секунд").
    """
    client = request.client.host if request.client else "-"
    wait = window.wait(client)
    if wait > 0:
        hub_of(request).refused("rate-limit")
        seconds = math.ceil(wait)
        message = message_id.message(seconds, most=window.most, window=round(window.window), seconds=seconds)
        raise HTTPException(429, message.render(lang), headers={"Retry-After": str(seconds)})
    window.add(client)
    return client


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
