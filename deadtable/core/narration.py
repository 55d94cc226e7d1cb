"""A game's whole narration since move 0, gathered from the views a reader is given.

A view tells only the last entries of the game's narration (`State.view`: the keys `log`,
`log_i18n`) and where they stand in the whole (`log_start`). A reader that keeps what it was told
(the online table's log, the terminal's lines between a person's moves) gathers the entries it has
not held yet from each view it receives, so everything it shows a seat comes from what that seat may
see (DESIGN.md, "Surfaces"), and nothing is lost between views.

>>> log = NarrationLog()
>>> view = {"log": ["a", "b"], "log_i18n": [{"msg": "a"}, {"msg": "b"}], "log_start": 0}
>>> [m["msg"] for m in log.gather(view)]
['a', 'b']
>>> view = {"log": ["b", "c"], "log_i18n": [{"msg": "b"}, {"msg": "c"}], "log_start": 1}
>>> [m["msg"] for m in log.gather(view)], len(log)
(['c'], 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import LOG_I18N, LOG_START


class NarrationLog:
    """The entries of a game's narration (JSON messages), by their place in the whole."""

    __slots__ = ("entries", "lost")

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self.lost = 0  # entries told and trimmed before any view this log gathered from showed them

    def __len__(self) -> int:
        return len(self.entries)

    def gather(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The entries of `view`'s narration not held yet, now held (in order).

        A view that starts past what is held means entries were told and trimmed unseen (a reader
        that gathers after every move never meets this): they count in `lost`, and the gathering goes
        on from the view's first entry."""
        messages = view.get(LOG_I18N) or []
        start = int(view.get(LOG_START, 0))
        held = len(self.entries) + self.lost
        if start > held:
            self.lost += start - held
            held = start
        new = list(messages[held - start :])
        self.entries.extend(new)
        return new
