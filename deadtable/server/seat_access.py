"""Who may do what at a table: a hello's seat checked against its secret (`authenticate`), and
whether an action is legal for a seat now, and if not why (`explain`, the answer to "why").

Both only read the live table: the WebSocket route (routes/live.py) and the review route ask them;
the hub uses the same refusals when it accepts an action.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from deadtable.i18n import N_, Message, render

from .store import Refused, hash_token

if TYPE_CHECKING:
    from .live_table import LiveTable

GAME_OVER = N_("the game is over")
NOT_YOUR_TURN = N_("it is not your turn: {who} is to act")


def authenticate(lt: LiveTable, seat: Any, token: Any) -> int | None:
    """The seat a hello claims, checked against its secret; None for a spectator."""
    if seat is None and token is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise Refused("bad-seat", Message("the seat must be a number"))
    if not 0 <= seat < lt.row.players:
        raise Refused(
            "no-seat",
            Message(
                "there is no seat {seat} at this table (seats 0 to {last})",
                seat=seat,
                last=lt.row.players - 1,
            ),
        )
    srow = lt.row.seats[seat]
    if srow.kind != "human" or srow.token_hash is None:
        raise Refused(
            "bot-seat", Message("seat {seat} is played by a bot; nobody can take it over", seat=seat)
        )
    if not isinstance(token, str) or not token:
        raise Refused(
            "no-token",
            Message("seat {seat} needs its secret token (it is in the seat's link)", seat=seat),
        )
    if not secrets.compare_digest(hash_token(token[:200]), srow.token_hash):
        raise Refused(
            "bad-token",
            Message("that token does not belong to seat {seat}: use the link you were given", seat=seat),
        )
    return seat


def explain(lt: LiveTable, seat: int | None, text: str, lang: str = "en") -> dict[str, Any]:
    """Whether `text` is legal for `seat` now, and if not, why (the game's own words, in `lang`)."""
    st = lt.state
    out: dict[str, Any] = {"type": "why", "action": text, "legal": False}
    reason: str | Message | None = None
    if seat is None:
        reason = Message("spectators cannot act")
    elif st.is_terminal:
        reason = Message(GAME_OVER)
    elif st.current_player != seat:
        reason = Message(NOT_YOUR_TURN, who=lt.label(st.current_player or 0))
    else:
        wanted = " ".join(text.split()).lower()
        if any(str(a).lower() == wanted for a in st.legal_actions()):
            out["legal"] = True
        else:
            reason = st.game.explain_illegal(st, wanted)
    if reason is not None:
        out["reason"] = render(reason, lang)
    return out
