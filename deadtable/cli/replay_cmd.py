"""`deadtable replay FILE`: a recorded game shown move by move."""

from __future__ import annotations

from pathlib import Path

import click

from deadtable.core import Record, replay_states

from .common import console


@click.command("replay")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--seat", type=int, default=None, help="Show what this seat saw (default: a spectator).")
@click.option("--step", is_flag=True, help="Wait for Enter between moves.")
@click.option("--final", is_flag=True, help="Show only the final position and the result.")
def replay_cmd(file: Path, seat: int | None, step: bool, final: bool) -> None:
    """Show the recorded game in FILE move by move, re-checking every move's legality."""
    record = Record.load(file)
    states = replay_states(record)
    game = states[0].game
    if seat is not None and not 0 <= seat < record.players:
        raise click.BadParameter(f"seat must be 0 to {record.players - 1}", param_hint="--seat")
    console.print(f"[bold]{game.name}[/bold] · {record.players} players · seed {record.seed}")
    if not final:
        for number, (state, text) in enumerate(zip(states, record.actions, strict=False), start=1):
            console.rule(f"move {number}: P{(state.current_player or 0) + 1} {text}")
            console.print(states[number].render(seat))
            if step:
                try:
                    console.input("[dim]Enter for the next move, Ctrl-D to stop[/dim]")
                except EOFError:
                    return
    last = states[-1]
    console.rule("final position")
    console.print(last.render(seat))
    if last.is_terminal:
        out = last.outcome()
        console.print("Winner: " + ", ".join(f"P{w + 1}" for w in out.winners))
        console.print("Scores: " + "  ".join(f"P{i + 1}: {s:g}" for i, s in enumerate(out.scores)))
    else:
        console.print("[yellow]The record ends before the game does.[/yellow]")
