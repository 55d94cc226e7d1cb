"""Zombie Overlord in a terminal: drawn from a seat's view (never a state), with rich markup.

Shows life, the Wasteland with each Survivor's lure needs and who leads it, lure points, the
Purchase Row, every base (active/inactive Traps, damage, Defense), your hand and a log. Every word
comes from the catalogue of the reader's language; card names and ability texts come from the
catalogue too (message context `CARD_CONTEXT`); action texts ("buy trap N") stay as typed.
"""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from deadtable.core import Action
from deadtable.core.fold import fold
from deadtable.core.state import read_narration
from deadtable.i18n import N_, Message, Translator, translator

from . import words
from .cards import CARD_CONTEXT, TRAP, Card, CardSet, load
from .short import short

WIDTH = 80  # the terminal the board is drawn for
_MEASURE = Console(width=WIDTH, file=io.StringIO(), color_system=None)  # wraps lines, prints nothing
BOARD_ROOM = 20  # lines of board that leave room for the actions and the prompt on 24 lines
COLOURS = ("red", "cyan", "green", "yellow")
TYPE_COLOURS = {"ammo": "bright_red", "fuel": "yellow", "food": "green", "medicine": "bright_blue"}
PHASE = {
    "choose": N_("phase: choosing"),
    "purchase": N_("phase: purchase"),
    "action": N_("phase: action"),
    "attack": N_("phase: attack"),
}
VISITED = {"purchase": N_("purchase"), "action": N_("action"), "attack": N_("attack")}


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


def wrap(markup: str, indent: str = "    ", width: int = WIDTH) -> list[str]:
    """A markup line wrapped at words into lines of at most `width` cells, the later ones indented."""
    text = Text.from_markup(markup)
    if text.cell_len <= width:
        return [markup]
    lines = text.wrap(_MEASURE, width - len(indent))
    return [("" if i == 0 else indent) + line.markup for i, line in enumerate(lines)]


def trap_word(c: Card, tr: Translator, lang: str) -> str:
    """A Trap offered or in hand: id, cost, Defense, and its abilities in short form."""
    icon = " " + tr._("{players}p only", players=c.icon) if c.icon else ""
    said = short(c, lang)
    return f"{c.name} ${c.cost} D{c.defense}({c.deactivate}){icon}" + (
        f" [dim]{escape(said)}[/dim]" if said else ""
    )


def hand_word(c: Card, count: int, tr: Translator, lang: str) -> str:
    times = f"{count}× " if count > 1 else ""
    if c.category == TRAP:
        return times + trap_word(c, tr, lang)
    if c.category_name in ("Survivor", "Minion"):
        return times + tr._("{card} (attack {attack})", card=title(c, tr), attack=c.attack)
    if c.category_name == "Action":
        return times + f"{escape(title(c, tr))} [dim]({escape(short(c, lang))})[/dim]"
    return times + tr.n_("{card} ({n} pt)", "{card} ({n} pts)", c.points, card=title(c, tr))


def base_parts(
    view: dict[str, Any], q: int, cs: CardSet, tr: Translator, lang: str, said: bool = True
) -> list[str]:
    """A seat's line: life, lure points, cards, then each placed Trap with its abilities said short
    (unless not `said`: a crowded table shows the other seats' Traps by name and state only)."""
    you = view["seat"]
    types = view["lure_types"]
    pts = (
        " ".join(
            f"{t[:2].capitalize()}{view['lure_points'][q][i]}"
            for i, t in enumerate(types)
            if view["lure_points"][q][i]
        )
        or "0"
    )
    hand = view["hands"][q]
    shown = tr._(" (shown: {cards})", cards=", ".join(hand["shown"])) if hand["shown"] else ""
    parts = [
        f"{seat(q, you, tr)} " + bold(tr._("life {n}", n=view["life"][q])),
        tr._("lure {points}", points=pts),
        tr._(
            "hand {hand}{shown} deck {deck} discard {discard}",
            hand=hand["count"],
            shown=shown,
            deck=view["deck_sizes"][q],
            discard=len(view["discards"][q]),
        ),
    ]
    for i, s in enumerate(view["bases"][q]):
        c = cs.cards[cs.by_name[s["trap"]]] if s["trap"] in cs.by_name else None
        mark = "[green]✓[/green]" if s["active"] else "[red]✗[/red]"
        word = f"{i + 1}{mark}{s['trap']} D{s['defense'][0]}({s['defense'][1]})"
        if s["damage"]:
            word += " " + tr.n_("{n} damage", "{n} damage", s["damage"])
        if s["lock"] == "malfunction":
            word += " " + tr._("Malfunction")
        elif s["lock"]:
            word += " " + tr._("Power Down by {seat}", seat=s["lock"].upper())
        if s["attached"]:
            word += " +" + "+".join(s["attached"])
        if s["used"]:
            word += " " + tr._("(used)")
        abilities = short(c, lang) if c and said else ""
        parts.append(word + (f" [dim]{escape(abilities)}[/dim]" if abilities else ""))
    return parts


