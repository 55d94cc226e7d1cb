"""Supply Run for learning agents: a PettingZoo environment and an OpenSpiel game, each played to the
end, with the game's fixed action space (its package's action_space.py), observed through its own
encoder (encoder.py) and typed by its own `game_type`. Skipped without the rl or openspiel extra.
"""

from __future__ import annotations

import numpy as np
import pytest

from deadtable.core import Game


def test_a_pettingzoo_environment_plays_it_to_the_end(installed: Game) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo, gymnasium, numpy) is not installed")
    from pettingzoo.test import api_test

    from deadtable.rl.pettingzoo import env, raw_env

    api_test(env(installed.id, 3), num_cycles=40, verbose_progress=False)
    from deadtable.rl.encoders import observer

    assert type(observer(installed, 2, {})).__module__ == "supply_run.encoder"
    e = raw_env(installed.id, 2)
    e.reset(seed=5)
    assert e.action_space(e.possible_agents[0]).n == 12  # action_space.py: a bid of each run card
    rng = np.random.default_rng(5)
    steps = 0
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size == 6 - steps // 2  # a run card of the hand, one fewer each round (SR-4)
        e.step(int(rng.choice(legal)))
        steps += 1
    assert steps == 12 and e.game_state is not None and e.game_state.is_terminal
    winners = e.game_state.outcome().winners
    assert sorted(totals.values()) == ([0.0, 0.0] if len(winners) == 2 else [-1.0, 1.0])


def test_an_openspiel_game_plays_it_to_the_end(installed: Game) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (open_spiel) is not installed")
    from deadtable.rl.openspiel import register

    name = register(installed.id)
    game = pyspiel.load_game(name, {"players": 2})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    state.apply_action(3)  # the deal
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert sum(state.returns()) == 0.0
    # The game's own type (game.py): zero-sum with two players, with chance and hidden cards.
    kind = game.get_type()
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
