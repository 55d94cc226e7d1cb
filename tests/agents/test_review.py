"""The review engine (deadtable.agents.review): what each decision of a seat cost, from what it knew."""

from __future__ import annotations

import random

import pytest

import deadtable
from deadtable.agents import review as rv
from deadtable.agents.registry import make_agent
from deadtable.core import Record, RecordError, seat_info
from tests.surfaces.twins import SEAT, hidden_moves, redealt

ITERATIONS = 16  # tiny: the tests check the bookkeeping, not the strength


def played_record(game_id: str, seed: int, moves: int | None = None, players: int = 2) -> Record:
    """A seeded game between the game's heuristic (greedy for a game without), to the end or `moves`."""
    the_game = deadtable.game(game_id)
    bot = make_agent("heuristic" if "heuristic" in the_game.agents() else "greedy", the_game)
    state = the_game.new(players, seed)
    rng = random.Random(seed)
    while not state.is_terminal and (moves is None or len(state.history) < moves):
        state.apply(bot.act(seat_info(state), rng))
    return state.record()


def reviewed(start, actions, seed=0):  # type: ignore[no-untyped-def]
    tasks = rv.plan(start, actions, SEAT, iterations=ITERATIONS, seed=seed)
    return [d.to_json() for d in rv.run(tasks)]


def test_twins_that_differ_only_in_hidden_cards_get_the_same_review() -> None:
    # Re-dealt: every card seat 0 cannot see is dealt anew; the moves are the same while its views agree.
    the_game = deadtable.game("zombie-overlord")
    variant = next(v for v in the_game.variants() if v.players == 2)
    twin = redealt(the_game, variant, seed=2, moves=12)
    first = reviewed(twin.starting_state(False), twin.first[: twin.moves])
    second = reviewed(twin.starting_state(True), twin.second)
    assert len(first) >= 2, "the twins share too few decisions of the seat to compare"
    assert first == second


def test_a_hidden_move_of_another_seat_does_not_change_the_review() -> None:
    the_game = deadtable.game("overlords")
    variant = next(v for v in the_game.variants() if v.players == 2)
    twins = hidden_moves(the_game, variant, seed=3, moves=40, most=1)
    if not twins:
        pytest.skip("this seed's game has no hidden alternative for another seat")
    twin = twins[0]
    start = the_game.new(variant.players, twin.seed, **variant.options)
    first = reviewed(start, twin.first[: twin.moves])
    second = reviewed(start.clone(), twin.second)
    assert first and first == second
    assert twin.first[: twin.moves] != twin.second  # the records really differ


def test_every_decision_of_the_seat_with_a_choice_is_reviewed_and_the_played_move_estimated() -> None:
    record = played_record("zombie-shedding", 2, moves=16)
    start = rv.start_of(record)
    decisions = rv.run(rv.plan(start, record.actions, 0, iterations=ITERATIONS))
    state = start.clone()
    expected = []
    for number, text in enumerate(record.actions, start=1):
        if state.current_player == 0 and len(state.legal_actions()) > 1:
            expected.append(number)
        state.apply(state.game.parse_action(state, text))
    assert [d.move for d in decisions] == expected
    for d in decisions:
        assert d.played == record.actions[d.move - 1]
        assert 0.0 <= d.played_chance <= 1.0 and 0.0 <= d.best_chance <= 1.0
        assert d.samples >= rv.MIN_SAMPLES  # the played move was evaluated, whatever the budget
        assert d.loss == pytest.approx(max(0.0, d.best_chance - d.played_chance))
        assert d.flag == rv.flag(d.loss)
        assert d.narration, "the seat is told of its own move"
        assert {e.action for e in d.ranking} == {str(a) for a in _legal(start, record.actions[: d.move - 1])}


def _legal(start, actions):  # type: ignore[no-untyped-def]
    state = start.clone()
    for text in actions:
        state.apply(state.game.parse_action(state, text))
    return state.legal_actions()


@pytest.mark.parametrize(
    ("loss", "expected"),
    [
        (0.0, None),
        (0.0499, None),
        (0.05, "inaccuracy"),
        (0.0999, "inaccuracy"),
        (0.1, "mistake"),
        (0.1999, "mistake"),
        (0.2, "blunder"),
        (0.9, "blunder"),
    ],
)
def test_flags_follow_the_thresholds(loss: float, expected: str | None) -> None:
    assert rv.flag(loss) == expected


def test_the_same_seed_gives_the_same_review_and_another_seed_its_own_samples() -> None:
    record = played_record("zombie-shedding", 1, moves=20)
    once = rv.review(record, 1, iterations=ITERATIONS, seed=7).to_json()
    again = rv.review(record, 1, iterations=ITERATIONS, seed=7).to_json()
    other = rv.review(record, 1, iterations=ITERATIONS, seed=8).to_json()
    assert once == again
    assert once["decisions"] and once != other


def test_a_pool_gives_the_review_of_one_process() -> None:
    record = played_record("zombie-shedding", 4, moves=12)
    alone = rv.review(record, 0, iterations=ITERATIONS, seed=1, workers=1).to_json()
    pooled = rv.review(record, 0, iterations=ITERATIONS, seed=1, workers=2).to_json()
    assert alone == pooled


def test_a_finished_game_reports_the_seat_result() -> None:
    record = played_record("carson-zoo", 6)
    result = rv.result_of(rv.start_of(record), record, 0)
    final = deadtable.replay(record).outcome()
    assert result == (1.0 / len(final.winners) if 0 in final.winners else 0.0)
    assert (
        rv.result_of(rv.start_of(record), Record(record.game, 2, record.seed, {}, record.actions[:3]), 0)
        is None
    )


def test_bad_seat_and_broken_record_are_clear_errors() -> None:
    record = played_record("carson-zoo", 4, moves=4)
    with pytest.raises(deadtable.core.DeadtableError):
        rv.plan(rv.start_of(record), record.actions, 2)
    broken = Record(record.game, 2, record.seed, {}, [*record.actions, "fly away"])
    with pytest.raises(RecordError):
        rv.plan(rv.start_of(broken), broken.actions, 0)


def test_the_cheap_budget_reports_only_fresh_measures_never_the_screens_best_mean() -> None:
    # CHEAP: the screen finds the best; then a played move that screens as good as the best is
    # measured again alone (loss 0, its chance from the confirm's samples, not its screen mean: the
    # winner's curse), any other with the best on the confirm's samples. THOROUGH measures both.
    record = played_record("carson-zoo", 3)
    start = rv.start_of(record)
    budget = 40
    cheap = rv.run(rv.plan(start, record.actions, 0, iterations=budget, seed=2))
    thorough = rv.run(rv.plan(start, record.actions, 0, iterations=budget, seed=2, budget=rv.THOROUGH))
    assert len(cheap) >= 5 and [d.move for d in cheap] == [d.move for d in thorough]
    confirm = rv.samples_for(rv.CHEAP.confirm_playouts(budget), 2)
    alone = remeasured = moved = 0
    for d in cheap:
        mine = next(e for e in d.ranking if e.action == d.played)
        top = d.ranking[0]
        assert d.samples == confirm  # every reported chance is a fresh measure
        if mine.chance >= top.chance:
            assert (d.loss, d.best, d.best_chance) == (0.0, d.played, d.played_chance)
            alone += 1
        else:
            assert d.best in (top.action, d.played)
            remeasured += 1
        moved += d.played_chance != mine.chance
    assert alone > 0 and remeasured > 0, "the game should have both kinds of decision"
    assert moved > 0, "a fresh measure should differ from the screen's somewhere"
    assert all(d.samples == rv.samples_for(budget, 2) for d in thorough)
