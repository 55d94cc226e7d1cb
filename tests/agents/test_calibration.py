"""Calibration maps (deadtable.agents.calibration): monotone maps of [0, 1] into [0, 1], fitted on
training games only, applied by the review to every chance it shows."""

from __future__ import annotations

import dataclasses
import itertools
import random
from pathlib import Path

import pytest

import deadtable
from benchmarks.calibration import LR_5_PERCENT, OPTIONS, SEED_STRIDE, game_seeds, held_out
from deadtable.agents import calibration as cal
from deadtable.agents import review as rv
from deadtable.core import registry
from tests.agents.test_review import played_record

GRID = [i / 200 for i in range(201)]


def skewed_points(n: int, seed: int) -> list[tuple[float, float]]:
    """Seeded points whose true chance is sqrt(raw): the raw estimate is too low in the middle."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        raw = rng.random()
        out.append((raw, 1.0 if rng.random() < raw**0.5 else 0.0))
    return out


@pytest.mark.parametrize("method", sorted(cal.FITS))
def test_a_fitted_map_is_monotone_and_maps_the_unit_range_into_itself(method: str) -> None:
    for seed in range(5):
        the_map = cal.FITS[method](skewed_points(300, seed))
        values = [the_map(p) for p in GRID]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert all(a <= b for a, b in itertools.pairwise(values))
        assert the_map(-0.5) == values[0] and the_map(1.5) == values[-1]  # flat outside the knots


@pytest.mark.parametrize("method", sorted(cal.FITS))
def test_a_map_fitted_on_training_points_is_closer_on_fresh_points_than_the_raw_chance(method: str) -> None:
    the_map = cal.FITS[method](skewed_points(2000, seed=1))
    fresh = skewed_points(2000, seed=2)

    def squared_error(f):  # type: ignore[no-untyped-def]
        return sum((f(x) - y) ** 2 for x, y in fresh) / len(fresh)

    assert squared_error(the_map) < squared_error(lambda x: x)
    assert the_map(0.25) == pytest.approx(0.5, abs=0.08)  # the truth there is sqrt(0.25)


def test_platt_scaling_finds_a_known_shift_and_stays_inside_the_open_range() -> None:
    rng = random.Random(4)
    points = []
    for _ in range(4000):
        raw = rng.uniform(0.02, 0.98)
        truth = 1 / (1 + ((1 - raw) / raw) * 0.5)  # odds doubled: logit shifted by log 2
        points.append((raw, 1.0 if rng.random() < truth else 0.0))
    the_map = cal.fit_platt(points)
    assert the_map(0.5) == pytest.approx(2 / 3, abs=0.04)
    assert the_map(0.0) > 0.0 and the_map(1.0) < 1.0


def test_the_anchors_keep_a_small_end_block_off_certainty() -> None:
    the_map = cal.fit([(0.05, 0.0)] * 3 + [(0.5, 0.0), (0.5, 1.0)] + [(0.95, 1.0)] * 3)
    assert the_map(0.05) > 0.0 and the_map(0.95) < 1.0


@pytest.mark.parametrize(
    "xs, ys", [((0.5, 0.4), (0.1, 0.2)), ((0.1, 0.2), (0.3, 0.2)), ((0.1,), (1.2,)), ((), ())]
)
def test_knots_that_are_not_a_monotone_map_of_the_unit_range_are_refused(xs, ys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        cal.CalibrationMap(xs, ys)


def test_a_stored_map_applies_only_to_the_players_and_options_it_was_fitted_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cal, "path_of", lambda game_id: tmp_path / f"{game_id}.json")
    cal.load.cache_clear()
    cal.about.cache_clear()
    the_game = deadtable.game("zombie-shedding")
    duel = the_game.new(2, 5, mode="duel")
    try:
        assert cal.for_state(duel) is None  # no file: the raw chance
        made = cal.fit(skewed_points(200, seed=3))
        cal.save("zombie-shedding", made, {"players": 2, "variants": [duel.options], "trained_on": {}})
        stored = cal.for_state(duel)
        assert stored is not None and [stored(p) for p in GRID] == pytest.approx(
            [made(p) for p in GRID], abs=1e-3
        )
        assert cal.for_state(the_game.new(3, 5)) is None  # a Marathon of 3
    finally:
        cal.load.cache_clear()
        cal.about.cache_clear()


def test_the_review_shows_every_chance_through_the_map(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = cal.CalibrationMap((0.0, 1.0), (0.1, 0.3))  # p -> 0.1 + 0.2 p: easy to recognise
    monkeypatch.setattr(cal, "for_state", lambda state: fake)
    record = played_record("zombie-shedding", 2, moves=16)
    task = rv.plan(rv.start_of(record), record.actions, 0, iterations=16)[0]
    shown = rv.review_decision(task)
    raw = rv.review_decision(dataclasses.replace(task, calibrate=False))
    assert raw.played_chance != pytest.approx(fake(raw.played_chance))  # the map changes something
    assert shown.played_chance == pytest.approx(fake(raw.played_chance))
    assert shown.best_chance == pytest.approx(fake(raw.best_chance))
    assert [e.action for e in shown.ranking] == [e.action for e in raw.ranking]
    assert [e.chance for e in shown.ranking] == pytest.approx([fake(e.chance) for e in raw.ranking])
    assert shown.loss == pytest.approx(max(0.0, shown.best_chance - shown.played_chance))


def test_training_and_held_out_games_never_share_a_seed() -> None:
    assert held_out(1, SEED_STRIDE - 1, 2, SEED_STRIDE - 1)
    assert not held_out(1, 10, 1, 1)
    assert set(game_seeds(1, 400)).isdisjoint(game_seeds(2, 400))


@pytest.mark.parametrize(
    "game_id", [g for g in ("carson-zoo", "overlords", "zombie-overlord", "zombie-shedding")]
)
def test_a_packaged_map_is_monotone_in_range_and_says_what_trained_it(game_id: str) -> None:
    info = cal.about(game_id)
    if info is None:  # none shipped for this game: nothing is loaded, and its review shows the raw chance
        assert cal.load(game_id) is None and not cal.path_of(game_id).exists()
        assert cal.for_state(registry.game(game_id).new(2, 0)) is None
        return
    the_map = cal.load(game_id)
    assert the_map is not None
    values = [the_map(p) for p in GRID]
    assert all(0.0 <= v <= 1.0 for v in values) and values == sorted(values)
    trained = info["trained_on"]
    assert trained["games"] > 0 and "benchmarks.calibration" in info["command"] and "--fit" in info["command"]
    assert held_out(trained["seed"], trained["games"], trained["seed"] + 1, SEED_STRIDE - 1)
    # It is the one a review of the benchmark's game (2 players, its options, today's card list) uses,
    # and never a review of another number of players.
    the_game = registry.game(game_id)
    assert cal.for_state(the_game.new(2, 12345, **OPTIONS.get(game_id, {}))) == the_map
    assert cal.for_state(the_game.new(3, 12345)) is None


def test_the_likelihood_ratio_tells_an_off_estimate_from_a_calibrated_one() -> None:
    rng = random.Random(6)
    honest = [(x, 1.0 if rng.random() < x else 0.0) for x in (rng.random() for _ in range(600))]
    skewed = skewed_points(600, seed=6)

    def ratio(points):  # type: ignore[no-untyped-def]
        made = cal.fit_platt(points)
        return 2 * (cal.log_likelihood(made, points) - cal.log_likelihood(lambda p: p, points))

    assert ratio(honest) < LR_5_PERCENT < ratio(skewed)


def test_a_review_says_whether_its_chances_went_through_a_map() -> None:
    # Overlords and Carson City Zoo ship a map for 2 players (Overlords' for its built-in cards);
    # a 3-player game of Carson City Zoo was not fitted, and Zombie Overlord ships none.
    assert cal.about("overlords") is not None and cal.about("carson-zoo") is not None
    assert cal.about("zombie-overlord") is None
    cases = (("overlords", 2, True), ("carson-zoo", 2, True), ("carson-zoo", 3, False))
    for game_id, players, mapped in cases:
        record = played_record(game_id, 3, moves=8, players=players)
        review = rv.review(record, 0, iterations=16)
        assert review.decisions, "the seat should have a decision to review"
        assert review.calibrated is mapped and review.to_json()["calibrated"] is mapped
