"""What a WebSocket client may send, checked before anything reaches a table.

Client to server, one JSON object per text message:
  {"type": "hello", "seat": 0, "token": "..."}   first message; no seat and token = spectator
  {"type": "act", "action": "place 3 a1", "index": 7}   index = the move the client saw
  {"type": "why", "action": "place 3 a1"}        is it legal now, and if not why
  {"type": "back"}                                 I am here again (a bot was playing for me)
  {"type": "lang", "lang": "es"}                 speak this language from now on (also in hello)
  {"type": "ping"}
Server to client: {"type": "state", ...}, {"type": "error", "code": ..., "message": ...},
{"type": "why", ...}, {"type": "pong"}.
"""

from __future__ import annotations

import json
from typing import Any

from deadtable.i18n import N_, Message

from .store import Refused

NOT_JSON = N_('a message must be a JSON object such as {"type": "ping"}')  # no parameters: braces as written
MAX_MESSAGE = 4096  # characters; a move is a few words
MAX_ACTION = 300
TYPES = ("hello", "act", "why", "back", "ping", "lang")


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
        index = msg.get("index")
        if kind == "act" and (isinstance(index, bool) or not isinstance(index, int) or index < 0):
            raise Refused(
                "bad-index", Message("an action needs the index of the move it answers (from the last state)")
            )
    return msg
