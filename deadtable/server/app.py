"""The HTTP and WebSocket API of the online table, and the static browser client.

GET  /api/games                      every game's description (options, players, bots)
GET  /api/tables                     the lobby: tables still being played
POST /api/tables                     create a table; answers one secret link per person's seat
GET  /api/tables/{id}                a table's public summary
GET  /tables/{id}/record             the game record (JSON), once the game is over
GET  /api/tables/{id}/replay/{step}  the spectator's view after `step` actions (finished games)
WS   /ws/tables/{id}                 play or watch live (see protocol.py)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.websockets import WebSocketState

from deadtable.agents import agent_names, make_agent
from deadtable.core import DeadtableError, Record, replay_states
from deadtable.core import game as find_game
from deadtable.core import games as all_games

from . import db, migrate, protocol
from .hub import Hub
from .live import Conn, LiveTable
from .notify import Listener
from .store import Refused, Store

log = logging.getLogger("deadtable.server")
WEB = Path(__file__).resolve().parent.parent / "web" / "static"
HELLO_TIMEOUT = 30.0


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


def game_name(game_id: str) -> str:
    try:
        return find_game(game_id).name
    except DeadtableError:
        return game_id


def _summary(lt: LiveTable | None, row: Any) -> dict[str, Any]:
    seats = [s.public() for s in row.seats]
    if lt is not None:
        for s in seats:
            s["present"] = lt.present(s["seat"]) if s["kind"] == "human" else True
    return {
        "id": row.id,
        "game": row.game,
        "game_name": game_name(row.game),
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

    async def table_or_404(table_id: str) -> LiveTable:
        try:
            lt = await hub_of().get(table_id[:64])
        except DeadtableError as err:
            raise HTTPException(500, f"table {table_id} cannot be rebuilt: {err}") from None
        if lt is None:
            raise HTTPException(404, f"there is no table {table_id!r}")
        return lt

    @app.exception_handler(DeadtableError)
    async def _deadtable_error(_request: Any, err: DeadtableError) -> JSONResponse:
        return JSONResponse({"detail": str(err)}, status_code=400)

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
    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        out = []
        for g in all_games():
            d = g.describe()
            d["agents"] = agent_names(g)
            out.append(d)
        return out

    @app.get("/api/tables")
    async def list_tables(status: str = "playing", limit: int = 50) -> list[dict[str, Any]]:
        hub = hub_of()
        rows = await asyncio.to_thread(hub.store.list_tables, status=status or None, limit=min(limit, 200))
        return [_summary(hub.tables.get(r.id), r) for r in rows]

    @app.post("/api/tables", status_code=201)
    async def create_table(spec: CreateTable) -> dict[str, Any]:
        hub = hub_of()
        the_game = find_game(spec.game)
        players = spec.players or (len(spec.seats) if spec.seats else the_game.min_players)
        seat_specs = spec.seats or [SeatSpec(kind="human", agent=None, name="")] + [
            SeatSpec(kind="bot", agent="greedy", name="")
        ] * (players - 1)
        if len(seat_specs) != players:
            raise HTTPException(
                400, f"give one seat for each of the {players} players, not {len(seat_specs)}"
            )
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
    async def get_table(table_id: str) -> dict[str, Any]:
        lt = await table_or_404(table_id)
        return _summary(lt, lt.row)

    async def record_json(table_id: str) -> dict[str, Any]:
        lt = await table_or_404(table_id)
        if not lt.state.is_terminal:
            # The record holds the seed, and the seed tells every hidden card: not before the end.
            raise HTTPException(
                409, "the record is published when the game is over (it reveals hidden cards)"
            )
        return lt.state.record().to_json()

    @app.get("/tables/{table_id}/record")
    async def get_record(table_id: str) -> dict[str, Any]:
        return await record_json(table_id)

    @app.get("/api/tables/{table_id}/record")
    async def get_record_api(table_id: str) -> dict[str, Any]:
        return await record_json(table_id)

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(table_id: str, step: int) -> dict[str, Any]:
        lt = await table_or_404(table_id)
        if not lt.state.is_terminal:
            raise HTTPException(409, "the replay opens when the game is over")
        record = lt.state.record()
        steps = len(record.actions)
        if not 0 <= step <= steps:
            raise HTTPException(404, f"step {step} is outside 0 to {steps}")
        state = replay_states(
            Record(record.game, record.players, record.seed, record.options, record.actions[:step])
        )[-1]
        return {
            "step": step,
            "steps": steps,
            "game": lt.game.id,
            "game_name": lt.game.name,
            "action": record.actions[step - 1] if step else None,
            "seat": lt.log_seat(step - 1) if step else None,
            "view": state.view(None),
            "over": state.is_terminal,
            "outcome": state.outcome().to_json() if state.is_terminal else None,
            "seats": [s.public() for s in lt.row.seats],
        }

    # -- live play ----------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        hub = hub_of()

        async def error(code: str, message: str, **extra: Any) -> None:
            await ws.send_json({"type": "error", "code": code, "message": message, **extra})

        lt = await hub.get(table_id[:64])
        if lt is None:
            await error("no-table", f"there is no table {table_id[:64]!r}")
            await ws.close(4404)
            return
        try:
            try:
                first = protocol.parse(dict(await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT)))
            except TimeoutError:
                raise Refused(
                    "no-hello", 'say hello first: {"type": "hello", "seat": 0, "token": ...}'
                ) from None
            if first.get("type") != "hello":
                raise Refused("no-hello", 'say hello first: {"type": "hello", "seat": 0, "token": ...}')
            seat = hub.authenticate(lt, first.get("seat"), first.get("token"))
        except Refused as err:
            await error(err.code, err.message)
            await ws.close(4403)
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        conn = Conn(seat=seat, send=ws.send_text)
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
                        await ws.send_json(hub.explain(lt, seat, msg["action"]))
                    elif kind == "hello":
                        raise Refused("hello-again", "you are already at the table")
                    elif seat is None:
                        raise Refused("spectator", "spectators watch; they cannot act or come back")
                    elif kind == "back":
                        await hub.come_back(lt, seat)
                    else:
                        await hub.act(lt, seat, msg["action"], msg["index"])
                except Refused as err:
                    extra = {"index": lt.index}
                    if "action" in (msg_ := _safe(raw)):
                        extra["action"] = msg_["action"]
                    await error(err.code, err.message, **extra)
                except (WebSocketDisconnect, RuntimeError):
                    raise
                except Exception:  # a bug must not cost the player their connection
                    log.exception("table %s: a message failed", lt.id)
                    await error(
                        "internal", "the server could not handle that message; the table is unchanged"
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
