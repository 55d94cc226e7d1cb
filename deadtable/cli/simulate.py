"""`deadtable simulate`: many seeded games between bots, on every core or a Dask cluster."""

from __future__ import annotations

from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn
from rich.table import Table
from rich.text import Text

from deadtable.core import DeadtableError, Game
from deadtable.i18n import N_, _, current_language, ngettext, render
from deadtable.sim import Plan, check_plan
from deadtable.sim.backends import cores, stream
from deadtable.sim.output import RowFile
from deadtable.sim.report import Numbers
from deadtable.sim.stats import Rate, Tally, length_label

from .common import (
    GAME_OPTIONS,
    PLAYERS_OPTION,
    SEED_OPTION,
    console,
    game_arg,
    games_option,
    parse_options,
    split_names,
)
from .translated import TCommand

SIMULATE_HELP = N_(
    "Play GAME many times between bots and print win rates, with 95% confidence intervals.\n\n"
    "Results depend only on the seed and the arguments, never on the number of workers or the "
    "backend. Seats rotate, so each agent plays each seat equally often (when the number of games "
    "is a multiple of the number of agents). Each game's row goes to the output file as soon as it "
    "finishes; an interrupted run goes on with --resume. Example:\n\n"
    "    deadtable simulate carson-zoo --games 2000 --seed 1"
)


