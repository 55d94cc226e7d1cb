"""Supply Run in words for people: the crate, the hands and the rounds played, drawn from a seat's
view for a terminal (`render`), and a move in the game's words for a hint (`move_words`)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from deadtable.core import Action
from deadtable.core.state import read_narration
from deadtable.i18n import N_, Message, translator

from .actions import Bid

COLOURS = ("red", "cyan", "green", "yellow")
BID_WORDS = N_("put your run card {card} down for the crate worth {crate}")


def render(view: dict[str, Any], lang: str = "en") -> str:
    """The crate turned up, every seat's state, the rounds played and the last log entries."""
    tr = translator(lang)
    lines = []
    if view["crate"] is not None:
        lines.append(
            tr._("Round {round}: the crate is worth {crate}", round=view["round"], crate=view["crate"])
        )
    lines.append(tr.n_("{n} crate left in the drop", "{n} crates left in the drop", view["drop"]))
    for seat in range(view["players"]):
        colour = COLOURS[seat % len(COLOURS)]
        you = " " + tr._("(you)") if view["seat"] == seat else ""
        turn = "  " + tr._("◀ to act") if view["current_player"] == seat else ""
        parts = [
            tr.n_("{n} card in hand", "{n} cards in hand", view["hand_sizes"][seat]),
            tr.n_("{n} point", "{n} points", view["scores"][seat]),
        ]
        if view["bid_down"][seat]:
            parts.append(tr._("run card down"))
        lines.append(f"[bold {colour}]P{seat + 1}[/bold {colour}]{you}: {' · '.join(parts)}{turn}")
    if view["hand"] is not None:
        hand = " ".join(str(card) for card in view["hand"]) or "-"
        lines.append(tr._("Your hand: {hand}", hand=hand))
        if view["bid"] is not None:
            lines.append(tr._("Your run card down: {card}", card=view["bid"]))
    for played in view["rounds"][-3:]:
        bids = ", ".join(f"P{seat + 1} {card}" for seat, card in enumerate(played["bids"]))
        lines.append(f"[dim]{played['crate']}: {bids} → P{played['taker'] + 1}[/dim]")
    lines.extend(f"[dim]· {escape(entry)}[/dim]" for entry in read_narration(view, lang)[-4:])
    return "\n".join(lines)


def move_words(view: dict[str, Any], action: Action) -> Message | None:
    """A run card put down, for a hint: the log tells only that a card went down (SR-4), not which.

    >>> str(move_words({"crate": 5}, Bid(7)))
    'put your run card 7 down for the crate worth 5'
    """
    if isinstance(action, Bid):
        return Message(BID_WORDS, card=action.card, crate=view["crate"])
    return None
