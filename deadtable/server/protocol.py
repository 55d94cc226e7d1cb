"""What a WebSocket client may send, checked before anything reaches a table.

Client to server, one JSON object per text message:
  {"type": "hello", "seat": 0, "token": "..."}   first message; no seat and token = spectator
  {"type": "act", "action": "place 3 a1", "index": 7}   index = the move the client saw
  {"type": "why", "action": "place 3 a1"}        is it legal now, and if not why
  {"type": "back"}                                 I am here again (a bot was playing for me)
  {"type": "lang", "lang": "es"}                 speak this language from now on (also in hello)
  {"type": "chat", "text": "good luck"}          a line in the table's chat (seats only; chat.py)
  {"type": "rematch"}                              "Play again" once the game is over (seats; rematch.py)
  {"type": "undo", "index": 7}                     take back my last move, the table at move 7 (takeback.py)
  {"type": "hint", "index": 7}                     the bot's suggested move, at a table with hints (hints.py)
  {"type": "coach", "index": 7}                    the coach of a guided first game (lessons.py)
  {"type": "ping"}
Server to client: {"type": "state", ...} (the seat's view, the log since the last state, and for the
seat to act `legal`, its legal actions' texts, and `actions`, the same in structured form:
{"text": "buy trap 3", "kind": "buy", "what": "trap", "slot": 3}, from `Action.describe()`, and
`confirm`, the legal actions' texts its game asks about before they are made (`Game.asks_first`),
`can_undo`, how many of its own moves the seat may take back now),
{"type": "error", "code": ..., "message": ...},
{"type": "why", ...}, {"type": "pong"}, {"type": "chat", "lines": [...], "history": ...} (chat.py),
{"type": "hint", "index": 7, "action": ..., "text": ...} (to the asking connection only; hints.py),
{"type": "coach", "index": 7, ...} (the same; lessons.py),
{"type": "restarting", "message": ...} (the server stops for a restart: the connection is closed
next, with code 1012, and the client reconnects to the same seat; hub.Hub.stop). A move refused
while the server stops has the code "restarting"; at a table its operator closed, "closed".

Texts hold no control characters (NUL included) and no unpaired surrogates ("\\ud800" is valid
JSON, but no valid text): such a message is refused whole ("bad-text"). A connection sends at most
`MESSAGES_PER_SECOND` messages (`MESSAGES_BURST` at once) and switches language at most
`LANG_PER_SECOND` times a second (live_limits.py): a message beyond is refused ("slow-down"), and a
connection that keeps sending too fast is closed (code 1008).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from deadtable.i18n import N_, Message

from .chat import checked_text
from .store import Refused

NOT_JSON = N_('a message must be a JSON object such as {"type": "ping"}')  # no parameters: braces as written
MAX_MESSAGE = 4096  # characters; a move is a few words
MAX_ACTION = 300
TYPES = ("hello", "act", "why", "back", "ping", "lang", "chat", "rematch", "undo", "hint", "coach")
# C0 and C1 controls (NUL, newlines and tabs included: no field needs them) and lone surrogates.
BAD_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def parse(raw: dict[str, Any]) -> dict[str, Any]:
    """A received ASGI websocket message as a checked client message, or Refused."""
    if raw.get("bytes") is not None:
        raise Refused("binary", Message("binary messages are not understood: send JSON text"))
    text = raw.get("text")
    if not isinstance(text, str):
        raise Refused("empty", Message("empty message"))
    if len(text) > MAX_MESSAGE:
        raise Refused(
            "too-large",
            Message(
                "message too large ({size} characters; at most {most})", size=len(text), most=MAX_MESSAGE
            ),
        )
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise Refused("not-json", Message(NOT_JSON)) from None
    if not isinstance(msg, dict):
        raise Refused("not-json", Message(NOT_JSON))
    bad = _bad_text(msg)
    if bad is not None:
        raise Refused(
            "bad-text",
            Message(
                "a text holds a control character or an unpaired surrogate (U+{code:04X}); "
                "send plain printable text",
                code=ord(bad),
            ),
        )
    kind = msg.get("type")
    if kind not in TYPES:
        raise Refused(
            "bad-type",
            Message(
                "unknown message type {kind!r}; the types are: {types}", kind=kind, types=", ".join(TYPES)
            ),
        )
    if kind in ("act", "why"):
        action = msg.get("action")
        if not isinstance(action, str) or not action.strip():
            raise Refused("bad-action", Message('an action is its text, for example "pass"'))
        if len(action) > MAX_ACTION:
            raise Refused("bad-action", Message("an action is at most {most} characters", most=MAX_ACTION))
    if kind in ("act", "undo", "hint", "coach"):
        index = msg.get("index")
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise Refused(
                "bad-index", Message("an action needs the index of the move it answers (from the last state)")
            )
    if kind == "chat":
        msg["text"] = checked_text(msg.get("text"))
    return msg


def _bad_text(msg: dict[str, Any]) -> str | None:
    """The first control character or lone surrogate in any key or string of `msg`, else None."""
    stack: list[Any] = [msg]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found = BAD_CHARACTER.search(item)
            if found:
                return found.group()
    return None


class TokenBucket:
    """At most `rate` events a second on average, `burst` at once: `take()` says whether one may pass.

    >>> b = TokenBucket(1.0, 2)
    >>> [b.take(), b.take(), b.take()]
    [True, True, False]
    """

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
