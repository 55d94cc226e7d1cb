"""The tables: the lobby, creating one, its summary, rules, cards, record and replay.

GET  /api/tables                     the lobby: ?status=playing (default), over or all; ?limit=1..200;
                                     an unfinished table only with an action (or its creation) in
                                     the last 24 hours; `joinable` whether a stranger may take a seat
                                     (a seat left open, `open` in its summary: open_seats.py)
POST /api/tables                     create a table; answers one secret link per person's seat and
                                     the creator's token (creator.py); `turn_based` (turns.py)
GET  /api/tables/{id}                a table's public summary
GET  /api/tables/{id}/rules          the game's rules and the options and house rulings in force
GET  /api/tables/{id}/cards          the title and text of every card id of the table's set ({} if none)
GET  /tables/{id}/record             the game record (JSON), once the game is over (also under /api)
GET  /api/tables/{id}/replay/{step}  the spectator's view after `step` actions (finished games)
"""

from __future__ import annotations

import asyncio
import secrets
from datetime import timedelta
from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from deadtable.agents import make_agent
from deadtable.core import DeadtableError
from deadtable.core import game as find_game
from deadtable.i18n import N_, Message, N_plural, render

from .. import db, turns
from ..cardsets import CARDS, CardFiles, shown_options, takes_card_files
from ..deps import client_may, fail, hub_of, language_of, refuse_control_text, table_or_404
from ..limits import LOBBY_MOST
from ..live_table import LiveTable, note_text
from ..localized import localized_view
from ..replays import Replays
from ..store import hash_token, new_token
from .catalog import card_texts_json, game_name, options_in_force, rules_json

router = APIRouter()
TOO_MANY_TABLES = N_plural(
    "too many tables created from your address ({most} in {window} seconds): try again in {seconds} second",
    "too many tables created from your address ({most} in {window} seconds): try again in {seconds} seconds",
)
# An unfinished table without an action for this long is abandoned: the lobby no longer lists it.
ACTIVE_WITHIN = timedelta(hours=24)
SEED_CHOSEN = N_("The table's creator chose the seed {seed}: whoever knows it can know every hidden card.")


class SeatSpec(BaseModel):
    kind: Literal["human", "bot", "open"] = "human"  # open: anyone may take it (open_seats.py)
    agent: str | None = Field(None, max_length=64)
    name: str = Field("", max_length=40)


class CreateTable(BaseModel):
    game: str = Field(max_length=64)
    players: int | None = Field(None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(None, max_length=16)
    seed: int | None = Field(None, ge=0, lt=2**62)
    # Seconds: real-time, up to a day (0: no clock); turn-based, 1 hour to 30 days (turns.py).
    move_time: int = Field(0, ge=0, le=turns.TURN_MOST)
    turn_based: bool = False  # its deadline is kept in the store (turns.py)
    hints: bool = False  # a casual table: the seat to act may ask for a hint (hints.py)
    leave_grace: int = Field(30, ge=0, le=86_400)
    standby: str = Field("greedy", max_length=64)


def summary(lt: LiveTable | None, row: Any, lang: str = "en") -> dict[str, Any]:
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
        "to_act": lt.state.current_player if lt is not None else row.to_act,
        "move_time": row.move_time,
        "turn_based": row.turn_based,
        "hints": row.hints,  # shown to everyone: the seat to act may ask the bot (hints.py)
        "seats": seats,
        "created_at": row.created_at,
        "outcome": row.outcome,
        "rematch": row.rematch,  # the table "Play again" made from this one (rematch.py)
        # The options that differ from the game's defaults, in words (the lobby lists them).
        "options": changed_options(row, lang),
        **({"seed": row.seed} if row.seed_chosen else {}),  # a drawn seed is never shown
    }


def changed_options(row: Any, lang: str) -> list[dict[str, Any]]:
    try:
        the_game = find_game(row.game)
    except DeadtableError:
        return []
    return [o for o in options_in_force(the_game, shown_options(row.options), lang) if o["changed"]]


@router.get("/api/tables")
async def list_tables(
    request: Request,
    status: Literal["playing", "over", "all"] = "playing",
    limit: int = Query(50, ge=1, le=LOBBY_MOST),
) -> list[dict[str, Any]]:
    hub = hub_of(request)
    lang = language_of(request)
    chosen = None if status == "all" else status
    since = db.now() - ACTIVE_WITHIN
    rows = await asyncio.to_thread(hub.store.list_tables, status=chosen, limit=limit, active_since=since)
    out = []
    for r in rows:
        entry = summary(hub.tables.get(r.id), r, lang)
        # A stranger may take a seat left open (open_seats.py); every other person's seat is held by
        # its secret link from the table's making.
        entry["joinable"] = r.status == "playing" and any(s["open"] for s in entry["seats"])
        out.append(entry)
    return out


@router.post("/api/tables", status_code=201)
async def create_table(spec: CreateTable, request: Request) -> dict[str, Any]:
    lang = language_of(request)
    refuse_control_text(spec.model_dump(), "body")
    client = client_may(request, request.app.state.creations, TOO_MANY_TABLES, lang)
    try:
        return await _create(spec, request, lang)
    except BaseException:  # a refused creation does not count against the client
        request.app.state.creations.release(client)
        raise


