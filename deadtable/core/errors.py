"""Errors a person can see: each carries a message written for them, never a traceback."""

from __future__ import annotations


class DeadtableError(Exception):
    """Base of every error deadtable raises on purpose."""


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
