"""Every action text Overlords can offer with given settings: the fixed space of deadtable.rl.

The list is built from the action classes of actions.py (their `__str__` is the text) and the card
set the `cards` option loads, so a user's own card file gets its own space. It lists, in this order:
recruit (and, with 2 players, recruit for the dummy, XIII), the team exchange (XIII), activating each
Hired Hand (VII), and the answers of each Hired Hand ability the card set holds (VII). Every kind is
listed where a pile could hold it, whether or not the `hired_hands` option puts it in this deck, so
the space depends on the card file, the player count and the team option only.

>>> space = action_space(2, {"cards": "", "teams": False, "hired_hands": "random"})
>>> "recruit black knight for dummy" in space, "steal from dummy" in space, "no exchange" in space
(True, True, False)
"""

from __future__ import annotations

from typing import Any

from deadtable.core import Action
from deadtable.core.cardlists import PIN

from .actions import (
    Activate,
    Exchange,
    Force,
    LookAtArmy,
    NoActivation,
    NoExchange,
    NoSwap,
    PassTops,
    PutOnTop,
    Recruit,
    RecruitForDummy,
    Steal,
    SwapHands,
    TakeFromPile,
    seat_name,
)
from .cards import load


def action_space(players: int, options: dict[str, Any]) -> list[str]:
    """Every text `legal_actions()` can yield for `players` seats and these (resolved) options."""
    cards = load(options["cards"], options.get(PIN, ""))
    kinds = cards.slugs  # any kind may end up in a hand, an army or the draw pile
    hired = [cards.slugs[k] for k in cards.hired_hands]
    abilities = {cards.abilities[k] for k in cards.hired_hands}
    dummy = players == 2  # the dummy's army is index `players` (XIII)
    seats = [seat_name(z, players) for z in range(players)]
    armies = [seat_name(z, players) for z in range(players + (1 if dummy else 0))]

    out: list[Action] = [Recruit(k) for k in kinds]
    if dummy:  # a Monster, or a Hired Hand when the hand holds no Monster (XIII)
        out += [RecruitForDummy(k) for k in kinds]
    if options["teams"]:
        out += [*(Exchange(k) for k in kinds), NoExchange()]
    if hired:
        out += [*(Activate(k) for k in hired), NoActivation()]
    if "red_knight" in abilities:
        out += [LookAtArmy(z) for z in armies]
        out += [PutOnTop(k) for k in kinds]
    if "blue_knight" in abilities:
        out += [TakeFromPile(k) for k in kinds]
    if "thief" in abilities:  # any army but the thief's own, the dummy's included
        out += [Steal(z) for z in armies]
    if "sorcerer" in abilities:
        out += [PassTops(True), PassTops(False)]
    if "medusa" in abilities:  # an opponent's hand: never the dummy's
        out += [Force(z, k) for z in seats for k in kinds]
    if "lich_king" in abilities:
        pairs = [(a, b) for a in range(players) for b in range(a + 1, players)]
        out += [*(SwapHands(seats[a], seats[b]) for a, b in pairs), NoSwap()]
    return list(dict.fromkeys(str(a) for a in out))
