"""The card list (RULINGS ZS-1): loading and checking a TOML file, and the tables play reads.

A card is one kind; hands, deck and discard hold kind numbers (ints), so two combined decks
(RULINGS ZS-5) are just every kind twice as often. Effects are named, with parameters, from a
small vocabulary (see data/cards.toml); this module checks them and precomputes what matching
needs, so play never re-reads a card's text.

>>> cs = load()
>>> len(cs.deck(1)), len(cs.deck(2))
(54, 108)
>>> cs.by_slug["lady-mimic"] == cs.kind("Lady Mimic")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from deadtable.core import Action, CardDataError
from deadtable.core.cardlists import BuiltinLists, Loader
from deadtable.core.pickling import by_constructor
from deadtable.i18n import N_, Message

from . import actions as A
from .card_text import CardText
from .masks import ActionLists, mask_of

# Found through the package, not `__file__`: compiled (mypyc) into a shared library elsewhere in the
# package, a module's `__file__` names that library's folder.
BUILTIN = Path(str(files(__package__ or __name__.rpartition(".")[0]) / "data" / "cards.toml"))
BUILTINS = BuiltinLists(BUILTIN, "built-in cards.toml")  # and every released one (data/history)
CORPORATIONS = ("Star", "Umbrella", "Shield", "Flask")
KINDS = ("common", "elite", "boss")
DECK_MAKEUP = {"common": 20, "elite": 20, "boss": 5, "event": 9}
MAX_SEATS: Final = 8  # the game's most players
MAX_DRAWS: Final = 6  # the most cards a next_draws effect makes a seat draw
PLAYS: Final = N_("P{seat} plays {card}")  # the log's most frequent entry (see `CardSet.play_notes`)

# Effect name -> the parameters it takes (name -> type); a cond is kind/corporation/min/max points.
COND_KEYS = {"kind": str, "corporation": str, "min_points": int, "max_points": int}
EFFECTS: dict[str, dict[str, type]] = {
    "lands_on": COND_KEYS,
    "follows": COND_KEYS,
    "combo": COND_KEYS,
    "next_draws": {"count": int},
    "next_skips": {},
    "reverse": {},
    "swap": {"target": str, "pick": str},
    "give": {"target": str, "pick": str},
    "name_corporation": {},
    "finish": {"bonus": int},
    "hide": {"answers": list},
    "boomerang": {"answers": list},
    "not_last": {},
}
CONDITIONAL = ("lands_on", "follows", "combo")
ATTACKS = ("next_draws", "next_skips", "swap", "give")  # effects protection answers
PROTECTION = ("hide", "boomerang")  # `answers`: the ATTACKS it answers (default: all of them)
ZOMBIE_ONLY = ("lands_on", "follows", "combo", "finish", "name_corporation")
# Effects that happen when a card is played, in the order rules.py codes them (E_DRAWS = 0, ...).
ON_PLAY = ("next_draws", "next_skips", "swap", "give", "reverse", "name_corporation")
# `pick` of a swap or a gift: who chooses the card. "choice": the player
# who plays the card (a swap looks at the hand first); "random": a card at random, unseen (a swap
# takes one at random without looking, then gives one of the player's choice back).
PICKS = ("choice", "random")

Cond = tuple[int, int, int, int]  # kind index or -1, corporation index or -1, min points, max points


@dataclass(frozen=True)
class Card:
    kind_id: int
    name: str
    slug: str
    is_event: bool
    level: int  # index in KINDS, -1 for events
    points: int  # 0 for events (they count 0, ZS-2)
    corporation: int  # index in CORPORATIONS, -1 for events
    copies: int
    effects: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled (mypyc), pickled through the constructor

    def param(self, effect: str, key: str, default: Any = None) -> Any:
        for name, params in self.effects:
            if name == effect:
                return dict(params).get(key, default)
        return default

    def has(self, effect: str) -> bool:
        return any(name == effect for name, _ in self.effects)

    @property
    def label(self) -> str:
        if self.is_event:
            return f"{self.name} (event)"
        return f"{self.name} ({self.points} {CORPORATIONS[self.corporation]} {KINDS[self.level]})"


def slugify(name: str) -> str:
    return "-".join(name.lower().replace("'", "").split())


def cond_holds(cond: Cond, card: Card) -> bool:
    """Whether a zombie card meets a condition (events never do)."""
    level, corp, lo, hi = cond
    if card.is_event:
        return False
    return (
        (level < 0 or card.level == level)
        and (corp < 0 or card.corporation == corp)
        and lo <= card.points <= hi
    )


class CardSet:
    """The checked cards plus precomputed tables; shared by every state, never copied."""

    def __init__(self, cards: list[Card], source: str, sha: str = "") -> None:
        self.cards = tuple(cards)
        self.source = source
        self.sha = sha  # the SHA-256 of the list's text (deadtable.core.cardlists), "" if not read from one
        self.by_slug = {c.slug: c.kind_id for c in cards}
        self.slugs = tuple(c.slug for c in cards)
        self.names = tuple(c.name for c in cards)
        self.plays = tuple(A.play(c.slug) for c in cards)  # the "play <card>" action of each kind
        n = len(cards)
        self.points = tuple(c.points for c in cards)
        self.is_event = tuple(c.is_event for c in cards)
        self.copies = tuple(c.copies for c in cards)  # in one deck
        self.corp = tuple(c.corporation for c in cards)
        self.effect_names = tuple(frozenset(n for n, _ in c.effects) for c in cards)  # what each kind does
        self.protection = frozenset(k for k, c in enumerate(cards) if c.has("hide") or c.has("boomerang"))
        conds = {e: [_conds(c, e) for c in cards] for e in CONDITIONAL}
        # playable[m][corp][k]: kind k may be played on card to match m whose corporation is corp.
        self.playable: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
            tuple(tuple(self._fits(k, m, corp, conds) for k in range(n)) for corp in range(4))
            for m in range(n)
        )
        # fitting[m][corp]: the kinds that may be played on m whose corporation is corp, as a set.
        self.fitting = tuple(
            tuple(frozenset(k for k in range(n) if row[k]) for row in rows) for rows in self.playable
        )
        # combo_after[j][k]: kind k may be played as a combo right after kind j.
        self.combo_after = tuple(
            tuple(any(cond_holds(cd, cards[j]) for cd in conds["combo"][k]) for k in range(n))
            for j in range(n)
        )
        self.combo_kinds = tuple(k for k in range(n) if conds["combo"][k])
        self.combo_set = frozenset(self.combo_kinds)
        self.on_play = tuple(
            tuple((ON_PLAY.index(e), _on_play_param(e, dict(p))) for e, p in c.effects if e in ON_PLAY)
            for c in cards
        )
        self.on_play_reversed = tuple(effects[::-1] for effects in self.on_play)  # stacked last first
        self.finish_bonus = tuple(int(c.param("finish", "bonus", 0)) for c in cards)
        self.hides = tuple(c.has("hide") for c in cards)
        # answer_masks[code]: the protection kinds that may answer the effect coded `code` (ON_PLAY
        # order): every attack unless the card's `answers` names some (the built-in
        # Boomerang answers a swap or a gift only, Hide a missed turn only, and nothing a draw).
        self.answer_masks = tuple(
            mask_of(k in self.protection and e in _answers(c) for k, c in enumerate(cards)) for e in ON_PLAY
        )
        self.name_texts = tuple(CardText(c.name) for c in cards)  # card names as log parameters
        # play_notes[seat][k]: the log entry "P{seat} plays {card}", made once and shared by every
        # log (an entry is never changed in place), so the most frequent move logs without allocating.
        # Typed as tuples of any length: compiled, a fixed-length tuple is unboxed when read (and a
        # new one made to store it again).
        self.play_notes: tuple[tuple[tuple[object, ...], ...], ...] = tuple(
            tuple((PLAYS, (s + 1, text)) for text in self.name_texts) for s in range(MAX_SEATS)
        )
        self._decks: dict[int, tuple[int, ...]] = {}
        # Sets of kinds as bit masks (masks.py): what fits on each card to match, the combo and
        # protection cards, the kinds each combo card may follow; and the action lists of a mask.
        self.bits = tuple(1 << k for k in range(n))
        self.fit_masks = tuple(tuple(mask_of(row) for row in rows) for rows in self.playable)
        self.combo_mask = mask_of(k in self.combo_set for k in range(n))
        self.protection_mask = mask_of(k in self.protection for k in range(n))
        # The kinds that may never be a player's last card (`not_last`): with one card in hand they
        # are neither played nor answered with.
        self.not_last_mask = mask_of(c.has("not_last") for c in cards)
        self.combo_leads = tuple(mask_of(self.combo_after[j][c] for j in range(n)) for c in range(n))
        self.turn_plays = ActionLists[Action](self.plays)
        self.responses = ActionLists[Action](self.plays, (A.DECLINE,))
        self.takes = ActionLists[Action](tuple(A.take(s) for s in self.slugs))
        self.gives = ActionLists[Action](tuple(A.give(s) for s in self.slugs))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # pickled by its cards (see Card.__reduce__)
        return (CardSet, (list(self.cards), self.source, self.sha))

    def _fits(self, k: int, m: int, corp: int, conds: dict[str, list[list[Cond]]]) -> bool:
        """The four ways to match: number, corporation, a card's effect, or an event."""
        card, top = self.cards[k], self.cards[m]
        if card.is_event:
            return True
        if card.points == top.points or card.corporation == corp:
            return True
        if any(cond_holds(cd, top) for cd in conds["lands_on"][k]):
            return True
        return any(cond_holds(cd, card) for cd in conds["follows"][m])

    def kind(self, name: str) -> int:
        return self.by_slug[slugify(name)]

    def name(self, k: int) -> str:
        return self.cards[k].name

    def deck(self, decks: int) -> list[int]:
        """Every card of `decks` combined decks, in kind order (canonical); a new list each time."""
        done = self._decks.get(decks)
        if done is None:
            done = self._decks[decks] = tuple(c.kind_id for c in self.cards for _ in range(c.copies * decks))
        return list(done)


