"""`deadtable games`: the installed games, their player counts, options and bots."""

from __future__ import annotations

import click
from rich.markup import escape
from rich.table import Table

from deadtable.agents import agent_names
from deadtable.core import games as all_games
from deadtable.i18n import N_, _, ngettext, render

from .common import console
from .translated import TCommand


@click.command(
    "games",
    cls=TCommand,
    help=N_("List the games, their player counts, options (with defaults) and bots."),
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print the games as JSON (for scripts)."))
def games_cmd(as_json: bool) -> None:
    if as_json:
        import json

        click.echo(json.dumps([g.describe() for g in all_games()], indent=1))
        return
    for g in all_games():
        players = ngettext(
            "{min}-{max} player", "{min}-{max} players", g.max_players, min=g.min_players, max=g.max_players
        )
        console.print(f"[bold]{g.id}[/bold]  {escape(render(g.display_name()))}  ({players})")
        if g.summary:
            console.print(f"  {escape(render(g.summary))}")
        console.print("  " + _("bots: {names}", names=", ".join(agent_names(g))))
        variants = g.variants()
        if any(v.options for v in variants):
            console.print("  " + _("ways to play: {names}", names=", ".join(v.name for v in variants)))
        if g.chosen_options:
            table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2, 0, 2))
            table.add_column(_("option"))
            table.add_column(_("default"))
            table.add_column(_("meaning"))
            for o in g.chosen_options:
                meaning = render(o.help)
                if o.house_rule:
                    meaning += " " + _("[house rule {id}]", id=o.house_rule)
                if o.choices:
                    meaning += " " + _("One of: {choices}.", choices=", ".join(str(c) for c in o.choices))
                table.add_row(o.name, repr(o.default), escape(meaning))
            console.print(table)
        console.print()
