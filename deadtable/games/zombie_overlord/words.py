"""Zombie Overlord's moves that its log does not tell, in words: what a hint says of them.

The log tells a purchase, a placed Trap, an attack and every card effect as it happens; entering or
leaving a phase and playing a Supply or a Scavenger for purchase points leave no line (the purchase
points show on the board). A hint (deadtable.agents.hint) says those moves with these words, in the
rulebook's terms (Purchase Phase, Action Phase, Attack Phase), instead of the typed command.

>>> str(move_words(Step("purchase"))), str(move_words(Play("scavenger")))
('go to the Purchase Phase', 'play a Scavenger for purchase points')
>>> move_words(Play("looting")) is None  # an Action card: the log tells it
True
"""

from __future__ import annotations

from typing import Final

from deadtable.core import Action
from deadtable.i18n import N_, Message

from .actions import Play, Step

STEP_WORDS: Final = {
    "purchase": N_("go to the Purchase Phase"),
    "action": N_("go to the Action Phase"),
    "attack": N_("go to the Attack Phase"),
    "end purchasing": N_("end the Purchase Phase"),
    "end actions": N_("end the Action Phase"),
    "end attack": N_("end the Attack Phase"),
    "end turn": N_("end the turn"),
    "skip": N_("skip it"),
}
PLAY_WORDS: Final = {
    "supply": N_("play a Supply for purchase points"),
    "scavenger": N_("play a Scavenger for purchase points"),
}


def move_words(action: Action) -> Message | None:
    """The words of a move the log does not tell, else None."""
    if isinstance(action, Step) and action.word in STEP_WORDS:
        return Message(STEP_WORDS[action.word])
    if isinstance(action, Play) and action.card in PLAY_WORDS:
        return Message(PLAY_WORDS[action.card])
    return None
