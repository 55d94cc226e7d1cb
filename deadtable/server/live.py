"""One table held in memory: its stored row, the game state rebuilt from the record, the log.

A `LiveTable` never mutates a published state: each accepted action produces a new state (a clone
with the action applied) that replaces the old one, so views, bots and senders may hold a state
while the next action is being accepted.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from deadtable.core import Agent, Game, IllegalAction, RecordError, State, game
from deadtable.i18n import N_, Message, render

from .store import ActionRow, NoteRow, TableRow

Sender = Callable[[str], Awaitable[None]]

STORED_FAILS = N_("table {table}: stored action {i} ({action!r}) fails: {err}")

# A log line of a move: the seat, the action's text (the protocol: English everywhere), who chose it.
MOVE_LINE = {
    "player": N_("{who}: {action}"),
    "bot": N_("{who}: {action} (bot)"),
    "standby": N_("{who}: {action} (played by a bot while away)"),
}


def note_message(text: str) -> Message:
    """A stored log note: a message as JSON (since issue 8), or plain English text (older tables)."""
    if text.startswith("{"):
        try:
            data = json.loads(text)
            if isinstance(data, dict) and "msg" in data:
                return Message.from_json(data)
        except (ValueError, TypeError, KeyError):
            pass
    return Message(text)


def note_text(message: Message) -> str:
    """How a note is stored: the message as JSON, rendered in each reader's language."""
    return json.dumps(message.to_json(), ensure_ascii=False)


@dataclass(eq=False)
class Conn:
    """One WebSocket connected to a table, for a seat or (seat None) a spectator."""

    seat: int | None
    send: Sender
    sent_log: int = 0
    alive: bool = True
    lang: str = "en"


@dataclass(eq=False)
class LiveTable:
    row: TableRow
    game: Game
    state: State
    log: list[dict[str, Any]] = field(default_factory=list)
    last_note: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    agents: dict[str, Agent] = field(default_factory=dict)
    clock: asyncio.Task[None] | None = None
    deadline: float | None = None
    leave_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    driving: bool = False

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def index(self) -> int:
        return len(self.state.history)

    def label(self, seat: int) -> str:
        name = self.row.seats[seat].name
        return f"P{seat + 1}" + (f" {name}" if name else "")

    def log_seat(self, idx: int) -> int | None:
        """The seat that took action `idx`, from the log."""
        for entry in self.log:
            if entry["kind"] == "move" and entry["i"] == idx:
                return int(entry["seat"])
        return None

    def present(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.conns)

    def humans_present(self) -> bool:
        return any(c.seat is not None for c in self.conns)

    # -- building from the record -----------------------------------------------------------
    def add_actions(self, state: State, rows: list[ActionRow]) -> State:
        """`state` with the stored `rows` applied (a new state when there are any)."""
        if not rows:
            return state
        out = state.clone()
        for r in rows:
            if r.idx != len(out.history):
                raise RecordError("table {table}: action {i} arrived out of order", table=self.id, i=r.idx)
            try:
                out.apply(out.game.parse_action(out, r.text))
            except IllegalAction as err:
                raise RecordError(STORED_FAILS, table=self.id, i=r.idx, action=r.text, err=err) from None
            self.log_action(r.idx, r.seat, r.text, r.actor)
        return out

    def log_action(self, idx: int, seat: int, text: str, actor: str) -> None:
        self.log.append(
            log_entry(
                idx,
                "move",
                seat,
                Message(MOVE_LINE.get(actor, MOVE_LINE["player"]), who=self.label(seat), action=text),
            )
        )

    def add_notes(self, rows: list[NoteRow]) -> None:
        for n in rows:
            if n.id > self.last_note:
                self.log.append(log_entry(n.at_action, "note", None, note_message(n.text)))
                self.last_note = n.id

    # -- what a connection receives ---------------------------------------------------------
    def message(self, conn: Conn) -> str:
        st = self.state
        seat = conn.seat
        cur = st.current_player
        mine = seat is not None and cur == seat
        lang = conn.lang
        msg: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "game": self.game.id,
            "game_name": render(self.game.name, lang),
            "lang": lang,
            "index": len(st.history),
            "seat": seat,
            "to_act": cur,
            "your_turn": mine,
            "away": bool(seat is not None and self.row.seats[seat].away),
            "legal": [str(a) for a in st.legal_actions()] if mine else [],
            "view": localized_view(st.view(seat), lang),
            "seats": [
                {**s.public(), "present": self.present(s.seat) if s.kind == "human" else True}
                for s in self.row.seats
            ],
            "deadline": self.deadline,
            "move_time": self.row.move_time,
            "over": st.is_terminal,
            "outcome": localized_view(st.outcome().to_json(), lang) if st.is_terminal else None,
            "log_from": conn.sent_log,
            "log": [log_line(e, lang) for e in self.log[conn.sent_log :]],
        }
        conn.sent_log = len(self.log)
        return json.dumps(msg, ensure_ascii=False)


