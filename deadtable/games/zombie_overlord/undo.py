"""Which Zombie Overlord moves reveal nothing, so that the player may take them back.

A turn is many small moves (enter a phase, play Supplies, buy, place, leave the phase), and a
misclick among them can be taken back while it showed nobody anything new. What the rulebook's
Purchase and Place steps reveal decides it:

- Entering or leaving a middle phase shows nothing (RULINGS ZO-13 only counts the idle ones, which a
  replay counts again). End Turn is final: the Lure Phase and Clean Up draw five cards.
- Playing a Supply or a Scavenger from hand (RULINGS ZO-5) shows a card of the player's own hand,
  which is theirs to show. An Action card's effect may draw, look or ask another seat: final.
- Buying a Scavenger takes one from the face-up pile: nothing new. Buying a Trap refills its Purchase
  Row slot from the Trap deck at once (rulebook, Purchase Phase: "Once a Trap leaves the Purchase
  Row, immediately replace it with the next card from the Trap deck"): final, unless the Trap deck
  is out and the slot stays empty (ZO-5). Buying an Action takes the top card of the face-down
  Action deck (ZO-5): final.
- Placing a Trap from hand shows the player's own card: undoable, unless the Trap has a When Placed
  ability (it may draw, look or make another seat answer) (ZO-11: a replaced Trap goes face up to
  the owner's Discard Pile, which shows nothing hidden).
- Attacks are final (ZO-7: points assigned to a target cannot be moved), as are Trap abilities,
  repairs (a random card) and every answer to a pending decision.

The core adds its own guards (deadtable/core/undo.py): no chance step, and the mover still to act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.core import Action

from . import actions as A
from .cards import SCAVENGER, SUPPLY

if TYPE_CHECKING:
    from .state import ZOState


def reveals_nothing(s: ZOState, action: Action) -> bool:
    """Whether the current player's `action` in `s` shows nobody anything new (see the module)."""
    if s.pending:  # an answer to a card: another seat's, or a choice a card asked for
        return False
    cs = s.cs
    if isinstance(action, A.Step):
        return action != A.END_TURN
    if isinstance(action, A.Play):
        k = cs.by_name.get(action.card)
        return k is not None and cs.cards[k].category in (SUPPLY, SCAVENGER)
    if isinstance(action, A.Buy):
        if action.what == "scavenger":
            return True
        return action.what == "trap" and not s.trap_deck
    if isinstance(action, A.Place):
        k = cs.by_name.get(action.card)
        return k is not None and all(a.keyword != "when_placed" for a in cs.cards[k].abilities)
    return False
