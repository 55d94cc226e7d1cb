"""The review's moves in words: what the seat was told of the move it played (`told`, from the
review itself) and, for the best move found when it is another, the words a hint would give for it
(`deadtable.agents.hint.words`: the game's own words, else what the seat's log would tell of it,
from the seat's determinizations only). A review shows these, never an action's text.

Found once per reviewed seat (the record replayed once) and kept with the review.
"""

from __future__ import annotations

from typing import Any

from deadtable.agents.hint import info_for, words
from deadtable.core import Game, Record, replay_states

WORDS = "best_words"  # the key the words are kept under, in the review's JSON


def best_words(game: Game, record: Record, decisions: list[dict[str, Any]]) -> dict[str, Any]:
    """`{"best": {move: [message as JSON, ...]}, "played": {...}}`: the words of each best move
    found that is not the one played, and of each move played that the seat was told nothing of
    (entering a phase); an empty list where nothing tells the move."""
    best = [d for d in decisions if d["best"] != d["played"]]
    untold = [d for d in decisions if not d["narration"]]
    out: dict[str, Any] = {"best": {}, "played": {}}
    if not best and not untold:
        return out
    states = replay_states(record)

    def said(d: dict[str, Any], text: str) -> list[dict[str, Any]]:
        before = int(d["move"]) - 1  # the decision was made after this many moves
        state = states[before]
        action = game.parse_action(state, text)
        return [m.to_json() for m in words(info_for(state, before), game, action, before)]

    for d in best:
        out["best"][str(d["move"])] = said(d, d["best"])
    for d in untold:
        out["played"][str(d["move"])] = said(d, d["played"])
    return out