def log_entry(i: int, kind: str, seat: int | None, message: Message) -> dict[str, Any]:
    """One line of a table's log: its message, and the English text ("text_<lang>" caches others)."""
    return {"i": i, "kind": kind, "seat": seat, "msg": message, "text": str(message)}


def log_line(entry: dict[str, Any], lang: str) -> dict[str, Any]:
    """A table log entry as sent: its message rendered in `lang` (each rendering is kept)."""
    key = "text" if lang == "en" else "text_" + lang
    text = entry.get(key)
    if text is None:
        text = entry[key] = entry["msg"].render(lang)
    return {"i": entry["i"], "kind": entry["kind"], "seat": entry["seat"], "text": text}


def localized_view(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """A view (or an outcome) with its narration in `lang`, where the game keeps it as messages.

    Beside an English text `key` a game may give `key_i18n`: a message as JSON, or a list of them
    (Carson City Zoo's `log` / `log_i18n`, Zombie Overlord's `note_i18n`, an outcome's `note_i18n`).
    The English text is replaced by the rendering in `lang`, at any depth; the `_i18n` keys stay, and
    nothing is mutated (views may share parts with the state). Texts of games that keep no messages
    are sent as they are (English) until they do.
    """
    if lang == "en":
        return view
    out = _localized(view, lang, 0)
    assert isinstance(out, dict)
    return out


def _render_json(value: Any, lang: str) -> Any:
    if isinstance(value, dict) and "msg" in value:
        return Message.from_json(value).render(lang)
    if isinstance(value, list):
        return [_render_json(v, lang) for v in value]
    return value


def _localized(obj: Any, lang: str, depth: int) -> Any:
    if depth > 4:
        return obj
    if isinstance(obj, dict):
        changed: dict[str, Any] = {}
        for key, value in obj.items():
            if key.endswith("_i18n"):
                base = key[: -len("_i18n")]
                if value is not None and base in obj:
                    changed[base] = _render_json(value, lang)
            elif isinstance(value, dict | list):
                new = _localized(value, lang, depth + 1)
                if new is not value:
                    changed[key] = new
        return {**obj, **changed} if changed else obj
    if isinstance(obj, list) and obj and isinstance(obj[0], dict | list):
        items = [_localized(v, lang, depth + 1) for v in obj]
        return items if any(a is not b for a, b in zip(items, obj, strict=True)) else obj
    return obj


def build(row: TableRow, rows: list[ActionRow], note_rows: list[NoteRow]) -> LiveTable:
    """The live table from its stored record: a new game, every stored action re-applied."""
    the_game = game(row.game)
    state = the_game.new(row.players, row.seed, **row.options)
    lt = LiveTable(row=row, game=the_game, state=state)
    # Notes and moves interleave in the log by the action index they happened at.
    pending = sorted(note_rows, key=lambda n: (n.at_action, n.id))
    j = 0
    for r in rows:
        while j < len(pending) and pending[j].at_action <= r.idx:
            note = note_message(pending[j].text)
            lt.log.append(log_entry(pending[j].at_action, "note", None, note))
            j += 1
        if r.idx != len(state.history):
            raise RecordError("table {table}: action {i} is missing from the record", table=row.id, i=r.idx)
        try:
            state.apply(the_game.parse_action(state, r.text))
        except IllegalAction as err:
            raise RecordError(STORED_FAILS, table=row.id, i=r.idx, action=r.text, err=err) from None
        lt.log_action(r.idx, r.seat, r.text, r.actor)
    for n in pending[j:]:
        lt.log.append(log_entry(n.at_action, "note", None, note_message(n.text)))
    lt.last_note = max((n.id for n in note_rows), default=0)
    lt.state = state
    return lt
