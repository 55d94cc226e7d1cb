"""The state of one game in progress, and the actions that change it.

A game package subclasses `State` and implements the abstract methods. The base class holds what
every game shares: the seat count, the seed, the options, the list of actions taken, the chance
generator and the event listeners, and it checks legality at the boundary (`apply`) so the inner
`_apply` can trust what it is given.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final

from .chance import Chance
from .errors import IllegalAction
from .outcome import Outcome

if TYPE_CHECKING:
    from deadtable.i18n import Message

    from .game import Game
    from .record import Record

Listener = Callable[[str, dict[str, Any]], None]
# A view's narration (`State.view`): the log as English texts, the same entries as messages in
# JSON for a reader in any language, and where the log starts in the game's whole narration (the
# index, counted from move 0, of its first entry; see `narrate`). `narration=False` leaves out
# exactly these keys.
LOG: Final = "log"
LOG_I18N: Final = "log_i18n"
LOG_START: Final = "log_start"
NARRATION: Final = (LOG, LOG_I18N, LOG_START)
Narration = tuple[list[str], list[dict[str, Any]]]
# The event every applied action sends the listeners (`State.apply_trusted`).
ACTION_EVENT: Final = "action"


def tell(log: Iterable[Message]) -> Narration:
    """A log's entries as a view tells them: their English texts and their JSON messages."""
    entries = list(log)
    return [str(e) for e in entries], [e.to_json() for e in entries]


def read_narration(
    view: Mapping[str, Any], lang: str, decode: Callable[[Any], Message] | None = None
) -> list[str]:
    """A view's narration in `lang`: its messages (LOG_I18N) rendered, else its English texts (LOG).

    `decode` turns one JSON message back into a Message (default `Message.from_json`; a game whose
    log holds card texts passes its own)."""
    messages = view.get(LOG_I18N)
    if not messages:
        return [str(e) for e in view.get(LOG, ())]
    if decode is None:
        from deadtable.i18n import Message

        decode = Message.from_json
    return [decode(e).render(lang) for e in messages]


