"""Carson City Zoo in words for people: the grid, hands and scores drawn from a seat's view for a
terminal (`render`), and a move in the game's words for a hint (`move_words`)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from deadtable.core import Action
from deadtable.core.state import read_narration
from deadtable.i18n import N_, Message, translator

from . import board
from .actions import Move, Place

PLACE_WORDS = N_("place your {value} on {pos}")
MOVE_WORDS = N_("move your character from {src} to {pos}")
COLOURS = ("red", "cyan", "green", "yellow")
CELL = 9


def seat_colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def _cell(cell: dict[str, Any]) -> str:
    height = cell["height"]
    stack = f"{cell['top']}{'▮' * height}" if height else ""
    piece = cell["piece"]
    if piece is None:
        text = stack if stack else "·"
        return f"[dim]{text:^{CELL}}[/dim]" if not stack else f"{text:^{CELL}}"
    colour = seat_colour(piece["owner"])
    mark = f"M{piece['value']}" if piece["mutant"] else f"P{piece['owner'] + 1}:{piece['value']}"
    body = f"{mark} {stack}".strip()
    pad = CELL - len(body)
    left, right = pad // 2, pad - pad // 2
    style = f"bold white on {colour}" if not piece["mutant"] else f"bold {colour} reverse"
    return " " * left + f"[{style}]{mark}[/{style}]" + (" " + stack if stack else "") + " " * right


def render(view: dict[str, Any], lang: str = "en") -> str:
    """The 5x5 grid with stacks (top value, then one ▮ per card), characters and mutants.

    Every word comes from the catalogue of `lang`; position names (a1 to e5) and the action
    texts stay as typed.
    """
    tr = translator(lang)
    lines = []
    header = "    " + "".join(f"{c:^{CELL}}" for c in "abcde")
    lines.append(header)
    cells = view["board"]
    for row in range(4, -1, -1):
        body = "".join(_cell(cells[row * 5 + col]) for col in range(5))
        lines.append(f" {row + 1}  {body}")
    legend = tr._("stack: top value, one ▮ per card · P2:5 = P2's character 5 · M5 = a mutant")
    lines.append(f"[dim]{legend}[/dim]")
    # Why a score counts characters before anyone captured a thing: the rulebook's final scoring.
    points = tr._("points: captured cards + your characters in hand or on the board (not mutants)")
    lines.append(f"[dim]{points}[/dim]")
    for seat in range(view["players"]):
        colour = seat_colour(seat)
        you = " " + tr._("(you)") if view.get("seat") == seat else ""
        turn = "  " + tr._("◀ to act") if view["current_player"] == seat else ""
        hand = " ".join(str(v) for v in view["hands"][seat]) or "-"
        parts = (
            tr._("hand {hand}", hand=hand),
            tr.n_("captured {n} card", "captured {n} cards", len(view["captured"][seat])),
            tr.n_("{n} point", "{n} points", view["scores"][seat]),
        )
        lines.append(f"[bold {colour}]P{seat + 1}[/bold {colour}]{you}: {' · '.join(parts)}{turn}")
    if view["mutants_found"]:
        found = ", ".join(str(v) for v in view["mutants_found"])
        lines.append(tr._("Mutants found among the zoo cards of value: {found}", found=found))
    entries = read_narration(view, lang)
    if entries:
        lines.extend(f"[dim]· {escape(entry)}[/dim]" for entry in entries[-5:])
    return "\n".join(lines)


def move_words(view: dict[str, Any], action: Action) -> Message | None:
    """A move without what it takes, for a hint: the log tells the zoo card taken, hidden until it is."""
    if isinstance(action, Place):
        return Message(PLACE_WORDS, value=action.value, pos=board.name(action.pos))
    if isinstance(action, Move):
        return Message(MOVE_WORDS, src=board.name(action.src), pos=board.name(action.dst))
    return None
