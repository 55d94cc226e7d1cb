"""The card set as data: Monsters, Hired Hands and the Overlord card, loaded from TOML and checked.

A card kind is an int (its index in the file); copies of a kind are interchangeable, so hands and
armies are lists of kinds. A user's own file (the `cards` option) goes through the same checks and
is refused with a `CardDataError` naming the file, the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from deadtable.core import CardDataError
from deadtable.core.cardlists import BuiltinLists, Loader
from deadtable.i18n import Message

if TYPE_CHECKING:
    from .actions import ActionTable

BUILTIN = Path(__file__).with_name("data") / "cards.toml"
BUILTINS = BuiltinLists(BUILTIN, "built-in cards.toml")  # and every released one (data/history)
TABLE_EXAMPLE = '{ rule = "table", points = [...] }'

# The seven Hired Hand abilities of section VII; a card file names one of them per Hired Hand.
ABILITIES = ("black_knight", "red_knight", "blue_knight", "thief", "sorcerer", "medusa", "lich_king")

# Each scoring rule of section IX with the parameters it takes (name -> kind of value).
RULES: dict[str, dict[str, str]] = {
    "straight": {"value": "int", "bonus": "int"},
    "table": {"points": "ints"},
    "sets": {"size": "int", "set_points": "int", "single_points": "int"},
    "alone": {"alone_points": "int", "each_points": "int"},
    "majority": {"places": "ints"},
}


@dataclass(frozen=True)
class CardSet:
    """Static card data, shared by every state of a game (never copied)."""

    source: str
    names: tuple[str, ...]  # display name per kind ("Undead Warrior 2", "Black Knight")
    slugs: tuple[str, ...]  # the lowercase name used in action texts ("undead warrior 2")
    types: tuple[str, ...]  # score-sheet row per kind ("Undead Warrior"; "Hired Hands")
    texts: tuple[str, ...]
    counts: tuple[int, ...]
    hired: tuple[bool, ...]
    abilities: tuple[str, ...]  # "" for Monsters
    scoring: tuple[dict[str, Any], ...]  # the rule and its parameters; Hired Hands: {"rule": "flat"}
    hired_hands_in_game: int
    overlord_name: str
    overlord_text: str
    sha: str = ""  # the SHA-256 of the file's text (deadtable.core.cardlists)

    @property
    def kinds(self) -> int:
        return len(self.names)

    @property
    def monsters(self) -> tuple[int, ...]:
        return tuple(k for k in range(self.kinds) if not self.hired[k])

    @property
    def hired_hands(self) -> tuple[int, ...]:
        return tuple(k for k in range(self.kinds) if self.hired[k])

    @property
    def sheet_rows(self) -> tuple[str, ...]:
        """Score-sheet rows in file order, each type once, Hired Hands last."""
        rows: list[str] = []
        for k in self.monsters:
            if self.types[k] not in rows:
                rows.append(self.types[k])
        return (*rows, "Hired Hands")

    @cached_property
    def actions(self) -> ActionTable:
        """The Recruit/Exchange/Activate actions of every kind, made once per card set."""
        from .actions import ActionTable

        return ActionTable(self.slugs)

    @cached_property
    def kind_of(self) -> dict[str, int]:
        """Slug to kind, built once per card set (action texts are looked up on every step)."""
        return {s: k for k, s in enumerate(self.slugs)}

    def kind(self, slug: str) -> int:
        """The kind named `slug` (case and spaces do not matter); KeyError if none."""
        k = self.kind_of.get(slug)
        if k is not None:
            return k
        wanted = " ".join(slug.split()).lower()
        try:
            return self.slugs.index(wanted)
        except ValueError:
            raise KeyError(slug) from None

    def monster_deck(self) -> list[int]:
        return list(self._decks[0])

    def hired_hand_cards(self) -> list[int]:
        return list(self._decks[1])

    @cached_property
    def _decks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Every Monster card, then every Hired Hand card, by kind (made once: each game starts so)."""
        copies = self.counts
        return (
            tuple(k for k in self.monsters for _ in range(copies[k])),
            tuple(k for k in self.hired_hands for _ in range(copies[k])),
        )


def _fail(where: str, card: str, field: str, problem: Message) -> CardDataError:
    """The error for a bad card file: it names the file, the card and the field (the problem translated)."""
    return CardDataError(
        "{where}: card {card!r}, field {field!r}: {problem}",
        where=where,
        card=card,
        field=field,
        problem=problem,
    )


