"""The HTTP and WebSocket API of the online table, and the static browser client.

GET  /api/games                      every game's description (options, players, bots)
GET  /api/tables                     the lobby: tables still being played
POST /api/tables                     create a table; answers one secret link per person's seat
GET  /api/tables/{id}                a table's public summary
GET  /tables/{id}/record             the game record (JSON), once the game is over
GET  /api/tables/{id}/replay/{step}  the spectator's view after `step` actions (finished games)
GET  /api/tables/{id}/rules          the game's rules and the options and house rulings in force
GET  /api/tables/{id}/cards          the title and text of every card id of the table's set ({} if none)
GET  /api/rules/{game}               a game's rulebook and house rulings
GET  /api/lang                       the language chosen for this browser, and those spoken
GET  /i18n/{lang}.json               a language's message catalogue, for the browser client
WS   /ws/tables/{id}                 play or watch live (see protocol.py)

Languages: every request is answered in the language of its `lang` query parameter, else of the
`deadtable_lang` cookie (the browser's language switch sets it), else the best match for its
Accept-Language header (`deadtable.i18n.negotiate`); a WebSocket client may also name one in its
hello or switch with {"type": "lang"}. Errors, "why not" reasons, game names and options, the log
and the rules are sent in that language; action texts stay English (they are the protocol).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.websockets import WebSocketState

from deadtable.agents import agent_names, make_agent
from deadtable.core import DeadtableError, Record, replay_states
from deadtable.core import game as find_game
from deadtable.core import games as all_games
from deadtable.i18n import LANGUAGES, N_, Message, catalogue_json, negotiate, normalize, render, translator
from deadtable.i18n.rules import rules_text, ruling, rulings

from . import db, migrate, protocol
from .hub import Hub
from .live import Conn, LiveTable, localized_view
from .notify import Listener
from .store import NO_TABLE, Refused, Store

log = logging.getLogger("deadtable.server")
WEB = Path(__file__).resolve().parent.parent / "web" / "static"
HELLO_TIMEOUT = 30.0
LANG_COOKIE = "deadtable_lang"
SAY_HELLO = N_(
    'say hello first: {"type": "hello", "seat": 0, "token": ...}'
)  # no parameters: braces as written


class SeatSpec(BaseModel):
    kind: Literal["human", "bot"] = "human"
    agent: str | None = Field(None, max_length=64)
    name: str = Field("", max_length=40)


class CreateTable(BaseModel):
    game: str = Field(max_length=64)
    players: int | None = Field(None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(None, max_length=16)
    seed: int | None = Field(None, ge=0, lt=2**62)
    move_time: int = Field(0, ge=0, le=86_400)
    leave_grace: int = Field(30, ge=0, le=86_400)
    standby: str = Field("greedy", max_length=64)


def game_name(game_id: str, lang: str = "en") -> str:
    try:
        return render(find_game(game_id).name, lang)
    except DeadtableError:
        return game_id


def language_of(conn: Request | WebSocket) -> str:
    """The language to answer in: ?lang=, else the deadtable_lang cookie, else Accept-Language."""
    for asked in (conn.query_params.get("lang"), conn.cookies.get(LANG_COOKIE)):
        code = normalize(asked)
        if code:
            return code
    return negotiate(conn.headers.get("accept-language"))


def fail(status: int, message: Message, lang: str) -> HTTPException:
    return HTTPException(status, message.render(lang))


def describe(g: Any, lang: str) -> dict[str, Any]:
    """`game.describe(lang)` where the game takes a language (every `Game` does), else English."""
    try:
        out: dict[str, Any] = g.describe(lang)
    except TypeError:
        out = g.describe()
    return out


def rules_json(game_id: str, lang: str) -> dict[str, Any]:
    """A game's rulebook (Markdown) in `lang` where shipped, and its house rulings."""
    text = rules_text(game_id, lang)
    return {
        "game": game_id,
        "lang": lang,
        "rules_lang": text.lang if text else None,
        "markdown": text.markdown if text else None,
        "note": text.note.render(lang) if text and text.note else None,
        "missing": None if text else Message("There is no rulebook for this game.").render(lang),
        "rulings": [{"id": r.id, "text": r.text, "lang": r.lang} for r in rulings(game_id, lang)],
    }


