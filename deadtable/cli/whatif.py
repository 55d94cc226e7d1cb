"""`deadtable whatif`: the same seeded games with the shipped cards and with a changed card file."""

from __future__ import annotations

from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn
from rich.table import Table

from deadtable.core import DeadtableError
from deadtable.i18n import N_, _, current_language
from deadtable.sim import Plan, check_plan, run
from deadtable.sim.balance import MIN_HOLDERS, Change, compare, mean_length
from deadtable.sim.report import Numbers
from deadtable.sim.results import write

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
from .simulate import RateColumn, default_players
from .translated import TCommand

WHATIF_HELP = N_(
    "What if the cards were different? Play the same seeded games twice, with the shipped cards and "
    "with your changed card file (--cards) or changed options (--with), and print the differences "
    "side by side with 95% confidence intervals (Newcombe's, from the two Wilson intervals).\n\n"
    "Shown: the first player's win rate (and the dealer's share of hands, for games played in "
    "hands), the win rate of seats that bought mostly one family of cards (ammo-01, ammo-02...), "
    "then every card whose holders' win rate changed most. Example:\n\n"
    "    deadtable whatif zombie-overlord --cards my-cards.toml --games 2000 --agents heuristic,heuristic"
)


def label(c: Change) -> str:
    """What a row measures, in the reader's language."""
    if c.what == "first":
        return _("the first player (games won)")
    if c.what == "dealer":
        return _("the dealer (hands gone out of first)")
    if c.what == "family":
        return _("mostly {family} (games won)", family=c.label)
    if c.what == "hand":
        return _("{card} in the opening hand (hands gone out of first)", card=c.label)
    return _("{kind} {card} (games won)", kind=c.what, card=c.label)


def change_table(title: str, changes: list[Change]) -> Table:
    num = Numbers(current_language())
    table = Table(title=title, title_justify="left", header_style="bold")
    table.add_column("")
    for head in (_("shipped"), _("changed"), _("difference"), _("95% CI")):
        table.add_column(head, justify="right")
    for c in changes:
        d, lo, hi = c.diff
        mark = "" if lo <= 0 <= hi else "[bold]"
        table.add_row(
            label(c),
            f"{num.pct(c.a.rate)} ({c.a.trials})",
            f"{num.pct(c.b.rate)} ({c.b.trials})",
            f"{mark}{num.diff(d)}",
            f"{num.diff(lo)} - {num.diff(hi)}",
        )
    return table


@click.command("whatif", cls=TCommand, help=WHATIF_HELP)
@click.argument("game_id", metavar="GAME")
@click.option("--cards", type=click.Path(dir_okay=False), default=None, help=N_("The changed card file."))
@click.option(
    "--with",
    "changed",
    multiple=True,
    metavar="NAME=VALUE",
    help=N_("A game option for the changed run only (repeatable), e.g. a setup option."),
)
@games_option(1000)
@click.option(
    "--agents",
    default="heuristic,heuristic",
    show_default=True,
    help=N_("Agents, comma-separated; they rotate over the seats."),
)
@SEED_OPTION
@PLAYERS_OPTION
@GAME_OPTIONS
@click.option(
    "--top", type=click.IntRange(min=0), default=20, show_default=True, help=N_("How many cards to show.")
)
@click.option(
    "--out",
    "out",
    default=None,
    metavar="PREFIX",
    help=N_("Also write PREFIX-shipped.csv and PREFIX-changed.csv."),
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help=N_("Processes (default: every core; 1 plays in this process)."),
)
@click.option("--quiet", is_flag=True, help=N_("No progress bar."))
def whatif(
    game_id: str,
    cards: str | None,
    changed: tuple[str, ...],
    n_games: int,
    agents: str,
    seed: int,
    players: int | None,
    options: tuple[str, ...],
    top: int,
    out: str | None,
    workers: int | None,
    quiet: bool,
) -> None:
    """Compare the shipped cards with changed ones on the same seeds (help text: WHATIF_HELP)."""
    the_game = game_arg(game_id)
    if not cards and not changed:
        raise DeadtableError("name what changes: --cards FILE or --with NAME=VALUE")
    names = split_names(agents)
    if not names:
        raise click.BadParameter(_("name at least one agent"), param_hint="--agents")
    seats = players if players is not None else default_players(the_game, len(names))
    base = parse_options(the_game, options)
    plans = [
        Plan(the_game.id, seats, tuple(names), seed, base),
        Plan(the_game.id, seats, tuple(names), seed, {**base, **parse_options(the_game, changed, cards)}),
    ]
    for plan in plans:
        check_plan(plan)
    runs = []
    with Progress(
        TextColumn("[bold]" + _("simulating")),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        console=console,
        disable=quiet,
    ) as progress:
        for plan in plans:
            task = progress.add_task("games", total=n_games)

            def advance(k: int, task: TaskID = task) -> None:
                progress.advance(task, k)

            runs.append(run(plan, n_games, workers=workers, progress=advance))
    shipped, mine = runs
    if out:
        for rows, name in ((shipped, "shipped"), (mine, "changed")):
            write(rows, Path(f"{out}-{name}.csv"))
    seats_first, by_card = compare(shipped, mine)
    by_card = by_card[:top]
    console.print(
        _(
            "{game}: {games} games on seeds from {seed}, {players} players, agents {agents}",
            game=the_game.display_name(),
            games=n_games,
            seed=seed,
            players=seats,
            agents=", ".join(names),
        )
    )
    if seats_first:
        console.print(change_table(_("Seats and families"), seats_first))
    if by_card:
        title = _("Cards whose holders' win rate changed most (held {n} times or more)", n=MIN_HOLDERS)
        console.print(change_table(title, by_card))
    console.print(
        _(
            "Mean game length: {a} actions shipped, {b} changed",
            a=format(mean_length(shipped), ".1f"),
            b=format(mean_length(mine), ".1f"),
        )
    )
