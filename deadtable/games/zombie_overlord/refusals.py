"""Why an action is not allowed: a reason a person understands, citing the rule (IllegalAction).

`explain` is asked only when a text or action is refused (`ZOState.check`, `Game.parse_action`),
never on a legal move, so it reads the position freely and names the phase to enter, the points
short or the rule (ZO-5, ZO-7, ZO-8, ZO-11) that forbids it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.core.words import is_number
from deadtable.i18n import N_, Message, nmsg

from . import effects
from .turn import PHASE_BIT

if TYPE_CHECKING:
    from .state import ZOState

PHASE_NAME = {
    "purchase": N_("the Purchase Phase"),
    "action": N_("the Action Phase"),
    "attack": N_("the Attack Phase"),
}
NOTHING_TO_DO = {
    "purchase": N_(
        "there is nothing to do in the Purchase Phase now: you have no Supply or Scavengers to play, "
        "or points to spend"
    ),
    "action": N_(
        "there is nothing to do in the Action Phase now: you have no Trap or Action cards to play, "
        "or Trap abilities to use"
    ),
    "attack": N_("there is nothing to do in the Attack Phase now: you have no Minions or Scavengers in hand"),
}


def explain(s: ZOState, text: str) -> Message:
    """A reason a person understands, citing the rule, for a text that is no legal action."""
    words = text.split()
    p = s.current_player
    if s.pending:
        return Message(
            "{text!r} does not answer the pending decision: {pending}",
            text=text,
            pending=effects.describe_pending(s),
        )
    if p is None:
        return Message("the game is over")
    if words[:2] == ["buy", "trap"] and len(words) == 3 and is_number(words[2]):
        i = int(words[2]) - 1
        if not 0 <= i < len(s.row) or s.row[i] < 0:
            return Message("Purchase Row slot {slot} holds no Trap", slot=words[2])
        cost = s.cs.cards[s.row[i]].cost
        if s.phase != "purchase":
            return Message("buying is done in the Purchase Phase: enter it with 'purchase'")
        return nmsg(
            "that Trap costs {cost}; you have {n} purchase point this turn (ZO-5)",
            "that Trap costs {cost}; you have {n} purchase points this turn (ZO-5)",
            s.pp,
            cost=cost,
        )
    if words[:1] == ["place"]:
        if s.phase != "action":
            return Message("Traps are placed in the Action Phase: enter it with 'action'")
        if len(s.base[p]) >= s.cs.max_traps and "over" not in words:
            return nmsg(
                "you already have {n} Trap: place it 'over' an active Trap to replace it (ZO-11)",
                "you already have {n} Traps: place it 'over' an active Trap to replace it (ZO-11)",
                s.cs.max_traps,
            )
        return Message(
            "you may replace only an active Trap whose ability you have not used this turn (ZO-11)"
        )
    if words[:1] == ["attack"] and len(words) >= 2:
        if s.phase != "attack":
            return Message("Minions attack in the Attack Phase: enter it with 'attack'")
        q = words[1][1:]
        if is_number(q) and 0 < int(q) <= s.players:
            q_i = int(q) - 1
            if not s.alive[q_i] or q_i == p:
                return Message("you may attack only living opponents")
            if "trap" not in words and s.has_barricade(q_i):
                return Message(
                    "P{seat} has a Barricade: destroy every Barricade before attacking life points (ZO-8)",
                    seat=q_i + 1,
                )
        return Message("you may send only a Minion in your hand, one Minion to one target per action (ZO-7)")
    if text in PHASE_BIT:
        if s.phase:
            return Message(
                "you are in {phase}: end it first, then choose another", phase=Message(PHASE_NAME[s.phase])
            )
        if s.idle & PHASE_BIT[text]:
            return Message(
                "you left {phase} twice with nothing done; it opens again once something changes (ZO-13)",
                phase=Message(PHASE_NAME[text]),
            )
        return Message(NOTHING_TO_DO[text])
    if text.startswith("end ") and text != "end turn":
        if s.phase:
            return Message("you are not in that phase (now: {phase})", phase=Message(PHASE_NAME[s.phase]))
        return Message("you are not in that phase (now: choosing a phase)")
    if text == "end turn" and s.phase:
        return Message(
            "end {phase} first; Lure, Clean Up and End Turn follow", phase=Message(PHASE_NAME[s.phase])
        )
    return Message("{text!r} is not a legal action now", text=text)
