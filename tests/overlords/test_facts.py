"""The heuristic's facts (`OverlordsState.seat_facts`): what the seat knows, and nothing hidden.

The twin tests play the heuristic on pairs of states that differ only in what the seat cannot see
(other hands, the draw pile, the box, the other seats' pending picks: `determinize` draws them):
it must choose the same.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from deadtable.core import SeatInfo
from deadtable.core.agent import StaleSeatInfo
from deadtable.games.overlords import GAME, OverlordsState
from deadtable.games.overlords.actions import Activate, SwapHands
from deadtable.games.overlords.facts import OverlordsFacts
from deadtable.games.overlords.game import CHOSEN_EXAMPLE
from deadtable.games.overlords.heuristic import HeuristicAgent, Valuer
from deadtable.games.overlords.rules import ABILITY

from .helpers import play, position

VARIANTS = ((2, {}), (3, {"hired_hands": CHOSEN_EXAMPLE}), (4, {"teams": True}))


def _positions(seed: int, players: int, **options: object) -> Iterator[OverlordsState]:
    """Every position of a seeded game between random players, from the start to the end."""
    st = GAME.new(players, seed, **options)
    assert isinstance(st, OverlordsState)
    rng = random.Random(seed)
    while not st.is_terminal:
        yield st
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])


def _located(st: OverlordsState, seat: int) -> Counter[int]:
    """The cards `seat` can place: its hand, the armies, the Hired Hands aside, the card at work
    and the Black Knights on their way back into a hand (all public), and what it knows of the
    hidden zones."""
    out = Counter(st.hands[seat])
    for zone in (*st.armies, *st.aside, *st.known[seat]):
        out.update(zone)
    out.update(b for b in st.bk if b >= 0)
    if st.phase == ABILITY:
        out[st.sub[2]] += 1
    return out


def test_facts_are_what_the_view_shows_and_the_rest_unseen() -> None:
    checked = 0
    for players, options in VARIANTS:
        for st in _positions(players, players, **options):
            seat = st.current_player
            assert seat is not None
            f, v = st.seat_facts(seat), st.view(seat, narration=False)
            assert isinstance(f, OverlordsFacts) and (f.seat, f.players) == (seat, v["players"])
            assert (f.round + 1, f.rounds) == (v["round"], v["rounds"])
            names = st.cards.names
            assert [names[k] for k in f.hand] == v["hands"][seat]["cards"]
            assert [names[k] for k in f.pending] == v["pending"]
            assert f.hand_sizes == [h["size"] for h in v["hands"]]
            assert f.draw_size == v["draw_pile"]
            assert [[names[k] for k in a] for a in f.aside] == v["aside"]
            assert [len(a) for a in f.armies] == [a["size"] for a in v["armies"]]
            assert [names[a[-1]] if a else None for a in f.armies] == [a["top"] for a in v["armies"]]
            known = [[names[k] for k in z] for z in f.known]
            assert known[: st.nh] == [h.get("known", []) for h in v["hands"]]
            assert known[st.nh :] == [v["known_draw_pile"], v["hired_hands_out"]]
            left = Counter(dict(enumerate(st.cards.counts))) - _located(st, seat)  # less those placed
            assert f.unseen == [left[k] for k in range(st.cards.kinds)]
            assert f.box_unseen == len(st.box) - len(st.known[seat][st.box_zone])
            checked += 1
    assert checked > 300


def test_the_fields_worked_out_when_read_are_good_for_one_decision() -> None:
    st = GAME.new(2, 4)
    assert isinstance(st, OverlordsState) and st.current_player is not None
    f = st.seat_facts(st.current_player)
    st.apply(st.legal_actions()[0])
    for read in (lambda: f.aside, lambda: f.known, lambda: f.unseen, lambda: f.box_unseen):
        with pytest.raises(StaleSeatInfo):
            read()


def _choice(st: OverlordsState, seed: int) -> str:
    return str(HeuristicAgent().act(SeatInfo.lazy(st), random.Random(seed)))


def test_twins_give_the_same_facts_and_the_same_decision() -> None:
    """States the seat cannot tell apart: the same facts, the same choice, Lich Kings included."""
    differed = lich_kings = swaps = 0
    for players, options in VARIANTS:
        for seed in range(3):
            for i, st in enumerate(_positions(100 + seed, players, **options)):
                acts = st.legal_actions()
                lich = any(isinstance(a, Activate) and a.card == "lich king" for a in acts)
                swap = isinstance(acts[0], SwapHands)
                if len(acts) < 2 or not (lich or swap or i % 4 == 0):
                    continue
                seat = st.current_player
                assert seat is not None
                twin = st.determinize(seat, random.Random(i))
                assert twin.seat_facts(seat) == st.seat_facts(seat)
                assert _choice(twin, i) == _choice(st, i)
                differed += twin.hands != st.hands or twin.draw != st.draw
                lich_kings += lich
                swaps += swap
    assert differed > 100, "too few twins with other hidden cards: the test tests nothing"
    assert lich_kings and swaps, "no Lich King decision met: choose other seeds"


def test_a_hand_seen_whole_is_scored_by_its_best_card() -> None:
    st = position(
        3,
        hands=[["zombie", "hydra"], ["orthrus", "chimera"], ["minotaur", "cyclops"]],
        aside=[["lich king"], [], []],
    )
    play(st, "activate lich king")  # the opponents' hands are face up (VII)
    f = st.seat_facts(0)
    val = Valuer(f)
    for q in (1, 2):
        assert f.known[q] == st.hands[q]
        assert val.hand_best(0, q) == val.best(0, st.hands[q])


def test_an_unseen_hand_is_scored_by_its_expected_best_card() -> None:
    """The expectation matches the mean over determinized samples (the box known: chosen Hired
    Hands, so the cards a hand may hold are exactly the pool the sampler shuffles)."""
    st = GAME.new(3, 5, hired_hands=CHOSEN_EXAMPLE)  # the first pick: no other hand seen yet
    assert isinstance(st, OverlordsState)
    for z in (1, 2):
        assert not st.known[0][z] and len(st.hands[z]) == 8
    val = Valuer(st.seat_facts(0))
    rng = random.Random(5)
    n = 3000
    for q in (1, 2):
        mean = sum(val.best(0, st.determinize(0, rng).hands[q]) for _ in range(n)) / n
        assert abs(val.hand_best(0, q) - mean) < 0.05 * max(1.0, abs(mean))
    known = st.known[0][1] = st.hands[1][:1]  # seat 0 knows one card of seat 1's hand
    assert Valuer(st.seat_facts(0)).hand_best(0, 1) >= Valuer(st.seat_facts(0)).best(0, known)


def test_a_decision_builds_no_view_and_draws_no_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the heuristic read a view or drew a sample")

    st = GAME.new(3, 12, hired_hands=CHOSEN_EXAMPLE)
    assert isinstance(st, OverlordsState)
    monkeypatch.setattr(OverlordsState, "view", refuse)
    monkeypatch.setattr(OverlordsState, "determinize", refuse)
    agent, rng, decided = HeuristicAgent(), random.Random(12), 0
    while not st.is_terminal:
        decided += len(st.legal_actions()) > 1
        st.apply(agent.act(SeatInfo.lazy(st), rng))
    assert decided > 30
