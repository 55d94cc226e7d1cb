"""Reading a Zombie Overlord card file: each field checked, a bad one refused by name (RULINGS ZO-1).

`cards.load` reads the TOML and builds the `CardSet` through a `Reader`, which checks every field's
type and range, the lure types and each ability's keyword, effect and parameters against the
vocabulary of `cards.EFFECTS`, and raises `CardDataError` naming the file, the card and the field.
"""

from __future__ import annotations

from typing import Any

from deadtable.core import CardDataError
from deadtable.i18n import Message

from .cards import CHOICES, EFFECTS, KEYWORDS, LURE_TYPES, Ability


class Reader:
    """Reads the fields of one card file, refusing a bad one with the file, card and field named."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, card: str, fld: str, why: Message) -> CardDataError:
        return CardDataError(
            "{path}: card {card!r}, field {field!r}: {why}", path=self.path, card=card, field=fld, why=why
        )

    def get(self, entry: dict[str, Any], card: str, name: str, kind: type, default: Any = None) -> Any:
        if name not in entry:
            if default is None:
                raise self.fail(card, name, Message("missing"))
            return default
        value = entry[name]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise self.fail(
                card, name, Message("must be {kind}, not {value!r}", kind=kind.__name__, value=value)
            )
        if kind is int and value < 0:
            raise self.fail(card, name, Message("must not be negative, not {value}", value=value))
        return value

    def table(self, data: dict[str, Any], name: str) -> dict[str, Any]:
        t = data.get(name)
        if not isinstance(t, dict):
            raise self.fail(name, name, Message("a [{name}] table is required", name=name))
        return t

    def entries(self, data: dict[str, Any], name: str, required: bool = True) -> list[dict[str, Any]]:
        t = data.get(name, [])
        if not isinstance(t, list) or not all(isinstance(e, dict) for e in t) or (required and not t):
            raise self.fail(name, name, Message("[[{name}]] entries are required", name=name))
        return t

    def lure(self, entry: dict[str, Any], card: str, fld: str, most: int) -> tuple[int, ...]:
        raw = entry.get(fld)
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list) or not 1 <= len(raw) <= most:
            raise self.fail(
                card, fld, Message("must name 1 to {most} of {types}", most=most, types=", ".join(LURE_TYPES))
            )
        out: list[int] = []
        for t in raw:
            if t not in LURE_TYPES or t in [LURE_TYPES[i] for i in out]:
                raise self.fail(
                    card,
                    fld,
                    Message("{value!r} is not a lure type ({types})", value=t, types=", ".join(LURE_TYPES)),
                )
            out.append(LURE_TYPES.index(t))
        return tuple(out)

    def abilities(self, entry: dict[str, Any], card: str, action: bool) -> tuple[Ability, ...]:
        raw = entry.get("abilities", [])
        if not isinstance(raw, list) or not all(isinstance(a, dict) for a in raw):
            raise self.fail(
                card, "abilities", Message("must be a list of tables, each with a keyword and an effect")
            )
        if action and len(raw) != 1:
            raise self.fail(card, "abilities", Message("an Action card has exactly one ability"))
        out: list[Ability] = []
        for i, a in enumerate(raw):
            fld = f"abilities[{i}]"
            keyword = "play" if action else a.get("keyword")
            if not action and keyword not in KEYWORDS:
                raise self.fail(
                    card, fld + ".keyword", Message("must be one of {choices}", choices=", ".join(KEYWORDS))
                )
            effect = a.get("effect")
            if effect not in EFFECTS:
                why = Message(
                    "unknown effect {effect!r}; known: {known}", effect=effect, known=", ".join(EFFECTS)
                )
                raise self.fail(card, fld + ".effect", why)
            if not action and keyword in [x.keyword for x in out]:
                raise self.fail(
                    card,
                    fld + ".keyword",
                    Message("a Trap has at most one {keyword} ability", keyword=keyword),
                )
            params = {}
            for k, v in a.items():
                if k in ("keyword", "effect"):
                    continue
                kind = EFFECTS[effect].get(k)
                if kind is None:
                    raise self.fail(
                        card,
                        f"{fld}.{k}",
                        Message("effect {effect!r} takes no parameter {name!r}", effect=effect, name=k),
                    )
                bad_int = kind is int and (isinstance(v, bool) or (isinstance(v, int) and v < 0))
                if not isinstance(v, kind) or bad_int:
                    raise self.fail(
                        card,
                        f"{fld}.{k}",
                        Message("must be {kind}, not {value!r}", kind=kind.__name__, value=v),
                    )
                if k in CHOICES and v not in CHOICES[k]:
                    raise self.fail(
                        card, f"{fld}.{k}", Message("must be one of {choices}", choices=", ".join(CHOICES[k]))
                    )
                params[k] = v
            out.append(Ability(keyword, effect, params))
        return tuple(out)
