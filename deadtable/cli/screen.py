"""What a person at the terminal sees in `deadtable play`: one compact screen per decision.

A screen is the game's narration since this seat's last screen (all of it, however long a bot's turn
was), then the board drawn from the seat's view without its log, then the legal actions, then the
prompt. Board, actions and prompt fit an 80x24 terminal, so the board and the question are seen
together. A refused input prints only the reason and the prompt again, never the board, so the reason
stays right above the prompt. On a terminal (a TTY) each screen starts on a cleared screen, so it
stays in place; piped output gets the same lines without any cursor control.

Everything a screen shows comes from the seat's view, the game's public card texts and the legal
actions (DESIGN.md, "Surfaces"): the narration is public and the same in every seat's view, so one
log gathered after every move serves every seat at the table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from deadtable.core import Game, State
from deadtable.core.narration import NarrationLog
from deadtable.core.parts import module
from deadtable.core.state import LOG_I18N, LOG_START, NARRATION
from deadtable.i18n import Message, _, translator

WIDTH = 80  # the terminal the screen is made for (tests/cli/test_screen.py holds every game to it)
HEIGHT = 24
CHROME = 2  # lines a screen adds to the board and the actions: the seat's rule and the prompt
MENU_ROWS = 5  # at most this many rows of numbered actions; more actions are shown as patterns
GAP = 2
SPREAD = 6  # a word that varies over more values than this is shown as "<first…last>"


def board_view(view: dict[str, Any]) -> dict[str, Any]:
    """`view` without its narration: the screen prints the log itself, whole since the last screen."""
    return {k: v for k, v in view.items() if k not in NARRATION}


def menu_lines(actions: Sequence[str], width: int = WIDTH, rows: int = MENU_ROWS) -> list[str]:
    """The legal actions as numbered columns (column first) in at most `rows` rows, else as patterns.

    >>> menu_lines(["purchase", "attack", "end turn"])
    [' 1 purchase  2 attack    3 end turn']
    >>> places = [f"place {v} {p}" for v in (3, 4) for p in ("a1", "b2")]
    >>> menu_lines([*places, "move a1 a2"], width=40, rows=1)
    ['place 3|4 a1|b2 · move a1 a2   (list:', 'all 5, numbered)']
    """
    if not actions:
        return []
    number = len(str(len(actions)))
    cell = max(len(a) for a in actions) + number + 1 + GAP
    columns = max(1, (width + GAP) // cell)
    needed = math.ceil(len(actions) / columns)
    if needed <= rows:
        out = []
        for r in range(needed):
            cells = []
            for c in range(columns):
                i = c * needed + r
                if i < len(actions):
                    cells.append(f"{i + 1:>{number + 1}} {escape(actions[i])}".ljust(cell))
            out.append("".join(cells).rstrip())
        return out
    hint = _("(list: all {n}, numbered)", n=len(actions))
    return _wrap(" · ".join(escape(p) for p in patterns(actions)) + "   " + hint, width)


def patterns(actions: Sequence[str]) -> list[str]:
    """Actions grouped by their words: each group as one line of the choices for each word.

    >>> patterns(["place 1 a1", "place 1 a2", "place 5 a1", "place 5 a2", "end turn"])
    ['place 1|5 a1|a2', 'end turn']
    """
    groups: dict[tuple[str, int], list[list[str]]] = {}
    for text in actions:
        words = text.split()
        groups.setdefault((words[0] if words else "", len(words)), []).append(words)
    out = []
    for rows in groups.values():
        shown = []
        for i in range(len(rows[0])):
            values = list(dict.fromkeys(r[i] for r in rows))
            shown.append("|".join(values) if len(values) <= SPREAD else f"<{values[0]}…{values[-1]}>")
        out.append(" ".join(shown))
    return out


def rows(markup: str, width: int = WIDTH) -> int:
    """How many rows of a `width`-column terminal a markup text takes (its lines, wrapped)."""
    return sum(max(1, -(-Text.from_markup(line).cell_len // width)) for line in markup.split("\n"))


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def card_texts(game: Game, options: dict[str, Any], lang: str) -> dict[str, tuple[str, str]]:
    """Every card's (title, text) in `lang`, found by its id and by its title (lowercase, both); the
    text begins with what else the printed face shows (cost, Defense...) when the game's `text` part
    says it (`card_face(entry, lang)`)."""
    texts = game.card_texts(options) or {}
    tr = translator(lang)
    context = f"{game.id}:card"

    def local(text: str) -> str:
        whole = tr.pgettext(context, text) if text else text
        if whole == text and "; " in text:  # several effects, each a text of the catalogue
            return "; ".join(tr.pgettext(context, part) for part in text.split("; "))
        return whole

    text_part = module(game, "text")
    face = getattr(text_part, "card_face", None) if text_part is not None else None
    out: dict[str, tuple[str, str]] = {}
    for key, entry in texts.items():
        title = local(entry.get("title", key))
        if " ".join(title.lower().split()) != key:  # "AMMO" is ammo-05: say both
            title = f"{title} ({key})"
        printed = face(entry, lang) if face is not None else ""
        shown = (title, " · ".join(x for x in (printed, local(entry.get("text", ""))) if x))
        for name in (key, entry.get("title", key), local(entry.get("title", key))):
            out.setdefault(" ".join(str(name).lower().split()), shown)
    return out


class Screen:
    """The screens of one game at one terminal: the narration gathered so far and who saw what."""

    def __init__(self, game: Game, state: State, lang: str, console: Console) -> None:
        self.game = game
        self.lang = lang
        self.console = console
        self.narration = NarrationLog()
        self.shown: dict[int, int] = {}  # seat -> narration entries held when its last screen began
        # seat -> lines for its next screen (answers given for it), each after so many log entries
        self.notes: dict[int, list[tuple[int, str]]] = {}
        self.cards = card_texts(game, state.options, lang)

    # -- the narration ------------------------------------------------------------------------
    def follow(self, view: dict[str, Any]) -> None:
        """Gather the narration of a view (after every move, so no bot's turn outruns a view's log)."""
        self.narration.gather(view)

    def lines_since(self, seat: int | None) -> list[str]:
        """The narration this seat has not been shown, now marked shown, with the notes kept for it
        (every seat's, for None) each where it was made among the entries."""
        key = -1 if seat is None else seat
        start = self.shown.get(key, 0)
        self.shown[key] = len(self.narration)
        seats = sorted(self.notes) if seat is None else [seat]
        notes = sorted((at, i, line) for s in seats for i, (at, line) in enumerate(self.notes.pop(s, [])))
        out: list[str] = []
        for at, entry in enumerate(self.narration.entries[start:], start):
            out.extend(line for when, _i, line in notes if when == at)
            out.append(self._entry(entry))
        out.extend(line for when, _i, line in notes if when >= len(self.narration) or when < start)
        return out

    def whole_log(self) -> list[str]:
        return [self._entry(e) for e in self.narration.entries]

    def _entry(self, entry: dict[str, Any]) -> str:
        return "[dim]· " + escape(Message.from_json(entry).render(self.lang)) + "[/dim]"

    def taken_back(self, view: dict[str, Any], seat: int, line: str) -> None:
        """Moves were taken back: the narration is cut back to what `view` (the game after the
        undo) has told, and `line` says so on the seat's next screen."""
        told = int(view.get(LOG_START, 0)) + len(view.get(LOG_I18N) or []) - self.narration.lost
        del self.narration.entries[max(0, told) :]
        for key, start in self.shown.items():
            self.shown[key] = min(start, len(self.narration))
        self.notes = {s: [(min(at, len(self.narration)), m) for at, m in n] for s, n in self.notes.items()}
        self.note(seat, "[bold]" + escape(line) + "[/bold]")

    # -- what is printed ----------------------------------------------------------------------
    def clear(self) -> None:
        """A new screen: on a terminal, cleared and drawn from the top (piped output: nothing)."""
        if self.console.is_terminal:
            self.console.clear()

    def board(self, view: dict[str, Any]) -> str:
        return self.game.render_view(board_view(view), lang=self.lang)

    def draw(self, state: State, seat: int) -> None:
        """The seat's screen: what happened since its last one, the board, the actions."""
        view = state.view(seat)
        self.follow(view)
        self.clear()
        for line in self.lines_since(seat):
            self.console.print(line)
        self.redraw(state, seat, view)

    def note(self, seat: int, markup: str) -> None:
        """A line for the seat's next screen, in the log where it happened (printed at once, a
        cleared screen would hide it)."""
        self.notes.setdefault(seat, []).append((len(self.narration), markup))

    def redraw(self, state: State, seat: int, view: dict[str, Any] | None = None) -> None:
        """The board and the actions again (the `board` command), without the log."""
        view = view or state.view(seat)
        board = self.board(view)
        self.console.rule(_("P{seat}, your turn", seat=seat + 1))
        self.console.print(board)
        room = max(1, min(MENU_ROWS, HEIGHT - CHROME - rows(board, self.width)))
        for line in menu_lines([str(a) for a in state.legal_actions()], self.width, room):
            self.console.print(line)

    def listing(self, state: State) -> None:
        """Every legal action, numbered (the `list` command), however many."""
        actions = [str(a) for a in state.legal_actions()]
        for line in menu_lines(actions, self.width, rows=len(actions)):
            self.console.print(line)

    def look(self, name: str) -> str | None:
        """A card's full text (the `look CARD` command), or None when no card is called so."""
        found = self.cards.get(" ".join(name.lower().split()))
        if found is None:
            return None
        title, text = found
        return f"[bold]{escape(title)}[/bold]" + (f": {escape(text)}" if text else "")

    def refuse(self, reason: str | Message) -> None:
        """A refused input: the reason alone, then the prompt comes again (no board)."""
        shown = reason.render(self.lang) if isinstance(reason, Message) else reason
        self.console.print("[red]" + escape(shown) + "[/red]")

    @property
    def width(self) -> int:
        return min(WIDTH, self.console.width) if self.console.is_terminal else WIDTH