def _base(view: dict[str, Any], q: int, cs: CardSet, tr: Translator, lang: str, said: bool) -> list[str]:
    if not view["alive"][q]:
        return [f"{seat(q, view['seat'], tr)} {dim(tr._('eliminated'))}"]
    return fold(base_parts(view, q, cs, tr, lang, said), indent="    ")


def _all(q: int, you: int | None) -> bool:
    return True


def _yours(q: int, you: int | None) -> bool:
    return q == you


def _none(q: int, you: int | None) -> bool:
    return False


def _hand(view: dict[str, Any], cs: CardSet, tr: Translator, lang: str, full: bool) -> list[str]:
    """The seat's hand: a line per card with its whole text (`full`), else folded, said short."""
    if view["hand"] is None:
        return []
    held = sorted(Counter(view["hand"]).items())
    if not held:
        return [bold(tr._("Your hand")) + ": " + dim(tr._("(empty)"))]
    if full:
        lines = [bold(tr._("Your hand")) + ":"]
        for name, count in held:
            times = f"{count}× " if count > 1 else ""
            lines.extend(wrap(f"  {times}{card_line(cs.cards[cs.by_name[name]], tr)}"))
        return lines
    words = [hand_word(cs.cards[cs.by_name[name]], count, tr, lang) for name, count in held]
    return fold(words, head=bold(tr._("Your hand")) + ":")


def _header(view: dict[str, Any], tr: Translator, lang: str) -> list[str]:
    """Round, whose turn, the phase (and those visited before it this turn), points; a decision."""
    you = view["seat"]
    limit = f"/{view['round_limit']}" if view["round_limit"] else ""
    parts = [  # the game's name is the command's first line; the board starts with the turn
        tr._("round {round}", round=str(view["round"]) + limit),
        tr._("{seat}'s turn", seat=seat(view["turn_player"], you, tr)),
    ]
    if view["over"]:  # why, and who won: in the result printed under the board (play, replay)
        return fold([bold(tr._("Game over.")), parts[0]])
    phase = tr._(PHASE[view["phase"]])
    # Phases entered earlier this turn (ZO-13: they may be entered again); never the current one.
    before = [p for p in view["visited"] if p != view["phase"]]
    if before:
        phase += " " + tr._("(visited: {phases})", phases=", ".join(tr._(VISITED[p]) for p in before))
    parts.append(phase)
    if view["purchase_points"] or view["phase"] == "purchase":
        parts.append(tr.n_("{n} purchase point", "{n} purchase points", view["purchase_points"]))
    if view["attack_bonus"]:
        parts.append(tr._("next attack +{n}", n=view["attack_bonus"]))
    out = fold(parts)
    pending = view["pending"]
    if pending:
        text = (
            Message.from_json(pending["text_i18n"]).render(lang)
            if "text_i18n" in pending
            else pending["text"]
        )
        out.append("[bold magenta]" + escape(tr._("Waiting: {what}", what=text)) + "[/bold magenta]")
    return out


def _wasteland(view: dict[str, Any], cs: CardSet, tr: Translator, tight: bool) -> list[str]:
    """Each Survivor with its lure types, attack and who lures it (`tight`: name and who only)."""
    parts = []
    for w in view["wasteland"]:
        lead = "-" if w["leader"] is None else seat(w["leader"], view["seat"], tr)
        name = escape(title(cs.cards[cs.by_name[w["name"]]], tr) if w["name"] in cs.by_name else w["name"])
        if not tight:
            name += f" {lure_tag(w['lure'])} {tr._('atk {attack}', attack=w['attack'])}"
        parts.append(f"{name} → {lead}")
    if not parts:
        parts.append(dim(tr._("(empty: the Survivor deck is out)")))
    return fold(parts, head=bold(tr._("Wasteland")) + " " + dim(tr._("(→ who lures)")) + ":")