def card_texts_json(g: Any, options: dict[str, Any], lang: str) -> dict[str, dict[str, str]]:
    """`g.card_texts(options)` with each title and text translated (context "<game id>:card")."""
    texts = g.card_texts(options) or {}
    tr = translator(lang)
    context = str(g.id) + ":card"  # the game's own card texts, in its catalogue (no message id here)

    def local(s: str) -> str:
        return tr.pgettext(context, s) if s else s

    return {k: {"title": local(v["title"]), "text": local(v["text"])} for k, v in texts.items()}


def options_in_force(g: Any, options: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """Every option of the table: its value, the default, whether it differs, and its house ruling."""
    out = []
    for o in g.options:
        value = options.get(o.name, o.default)
        entry: dict[str, Any] = {
            "name": o.name,
            "value": value,
            "default": o.default,
            "changed": value != o.default,
            "help": render(o.help, lang) if o.help else "",
            "house_rule": o.house_rule,
            "ruling": None,
        }
        if o.house_rule:
            found = ruling(o.house_rule, lang)
            entry["ruling"] = {"id": found.id, "text": found.text, "lang": found.lang} if found else None
        out.append(entry)
    return out


def _summary(lt: LiveTable | None, row: Any, lang: str = "en") -> dict[str, Any]:
    seats = [s.public() for s in row.seats]
    if lt is not None:
        for s in seats:
            s["present"] = lt.present(s["seat"]) if s["kind"] == "human" else True
    return {
        "id": row.id,
        "game": row.game,
        "game_name": game_name(row.game, lang),
        "players": row.players,
        "status": row.status,
        "index": lt.index if lt is not None else row.n_actions,
        "to_act": lt.state.current_player if lt is not None else None,
        "move_time": row.move_time,
        "seats": seats,
        "created_at": row.created_at,
        "outcome": row.outcome,
    }


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

    def hub_of() -> Hub:
        hub: Hub = app.state.hub
        return hub

    async def table_or_404(table_id: str, lang: str = "en") -> LiveTable:
        try:
            lt = await hub_of().get(table_id[:64])
        except DeadtableError as err:
            message = Message("table {table} cannot be rebuilt: {err}", table=table_id, err=err)
            raise fail(500, message, lang) from None
        if lt is None:
            raise fail(404, Message(NO_TABLE, table=table_id), lang)
        return lt

    @app.exception_handler(RequestValidationError)
    async def _invalid_request(request: Request, err: RequestValidationError) -> JSONResponse:
        # The field names and pydantic's own words stay English; the sentence is in the reader's language.
        problems = "; ".join(
            ".".join(str(x) for x in e.get("loc", ())[1:]) + ": " + str(e.get("msg", ""))
            for e in err.errors()
        )
        message = Message("the request is not valid: {problems}", problems=problems)
        return JSONResponse(
            {"detail": message.render(language_of(request)), "errors": jsonable_encoder(err.errors())},
            status_code=422,
        )

    @app.exception_handler(DeadtableError)
    async def _deadtable_error(request: Request, err: DeadtableError) -> JSONResponse:
        return JSONResponse({"detail": err.render(language_of(request))}, status_code=400)

    # -- pages --------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- API ----------------------------------------------------------------------------------
    @app.get("/i18n/{name}")
    async def catalogue(name: str, request: Request) -> JSONResponse:
        lang, _, ext = name.partition(".")
        code = normalize(lang)
        if ext != "json" or code is None or code != lang.lower():
            spoken = ", ".join(sorted(LANGUAGES))
            message = Message(
                "no catalogue {name!r}: there are /i18n/<lang>.json for {spoken}", name=name, spoken=spoken
            )
            raise fail(404, message, language_of(request))
        return JSONResponse(catalogue_json(code), headers={"cache-control": "no-cache"})

    @app.get("/api/lang")
    async def chosen_language(request: Request) -> dict[str, Any]:
        return {"lang": language_of(request), "languages": LANGUAGES, "cookie": LANG_COOKIE}

    @app.get("/api/rules/{game_id}")
    async def game_rules(game_id: str, request: Request) -> dict[str, Any]:
        lang = language_of(request)
        the_game = find_game(game_id[:64])  # UnknownGame -> 400
        out = rules_json(the_game.id, lang)
        out["game_name"] = render(the_game.name, lang)
        out["options"] = options_in_force(the_game, {}, lang)
        return out

    @app.get("/api/games")
    async def list_games(request: Request) -> list[dict[str, Any]]:
        lang = language_of(request)
        out = []
        for g in all_games():
            d = describe(g, lang)
            d["agents"] = agent_names(g)
            out.append(d)
        return out

    @app.get("/api/tables")
    async def list_tables(request: Request, status: str = "playing", limit: int = 50) -> list[dict[str, Any]]:
        hub = hub_of()
        lang = language_of(request)
        rows = await asyncio.to_thread(hub.store.list_tables, status=status or None, limit=min(limit, 200))
        return [_summary(hub.tables.get(r.id), r, lang) for r in rows]

    @app.post("/api/tables", status_code=201)
    async def create_table(spec: CreateTable, request: Request) -> dict[str, Any]:
        hub = hub_of()
        lang = language_of(request)
        the_game = find_game(spec.game)
        players = spec.players or (len(spec.seats) if spec.seats else the_game.min_players)
        seat_specs = spec.seats or [SeatSpec(kind="human", agent=None, name="")] + [
            SeatSpec(kind="bot", agent="greedy", name="")
        ] * (players - 1)
        if len(seat_specs) != players:
            message = Message(
                "give one seat for each of the {players} players, not {given}",
                players=players,
                given=len(seat_specs),
            )
            raise fail(400, message, lang)
        rows: list[tuple[str, str | None, str]] = []
        for s in seat_specs:
            if s.kind == "bot":
                name = s.agent or "greedy"
                make_agent(name, the_game)  # a clear error for an unknown bot
                rows.append(("bot", name, s.name or name))
            else:
                rows.append(("human", None, s.name))
        make_agent(spec.standby, the_game)
        seed = spec.seed if spec.seed is not None else secrets.randbits(62)
        state = the_game.new(players, seed, **spec.options)  # OptionError -> 400
        options = the_game.recordable_options(state.options)
        table_id, tokens = await asyncio.to_thread(
            lambda: hub.store.create_table(
                game=the_game.id,
                players=players,
                seed=seed,
                options=options,
                seat_specs=rows,
                move_time=spec.move_time,
                leave_grace=spec.leave_grace,
                standby=spec.standby,
            )
        )
        lt = await hub.get(table_id)
        assert lt is not None
        hub.after_change(lt)
        return {
            "id": table_id,
            "spectate": f"/t/{table_id}",
            "seats": [
                {
                    "seat": i,
                    "kind": kind,
                    "agent": agent,
                    "token": tokens.get(i),
                    "link": f"/t/{table_id}#seat={i}&token={tokens[i]}" if i in tokens else None,
                }
                for i, (kind, agent, _name) in enumerate(rows)
            ],
        }

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        lang = language_of(request)
        lt = await table_or_404(table_id, lang)
        return _summary(lt, lt.row, lang)

    @app.get("/api/tables/{table_id}/rules")
    async def table_rules(table_id: str, request: Request) -> dict[str, Any]:
        lang = language_of(request)
        lt = await table_or_404(table_id, lang)
        out = rules_json(lt.game.id, lang)
        out["game_name"] = render(lt.game.name, lang)
        out["options"] = options_in_force(lt.game, lt.row.options, lang)
        out["table"] = lt.id
        return out

    @app.get("/api/tables/{table_id}/cards")
    async def table_cards(table_id: str, request: Request) -> dict[str, dict[str, str]]:
        """The title and text of every card of the table's set, translated; {} for a game without."""
        lang = language_of(request)
        lt = await table_or_404(table_id, lang)
        return card_texts_json(lt.game, lt.state.options, lang)

    async def record_json(table_id: str, lang: str) -> dict[str, Any]:
        lt = await table_or_404(table_id, lang)
        if not lt.state.is_terminal:
            # The record holds the seed, and the seed tells every hidden card: not before the end.
            message = Message("the record is published when the game is over (it reveals hidden cards)")
            raise fail(409, message, lang)
        return lt.state.record().to_json()

    @app.get("/tables/{table_id}/record")
    async def get_record(table_id: str, request: Request) -> dict[str, Any]:
        return await record_json(table_id, language_of(request))

    @app.get("/api/tables/{table_id}/record")
    async def get_record_api(table_id: str, request: Request) -> dict[str, Any]:
        return await record_json(table_id, language_of(request))

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(table_id: str, step: int, request: Request) -> dict[str, Any]:
        lang = language_of(request)
        lt = await table_or_404(table_id, lang)
        if not lt.state.is_terminal:
            raise fail(409, Message("the replay opens when the game is over"), lang)
        record = lt.state.record()
        steps = len(record.actions)
        if not 0 <= step <= steps:
            raise fail(404, Message("step {step} is outside 0 to {steps}", step=step, steps=steps), lang)
        state = replay_states(
            Record(record.game, record.players, record.seed, record.options, record.actions[:step])
        )[-1]
        return {
            "step": step,
            "steps": steps,
            "game": lt.game.id,
            "game_name": render(lt.game.name, lang),
            "lang": lang,
            "action": record.actions[step - 1] if step else None,
            "seat": lt.log_seat(step - 1) if step else None,
            "view": localized_view(state.view(None), lang),
            "over": state.is_terminal,
            "outcome": localized_view(state.outcome().to_json(), lang) if state.is_terminal else None,
            "seats": [s.public() for s in lt.row.seats],
        }

    # -- live play ----------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        hub = hub_of()
        lang = language_of(ws)

        async def error(code: str, message: Message, **extra: Any) -> None:
            text = message.render(conn.lang if conn is not None else lang)
            await ws.send_json({"type": "error", "code": code, "message": text, **extra})

        conn: Conn | None = None
        lt = await hub.get(table_id[:64])
        if lt is None:
            await error("no-table", Message(NO_TABLE, table=table_id[:64]))
            await ws.close(4404)
            return
        try:
            try:
                first = protocol.parse(dict(await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT)))
            except TimeoutError:
                raise Refused("no-hello", Message(SAY_HELLO)) from None
            if first.get("type") != "hello":
                raise Refused("no-hello", Message(SAY_HELLO))
            if isinstance(first.get("lang"), str):
                lang = normalize(first["lang"]) or lang
            seat = hub.authenticate(lt, first.get("seat"), first.get("token"))
        except Refused as err:
            await error(err.code, err.msg)
            await ws.close(4403)
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        conn = Conn(seat=seat, send=ws.send_text, lang=lang)
        await hub.join(lt, conn)
        try:
            while True:
                raw = dict(await ws.receive())
                if raw["type"] == "websocket.disconnect":
                    break
                try:
                    msg = protocol.parse(raw)
                    kind = msg["type"]
                    if kind == "ping":
                        await ws.send_json({"type": "pong"})
                    elif kind == "why":
                        await ws.send_json(hub.explain(lt, seat, msg["action"], conn.lang))
                    elif kind == "lang":
                        conn.lang = normalize(str(msg.get("lang"))) or conn.lang
                        conn.sent_log = 0  # the whole log again, in the new language
                        async with lt.lock:
                            await hub.send(lt, conn)
                    elif kind == "hello":
                        raise Refused("hello-again", Message("you are already at the table"))
                    elif seat is None:
                        raise Refused("spectator", Message("spectators watch; they cannot act or come back"))
                    elif kind == "back":
                        await hub.come_back(lt, seat)
                    else:
                        await hub.act(lt, seat, msg["action"], msg["index"])
                except Refused as err:
                    extra = {"index": lt.index}
                    if "action" in (msg_ := _safe(raw)):
                        extra["action"] = msg_["action"]
                    await error(err.code, err.msg, **extra)
                except (WebSocketDisconnect, RuntimeError):
                    raise
                except Exception:  # a bug must not cost the player their connection
                    log.exception("table %s: a message failed", lt.id)
                    await error(
                        "internal",
                        Message("the server could not handle that message; the table is unchanged"),
                    )
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            conn.alive = False
            # In its own task: the handler itself may be cancelled once the socket is gone.
            hub._spawn(hub.leave(lt, conn))
            if ws.client_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await ws.close()

    return app


async def _receive(ws: WebSocket) -> dict[str, Any]:
    return dict(await ws.receive())


def _safe(raw: dict[str, Any]) -> dict[str, Any]:
    try:
        msg = protocol.parse(raw)
    except Refused:
        return {}
    return msg if isinstance(msg.get("action"), str) else {}
