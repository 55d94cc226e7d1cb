"""Card lists pinned by their text: which list a game was dealt with, and every built-in list kept.

A game whose cards come from a TOML list (its built-in one, or a player's file named by the
`cards` option) declares the option `card_list` (`PIN`). Nobody sets it when asking for a game:
the game sets it when it deals, to the SHA-256 of the list's text (`text_sha`), so the game's
options (and so its record, and a server's stored table) say which list it was dealt with.

Given again (a record replayed, a table rebuilt), the pin chooses the list:

- the built-in list: today's when the hash is today's, else the released list of that hash, kept
  in the game's `data/history/` folder as `<sha256>.toml` and listed in its `index.toml`
  (`BuiltinLists`); a hash no kept list has is refused by name;
- a player's file: read again, and refused, by name, when its text changed since (`changed`),
  rather than dealt differently and failing later on a move the new cards do not allow.

Records and tables from before card lists were pinned have no hash: they are dealt with today's
list, as they always were. When one of them then fails on a move, it is tried again with each
earlier kept list, the newest first (`earlier_pins`), and the first with which every move is legal
is the one it was dealt with (a record that fails with today's list names a card today's list
changed); when none fits, `PREDATES` says why it may have failed.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from deadtable.i18n import N_

from .errors import CardDataError, DeadtableError, RecordError
from .options import Option

if TYPE_CHECKING:
    from .game import Game


class Pinned(Protocol):
    """A parsed card list: it knows the SHA-256 of the text it was read from."""

    @property
    def sha(self) -> str: ...


L = TypeVar("L", bound=Pinned)
T = TypeVar("T")

PIN = "card_list"
PIN_OPTION = Option(
    PIN,
    "",
    N_(
        "Set by the game when it deals: the SHA-256 of the card list's text, so that a record of "
        "the game is replayed with the same cards after the built-in list changes. Leave it empty."
    ),
    set_by_game=True,
)
SHA = re.compile(r"[0-9a-f]{64}")
PREDATES = N_(
    "{reason} (the record predates card versioning: it does not say which card list it was dealt "
    "with, so it was replayed with today's built-in cards, and the card list may have changed since "
    "it was dealt)"
)
NOT_KEPT = N_(
    "{shown}: this game was dealt with a built-in card list this version does not keep "
    "(SHA-256 {sha}); it needs the deadtable release it was played with"
)
CANNOT_READ = N_("{path}: cannot read the card file ({reason})")
NOT_TOML = N_("{path}: not valid TOML ({reason})")
CHANGED = N_(
    "{path}: the card file changed since this game was dealt with it (SHA-256 {then} then, "
    "{now} now); the game can only be replayed with the file it was dealt with"
)


def text_sha(text: str) -> str:
    """The SHA-256 of a card list's text (as read: line endings are always "\\n").

    >>> text_sha("")[:16]
    'e3b0c44298fc1c14'
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def changed(path: str, then: str, now: str) -> CardDataError:
    """The error for a player's card file whose text is not the one the game was dealt with."""
    return CardDataError(CHANGED, path=path, then=then[:12], now=now[:12])


def declares_pin(game: Game) -> bool:
    return any(o.name == PIN for o in game.options)


def unpinned(game: Game, options: dict[str, Any]) -> bool:
    """The options come from before card lists were pinned: the game takes a card list, and they
    do not say which one (dealt now, they get today's built-in list)."""
    return declares_pin(game) and not options.get(PIN)


