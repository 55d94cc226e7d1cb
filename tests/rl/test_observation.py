"""Observations come from the seat's view only: no hidden card can change them."""

from __future__ import annotations

import random

import numpy as np
import pytest

from deadtable.core import Game, Variant, game
from deadtable.rl.observation import ObservationLayout, observation_layout
from deadtable.rl.probe import probe

from .conftest import variant_params

SEEDS = 2
SAMPLES = 1  # determinizations compared per seat and checked step
CHECKS = 10  # steps checked per game, spread over it (and the end)


@pytest.mark.parametrize(("g", "variant"), variant_params())
def test_observation_is_the_same_in_every_determinization(g: Game, variant: Variant) -> None:
    layout = observation_layout(g, variant.players, variant.options)
    for seed in range(SEEDS):
        state = g.new(variant.players, seed, **variant.options)
        rng = random.Random(seed)
        every = max(1, _length(g, variant, seed) // CHECKS)
        step = 0
        while True:
            if step % every == 0 or state.is_terminal:
                for seat in range(state.players):
                    real = layout.encode(state, seat)
                    assert real.shape == (layout.size,) and real.dtype == np.float32
                    assert np.isfinite(real).all() and (np.abs(real) <= 1.0).all()
                    for _ in range(SAMPLES):
                        sample = state.determinize(seat, random.Random(rng.getrandbits(32)))
                        assert np.array_equal(layout.encode(sample, seat), real), (
                            f"seat {seat}'s observation shows something it cannot know: "
                            f"{_diff(layout, real, layout.encode(sample, seat))}"
                        )
            if state.is_terminal:
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            step += 1


def _length(g: Game, variant: Variant, seed: int) -> int:
    state = g.new(variant.players, seed, **variant.options)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal:
        actions = state.legal_actions()
        state.apply_trusted(actions[rng.randrange(len(actions))])
        n += 1
    return n


def _diff(layout: ObservationLayout, a: np.ndarray, b: np.ndarray) -> list[str]:
    return [layout.names[i] for i in np.flatnonzero(a != b)][:5]


def test_layout_is_fixed_for_a_game_and_settings() -> None:
    g = game("carson-zoo")
    views = [s.view(p) for s in probe(g, 3, {}).states for p in range(3)]
    again = ObservationLayout(g.id, views)
    assert again.names == observation_layout(g, 3, {}).names


def test_view_fields_land_in_named_slots() -> None:
    layout = ObservationLayout("t", [{"n": 4, "s": "a", "hand": ["x", "y"], "opt": None, "log": ["hi"]}])
    vec = layout.encode_view({"n": 2, "s": "b", "hand": ["y", "y", "z"], "opt": None, "log": ["x"]})
    got = layout.explain(vec)
    assert got["view.n"] == 0.5  # scaled by the largest magnitude seen
    assert got["view.s != 'a'"] == 1.0  # a constant that changed
    # Counts in a bag are scaled by the longest list seen (2 here).
    assert got["view.hand[*] == 'y'"] == 1.0 and got["view.hand[*] other"] == 0.5
    assert got["view.opt is null"] == 1.0
    assert not any("log" in name for name in layout.names)  # narration is left out


def test_carson_zoo_observation_shows_the_tops_but_not_what_hides_under_them() -> None:
    g = game("carson-zoo")
    layout = observation_layout(g, 2, {})
    assert "view.board[12].top" in layout.names
    assert not any("mutant" in n and "board" in n and "piece" not in n for n in layout.names)


def test_deep_and_odd_views_fill_the_same_slots() -> None:
    """Nesting past the inlined depth, values of an unexpected type, missing keys, long lists."""

    def nest(depth: int, leaf: object) -> object:
        return leaf if depth == 0 else {"d": nest(depth - 1, leaf), "k": depth}

    layout = ObservationLayout("t", [{"deep": nest(20, [1, 2]), "x": 1, "f": True}, {"x": None, "f": 2}])
    path = "view.deep" + ".d" * 20
    got = layout.explain(layout.encode_view({"deep": nest(20, [2, 1, 7]), "x": "text", "f": True}))
    assert got == {
        **{"view.deep" + ".d" * i + ".k": 1.0 for i in range(20)},  # each level scaled by its own k
        f"len({path})": 1.0,  # longer than seen: the length is held at 1, the extra element is cut
        f"{path}[0]": 1.0,
        f"{path}[1]": 0.5,
        "view.f": 0.5,
    }  # a string where numbers and null were seen has no slot: nothing is written
    assert layout.explain(layout.encode_view({})) == {"view.deep is null": 1.0, "view.x is null": 1.0}
    # Every sample's "deep" had both keys (read in one go); one missing now reads the other still.
    got = layout.explain(layout.encode_view({"deep": {"k": 20}}))
    assert got == {"view.deep.k": 1.0, "view.x is null": 1.0}