def narrate(view: dict[str, Any], told: Narration, start: int) -> dict[str, Any]:
    """`view` with a log told (`tell`) under the keys NARRATION; the lists are copies, so a
    game may keep what it told and share it between views.

    A game keeps one public log, the same for every seat, and shows its last entries; `start`
    (LOG_START) is the index of the first one shown in the game's whole narration since move 0,
    the entries trimmed from the front so far. The invariant a reader may build on: entry k of a
    view's log is entry `start + k` of the whole narration, and an entry once told at an index
    never changes (its JSON message is the same in every later view and in every seat's view).
    So a reader (the server) keeps the whole narration by index: it stores a view's entries from
    `start` on, over those it holds; `start` never decreases and is never past what was told.

    >>> narrate({}, (["P1 plays"], [{"msg": "P1 plays"}]), 7)
    {'log': ['P1 plays'], 'log_i18n': [{'msg': 'P1 plays'}], 'log_start': 7}
    """
    texts, messages = told
    view[LOG] = list(texts)
    view[LOG_I18N] = list(messages)
    view[LOG_START] = start
    return view


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: small frozen values whose `str()` is their text form."""

    def __str__(self) -> str:  # pragma: no cover - every game overrides it
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        """The action in structured form, for clients that draw it as pieces: its `kind` (the
        class's name in kebab case) and its fields (card ids, slots, seats, words), JSON-ready.
        A client builds its pieces from this, never from the text (which is the protocol).

        >>> @dataclass(frozen=True)
        ... class MoveTo(Action):
        ...     frm: str
        ...     to: str
        >>> MoveTo("c3", "c4").describe()
        {'kind': 'move-to', 'frm': 'c3', 'to': 'c4'}
        """
        out: dict[str, Any] = {"kind": _kebab(type(self).__name__)}
        for f in fields(self):
            out[f.name] = getattr(self, f.name)
        return out


def _kebab(name: str) -> str:
    """`RecruitForDummy` -> `recruit-for-dummy`."""
    return "".join("-" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(name))


class State(ABC):
    """One game in progress. Subclasses add their own fields and must copy them in `_copy_into`."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    history: list[Action]
    rng: Chance  # the game's own chance; a random.Random with a state that is free to copy
    listeners: list[Listener]

    def _init_base(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.history = []
        self.rng = Chance(seed)
        self.listeners = []

    # -- what a game implements ------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must act now (it may be answering another seat's card), None once over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take, in a deterministic order."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action known to be legal."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Scores, ranks and winners; only called once the game is over."""

    def result(self) -> Outcome:
        """`outcome()`'s scores, ranks and winners, its note perhaps left out: for readers that never
        read the note (simulate's rows), in games whose note takes long to write (Overlords' score
        sheet). Only called once the game is over."""
        return self.outcome()

    @abstractmethod
    def view(self, player: int | None, *, narration: bool = True) -> dict[str, Any]:
        """A JSON-ready dict of what `player` may see; None is a spectator (RULINGS ALL-2).

        `narration=False` leaves out the log (the keys NARRATION, see `narrate`), which retells in
        words what the other keys show: for readers that never read it (observation vectors, the games'
        heuristics in search rollouts), as building it is a large part of a view's cost.

        The narration is public and the same in every seat's view: the last entries of the game's
        log (LOG, LOG_I18N), and LOG_START, the index of the first of them in the game's whole
        narration since move 0. Entry k of the view's log is entry `log_start + k` of the whole
        narration, and an entry once told at an index never changes, so a reader may accumulate
        the whole narration from views (`narrate`)."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> State:
        """A full state drawn from everything `player` cannot see, consistent with what it has seen.

        It must depend only on what `player` knows and on `rng`: the unseen cards are pooled in a
        canonical order before they are shuffled, so two states that `player` cannot tell apart
        give the same result for the same `rng`. The copy's chance generator is drawn from `rng`
        too, so a sample never knows what the real game will draw.
        """

    @abstractmethod
    def _copy_into(self, other: Any) -> None:
        """Copy this game's own fields into `other` (static card data is shared, never copied)."""

    @abstractmethod
    def key(self) -> Hashable:
        """Everything that defines the position, for equality: replay and determinize tests use it."""

    def information_key(self, player: int) -> Hashable:
        """A compact fingerprint of what `player` knows now, for search bots' information sets.

        It must be a function of `player`'s view alone (never of a card the seat cannot see), so
        states that the seat cannot tell apart give equal keys; a game may leave out narration
        (its log), which the view shows but which does not change the position. The default is
        the text of the view; games override it with a cheaper tuple of the same facts.
        """
        return repr(self.view(player))

    def seat_facts(self, player: int) -> Any:
        """What `player` knows now, in the form its game's heuristic reads fastest.

        Like `information_key`, a function of `player`'s view alone: states the seat cannot tell
        apart give equal facts (the conformance suite checks it on determinized samples). The
        default is the view without its narration; a game overrides it with a cheaper record of
        the same facts (Carson City Zoo's `ZooFacts`). Agents read it as `SeatInfo.facts()`.
        """
        return self.view(player, narration=False)

    # -- shared behaviour --------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    def check(self, action: Action) -> None:
        """Raise IllegalAction with a reason unless `action` is legal now. Games may say more."""
        if self.is_terminal:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction("{action} is not allowed now", action=str(action))

    def apply(self, action: Action) -> None:
        """Check `action` and carry it out; raises IllegalAction (the state is then unchanged)."""
        self.check(action)
        self.apply_trusted(action)

    def apply_trusted(self, action: Action) -> None:
        """Carry out an action that came from `legal_actions()` of this very state (search bots).

        Listeners hear `action` with the seat that acted and the action itself (not its text: a
        listener that wants the text writes `str(data["action"])`, so a simulation, whose
        statistics only count, never formats one), then `game_end` when it ended the game."""
        self.history.append(action)
        listeners = self.listeners
        if not listeners:  # the fast path of search: nobody is told
            self._apply(action)
            return
        data = {"seat": self.current_player, "action": action}
        self._apply(action)
        for listener in listeners:
            listener(ACTION_EVENT, data)
        if self.current_player is None:
            self.emit("game_end", outcome=self.outcome().to_json())

    def apply_quietly(self, action: Action) -> None:
        """`apply_trusted`, but the listeners hear only the game's own events (`emit`), not
        ACTION_EVENT nor `game_end`: for a caller that counts the moves and reads the outcome
        itself (simulate's loop, `deadtable.sim.loop`), which saves a call and an event a move."""
        self.history.append(action)
        self._apply(action)

    def emit(self, kind: str, **data: Any) -> None:
        """Tell the listeners (statistics, logs) that something happened; free when none listen."""
        for listener in self.listeners:
            listener(kind, data)

    def clone(self) -> State:
        """An independent copy; listeners stay with the original."""
        cls = type(self)
        other = cls.__new__(cls)  # not object.__new__: a compiled (mypyc) class refuses it
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.history = list(self.history)
        other.rng = self.rng.copy()
        other.listeners = []
        self._copy_into(other)
        return other

    def _determinized_copy(self, rng: random.Random) -> Any:
        """A clone with a seed and chance generator drawn from `rng` and no history.

        `determinize` starts from this, then redraws the cards the seat has not seen. A
        determinized state cannot be replayed: it is a sample, not a game.
        """
        other = self.clone()
        # Nothing of the real game's past or future may ride along: the seed would rebuild the
        # real deal and the history would name hidden picks, so both are replaced.
        other.seed = rng.getrandbits(63)
        other.rng = Chance(other.seed)
        other.history = []
        return other

    def record(self) -> Record:
        from .record import Record

        return Record(
            game=self.game.id,
            players=self.players,
            seed=self.seed,
            options=self.game.recordable_options(self.options),
            actions=[str(a) for a in self.history],
        )

    def render(self, player: int | None, *, lang: str = "en") -> str:
        """The view of `player` as text for a terminal (rich markup); see `Game.render_view`."""
        return self.game.render_view(self.view(player), lang=lang)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        name = type(self).__name__
        return f"<{name} {self.game.id} players={self.players} seed={self.seed} moves={len(self.history)}>"
