"""The `deadtable` command. Each subcommand lives in its own module and is added here."""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, version

import click
from rich.markup import escape

from deadtable.core import DeadtableError
from deadtable.i18n import N_, _

from .admin_cmd import admin
from .common import console
from .games_cmd import games_cmd
from .play import play
from .replay_cmd import replay_cmd
from .report_cmd import report_cmd
from .review_cmd import review_cmd
from .rules_cmd import rules_cmd
from .serve import serve
from .simulate import simulate
from .tournament import tournament_cmd
from .translated import TGroup, lang_option, show_click_error
from .whatif import whatif


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """`--version`, in the language in use (click's own version option fixes its text at import)."""
    if not value or ctx.resilient_parsing:
        return
    try:
        number = version("deadtable")
    except PackageNotFoundError:
        number = "unknown"
    click.echo(_("{prog}, version {version}", prog=ctx.find_root().info_name, version=number))
    ctx.exit()


@click.group(
    cls=TGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    help=N_(
        "deadtable: four zombie card games from their rulebooks.\n\n"
        "Play in the terminal against bots, simulate thousands of games between bots, replay recorded "
        "games, read the rules (`deadtable rules GAME`). Start with `deadtable games` to see the games "
        "and their options. `--lang es` or `--lang ru` switches the language (and remembers it)."
    ),
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help=N_("Show the version and exit."),
)
@lang_option()
def cli() -> None:
    """deadtable: four zombie card games from their rulebooks (help text above, translated)."""


cli.add_command(games_cmd)
cli.add_command(play)
cli.add_command(replay_cmd)
cli.add_command(rules_cmd)
# Further commands register below, one line each.
cli.add_command(serve)
cli.add_command(simulate)
cli.add_command(report_cmd)
cli.add_command(tournament_cmd)
cli.add_command(whatif)
cli.add_command(review_cmd)
cli.add_command(admin)


def main() -> None:
    """Entry point: a user's mistake prints a clear message and exits 2, never a traceback."""
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort:
        console.print("\n[dim]" + _("stopped") + "[/dim]")
        sys.exit(130)
    except click.ClickException as err:
        show_click_error(err)
        sys.exit(err.exit_code)
    except DeadtableError as err:
        console.print("[bold red]" + _("error:") + "[/bold red] " + escape(err.render()))
        sys.exit(2)
    except KeyboardInterrupt:
        console.print("\n[dim]" + _("stopped") + "[/dim]")
        sys.exit(130)


if __name__ == "__main__":
    main()
