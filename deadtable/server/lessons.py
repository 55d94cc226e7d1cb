"""The coach at a guided first game: `{"type": "coach", "index": n}` asks what the coach says.

A lesson table is an ordinary casual table (hints on) made from the game's lesson
(routes/lessons.py); the page that opened it with `lesson=1` in its link shows the coach beside
the board (js/coach.js) and asks at each state it shows. The answer goes to the asking connection
alone and says only what the seat's own view and legal actions say (deadtable.agents.coach): what
the seat is deciding, the rules met so far in its log, the bot's suggestion at its turn (the
table's hint: the strongest bot from the seat's own information, in words, and why), and the
scoring once the game is over:

    {"type": "coach", "index": n, "lesson": true, "intro": ..., "deciding": [{"kind", "text"}],
     "rules": [{"key", "text"}], "texts": {key: text}, "scoring": ... | null,
     "suggestion": {"action", "kind", "text", "why"} | null}

Only a seat may ask, at a table with hints, at the move it last saw (else "coach-stale").
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from deadtable.agents.coach import coach, suggestion
from deadtable.agents.hint import info_for
from deadtable.i18n import N_, Message

from .store import Refused

if TYPE_CHECKING:
    from .live_table import LiveTable

NO_COACH = N_("the coach speaks at guided games only: start one with “Learn to play”")
SPECTATOR = N_("spectators watch; the coach speaks to a seat")
STALE = N_("the table has moved on since you asked the coach")


async def coach_message(lt: LiveTable, seat: int | None, index: int, lang: str) -> dict[str, Any]:
    """What the coach says to `seat` at table `lt`, at move `index` as the seat last saw it."""
    if not lt.row.hints:
        raise Refused("coach-off", Message(NO_COACH))
    if seat is None:
        raise Refused("coach-spectator", Message(SPECTATOR))
    async with lt.lock:
        state = lt.state
        if index != lt.index:
            raise Refused("coach-stale", Message(STALE))
        over = state.is_terminal
        mine = not over and state.current_player == seat
        view = state.view(seat)
        legal = state.legal_actions() if mine else []
        info = info_for(state, index) if mine else None  # the seat's view and a determinization
    said = coach(lt.game, view, legal, over, lang)
    said["suggestion"] = None
    if info is not None and said["lesson"]:
        said["suggestion"] = await asyncio.to_thread(suggestion, lt.game, info, index, lang)
        if lt.index != index:  # a move came (an undo, a stand-in's) while the bot was thinking
            raise Refused("coach-stale", Message(STALE))
    return {"type": "coach", "index": index, **said}
