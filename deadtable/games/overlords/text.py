"""Overlords in a terminal: your hand, the armies' top cards, Hired Hands, commits, the score sheet.

Drawn from a seat's VIEW only (never from a state), with rich markup.
"""

from __future__ import annotations

from typing import Any

COLOURS = ("red", "cyan", "green", "yellow", "magenta")


def _seat(view: dict[str, Any], z: int) -> str:
    colour = COLOURS[z % len(COLOURS)]
    label = "Dummy" if z >= view["players"] else f"P{z + 1}"
    you = " (you)" if view.get("seat") == z else ""
    return f"[bold {colour}]{label}[/bold {colour}]{you}"


def _counts(cards: dict[str, int]) -> str:
    return ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in cards.items()) or "-"


def _group(names: list[str]) -> str:
    out: dict[str, int] = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return _counts(out)


def _sheet(view: dict[str, Any]) -> list[str]:
    table = view["score_sheet"]
    width = max(len(r[0]) for r in table["rows"]) + 2
    lines = ["[bold]Score sheet[/bold]", " " * width + "".join(f"{c:>7}" for c in table["columns"])]
    for row in table["rows"]:
        body = f"{row[0]:<{width}}" + "".join(f"{v:>7}" for v in row[1:])
        lines.append(f"[bold]{body}[/bold]" if row[0] == "Total" else body)
    if view["teams"]:
        own = table["rows"][-1][1:]
        lines.append(f"Team P1+P3: {own[0] + own[2]}   Team P2+P4: {own[1] + own[3]}")
    winners = ", ".join(f"P{w + 1}" for w in view["winners"])
    lines.append(f"[bold]Winner: {winners}[/bold]")
    return lines


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    n = view["players"]
    lines = [
        f"[bold]Overlords[/bold] · round {view['round']}/{view['rounds']} · turn {view['turn']} · "
        f"{view['phase']} · draw pile {view['draw_pile']} · Overlord card: P{view['overlord'] + 1}"
    ]
    if view["teams"]:
        lines.append("Teams: P1+P3 against P2+P4")
    if view["dummy_controller"] is not None:
        lines.append(f"P{view['dummy_controller'] + 1} recruits for the dummy this turn")
    lines.append("")
    for z, army in enumerate(view["armies"]):
        hand = view["hands"][z]
        top = army["top"] or "-"
        parts = [f"{_seat(view, z)}: army {army['size']} cards, top [bold]{top}[/bold]"]
        if z < n:
            parts.append(f"hand {hand['size']}")
            if view["aside"][z]:
                parts.append(f"Hired Hands aside: {', '.join(view['aside'][z])}")
            if view["committed"][z]:
                parts.append("[green]committed[/green]")
            if view["forced"][z]:
                parts.append(f"[magenta]must recruit {view['forced'][z]}[/magenta]")
            if view["black_knight"][z]:
                parts.append("recruits 2 (Black Knight)")
        else:
            parts.append(f"hand {hand['size']} face down")
        lines.append(" · ".join(parts))
        if "cards" in army and not view["over"]:
            lines.append(f"      your army: {_counts(army['cards'])}")
        if hand.get("known"):
            lines.append(f"      [dim]you know this hand holds: {_group(hand['known'])}[/dim]")
    if any(view["last_recruited"]):
        last = "; ".join(
            f"{'Dummy' if z >= n else f'P{z + 1}'}: {', '.join(p)}"
            for z, p in enumerate(view["last_recruited"])
            if p
        )
        lines.append(f"[dim]Last recruited: {last}[/dim]")
    decision = view["decision"]
    if decision and decision.get("cards"):
        lines.append(f"Red Knight: {decision['army']}'s army, bottom to top: {', '.join(decision['cards'])}")
    if seat is not None and not view["over"]:
        lines.append("")
        hand = view["hands"][seat]
        lines.append(f"[bold]Your hand:[/bold] {_group(hand.get('cards', []))}")
        if view.get("pending"):
            lines.append(f"Your pick (hidden until all have picked): {', '.join(view['pending'])}")
        if view.get("pending_dummy"):
            lines.append(f"Your pick for the dummy: {view['pending_dummy']}")
        if view.get("known_draw_pile"):
            lines.append(f"[dim]You know the draw pile holds: {_group(view['known_draw_pile'])}[/dim]")
        if view.get("exchange_offer"):
            lines.append(f"Your exchange offer: {view['exchange_offer']}")
    if view["log"]:
        lines.append("")
        lines.extend(f"[dim]· {entry}[/dim]" for entry in view["log"][-6:])
    if view["over"]:
        lines.append("")
        lines.extend(_sheet(view))
    return "\n".join(lines)