def _answers(card: Card) -> tuple[str, ...]:
    """The effects a protection card answers: those its `answers` names, else every attack."""
    for name in PROTECTION:
        if card.has(name):
            return tuple(card.param(name, "answers", ATTACKS))
    return ()


def _conds(card: Card, effect: str) -> list[Cond]:
    out = []
    for name, params in card.effects:
        if name == effect:
            p = dict(params)
            level = KINDS.index(p["kind"]) if "kind" in p else -1
            corp = CORPORATIONS.index(p["corporation"]) if "corporation" in p else -1
            out.append((level, corp, p.get("min_points", 0), p.get("max_points", 10**6)))
    return out


def _fail(path: str, card: str, field: str, why: Message) -> CardDataError:
    return CardDataError(
        "{path}: card '{card}', field '{field}': {why}", path=path, card=card, field=field, why=why
    )


def _effect(path: str, name: str, raw: Any, is_event: bool) -> tuple[str, tuple[tuple[str, Any], ...]]:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise _fail(path, name, "effects", Message("each effect is a table with a 'name'"))
    ename = raw["name"]
    if ename not in EFFECTS:
        raise _fail(
            path,
            name,
            "effects",
            Message("unknown effect '{effect}'; known: {known}", effect=ename, known=", ".join(EFFECTS)),
        )
    if is_event and ename in ZOMBIE_ONLY:
        raise _fail(path, name, "effects", Message("'{effect}' is for zombie cards only", effect=ename))
    params = {k: v for k, v in raw.items() if k != "name"}
    allowed = EFFECTS[ename]
    for key, value in params.items():
        if key not in allowed:
            raise _fail(
                path,
                name,
                f"effects.{ename}.{key}",
                Message("'{effect}' takes no '{key}'", effect=ename, key=key),
            )
        if not isinstance(value, allowed[key]) or isinstance(value, bool):
            raise _fail(
                path, name, f"effects.{ename}.{key}", Message("must be {type}", type=allowed[key].__name__)
            )
    if "answers" in params:
        answers = params["answers"]
        if not answers or any(a not in ATTACKS for a in answers):
            why = Message("must be a list of one or more of {choices}", choices=", ".join(ATTACKS))
            raise _fail(path, name, f"effects.{ename}.answers", why)
        params["answers"] = tuple(a for a in ATTACKS if a in answers)  # canonical order, once each
    if ename in CONDITIONAL and not params:
        raise _fail(path, name, f"effects.{ename}", Message("needs a condition (kind, corporation, points)"))
    if params.get("kind", "common") not in KINDS:
        raise _fail(
            path, name, f"effects.{ename}.kind", Message("must be one of {choices}", choices=", ".join(KINDS))
        )
    if params.get("corporation", "Star") not in CORPORATIONS:
        raise _fail(
            path,
            name,
            f"effects.{ename}.corporation",
            Message("must be one of {choices}", choices=", ".join(CORPORATIONS)),
        )
    if params.get("target", "opponent") != "opponent":
        raise _fail(
            path, name, f"effects.{ename}.target", Message("only 'opponent' is allowed (rules: Alliances)")
        )
    if params.get("pick", "choice") not in PICKS:
        raise _fail(
            path, name, f"effects.{ename}.pick", Message("must be one of {choices}", choices=", ".join(PICKS))
        )
    if ename == "next_draws" and not 1 <= params.get("count", 0) <= MAX_DRAWS:
        raise _fail(
            path, name, "effects.next_draws.count", Message("must be {low} to {high}", low=1, high=MAX_DRAWS)
        )
    if ename == "finish" and not 0 <= params.get("bonus", -1) <= 100:
        raise _fail(path, name, "effects.finish.bonus", Message("must be {low} to {high}", low=0, high=100))
    return ename, tuple(sorted(params.items()))


