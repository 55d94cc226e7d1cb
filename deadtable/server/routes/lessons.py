"""Guided first games: a table made from a game's lesson, with the coach (deadtable.agents.coach).

GET  /api/lessons            the games that bring a lesson: [{"game", "name", "players"}]
POST /api/lessons/{game}     make a lesson table: you at the first seat, the game's bots at the
                             others, the lesson's seed and options, hints on; answered like
                             POST /api/tables, with `link`, your seat's link that opens the coach

A lesson table is an ordinary casual table: its seed was chosen (by the lesson) so every seat's log
says so, as at any table whose seed was chosen, and it plays, replays and reviews like any other.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from deadtable.agents.coach import lesson
from deadtable.core import game as find_game
from deadtable.core import games
from deadtable.i18n import Message

from ..deps import client_may, fail, language_of
from .catalog import game_name
from .tables import TOO_MANY_TABLES, CreateTable, SeatSpec, _create

router = APIRouter()
COACHED = "lesson=1"  # in a seat's link: the page shows the coach (js/coach.js)


def bot_of(the_game: Any) -> str:
    """The bots a lesson seats: the game's own heuristic (quick and fair), else the greedy player."""
    return "heuristic" if "heuristic" in the_game.agents() else "greedy"


@router.get("/api/lessons")
async def list_lessons(request: Request) -> list[dict[str, Any]]:
    lang = language_of(request)
    out = []
    for g in games():
        found = lesson(g)
        if found is not None:
            out.append({"game": g.id, "name": game_name(g.id, lang), "players": found.players})
    return out


@router.post("/api/lessons/{game_id}", status_code=201)
async def start_lesson(game_id: str, request: Request) -> dict[str, Any]:
    lang = language_of(request)
    the_game = find_game(game_id)  # an unknown game: refused in one line, as POST /api/tables does
    found = lesson(the_game)
    if found is None:
        raise fail(404, Message("{game} has no guided first game", game=the_game.name), lang)
    bot = bot_of(the_game)
    seats = [SeatSpec(kind="human", agent=None, name="")]
    seats += [SeatSpec(kind="bot", agent=bot, name="")] * (found.players - 1)
    spec = CreateTable(
        game=the_game.id,
        players=found.players,
        options=dict(found.options),
        seats=seats,
        seed=found.seed,
        move_time=0,  # no clock: a lesson waits for you
        turn_based=False,
        hints=True,
        leave_grace=CreateTable.model_fields["leave_grace"].default,
        standby=bot,
    )
    client = client_may(request, request.app.state.creations, TOO_MANY_TABLES, lang)
    try:
        made = await _create(spec, request, lang)
    except BaseException:  # a refused creation does not count against the client
        request.app.state.creations.release(client)
        raise
    mine = made["seats"][0]
    return {**made, "lesson": True, "link": f"{mine['link']}&{COACHED}"}
