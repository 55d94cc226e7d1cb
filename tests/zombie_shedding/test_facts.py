"""The heuristic's facts (`ShedState.seat_facts`): what the seat's view says, as kinds and seats;
the heuristic reads them, never a view or a sample."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from deadtable.core import SeatInfo
from deadtable.games.zombie_shedding import GAME, ShedState
from deadtable.games.zombie_shedding.facts import NOBODY, UNSHOWN, ShedFacts
from deadtable.games.zombie_shedding.heuristic import HeuristicAgent

from .position import boomerang_answers_skips

MODES = ((2, {"mode": "duel"}), (4, {"mode": "alliances", "teams": "2v2"}), (4, {"mode": "overlord"}))


def test_facts_are_the_views_facts(tmp_path: Path) -> None:
    """Each field says what the view says (a field read differently would make the bot see
    another game), for every seat, along random games of three modes, and of a Duel with a card
    file whose Schemer names a corporation (no built-in card does)."""
    pending: Counter[str] = Counter()
    for players, options in (*MODES, (2, {"mode": "duel", "cards": boomerang_answers_skips(tmp_path)})):
        st = GAME.new(players, 11, **options)
        assert isinstance(st, ShedState)
        rng = random.Random(11)
        while not st.is_terminal:
            for seat in range(players):
                f, v = st.seat_facts(seat), st.view(seat, narration=False)
                assert isinstance(f, ShedFacts) and (f.seat, f.players) == (seat, v["players"])
                assert [c["slug"] for c in v["hand"]] == [st.cards.slugs[k] for k in f.hand]
                assert (f.hand_sizes, f.out) == (v["hand_sizes"], v["out"])
                assert (list(f.teams) if f.teams else None) == v["teams"]
                assert ("clockwise" if f.direction == 1 else "counter-clockwise") == v["direction"]
                p, shown = f.pending, v["pending"]
                assert (p is None) == (shown is None)
                if p is not None:
                    assert (p.kind, p.seat) == (shown["kind"], shown["seat"])
                    card = shown.get("card")
                    assert (st.cards.slugs[p.card] if p.card != UNSHOWN else None) == (card and card["slug"])
                    assert p.effect == shown.get("effect", "") and p.actor == shown.get("actor", p.seat)
                    assert (None if p.victim == NOBODY else p.victim) == shown.get("victim")
                    assert p.draws == shown.get("count", 1)
                    pending[p.kind] += 1
            acts = st.legal_actions()
            st.apply(acts[rng.randrange(len(acts))])
    assert {"drawn", "respond", "name", "target"} <= set(pending), pending


def test_a_decision_builds_no_view_and_draws_no_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the heuristic read a view or drew a sample")

    st = GAME.new(4, 12, mode="overlord")
    assert isinstance(st, ShedState)
    monkeypatch.setattr(ShedState, "view", refuse)
    monkeypatch.setattr(ShedState, "determinize", refuse)
    agent, rng, decided = HeuristicAgent(), random.Random(12), 0
    while not st.is_terminal:
        decided += len(st.legal_actions()) > 1
        st.apply(agent.act(SeatInfo.lazy(st), rng))
    assert decided > 50
