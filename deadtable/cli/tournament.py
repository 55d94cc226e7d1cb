"""`deadtable tournament`: a round robin between bots, rated with openskill."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from deadtable.i18n import N_, _, current_language, render
from deadtable.sim import tournament
from deadtable.sim.report import Numbers
from deadtable.sim.results import write
from deadtable.sim.stats import wilson

from .common import OPTION_HELP, console, game_arg, games_option, parse_options, players_option, split_names
from .simulate import RateColumn
from .translated import TCommand

TOURNAMENT_HELP = N_(
    "Round robin between bots on GAME, then a table of openskill (Plackett-Luce) ratings.\n\n"
    "Every group of PLAYERS distinct agents plays --games games with rotating seats. The table is "
    "sorted by the cautious rating mu - 3 sigma. Example:\n\n"
    "    deadtable tournament carson-zoo --agents random,greedy,ismcts --games 40"
)


PLAYERS_HELP = N_("Seats per game (default: 2, or the game's minimum); each group of this many agents meets.")


@click.command("tournament", cls=TCommand, help=TOURNAMENT_HELP)
@click.argument("game_id", metavar="GAME")
@click.option("--agents", required=True, help=N_("Agents, comma-separated (settings after colons)."))
@games_option(50, N_("Games for each group of agents that meets."))
@players_option(PLAYERS_HELP)
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Base seed of the round robin."))
@click.option("-o", "--option", "options", multiple=True, metavar="NAME=VALUE", help=OPTION_HELP)
@click.option("--cards", type=click.Path(dir_okay=False), default=None, help=N_("Your own card file."))
@click.option(
    "--workers", type=click.IntRange(min=1), default=None, help=N_("Processes (default: every core).")
)
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT|local", help=N_("Run on a Dask cluster."))
@click.option("--out", type=click.Path(dir_okay=False), default=None, help=N_("Also write every game's row."))
@click.option("--quiet", is_flag=True, help=N_("No progress bar."))
def tournament_cmd(
    game_id: str,
    agents: str,
    n_games: int,
    players: int | None,
    seed: int,
    options: tuple[str, ...],
    cards: str | None,
    workers: int | None,
    scheduler: str | None,
    out: str | None,
    quiet: bool,
) -> None:
    """Round robin between bots on GAME (help text: TOURNAMENT_HELP, translated)."""
    the_game = game_arg(game_id)
    names = split_names(agents)
    n_players = players if players is not None else max(2, the_game.min_players)
    opts = parse_options(the_game, options, cards)
    total = len(list(combinations(names, n_players))) * n_games
    with Progress(
        TextColumn("[bold]" + _("round robin")),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        console=console,
        disable=quiet,
    ) as progress:
        task = progress.add_task("games", total=total)
        standings, rows = tournament.play(
            the_game.id,
            names,
            n_games,
            players=n_players,
            seed=seed,
            options=opts,
            workers=workers,
            scheduler=scheduler,
            progress=lambda k: progress.advance(task, k),
        )
    table = Table(
        title=_(
            "{game}: ratings after {n} games (openskill Plackett-Luce)",
            game=render(the_game.display_name()),
            n=len(rows),
        ),
        title_justify="left",
        header_style="bold",
    )
    table.add_column("#", justify="right", no_wrap=True, min_width=2)
    table.add_column(_("agent"), no_wrap=True)
    for col in (_("rating"), "mu", "sigma", _("games"), _("win rate"), _("95% CI")):
        table.add_column(col, justify="right", no_wrap=True)
    num = Numbers(current_language())  # 45.3% / 45,3 %, as simulate and the report write them
    for i, s in enumerate(standings, start=1):
        lo, hi = wilson(s.wins, s.games)
        table.add_row(
            str(i),
            s.agent,
            num.fixed(s.ordinal, 2),
            num.fixed(s.mu, 2),
            num.fixed(s.sigma, 2),
            num.whole(s.games),
            num.pct(s.win_rate),
            f"{num.pct_whole(lo)}-{num.pct_whole(hi)}",
        )
    console.print(table)
    # Printed below the table, not as its caption: rich crops a caption wider than the table.
    console.print(
        _("rating = mu - 3 sigma (openskill's cautious ordinal); the table is sorted by it"), style="dim"
    )
    if out:
        write(rows, Path(out))
        console.print(_("Rows written to {path}", path=out))