class BuiltinLists:
    """A game's built-in card list (`current`) and every released one kept in `history/`."""

    def __init__(self, current: Path, shown: str) -> None:
        self.current = current
        self.shown_name = shown  # how messages name the built-in list ("built-in cards.toml")
        self.history = current.parent / "history"

    @cached_property
    def current_sha(self) -> str:
        return text_sha(self.current.read_text(encoding="utf-8"))

    @cached_property
    def index(self) -> dict[str, dict[str, Any]]:
        """Each kept list's hash -> its entry in history/index.toml (commit, date, note)."""
        path = self.history / "index.toml"
        if not path.is_file():
            return {}
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return {str(e["sha256"]): dict(e) for e in data.get("list", [])}

    def earlier(self) -> list[str]:
        """The hashes of the kept lists other than today's, the newest first (index.toml lists
        them in the order they were released)."""
        return [sha for sha in reversed(self.index) if sha != self.current_sha]

    def is_current(self, sha: str) -> bool:
        return not sha or sha == self.current_sha

    def file(self, sha: str) -> Path:
        """The file of the built-in list `sha` ("" = today's), or CardDataError if none is kept."""
        if self.is_current(sha):
            return self.current
        if SHA.fullmatch(sha) and sha in self.index:
            return self.history / f"{sha}.toml"
        raise CardDataError(NOT_KEPT, shown=self.shown_name, sha=sha)

    def choose(self, path: str, pin: str, read: Callable[[str], L], builtin: Callable[[str], L]) -> L:
        """The card list of a game whose `cards` option is `path` and `card_list` is `pin`: with no
        path the built-in list of that hash (today's when "" or today's hash), `builtin(sha)` with ""
        for today's; with a path the player's file, `read(path)` (read again at each call), which
        must still have the pinned text, else CardDataError says it changed."""
        kept = "" if self.is_current(pin) else pin
        cards = read(path) if path else builtin(kept)
        if pin and cards.sha != pin:
            raise changed(path or self.shown(kept), pin, cards.sha)
        return cards

    def shown(self, sha: str) -> str:
        """How messages name the built-in list `sha`: today's by its name, an older one with its hash."""
        return self.shown_name if self.is_current(sha) else f"{self.shown_name} ({sha[:12]})"


class Loader(Generic[L]):
    """A game's `load(path, pin)`: its built-in lists and a player's files, read and parsed the
    same way in every game; only `parse` (the TOML's data, how errors name the file, the text's
    SHA-256) is the game's own.

    A built-in list is read once; a player's file is read at each call (a game dealt, a record
    replayed), so a change is never missed, and parsed once per text. `builtin_by_name`: errors
    and the parsed list name a built-in list as `BuiltinLists.shown` does ("built-in cards.toml")
    rather than by its file's path.
    """

    def __init__(
        self, builtins: BuiltinLists, parse: Callable[[Any, str, str], L], *, builtin_by_name: bool = False
    ) -> None:
        self.builtins = builtins
        self.parse = parse
        self.builtin_by_name = builtin_by_name
        self.builtin = cache(self._read_builtin)
        self.parsed = lru_cache(maxsize=32)(self._parse_text)

    def __call__(self, path: str = "", pin: str = "") -> L:
        """The list in `path` ("" = the built-in one), checked against `pin` (BuiltinLists.choose)."""
        return self.builtins.choose(path, pin, lambda p: self.parsed(p, read_text(Path(p), p)), self.builtin)

    def _read_builtin(self, kept: str) -> L:
        """The built-in list whose hash is `kept` ("" = today's)."""
        file = self.builtins.file(kept)
        where = self.builtins.shown(kept) if self.builtin_by_name else str(file)
        return self.parsed(where, read_text(file, where))

    def _parse_text(self, where: str, text: str) -> L:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise CardDataError(NOT_TOML, path=where, reason=str(err)) from None
        return self.parse(data, where, text_sha(text))


def read_text(file: Path, where: str) -> str:
    """A card file's text; `where` names it in the error when it cannot be read."""
    try:
        return file.read_text(encoding="utf-8")
    except OSError as err:
        raise CardDataError(CANNOT_READ, path=where, reason=err.strerror) from None


def repinned(game: Game, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The options of a new game played like the one of `options` (a rematch): the same settings,
    pinned to the card list a game dealt now gets (today's built-in list, or the file's text now)."""
    if not declares_pin(game):
        return dict(options)
    chosen = {k: v for k, v in options.items() if k != PIN}
    return {**chosen, PIN: game.new(players, 0, **chosen).options[PIN]}


def earlier_pins(game: Game, options: dict[str, Any]) -> list[dict[str, Any]]:
    """For options from before card lists were pinned (`unpinned`) that dealt the built-in list:
    the same options pinned to each earlier kept built-in list, the newest first, to try when a
    move fails with today's list. Empty otherwise (a player's card file cannot be recovered: only
    its text then was the list)."""
    if not unpinned(game, options) or options.get("cards") or game.card_lists is None:
        return []
    return [{**options, PIN: sha} for sha in game.card_lists.earlier()]


def recovering(game: Game, options: dict[str, Any], play: Callable[[dict[str, Any]], T]) -> T:
    """`play(options)`, a record replayed or a table rebuilt with them; when options from before
    card lists were pinned fail on a move (RecordError) with today's list, `play` again with each
    of `earlier_pins`, the newest first: the first that plays every move is the list the game was
    dealt with. When none does, the first failure is raised."""
    try:
        return play(options)
    except RecordError as failed:
        for pinned in earlier_pins(game, options):
            try:
                return play(pinned)
            except DeadtableError:
                continue
        raise failed from None
