"""What the cards print, in the reader's language: names, effect texts, corporations and kinds.

Every text a card prints is looked up with the message context `CONTEXT` (`pgettext`), so a card
called "Hide" never shares a translation with a button called "Hide". The effect texts are made
from the named effects of data/cards.toml (`effect_text`, in English) and each whole text is
translated, so the Russian and Spanish wording can follow its own grammar. A card from a user's
own file that the catalogue does not know is shown in English.

>>> CardText("Screamer").render("ru"), CardText("may be played on any boss").render("es")
('Крикун', 'puede jugarse sobre cualquier jefe')
>>> str(CardText("Screamer"))
'Screamer'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from string import Formatter
from typing import TYPE_CHECKING, Any

from deadtable.core.names import TypedNames
from deadtable.i18n import LANGUAGES, Message, current_language, translator

if TYPE_CHECKING:
    from .cards import CardSet

CONTEXT = "zombie-shedding:card"
CORPORATION_NAMES = ("Star", "Umbrella", "Shield", "Flask")  # as cards.CORPORATIONS
KIND_NAMES = ("common", "elite", "boss", "event")


class CardText(Message):
    """A text printed on a card, translated in the card context (no parameters)."""

    __slots__ = ()

    def render(self, lang: str | None = None) -> str:
        return translator(lang or current_language()).pgettext(CONTEXT, self.msgid)

    def to_json(self) -> dict[str, Any]:
        return {"msg": self.msgid, "params": {}, "context": CONTEXT}


class LogEntry(Message):
    """A message in the log: its English text and JSON are made once (views show the same entries again)."""

    __slots__ = ()

    @classmethod
    def of(
        cls, msgid: str, params: dict[str, Any], plural: str | None = None, n: int | None = None
    ) -> LogEntry:
        """The entry for a message id and its parameters (with `plural` and `n`: a plural message,
        whose parameters hold `n` too, as `Message.plural_form` makes them)."""
        out = cls.__new__(cls)
        out.msgid, out.plural, out.n, out.params = msgid, plural, n, params
        out.context = None
        out._english = out._simple = out._json = None
        return out

    @classmethod
    def of_values(
        cls, msgid: str, values: tuple[Any, ...], plural: str | None = None, n: int | None = None
    ) -> LogEntry:
        """The entry `ShedState.note` (or `note_n`, with `plural` and `n`) logged: `values` are the
        placeholders' values in the order the placeholders first appear in `msgid`."""
        names = placeholders(msgid)
        if plural is None:
            return cls.of(msgid, dict(zip(names, values, strict=True)))
        rest = zip((name for name in names if name != "n"), values, strict=True)
        return cls.of(msgid, {"n": n, **dict(rest)}, plural, n)

    def __str__(self) -> str:
        """The English text, straight from the message id (the English catalogue keeps every id as is)."""
        done = self._english
        if done is None:
            template = self.msgid if self.plural is None or self.n == 1 else self.plural
            params = self.params
            if params:
                values = {k: v.msgid if isinstance(v, CardText) else v for k, v in params.items()}
                if self.n is not None:
                    values["n"] = self.n
                done = template.format(**values)
            else:
                done = template
            self._english = done
        return done

    # to_json() is Message's, made once and shared by every view that shows this entry.


@cache
def placeholders(template: str) -> tuple[str, ...]:
    """The names of a template's `{placeholders}`, each once, in order of first appearance.

    >>> placeholders("P{seat} plays {card} for P{victim}")
    ('seat', 'card', 'victim')
    """
    names = (field for _text, field, _spec, _conv in Formatter().parse(template) if field)
    return tuple(dict.fromkeys(names))


def card(text: str, lang: str) -> str:
    """A card text (name, effect, corporation, kind) in `lang`; English when it is unknown."""
    return translator(lang).pgettext(CONTEXT, text)


def decode(data: Mapping[str, Any]) -> Message:
    """A message from its JSON (`Message.to_json`), keeping card texts in the card context."""
    if data.get("context") == CONTEXT:
        return CardText(str(data["msg"]))
    params = {k: decode(v) if isinstance(v, Mapping) and "msg" in v else v for k, v in data["params"].items()}
    if data.get("plural") is not None:
        params.pop("n", None)
        return Message.plural_form(str(data["msg"]), str(data["plural"]), int(data["n"]), **params)
    return Message(str(data["msg"]), **params)