async def _create(spec: CreateTable, request: Request, lang: str) -> dict[str, Any]:
    hub = hub_of(request)
    most = request.app.state.limits.unfinished
    if await asyncio.to_thread(hub.store.count_unfinished) >= most:
        message = Message(
            "the server holds {most} unfinished tables, as many as it may: try again when some are over",
            most=most,
        )
        raise fail(503, message, lang)
    problem = turns.move_time_problem(spec.move_time, spec.turn_based)
    if problem is not None:
        raise fail(400, problem, lang)
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
            rows.append((s.kind, None, s.name))
    make_agent(spec.standby, the_game)
    seed = spec.seed if spec.seed is not None else secrets.randbits(62)
    files: CardFiles = request.app.state.card_files
    chosen = dict(spec.options)
    if takes_card_files(the_game) and CARDS in chosen:
        chosen[CARDS] = files.option(chosen[CARDS])  # "" or an uploaded file: no path
    try:
        state = await asyncio.to_thread(the_game.new, players, seed, **chosen)  # reads card files
    except DeadtableError as err:  # OptionError, CardDataError -> 400, naming no server path
        raise type(err)(files.scrub(err.message)) from None
    options = the_game.recordable_options(state.options)
    creator = new_token()  # lets the creator issue a seat's link anew (creator.py)

    def store_table() -> tuple[str, dict[int, str]]:
        table_id, tokens = hub.store.create_table(
            game=the_game.id,
            players=players,
            seed=seed,
            seed_chosen=spec.seed is not None,
            options=options,
            seat_specs=rows,
            move_time=spec.move_time,
            leave_grace=spec.leave_grace,
            standby=spec.standby,
            turn_based=spec.turn_based,
            creator_hash=hash_token(creator),
            hints=spec.hints,
            to_act=state.current_player,
        )
        if spec.seed is not None:  # never silently: every seat reads it in the log
            hub.store.add_note(table_id, 0, note_text(Message(SEED_CHOSEN, seed=seed)))
        return table_id, tokens

    table_id, tokens = await asyncio.to_thread(store_table)
    lt = await hub.get(table_id)
    assert lt is not None
    hub.after_change(lt)
    return {
        "id": table_id,
        "spectate": f"/t/{table_id}",
        "creator": creator,  # shown once, like the seats' tokens: it can take any person's seat
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


@router.get("/api/tables/{table_id}")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    lang = language_of(request)
    lt = await table_or_404(hub_of(request), table_id, lang)
    return summary(lt, lt.row, lang)


@router.get("/api/tables/{table_id}/rules")
async def table_rules(table_id: str, request: Request) -> dict[str, Any]:
    lang = language_of(request)
    lt = await table_or_404(hub_of(request), table_id, lang)
    out = rules_json(lt.game.id, lang)
    out["game_name"] = render(lt.game.name, lang)
    out["options"] = options_in_force(lt.game, shown_options(lt.row.options), lang)
    out["table"] = lt.id
    return out


@router.get("/api/tables/{table_id}/cards")
async def table_cards(table_id: str, request: Request) -> dict[str, dict[str, Any]]:
    """The title and text of every card of the table's set, translated; {} for a game without."""
    lang = language_of(request)
    lt = await table_or_404(hub_of(request), table_id, lang)
    return card_texts_json(lt.game, lt.state.options, lang)


async def record_json(request: Request, table_id: str) -> dict[str, Any]:
    lang = language_of(request)
    lt = await table_or_404(hub_of(request), table_id, lang)
    if not lt.state.is_terminal:
        # The record holds the seed, and the seed tells every hidden card: not before the end.
        message = Message("the record is published when the game is over (it reveals hidden cards)")
        raise fail(409, message, lang)
    out = lt.state.record().to_json()
    out["options"] = shown_options(out.get("options") or {})  # a card file by its name only
    return out


@router.get("/tables/{table_id}/record")
async def get_record(table_id: str, request: Request) -> dict[str, Any]:
    return await record_json(request, table_id)


@router.get("/api/tables/{table_id}/record")
async def get_record_api(table_id: str, request: Request) -> dict[str, Any]:
    return await record_json(request, table_id)


@router.get("/api/tables/{table_id}/replay/{step}")
async def replay_step(table_id: str, step: int, request: Request) -> dict[str, Any]:
    lang = language_of(request)
    lt = await table_or_404(hub_of(request), table_id, lang)
    if not lt.state.is_terminal:
        raise fail(409, Message("the replay opens when the game is over"), lang)
    record = lt.state.record()
    steps = len(record.actions)
    if not 0 <= step <= steps:
        raise fail(404, Message("step {step} is outside 0 to {steps}", step=step, steps=steps), lang)
    replays: Replays = request.app.state.replays
    this = (await replays.steps(lt.id, record))[step]
    return {
        "step": step,
        "steps": steps,
        "game": lt.game.id,
        "game_name": render(lt.game.name, lang),
        "lang": lang,
        "action": record.actions[step - 1] if step else None,
        "seat": lt.log_seat(step - 1) if step else None,
        "view": localized_view(this.view, lang),
        "over": this.over,
        "outcome": localized_view(this.outcome, lang) if this.outcome is not None else None,
        "seats": [s.public() for s in lt.row.seats],
    }
