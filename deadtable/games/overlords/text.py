"""Overlords in a terminal: your hand, the armies' top cards, Hired Hands, commits, the score sheet.

Drawn from a seat's VIEW only (never from a state), with rich markup, in the reader's language:
every word comes from the catalogue of `lang`; card names printed in English stay English (the
context "overlords:card", see card_text.py), seat names (P1..P4) and action texts stay as typed.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.text import Text

from deadtable.core import Action
from deadtable.core.state import read_narration
from deadtable.i18n import N_, Message, Translator, translator

from .actions import Exchange, NoExchange, Recruit, RecruitForDummy
from .card_text import CONTEXT

# A hidden pick in words, for a hint (move_words).
RECRUIT = N_("Recruit {card}")
RECRUIT_FOR_DUMMY = N_("Recruit {card} for the dummy")
EXCHANGE = N_("Offer {card} to your teammate")
NO_EXCHANGE = N_("Offer no card to your teammate")

COLOURS = ("red", "cyan", "green", "yellow", "magenta")
COLUMN = 7
WIDTH = 80  # the terminal the board is drawn for
BOARD_ROOM = 19  # lines of board that leave room for the actions and the prompt on 24 lines

# The view's phase names (state.PHASES) as the terminal says them.
PHASE_NAMES = {
    "exchange": N_("teammates exchanging cards"),
    "activate": N_("activating Hired Hands"),
    "ability": N_("a Hired Hand at work"),
    "recruit": N_("recruiting"),
    "over": N_("the game is over"),
}


def _label(tr: Translator, view: dict[str, Any], z: int) -> str:
    return tr._("Dummy") if z >= view["players"] else f"P{z + 1}"


def _seat(tr: Translator, view: dict[str, Any], z: int) -> str:
    colour = COLOURS[z % len(COLOURS)]
    you = " " + tr._("(you)") if view.get("seat") == z else ""
    return f"[bold {colour}]{_label(tr, view, z)}[/bold {colour}]{you}"


def _card(tr: Translator, name: str, plain: bool = False) -> str:
    text = tr.pgettext(CONTEXT, name)
    return text if plain else escape(text)


def _counts(tr: Translator, cards: dict[str, int], plain: bool = False) -> str:
    """Cards and how many of each (markup, or `plain` text for `_clip`)."""
    return (
        ", ".join(
            f"{_card(tr, name, plain)} ×{n}" if n > 1 else _card(tr, name, plain) for name, n in cards.items()
        )
        or "-"
    )


def _tally(names: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return out


def _group(tr: Translator, names: list[str]) -> str:
    return _counts(tr, _tally(names))


def _sheet(tr: Translator, view: dict[str, Any]) -> list[str]:
    table = view["score_sheet"]
    rows = [
        [_card(tr, r[0]) if r[0] not in ("Total", "Hired Hands") else r[0], *r[1:]] for r in table["rows"]
    ]
    rows[-1][0] = tr._("Total")
    columns = [_label(tr, view, z) for z in range(len(table["columns"]))]
    width = max(len(str(r[0])) for r in rows) + 2
    col = max(COLUMN, *(len(c) + 2 for c in columns))
    lines = [
        "[bold]" + tr._("Score sheet") + "[/bold]",
        " " * width + "".join(f"{c:>{col}}" for c in columns),
    ]
    for row in rows:
        body = f"{row[0]:<{width}}" + "".join(f"{v:>{col}}" for v in row[1:])
        lines.append(f"[bold]{body}[/bold]" if row is rows[-1] else body)
    if view["teams"]:
        own = table["rows"][-1][1:]
        lines.append(
            tr._("Team P1+P3: {first}   Team P2+P4: {second}", first=own[0] + own[2], second=own[1] + own[3])
        )
    return lines  # the winners: in the result under it (`deadtable play`, `deadtable replay`)


def _army_line(tr: Translator, view: dict[str, Any], z: int) -> str:
    army, hand = view["armies"][z], view["hands"][z]
    top = "[bold]" + (_card(tr, army["top"]) if army["top"] else "-") + "[/bold]"
    parts = [
        _seat(tr, view, z)
        + ": "
        + tr.n_("army {n} card, top {top}", "army {n} cards, top {top}", army["size"], top=top)
    ]
    if z < view["players"]:
        parts.append(tr.n_("hand {n} card", "hand {n} cards", hand["size"]))
        if view["aside"][z]:
            parts.append(
                tr._("Hired Hands aside: {cards}", cards=", ".join(_card(tr, c) for c in view["aside"][z]))
            )
        if view["committed"][z]:
            parts.append("[green]" + tr._("committed") + "[/green]")
        if view["forced"][z]:
            parts.append(
                "[magenta]" + tr._("must recruit {card}", card=_card(tr, view["forced"][z])) + "[/magenta]"
            )
        if view["black_knight"][z]:
            parts.append(tr._("recruits 2 (Black Knight)"))
    else:
        parts.append(tr.n_("hand {n} card face down", "hand {n} cards face down", hand["size"]))
    return " · ".join(parts)


def _own(tr: Translator, view: dict[str, Any], seat: int) -> list[str]:
    """The seat's hand, hidden picks, what it knows, and the texts of its cards (translated)."""
    hand = view["hands"][seat]
    lines = ["[bold]" + tr._("Your hand:") + "[/bold] " + _group(tr, hand.get("cards", []))]
    if view.get("pending"):
        picks = ", ".join(_card(tr, c) for c in view["pending"])
        lines.append(tr._("Your pick (hidden until all have picked): {cards}", cards=picks))
    if view.get("pending_dummy"):
        lines.append(tr._("Your pick for the dummy: {card}", card=_card(tr, view["pending_dummy"])))
    if view.get("known_draw_pile"):
        known = _group(tr, view["known_draw_pile"])
        lines.append("[dim]" + tr._("You know the draw pile holds: {cards}", cards=known) + "[/dim]")
    offer = view.get("exchange_offer")
    if offer:
        shown = tr._("none (you keep your cards)") if offer == "none" else _card(tr, offer)
        lines.append(tr._("Your exchange offer: {card}", card=shown))
    return lines


