"""`deadtable play`: a person at the terminal against bots (or several people taking turns)."""

from __future__ import annotations

import random
import secrets
from pathlib import Path

import click
from rich.markup import escape
from rich.text import Text

from deadtable.agents import make_agent
from deadtable.core import Action, Agent, DeadtableError, IllegalAction, State, seat_info
from deadtable.core.undo import UndoWindow, undone
from deadtable.core.words import is_number
from deadtable.i18n import N_, _, current_language, render

from .common import OPTION_HELP, console, game_arg, parse_options, split_names
from .paths import records_dir
from .screen import Screen
from .translated import TCommand

QUIT = {"q", "quit", "exit", "salir", "выход"}
UNDO = "\x00undo"  # what `_ask` returns for the undo command (no action text holds a NUL)
HELP_WORDS = {"?", "help", "ayuda", "помощь"}
LOOK_WORDS = {"look", "card", "ver", "carta", "карта"}
BOARD_WORDS = {"board", "tablero", "стол"}
LIST_WORDS = {"list", "lista", "список"}
LOG_WORDS = {"log", "registro", "журнал"}
UNDO_WORDS = {"undo", "deshacer", "отменить"}
NOTHING_TO_UNDO = N_(
    "Nothing to take back: only your own moves of this turn can be, until one of them draws or "
    "shows a card, leaves a choice to chance or to another seat."
)
TOOK_BACK = N_("P{seat} took back a move.")


class Table:
    """The game at this terminal and its undo window (deadtable.core.undo), replaced together."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.window = UndoWindow()

    def apply(self, action: Action) -> None:
        """Carry out a legal action (from `legal_actions()` or `parse_action`)."""
        self.window = self.window.play(self.state, action)

    def take_back(self, seat: int, screen: Screen) -> bool:
        """Take back `seat`'s last move if the game allows it (True); else say why not."""
        if self.window.count(self.state, seat) < 1:
            screen.refuse(_(NOTHING_TO_UNDO))
            return False
        self.state, self.window = undone(self.state, self.window, seat)
        screen.taken_back(self.state.view(seat), seat, _(TOOK_BACK, seat=seat + 1))
        return True


def _seats(spec: str, players: int) -> set[int]:
    """The seats typed as the screen names them (P1 is seat 1), as indices from 0."""
    out = set()
    for part in split_names(spec):
        if not is_number(part) or not 1 <= int(part) <= players:
            raise click.BadParameter(
                _("seat {seat!r} is not a number from 1 to {last}", seat=part, last=players),
                param_hint="--seat",
            )
        out.add(int(part) - 1)
    return out


def _bots(names: list[str], seats: list[int], game_obj: object) -> dict[int, Agent]:
    if not seats:
        return {}
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise click.BadParameter(_("give one bot name, or one for each of the {n} bot seats", n=len(seats)))
    return {s: make_agent(n, game_obj) for s, n in zip(seats, names, strict=True)}  # type: ignore[arg-type]


HELP = N_(
    "Type the number of an action, or its text as listed (for example {example}); spaces and case do "
    "not matter, and the action texts are the same in every language. Also: look CARD (or ? CARD) "
    "shows a card's text · board draws the board again · list shows every action, numbered · log "
    "shows the whole game's log · undo takes back your last move while it showed nothing new (a "
    "card drawn or seen, a chance step or another seat's answer makes a move final) · q quits (the "
    "record is kept)."
)


