"""The message catalogues (gettext .po files, read with Babel) and the language in use.

How the catalogues ship: the .po files under `deadtable/i18n/locale/<lang>/LC_MESSAGES/` are
package data and are read directly at first use with Babel's `read_po`, compiled in memory to a
gettext catalogue (`write_mo` into a buffer) and kept for the life of the process. No build step:
an editable install sees an edited .po on the next run, a normal install (wheel or sdist) carries
the same .po files, and nothing is written anywhere. Reading all three catalogues takes a few
milliseconds and happens only for the languages actually used.

The language in use is a context variable: the CLI sets it once from `--lang` and the environment,
a server sets it per request (`use_language`), and `Message.render()` without a language reads it.
Library code that never sets it speaks English.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from functools import cache
from importlib import resources

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

DOMAIN = "deadtable"
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "ru": "Русский"}
DEFAULT = "en"

_current: ContextVar[str | None] = ContextVar("deadtable_language", default=None)


class Translator:
    """gettext for one language: `gettext`, `ngettext`, and `_` that also fills in parameters.

    >>> translator("es").gettext("Game over")
    'Fin de la partida'
    >>> translator("ru")._("Winner: {winners}", winners="P1")
    'Победитель: P1'
    """

    def __init__(self, lang: str, catalogue: NullTranslations) -> None:
        self.lang = lang
        self._catalogue = catalogue

    def gettext(self, msgid: str) -> str:
        return self._catalogue.gettext(msgid) if msgid else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalogue.ngettext(singular, plural, n)

    def pgettext(self, context: str, msgid: str) -> str:
        """`msgid` in a context (msgctxt), e.g. card texts: pgettext("zombie-overlord:card", text)."""
        return str(self._catalogue.pgettext(context, msgid)) if msgid else msgid

    def _(self, msgid: str, /, **params: object) -> str:
        """The translation of `msgid` with `{name}` placeholders filled in from `params`."""
        text = self.gettext(msgid)
        if not params:
            return text
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return msgid.format(**params)

    def n_(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The plural form for `n` (also available as `{n}`), placeholders filled in."""
        text = self.ngettext(singular, plural, n)
        try:
            return text.format(n=n, **params)
        except (KeyError, IndexError, ValueError):
            return (singular if n == 1 else plural).format(n=n, **params)

    def __repr__(self) -> str:
        return f"<Translator {self.lang}>"


def po_files(lang: str) -> list[resources.abc.Traversable]:
    """Every .po file of `lang`: the shared `deadtable.po` first, then one per area (a game, the web).

    Several files let each area keep its own messages, so translators of different games never
    edit the same file; at run time they are merged into one catalogue.
    """
    folder = resources.files("deadtable.i18n").joinpath("locale", lang, "LC_MESSAGES")
    if not folder.is_dir():
        return []
    files = [f for f in folder.iterdir() if f.name.endswith(".po")]
    return sorted(files, key=lambda f: (f.name != f"{DOMAIN}.po", f.name))


@cache
def read_catalogue(lang: str) -> Catalog | None:
    """All of `lang`'s .po files merged into one Babel catalogue (None when there is none)."""
    merged: Catalog | None = None
    for path in po_files(lang):
        with path.open("rb") as fp:
            part = read_po(fp, locale=lang, domain=DOMAIN)
        if merged is None:
            merged = part
            continue
        for message in part:
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else message.id[0]
            known = merged.get(key, context=message.context)
            string = message.string
            translated = bool(string) if isinstance(string, str) else bool(string and all(string))
            # An empty entry in one area's file never hides another file's translation.
            if known is None or translated:
                merged[message.id] = message
    return merged


@cache
def translator(lang: str | None) -> Translator:
    """The translator for `lang` (a code such as 'es' or 'ru_RU.UTF-8'); English when unknown."""
    code = normalize(lang) or DEFAULT
    catalogue = read_catalogue(code)
    if catalogue is None:
        return Translator(code, NullTranslations())
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return Translator(code, Translations(fp=buffer, domain=DOMAIN))


def catalogue_json(lang: str | None) -> dict[str, object]:
    """A language's catalogue as JSON, for a browser client that renders messages itself.

    `messages` maps each message id to its translation; a plural message is keyed by its singular
    id and maps to the list of forms, and `plural_forms` is the gettext header expression that
    picks the form for a number `n`. A message with a context (msgctxt, e.g. a game's card texts
    looked up with `pgettext`) is kept out of `messages` and goes under `contexts[context][id]`.

    >>> data = catalogue_json("ru")
    >>> data["lang"], data["messages"]["Game over"], data["messages"]["{n} point"]
    ('ru', 'Конец игры', ['{n} очко', '{n} очка', '{n} очков'])
    >>> data["contexts"]["zombie-shedding:card"]["Screamer"]
    'Крикун'
    """
    code = normalize(lang) or DEFAULT
    catalogue = read_catalogue(code)
    messages: dict[str, object] = {}
    contexts: dict[str, dict[str, object]] = {}
    plural_forms = "nplurals=2; plural=(n != 1);"
    if catalogue is not None:
        plural_forms = catalogue.plural_forms
        for message in catalogue:
            string = message.string
            if not message.id or message.fuzzy or not string:
                continue
            into = messages if not message.context else contexts.setdefault(message.context, {})
            if isinstance(message.id, str) and isinstance(string, str):
                into[message.id] = string
            elif not isinstance(message.id, str) and not isinstance(string, str) and all(string):
                into[message.id[0]] = list(string)
    return {"lang": code, "plural_forms": plural_forms, "messages": messages, "contexts": contexts}


def normalize(lang: str | None) -> str | None:
    """A supported language code from a locale name, or None when it names none we speak.

    >>> normalize("es_ES.UTF-8"), normalize("ru-RU"), normalize("EN"), normalize("C"), normalize("fr")
    ('es', 'ru', 'en', None, None)
    """
    if not lang:
        return None
    code = lang.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def negotiate(accept_language: str | None, default: str = DEFAULT) -> str:
    """The best supported language for an HTTP Accept-Language header (q-values honoured).

    >>> negotiate("fr-CH, fr;q=0.9, es;q=0.8, en;q=0.5")
    'es'
    >>> negotiate("ru-RU,ru;q=0.9"), negotiate(""), negotiate("de, *;q=0.1")
    ('ru', 'en', 'en')
    """
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, rest = part.strip().partition(";")
        quality = 1.0
        for param in rest.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        code = normalize(tag)
        if code and quality > 0:
            choices.append((-quality, index, code))
    return min(choices)[2] if choices else default


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for: DEADTABLE_LANG, then the POSIX locale variables."""
    env = os.environ if environ is None else environ
    code = normalize(env.get("DEADTABLE_LANG"))
    if code:
        return code
    return locale_language(env)


def locale_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language of the POSIX locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, in gettext's order)."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for item in (env.get(name) or "").split(":"):
            code = normalize(item)
            if code:
                return code
    return None


def current_language() -> str:
    """The language set for this context (the CLI run, the request), English by default."""
    return _current.get() or DEFAULT


def set_language(lang: str | None) -> str:
    """Use `lang` from now on in this context; returns the supported code actually used."""
    code = normalize(lang) or DEFAULT
    _current.set(code)
    return code


@contextlib.contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """`with use_language("es"):` renders messages in Spanish inside the block."""
    token = _current.set(normalize(lang) or DEFAULT)
    try:
        yield _current.get() or DEFAULT
    finally:
        _current.reset(token)
