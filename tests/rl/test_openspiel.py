"""Every game as an OpenSpiel Python game: OpenSpiel's random simulation test and its ISMCTS."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from deadtable.core import Game, Variant

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (open_spiel) is not installed")

from deadtable.rl.openspiel import ismcts_resampler, register, short_name  # noqa: E402

from .conftest import first_variants, variant_params  # noqa: E402


def _load(g: Game, variant: Variant, **extra: Any) -> Any:
    register(g.id)
    params: dict[str, Any] = {"players": variant.players, **variant.options, **extra}
    return pyspiel.load_game(short_name(g.id), params)


# OpenSpiel's random simulation test checks every step from every seat (clones, strings, tensors),
# minutes over all variants: by default it runs the first variant of each game, all with
# DEADTABLE_RL_ALL_VARIANTS=1.
SIM_PARAMS = variant_params() if os.environ.get("DEADTABLE_RL_ALL_VARIANTS") else first_variants()


@pytest.mark.parametrize(("g", "variant"), SIM_PARAMS)
def test_openspiel_random_simulation(g: Game, variant: Variant) -> None:
    game = _load(g, variant)
    assert game.num_players() == variant.players
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(("g", "variant"), variant_params())
def test_information_state_is_the_seat_view(g: Game, variant: Variant) -> None:
    game = _load(g, variant, seed=3)
    state = game.new_initial_state()
    rng = random.Random(0)
    resample = ismcts_resampler(1)
    for _ in range(6):
        if state.is_terminal():
            break
        p = state.current_player()
        sample = resample(state, p)
        # The determinized state looks the same to the seat (ISMCTS asserts this too).
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.information_state_tensor(p) == state.information_state_tensor(p)
        assert sorted(sample.legal_actions()) == sorted(state.legal_actions())
        state.apply_action(rng.choice(state.legal_actions()))


def test_carson_zoo_actions_read_as_their_text() -> None:
    register("carson-zoo")
    game = pyspiel.load_game(short_name("carson-zoo"), {"players": 2})
    state = game.new_initial_state()
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert all(t.startswith("place ") for t in texts) and len(texts) == 4 * 25


def test_new_games_draw_new_seeds_and_clones_do_not() -> None:
    register("carson-zoo")
    game = pyspiel.load_game(short_name("carson-zoo"), {"players": 2, "seed": 9})
    a = game.new_initial_state()
    a.apply_action(a.legal_actions()[0])
    b = a.clone()
    assert str(b) == str(a)
    b.apply_action(b.legal_actions()[0])
    assert str(b) != str(a) and a.history() != b.history()
    c = game.new_initial_state()
    assert c.dstate.seed != a.dstate.seed


def test_openspiel_ismcts_plays_a_carson_zoo_game() -> None:
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import ismcts, mcts

    register("carson-zoo")
    game = pyspiel.load_game(short_name("carson-zoo"), {"players": 2, "seed": 1})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 20, random_state=np.random.RandomState(1))
    bot.set_resampler(ismcts_resampler(2))
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
