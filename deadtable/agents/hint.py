"""Hints at casual tables: the bot's suggested move for the seat to act, from its own view.

A hint is what the game's strongest bot at a table of that size and mode would play
(`Game.strongest_agent(players, options)`, measured against the game's heuristic: the IS-MCTS
search with the game's settings for the table where it wins more, else the game's `heuristic`,
else the generic `greedy`), handed only `seat_info(state, rng)`: the seat's view and a
determinization drawn from what that seat can know, never the real hidden cards
(deadtable.core.agent). The hint says which bot it is (`SUGGESTED`). The search is reproducible
with its iteration budget, so a hint is too. Two tables that differ only in cards the seat cannot
see get the same hint (tests/agents/test_hint.py). The generator is seeded from the move number
alone (`hint_seed`), so asking again at the same move gives the same answer, and the hint never
depends on the table's seed (which fixes every hidden card).

A hint says the move the way the game tells it (`told`): the lines the seat's own log would add
if it played the move, in the game's narration (the log's messages, rendered in the reader's
language). They are found by playing the move on `TOLD_SAMPLES` determinizations drawn from the
seat's info, never on the real state; a line is kept only while every sample tells it the same, as
one that differs (the card a draw brings, what a random discard hits) depends on a card the seat
cannot see (a test checks the lines told against the real move in every game). Where the game has
words of its own for a move (`move_words` in the game's `text` part, `game_words`, from the seat's
view alone), they are said instead: for a move the log does not tell (entering a phase) and one
whose line tells a hidden card (the zoo card a Carson City Zoo move takes). A move with neither is
said by its text (`words`).

The server (deadtable/server/hints.py) builds the info under the table's lock and runs `suggest` in
a worker thread: the info holds no reference to the live state, which may move on meanwhile.
"""

from __future__ import annotations

import random
from typing import Any, Final

from deadtable.core import Action, Agent, Game, SeatInfo, State, seat_info
from deadtable.core.parts import module
from deadtable.core.state import LOG_I18N, LOG_START
from deadtable.i18n import N_, Message

from .registry import make_agent

TOLD_SAMPLES: Final = 4  # determinizations a move is told on; a line they do not all tell is dropped


# What a hint says, by the bot that gives it (the strongest bot's name; any other: the last).
SUGGESTED: Final = {
    "ismcts": N_("The search bot (IS-MCTS) would play: {action}"),
    "heuristic": N_("The heuristic bot would play: {action}"),
    "greedy": N_("The greedy bot would play: {action}"),
    "": N_("The bot would play: {action}"),
}


def hint_bot(the_game: Game, players: int, options: dict[str, Any]) -> str:
    """The name of the bot that gives hints at a table of `the_game` with `players` and `options`."""
    return the_game.strongest_agent(players, options)


def hint_agent(the_game: Game, players: int = 2, options: dict[str, Any] | None = None) -> Agent:
    """The agent that gives hints at a table of `the_game` with `players` and `options` (`hint_bot`)."""
    table = options or {}
    return make_agent(hint_bot(the_game, players, table), the_game, players, table)


def suggested(bot: str, action: str) -> Message:
    """The hint's sentence: which bot would play `action` (already in the reader's words)."""
    return Message(SUGGESTED.get(bot, SUGGESTED[""]), action=action)


def hint_seed(move: int) -> int:
    """The seed of the hint at `move` (the table's move count): the move alone, nothing hidden.

    >>> hint_seed(3) == hint_seed(3) != hint_seed(4)
    True
    """
    return (move * 7_919 + 0x41D7) % (1 << 63)


def info_for(state: State, move: int) -> SeatInfo:
    """What the seat to act knows of `state`, drawn up front (it outlives the state's next move)."""
    return seat_info(state, random.Random(hint_seed(move)))


def table_of(info: SeatInfo) -> tuple[int, dict[str, Any]]:
    """The player count and options of the table of `info` (every sample has them)."""
    sample = info.sample(random.Random(0))
    return sample.players, sample.options


def suggest(info: SeatInfo, the_game: Game, move: int) -> Action:
    """The hint for the seat of `info`: one of its legal actions, from `info` alone."""
    if len(info.legal_actions) == 1:
        return info.legal_actions[0]
    players, options = table_of(info)
    return hint_agent(the_game, players, options).act(info, random.Random(hint_seed(move) + 1))


def told(info: SeatInfo, action: Action, move: int) -> list[Message]:
    """What the seat of `info` would be told of playing `action` (the new lines of its log), as far
    as it can know: only the lines every one of `TOLD_SAMPLES` determinizations tells the same."""
    agreed: list[dict[str, object]] | None = None
    for k in range(TOLD_SAMPLES):
        state = info.sample(random.Random(hint_seed(move) + 2 + k))
        lines = _new_lines(state, info.seat, action)
        if agreed is None:
            agreed = lines
        else:
            same = 0
            while same < min(len(agreed), len(lines)) and agreed[same] == lines[same]:
                same += 1
            agreed = agreed[:same]
        if not agreed:
            break
    return [Message.from_json(m) for m in agreed or []]


def _new_lines(state: State, seat: int, action: Action) -> list[dict[str, object]]:
    """The messages `seat`'s log gains when `action` is played in `state` (JSON, as the view has them)."""
    before = state.view(seat)
    count = int(before.get(LOG_START, 0)) + len(before.get(LOG_I18N) or [])
    state.apply(action)
    after = state.view(seat)
    return list((after.get(LOG_I18N) or [])[max(0, count - int(after.get(LOG_START, 0))) :])


def game_words(the_game: Game, view: dict[str, Any], action: Action) -> Message | None:
    """`action` in the game's own words for the seat whose `view` this is, before it is played.

    A game says them in its package's `text` part (`deadtable.core.parts`), as `move_words(view,
    action) -> Message | None`, for a move the log tells nothing of (entering a phase) or tells with a
    card hidden until then; it reads the seat's view only. None: the game has no words for it.
    """
    text = module(the_game, "text")
    own = getattr(text, "move_words", None) if text is not None else None
    return own(view, action) if own is not None else None


def words(info: SeatInfo, the_game: Game, action: Action, move: int) -> list[Message]:
    """The hint's words for `action`: the game's own (`game_words`), else what the seat's log would
    tell of it (`told`); empty: neither."""
    own = game_words(the_game, info.view, action)
    return [own] if own is not None else told(info, action, move)
