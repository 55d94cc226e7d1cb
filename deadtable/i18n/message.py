"""Messages that are rendered in the reader's language, not in the writer's.

The engine does not know who will read what it says: a rule explanation raised by a game may be
shown to a Spanish player in a terminal and to a Russian one in a browser. So the engine says it
with a `Message`: an English template (the catalogue's message id) and its parameters. The text is
made only when someone reads it, with `render(lang)`; `str(message)` is the English text, so logs,
tests and tracebacks stay readable.

>>> m = Message("{where} has no zoo card left to capture (CZ-3)", where="a1")
>>> str(m)
'a1 has no zoo card left to capture (CZ-3)'
>>> m.render("es")
'a1 no tiene ninguna carta de zoo que capturar (CZ-3)'
>>> nmsg("{n} point", "{n} points", 3).render("ru")
'3 очка'

Parameters that are themselves messages (or errors carrying one) are rendered in the same
language, so a message can name a thing that needs translating too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .catalog import current_language, translator


def N_(text: str) -> str:
    """Mark `text` for the catalogue without translating it (it is translated where it is shown)."""
    return text


class Plural(NamedTuple):
    """A plural message id (its singular and plural), kept where it is defined and made a message where used.

    >>> WAIT = N_plural("wait {seconds} second", "wait {seconds} seconds")
    >>> str(WAIT.message(3, seconds=3)), str(WAIT.message(1, seconds=1))
    ('wait 3 seconds', 'wait 1 second')
    """

    singular: str
    plural: str

    def message(self, n: int, /, **params: Any) -> Message:
        """The message for the number `n`: its form is chosen by `n` (also available as `{n}`)."""
        return Message.plural_form(self.singular, self.plural, n, **params)


def N_plural(singular: str, plural: str) -> Plural:
    """`N_` for a message whose wording depends on a number: mark both ids for the catalogue.

    The number may go by its own name in the text (`{seconds}`) as long as it is the one counted.
    """
    return Plural(singular, plural)


class Message:
    """A message id (English, with `{name}` placeholders) and its parameters, rendered late."""

    __slots__ = ("_english", "_json", "_simple", "context", "msgid", "n", "params", "plural")

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.msgid = msgid
        self.plural: str | None = None
        self.n: int | None = None
        self.context: str | None = None  # msgctxt, e.g. "zombie-shedding:card" for card texts
        self.params = params
        self._english: str | None = None  # str(self), made once: views render logs often
        self._simple: bool | None = None  # every parameter is a plain JSON value
        self._json: dict[str, Any] | None = None  # to_json(), made once (a message never changes)

    @classmethod
    def plural_form(cls, singular: str, plural: str, n: int, /, **params: Any) -> Message:
        """A message whose wording depends on the number `n` (also available as `{n}`)."""
        out = cls(singular, n=n, **params)
        out.plural = plural
        out.n = n
        return out

    @classmethod
    def in_context(cls, context: str, msgid: str, /, **params: Any) -> Message:
        """A message looked up in a message context (`pgettext`), such as a game's card texts.

        >>> Message.in_context("zombie-shedding:card", "Screamer").to_json()["context"]
        'zombie-shedding:card'
        """
        out = cls(msgid, **params)
        out.context = context
        return out

    def render(self, lang: str | None = None) -> str:
        """The text in `lang` (default: the current language); English when no translation exists."""
        lang = lang or current_language()
        tr = translator(lang)
        if self.plural is not None:
            assert self.n is not None
            template = tr.ngettext(self.msgid, self.plural, self.n)
            english = self.msgid if self.n == 1 else self.plural
        elif (context := getattr(self, "context", None)) is not None:
            template = tr.pgettext(context, self.msgid)
            english = self.msgid
        else:
            template = tr.gettext(self.msgid)
            english = self.msgid
        if not self.params:
            return template
        values = {k: _render_value(v, lang) for k, v in self.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            # A translation with a broken placeholder never hides the message: say it in English.
            return english.format(**values)

    def __str__(self) -> str:
        if self._english is None:
            self._english = self.render("en")
        return self._english

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        mine = (self.msgid, self.plural, getattr(self, "context", None), self.params)
        return mine == (other.msgid, other.plural, getattr(other, "context", None), other.params)

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural))

    def to_json(self) -> dict[str, Any]:
        """The message as JSON, for a client that renders it in its own language.

        Made once and shared (views show the same log entries again and again): treat it as
        read-only.
        """
        done = getattr(self, "_json", None)  # subclasses built with __new__ may not set it
        if done is not None:
            return done
        if self._simple is None:
            self._simple = all(isinstance(v, str | int | float | bool | None) for v in self.params.values())
        params = dict(self.params) if self._simple else {k: _json_value(v) for k, v in self.params.items()}
        out: dict[str, Any] = {"msg": self.msgid, "params": params}
        if self.plural is not None:
            out["plural"] = self.plural
            out["n"] = self.n
        context = getattr(self, "context", None)  # subclasses built with __new__ may not set it
        if context is not None:
            out["context"] = context
        self._json = out
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        params = {k: _from_json_value(v) for k, v in dict(data.get("params") or {}).items()}
        if data.get("plural") is not None:
            params.pop("n", None)
            out = cls.plural_form(str(data["msg"]), str(data["plural"]), int(data["n"]), **params)
        else:
            out = cls(str(data["msg"]), **params)
        if data.get("context") is not None:
            out.context = str(data["context"])
        return out


def nmsg(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """A plural message: `nmsg("{n} card", "{n} cards", n)`."""
    return Message.plural_form(singular, plural, n, **params)


def render(text: str | Message, lang: str | None = None) -> str:
    """A message or a plain string (translated when the catalogue knows it) in `lang`."""
    if isinstance(text, Message):
        return text.render(lang)
    return translator(lang or current_language()).gettext(text)


def _render_value(value: Any, lang: str) -> Any:
    if isinstance(value, Message):
        return value.render(lang)
    renderer = getattr(value, "render", None)
    if isinstance(value, Exception) and callable(renderer):
        return renderer(lang)
    return value


def _json_value(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    message = getattr(value, "message", None)
    if isinstance(value, Exception) and isinstance(message, Message):
        return message.to_json()
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def _from_json_value(value: Any) -> Any:
    if isinstance(value, dict) and "msg" in value:
        return Message.from_json(value)
    return value
