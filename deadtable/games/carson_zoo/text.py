"""Carson City Zoo in a terminal: the grid, hands and scores drawn from a seat's view."""

from __future__ import annotations

from typing import Any

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


def render(view: dict[str, Any]) -> str:
    """The 5x5 grid with stacks (top value, then one ▮ per card), characters and mutants."""
    lines = []
    header = "    " + "".join(f"{c:^{CELL}}" for c in "abcde")
    lines.append(header)
    cells = view["board"]
    for row in range(4, -1, -1):
        body = "".join(_cell(cells[row * 5 + col]) for col in range(5))
        lines.append(f" {row + 1}  {body}")
    lines.append("")
    lines.append(
        "[dim]stack: top value then one ▮ per card · P2:5 = player 2's character 5 · M5 = mutant[/dim]"
    )
    lines.append("")
    for seat in range(view["players"]):
        colour = seat_colour(seat)
        you = " (you)" if view.get("seat") == seat else ""
        turn = "  ◀ to act" if view["current_player"] == seat else ""
        hand = " ".join(str(v) for v in view["hands"][seat]) or "-"
        lines.append(
            f"[bold {colour}]P{seat + 1}[/bold {colour}]{you}: hand {hand} · captured "
            f"{len(view['captured'][seat])} cards · {view['scores'][seat]} points{turn}"
        )
    if view["mutants_found"]:
        found = ", ".join(str(v) for v in view["mutants_found"])
        lines.append(f"Mutants found among the zoo cards of value: {found}")
    if view["log"]:
        lines.append("")
        lines.extend(f"[dim]· {entry}[/dim]" for entry in view["log"][-5:])
    return "\n".join(lines)
