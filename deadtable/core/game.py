"""A game: its metadata, its options, how to start it and how to read its actions."""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deadtable.i18n import Message, render

from .errors import IllegalAction, OptionError
from .options import Option, resolve_options

if TYPE_CHECKING:
    from .agent import Agent
    from .cardlists import BuiltinLists
    from .names import TypedNames
    from .state import Action, State


# The options `Game.new` resolved and validated, per game, player count and options as given: most
# games are started with the same few settings, and checking them is most of a small game's set-up.
# Only settings that passed are kept (a bad one is checked, and refused, every time), and only
# plain values (a value of another type may compare equal to a plain one and coerce otherwise).
# An entry holds its game, so the game's id() in the key stays its own.
_CHECKED: dict[tuple[int, int, tuple[tuple[str, type, Any], ...]], tuple[Game, dict[str, Any]]] = {}
CHECKED_MAX = 256
_PLAIN = (str, int, bool, float, type(None))


def _checked_key(
    game: Game, players: int, options: dict[str, Any]
) -> tuple[int, int, tuple[tuple[str, type, Any], ...]] | None:
    items = []
    for name, value in options.items():
        kind = type(value)
        if kind not in _PLAIN:
            return None
        items.append((name, kind, value))
    return (id(game), players, tuple(items))


@dataclass(frozen=True)
class GameType:
    """What kind of game it is, declared beside the game as OpenSpiel keeps `_GAME_TYPE`.

    The learning adapters read it (`deadtable.rl.openspiel` declares the OpenSpiel game type from
    it); nothing else lists games by kind.

    - `zero_sum`: with two players, the seats' rewards always sum to zero (one seat's win is the
      other's loss; a shared result gives both nothing).
    - `chance`: the game deals or draws at random (from the state's seeded generator).
    - `perfect_information`: every seat sees everything (no hidden hand, deck or card).
    """

    zero_sum: bool = False
    chance: bool = True
    perfect_information: bool = False


@dataclass(frozen=True)
class Variant:
    """A named way to play (a mode, a team layout): a player count and options."""

    name: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    help: str = ""


