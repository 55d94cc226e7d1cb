"""Set up Overlords positions for scenario tests: named cards, chosen hands, armies and aside."""

from __future__ import annotations

from typing import Any

from deadtable.games.overlords import GAME, OverlordsState
from deadtable.games.overlords.cards import load

CARDS = load()


def k(name: str) -> int:
    return CARDS.kind(name)


def ks(*names: str) -> list[int]:
    return [k(n) for n in names]


def position(
    players: int = 3,
    *,
    hands: list[list[str]] | None = None,
    armies: list[list[str]] | None = None,
    aside: list[list[str]] | None = None,
    overlord: int = 0,
    turn_no: int = 0,
    seed: int = 1,
    **options: Any,
) -> OverlordsState:
    """A game whose current turn starts from the given hands, armies and Hired Hands aside."""
    st = GAME.new(players, seed, **options)
    assert isinstance(st, OverlordsState)
    if hands is not None:
        for z, h in enumerate(hands):
            st.hands[z] = ks(*h)
            if z < players:
                st.hands[z].sort()
    if armies is not None:
        for z, a in enumerate(armies):
            st.armies[z] = ks(*a)
    if aside is not None:
        for s, a in enumerate(aside):
            st.aside[s] = sorted(ks(*a))
    st.overlord = overlord
    st.turn_no = turn_no
    for row in st.known:
        for z in range(st.hand_zones + 1):
            row[z] = []
    st.picks = [[] for _ in range(players)]
    st._start_turn()
    return st


def play(st: OverlordsState, *texts: str) -> None:
    """Apply each action by its text, as a person or a log line would give it."""
    for text in texts:
        st.apply(GAME.parse_action(st, text))


def legal(st: OverlordsState) -> list[str]:
    return [str(a) for a in st.legal_actions()]
