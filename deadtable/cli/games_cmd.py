"""`deadtable games`: the installed games, their player counts, options and bots."""

from __future__ import annotations

import click
from rich.table import Table

from deadtable.agents import agent_names
from deadtable.core import games as all_games

from .common import console


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print the games as JSON (for scripts).")
def games_cmd(as_json: bool) -> None:
    """List the games, their player counts, options (with defaults) and bots."""
    if as_json:
        import json

        click.echo(json.dumps([g.describe() for g in all_games()], indent=1))
        return
    for g in all_games():
        console.print(f"[bold]{g.id}[/bold]  {g.name}  ({g.min_players}-{g.max_players} players)")
        if g.summary:
            console.print(f"  {g.summary}")
        console.print(f"  bots: {', '.join(agent_names(g))}")
        variants = g.variants()
        if any(v.options for v in variants):
            console.print(f"  ways to play: {', '.join(v.name for v in variants)}")
        if g.options:
            table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2, 0, 2))
            table.add_column("option")
            table.add_column("default")
            table.add_column("meaning")
            for o in g.options:
                meaning = o.help + (f" [house rule {o.house_rule}]" if o.house_rule else "")
                if o.choices:
                    meaning += f" One of: {', '.join(str(c) for c in o.choices)}."
                table.add_row(o.name, repr(o.default), meaning)
            console.print(table)
        console.print()
