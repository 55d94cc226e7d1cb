"""The bench's rows and how a table of them is printed (Markdown, or a terminal table by rich)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Row:
    """One line of the table: a game and variant, or a peer."""

    subject: str
    players: str
    games_s: float | None = None
    actions_s: float | None = None
    clone_us: float | None = None
    ismcts: float | None = None
    env: str = ""
    checks: list[str] = field(default_factory=list)


def fmt(x: float | None, digits: int = 0) -> str:
    if x is None:
        return "-"
    return f"{x:,.{digits}f}"


def print_table(head: list[str], body: list[list[str]], markdown: bool, title: str) -> None:
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" for _ in head) + "|")
        for b in body:
            print("| " + " | ".join(b) + " |")
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for h in head:
        table.add_column(h, justify="left" if h in ("game / peer", "targets") else "right")
    for b in body:
        table.add_row(*b)
    Console(width=220).print(table)
