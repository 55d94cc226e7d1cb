"""The heuristic's facts (`ZOState.seat_facts`): the view's facts it reads, and nothing hidden."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from deadtable.core import seat_info
from deadtable.core.agent import StaleSeatInfo
from deadtable.games.zombie_overlord.facts import NOBODY, ZOFacts, slot_facts
from deadtable.games.zombie_overlord.game import GAME
from deadtable.games.zombie_overlord.heuristic import HeuristicAgent
from deadtable.games.zombie_overlord.state import ZOState


def _positions(seed: int, players: int) -> Iterator[ZOState]:
    """Every position of a game between heuristic bots, from the start to the end."""
    st = GAME.new(players, seed)
    assert isinstance(st, ZOState)
    agent, rng = HeuristicAgent(), random.Random(seed)
    while not st.is_terminal:
        yield st
        st.apply(agent.act(seat_info(st), rng))


def test_facts_are_the_views_facts() -> None:
    """Each field says what the seat's view says (the view is the one place the facts are shown
    to people; a field computed differently would make the bot see another game)."""
    checked = 0
    for seed, players in ((1, 2), (2, 3)):
        for st in _positions(seed, players):
            seat = st.current_player
            assert seat is not None
            f, v = st.seat_facts(seat), st.view(seat, narration=False)
            assert isinstance(f, ZOFacts) and f.seat == seat and f.players == v["players"]
            assert f.card_file == v["card_file"] and f.pending == (v["pending"] is not None)
            assert (f.phase, f.visited, f.attack_bonus) == (v["phase"], v["visited"], v["attack_bonus"])
            assert (f.life, f.alive, f.hand) == (v["life"], v["alive"], v["hand"])
            assert f.hand_counts == [h["count"] for h in v["hands"]]
            assert (f.discards, f.lure_points, f.purchase_row) == (
                v["discards"],
                v["lure_points"],
                v["purchase_row"],
            )
            slots = [
                [(s.trap, s.type, s.active, s.damage, [s.destroy, s.deactivate], s.barricade) for s in b]
                for b in f.bases
            ]
            shown = [
                [(s["trap"], s["type"], s["active"], s["damage"], s["defense"], s["barricade"]) for s in b]
                for b in v["bases"]
            ]
            assert slots == shown
            survivors = [
                (w.name, w.lure, w.attack, None if w.leader == NOBODY else w.leader) for w in f.wasteland
            ]
            assert survivors == [(w["name"], w["lure"], w["attack"], w["leader"]) for w in v["wasteland"]]
            checked += 1
    assert checked > 200


def test_twins_that_differ_only_in_hidden_cards_get_the_same_facts_and_decision() -> None:
    """Two states that differ only in what the seat cannot see (the other hands, every Draw
    Deck's order, the Trap, Survivor and Action decks' order: a determinization) give the same
    facts and, from the same generator, the same decision (RULINGS ALL-2)."""
    rng = random.Random(5)
    hands = decks = traps = decided = 0
    for seed, players in ((3, 2), (4, 3)):
        for st in _positions(seed, players):
            seat = st.current_player
            if seat is None or len(st.legal_actions()) < 2:
                continue
            twin = st.determinize(seat, rng)
            assert isinstance(twin, ZOState)
            twin.history = list(st.history)  # the same move number: the lazy info stays readable
            others = [q for q in range(players) if q != seat]
            hands += any(sorted(twin.hand[q]) != sorted(st.hand[q]) for q in others)
            decks += twin.deck != st.deck
            traps += twin.trap_deck != st.trap_deck
            assert twin.seat_facts(seat) == st.seat_facts(seat), f"seed {seed}, move {len(st.history)}"
            mine, theirs = (HeuristicAgent().act(seat_info(s), random.Random(seed)) for s in (st, twin))
            assert mine == theirs, f"seed {seed}, move {len(st.history)}"
            decided += 1
    # The twins really differed where the seat cannot see, many times over.
    assert hands > 20 and decks > 20 and traps > 20 and decided > 100


def test_facts_are_good_for_one_decision() -> None:
    """The costly fields are worked out when first read, so facts outlive their decision only for
    what was read then: a later first reading refuses (`StaleSeatInfo`, as a SeatInfo does), never
    shows another move."""
    st = GAME.new(2, 1)
    assert isinstance(st, ZOState)
    seat = st.current_player
    assert seat is not None
    read, unread = st.seat_facts(seat), st.seat_facts(seat)
    bases = read.bases
    assert bases == [[slot_facts(st, sl) for sl in st.base[q]] for q in range(2)]
    st.apply(st.legal_actions()[0])
    assert all(now is then for now, then in zip(read.bases, bases, strict=True))  # read then, kept
    with pytest.raises(StaleSeatInfo):
        unread.bases  # noqa: B018 (the reading is the test)
