"""The zombie shedding game in a terminal, drawn from a seat's view (never from a state).

Every word comes from the catalogue of the reader's language; card names, effect texts,
corporations and kinds are looked up in the card context (see `card_text`). Action texts
("play lady-mimic", "name star") stay as typed: they are the protocol.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.text import Text

from deadtable.core.fold import fold
from deadtable.core.state import read_narration
from deadtable.i18n import N_, Translator, translator

from .card_text import CONTEXT, decode
from .card_text import card as card_word

WIDTH = 80  # the terminal the board is drawn for
BOARD_ROOM = 19  # lines of board that leave room for the actions and the prompt on 24 lines
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
# own way (a verb phrase cannot fill the same slot as a noun in Spanish). The view's
# "pending" names the effect (one of the four that hit a player: next_draws and these three); {n}
# is the count of cards to draw; {cards} the protection cards of the card set that answer it.
TARGET_TEXTS = {
    "next_skips": N_("{seat} chooses an opponent to miss a turn"),
    "swap": N_("{seat} chooses an opponent for the Thief (take one, give one back)"),
    "give": N_("{seat} chooses an opponent to give a card to (the Schemer)"),
}
RESPOND_TEXTS = {
    "next_skips": N_("{actor} makes {victim} miss a turn: {seat} may answer with {cards}"),
    "swap": N_("{actor} plays the Thief on {victim}: {seat} may answer with {cards}"),
    "give": N_("{actor} gives {victim} a card (the Schemer): {seat} may answer with {cards}"),
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


def either(names: list[str], tr: Translator) -> str:
    """Card names in the reader's language as "A, B or C" (the cards that answer an effect)."""
    names = [escape(tr.pgettext(CONTEXT, n)) for n in names]
    if len(names) < 2:
        return "".join(names)
    return tr._("{some} or {last}", some=", ".join(names[:-1]), last=names[-1])