def effect_text(name: str, params: Mapping[str, Any]) -> str:
    """A card effect in plain English words (the catalogue's message id for it).

    >>> effect_text("lands_on", {"kind": "boss"})
    'may be played on any boss'
    """
    cond = _cond_text(params)
    aimed = _listed([ANSWER_WORDS[a] for a in params.get("answers", ())]) or "an effect"
    article = "an" if cond[0] in "aeiou" else "a"
    texts = {
        "lands_on": f"may be played on any {cond}",
        "follows": f"any {cond} may follow it",
        "combo": f"combo: may be played too, right after you play {article} {cond}",
        "next_draws": f"the next player draws {params.get('count', 1)}",
        "next_skips": "the next player misses a turn",
        "reverse": "play turns around (with two players in the hand: the other misses a turn)",
        "swap": (
            "take a card at random from an opponent's hand and give one back"
            if params.get("pick") == "random"
            else "look at an opponent's hand, take a card and give one back"
        ),
        "give": (
            "give an opponent one of your cards at random"
            if params.get("pick") == "random"
            else "give an opponent a card of your choice"
        ),
        "name_corporation": "name the corporation to match",
        "finish": f"finish: -{params.get('bonus', 0)} points if you end the hand with it",
        "hide": f"protection: cancel {aimed} on you or a teammate",
        "boomerang": f"protection: turn {aimed} on you or a teammate back on its player",
        "not_last": "cannot be your last card",
    }
    return texts.get(name, name)


# What a protection card's `answers` names, in the words of its effect text.
ANSWER_WORDS = {"next_draws": "a draw", "next_skips": "a missed turn", "swap": "a swap", "give": "a gift"}


def _listed(words: list[str]) -> str:
    """ "a, b or c" (empty for no words).

    >>> _listed(["a missed turn", "a swap", "a gift"]), _listed(["a draw"])
    ('a missed turn, a swap or a gift', 'a draw')
    """
    return " or ".join(filter(None, (", ".join(words[:-1]), *words[-1:])))


def _cond_text(p: Mapping[str, Any]) -> str:
    words = []
    if "corporation" in p:
        words.append(str(p["corporation"]))
    words.append(str(p["kind"]) if "kind" in p else "zombie")
    if "min_points" in p and "max_points" in p:
        words.append(f"of {p['min_points']} to {p['max_points']} points")
    elif "min_points" in p:
        words.append(f"of {p['min_points']} points or more")
    elif "max_points" in p:
        words.append(f"of {p['max_points']} points or less")
    return " ".join(words)


def card_texts(cards: CardSet) -> list[str]:
    """Every text the cards of `cards` print, each once, in card order; then corporations and kinds.

    These are the ids the catalogues must translate in the context `CONTEXT`
    (tests/i18n/test_zombie_shedding_cards.py checks the built-in set in every language).
    """
    out: dict[str, None] = {}
    for c in cards.cards:
        out[c.name] = None
        for name, params in c.effects:
            out[effect_text(name, dict(params))] = None
    for word in (*CORPORATION_NAMES, *KIND_NAMES):
        out[word] = None
    return list(out)


def typed_names(names: tuple[str, ...], slugs: tuple[str, ...]) -> TypedNames:
    """Every language's card and corporation names, as a player may type them, to the action ids.

    Built once per card set, when a typed text first misses the ids (`ZombieShedding.typed_names`):
    «play кусака» and "play mordedor" read as "play biter", «name зонт» as "name umbrella".

    >>> typed = typed_names(("Biter", "Lady Mimic"), ("biter", "lady-mimic"))
    >>> typed.read("play Кусака + леди мимика"), typed.read("name paraguas"), typed.read("play biter")
    ('play biter + lady-mimic', 'name umbrella', 'play biter')
    """
    shown: dict[str, str] = {}
    for lang in LANGUAGES:
        tr = translator(lang)
        for name, slug in zip(names, slugs, strict=True):
            shown[tr.pgettext(CONTEXT, name)] = slug
        for corporation in CORPORATION_NAMES:
            shown[tr.pgettext(CONTEXT, corporation)] = corporation.lower()
    return TypedNames(shown)
