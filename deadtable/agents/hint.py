"""Hints at casual tables (issue 24): the bot's suggested move for the seat to act, from its own view.

A hint is what the game's `heuristic` agent (the generic `greedy` where a game has none,
`HINT_AGENTS`) would play, handed only `seat_info(state, rng)`: the seat's view and a
determinization drawn from what that seat can know, never the real hidden cards
(deadtable.core.agent). Two tables that differ only in cards the seat cannot see get the same hint
(tests/agents/test_hint.py). The generator is seeded from the move number alone (`hint_seed`), so
asking again at the same move gives the same answer, and the hint never depends on the table's
seed (which fixes every hidden card).

The server (deadtable/server/hints.py) builds the info under the table's lock and runs `suggest` in
a worker thread: the info holds no reference to the live state, which may move on meanwhile.
"""

from __future__ import annotations

import random
from typing import Final

from deadtable.core import Action, Agent, Game, SeatInfo, State, seat_info

from .registry import make_agent

HINT_AGENTS: Final = ("heuristic", "greedy")  # the first the game has


def hint_agent(the_game: Game) -> Agent:
    """The agent that gives hints at `the_game`'s tables: its heuristic, else greedy."""
    own, generic = HINT_AGENTS
    return make_agent(own if own in the_game.agents() else generic, the_game)


def hint_seed(move: int) -> int:
    """The seed of the hint at `move` (the table's move count): the move alone, nothing hidden.

    >>> hint_seed(3) == hint_seed(3) != hint_seed(4)
    True
    """
    return (move * 7_919 + 0x41D7) % (1 << 63)


def info_for(state: State, move: int) -> SeatInfo:
    """What the seat to act knows of `state`, drawn up front (it outlives the state's next move)."""
    return seat_info(state, random.Random(hint_seed(move)))


def suggest(info: SeatInfo, the_game: Game, move: int) -> Action:
    """The hint for the seat of `info`: one of its legal actions, from `info` alone."""
    if len(info.legal_actions) == 1:
        return info.legal_actions[0]
    return hint_agent(the_game).act(info, random.Random(hint_seed(move) + 1))
