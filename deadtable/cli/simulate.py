"""`deadtable simulate`: many seeded games between bots, on every core or a Dask cluster."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn
from rich.table import Table
from rich.text import Text

from deadtable.core import DeadtableError, Game
from deadtable.sim import Plan, check_plan, run
from deadtable.sim.backends import cores
from deadtable.sim.results import write
from deadtable.sim.stats import Rate, by_agent, by_seat, length_label, mean_lengths

from .common import OPTION_HELP, console, game_arg, parse_options, split_names


class RateColumn(ProgressColumn):
    """Games per second since the start, and the time left at that pace."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        if not elapsed or not task.completed:
            return Text("- games/s", style="cyan")
        speed = task.completed / elapsed
        left = (task.total or 0) - task.completed
        eta = f"  ~{left / speed:.0f}s left" if left > 0 else ""
        return Text(f"{speed:.1f} games/s{eta}", style="cyan")


def rate_table(title: str, rates: list[Rate]) -> Table:
    table = Table(title=title, title_justify="left", header_style="bold")
    table.add_column("")
    table.add_column("games", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    for r in rates:
        lo, hi = r.ci
        table.add_row(r.label, str(r.trials), f"{r.wins:g}", f"{r.rate:.1%}", f"{lo:.1%} - {hi:.1%}")
    return table


def default_players(the_game: Game, n_agents: int) -> int:
    return min(max(n_agents, the_game.min_players), the_game.max_players)


def print_summary(rows: list[dict[str, Any]], elapsed: float | None = None) -> None:
    if not rows:
        console.print("no games played")
        return
    console.print(rate_table("Win rate by agent (a shared win is split)", by_agent(rows)))
    console.print(rate_table("Win rate by seat", by_seat(rows)))
    lengths = mean_lengths(rows)
    parts = [f"{v:.1f} {length_label(k)}" for k, v in lengths.items()]
    console.print(f"Mean game length: {', '.join(parts)}")
    if elapsed:
        console.print(f"{len(rows)} games in {elapsed:.1f}s ({len(rows) / elapsed:.1f} games/s)")


@click.command("simulate")
@click.argument("game_id", metavar="GAME")
@click.option(
    "--games",
    "n_games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="How many games to play.",
)
@click.option(
    "--agents",
    default="random,greedy",
    show_default=True,
    help="Agents, comma-separated; they rotate over the seats. Settings go after colons: "
    "ismcts:iterations=300:rollout=heuristic.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Base seed; game i plays a seed derived from it and i.",
)
@click.option(
    "--players",
    type=int,
    default=None,
    help="Seats per game (default: one per agent, within the game's range).",
)
@click.option("-o", "--option", "options", multiple=True, metavar="NAME=VALUE", help=OPTION_HELP)
@click.option("--cards", type=click.Path(dir_okay=False), default=None, help="Your own card file.")
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Per-game rows: a .csv (default results-GAME.csv) or .parquet file.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Processes (default: every core; 1 plays in this process).",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="tcp://HOST:PORT|local",
    help="Run on a Dask cluster; `local` starts a LocalCluster on this machine.",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
def simulate(
    game_id: str,
    n_games: int,
    agents: str,
    seed: int,
    players: int | None,
    options: tuple[str, ...],
    cards: str | None,
    out: str | None,
    workers: int | None,
    scheduler: str | None,
    quiet: bool,
) -> None:
    """Play GAME many times between bots and print win rates, with 95% confidence intervals.

    Results depend only on the seed and the arguments, never on the number of workers or the
    backend. Seats rotate, so each agent plays each seat equally often (when the number of games
    is a multiple of the number of agents). Example:

        deadtable simulate carson-zoo --games 2000 --agents random,greedy --seed 1
    """
    the_game = game_arg(game_id)
    names = split_names(agents)
    if not names:
        raise click.BadParameter("name at least one agent", param_hint="--agents")
    plan = Plan(
        game_id=the_game.id,
        players=players if players is not None else default_players(the_game, len(names)),
        agents=tuple(names),
        seed=seed,
        options=parse_options(the_game, options, cards),
    )
    check_plan(plan)
    path = Path(out) if out else Path(f"results-{the_game.id}.csv")
    if path.suffix not in (".csv", ".parquet"):
        raise DeadtableError(f"--out must end in .csv or .parquet, not {path.name!r}")
    if path.suffix == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise DeadtableError("Parquet output needs pyarrow: pip install 'deadtable[sim]'") from None
    if scheduler:
        where = f"Dask ({scheduler})"
    else:
        n = workers or cores()
        where = "this process" if n == 1 else f"{n} processes"
    console.print(
        f"[bold]{the_game.name}[/bold]: {n_games} games, {plan.players} players, "
        f"agents {', '.join(names)}, seed {seed}, on {where}"
    )
    if n_games % len(names):
        console.print(
            f"[yellow]note:[/yellow] {n_games} games is not a multiple of {len(names)} agents, "
            "so the agents do not sit at every seat equally often"
        )
    with Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        console=console,
        disable=quiet,
        transient=False,
    ) as progress:
        task = progress.add_task("games", total=n_games)
        rows = run(
            plan,
            n_games,
            workers=workers,
            scheduler=scheduler,
            progress=lambda k: progress.advance(task, k),
        )
        elapsed = progress.tasks[0].elapsed
    print_summary(rows, elapsed)
    write(rows, path)
    console.print(f"Rows written to [bold]{path}[/bold]; `deadtable report {path}` makes an HTML report.")