def _respond_text(effect: str, count: int, words: dict[str, str], tr: Translator) -> str:
    if effect == "next_draws":
        return tr.n_(
            "{actor} makes {victim} draw {n} card: {seat} may answer with {cards}",
            "{actor} makes {victim} draw {n} cards: {seat} may answer with {cards}",
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
        words = {
            "victim": _seat(view, p["victim"], tr),
            "actor": _seat(view, p["actor"], tr),
            "seat": who,
            "cards": either(p.get("answers", []), tr),
        }
        return _respond_text(p["effect"], p.get("count", 1), words, tr)
    if kind == "take":
        return tr._("{seat} takes a card from {victim}'s hand", seat=who, victim=_seat(view, p["victim"], tr))
    return tr._("{seat} gives a card to {victim}", seat=who, victim=_seat(view, p["victim"], tr))


def _mode_text(view: dict[str, Any], lang: str) -> str:
    data = view.get("mode_text_i18n")
    return decode(data).render(lang) if data else str(view["mode_text"])


def _clip(markup: str, width: int = WIDTH) -> str:
    """A markup line cut to `width` cells with an ellipsis (the card's whole text: `look CARD`)."""
    text = Text.from_markup(markup)
    if text.cell_len > width:
        text.truncate(width, overflow="ellipsis")
    return text.markup


def _last_hand(view: dict[str, Any], lang: str) -> str:
    """The summary of the hand that ended last: who went out, the points left in hands, the finish."""
    tr = translator(lang)
    last = view["last_hand"]
    out = ", ".join(f"P{s + 1}" for s in last["out"])
    left = " ".join(f"P{s + 1} {p}" for s, p in enumerate(last["points"]) if s not in last["out"])
    text = tr._(
        "Hand {hand} over: out {out} · points left: {left}", hand=last["hand"], out=out, left=left or "-"
    )
    if last["finish_bonus"]:
        text += " · " + tr._(
            "finish effect: P{seat}, {bonus} points", seat=last["finisher"] + 1, bonus=last["finish_bonus"]
        )
    return "[dim]" + escape(text) + "[/dim]"


def render(view: dict[str, Any], lang: str = "en") -> str:
    """The card to match, the seat's hand, hand sizes, direction, scores and teams, in about 20 lines
    of 80 columns (each card's effects on one line; the whole text is a `look` away)."""
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
    lines = fold(parts)
    if view["hand_number"] == 1 and view["discard_size"] == 0:
        draws = " · ".join(
            f"P{s + 1} {card_word(a, lang)} + {card_word(b, lang)} = {n}"
            for s, a, b, n in view["dealer_draw"]
        )
        dealt = tr._("Dealer draw (highest sum deals, ties draw again): {draws}", draws=draws)
        lines.extend(f"[dim]{escape(line)}[/dim]" for line in fold(dealt.split(" · "), indent="    "))
    if view["last_hand"]:
        lines.append(_clip(_last_hand(view, lang)))
    match = view["to_match"]
    if match is None:
        lines.append(tr._("Card to match: none yet (any card may open)"))
    else:
        shown = card_text(match["card"], lang, effects=True)
        if match["named"]:
            named = tr._("named: {corporation}", corporation=card_word(match["corporation"], lang))
            shown += f" ({named})"
        lines.append(_clip(tr._("Card to match: {card}", card=shown)))
        if view["discard_top"] != match["card"]["name"]:
            top = card_word(view["discard_top"], lang)
            text = tr._("top of the discard pile: {card} (events keep the card to match)", card=top)
            lines.append(_clip(f"[dim]{escape(text)}[/dim]"))
    seats = []
    for s in range(view["players"]):
        you = " " + tr._("(you)") if view["seat"] == s else ""
        mark = " ◀" if view["current_player"] == s else ""
        status = tr._("out") if s in view["out"] else tr.n_("{n} card", "{n} cards", view["hand_sizes"][s])
        skip = " " + tr._("misses next turn") if view["skips"][s] else ""
        score = ""
        if view["target"] and not view["teams"]:
            score = " " + tr._("score {n}", n=view["scores"][s])
        seats.append(f"{_seat(view, s, tr)}{you} {status}{score}{skip}{mark}")
    lines.extend(fold(seats))
    if view["target"]:
        rule = tr._("lowest wins") if view["penalty"] else tr._("highest wins")
        goal = tr._("target {target} ({rule})", target=view["target"], rule=rule)
        if view["teams"]:
            sides = sorted(set(view["teams"]))
            scores = " ".join(f"{chr(65 + t)} {view['scores'][t]}" for t in sides)
            goal = tr._("team scores {scores}", scores=scores) + " · " + goal
        lines.append("[dim]" + goal + "[/dim]")
    for k in view["known"]:
        cards = ", ".join(card_word(c, lang) for c in k["cards"])
        lines.append(_clip(escape(tr._("You know P{seat} holds: {cards}", seat=k["seat"] + 1, cards=cards))))
    among = view.get("known_among")
    if among:
        cards = ", ".join(card_word(c, lang) for c in among["cards"])
        holders = ", ".join(f"P{h + 1}" for h in among["seats"])
        line = tr._("You know these are among the hands of {seats}: {cards}", seats=holders, cards=cards)
        lines.append(_clip(escape(line)))
    pending = view["pending"]
    if pending is not None or view["over"] or view["current_player"] != view["seat"]:
        lines.append(_pending_text(view, lang))
    if view["hand"]:
        lines.append(tr._("Your hand:"))
        held: dict[str, int] = {}
        for card in view["hand"]:
            held[card["name"]] = held.get(card["name"], 0) + 1
        first = {card["name"]: card for card in reversed(view["hand"])}
        distinct = [first[name] for name in held]
        said = len(lines) + len(distinct) <= BOARD_ROOM  # a long hand: names only, texts by `look`
        words = []
        for card in distinct:
            fit = "[green]✓[/green]" if card["fits"] else " "
            times = f"{held[card['name']]}× " if held[card["name"]] > 1 else ""
            words.append(f"{fit} {times}{card_text(card, lang, effects=said)}")
        if said:
            lines.extend(_clip(" " + word) for word in words)
        else:
            lines.extend(fold(words))
    entries = read_narration(view, lang, decode)
    if entries:
        lines.extend(f"[dim]· {escape(entry)}[/dim]" for entry in entries[-6:])
    return "\n".join(lines)