def _on_play_param(effect: str, params: dict[str, Any]) -> int:
    """The number an effect carries on the stack: a draw's count; 1 for a swap or a gift whose card
    is picked at random (`pick = "random"`), else 0."""
    if effect in ("swap", "give"):
        return int(params.get("pick", "choice") == "random")
    return int(params.get("count", 0))


def _card(path: str, index: int, raw: Any) -> Card:
    if not isinstance(raw, dict):
        raise _fail(path, f"#{index + 1}", "card", Message("each [[card]] must be a table"))
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(path, f"#{index + 1}", "name", Message("missing or empty"))
    known = {"name", "type", "kind", "points", "corporation", "copies", "effects"}
    for key in raw:
        if key not in known:
            raise _fail(
                path,
                name,
                key,
                Message("unknown field; fields are {fields}", fields=", ".join(sorted(known))),
            )
    ctype = raw.get("type")
    if ctype not in ("zombie", "event"):
        raise _fail(path, name, "type", Message("must be 'zombie' or 'event'"))
    copies = raw.get("copies", 1)
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 9:
        raise _fail(
            path, name, "copies", Message("must be a whole number from {low} to {high}", low=1, high=9)
        )
    effects_raw = raw.get("effects", [])
    if not isinstance(effects_raw, list):
        raise _fail(path, name, "effects", Message("must be a list of tables"))
    is_event = ctype == "event"
    effects = tuple(_effect(path, name, e, is_event) for e in effects_raw)
    if is_event:
        for key in ("kind", "points", "corporation"):
            if key in raw:
                raise _fail(path, name, key, Message("event cards have no kind, points or corporation"))
        return Card(index, name, slugify(name), True, -1, 0, -1, copies, effects)
    kind, points, corp = raw.get("kind"), raw.get("points"), raw.get("corporation")
    if kind not in KINDS:
        raise _fail(path, name, "kind", Message("must be one of {choices}", choices=", ".join(KINDS)))
    if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= 99:
        raise _fail(
            path, name, "points", Message("must be a whole number from {low} to {high}", low=0, high=99)
        )
    if corp not in CORPORATIONS:
        raise _fail(
            path, name, "corporation", Message("must be one of {choices}", choices=", ".join(CORPORATIONS))
        )
    return Card(
        index,
        name,
        slugify(name),
        False,
        KINDS.index(kind),
        points,
        CORPORATIONS.index(corp),
        copies,
        effects,
    )


