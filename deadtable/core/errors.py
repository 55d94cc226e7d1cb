"""Errors a person can see: each carries a message written for them, never a traceback.

An error carries a `Message` (an English template and its parameters), so whoever shows it
renders it in the reader's language; `str(err)` stays the English text.

>>> err = IllegalAction("{dst} holds your own character (CZ-4)", dst="b2")
>>> str(err)
'b2 holds your own character (CZ-4)'
>>> err.render("es")
'b2 tiene tu propio personaje (CZ-4)'
>>> err.message.to_json()
{'msg': '{dst} holds your own character (CZ-4)', 'params': {'dst': 'b2'}}
"""

from __future__ import annotations

from typing import Any

from deadtable.i18n import Message


class DeadtableError(Exception):
    """Base of every error deadtable raises on purpose.

    `DeadtableError(msgid, **params)` or `DeadtableError(message)`; a plain string without
    parameters still works (it is shown as written when the catalogue does not know it).
    """

    message: Message

    def __init__(self, message: str | Message = "", /, **params: Any) -> None:
        self.message = message if isinstance(message, Message) else Message(str(message), **params)
        super().__init__(str(self.message))

    def render(self, lang: str | None = None) -> str:
        """The message in `lang` (default: the language in use)."""
        return self.message.render(lang)

    def __str__(self) -> str:
        return str(self.message)


class IllegalAction(DeadtableError, ValueError):
    """An action that the rules do not allow now; the message says why in plain words."""


class OptionError(DeadtableError, ValueError):
    """A game option that does not exist or has a bad value."""


class UnknownGame(DeadtableError, LookupError):
    """A game id that no installed package registers."""


class CardDataError(DeadtableError, ValueError):
    """A card file that cannot be used; the message names the file, the card and the field."""


class RecordError(DeadtableError, ValueError):
    """A game record that cannot be read or replayed."""


class StaleSeatInfo(RuntimeError):
    """A lazy SeatInfo (`deadtable.core.agent`) read after its game moved on: it is good for one
    decision only. A programming error in an agent, not a person's mistake: no message to translate.
    Defined here, not beside SeatInfo, as a compiled (mypyc) module cannot subclass RuntimeError."""
