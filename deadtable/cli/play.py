"""`deadtable play`: a person at the terminal against bots (or several people taking turns)."""

from __future__ import annotations

import random
import secrets
from pathlib import Path

import click
from rich.columns import Columns
from rich.markup import escape

from deadtable.agents import make_agent
from deadtable.core import Agent, DeadtableError, IllegalAction, State, seat_info
from deadtable.core.narration import NarrationLog
from deadtable.core.words import is_number
from deadtable.i18n import N_, Message, _, current_language, render

from .common import OPTION_HELP, console, game_arg, parse_options, split_names
from .paths import records_dir
from .translated import TCommand

QUIT = {"q", "quit", "exit", "salir", "выход"}
HELP_WORDS = {"?", "help", "ayuda", "помощь"}


def _seats(spec: str, players: int) -> set[int]:
    out = set()
    for part in split_names(spec):
        if not is_number(part) or not 0 <= int(part) < players:
            raise click.BadParameter(
                _("seat {seat!r} is not a number from 0 to {last}", seat=part, last=players - 1)
            )
        out.add(int(part))
    return out


def _bots(names: list[str], seats: list[int], game_obj: object) -> dict[int, Agent]:
    if not seats:
        return {}
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise click.BadParameter(_("give one bot name, or one for each of the {n} bot seats", n=len(seats)))
    return {s: make_agent(n, game_obj) for s, n in zip(seats, names, strict=True)}  # type: ignore[arg-type]


def _ask(state: State) -> str | None:
    """Show the legal actions and read a choice; None means the player quits."""
    actions = state.legal_actions()
    items = [f"[bold]{i + 1:>3}[/bold] {escape(str(a))}" for i, a in enumerate(actions)]
    console.print(Columns(items, column_first=True, padding=(0, 3)))
    prompt = (
        "[bold]" + _("your move") + "[/bold] " + escape(_("(number or text, ? for help, q to quit)")) + " > "
    )
    while True:
        try:
            raw = console.input(prompt)
        except EOFError:
            return None
        text = raw.strip()
        if text.lower() in QUIT:
            return None
        if text.lower() in HELP_WORDS:
            example = "[italic]" + escape(str(actions[0])) + "[/italic]"
            console.print(
                _(
                    "Type the number of an action, or its text as listed (for example {example}). "
                    "Spaces and case do not matter; the action texts are the same in every language, "
                    "and a card may be named as the table shows it.",
                    example=example,
                )
            )
            continue
        if not text:
            continue
        if is_number(text):
            n = int(text)
            if 1 <= n <= len(actions):
                return str(actions[n - 1])
            console.print(
                "[red]" + _("There is no action {n}: choose 1 to {last}.", n=n, last=len(actions)) + "[/red]"
            )
            continue
        return text


def _tell(told: NarrationLog, view: dict[str, object], lang: str) -> None:
    """Print the entries of the game's narration that `view` tells and the screen has not shown."""
    for entry in told.gather(view):
        console.print("[dim]· " + escape(Message.from_json(entry).render(lang)) + "[/dim]")


def result_lines(state: State) -> list[str]:
    """The winners, the scores and the game's note, in the current language (rich markup)."""
    out = state.outcome()
    winners = ", ".join(f"P{w + 1}" for w in out.winners)
    scores = "  ".join(f"P{i + 1}: {s:g}" for i, s in enumerate(out.scores))
    lines = [
        "[bold]" + _("Winner: {winners}", winners=winners) + "[/bold]",
        _("Scores: {scores}", scores=scores),
    ]
    if out.note:
        lines.append(escape(render(out.note)))
    return lines


PLAY_HELP = N_(
    "Play GAME in the terminal against bots.\n\n"
    "\b\n"
    "Examples:\n"
    "  deadtable play carson-zoo --players 3 --seat 0 --bots greedy\n"
    "  deadtable play carson-zoo --seat 0,1          (two people, hot seat)\n"
    "  deadtable --lang es play carson-zoo            (in Spanish)\n\n"
    "Choose each move by its number or by its text; the record is saved when the game ends or "
    "when you quit, and `deadtable replay FILE` shows it again."
)


@click.command("play", cls=TCommand, help=PLAY_HELP)
@click.argument("game", callback=lambda _c, _p, v: game_arg(v), metavar="GAME")
@click.option(
    "--players", "-p", type=int, default=None, help=N_("Number of seats (default: the game's minimum).")
)
@click.option("--seat", "seats", default="0", show_default=True, help=N_("Your seat(s), comma-separated."))
@click.option(
    "--bots", default="greedy", show_default=True, help=N_("Bot for the other seats, or one per seat.")
)
@click.option(
    "--seed",
    type=int,
    default=None,
    help=N_("Seed for the deal (default: a random one, shown when the game is over)."),
)
@click.option("-o", "--option", "opts", multiple=True, help=OPTION_HELP)
@click.option("--cards", type=click.Path(dir_okay=False), default=None, help=N_("Your own card file."))
@click.option(
    "--record",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help=N_("Where to save the game record (default: the records folder, shown at the end)."),
)
def play(game, players, seats, bots, seed, opts, cards, record) -> None:  # type: ignore[no-untyped-def]
    lang = current_language()
    players = players or game.min_players
    options = parse_options(game, opts, cards)
    if seed is None:
        seed = secrets.randbelow(2**31)
    state = game.new(players, seed, **options)
    humans = _seats(seats, players)
    bot_seats = [s for s in range(players) if s not in humans]
    agents = _bots(split_names(bots), bot_seats, game)
    rngs = {s: random.Random(f"{seed}/bot/{s}") for s in bot_seats}
    name = escape(render(game.display_name()))
    # No seed here: with the public API it rebuilds every hidden card (shown once the game is over).
    console.print(f"[bold]{name}[/bold] · " + _("{players} players", players=players))
    for s, a in agents.items():
        console.print("  " + _("P{seat}: {name} bot", seat=s + 1, name=a.name))
    told = NarrationLog()
    quit_early = False
    try:
        while not state.is_terminal:
            p = state.current_player
            assert p is not None
            if p in agents:
                state.apply(agents[p].act(seat_info(state), rngs[p]))
                continue
            view = state.view(p)
            _tell(told, view, lang)  # what happened since this seat's last move, as the game tells it
            console.print()
            console.rule(_("P{seat}, your turn", seat=p + 1))
            console.print(state.game.render_view(view, lang=lang))
            text = _ask(state)
            if text is None:
                quit_early = True
                break
            try:
                state.apply(game.parse_action(state, text))
            except IllegalAction as err:
                console.print(
                    "[red]" + escape(_("Not allowed: {reason}", reason=err.render(lang))) + "[/red]"
                )
    except KeyboardInterrupt:  # Ctrl-C: the game stops here, and its record is kept like a quit
        console.print()
        quit_early = True
    if not quit_early:
        viewer = min(humans) if humans else None
        _tell(told, state.view(viewer), lang)
        console.print()
        console.rule(_("Game over"))
        console.print(state.render(viewer, lang=lang))
        for line in result_lines(state):
            console.print(line)
        console.print(_("seed {seed}", seed=seed))
    path = record or records_dir() / f"{game.id}-{seed}.json"
    try:
        state.record().save(path)
        console.print(_("Record saved: {path}  (deadtable replay {path})", path=escape(str(path))))
    except OSError as err:
        raise DeadtableError(
            "could not save the record to {path}: {reason}", path=str(path), reason=err.strerror
        ) from None