def parse_cards(data: Any, path: str, sha: str = "") -> CardSet:
    """Check a parsed TOML document and build the card set, or raise CardDataError."""
    raw_cards = data.get("card") if isinstance(data, dict) else None
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardDataError("{path}: no [[card]] tables found", path=path)
    cards = [_card(path, i, raw) for i, raw in enumerate(raw_cards)]
    seen: set[str] = set()
    for c in cards:
        if c.slug in seen:
            raise _fail(path, c.name, "name", Message("two cards have this name; use 'copies' instead"))
        seen.add(c.slug)
    counts = dict.fromkeys(DECK_MAKEUP, 0)
    for c in cards:
        counts["event" if c.is_event else KINDS[c.level]] += c.copies
    for key, want in DECK_MAKEUP.items():
        if counts[key] != want:
            why = Message(
                "the deck needs {want} {kind} cards, this file has {count}",
                want=want,
                kind=key,
                count=counts[key],
            )
            raise _fail(path, "(deck)", key, why)
    if not any(c.has("finish") for c in cards):
        # The rulebook names the Screamer ("a player who ends a hand with the Screamer deducts 15"),
        # and the modes score by it (RULINGS ZS-2, ZS-7): a deck without it is not the game's.
        why = Message("the rules name the Screamer: the deck needs a zombie card with a 'finish' effect")
        raise _fail(path, "(deck)", "finish", why)
    return CardSet(cards, path, sha)


# The built-in list (`path` "") or a player's file, checked against the pinned `card_list` (core.cardlists).
load: Final = Loader(BUILTINS, parse_cards, builtin_by_name=True)
