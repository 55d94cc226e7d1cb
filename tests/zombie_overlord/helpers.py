"""Set up Zombie Overlord positions for scenario tests."""

from __future__ import annotations

from deadtable.games.zombie_overlord import GAME, ZOState
from deadtable.games.zombie_overlord.layout import Slot, new_slot


def k(s: ZOState, name: str) -> int:
    """The kind of the card called `name`."""
    return s.cs.by_name[name.lower()]


def ks(s: ZOState, *names: str) -> list[int]:
    return [k(s, n) for n in names]


def blank(players: int = 2, seed: int = 0, **options: object) -> ZOState:
    """A new game with every hand, deck and discard emptied, P1 (seat 0) to act at the hub.

    The emptied cards go to the box, so card totals still add up.
    """
    s = GAME.new(players, seed, **options)
    assert isinstance(s, ZOState)
    box = list(s.box)
    for p in range(players):
        box += s.hand[p] + s.deck[p] + s.discard[p]
        s.hand[p], s.deck[p], s.discard[p] = [], [], []
    s.box = sorted(box)
    s.turn_player = s.first = 0
    s.changed()
    return s


def give(s: ZOState, p: int, *names: str, zone: str = "hand") -> None:
    """Put cards (taken from the box or the decks where they are) into a zone of seat `p`."""
    for name in names:
        kind = k(s, name)
        for pile in (s.box, s.trap_deck, s.survivor_deck, s.action_deck, s.wasteland):
            if kind in pile:
                pile.remove(kind)
                break
        else:
            if kind in s.row:
                s.row[s.row.index(kind)] = s.trap_deck.pop()
            elif kind == s.cs.scavenger and s.scavengers:
                s.scavengers -= 1
            else:
                raise AssertionError(f"no {name} left to give")
        getattr(s, zone)[p].append(kind)
    s.hand[p].sort()
    s.changed()


def trap(s: ZOState, p: int, name: str, active: int = 1) -> Slot:
    """Put the Trap `name` into the base of `p`."""
    give(s, p, name, zone="discard")
    s.discard[p].pop()
    slot = new_slot(k(s, name), active)
    s.base[p].append(slot)
    s.changed()
    return slot


def wasteland(s: ZOState, *names: str) -> None:
    """Make the Wasteland exactly these Survivors (the old ones go back into the Survivor deck)."""
    s.survivor_deck += s.wasteland
    s.wasteland = []
    for name in names:
        kind = k(s, name)
        if kind in s.survivor_deck:
            s.survivor_deck.remove(kind)
        else:
            s.box.remove(kind)
        s.wasteland.append(kind)
    s.changed()


def play(s: ZOState, *texts: str) -> None:
    for text in texts:
        s.apply(GAME.parse_action(s, text))


def legal(s: ZOState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def owned(s: ZOState, p: int) -> list[int]:
    """Every card of `p` outside the base: hand, Draw Deck and Discard Pile."""
    return s.hand[p] + s.deck[p] + s.discard[p]
