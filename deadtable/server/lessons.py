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

Every learner of a game starts the same lesson (its seed is fixed) and most follow the coach, so
the same decisions come again and again: a suggestion is kept (`Suggestions`, the last
`SUGGESTIONS_KEPT`) by what decides it and nothing else, the table's game, player count and
options, the seat's own view (its narration included), the move number (the hint's seed) and the
language. Two seats with the same view know the same (RULINGS ALL-2), so an answer kept for one
tells the other nothing it could not see.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from deadtable.agents.coach import coach, suggestion
from deadtable.agents.hint import info_for
from deadtable.i18n import N_, Message

from .store import Refused

if TYPE_CHECKING:
    from .live_table import LiveTable

NO_COACH = N_("the coach speaks at guided games only: start one with “Learn to play”")
SPECTATOR = N_("spectators watch; the coach speaks to a seat")
STALE = N_("the table has moved on since you asked the coach")
SUGGESTIONS_KEPT: Final = 4096  # about a megabyte: every decision of a few dozen lessons


class Suggestions:
    """The coach's last suggestions, by what decides each (the oldest forgotten first)."""

    def __init__(self, kept: int = SUGGESTIONS_KEPT) -> None:
        self.kept = kept
        self.said: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.found = 0  # answers given from the kept ones

    @staticmethod
    def key(state: Any, view: dict[str, Any], index: int, lang: str) -> str:
        decided_by = [state.game.id, state.players, state.options, view, index, lang]
        text = json.dumps(decided_by, sort_keys=True, default=str)
        return hashlib.blake2b(text.encode("utf-8"), digest_size=20).hexdigest()

    def get(self, key: str) -> dict[str, Any] | None:
        said = self.said.get(key)
        if said is not None:
            self.said.move_to_end(key)
            self.found += 1
        return said

    def keep(self, key: str, said: dict[str, Any]) -> None:
        self.said[key] = said
        self.said.move_to_end(key)
        while len(self.said) > self.kept:
            self.said.popitem(last=False)


SUGGESTIONS = Suggestions()  # one per server process


async def coach_message(
    lt: LiveTable, seat: int | None, index: int, lang: str, may_think: Callable[[], None] = lambda: None
) -> dict[str, Any]:
    """What the coach says to `seat` at table `lt`, at move `index` as the seat last saw it.

    `may_think` is called (it may refuse with `Refused`) only before the bot thinks of a suggestion
    not kept: what the coach says of a state that is not the seat's turn, or of a decision met
    before, costs no search."""
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
        key = Suggestions.key(state, view, index, lang) if mine else ""
        kept = SUGGESTIONS.get(key) if mine else None
        # The seat's view and a determinization, drawn only for a suggestion still to think of.
        info = info_for(state, index) if mine and kept is None else None
    said = coach(lt.game, view, legal, over, lang)
    said["suggestion"] = None
    if mine and said["lesson"]:
        if kept is None:
            assert info is not None
            may_think()
            kept = await asyncio.to_thread(suggestion, lt.game, info, index, lang)
            SUGGESTIONS.keep(key, kept)
        said["suggestion"] = dict(kept)
        if lt.index != index:  # a move came (an undo, a stand-in's) while the bot was thinking
            raise Refused("coach-stale", Message(STALE))
    return {"type": "coach", "index": index, **said}
