"""Marathon's evaluation (standing.py): projected scores against the best other seat."""

from __future__ import annotations

import random

from deadtable.games.zombie_shedding import GAME
from deadtable.games.zombie_shedding.heuristic import evaluate_all
from deadtable.games.zombie_shedding.standing import out_first, projected, standing_all

from .position import position


def test_fewer_cards_go_out_first_more_often_and_the_chances_sum_to_one() -> None:
    chances = out_first([1, 3, 3, 6])
    assert abs(sum(chances) - 1.0) < 1e-12
    assert chances[0] > chances[1] == chances[2] > chances[3]
    assert out_first([4, 4, 4]) == [1 / 3] * 3


def test_a_fresh_deal_projects_the_scores_alone() -> None:
    hands = [[15, 14], [1], [9, 9, 9]]
    assert projected([10, 20, 5], hands, [True] * 3, discard_empty=True) == [10.0, 20.0, 5.0]
    mid = projected([10, 20, 5], hands, [True] * 3, discard_empty=False)
    assert all(m > s for m, s in zip(mid, [10, 20, 5], strict=True))  # every hand holds points


def test_the_seat_with_the_best_projection_leads_and_the_others_trail_it() -> None:
    # Seat 1 is about to go out with one small card; seats 0 and 2 hold big ones.
    st = position(
        3,
        mode="marathon",
        hands=[["colossus", "tyrant", "shambler"], ["recruit"], ["warden", "enforcer"]],
        match="crawler",
        deck=["lab-rat", "intern", "rookie"],
    )
    st.scores = [10, 10, 10]
    values = standing_all(st)
    assert values[1] > 0 > values[2] > values[0]  # seat 0 holds the most points, then seat 2
    assert values == [GAME.evaluate(st, s) for s in range(3)] == GAME.evaluate_all(st)
    st.scores = [0, 40, 10]  # far enough behind on the scores, the small hand no longer leads
    assert standing_all(st)[1] < 0


def test_only_marathon_reads_the_standing() -> None:
    st = position(2, mode="duel", hands=[["colossus"], ["recruit", "rookie"]], match="crawler")
    assert GAME.evaluate_all(st) == evaluate_all(st)


def test_the_standing_is_bounded_and_ends_at_the_result() -> None:
    st = GAME.new(3, 7, mode="marathon")
    rng = random.Random(7)
    while not st.is_terminal:
        assert all(-1.0 <= v <= 1.0 for v in GAME.evaluate_all(st))
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    winners = st.outcome().winners
    assert GAME.evaluate_all(st) == [1.0 if p in winners else -1.0 for p in range(3)]
