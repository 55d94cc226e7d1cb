"""`deadtable replay FILE`: a recorded game shown move by move."""

from __future__ import annotations

from pathlib import Path

import click
from rich.markup import escape

from deadtable.core import Record, replay_states
from deadtable.i18n import N_, _, current_language, render

from .common import console
from .play import result_lines
from .translated import TCommand


@click.command(
    "replay",
    cls=TCommand,
    help=N_("Show the recorded game in FILE move by move, re-checking every move's legality."),
)
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--seat",
    type=int,
    default=None,
    help=N_("Show what this seat saw, counted as the screen does (P1 is seat 1; default: a spectator)."),
)
@click.option("--step", is_flag=True, help=N_("Wait for Enter between moves."))
@click.option("--final", is_flag=True, help=N_("Show only the final position and the result."))
def replay_cmd(file: Path, seat: int | None, step: bool, final: bool) -> None:
    lang = current_language()
    record = Record.load(file)
    states = replay_states(record)
    game = states[0].game
    if seat is not None and not 1 <= seat <= record.players:
        raise click.BadParameter(_("seat must be 1 to {last}", last=record.players), param_hint="--seat")
    viewer = None if seat is None else seat - 1  # the screen's P1 is the engine's seat 0
    name = escape(render(game.display_name()))
    console.print(
        f"[bold]{name}[/bold] · "
        + _("{players} players · seed {seed}", players=record.players, seed=record.seed)
    )
    if not final:
        for number, (state, text) in enumerate(zip(states, record.actions, strict=False), start=1):
            seat_label = f"P{(state.current_player or 0) + 1}"
            console.rule(
                escape(_("move {number}: {seat} {action}", number=number, seat=seat_label, action=text))
            )
            console.print(states[number].render(viewer, lang=lang))
            if step:
                try:
                    console.input("[dim]" + escape(_("Enter for the next move, Ctrl-D to stop")) + "[/dim]")
                except EOFError:
                    return
    last = states[-1]
    console.rule(_("final position"))
    board = last.render(viewer, lang=lang)
    console.print(board)
    if last.is_terminal:
        for line in result_lines(last, [board]):  # once: not what the board just showed
            console.print(line)
    else:
        console.print("[yellow]" + _("The record ends before the game does.") + "[/yellow]")
