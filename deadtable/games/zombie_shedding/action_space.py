"""Every action text the zombie shedding game can offer with given settings (deadtable.rl's space).

Built from the action constructors of actions.py (their `__str__` is the text) and the card list the
`cards` option loads, so a user's own list gets its own space. In this order: `play` of each kind
(on a turn, a drawn card or protection), `play K + C` for each combo card C that may follow K (a
card combined with itself only when two copies can meet: more than one copy, or two decks, RULINGS
ZS-5), keep and decline (ZS-4), naming a corporation, targeting a seat, then taking and giving each
kind (Thief, the Schemer).

>>> space = action_space(2, {"mode": "duel", "teams": "auto", "cards": ""})
>>> "play lady-mimic" in space, "target p2" in space, "target p3" in space
(True, True, False)
"""

from __future__ import annotations

from typing import Any

from deadtable.core import Action
from deadtable.core.cardlists import PIN

from . import actions as A
from .cards import CORPORATIONS, load
from .modes import resolve


def action_space(players: int, options: dict[str, Any]) -> list[str]:
    """Every text `legal_actions()` can yield for `players` seats and these (resolved) options."""
    cs = load(options["cards"], options.get(PIN, ""))
    decks = resolve(players, options["mode"], options["teams"]).decks
    slugs = cs.slugs
    kinds = range(len(slugs))
    out: list[Action] = list(cs.plays)
    for k in kinds:
        for c in cs.combo_kinds:
            if cs.combo_after[k][c] and (c != k or cs.cards[c].copies * decks >= 2):
                out.append(A.play(slugs[k], slugs[c]))
    out += [A.KEEP, A.DECLINE]
    out += [A.Name(c.lower()) for c in CORPORATIONS]
    out += [A.Target(seat) for seat in range(players)]
    out += [A.take(s) for s in slugs]
    out += [A.give(s) for s in slugs]
    return list(dict.fromkeys(str(a) for a in out))