def _texts(tr: Translator, view: dict[str, Any], room: int) -> list[str]:
    """The texts of the seat's cards, one line each (clipped), Hired Hands aside first, in `room`
    lines at most; the last line then says where the rest are (`look CARD` in the terminal)."""
    texts = view.get("card_texts") or {}
    seat = view.get("seat")
    aside = set(view["aside"][seat]) if seat is not None else set()
    order = sorted(texts, key=lambda name: name not in aside)
    out: list[str] = []
    seen: set[str] = set()
    for name in order:
        if texts[name] in seen:
            continue
        seen.add(texts[name])
        if len(out) == room - 1 and len(seen) < len(set(texts.values())):
            out.append("[dim]  " + escape(tr._("(look CARD shows any card's whole text)")) + "[/dim]")
            break
        out.append(_clip(f"  {tr.pgettext(CONTEXT, name)}: {tr.pgettext(CONTEXT, texts[name])}"))
    return out


def rows(lines: list[str], width: int = WIDTH) -> int:
    """How many rows of a `width`-column terminal these markup lines take."""
    return sum(max(1, -(-Text.from_markup(line).cell_len // width)) for line in lines)


def _clip(text: str, width: int = WIDTH) -> str:
    """One dim line of at most `width` cells, cut with an ellipsis."""
    if len(text) > width:
        text = text[: width - 1] + "…"
    return f"[dim]{escape(text)}[/dim]"


def render(view: dict[str, Any], lang: str = "en") -> str:
    tr = translator(lang)
    seat = view.get("seat")
    phase = PHASE_NAMES.get(view["phase"], view["phase"])
    head = tr._(
        "round {round}/{rounds} · turn {turn} · {phase} · draw pile {pile} · Overlord card: P{seat}",
        round=view["round"],
        rounds=view["rounds"],
        turn=view["turn"],
        phase=tr._(phase),
        pile=view["draw_pile"],
        seat=view["overlord"] + 1,
    )
    lines = ["[bold]Overlords[/bold] · " + head]
    if view["phase"] == "activate" or (view["round"] == 1 and view["turn"] == 1 and not view["over"]):
        # The Overlord card, when it matters: it says who activates Hired Hands first (IV, VI).
        lines.append(
            _clip(
                tr._(
                    "Overlord card: P{seat} activates Hired Hands first, then clockwise; never recruited.",
                    seat=view["overlord"] + 1,
                )
            )
        )
    if view["teams"]:
        lines.append(tr._("Teams: P1+P3 against P2+P4"))
    if view["dummy_controller"] is not None:
        lines.append(tr._("P{seat} recruits for the dummy this turn", seat=view["dummy_controller"] + 1))
    for z, army in enumerate(view["armies"]):
        hand = view["hands"][z]
        lines.append(_army_line(tr, view, z))
        if "cards" in army and not view["over"]:
            lines.append(
                _clip("    " + tr._("your army: {cards}", cards=_counts(tr, army["cards"], plain=True)))
            )
        if hand.get("known"):
            known = _counts(tr, _tally(hand["known"]), plain=True)
            lines.append(_clip("    " + tr._("you know this hand holds: {cards}", cards=known)))
    if any(view["last_recruited"]):
        last = "; ".join(
            f"{_label(tr, view, z)}: {', '.join(_card(tr, c) for c in p)}"
            for z, p in enumerate(view["last_recruited"])
            if p
        )
        lines.append("[dim]" + tr._("Last recruited: {picks}", picks=last) + "[/dim]")
    decision = view["decision"]
    if decision and decision.get("cards"):
        cards = ", ".join(_card(tr, c) for c in decision["cards"])
        if decision["army"].startswith("P"):
            lines.append(
                tr._("Red Knight: {army}'s army, bottom to top: {cards}", army=decision["army"], cards=cards)
            )
        else:
            lines.append(tr._("Red Knight: the dummy's army, bottom to top: {cards}", cards=cards))
    if seat is not None and not view["over"]:
        lines.extend(_own(tr, view, seat))
        lines.extend(_texts(tr, view, max(1, BOARD_ROOM - rows(lines))))
    entries = read_narration(view, lang)
    if entries:
        lines.extend(f"[dim]· {escape(entry)}[/dim]" for entry in entries[-6:])
    if view["over"]:
        lines.append("")
        lines.extend(_sheet(tr, view))
    return "\n".join(lines)


def _card_name(view: dict[str, Any], card: str) -> str:
    """A card id of an action ("undead warrior 3") as the seat's view names it ("Undead Warrior 3")."""
    seat = view.get("seat")
    hands = view.get("hands") or []
    seen: list[str] = []
    if isinstance(seat, int) and 0 <= seat < len(hands):
        seen = list(hands[seat].get("cards") or [])
    for name in seen:
        if name.lower() == card:
            return name
    return card.title()


def move_words(view: dict[str, Any], action: Action) -> Message | None:
    """For a hint, the picks the log tells only once every seat has picked (OV-2): recruiting and
    the team game's exchange, said with the card's name in the reader's language."""
    if isinstance(action, Recruit | RecruitForDummy | Exchange):
        card = Message.in_context(CONTEXT, _card_name(view, action.card))
        if isinstance(action, RecruitForDummy):
            return Message(RECRUIT_FOR_DUMMY, card=card)
        return Message(RECRUIT if isinstance(action, Recruit) else EXCHANGE, card=card)
    if isinstance(action, NoExchange):
        return Message(NO_EXCHANGE)
    return None
