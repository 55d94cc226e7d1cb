"""Zombie Overlord in a terminal: drawn from a seat's view (never a state), with rich markup.

Shows life, the Wasteland with each Survivor's lure needs and who leads it, lure points, the
Purchase Row, every base (active/inactive Traps, damage, Defense), your hand and a log. Every word
comes from the catalogue of the reader's language; card names and ability texts come from the
catalogue too (message context `CARD_CONTEXT`); action texts ("buy trap N") stay as typed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.markup import escape

from deadtable.core.state import read_narration
from deadtable.i18n import N_, Message, Translator, translator

from .cards import CARD_CONTEXT, TRAP, Card, CardSet, load

COLOURS = ("red", "cyan", "green", "yellow")
TYPE_COLOURS = {"ammo": "bright_red", "fuel": "yellow", "food": "green", "medicine": "bright_blue"}
PHASE = {
    "choose": N_("phase: choosing"),
    "purchase": N_("phase: purchase"),
    "action": N_("phase: action"),
    "attack": N_("phase: attack"),
}
DONE = {
    "purchase": N_("the Purchase Phase"),
    "action": N_("the Action Phase"),
    "attack": N_("the Attack Phase"),
}


def seat(q: int, you: int | None = None, tr: Translator | None = None) -> str:
    c = COLOURS[q % len(COLOURS)]
    mark = " " + (tr or translator("en"))._("(you)") if q == you else ""
    return f"[bold {c}]P{q + 1}[/bold {c}]{mark}"


def bold(text: str) -> str:
    return f"[bold]{text}[/bold]"


def dim(text: str) -> str:
    return f"[dim]{text}[/dim]"


def lure_tag(types: list[str]) -> str:
    """Lure types as printed (Ammo, Fuel, Food, Medicine: the rulebooks keep them in English)."""
    return " + ".join(f"[{TYPE_COLOURS[t]}]{t.capitalize()}[/{TYPE_COLOURS[t]}]" for t in types)


def title(c: Card, tr: Translator) -> str:
    return tr.pgettext(CARD_CONTEXT, c.title)


def ability_text(c: Card, tr: Translator) -> str:
    return tr.pgettext(CARD_CONTEXT, c.text)


def card_line(c: Card, tr: Translator | None = None) -> str:
    tr = tr or translator("en")
    if c.category == TRAP:
        icon = " " + dim(tr._("{players} players only", players=c.icon)) if c.icon else ""
        text = f" · {escape(ability_text(c, tr))}" if c.text else ""
        bar = " [bold]Barricade[/bold]" if c.barricade and "Barricade" not in c.text else ""
        cost = tr._("cost {cost}", cost=c.cost)
        return f"{c.name} {cost} Def {c.defense}({c.deactivate}){bar}{icon}{text}"
    if c.category_name in ("Survivor", "Minion"):
        return tr._("{card} (Minion, attack {attack})", card=title(c, tr), attack=c.attack)
    if c.category_name == "Action":
        return tr._("{card} (Action: {text})", card=title(c, tr), text=escape(ability_text(c, tr)))
    return tr.n_("{card} ({n} purchase point)", "{card} ({n} purchase points)", c.points, card=title(c, tr))


def render(view: dict[str, Any], lang: str = "en") -> str:
    tr = translator(lang)
    cs: CardSet = load(view.get("card_file", ""))
    you = view["seat"]
    n = view["players"]
    out: list[str] = []
    limit = f"/{view['round_limit']}" if view["round_limit"] else ""
    turn = seat(view["turn_player"], you, tr)
    parts = [
        bold(tr._("Zombie Overlord")),
        tr._("round {round}", round=str(view["round"]) + limit),
        tr._("{seat}'s turn", seat=turn),
    ]
    if not view["over"]:
        phase = tr._(PHASE[view["phase"]])
        visited = [p for p in view["visited"] if p != view["phase"]]  # the phase in play is not done
        if visited:
            done = ", ".join(tr._(DONE[p]) for p in visited)
            # A plural in English only in name: Spanish and Russian agree the participle with the
            # number of phases ("ya jugada" / "ya jugadas"; issue 26).
            phase += " " + tr.n_("(done: {phases})", "(done: {phases})", len(visited), phases=done)
        parts.append(phase)
        parts.append(tr.n_("{n} purchase point", "{n} purchase points", view["purchase_points"]))
        if view["attack_bonus"]:
            parts.append(tr._("next attack +{n}", n=view["attack_bonus"]))
    out.append(" · ".join(parts))
    if view["pending"]:
        pending = view["pending"]
        text = (
            Message.from_json(pending["text_i18n"]).render(lang)
            if "text_i18n" in pending
            else pending["text"]
        )
        waiting = escape(tr._("Waiting: {what}", what=text))
        out.append(f"[bold magenta]{waiting}[/bold magenta]")
    lives = []
    for q in range(n):
        alive = str(view["life"][q]) if view["alive"][q] else dim(tr._("eliminated"))
        lives.append(f"{seat(q, you, tr)} {alive}")
    out.append(tr._("Life:") + " " + "   ".join(lives))
    out.append("")
    head = tr._("(lure points per player → who leads; only strictly most lures):")
    out.append(bold(tr._("Wasteland")) + " " + head)
    types = view["lure_types"]
    for w in view["wasteland"]:
        idx = [types.index(t) for t in w["lure"]]
        points = ", ".join(
            f"P{q + 1} {sum(view['lure_points'][q][t] for t in idx)}" for q in range(n) if view["alive"][q]
        )
        lead = tr._("nobody") if w["leader"] is None else seat(w["leader"], you, tr)
        name = title(cs.cards[cs.by_name[w["name"]]], tr) if w["name"] in cs.by_name else w["name"]
        atk = tr._("atk {attack}", attack=w["attack"])
        out.append(f"  {name:<16} {lure_tag(w['lure'])} {atk} · {points} → {lead}")
    if not view["wasteland"]:
        out.append("  " + dim(tr._("(empty: the Survivor deck is out)")))
    leads = []
    for i, t in enumerate(types):
        by_seat = [view["lure_points"][q][i] if view["alive"][q] else 0 for q in range(n)]
        best = max(by_seat)
        who = seat(by_seat.index(best), you, tr) if best and by_seat.count(best) == 1 else "—"
        leads.append(f"{lure_tag([t])} {who}")
    out.append("  " + tr._("Leads by type:") + " " + " · ".join(leads))
    out.append("")
    out.append(bold(tr._("Purchase Row")) + " " + tr._("(buy trap N):"))
    for i, name in enumerate(view["purchase_row"]):
        line = card_line(cs.cards[cs.by_name[name]], tr) if name else dim(tr._("(empty)"))
        out.append(f"  {i + 1}. {line}")
    decks = tr._(
        "Trap deck {traps} · Survivor deck {survivors} · Action deck {actions} (buy action, cost 2) · "
        "Scavengers {scavengers} (buy scavenger, cost 2)",
        traps=view["trap_deck"],
        survivors=view["survivor_deck"],
        actions=view["action_deck"],
        scavengers=view["scavengers"],
    )
    out.append(f"  [dim]{decks}[/dim]")
    out.append("")
    out.append(bold(tr._("Bases")) + ":")
    for q in range(n):
        if not view["alive"][q]:
            continue
        pts = " ".join(f"{t[:4].capitalize()} {view['lure_points'][q][i]}" for i, t in enumerate(types))
        hand = view["hands"][q]
        shown = tr._(", shown: {cards}", cards=", ".join(hand["shown"])) if hand["shown"] else ""
        line = tr._(
            "lure {points} · hand {hand}{shown} · deck {deck} · discard {discard}",
            points=pts,
            hand=hand["count"],
            shown=shown,
            deck=view["deck_sizes"][q],
            discard=len(view["discards"][q]),
        )
        out.append(f"  {seat(q, you, tr)} {line}")
        for i, s in enumerate(view["bases"][q]):
            state = "[green]" + tr._("active") + "[/green]" if s["active"] else dim(tr._("inactive"))
            if s["lock"] == "malfunction":
                state += " " + tr._("(Malfunction: repair by discarding a random card)")
            elif s["lock"]:
                state += " " + tr._("(Power Down by {seat})", seat=s["lock"].upper())
            dmg = " · " + tr.n_("{n} damage", "{n} damage", s["damage"]) if s["damage"] else ""
            extra = " · " + tr._("with {cards}", cards=", ".join(s["attached"])) if s["attached"] else ""
            bar = " · [bold]Barricade[/bold]" if s["barricade"] else ""
            used = " · " + tr._("used") if s["used"] else ""
            slot = tr._("trap {slot}:", slot=i + 1)
            defense = f"Def {s['defense'][0]}({s['defense'][1]})"
            out.append(f"    {slot} {s['trap']} {state} {defense}{dmg}{bar}{extra}{used}")
    if view["hand"] is not None:
        out.append("")
        out.append(bold(tr._("Your hand")) + ":")
        for name, count in sorted(Counter(view["hand"]).items()):
            times = f"{count}× " if count > 1 else ""
            out.append(f"  {times}{card_line(cs.cards[cs.by_name[name]], tr)}")
        if not view["hand"]:
            out.append("  " + dim(tr._("(empty)")))
    if view["banished"]:
        out.append(dim(tr._("Banished: {cards}", cards=", ".join(view["banished"]))))
    log = read_narration(view, lang)
    if log:
        out.append("")
        out.extend(f"[dim]· {escape(line)}[/dim]" for line in log[-8:])
    if view["over"]:
        note = Message.from_json(view["note_i18n"]).render(lang) if view.get("note_i18n") else view["note"]
        out.append("")
        out.append(bold(tr._("Game over.")) + " " + escape(note))
    return "\n".join(out)
