"""Declared game options: a name, a default, help text, words for a person and a check of every value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deadtable.i18n import N_, render

from .errors import OptionError

WHOLE_NUMBER = N_("option {name!r} takes a whole number, not {value!r}")
YES = N_("yes")
NO = N_("no")


@dataclass(frozen=True)
class Option:
    """One option of a game, as the CLI, the web table and `game.new` see it.

    `help` is English and a catalogue message id: mark it `N_("...")` where the game declares
    it; the CLI and the web table translate it where they show it.

    `label` names the option in words and `value_labels` some of its values ((value, words) pairs),
    both catalogue message ids like `help`: a person reads "Round limit: no limit", never the
    option's name and raw value (`rounds = 0`), which stay the record's and the API's.

    >>> o = Option("rounds", 60, "Round limit; 0 means none.", minimum=0,
    ...            label="Round limit", value_labels=((0, "no limit"),))
    >>> o.coerce("12")
    12
    >>> o.label_text(), o.value_text(0), o.value_text(12)
    ('Round limit', 'no limit', '12')
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    house_rule: str | None = None  # a RULINGS id when the option is a house choice
    # Set by the game itself when it deals (deadtable.core.cardlists.PIN), never asked of a person:
    # the lobby, `deadtable games` and `deadtable rules` do not list it.
    set_by_game: bool = False
    label: str = ""
    value_labels: tuple[tuple[Any, str], ...] = ()

    def label_text(self, lang: str = "en") -> str:
        """The option's name in words in `lang` (its label; without one, its name spelled out)."""
        return render(self.label, lang) if self.label else self.name.replace("_", " ").capitalize()

    def value_text(self, value: Any, lang: str = "en") -> str:
        """`value` in words in `lang`: its label where the game gives one, yes or no for a switch,
        a dash for nothing, else the value as written (a number, a list of names)."""
        for known, words in self.value_labels:
            if known == value and type(known) is type(value):
                return render(words, lang)
        if isinstance(value, bool):
            return render(YES if value else NO, lang)
        if value is None or value == "":
            return "—"
        return str(value)

    @property
    def kind(self) -> type:
        return type(self.default) if self.default is not None else str

    def coerce(self, value: Any) -> Any:
        """Return `value` as this option's type, or raise OptionError saying what is wrong."""
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                out: Any = value
            elif str(value).lower() in ("1", "true", "yes", "on"):
                out = True
            elif str(value).lower() in ("0", "false", "no", "off"):
                out = False
            else:
                raise OptionError(
                    "option {name!r} takes yes or no, not {value!r}", name=self.name, value=value
                )
        elif kind is int:
            if isinstance(value, bool):
                raise OptionError(WHOLE_NUMBER, name=self.name, value=value)
            try:
                out = int(value)
            except (TypeError, ValueError):
                raise OptionError(WHOLE_NUMBER, name=self.name, value=value) from None
            if self.minimum is not None and out < self.minimum:
                raise OptionError(
                    "option {name!r} must be at least {minimum}, not {value}",
                    name=self.name,
                    minimum=self.minimum,
                    value=out,
                )
            if self.maximum is not None and out > self.maximum:
                raise OptionError(
                    "option {name!r} must be at most {maximum}, not {value}",
                    name=self.name,
                    maximum=self.maximum,
                    value=out,
                )
        else:
            out = value if value is None else str(value)
        if self.choices is not None and out not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(
                "option {name!r} must be one of {allowed}, not {value!r}",
                name=self.name,
                allowed=allowed,
                value=value,
            )
        return out


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with `given`, every value checked; unknown names are refused."""
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        if not by_name:
            raise OptionError("unknown option {name!r}; this game has no options", name=unknown[0])
        known = ", ".join(sorted(by_name))
        raise OptionError(
            "unknown option {name!r}; this game's options are: {known}", name=unknown[0], known=known
        )
    out = {o.name: o.default for o in declared}
    for name, value in given.items():
        out[name] = by_name[name].coerce(value)
    return out
