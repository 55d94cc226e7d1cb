"""The Lure Phase and Wasteland refills (RULINGS ZO-6).

Only the current player lures. A Survivor goes to them when their matching active lure points are
at least 1 and strictly higher than every other living player's; for a dual-type Survivor the points
compared are each player's sum over both types. All Survivors are judged on the same counts. Lured
Survivors become Minions in the Discard Pile; then the Wasteland refills to players + 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from deadtable.i18n import N_

from .layout import ACTIVE

if TYPE_CHECKING:
    from .state import ZOState


def leaders(s: ZOState, points: list[list[int]] | None = None) -> list[int]:
    """For each Wasteland Survivor, the seat with strictly the most lure points for it, else -1.

    `points`, when the caller holds them, is every seat's `s.lure_points(q)`, by seat."""
    if points is None:
        pts = [s.lure_points(q) for q in range(s.players) if s.alive[q]]
    else:
        pts = [points[q] for q in range(s.players) if s.alive[q]]
    seats = [q for q in range(s.players) if s.alive[q]]  # the dead score 0: never a leader
    lure = s.cs.lures
    out = []
    for k in s.wasteland:
        types = lure[k]
        best, who = 0, -1  # the best score so far (at least 1 to lead) and its only holder, or -1
        for q, mine in zip(seats, pts, strict=True):
            score = 0
            for t in types:
                score += mine[t]
            if score > best:
                best, who = score, q
            elif score == best:
                who = -1
        out.append(who)
    return out


def lures(s: ZOState, p: int) -> list[bool] | None:
    """Which Wasteland Survivors `p` would lure now: its score is at least 1 and strictly higher
    than every other living player's (the same answer as `leaders`, with `p`'s counts first);
    None when it lures none (most turns: no list made then)."""
    mine = s.lure_points(p)
    lure = s.cs.lures
    out: list[bool] | None = None
    others: list[list[int]] | None = None
    for i, k in enumerate(s.wasteland):
        types = lure[k]
        best = 0
        for t in types:
            best += mine[t]
        if best < 1:
            continue
        if others is None:
            others = [s.lure_points(q) for q in range(s.players) if q != p and s.alive[q]]
        for pts in others:
            score = 0
            for t in types:
                score += pts[t]
            if score >= best:
                break
        else:
            if out is None:
                out = [False] * len(s.wasteland)
            out[i] = True
    return out


def lure_phase(s: ZOState, p: int) -> None:
    """Lure every Survivor `p` leads for, then refill the Wasteland."""
    for sl in s.base[p]:
        if sl[ACTIVE]:  # an active Trap: only then can `p` have lure points
            taken = lures(s, p)
            if taken is not None:
                keep = []
                for k, t in zip(s.wasteland, taken, strict=True):
                    if t:
                        take(s, p, k)
                    else:
                        keep.append(k)
                s.wasteland = keep
            break
    if len(s.wasteland) < s.wasteland_size:
        refill(s)


def take(s: ZOState, p: int, k: int) -> None:
    """Convert a lured Survivor into a Minion in the Discard Pile of `p`."""
    c = s.cs.cards[k]
    s.discard[p].append(k)
    text = LURE_TEXTS.get(c.lure) or LURE_TEXTS.setdefault(c.lure, c.lure_text())
    s.log_line(LURES, (p + 1, s.cs.logged[k], text, c.attack))
    if s.listeners:
        s.emit("lure", seat=p, card=c.name, attack=c.attack)


# The log's entry (state.LogLine): its message id, marked for the catalogue once, not on every move.
LURES: Final = (N_("P{seat} lures the {card} ({lure}, attack {attack})"), ("seat", "card", "lure", "attack"))
# `Card.lure_text` by lure types, made once: a lure is logged every few turns.
LURE_TEXTS: Final[dict[tuple[int, ...], str]] = {}


def refill(s: ZOState) -> None:
    """Back to players + 1 Survivors, fewer once the Survivor deck is out (Empty decks)."""
    w, deck = s.wasteland, s.survivor_deck
    while len(w) < s.wasteland_size and deck:
        w.append(deck.pop())
