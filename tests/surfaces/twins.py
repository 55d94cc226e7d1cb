"""Twin games: two games that differ only in what one seat cannot see, played with the same actions.

A surface (the online table, the terminal) leaks exactly when what it shows seat `s` differs between
two such games while `s`'s own view is the same in both. Two kinds of twin are drawn from a game
played by seeded random choices:

- **re-dealt**: the second game starts from `determinize(s)` of the first game's start: every card
  `s` cannot see is dealt anew (opponents' hands, decks, Carson City Zoo's mutants), and its chance
  generator is new too;
- **hidden move**: at the first move of another seat that has an alternative leaving `s`'s view
  exactly as it is (an Overlords recruit, a team exchange, a shedding-game Thief's take), the second
  game takes the alternative.

Each twin then plays the first game's next actions for as long as they are legal in both games and
`s`'s views stay equal (they part at the first reveal or draw that shows `s` the difference); the
surfaces must send `s` the same thing at every one of those moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import deadtable
from deadtable.core import Game, IllegalAction, State, Variant

SEAT = 0
TWIN_SEED = 4_242_424_242  # the seed a re-dealt twin's table is created with (its state is patched in)


@dataclass
class Twin:
    """The two games' actions (texts) through the last move at which seat SEAT's views agree."""

    kind: str  # "re-dealt" or "hidden move"
    game: Game
    variant: Variant
    seed: int
    first: list[str]
    second: list[str]
    start: State | None  # the second game's start when re-dealt (None: the same seed as the first)
    differs_at: int  # moves before the one that makes the games differ (0 when re-dealt)

    @property
    def moves(self) -> int:
        return len(self.first)

    @property
    def second_seed(self) -> int:
        return self.seed if self.start is None else TWIN_SEED

    def actions(self, second: bool) -> list[str]:
        return self.second if second else self.first

    def starting_state(self, second: bool) -> State:
        """A fresh copy of the first or the second game's first state."""
        if second:
            return self.second_start()
        return self.game.new(self.variant.players, self.seed, **self.variant.options)

    def table_spec(self) -> dict[str, Any]:
        """The body of POST /api/tables for either game: every seat a person (seed drawn: see tests)."""
        players = self.variant.players
        return {
            "game": self.game.id,
            "players": players,
            "options": self.variant.options,
            "seats": [{"kind": "human", "name": f"n{s}"} for s in range(players)],
        }

    def second_start(self) -> State:
        """A fresh copy of the second game's first state."""
        if self.start is None:
            return self.game.new(self.variant.players, self.seed, **self.variant.options)
        return fresh_copy(self.start, TWIN_SEED)

    def patched_new(self) -> Callable[..., State]:
        """`game.new` that deals the re-dealt start for TWIN_SEED (what the surfaces are given)."""
        real_new = self.game.new

        def new(players: int, seed: int, **options: Any) -> State:
            if seed == TWIN_SEED and self.start is not None:
                return fresh_copy(self.start, TWIN_SEED)
            return real_new(players, seed, **options)

        return new


def every_twin(seed: int, moves: int) -> list[Any]:
    """pytest params: the re-dealt twin and up to two hidden-move twins of every game and variant."""
    import pytest

    out = []
    for g in deadtable.games():
        for v in g.variants():
            for twin in [redealt(g, v, seed, moves), *hidden_moves(g, v, seed, moves)]:
                out.append(pytest.param(twin, id=f"{g.id}-{v.name}-{twin.kind}-{twin.differs_at}"))
    return out


def fresh_copy(start: State, seed: int) -> State:
    copy = start.clone()
    copy.seed = seed
    copy.history = []
    return copy


def _random_game(game: Game, variant: Variant, seed: int, moves: int) -> list[State]:
    state = game.new(variant.players, seed, **variant.options)
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal and len(states) <= moves:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        states.append(state.clone())
    return states


def _follow(states: list[State], second: State, since: int, second_actions: list[str]) -> list[str]:
    """Play the first game's actions from move `since` on `second` while SEAT's views agree."""
    for k in range(since, len(states) - 1):
        text = str(states[k + 1].history[-1])
        try:
            second.apply(second.game.parse_action(second, text))
        except IllegalAction:
            break
        if second.view(SEAT) != states[k + 1].view(SEAT):
            break
        second_actions.append(text)
    return second_actions


def redealt(game: Game, variant: Variant, seed: int, moves: int, tries: int = 20) -> Twin:
    """Of `tries` re-deals, the one whose game agrees longest with the first (the earliest on ties)."""
    states = _random_game(game, variant, seed, moves)
    best: Twin | None = None
    for t in range(tries):
        start = states[0].determinize(SEAT, random.Random(seed * 1000 + t))
        assert start.key() != states[0].key(), "the re-deal changed nothing"
        second = fresh_copy(start, TWIN_SEED)
        assert second.view(SEAT) == states[0].view(SEAT), "a re-deal changed what the seat sees"
        actions = _follow(states, second, 0, [])
        if best is None or len(actions) > best.moves:
            first = [str(a) for a in states[len(actions)].history]
            best = Twin("re-dealt", game, variant, seed, first, actions, start, 0)
    assert best is not None
    return best


def hidden_moves(game: Game, variant: Variant, seed: int, moves: int, most: int = 2) -> list[Twin]:
    """Up to `most` twins, each taking another seat's hidden alternative at a later move."""
    states = _random_game(game, variant, seed, moves)
    out: list[Twin] = []
    k = 0
    while len(out) < most:
        twin = _hidden_move(variant, seed, states, k)
        if twin is None:
            break
        out.append(twin)
        k = twin.moves  # the next twin parts after this one's games have parted
    return out


def _hidden_move(variant: Variant, seed: int, states: list[State], since: int) -> Twin | None:
    game = states[0].game
    for k in range(since, len(states) - 1):
        before, after = states[k], states[k + 1]
        if before.current_player == SEAT:
            continue
        played = after.history[-1]
        seen = after.view(SEAT)
        for alternative in before.legal_actions():
            if alternative == played:
                continue
            second = before.clone()
            second.apply(alternative)
            if second.view(SEAT) != seen:
                continue
            prefix = [str(a) for a in before.history]
            actions = _follow(states, second, k + 1, [*prefix, str(alternative)])
            first = [str(a) for a in states[len(actions)].history]
            return Twin("hidden move", game, variant, seed, first, actions, None, k)
    return None