class Game(ABC):
    """Subclass per game. Instances are stateless and shared; states hold everything that changes."""

    id: str = ""
    name: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    summary: str = ""
    # A game dealt from a built-in card list: that list and every released one (cardlists.py).
    card_lists: BuiltinLists | None = None
    # What kind of game it is (zero-sum, chance, information); the default is the cautious one.
    game_type: GameType = GameType()

    @property
    def package(self) -> str:
        """The package that holds the game and its parts, found by fixed names (`deadtable.core.parts`):
        its observation encoder, browser renderer, rules texts, rulings and calibration data.

        The default is the package of the module that defines the game's class, so a game needs
        nothing more than to keep its parts in its own package.
        """
        module = sys.modules[type(self).__module__]
        return module.__package__ or module.__name__

    @property
    def chosen_options(self) -> tuple[Option, ...]:
        """The options a person chooses (the lobby, `deadtable games`, `deadtable rules`, a table's
        options): all but those the game sets itself when it deals (`Option.set_by_game`)."""
        return tuple(o for o in self.options if not o.set_by_game)

    # -- what a game implements --------------------------------------------------------------
    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """A fresh state for checked arguments."""

    @abstractmethod
    def render_view(self, view: dict[str, Any], *, lang: str = "en") -> str:
        """A view as text for a terminal, with rich markup for colour. Never reads a real state."""

    def evaluate(self, state: State, player: int) -> float:
        """How good `state` is for `player` by the game's own measure (greedy and search use it).

        The default is the final score margin once over and 0 before; games should do better.
        """
        if state.is_terminal:
            out = state.outcome()
            return 1.0 if player in out.winners else -1.0
        return 0.0

    def evaluate_all(self, state: State) -> list[float]:
        """`evaluate` for every seat at once (search scores each rollout for all seats).

        Games whose evaluation shares work between seats (a score sheet of every army) override it
        with one pass; the result must equal `[self.evaluate(state, p) for p in seats]`.
        """
        return [self.evaluate(state, p) for p in range(state.players)]

    def agents(self) -> dict[str, Callable[[], Agent]]:
        """This game's own players (for instance a heuristic), by name."""
        return {}

    def routine(self, view: dict[str, Any]) -> bool:
        """Whether the decision this view asks for is one the game's heuristic takes as well as a search.

        IS-MCTS (with its default `routine=heuristic`) asks the game's heuristic agent for such a
        decision instead of searching it. A game says so only where it measured it: a search whose
        evaluation cannot tell the options apart plays them worse than the heuristic. It reads the
        seat's view only. The default, False, searches every decision.
        """
        return False

    def search_settings(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The IS-MCTS settings this game plays best with at `players` seats and these options (a
        variant's, or a table's as dealt), measured (for example a heuristic rollout at 4 players).

        A search that wins a duel can lose a 4-player table, where most moves are other seats' and
        their play decides what a move is worth; so the settings may differ by player count and mode.
        `IsmctsAgent` applies them for the table it plays at (`adopt`, and again at its first
        decision at a table of another size); settings a user writes (`ismcts:iterations=300`) still
        win. The default, none, keeps the agent's own.
        """
        return {}

    def strongest_agent(self, players: int, options: dict[str, Any]) -> str:
        """The name of this game's strongest bot at `players` seats and these options, as measured
        against its heuristic (docs/figures/strength.md): hints at such a table are its moves.

        The default is the game's own heuristic, else the generic greedy player; a game names
        `ismcts` (with its `search_settings` for the table) where the search beats the heuristic.
        """
        return "heuristic" if "heuristic" in self.agents() else "greedy"

    def variants(self) -> list[Variant]:
        """Named ways to play; the conformance suite plays every one. Default: each player count."""
        return [Variant(f"{n}p", n) for n in range(self.min_players, self.max_players + 1)]

    def validate(self, players: int, options: dict[str, Any]) -> None:
        """Refuse combinations of player count and options the rules do not allow (OptionError)."""
        return None

    def card_texts(self, options: dict[str, Any]) -> dict[str, dict[str, str]] | None:
        """The static, public text of every card of the set `options` load, or None (no cards).

        `{card id: {"title": ..., "text": ...}}` in English, the id being the word views and action
        texts use; readers translate with the context "<game id>:card". Views stay as they are.
        """
        return None

    def reveals_nothing(self, state: State, action: Action) -> bool:
        """Whether `action`, by the seat to act in `state`, shows nobody anything new, so that the
        seat may take it back (`deadtable.core.undo`).

        True only for a move that draws no card, shows no hidden card to anyone and asks no other
        seat anything; a card the mover shows from their own hand is theirs to show. The default,
        False, makes every move final: a game says True only where its rules show that nothing was
        revealed. Chance steps and a turn passing end the window whatever this says.
        """
        return False

    def asks_first(self, state: State, action: Action) -> bool:
        """Whether a table should ask "Make the move?" before `action`, by the seat to act in
        `state`: one click that commits more than a player would expect from one click.

        For instance a hidden pick that is final the moment it is made (Overlords' recruit), or a
        card used up for the turn at a touch (a Zombie Overlord Trap's ability). An ordinary move,
        even one that cannot be taken back, is not asked: a table that asks at every move teaches
        its players to click through the box. The default, False, asks before nothing, so a new
        game needs nothing here.
        """
        return False

    def recordable_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options as stored in a record (JSON values only)."""
        return dict(options)

    # -- shared behaviour --------------------------------------------------------------------
    def new(self, players: int, seed: int = 0, **options: Any) -> State:
        """A fresh game for `players` seats; everything random is drawn from `seed`."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError(
                "the number of players must be a whole number, not {players!r}", players=players
            )
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                "{game} is for {min} to {max} players, not {players}",
                game=self.display_name(),
                min=self.min_players,
                max=self.max_players,
                players=players,
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError("the seed must be a whole number, not {seed!r}", seed=seed)
        key = _checked_key(self, players, options)
        entry = _CHECKED.get(key) if key is not None else None
        if entry is not None and entry[0] is self:
            resolved = dict(entry[1])
        else:
            resolved = resolve_options(self.options, options)
            self.validate(players, resolved)
            if key is not None and len(_CHECKED) < CHECKED_MAX:
                _CHECKED[key] = (self, dict(resolved))
        return self._new(players, seed, resolved)

    def parse_action(self, state: State, text: str) -> Action:
        """The legal action whose text form is `text` (spaces and case do not matter).

        A card may be named by its id or by the name the table shows, in any language
        (`typed_names`). Raises IllegalAction naming what was asked when no legal action reads so.
        """
        wanted = " ".join(str(text).split()).lower()
        if state.is_terminal:
            raise IllegalAction("the game is over")
        legal = state.legal_actions()
        for action in legal:
            if str(action).lower() == wanted:
                return action
        names = self.typed_names(state)
        if names is not None:  # a card named as the table shows it, in any language
            read = names.read(wanted)
            for action in legal:
                if str(action).lower() == read:
                    return action
            wanted = read
        raise IllegalAction(self.explain_illegal(state, wanted))

    def typed_names(self, state: State) -> TypedNames | None:
        """The card names a player may type for card ids (`deadtable.core.names`), if the game shows
        its cards under translated names; None when the ids are the names (the default)."""
        return None

    def explain_illegal(self, state: State, text: str) -> str | Message:
        """Why `text` is not a legal action now; games override this to cite their rules.

        Return a `Message` (an English template and its parameters) so that each reader gets
        the reason in their own language; a plain string is shown as written.
        """
        return Message("{text!r} is not a legal action now", text=text)

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise OptionError("{game} has no option {name!r}", game=self.display_name(), name=name)

    def describe(self, lang: str | None = None) -> dict[str, Any]:
        """Metadata as JSON: what `deadtable games` and the lobby show.

        With `lang`, the name, summary and each option's help, label and value labels are in that
        language (the id, option names and values never change); without it they are the English
        originals.
        """

        def text(s: str) -> str:
            return render(s, lang) if lang and s else s

        return {
            "id": self.id,
            "name": text(self.name),
            "players": [self.min_players, self.max_players],
            "summary": text(self.summary),
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "help": text(o.help),
                    "label": o.label_text(lang or "en"),
                    "default_text": o.value_text(o.default, lang or "en"),
                    # Each choice (or labelled value) in words, by the value as text.
                    "value_labels": {
                        str(v): o.value_text(v, lang or "en")
                        for v in (o.choices or [v for v, _ in o.value_labels])
                    },
                    "choices": list(o.choices) if o.choices else None,
                    "house_rule": o.house_rule,
                }
                for o in self.chosen_options
            ],
            "agents": sorted(self.agents()),
        }

    def display_name(self) -> Message:
        """The game's name, translated where the catalogue (from a rulebook) gives one."""
        return Message(self.name)

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
