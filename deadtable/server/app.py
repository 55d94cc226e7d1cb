"""The online table: the application that serves the HTTP and WebSocket API and the browser client.

Routes live in `routes/`, one router per concern: `pages` (the browser client), `catalog` (games,
rules, languages), `tables` (the lobby, creating a table, summaries, records, replays) and `live`
(the WebSocket of a table, protocol.py). Every route reaches the one `Hub` of the application through
`deps.hub_of`.

Languages: every request is answered in the language of its `lang` query parameter, else of the
`deadtable_lang` cookie (the browser's language switch sets it), else the best match for its
Accept-Language header (`deadtable.i18n.negotiate`); a WebSocket client may also name one in its
hello or switch with {"type": "lang"}. Errors, "why not" reasons, game names and options, the log
and the rules are sent in that language; action texts stay English (they are the protocol).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from deadtable.core import DeadtableError
from deadtable.i18n import Message

from . import db, migrate
from .deps import language_of
from .hub import Hub
from .notify import Listener
from .routes import catalog, live, pages, tables
from .routes.pages import WEB
from .store import Store


def create_app(
    url: str | None = None, *, bot_time: float = 5.0, listen: bool | None = None, resume: bool = True
) -> FastAPI:
    """The application on the store at `url` (default: `db.default_url()`)."""
    db_url = url or db.default_url()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = db.make_engine(db_url)
        await asyncio.to_thread(migrate.upgrade, engine)
        store = Store(engine)
        hub = Hub(store, bot_time=bot_time)
        app.state.hub = hub
        listener = None
        if store.postgresql and listen is not False:
            loop = asyncio.get_running_loop()

            def on_table(payload: str) -> None:
                table_id, _, origin = payload.partition(" ")
                if origin != store.origin:  # our own changes are already known here
                    hub._spawn(hub.refresh(table_id))

            listener = Listener(db_url, loop, on_table)
            await asyncio.to_thread(listener.start)
        if resume:
            hub._spawn(hub.resume())
        try:
            yield
        finally:
            if listener is not None:
                listener.stop()
            await hub.close()
            engine.dispose()

    app = FastAPI(title="deadtable", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    app.add_exception_handler(RequestValidationError, _invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(DeadtableError, _deadtable_error)  # type: ignore[arg-type]
    for module in (pages, catalog, tables, live):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app


async def _invalid_request(request: Request, err: RequestValidationError) -> JSONResponse:
    # The field names and pydantic's own words stay English; the sentence is in the reader's language.
    problems = "; ".join(
        ".".join(str(x) for x in e.get("loc", ())[1:]) + ": " + str(e.get("msg", "")) for e in err.errors()
    )
    message = Message("the request is not valid: {problems}", problems=problems)
    return JSONResponse(
        {"detail": message.render(language_of(request)), "errors": jsonable_encoder(err.errors())},
        status_code=422,
    )


async def _deadtable_error(request: Request, err: DeadtableError) -> JSONResponse:
    return JSONResponse({"detail": err.render(language_of(request))}, status_code=400)
