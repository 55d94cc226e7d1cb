"""Zombie Overlord in a terminal: drawn from a seat's view (never a state), with rich markup.

Shows life, the Wasteland with each Survivor's lure needs and who leads it, lure points, the
Purchase Row, every base (active/inactive Traps, damage, Defense), your hand and a log.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.markup import escape

from .cards import TRAP, Card, CardSet, load

COLOURS = ("red", "cyan", "green", "yellow")
TYPE_COLOURS = {"ammo": "bright_red", "fuel": "yellow", "food": "green", "medicine": "bright_blue"}


def seat(q: int, you: int | None = None) -> str:
    c = COLOURS[q % len(COLOURS)]
    return f"[bold {c}]P{q + 1}[/bold {c}]" + (" (you)" if q == you else "")


def lure_tag(types: list[str]) -> str:
    return " + ".join(f"[{TYPE_COLOURS[t]}]{t.capitalize()}[/{TYPE_COLOURS[t]}]" for t in types)


def card_line(c: Card) -> str:
    if c.category == TRAP:
        icon = f" [dim]{c.icon}p only[/dim]" if c.icon else ""
        text = f" · {escape(c.text)}" if c.text else ""
        return (
            f"{c.name} cost {c.cost} Def {c.defense}({c.deactivate})"
            f"{' [bold]Barricade[/bold]' if c.barricade and 'Barricade' not in c.text else ''}{icon}{text}"
        )
    if c.category_name in ("Survivor", "Minion"):
        return f"{c.title} (Minion, attack {c.attack})"
    if c.category_name == "Action":
        return f"{c.title} (Action: {escape(c.text)})"
    return f"{c.title} ({c.points} purchase point{'s' if c.points > 1 else ''})"


def _type(c: Card) -> str:
    return ("ammo", "fuel", "food", "medicine")[c.lure[0]]


def render(view: dict[str, Any]) -> str:
    cs: CardSet = load(view.get("card_file", ""))
    you = view["seat"]
    n = view["players"]
    out: list[str] = []
    limit = f"/{view['round_limit']}" if view["round_limit"] else ""
    turn = seat(view["turn_player"], you)
    head = f"[bold]Zombie Overlord[/bold] · round {view['round']}{limit} · {turn}'s turn"
    if not view["over"]:
        head += f" · phase: {view['phase']}"
        if view["visited"]:
            head += f" (done: {', '.join(view['visited'])})"
        head += f" · {view['purchase_points']} purchase points"
        if view["attack_bonus"]:
            head += f" · next attack +{view['attack_bonus']}"
    out.append(head)
    if view["pending"]:
        out.append(f"[bold magenta]Waiting: {escape(view['pending']['text'])}[/bold magenta]")
    lives = []
    for q in range(n):
        lives.append(
            f"{seat(q, you)} {view['life'][q]}" if view["alive"][q] else f"{seat(q, you)} [dim]out[/dim]"
        )
    out.append("Life: " + "   ".join(lives))
    out.append("")
    out.append("[bold]Wasteland[/bold] (lure points per player → who leads; only strictly most lures):")
    types = view["lure_types"]
    for w in view["wasteland"]:
        idx = [types.index(t) for t in w["lure"]]
        points = ", ".join(
            f"P{q + 1} {sum(view['lure_points'][q][t] for t in idx)}" for q in range(n) if view["alive"][q]
        )
        lead = "nobody" if w["leader"] is None else seat(w["leader"], you)
        title = cs.cards[cs.by_name[w["name"]]].title if w["name"] in cs.by_name else w["name"]
        out.append(f"  {title:<16} {lure_tag(w['lure'])} atk {w['attack']} · {points} → {lead}")
    if not view["wasteland"]:
        out.append("  [dim](empty: the Survivor deck is out)[/dim]")
    leads = []
    for i, t in enumerate(types):
        by_seat = [view["lure_points"][q][i] if view["alive"][q] else 0 for q in range(n)]
        best = max(by_seat)
        who = seat(by_seat.index(best), you) if best and by_seat.count(best) == 1 else "—"
        leads.append(f"{lure_tag([t])} {who}")
    out.append("  Leads by type: " + " · ".join(leads))
    out.append("")
    out.append("[bold]Purchase Row[/bold] (buy trap N):")
    for i, name in enumerate(view["purchase_row"]):
        line = card_line(cs.cards[cs.by_name[name]]) if name else "[dim](empty)[/dim]"
        out.append(f"  {i + 1}. {line}")
    out.append(
        f"  [dim]Trap deck {view['trap_deck']} · Survivor deck {view['survivor_deck']} · "
        f"Action deck {view['action_deck']} (buy action, cost 2) · Scavengers {view['scavengers']} "
        f"(buy scavenger, cost 2)[/dim]"
    )
    out.append("")
    out.append("[bold]Bases[/bold]:")
    for q in range(n):
        if not view["alive"][q]:
            continue
        pts = " ".join(f"{t[:4].capitalize()} {view['lure_points'][q][i]}" for i, t in enumerate(types))
        hand = view["hands"][q]
        shown = f", shown: {', '.join(hand['shown'])}" if hand["shown"] else ""
        out.append(
            f"  {seat(q, you)} lure {pts} · hand {hand['count']}{shown} · deck {view['deck_sizes'][q]}"
            f" · discard {len(view['discards'][q])}"
        )
        for i, s in enumerate(view["bases"][q]):
            state = "[green]active[/green]" if s["active"] else "[dim]inactive[/dim]"
            if s["lock"] == "malfunction":
                state += " (malfunction: repair by discarding a random card)"
            elif s["lock"]:
                state += f" (Power Down by {s['lock'].upper()})"
            dmg = f" · {s['damage']} damage" if s["damage"] else ""
            extra = f" · with {', '.join(s['attached'])}" if s["attached"] else ""
            bar = " · [bold]Barricade[/bold]" if s["barricade"] else ""
            used = " · used" if s["used"] else ""
            out.append(
                f"    trap {i + 1}: {s['trap']} {state} "
                f"Def {s['defense'][0]}({s['defense'][1]}){dmg}{bar}{extra}{used}"
            )
    if view["hand"] is not None:
        out.append("")
        out.append("[bold]Your hand[/bold]:")
        for name, count in sorted(Counter(view["hand"]).items()):
            times = f"{count}× " if count > 1 else ""
            out.append(f"  {times}{card_line(cs.cards[cs.by_name[name]])}")
        if not view["hand"]:
            out.append("  [dim](empty)[/dim]")
    if view["banished"]:
        out.append(f"[dim]Banished: {', '.join(view['banished'])}[/dim]")
    if view["log"]:
        out.append("")
        out.extend(f"[dim]· {escape(line)}[/dim]" for line in view["log"][-8:])
    if view["over"]:
        out.append("")
        out.append(f"[bold]Game over.[/bold] {escape(view['note'])}")
    return "\n".join(out)
