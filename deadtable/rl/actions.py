"""A fixed-size action space for any game: an index for every action a seat could take.

Two kinds, chosen per game:

- **Fixed** (the game's package has an `action_space` module whose `action_space(players, options)`
  lists every action text it could ever offer with these settings, `action_texts`): index i is the
  i-th text, always. An index means the
  same action in every position, which is what a policy network wants.
- **Generic** (the game has no such module): index i is the i-th legal action of the current position
  when the legal actions are sorted by their text. Every game works this way with no code of its
  own, but an index means different actions in different positions. The size is `max_actions`,
  by default twice the largest legal-action count seen in a seeded probe of random games
  (`deadtable.rl.probe`); a position with more legal actions than that offers only the first
  `size` of them (sorted by text), and `truncated` counts how often that happened.

>>> from deadtable.core import game
>>> enc = ActionEncoder.for_game(game("carson-zoo"), 2, {})
>>> enc.fixed, enc.size, enc.texts[0], enc.texts[-1]
(True, 180, 'place 3 a1', 'move e5 d5')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deadtable.core import Action, DeadtableError, Game, State
from deadtable.core.parts import module

from .probe import probe, resolved

GENERIC_MARGIN = 2  # generic size = this times the largest legal-action count the probe saw
GENERIC_MINIMUM = 8
ID_MEMO_LIMIT = 1 << 16  # action objects remembered by id (see ActionEncoder.__init__)


def action_texts(g: Game, players: int, options: dict[str, Any]) -> list[str] | None:
    """The game's fixed action space for these settings (resolved options), or None when it has none.

    A game's package may have a module `action_space` with `action_space(players, options)`: a
    fixed, ordered list of texts (no duplicates) in which every text `legal_actions()` yields
    appears, so learning agents give each action a stable index. Only deadtable.rl reads it.
    """
    found = module(g, "action_space")
    if found is None:
        return None
    texts: list[str] = found.action_space(players, options)
    return texts


class ActionEncoder:
    """Maps a position's legal actions to indices in 0..size-1 and back."""

    def __init__(self, game_id: str, size: int, texts: Sequence[str] | None) -> None:
        self.game_id = game_id
        self.size = size
        self.texts: tuple[str, ...] | None = tuple(texts) if texts is not None else None
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.texts or ())}
        if self.texts is not None and len(self.index) != len(self.texts):
            raise DeadtableError("{game}: action_space() lists an action twice", game=game_id)
        self.truncated = 0
        self._memo: dict[Action, int] = {}  # action value -> index, filled as actions are seen
        # The engines hand out the same action objects again and again (built once per card set),
        # so an index is found by the object's id, all in C: no Python __hash__/__eq__ of a
        # dataclass per legal action. `_held` keeps every object whose id is a key alive, so no id
        # is reused by another object; past ID_MEMO_LIMIT objects (an engine that builds its
        # actions afresh) the id memo starts over and the value memo above answers.
        self.by_id: dict[int, int] = {}  # emptied in place, never replaced (an environment holds it)
        self._held: list[Action] = []

    @property
    def fixed(self) -> bool:
        return self.texts is not None

    @classmethod
    def for_game(
        cls, g: Game, players: int, options: dict[str, Any], *, max_actions: int | None = None
    ) -> ActionEncoder:
        """The game's own fixed space if it has one, else the generic one (see the module doc)."""
        opts = resolved(g, players, options)
        texts = action_texts(g, players, opts)
        if texts is not None:
            return cls(g.id, len(texts), texts)
        if max_actions is None:
            seen = probe(g, players, options).max_legal
            max_actions = max(GENERIC_MINIMUM, GENERIC_MARGIN * seen)
        return cls(g.id, max_actions, None)

    def legal(self, state: State) -> tuple[list[int], list[Action]]:
        """The indices of the legal actions of `state` and the actions, in the same order."""
        actions = state.legal_actions()
        if self.texts is not None:
            return self.indices(actions), actions
        ordered = sorted(actions, key=str)
        if len(ordered) > self.size:
            self.truncated += 1
            ordered = ordered[: self.size]
        return list(range(len(ordered))), ordered

    def indices(self, actions: list[Action]) -> list[int]:
        """The indices of `actions` in a fixed space (DeadtableError for one outside it)."""
        by_id = self.by_id
        try:
            return list(map(by_id.__getitem__, map(id, actions)))
        except KeyError:
            return self._first_sight(actions)

    def _first_sight(self, actions: list[Action]) -> list[int]:
        """The indices of `actions`, some of them objects not seen before (a fixed space)."""
        memo, by_id, held, index = self._memo, self.by_id, self._held, self.index
        if len(held) + len(actions) > ID_MEMO_LIMIT:
            by_id.clear()
            held.clear()
        for a in actions:
            if id(a) not in by_id:
                if a not in memo:
                    # First sight of this action value: look its text up once (actions are frozen).
                    text = str(a)
                    if text not in index:
                        raise DeadtableError(
                            "{game}: legal action {text!r} is not in the game's action_space()",
                            game=self.game_id,
                            text=text,
                        )
                    memo[a] = index[text]
                by_id[id(a)] = memo[a]
                held.append(a)
        return list(map(by_id.__getitem__, map(id, actions)))

    def decode_legal(self, legal: tuple[list[int], list[Action]], index: int, state: State) -> Action:
        """Like `decode`, from the result of `legal(state)` computed before (saves the work)."""
        indices, actions = legal
        try:
            return actions[indices.index(index)]
        except ValueError:
            raise DeadtableError(
                "{game}: action index {index} ({action}) is not legal in this position",
                game=self.game_id,
                index=index,
                action=self.describe(index),
            ) from None

    def decode(self, state: State, index: int) -> Action:
        """The legal action of `state` at `index`; DeadtableError if that index is not legal now."""
        indices, actions = self.legal(state)
        for i, a in zip(indices, actions, strict=True):
            if i == index:
                return a
        raise DeadtableError(
            "{game}: action index {index} is not legal in this position", game=self.game_id, index=index
        )

    def encode(self, state: State, action: Action) -> int:
        """The index of `action`, a legal action of `state`."""
        indices, actions = self.legal(state)
        for i, a in zip(indices, actions, strict=True):
            if a == action:
                return i
        raise DeadtableError(
            "{game}: {action} is not legal in this position", game=self.game_id, action=str(action)
        )

    def describe(self, index: int) -> str:
        """A human label for an index (the action text for a fixed space)."""
        if not 0 <= index < self.size:
            return f"index {index} (outside 0..{self.size - 1})"
        if self.texts is not None:
            return self.texts[index]
        return f"legal action #{index} (sorted by text)"