def _ask(state: State, seat: int, screen: Screen) -> str | None:
    """Read a choice for `seat` (the screen is drawn); None means the player quits.

    Only a move leaves this loop; a refusal or a question (help, look, list, log) prints its answer
    and the prompt again, never the board, so the answer stays right above the prompt."""
    actions = state.legal_actions()
    verbs = {str(a).split()[0].lower() for a in actions if str(a).split()}
    prompt = (
        "[bold]"
        + _("P{seat}, your move", seat=seat + 1)
        + "[/bold] "
        + escape(_("(number, text, ? or q)"))
        + " > "
    )
    while True:
        try:
            raw = console.input(prompt)
        except EOFError:
            return None
        text = " ".join(raw.split())
        word, _sep, rest = text.partition(" ")
        word = word.lower()
        if text.lower() in QUIT:
            return None
        if not text:
            continue
        if word in verbs:  # a game's own word first (Overlords' Red Knight: "look at army p2")
            return text
        if text.lower() in UNDO_WORDS:
            return UNDO
        if word in HELP_WORDS or word in LOOK_WORDS:
            if rest:
                found = screen.look(rest)
                if found is None:
                    screen.refuse(_("There is no card called {name!r} in this game.", name=rest))
                else:
                    console.print(found)
            else:
                console.print(_(HELP, example="[italic]" + escape(str(actions[0])) + "[/italic]"))
        elif text.lower() in BOARD_WORDS:
            screen.redraw(state, seat)
        elif text.lower() in LIST_WORDS:
            screen.listing(state)
        elif text.lower() in LOG_WORDS:
            for line in screen.whole_log():
                console.print(line)
        elif is_number(text):
            n = int(text)
            if 1 <= n <= len(actions):
                return str(actions[n - 1])
            screen.refuse(_("There is no action {n}: choose 1 to {last}.", n=n, last=len(actions)))
        else:
            return text


def _move(table: Table, seat: int, screen: Screen, lang: str) -> bool:
    """Ask `seat` until a move is made (True) or the player quits (False); a refused text gets its
    reason and the prompt again, and the board stays where it is. `undo` takes the seat's last
    move back and draws the board again, or says why it cannot."""
    while True:
        state = table.state
        text = _ask(state, seat, screen)
        if text is None:
            return False
        if text == UNDO:
            if table.take_back(seat, screen):
                screen.draw(table.state, seat)
            continue
        try:
            table.apply(state.game.parse_action(state, text))
            return True
        except IllegalAction as err:
            screen.refuse(_("Not allowed: {reason}", reason=err.render(lang)))


def result_lines(state: State, told: list[str] | None = None) -> list[str]:
    """The winners, the scores and the game's note, in the current language (rich markup); the
    note's lines that the markup `told` just above already holds are left out (the Overlords board's
    score sheet, Carson City Zoo's last log entry), so nothing is printed twice."""
    out = state.outcome()
    winners = ", ".join(f"P{w + 1}" for w in out.winners)
    scores = "  ".join(f"P{i + 1}: {s:g}" for i, s in enumerate(out.scores))
    lines = [
        "[bold]" + _("Winner: {winners}", winners=winners) + "[/bold]",
        _("Scores: {scores}", scores=scores),
    ]
    shown = {
        _flat(Text.from_markup(line).plain.removeprefix("· "))
        for block in told or []
        for line in block.split("\n")
    }
    note = render(out.note) if out.note else ""
    lines.extend(escape(line) for line in note.split("\n") if line.strip() and _flat(line) not in shown)
    return lines


def _flat(text: str) -> str:
    return " ".join(text.split())


PLAY_HELP = N_(
    "Play GAME in the terminal against bots.\n\n"
    "\b\n"
    "Examples:\n"
    "  deadtable play carson-zoo --players 3 --seat 1 --bots greedy\n"
    "  deadtable play carson-zoo --seat 1,2          (two people, hot seat)\n"
    "  deadtable --lang es play carson-zoo            (in Spanish)\n\n"
    "Each of your turns shows what happened since your last move, the board and the actions, made "
    "to fit an 80x24 terminal. Choose a move by its number or by its text; at the prompt ? explains, "
    "look CARD shows a card's text, and board, list and log show the board, every action and the "
    "whole log again; undo takes back your last move while it revealed nothing. A question with "
    "only one possible answer is answered for you (--ask-always to be asked). The record is saved "
    "when the game ends or when you quit (Ctrl-C too), and "
    "`deadtable replay FILE` shows it again."
)


