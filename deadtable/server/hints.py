"""Hints at casual tables: `{"type": "hint", "index": n}` asks the bot for a move.

A table has hints only when it was made with them (`POST /api/tables` with `"hints": true`, stored
in `dt_tables.hints`, carried over by "Play again"); every state message says so (`hints`), and the
table page tells everyone "Hints are on at this table". Only the seat to act may ask, at the move
it last saw (`index`); a connection asks at most once per `HINT_EVERY` seconds (live_limits.py;
else "hint-too-soon").

The hint is computed from that seat's own information only (deadtable.agents.hint): the info is
drawn under the table's lock, the agent runs in a worker thread, so the event loop goes on serving
the tables. The answer goes to the asking connection alone:
`{"type": "hint", "index": n, "action": "<action text>", "text": "<the same, in words>"}`, the words
being the game's own (`hint.words`): what the seat's log would tell of the move (from the seat's
determinizations, only what they all tell), and its words for a move the log does not tell
(`hint.game_words`), else the action's text alone; a table that moved on
meanwhile gets the refusal "hint-stale" instead.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from deadtable.agents.hint import hint_bot, info_for, suggest, suggested, table_of, words
from deadtable.i18n import N_, Message, N_plural, render

from .store import Refused

if TYPE_CHECKING:
    from deadtable.core import Action, SeatInfo

    from .live_table import LiveTable

HINTS_OFF = N_("hints are off at this table: they are chosen when the table is made")
SPECTATOR = N_("spectators watch; only the seat to act may ask for a hint")
NOT_YOUR_TURN = N_("a hint is for the seat to act: wait for your turn")
STALE = N_("the table has moved on since you asked for a hint")
TOO_SOON = N_plural(
    "one hint every {seconds} second: wait a moment", "one hint every {seconds} seconds: wait a moment"
)


async def hint(lt: LiveTable, seat: int | None, index: int, lang: str) -> dict[str, Any]:
    """The hint for `seat` at table `lt`, at move `index` as the seat last saw it (else Refused)."""
    if not lt.row.hints:
        raise Refused("hints-off", Message(HINTS_OFF))
    if seat is None:
        raise Refused("hint-spectator", Message(SPECTATOR))
    async with lt.lock:
        state = lt.state
        if state.is_terminal or state.current_player != seat:
            raise Refused("hint-not-your-turn", Message(NOT_YOUR_TURN))
        if index != lt.index:
            raise Refused("hint-stale", Message(STALE))
        info = info_for(state, index)  # the seat's view and a determinization: no hidden card
    action, lines, bot = await asyncio.to_thread(_suggest_and_tell, info, lt, index)
    if lt.index != index:  # a move came (a stand-in's, or an undo) while the bot was thinking
        raise Refused("hint-stale", Message(STALE))
    text = str(action)
    words = "; ".join(line.render(lang) for line in lines)
    said = suggested(bot, words or text)  # the move's text only where nothing says it
    return {"type": "hint", "index": index, "action": text, "text": render(said, lang)}


def _suggest_and_tell(info: SeatInfo, lt: LiveTable, index: int) -> tuple[Action, list[Message], str]:
    """The bot's move from `info`, what the seat's log would tell of it, and which bot it is
    (worker thread)."""
    action = suggest(info, lt.game, index)
    return action, words(info, lt.game, action, index), hint_bot(lt.game, *table_of(info))
