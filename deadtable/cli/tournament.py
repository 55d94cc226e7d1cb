"""`deadtable tournament`: a round robin between bots, rated with openskill."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from deadtable.sim import tournament
from deadtable.sim.results import write
from deadtable.sim.stats import wilson

from .common import OPTION_HELP, console, game_arg, parse_options, split_names
from .simulate import RateColumn


@click.command("tournament")
@click.argument("game_id", metavar="GAME")
@click.option("--agents", required=True, help="Agents, comma-separated (settings after colons).")
@click.option(
    "--games",
    "n_games",
    type=click.IntRange(min=1),
    default=50,
    show_default=True,
    help="Games for each group of agents that meets.",
)
@click.option(
    "--players",
    type=int,
    default=None,
    help="Seats per game (default: 2, or the game's minimum); each group of this many agents meets.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("-o", "--option", "options", multiple=True, metavar="NAME=VALUE", help=OPTION_HELP)
@click.option("--cards", type=click.Path(dir_okay=False), default=None, help="Your own card file.")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Processes (default: every core).")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT|local", help="Run on a Dask cluster.")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Also write every game's row.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
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
    """Round robin between bots on GAME, then a table of openskill (Plackett-Luce) ratings.

    Every group of PLAYERS distinct agents plays --games games with rotating seats. The table is
    sorted by the cautious rating mu - 3 sigma. Example:

        deadtable tournament carson-zoo --agents random,greedy,ismcts --games 40
    """
    the_game = game_arg(game_id)
    names = split_names(agents)
    n_players = players if players is not None else max(2, the_game.min_players)
    opts = parse_options(the_game, options, cards)
    total = len(list(combinations(names, n_players))) * n_games
    with Progress(
        TextColumn("[bold]round robin"),
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
        title=f"{the_game.name}: ratings after {len(rows)} games (openskill Plackett-Luce)",
        title_justify="left",
        header_style="bold",
    )
    table.caption = "rating = mu - 3 sigma (openskill's cautious ordinal); the table is sorted by it"
    table.add_column("#", justify="right", no_wrap=True, min_width=2)
    table.add_column("agent", no_wrap=True)
    for col in ("rating", "mu", "sigma", "games", "win rate", "95% CI"):
        table.add_column(col, justify="right", no_wrap=True)
    for i, s in enumerate(standings, start=1):
        lo, hi = wilson(s.wins, s.games)
        table.add_row(
            str(i),
            s.agent,
            f"{s.ordinal:.2f}",
            f"{s.mu:.2f}",
            f"{s.sigma:.2f}",
            str(s.games),
            f"{s.win_rate:.1%}",
            f"{lo:.0%}-{hi:.0%}",
        )
    console.print(table)
    if out:
        write(rows, Path(out))
        console.print(f"Rows written to [bold]{out}[/bold]")
