"""What a seat knows of the other hands after the deck is rebuilt, and that determinize keeps it.

A rebuild happens when the deck has run out: every card the viewer could not place is then in a
hand. In a Duel there is one other hand, so the viewer knows it whole (`hands.deck_rebuilt`), and
the new deck holds only cards of the discard pile that was shuffled, less what was drawn from it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from deadtable.games.zombie_shedding import GAME, ShedState, rules

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


def rebuilt_with_two_other_hands() -> ShedState:
    """Three players: P2 draws the deck's last card (Sniper) and one of the rebuilt deck."""
    st = position(
        3,
        mode="blitz",
        hands=[["Walker"], ["Blob", "Spitter"], ["Brute", "Biter"]],
        match="Walker",
        deck=["Sniper"],
        discard=PILE,
    )
    rules.draw_cards(st, 1, 2)
    return st


def kinds(st: ShedState, *names: str) -> tuple[int, ...]:
    return tuple(sorted(st.cards.kind(n) for n in names))


def test_with_two_other_hands_their_cards_are_known_to_be_among_them() -> None:
    st = rebuilt_with_two_other_hands()
    assert st.known == [()] * 9  # every seat sees two hidden hands: which holds which, it cannot tell
    # ... but every card it could not place at the rebuild is in one of them, none in the new deck.
    assert st.pooled[0] == kinds(st, "Blob", "Spitter", "Sniper", "Brute", "Biter")
    assert st.pooled_seats[0] == 0b110
    assert st.pooled[1] == kinds(st, "Walker", "Brute", "Biter") and st.pooled_seats[1] == 0b101
    assert st.pooled[2] == kinds(st, "Walker", "Blob", "Spitter", "Sniper") and st.pooled_seats[2] == 0b011


def test_no_sample_puts_a_pooled_card_in_the_rebuilt_deck_and_the_split_still_varies() -> None:
    st = rebuilt_with_two_other_hands()
    pile = Counter(st.cards.kind(n) for n in PILE[:-1])
    pooled = Counter(st.pooled[0])
    key = st.information_key(0)
    rng = random.Random(25)
    blob = st.cards.kind("Blob")
    blob_with_p3 = 0
    for _ in range(SAMPLES):
        s = st.determinize(0, rng)
        assert Counter(s.deck) <= pile
        assert Counter(s.hands[1]) + Counter(s.hands[2]) >= pooled
        assert [len(h) for h in s.hands] == [len(h) for h in st.hands]
        assert s.information_key(0) == key
        blob_with_p3 += blob in s.hands[2]
    assert 0.2 < blob_with_p3 / SAMPLES < 0.6  # P3 holds 2 of the 6 places it can be in
    # Without the deduction, samples put cards of the old deck into the new one.
    forgetful = st.clone()
    forgetful.pooled = [()] * 3
    forgetful.pooled_seats = [0] * 3
    rng = random.Random(25)
    wrong = sum(not Counter(forgetful.determinize(0, rng).deck) <= pile for _ in range(SAMPLES))
    assert wrong > SAMPLES // 2


def test_a_pooled_card_played_or_seen_is_no_longer_to_place() -> None:
    from deadtable.games.zombie_shedding import hands

    st = rebuilt_with_two_other_hands()
    brute = st.cards.kind("Brute")
    hands.lose(st, 2, brute)  # P3 plays the Brute in sight of all
    hands.forget(st, 2, brute)
    assert st.pooled[0] == kinds(st, "Blob", "Spitter", "Sniper", "Biter")
    assert st.pooled[1] == kinds(st, "Walker", "Biter")
    # P1 looks at P2's hand (the Thief): what it sees there is placed, the rest is P3's.
    hands.sees_hand(st, 0, 1)
    assert sorted(st.known[0 * 3 + 1]) == sorted(st.hands[1])
    assert st.pooled[0] == kinds(st, "Biter") and st.pooled_seats[0] == 0b100
    # A card P3 gives to P2 in P1's sight of neither: it may be the pooled one, now with P2.
    biter = st.cards.kind("Biter")
    hands.lose(st, 2, biter)
    hands.gain(st, 1, biter)
    hands.changed_hands(st, 2, 1, biter)
    assert st.pooled_seats[0] == 0b110 and st.pooled[0] == kinds(st, "Biter")
    assert len(st.known[0 * 3 + 1]) == len(st.hands[1]) - 1  # what P1 saw there is still there


@pytest.mark.parametrize(
    ("players", "mode"),
    [(3, "marathon"), (4, "marathon"), (3, "outsider"), (4, "alliances"), (6, "overlord")],
)
def test_the_pooled_cards_are_always_among_their_hands_and_every_sample_keeps_them(
    players: int, mode: str
) -> None:
    """Random games: at every position every seat's pooled cards are in the pooled hands, beyond
    what it knows of each, and a determinization for it keeps them there and its key."""
    seen = 0
    for seed in range(12):
        st = GAME.new(players, seed, mode=mode)
        rng = random.Random(seed)
        while not st.is_terminal and len(st.history) < 1500:
            n = st.players
            for viewer in range(n):
                unplaced: Counter[int] = Counter()
                for h in range(n):
                    if st.pooled_seats[viewer] >> h & 1:
                        unplaced += Counter(st.hands[h]) - Counter(st.known[viewer * n + h])
                assert Counter(st.pooled[viewer]) <= unplaced
                assert bool(st.pooled[viewer]) == bool(st.pooled_seats[viewer])
                seen += bool(st.pooled[viewer])
            p = st.current_player
            assert p is not None
            if st.pooled[p] and rng.random() < 0.2:
                s = st.determinize(p, rng)
                among = Counter()
                for h in range(n):
                    if st.pooled_seats[p] >> h & 1:
                        among += Counter(s.hands[h])
                assert among >= Counter(st.pooled[p])
                assert s.information_key(p) == st.information_key(p)
            st.apply(rng.choice(st.legal_actions()))
    assert seen, "the games should rebuild the deck with several hidden hands"


def test_the_view_and_the_terminal_tell_the_seat_what_is_among_the_hidden_hands() -> None:
    st = rebuilt_with_two_other_hands()
    view = st.view(0)
    assert view["known_among"] == {
        "seats": [1, 2],
        "cards": [st.cards.name(k) for k in st.pooled[0]],
    }
    assert st.view(None)["known_among"] is None  # a spectator knows no hand
    text = GAME.render_view(view)
    assert "You know these are among the hands of P2, P3:" in text
    assert "Sabes que estas cartas están en alguna de las manos de P2, P3" in GAME.render_view(
        view, lang="es"
    )