@click.command("play", cls=TCommand, help=PLAY_HELP)
@click.argument("game", callback=lambda _c, _p, v: game_arg(v), metavar="GAME")
@click.option(
    "--players", "-p", type=int, default=None, help=N_("Number of seats (default: the game's minimum).")
)
@click.option(
    "--seat",
    "seats",
    default="1",
    show_default=True,
    help=N_("Your seat(s), comma-separated, counted as the screen does (P1 is seat 1)."),
)
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
@click.option(
    "--ask-always",
    is_flag=True,
    help=N_(
        "Ask every question, even one with a single possible answer (by default it is answered for you)."
    ),
)
def play(game, players, seats, bots, seed, opts, cards, record, ask_always) -> None:  # type: ignore[no-untyped-def]
    lang = current_language()
    players = players or game.min_players
    options = parse_options(game, opts, cards)
    if seed is None:
        seed = secrets.randbelow(2**31)
    table = Table(game.new(players, seed, **options))
    state = table.state
    humans = _seats(seats, players)
    bot_seats = [s for s in range(players) if s not in humans]
    agents = _bots(split_names(bots), bot_seats, game)
    rngs = {s: random.Random(f"{seed}/bot/{s}") for s in bot_seats}
    name = escape(render(game.display_name()))
    screen = Screen(game, state, lang, console)
    watcher = min(humans) if humans else None  # whose view the narration is gathered from (it is public)
    # No seed here: with the public API it rebuilds every hidden card (shown once the game is over).
    console.print(f"[bold]{name}[/bold] · " + _("{players} players", players=players))
    for s, a in agents.items():
        console.print("  " + _("P{seat}: {name} bot", seat=s + 1, name=a.name))
    quit_early = False
    try:
        while not table.state.is_terminal:
            state = table.state  # (a new one after a move was taken back)
            p = state.current_player
            assert p is not None
            if p in agents:
                table.apply(agents[p].act(seat_info(state), rngs[p]))
                screen.follow(state.view(watcher))
                continue
            actions = state.legal_actions()
            if len(actions) == 1 and not ask_always:
                # The question is asked of every seat (it gives nothing away); this seat has no other
                # answer, so it is given for them, in one line (--ask-always asks anyway).
                screen.note(
                    p,
                    "[dim]"
                    + escape(
                        _(
                            "P{seat}: {action} (your only answer; given for you)",
                            seat=p + 1,
                            action=str(actions[0]),
                        )
                    )
                    + "[/dim]",
                )
                table.apply(actions[0])
                screen.follow(state.view(watcher))
                continue
            screen.draw(state, p)
            if not _move(table, p, screen, lang):
                quit_early = True
                break
            screen.follow(table.state.view(watcher))
    except KeyboardInterrupt:  # Ctrl-C: the game stops here, and its record is kept like a quit
        console.print()
        quit_early = True
    state = table.state
    if not quit_early:
        _game_over(state, screen, watcher, seed)
    path = record or records_dir() / f"{game.id}-{seed}.json"
    try:
        state.record().save(path)
        console.print(_("Record saved: {path}  (deadtable replay {path})", path=escape(str(path))))
    except OSError as err:
        raise DeadtableError(
            "could not save the record to {path}: {reason}", path=str(path), reason=err.strerror
        ) from None


def _game_over(state: State, screen: Screen, viewer: int | None, seed: int) -> None:
    """The last screen, printed once: what happened since the last one, the final board, the result."""
    view = state.view(viewer)
    screen.follow(view)
    told = screen.lines_since(viewer)
    screen.clear()
    for line in told:
        console.print(line)
    console.rule(_("Game over"))
    board = screen.board(view)
    console.print(board)
    for line in result_lines(state, [*told, board]):
        console.print(line)
    console.print(_("seed {seed}", seed=seed))
