"""The heuristic player: it beats random clearly in Duel, sees only its seat, and evaluate is sane."""

from __future__ import annotations

import random

from deadtable.agents import GreedyAgent, RandomAgent
from deadtable.core import Agent, seat_info
from deadtable.games.zombie_shedding import GAME, ShedState
from deadtable.games.zombie_shedding.heuristic import HeuristicAgent

from .position import position

GAMES = 200


def _duel(seed: int, agents: list[Agent]) -> ShedState:
    st = GAME.new(2, seed, mode="duel")
    assert isinstance(st, ShedState)
    rngs = [random.Random(f"{seed}/{s}") for s in range(2)]
    while not st.is_terminal:
        p = st.current_player
        assert p is not None
        st.apply(agents[p].act(seat_info(st), rngs[p]))
    return st


def test_heuristic_beats_random_in_duel() -> None:
    wins = 0.0
    for seed in range(GAMES):
        me = seed % 2
        agents: list[Agent] = [RandomAgent(), RandomAgent()]
        agents[me] = HeuristicAgent()
        out = _duel(10_000 + seed, agents).outcome()
        if me in out.winners:
            wins += 1 / len(out.winners)
    # Measured 0.875 over 2000 games (benchmarks/shedding_heuristic.py); random would be 0.5.
    assert wins / GAMES > 0.75


def test_registered_agent_and_greedy_play_every_mode() -> None:
    assert GAME.agents()["heuristic"]().name == "heuristic"
    for v in GAME.variants():
        st = GAME.new(v.players, 3, **v.options)
        agents: list[Agent] = [
            HeuristicAgent() if s % 2 else GreedyAgent(samples=1) for s in range(v.players)
        ]
        rng = random.Random(3)
        steps = 0
        while not st.is_terminal and steps < 400:
            p = st.current_player
            assert p is not None
            st.apply(agents[p].act(seat_info(st), rng))
            steps += 1


def test_evaluate_is_bounded_and_ends_at_the_result() -> None:
    st = GAME.new(4, 5, mode="overlord")
    rng = random.Random(5)
    while not st.is_terminal:
        for p in range(4):
            assert -1.0 <= GAME.evaluate(st, p) <= 1.0
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    winners = st.outcome().winners
    assert all(GAME.evaluate(st, p) == (1.0 if p in winners else -1.0) for p in range(4))


def _positions(seed: int, every: int = 3) -> list[ShedState]:
    """Copies of the positions along a seeded random Duel."""
    st = GAME.new(2, seed, mode="duel")
    assert isinstance(st, ShedState)
    rng, out = random.Random(seed), []
    while not st.is_terminal:
        if len(st.history) % every == 0:
            copy = st.clone()
            assert isinstance(copy, ShedState)
            out.append(copy)
        acts = st.legal_actions()
        st.apply_trusted(acts[rng.randrange(len(acts))])
    return out


def test_twins_that_differ_only_in_hidden_cards_get_the_same_decision() -> None:
    """The heuristic reads its facts (`seat_facts`: no view, no sample): two
    states that differ only in where the unseen cards lie (the deck, the other hand) must get the
    same decision from the same generator."""
    rng, differed, decided = random.Random(5), 0, 0
    for seed in (1, 2):
        for st in _positions(seed):
            seat = st.current_player
            if seat is None or len(st.legal_actions()) < 2:
                continue
            twin = st.determinize(seat, rng)
            assert isinstance(twin, ShedState)
            twin.history = list(st.history)  # the same move number: the lazy info stays readable
            differed += twin.hands != st.hands or twin.deck != st.deck
            assert twin.seat_facts(seat) == st.seat_facts(seat)
            mine, theirs = (HeuristicAgent().act(seat_info(s), random.Random(seed)) for s in (st, twin))
            assert mine == theirs, f"seed {seed}, move {len(st.history)}"
            decided += 1
    assert differed > 10 and decided > 20


def test_the_unseen_cards_are_the_deck_and_the_other_hands() -> None:
    st = _positions(3)[4]
    facts = st.seat_facts(0)
    assert list(facts.kinds) == sorted([*st.deck, *st.hands[1]])
    assert (facts.match_kind, facts.match_corp) == (st.match_kind, st.match_corp)


def test_heuristic_never_keeps_only_a_card_that_cannot_be_the_last_one() -> None:
    """With Hide (`not_last`) and Walker left, it sheds the Hide: Walker alone can still go out."""
    picks = set()
    for seed in range(20):
        st = position(hands=[["Hide", "Walker"], ["Blob", "Grunt", "Biter"]], match="Brute", seed=seed)
        picks.add(str(HeuristicAgent().act(seat_info(st), random.Random(seed))))
    assert picks == {"play hide"}
    # Without the danger of being stranded, it keeps its protection for an answer.
    st = position(hands=[["Hide", "Walker", "Runner"], ["Blob", "Grunt", "Biter"]], match="Brute")
    assert str(HeuristicAgent().act(seat_info(st), random.Random(0))) != "play hide"
