"""Markup parts folded into the lines of an 80-column terminal board (the games' text renderers).

>>> fold(["a" * 30, "b" * 30, "c" * 30])
['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa · bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', '  cccccccccccccccccccccccccccccc']
>>> fold(["[bold]x[/bold]", "y"], head="Hand:")
['Hand: [bold]x[/bold] · y']
"""

from __future__ import annotations

from rich.text import Text


def fold(parts: list[str], indent: str = "  ", width: int = 80, head: str = "") -> list[str]:
    """Markup parts joined by " · " into lines of at most `width` cells, the later lines indented;
    `head` (a title) starts the first line, followed by the first part after a space."""
    lines: list[str] = []
    line, size = head, Text.from_markup(head).cell_len
    for k, part in enumerate(parts):
        if k == 0 and head:
            cells = Text.from_markup(part).cell_len
            line, size = f"{line} {part}", size + 1 + cells
            continue
        cells = Text.from_markup(part).cell_len
        if line and size + 3 + cells > width:
            lines.append(line)
            line, size = indent + part, len(indent) + cells
        elif line:
            line, size = f"{line} · {part}", size + 3 + cells
        else:
            line, size = part, cells
    return [*lines, line] if line else lines
