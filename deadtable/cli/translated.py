"""The command line in the reader's language: the --lang option and help texts from the catalogue.

Which language a run speaks, first match wins:

1. `--lang es|ru|en` on the `deadtable` command; the choice is saved in the data folder
   (file `language`), so later runs keep it. `--lang auto` forgets the saved choice.
2. `DEADTABLE_LANG` in the environment (for one shell, a script or CI).
3. The saved choice.
4. The POSIX locale: LANGUAGE, LC_ALL, LC_MESSAGES, LANG (es_ES.UTF-8 gives Spanish).
5. English.

Help texts are written in English and marked `N_("...")`; `TCommand` and `TGroup` translate them
when help is shown (click reads them at import time, before the language is known). Click's own
words and sentences (Usage, Options, "Missing argument", "No such option", "Invalid value for ...")
come from the catalogues too: `TGroup` installs `click_i18n` before click parses anything.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

from deadtable.i18n import (
    LANGUAGES,
    N_,
    from_environment,
    locale_language,
    normalize,
    set_language,
    translator,
)
from deadtable.i18n import current_language as language

from . import click_i18n
from .paths import language_file

AUTO = "auto"
LANG_HELP = N_(
    "Language of everything shown: en, es or ru. Remembered for later runs; 'auto' forgets it "
    "(then DEADTABLE_LANG, then LANG decide)."
)


def saved_language() -> str | None:
    """The language saved by an earlier `deadtable --lang L`, if any."""
    try:
        return normalize(language_file(create=False).read_text(encoding="utf-8").strip())
    except OSError:
        return None


def save_language(code: str | None) -> None:
    """Remember `code` for later runs (None forgets). A read-only home is not an error."""
    path = language_file(create=code is not None)
    try:
        if code is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text(code + "\n", encoding="utf-8")
    except OSError:
        pass


def resolve_language(given: str | None = None) -> str:
    """The language of this run (see the module docstring for the order), and make it current."""
    if given and given.lower() == AUTO:
        save_language(None)
        given = None
    code = normalize(given)
    if code:
        save_language(code)
    else:
        code = normalize(os.environ.get("DEADTABLE_LANG")) or saved_language() or locale_language()
    return set_language(code)


def early_language(argv: Sequence[str]) -> str:
    """The language before click parses anything, so its own errors are in it too (no saving)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        value = word.partition("=")[2] if word.startswith("--lang=") else None
        if word == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        if value is not None and normalize(value):
            return set_language(value)
    return set_language(from_environment() or saved_language())


def _lang_callback(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    return resolve_language(value)


def lang_option() -> Any:
    """The `--lang` option of the `deadtable` group (eager, so `--lang es --help` is Spanish)."""
    return click.option(
        "--lang",
        type=click.Choice([*LANGUAGES, AUTO], case_sensitive=False),
        default=None,
        is_eager=True,
        expose_value=False,
        callback=_lang_callback,
        help=LANG_HELP,
    )


@contextmanager
def _translated(obj: Any) -> Iterator[None]:
    """Show `obj.help` in the current language for the time of one rendering."""
    original = obj.help
    if original:
        obj.help = translator(language())._(original)
    try:
        yield
    finally:
        obj.help = original


class _Translated:
    """What commands and groups share: help text, option help and click's headings, translated."""

    help: str | None

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated(self):
            super().format_help_text(ctx, formatter)  # type: ignore[misc]

    def get_short_help_str(self, limit: int = 45) -> str:
        with _translated(self):
            return super().get_short_help_str(limit)  # type: ignore[misc]

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=translator(language())._("Usage: "))

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for param in self.get_params(ctx):  # type: ignore[attr-defined]
            if isinstance(param, click.Argument):
                continue
            shown = copy.copy(param)
            if getattr(shown, "help", None):
                shown.help = translator(language())._(shown.help)
            record = shown.get_help_record(ctx)
            if record is not None:
                rows.append(record)
        if rows:
            with formatter.section(translator(language())._("Options")):
                formatter.write_dl(rows)


class TCommand(_Translated, click.Command):
    """A click command whose help is shown in the current language."""


class TGroup(_Translated, click.Group):
    """A click group whose help and command list are shown in the current language."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        # The language is known before click parses anything, so `deadtable --help` and click's
        # own errors already speak it; `--lang` (processed later) then also saves the choice.
        early_language(args)
        click_i18n.install()
        return super().make_context(info_name, args, parent, **extra)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_options(ctx, formatter)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        commands = [(name, self.get_command(ctx, name)) for name in self.list_commands(ctx)]
        shown = [(name, cmd) for name, cmd in commands if cmd is not None and not cmd.hidden]
        if not shown:
            return
        limit = formatter.width - 6 - max(len(name) for name, _cmd in shown)
        rows = [(name, cmd.get_short_help_str(limit)) for name, cmd in shown]
        with formatter.section(translator(language())._("Commands")):
            formatter.write_dl(rows)


def show_click_error(err: click.ClickException) -> None:
    """Click's error report (usage, hint, "Error: ...") in the language in use.

    Click's own sentences inside the message ("Invalid value for ...", "No such option") come from
    the catalogues through `click_i18n`; the reasons deadtable gives inside them are translated.
    """
    tr = translator(language())
    ctx = getattr(err, "ctx", None)
    if isinstance(err, click.UsageError) and ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            option = max(ctx.command.get_help_option_names(ctx), key=len)
            hint = tr._("Try '{command} {option}' for help.", command=ctx.command_path, option=option) + "\n"
        click.echo(f"{ctx.get_usage()}\n{hint}", err=True, color=ctx.color)
    click.echo(tr._("Error: {message}", message=err.format_message()), err=True)
