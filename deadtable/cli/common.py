"""What the commands share: the console, game and option arguments, agent lists."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.console import Console

import deadtable
from deadtable.core import DeadtableError, Game, OptionError
from deadtable.i18n import N_

console = Console(highlight=False)


def game_arg(value: str) -> Game:
    try:
        return deadtable.game(value)
    except DeadtableError as err:
        raise click.BadParameter(err.render()) from None


def parse_options(game: Game, pairs: tuple[str, ...], cards: str | None = None) -> dict[str, Any]:
    """`-o name=value` pairs (and `--cards FILE`) as game options, checked by the game."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise OptionError("options are written name=value, not {pair!r}", pair=pair)
        out[name.strip().replace("-", "_")] = value.strip()
    if cards:
        if not any(o.name == "cards" for o in game.options):
            raise OptionError(
                "{game} has no card file to replace (no --cards option)", game=game.display_name()
            )
        out["cards"] = cards
    return out


def split_names(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


OPTION_HELP = N_("A game option as name=value (repeatable); `deadtable games` lists each game's options.")

# The options of a run of seeded games that `simulate` and `whatif` share, declared once.
SEED_OPTION = click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help=N_("Base seed; game i plays a seed derived from it and i."),
)
F = TypeVar("F", bound=Callable[..., Any])


def games_option(default: int, help: str = N_("How many games to play.")) -> Callable[[F], F]:
    """`--games N` (into `n_games`): how many seeded games a run plays, `default` when not given."""
    return click.option(
        "--games", "n_games", type=click.IntRange(min=1), default=default, show_default=True, help=help
    )


def players_option(
    help: str = N_("Seats per game (default: one per agent, within the game's range)."),
) -> Callable[[F], F]:
    """`--players N`: seats per game, None when not given (the command works it out)."""
    return click.option("--players", type=int, default=None, help=help)


PLAYERS_OPTION = players_option()
GAME_OPTIONS = click.option(
    "-o", "--option", "options", multiple=True, metavar="NAME=VALUE", help=OPTION_HELP
)
