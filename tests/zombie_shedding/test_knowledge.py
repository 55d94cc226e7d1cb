"""What a seat knows of the other hands after the deck is rebuilt, and that determinize keeps it.

A rebuild happens when the deck has run out: every card the viewer could not place is then in a
hand. In a Duel there is one other hand, so the viewer knows it whole (`hands.deck_rebuilt`), and
the new deck holds only cards of the discard pile that was shuffled, less what was drawn from it.
"""

from __future__ import annotations

import random
from collections import Counter

from deadtable.games.zombie_shedding import ShedState, rules

from .position import position

SAMPLES = 1000
PILE = ["Shambler", "Grunt", "Grunt", "Rookie", "Intern", "Walker"]  # the top card (Walker) stays


def rebuilt_while_p2_draws() -> tuple[ShedState, list[int], list[int]]:
    """P2 holds three cards and draws two with one left in the deck: the last card, then one of
    the rebuilt deck. Returns the state, P2's hand at the rebuild and the pile that was shuffled."""
    st = position(
        hands=[["Walker", "Biter", "Hide"], ["Blob", "Spitter", "Brute"]],
        match="Walker",
        deck=["Sniper"],
        discard=PILE,
        turn=0,
    )
    cs = st.cards
    at_rebuild = sorted(cs.kind(n) for n in ["Blob", "Spitter", "Brute", "Sniper"])
    pile = sorted(cs.kind(n) for n in PILE[:-1])
    assert rules.draw_cards(st, 1, 2) == 2
    return st, at_rebuild, pile


def test_in_a_duel_the_rebuild_tells_the_other_hand() -> None:
    st, at_rebuild, pile = rebuilt_while_p2_draws()
    n = st.players
    assert list(st.known[0 * n + 1]) == at_rebuild
    assert Counter(st.deck) <= Counter(pile) and len(st.deck) == len(pile) - 1
    shown = {e["seat"]: sorted(e["cards"]) for e in st.view(0)["known"]}
    assert shown == {1: sorted(st.cards.name(k) for k in at_rebuild)}  # the view tells P1 so


def test_no_sample_puts_a_card_of_the_old_deck_in_the_rebuilt_one() -> None:
    st, at_rebuild, pile = rebuilt_while_p2_draws()
    rng = random.Random(24)
    for _ in range(SAMPLES):
        s = st.determinize(0, rng)
        assert Counter(s.deck) <= Counter(pile)
        assert Counter(s.hands[1]) >= Counter(at_rebuild)
    # Without the rebuild's deduction (P1 knew nothing of P2's hand before it), samples do.
    forgetful = st.clone()
    forgetful.known = [()] * len(st.known)
    rng = random.Random(24)
    wrong = sum(not Counter(forgetful.determinize(0, rng).deck) <= Counter(pile) for _ in range(SAMPLES))
    assert wrong > SAMPLES // 2


def test_the_card_drawn_from_the_rebuilt_deck_still_varies() -> None:
    st, at_rebuild, pile = rebuilt_while_p2_draws()
    rng = random.Random(3)
    drawn: Counter[int] = Counter()
    for _ in range(SAMPLES):
        s = st.determinize(0, rng)
        drawn.update((Counter(s.hands[1]) - Counter(at_rebuild)).elements())
    assert set(drawn) == set(pile)  # any card of the shuffled pile may be the one P2 drew
    grunt = st.cards.kind("Grunt")
    assert abs(drawn[grunt] / SAMPLES - 2 / 5) < 0.06  # two Grunts of five cards


def test_with_two_other_hands_nothing_is_placed() -> None:
    st = position(
        3,
        mode="blitz",
        hands=[["Walker"], ["Blob", "Spitter"], ["Brute", "Biter"]],
        match="Walker",
        deck=["Sniper"],
        discard=PILE,
    )
    rules.draw_cards(st, 1, 2)
    assert st.known == [()] * 9  # every seat sees two hidden hands: only their union is known
