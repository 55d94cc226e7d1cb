"""Game records: game id, options, seed and action list reproduce a game exactly (RULINGS ALL-1)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from deadtable.i18n import N_, Message

from .errors import DeadtableError, IllegalAction, RecordError

if TYPE_CHECKING:
    from .state import State

T = TypeVar("T")
FORMAT = "deadtable-record/1"
REPLAY_FAILED = N_("action {number} ({text!r}) cannot be replayed: {reason}")


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object with game, players, seed and actions")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise RecordError(
                "unknown record format {fmt!r}; this version reads {known!r}", fmt=fmt, known=FORMAT
            )
        try:
            game, players, seed = data["game"], data["players"], data["seed"]
        except KeyError as missing:
            raise RecordError("the record has no {field!r}", field=missing.args[0]) from None
        options = data.get("options", {})
        actions = data.get("actions", [])
        if not isinstance(game, str):
            raise RecordError("the record's 'game' must be a game id")
        if not isinstance(players, int) or not isinstance(seed, int):
            raise RecordError("the record's 'players' and 'seed' must be whole numbers")
        if not isinstance(options, dict):
            raise RecordError("the record's 'options' must be an object")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("the record's 'actions' must be a list of action texts")
        return cls(game, players, seed, dict(options), list(actions))

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise RecordError("cannot read {path}: {reason}", path=str(path), reason=err.strerror) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RecordError(
                "{path} is not a JSON record: {reason}", path=str(path), reason=str(err)
            ) from None
        return cls.from_json(data)


def replay_failed(
    state: State, options: dict[str, Any], number: int, text: str, err: Exception
) -> RecordError:
    """The error for a recorded action that fails: with options from before card lists were pinned
    (deadtable.core.cardlists), it says the cards may have changed since the game was dealt."""
    from .cardlists import PREDATES, unpinned

    message = Message(REPLAY_FAILED, number=number, text=text, reason=err)
    if unpinned(state.game, options):
        return RecordError(PREDATES, reason=message)
    return RecordError(message)


def replay_states(record: Record) -> list[State]:
    """Every state of a recorded game, from the start to the last action, legality re-checked."""
    return _recovering(record, lambda options: _states(record, options))


def _states(record: Record, options: dict[str, Any]) -> list[State]:
    from .registry import game as find_game

    state = find_game(record.game).new(record.players, record.seed, **options)
    states = [state.clone()]
    for number, text in enumerate(record.actions, start=1):
        try:
            action = state.game.parse_action(state, text)
            state.apply(action)
        except IllegalAction as err:
            raise replay_failed(state, options, number, text, err) from None
        states.append(state.clone())
    return states


def _recovering(record: Record, play: Callable[[dict[str, Any]], T]) -> T:
    """`play(record.options)`, or with the earlier card list it was dealt with when the record is
    from before card lists were pinned and today's fails on a move (cardlists.recovering)."""
    from .cardlists import recovering
    from .registry import game as find_game

    return recovering(find_game(record.game), record.options, play)


def replay(record: Record | dict[str, Any]) -> State:
    """The final state of a recorded game; every action is re-checked for legality."""
    loaded = record if isinstance(record, Record) else Record.from_json(record)
    return _recovering(loaded, lambda options: _final(loaded, options))


def _final(loaded: Record, options: dict[str, Any]) -> State:
    from .registry import game as find_game

    try:
        state = find_game(loaded.game).new(loaded.players, loaded.seed, **options)
    except DeadtableError as err:
        raise RecordError("the record cannot start a game: {reason}", reason=err) from None
    for number, text in enumerate(loaded.actions, start=1):
        try:
            state.apply(state.game.parse_action(state, text))
        except IllegalAction as err:
            raise replay_failed(state, options, number, text, err) from None
    return state


def pinned(record: Record) -> Record:
    """`record`, naming the card list it was dealt with: as it is when it names one or its game
    deals from none; a record from before card lists were pinned is replayed (with an earlier kept
    list when today's fails on a move: `_recovering`) and pinned to the list that plays it."""
    from .cardlists import PIN, unpinned
    from .registry import game as find_game

    if not unpinned(find_game(record.game), record.options):
        return record
    options = {**record.options, PIN: replay(record).options[PIN]}
    return Record(record.game, record.players, record.seed, options, list(record.actions))