def _row(view: dict[str, Any], cs: CardSet, tr: Translator, lang: str, tight: bool) -> list[str]:
    """The Purchase Row: in full in the Purchase Phase (with the decks unless `tight`), else by name."""
    row = view["purchase_row"]
    if view["phase"] != "purchase" or view["over"]:
        names = [f"{i + 1}.{name}" if name else f"{i + 1}.-" for i, name in enumerate(row)]
        return fold([bold(tr._("Purchase Row")) + " " + " ".join(names)])
    parts = []
    for i, name in enumerate(row):
        shown = trap_word(cs.cards[cs.by_name[name]], tr, lang) if name else dim(tr._("(empty)"))
        parts.append(f"{i + 1}. {shown}")
    if not tight:
        decks = tr._(
            "decks: Trap {traps} · Survivor {survivors} · Action {actions} · Scavenger {scavengers}",
            traps=view["trap_deck"],
            survivors=view["survivor_deck"],
            actions=view["action_deck"],
            scavengers=view["scavengers"],
        )
        parts.append(dim(decks))
    return fold(parts, head=bold(tr._("Purchase Row")) + ":")


def render(view: dict[str, Any], lang: str = "en") -> str:
    """The board in at most BOARD_ROOM lines of 80 columns: header, Wasteland, Purchase Row, bases,
    hand. Every Trap with its abilities said short and the hand's cards with their whole text; on a
    crowded table the hand said short, then the other seats' Traps by name and state only, then
    yours too, then the Wasteland and the Purchase Row said tight: every card's text stays one
    `look CARD` away in the terminal."""
    tr = translator(lang)
    cs: CardSet = load(view.get("card_file", ""), view.get("card_list", ""))  # the list it was dealt with
    you = view["seat"]
    n = view["players"]
    tail: list[str] = []
    if view["banished"]:
        banished = ", ".join(
            f"{k}× {c}" if k > 1 else c for c, k in sorted(Counter(view["banished"]).items())
        )
        tail.extend(fold([dim(tr._("Banished: {cards}", cards=banished))]))
    levels = (
        (_all, True, False),
        (_all, False, False),
        (_yours, False, False),
        (_none, False, False),
        (_none, False, True),
    )
    for said, full, tight in levels:
        head = [*_header(view, tr, lang), *_wasteland(view, cs, tr, tight), *_row(view, cs, tr, lang, tight)]
        bases = [line for q in range(n) for line in _base(view, q, cs, tr, lang, said(q, you))]
        board = [*head, *bases, *_hand(view, cs, tr, lang, full), *tail]
        if len(board) <= BOARD_ROOM:  # every line fits the width (fold, wrap)
            break
    log = read_narration(view, lang)
    if log:
        board.extend(f"[dim]· {escape(line)}[/dim]" for line in log[-8:])
    return "\n".join(board)


def move_words(view: dict[str, Any], action: Action) -> Message | None:
    """For a hint, the moves the log does not tell: entering or leaving a phase, playing Supplies
    (words.py)."""
    return words.move_words(action)


def card_face(face: dict[str, Any], lang: str = "en") -> str:
    """What a card's printed face shows beside its title and text (`Game.card_texts` entry), for the
    terminal's `look CARD`: its kind, cost, Defense, lure type and points, attack, purchase points.
    Kinds and lure types as printed (the rulebooks keep them in English).

    >>> card_face({"category": "trap", "cost": 2, "lure": ["food"], "defense": {"white": 2, "red": 1},
    ...            "lure_points": 1})
    'Trap · cost 2 · Defense 2(1) · Food · 1 lure point'
    """
    tr = translator(lang)
    parts: list[str] = []
    if face.get("category"):
        parts.append(str(face["category"]).capitalize())
    if face.get("cost"):
        parts.append(tr._("cost {cost}", cost=face["cost"]))
    if face.get("defense"):
        defense = face["defense"]
        parts.append(tr._("Defense {white}({red})", white=defense["white"], red=defense["red"]))
    if face.get("lure"):
        parts.append(" + ".join(str(t).capitalize() for t in face["lure"]))
    if face.get("lure_points"):
        parts.append(tr.n_("{n} lure point", "{n} lure points", face["lure_points"]))
    if face.get("attack"):
        parts.append(tr._("attack {attack}", attack=face["attack"]))
    if face.get("points"):
        parts.append(tr.n_("{n} purchase point", "{n} purchase points", face["points"]))
    return " · ".join(parts)