class RateColumn(ProgressColumn):
    """Games per second since the start, and the time left at that pace."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        played = task.completed - task.fields.get("resumed", 0)  # games of a resumed run do not count
        if not elapsed or played <= 0:
            return Text(_("- games/s"), style="cyan")
        speed = played / elapsed
        left = (task.total or 0) - task.completed
        num = Numbers(current_language())  # 14.9 / 14,9: the reader's decimal sign
        shown = num.fixed(speed, 1)
        eta = "  " + _("~{time} left", time=duration(left / speed)) if left > 0 else ""
        return Text(_("{speed} games/s", speed=shown) + eta, style="cyan")


def duration(seconds: float) -> str:
    """A time left as a clock would show it.

    >>> duration(42.4), duration(125), duration(3 * 3600 + 61)
    ('42s', '2:05', '3:01:01')
    """
    s = round(seconds)
    if s < 60:
        return f"{s}s"
    h, m = divmod(s // 60, 60)
    return f"{h}:{m:02d}:{s % 60:02d}" if h else f"{m}:{s % 60:02d}"


def rate_table(title: str, rates: list[Rate]) -> Table:
    table = Table(title=title, title_justify="left", header_style="bold")
    table.add_column("")
    table.add_column(_("games"), justify="right")
    table.add_column(_("wins"), justify="right")
    table.add_column(_("win rate"), justify="right")
    table.add_column(_("95% CI"), justify="right")
    num = Numbers(current_language())  # 45.3% / 45,3 % / 45,3 %, as the report writes them
    for r in rates:
        lo, hi = r.ci
        interval = f"{num.pct(lo)} - {num.pct(hi)}"
        table.add_row(r.label, num.whole(r.trials), num.short(r.wins), num.pct(r.rate), interval)
    return table


def default_players(the_game: Game, n_agents: int) -> int:
    return min(max(n_agents, the_game.min_players), the_game.max_players)


def print_summary(tally: Tally, played: int, elapsed: float | None = None) -> None:
    if not tally.games:
        console.print(_("no games played"))
        return
    console.print(rate_table(_("Win rate by agent (a shared win is split)"), tally.by_agent()))
    console.print(rate_table(_("Win rate by seat"), tally.by_seat()))
    lengths = tally.mean_lengths()
    # Every number the reader's way, as the tables above write them: 30.0 / 30,0.
    num = Numbers(current_language())
    parts = [
        _("{value} {measure}", value=num.fixed(v, 1), measure=_(length_label(k))) for k, v in lengths.items()
    ]
    console.print(_("Mean game length: {lengths}", lengths=", ".join(parts)))
    if elapsed and played:
        seconds, speed = num.fixed(elapsed, 1), num.fixed(played / elapsed, 1)
        console.print(
            _("{n} games in {seconds}s ({speed} games/s)", n=num.whole(played), seconds=seconds, speed=speed)
        )


@click.command("simulate", cls=TCommand, help=SIMULATE_HELP)
@click.argument("game_id", metavar="GAME")
@games_option(100)
@click.option(
    "--agents",
    default="random,greedy",
    show_default=True,
    help=N_(
        "Agents, comma-separated; they rotate over the seats. Settings go after colons: "
        "ismcts:iterations=300:rollout=heuristic."
    ),
)
@SEED_OPTION
@PLAYERS_OPTION
@GAME_OPTIONS
@click.option("--cards", type=click.Path(dir_okay=False), default=None, help=N_("Your own card file."))
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Per-game rows: a .csv (default results-GAME.csv) or .parquet file."),
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help=N_("Processes (default: every core; 1 plays in this process)."),
)
@click.option(
    "--scheduler",
    default=None,
    metavar="tcp://HOST:PORT|local",
    help=N_("Run on a Dask cluster; `local` starts a LocalCluster on this machine."),
)
@click.option(
    "--resume",
    is_flag=True,
    help=N_(
        "Go on with an interrupted run: keep the games already in the output file and play only the "
        "missing ones, with the same seeds (refused if the game, players, agents, seed or options differ)."
    ),
)
@click.option("--quiet", is_flag=True, help=N_("No progress bar."))
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
    resume: bool,
    quiet: bool,
) -> None:
    """Play GAME many times between bots (help text: SIMULATE_HELP, translated)."""
    the_game = game_arg(game_id)
    names = split_names(agents)
    if not names:
        raise click.BadParameter(_("name at least one agent"), param_hint="--agents")
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
        raise DeadtableError("--out must end in .csv or .parquet, not {name!r}", name=path.name)
    if path.suffix == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise DeadtableError("Parquet output needs pyarrow: pip install 'deadtable[sim]'") from None
    if scheduler:
        where = _("Dask ({scheduler})", scheduler=scheduler)
    else:
        n = workers or cores()
        where = _("this process") if n == 1 else ngettext("{n} process", "{n} processes", n)
    console.print(
        f"[bold]{render(the_game.display_name())}[/bold]: "
        + _(
            "{games} games, {players} players, agents {agents}, seed {seed}, on {where}",
            games=n_games,
            players=plan.players,
            agents=", ".join(names),
            seed=seed,
            where=where,
        )
    )
    if n_games % len(names):
        console.print(
            "[yellow]"
            + _("note:")
            + "[/yellow] "
            + _(
                "{games} games is not a multiple of {n} agents, "
                "so the agents do not sit at every seat equally often",
                games=n_games,
                n=len(names),
            )
        )
    rows = RowFile(path, plan, n_games).open(resume)
    todo = rows.missing()
    if resume:
        console.print(
            _(
                "resuming {path}: {done} of {games} games are there, {left} to play",
                path=str(path),
                done=rows.resumed,
                games=n_games,
                left=len(todo),
            )
        )
    with Progress(
        TextColumn("[bold]" + _("simulating")),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        console=console,
        disable=quiet,
        transient=False,
    ) as progress:
        task = progress.add_task("games", total=n_games, completed=rows.resumed, resumed=rows.resumed)
        games = stream(plan, todo, workers=workers, scheduler=scheduler)
        try:
            for got in games:
                rows.add(got)
                progress.advance(task, len(got))
        except KeyboardInterrupt:
            games.close()
            kept = rows.close(finished=False)
            progress.stop()
            console.print(
                _(
                    "interrupted: {done} of {games} games are in {path}; "
                    "the same command with --resume plays the rest",
                    done=sum(rows.done),
                    games=n_games,
                    path=str(kept),
                )
            )
            raise SystemExit(130) from None
        except BaseException:
            rows.close(finished=False)
            raise
        elapsed = progress.tasks[0].elapsed
    written = rows.close()
    print_summary(rows.tally, len(todo), elapsed)
    console.print(
        _(
            "Rows written to {path}; `deadtable report {path}` makes an HTML report.",
            path=str(written),
        )
    )
