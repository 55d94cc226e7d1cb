"""The online table: the application that serves the HTTP and WebSocket API and the browser client.

Routes live in `routes/`, one router per concern: `pages` (the browser client), `catalog` (games,
rules, languages), `tables` (the lobby, creating a table, summaries, records, replays), `cardsets`
(uploading a card file; the server reads no path a client names), `yours` (your tables' status,
the creator's seat links), `live` (the WebSocket of a table, protocol.py) and `health` (GET
/healthz). Every route reaches the one `Hub` of the application through `deps.hub_of`.

Languages: every request is answered in the language of its `lang` query parameter, else of the
`deadtable_lang` cookie (the browser's language switch sets it), else the best match for its
Accept-Language header (`deadtable.i18n.negotiate`); a WebSocket client may also name one in its
hello or switch with {"type": "lang"}. Errors, "why not" reasons, game names and options, the log
and the rules are sent in that language; action texts stay English (they are the protocol).

Limits (`limits.py`, the middlewares of `middleware.py`): request bodies, the hosts served, the
security headers of every answer, tables created per client. The API is described at
/api/openapi.json; there is no /api/docs page, since it would load its scripts from a CDN and this
server serves no page that loads third-party scripts.
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

from . import db, middleware, migrate
from .cardsets import CardFiles, root_for
from .deps import NOT_TEXT_MESSAGE, language_of
from .features import TableFeature, standard
from .hub import Hub
from .limits import Limits
from .live_limits import BOT_PACE
from .notify import Listener
from .replays import Replays
from .review_cache import REVIEW_WINDOW, REVIEWS_PER_WINDOW, Reviews
from .routes import cardsets, catalog, game_web, health, lessons, live, pages, review, tables, yours
from .routes.pages import WEB
from .store import Store
from .throttle import SlidingWindow

TEST_HOST = "testserver"
UPLOAD_PATH = "/api/cardsets"
ERROR_TEXT = 80  # characters of pydantic's message kept per problem


def create_app(
    url: str | None = None,
    *,
    bot_time: float = 5.0,
    bot_pace: float = BOT_PACE,
    listen: bool | None = None,
    resume: bool = True,
    limits: Limits | None = None,
    test_client: bool = False,
    metrics: TableFeature | None = None,
) -> FastAPI:
    """The application on the store at `url` (default: `db.default_url()`).

    `limits`: what clients may ask (`Limits()` by default). `bot_pace`: the seconds at least between
    two bot moves at a watched table (people follow them; tests may play at full speed).
    `test_client`: also answer the Host "testserver" of Starlette's TestClient (tests only; a server
    never needs it). `metrics`: a
    `metrics.Metrics` to count into (its hub hooks), when the operator asked for them.
    """
    db_url = url or db.default_url()
    limits = limits or Limits()
    hosts = limits.hosts() | ({TEST_HOST} if test_client else set())

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = db.make_engine(db_url)
        await asyncio.to_thread(migrate.upgrade, engine)
        store = Store(engine)
        features = None if metrics is None else (*standard(), metrics)
        hub = Hub(store, bot_time=bot_time, bot_pace=bot_pace, features=features)
        app.state.hub = hub
        listener = None
        if store.postgresql and listen is not False:
            loop = asyncio.get_running_loop()

            def on_table(payload: str) -> None:
                table_id, _, origin = payload.partition(" ")
                if origin != store.origin:  # our own changes are already known here
                    hub.spawn(hub.refresh(table_id))

            listener = Listener(db_url, loop, on_table)
            await asyncio.to_thread(listener.start)
        if resume:
            hub.spawn(hub.start())  # the unfinished tables go on; the features' background work starts
        try:
            yield
        finally:
            if listener is not None:
                listener.stop()
            await hub.close()
            engine.dispose()

    app = FastAPI(
        title="deadtable", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url="/api/openapi.json"
    )
    app.state.limits = limits
    app.state.creations = SlidingWindow(limits.creations, limits.creation_window)
    app.state.uploads = SlidingWindow(limits.creations, limits.creation_window)
    app.state.replays = Replays(limits.replays_cached)
    app.state.reviews = Reviews()  # post-game reviews (review_cache.py), made lazily, a few kept
    app.state.review_starts = SlidingWindow(REVIEWS_PER_WINDOW, REVIEW_WINDOW)
    app.state.card_files = CardFiles(root_for(db_url), limits.card_file_bytes)
    middleware.install(app, limits, frozenset(hosts), {UPLOAD_PATH: limits.card_file_bytes})
    app.add_exception_handler(RequestValidationError, _invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(DeadtableError, _deadtable_error)  # type: ignore[arg-type]
    for module in (pages, catalog, game_web, yours, tables, lessons, cardsets, live, review, health):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app


async def _invalid_request(request: Request, err: RequestValidationError) -> JSONResponse:
    # The field names and pydantic's own words stay English; the sentence is in the reader's language.
    # Nothing the client sent is echoed back (pydantic's "input" and "ctx"), and the problems are
    # few and short whatever the body held.
    errors = [
        {
            "type": str(e.get("type", ""))[:40],
            "loc": [str(x)[:40] for x in e.get("loc", ())][:8],
            "msg": str(e.get("msg", ""))[:ERROR_TEXT],
        }
        for e in err.errors()[:10]
    ]
    for e in errors:
        if e["type"] == "string_unicode":  # a lone surrogate: answered as a NUL or a tab is
            where = ".".join(str(x) for x in e["loc"])
            return await _deadtable_error(request, DeadtableError(NOT_TEXT_MESSAGE, field=where))
    problems = "; ".join(".".join(e["loc"][1:]) + ": " + str(e["msg"]) for e in errors)
    message = Message("the request is not valid: {problems}", problems=problems)
    return JSONResponse(
        {"detail": message.render(language_of(request)), "errors": jsonable_encoder(errors)},
        status_code=422,
    )


async def _deadtable_error(request: Request, err: DeadtableError) -> JSONResponse:
    return JSONResponse({"detail": err.render(language_of(request))}, status_code=400)
