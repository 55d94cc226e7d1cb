"""A game's parts, found through the game: modules and files of its package by fixed names.

Everything a game brings lives in its package (`Game.package`) and the surfaces ask the game for
it; none of them keeps a table of games. The parts, each optional, and who reads them:

- `encoder` (a module): `ENCODER`, the game's observation encoder for learning agents, a subclass
  of `deadtable.rl.encoding.Encoder` (read by `deadtable.rl.encoders`; without one, an environment
  observes the game through its flattened view, `deadtable.rl.observation`).
- `action_space` (a module): `action_space(players, options)`, every action text the game could
  ever offer with these settings, a fixed, ordered list in which each legal action's text appears
  (read by `deadtable.rl.actions.action_texts`; without one, the learning agents index the sorted
  legal actions of each position).
- `text` (a module): words for people. Its `move_words(view, action) -> Message | None`, if it has
  one, is a move in the game's words for the seat whose view this is, before it is played, for a
  move the log tells nothing of or tells with a card hidden until then (read by the hints,
  `deadtable.agents.hint.game_words`; without it, a hint tells the move as the seat's log would).
  Its `card_face(entry, lang) -> str`, if it has one, is what a card's printed face shows beside
  its title and text (an entry of `Game.card_texts`), for the terminal's `look CARD`.
- `web/renderer.js` (and `web/renderer.css`): the game's board in the browser, an ES module that
  exports `render(container, view, ctx)` (served by the server at `/games/<id>/renderer.js`;
  without one, the browser's generic renderer draws the view).
- `texts/rules.<lang>.md`: the game's rulebook in each language; `texts/RULINGS.<lang>.md` and
  `texts/READINGS.<lang>.md`: its house rulings and readings (read by `deadtable.i18n.rules`).
- `data/calibration.json`: the review's calibration map (`deadtable.agents.calibration`).
- `data/lesson.toml` and `texts/lesson.<lang>.toml`: the game's guided first game, its table and
  the coach's words in each language (read by `deadtable.agents.coach`; without them, the game has
  no "Learn to play").
- `native.txt`: the game's modules that the native build compiles, one name a line (read by
  `deadtable.which_build` by path, for the games inside `deadtable/games/`).

Core imports no part: a part is loaded only when the surface that uses it asks.

>>> import deadtable
>>> g = deadtable.game("carson-zoo")
>>> g.package, files(g, "web", "renderer.js").is_file(), files(g, "no such part").is_file()
('deadtable.games.carson_zoo', True, False)
"""

from __future__ import annotations

import sys
from importlib import import_module, resources
from importlib.resources.abc import Traversable
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType

from .game import Game


def files(game: Game, *path: str) -> Traversable:
    """The file or folder at `path` inside the game's package (it may not exist: ask `is_file()`).

    A game kept in a single module, not a package, has no parts: its paths never exist.
    """
    try:
        found: Traversable = resources.files(game.package)
    except TypeError:  # "... is not a package"
        return Path(str(sys.modules[game.package].__file__)).with_suffix("").joinpath(*path)
    for part in path:
        found = found.joinpath(part)
    return found


def module(game: Game, name: str) -> ModuleType | None:
    """The game package's module `name` (for instance `encoder`), or None when it has none.

    An error inside a module that exists is raised, not taken for a missing part.
    """
    full = f"{game.package}.{name}"
    try:
        spec = find_spec(full)
    except ModuleNotFoundError:  # the game is a single module, not a package: no parts
        return None
    if spec is None:
        return None
    return import_module(full)