def _int(where: str, card: str, field: str, value: Any, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise _fail(
            where,
            card,
            field,
            Message(
                "must be a whole number of at least {minimum}, not {value!r}", minimum=minimum, value=value
            ),
        )
    return value


def _str(where: str, card: str, field: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(where, card, field, Message("must be a non-empty text, not {value!r}", value=value))
    return value.strip()


def _scoring(where: str, card: str, spec: Any) -> dict[str, Any]:
    if not isinstance(spec, dict):
        raise _fail(
            where, card, "scoring", Message("must be a table such as {example}", example=TABLE_EXAMPLE)
        )
    rule = spec.get("rule")
    if rule not in RULES:
        raise _fail(
            where,
            card,
            "scoring.rule",
            Message("must be one of {choices}, not {value!r}", choices=", ".join(RULES), value=rule),
        )
    out: dict[str, Any] = {"rule": rule}
    for name, kind in RULES[rule].items():
        field = f"scoring.{name}"
        if name not in spec:
            raise _fail(where, card, field, Message("is missing (rule {rule!r} needs it)", rule=rule))
        value = spec[name]
        if kind == "int":
            out[name] = _int(where, card, field, value, 1 if name in ("size", "value") else 0)
        else:
            if not isinstance(value, list) or not value:
                raise _fail(where, card, field, Message("must be a non-empty list of whole numbers"))
            out[name] = tuple(_int(where, card, field, v) for v in value)
    extra = sorted(set(spec) - set(RULES[rule]) - {"rule"})
    if extra:
        raise _fail(
            where, card, f"scoring.{extra[0]}", Message("is not a parameter of rule {rule!r}", rule=rule)
        )
    return out


def _parse(data: dict[str, Any], where: str, sha: str = "") -> CardSet:
    names: list[str] = []
    types: list[str] = []
    texts: list[str] = []
    counts: list[int] = []
    hired: list[bool] = []
    abilities: list[str] = []
    scoring: list[dict[str, Any]] = []
    monsters = data.get("monster", [])
    hands = data.get("hired_hand", [])
    if not isinstance(monsters, list) or not monsters:
        raise _fail(where, "-", "monster", Message("the file needs at least one [[monster]] table"))
    if not isinstance(hands, list):
        raise _fail(where, "-", "hired_hand", Message("must be a list of [[hired_hand]] tables"))
    for i, entry in enumerate([*monsters, *hands]):
        is_hand = i >= len(monsters)
        label = f"#{i + 1}"
        if not isinstance(entry, dict):
            raise _fail(where, label, "-", Message("must be a table"))
        name = _str(where, label, "name", entry.get("name"))
        if " ".join(name.split()).lower() in [n.lower() for n in names]:
            raise _fail(where, name, "name", Message("is used by two cards"))
        names.append(" ".join(name.split()))
        counts.append(_int(where, name, "count", entry.get("count"), 1))
        texts.append(_str(where, name, "text", entry.get("text")))
        hired.append(is_hand)
        if is_hand:
            ability = entry.get("ability")
            if ability not in ABILITIES:
                raise _fail(
                    where,
                    name,
                    "ability",
                    Message(
                        "must be one of {choices}, not {value!r}", choices=", ".join(ABILITIES), value=ability
                    ),
                )
            abilities.append(ability)
            scoring.append({"rule": "flat", "points": _int(where, name, "points", entry.get("points"))})
            types.append("Hired Hands")
        else:
            abilities.append("")
            scoring.append(_scoring(where, name, entry.get("scoring")))
            types.append(_str(where, name, "type", entry.get("type", name)))
    _check_types(where, names, types, scoring)
    deck = data.get("deck", {})
    in_game = _int(where, "deck", "hired_hands_in_game", deck.get("hired_hands_in_game", 7))
    if in_game > sum(c for c, h in zip(counts, hired, strict=True) if h):
        raise _fail(where, "deck", "hired_hands_in_game", Message("is more than the Hired Hand cards listed"))
    overlord = data.get("overlord", {})
    if not isinstance(overlord, dict):
        raise _fail(where, "overlord", "-", Message("must be a table"))
    return CardSet(
        source=where,
        names=tuple(names),
        slugs=tuple(n.lower() for n in names),
        types=tuple(types),
        texts=tuple(texts),
        counts=tuple(counts),
        hired=tuple(hired),
        abilities=tuple(abilities),
        scoring=tuple(scoring),
        hired_hands_in_game=in_game,
        overlord_name=_str(where, "overlord", "name", overlord.get("name", "Overlord")),
        overlord_text=_str(where, "overlord", "text", overlord.get("text", "Plays Hired Hands first.")),
        sha=sha,
    )


def _check_types(where: str, names: list[str], types: list[str], scoring: list[dict[str, Any]]) -> None:
    """Cards of one type share one rule; only `straight` allows several kinds in a type."""
    seen: dict[str, int] = {}
    for k, t in enumerate(types):
        if t == "Hired Hands":
            continue
        if t in seen:
            first = scoring[seen[t]]
            if first["rule"] != "straight" or scoring[k]["rule"] != "straight":
                raise _fail(
                    where,
                    names[k],
                    "type",
                    Message("type {type!r} is already used by {card!r}", type=t, card=names[seen[t]]),
                )
        else:
            seen[t] = k


# The built-in list (`path` "") or a player's file, checked against the pinned `card_list` (core.cardlists).
load: Final = Loader(BUILTINS, _parse)
