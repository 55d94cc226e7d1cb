"""A heuristic Carson City Zoo player: the best expected capture now, without walking into a capture.

It reads only its seat's facts (`SeatInfo.facts()`, a `ZooFacts`: the public table, never a
covered card or a mutant mark) and its legal actions. Each action is scored by the points it moves
between this seat and the others, in expectation over what the seat cannot see:

- a zoo card taken (by placing or moving, CZ-3, CZ-4) scores its value, and costs the character
  that took it when the card is a mutant (CZ-5), with the chance `ZooFacts.mutant_odds` gives;
- an opponent's character taken scores its value and takes it from its owner (CZ-4, CZ-6); a
  mutant taken scores the value of the character it was;
- a character that lands next to an opponent's character of equal or higher value can be taken on
  the next turn (THREAT of its value, counted twice: lost here, scored there); one that moves away
  from such a neighbour is saved from it.

The best score wins; equal scores go to the first in the legal actions' order, so a decision
depends only on the facts and the actions (no generator drawn). `greedy` reaches for the same
captures by trying every action on six sampled states (a clone, a move and a score each), and sees
no threat; this one wins most games against it (a seeded match: docs/figures/strength.md).

Compiled in the native build (deadtable/which_build.py).
"""

from __future__ import annotations

import random
from typing import Final

from deadtable.core import Action
from deadtable.core.agent import Heuristic

from .actions import Move, Place
from .board import NEIGHBOURS, NOBODY
from .facts import ZooFacts

THREAT: Final = 0.6  # how likely a threatened character is to be taken on the next turn


class HeuristicAgent(Heuristic):
    def decide(self, facts: ZooFacts, actions: tuple[Action, ...], rng: random.Random) -> Action:
        return best_action(facts, actions)


def best_action(facts: ZooFacts, actions: tuple[Action, ...]) -> Action:
    """The first of `actions` with the highest expected gain (the module doc), in one pass: this
    loop is most of the bot's time, so the scoring is written out here rather than called."""
    danger = dangers(facts)
    others = facts.players - 1
    lost = THREAT * (1 + 1 / others)  # a character of value 1 taken, counted both ways (CZ-6)
    tops, odds_of, owner, piece_value, mutant = (
        facts.tops,
        facts.mutant_odds,
        facts.owner,
        facts.piece_value,
        facts.mutant,
    )
    best = actions[0]
    best_gain = -1e9
    for action in actions:
        if type(action) is Place:
            value, dst = action.value, action.pos
            top = tops[dst]
            odds = odds_of[top]
            gain = top - odds * value  # the zoo card, less the character if it is a mutant (CZ-5)
        elif type(action) is Move:
            src, dst = action.src, action.dst
            value = piece_value[src]
            gain = lost * value if danger[src] >= value else 0.0  # away from a stronger neighbour
            if owner[dst] == NOBODY:
                top = tops[dst]
                odds = odds_of[top]
                gain += top - odds * value
            else:
                odds = 0.0
                taken = piece_value[dst]
                # A mutant scores the character it was; an opponent's character also leaves its
                # owner's score, one of `others` opponents (CZ-6).
                gain += taken if mutant[dst] else taken * (1 + 1 / others)
        else:  # pragma: no cover - the game has no other action
            continue
        if danger[dst] >= value:  # it lands where a stronger opponent can take it (unless it turned)
            gain -= (1.0 - odds) * lost * value
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def dangers(facts: ZooFacts) -> list[int]:
    """By position, the highest value of an opponent's character next to it (0 when none): a
    character of that value or lower standing there can be taken on the opponent's turn (CZ-4)."""
    me, owner, piece_value, mutant = facts.seat, facts.owner, facts.piece_value, facts.mutant
    out = [0] * len(owner)
    for pos in [pos for pos, who in enumerate(owner) if who != NOBODY and who != me]:
        value = piece_value[pos]
        if mutant[pos]:
            continue
        for near in NEIGHBOURS[pos]:
            if out[near] < value:
                out[near] = value
    return out
