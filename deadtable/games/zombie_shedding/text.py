"""The zombie shedding game in a terminal, drawn from a seat's view (never from a state).

Every word comes from the catalogue of the reader's language; card names, effect texts,
corporations and kinds are looked up in the card context (see `cardtext`). Action texts
("play lady-mimic", "name star") stay as typed: they are the protocol.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from deadtable.core.state import read_narration
from deadtable.i18n import N_, Translator, translator

from .cardtext import card as card_word
from .cardtext import decode

COLOURS = {"Star": "yellow", "Umbrella": "red", "Shield": "blue", "Flask": "green", None: "magenta"}
SEAT_COLOURS = ("red", "cyan", "green", "yellow", "magenta", "blue", "white", "bright_red")


def card_text(card: dict[str, Any], lang: str = "en", *, effects: bool = False) -> str:
    """A card of a view: name, then points, corporation and kind (or "event"), then its effects."""
    colour = COLOURS.get(card["corporation"], "magenta")
    name = escape(card_word(card["name"], lang))
    if card["event"]:
        head = f"[bold {colour}]{name}[/bold {colour}] ({card_word('event', lang)})"
    else:
        corporation = card_word(card["corporation"], lang)
        kind = card_word(card["kind"], lang)
        head = f"[bold {colour}]{name}[/bold {colour}] {card['points']} {corporation} {kind}"
    if effects and card["effects"]:
        texts = "; ".join(card_word(e, lang) for e in card["effects"])
        head += f" [dim]- {escape(texts)}[/dim]"
    return head


def _seat(view: dict[str, Any], s: int, tr: Translator) -> str:
    colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
    team = " " + tr._("team {team}", team=chr(65 + view["teams"][s])) if view["teams"] else ""
    return f"[bold {colour}]P{s + 1}[/bold {colour}]{team}"


# An effect that hits a player: one whole sentence per effect, so each language can build it its
# own way (a verb phrase cannot fill the same slot as a noun in Spanish; issue 26). The view's
# "pending" names the effect (one of the four that hit a player: next_draws and these three); {n}
# is the count of cards to draw.
TARGET_TEXTS = {
    "next_skips": N_("{seat} chooses an opponent to miss a turn"),
    "swap": N_("{seat} chooses an opponent for the Thief (look, take one, give one)"),
    "give": N_("{seat} chooses an opponent to give a card to (the Schemer)"),
}
RESPOND_TEXTS = {
    "next_skips": N_("{actor} makes {victim} miss a turn: {seat} may answer with Hide or Boomerang"),
    "swap": N_("{actor} plays the Thief on {victim}: {seat} may answer with Hide or Boomerang"),
    "give": N_("{actor} gives {victim} a card (the Schemer): {seat} may answer with Hide or Boomerang"),
}


def _target_text(effect: str, count: int, who: str, tr: Translator) -> str:
    if effect == "next_draws":
        return tr.n_(
            "{seat} chooses an opponent to draw {n} card",
            "{seat} chooses an opponent to draw {n} cards",
            count,
            seat=who,
        )
    return tr._(TARGET_TEXTS[effect], seat=who)


def _respond_text(effect: str, count: int, words: dict[str, str], tr: Translator) -> str:
    if effect == "next_draws":
        return tr.n_(
            "{actor} makes {victim} draw {n} card: {seat} may answer with Hide or Boomerang",
            "{actor} makes {victim} draw {n} cards: {seat} may answer with Hide or Boomerang",
            count,
            **words,
        )
    return tr._(RESPOND_TEXTS[effect], **words)


def _pending_text(view: dict[str, Any], lang: str) -> str:
    tr = translator(lang)
    p = view["pending"]
    if view["over"]:
        return "[bold]" + tr._("The game is over.") + "[/bold]"
    if p is None:
        return tr._("{seat} to play", seat=_seat(view, view["turn"], tr))
    who = _seat(view, p["seat"], tr)
    kind = p["kind"]
    if kind == "drawn":
        card = p.get("card")
        if card:
            return tr._(
                "{seat} drew {card}: play it if it fits, or keep it", seat=who, card=card_text(card, lang)
            )
        return tr._("{seat} drew a card: play it if it fits, or keep it", seat=who)
    if kind == "name":
        return tr._("{seat} names the corporation to match", seat=who)
    if kind == "target":
        return _target_text(p["effect"], p.get("count", 1), who, tr)
    if kind == "respond":
        words = {"victim": _seat(view, p["victim"], tr), "actor": _seat(view, p["actor"], tr), "seat": who}
        return _respond_text(p["effect"], p.get("count", 1), words, tr)
    if kind == "take":
        return tr._("{seat} takes a card from {victim}'s hand", seat=who, victim=_seat(view, p["victim"], tr))
    return tr._("{seat} gives a card to {victim}", seat=who, victim=_seat(view, p["victim"], tr))


def _mode_text(view: dict[str, Any], lang: str) -> str:
    data = view.get("mode_text_i18n")
    return decode(data).render(lang) if data else str(view["mode_text"])


def render(view: dict[str, Any], lang: str = "en") -> str:
    """The card to match, the seat's hand, hand sizes, direction, scores and teams."""
    tr = translator(lang)
    direction = tr._("clockwise") if view["direction"] == "clockwise" else tr._("counter-clockwise")
    parts = [
        f"[bold]{escape(_mode_text(view, lang))}[/bold]",
        tr._("hand {number}", number=view["hand_number"]),
        tr._("dealer P{seat}", seat=view["dealer"] + 1),
        tr._("play goes {direction}", direction=direction),
        tr._("deck {n}", n=view["deck_size"]),
        tr._("discard {n}", n=view["discard_size"]),
    ]
    lines = [" · ".join(parts)]
    if view["hand_number"] == 1 and view["discard_size"] == 0:
        draws = " · ".join(
            f"P{s + 1} {card_word(a, lang)} + {card_word(b, lang)} = {n}"
            for s, a, b, n in view["dealer_draw"]
        )
        lines.append(
            "[dim]"
            + escape(tr._("Dealer draw (highest sum deals, ties draw again): {draws}", draws=draws))
            + "[/dim]"
        )
    match = view["to_match"]
    if match is None:
        lines.append(tr._("Card to match: none yet (any card may open)"))
    else:
        shown = card_text(match["card"], lang, effects=True)
        if match["named"]:
            named = tr._("named: {corporation}", corporation=card_word(match["corporation"], lang))
            shown += f" ({named})"
        lines.append(tr._("Card to match: {card}", card=shown))
        if view["discard_top"] != match["card"]["name"]:
            top = card_word(view["discard_top"], lang)
            text = tr._("top of the discard pile: {card} (events keep the card to match)", card=top)
            lines.append(f"[dim]{escape(text)}[/dim]")
    lines.append("")
    for s in range(view["players"]):
        you = " " + tr._("(you)") if view["seat"] == s else ""
        mark = "  ◀" if view["current_player"] == s else ""
        side = view["teams"][s] if view["teams"] else s
        status = tr._("out") if s in view["out"] else tr.n_("{n} card", "{n} cards", view["hand_sizes"][s])
        skip = " · " + tr._("misses next turn") if view["skips"][s] else ""
        score = ""
        if view["target"]:
            points = view["scores"][side]
            words = tr._("team score {n}", n=points) if view["teams"] else tr._("score {n}", n=points)
            score = " · " + words
        lines.append(f"{_seat(view, s, tr)}{you}: {status}{score}{skip}{mark}")
    if view["target"]:
        rule = tr._("lowest wins") if view["penalty"] else tr._("highest wins")
        lines.append("[dim]" + tr._("target {target} ({rule})", target=view["target"], rule=rule) + "[/dim]")
    for k in view["known"]:
        cards = ", ".join(card_word(c, lang) for c in k["cards"])
        lines.append(escape(tr._("You know P{seat} holds: {cards}", seat=k["seat"] + 1, cards=cards)))
    lines.append("")
    lines.append(_pending_text(view, lang))
    if view["hand"] is not None:
        lines.append(tr._("Your hand:"))
        for card in view["hand"]:
            fit = "[green]✓[/green]" if card["fits"] else " "
            lines.append(f" {fit} {card_text(card, lang, effects=True)}")
    entries = read_narration(view, lang, decode)
    if entries:
        lines.append("")
        lines.extend(f"[dim]· {escape(entry)}[/dim]" for entry in entries[-6:])
    if view["result"]:
        winners = ", ".join(f"P{w + 1}" for w in view["result"]["winners"])
        note = view["result"].get("note_i18n")
        result = tr._("winners {winners}", winners=winners)
        if note:
            result += " · " + escape(decode(note).render(lang))
        lines.append("[bold]" + tr._("Result:") + "[/bold] " + result)
    return "\n".join(lines)
