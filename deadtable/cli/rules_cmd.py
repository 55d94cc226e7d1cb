"""`deadtable rules GAME`: a game's rulebook in the terminal, with its options and house rulings.

The rulebook comes from the texts shipped in the package (`deadtable.i18n.rules`), in the language
of the run (`--lang` here or on `deadtable`); where that language has no rulebook, the command
says so and shows the English one. Below it: the game's options (with `-o name=value` the values
in force for a table), the house choices among them, the game's rulings from RULINGS.md and its
house readings (RULINGS ZO-14: ZO-H1, OV-H1, ...).
"""

from __future__ import annotations

import os
from typing import Any

import click
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

import deadtable
from deadtable.core import DeadtableError, Game, OptionError
from deadtable.i18n import LANGUAGES, N_, _, current_language, render, set_language
from deadtable.i18n.rules import known_games, readings, rules_text, rulings

from .common import OPTION_HELP, console, parse_options
from .translated import TCommand

RULES_HELP = N_(
    "Show the rules of GAME in the terminal: the rulebook in your language (English where there is "
    "none), the game's options and the house rulings. With -o name=value, the options in force "
    "for that table are marked."
)


def _installed(game_id: str) -> Game | None:
    try:
        return deadtable.game(game_id)
    except DeadtableError:
        return None


@click.command("rules", cls=TCommand, help=RULES_HELP)
@click.argument("game_id", metavar="GAME")
@click.option(
    "--lang",
    type=click.Choice(list(LANGUAGES), case_sensitive=False),
    default=None,
    help=N_("Language of the rules for this command only (default: the language of the run)."),
)
@click.option("-o", "--option", "opts", multiple=True, help=OPTION_HELP)
@click.option("--no-pager", is_flag=True, help=N_("Print straight to the terminal, never through a pager."))
def rules_cmd(game_id: str, lang: str | None, opts: tuple[str, ...], no_pager: bool) -> None:
    if lang:
        set_language(lang)
    lang = current_language()
    game = _installed(game_id)
    text = rules_text(game_id, lang)
    if text is None and game is None:
        known = ", ".join(known_games())
        raise click.BadParameter(_("no game {id!r}; the games are: {known}", id=game_id, known=known))
    in_force: dict[str, Any] = {}
    if game is not None:
        in_force = _in_force(game, opts)
    elif opts:
        raise OptionError("the game {id!r} is not installed, so its options cannot be checked", id=game_id)
    body = _page(game_id, game, text, in_force, lang)
    if no_pager or not console.is_terminal:
        for part in body:
            console.print(part)
        return
    os.environ.setdefault("LESS", "-RFX")  # colours through less; no pager for a short page
    with console.pager(styles=True):
        for part in body:
            console.print(part)


def _in_force(game: Game, opts: tuple[str, ...]) -> dict[str, Any]:
    """The options given with -o, checked by the game (defaults for the rest)."""
    from deadtable.core.options import resolve_options

    return resolve_options(game.options, parse_options(game, opts)) if opts else {}


def _page(game_id: str, game: Game | None, text: Any, in_force: dict[str, Any], lang: str) -> list[Any]:
    parts: list[Any] = []
    title = render(game.display_name()) if game else game_id
    if text is None:
        parts.append("[yellow]" + escape(_("No rulebook is shipped for {game}.", game=title)) + "[/yellow]")
    else:
        if text.note is not None:
            parts.append("[yellow]" + escape(text.note.render(lang)) + "[/yellow]")
        parts.append(Markdown(text.markdown))
    if game is not None and game.chosen_options:
        parts.append("")
        parts.append(Markdown("## " + _("Options")))
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2, 0, 0))
        table.add_column(_("option"))
        table.add_column(_("value") if in_force else _("default"))
        table.add_column(_("meaning"))
        for o in game.chosen_options:
            value = in_force.get(o.name, o.default)
            shown = escape(repr(value))
            if o.name in in_force and value != o.default:
                shown = f"[bold]{shown}[/bold]"  # changed for this table
            meaning = render(o.help)
            if o.house_rule:
                meaning += " " + _("[house rule {id}]", id=o.house_rule)
            table.add_row(o.name, shown, escape(meaning))
        parts.append(table)
        house = [o for o in game.options if o.house_rule]
        if house:
            parts.append(
                _(
                    "House choices among the options: {names}.",
                    names=", ".join(f"{o.name} ({o.house_rule})" for o in house),
                )
            )
    found = rulings(game_id, lang)
    if found:
        intro = _("Where the rulebook is silent or ambiguous, deadtable plays by these rulings (RULINGS.md).")
        untranslated = _("Rulings without a translation are shown in English.")
        parts += _entries(_("House rulings"), intro, found, lang, untranslated)
    read = readings(game_id, lang)
    if read:
        intro = _("Where the rulebook is silent, deadtable also reads it as follows (RULINGS ZO-14).")
        parts += _entries(_("House readings"), intro, read, lang)
    return parts


def _entries(title: str, intro: str, found: list[Any], lang: str, untranslated: str = "") -> list[Any]:
    """A section of numbered house rulings or readings: its title, what they are, one line each
    (and, where some are shown in English in another language, `untranslated`)."""
    out: list[Any] = ["", Markdown("## " + title), "[dim]" + escape(intro) + "[/dim]"]
    if untranslated and lang != "en" and any(r.lang != lang for r in found):
        out.append("[dim]" + escape(untranslated) + "[/dim]")
    out.append(Markdown("\n".join(f"- **{r.id}** {r.text}" for r in found)))
    return out
