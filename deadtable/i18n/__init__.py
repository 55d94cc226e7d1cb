"""deadtable in English, Spanish and Russian: message catalogues, late-rendered messages, rules texts.

This package imports nothing else from deadtable, so core, games, the CLI and the server can all
use it. The pieces:

- `translator(lang)`: gettext for one language (`.gettext`, `.ngettext`, `._(msgid, **params)`).
- `_(msgid, **params)` / `ngettext(...)`: the same in the language in use (`set_language`,
  `use_language`, `current_language`).
- `Message(msgid, **params)` / `nmsg(...)`: say something now, render it later in the reader's
  language (`.render(lang)`; `str()` is English). Errors carry one (`deadtable.core.errors`).
- `N_(text)`: mark a text for the catalogue where it is defined; translate it where it is shown.
  `N_plural(singular, plural)` does the same for a message with a number; `.message(n, ...)` makes it
  a `Message` whose form is chosen by `n` (Russian has three: 1 секунда, 2 секунды, 5 секунд).
- `negotiate(accept_language)`, `from_environment()`, `normalize(code)`: choosing a language.
- `catalogue_json(lang)`: a catalogue for a browser client (with `Message.to_json()` / `from_json`).
- `deadtable.i18n.rules`: the rulebooks shipped with the package, by game and language.

Terms the printed cards keep in English (Trap, Survivor, Minion, Supply, Wasteland, ...) stay in
English in every catalogue, with the local word in brackets where the rulebook gives one.
"""

from __future__ import annotations

from .catalog import (
    DEFAULT,
    LANGUAGES,
    Translator,
    catalogue_json,
    current_language,
    from_environment,
    locale_language,
    negotiate,
    normalize,
    set_language,
    translator,
    use_language,
)
from .message import N_, Message, N_plural, Plural, nmsg, render


def _(msgid: str, /, **params: object) -> str:
    """`msgid` in the language in use, `{name}` placeholders filled from `params`."""
    return translator(current_language())._(msgid, **params)


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The plural form for `n` in the language in use (`{n}` is filled in too)."""
    return translator(current_language()).n_(singular, plural, n, **params)


__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "Message",
    "N_plural",
    "Plural",
    "Translator",
    "_",
    "catalogue_json",
    "current_language",
    "from_environment",
    "locale_language",
    "negotiate",
    "ngettext",
    "nmsg",
    "normalize",
    "render",
    "set_language",
    "translator",
    "use_language",
]
