"""`deadtable play`: a person at the terminal against bots (or several people taking turns)."""

from __future__ import annotations

import random
import secrets
from pathlib import Path

import click
from rich.columns import Columns

from deadtable.agents import make_agent
from deadtable.core import Agent, DeadtableError, IllegalAction, State, seat_info

from .common import OPTION_HELP, console, game_arg, parse_options, split_names
from .paths import records_dir

QUIT = {"q", "quit", "exit"}


def _seats(spec: str, players: int) -> set[int]:
    out = set()
    for part in split_names(spec):
        if not part.isdigit() or not 0 <= int(part) < players:
            raise click.BadParameter(f"seat {part!r} is not a number from 0 to {players - 1}")
        out.add(int(part))
    return out


def _bots(names: list[str], seats: list[int], game_obj: object) -> dict[int, Agent]:
    if not seats:
        return {}
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise click.BadParameter(f"give one bot name, or one for each of the {len(seats)} bot seats")
    return {s: make_agent(n, game_obj) for s, n in zip(seats, names, strict=True)}  # type: ignore[arg-type]


def _ask(state: State) -> str | None:
    """Show the legal actions and read a choice; None means the player quits."""
    actions = state.legal_actions()
    items = [f"[bold]{i + 1:>3}[/bold] {a}" for i, a in enumerate(actions)]
    console.print(Columns(items, column_first=True, padding=(0, 3)))
    while True:
        try:
            raw = console.input("[bold]your move[/bold] (number or text, ? for help, q to quit) > ")
        except EOFError:
            return None
        text = raw.strip()
        if text.lower() in QUIT:
            return None
        if text in ("?", "help"):
            console.print(
                "Type the number of an action, or its text as listed (for example "
                f"[italic]{actions[0]}[/italic]). Spaces and case do not matter."
            )
            continue
        if not text:
            continue
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(actions):
                return str(actions[n - 1])
            console.print(f"[red]There is no action {n}: choose 1 to {len(actions)}.[/red]")
            continue
        return text


@click.command("play")
@click.argument("game", callback=lambda _c, _p, v: game_arg(v), metavar="GAME")
@click.option(
    "--players", "-p", type=int, default=None, help="Number of seats (default: the game's minimum)."
)
@click.option("--seat", "seats", default="0", show_default=True, help="Your seat(s), comma-separated.")
@click.option("--bots", default="greedy", show_default=True, help="Bot for the other seats, or one per seat.")
@click.option("--seed", type=int, default=None, help="Seed for the deal (default: a random one, shown).")
@click.option("-o", "--option", "opts", multiple=True, help=OPTION_HELP)
@click.option("--cards", type=click.Path(dir_okay=False), default=None, help="Your own card file.")
@click.option(
    "--record",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Where to save the game record (default: the records folder, shown at the end).",
)
def play(game, players, seats, bots, seed, opts, cards, record) -> None:  # type: ignore[no-untyped-def]
    """Play GAME in the terminal against bots.

    \b
    Examples:
      deadtable play carson-zoo --players 3 --seat 0 --bots greedy
      deadtable play carson-zoo --seat 0,1          (two people, hot seat)
    Choose each move by its number or by its text; the record is saved when the game ends or
    when you quit, and `deadtable replay FILE` shows it again.
    """
    players = players or game.min_players
    options = parse_options(game, opts, cards)
    if seed is None:
        seed = secrets.randbelow(2**31)
    state = game.new(players, seed, **options)
    humans = _seats(seats, players)
    bot_seats = [s for s in range(players) if s not in humans]
    agents = _bots(split_names(bots), bot_seats, game)
    rngs = {s: random.Random(f"{seed}/bot/{s}") for s in bot_seats}
    console.print(f"[bold]{game.name}[/bold] · {players} players · seed {seed}")
    for s, a in agents.items():
        console.print(f"  P{s + 1}: {a.name} bot")
    quit_early = False
    while not state.is_terminal:
        p = state.current_player
        assert p is not None
        if p in agents:
            action = agents[p].act(seat_info(state), rngs[p])
            state.apply(action)
            console.print(f"[dim]P{p + 1} ({agents[p].name}):[/dim] {action}")
            continue
        console.print()
        console.rule(f"P{p + 1}, your turn")
        console.print(state.render(p))
        text = _ask(state)
        if text is None:
            quit_early = True
            break
        try:
            state.apply(game.parse_action(state, text))
        except IllegalAction as err:
            console.print(f"[red]Not allowed: {err}[/red]")
    if not quit_early:
        console.print()
        console.rule("Game over")
        console.print(state.render(min(humans) if humans else None))
        out = state.outcome()
        winners = ", ".join(f"P{w + 1}" for w in out.winners)
        scores = "  ".join(f"P{i + 1}: {s:g}" for i, s in enumerate(out.scores))
        console.print(f"[bold]Winner: {winners}[/bold]   {scores}")
        if out.note:
            console.print(out.note)
    path = record or records_dir() / f"{game.id}-{seed}.json"
    try:
        state.record().save(path)
        console.print(f"Record saved: {path}  (deadtable replay {path})")
    except OSError as err:
        raise DeadtableError(f"could not save the record to {path}: {err.strerror}") from None
