"""The zombie shedding game in a terminal, drawn from a seat's view (never from a state)."""

from __future__ import annotations

from typing import Any

COLOURS = {"Star": "yellow", "Umbrella": "red", "Shield": "blue", "Flask": "green", None: "magenta"}
SEAT_COLOURS = ("red", "cyan", "green", "yellow", "magenta", "blue", "white", "bright_red")


def card_text(card: dict[str, Any], *, effects: bool = False) -> str:
    colour = COLOURS.get(card["corporation"], "magenta")
    if card["event"]:
        head = f"[bold {colour}]{card['name']}[/bold {colour}] (event)"
    else:
        head = (
            f"[bold {colour}]{card['name']}[/bold {colour}] "
            f"{card['points']} {card['corporation']} {card['kind']}"
        )
    if effects and card["effects"]:
        head += f" [dim]- {'; '.join(card['effects'])}[/dim]"
    return head


def _seat(view: dict[str, Any], s: int) -> str:
    colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
    team = f" team {chr(65 + view['teams'][s])}" if view["teams"] else ""
    return f"[bold {colour}]P{s + 1}[/bold {colour}]{team}"


EFFECT_WORDS = {
    "next_draws": "drawing {count}",
    "next_skips": "missing a turn",
    "swap": "the Thief (look, take one, give one)",
    "give": "a gift of a card (the Schemer)",
}


def _pending_text(view: dict[str, Any]) -> str:
    p = view["pending"]
    if view["over"]:
        return "[bold]The game is over.[/bold]"
    if p is None:
        return f"{_seat(view, view['turn'])} to play"
    who = _seat(view, p["seat"])
    kind = p["kind"]
    if kind == "drawn":
        card = p.get("card")
        return f"{who} drew {card_text(card) if card else 'a card'}: play it if it fits, or keep it"
    if kind == "name":
        return f"{who} names the corporation to match"
    if kind == "target":
        what = EFFECT_WORDS.get(p["effect"], p["effect"]).format(count=1)
        return f"{who} chooses an opponent for {what}"
    if kind == "respond":
        victim = _seat(view, p["victim"])
        what = EFFECT_WORDS.get(p["effect"], p["effect"]).format(count=p.get("count", 1))
        actor = _seat(view, p["actor"])
        return f"{victim} is hit by {what} from {actor}: {who} may answer with Hide or Boomerang"
    if kind == "take":
        return f"{who} takes a card from {_seat(view, p['victim'])}'s hand"
    return f"{who} gives a card to {_seat(view, p['victim'])}"


def render(view: dict[str, Any]) -> str:
    """The card to match, the seat's hand, hand sizes, direction, scores and teams."""
    lines = [
        f"[bold]{view['mode_text']}[/bold] · hand {view['hand_number']} · dealer P{view['dealer'] + 1} "
        f"· play goes {view['direction']} · deck {view['deck_size']} · discard {view['discard_size']}"
    ]
    if view["hand_number"] == 1 and view["discard_size"] == 0:
        draws = " · ".join(f"P{s + 1} {a} + {b} = {n}" for s, a, b, n in view["dealer_draw"])
        lines.append(f"[dim]Dealer draw (highest sum deals, ties draw again): {draws}[/dim]")
    match = view["to_match"]
    if match is None:
        lines.append("Card to match: none yet (any card may open)")
    else:
        named = f" (named: {match['corporation']})" if match["named"] else ""
        lines.append(f"Card to match: {card_text(match['card'], effects=True)}{named}")
        if view["discard_top"] != match["card"]["name"]:
            top = view["discard_top"]
            lines.append(f"[dim]top of the discard pile: {top} (events keep the card to match)[/dim]")
    lines.append("")
    side_word = "team" if view["teams"] else "seat"
    for s in range(view["players"]):
        you = " (you)" if view["seat"] == s else ""
        mark = "  ◀" if view["current_player"] == s else ""
        side = view["teams"][s] if view["teams"] else s
        status = "out" if s in view["out"] else f"{view['hand_sizes'][s]} cards"
        skip = " · misses next turn" if view["skips"][s] else ""
        score = f" · {side_word} score {view['scores'][side]}" if view["target"] else ""
        lines.append(f"{_seat(view, s)}{you}: {status}{score}{skip}{mark}")
    if view["target"]:
        rule = "lowest wins" if view["penalty"] else "highest wins"
        lines.append(f"[dim]target {view['target']} ({rule})[/dim]")
    for k in view["known"]:
        lines.append(f"You know P{k['seat'] + 1} holds: {', '.join(k['cards'])}")
    lines.append("")
    lines.append(_pending_text(view))
    if view["hand"] is not None:
        lines.append("Your hand:")
        for card in view["hand"]:
            fit = "[green]✓[/green]" if card["fits"] else " "
            lines.append(f" {fit} {card_text(card, effects=True)}")
    if view["log"]:
        lines.append("")
        lines.extend(f"[dim]· {entry}[/dim]" for entry in view["log"][-6:])
    if view["result"]:
        winners = ", ".join(f"P{w + 1}" for w in view["result"]["winners"])
        lines.append(f"[bold]Result:[/bold] winners {winners}")
    return "\n".join(lines)
