"""`deadtable review RECORD --seat N`: what each decision of one seat cost, from what it knew.

The engine is `deadtable.agents.review` (its docstring says what the estimates are and what they
trust); this module prints its table and a chart of the estimate over the game, in the reader's
language: the move is told as the seat was told it (the game's narration), with the action's text.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from deadtable.agents.review import DEFAULT_ITERATIONS, PLAYED_ON, Review, playout_bot, review, start_of
from deadtable.core import Record
from deadtable.i18n import N_, Message, _, current_language, render
from deadtable.sim.backends import cores
from deadtable.sim.report import Numbers

from .common import console
from .translated import TCommand

REVIEW_HELP = N_(
    "Review the recorded game in RECORD for one seat: at each of its decisions, the bot's estimate of "
    "the seat's winning chance after the move played and after the best move it found, the loss, and "
    "a flag (inaccuracy: loss of 5 points or more, mistake: 10, blunder: 20).\n\n"
    "The search uses only what that seat knew at the time (its view, and guesses of the cards it could "
    "not see), never the real hidden cards. A winning chance is the share of sampled games the seat "
    "wins when every seat plays on like the game's bot; where the game has a calibration map (fitted on "
    "other games), that share is corrected to the win rate seen at such estimates. The same seed gives "
    "the same review. Example:\n\n"
    "    deadtable review game.json --seat 1"
)
FLAGS = {
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float]) -> str:
    """Chances in [0, 1] as a line of block characters, one per value.

    >>> sparkline([0.0, 0.5, 1.0])
    '▁▅█'
    """
    top = len(BARS) - 1
    return "".join(BARS[round(min(1.0, max(0.0, v)) * top)] for v in values)


@click.command("review", cls=TCommand, help=REVIEW_HELP)
@click.argument("record_path", metavar="RECORD", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--seat",
    type=int,
    required=True,
    help=N_("The seat to review, counted as the screen does (P1 is seat 1)."),
)
@click.option(
    "--iterations",
    type=click.IntRange(min=1),
    default=DEFAULT_ITERATIONS,
    show_default=True,
    help=N_(
        "Sampled games per decision, at most: about a third compare every move (each gets at least 8), "
        "and half measure the best and the played move again when the played one looks worse."
    ),
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help=N_("Processes (default: every core; 1 reviews in this process)."),
)
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Seed of the search's samples."))
@click.option(
    "--skip-routine", is_flag=True, help=N_("Skip the decisions the game calls routine (left to its bot).")
)
@click.option(
    "--json",
    "json_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help=N_("Also write the review to this JSON file."),
)
@click.option("--quiet", is_flag=True, help=N_("No progress bar."))
def review_cmd(
    record_path: Path,
    seat: int,
    iterations: int,
    workers: int | None,
    seed: int,
    skip_routine: bool,
    json_out: Path | None,
    quiet: bool,
) -> None:
    """Review one seat of a recorded game (help text: REVIEW_HELP, translated)."""
    record = Record.load(record_path)
    if not 1 <= seat <= record.players:
        raise click.BadParameter(_("seat must be 1 to {last}", last=record.players), param_hint="--seat")
    the_game = start_of(record).game
    console.print(
        f"[bold]{escape(render(the_game.display_name()))}[/bold] · "
        + _("review of P{seat}, {iterations} sampled games per decision", seat=seat, iterations=iterations)
    )
    console.print(_(PLAYED_ON[playout_bot(the_game)]))
    with Progress(
        TextColumn("[bold]" + _("reviewing")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=quiet,
    ) as bar:
        task = bar.add_task("decisions", total=None)

        def progress(n: int) -> None:
            if n >= 0:
                bar.update(task, total=n)
            else:
                bar.advance(task)

        result = review(
            record,
            seat - 1,  # the screen's P1 is the engine's seat 0
            iterations=iterations,
            seed=seed,
            workers=workers or cores(),
            skip_routine=skip_routine,
            progress=progress,
        )
    show(result)
    if json_out is not None:
        json_out.write_text(
            json.dumps(result.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        console.print(_("review written to {path}", path=str(json_out)))


def show(result: Review) -> None:
    """The review's table, its chart and its summary, in the language in use."""
    lang = current_language()
    num = Numbers(lang)
    if not result.decisions:
        console.print(_("This seat had no decision with more than one move."))
        return
    table = Table(header_style="bold")
    for title, justify in (
        (_("move"), "right"),
        (_("played"), "left"),
        (_("chance"), "right"),
        (_("best found"), "left"),
        (_("chance"), "right"),
        (_("loss"), "right"),
        (_("flag"), "left"),
    ):
        table.add_column(title, justify=justify)  # type: ignore[arg-type]
    for d in result.decisions:
        told = "; ".join(Message.from_json(m).render(lang) for m in d.narration)
        played = escape(d.played) + (f"\n[dim]{escape(told)}[/dim]" if told else "")
        same = d.best == d.played
        mark = _(FLAGS[d.flag]) if d.flag else ""
        style = {"blunder": "red", "mistake": "yellow", "inaccuracy": "cyan"}.get(d.flag or "", "")
        table.add_row(
            str(d.move),
            played,
            num.pct_whole(d.played_chance),
            "=" if same else escape(d.best),
            num.pct_whole(d.best_chance),
            num.pct_whole(d.loss) if d.loss >= 0.005 else "",
            f"[{style}]{mark}[/{style}]" if style else mark,
        )
    console.print(table)
    chances = [d.played_chance for d in result.decisions]
    if result.calibrated:
        console.print(
            _(
                "The chances are calibrated: corrected by a map fitted on thousands of bot games, so "
                "that they agree with how often such positions were won."
            )
        )
    console.print(_("Winning chance after each move played (low to high):"))
    console.print(f"  0% {sparkline(chances)} 100%")
    counts = result.counts()
    console.print(
        _(
            "Blunders: {blunders} · mistakes: {mistakes} · inaccuracies: {inaccuracies} · "
            "decisions reviewed: {n}",
            blunders=counts["blunder"],
            mistakes=counts["mistake"],
            inaccuracies=counts["inaccuracy"],
            n=len(result.decisions),
        )
    )
    if result.result is not None:
        console.print(_("Result of the seat: {share} of the win", share=num.pct(result.result)))
