"""Your tables and a lost seat link: what the lobby asks about the seats a browser holds,
and what a table's creator may do.

POST /api/tables/status                  {"ids": [...]} (at most `STATUS_MOST`): per id, in order, the
                                         table's public summary, whose turn it is and its deadline;
                                         {"id", "found": false} for an unknown id; at most
                                         `STATUS_CALLS` per `STATUS_WINDOW` seconds per client (429)
POST /api/tables/{id}/creator            {"creator": token}: 200 if it is the creator's token, else 403
POST /api/tables/{id}/seats/{seat}/link  {"creator": token}: a NEW link for a person's seat; the old
                                         one stops working (creator.py)
POST /api/tables/{id}/seats/{seat}/take  {"name": ...}: take a seat left open; answers its link once
                                         (open_seats.py); 409 when someone was first

The browser keeps the list of its seats (its tokens included) in its own storage; it sends only the
table ids here, and nothing answered holds a token, a seed not chosen, or a hidden card: the summary
is what the lobby shows anyone (`tables.summary`).
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field, StringConstraints

from deadtable.core import DeadtableError
from deadtable.i18n import N_plural

from ..creator import check_creator, new_link
from ..deps import client_may, fail, hub_of, language_of, refuse_control_text
from ..live_table import seat_label
from ..open_seats import take
from ..rows import TableRow
from ..store import Refused
from ..throttle import SlidingWindow
from .tables import summary

router = APIRouter()
STATUS_MOST: Final = 100  # table ids one status request may ask about
STATUS_CALLS: Final = 60  # status requests one client (address) may make per STATUS_WINDOW seconds
STATUS_WINDOW: Final = 60.0  # (the lobby asks every 15 seconds; each asked table may be loaded)
TOO_MANY_STATUS = N_plural(
    "too many status requests from your address ({most} in {window} seconds): try again in {seconds} second",
    "too many status requests from your address ({most} in {window} seconds): try again in {seconds} seconds",
)
TableId = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Secret = Annotated[str, StringConstraints(min_length=1, max_length=200)]
STATUS_OF: Final = {
    "no-table": 404,
    "no-creator": 403,
    "not-creator": 403,
    "no-seat": 404,
    "bot-seat": 400,
    "seat-taken": 409,
    "seat-over": 409,
}


class StatusAsk(BaseModel):
    ids: list[TableId] = Field(max_length=STATUS_MOST)


class CreatorAsk(BaseModel):
    creator: Secret


class TakeAsk(BaseModel):
    name: str = Field("", max_length=40)


@router.post("/api/tables/status")
async def tables_status(ask: StatusAsk, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    lang = language_of(request)
    client_may(request, _statuses(request), TOO_MANY_STATUS, lang)
    ids = list(dict.fromkeys(ask.ids))  # each once, in the order asked
    # A table this process holds answers from memory; any other from its stored row (the seat to
    # act is kept with each move), without loading it: one query for all, no record replayed.
    rows = await hub.run(hub.store.tables_by_id, [i for i in ids if i not in hub.tables])
    out = []
    for table_id in ids:
        lt = hub.tables.get(table_id)
        row = rows.get(table_id)
        if lt is None and row is not None and row.status == "playing" and row.to_act is None:
            try:  # whose turn it is is not stored yet (a table made before it was, a new rematch)
                lt = await hub.get(table_id)
            except DeadtableError:
                lt = None  # a table that cannot be rebuilt is answered as not found
            row = None if lt is None else row
        if lt is not None:
            out.append(_entry(summary(lt, lt.row, lang), lt.row, lt.state.is_terminal, lt.deadline))
        elif row is not None:
            waits = row.turn_based and row.deadline_index == row.n_actions
            out.append(
                _entry(summary(None, row, lang), row, row.status == "over", row.deadline if waits else None)
            )
        else:
            out.append({"id": table_id, "found": False})
    return {"tables": out}


def _entry(entry: dict[str, Any], row: TableRow, over: bool, deadline: int | float | None) -> dict[str, Any]:
    entry["found"] = True
    entry["over"] = over
    entry["deadline"] = deadline  # unix seconds, or None (no clock, or a bot to act)
    seat = entry["to_act"]
    entry["to_act_label"] = seat_label(row, seat) if seat is not None else None
    return entry


def _statuses(request: Request) -> SlidingWindow:
    """The application's window of status requests per client (made at the first)."""
    state = request.app.state
    window: SlidingWindow | None = getattr(state, "statuses", None)
    if window is None:
        window = state.statuses = SlidingWindow(STATUS_CALLS, STATUS_WINDOW)
    return window


def _refused(err: Refused, lang: str) -> Exception:
    return fail(STATUS_OF.get(err.code, 400), err.msg, lang)


@router.post("/api/tables/{table_id}/creator")
async def creator_check(table_id: str, ask: CreatorAsk, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    lang = language_of(request)
    try:
        await hub.run(check_creator, hub.store, table_id[:64], ask.creator)
    except Refused as err:
        raise _refused(err, lang) from None
    return {"id": table_id, "creator": True}


@router.post("/api/tables/{table_id}/seats/{seat}/link")
async def seat_link(table_id: str, seat: int, ask: CreatorAsk, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    lang = language_of(request)
    try:
        token = await new_link(hub, table_id[:64], ask.creator, seat)
    except Refused as err:
        raise _refused(err, lang) from None
    return {"id": table_id, "seat": seat, "token": token, "link": f"/t/{table_id}#seat={seat}&token={token}"}


@router.post("/api/tables/{table_id}/seats/{seat}/take")
async def take_open_seat(table_id: str, seat: int, ask: TakeAsk, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    lang = language_of(request)
    refuse_control_text(ask.model_dump(), "body")
    try:
        token = await take(hub, table_id[:64], seat, ask.name.strip())
    except Refused as err:
        raise _refused(err, lang) from None
    return {"id": table_id, "seat": seat, "token": token, "link": f"/t/{table_id}#seat={seat}&token={token}"}
