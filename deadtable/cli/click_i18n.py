"""Click's own sentences ("Missing argument", "No such option", "Invalid value for ...") from our catalogues.

Click marks its texts for gettext in the standard way: its modules do `from gettext import gettext
as _` (and `ngettext`) and call them when a message is made, which, for usage errors, is while the
command line is parsed, after deadtable knows the language (`translated.early_language`).
`install()` points those module names at `gettext` / `ngettext` below, which look the message up in
the catalogue of the language in use (`deadtable.i18n.current_language`) at each call; click then
fills in its placeholders itself. The English text is the message id, so an English run prints
exactly what click prints. The translations are in the `click.po` area of each language
(`python -m deadtable.i18n.extract deadtable/cli/click_i18n.py --update --domain click`), and
`CLICK_MESSAGES` lists the messages a deadtable user can meet, so tests/i18n fails when one lacks
a translation. Messages click only shows to programmers (a badly declared option) stay English.

Two words click fills in are English names it fixed at import time: the kind of path of a
`click.Path` ("File 'x' does not exist.") and the number type ("'x' is not a valid integer.").
Those messages come back as `_Filled` texts, whose `format` translates the kind too.

Click keeps a command's help option once made (with its help text), and a process may run several
commands in different languages (tests do), so the help texts of options (`AT_RENDER`) are handed
to click in English and translated when the help page is drawn (`translated.TCommand`).
"""

from __future__ import annotations

import gettext as _stdlib_gettext
import importlib
from typing import Any

from deadtable.i18n import N_, current_language, translator

# Click's modules that translate with gettext (click 8.x). A module that is absent or has renamed
# its imports is left alone.
MODULES = (
    "click.core",
    "click.decorators",
    "click.exceptions",
    "click.formatting",
    "click.parser",
    "click.shell_completion",
    "click.termui",
    "click.types",
    "click.utils",
)


def n_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message of click's for the catalogue."""
    return (singular, plural)


CLICK_MESSAGES: tuple[str | tuple[str, str], ...] = (
    # help pages
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Positional arguments"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    # usage errors
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Aborted!"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    n_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    n_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing parameter: {param_name}"),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Option {name!r} does not take a value."),
    n_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    N_("Argument {name!r} takes {nargs} values."),
    n_("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."),
    N_("unknown error"),
    # bad values
    N_("Choose from:\n\t{choices}"),
    n_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("{name} {filename!r} is not executable."),
    N_("Could not open file {filename!r}: {message}"),
)

# English words click puts into some messages, by placeholder, with their message ids.
KINDS: dict[str, dict[str, str]] = {
    "name": {"File": N_("File"), "Directory": N_("Directory"), "Path": N_("Path")},
    "number_type": {
        "integer": N_("integer"),
        "float": N_("float"),
        "integer range": N_("integer"),
        "float range": N_("float"),
    },
}


class _Filled(str):
    """A translated click message whose placeholders `name` / `number_type` are translated too."""

    lang: str

    def format(self, *args: Any, **kwargs: Any) -> str:
        tr = translator(self.lang)
        for key, words in KINDS.items():
            value = kwargs.get(key)
            if isinstance(value, str) and value in words:
                kwargs[key] = tr.gettext(words[value])
        return str(self).format(*args, **kwargs)


AT_RENDER = frozenset({"Show this message and exit.", "Show the version and exit."})

_FILLED = {
    message
    for message in CLICK_MESSAGES
    if isinstance(message, str) and any("{" + key + "}" in message for key in KINDS)
}


def gettext(message: str) -> str:
    """Click's `_`: `message` in the language in use (the English id when it has no translation)."""
    if message in AT_RENDER:
        return message
    lang = current_language()
    text = translator(lang).gettext(message)
    if message in _FILLED:
        filled = _Filled(text)
        filled.lang = lang
        return filled
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """Click's `ngettext`: the plural form for `n` in the language in use."""
    return translator(current_language()).ngettext(singular, plural, n)


def install() -> list[str]:
    """Make click's modules translate with our catalogues; returns the modules changed.

    Safe to call more than once. Only a name still bound to the standard library's function (or
    already to ours) is replaced, so a click that translates some other way is left as it is.
    """
    changed = []
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        done = False
        for attr, ours, stdlib in (
            ("_", gettext, _stdlib_gettext.gettext),
            ("ngettext", ngettext, _stdlib_gettext.ngettext),
        ):
            if getattr(module, attr, None) in (stdlib, ours):
                setattr(module, attr, ours)
                done = True
        if done:
            changed.append(name)
    return changed
